// SPDX-License-Identifier: Apache-2.0
//! The micro-benchmarks shipped with modak (`modak bench run`). `train-step` is a synthetic-data
//! training step on the CPU: per sample, a chain of dense layers (a GEMM-like loop) whose FLOPs are
//! a fraction (`scale`) of a catalogue workload's, then — when the run has several tasks — a
//! gradient all-reduce of the same fraction of the workload's parameters over TCP between the tasks
//! (a star through task 0), so multi-node throughput includes real communication.
#pragma once

#include "modak/model/Catalogue.h"

#include <optional>
#include <string>
#include <vector>

namespace modak::calibrate {

/// Who a task is among the run's tasks, and where task 0 listens (the kernels that communicate).
struct Rendezvous {
    int rank = 0, tasks = 1;
    std::string masterAddr; ///< task 0's address (tasks > 1)
    int masterPort = 29500;
    double timeoutSeconds = 120; ///< for the rendezvous and every message
    std::string host;            ///< this task's name, reported to task 0
};

struct TrainStepOptions : Rendezvous {
    const model::Workload* workload = nullptr;
    double scale = 1e-4; ///< requested fraction of the workload's FLOPs and parameters
    int batch = 32;      ///< samples per task and step
    int threads = 1;     ///< compute threads per task
    int steps = 10;      ///< timed steps (after one warm-up step)
};

struct TrainStepResult {
    double stepSeconds =
        0; ///< median wall time of one step (compute + all-reduce), measured by task 0
    double throughput = 0; ///< samples/s over all tasks
    double scale = 0;      ///< the fraction actually run (whole layers of the fixed width)
    int layers = 0;
    size_t gradientFloats = 0;
    std::vector<std::string> hosts; ///< task 0 first, then by rank
};

/// The FLOPs one sample of the kernel costs for `scale` of `w` (whole layers of width 256), and the
/// fraction that is: what `runTrainStep` will run.
std::pair<int, double> trainStepLayers(const model::Workload& w, double scale);

/// Runs the kernel. Every task calls it; all of them return the same timing, known to task 0 (the
/// others return theirs). nullopt with `error` set when the rendezvous or a message fails.
std::optional<TrainStepResult> runTrainStep(const TrainStepOptions& options, std::string& error);

/// `stream`: the STREAM triad a[i] = b[i] + s·c[i] over three arrays of doubles, on `threads`
/// threads (each touching its own slice first, so pages land on its memory). Counts 24 bytes per
/// element, as STREAM does, and keeps the best of `steps` repetitions, as STREAM reports.
struct StreamOptions {
    size_t arrayBytes = size_t{64} << 20; ///< per array
    int threads = 1;
    int steps = 10;
};

struct StreamResult {
    double bestSeconds = 0;  ///< one triad over the arrays
    double bandwidthGBs = 0; ///< 24 bytes per element / bestSeconds, in GB/s (1e9)
    size_t arrayBytes = 0;
};

std::optional<StreamResult> runStream(const StreamOptions& options, std::string& error);

/// `allreduce`: the sum of a buffer over every task, for message sizes from `minBytes` to
/// `maxBytes` (doubling), through the same TCP star as train-step: task 0 receives every other
/// task's buffer, adds it, and sends the sum back. One all-reduce therefore costs 2(tasks−1)
/// messages on task 0's link, which is how `modak model fit` turns the times into the link's
/// latency and bandwidth.
struct AllReduceOptions : Rendezvous {
    size_t minBytes = 8;
    size_t maxBytes = size_t{16} << 20;
    int repetitions = 0; ///< per size after a warm-up; 0 = enough to move ~64 MiB (5..200)
};

struct AllReducePoint {
    size_t bytes = 0;
    double seconds = 0; ///< median of one all-reduce, as task 0 measured it
};

struct AllReduceResult {
    std::vector<AllReducePoint> points;
    std::vector<std::string> hosts;
};

std::optional<AllReduceResult> runAllReduce(const AllReduceOptions& options, std::string& error);

} // namespace modak::calibrate
