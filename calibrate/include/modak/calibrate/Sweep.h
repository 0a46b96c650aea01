// SPDX-License-Identifier: Apache-2.0
//! `modak bench FILE`: the cartesian product of a deployment's sweeps (from `--sweep key=v1,v2` and
//! its `autotune` block's parameters) as job arrays for the target's scheduler — one array script
//! per distinct node count, since the tasks of an array share one resource request — plus
//! `submit.sh` and `sweep.json`, the manifest `modak bench collect` checks the results against.
#pragma once

#include "modak/codegen/Generate.h"
#include "modak/model/Catalogue.h"
#include "modak/model/Program.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace modak::calibrate {

/// One `--sweep key=v1,v2,...` as written, and where (in a buffer holding the command line).
struct SweepArgument {
    std::string text;
    SourceRange range;
};

struct SweepOptions {
    std::string deployment; ///< "" = the only deployment of the file
    std::vector<SweepArgument> sweeps;
    /// train-step | framework | stream | allreduce | app; "" = the target's (`defaultKernel`)
    std::string kernel;
    size_t arrayLimit = 0; ///< tasks per array; 0 = the scheduler's default (Slurm 1001)
    int maxParallel = 0;   ///< > 0: at most this many tasks run at once over the sweep
    std::string workload;  ///< train-step: "" = the application's, else resnet50
    double scale = 1e-4;   ///< train-step: fraction of the workload's FLOPs
    int steps = 10;        ///< train-step: timed steps per task
    bool exclusive = true; ///< benchmarks do not share nodes
    size_t maxBytes = size_t{16} << 20; ///< allreduce: largest message
    std::string transport =
        "tcp";           ///< allreduce: tcp (modak's star) | mpi (MPI_Allreduce, built with mpicc)
    std::string image;   ///< Kubernetes: the image with modak ("" = modak:VERSION)
    std::string version; ///< modak's, into every record
    std::string sourceName; ///< the .modak file as named, for the header comments
    /// Catalogue files given on the command line (the framework kernel reads a workload's shape)
    std::vector<std::string> catalogFiles;
};

/// The kernel a sweep runs when none is named: the framework's own training step on a GPU target
/// (a GPU is measured on the GPU, never by the CPU micro-kernel), the train-step micro-kernel on a
/// CPU target.
std::string defaultKernel(bool gpuTarget);

/// The array-size limit a scheduler has by default (Slurm MaxArraySize 1001: indices 0..1000;
/// a Kubernetes Indexed Job's completions are capped at 100000).
size_t defaultArrayLimit(std::string_view scheduler);

struct BenchTask {
    size_t index = 0; ///< over the whole sweep
    std::map<std::string, std::string> configuration;
    std::string script; ///< the array script (or Kubernetes Job) that runs it
    size_t arrayIndex = 0;
    std::string result; ///< its result file, relative to the output directory
};

struct BenchJobs {
    std::string deployment;
    std::string scheduler;
    std::vector<BenchTask> tasks;
    /// Array scripts (or bench.k8s.yaml and collect.sh), submit.sh, sweep.json
    std::vector<codegen::Artefact> files;
};

/// Builds the job arrays of `options.deployment` of `program`'s root file. Problems (an unknown
/// sweep key, a value that is not a positive integer, a sweep larger than the array limit, a target
/// without a scheduler that has job arrays) are diagnostics; nullopt when there is an error.
std::optional<BenchJobs> generateBench(const SourceManager& sm, const model::Program& program,
                                       const model::Catalogue& catalogue,
                                       const SweepOptions& options, Diagnostics& diags);

} // namespace modak::calibrate
