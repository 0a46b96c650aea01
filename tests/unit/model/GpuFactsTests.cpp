// SPDX-License-Identifier: Apache-2.0
// Vendor and precision checks follow the hardware catalogue, GPU by GPU: the expectations are read
// from schemas/catalog/hardware.json (through Catalogue::builtin()), never from a GPU's name.
#include "ModelTest.h"
#include "modak/model/Catalogue.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

namespace modak::test {
namespace {

using model::Catalogue;

/// A target with one GPU of `model`, an application at `precision` and a deployment joining them.
std::string program(std::string_view gpu, std::string_view accelerator,
                    std::string_view precision) {
    return fmt::format(R"(modak 1
target t {{
  scheduler = slurm
  {}
  gpu {{ model = {}, count = 4 }}
}}
application a {{
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  precision = {}
}}
deployment d {{
  application = a
  target = t
}}
)",
                       accelerator.empty() ? "" : fmt::format("accelerator = {}", accelerator), gpu,
                       precision);
}

bool mentions(const Diagnostics& diags, DiagCode code, std::string_view text) {
    for (const Diagnostic& d : diags)
        if (d.code == code && d.message.find(text) != std::string::npos)
            return true;
    return false;
}

} // namespace

TEST_CASE("precision warnings follow each GPU's catalogue entry", "[model][catalogue]") {
    for (const model::Gpu& gpu : Catalogue::builtin().gpus) {
        for (std::string_view precision : {"bf16", "tf32"}) {
            CAPTURE(gpu.name, precision);
            auto loaded = load(program(gpu.name, "", precision));
            bool native = gpu.peakTflops.contains(std::string(precision));
            CHECK(mentions(loaded->diags, DiagCode::QuestionableSetting,
                           fmt::format("precision '{}'", precision)) == !native);
        }
    }
}

TEST_CASE("accelerator vendors follow each GPU's catalogue entry", "[model][catalogue]") {
    for (const model::Gpu& gpu : Catalogue::builtin().gpus) {
        CAPTURE(gpu.name, gpu.vendor);
        auto same = load(program(gpu.name, gpu.vendor, "fp32"));
        CHECK_FALSE(
            mentions(same->diags, DiagCode::IncompatibleCombination, "contradicts GPU model"));
        std::string other = gpu.vendor == "amd" ? "nvidia" : "amd";
        auto contradicting = load(program(gpu.name, other, "fp32"));
        CHECK(mentions(contradicting->diags, DiagCode::IncompatibleCombination,
                       "contradicts GPU model"));
    }
}

TEST_CASE("the MI300X is an AMD CDNA3 GPU with bf16", "[model][catalogue]") {
    const model::Gpu* mi300x = Catalogue::builtin().gpu("mi300x");
    REQUIRE(mi300x);
    CHECK(mi300x->vendor == "amd");
    CHECK(mi300x->architecture == "cdna3");
    auto loaded = load(program("mi300x", "amd", "bf16"));
    CHECK_FALSE(mentions(loaded->diags, DiagCode::QuestionableSetting, "precision"));
    CHECK_FALSE(mentions(loaded->diags, DiagCode::IncompatibleCombination, "contradicts"));
}

} // namespace modak::test
