// SPDX-License-Identifier: Apache-2.0
// The price catalogue (schemas/catalog/instances.json): the cloud GPU instance types issue 18
// names, each price with its date and public source, every GPU, CPU and interconnect an entry names
// resolving to a catalogue entry, user files replacing a built-in price, and located errors for
// broken entries.
#include "ModelTest.h"
#include "modak/model/Catalogue.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>

namespace modak::test {
namespace {

using model::Catalogue;
using model::InstanceType;

const Catalogue& cat() {
    return Catalogue::builtin();
}

/// A user catalogue with the one instance entry `fields` (the JSON members after the name).
std::string userFile(std::string_view name, std::string_view fields) {
    return fmt::format(R"json({{"version": 1, "instances": [{{"name": "{}", {}}}]}})json", name,
                       fields);
}

/// A valid instance entry's members after its name, in order.
const std::pair<std::string_view, std::string_view> kMembers[] = {
    {"cloud", R"("cloud": "aws")"},
    {"gpu", R"("gpu": "h100_sxm5")"},
    {"gpus", R"("gpus": 8)"},
    {"vcpus", R"("vcpus": 192)"},
    {"memory_gib", R"("memory_gib": 2048)"},
    {"interconnect", R"("interconnect": "aws_efa_p5")"},
    {"currency", R"("currency": "USD")"},
    {"on_demand_per_hour", R"("on_demand_per_hour": 40.0)"},
    {"region", R"("region": "us-east-1")"},
    {"price_date", R"("price_date": "2026-11-01")"},
    {"source", R"("source": "our contract, 2026-11-01")"},
};

/// The valid members with the one of `key` written `member` instead ("" drops it).
std::string validWith(std::string_view key, std::string_view member) {
    std::string out;
    for (const auto& [k, m] : kMembers) {
        std::string_view written = k == key ? member : m;
        if (!written.empty())
            out += fmt::format("{}{}", out.empty() ? "" : ", ", written);
    }
    return out;
}

const std::string kValid = validWith("", "");

/// Merges `text` into a copy of the built-in catalogue; the diagnostics it gave.
Diagnostics mergeInto(Catalogue& c, SourceManager& sm, const std::string& text) {
    Diagnostics diags;
    c.merge(text, sm.addBuffer("prices.json", text), "prices.json", diags);
    return diags;
}

} // namespace

TEST_CASE("the price catalogue holds the GPU instance types of AWS, GCP and Azure",
          "[model][catalogue][prices]") {
    // The instance types issue 18 names whose public prices were found (docs/catalogue.md says
    // which were not).
    for (std::string_view name :
         {"p4d.24xlarge", "p4de.24xlarge", "p5.48xlarge", "p5en.48xlarge", "g6e.xlarge",
          "a2-highgpu-1g", "a2-highgpu-8g", "a2-ultragpu-8g", "a3-highgpu-8g", "a3-megagpu-8g",
          "a3-ultragpu-8g", "Standard_ND96asr_v4", "Standard_ND96isr_H100_v5"}) {
        CAPTURE(name);
        CHECK(cat().instance(name));
    }
    for (std::string_view cloud : model::instanceClouds())
        CHECK(std::count_if(cat().instances.begin(), cat().instances.end(),
                            [&](const InstanceType& i) { return i.cloud == cloud; }) >= 2);
}

TEST_CASE("every price has its date and source, and every name it uses resolves",
          "[model][catalogue][prices]") {
    for (const InstanceType& i : cat().instances) {
        CAPTURE(i.name);
        CHECK_FALSE(i.source.empty());
        CHECK(i.priceDate.size() == 10);
        CHECK(i.priceDate >= "2025-01-01"); // read for this catalogue, not a relic
        CHECK(i.currency == "USD");
        CHECK(i.onDemandPerHour > 0);
        CHECK_FALSE(i.region.empty());
        if (i.spotPerHour) // a Spot price above the on-demand one would be a misreading
            CHECK(*i.spotPerHour < i.onDemandPerHour);
        CHECK(i.vcpus > 0);
        CHECK(i.memoryGiB > 0);
        // The GPU by its catalogue name, as the loader stores it.
        REQUIRE(cat().gpu(i.gpu));
        CHECK(cat().gpu(i.gpu)->name == i.gpu);
        CHECK(i.gpus >= 1);
        if (!i.cpu.empty())
            CHECK(cat().cpu(i.cpu));
        if (!i.interconnect.empty()) {
            REQUIRE(cat().interconnect(i.interconnect));
            CHECK(cat().interconnect(i.interconnect)->scope == "inter_node");
        }
    }
}

TEST_CASE("an instance type is found by its name in any case", "[model][catalogue][prices]") {
    REQUIRE(cat().instance("P5.48XLARGE"));
    CHECK(cat().instance("P5.48XLARGE")->name == "p5.48xlarge");
    CHECK(cat().instance("standard_nd96isr_h100_v5") == cat().instance("Standard_ND96isr_H100_v5"));
    CHECK_FALSE(cat().instance("p5.48xlarg"));
    CHECK_FALSE(cat().instance(""));
}

TEST_CASE("a user catalogue file replaces a built-in price", "[model][catalogue][prices]") {
    SourceManager sm;
    Catalogue c = cat();
    const double builtIn = c.instance("p5.48xlarge")->onDemandPerHour;
    REQUIRE(builtIn != 40.0);
    SECTION("an entry of the same name replaces the built-in one") {
        CHECK(mergeInto(c, sm, userFile("p5.48xlarge", kValid)).empty());
        const InstanceType* p5 = c.instance("p5.48xlarge");
        REQUIRE(p5);
        CHECK(p5->onDemandPerHour == 40.0);
        CHECK(p5->source == "our contract, 2026-11-01");
        CHECK(p5->priceDate == "2026-11-01");
        CHECK(c.instances.size() == cat().instances.size());
    }
    SECTION("the name compares ignoring case, as instance() does") {
        CHECK(mergeInto(c, sm, userFile("P5.48XLARGE", kValid)).empty());
        CHECK(c.instances.size() == cat().instances.size());
        CHECK(c.instance("p5.48xlarge")->onDemandPerHour == 40.0);
    }
    SECTION("a new entry is added, its GPU written as nvidia-smi prints it") {
        std::string fields = validWith("gpu", R"("gpu": "NVIDIA H100 80GB HBM3")");
        CHECK(mergeInto(c, sm, userFile("site-h100-node", fields)).empty());
        REQUIRE(c.instance("site-h100-node"));
        CHECK(c.instance("site-h100-node")->gpu == "h100_sxm5");
        CHECK(c.instances.size() == cat().instances.size() + 1);
    }
    SECTION("a CPU the catalogue has, and a Spot price") {
        std::string fields = validWith("region", R"("region": "eu-west-1", "cpu": "AMD EPYC 9654",
                                                    "spot_per_hour": 12.5,
                                                    "spot_interruptions_per_month": 0.1)");
        CHECK(mergeInto(c, sm, userFile("p5.48xlarge", fields)).empty());
        const InstanceType* p5 = c.instance("p5.48xlarge");
        CHECK(p5->cpu == "epyc_9654");
        REQUIRE(p5->spotPerHour);
        CHECK(*p5->spotPerHour == 12.5);
        CHECK(p5->spotInterruptionsPerMonth == 0.1);
        CHECK(p5->region == "eu-west-1");
    }
    SECTION("a broken entry leaves the built-in one") {
        CHECK_FALSE(mergeInto(c, sm, userFile("p5.48xlarge", validWith("currency", ""))).empty());
        CHECK(c.instance("p5.48xlarge")->onDemandPerHour == builtIn);
    }
}

TEST_CASE("broken instance entries are located errors that say what is wrong",
          "[model][catalogue][prices]") {
    struct Case {
        std::string_view key, member, message;
    };
    const Case cases[] = {
        {"gpu", R"("gpu": "h100_sxm")",
         "/instances/0/gpu: unknown GPU 'h100_sxm' (did you mean "
         "h100_sxm5"},
        {"interconnect", R"("interconnect": "aws_efa_p6")",
         "/instances/0/interconnect: unknown interconnect 'aws_efa_p6' (did you mean aws_efa_p5"},
        {"interconnect", R"("interconnect": "nvlink4")", "'nvlink4' links GPUs within a node"},
        {"gpus", R"("gpus": 8.5)", "/instances/0/gpus: expected a whole number"},
        {"gpus", "", "/instances/0/gpus: give gpu and gpus together, or neither"},
        {"currency", R"("currency": "usd")", "'usd' is not an ISO 4217 code"},
        {"currency", "", "/instances/0/currency: missing required string"},
        {"price_date", R"("price_date": "2026-13-01")", "'2026-13-01' is not a date YYYY-MM-DD"},
        {"price_date", R"("price_date": "1.11.2026")", "is not a date YYYY-MM-DD"},
        {"source", "", "/instances/0/source: missing required string"},
        {"on_demand_per_hour", R"("on_demand_per_hour": -1)",
         "/instances/0/on_demand_per_hour: expected a positive number"},
        {"on_demand_per_hour", R"("on_demand_per_hour": "40")", "expected a number"},
        {"cloud", R"("cloud": "oci")", "/instances/0/cloud: 'oci' is not one of aws, gcp, azure"},
        {"region", R"("region": "us-east-1", "spot_per_hour": 0)",
         "/instances/0/spot_per_hour: expected a positive price"},
        {"region", R"("region": "us-east-1", "cpu": "xeon_9999")", "unknown CPU 'xeon_9999'"},
    };
    for (const Case& k : cases) {
        CAPTURE(k.key, k.member);
        SourceManager sm;
        Catalogue c = cat();
        std::string text = userFile("site-node", validWith(k.key, k.member));
        Diagnostics diags = mergeInto(c, sm, text);
        REQUIRE(diags.size() == 1);
        const Diagnostic& d = *diags.begin();
        CHECK(d.code == DiagCode::CatalogInvalid);
        CHECK_THAT(d.message, Catch::Contains(std::string(k.message)));
        // Located at the entry's name, where an editor can show it.
        CHECK(text.substr(d.range.begin, d.range.end - d.range.begin) == "\"site-node\"");
        CHECK_FALSE(c.instance("site-node"));
    }
    SECTION("a name with a space, and one twice in a file") {
        SourceManager sm;
        Catalogue c = cat();
        CHECK_THAT(mergeInto(c, sm, userFile("p5 48xlarge", kValid)).begin()->message,
                   Catch::Contains("is not an instance type name"));
        std::string twice = fmt::format(
            R"json({{"version": 1, "instances": [{{"name": "a", {0}}}, {{"name": "A", {0}}}]}})json",
            kValid);
        Diagnostics diags = mergeInto(c, sm, twice);
        REQUIRE(diags.size() == 1);
        CHECK_THAT(diags.begin()->message, Catch::Contains("/instances/1/name: 'A' appears twice"));
    }
}

} // namespace modak::test
