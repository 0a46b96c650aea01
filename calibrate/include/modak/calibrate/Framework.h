// SPDX-License-Identifier: Apache-2.0
//! The framework kernel of `modak bench` (docs/calibration.md): the real framework's training step
//! of a workload on synthetic data — PyTorch eager or `torch.compile`, each precision, a batch
//! sweep — timed by calibrate/kernels/train_step_torch.py (embedded here, run with the image's or
//! the host's python). The script prints one JSON object per measurement; this turns them into
//! result records whose device is the catalogue's name for what the framework reported.
#pragma once

#include "modak/calibrate/Record.h"
#include "modak/model/Catalogue.h"

#include <string>
#include <string_view>
#include <vector>

namespace modak::calibrate {

/// The script's file name in a sweep, and its text.
inline constexpr std::string_view kFrameworkKernelFile = "train_step_torch.py";
std::string_view frameworkKernelSource();

/// What the kernel accepts: precisions (fp16 autocast with a gradient scaler on GPUs only, tf32 on
/// Ampere or later) and graph compilers (none = eager; inductor = `torch.compile`, PyTorch ≥ 2).
const std::vector<std::string>& frameworkPrecisions();
const std::vector<std::string>& frameworkCompilers();

struct FrameworkKernelOptions {
    std::string workload, kind;
    std::string shapeJson;               ///< a transformer's shape, as the catalogue writes it
    std::vector<std::string> batches;    ///< ascending; each a positive whole number
    std::vector<std::string> precisions; ///< default fp32
    std::vector<std::string> compilers;  ///< default none
    std::string device = "auto";         ///< cpu, cuda, auto (a GPU when there is one)
    int threads = 0;                     ///< CPU threads (0: PyTorch's default)
    int steps = 10, warmup = 3;
};

/// The script's arguments (after its file name): each option and its value, unquoted.
std::vector<std::pair<std::string, std::string>>
frameworkKernelArguments(const FrameworkKernelOptions& options);

/// The shape of `workload` as the script reads it (the catalogue's JSON: layers, hidden, heads,
/// kv_heads, ffn, vocabulary, sequence, experts, active_experts, gated_ffn, causal), "" when it
/// has none. Catalogue files the catalogue reader does not take shapes from yet are searched for
/// the workload's `shape` object (`catalogFiles`, read as JSON).
std::string workloadShapeJson(const model::Workload& workload,
                              const std::vector<std::string>& catalogFiles);

/// The records of the script's output `lines`: `base` (deployment, configuration, job, workload,
/// the target's device) with each measurement's framework, precision, graph compiler, batch, device
/// and timing. The device is the catalogue's name of what the framework reported when the
/// catalogue knows it, else the target's catalogue device when that is the same kind (a CPU the
/// hypervisor hides, "AMD EPYC"), else the reported name. With `perMeasurement` the configuration
/// gains each measurement's batch_size, precision and graph_compiler (several in one run). No
/// measurement at all is one failed record saying so (with `exitStatus` when the script failed).
std::vector<BenchRecord> frameworkRecords(std::string_view lines, const BenchRecord& base,
                                          const model::Catalogue& catalogue, bool perMeasurement,
                                          int exitStatus);

} // namespace modak::calibrate
