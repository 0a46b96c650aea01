// SPDX-License-Identifier: Apache-2.0
// Slurm: `#SBATCH` directives, `sbatch`, srun as the launcher (PMIx for MPI).
#include "Rows.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace modak::codegen::batch {
namespace {

/// Rank 0 listens here; the others connect (the first node's address as Slurm knows it, a port
/// from the job's id so two jobs on one node do not collide).
// The port line is a macro (Rows.h), which clang-format would break.
// clang-format off
constexpr std::string_view kRendezvous =
    "# Task 0 of the run listens here; the others connect (the node's address as Slurm knows "
    "it).\n"
    "first=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
    "MASTER_ADDR=$(scontrol show node \"$first\" | sed -n 's/.*NodeAddr=\\([^ ]*\\).*/\\1/p')\n"
    "MASTER_ADDR=${MASTER_ADDR:-$first}\n"
    MODAK_MASTER_PORT("${SLURM_JOB_ID:-0}")
    "export MASTER_ADDR MASTER_PORT\n";
// clang-format on

/// Slurm's D-HH:MM:SS.
std::string slurmTime(int64_t seconds) {
    if (seconds >= 86400)
        return fmt::format("{}-{}", seconds / 86400, hms(seconds % 86400));
    return hms(seconds);
}

/// `--mail-type` from the language's events.
std::string mailTypes(const std::vector<std::string>& notify) {
    std::string types;
    for (const auto& n : notify) {
        std::string t = n;
        std::transform(t.begin(), t.end(), t.begin(),
                       [](unsigned char c) { return std::toupper(c); });
        if (t == "ABORT")
            t = "FAIL"; // Slurm has no separate abort event
        if (types.find(t) == std::string::npos)
            types += (types.empty() ? "" : ",") + t;
    }
    return types;
}

void directives(const BatchJob& j, std::string& out) {
    auto d = [&](const std::string& text) { out += "#SBATCH " + text + "\n"; };
    d("--job-name=" + j.name);
    d(fmt::format("--nodes={}", j.nodes));
    if (j.tasks)
        d(fmt::format("--ntasks={}", *j.tasks));
    if (j.tasksPerNode)
        d(fmt::format("--ntasks-per-node={}", *j.tasksPerNode));
    if (j.cpusPerTask)
        d(fmt::format("--cpus-per-task={}", *j.cpusPerTask));
    if (j.gpusPerNode > 0)
        d(fmt::format("--gpus-per-node={}", j.gpusPerNode));
    if (j.memoryBytes)
        d(fmt::format("--mem={}M", mebibytesUp(*j.memoryBytes)));
    if (j.memoryPerCpuBytes)
        d(fmt::format("--mem-per-cpu={}M", mebibytesUp(*j.memoryPerCpuBytes)));
    if (j.walltimeSeconds)
        d("--time=" + slurmTime(*j.walltimeSeconds));
    if (j.stopSignalSeconds > 0) // to the job steps' processes: the ranks
        d(fmt::format("--signal=USR1@{}", j.stopSignalSeconds));
    if (!j.queue.empty())
        d("--partition=" + j.queue);
    if (!j.account.empty())
        d("--account=" + j.account);
    if (!j.qos.empty())
        d("--qos=" + j.qos);
    if (!j.constraint.empty())
        d("--constraint=" + j.constraint);
    if (!j.nodelist.empty())
        d("--nodelist=" + j.nodelist);
    if (!j.array.empty())
        d("--array=" + j.array);
    if (!j.dependency.empty())
        d("--dependency=" + j.dependency);
    if (!j.begin.empty())
        d("--begin=" + j.begin);
    if (j.exclusive)
        d("--exclusive");
    d("--output=" + logOf(kSlurm, j));
    if (!j.combineOutput && !j.error.empty())
        d("--error=" + j.error);
    if (!j.notify.empty())
        d("--mail-type=" + mailTypes(j.notify));
    if (!j.email.empty())
        d("--mail-user=" + j.email);
    if (j.exportAll || !j.exportVars.empty()) {
        // Named variables alone export only those (and SLURM_*); with ALL, everything.
        std::vector<std::string> vars = j.exportVars;
        if (j.exportAll)
            vars.insert(vars.begin(), "ALL");
        d("--export=" + joined(vars, ","));
    }
}

Launch launch(const LaunchRequest& r) {
    using Kind = LaunchRequest::Kind;
    switch (r.kind) {
    case Kind::Tasks:
        return {"", "srun "};
    case Kind::Mpi:
        // One rank per task of the allocation unless the application asks for a count; PMIx wires
        // up the MPI in the image.
        return {"", r.ranks ? fmt::format("srun --mpi=pmix --ntasks={} ", *r.ranks)
                            : "srun --mpi=pmix "};
    case Kind::PerNode:
        if (r.wholeAllocation)
            return {"MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
                    "MASTER_PORT=29500\nexport MASTER_ADDR MASTER_PORT\n\n",
                    "srun --ntasks-per-node=1 --ntasks=\"$SLURM_NNODES\" "};
        return {"", fmt::format("srun --ntasks-per-node=1 --ntasks={} ", r.nodes)};
    case Kind::Ranks:
        // Every task of the allocation is one rank: the job asks for the plan's ranks per node.
        return {std::string(kRendezvous) + "\n", "srun ",
                torchrunVariables("$SLURM_PROCID", "$SLURM_LOCALID", "$SLURM_NTASKS",
                                  r.tasksPerNode, "$SLURM_NODEID", "$SLURM_NNODES"),
                "scontrol show hostnames \"$SLURM_JOB_NODELIST\" | while read -r node; do\n"
                "  address=$(scontrol show node \"$node\" | sed -n "
                "'s/.*NodeAddr=\\([^ ]*\\).*/\\1/p')\n"
                "  echo \"${address:-$node}\"\ndone"};
    case Kind::MpiPerNode:
        // The site's srun may not know PMIx: MODAK_SRUN_MPI names its plugin.
        return {"", fmt::format(
                        "srun --mpi=\"${{MODAK_SRUN_MPI:-pmix}}\" --ntasks-per-node=1 --ntasks={} ",
                        r.nodes)};
    }
    return {};
}

std::string submitArray(std::string_view script, size_t, int, bool chain) {
    std::string out =
        fmt::format("id=$(sbatch --parsable {}{})\necho \"$id\"\n",
                    chain ? "${previous:+--dependency=afterany:$previous} " : "", script);
    if (chain)
        out += "previous=${id%%;*}\n";
    return out;
}

std::string submitAfter(std::string_view script, bool afterSuccess) {
    return fmt::format("id=$(sbatch --parsable ${{previous:+--dependency={}:$previous}} {})\n"
                       "echo \"$id\"\nprevious=${{id%%;*}}\n",
                       afterSuccess ? "afterok" : "afterany", script);
}

} // namespace

const BatchScheduler kSlurm = {
    .name = "slurm",
    .scriptTitle = "Slurm batch script",
    .submit = "sbatch",
    .enterSubmitDir = "",
    .submitDirectory = "SLURM_SUBMIT_DIR",
    .logPattern = "{}-%j.out",
    .arrayIndexVariable = "SLURM_ARRAY_TASK_ID",
    .arrayThrottle = true,
    .arrayLimit = 1001, // MaxArraySize's default: indices 0..1000
    .arrayLog = "logs/%x-%A_%a.out",
    .arrayTaskJob = "\"${SLURM_ARRAY_JOB_ID:-${SLURM_JOB_ID:-}}_$index\"",
    .rendezvous = kRendezvous,
    .directives = directives,
    .launch = launch,
    .submitArray = submitArray,
    .submitAfter = submitAfter,
};

} // namespace modak::codegen::batch
