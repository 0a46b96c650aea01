// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Transformer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace modak::model {

std::string shapeProblem(const TransformerShape& s) {
    if (s.layers < 1 || s.hidden < 1 || s.heads < 1 || s.sequence < 1)
        return "a transformer shape needs layers, hidden, heads and sequence of at least 1";
    if (s.hidden % s.heads != 0)
        return fmt::format("heads ({}) must divide hidden ({})", s.heads, s.hidden);
    const int kv = s.kvHeads > 0 ? s.kvHeads : s.heads;
    if (kv > s.heads || s.heads % kv != 0)
        return fmt::format("kv_heads ({}) must divide heads ({})", kv, s.heads);
    if (s.ffn < 0 || s.vocabulary < 0 || s.experts < 0 || s.activeExperts < 0)
        return "ffn, vocabulary, experts and active_experts cannot be negative";
    if (s.experts > 0 && (s.activeExperts < 1 || s.activeExperts > s.experts))
        return fmt::format("active_experts must be between 1 and experts ({})", s.experts);
    if (s.experts == 0 && s.activeExperts > 0)
        return "active_experts needs experts";
    if (s.meanSequence < 0 || (s.meanSequence > 0 && s.meanSequence < 1) ||
        s.meanSequence > s.sequence)
        return fmt::format("mean_sequence ({:g}) must be between 1 and sequence ({})",
                           s.meanSequence, s.sequence);
    return {};
}

double tokensPerSample(const TransformerShape& s) {
    return s.meanSequence > 0 ? s.meanSequence : s.sequence;
}

TransformerCounts transformerCounts(const TransformerShape& s, bool eagerAttention) {
    TransformerCounts c;
    if (!shapeProblem(s).empty())
        return c;
    // The attention core of a token spans its own sequence: with packed or unpadded data the
    // mean tokens a sample computes, not the padded length (docs/model.md "Packed sequences").
    const double h = s.hidden, seq = tokensPerSample(s), layers = s.layers;
    const double kvDim = h / s.heads * (s.kvHeads > 0 ? s.kvHeads : s.heads);
    const double ffn = s.ffn > 0 ? s.ffn : 4 * h;
    const double ffnMatrices = s.gatedFfn ? 3 : 2;
    const double experts = s.experts > 0 ? s.experts : 1;
    const double active = s.experts > 0 ? s.activeExperts : 1;

    const double attention = 2 * h * h + 2 * h * kvDim; // Q and O, K and V
    const double expertFfn = ffnMatrices * h * ffn;
    const double router = s.experts > 0 ? h * s.experts : 0;
    const double norms = 2 * h;
    const double embedding = static_cast<double>(s.vocabulary) * h;
    c.embeddingParameters = embedding * (s.tiedEmbeddings ? 1 : 2);
    c.expertParameters = s.experts > 0 ? layers * experts * expertFfn : 0;
    c.parameters =
        layers * (attention + experts * expertFfn + router + norms) + c.embeddingParameters;
    c.activeParameters =
        layers * (attention + active * expertFfn + router + norms) + c.embeddingParameters;

    // Forward: 2 FLOPs a multiply-accumulate over every matmul weight a token meets (the output
    // projection onto the vocabulary included, the embedding lookup not), plus the attention core:
    // scores QKᵀ and their product with V, 2 × 2 × sequence × hidden per layer, half of it under a
    // causal mask (FlashAttention skips the masked blocks; eager attention computes them and masks
    // the scores afterwards).
    const double matmulWeights = layers * (attention + active * expertFfn + router) + embedding;
    c.attentionForwardFlopsPerToken =
        layers * 4 * seq * h * (s.causal && !eagerAttention ? 0.5 : 1.0);
    c.scoresPerTokenPerLayer = s.heads * seq;
    c.forwardFlopsPerToken = 2 * matmulWeights + c.attentionForwardFlopsPerToken;
    c.trainFlopsPerToken = 3 * c.forwardFlopsPerToken;

    // Kept for the backward pass, per token and layer: both layer-norm inputs, the attention
    // input, Q, K and V, the attention output (the output projection's input), the FFN input and
    // its intermediates (gate, up and their product when gated; the pre- and post-activation
    // otherwise), once per active expert, and the router's logits.
    c.activationsPerTokenPerLayer = 2 * h + h + (h + 2 * kvDim) + h + h +
                                    active * (s.gatedFfn ? 3 : 2) * ffn +
                                    (s.experts > 0 ? s.experts : 0);
    c.logitsPerToken = s.vocabulary;
    // LoRA on every linear layer: rank × (inputs + outputs) per adapted matrix.
    c.trainableLoraPerLayer = (h + h) + 2 * (h + kvDim) + (h + h) +
                              active * (s.gatedFfn ? 2 * (h + ffn) + (ffn + h) : 2 * (h + ffn));
    return c;
}

double weightGemmWaveFactor(const TransformerShape& s, double tokens, int tensor,
                            int multiprocessors) {
    if (multiprocessors <= 0 || tensor < 1 || !(tokens >= 1) || !shapeProblem(s).empty())
        return 1;
    // The 128 × 128 output tile of cuBLAS's and CUTLASS's large tensor-core kernels.
    constexpr double kTile = 128;
    const double sms = multiprocessors;
    auto occupancy = [&](double rows, double cols) {
        const double tiles = std::ceil(rows / kTile) * std::ceil(cols / kTile);
        return tiles / (std::ceil(tiles / sms) * sms);
    };
    const double t = tensor, h = s.hidden, layers = s.layers;
    const double kvDim = h / s.heads * (s.kvHeads > 0 ? s.kvHeads : s.heads);
    const double ffn = s.ffn > 0 ? s.ffn : 4 * h;
    double flops = 0, time = 0;
    // `count` GEMMs of `rows` tokens by an inputs × outputs weight: forward, data and weight
    // gradients, 2 × rows × inputs × outputs FLOPs each.
    auto gemm = [&](double rows, double inputs, double outputs, double count) {
        const double f = 2 * rows * inputs * outputs * count;
        flops += 3 * f;
        time += f / occupancy(rows, outputs) + f / occupancy(rows, inputs) + f;
    };
    // Megatron's shards: Q, K, V and the FFN's input matrices split by columns, the output
    // projections by rows; the gate and up matrices are one GEMM.
    const double ffnIn = (s.gatedFfn ? 2 : 1) * ffn / t;
    gemm(tokens, h, (h + 2 * kvDim) / t, layers);
    gemm(tokens, h / t, h, layers);
    if (s.experts > 0) {
        // Each expert multiplies the tokens routed to it: active / experts of them on average.
        const double routed = std::max(1.0, tokens * s.activeExperts / s.experts);
        gemm(routed, h, ffnIn, layers * s.experts);
        gemm(routed, ffn / t, h, layers * s.experts);
    } else {
        gemm(tokens, h, ffnIn, layers);
        gemm(tokens, ffn / t, h, layers);
    }
    gemm(tokens, h, static_cast<double>(s.vocabulary) / t, 1); // the logits
    return flops > 0 ? std::max(1.0, time / flops) : 1;
}

ScoresTraffic eagerScoresTraffic(double b) {
    // Per element of the scores, forward: S written by the QKᵀ GEMM and read by the softmax (2b),
    // P written (b), read by dropout (b), its output written (b) with a one-byte mask (1) and read
    // by the product with V (b). Backward: that output read for dV (b), dP written (b), read by
    // dropout's backward with the mask (b + 1), its result written (b) and read by the softmax
    // backward with P (2b), dS written (b) and read by the dQ and dK GEMMs (2b). Masking and
    // scaling are fused into the softmax and move nothing of their own.
    return {6 * b + 1, 9 * b + 1, 2 * b + 1};
}

double shapeActivationsPerSample(const TransformerShape& s) {
    const TransformerCounts c = transformerCounts(s);
    return tokensPerSample(s) * (s.layers * c.activationsPerTokenPerLayer + c.logitsPerToken);
}

void deriveFromShape(Workload& w) {
    if (!w.shape)
        return;
    const TransformerCounts c = transformerCounts(*w.shape);
    if (c.parameters <= 0)
        return;
    const double seq = w.shape->sequence;
    if (w.parameters <= 0)
        w.parameters = c.parameters;
    if (w.flopsPerSample <= 0)
        w.flopsPerSample = c.trainFlopsPerToken * tokensPerSample(*w.shape);
    if (w.activationsPerSample <= 0)
        w.activationsPerSample = shapeActivationsPerSample(*w.shape);
    if (w.sampleBytes <= 0) // token ids as stored: a padded row of the full sequence
        w.sampleBytes = seq * (w.shape->vocabulary > 65536 ? 4 : 2);
}

} // namespace modak::model
