// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Performance.h"

#include "modak/model/Accuracy.h"
#include "modak/model/EmbeddedData.h"
#include "modak/model/Transformer.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace modak::model {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

bool isFp8(std::string_view p) {
    return p.starts_with("fp8");
}

bool isTensorPrecision(std::string_view p) {
    return p == "tf32" || p == "fp16" || p == "bf16" || p == "mixed" || isFp8(p);
}

/// Bytes of one activation element or gradient value at `precision`. FP8 training casts to fp8
/// inside the linear layers only: what travels between layers stays in bf16.
double elementBytes(std::string_view precision) {
    if (precision == "fp64")
        return 8;
    if (precision == "fp16" || precision == "bf16" || precision == "mixed" || isFp8(precision))
        return 2;
    return 4;
}

/// The share of a workload's FLOPs in GEMMs of its weights, the ones FP8 training runs in fp8
/// (Transformer Engine, torchao's Float8Linear); the attention core stays in bf16. A transformer
/// says it by its shape; other workloads are taken to be all weight GEMMs.
double weightGemmShare(const TransformerCounts& c) {
    if (!(c.forwardFlopsPerToken > 0))
        return 1;
    return std::clamp(1 - c.attentionForwardFlopsPerToken / c.forwardFlopsPerToken, 0.0, 1.0);
}
double weightGemmShare(const Workload& w, bool eagerAttention) {
    return w.shape ? weightGemmShare(transformerCounts(*w.shape, eagerAttention)) : 1;
}

/// The plan's line for weight GEMMs too small to fill the GPU's waves.
std::string smallGemmsFactor(const Gpu& gpu, double tokens, double waves) {
    return fmt::format("small GEMMs: {:.0f} tokens a pass leave some of {}'s {} multiprocessors "
                       "idle in the last wave of 128 × 128 output tiles: weight GEMMs ×{:.2f}",
                       tokens, gpu.name, gpu.multiprocessors, waves);
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

/// The rails a hierarchical all-reduce's inter-node stage runs on: after the reduce-scatter
/// inside the node (or domain), each of `shards` devices holds its part of the bytes and sends it
/// over its own port, so min(ports, shards) rings of bytes ÷ rails run side by side.
int networkRails(const Scenario& s, int shards) {
    return std::max(1, std::min(s.networkPorts, shards));
}

std::string fmtFactor(double f) {
    return fmt::format("×{:.2f}", f);
}

/// What eager attention (Scenario::attention) adds to a shaped transformer's training step, per
/// sample: all zero with FlashAttention or without a shape.
struct EagerAttention {
    double flops = 0;    ///< training FLOPs: the masked half of a causal model's scores
    double scores = 0;   ///< score elements per sample and layer: sequence × heads × sequence
    ScoresTraffic bytes; ///< DRAM bytes per score element (Transformer.h)
    bool on() const { return scores > 0; }
};

EagerAttention eagerAttentionOf(const Scenario& s, double bytesPerElement) {
    EagerAttention e;
    const Workload* w = s.workload;
    if (s.attention != "eager" || !w || !w->shape || !shapeProblem(*w->shape).empty())
        return e;
    const double seq = tokensPerSample(*w->shape);
    // A stated FLOP count is FlashAttention's; eager attention adds the masked scores (forward
    // and the two backward GEMMs: 3 × the forward's).
    e.flops = 3 * seq *
              (transformerCounts(*w->shape, true).attentionForwardFlopsPerToken -
               transformerCounts(*w->shape, false).attentionForwardFlopsPerToken);
    e.scores = seq * transformerCounts(*w->shape).scoresPerTokenPerLayer;
    e.bytes = eagerScoresTraffic(bytesPerElement);
    return e;
}

/// The plan's line for eager attention: what the scores cost a device per step.
std::string eagerAttentionFactor(const EagerAttention& e, double seconds, double keptBytes) {
    return fmt::format("eager attention (no FlashAttention): the s × s scores move {:.1f} B an "
                       "element forward and {:.1f} B backward, {:.3g} s a step at the memory "
                       "bandwidth; {:.2f} GiB kept for the backward pass; a causal mask skips no "
                       "FLOPs",
                       e.bytes.forward, e.bytes.backward, seconds, keptBytes / 1073741824.0);
}

/// What one device achieves, as predict() derived it from the hardware and the calibration.
struct DeviceRate {
    double flops = 0;       ///< achieved FLOP/s
    double bandwidth = 0;   ///< achieved memory bandwidth, B/s
    double effect = 1;      ///< calibrated effects (framework, build, graph compiler)
    double overhead = 0;    ///< seconds per step (per micro-batch with a layout)
    double activations = 0; ///< activation elements per sample
    double bytesPerElement = 4;
    double trafficFactor = 0; ///< DRAM bytes per activation element and byte of width
    EagerAttention eager;     ///< what eager attention adds
};

void predictDataParallel(const Scenario& s, const Calibration& cal, double deviceSeconds,
                         double effect, double overhead, double activations, double bytesPerElement,
                         Prediction& p, bool explain);
bool predictLayout(const Scenario& s, const Calibration& cal, const DeviceRate& rate, Prediction& p,
                   std::string& error, bool explain);

} // namespace

double fp32IssueFraction(const Gpu& gpu, double integerPerFp) {
    if (gpu.vendor != "nvidia")
        return 1; // AMD: 64-wide wavefronts on SIMD16 issue over 4 clocks; a scalar unit does
                  // the integers
    // "major.minor"; the planner and the fit ask this for every candidate, so no sscanf.
    int major = 0, minor = 0;
    const std::string_view cc = gpu.computeCapability;
    const auto [rest, ec] = std::from_chars(cc.data(), cc.data() + cc.size(), major);
    if (ec != std::errc())
        return 1;
    if (rest != cc.data() + cc.size() && *rest == '.')
        std::from_chars(rest + 1, cc.data() + cc.size(), minor);
    // FP32 lanes per SM partition (one warp scheduler each) and whether INT32 has its own pipe.
    double lanes = 32;
    bool ownIntegerPipe = false;
    if (major == 3) {
        lanes = 48; // Kepler: 192 lanes, 4 schedulers; filling them needs dual issue
    } else if (major == 7 || (major == 8 && minor == 0)) {
        lanes = 16; // Volta, Turing, GA100: 64 lanes; a warp instruction occupies two clocks
        ownIntegerPipe = true;
    } else if (major == 9) {
        ownIntegerPipe = true; // Hopper: 128 FP32 and 64 INT32 lanes per SM
    }
    // Per FP32 instruction: the lanes are busy 32 / lanes clocks (1 + r with integers on
    // them); the scheduler issues 1 + r instructions, one a clock.
    const double r = std::max(0.0, integerPerFp);
    const double laneClocks = 32 / lanes * (ownIntegerPipe ? 1 : 1 + r);
    const double issueClocks = 1 + r;
    return (32 / lanes) / std::max(laneClocks, issueClocks);
}

double deviceSeconds(double compute, double memory, double serial) {
    return std::max(compute, memory) + std::clamp(serial, 0.0, 1.0) * std::min(compute, memory);
}

namespace {
/// Blom's approximation solved by Newton on Φ(x) = p from 0: Φ is concave there, so the steps
/// approach from below.
double blomMaximum(int n) {
    const double p = (n - 0.375) / (n + 0.25);
    double x = 0;
    for (int i = 0; i < 60; ++i) {
        const double cdf = 0.5 * std::erfc(-x / std::sqrt(2.0));
        const double pdf = std::exp(-0.5 * x * x) / std::sqrt(2 * std::numbers::pi);
        const double step = (p - cdf) / pdf;
        x += step;
        if (std::abs(step) < 1e-9)
            break;
    }
    return x;
}
} // namespace

double expectedMaxOfNormals(int n) {
    if (n <= 1)
        return 0;
    // The planner asks for the same small device counts thousands of times.
    constexpr int kTabled = 1024;
    static const std::vector<double> table = [] {
        std::vector<double> t(kTabled + 1, 0.0);
        for (int i = 2; i <= kTabled; ++i)
            t[i] = blomMaximum(i);
        return t;
    }();
    return n <= kTabled ? table[n] : blomMaximum(n);
}

double amdahlSpeedup(double f, double ranks) {
    f = std::clamp(f, 0.0, 1.0);
    ranks = std::max(1.0, ranks);
    return 1.0 / ((1.0 - f) + f / ranks);
}

int peerDomainSize(const Scenario& s) {
    const int perNode = s.gpusPerNode > 0 ? s.gpusPerNode : cpuDevicesPerNode(s);
    if (s.gpu && s.gpu->peerDomainGpus > perNode)
        return std::min(s.gpu->peerDomainGpus, perNode * std::max(1, s.nodes));
    return perNode;
}

/// What a synchronous step adds to its collectives: a synchronisation that grows with the depth of
/// the tree of devices, and the wait for the slowest device (its step lags by the spread of step
/// times). The fitted `sync_seconds_per_doubling` comes from runs on one node's 2–8 devices (no
/// calibration row spans two nodes), so it prices the doublings inside a peer-link domain; between
/// domains a doubling of the tree costs what the network's messages cost, its latency there and
/// back.
double synchronisationSeconds(const Calibration& cal, int devices, int domain,
                              double networkLatency, double compute) {
    if (devices <= 1)
        return 0;
    const int inside = std::clamp(domain, 1, devices);
    const double between = static_cast<double>(devices) / inside;
    return cal.syncSecondsPerDoubling * std::log2(static_cast<double>(inside)) +
           2 * networkLatency * std::log2(between) +
           cal.stepTimeVariation * compute * expectedMaxOfNormals(devices);
}

int cpuDevicesPerNode(const Scenario& s) {
    return s.cpuRanksPerNode > 0 ? s.cpuRanksPerNode : std::max(1, s.cpuSockets);
}

std::string precisionClassName(const Scenario& s) {
    if (s.gpusPerNode <= 0 || !s.gpu)
        return "cuda_cores";
    std::string key = s.precision == "mixed" ? "fp16" : (isFp8(s.precision) ? "fp8" : s.precision);
    bool has = s.gpu->peakTflops.contains(key) ||
               (s.precision == "mixed" && s.gpu->peakTflops.contains("bf16"));
    return s.gpu->tensorCores && isTensorPrecision(s.precision) && has ? "tensor_cores"
                                                                       : "cuda_cores";
}

std::string frameworkKey(const Scenario& s) {
    if (s.gpusPerNode <= 0)
        return s.framework + "/cpu";
    return s.framework + "/gpu/" + precisionClassName(s);
}

std::optional<Prediction> predict(const Scenario& s, const Calibration& cal, std::string& error,
                                  Explain detail) {
    const bool explain = detail == Explain::Factors;
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
    if (explain && w->activationsPerSample <= 0)
        p.factors.push_back(
            fmt::format("activations estimated from FLOPs ({:.3g} per sample)", activations));
    const double bytesPerElement = elementBytes(s.precision);
    const EagerAttention eager = eagerAttentionOf(s, bytesPerElement);
    const double flopsPerSample = w->flopsPerSample + eager.flops;
    // Eager attention adds the scores to the shape's own (FlashAttention's) activations; a
    // stated count may hold them already (the older entries count scores and softmax).
    if (eager.on())
        activations = shapeActivationsPerSample(*w->shape);
    if (explain && s.attention == "eager" && !eager.on())
        p.factors.push_back(fmt::format("attention = eager changes nothing here: workload '{}' "
                                        "has no transformer shape to size its scores",
                                        w->name));

    // ---- one device: compute + memory time per step
    double peak = 0, bandwidth = 0, utilisation = 0, overhead = 0;
    std::string precisionClass = "cuda_cores";
    if (onGpu) {
        std::string key =
            s.precision == "mixed" ? "fp16" : (isFp8(s.precision) ? "fp8" : s.precision);
        auto it = s.gpu->peakTflops.find(key);
        if (it == s.gpu->peakTflops.end() && s.precision == "mixed")
            it = s.gpu->peakTflops.find("bf16");
        if (it == s.gpu->peakTflops.end() && s.precision == "tf32") {
            it = s.gpu->peakTflops.find("fp32"); // frameworks fall back to fp32 before Ampere
            if (explain)
                p.factors.push_back(fmt::format("{} has no TF32: runs in fp32", s.gpu->name));
        }
        if (it == s.gpu->peakTflops.end()) {
            // The catalogue's peaks are what the model knows: a GPU without the arithmetic (bf16 on
            // a V100) and one whose vendor publishes no figure for it (the A10G's tensor cores)
            // read the same here, so the message says what the catalogue lacks, and what would do.
            std::string known;
            for (const auto& [precision, tflops] : s.gpu->peakTflops)
                known += (known.empty() ? "" : ", ") + precision;
            error = fmt::format("{} has no {} peak in the catalogue (it has {}): use one of those, "
                                "or add the peak in a catalogue file (--catalog)",
                                s.gpu->model, s.precision, known.empty() ? "none" : known);
            return std::nullopt;
        }
        peak = it->second * 1e12;
        if (isFp8(s.precision)) {
            // Only the weight GEMMs run in fp8; the rest at the bf16 rate.
            auto half = s.gpu->peakTflops.find("bf16");
            if (half == s.gpu->peakTflops.end())
                half = s.gpu->peakTflops.find("fp16");
            const double share = weightGemmShare(*w, eager.on());
            if (half != s.gpu->peakTflops.end() && share < 1) {
                peak = 1 / (share / peak + (1 - share) / (half->second * 1e12));
                if (explain)
                    p.factors.push_back(fmt::format(
                        "fp8: {:.0f} % of the FLOPs (the weight GEMMs) at the fp8 peak, the rest "
                        "in bf16",
                        100 * share));
            }
        }
        bool tensor = s.gpu->tensorCores && isTensorPrecision(s.precision) && it->first != "fp32";
        precisionClass = tensor ? "tensor_cores" : "cuda_cores";
        utilisation = tensor ? cal.gpuUtilisationTensorCores : cal.gpuUtilisationCudaCores;
        if (!tensor) {
            const double issue = fp32IssueFraction(*s.gpu, cal.integerPerFpInstruction);
            utilisation *= issue;
            if (explain && issue < 0.999)
                p.factors.push_back(fmt::format(
                    "{} (compute capability {}) issues FP32 at {:.0f} % of its lanes' rate "
                    "beside {:.2g} integer instructions per FP32 one",
                    s.gpu->name, s.gpu->computeCapability, 100 * issue,
                    cal.integerPerFpInstruction));
        }
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
        if (explain && isTensorPrecision(s.precision) && s.precision != "bf16")
            p.factors.push_back(fmt::format("{} on a CPU computes in fp32", s.precision));
    }
    double computeSeconds = batch * flopsPerSample / (peak * utilisation);
    // The site's measured (STREAM) bandwidth is what is achieved; the catalogue's is a peak.
    double achievedBandwidth = bandwidth * cal.memoryUtilisation;
    const std::string& deviceName = onGpu ? s.gpu->name : s.cpu->name;
    if (auto it = cal.measuredMemoryBandwidthGBs.find(deviceName);
        it != cal.measuredMemoryBandwidthGBs.end() && it->second > 0) {
        achievedBandwidth = it->second * 1e9;
        if (explain)
            p.factors.push_back(
                fmt::format("memory bandwidth of {} measured on the site: {:.1f} GB/s", deviceName,
                            it->second));
    }
    double trafficFactor = onGpu ? cal.memoryTrafficFactor : cal.memoryTrafficFactorCpu;

    const std::string device = onGpu ? "gpu" : "cpu";
    auto applies = [&](const EffectRule& r) {
        return (r.framework.empty() || r.framework == s.framework) &&
               (r.device.empty() || r.device == device) &&
               (r.build.empty() || r.build == s.build) &&
               (r.graphCompiler.empty() || r.graphCompiler == s.graphCompiler) &&
               (r.precisionClass.empty() || r.precisionClass == precisionClass) &&
               (r.precisions.empty() || std::find(r.precisions.begin(), r.precisions.end(),
                                                  s.precision) != r.precisions.end()) &&
               inVersionRange(r, s.version);
    };
    // Tensor cores convolve NHWC: a channels-first CNN has its activations transposed around
    // every convolution, unless the image runs them channels-last.
    double transposes = 0;
    if (onGpu && w->kind == "cnn" && precisionClass == "tensor_cores" &&
        cal.nchwTransposeTraffic > 0) {
        transposes = cal.nchwTransposeTraffic;
        auto rule = std::find_if(cal.effects.begin(), cal.effects.end(),
                                 [&](const EffectRule& r) { return r.channelsLast && applies(r); });
        if (rule != cal.effects.end()) {
            transposes = 0;
            if (explain)
                p.factors.push_back(fmt::format("{} ({})", rule->why, rule->source));
        } else {
            if (explain)
                p.factors.push_back(fmt::format(
                    "channels-first convolutions on tensor cores: {:.2g}× the activation "
                    "traffic more for layout transposes (fitted)",
                    transposes / trafficFactor));
        }
    }
    double memorySeconds =
        batch * activations * bytesPerElement * (trafficFactor + transposes) / achievedBandwidth;

    // ---- calibrated multiplicative effects
    double effect = 1;
    // Framework efficiency is fitted per device kind: MXNet's fast GPU kernels say nothing of its
    // CPU; on a GPU per precision class, as its advantage (NHWC layouts, fused batch norm) is a
    // half-precision one.
    auto framework = cal.frameworkEfficiency.find(frameworkKey(s));
    if (framework == cal.frameworkEfficiency.end())
        framework = cal.frameworkEfficiency.find(s.framework + "/" + device);
    if (auto it = framework; it != cal.frameworkEfficiency.end() && it->second > 0) {
        effect *= it->second;
        if (explain && std::abs(it->second - 1) > 1e-9)
            p.factors.push_back(fmt::format("{} on the {} (fitted): {}", s.framework,
                                            onGpu ? "GPU" : "CPU", fmtFactor(it->second)));
    }
    if (auto it = cal.workloadEfficiency.find(w->name);
        it != cal.workloadEfficiency.end() && it->second > 0) {
        effect *= it->second;
        if (explain)
            p.factors.push_back(fmt::format("{} runs at {} of its nominal FLOP time (fitted)",
                                            w->name, fmtFactor(1 / it->second)));
    }
    // A GPU architecture's kernel maturity is known for its CUDA-core work only (Fit.cpp).
    const std::string& arch = onGpu ? s.gpu->architecture : s.cpu->microarchitecture;
    if (auto it = cal.architectureEfficiency.find(arch);
        !arch.empty() && (!onGpu || precisionClass == "cuda_cores") &&
        it != cal.architectureEfficiency.end() && it->second > 0) {
        effect *= it->second;
        if (explain)
            p.factors.push_back(
                fmt::format("{} kernel efficiency {} (fitted)", arch, fmtFactor(it->second)));
    }
    for (const auto& r : cal.effects) {
        if (!applies(r))
            continue;
        if (r.channelsLast && r.factor == 1)
            continue; // a layout fact, said above
        effect *= r.factor;
        if (explain)
            p.factors.push_back(fmt::format("{}: {}{}", r.why, fmtFactor(r.factor),
                                            r.source.empty() ? "" : " (" + r.source + ")"));
    }
    if (s.layout) {
        const DeviceRate rate{
            peak * utilisation, achievedBandwidth,          effect, overhead, activations,
            bytesPerElement,    trafficFactor + transposes, eager};
        if (!predictLayout(s, cal, rate, p, error, explain))
            return std::nullopt;
    } else {
        // A transformer's weight GEMMs multiply the whole batch's tokens in one pass here; small
        // ones leave multiprocessors idle in their last wave (a layout counts its micro-batches').
        if (onGpu && w->shape) {
            const double tokens = batch * tokensPerSample(*w->shape);
            const double waves = weightGemmWaveFactor(*w->shape, tokens, 1, s.gpu->multiprocessors);
            if (waves > 1) {
                const double share = weightGemmShare(*w, eager.on());
                computeSeconds *= share * waves + 1 - share;
                if (explain && waves > 1.01)
                    p.factors.push_back(smallGemmsFactor(*s.gpu, tokens, waves));
            }
        }
        // Eager attention's softmax and dropout are kernels of their own between the attention
        // GEMMs, memory-bound, with nothing to overlap: their traffic adds to the step.
        const double scoresSeconds = eager.on() ? batch * w->shape->layers * eager.scores *
                                                      (eager.bytes.forward + eager.bytes.backward) /
                                                      achievedBandwidth
                                                : 0;
        predictDataParallel(
            s, cal,
            deviceSeconds(computeSeconds, memorySeconds, onGpu ? cal.computeMemorySerial : 1) +
                scoresSeconds,
            effect, overhead, activations, bytesPerElement, p, explain);
        if (eager.on()) {
            const double kept = batch * w->shape->layers * eager.scores * eager.bytes.kept;
            p.memory.activations += kept;
            p.memoryPerDeviceBytes = p.memory.total();
            if (explain)
                p.factors.push_back(eagerAttentionFactor(eager, scoresSeconds / effect, kept));
        }
    }
    if (!std::isfinite(p.throughput) || !std::isfinite(p.epochSeconds) || p.throughput <= 0) {
        error = "the model produced no finite prediction for these numbers";
        return std::nullopt;
    }
    if (w->shape)
        p.tokensPerSecond = p.throughput * tokensPerSample(*w->shape);
    if (explain)
        p.interval = predictionInterval(s, p, cal);
    return p;
}

namespace {

void predictDataParallel(const Scenario& s, const Calibration& cal, double deviceSeconds,
                         double effect, double overhead, double activations, double bytesPerElement,
                         Prediction& p, bool explain) {
    const Workload* w = s.workload;
    const bool onGpu = s.gpusPerNode > 0;
    const double batch = s.batchPerDevice;
    double deviceStep = deviceSeconds / effect + overhead;

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
    if (explain && traffic != 1.0 && devices > 1)
        p.factors.push_back(fmt::format("{}: gradient traffic ×{:.3g} of an all-reduce (ZeRO, "
                                        "Rajbhandari et al. 2020)",
                                        s.strategy->name, traffic));
    double comm = 0;
    double networkLatency = 0;
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
            if (explain)
                p.factors.push_back(fmt::format(
                    "{} measured on the site: {:.3g} GB/s, {:.3g} µs per message",
                    s.interconnect->name, it->second.bandwidthGBs, it->second.latencyUs));
        }
        // Hierarchical: the ring inside the node leaves each GPU a 1/perNode shard, which
        // crosses the network over its own port where the node has one a GPU.
        const int rails = networkRails(s, perNode);
        const double network = ringAllReduce(gradientBytes / rails, s.nodes, linkBw, latency);
        if (explain && rails > 1)
            p.factors.push_back(fmt::format(
                "gradient all-reduce between nodes on {} ports of {}: {:.3g} MB a port, {:.3g} s",
                rails, s.interconnect->name, gradientBytes / rails / 1e6, network));
        comm += network;
        networkLatency = latency;
    }
    // The backward pass is about two thirds of the step; buckets of gradients are reduced while it
    // runs.
    double hidden = cal.overlap * (2.0 / 3.0) * (deviceStep - overhead);
    double exposedComm = std::max(0.0, comm - hidden);
    // Every step ends in a synchronisation and waits for the slowest device.
    exposedComm += synchronisationSeconds(cal, devices, peerDomainSize(s), networkLatency,
                                          deviceStep - overhead);

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
    const double state = w->parameters * (replicated + sharded / devices);
    p.memory.weights = state * 4 / 16; // the 16 B: weights 4, gradients 4, two moments 8
    p.memory.gradients = state * 4 / 16;
    p.memory.optimizer = state * 8 / 16;
    p.memory.activations = batch * activations * bytesPerElement;
    p.memoryPerDeviceBytes = p.memory.total();
}

} // namespace

namespace {

/// A link a collective runs on: bandwidth (B/s, as achieved) and latency per message (s).
struct Link {
    double bandwidth = 0, latency = 0;
    std::string name;
};

/// Megatron's rank order puts tensor parallelism innermost, then context, expert/data and
/// pipeline outermost; a group spanning `span` consecutive ranks stays on the GPUs' peer links
/// when it fits in one NVLink/xGMI domain.
struct Links {
    Link peer, network;
    int domain = 1;
    const Link& forSpan(int span) const { return span <= domain ? peer : network; }
};

Links linksOf(const Scenario& s, const Calibration& cal) {
    Links l;
    l.domain = peerDomainSize(s);
    const double peerBw =
        s.gpu ? s.gpu->peerBandwidthGBs * 1e9 : (s.cpu ? s.cpu->memoryBandwidthGBs * 1e9 / 2 : 1e9);
    l.peer = {peerBw * cal.collectiveEfficiency, 5e-6, s.gpu ? s.gpu->peerLink : "memory"};
    if (s.interconnect) {
        l.network = {s.interconnect->bandwidthGBs * 1e9 * cal.collectiveEfficiency,
                     s.interconnect->latencyUs * 1e-6, s.interconnect->name};
        if (auto it = cal.measuredInterconnects.find(s.interconnect->name);
            it != cal.measuredInterconnects.end() && it->second.bandwidthGBs > 0)
            l.network = {it->second.bandwidthGBs * 1e9, it->second.latencyUs * 1e-6,
                         s.interconnect->name};
    } else {
        l.network = l.peer; // one node: every group is on it
    }
    return l;
}

bool predictLayout(const Scenario& s, const Calibration& cal, const DeviceRate& rate, Prediction& p,
                   std::string& error, bool explain) {
    const Workload& w = *s.workload;
    const ParallelLayout& L = *s.layout;
    const int perNode = s.gpusPerNode > 0 ? s.gpusPerNode : cpuDevicesPerNode(s);
    const int devices = perNode * s.nodes;
    const int t = L.tensor, pp = L.pipeline, cp = L.context, ep = L.expert;
    if (t < 1 || pp < 1 || cp < 1 || ep < 1 || L.microbatches < 1 || L.virtualStages < 1 ||
        L.zeroStage < 0 || L.zeroStage > 3) {
        error = "parallel degrees, microbatches and virtual stages are at least 1; zero is 0..3";
        return false;
    }
    const int modelParallel = t * pp * cp;
    if (devices % modelParallel != 0) {
        error = fmt::format("tensor × pipeline × context = {} does not divide the {} devices",
                            modelParallel, devices);
        return false;
    }
    const int dp = L.dataParallel(devices);
    const TransformerShape* shape = w.shape ? &*w.shape : nullptr;
    if (!shape && (t > 1 || pp > 1 || cp > 1 || ep > 1)) {
        error = fmt::format("tensor, pipeline, context and expert parallelism split a "
                            "transformer by its shape; workload '{}' has none",
                            w.name);
        return false;
    }
    const TransformerCounts counts =
        shape ? transformerCounts(*shape, rate.eager.on()) : TransformerCounts{};
    if (shape) {
        const int kv = shape->kvHeads > 0 ? shape->kvHeads : shape->heads;
        if (shape->heads % t != 0 || kv % t != 0) {
            error = fmt::format("tensor parallelism {} must divide the {} attention heads and "
                                "the {} key-value heads",
                                t, shape->heads, kv);
            return false;
        }
        if (pp * L.virtualStages > shape->layers) {
            error = fmt::format("{} pipeline stages × {} virtual stages exceed the {} layers", pp,
                                L.virtualStages, shape->layers);
            return false;
        }
        if (shape->sequence % cp != 0) {
            error = fmt::format("context parallelism {} must divide the sequence of {} tokens", cp,
                                shape->sequence);
            return false;
        }
        if (ep > 1 && (shape->experts % ep != 0 || dp % ep != 0)) {
            error = fmt::format("expert parallelism {} must divide the {} experts and the "
                                "data-parallel degree {}",
                                ep, shape->experts, dp);
            return false;
        }
    }
    const int m = L.microbatches;
    if (s.batchPerDevice % m != 0) {
        error = fmt::format("{} microbatches must divide the batch of {} per data-parallel "
                            "replica",
                            m, s.batchPerDevice);
        return false;
    }
    const double batch = s.batchPerDevice; // per data-parallel replica and step
    const double micro = batch / m;
    const double split = static_cast<double>(t) * pp * cp;
    const bool lora = s.fineTuning == "lora";
    const double layers = shape ? shape->layers : 1;
    const double stageLayers = shape ? std::ceil(layers / pp) : 1;
    const double seq = shape ? tokensPerSample(*shape) : 1; // tokens a sample computes
    const double h = shape ? shape->hidden : 0;
    const double b = rate.bytesPerElement;

    // ---- compute: the FLOPs of a step split over the model-parallel group. Frozen weights need
    // no weight gradients (LoRA: the backward pass is half as long); recomputation repeats the
    // forward pass (full) or the attention core (selective).
    const EagerAttention& eager = rate.eager;
    const double sampleFlops = w.flopsPerSample + eager.flops;
    double flops = sampleFlops;
    if (lora)
        flops *= 2.0 / 3.0;
    if (L.recompute == "full")
        flops += sampleFlops / 3;
    else if (L.recompute == "selective" && shape)
        flops += counts.attentionForwardFlopsPerToken * seq;
    // Eager attention's scores: forward and backward, and forward again when recompute repeats
    // the attention core (full or selective); separate memory-bound kernels, not overlapped.
    const double scoresSeconds =
        batch * layers * eager.scores *
        (eager.bytes.forward * (L.recompute == "none" ? 1 : 2) + eager.bytes.backward) / split /
        rate.bandwidth;
    // Small GEMMs leave multiprocessors idle in their last wave: the weight GEMMs of one
    // pass multiply a micro-batch's tokens by this device's shard of each matrix.
    const double waves =
        shape && s.gpu ? weightGemmWaveFactor(*shape, micro * seq / cp, t, s.gpu->multiprocessors)
                       : 1.0;
    const double gemmShare = waves > 1 ? weightGemmShare(counts) : 1.0;
    const double flopSeconds =
        batch * flops / split / rate.flops * (gemmShare * waves + 1 - gemmShare);
    if (explain && waves > 1.01)
        p.factors.push_back(smallGemmsFactor(*s.gpu, micro * seq / cp, waves));
    const double deviceWork =
        (deviceSeconds(flopSeconds,
                       batch * rate.activations * b * rate.trafficFactor / split / rate.bandwidth,
                       s.gpusPerNode > 0 ? cal.computeMemorySerial : 1) +
         scoresSeconds) /
        rate.effect;
    // An eager framework's host issues every operator of every layer and micro-batch, whatever
    // its size; the GPU runs them asynchronously, so the slower of the two sets the pace. The
    // operators follow the passes (recompute repeats the forward ones), as the FLOPs do. A graph
    // compiler fuses and captures them: no floor is known for it.
    const double host = shape && s.gpusPerNode > 0 && s.graphCompiler == "none"
                            ? m * stageLayers * cal.layerHostSeconds * flops / sampleFlops
                            : 0;
    if (explain && host > deviceWork)
        p.factors.push_back(fmt::format("host-bound: issuing {} layers × {} micro-batches of "
                                        "operators takes {:.3g} s a step, the GPU needs {:.3g} s",
                                        stageLayers, m, host, deviceWork));
    const double compute = std::max(deviceWork, host) + rate.overhead * m;
    // 1F1B and GPipe idle (p − 1) micro-batch slots of m; interleaving divides that by the
    // model chunks per device (Narayanan et al. 2021, §2.2).
    double bubble = 0;
    if (pp > 1)
        bubble = compute * (pp - 1) /
                 (static_cast<double>(m) * (L.schedule == "interleaved" ? L.virtualStages : 1));

    const Links links = linksOf(s, cal);
    if (s.nodes > 1 && !s.interconnect) {
        error = "more than one node needs an interconnect between the nodes";
        return false;
    }
    // ---- tensor parallelism: two all-reduces (or reduce-scatter + all-gather with sequence
    // parallelism, the same bytes) forward and two backward per layer and micro-batch, on the
    // critical path; full recompute repeats the forward ones.
    double tensorComm = 0;
    if (t > 1) {
        const Link& link = links.forSpan(t);
        const double bytes = micro * seq / cp * h * b;
        const double perLayer =
            (L.recompute == "full" ? 6 : 4) * ringAllReduce(bytes, t, link.bandwidth, link.latency);
        tensorComm = m * stageLayers * perLayer;
        if (explain)
            p.factors.push_back(fmt::format("tensor parallelism {} over {}: {:.3g} s a step", t,
                                            link.name, tensorComm));
    }
    // ---- context parallelism: keys and values gathered forward, their gradients
    // reduce-scattered backward, per layer; ring attention overlaps them with the attention.
    double contextComm = 0;
    if (cp > 1) {
        const Link& link = links.forSpan(t * cp);
        const int kv = shape->kvHeads > 0 ? shape->kvHeads : shape->heads;
        const double kvBytes = micro * seq / cp * 2 * (h / shape->heads * kv) * b / t;
        const double perLayer = 2 * (cp - 1) * (kvBytes / link.bandwidth + link.latency);
        contextComm = std::max(0.0, m * stageLayers * perLayer - cal.overlap * compute);
    }
    // ---- expert parallelism: tokens dispatched to and combined from their experts, forward
    // and backward: four all-to-alls per MoE layer and micro-batch.
    double expertComm = 0;
    if (ep > 1 && shape && shape->experts > 0) {
        const Link& link = links.forSpan(t * cp * ep);
        const double bytes = micro * seq / cp * shape->activeExperts * h * b / t;
        expertComm = m * stageLayers * 4 *
                     ((ep - 1.0) / ep * bytes / link.bandwidth + (ep - 1) * link.latency);
    }
    // ---- pipeline: each micro-batch's activations forward and their gradients backward cross
    // a stage boundary, on the network once a stage fills a domain.
    double pipelineComm = 0;
    if (pp > 1) {
        const Link& link = links.forSpan(devices / pp + 1);
        const double bytes = micro * seq / cp * h * b / t;
        pipelineComm = 2.0 * m * L.virtualStages * (bytes / link.bandwidth + link.latency);
    }
    // ---- data parallelism: the gradients of this device's share of the model, reduced over
    // the replicas inside the domain, then between domains; ZeRO-3 gathers the weights forward
    // and backward for every micro-batch and reduce-scatters the gradients (2m + 1 half
    // all-reduces). Reduction overlaps the last micro-batch's backward pass; ZeRO-3's gathers
    // are prefetched during the whole step.
    const double denseParams = w.parameters - counts.expertParameters;
    const double paramsPerDevice =
        denseParams / (t * pp) + counts.expertParameters / (static_cast<double>(t) * pp * ep);
    const double trainable = lora && shape
                                 ? counts.trainableLoraPerLayer * s.loraRank * layers / (t * pp)
                                 : paramsPerDevice;
    double dataComm = 0;
    if (dp > 1) {
        const int inner = std::clamp(links.domain / (t * cp), 1, dp);
        const int outer = dp / inner;
        // Between domains each of the inner replicas sends its reduce-scattered shard over its
        // own port, where the node has one for it: rails = min(ports, inner, GPUs per node).
        const int rails = networkRails(s, std::min(inner, perNode));
        auto allReduce = [&](double bytes) {
            return ringAllReduce(bytes, inner, links.peer.bandwidth, links.peer.latency) +
                   ringAllReduce(bytes / rails, outer, links.network.bandwidth,
                                 links.network.latency);
        };
        // The trainable gradients once a step (an all-reduce; ZeRO's reduce-scatter and the
        // gather of the updated shards move the same bytes) ...
        const double gradBytes =
            trainable * (s.precision == "fp16" || s.precision == "bf16" ? 2.0 : 4.0);
        const double reduce = allReduce(gradBytes);
        // ... and with ZeRO-3 every weight gathered (half an all-reduce each) for the forward and
        // again for the backward pass of every micro-batch, prefetched while the previous layer
        // computes.
        const double gathers =
            L.zeroStage == 3 ? 2.0 * m * 0.5 * allReduce(paramsPerDevice * (b < 4 ? 2.0 : 4.0)) : 0;
        dataComm = std::max(0.0, reduce - cal.overlap * (2.0 / 3.0) * compute / m) +
                   std::max(0.0, gathers - cal.overlap * compute);
        if (explain && outer > 1 && rails > 1)
            p.factors.push_back(fmt::format(
                "data-parallel all-reduce between nodes on {} ports of {}: {:.3g} MB a port", rails,
                links.network.name, gradBytes / rails / 1e6));
    }
    const double sync =
        synchronisationSeconds(cal, devices, links.domain, links.network.latency, compute);
    const double comm = tensorComm + contextComm + expertComm + pipelineComm + dataComm + sync;

    // ---- input I/O per node, overlapped by the prefetching loader
    double io = 0;
    if (s.storage && w.sampleBytes > 0) {
        double bw = s.storage->readGBsPerNode * 1e9;
        if (s.storage->shared && s.storage->aggregateReadGBs)
            bw = std::min(bw, *s.storage->aggregateReadGBs * 1e9 / s.nodes);
        const double replicasPerNode = std::max(1.0, static_cast<double>(dp) / s.nodes);
        io = batch * replicasPerNode * w.sampleBytes / bw + s.storage->latencyMs * 1e-3;
    }
    const double busy = compute + bubble + comm;
    const double exposedIo = s.prefetch ? std::max(0.0, io - busy) : io;
    p.devices = devices;
    p.stepSeconds = busy + exposedIo;
    p.step = {compute + bubble, comm, exposedIo};
    p.throughput = batch * dp / p.stepSeconds;
    p.singleDeviceThroughput = batch / (compute * split);
    p.efficiency = p.throughput / (devices * p.singleDeviceThroughput);
    const double samples =
        s.samplesPerEpoch > 0 ? s.samplesPerEpoch : (w.datasetSamples > 0 ? w.datasetSamples : 0);
    p.epochSeconds = samples > 0 ? samples / p.throughput : 0;
    if (explain && bubble > 0)
        p.factors.push_back(fmt::format("pipeline bubble of {} stages and {} micro-batches: "
                                        "{:.0f} % of the step",
                                        pp, m, 100 * bubble / p.stepSeconds));

    // ---- memory: the training state of this device's share of the model (16 B a parameter with
    // Adam, split below; ZeRO shards the optimizer state (1), then the gradients (2), then the
    // weights (3) over the data-parallel replicas). LoRA freezes the weights in 16 bits and trains
    // adapters only.
    MemoryBreakdown& mem = p.memory;
    const double shard = dp;
    // 16-bit training keeps 16-bit weights and gradients and, as optimizer state, an fp32 master
    // copy beside the two moments: 2 + 2 + 12 bytes a parameter (Rajbhandari et al. 2020, §3.1),
    // so ZeRO-1 shards 12 of them. fp32 training has no master copy: 4 + 4 + 8, and neither have
    // LoRA's adapters, trained in fp32 beside the frozen 16-bit weights.
    const bool sixteenBit = elementBytes(s.precision) == 2 && !lora;
    const double weightBytes = sixteenBit ? 2 : 4, optimizerBytes = sixteenBit ? 12 : 8;
    mem.weights = (lora ? paramsPerDevice * 2 + trainable * 4 : paramsPerDevice * weightBytes) /
                  (L.zeroStage >= 3 ? shard : 1);
    mem.gradients = trainable * weightBytes / (L.zeroStage >= 2 ? shard : 1);
    mem.optimizer = trainable * optimizerBytes / (L.zeroStage >= 1 ? shard : 1);
    // Activations of one micro-batch on one stage, split by tensor (with sequence parallelism)
    // and context parallelism; full recompute keeps only each layer's input. 1F1B keeps up to
    // `pipeline` micro-batches in flight on the first stage, GPipe all of them.
    double perMicro = 0, logits = 0, scoresKept = 0;
    if (shape) {
        const double perLayer = L.recompute == "full" ? h : counts.activationsPerTokenPerLayer;
        perMicro = micro * seq / cp * perLayer * b / t * stageLayers;
        if (L.recompute == "full") // the layer being recomputed holds its whole set
            perMicro += micro * seq / cp * counts.activationsPerTokenPerLayer * b / t;
        logits = micro * seq / cp * counts.logitsPerToken * 4 / t;
        // Eager attention keeps the softmax output, the dropout mask and its output of every
        // layer (Korthikanti et al.'s 5as/h); with recompute only the layer being recomputed.
        scoresKept = micro * rate.eager.scores / cp / t * rate.eager.bytes.kept *
                     (L.recompute == "none" ? stageLayers : 1);
        perMicro += scoresKept;
    } else {
        perMicro = micro * rate.activations * b;
    }
    double inFlight = 1;
    if (pp > 1) {
        inFlight = L.schedule == "gpipe" ? m : std::min(pp, m);
        if (L.schedule == "interleaved")
            inFlight *= 1 + (pp - 1.0) / (pp * L.virtualStages);
    }
    mem.activations = pp > 1 ? std::max(inFlight * perMicro, perMicro + logits) : perMicro + logits;
    p.memoryPerDeviceBytes = mem.total();
    if (explain && eager.on())
        p.factors.push_back(eagerAttentionFactor(eager, scoresSeconds / rate.effect, scoresKept));
    return true;
}

} // namespace

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
        auto p = predict(t, cal, error, Explain::FiguresOnly);
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
