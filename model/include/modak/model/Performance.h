// SPDX-License-Identifier: Apache-2.0
//! The performance model (docs/model.md): predicts the throughput, time per epoch and scaling
//! efficiency of data-parallel training from physical terms — compute and memory time per step from
//! the hardware's peaks, gradient all-reduce over the intra- and inter-node links (ring,
//! hierarchical), its overlap with the backward pass, input I/O from the storage class — times
//! multiplicative effects of the framework, the image build and the graph compiler calibrated on
//! published measurements. HPC (MPI) applications use MODAK's Amdahl scaler with a fitted parallel
//! fraction.
#pragma once

#include "modak/model/Catalogue.h"
#include "modak/model/Strategies.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace modak::model {

/// One calibrated multiplicative effect: applies when every non-empty condition holds.
struct EffectRule {
    std::string framework;               ///< tensorflow, pytorch, … ("" = any)
    std::string minVersion, maxVersion;  ///< inclusive bounds on the framework version
    std::string device;                  ///< cpu, gpu
    std::string build;                   ///< hub, pip, source
    std::string graphCompiler;           ///< none, xla, ngraph, glow, inductor
    std::string precisionClass;          ///< cuda_cores, tensor_cores
    std::vector<std::string> precisions; ///< any of these (fp16, bf16, mixed, …; empty = any)
    double factor = 1;                   ///< multiplies throughput
    /// The image runs convolutions channels-last (NHWC) where the rule applies, so tensor cores
    /// need no layout transposes (Calibration::nchwTransposeTraffic).
    bool channelsLast = false;
    std::string why;    ///< explanation shown to users
    std::string source; ///< where the figure comes from
};

/// The held-out error of the model on one stratum of the calibration data (docs/model.md "Error
/// bars"): what a prediction in that stratum is to be trusted to.
struct ErrorBand {
    std::string stratum; ///< the stratum key (Accuracy.h)
    double mape = 0;     ///< mean absolute percentage error of throughput, 0.12 = 12 %
    double p90 = 0;      ///< 90th-percentile absolute relative error
    int rows = 0;        ///< held-out measurements behind the figures
};

/// What the calibration data cover (docs/model.md "Error bars"): a prediction outside it
/// extrapolates and says so.
struct CalibrationCoverage {
    std::vector<std::string> architectures;    ///< GPU architectures, and `cpu` for CPU rows
    std::vector<std::string> precisionClasses; ///< fp32, tensor, fp8 (Accuracy.h)
    std::vector<std::string> workloadKinds;    ///< cnn, transformer, …
    std::vector<std::string> frameworks;
    int maxDevices = 0, maxNodes = 0; ///< the largest run
    bool empty() const { return architectures.empty() && maxDevices == 0; }
};

/// Model constants. The embedded file schemas/calibration.json holds the defaults; `modak model
/// fit` writes a file of the same format.
struct Calibration {
    double gpuUtilisationCudaCores = 0.75;  ///< achieved fraction of the fp32/fp64 peak
    double gpuUtilisationTensorCores = 0.3; ///< achieved fraction of the tensor-core peak
    double cpuUtilisation = 0.3;
    double memoryTrafficFactor = 7; ///< DRAM bytes per activation element and byte width, per step
    /// The same on a CPU, whose caches move less: fitted only on CPU throughput rows (GPU rows say
    /// nothing of it); a file without it uses memoryTrafficFactor.
    double memoryTrafficFactorCpu = 7;
    double memoryUtilisation = 0.8;        ///< achieved fraction of peak memory bandwidth
    double stepOverheadGpuSeconds = 0.002; ///< launch and framework overhead per step
    double stepOverheadCpuSeconds = 0.001;
    double overlap = 0.6;              ///< share of the backward pass that hides communication
    double collectiveEfficiency = 0.8; ///< achieved fraction of link bandwidth in all-reduce
    double syncSecondsPerDoubling =
        0.001; ///< barrier and straggler cost per doubling of the devices
    double amdahlParallelFraction = 0.95; ///< HPC default when no fit exists for the application
    /// Integer (address, index) instructions a GPU issues per FP32 instruction in training
    /// kernels: they take issue slots, or FP32 lanes where the two share a datapath
    /// (fp32IssueFraction).
    double integerPerFpInstruction = 0.2;
    /// Share of a GPU step's shorter phase (arithmetic or DRAM traffic) that does not overlap the
    /// longer one: 1 adds them (a file without it), 0 is a pure roofline maximum
    /// (deviceSeconds).
    double computeMemorySerial = 1;
    /// Extra DRAM traffic of a CNN's tensor-core step when its convolutions are channels-first
    /// (NCHW): cuDNN transposes their inputs and outputs to NHWC. In units of
    /// memoryTrafficFactor's (bytes per activation element and byte of width); 0 in a file
    /// without it. An image whose effect rule says `channels_last` avoids it.
    double nchwTransposeTraffic = 0;
    /// Spread of one device's step time (standard deviation over the mean) from step to step:
    /// a synchronous step waits for the slowest of its devices (expectedMaxOfNormals); 0 in a
    /// file without it.
    double stepTimeVariation = 0;
    /// Host (CPU) seconds an eager framework spends issuing one transformer layer's forward and
    /// backward operators, whatever their size: a micro-batch of a small layer cannot run faster
    /// than its operators are launched (0 when absent; docs/model.md).
    double layerHostSeconds = 0;
    std::map<std::string, double> amdahlByApp; ///< fitted parallel fraction per application tag
    std::map<std::string, double> frameworkEfficiency; ///< per framework (1 = reference)
    /// Per workload: how much faster than its nominal FLOPs it runs (fast convolution algorithms
    /// such as Winograd for 3×3 layers, the benchmark's variant of the network).
    std::map<std::string, double> workloadEfficiency;
    /// Per CPU microarchitecture: maturity of its kernels (oneDNN). GPUs follow from their
    /// datasheet instead (fp32IssueFraction); a file that has GPU architectures still applies
    /// them.
    std::map<std::string, double> architectureEfficiency;
    std::vector<EffectRule> effects;
    /// Site hardware measured by `modak bench` (stream, allreduce) and fitted by `modak model fit`:
    /// they replace the catalogue's peak figures times the generic utilisation constants.
    /// Per CPU socket or GPU, by catalogue name
    std::map<std::string, double> measuredMemoryBandwidthGBs;
    struct MeasuredLink {
        double bandwidthGBs = 0; ///< per link, as an all-reduce achieves it
        double latencyUs = 0;    ///< per message
    };
    std::map<std::string, MeasuredLink> measuredInterconnects; ///< by catalogue interconnect name
    std::vector<ErrorBand> errorBands; ///< held-out error per stratum (`modak model fit`)
    CalibrationCoverage coverage;      ///< what the fitted data cover (`modak model fit`)
    std::string origin = "built-in";

    /// The embedded calibration (schemas/calibration.json).
    static const Calibration& builtin();
    /// Reads a calibration document; problems become `calibration-invalid` diagnostics.
    static std::optional<Calibration> parse(std::string_view text, FileId file,
                                            std::string_view origin, Diagnostics& diags);
    /// The document `parse` reads, pretty-printed and deterministic.
    std::string toJson() const;
};

/// How one training step is split over the devices (docs/model.md "Parallelism"): Megatron-style
/// tensor, pipeline, context and expert parallelism, ZeRO sharding and activation recompute. The
/// data-parallel degree is what is left: devices / (tensor × pipeline × context).
struct ParallelLayout {
    int tensor = 1, pipeline = 1, context = 1, expert = 1; ///< degrees
    int microbatches = 1;           ///< per optimizer step and pipeline (gradient accumulation)
    std::string schedule = "1f1b";  ///< 1f1b, interleaved, gpipe
    int virtualStages = 1;          ///< interleaved: model chunks per device
    int zeroStage = 0;              ///< 0 replicated, 1 optimizer state, 2 + gradients, 3 + weights
    std::string recompute = "none"; ///< none, selective, full

    /// The data-parallel replicas of `devices`: what tensor × pipeline × context leave.
    int dataParallel(int devices) const {
        return devices / std::max(1, tensor * pipeline * context);
    }
    bool operator==(const ParallelLayout&) const = default;
};

/// A configuration to predict: everything the what-if calculator and the optimiser vary.
struct Scenario {
    const Workload* workload = nullptr;
    std::string framework = "tensorflow";
    std::string version;                ///< "" = the newest the model knows
    std::string build = "hub";          ///< hub, pip, source
    std::string graphCompiler = "none"; ///< none, xla, ngraph, glow, inductor
    std::string precision = "fp32";     ///< fp32, tf32, fp16, bf16, mixed, fp64
    const Gpu* gpu = nullptr;           ///< set for GPU jobs
    const Cpu* cpu = nullptr;           ///< the host CPU (required for CPU jobs)
    int cpuSockets = 1;                 ///< per node
    int cpuCores = 0;                   ///< cores used per node (0 = all of the sockets)
    int cpuRanksPerNode = 0; ///< CPU: processes sharing a node's sockets (0 = one per socket)
    int gpusPerNode = 0;     ///< 0 = a CPU job
    int nodes = 1;
    const Interconnect* interconnect = nullptr; ///< between nodes (nullptr: only one node allowed)
    /// The node's ports on the interconnect, each at its bandwidth (a rail-optimised GPU node
    /// has one a GPU). Between nodes a hierarchical all-reduce sends each GPU's reduce-scattered
    /// shard over its own port: min(ports, GPUs per node) rails share the bytes.
    int networkPorts = 1;
    int batchPerDevice = 64;
    /// How the training state is kept and the gradients travel (Strategies.h); null: replicated
    /// on every device, one all-reduce a step (DDP, Horovod).
    const StrategyInfo* strategy = nullptr;
    double samplesPerEpoch = 0;            ///< 0 = the workload's usual dataset size
    const StorageClass* storage = nullptr; ///< nullptr: input I/O not modelled
    bool prefetch = true;                  ///< input pipeline overlaps I/O with compute
    /// Model parallelism; nullopt: every device holds the whole model (data parallel, with the
    /// strategy's sharding). With a layout, `batchPerDevice` is the batch of one data-parallel
    /// replica per optimizer step (micro-batch × microbatches).
    std::optional<ParallelLayout> layout;
    /// `lora`: the weights are frozen and low-rank adapters of `loraRank` on every linear layer
    /// train (Hu et al. 2021); "": every parameter trains.
    std::string fineTuning;
    int loraRank = 16;
    /// How a shaped transformer's attention core runs (docs/model.md "Transformer workloads"):
    /// `flash` fuses it (FlashAttention: the s × s scores never reach memory, causal masks skip
    /// their blocks); `eager` writes the scores and probabilities to memory and computes the
    /// masked half too (Megatron without FlashAttention, Hugging Face's "eager").
    std::string attention = "flash";
};

struct StepTime {
    double compute = 0;       ///< forward + backward + optimizer, per step
    double communication = 0; ///< exposed (not overlapped) gradient all-reduce
    double io = 0;            ///< exposed input I/O
};

/// Bytes one device holds, by what they are.
struct MemoryBreakdown {
    double weights = 0, gradients = 0, optimizer = 0, activations = 0;
    double total() const { return weights + gradients + optimizer + activations; }
};

/// The range a measurement is expected in, from the held-out error of the nearest calibrated
/// stratum, and what the prediction extrapolates beyond the calibration data.
struct PredictionInterval {
    double low = 0, high = 0;                ///< samples/s, whole job
    double relativeError = 0;                ///< the band's p90 (0 when no band applies)
    std::string stratum;                     ///< the band used
    std::vector<std::string> extrapolations; ///< "GPU generation blackwell not in the calibration"
    bool widest = false; ///< no band matched any dimension: the widest band was used
};

struct Prediction {
    double throughput = 0; ///< samples/s, whole job
    double epochSeconds = 0;
    double efficiency = 1; ///< throughput / (devices × single-device throughput)
    double singleDeviceThroughput = 0;
    int devices = 1; ///< GPUs, or CPU sockets for CPU jobs
    double stepSeconds = 0;
    StepTime step;
    double memoryPerDeviceBytes = 0; ///< weights, optimizer state and activations
    MemoryBreakdown memory;          ///< memoryPerDeviceBytes by what it holds
    double tokensPerSecond = 0;      ///< transformer workloads: samples/s × sequence length
    PredictionInterval interval;
    std::vector<std::string> factors; ///< "XLA on the CPU: ×0.70 (HPEC 2020)" — explanation
};

/// The GPUs one NVLink/xGMI domain of `s` joins: the GPU's `peerDomainGpus` when it spans nodes
/// (GB200 NVL72), capped by the job's GPUs; else one node's devices.
int peerDomainSize(const Scenario& s);

/// The devices (ranks) of one CPU node of `s`: its `cpuRanksPerNode`, else one per socket.
int cpuDevicesPerNode(const Scenario& s);

/// Whether predict() writes `Prediction::factors` (the lines that explain its figures) and
/// `Prediction::interval`. A plan shows the chosen candidate's factors and `modak predict` its
/// one's; a search that only ranks candidates (the planner's, the layout search, scaling curves)
/// skips formatting them, and asks predictionInterval() where it needs the interval. The figures
/// are the same either way.
enum class Explain { Factors, FiguresOnly };

/// Predicts `s`; returns nullopt with a message in `error` when the scenario cannot be predicted
/// (missing hardware, a precision the GPU lacks, nonsense numbers). Never NaN or infinite.
std::optional<Prediction> predict(const Scenario& s, const Calibration& cal, std::string& error,
                                  Explain detail = Explain::Factors);

/// The interval of `p` (Accuracy.cpp): throughput ÷/× (1 + p90 of the nearest band).
PredictionInterval predictionInterval(const Scenario& s, const Prediction& p,
                                      const Calibration& cal);

/// The fraction of a GPU's FP32 peak its scheduler can issue when `integerPerFp` integer
/// instructions accompany every FP32 one, from the FP32 lanes per SM partition and whether
/// integers have their own pipe (by compute capability; CUDA C++ Programming Guide,
/// "Arithmetic Instructions", and NVIDIA's Kepler, Pascal, Volta, Ampere, Hopper and Blackwell
/// architecture whitepapers). One warp instruction (32 lanes) issues per partition and clock.
double fp32IssueFraction(const Gpu& gpu, double integerPerFp);

/// One device's time for a step's arithmetic (`compute`) and DRAM traffic (`memory`): kernels of
/// one phase run while others wait on memory, so the shorter phase hides behind the longer one
/// except for `serial` of it (Calibration::computeMemorySerial; 1 = their sum).
double deviceSeconds(double compute, double memory, double serial);

/// The expected largest of `n` independent standard normal values (Blom's approximation,
/// Φ⁻¹((n − 0.375) / (n + 0.25))): how many standard deviations the slowest of n devices lags.
double expectedMaxOfNormals(int n);

/// Where a scenario's FP work runs: `tensor_cores` (a tensor precision the GPU accelerates) or
/// `cuda_cores` (fp32/fp64, a precision without tensor cores, CPUs).
std::string precisionClassName(const Scenario& s);

/// The key of the scenario's framework efficiency: framework/cpu, or framework/gpu/<precision
/// class> (Calibration::frameworkEfficiency).
std::string frameworkKey(const Scenario& s);

/// Amdahl's law: speedup of `ranks` with parallel fraction `f` (MODAK's scaler).
double amdahlSpeedup(double f, double ranks);

/// Whether `p` fits the memory of one device of `s` (a GPU's; a CPU job's host memory is not
/// modelled): the one check `modak plan` rejects candidates with and `modak predict` reports.
bool fitsInMemory(const Scenario& s, const Prediction& p);

/// The largest batch per device up to `s.batchPerDevice` whose prediction fits in memory, found
/// with the model itself; nullopt when not even one sample a device fits.
std::optional<int> largestBatchThatFits(const Scenario& s, const Calibration& cal);

} // namespace modak::model
