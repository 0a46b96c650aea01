// SPDX-License-Identifier: Apache-2.0
//! The rendering rows of BatchJob.h, one file each; BatchJob.cpp lists them.
#pragma once

#include "modak/codegen/BatchJob.h"

#include <string>
#include <string_view>

/// The line that sets a job's rendezvous port from its number (a shell expression): 20000–29999,
/// below Linux's ephemeral ports (32768–60999), any of which an outgoing connection on the node may
/// hold ("Address already in use": seen in a fresh machine's test cluster), and distinct for the
/// last 10 000 jobs. A macro: the rows' texts are string literals.
#define MODAK_MASTER_PORT(number) "MASTER_PORT=$((20000 + " number " % 10000))\n"

namespace modak::codegen::batch {

extern const BatchScheduler kSlurm;
extern const BatchScheduler kTorque;
extern const BatchScheduler kPbs;
extern const BatchScheduler kLsf;
extern const BatchScheduler kFlux;
extern const BatchScheduler kPlain;

/// `items` joined with `separator`.
std::string joined(const std::vector<std::string>& items, std::string_view separator);

/// The rank environment of a per-rank launch (Launch::rankEnv): torchrun's variables — RANK,
/// LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE, GROUP_RANK and NODE_RANK, GROUP_WORLD_SIZE — from the
/// launcher's shell expressions for each, `perNode` ranks on each node.
std::string torchrunVariables(std::string_view rank, std::string_view localRank,
                              std::string_view worldSize, int perNode, std::string_view nodeRank,
                              std::string_view nodes);

/// The launch of a row without a launcher of its own for `request`: `mpirun -np RANKS` for MPI
/// (ranks: the application's, else the job's tasks, else `allocationTasks`) on the hosts of
/// `hostfile` (a shell word: the scheduler's node file; empty: mpirun's own discovery), with the
/// application's variables passed on; one process per node for a per-node launch; nothing
/// otherwise.
Launch mpirunLaunch(const LaunchRequest& request, int allocationTasks,
                    std::string_view hostfile = {});

/// The per-rank launch of a row whose script runs on the job's first node (Kind::Ranks): Open MPI's
/// mpirun starts the plan's ranks on the hosts of `hostfile` (a shell word: the scheduler's node
/// file), `tasksPerNode` per node, after `rendezvous` (which exports MASTER_ADDR and MASTER_PORT);
/// each rank's torchrun variables come from Open MPI's ids.
Launch openMpiRanks(const LaunchRequest& request, std::string_view hostfile,
                    std::string_view rendezvous);

} // namespace modak::codegen::batch
