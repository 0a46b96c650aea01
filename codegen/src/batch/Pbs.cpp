// SPDX-License-Identifier: Apache-2.0
// TORQUE and PBS Professional: `#PBS` directives, `qsub`, mpirun as the MPI launcher. They share
// the directive prefix and most options; the resource request (`-l nodes=` against `-l select=`),
// the exclusive placement and the array option differ.
#include "Rows.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::codegen::batch {
namespace {

/// `-m` letters from the language's events.
std::string mailEvents(const std::vector<std::string>& notify) {
    std::string events;
    for (const auto& n : notify) {
        std::string e = n == "begin"                    ? "b"
                        : n == "end"                    ? "e"
                        : (n == "abort" || n == "fail") ? "a"
                        : n == "all"                    ? "abe"
                        : n == "none"                   ? "n"
                                                        : "";
        for (char c : e)
            if (events.find(c) == std::string::npos)
                events += c;
    }
    return events;
}

void directives(const BatchJob& j, std::string& out, bool pbsPro) {
    auto d = [&](const std::string& text) { out += "#PBS " + text + "\n"; };
    d("-N " + j.name);
    const int cpus =
        std::max(1, j.tasksPerNode.value_or(1)) * std::max(1, j.cpusPerTask.value_or(1));
    if (pbsPro) {
        std::string select = fmt::format("-l select={}:ncpus={}", j.nodes, cpus);
        if (j.tasksPerNode)
            select += fmt::format(":mpiprocs={}", std::max(1, *j.tasksPerNode));
        if (j.gpusPerNode > 0)
            select += fmt::format(":ngpus={}", j.gpusPerNode);
        if (j.memoryBytes)
            select += fmt::format(":mem={}mb", mebibytesUp(*j.memoryBytes));
        d(select);
    } else {
        // `nodes=N:ppn=…`, or with named hosts one `host:ppn=…` per host joined by '+' (Torque
        // applies the properties after a name to that host alone).
        std::string perNode = fmt::format(":ppn={}", cpus);
        if (j.gpusPerNode > 0)
            perNode += fmt::format(":gpus={}", j.gpusPerNode);
        std::string nodes;
        if (j.nodelist.empty()) {
            nodes = std::to_string(j.nodes) + perNode;
        } else {
            size_t start = 0;
            while (start <= j.nodelist.size()) {
                size_t end = j.nodelist.find_first_of(",+", start);
                std::string host = j.nodelist.substr(
                    start, end == std::string::npos ? std::string::npos : end - start);
                if (!host.empty())
                    nodes += (nodes.empty() ? "" : "+") + host + perNode;
                if (end == std::string::npos)
                    break;
                start = end + 1;
            }
        }
        d("-l nodes=" + nodes);
        if (j.memoryBytes)
            d(fmt::format("-l mem={}mb", mebibytesUp(*j.memoryBytes)));
        if (j.memoryPerCpuBytes)
            d(fmt::format("-l pmem={}mb", mebibytesUp(*j.memoryPerCpuBytes)));
    }
    if (j.walltimeSeconds)
        d("-l walltime=" + hms(*j.walltimeSeconds));
    if (!j.queue.empty())
        d("-q " + j.queue);
    if (!j.account.empty())
        d("-A " + j.account);
    if (!j.qos.empty() && !pbsPro)
        d("-l qos=" + j.qos);
    if (j.exclusive)
        d(pbsPro ? "-l place=excl" : "-l naccesspolicy=singlejob");
    if (!j.array.empty())
        d((pbsPro ? "-J " : "-t ") + j.array);
    if (!j.dependency.empty())
        d("-W depend=" + j.dependency);
    if (std::string log = logOf(pbsPro ? kPbs : kTorque, j); !log.empty())
        d("-o " + log);
    if (j.combineOutput)
        d("-j oe");
    else if (!j.error.empty())
        d("-e " + j.error);
    if (std::string events = mailEvents(j.notify); !events.empty())
        d("-m " + events);
    if (!j.email.empty())
        d("-M " + j.email);
    if (j.exportAll)
        d("-V");
    if (!j.exportVars.empty())
        d("-v " + joined(j.exportVars, ","));
}

std::string submitArray(std::string_view script, size_t, int, bool chain) {
    std::string out =
        fmt::format("id=$(qsub {}{})\necho \"$id\"\n",
                    chain ? "${previous:+-W depend=afterany:$previous} " : "", script);
    if (chain)
        out += "previous=${id%%;*}\n";
    return out;
}

std::string submitAfter(std::string_view script, bool afterSuccess) {
    return fmt::format("id=$(qsub ${{previous:+-W depend={}:$previous}} {})\necho \"$id\"\n"
                       "previous=$id\n",
                       afterSuccess ? "afterok" : "afterany", script);
}

constexpr std::string_view kEnterSubmitDir = "cd \"${PBS_O_WORKDIR:-$PWD}\"";
// The port line is a macro (Rows.h), which clang-format would break.
// clang-format off
constexpr std::string_view kRendezvous =
    "MASTER_ADDR=$(head -n 1 \"${PBS_NODEFILE:-/dev/null}\" || true)\n"
    "MASTER_ADDR=${MASTER_ADDR:-$(hostname)}\n"
    "jobnum=${PBS_JOBID%%[^0-9]*}\n"
    MODAK_MASTER_PORT("${jobnum:-0}")
    "export MASTER_ADDR MASTER_PORT\n";
// clang-format on

Launch launch(const LaunchRequest& r) {
    // PBS starts the script on the first node only: mpirun starts the ranks on the job's nodes.
    if (r.kind == LaunchRequest::Kind::Ranks)
        return openMpiRanks(r, "\"$PBS_NODEFILE\"", kRendezvous);
    return mpirunLaunch(r, r.nodes * std::max(1, r.tasksPerNode), "\"$PBS_NODEFILE\"");
}

} // namespace

const BatchScheduler kTorque = {
    .name = "torque",
    .scriptTitle = "TORQUE batch script",
    .submit = "qsub",
    .enterSubmitDir = kEnterSubmitDir,
    .submitDirectory = "PBS_O_WORKDIR",
    .logPattern = "{}.out",
    .defaultLogNamesJob = true, // NAME.oJOBID
    .arrayIndexVariable = "PBS_ARRAYID",
    .arrayThrottle = true, // `-t 0-9%2`, as Slurm's
    .arrayLog = "logs/",
    .arrayTaskJob = "${PBS_JOBID:-}",
    .rendezvous = kRendezvous,
    .directives = [](const BatchJob& j, std::string& out) { directives(j, out, false); },
    .launch = launch,
    .submitArray = submitArray,
    .submitAfter = submitAfter,
};

const BatchScheduler kPbs = {
    .name = "pbs",
    .scriptTitle = "PBS Professional batch script",
    .submit = "qsub",
    .enterSubmitDir = kEnterSubmitDir,
    .submitDirectory = "PBS_O_WORKDIR",
    .logPattern = "{}.out",
    .defaultLogNamesJob = true,
    .arrayIndexVariable = "PBS_ARRAY_INDEX",
    .arrayThrottle = false, // PBS Professional has no per-array throttle
    .arrayLog = "logs/",
    .arrayTaskJob = "${PBS_JOBID:-}",
    .rendezvous = kRendezvous,
    .directives = [](const BatchJob& j, std::string& out) { directives(j, out, true); },
    .launch = launch,
    .submitArray = submitArray,
    .submitAfter = submitAfter,
};

} // namespace modak::codegen::batch
