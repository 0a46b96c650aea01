// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Strategies.h"

#include <algorithm>
#include <iterator>

namespace modak::model {
namespace {

// clang-format off
constexpr StrategyInfo kStrategies[] = {
    {"none", "no distribution: one process trains the model", StrategyLaunch::Single, false, "", ""},
    {"ddp", "PyTorch DistributedDataParallel: one process per GPU, gradients all-reduced",
     StrategyLaunch::TorchRanks, true, "pytorch", "pytorch"},
    {"fsdp", "PyTorch FullyShardedDataParallel (ZeRO-3): one process per GPU; weights, gradients "
             "and optimizer state sharded across them, weights gathered for each layer",
     StrategyLaunch::TorchRanks, true, "pytorch", "", 0, 16, 1.5},
    {"deepspeed", "DeepSpeed's engine (ZeRO stage 2 assumed: gradients and optimizer state "
                  "sharded): one process per GPU, started with torchrun's variables",
     StrategyLaunch::TorchRanks, true, "pytorch", "", 4, 12, 1.0},
    {"horovod", "Horovod ring all-reduce over MPI/NCCL (TensorFlow, Keras, PyTorch, MXNet)",
     StrategyLaunch::MpiRanks, true, "tensorflow keras pytorch mxnet", "mxnet"},
    {"mirrored", "TensorFlow tf.distribute mirrored strategies: MirroredStrategy on one node, "
                 "MultiWorkerMirroredStrategy across nodes (one worker per node, TF_CONFIG)",
     StrategyLaunch::TfWorkers, false, "tensorflow keras", "tensorflow keras"},
    {"mpi", "data parallelism written directly against MPI (e.g. mpi4py), launched by mpirun/srun",
     StrategyLaunch::MpiRanks, true, "", ""},
    {"jax", "JAX multi-process data parallelism (jax.distributed): one process per node driving "
            "its devices, coordinator on the first node",
     StrategyLaunch::JaxProcesses, false, "jax", "jax"},
};
// clang-format on

bool listed(std::string_view list, std::string_view word) {
    while (!list.empty()) {
        size_t space = list.find(' ');
        if (list.substr(0, space) == word)
            return true;
        if (space == std::string_view::npos)
            break;
        list.remove_prefix(space + 1);
    }
    return false;
}

/// Keras trains with the strategies of the backend it runs on (TensorFlow unless said).
std::string_view effectiveFramework(std::string_view framework, std::string_view kerasBackend) {
    if (framework != "keras")
        return framework;
    if (kerasBackend.empty() || kerasBackend == "tensorflow")
        return "tensorflow";
    return kerasBackend;
}

} // namespace

std::span<const StrategyInfo> strategies() {
    return kStrategies;
}

const StrategyInfo* findStrategy(std::string_view name) {
    const auto* it = std::find_if(std::begin(kStrategies), std::end(kStrategies),
                                  [&](const StrategyInfo& s) { return s.name == name; });
    return it == std::end(kStrategies) ? nullptr : it;
}

const StrategyInfo* autoStrategy(std::string_view framework, std::string_view kerasBackend) {
    std::string_view fw = effectiveFramework(framework, kerasBackend);
    for (const StrategyInfo& s : kStrategies)
        if (listed(s.autoFor, fw))
            return &s;
    return nullptr;
}

bool strategySupports(const StrategyInfo& strategy, std::string_view framework,
                      std::string_view kerasBackend) {
    if (strategy.frameworks.empty())
        return true;
    // Keras trains with what its backend supports: Horovod and tf.distribute on TensorFlow.
    return listed(strategy.frameworks, framework) &&
           (framework != "keras" ||
            listed(strategy.frameworks, effectiveFramework(framework, kerasBackend)));
}

} // namespace modak::model
