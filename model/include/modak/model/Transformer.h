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
    /// selective recompute repeats.
    double attentionForwardFlopsPerToken = 0;
    /// Activation elements one token keeps per layer for the backward pass, with FlashAttention
    /// (no stored scores) and no dropout (Korthikanti et al. 2022, Table 2, generalised to
    /// grouped-query attention, gated and mixture-of-experts FFNs).
    double activationsPerTokenPerLayer = 0;
    double logitsPerToken = 0;        ///< the vocabulary logits (kept in fp32 for the loss)
    double trainableLoraPerLayer = 0; ///< LoRA adapter parameters per layer and unit rank
};

/// The counts of `shape`; a shape that fails `shapeProblem` gives zeros.
TransformerCounts transformerCounts(const TransformerShape& shape);

/// "" when the shape is usable, else what is wrong ("heads must divide hidden").
std::string shapeProblem(const TransformerShape& shape);

/// Fills a shaped workload's parameters, FLOPs per sample and activations per sample where the
/// entry does not state them (stated figures win: they come with a source).
void deriveFromShape(Workload& workload);

} // namespace modak::model
