// SPDX-License-Identifier: Apache-2.0
// The schema table: complete, documented, consistent with docs/language.md, and its lookups.
#include "ModelTest.h"
#include "modak/model/Schema.h"
#include "modak/syntax/Lexical.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <functional>
#include <regex>
#include <set>

using namespace modak;
using namespace modak::model;

TEST_CASE("schema: top-level blocks and lookups") {
    std::vector<std::string> kinds(topLevelKinds().begin(), topLevelKinds().end());
    CHECK(kinds ==
          std::vector<std::string>{"application", "target", "deployment", "workload", "image"});
    for (std::string_view k : topLevelKinds()) {
        const BlockSchema* b = topLevelBlock(k);
        REQUIRE(b);
        CHECK(b->kind == k);
        const KeySchema* fileKey = fileSchema().key(k);
        REQUIRE(fileKey);
        CHECK(fileKey->named);
        CHECK(fileKey->block == b);
    }
    CHECK(topLevelBlock("dataset") == nullptr);
    CHECK(topLevelBlock("catalog") == nullptr);
    CHECK(fileSchema().key("catalog")->isAttribute());

    const BlockSchema* app = topLevelBlock("application");
    const KeySchema* kind = app->key("kind");
    REQUIRE(kind);
    CHECK(kind->required);
    CHECK(kind->enumValues().size() == 4);
    CHECK(app->key("nope") == nullptr);
    CHECK(app->keyByAlias("mpi_ranks") == app->key("ranks"));

    // A key that is both a value and a block.
    const KeySchema* workload = app->key("workload");
    CHECK(workload->isAttribute());
    CHECK(workload->isBlock());
    CHECK_FALSE(workload->named);
    CHECK(workload->block == topLevelBlock("workload"));

    // Named nested blocks.
    const KeySchema* partition = topLevelBlock("target")->key("partition");
    CHECK(partition->named);
    CHECK(partition->block->key("gpu")->block == topLevelBlock("target")->key("gpu")->block);

    // Paths of block keys.
    std::vector<std::string_view> path = {"deployment", "job"};
    CHECK(blockSchemaAt(path) == topLevelBlock("deployment")->key("job")->block);
    path = {"target", "partition", "gpu"};
    CHECK(blockSchemaAt(path)->kind == "gpu");
    path = {"deployment", "emit"};
    CHECK(blockSchemaAt(path) == nullptr);
    CHECK(blockSchemaAt({}) == &fileSchema());

    // Free-form keys.
    const BlockSchema* env = app->key("env")->block;
    REQUIRE(env->anyKey);
    CHECK(env->key("PATH") == nullptr);
    CHECK(typeText(*env->anyKey) == "string|int|float|bool");
}

TEST_CASE("schema: every key and value is documented") {
    std::set<const BlockSchema*> seen;
    for (const BlockSchema* b : allBlockSchemas()) {
        INFO("block " << b->kind);
        CHECK(seen.insert(b).second);
        CHECK_FALSE(b->doc.empty());
        std::set<std::string> names;
        for (const KeySchema& k : b->keys) {
            INFO("key " << k.name);
            CHECK(names.insert(k.name).second);
            CHECK(b->key(k.name) == &k); // every key is found by its name
            CHECK(b->key(k.name + "_") == nullptr);
            CHECK_FALSE(k.doc.empty());
            CHECK(k.doc.back() != '.');
            CHECK((k.isAttribute() || k.isBlock()));
            if (k.block)
                CHECK(std::find(allBlockSchemas().begin(), allBlockSchemas().end(), k.block) !=
                      allBlockSchemas().end());
            // Aliases never shadow a real key of the same block.
            for (const std::string& a : k.aliases)
                CHECK(b->key(a) == nullptr);
            std::function<void(const ValueType&)> checkType = [&](const ValueType& t) {
                for (const EnumValue& v : t.values) {
                    INFO("value " << v.name);
                    CHECK_FALSE(v.doc.empty());
                    CHECK(syntax::isIdentifier(v.name));
                }
                if (t.kind == ValueKind::Reference)
                    CHECK(topLevelBlock(t.refKind));
                if (t.element)
                    checkType(*t.element);
            };
            for (const ValueType& t : k.types)
                checkType(t);
        }
    }
}

TEST_CASE("schema: built-in workloads are the ones of the spec") {
    std::vector<std::string> names;
    for (const BuiltinWorkload& w : builtinWorkloads()) {
        names.emplace_back(w.name);
        CHECK(w.parameters > 0);
        CHECK(w.flopsPerSample > 0);
        CHECK(w.sampleSize > 0);
        CHECK_FALSE(w.doc.empty());
        CHECK((w.kind == "cnn" || w.kind == "transformer"));
        CHECK(builtinWorkload(w.name) == &w);
    }
    CHECK(names ==
          std::vector<std::string>{"mnist_cnn",   "resnet44_cifar10", "resnet50",
                                   "resnet101",   "resnet152",        "inception_v3",
                                   "vgg16",       "alexnet",          "vit_b16",
                                   "bert_base",   "bert_large",       "gpt2_small",
                                   "gpt2_medium", "bert_large_512",   "vit_l16",
                                   "gpt3_175b",   "llama3_8b",        "llama3_70b",
                                   "llama3_405b", "mistral_7b",       "mixtral_8x7b",
                                   "llama2_7b",   "llama2_70b",       "mpt_7b",
                                   "mpt_70b",     "ssd300",           "retinanet_resnext50_800"});
    CHECK(builtinWorkload("resnet50")->parameters == 25'557'032);
    CHECK(builtinWorkload("nope") == nullptr);
    // The application's workload enumeration lists them all.
    CHECK(topLevelBlock("application")->key("workload")->enumValues().size() == names.size());
    // docs/catalogue.md's workload table has a row for each, and says how many.
    const std::string catalogueDoc =
        test::readFile(std::string(MODAK_SOURCE_DIR) + "/docs/catalogue.md");
    CHECK_THAT(catalogueDoc, Catch::Contains(fmt::format("## Workloads ({})\n", names.size())));
    for (const auto& name : names)
        CHECK_THAT(catalogueDoc, Catch::Contains("\n| `" + name + "` |"));
}

TEST_CASE("schema: the keys of docs/language.md §4 tables exist") {
    std::string doc = test::readFile(std::string(MODAK_SOURCE_DIR) + "/docs/language.md");
    // Sections "### 4.x `kind NAME`" with tables whose first column is `key` (or `a`, `b`).
    std::regex section(R"(### 4\.\d+[a-z]? `(\w+)[^`]*`)");
    std::regex row(R"(\n\| (`\w+`(?:, `\w+`)*)(?: NAME)? \|)");
    std::regex key(R"(`(\w+)`)");
    size_t checked = 0;
    for (std::sregex_iterator s(doc.begin(), doc.end(), section), end; s != end; ++s) {
        std::string kind = (*s)[1];
        const BlockSchema* schema = topLevelBlock(kind);
        if (!schema) {
            // A nested block (`job { }`): the one block schema of that kind.
            for (const BlockSchema* b : allBlockSchemas())
                if (b->kind == kind) {
                    CHECK(schema == nullptr);
                    schema = b;
                }
        }
        if (!schema)
            continue;
        size_t from = s->position() + s->length();
        size_t to = doc.find("\n### ", from);
        std::string body = doc.substr(from, to - from);
        for (std::sregex_iterator r(body.begin(), body.end(), row); r != end; ++r) {
            std::string cell = (*r)[1];
            for (std::sregex_iterator k(cell.begin(), cell.end(), key); k != end; ++k) {
                INFO(kind << "." << (*k)[1]);
                CHECK(schema->key((*k)[1].str()) != nullptr);
                ++checked;
            }
        }
    }
    CHECK(checked > 90);
}

TEST_CASE("schema: type texts and descriptions") {
    const BlockSchema* scale = topLevelBlock("deployment")->key("scale")->block;
    CHECK(typeText(*scale->key("nodes")) == "auto|range(int 1..100000)");
    CHECK(typeText(*scale->key("min_efficiency")) == "float > 0, ≤ 1");
    CHECK(typeText(*topLevelBlock("target")->key("scheduler")) ==
          "enum{slurm, torque, pbs, lsf, flux, kubernetes, none}");
    CHECK(typeText(*topLevelBlock("deployment")->key("application")) == "ref(application)");
    CHECK(typeText(*topLevelBlock("target")->key("partition")) == "block partition NAME { … }");
    CHECK(describeExpected(*topLevelBlock("target")->key("memory")) == "a size such as `16 GiB`");
    CHECK(describeExpected(*scale->key("gpus_per_node")) == "`auto` or an integer");
    CHECK(describeExpected(*scale->key("nodes")) ==
          "`auto` or an integer or a range such as `1..8`");
    CHECK(describeExpected(*topLevelBlock("application")->key("workload")) ==
          "a built-in workload or the name of a workload");
    CHECK(describeExpected(*topLevelBlock("application")->key("dataset")) ==
          "a block `dataset { … }`");
    CHECK(describeInterval(Interval{0, 1, true, false}, ValueKind::Float) ==
          "greater than 0 and at most 1");
    CHECK(describeInterval(Interval{1, std::nullopt}, ValueKind::Integer) == "at least 1");
    CHECK(describeInterval(Interval{0, 64}, ValueKind::Integer) == "between 0 and 64");
    CHECK(describeInterval(Interval{0, std::nullopt, true}, ValueKind::Duration) ==
          "greater than 0s");
    CHECK(Interval{0, 1, true, false}.contains(1));
    CHECK_FALSE(Interval{0, 1, true, false}.contains(0));
}

TEST_CASE("schema: suggestions") {
    CHECK(editDistance("slrum", "slurm") == 1);
    CHECK(editDistance("Slurm", "slurm") == 0);
    CHECK(editDistance("", "abc") == 3);
    CHECK(editDistance("kitten", "sitting") == 3);
    std::vector<std::string> keys = {"epochs", "batch_size", "steps_per_epoch", "framework"};
    CHECK(suggest("epoch", keys) == "epochs");
    CHECK(suggest("batchsize", keys) == "batch_size");
    CHECK(suggest("framwork", keys) == "framework");
    CHECK(suggest("xyz", keys).empty());
    CHECK(suggest("epochs", keys).empty()); // an exact match is not a suggestion
    std::vector<std::string> gpus = {"p100", "v100_pcie", "v100_sxm2"};
    CHECK(suggest("v100", gpus) == "v100_pcie"); // a completion beats a one-letter typo
    CHECK(suggest("p10", gpus) == "p100");
}

TEST_CASE("schema: a block's keys are found through its index and without one") {
    // The table's blocks are indexed by key slot (BlockSchema::indexKeys); a schema made elsewhere,
    // with or without keys, is scanned, and indexing it finds the same keys.
    BlockSchema empty;
    CHECK(empty.key("nodes") == nullptr);
    CHECK(empty.key("") == nullptr);

    BlockSchema made;
    for (const char* name : {"nodes", "cores", "model", "memory", "nodes_x", "x"}) {
        KeySchema key;
        key.name = name;
        made.keys.push_back(std::move(key));
    }
    auto check = [&] {
        for (const KeySchema& k : made.keys)
            CHECK(made.key(k.name) == &k);
        CHECK(made.key("node") == nullptr);
        CHECK(made.key("gpus") == nullptr);
    };
    check(); // scanned
    made.indexKeys();
    check(); // through the index
    empty.indexKeys();
    CHECK(empty.key("nodes") == nullptr);
}
