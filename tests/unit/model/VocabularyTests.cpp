// SPDX-License-Identifier: Apache-2.0
// One vocabulary: every enum of schemas/*.schema.json is held to the catalogue's generated tables
// (CatalogueNames.h) or to the language's schema, or says why it is no vocabulary of the language.
// A new enum fails here until it is classified.
#include "Test.h"
#include "modak/model/Catalogue.h"
#include "modak/model/CatalogueNames.h"
#include "modak/model/Plan.h"
#include "modak/model/Schedulers.h"
#include "modak/model/Schema.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <functional>
#include <map>
#include <set>

namespace modak::test {
namespace {

using Names = std::set<std::string>;

/// The name and doc of a generated row: a NamedEntry, or facts holding one.
const model::data::NamedEntry& named(const auto& row) {
    if constexpr (requires { row.entry; })
        return row.entry;
    else
        return row;
}

template<class Entries>
Names catalogueNames(const Entries& entries, Names extra = {}) {
    for (const auto& e : entries)
        extra.emplace(named(e).name);
    return extra;
}

/// The values of `key` in the block at `path` of the language's schema, without `auto` (a decision,
/// never a fact a document records).
Names languageValues(std::vector<std::string_view> path, std::string_view key) {
    const model::BlockSchema* block = model::blockSchemaAt(path);
    REQUIRE(block);
    const model::KeySchema* k = block->key(key);
    REQUIRE(k);
    REQUIRE_FALSE(k->types.empty());
    const model::ValueType& first = k->types.front();
    const model::ValueType& type = first.element ? *first.element : first;
    Names names;
    for (const auto& v : type.values)
        if (v.name != "auto")
            names.insert(v.name);
    REQUIRE_FALSE(names.empty());
    return names;
}

enum class Relation {
    Equal,  ///< the enum lists exactly these names
    Subset, ///< the enum lists some of these names (e.g. the images that exist)
};

struct Expectation {
    Relation relation = Relation::Equal;
    std::function<Names()> names; ///< empty: no vocabulary of the language
    std::string why;              ///< for an enum that is no vocabulary
};

Expectation equal(std::function<Names()> names) {
    return {Relation::Equal, std::move(names), {}};
}
Expectation subset(std::function<Names()> names) {
    return {Relation::Subset, std::move(names), {}};
}
Expectation none(std::string why) {
    return {Relation::Equal, {}, std::move(why)};
}

Names graphCompilers() {
    return catalogueNames(model::data::graphCompilers());
}
Names graphCompilersOrNone() {
    return catalogueNames(model::data::graphCompilers(), {"none"});
}
Names precisions() {
    return catalogueNames(model::data::precisions());
}
Names runtimesOrNone() {
    return catalogueNames(model::data::runtimes(), {"none"});
}
Names frameworks() {
    return languageValues({"application"}, "framework");
}
Names imageBuilds() {
    return languageValues({"image"}, "build");
}
Names buildsOrHost() { // a plan's builds: the images', or the host's framework (runtime = none)
    Names n = imageBuilds();
    n.emplace(model::kHostBuild);
    return n;
}
Names schedulers() {
    Names n;
    for (const auto& s : model::schedulers())
        n.emplace(s.name);
    return n;
}
Names modakStorageClasses() {
    Names n;
    for (const auto& s : model::data::storageClasses())
        if (!s.modakName.empty())
            n.emplace(s.modakName);
    return n;
}

/// Every enum of schemas/*.schema.json, by file and JSON pointer.
const std::map<std::pair<std::string, std::string>, Expectation>& expectations() {
    const std::string when = "/properties/effects/items/properties/when/properties/";
    const std::string images = "/properties/images/items/";
    const std::string gpu = "/properties/gpus/items/properties/";
    static const std::map<std::pair<std::string, std::string>, Expectation> table = {
        // What modak writes: plans and predictions name the language's words.
        {{"plan.schema.json", "/$defs/build"}, equal(buildsOrHost)},
        {{"plan.schema.json", "/$defs/graphCompiler"}, equal(graphCompilersOrNone)},
        {{"plan.schema.json", "/$defs/precision"}, equal(precisions)},
        {{"plan.schema.json", "/$defs/cost/properties/unit"}, equal([] {
             return languageValues({"target", "charge"}, "unit");
         })},
        {{"plan.schema.json", "/$defs/candidate/properties/runtime"}, equal(runtimesOrNone)},
        {{"plan.schema.json", "/$defs/deployment/properties/kind"},
         equal([] { return languageValues({"application"}, "kind"); })},
        {{"plan.schema.json", "/$defs/deployment/allOf/1/if/properties/kind"},
         subset([] { return languageValues({"application"}, "kind"); })},
        {{"plan.schema.json", "/$defs/layout/properties/schedule"}, equal([] {
             return languageValues({"deployment", "parallel"}, "schedule");
         })},
        {{"plan.schema.json", "/$defs/layout/properties/recompute"}, equal([] {
             return languageValues({"deployment", "parallel"}, "recompute");
         })},
        {{"plan.schema.json", "/$defs/prediction/properties/attention"},
         equal([] { return languageValues({"application"}, "attention"); })},
        {{"predict.schema.json", "/properties/attention"},
         equal([] { return languageValues({"application"}, "attention"); })},
        {{"predict.schema.json", "/$defs/layout/properties/schedule"}, equal([] {
             return languageValues({"deployment", "parallel"}, "schedule");
         })},
        {{"predict.schema.json", "/$defs/layout/properties/recompute"}, equal([] {
             return languageValues({"deployment", "parallel"}, "recompute");
         })},
        {{"predict.schema.json", "/properties/inputs/properties/framework"}, equal(frameworks)},
        {{"predict.schema.json", "/$defs/build"}, equal(imageBuilds)},
        {{"predict.schema.json", "/$defs/graphCompiler"}, equal(graphCompilersOrNone)},
        {{"predict.schema.json", "/$defs/precision"}, equal(precisions)},
        // The calibration's effects select by the same words.
        {{"calibration.schema.json", when + "framework"}, equal(frameworks)},
        {{"calibration.schema.json", when + "build"}, equal(imageBuilds)},
        {{"calibration.schema.json", when + "graph_compiler"}, equal(graphCompilersOrNone)},
        {{"calibration.schema.json", when + "device"},
         none("the performance model's device classes, not a word of the language")},
        {{"calibration.schema.json", when + "precision_class"},
         none("the performance model's classes of arithmetic units")},
        // The catalogue: images hold what the language can name.
        {{"catalog.schema.json", "/$defs/graph_compiler"}, equal(graphCompilers)},
        {{"catalog.schema.json", "/$defs/arch"},
         equal([] { return languageValues({"image"}, "arch"); })},
        {{"catalog.schema.json", images + "properties/framework/properties/name"},
         equal(frameworks)},
        {{"catalog.schema.json", images + "allOf/8/then/properties/framework/properties/name"},
         subset(frameworks)},
        {{"catalog.schema.json", images + "properties/mpi/properties/name"},
         equal([] { return languageValues({"image"}, "mpi"); })},
        {{"catalog.schema.json", images + "properties/build"}, equal(imageBuilds)},
        {{"catalog.schema.json", images + "properties/accelerator"},
         subset([] { return languageValues({"image"}, "accelerator"); })},
        {{"catalog.schema.json", images + "allOf/4/if/properties/accelerator"},
         subset([] { return languageValues({"image"}, "accelerator"); })},
        {{"catalog.schema.json", "/properties/workloads/items/properties/kind"},
         equal([] { return languageValues({"workload"}, "kind"); })},
        {{"catalog.schema.json", images + "properties/image_type"},
         none("the scheme of an image reference (docker://, library://, …)")},
        {{"catalog.schema.json", gpu + "vendor"},
         none("a GPU's maker, a fact of the hardware entries (validate.py checks each)")},
        {{"catalog.schema.json", gpu + "peak_tflops/propertyNames"},
         none("the number formats a data sheet gives peaks for (fp8 included), not `precision`")},
        {{"catalog.schema.json", gpu + "peer_link"},
         none("a data-sheet fact of a GPU (infinity_fabric included), not `interconnect`")},
        {{"catalog.schema.json", gpu + "host_link"}, none("a data-sheet fact of a GPU")},
        {{"catalog.schema.json", "/properties/interconnects/items/properties/scope"},
         none("a field of the interconnect entries")},
        {{"catalog.schema.json", "/properties/interconnects/items/properties/fabric"}, equal([] {
             Names n;
             for (std::string_view f : model::interconnectFabrics())
                 n.emplace(f);
             return n;
         })},
        {{"catalog.schema.json", "/properties/instances/items/properties/cloud"}, equal([] {
             Names n;
             for (std::string_view c : model::instanceClouds())
                 n.emplace(c);
             return n;
         })},
        {{"catalog.schema.json", "/properties/runtimes/items/properties/image"},
         none("a field of the runtime entries")},
        // MODAK's own job format: its spellings, which the importer maps onto the language's words.
        {{"modak-job.schema.json", "/$defs/target/properties/job_scheduler_type"},
         subset(schedulers)},
        {{"modak-job.schema.json", "/$defs/target/properties/queue_type"}, subset(schedulers)},
        {{"modak-job.schema.json", "/$defs/application/properties/storage_class_pref"},
         equal(modakStorageClasses)},
        {{"modak-job.schema.json", "/$defs/application/properties/app_type"},
         equal([] { return languageValues({"application"}, "type"); })},
        {{"modak-job.schema.json", "/$defs/aiFramework/anyOf/0"}, subset(frameworks)},
        {{"modak-job.schema.json", "/$defs/messageSize/anyOf/0"}, equal([] {
             return languageValues({"application", "mpi_tuning"}, "message_size");
         })},
        {{"modak-job.schema.json", "/$defs/cpuType/anyOf/0"},
         none("MODAK's CPU types (x86, arm, …), mapped by the importer")},
        {{"modak-job.schema.json", "/$defs/accType/anyOf/0"},
         none("MODAK's accelerator types, '' included")},
        {{"modak-job.schema.json", "/$defs/appKind/anyOf/0"},
         none("MODAK's application types, case variants included")},
        {{"modak-job.schema.json", "/$defs/parallelisationKind"},
         none("MODAK's spellings (opencc), case variants included")},
        {{"modak-job.schema.json", "/$defs/optimisation/allOf/0/if/properties/app_type"},
         none("a condition on MODAK's app_type")},
        {{"modak-job.schema.json", "/$defs/optimisation/allOf/1/if/properties/app_type"},
         none("a condition on MODAK's app_type")},
        // Output formats of modak itself.
        {{"check-output.schema.json", "/$defs/diagnostic/properties/severity"},
         none("diagnostic severities")},
        {{"bench-result.schema.json", "/properties/kernel"},
         none("benchmark kernels of `modak bench`")},
        {{"bench-result.schema.json", "/properties/status"}, none("a benchmark run's outcome")},
        {{"bench-result.schema.json", "/allOf/1/if/properties/kernel"},
         none("a condition on the kernel")},
        {{"bench-result.schema.json", "/allOf/0/if/properties/status"},
         none("a condition on the outcome")},
        {{"bench-result.schema.json", "/properties/graph_compiler"},
         none("what the framework kernel can switch on (eager or torch.compile)")},
        {{"bench-result.schema.json", "/properties/precision"},
         none("the precisions the framework kernel runs, a subset of the language's")},
        {{"bench-result.schema.json", "/properties/transport"},
         none("how the allreduce kernel moved its data")},
    };
    return table;
}

void collectEnums(const nlohmann::json& node, const std::string& pointer,
                  std::vector<std::pair<std::string, Names>>& out) {
    if (node.is_object()) {
        for (const auto& [key, value] : node.items()) {
            if (key == "enum" && value.is_array()) {
                Names names;
                for (const auto& v : value)
                    names.insert(v.is_string() ? v.get<std::string>() : v.dump());
                out.emplace_back(pointer, std::move(names));
            } else {
                collectEnums(value, pointer + "/" + key, out);
            }
        }
    } else if (node.is_array()) {
        for (size_t i = 0; i < node.size(); ++i)
            collectEnums(node[i], pointer + "/" + std::to_string(i), out);
    }
}

std::string joined(const Names& names) {
    std::string s;
    for (const auto& n : names)
        s += (s.empty() ? "" : ", ") + n;
    return s;
}

} // namespace

TEST_CASE("every enum of schemas/*.schema.json agrees with the catalogue and the language",
          "[schema][catalogue]") {
    namespace fs = std::filesystem;
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& entry : fs::directory_iterator(fs::path(MODAK_SOURCE_DIR) / "schemas")) {
        std::string file = entry.path().filename().string();
        if (!file.ends_with(".schema.json"))
            continue;
        std::vector<std::pair<std::string, Names>> enums;
        collectEnums(nlohmann::json::parse(readFile(entry.path().string())), "", enums);
        for (const auto& [pointer, listed] : enums) {
            seen.emplace(file, pointer);
            auto it = expectations().find({file, pointer});
            if (it == expectations().end()) {
                FAIL_CHECK(fmt::format("schemas/{} {}: enum {{{}}} is not classified in "
                                       "VocabularyTests.cpp (which vocabulary must it equal?)",
                                       file, pointer, joined(listed)));
                continue;
            }
            const Expectation& e = it->second;
            if (!e.names)
                continue;
            Names expected = e.names();
            Names missing, extra;
            for (const auto& n : expected)
                if (!listed.contains(n))
                    missing.insert(n);
            for (const auto& n : listed)
                if (!expected.contains(n))
                    extra.insert(n);
            if (e.relation == Relation::Subset)
                missing.clear();
            if (!missing.empty() || !extra.empty())
                FAIL_CHECK(fmt::format("schemas/{} {}: the enum disagrees with the catalogue/"
                                       "language: missing {{{}}}, not in the vocabulary {{{}}}",
                                       file, pointer, joined(missing), joined(extra)));
        }
    }
    for (const auto& [where, e] : expectations())
        if (!seen.contains(where))
            FAIL_CHECK(fmt::format("schemas/{} {}: classified in VocabularyTests.cpp, but there "
                                   "is no such enum",
                                   where.first, where.second));
}

TEST_CASE("the language's enumerations come from the catalogue, in its order",
          "[schema][catalogue]") {
    auto names = [](std::vector<std::string_view> path, std::string_view key) {
        std::vector<std::string> v;
        for (const auto& e : model::blockSchemaAt(path)->key(key)->enumValues())
            v.push_back(e.name);
        return v;
    };
    auto ordered = [](const auto& entries, std::vector<std::string> before = {},
                      const std::vector<std::string>& after = {}) {
        for (const auto& e : entries)
            before.emplace_back(named(e).name);
        before.insert(before.end(), after.begin(), after.end());
        return before;
    };
    CHECK(names({"target"}, "interconnect") == ordered(model::data::interconnects()));
    CHECK(names({"target", "storage"}, "class") == ordered(model::data::storageClasses()));
    CHECK(names({"application", "dataset"}, "storage") == ordered(model::data::storageClasses()));
    CHECK(names({"application"}, "precision") == ordered(model::data::precisions()));
    CHECK(names({"deployment"}, "graph_compiler") ==
          ordered(model::data::graphCompilers(), {"none"}, {"auto"}));
    CHECK(names({"deployment"}, "runtime") == ordered(model::data::runtimes(), {}, {"none"}));
    CHECK(names({"target"}, "runtime") == ordered(model::data::runtimes(), {}, {"none"}));
    // Every word is documented (hover, completion) and named once in its list.
    auto documentedOnce = [](const auto& entries) {
        Names seen;
        for (const auto& e : entries) {
            CAPTURE(named(e).name);
            CHECK_FALSE(named(e).doc.empty());
            CHECK(seen.emplace(named(e).name).second);
        }
    };
    documentedOnce(model::data::interconnects());
    documentedOnce(model::data::storageClasses());
    documentedOnce(model::data::precisions());
    documentedOnce(model::data::graphCompilers());
    documentedOnce(model::data::runtimes());
}

TEST_CASE("a catalogue file cannot add to the language's vocabulary", "[catalogue]") {
    for (std::string_view section : {"precisions", "graph_compilers", "runtimes"}) {
        CAPTURE(section);
        model::Catalogue c;
        Diagnostics diags;
        std::string text =
            fmt::format(R"({{"version": 1, "{}": [{{"name": "x", "doc": "y"}}]}})", section);
        CHECK_FALSE(c.merge(text, FileId{}, "test", diags));
        REQUIRE(diags.size() == 1);
        CHECK(diags.begin()->message.find("vocabulary is built in") != std::string::npos);
    }
}

} // namespace modak::test
