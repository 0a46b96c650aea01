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

std::string torchrunVariables(std::string_view rank, std::string_view localRank,
                              std::string_view worldSize, int perNode, std::string_view nodeRank,
                              std::string_view nodes) {
    return fmt::format("RANK={} LOCAL_RANK={} WORLD_SIZE={} LOCAL_WORLD_SIZE={} GROUP_RANK={} "
                       "NODE_RANK={} GROUP_WORLD_SIZE={}",
                       rank, localRank, worldSize, perNode, nodeRank, nodeRank, nodes);
}

/// mpirun passes no environment to other nodes unless told (-x): the application's variables, and
/// the rendezvous where the ranks meet through one.
std::string mpirunExports(const LaunchRequest& r, bool rendezvous) {
    std::string exports = rendezvous ? "-x MASTER_ADDR -x MASTER_PORT " : "";
    for (const auto& name : r.environment)
        exports += fmt::format("-x {} ", name);
    return exports;
}

Launch openMpiRanks(const LaunchRequest& r, std::string_view hostfile,
                    std::string_view rendezvous) {
    const int perNode = std::max(1, r.tasksPerNode);
    return {std::string(rendezvous) + "\n",
            fmt::format("mpirun -np {} --map-by ppr:{}:node --hostfile {} {}", r.nodes * perNode,
                        perNode, hostfile, mpirunExports(r, true)),
            torchrunVariables("$OMPI_COMM_WORLD_RANK", "$OMPI_COMM_WORLD_LOCAL_RANK",
                              "$OMPI_COMM_WORLD_SIZE", perNode,
                              fmt::format("$((OMPI_COMM_WORLD_RANK / {}))", perNode),
                              std::to_string(r.nodes)),
            // The node file lists a node once per slot: each once, in the order mpirun maps them.
            fmt::format("awk '!seen[$0]++' {}", hostfile)};
}

Launch mpirunLaunch(const LaunchRequest& r, int allocationTasks, std::string_view hostfile) {
    using Kind = LaunchRequest::Kind;
    const std::string hosts = hostfile.empty() ? "" : fmt::format("--hostfile {} ", hostfile);
    switch (r.kind) {
    case Kind::Ranks:
        // Rows with a node file start their ranks with openMpiRanks; here it is on the row.
        return {};
    case Kind::Tasks:
        return {};
    case Kind::Mpi:
        // The node file lists each node once per rank it takes: mpirun fills them in order.
        return {"", fmt::format("mpirun -np {} {}{}",
                                r.ranks.value_or(r.tasks.value_or(allocationTasks)), hosts,
                                mpirunExports(r, false))};
    case Kind::PerNode:
    case Kind::MpiPerNode:
        // Without a launcher of its own the scheduler starts the script on the first node only; a
        // count known when the script is written is spread with mpirun, one process per node.
        if (r.wholeAllocation || r.nodes <= 1)
            return {};
        return {"", fmt::format("mpirun -np {} --map-by ppr:1:node {}{}", r.nodes, hosts,
                                mpirunExports(r, r.kind == Kind::PerNode))};
    }
    return {};
}

namespace {

/// A script run by hand on one machine, or on each of the plan's machines: it starts the node's
/// ranks itself, each with torchrun's variables, and waits for them (a failed rank stops the
/// others). No torchrun needed: Debian's (PyTorch 1.13 on Python 3.11) cannot parse its own
/// default `--redirects`.
Launch plainLaunch(const LaunchRequest& r) {
    if (r.kind != LaunchRequest::Kind::Ranks)
        return mpirunLaunch(r, std::max(1, r.tasksPerNode));
    const int perNode = std::max(1, r.tasksPerNode);
    std::string setup =
        r.nodes <= 1
            ? "NODE_RANK=0\nMASTER_ADDR=${MASTER_ADDR:-localhost}\n"
              "MASTER_PORT=${MASTER_PORT:-29500}\n"
            : fmt::format("# Run this script on each of the {0} nodes with NODE_RANK=0..{1} and "
                          "MASTER_ADDR=the address of node 0.\n"
                          "NODE_RANK=${{NODE_RANK:?the index of this node, 0 to {1}}}\n"
                          "MASTER_ADDR=${{MASTER_ADDR:?the address of node 0}}\n"
                          "MASTER_PORT=${{MASTER_PORT:-29500}}\n",
                          r.nodes, r.nodes - 1);
    setup += fmt::format("export NODE_RANK MASTER_ADDR MASTER_PORT\n"
                         "start_ranks() {{ # COMMAND...: once per rank of this node\n"
                         "  local rank status=0 pids=() pid\n"
                         "  for ((rank = 0; rank < {0}; rank++)); do\n"
                         "    LOCAL_RANK=$rank \"$@\" &\n"
                         "    pids+=(\"$!\")\n"
                         "  done\n"
                         "  # A rank that fails stops the others (they would wait for it). The\n"
                         "  # statuses come from `wait PID`: `wait -n` misses a rank that ends\n"
                         "  # between two of its calls.\n"
                         "  while [[ -n $(jobs -rp) ]]; do\n"
                         "    wait -n || kill \"${{pids[@]}}\" 2>/dev/null || true\n"
                         "  done\n"
                         "  for pid in \"${{pids[@]}}\"; do\n"
                         "    wait \"$pid\" || status=$?\n"
                         "  done\n"
                         "  return \"$status\"\n"
                         "}}\n\n",
                         perNode);
    return {std::move(setup), "start_ranks ",
            torchrunVariables(fmt::format("$((NODE_RANK * {} + LOCAL_RANK))", perNode),
                              "$LOCAL_RANK", std::to_string(r.nodes * perNode), perNode,
                              "$NODE_RANK", std::to_string(r.nodes)),
            r.nodes <= 1
                ? std::string("echo \"$MASTER_ADDR\"")
                : std::string("tr ',' '\\n' <<<\"${MODAK_NODES:?the addresses of the nodes, "
                              "comma-separated, node 0 first}\"")};
}

} // namespace

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
    .launch = plainLaunch,
};

} // namespace modak::codegen::batch
