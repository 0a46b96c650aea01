// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Layout.h"

#include <fmt/format.h>

#include <array>
#include <vector>

namespace modak::model {
namespace {

/// Powers of two from 1 up to `hi`, or the one value written.
std::vector<int> degrees(std::optional<int> written, int hi) {
    if (written)
        return {*written};
    std::vector<int> out;
    for (int v = 1; v <= hi; v *= 2)
        out.push_back(v);
    return out;
}

/// How far a layout departs from the base: what a user would have to change in the training
/// code, weighed (sharding is a wrapper, recompute a flag, tensor and pipeline parallelism a
/// rewrite of the model).
int changes(const ParallelLayout& l, const ParallelLayout& base) {
    int n = 0;
    n += l.zeroStage != base.zeroStage ? 1 : 0;
    n += l.recompute != base.recompute ? 1 : 0;
    n += l.microbatches != base.microbatches ? 1 : 0;
    n += l.tensor != base.tensor ? 2 : 0;
    n += l.context != base.context ? 2 : 0;
    n += l.expert != base.expert ? 2 : 0;
    n += l.pipeline != base.pipeline ? 3 : 0;
    return n;
}

} // namespace

ParallelLayout baseLayout(const StrategyInfo* strategy) {
    ParallelLayout l;
    if (strategy && strategy->replicatedBytesPerParameter <= 0)
        l.zeroStage = 3; // weights, gradients and optimizer state all sharded (FSDP)
    else if (strategy && strategy->shardedBytesPerParameter > 0)
        l.zeroStage = strategy->replicatedBytesPerParameter <= 4 ? 2 : 1;
    return l;
}

LayoutChoice chooseLayout(const Scenario& base, const ParallelRequest& request,
                          const Calibration& cal, bool simplest, const SearchPause& pause) {
    LayoutChoice out;
    const ParallelLayout start = base.layout.value_or(ParallelLayout{});
    const Workload* w = base.workload;
    const TransformerShape* shape = w && w->shape ? &*w->shape : nullptr;
    const int perNode = std::max(1, base.gpusPerNode);
    const int devices = perNode * std::max(1, base.nodes);
    const int batch = base.batchPerDevice;

    // Model parallelism splits a transformer by its shape; other workloads only shard and
    // accumulate.
    const int domain = peerDomainSize(base);
    const auto tensors = degrees(request.tensor, shape ? std::min(domain, shape->heads) : 1);
    const auto pipelines = degrees(request.pipeline, shape ? std::min(devices, shape->layers) : 1);
    // Context parallelism pays off on long sequences only; it is searched from 32k tokens.
    const auto contexts =
        degrees(request.context, shape && shape->sequence >= 32768 ? std::min(domain, 16) : 1);
    const auto experts = degrees(
        request.expert, shape && shape->experts > 0 ? std::min(devices, shape->experts) : 1);
    std::vector<int> zeros;
    if (request.zero)
        zeros = {*request.zero};
    else if (start.zeroStage > 0)
        zeros = {start.zeroStage};
    else
        zeros = {0, 1, 3};
    std::vector<std::string> recomputes;
    if (!request.recompute.empty())
        recomputes = {request.recompute};
    else
        recomputes = {"none", "full"};

    Scenario trial = base;
    double bestScore = 0;
    double nearestMemory = 0;
    for (int t : tensors)
        for (int pp : pipelines)
            for (int cp : contexts) {
                if (devices % (t * pp * cp) != 0)
                    continue;
                const int dp = devices / (t * pp * cp);
                for (int ep : experts) {
                    if (ep > 1 && dp % ep != 0)
                        continue;
                    // Micro-batches: what is written, else (a pipeline needs at least as many as
                    // stages) the divisors of the batch from the stage count up, a few doublings.
                    std::vector<int> micro;
                    if (request.microbatches) {
                        micro = {*request.microbatches};
                    } else {
                        for (int m = std::max(1, pp); m <= batch && micro.size() < 4; m *= 2)
                            if (batch % m == 0)
                                micro.push_back(m);
                        if (micro.empty())
                            micro.push_back(batch);
                    }
                    for (int z : zeros)
                        for (const auto& rc : recomputes) {
                            // Pipelines shard only the optimizer state (Megatron's distributed
                            // optimizer, DeepSpeed's ZeRO-1 with pipelines): a written stage is
                            // kept, a searched one above 1 is not tried.
                            if (pp > 1 && z > 1 && !request.zero && start.zeroStage <= 1)
                                continue;
                            // Without a pipeline fewer micro-batches run faster (less
                            // overhead, a longer backward pass to hide the reduction in): the
                            // first that fits is kept. With one, more micro-batches shrink the
                            // bubble, so every count is predicted.
                            for (int m : micro) {
                                ParallelLayout l;
                                l.tensor = t;
                                l.pipeline = pp;
                                l.context = cp;
                                l.expert = ep;
                                l.zeroStage = z;
                                l.recompute = rc;
                                l.microbatches = m;
                                l.virtualStages = std::max(1, request.virtualStages);
                                l.schedule = !request.schedule.empty() ? request.schedule
                                             : l.virtualStages > 1     ? "interleaved"
                                                                       : "one_f_one_b";
                                trial.layout = l;
                                if (pause)
                                    pause();
                                std::string error;
                                auto p = predict(trial, cal, error, Explain::FiguresOnly);
                                ++out.tried;
                                if (!p) {
                                    if (out.error.empty())
                                        out.error = error;
                                    continue;
                                }
                                if (!fitsInMemory(trial, *p)) {
                                    if (!out.nearest || p->memoryPerDeviceBytes < nearestMemory) {
                                        out.nearest = trial;
                                        out.nearestPredicted = *p;
                                        nearestMemory = p->memoryPerDeviceBytes;
                                    }
                                    continue;
                                }
                                // Fastest; or, for a fix, fewest changes and then fastest.
                                double score = simplest ? -changes(l, start) * 1e12 + p->throughput
                                                        : p->throughput;
                                if (!out.scenario || score > bestScore * (1 + 1e-9)) {
                                    out.scenario = trial;
                                    out.predicted = *p;
                                    bestScore = score;
                                }
                                if (pp == 1)
                                    break;
                            }
                        }
                }
            }
    return out;
}

std::string smallestFittingLayout(const Scenario& s, const ParallelLayout& from,
                                  const Calibration& cal) {
    if (!s.workload || !s.gpu)
        return {};
    Scenario base = s;
    base.layout = from;
    LayoutChoice lc = chooseLayout(base, ParallelRequest{}, cal, /*simplest=*/true);
    if (!lc.scenario || !lc.predicted)
        return {};
    return fmt::format("`{}` fits ({:.1f} GiB per GPU, {:.3g} samples/s predicted)",
                       layoutText(*lc.scenario->layout, from),
                       lc.predicted->memoryPerDeviceBytes / 1073741824.0, lc.predicted->throughput);
}

std::string layoutText(const ParallelLayout& l, const ParallelLayout& base) {
    std::vector<std::string> parts;
    auto put = [&](bool differs, std::string text) {
        if (differs)
            parts.push_back(std::move(text));
    };
    put(l.tensor != base.tensor, fmt::format("tensor = {}", l.tensor));
    put(l.pipeline != base.pipeline, fmt::format("pipeline = {}", l.pipeline));
    put(l.context != base.context, fmt::format("context = {}", l.context));
    put(l.expert != base.expert, fmt::format("expert = {}", l.expert));
    put(l.microbatches != base.microbatches, fmt::format("microbatches = {}", l.microbatches));
    put(l.pipeline > 1 && l.schedule != base.schedule, fmt::format("schedule = {}", l.schedule));
    put(l.virtualStages != base.virtualStages, fmt::format("virtual_stages = {}", l.virtualStages));
    put(l.zeroStage != base.zeroStage, fmt::format("zero = {}", l.zeroStage));
    put(l.recompute != base.recompute, fmt::format("recompute = {}", l.recompute));
    std::string body;
    for (const auto& p : parts)
        body += (body.empty() ? "" : ", ") + p;
    return fmt::format("parallel {{ {} }}", body);
}

} // namespace modak::model
