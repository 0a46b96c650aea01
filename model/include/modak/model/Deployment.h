// SPDX-License-Identifier: Apache-2.0
//! The typed deployment model: what a checked program says about one deployment, its application
//! and its target, with every default decided once (model/src/Lower.cpp, the one place that reads
//! the syntax tree by key after Sema). The plan keeps the `Deployment` it was made from, and every
//! later stage — the generators, the reports, the language server — reads that one object, so the
//! plan and the artefacts cannot describe different jobs.
#pragma once

#include "modak/model/Catalogue.h"
#include "modak/model/Program.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace modak::model {

// Every struct here compares equal field by field (`= default`): plannerView (Plan.h) relies on it
// to decide, with every field a later change adds, whether two deployments plan alike.

/// A value written in the file with where it was written (for diagnostics of later stages).
template<typename T>
struct Located {
    T value{};
    SourceRange range;
    bool present = false; ///< written in the file (else `value` is the default)
    friend bool operator==(const Located&, const Located&) = default;
};

/// An integer choice of the optimiser: a fixed value, a range, or `auto` (chosen by the model).
struct CountChoice {
    int lo = 1, hi = 1; ///< unused for `auto`: the plan knows the bounds
    bool chosenByModel = false;
    bool isAuto = false;  ///< `auto`: any count the target allows
    bool present = false; ///< written in the file
    friend bool operator==(const CountChoice&, const CountChoice&) = default;
};

struct CpuSpec {
    std::string arch; ///< "" = not written (x86_64 is assumed)
    std::string model, vendor;
    int sockets = 1;
    int cores = 0; ///< per node, all sockets; 0 = not given
    int threadsPerCore = 1;
    friend bool operator==(const CpuSpec&, const CpuSpec&) = default;
};

struct GpuSpec {
    std::string model; ///< "" = an unnamed model (MODAK's `acc_type`)
    int count = 1;     ///< per node
    friend bool operator==(const GpuSpec&, const GpuSpec&) = default;
};

struct StorageSpec {
    std::string name, path, storageClass;
    friend bool operator==(const StorageSpec&, const StorageSpec&) = default;
};

/// An amount as written (`5000 USD`, `20000 gpu_hours`).
struct AmountSpec {
    double amount = 0;
    std::string unit; ///< a currency (USD, EUR, …) or an allocation unit (node_hours, …)
    SourceRange range;
    bool isAllocation() const { return unit.ends_with("_hours"); }
    friend bool operator==(const AmountSpec&, const AmountSpec&) = default;
};

/// How an HPC centre charges jobs: a target's `charge { }`.
struct ChargeSpec {
    std::string unit = "node_hours";      ///< node_hours, gpu_hours, core_hours
    double factor = 1;                    ///< units charged per unit used
    std::optional<AmountSpec> price;      ///< what one unit costs (money)
    std::optional<AmountSpec> allocation; ///< units left
    SourceRange range;                    ///< the block's key
    friend bool operator==(const ChargeSpec&, const ChargeSpec&) = default;
};

/// One `partition NAME { }` of a target: what it overrides of the target.
struct PartitionSpec {
    std::string name;
    bool isDefault = false;
    std::optional<double> chargeFactor; ///< its hours in `charge` units, relative to the default
    std::optional<int> nodes;
    std::optional<CpuSpec> cpu;
    std::optional<GpuSpec> gpu;
    std::optional<int64_t> memoryBytes;
    friend bool operator==(const PartitionSpec&, const PartitionSpec&) = default;
};

struct Target {
    std::string name;
    const Symbol* symbol =
        nullptr; ///< where it was defined (calibration paths are relative to its file)
    std::string scheduler = "none";
    std::string runtime = "none";
    /// nvidia, amd, fpga or none: as written, else the vendor of the GPU in the catalogue, else
    /// none.
    std::string accelerator = "none";
    std::optional<int> nodes; ///< nullopt: not said (an imported MODAK job's target)
    std::optional<CpuSpec> cpu;
    std::optional<GpuSpec> gpu;
    std::optional<int64_t> memoryBytes;
    std::string interconnect;
    /// Ports a node has on `interconnect` (`network_ports`, else the instance type's); nullopt:
    /// not said (one).
    std::optional<int> networkPorts;
    std::optional<int64_t> mtbfSeconds; ///< one node's mean time between failures, if written
    std::vector<PartitionSpec> partitions;
    std::vector<StorageSpec> storage;
    Located<std::string> queue, account, imageDir, calibration;
    std::string site;
    std::vector<Located<std::string>> modules;
    // Clouds and Kubernetes. Present when written, even as "".
    std::string cloud;
    Located<std::string> region, instanceType, flavor, image, network;
    Located<std::string> kubernetesNamespace;
    std::string kubeflow = "trainer"; ///< trainer (TrainJob) or training_operator (PyTorchJob)
    std::optional<ChargeSpec> charge; ///< an HPC centre's charging
    /// The catalogue entry `instance_type` names (its GPUs, network and price), if any.
    const InstanceType* instance = nullptr;
    friend bool operator==(const Target&, const Target&) = default;
};

struct DatasetSpec {
    Located<std::string> path; ///< where the data is on the target
    std::optional<int64_t> samples;
    bool prefetch = true;
    bool cached = false;
    std::string storageClass;
    friend bool operator==(const DatasetSpec&, const DatasetSpec&) = default;
};

struct BuildSpec {
    std::string src, command;
    int parallelism = 1;
    SourceRange srcRange;
    friend bool operator==(const BuildSpec&, const BuildSpec&) = default;
};

struct Application {
    std::string name;
    const Symbol* symbol = nullptr;   ///< where it was defined
    std::string kind = "ai_training"; ///< ai_training, hpc, …
    std::string framework, frameworkVersion;
    /// The catalogue name of the workload: a built-in one, a `workload` block, or "<app>.workload"
    /// for a nested block; "" when none is named.
    std::string workload;
    std::string precision; ///< fp32 for AI training, fp64 for HPC unless written
    std::optional<int> batchSize;
    int64_t epochs = 1;
    std::optional<int64_t> stepsPerEpoch;
    DatasetSpec dataset;
    /// A strategy of Strategies.h; "" = not said. `auto` is resolved to the framework's own.
    std::string distributed;
    bool distributedAuto = false;    ///< written as `distributed = auto`
    std::string fineTuning = "full"; ///< full, lora
    int loraRank = 16;
    std::string attention = "flash"; ///< flash, eager (Scenario::attention)
    std::vector<std::string> parallelisation;
    bool mpi = false; ///< an MPI job: `mpi`, `parallelisation = [mpi]` or MODAK's `type = mpi`
    std::string mpiLibrary, mpiVersion;
    std::optional<SourceRange> mpiVersionRange; ///< where `mpi = openmpi "4.1"` wrote its version
    std::optional<double> mpiScalingEfficiency;
    std::optional<int> ranks;
    SourceRange ranksRange;
    int threads = 0; ///< OpenMP threads per rank (the application's, else the deployment's scale)
    std::string tag; ///< calibration key of an HPC application (default: its name)
    std::string container;
    std::optional<SourceRange> containerRange, frameworkRange; ///< where written
    /// The application's environment, values rendered as text, in file order.
    std::vector<std::pair<std::string, std::string>> env;
    std::vector<SourceRange> envValueRanges; ///< where each value of `env` was written
    SourceRange envRange;
    std::string pre, post;
    std::string run;                     ///< `run`, else `executable` and `arguments`
    std::optional<SourceRange> runRange; ///< where `run` (or `executable`) was written
    /// The distributed launcher `run` starts itself (torchrun, deepspeed, mpirun, srun, …; `python
    /// -m torch.distributed.run` is torchrun), "" when it starts the program directly and leaves
    /// the launch to modak.
    std::string launcher;
    std::optional<BuildSpec> build;
    friend bool operator==(const Application&, const Application&) = default;
};

/// What the deployment's `job` block requests of the scheduler. Counts fix the plan's choice.
struct JobRequest {
    Located<std::string> name, queue, account, qos, constraint, nodelist, dependency, begin, output,
        error, email;
    std::optional<int> nodes, gpusPerNode, tasks, tasksPerNode;
    SourceRange tasksRange;
    int cpusPerTask = 0;
    std::optional<int64_t> walltimeSeconds, memoryBytes, memoryPerCpuBytes;
    /// "1-10", "1,3,5", or the text written; ranges and lists are already rendered.
    Located<std::string> array;
    bool combineOutput = false, exclusive = false;
    bool chain = true; ///< a run longer than the walltime continues in chained jobs
    std::vector<std::string> notify;
    bool exportAll = false;
    /// Names listed in `export_env`, each with where it was written (checked by the generators).
    std::vector<Located<std::string>> exportVars;
    friend bool operator==(const JobRequest&, const JobRequest&) = default;
};

struct ScaleRequest {
    CountChoice nodes, gpusPerNode;
    std::optional<int> maxNodes;
    std::optional<int> tasksPerNode;
    int threads = 0;
    double minEfficiency = 0;
    friend bool operator==(const ScaleRequest&, const ScaleRequest&) = default;
};

/// What the deployment asks of time and money (issue 18: several sites, cost).
struct CostRequest {
    std::string objective = "time"; ///< time, cost
    std::optional<int64_t> deadlineSeconds;
    SourceRange deadlineRange;
    std::optional<AmountSpec> budget;
    bool spot = false;
    std::string failover = "ranked"; ///< ranked, ordered
    friend bool operator==(const CostRequest&, const CostRequest&) = default;
};

/// The deployment's `parallel` block: a degree left out or `auto` (nullopt, "") is the model's
/// choice.
struct ParallelRequest {
    std::optional<int> tensor, pipeline, context, expert, microbatches, zero;
    int virtualStages = 0; ///< 0: not written
    std::string schedule;  ///< one_f_one_b, interleaved, gpipe; "": the model's
    std::string recompute; ///< none, selective, full; "": the model's
    SourceRange range;     ///< where `parallel` was written
    friend bool operator==(const ParallelRequest&, const ParallelRequest&) = default;
};

struct Deployment {
    std::string name;
    SourceRange range; ///< its name (or block), for diagnostics
    const Symbol* symbol = nullptr;
    Application application;
    Target target;
    bool resolved = false; ///< application and target both resolved (Sema reported otherwise)
    /// The partition it runs in (named, else the target's default one), or nullopt.
    std::optional<PartitionSpec> partition;
    /// Nodes in that partition (else the target's; where neither says, the job's request, else 1),
    /// and the hardware of one: the partition's overrides over the target's.
    int nodesAvailable = 1;
    std::optional<CpuSpec> cpu;
    std::optional<GpuSpec> gpu;
    std::string runtime = "none"; ///< the deployment's, else the target's
    std::string build = "auto", graphCompiler = "auto";
    Located<std::string> pinnedImage;          ///< the deployment's `image`
    std::optional<SourceRange> partitionRange; ///< where the deployment named its partition
    std::string storageName, storageClass; ///< storage chosen: a target storage block or a class
    std::string storagePath;               ///< the chosen storage block's path, if one
    /// `mounts`: more host paths for the container or pod, as written (`SRC[:DST[:ro]]`).
    std::vector<Located<std::string>> mounts;
    std::vector<std::string> emit; ///< as written, else the target scheduler's job script
    JobRequest job;
    ScaleRequest scale;
    /// Written `parallel { … }` or `parallel = auto`; nullopt: data parallelism as the
    /// application's `distributed` says.
    std::optional<ParallelRequest> parallel;
    std::string queue;   ///< job's queue, else the deployment's partition, else the target's queue
    std::string account; ///< job's account, else the target's
    CostRequest cost;
    /// Every target the deployment names, as written (one for `target = name`); `target` is
    /// `sites[site]`.
    std::vector<Located<std::string>> sites;
    size_t site = 0;
    friend bool operator==(const Deployment&, const Deployment&) = default;
};

/// Lowers deployment `symbol` of `program` (a checked program: wrong types were reported by Sema
/// and read here as absent). `catalogue` decides the accelerator of a target that names only a GPU.
/// With several targets (`target = [a, b]`), `site` picks the one this lowering is for.
Deployment lowerDeployment(const Program& program, const Symbol& symbol, const Catalogue& catalogue,
                           size_t site = 0);
/// The application deployment `symbol` names, where it resolves to a block; else nullptr.
const Symbol* deploymentApplication(const Program& program, const Symbol& symbol);
/// Application `app` (deploymentApplication of deployment `symbol`) as lowerDeployment lowers it,
/// without the rest (its target, catalogue lookups).
std::optional<Application> lowerDeploymentApplication(const Symbol& app, const Symbol& symbol);
/// The targets a deployment block names, in order (one for `target = name`, none when absent).
std::vector<Located<std::string>> deploymentSites(const syntax::Statement& deployment);

/// A file-level `catalog = "…"` of one document of the program, as written (not yet resolved).
struct CatalogFileReference {
    const Document* document = nullptr;
    Located<std::string> path;
};
/// Every `catalog` (or `catalogue`) file reference of the program, in document order.
std::vector<CatalogFileReference> catalogFileReferences(const Program& program);

/// The distributed launcher a shell command starts (see `Application::launcher`), or "".
std::string launcherOf(std::string_view command);
/// The command an application block runs (`Application::run`): `run`, else `executable` and its
/// `arguments`; `range`, when given, gets where `run` (or `executable`) is written.
std::string runCommand(const syntax::Statement* application,
                       std::optional<SourceRange>* range = nullptr);
/// Whether application `app` (a block) runs a command that starts a launcher: what the launch
/// check needs before it lowers the application (most files' runs start none).
bool runsLauncher(const Symbol& app);

/// A `target NAME { }` block (`symbol.block` must be set).
Target lowerTarget(const Symbol& symbol, const Catalogue& catalogue);
/// The CPUs a target block writes with a `model` (its own `cpu` and its partitions'), as
/// lowerTarget reads them: all the program's catalogue needs of a target, which adds the models
/// it does not know (`symbol.block` must be set).
std::vector<CpuSpec> modelledCpus(const Symbol& symbol);

/// An `image NAME { }` block as a catalogue image.
Image lowerImage(const Symbol& symbol);
/// A `workload NAME { }` block, or the nested `workload { }` of an application (named
/// "<application>.workload"), as a catalogue workload; nullopt for an application without one.
std::optional<Workload> lowerWorkload(const Symbol& symbol);
/// The transformer shape a `workload` block writes (layers, hidden, heads, …; zeros where not
/// written), for the block's lowering and Sema's check of it.
TransformerShape workloadShape(const syntax::Statement& block);

} // namespace modak::model
