// SPDX-License-Identifier: Apache-2.0
//! What a deployment's job scripts say, read once from its blocks and the plan (the job scripts
//! themselves are BatchJob.h's, one row per scheduler); public for the benchmark sweeps, which run
//! the application as its job script does.
#pragma once

#include "modak/codegen/Generate.h"
#include "modak/model/Strategies.h"

#include <optional>
#include <string>
#include <vector>

namespace modak::codegen {

/// What every job script needs, read once from the deployment, its application and target, and the
/// plan. Values are raw (unescaped); the renderers escape them.
struct JobSpec {
    std::string deployment, sourceName, version;
    std::string scheduler; ///< a scheduler of modak/model/Schedulers.h
    // resources
    std::string name;
    std::optional<int64_t> walltimeSeconds;
    std::string queue, account, qos, constraint, nodelist, dependency, begin, array;
    int nodes = 1, tasksPerNode = 1, cpusPerTask = 0, gpusPerNode = 0;
    std::optional<int> tasks;
    std::optional<int64_t> memoryBytes, memoryPerCpuBytes;
    std::string output, error;
    bool combineOutput = false, exclusive = false;
    std::vector<std::string> notify;
    std::string email;
    bool exportAll = false;
    std::vector<std::string> exportVars;
    // what runs
    std::string kind;        ///< ai_training, hpc
    std::string distributed; ///< a strategy of modak/model/Strategies.h, or ""
    const model::StrategyInfo* strategy = nullptr; ///< its row; null when none is named
    std::string runtime; ///< singularity, apptainer, docker, podman, charliecloud, none
    std::string imageReference, imageDir, accelerator;
    /// Host paths the container or pod sees: the data set (read-only), the storage, `mounts`.
    struct Mount {
        std::string source, target;
        bool readOnly = false;
    };
    std::vector<Mount> mounts;
    std::vector<std::string> modules;
    std::vector<std::pair<std::string, std::string>> env; ///< image, compiler, application, threads
    std::string pre, post, run;
    std::optional<int> ranks; ///< MPI ranks the application asks for (`ranks`), if any
    bool mpi = false; ///< an MPI application (`type = mpi`, `parallelisation` with mpi, or `mpi`)
    /// > 0: modak launches the training itself, this many ranks on each node, each with the
    /// framework's standard variables (RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, …); 0: `run`
    /// is started as it is (a program, or a launcher the user wrote).
    int ranksPerNode = 0;
    int threads = 0;
    // walltime and checkpoints (the plan's Resilience)
    /// Checkpoints pay: the job tells the application where and how often (MODAK_CHECKPOINT_*).
    bool checkpointing = false;
    int64_t checkpointIntervalSeconds = 0, checkpointIntervalSteps = 0;
    /// > 1: the run is split into this many chained jobs, each resuming from the last checkpoint
    /// and stopping `stopSeconds` before its walltime.
    int segments = 1;
    int64_t stopSeconds = 0;
    // build job
    std::string buildSrc, buildCommand;
    int buildParallelism = 1;
};

/// The job `plan` describes, from the plan's choice and the deployment it was made from
/// (`plan.spec`, which must be set); values that cannot be written safely become errors in `diags`.
JobSpec readJobSpec(const model::DeploymentPlan& plan, const GenerateOptions& options,
                    Diagnostics& diags);

/// The file name (without `.sif`) job scripts give a pulled image: the reference's last path
/// segment with ':' turned into '_', as MODAK named them.
std::string localImageName(std::string_view reference);

/// The prefix that runs a command in the spec's container (`apptainer exec --nv "$image"`, `docker
/// run … IMAGE`, …; "" without a runtime). Lines the prefix needs first (pulling the image when it
/// is missing) are appended to `setup`. Runtimes that start from an empty environment (Docker,
/// Podman) are also given `passOn`: variables of the host the command needs (the rendezvous, the
/// scheduler's rank ids).
std::string containerExec(const JobSpec& spec, std::string& setup,
                          const std::vector<std::string>& passOn = {});

/// The command prefix that starts a command with `launcher` (a row's Launch::prefix, "" for none)
/// in the container of `exec` (containerExec's): the launcher, then the runtime's prefix; pyxis's
/// srun options join the launcher's srun.
std::string containerLaunch(std::string_view launcher, std::string_view exec);

} // namespace modak::codegen
