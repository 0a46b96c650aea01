// SPDX-License-Identifier: Apache-2.0
//! The catalogues the performance model and the optimiser choose from: container images, CPUs,
//! GPUs, interconnects, storage classes, workloads and cloud instance types with their prices. The
//! built-in catalogue is embedded from schemas/catalog/*.json; users add or replace entries with
//! files of the same format (docs/catalogue.md, schemas/catalog.schema.json) and with
//! `image`/`workload` blocks.
#pragma once

#include "modak/diag/Diagnostic.h"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace modak::model {

using EnvList = std::vector<std::pair<std::string, std::string>>;

struct VersionedName {
    std::string name;
    std::string version; ///< "2.1", "1.14.0", "latest"
};

struct Image {
    std::string name;
    std::string reference; ///< "docker://modakopt/modak:tensorflow-2.1-gpu-src"
    std::string imageType; ///< docker, shub, library, oras
    std::optional<VersionedName> framework;
    std::optional<VersionedName> mpi;
    std::string app;         ///< application-specific image ("" for generic ones)
    std::string arch;        ///< x86_64, aarch64, ppc64le
    std::string accelerator; ///< nvidia, amd, none
    std::string cuda;
    std::string build; ///< hub, pip, source
    std::string flags;
    std::vector<std::string> graphCompilers;
    std::vector<std::string> libraries;
    std::vector<std::string> features;
    std::string python;
    EnvList env;
    std::map<std::string, EnvList> compilerEnv; ///< extra environment per graph compiler
    std::string doc;
    std::string source;
    std::string origin; ///< "built-in", a catalogue file path, or "image block"
    /// Where an image block wrote its reference and framework (for later diagnostics).
    std::optional<SourceRange> referenceRange, frameworkRange;

    bool supportsCompiler(std::string_view compiler) const;
};

struct Cpu {
    std::string name;
    std::string model; ///< marketing name, matched against `cpu { model = "…" }`
    std::vector<std::string> aliases;
    std::string vendor, arch, microarchitecture;
    int cores = 0; ///< per socket
    int threadsPerCore = 1;
    double baseGhz = 0, turboGhz = 0;
    double fp64FlopsPerCycle = 0, fp32FlopsPerCycle = 0; ///< per core
    std::vector<std::string> isa;
    double memoryBandwidthGBs = 0; ///< per socket
    std::string doc, source;

    /// Peak FLOP/s of one socket at base clock.
    double peakFlops(bool fp64) const;
};

struct Gpu {
    std::string name, model, vendor, architecture, computeCapability;
    /// Other spellings: as nvidia-smi, rocm-smi and cloud consoles print the model.
    std::vector<std::string> aliases;
    double memoryGiB = 0;
    double memoryBandwidthGBs = 0;
    std::map<std::string, double> peakTflops; ///< fp64, fp32, tf32, fp16, bf16 (dense)
    bool tensorCores = false;
    /// SMs (NVIDIA) or compute units (AMD): a GEMM's output tiles run in waves of this many; 0:
    /// not known, not modelled.
    int multiprocessors = 0;
    double peerBandwidthGBs = 0; ///< GPU to GPU within a node, one direction
    /// GPUs one NVLink/xGMI domain joins at peerBandwidthGBs (72 for GB200 NVL72); 0: the node's.
    int peerDomainGpus = 0;
    std::string peerLink, hostLink;
    double tdpWatts = 0;
    std::string doc, source;
};

struct Interconnect {
    std::string name;
    std::string scope; ///< intra_node, inter_node
    /// pcie, nvlink, ethernet, infiniband, slingshot or other: what a container needs to use it.
    std::string fabric = "other";
    double bandwidthGBs = 0;
    double latencyUs = 0;
    std::string doc, source;
};

/// The fabrics an interconnect entry may name (catalog.schema.json's enum equals it, by test).
std::span<const std::string_view> interconnectFabrics();

struct StorageClass {
    std::string name;
    double readGBsPerNode = 0;
    std::optional<double> aggregateReadGBs; ///< shared storage: the cap over all nodes
    double latencyMs = 0;
    bool shared = false;
    std::string doc, source;
};

/// The clouds an instance type may belong to (catalog.schema.json's enum equals it, by test).
std::span<const std::string_view> instanceClouds();

/// A cloud instance type: what one node of it has and what an hour of it costs, with the date and
/// source of each price (schemas/catalog/instances.json; a user catalogue file overrides an entry
/// by name, e.g. with the prices of the user's own contract).
struct InstanceType {
    std::string
        name; ///< as the cloud spells it: p5.48xlarge, a3-highgpu-8g, Standard_ND96isr_H100_v5
    std::string cloud; ///< aws, gcp, azure (a target's `cloud`)
    std::string gpu;   ///< catalogue GPU name ("" for a CPU instance)
    int gpus = 0;      ///< GPUs per instance
    std::string cpu;   ///< catalogue CPU name, "" when the catalogue has none
    int vcpus = 0;
    double memoryGiB = 0;
    std::string interconnect; ///< catalogue interconnect between instances ("" = ethernet only)
    /// Ports one instance has on `interconnect`, each at its bandwidth (0: not stated, one); a
    /// target on the instance type gets it as `network_ports`.
    int networkPorts = 0;
    std::string currency = "USD";
    double onDemandPerHour = 0;        ///< one instance-hour, on demand
    std::optional<double> spotPerHour; ///< one instance-hour on spot/preemptible, if offered
    /// Fraction of spot instances interrupted per month (AWS Spot Instance Advisor's frequency of
    /// interruption, upper bound of its band); nullopt: not published for this type.
    std::optional<double> spotInterruptionsPerMonth;
    std::string region;    ///< the region the prices were read for
    std::string priceDate; ///< YYYY-MM-DD the prices were read
    std::string doc, source;
};

/// A decoder (or encoder) transformer by its shape; the workload's parameters, FLOPs and
/// activations follow from it (Catalogue.cpp, docs/model.md "Transformer workloads").
struct TransformerShape {
    int layers = 0, hidden = 0, heads = 0;
    int kvHeads = 0; ///< 0: as many as heads (multi-head attention)
    int ffn = 0;     ///< 0: 4 × hidden
    int vocabulary = 0;
    int sequence = 0;            ///< tokens per sample
    int experts = 0;             ///< mixture of experts: experts per layer (0: dense)
    int activeExperts = 0;       ///< experts each token runs through
    bool gatedFfn = false;       ///< SwiGLU/GeGLU: three FFN matrices instead of two
    bool causal = true;          ///< decoder (causal attention) or encoder
    bool tiedEmbeddings = false; ///< the output projection reuses the input embedding
    /// Mean tokens a sample computes when its sequences are packed or unpadded (a fact of the
    /// data set: BERT's Wikipedia at 512 averages 254); 0: every sample fills `sequence`.
    double meanSequence = 0;
};

struct Workload {
    std::string name, kind, doc;
    double parameters = 0;
    double flopsPerSample = 0;       ///< training FLOPs (forward + backward) per sample
    double activationsPerSample = 0; ///< activation elements of one forward pass (0: unknown)
    double sampleBytes = 0;
    double datasetSamples = 0; ///< 0: unknown
    std::string source;
    std::optional<TransformerShape> shape; ///< transformers described by their shape
};

class Catalogue {
public:
    /// The catalogue embedded at build time. Loaded once; a broken embedded file is a build defect,
    /// caught by the tests, and leaves the section empty rather than throwing.
    static const Catalogue& builtin();

    /// Merges a catalogue JSON document (`text`, which lives in `file` for diagnostics): entries
    /// replace built-in ones of the same name. Problems become `catalog-invalid` diagnostics;
    /// returns false if there was any.
    bool merge(std::string_view text, FileId file, std::string_view origin, Diagnostics& diags);

    std::vector<Image> images;
    std::vector<Cpu> cpus;
    std::vector<Gpu> gpus;
    std::vector<Interconnect> interconnects;
    std::vector<StorageClass> storage;
    std::vector<Workload> workloads;
    std::vector<InstanceType> instances;

    const Image* image(std::string_view name) const;
    /// Matches `name`, the model or an alias (as nvidia-smi, rocm-smi or a cloud prints it:
    /// "NVIDIA H100 80GB HBM3", "nvidia-h100-80gb") like cpu() does.
    const Gpu* gpu(std::string_view nameOrModel) const;
    /// The GPUs whose name, model or an alias is a few edits from `name` (compared as gpu() does),
    /// nearest first, at most three: what an unknown GPU name suggests.
    std::vector<std::string> gpusNear(std::string_view name) const;
    /// Matches `name` or the marketing model, ignoring case, spaces and punctuation and a trailing
    /// "(virtual)" note (data::normalisedModelName); aliases count too.
    const Cpu* cpu(std::string_view nameOrModel) const;
    const Interconnect* interconnect(std::string_view name) const;
    const StorageClass* storageClass(std::string_view name) const;
    const Workload* workload(std::string_view name) const;
    /// The workloads whose name is a few edits from `name`, nearest first, at most three.
    std::vector<std::string> workloadsNear(std::string_view name) const;
    /// Matches the name ignoring case ("P5.48xlarge" is p5.48xlarge).
    const InstanceType* instance(std::string_view name) const;
};

/// "known: a, b, c" for messages about unknown names.
template<typename T>
std::string knownNames(const std::vector<T>& entries) {
    std::string out;
    for (const auto& e : entries) {
        if (!out.empty())
            out += ", ";
        out += e.name;
    }
    return out;
}

/// "unknown workload 'x'; did you mean a, b?; known: …" for a name `cat` does not hold.
std::string unknownWorkload(const Catalogue& cat, std::string_view name);

/// Compares dotted versions numerically ("1.14" > "1.4"); "latest" is greater than any number.
int compareVersions(std::string_view a, std::string_view b);
/// True when `have` satisfies the version the user wrote: equal on every component `want` gives
/// ("2.1" matches "2.1.0" and "2.1"; "2" matches "2.4"); "latest" matches only "latest".
bool versionMatches(std::string_view want, std::string_view have);

} // namespace modak::model
