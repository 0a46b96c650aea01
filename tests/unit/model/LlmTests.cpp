// SPDX-License-Identifier: Apache-2.0
// Transformers from their shape and the layouts that split them (docs/model.md "Transformer
// workloads", "Parallelism"): the published parameter counts follow from the published shapes,
// memory and step time respond to each kind of parallelism the way their papers say, and a plan
// that does not fit says what would.
#include "ModelTest.h"
#include "modak/codegen/Generate.h"
#include "modak/codegen/JobSpec.h"
#include "modak/model/Deployment.h"
#include "modak/model/Layout.h"
#include "modak/model/Plan.h"
#include "modak/model/Report.h"
#include "modak/model/Transformer.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <utility>

using namespace modak;
using namespace modak::model;

namespace {

const Workload& builtin(std::string_view name) {
    const Workload* w = Catalogue::builtin().workload(name);
    REQUIRE(w);
    return *w;
}

Scenario llmScenario(std::string_view workload, int nodes, int gpus) {
    Scenario s;
    s.workload = &builtin(workload);
    s.framework = "pytorch";
    s.version = "2.3";
    s.precision = "bf16";
    s.gpu = Catalogue::builtin().gpu("h100_sxm5");
    REQUIRE(s.gpu);
    s.cpu = Catalogue::builtin().cpu("epyc_7742");
    s.gpusPerNode = gpus;
    s.nodes = nodes;
    s.interconnect = Catalogue::builtin().interconnect("infiniband_ndr");
    s.batchPerDevice = 8;
    return s;
}

Prediction predictOrFail(const Scenario& s) {
    std::string error;
    auto p = predict(s, Calibration::builtin(), error);
    INFO(error);
    REQUIRE(p);
    return *p;
}

/// A Megatron-style layout: tensor × pipeline degrees, micro-batches a step, recompute.
ParallelLayout layoutOf(int tensor, int pipeline, int microbatches, std::string recompute) {
    ParallelLayout l;
    l.tensor = tensor;
    l.pipeline = pipeline;
    l.microbatches = microbatches;
    l.recompute = std::move(recompute);
    return l;
}

} // namespace

TEST_CASE("transformer shapes give the published parameter counts", "[model][llm]") {
    // Each model's card states its size; the shape alone must reproduce it.
    struct Case {
        const char* name;
        double published;
        double tolerance;
    };
    for (const Case& c : {Case{"llama3_8b", 8.03e9, 0.01}, Case{"llama3_70b", 70.6e9, 0.01},
                          Case{"llama3_405b", 405.8e9, 0.01}, Case{"mistral_7b", 7.24e9, 0.01},
                          Case{"mixtral_8x7b", 46.7e9, 0.01}, Case{"gpt3_175b", 175e9, 0.01},
                          Case{"vit_l16", 304.3e6, 0.01}, Case{"llama2_7b", 6.74e9, 0.01},
                          Case{"llama2_70b", 68.98e9, 0.01}, Case{"mpt_7b", 6.65e9, 0.01}}) {
        const Workload& w = builtin(c.name);
        REQUIRE(w.shape);
        const TransformerCounts counts = transformerCounts(*w.shape);
        INFO(c.name << ": " << counts.parameters);
        CHECK(std::abs(counts.parameters / c.published - 1) < c.tolerance);
    }
    // Mixtral runs 2 of its 8 experts: 12.9 B active parameters (Jiang et al. 2024).
    const auto mixtral = transformerCounts(*builtin("mixtral_8x7b").shape);
    CHECK(std::abs(mixtral.activeParameters / 12.9e9 - 1) < 0.01);
    // Training FLOPs ≈ 6 N per token plus attention (Kaplan et al. 2020): for Llama 3 8B at 8192
    // tokens attention adds about a sixth.
    const auto llama8 = transformerCounts(*builtin("llama3_8b").shape);
    const double sixN = 6 * llama8.parameters;
    CHECK(llama8.trainFlopsPerToken > sixN);
    CHECK(llama8.trainFlopsPerToken < 1.25 * sixN);
    // Per layer and token, Korthikanti et al.'s 34 h bytes less the three dropout masks (without
    // FlashAttention's s² term) is 16 h elements for GPT-3's shape (ffn = 4 h, no GQA).
    const auto gpt3 = transformerCounts(*builtin("gpt3_175b").shape);
    CHECK(gpt3.activationsPerTokenPerLayer == 16.0 * 12288);
    // A shape that cannot be is refused with its reason.
    TransformerShape bad{32, 4096, 30, 0, 0, 0, 2048, 0, 0, false, true, false};
    CHECK_THAT(shapeProblem(bad), Catch::Contains("heads (30) must divide hidden (4096)"));
}

TEST_CASE("layouts: memory and step time follow each parallelism", "[model][llm]") {
    Scenario s = llmScenario("llama3_70b", 4, 8);
    s.batchPerDevice = 16;
    ParallelLayout l;
    l.tensor = 8;
    l.pipeline = 4;
    l.microbatches = 16;
    l.recompute = "full";
    s.layout = l;
    const Prediction base = predictOrFail(s);
    // The training state of a 70 B model split over tensor × pipeline = 32 GPUs: 16 B a parameter.
    CHECK(base.memory.weights + base.memory.gradients + base.memory.optimizer ==
          Approx(builtin("llama3_70b").parameters * 16 / 32).epsilon(1e-9));
    CHECK(base.tokensPerSecond == Approx(base.throughput * 8192));

    // More micro-batches shrink the pipeline bubble (p − 1)/m; interleaving divides it further.
    Scenario more = s;
    more.layout->microbatches = 4;
    CHECK(predictOrFail(more).throughput < base.throughput);
    Scenario interleaved = s;
    interleaved.layout->schedule = "interleaved";
    interleaved.layout->virtualStages = 4;
    CHECK(predictOrFail(interleaved).throughput > base.throughput);
    // …at the cost of more micro-batches in flight? No: 1F1B keeps `pipeline` of them; GPipe all.
    Scenario gpipe = s;
    gpipe.layout->schedule = "gpipe";
    CHECK(predictOrFail(gpipe).memory.activations > base.memory.activations);

    // Full recompute trades a third more compute for activations of one tensor per layer.
    Scenario keep = s;
    keep.layout->recompute = "none";
    const Prediction kept = predictOrFail(keep);
    CHECK(kept.memory.activations > 5 * base.memory.activations);
    CHECK(kept.step.compute < base.step.compute);

    // ZeRO stages shard the optimizer state, then the gradients, then the weights.
    Scenario zero = llmScenario("llama3_8b", 1, 8);
    zero.layout = ParallelLayout{};
    zero.layout->recompute = "full";
    zero.layout->microbatches = 8;
    double previous = predictOrFail(zero).memoryPerDeviceBytes;
    for (int stage = 1; stage <= 3; ++stage) {
        zero.layout->zeroStage = stage;
        const double now = predictOrFail(zero).memoryPerDeviceBytes;
        CHECK(now < previous);
        previous = now;
    }
    // In 16-bit training the weights and gradients are 2 bytes and the optimizer state 12 (an
    // fp32 master copy and two moments; Rajbhandari et al. 2020, §3.1): ZeRO-1 over 8 replicas
    // keeps 2 + 2 + 12/8 bytes a parameter. fp32 training keeps 4 + 4 + 8/8.
    const double params = builtin("llama3_8b").parameters;
    zero.layout->zeroStage = 1;
    const Prediction bf16 = predictOrFail(zero);
    CHECK(bf16.memory.weights == Approx(params * 2));
    CHECK(bf16.memory.gradients == Approx(params * 2));
    CHECK(bf16.memory.optimizer == Approx(params * 12 / 8));
    zero.precision = "fp32";
    const Prediction fp32 = predictOrFail(zero);
    CHECK(fp32.memory.weights == Approx(params * 4));
    CHECK(fp32.memory.optimizer == Approx(params * 8 / 8));

    // Tensor parallelism inside the node's NVLink is far cheaper than across the network: with
    // 16-way tensor parallelism on 8-GPU nodes the all-reduces cross InfiniBand; a GPU whose
    // NVLink domain spans 72 GPUs (GB200 NVL72) keeps them on NVLink.
    Scenario wide = s;
    wide.workload = &builtin("gpt3_175b"); // 96 heads, no grouped-query attention
    wide.layout->tensor = 16;
    wide.layout->pipeline = 2;
    Gpu nvl72 = *s.gpu;
    nvl72.peerDomainGpus = 72;
    Scenario inDomain = wide;
    inDomain.gpu = &nvl72;
    CHECK(predictOrFail(inDomain).step.communication <
          0.25 * predictOrFail(wide).step.communication);

    // Degrees that cannot split the model are refused with the reason.
    std::string error;
    Scenario odd = s;
    odd.layout->tensor = 3;
    odd.layout->pipeline = 1;
    CHECK_FALSE(predict(odd, Calibration::builtin(), error));
    Scenario heads = llmScenario("llama3_70b", 2, 8);
    heads.layout = ParallelLayout{};
    heads.layout->tensor = 16; // 8 key-value heads
    CHECK_FALSE(predict(heads, Calibration::builtin(), error));
    CHECK_THAT(error, Catch::Contains("key-value heads"));
}

TEST_CASE("an eager host issues every layer's operators: small layers are host-bound",
          "[model][llm]") {
    // GPT-2 medium (hidden 1024, 24 layers) split 8 ways with one sequence a micro-batch: the
    // GPU's share of a layer takes far less than the host needs to issue its operators.
    const Calibration& cal = Calibration::builtin();
    REQUIRE(cal.layerHostSeconds > 0); // bench/layer_host_seconds.py's measurement
    Calibration noHost = cal;
    noHost.layerHostSeconds = 0;
    Scenario s = llmScenario("gpt2_medium", 1, 8);
    s.precision = "mixed";
    s.gpu = Catalogue::builtin().gpu("a100_sxm4_80gb");
    REQUIRE(s.gpu);
    s.batchPerDevice = 2;
    s.layout = layoutOf(8, 1, 2, "none");
    auto predictWith = [&](const Scenario& sc, const Calibration& c) {
        std::string error;
        auto p = predict(sc, c, error);
        INFO(error);
        REQUIRE(p);
        return *p;
    };
    const Prediction host = predictWith(s, cal), gpuOnly = predictWith(s, noHost);
    const double layers = builtin("gpt2_medium").shape->layers;
    // The floor: every layer of both micro-batches, plus the per-micro-batch overhead as before.
    CHECK(host.step.compute ==
          Approx(2 * layers * cal.layerHostSeconds + 2 * cal.stepOverheadGpuSeconds));
    CHECK(gpuOnly.step.compute < host.step.compute);
    CHECK(std::any_of(host.factors.begin(), host.factors.end(),
                      [](const std::string& f) { return f.starts_with("host-bound"); }));
    // Full recompute issues the forward operators again: a third more.
    Scenario again = s;
    again.layout->recompute = "full";
    CHECK(predictWith(again, cal).step.compute ==
          Approx(2 * layers * cal.layerHostSeconds * 4 / 3 + 2 * cal.stepOverheadGpuSeconds));
    // A graph compiler fuses and captures the operators: no floor is known for it.
    Scenario compiled = s;
    compiled.graphCompiler = "inductor";
    CHECK(predictWith(compiled, cal).stepSeconds ==
          Approx(predictWith(compiled, noHost).stepSeconds));
    // A large layer's GPU time hides the host: Llama 3.1 70B's step does not move.
    Scenario big = llmScenario("llama3_70b", 4, 8);
    big.layout = layoutOf(8, 4, 8, "full");
    CHECK(predictWith(big, cal).stepSeconds == Approx(predictWith(big, noHost).stepSeconds));
}

TEST_CASE("small GEMMs: output tiles that do not fill the last wave of multiprocessors",
          "[model][llm][small-gemms]") {
    // Hidden, FFN and vocabulary of 128 and 128 tokens a pass: with u = 2 × 128³ FLOPs, Q/K/V
    // (128 → 384) is 3u forward, its output 3 tiles and its data gradient 1 tile; every other
    // weight (output projection, FFN up and down, the logits) is u, 1 tile each way. On two
    // multiprocessors 3 tiles fill ¾ of two waves and 1 tile ½ of one; the weight gradient is
    // split along the tokens and stays full. Q/K/V: 3u/¾ + 3u/½ + 3u = 13u of 9u; the others
    // 2u + 2u + u = 5u of 3u each; two layers and the logits: (2 × (13 + 3 × 5) + 5) / (2 × 18
    // + 3) = 61/39.
    TransformerShape tiny;
    tiny.layers = 2;
    tiny.hidden = 128;
    tiny.heads = 1;
    tiny.ffn = 128;
    tiny.vocabulary = 128;
    tiny.sequence = 128;
    CHECK(weightGemmWaveFactor(tiny, 128, 1, 2) == Approx(61.0 / 39));
    CHECK(weightGemmWaveFactor(tiny, 128, 1, 1) == Approx(1)); // one SM: every wave full
    CHECK(weightGemmWaveFactor(tiny, 128, 1, 0) == 1);         // multiprocessors not known
    // 256 tokens: two rows of tiles, so every GEMM fills whole waves of two.
    CHECK(weightGemmWaveFactor(tiny, 256, 1, 2) == Approx(1));
    // Llama 3.1 70B at 8 192 tokens a pass keeps an H100's 132 SMs busy; GPT-2 medium split 8
    // ways at 1 024 tokens does not.
    const Gpu* h100 = Catalogue::builtin().gpu("h100_sxm5");
    const Gpu* a100 = Catalogue::builtin().gpu("a100_sxm4_80gb");
    REQUIRE((h100 && a100));
    CHECK(h100->multiprocessors == 132);
    CHECK(a100->multiprocessors == 108);
    CHECK(weightGemmWaveFactor(*builtin("llama3_70b").shape, 8192, 8, h100->multiprocessors) <
          1.05);
    const double small =
        weightGemmWaveFactor(*builtin("gpt2_medium").shape, 1024, 8, a100->multiprocessors);
    CHECK(small > 1.5);
    // The plan charges it, and says so; the host floor left out so the GPU's time shows.
    Calibration c = Calibration::builtin();
    c.layerHostSeconds = 0;
    Scenario s = llmScenario("gpt2_medium", 1, 8);
    s.precision = "mixed";
    s.gpu = a100;
    s.batchPerDevice = 1;
    s.layout = layoutOf(8, 1, 1, "none");
    std::string error;
    auto p = predict(s, c, error);
    Gpu unknown = *a100;
    unknown.multiprocessors = 0;
    s.gpu = &unknown;
    auto q = predict(s, c, error);
    REQUIRE((p && q));
    CHECK(p->step.compute > 1.2 * q->step.compute);
    CHECK(std::any_of(p->factors.begin(), p->factors.end(),
                      [](const std::string& f) { return f.starts_with("small GEMMs"); }));
    CHECK(std::none_of(q->factors.begin(), q->factors.end(),
                       [](const std::string& f) { return f.starts_with("small GEMMs"); }));
}

namespace {

/// A GPT at 4 096 tokens (hidden 2 048, 16 heads, 24 layers: 1.3 B parameters) from its shape.
Workload gpt4k(bool causal) {
    Workload w;
    w.name = "gpt_4k";
    w.kind = "transformer";
    TransformerShape shape;
    shape.layers = 24;
    shape.hidden = 2048;
    shape.heads = 16;
    shape.vocabulary = 50257;
    shape.sequence = 4096;
    shape.causal = causal;
    w.shape = shape;
    deriveFromShape(w);
    return w;
}

/// The built-in calibration without its effects and host floor: a step is its physics alone.
Calibration physicsOnly() {
    Calibration c = Calibration::builtin();
    c.effects.clear();
    c.frameworkEfficiency.clear();
    c.workloadEfficiency.clear();
    c.architectureEfficiency.clear();
    c.layerHostSeconds = 0;
    return c;
}

} // namespace

TEST_CASE("eager attention: the scores' traffic, the masked FLOPs and the kept probabilities",
          "[model][llm][attention]") {
    // Bytes per score element at 16 bits (Transformer.h): forward S written and read, P written
    // and read, the dropout output and its one-byte mask written, the output read by P·V (6b +
    // 1); backward 9b + 1; kept: P, the mask and the dropout output, Korthikanti et al. 2022's
    // 5as/h term (5 bytes a score).
    const ScoresTraffic half = eagerScoresTraffic(2);
    CHECK(half.forward == 13);
    CHECK(half.backward == 19);
    CHECK(half.kept == 5);
    CHECK(eagerScoresTraffic(4).kept == 9);

    // FlashAttention skips the masked half of a causal model's scores; eager attention does not.
    const Workload causal = gpt4k(true), encoder = gpt4k(false);
    const auto flashCounts = transformerCounts(*causal.shape);
    const auto eagerCounts = transformerCounts(*causal.shape, true);
    CHECK(eagerCounts.attentionForwardFlopsPerToken ==
          Approx(2 * flashCounts.attentionForwardFlopsPerToken));
    CHECK(eagerCounts.trainFlopsPerToken - flashCounts.trainFlopsPerToken ==
          Approx(3 * 24 * 2.0 * 4096 * 2048));
    CHECK(transformerCounts(*encoder.shape, true).attentionForwardFlopsPerToken ==
          Approx(transformerCounts(*encoder.shape).attentionForwardFlopsPerToken));
    CHECK(flashCounts.scoresPerTokenPerLayer == 16.0 * 4096);

    // Data parallel on one A100, an encoder (no masked FLOPs): the step grows by exactly the
    // scores' traffic at the achieved bandwidth, the memory by the kept bytes.
    const Calibration cal = physicsOnly();
    Scenario s = llmScenario("llama3_8b", 1, 1);
    s.workload = &encoder;
    s.gpu = Catalogue::builtin().gpu("a100_sxm4_80gb");
    REQUIRE(s.gpu);
    s.batchPerDevice = 2;
    auto predictWith = [&](const Scenario& sc) {
        std::string error;
        auto p = predict(sc, cal, error);
        INFO(error);
        REQUIRE(p);
        return *p;
    };
    Scenario eager = s;
    eager.attention = "eager";
    const Prediction pf = predictWith(s), pe = predictWith(eager);
    const double scores = 2.0 * 24 * 4096 * 16 * 4096; // per step: batch × layers × s × heads × s
    const double bandwidth = s.gpu->memoryBandwidthGBs * 1e9 * cal.memoryUtilisation;
    CHECK(pe.step.compute - pf.step.compute == Approx(scores * (13 + 19) / bandwidth));
    CHECK(pe.memory.activations - pf.memory.activations == Approx(scores * 5));
    CHECK(pe.throughput < pf.throughput);
    CHECK(std::any_of(pe.factors.begin(), pe.factors.end(), [](const std::string& f) {
        return f.starts_with("eager attention (no FlashAttention)");
    }));
    // The causal model adds the masked FLOPs on top.
    Scenario causalFlash = s, causalEager = eager;
    causalFlash.workload = causalEager.workload = &causal;
    const Prediction cf = predictWith(causalFlash), ce = predictWith(causalEager);
    CHECK(ce.step.compute - cf.step.compute > scores * (13 + 19) / bandwidth);

    // A stated activation count (gpt2_medium's holds its scores and softmax) is not added to:
    // eager attention starts from the shape's own count, FlashAttention's.
    Scenario gpt2 = eager;
    gpt2.workload = &builtin("gpt2_medium");
    const TransformerShape& gpt2Shape = *gpt2.workload->shape;
    CHECK(predictWith(gpt2).memory.activations ==
          Approx(2 * (shapeActivationsPerSample(gpt2Shape) * 2 + 24 * 1024 * 16 * 1024.0 * 5)));

    // A layout, tensor 2 with full recompute: the forward's scores move twice (the recompute
    // repeats them), and only the layer being recomputed keeps its probabilities.
    Scenario laid = causalFlash;
    laid.gpusPerNode = 8;
    laid.batchPerDevice = 4;
    laid.layout = layoutOf(2, 1, 2, "full");
    Scenario laidEager = laid;
    laidEager.attention = "eager";
    const Prediction lf = predictWith(laid), le = predictWith(laidEager);
    const double micro = 2, perLayer = micro * 4096 * 16 * 4096 / 2; // a device's share, t = 2
    CHECK(le.memory.activations - lf.memory.activations == Approx(perLayer * 5));
    const double traffic = 4.0 * 24 * 4096 * 16 * 4096 * (2 * 13 + 19) / 2 / bandwidth;
    CHECK(le.step.compute - lf.step.compute > traffic);
    // …and without recompute every layer keeps them: 24 layers' worth.
    laid.layout->recompute = laidEager.layout->recompute = "none";
    CHECK(predictWith(laidEager).memory.activations - predictWith(laid).memory.activations ==
          Approx(perLayer * 5 * 24));

    // A workload without a shape has no scores to size: nothing changes, and the plan says so.
    Scenario cnn = llmScenario("resnet50", 1, 1);
    Scenario cnnEager = cnn;
    cnnEager.attention = "eager";
    const Prediction cnnFlash = predictWith(cnn), cnnE = predictWith(cnnEager);
    CHECK(cnnE.throughput == Approx(cnnFlash.throughput));
    CHECK(std::any_of(cnnE.factors.begin(), cnnE.factors.end(), [](const std::string& f) {
        return f.starts_with("attention = eager changes nothing");
    }));
}

TEST_CASE("the application's attention key: checked, lowered, planned and shown",
          "[model][llm][attention][plan]") {
    // A bad value is a located error naming the values.
    const std::string bad = test::check("modak 1\napplication a {\n  kind = ai_training\n  "
                                        "framework = pytorch\n  attention = sdpa\n}\n");
    CHECK_THAT(bad, Catch::Contains("test.modak:5:15: error"));
    CHECK_THAT(bad, Catch::Contains("flash"));
    CHECK_THAT(bad, Catch::Contains("eager"));
    CHECK(test::check("modak 1\napplication a {\n  kind = ai_training\n  framework = pytorch\n"
                      "  attention = eager\n}\n")
              .empty());

    // The same GPT and layout, flash and eager: eager is slower and needs more memory.
    auto planned = test::planSourceFile("tests/data/llm/gpt_eager_attention.modak");
    const DeploymentPlan &flash = planned->at("flash"), &eager = planned->at("eager");
    REQUIRE(flash.chosen);
    REQUIRE(eager.chosen);
    CHECK(flash.chosen->scenario.attention == "flash");
    CHECK(eager.chosen->scenario.attention == "eager");
    const Prediction &pf = *flash.chosen->predicted, &pe = *eager.chosen->predicted;
    CHECK(pe.throughput < pf.throughput);
    CHECK(pe.memory.activations > pf.memory.activations);
    // 2 sequences a micro-batch × 8 heads a device × 4 096² scores × 5 bytes × 24 layers.
    CHECK(pe.memory.activations - pf.memory.activations == Approx(2.0 * 8 * 4096 * 4096 * 5 * 24));

    // JSON and text say which attention the prediction assumed.
    auto json =
        nlohmann::json::parse(renderPlanJson(planned->plan, "gpt_eager_attention.modak", "test"));
    std::map<std::string, std::string> attention;
    for (const auto& dep : json.at("deployments"))
        attention[dep.at("name")] = dep.at("chosen").at("predicted").at("attention");
    CHECK(attention["flash"] == "flash");
    CHECK(attention["eager"] == "eager");
    const std::string text = renderPlanText(planned->plan);
    CHECK_THAT(text, Catch::Contains("per device), eager attention"));
    CHECK_THAT(text, Catch::Contains("per device), flash attention"));
    CHECK_THAT(text, Catch::Contains("eager attention (no FlashAttention)"));
}

TEST_CASE("Llama 3.1 70B fine-tuning on 8 H100: data parallel does not fit, FSDP and TP plan",
          "[model][llm][plan]") {
    SourceManager sm;
    Diagnostics diags;
    std::string error;
    auto id = sm.readFile(std::string(MODAK_SOURCE_DIR) + "/tests/data/llm/llama70b_finetune.modak",
                          error);
    REQUIRE(id);
    Program program = loadProgram(sm, *id, diags);
    INFO(test::report(sm, diags));
    REQUIRE_FALSE(diags.hasErrors());
    Plan plan = planProgram(sm, program, {}, diags);
    auto at = [&](std::string_view name) -> const DeploymentPlan& {
        for (const auto& d : plan.deployments)
            if (d.name == name)
                return d;
        FAIL("no deployment " << name);
        return plan.deployments.front();
    };

    // Replicated bf16 weights alone are 141 GB a GPU: a located does-not-fit error that names
    // a layout that fits.
    CHECK_FALSE(at("lora_ddp").chosen);
    const Diagnostic* d = test::firstWith(diags, DiagCode::DoesNotFit);
    REQUIRE(d);
    CHECK(sm.buffer(d->range.file).lineColumn(d->range.begin).line == 51);
    CHECK_THAT(d->message, Catch::Contains("lora_ddp"));
    CHECK_THAT(d->message, Catch::Contains("the h100_sxm5 has 80 GiB"));
    CHECK_THAT(d->message, Catch::Contains("`parallel {"));
    CHECK_THAT(d->message, Catch::Contains("fits ("));

    for (const char* name : {"lora_fsdp", "lora_tp", "lora_auto", "full_four_nodes"}) {
        INFO(name);
        const DeploymentPlan& p = at(name);
        REQUIRE(p.chosen);
        REQUIRE(p.chosen->predicted);
        REQUIRE(p.chosen->scenario.layout);
        const Prediction& pred = *p.chosen->predicted;
        CHECK(pred.memoryPerDeviceBytes <= 80 * 1073741824.0);
        CHECK(pred.tokensPerSecond == Approx(pred.throughput * 8192));
        // The interval brackets the prediction.
        CHECK(pred.interval.low < pred.throughput);
        CHECK(pred.interval.high > pred.throughput);
    }
    CHECK(at("lora_fsdp").chosen->scenario.layout->zeroStage == 3);
    CHECK(at("lora_tp").chosen->scenario.layout->tensor == 8);
    // The job tells the training script the layout the plan predicted.
    Diagnostics genDiags;
    const codegen::JobSpec spec = codegen::readJobSpec(at("lora_tp"), {}, genDiags);
    auto env = [&](std::string_view name) {
        for (const auto& [k, v] : spec.env)
            if (k == name)
                return v;
        return std::string("(unset)");
    };
    CHECK(env("MODAK_TENSOR_PARALLEL") == "8");
    CHECK(env("MODAK_DATA_PARALLEL") == "1");
    CHECK(env("MODAK_MICROBATCHES") ==
          std::to_string(at("lora_tp").chosen->scenario.layout->microbatches));
    CHECK(env("MODAK_RECOMPUTE") == at("lora_tp").chosen->scenario.layout->recompute);
    // Full fine-tuning: 1.1 TB of Adam state never fits one node, whatever the layout.
    CHECK_FALSE(at("full_one_node").chosen);
    // The search picks the fastest layout it leaves open, at least as fast as the written ones.
    CHECK(at("lora_auto").chosen->predicted->throughput >=
          at("lora_tp").chosen->predicted->throughput);

    // The JSON plan carries the layout, tokens/s and the memory by kind.
    auto json = nlohmann::json::parse(renderPlanJson(plan, "llama70b_finetune.modak", "test"));
    bool found = false;
    for (const auto& dep : json.at("deployments"))
        if (dep.at("name") == "lora_tp") {
            const auto& pj = dep.at("chosen").at("predicted");
            CHECK(pj.at("layout").at("tensor") == 8);
            CHECK(pj.at("tokens_per_second").get<double>() > 0);
            CHECK(pj.at("memory_gib").at("weights").get<double>() > 16);
            found = true;
        }
    CHECK(found);
}

TEST_CASE("workload blocks: a transformer by its shape", "[model][llm][sema]") {
    const std::string ok = test::check(R"(modak 1
workload tiny_llm {
  layers = 4
  hidden = 256
  heads = 8
  kv_heads = 2
  ffn = 1024
  vocabulary = 32000
  sequence = 512
  gated_ffn = true
}
)");
    CHECK(ok.empty());
    CHECK_THAT(test::check("modak 1\nworkload w {\n  layers = 4\n  hidden = 250\n  heads = 8\n  "
                           "sequence = 512\n}\n"),
               Catch::Contains("heads (8) must divide hidden (250)"));
    CHECK_THAT(
        test::check("modak 1\nworkload w {\n  layers = 4\n  heads = 8\n  sequence = 512\n}\n"),
        Catch::Contains("missing 'hidden'"));
    CHECK_THAT(test::check("modak 1\nworkload w {\n  kind = cnn\n}\n"),
               Catch::Contains("missing 'flops_per_sample'"));
}

TEST_CASE("a search's figures-only prediction has the explained one's figures", "[model][llm]") {
    // The planner ranks candidates on Explain::FiguresOnly and explains only the chosen one: the
    // figures must not depend on whether the factor lines were written.
    for (bool layout : {false, true}) {
        Scenario s = llmScenario("llama3_8b", 2, 8);
        s.attention = "eager";
        if (layout)
            s.layout = layoutOf(2, 2, 4, "full");
        std::string error;
        const Calibration& cal = Calibration::builtin();
        auto full = predict(s, cal, error);
        auto figures = predict(s, cal, error, Explain::FiguresOnly);
        INFO(error << (layout ? " with a layout" : " data parallel"));
        REQUIRE(full);
        REQUIRE(figures);
        CHECK(!full->factors.empty());
        CHECK(figures->factors.empty());
        CHECK(figures->throughput == full->throughput);
        CHECK(figures->epochSeconds == full->epochSeconds);
        CHECK(figures->efficiency == full->efficiency);
        CHECK(figures->stepSeconds == full->stepSeconds);
        CHECK(figures->step.compute == full->step.compute);
        CHECK(figures->step.communication == full->step.communication);
        CHECK(figures->memoryPerDeviceBytes == full->memoryPerDeviceBytes);
        CHECK(figures->tokensPerSecond == full->tokensPerSecond);
        // The interval is asked for separately where a search needs it, and is the same.
        const PredictionInterval iv = predictionInterval(s, *figures, cal);
        CHECK(iv.low == full->interval.low);
        CHECK(iv.high == full->interval.high);
        CHECK(iv.stratum == full->interval.stratum);
        CHECK(iv.extrapolations == full->interval.extrapolations);
    }
}

TEST_CASE("packed sequences: FLOPs, activations and attention follow the mean tokens",
          "[model][llm][packing]") {
    // BERT-Large at 512 tokens, and the same rows holding 254.4 real tokens a sequence on average
    // (MLPerf's Wikipedia, packed or unpadded: tests/data/accuracy/judge_workloads.catalog.json).
    const Workload& padded = builtin("bert_large_512");
    REQUIRE(padded.shape);
    CHECK(padded.shape->meanSequence == 0); // the default: every sample fills its sequence
    CHECK(tokensPerSample(*padded.shape) == 512);
    Workload packed = padded; // its stated parameters and sample bytes kept
    packed.name = "bert_packed";
    packed.flopsPerSample = packed.activationsPerSample = 0;
    packed.shape->meanSequence = 254.4;
    deriveFromShape(packed);
    const double m = 254.4, s = 512, h = 1024, layers = 24;

    // Per token: the weights' FLOPs do not depend on the length, the attention core's spans the
    // token's own sequence (4 × length × hidden a layer, forward).
    const auto full = transformerCounts(*padded.shape), mean = transformerCounts(*packed.shape);
    CHECK(full.attentionForwardFlopsPerToken == Approx(layers * 4 * s * h));
    CHECK(mean.attentionForwardFlopsPerToken == Approx(layers * 4 * m * h));
    const double weights = full.forwardFlopsPerToken - full.attentionForwardFlopsPerToken;
    CHECK(mean.forwardFlopsPerToken - mean.attentionForwardFlopsPerToken == Approx(weights));
    // Per sample: the weights' FLOPs scale with the tokens, the attention with their square.
    CHECK(padded.flopsPerSample == Approx(3 * (weights * s + layers * 4 * h * s * s)));
    CHECK(packed.flopsPerSample == Approx(3 * (weights * m + layers * 4 * h * m * m)));
    // Activations and the parameters: exactly in proportion, and unchanged.
    CHECK(packed.activationsPerSample == Approx(padded.activationsPerSample * m / s));
    CHECK(packed.parameters == padded.parameters);
    CHECK(packed.sampleBytes == padded.sampleBytes); // the stored row is still 512 token ids

    // A mean of the full length is the padded workload, figure for figure.
    Workload same = packed;
    same.flopsPerSample = same.activationsPerSample = 0;
    same.shape->meanSequence = 512;
    deriveFromShape(same);
    CHECK(same.flopsPerSample == padded.flopsPerSample);
    CHECK(same.activationsPerSample == padded.activationsPerSample);

    // Predicted: the activations a device keeps scale exactly, tokens/s counts the real tokens,
    // and a packed sample is faster, by less than its FLOPs alone (fixed costs stay).
    Scenario a = llmScenario("bert_large_512", 1, 8);
    a.precision = "mixed";
    a.batchPerDevice = 48;
    Scenario b = a;
    b.workload = &packed;
    const Prediction pa = predictOrFail(a), pb = predictOrFail(b);
    CHECK(pb.memory.activations == Approx(pa.memory.activations * m / s));
    CHECK(pb.tokensPerSecond == Approx(pb.throughput * m));
    CHECK(pb.throughput > 1.5 * pa.throughput);
    CHECK(pb.throughput <= pa.throughput * padded.flopsPerSample / packed.flopsPerSample * 1.0001);
    // With eager attention each sequence's scores are its own: heads × length² a layer.
    Scenario ea = a, eb = b;
    ea.attention = eb.attention = "eager";
    const Prediction pea = predictOrFail(ea), peb = predictOrFail(eb);
    CHECK(peb.memory.activations - pb.memory.activations ==
          Approx((pea.memory.activations - pa.memory.activations) * (m * m) / (s * s)));

    // Checked: more than the sequence, or below one token, is an error; JSON and the language.
    TransformerShape bad = *padded.shape;
    bad.meanSequence = 600;
    CHECK_THAT(shapeProblem(bad), Catch::Contains("mean_sequence (600) must be between 1 and "
                                                  "sequence (512)"));
    bad.meanSequence = 0.5;
    CHECK_FALSE(shapeProblem(bad).empty());
    const std::string block = "modak 1\nworkload w {\n  layers = 24\n  hidden = 1024\n  heads = "
                              "16\n  vocabulary = 30522\n  sequence = 512\n  causal = false\n  "
                              "tied_embeddings = true\n";
    CHECK(test::check(block + "  mean_sequence = 254.4\n}\n").empty());
    CHECK_THAT(test::check(block + "  mean_sequence = 600\n}\n"),
               Catch::Contains("mean_sequence (600) must be between 1 and sequence (512)"));
    CHECK_THAT(test::check(block + "  mean_sequence = 0\n}\n"), Catch::Contains("error"));
    // Lowered into the typed workload.
    auto loaded = test::load(block + "  mean_sequence = 254.4\n}\n");
    REQUIRE_FALSE(loaded->diags.hasErrors());
    const Symbol* sym = loaded->program.find("workload", "w");
    REQUIRE(sym);
    auto lowered = lowerWorkload(*sym);
    REQUIRE(lowered);
    REQUIRE(lowered->shape);
    CHECK(lowered->shape->meanSequence == 254.4);
    CHECK(lowered->flopsPerSample == Approx(packed.flopsPerSample));

    // A catalogue file states it in the shape; the judge catalogue's BERT does, from the data set.
    SourceManager sm;
    Diagnostics diags;
    const std::string judgePath =
        std::string(MODAK_SOURCE_DIR) + "/tests/data/accuracy/judge_workloads.catalog.json";
    const std::string judge = test::readFile(judgePath);
    Catalogue c = Catalogue::builtin();
    REQUIRE(c.merge(judge, sm.addBuffer("judge.json", judge), "judge.json", diags));
    const Workload* bert = c.workload("bert_large_512");
    REQUIRE(bert);
    REQUIRE(bert->shape);
    CHECK(bert->shape->meanSequence == 254.4);
    CHECK(bert->flopsPerSample == Approx(packed.flopsPerSample));
    std::string broken = R"({"version": 1, "workloads": [{"name": "x", "kind": "transformer",
        "shape": {"layers": 2, "hidden": 64, "heads": 4, "sequence": 128, "mean_sequence": 129}}]})";
    Catalogue d;
    CHECK_FALSE(d.merge(broken, sm.addBuffer("x.json", broken), "x.json", diags));
}

TEST_CASE("layouts: the data-parallel reduction between nodes uses a port per shard",
          "[model][llm][network-ports]") {
    // Mistral 7B on 4 nodes × 8 H100: tensor 2 leaves 4 replicas inside each node, whose
    // reduce-scattered shards cross the network side by side when the node has a port for each.
    Scenario s = llmScenario("mistral_7b", 4, 8);
    s.batchPerDevice = 4;
    s.layout = layoutOf(2, 1, 4, "full");
    auto portLine = [](const Prediction& p) {
        return test::factorStartingWith(p, "data-parallel all-reduce between nodes on");
    };
    const Prediction one = predictOrFail(s);
    CHECK(portLine(one).empty());
    s.networkPorts = 8; // a DGX H100: one ConnectX-7 a GPU
    const Prediction eight = predictOrFail(s);
    // rails = min(ports, replicas inside the node (8 / tensor 2), GPUs a node) = 4
    CHECK_THAT(portLine(eight), Catch::StartsWith("data-parallel all-reduce between nodes on 4 "
                                                  "ports of infiniband_ndr"));
    CHECK(eight.step.communication <= one.step.communication);
    CHECK(eight.throughput >= one.throughput);
    CHECK(eight.step.compute == one.step.compute);
    // Tensor 8 fills the node: one replica a node, one shard, one rail, whatever the ports.
    s.layout = layoutOf(8, 1, 4, "full");
    s.networkPorts = 1;
    const Prediction wide1 = predictOrFail(s);
    s.networkPorts = 8;
    const Prediction wide8 = predictOrFail(s);
    CHECK(wide8.throughput == wide1.throughput);
    CHECK(portLine(wide8).empty());
}
