// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Performance.h"

#include "modak/model/EmbeddedData.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace modak::model {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

bool isTensorPrecision(std::string_view p) {
    return p == "tf32" || p == "fp16" || p == "bf16" || p == "mixed";
}

/// Bytes of one activation element or gradient value at `precision`.
double elementBytes(std::string_view precision) {
    if (precision == "fp64")
        return 8;
    if (precision == "fp16" || precision == "bf16" || precision == "mixed")
        return 2;
    return 4;
}

/// Rough activation count when a custom workload gives none: FLOPs per activation element of
/// typical networks of the kind (ResNet-50 ≈ 1070, BERT-Base ≈ 2800).
double estimatedActivations(const Workload& w) {
    double ratio = w.kind == "transformer" ? 2500 : (w.kind == "mlp" ? 5000 : 1000);
    return w.flopsPerSample / ratio;
}

bool inVersionRange(const EffectRule& r, std::string_view version) {
    if (version.empty())
        return r.minVersion.empty() && r.maxVersion.empty() ? true : r.maxVersion.empty();
    if (!r.minVersion.empty() && compareVersions(version, r.minVersion) < 0)
        return false;
    if (!r.maxVersion.empty() && compareVersions(version, r.maxVersion) > 0 &&
        !versionMatches(r.maxVersion, version))
        return false;
    return true;
}

/// Ring all-reduce time of `bytes` over `n` participants with per-participant bandwidth `bw` (B/s)
/// and per-hop latency `latency` (s): 2(n−1)/n of the data crosses each link, in 2(n−1) steps.
double ringAllReduce(double bytes, int n, double bw, double latency) {
    if (n <= 1)
        return 0;
    return 2.0 * (n - 1) / n * bytes / bw + 2.0 * (n - 1) * latency;
}

std::string fmtFactor(double f) {
    return fmt::format("×{:.2f}", f);
}

} // namespace

double amdahlSpeedup(double f, double ranks) {
    f = std::clamp(f, 0.0, 1.0);
    ranks = std::max(1.0, ranks);
    return 1.0 / ((1.0 - f) + f / ranks);
}

int cpuDevicesPerNode(const Scenario& s) {
    return s.cpuRanksPerNode > 0 ? s.cpuRanksPerNode : std::max(1, s.cpuSockets);
}

std::optional<Prediction> predict(const Scenario& s, const Calibration& cal, std::string& error) {
    const Workload* w = s.workload;
    if (!w) {
        error = "no workload: name a built-in workload or describe one with flops_per_sample and "
                "parameters";
        return std::nullopt;
    }
    if (!(w->flopsPerSample > 0) || !std::isfinite(w->flopsPerSample) || !(w->parameters > 0)) {
        error =
            fmt::format("workload '{}' needs positive flops_per_sample and parameters", w->name);
        return std::nullopt;
    }
    if (s.batchPerDevice < 1 || s.batchPerDevice > 1'000'000'000) {
        error = fmt::format("the batch per device must be between 1 and 10^9, not {}",
                            s.batchPerDevice);
        return std::nullopt;
    }
    if (s.nodes < 1 || s.nodes > 100'000 || s.gpusPerNode < 0 || s.gpusPerNode > 64) {
        error = fmt::format(
            "{} nodes with {} GPUs each is outside the model's range (1..100000 nodes, 0..64 GPUs)",
            s.nodes, s.gpusPerNode);
        return std::nullopt;
    }
    if (s.samplesPerEpoch < 0 || s.samplesPerEpoch > 1e15 || !std::isfinite(s.samplesPerEpoch)) {
        error = fmt::format("{} samples per epoch is outside the model's range (1..10^15)",
                            s.samplesPerEpoch);
        return std::nullopt;
    }
    const bool onGpu = s.gpusPerNode > 0;
    if (onGpu && !s.gpu) {
        error = "a GPU job needs a GPU model";
        return std::nullopt;
    }
    if (!onGpu && !s.cpu) {
        error = "a CPU job needs a known CPU model";
        return std::nullopt;
    }
    if (s.nodes > 1 && !s.interconnect) {
        error = "more than one node needs an interconnect between the nodes";
        return std::nullopt;
    }

    Prediction p;
    const double batch = s.batchPerDevice;
    double activations =
        w->activationsPerSample > 0 ? w->activationsPerSample : estimatedActivations(*w);
    if (w->activationsPerSample <= 0)
        p.factors.push_back(
            fmt::format("activations estimated from FLOPs ({:.3g} per sample)", activations));
    const double bytesPerElement = elementBytes(s.precision);

    // ---- one device: compute + memory time per step
    double peak = 0, bandwidth = 0, utilisation = 0, overhead = 0;
    std::string precisionClass = "cuda_cores";
    if (onGpu) {
        std::string key = s.precision == "mixed" ? "fp16" : s.precision;
        auto it = s.gpu->peakTflops.find(key);
        if (it == s.gpu->peakTflops.end() && s.precision == "mixed")
            it = s.gpu->peakTflops.find("bf16");
        if (it == s.gpu->peakTflops.end() && s.precision == "tf32") {
            it = s.gpu->peakTflops.find("fp32"); // frameworks fall back to fp32 before Ampere
            p.factors.push_back(fmt::format("{} has no TF32: runs in fp32", s.gpu->name));
        }
        if (it == s.gpu->peakTflops.end()) {
            error = fmt::format("{} has no {} arithmetic", s.gpu->model, s.precision);
            return std::nullopt;
        }
        peak = it->second * 1e12;
        bool tensor = s.gpu->tensorCores && isTensorPrecision(s.precision) && it->first != "fp32";
        precisionClass = tensor ? "tensor_cores" : "cuda_cores";
        utilisation = tensor ? cal.gpuUtilisationTensorCores : cal.gpuUtilisationCudaCores;
        bandwidth = s.gpu->memoryBandwidthGBs * 1e9;
        overhead = cal.stepOverheadGpuSeconds;
    } else {
        // A CPU device is one rank: its share of the node's sockets (one socket by default); the
        // threads used scale the peak.
        const int sockets = std::max(1, s.cpuSockets);
        const double socketsPerRank = static_cast<double>(sockets) / cpuDevicesPerNode(s);
        int coresPerNode = s.cpu->cores * sockets;
        int used = s.cpuCores > 0 ? std::min(s.cpuCores, coresPerNode) : coresPerNode;
        double socketShare = static_cast<double>(used) / coresPerNode;
        peak = s.cpu->peakFlops(s.precision == "fp64") * socketShare * socketsPerRank;
        bandwidth = s.cpu->memoryBandwidthGBs * 1e9 * socketsPerRank;
        utilisation = cal.cpuUtilisation;
        overhead = cal.stepOverheadCpuSeconds;
        if (isTensorPrecision(s.precision) && s.precision != "bf16")
            p.factors.push_back(fmt::format("{} on a CPU computes in fp32", s.precision));
    }
    double computeSeconds = batch * w->flopsPerSample / (peak * utilisation);
    // The site's measured (STREAM) bandwidth is what is achieved; the catalogue's is a peak.
    double achievedBandwidth = bandwidth * cal.memoryUtilisation;
    const std::string& deviceName = onGpu ? s.gpu->name : s.cpu->name;
    if (auto it = cal.measuredMemoryBandwidthGBs.find(deviceName);
        it != cal.measuredMemoryBandwidthGBs.end() && it->second > 0) {
        achievedBandwidth = it->second * 1e9;
        p.factors.push_back(fmt::format("memory bandwidth of {} measured on the site: {:.1f} GB/s",
                                        deviceName, it->second));
    }
    double memorySeconds =
        batch * activations * bytesPerElement * cal.memoryTrafficFactor / achievedBandwidth;

    // ---- calibrated multiplicative effects
    double effect = 1;
    const std::string device = onGpu ? "gpu" : "cpu";
    // Framework efficiency is fitted per device kind: MXNet's fast GPU kernels say nothing of its
    // CPU.
    if (auto it = cal.frameworkEfficiency.find(s.framework + "/" + device);
        it != cal.frameworkEfficiency.end() && it->second > 0) {
        effect *= it->second;
        if (std::abs(it->second - 1) > 1e-9)
            p.factors.push_back(fmt::format("{} on the {} (fitted): {}", s.framework,
                                            onGpu ? "GPU" : "CPU", fmtFactor(it->second)));
    }
    if (auto it = cal.workloadEfficiency.find(w->name);
        it != cal.workloadEfficiency.end() && it->second > 0) {
        effect *= it->second;
        p.factors.push_back(fmt::format("{} runs at {} of its nominal FLOP time (fitted)", w->name,
                                        fmtFactor(1 / it->second)));
    }
    const std::string& arch = onGpu ? s.gpu->architecture : s.cpu->microarchitecture;
    if (auto it = cal.architectureEfficiency.find(arch);
        !arch.empty() && it != cal.architectureEfficiency.end() && it->second > 0) {
        effect *= it->second;
        p.factors.push_back(
            fmt::format("{} kernel efficiency {} (fitted)", arch, fmtFactor(it->second)));
    }
    for (const auto& r : cal.effects) {
        if ((!r.framework.empty() && r.framework != s.framework) ||
            (!r.device.empty() && r.device != device) || (!r.build.empty() && r.build != s.build) ||
            (!r.graphCompiler.empty() && r.graphCompiler != s.graphCompiler) ||
            (!r.precisionClass.empty() && r.precisionClass != precisionClass) ||
            !inVersionRange(r, s.version))
            continue;
        effect *= r.factor;
        p.factors.push_back(fmt::format("{}: {}{}", r.why, fmtFactor(r.factor),
                                        r.source.empty() ? "" : " (" + r.source + ")"));
    }
    double deviceStep = (computeSeconds + memorySeconds) / effect + overhead;

    // ---- gradient all-reduce: ring within the node, then between nodes (hierarchical)
    const int perNode = onGpu ? s.gpusPerNode : cpuDevicesPerNode(s);
    const int devices = perNode * s.nodes;
    // Mixed precision keeps fp32 master gradients; only pure fp16/bf16 training reduces 2-byte
    // ones.
    // Sharded strategies move more (weights gathered as well as gradients reduced): the traffic
    // in all-reduce equivalents.
    const double traffic = s.strategy ? s.strategy->gradientTraffic : 1.0;
    const double gradientBytes =
        traffic * w->parameters * (s.precision == "fp16" || s.precision == "bf16" ? 2.0 : 4.0);
    if (traffic != 1.0 && devices > 1)
        p.factors.push_back(fmt::format("{}: gradient traffic ×{:.3g} of an all-reduce (ZeRO, "
                                        "Rajbhandari et al. 2020)",
                                        s.strategy->name, traffic));
    double comm = 0;
    if (perNode > 1) {
        double peerBw = onGpu ? s.gpu->peerBandwidthGBs * 1e9 : s.cpu->memoryBandwidthGBs * 1e9 / 2;
        comm += ringAllReduce(gradientBytes, perNode, peerBw * cal.collectiveEfficiency, 5e-6);
    }
    if (s.nodes > 1) {
        double linkBw = s.interconnect->bandwidthGBs * 1e9 * cal.collectiveEfficiency;
        double latency = s.interconnect->latencyUs * 1e-6;
        if (auto it = cal.measuredInterconnects.find(s.interconnect->name);
            it != cal.measuredInterconnects.end() && it->second.bandwidthGBs > 0) {
            linkBw = it->second.bandwidthGBs * 1e9;
            latency = it->second.latencyUs * 1e-6;
            p.factors.push_back(
                fmt::format("{} measured on the site: {:.3g} GB/s, {:.3g} µs per message",
                            s.interconnect->name, it->second.bandwidthGBs, it->second.latencyUs));
        }
        comm += ringAllReduce(gradientBytes, s.nodes, linkBw, latency);
    }
    // The backward pass is about two thirds of the step; buckets of gradients are reduced while it
    // runs.
    double hidden = cal.overlap * (2.0 / 3.0) * (deviceStep - overhead);
    double exposedComm = std::max(0.0, comm - hidden);
    // Every step ends in a synchronisation whose cost (stragglers, barriers) grows with the tree
    // depth.
    if (devices > 1)
        exposedComm += cal.syncSecondsPerDoubling * std::log2(static_cast<double>(devices));

    // ---- input I/O per node
    double io = 0;
    if (s.storage && w->sampleBytes > 0) {
        double bw = s.storage->readGBsPerNode * 1e9;
        if (s.storage->shared && s.storage->aggregateReadGBs)
            bw = std::min(bw, *s.storage->aggregateReadGBs * 1e9 / s.nodes);
        io = batch * perNode * w->sampleBytes / bw + s.storage->latencyMs * 1e-3;
    }
    double stepSeconds = 0;
    double exposedIo = 0;
    if (s.prefetch) {
        double busy = deviceStep + exposedComm;
        exposedIo = std::max(0.0, io - busy);
    } else {
        exposedIo = io;
    }
    stepSeconds = deviceStep + exposedComm + exposedIo;

    p.devices = devices;
    p.stepSeconds = stepSeconds;
    p.step = {deviceStep, exposedComm, exposedIo};
    p.throughput = batch * devices / stepSeconds;
    // Single device: same configuration, no communication, its own share of the I/O.
    double singleIo = s.storage && w->sampleBytes > 0
                          ? batch * w->sampleBytes / (s.storage->readGBsPerNode * 1e9)
                          : 0;
    double singleStep = deviceStep + (s.prefetch ? std::max(0.0, singleIo - deviceStep) : singleIo);
    p.singleDeviceThroughput = batch / singleStep;
    p.efficiency = p.throughput / (devices * p.singleDeviceThroughput);
    double samples =
        s.samplesPerEpoch > 0 ? s.samplesPerEpoch : (w->datasetSamples > 0 ? w->datasetSamples : 0);
    p.epochSeconds = samples > 0 ? samples / p.throughput : 0;
    // Adam-style training keeps weights, gradients and two moments (16 B a parameter in fp32);
    // sharded strategies split part of it across the devices.
    const double replicated = s.strategy ? s.strategy->replicatedBytesPerParameter : 16.0;
    const double sharded = s.strategy ? s.strategy->shardedBytesPerParameter : 0.0;
    p.memoryPerDeviceBytes =
        w->parameters * (replicated + sharded / devices) + batch * activations * bytesPerElement;

    if (!std::isfinite(p.throughput) || !std::isfinite(p.epochSeconds) || p.throughput <= 0) {
        error = "the model produced no finite prediction for these numbers";
        return std::nullopt;
    }
    return p;
}

// ---- memory fit: one check for `modak plan` and `modak predict`

bool fitsInMemory(const Scenario& s, const Prediction& p) {
    // Only a GPU's memory is a hard limit the model knows; a CPU job's host memory is not part of
    // the scenario.
    if (s.gpusPerNode <= 0 || !s.gpu || !(s.gpu->memoryGiB > 0))
        return true;
    return p.memoryPerDeviceBytes <= s.gpu->memoryGiB * 1073741824.0;
}

std::optional<int> largestBatchThatFits(const Scenario& s, const Calibration& cal) {
    // Memory grows with the batch (activations), so the largest fitting batch is found by
    // bisection with the model itself: whatever it counts (sharding, recompute) counts here too.
    auto fits = [&](int batch) {
        Scenario t = s;
        t.batchPerDevice = batch;
        std::string error;
        auto p = predict(t, cal, error);
        return p && fitsInMemory(t, *p);
    };
    if (fits(s.batchPerDevice))
        return s.batchPerDevice;
    if (s.batchPerDevice <= 1 || !fits(1))
        return std::nullopt;
    int lo = 1, hi = s.batchPerDevice; // lo fits, hi does not
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

} // namespace modak::model
