// SPDX-License-Identifier: Apache-2.0
// IBM Spectrum LSF: `#BSUB` directives, `bsub < script`, mpirun for MPI (LSF-integrated Open MPI,
// Spectrum MPI and Intel MPI read the allocation) and blaunch for one process per host.
#include "Rows.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::codegen::batch {
namespace {

void directives(const BatchJob& j, std::string& out) {
    auto d = [&](const std::string& text) { out += "#BSUB " + text + "\n"; };
    // An array is part of the job's name, its throttle after the brackets: -J "name[1-10]%2".
    if (j.array.empty()) {
        d("-J " + j.name);
    } else {
        const size_t percent = j.array.find('%');
        d(fmt::format("-J \"{}[{}]{}\"", j.name, j.array.substr(0, percent),
                      percent == std::string::npos ? "" : j.array.substr(percent)));
    }
    // LSF counts slots: one per core of every task, spread `ptile` per host.
    const int cpus = std::max(1, j.cpusPerTask.value_or(1));
    const int tasks = j.tasks.value_or(j.nodes * std::max(1, j.tasksPerNode.value_or(1)));
    d(fmt::format("-n {}", tasks * cpus));
    if (j.nodes == 1 && !j.tasksPerNode)
        d("-R \"span[hosts=1]\"");
    else
        d(fmt::format("-R \"span[ptile={}]\"", j.tasksPerNode
                                                   ? std::max(1, *j.tasksPerNode) * cpus
                                                   : (tasks * cpus + j.nodes - 1) / j.nodes));
    if (j.gpusPerNode > 0)
        d(fmt::format("-gpu \"num={}\"", j.gpusPerNode));
    if (j.memoryBytes)
        d(fmt::format("-M {}MB", mebibytesUp(*j.memoryBytes)));
    if (j.walltimeSeconds) { // hours:minutes, rounded up to a minute
        const int64_t minutes = (*j.walltimeSeconds + 59) / 60;
        d(fmt::format("-W {}:{:02}", minutes / 60, minutes % 60));
    }
    if (j.stopSignalSeconds > 0) { // the warning action before the run limit, in minutes
        d("-wa USR1");
        d(fmt::format("-wt {}", (j.stopSignalSeconds + 59) / 60));
    }
    if (!j.queue.empty())
        d("-q " + j.queue);
    if (!j.account.empty())
        d("-P " + j.account);
    if (j.exclusive)
        d("-x");
    if (!j.dependency.empty())
        d(fmt::format("-w \"{}\"", j.dependency));
    d("-o " + logOf(kLsf, j));
    if (!j.combineOutput && !j.error.empty())
        d("-e " + j.error);
    auto notified = [&](std::initializer_list<std::string_view> events) {
        return std::any_of(j.notify.begin(), j.notify.end(), [&](const std::string& n) {
            return std::find(events.begin(), events.end(), n) != events.end();
        });
    };
    if (notified({"begin", "all"}))
        d("-B");
    if (notified({"end", "fail", "abort", "all", "time_limit"}))
        d("-N");
    if (!j.email.empty())
        d("-u " + j.email);
    if (j.exportAll || !j.exportVars.empty())
        d(fmt::format("-env \"{}\"", j.exportAll ? std::string("all") : joined(j.exportVars, ",")));
}

/// The job's hosts, once each, for blaunch.
constexpr std::string_view kHosts =
    "hosts=$(sort -u \"${LSB_DJOB_HOSTFILE:?LSF sets it}\" | tr '\\n' ' ')\n";

/// Rank 0 listens on the first host; the port comes from the job's id.
// The port line is a macro (Rows.h), which clang-format would break.
// clang-format off
constexpr std::string_view kRendezvous =
    "MASTER_ADDR=$(head -n 1 \"${LSB_DJOB_HOSTFILE:?LSF sets it}\")\n"
    MODAK_MASTER_PORT("${LSB_JOBID:-0}")
    "export MASTER_ADDR MASTER_PORT\n";
// clang-format on

Launch launch(const LaunchRequest& r) {
    using Kind = LaunchRequest::Kind;
    switch (r.kind) {
    case Kind::Ranks:
        // The script runs on the first host: mpirun starts the ranks on the job's hosts.
        return openMpiRanks(r, "\"$LSB_DJOB_HOSTFILE\"", kRendezvous);
    case Kind::Tasks:
    case Kind::Mpi:
        return mpirunLaunch(r, r.nodes * std::max(1, r.tasksPerNode), "\"$LSB_DJOB_HOSTFILE\"");
    case Kind::PerNode:
        // The script runs on the first host: it is the rendezvous point.
        return {std::string(kHosts) + (r.wholeAllocation
                                           ? "MASTER_ADDR=$(hostname)\nMASTER_PORT=29500\n"
                                             "export MASTER_ADDR MASTER_PORT\n\n"
                                           : ""),
                "blaunch -z \"$hosts\" "};
    case Kind::MpiPerNode:
        return {"", fmt::format("mpirun -np {} --map-by ppr:1:node ", r.nodes)};
    }
    return {};
}

std::string submitArray(std::string_view script, size_t, int, bool chain) {
    // bsub answers "Job <123> is submitted to queue <normal>."; the dependency waits for every
    // task.
    std::string out =
        fmt::format("id=$(bsub {}<{} | sed -n 's/^Job <\\([0-9]*\\)>.*/\\1/p')\necho \"$id\"\n",
                    chain ? "${previous:+-w \"ended($previous)\"} " : "", script);
    if (chain)
        out += "previous=$id\n";
    return out;
}

std::string submitAfter(std::string_view script, bool afterSuccess) {
    return fmt::format("id=$(bsub ${{previous:+-w \"{}($previous)\"}} <{} | "
                       "sed -n 's/^Job <\\([0-9]*\\)>.*/\\1/p')\necho \"$id\"\nprevious=$id\n",
                       afterSuccess ? "done" : "ended", script);
}

} // namespace

const BatchScheduler kLsf = {
    .name = "lsf",
    .scriptTitle = "LSF batch script",
    .submit = "bsub <",
    .enterSubmitDir = "", // jobs start in the submission directory
    .submitDirectory = "LS_SUBCWD",
    .logPattern = "{}-%J.out", // without -o, LSF mails the output
    .arrayIndexVariable = "LSB_JOBINDEX",
    .arrayBase = 1, // LSF array indices start at 1
    .arrayThrottle = true,
    .arrayLimit = 1000, // MAX_JOB_ARRAY_SIZE's default
    .arrayLog = "logs/%J_%I.out",
    .arrayTaskJob = "\"${LSB_JOBID:-}[${LSB_JOBINDEX:-}]\"",
    // The port line is a macro (Rows.h), which clang-format would break.
    // clang-format off
    .rendezvous = "# The script runs on the first host: task 0 listens there.\n"
                  "MASTER_ADDR=$(hostname)\n"
                  MODAK_MASTER_PORT("${LSB_JOBID:-0}")
                  "export MASTER_ADDR MASTER_PORT\n",
    // clang-format on
    .directives = directives,
    .launch = launch,
    .submitArray = submitArray,
    .submitAfter = submitAfter,
};

} // namespace modak::codegen::batch
