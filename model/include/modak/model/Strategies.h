// SPDX-License-Identifier: Apache-2.0
//! The distributed training strategies of the language (`distributed = …`): one row each, with how
//! modak launches it, how many processes a node runs, which frameworks it works with and how it
//! shards the training state. The schema's `distributed` values, the plan's ranks per node, the
//! job scripts' and manifests' launches and the model's memory and traffic all read this table.
#pragma once

#include <span>
#include <string_view>

namespace modak::model {

/// How a strategy's processes are started and find each other.
enum class StrategyLaunch {
    Single,       ///< one process trains (`none`)
    TorchRanks,   ///< one process per rank with torchrun's variables (RANK, LOCAL_RANK, WORLD_SIZE,
                  ///< MASTER_ADDR, MASTER_PORT, …): DDP, FSDP, DeepSpeed
    MpiRanks,     ///< MPI ranks from the scheduler's or Open MPI's launcher (Horovod, MPI)
    TfWorkers,    ///< one worker per node (MultiWorkerMirroredStrategy, TF_CONFIG)
    JaxProcesses, ///< one process per node driving its devices (JAX_COORDINATOR_ADDRESS,
                  ///< JAX_NUM_PROCESSES, JAX_PROCESS_ID, as Kubeflow Trainer's JAX runtime sets)
};

struct StrategyInfo {
    std::string_view name; ///< the language's word: `distributed = fsdp`
    std::string_view doc;  ///< hover and completion
    StrategyLaunch launch = StrategyLaunch::Single;
    /// One process per device (a GPU, or a CPU rank); false: one process per node drives all of
    /// the node's devices.
    bool processPerDevice = false;
    /// The frameworks it trains with ("" any): `framework = …` names, space-separated.
    std::string_view frameworks;
    /// What `distributed = auto` becomes for these frameworks (space-separated).
    std::string_view autoFor;
    /// Training-state bytes per parameter (Adam, fp32 master copy: weights 4, gradients 4, two
    /// moments 8) kept whole on every device, and split across the devices (ZeRO, Rajbhandari et
    /// al. 2020, §5).
    double replicatedBytesPerParameter = 16;
    double shardedBytesPerParameter = 0;
    /// Gradient traffic per step relative to one ring all-reduce of the gradients: ZeRO-3 / FSDP
    /// full sharding gathers the weights twice and reduce-scatters the gradients, 1.5× (ibid. §7).
    double gradientTraffic = 1.0;
};

/// Every strategy, in the order the language lists them.
std::span<const StrategyInfo> strategies();

/// The row of `name`, or null (also for "" and `auto`).
const StrategyInfo* findStrategy(std::string_view name);

/// The strategy `distributed = auto` means for `framework` (keras: on TensorFlow unless
/// `kerasBackend` names another); null when the framework has no natural one.
const StrategyInfo* autoStrategy(std::string_view framework, std::string_view kerasBackend = {});

/// True when `framework` (with Keras on `kerasBackend`) can train with `strategy`.
bool strategySupports(const StrategyInfo& strategy, std::string_view framework,
                      std::string_view kerasBackend = {});

} // namespace modak::model
