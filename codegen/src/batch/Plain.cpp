// SPDX-License-Identifier: Apache-2.0
// No batch system: the script runs where it is started, MPI programs under mpirun.
#include "Rows.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::codegen::batch {

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (const auto& item : items)
        out += (out.empty() ? "" : std::string(separator)) + item;
    return out;
}

Launch openMpiRanks(const LaunchRequest& r, std::string_view hostfile,
                    std::string_view rendezvous) {
    const int perNode = std::max(1, r.tasksPerNode);
    // mpirun passes no environment to other nodes unless told (-x): the rendezvous and the
    // application's variables.
    std::string exports = "-x MASTER_ADDR -x MASTER_PORT ";
    for (const auto& name : r.environment)
        exports += fmt::format("-x {} ", name);
    return {std::string(rendezvous) + "\n",
            fmt::format("mpirun -np {} --map-by ppr:{}:node --hostfile {} {}", r.nodes * perNode,
                        perNode, hostfile, exports),
            fmt::format("RANK=$OMPI_COMM_WORLD_RANK LOCAL_RANK=$OMPI_COMM_WORLD_LOCAL_RANK "
                        "WORLD_SIZE=$OMPI_COMM_WORLD_SIZE LOCAL_WORLD_SIZE={0} "
                        "GROUP_RANK=$((OMPI_COMM_WORLD_RANK / {0})) "
                        "NODE_RANK=$((OMPI_COMM_WORLD_RANK / {0})) GROUP_WORLD_SIZE={1}",
                        perNode, r.nodes)};
}

Launch mpirunLaunch(const LaunchRequest& r, int allocationTasks) {
    using Kind = LaunchRequest::Kind;
    switch (r.kind) {
    case Kind::Ranks:
        // Per-rank launches exist on Slurm only so far: an empty launch makes the job script
        // start the training once per node instead.
        return {};
    case Kind::Tasks:
        return {};
    case Kind::Mpi:
        return {"",
                fmt::format("mpirun -np {} ", r.ranks.value_or(r.tasks.value_or(allocationTasks)))};
    case Kind::PerNode:
    case Kind::MpiPerNode:
        // Without a launcher of its own the scheduler starts the script on the first node only; a
        // count known when the script is written is spread with mpirun, one process per node.
        if (r.wholeAllocation || r.nodes <= 1)
            return {};
        return {"", fmt::format("mpirun -np {} --map-by ppr:1:node ", r.nodes)};
    }
    return {};
}

const BatchScheduler kPlain = {
    .name = "none",
    .scriptTitle = "Job script (no batch system)",
    .submit = "bash",
    // Nothing of a batch system's: no submission directory, log names, arrays or rendezvous.
    .enterSubmitDir = {},
    .submitDirectory = {},
    .logPattern = {},
    .nativeArrays = false,
    .arrayIndexVariable = {},
    .arrayLog = {},
    .arrayTaskJob = {},
    .rendezvous = {},
    .launch = [](const LaunchRequest& r) { return mpirunLaunch(r, std::max(1, r.tasksPerNode)); },
};

} // namespace modak::codegen::batch
