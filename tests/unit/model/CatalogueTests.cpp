// SPDX-License-Identifier: Apache-2.0
// The built-in catalogue (schemas/catalog/*.json) as the tools that report hardware name it: GPU
// names as nvidia-smi, rocm-smi and the clouds print them resolve to their entries, in the
// performance model (Catalogue::gpu) and in the language (data::gpuFacts) alike; every entry says
// where its facts come from; current GPUs carry the precisions their data sheets give; the
// detection workloads state what schemas/catalog/derive/cnn_counts.py counts.
#include "ModelTest.h"
#include "modak/model/Catalogue.h"
#include "modak/model/CatalogueNames.h"
#include "modak/model/Performance.h"
#include "modak/model/Schema.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <map>

namespace modak::test {
namespace {

using model::Catalogue;

const Catalogue& cat() {
    return Catalogue::builtin();
}

/// A target whose GPU model is written `model` (verbatim: an identifier or a string literal).
std::string targetWithGpu(std::string_view model) {
    return fmt::format("modak 1\ntarget t {{\n  scheduler = slurm\n  gpu {{ model = {}, count = 4 "
                       "}}\n}}\n",
                       model);
}

const Diagnostic* findCode(const Diagnostics& diags, DiagCode code) {
    for (const Diagnostic& d : diags)
        if (d.code == code)
            return &d;
    return nullptr;
}

} // namespace

TEST_CASE("GPU names as nvidia-smi, rocm-smi and the clouds print them resolve to their entries",
          "[model][catalogue]") {
    // The spellings of issue 17: nvidia-smi's and rocm-smi's names, GCP accelerator types, AWS's
    // GpuInfo names.
    const std::pair<std::string_view, std::string_view> spellings[] = {
        {"NVIDIA H100 80GB HBM3", "h100_sxm5"},
        {"NVIDIA H100 PCIe", "h100_pcie"},
        {"NVIDIA H100 NVL", "h100_nvl"},
        {"NVIDIA A100-SXM4-80GB", "a100_sxm4_80gb"},
        {"NVIDIA A100-SXM4-40GB", "a100_sxm4_40gb"},
        {"Tesla V100-SXM2-16GB", "v100_sxm2"},
        {"Tesla T4", "t4"},
        {"NVIDIA H200", "h200_sxm"},
        {"NVIDIA B200", "b200"},
        {"NVIDIA GB200", "gb200"},
        {"NVIDIA GH200 480GB", "gh200"},
        {"NVIDIA L4", "l4"},
        {"NVIDIA L40S", "l40s"},
        {"NVIDIA A10G", "a10g"},
        {"AMD Instinct MI300X", "mi300x"},
        {"AMD Instinct MI325X", "mi325x"},
        {"nvidia-h100-80gb", "h100_sxm5"},
        {"nvidia-tesla-a100", "a100_sxm4_40gb"},
        {"nvidia-a100-80gb", "a100_sxm4_80gb"},
        {"nvidia-l4", "l4"},
        {"nvidia-tesla-t4", "t4"},
        {"nvidia-h200-141gb", "h200_sxm"},
        {"H100", "h100_sxm5"},
        {"A10G", "a10g"},
        // Case, spaces and punctuation do not matter; the catalogue's own names still do.
        {"nvidia h100 80gb hbm3", "h100_sxm5"},
        {"NVIDIA_A100_SXM4_80GB", "a100_sxm4_80gb"},
        {"h100_sxm5", "h100_sxm5"},
        {"NVIDIA H100 SXM5 80 GB", "h100_sxm5"},
    };
    for (const auto& [spelling, name] : spellings) {
        CAPTURE(spelling);
        const model::Gpu* gpu = cat().gpu(spelling);
        REQUIRE(gpu);
        CHECK(gpu->name == name);
        const model::data::GpuFacts* facts = model::data::gpuFacts(spelling);
        REQUIRE(facts);
        CHECK(facts->name() == name);
    }
    CHECK_FALSE(cat().gpu("NVIDIA H100 80GB HBM"));
    CHECK_FALSE(cat().gpu("voodoo2"));
    CHECK_FALSE(cat().gpu(""));
    CHECK_FALSE(cat().gpu("---"));
    CHECK_FALSE(model::data::gpuFacts("voodoo2"));
}

TEST_CASE("every GPU's model and aliases name it and no other GPU", "[model][catalogue]") {
    // A spelling may repeat its own GPU's model ("nvidia-l4" is "NVIDIA L4"), never name another.
    std::map<std::string, std::string> owner;
    for (const model::Gpu& g : cat().gpus) {
        std::vector<std::string> spellings = g.aliases;
        spellings.push_back(g.model);
        for (const std::string& s : spellings) {
            CAPTURE(g.name, s);
            auto [it, added] = owner.emplace(model::data::normalisedModelName(s), g.name);
            CHECK(it->second == g.name);
            REQUIRE(cat().gpu(s));
            CHECK(cat().gpu(s)->name == g.name);
            REQUIRE(model::data::gpuFacts(s));
            CHECK(model::data::gpuFacts(s)->name() == g.name);
        }
    }
    // The language's table (CatalogueNames.cmake) carries the same spellings as the JSON.
    for (const model::data::GpuFacts& facts : model::data::gpuModels()) {
        const model::Gpu* g = cat().gpu(facts.name());
        REQUIRE(g);
        CHECK(facts.model == g->model);
        std::string joined;
        for (const std::string& a : g->aliases)
            joined += (joined.empty() ? "" : "\n") + a;
        CHECK(facts.aliases == joined);
    }
}

TEST_CASE("an unknown GPU name suggests the nearest entries", "[model][catalogue]") {
    auto near = cat().gpusNear("NVIDIA H100 80GB HBM");
    REQUIRE_FALSE(near.empty());
    CHECK(near.front() == "h100_sxm5");
    near = cat().gpusNear("NVIDIA A100-SXM4-80G");
    REQUIRE_FALSE(near.empty());
    CHECK(near.front() == "a100_sxm4_80gb");
    near = cat().gpusNear("mi300");
    REQUIRE_FALSE(near.empty());
    CHECK(near.front() == "mi300x");
    CHECK(cat().gpusNear("voodoo2").empty());
    CHECK(cat().gpusNear("Matrox Millennium G400").empty());
}

TEST_CASE("an unknown workload name suggests the nearest entries", "[model][catalogue]") {
    auto near = cat().workloadsNear("llama31_70b");
    REQUIRE_FALSE(near.empty());
    CHECK(near.front() == "llama3_70b");
    CHECK(cat().workloadsNear("resnet5").front() == "resnet50");
    CHECK(cat().workloadsNear("nosuch").empty());
    CHECK_THAT(unknownWorkload(cat(), "bert_larg"),
               Catch::StartsWith("unknown workload 'bert_larg'; did you mean bert_large") &&
                   Catch::Contains("; known: mnist_cnn"));
    CHECK_THAT(unknownWorkload(cat(), "nosuch"),
               Catch::StartsWith("unknown workload 'nosuch'; known: "));
}

TEST_CASE("the language resolves a GPU written as nvidia-smi prints it to the catalogue's name",
          "[model][catalogue][sema]") {
    SECTION("a string: the catalogue's name is the fix") {
        auto loaded = load(targetWithGpu("\"NVIDIA H100 80GB HBM3\""));
        const Diagnostic* d = findCode(loaded->diags, DiagCode::TypeMismatch);
        REQUIRE(d);
        CHECK_THAT(d->message,
                   Catch::Contains("'NVIDIA H100 80GB HBM3' is the catalogue's `h100_sxm5`"));
        REQUIRE(d->fixes.size() == 1);
        CHECK(d->fixes[0].title == "replace with `h100_sxm5`");
    }
    SECTION("an identifier that is an alias") {
        auto loaded = load(targetWithGpu("L4"));
        const Diagnostic* d = findCode(loaded->diags, DiagCode::InvalidEnumValue);
        REQUIRE(d);
        CHECK_THAT(d->message, Catch::Contains("did you mean 'l4'?"));
    }
    SECTION("a near miss of a name: the nearest name") {
        auto loaded = load(targetWithGpu("h200"));
        const Diagnostic* d = findCode(loaded->diags, DiagCode::InvalidEnumValue);
        REQUIRE(d);
        CHECK_THAT(d->message, Catch::Contains("did you mean 'h200_sxm'?"));
    }
    SECTION("a catalogue name is accepted as before") {
        auto loaded = load(targetWithGpu("gb200"));
        CHECK_FALSE(findCode(loaded->diags, DiagCode::InvalidEnumValue));
        CHECK_FALSE(findCode(loaded->diags, DiagCode::TypeMismatch));
    }
}

TEST_CASE("every catalogue entry says where its facts come from", "[model][catalogue]") {
    auto check = [](const auto& entries, std::string_view section) {
        for (const auto& e : entries) {
            CAPTURE(section, e.name);
            CHECK_FALSE(e.source.empty());
        }
    };
    check(cat().images, "images");
    check(cat().cpus, "cpus");
    check(cat().gpus, "gpus");
    check(cat().interconnects, "interconnects");
    check(cat().storage, "storage");
    check(cat().workloads, "workloads");
    // The peaks are dense: a data sheet's sparse tensor figures are halved, and the source says so
    // wherever it gives them.
    for (const model::Gpu& g : cat().gpus) {
        CAPTURE(g.name);
        if (g.source.find("sparsity") != std::string::npos)
            CHECK_THAT(g.source, Catch::Contains("dense"));
    }
}

TEST_CASE("Hopper, Blackwell and CDNA3 GPUs have an fp8 peak, Blackwell an fp4 one",
          "[model][catalogue]") {
    int checked = 0;
    for (const model::Gpu& g : cat().gpus) {
        CAPTURE(g.name);
        if (g.architecture == "hopper" || g.architecture == "blackwell" ||
            g.architecture == "cdna3") {
            ++checked;
            REQUIRE(g.peakTflops.contains("fp8"));
            REQUIRE(g.peakTflops.contains("bf16"));
            // fp8 runs twice as fast as bf16 on all of them (dense, same tensor cores).
            CHECK(g.peakTflops.at("fp8") == Approx(2 * g.peakTflops.at("bf16")).epsilon(0.01));
        }
        if (g.architecture == "blackwell") {
            REQUIRE(g.peakTflops.contains("fp4"));
            CHECK(g.peakTflops.at("fp4") == Approx(2 * g.peakTflops.at("fp8")).epsilon(0.01));
        }
    }
    CHECK(checked >= 8);
}

TEST_CASE("the NVLink domain: 72 GPUs of a GB200 NVL72 rack, the node's otherwise",
          "[model][catalogue]") {
    REQUIRE(cat().gpu("gb200"));
    CHECK(cat().gpu("gb200")->peerDomainGpus == 72);
    CHECK(cat().gpu("gb200")->peerLink == "nvlink5");
    REQUIRE(cat().gpu("h100_nvl"));
    CHECK(cat().gpu("h100_nvl")->peerDomainGpus == 2);
    CHECK(cat().gpu("h100_sxm5")->peerDomainGpus == 0);
    REQUIRE(cat().interconnect("nvlink5"));
    // NVLink 5 is 1.8 TB/s bidirectional per GPU: the catalogue gives one direction.
    CHECK(cat().interconnect("nvlink5")->bandwidthGBs == Approx(900));
    CHECK(cat().interconnect("nvlink5")->scope == "intra_node");
    CHECK(cat().gpu("b200")->peerBandwidthGBs ==
          Approx(cat().interconnect("nvlink5")->bandwidthGBs));
}

TEST_CASE("a user catalogue's GPU aliases and NVLink domain are read and checked",
          "[model][catalogue]") {
    constexpr std::string_view kGpu = R"json({"gpus": [{
      "name": "site_h100", "model": "Site H100", "aliases": [%a, "sh100"],
      "vendor": "nvidia", "memory_gib": 80, "memory_bandwidth_gbs": 3350,
      "peak_tflops": {"fp32": 67}, "peer_bandwidth_gbs": 450, "peer_domain_gpus": %s,
      "source": "test"}]})json";
    auto site = [&](std::string_view alias, std::string_view domain) {
        std::string text(kGpu);
        text.replace(text.find("%a"), 2, fmt::format("\"{}\"", alias));
        text.replace(text.find("%s"), 2, domain);
        return text;
    };
    SourceManager sm;
    SECTION("read") {
        std::string text = site("Site H100 SXM", "16");
        Catalogue c = cat();
        Diagnostics diags;
        CHECK(c.merge(text, sm.addBuffer("site.json", text), "site.json", diags));
        CHECK(diags.empty());
        REQUIRE(c.gpu("SH100"));
        CHECK(c.gpu("SH100")->name == "site_h100");
        CHECK(c.gpu("site-h100-sxm")->name == "site_h100");
        CHECK(c.gpu("site_h100")->peerDomainGpus == 16);
    }
    SECTION("a spelling another GPU has is refused: it would name two") {
        // "(site)" is a note the comparison drops, like "(virtual)" on CPUs.
        std::string text = site("NVIDIA H100 80GB HBM3 (site)", "0");
        Catalogue c = cat();
        Diagnostics diags;
        CHECK_FALSE(c.merge(text, sm.addBuffer("site.json", text), "site.json", diags));
        REQUIRE(diags.size() == 1);
        CHECK_THAT(diags.begin()->message,
                   Catch::Contains("/gpus/0/aliases: 'NVIDIA H100 80GB HBM3 (site)' already names "
                                   "the GPU 'h100_sxm5'"));
        CHECK(c.gpu("NVIDIA H100 80GB HBM3")->name == "h100_sxm5");
    }
    SECTION("a fraction of a GPU is refused") {
        std::string text = site("sh100 pcie", "1.5");
        Catalogue c;
        Diagnostics diags;
        CHECK_FALSE(c.merge(text, sm.addBuffer("site.json", text), "site.json", diags));
        REQUIRE(diags.size() == 1);
        CHECK_THAT(diags.begin()->message, Catch::Contains("/gpus/0/peer_domain_gpus"));
    }
}

TEST_CASE("a user catalogue's GPU states its multiprocessors, a whole number",
          "[model][catalogue][small-gemms]") {
    auto site = [](std::string_view sms) {
        return fmt::format(R"json({{"gpus": [{{
          "name": "site_gpu", "model": "Site GPU", "vendor": "nvidia", "memory_gib": 80,
          "memory_bandwidth_gbs": 3350, "peak_tflops": {{"fp32": 67}}, "peer_bandwidth_gbs": 450,
          "multiprocessors": {}, "source": "test"}}]}})json",
                           sms);
    };
    SourceManager sm;
    for (std::string_view good : {"132", "0"}) {
        std::string text = site(good);
        Catalogue c = cat();
        Diagnostics diags;
        CHECK(c.merge(text, sm.addBuffer("site.json", text), "site.json", diags));
        CHECK(diags.empty());
        REQUIRE(c.gpu("site_gpu"));
        CHECK(c.gpu("site_gpu")->multiprocessors == (good == "0" ? 0 : 132));
    }
    for (std::string_view bad : {"1.5", "-4", "\"many\""}) {
        CAPTURE(bad);
        std::string text = site(bad);
        Catalogue c;
        Diagnostics diags;
        CHECK_FALSE(c.merge(text, sm.addBuffer("site.json", text), "site.json", diags));
        REQUIRE(diags.size() == 1);
        CHECK_THAT(diags.begin()->message, Catch::Contains("/gpus/0/multiprocessors"));
    }
}

TEST_CASE("the detection workloads state the counts of cnn_counts.py", "[model][catalogue]") {
    // Printed by `schemas/catalog/derive/cnn_counts.py NAME` (Debian's python3-torch, CPU):
    // parameters, forward MACs and activations of one sample; training FLOPs = 3 x forward = 6 x
    // MACs.
    struct Counted {
        std::string_view name;
        double parameters, forwardGmac, activations, sampleBytes, datasetSamples;
    };
    for (const Counted& c :
         {Counted{"ssd300", 22'894'902, 20.151, 105.3e6, 152'000, 118'287},
          Counted{"retinanet_resnext50_800", 37'128'876, 201.208, 701.7e6, 295'000, 1'170'301}}) {
        CAPTURE(c.name);
        const model::Workload* w = cat().workload(c.name);
        REQUIRE(w);
        CHECK(w->kind == "cnn");
        CHECK(w->parameters == c.parameters);
        CHECK(w->flopsPerSample == Approx(6 * c.forwardGmac * 1e9).epsilon(0.001));
        CHECK(w->activationsPerSample == Approx(c.activations).epsilon(0.001));
        CHECK(w->sampleBytes == c.sampleBytes);
        CHECK(w->datasetSamples == c.datasetSamples);
        CHECK_THAT(w->source, Catch::Contains("cnn_counts.py"));
        // The language knows it as a built-in workload, with the same parameters.
        const model::BuiltinWorkload* b = model::builtinWorkload(c.name);
        REQUIRE(b);
        CHECK(double(b->parameters) == c.parameters);
        CHECK(b->flopsPerSample == w->flopsPerSample);
        CHECK(test::check(fmt::format("modak 1\napplication a {{ kind = ai_training, framework = "
                                      "pytorch, workload = {} }}\n",
                                      c.name))
                  .empty());
    }
    // MLPerf Training's RetinaNet runs (tests/data/accuracy/judge_mlperf_vtrain.csv) resolve and
    // are predicted: 8 H100 SXM with a batch of 32 images a GPU, mixed precision, fit in 80 GB.
    model::Scenario s;
    s.workload = cat().workload("retinanet_resnext50_800");
    s.framework = "pytorch";
    s.precision = "mixed";
    s.gpu = cat().gpu("h100_sxm5");
    REQUIRE(s.gpu);
    s.gpusPerNode = 8;
    s.nodes = 1;
    s.batchPerDevice = 32;
    std::string error;
    auto p = model::predict(s, model::Calibration::builtin(), error);
    INFO(error);
    REQUIRE(p);
    CHECK(p->throughput > 0);
    CHECK(model::fitsInMemory(s, *p));
}

} // namespace modak::test
