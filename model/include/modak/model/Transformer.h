// SPDX-License-Identifier: Apache-2.0
//! What a transformer's shape implies (docs/model.md "Transformer workloads"): its parameters, its
//! training FLOPs per token and the activations one token leaves for the backward pass, per layer.
//! The catalogue derives a shaped workload's figures from here, and the performance model splits
//! them over tensor, pipeline, context and expert parallelism.
#pragma once

#include "modak/model/Catalogue.h"

#include <string>

namespace modak::model {

struct TransformerCounts {
    double parameters = 0;          ///< all trainable parameters, embeddings included
    double activeParameters = 0;    ///< the parameters one token runs through (MoE: active experts)
    double expertParameters = 0;    ///< in the experts' FFNs (split by expert parallelism)
    double embeddingParameters = 0; ///< input embedding and, when untied, the output projection
    /// Training FLOPs per token: forward + backward (3 × forward), matmuls and attention, without
    /// recomputation.
    double trainFlopsPerToken = 0;
    double forwardFlopsPerToken = 0;
    /// Of the forward FLOPs, the attention core (scores and their product with V): what
    /// selective recompute repeats. Under a causal mask FlashAttention skips the masked half;
    /// eager attention computes every score and masks them afterwards.
    double attentionForwardFlopsPerToken = 0;
    /// Elements of the s × s attention scores one token's rows hold in one layer (heads ×
    /// sequence): what eager attention writes to memory and FlashAttention never does.
    double scoresPerTokenPerLayer = 0;
    /// Activation elements one token keeps per layer for the backward pass, with FlashAttention
    /// (no stored scores) and no dropout (Korthikanti et al. 2022, Table 2, generalised to
    /// grouped-query attention, gated and mixture-of-experts FFNs).
    double activationsPerTokenPerLayer = 0;
    double logitsPerToken = 0;        ///< the vocabulary logits (kept in fp32 for the loss)
    double trainableLoraPerLayer = 0; ///< LoRA adapter parameters per layer and unit rank
};

/// The counts of `shape`; a shape that fails `shapeProblem` gives zeros. `eagerAttention`: the
/// attention core computes the masked scores too (no causal skip).
TransformerCounts transformerCounts(const TransformerShape& shape, bool eagerAttention = false);

/// DRAM bytes an eager (unfused) attention core moves per element of its s × s scores, and
/// keeps for the backward pass, at `elementBytes` per activation (docs/model.md "Transformer
/// workloads"). Megatron's core attention without FlashAttention: the scores GEMM writes S, a
/// fused scale-mask-softmax reads S and writes P, dropout reads P and writes its output and a
/// one-byte mask, the product with V reads that output; the backward pass reads it for dV,
/// writes dP, dropout's backward reads dP and the mask and writes its input gradient, the
/// softmax backward reads that and P and writes dS, which dQ and dK read (Dao et al. 2022,
/// Algorithms 0 and 3, "standard attention", with Megatron's dropout between). The forward
/// keeps P, the mask and the dropout output: Korthikanti et al. 2022's 5as/h term.
struct ScoresTraffic {
    double forward = 0;  ///< bytes a forward pass moves per score element: 6 b + 1
    double backward = 0; ///< bytes the backward pass moves per score element: 9 b + 1
    double kept = 0;     ///< bytes kept for the backward pass per score element: 2 b + 1
};
ScoresTraffic eagerScoresTraffic(double elementBytes);

/// Tokens one sample computes: the shape's `meanSequence` where the data are packed or unpadded,
/// else its `sequence`. Per-sample FLOPs, activations, attention scores and tokens/s scale with
/// it; the attention of each token spans its own sequence (docs/model.md "Packed sequences").
double tokensPerSample(const TransformerShape& shape);

/// How much longer a training step's weight GEMMs take than at full occupancy because their
/// output tiles do not fill whole waves of the GPU's `multiprocessors` (docs/model.md "Small
/// GEMMs"): each pass multiplies `tokens` rows (a micro-batch's tokens on one device) by the
/// device's 1/`tensor` share of every weight matrix; an output of r × c elements is
/// ⌈r/128⌉·⌈c/128⌉ tiles, one SM each, run in ⌈tiles/SMs⌉ waves. The forward pass tiles
/// tokens × outputs, the data gradient tokens × inputs; the weight gradient reduces over the
/// tokens and is split along them to fill the GPU (split-K), so it runs at full occupancy.
/// Returns (Σ FLOPs / occupancy) / Σ FLOPs over every weight GEMM, at least 1; 1 when the
/// multiprocessors are not known (0) or the shape is unusable.
double weightGemmWaveFactor(const TransformerShape& shape, double tokens, int tensor,
                            int multiprocessors);

/// "" when the shape is usable, else what is wrong ("heads must divide hidden").
std::string shapeProblem(const TransformerShape& shape);

/// Activation elements one sample keeps for the backward pass by its shape, with FlashAttention:
/// every layer's `activationsPerTokenPerLayer` and the logits, per token of the sequence.
double shapeActivationsPerSample(const TransformerShape& shape);

/// Fills a shaped workload's parameters, FLOPs per sample and activations per sample where the
/// entry does not state them (stated figures win: they come with a source).
void deriveFromShape(Workload& workload);

} // namespace modak::model
