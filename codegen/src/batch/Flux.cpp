// SPDX-License-Identifier: Apache-2.0
// Flux: `#flux:` directives (RFC 36), `flux batch`, `flux run` as the launcher. A batch job is a
// Flux instance of its own; the script runs on its first node. Flux has no job arrays for batch
// scripts: `flux submit --cc` replicates a job with FLUX_JOB_CC=index, and submit.sh does the same
// for `flux batch`, one job per index (throttled and chained with dependencies).
#include "Rows.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::codegen::batch {
namespace {

/// Flux standard duration (RFC 23), in the largest whole unit.
std::string duration(int64_t seconds) {
    if (seconds % 3600 == 0)
        return fmt::format("{}h", seconds / 3600);
    if (seconds % 60 == 0)
        return fmt::format("{}m", seconds / 60);
    return fmt::format("{}s", seconds);
}

void directives(const BatchJob& j, std::string& out) {
    auto d = [&](const std::string& text) { out += "#flux: " + text + "\n"; };
    d("--job-name=" + j.name);
    // One slot per node, holding the node's tasks' cores and its GPUs.
    d(fmt::format("--nodes={}", j.nodes));
    d(fmt::format("--nslots={}", j.nodes));
    d(fmt::format("--cores-per-slot={}", std::max(1, j.tasksPerNode.value_or(1)) *
                                             std::max(1, j.cpusPerTask.value_or(1))));
    if (j.gpusPerNode > 0)
        d(fmt::format("--gpus-per-slot={}", j.gpusPerNode));
    if (j.walltimeSeconds)
        d("--time-limit=" + duration(*j.walltimeSeconds));
    if (j.stopSignalSeconds > 0)
        d("--signal=USR1@" + duration(j.stopSignalSeconds));
    if (!j.queue.empty())
        d("--queue=" + j.queue);
    if (!j.account.empty())
        d("--setattr=system.bank=" + j.account); // the flux-accounting bank
    if (!j.constraint.empty())
        d("--requires=" + j.constraint);
    if (!j.nodelist.empty())
        d("--requires=host:" + j.nodelist);
    if (j.exclusive)
        d("--exclusive");
    if (!j.dependency.empty())
        d("--dependency=" + j.dependency);
    if (!j.begin.empty())
        d("--begin-time=" + j.begin);
    d("--output=" + logOf(kFlux, j));
    if (!j.combineOutput && !j.error.empty())
        d("--error=" + j.error);
    if (!j.exportAll && !j.exportVars.empty()) {
        // Flux copies the whole environment by default: named variables alone export only those.
        d("--env-remove=*");
        for (const auto& v : j.exportVars)
            d("--env=" + v);
    }
}

// The port line is a macro (Rows.h), which clang-format would break.
// clang-format off
constexpr std::string_view kRendezvous =
    "# The script runs on the instance's first node: task 0 listens there.\n"
    "MASTER_ADDR=$(hostname)\n"
    "jobnum=$(flux job id --to=dec \"${FLUX_JOB_ID:-0}\" 2>/dev/null || echo 0)\n"
    MODAK_MASTER_PORT("jobnum")
    "export MASTER_ADDR MASTER_PORT\n";
// clang-format on

Launch launch(const LaunchRequest& r) {
    using Kind = LaunchRequest::Kind;
    const int tasks = r.tasks.value_or(r.nodes * std::max(1, r.tasksPerNode));
    switch (r.kind) {
    case Kind::Ranks: {
        // Every task is one rank, its torchrun variables from Flux's task ids; `flux run` copies
        // the environment (the rendezvous) to every task.
        const int perNode = std::max(1, r.tasksPerNode);
        return {std::string(kRendezvous) + "\n",
                fmt::format("flux run --nodes={} --ntasks={} ", r.nodes, r.nodes * perNode),
                torchrunVariables("$FLUX_TASK_RANK", "$FLUX_TASK_LOCAL_ID", "$FLUX_JOB_SIZE",
                                  perNode, fmt::format("$((FLUX_TASK_RANK / {}))", perNode),
                                  "$FLUX_JOB_NNODES"),
                "flux hostlist --expand instance | tr ' ' '\\n'"};
    }
    case Kind::Tasks:
        return {"", fmt::format("flux run --nodes={} --ntasks={} ", r.nodes, tasks)};
    case Kind::Mpi: {
        int ranks = r.ranks.value_or(tasks);
        return {"", ranks >= r.nodes
                        ? fmt::format("flux run --nodes={} --ntasks={} ", r.nodes, ranks)
                        : fmt::format("flux run --ntasks={} ", ranks)};
    }
    case Kind::PerNode:
    case Kind::MpiPerNode:
        // The script runs on the instance's first node: it is the rendezvous point.
        return {r.wholeAllocation ? "MASTER_ADDR=$(hostname)\nMASTER_PORT=29500\n"
                                    "export MASTER_ADDR MASTER_PORT\n\n"
                                  : "",
                fmt::format("flux run --nodes={0} --ntasks={0} ", r.nodes)};
    }
    return {};
}

std::string submitArray(std::string_view script, size_t size, int maxParallel, bool chain) {
    std::string out =
        fmt::format("ids=()\nfor ((index = 0; index < {}; index++)); do\n  after=()\n", size);
    if (chain)
        out += "  read -ra before <<<\"$previous\"\n"
               "  for job in \"${before[@]}\"; do after+=(\"--dependency=afterany:$job\"); done\n";
    if (maxParallel > 0)
        out += fmt::format("  if ((index >= {0})); then "
                           "after+=(\"--dependency=afterany:${{ids[index - {0}]}}\"); fi\n",
                           maxParallel);
    out +=
        fmt::format("  ids+=(\"$(flux batch --env=FLUX_JOB_CC=\"$index\" \"${{after[@]}}\" {})\")\n"
                    "done\nprintf '%s\\n' \"${{ids[@]}}\"\n",
                    script);
    if (chain)
        out += "previous=\"${ids[*]}\"\n";
    return out;
}

std::string submitAfter(std::string_view script, bool afterSuccess) {
    return fmt::format("id=$(flux batch ${{previous:+--dependency={}:$previous}} {})\n"
                       "echo \"$id\"\nprevious=$id\n",
                       afterSuccess ? "afterok" : "afterany", script);
}

} // namespace

const BatchScheduler kFlux = {
    .name = "flux",
    .scriptTitle = "Flux batch script",
    .submit = "flux batch",
    .enterSubmitDir = "", // jobs start in the submission directory
    .submitDirectory = "PWD",
    .logPattern = "{}-{{{{id}}}}.out", // Flux's mustache template of the job's id
    .nativeArrays = false,
    .arrayIndexVariable = "FLUX_JOB_CC",
    .arrayLog = "logs/flux-{{id}}.out",
    .arrayTaskJob = "\"${FLUX_JOB_ID:-}\"",
    .rendezvous = kRendezvous,
    .directives = directives,
    .launch = launch,
    .submitArray = submitArray,
    .submitAfter = submitAfter,
};

} // namespace modak::codegen::batch
