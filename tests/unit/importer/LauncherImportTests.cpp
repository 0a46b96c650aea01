// SPDX-License-Identifier: Apache-2.0
// `modak import` of SkyPilot task YAML and dstack task configurations: goldens of users' files
// (tests/launchers/import/ → tests/golden/import-launchers/; MODAK_UPDATE_GOLDEN=1 rewrites), every
// result a checked program, located diagnostics, hostile YAML refused with a located error, and
// hostile values carried over unchanged.
#include "ModelTest.h"
#include "modak/importer/Launchers.h"
#include "modak/model/Catalogue.h"
#include "modak/model/Deployment.h"
#include "modak/model/Program.h"
#include "modak/syntax/Formatter.h"
#include "modak/syntax/Parser.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>

using namespace modak;
namespace fs = std::filesystem;

namespace {

struct Imported {
    SourceManager sm;
    Diagnostics diags;
    std::optional<std::string> text;
    std::string report() const { return test::report(sm, diags); }
};

std::unique_ptr<Imported> importText(std::string yaml, std::string path = "task.yaml") {
    auto r = std::make_unique<Imported>();
    FileId id = r->sm.addBuffer(std::move(path), std::move(yaml));
    r->text = importer::importLauncherYaml(r->sm, id, r->diags);
    return r;
}

/// The imported program, loaded and checked.
std::unique_ptr<test::Loaded> checked(const std::string& text) {
    auto loaded = std::make_unique<test::Loaded>();
    FileId id = loaded->sm.addBuffer("imported.modak", text);
    loaded->program = model::loadProgram(loaded->sm, id, loaded->diags);
    return loaded;
}

} // namespace

TEST_CASE("import launchers: users' files match their goldens and check clean",
          "[import][golden][launchers]") {
    const fs::path dir = fs::path(MODAK_TEST_DATA_DIR) / "launchers" / "import";
    std::vector<fs::path> inputs;
    for (const auto& e : fs::directory_iterator(dir))
        inputs.push_back(e.path());
    std::sort(inputs.begin(), inputs.end());
    REQUIRE(inputs.size() >= 3);
    for (const auto& input : inputs) {
        DYNAMIC_SECTION(input.filename().string()) {
            auto r = std::make_unique<Imported>();
            std::string error;
            auto id = r->sm.readFile(input, error);
            REQUIRE(id);
            // Shown relative to the source tree, as the goldens name it.
            r->text = importer::importLauncherYaml(r->sm, *id, r->diags);
            INFO(r->report());
            REQUIRE(r->text);
            CHECK_FALSE(r->diags.hasErrors());
            // Every diagnostic points into the YAML file.
            for (const auto& d : r->diags.items())
                CHECK(d.range.file == *id);
            const std::string stem = input.filename().string();
            const fs::path golden =
                fs::path(MODAK_TEST_DATA_DIR) / "golden" / "import-launchers" / (stem + ".modak");
            // The header names the file as read; the goldens name it from the source tree.
            std::string text = *r->text;
            const std::string shown = input.string();
            const std::string rel = "tests/launchers/import/" + stem;
            if (auto at = text.find(shown); at != std::string::npos)
                text.replace(at, shown.size(), rel);
            CHECK(text == test::goldenText(golden, text));
            // A checked, canonically formatted program.
            auto loaded = checked(text);
            INFO(loaded->report());
            CHECK_FALSE(loaded->diags.hasErrors());
            Diagnostics parseDiags;
            SourceManager sm;
            FileId f = sm.addBuffer("x.modak", text);
            CHECK(syntax::format(syntax::parse(sm, f, parseDiags), text) == text);
        }
    }
}

TEST_CASE("import launchers: what each field becomes", "[import][launchers]") {
    auto r = importText(R"(name: my-task
resources:
  infra: aws/eu-west-1
  accelerators: {H100: 4}
  instance_type: p5.48xlarge
  use_spot: true
  image_id: docker:nvcr.io/nvidia/pytorch:24.05-py3
  cpus: 8+
num_nodes: 3
envs:
  A: "1"
run: python3 train.py
)");
    INFO(r->report());
    REQUIRE(r->text);
    const std::string& t = *r->text;
    CHECK_THAT(t, Catch::Contains("  cloud = aws\n"));
    CHECK_THAT(t, Catch::Contains("  region = \"eu-west-1\"\n"));
    CHECK_THAT(t, Catch::Contains("  instance_type = \"p5.48xlarge\"\n"));
    CHECK_THAT(t, Catch::Contains("  gpu { model = h100_sxm5, count = 4 }\n"));
    CHECK_THAT(t, Catch::Contains("  spot = true\n"));
    CHECK_THAT(t, Catch::Contains("  scale { nodes = 3, gpus_per_node = 4 }\n"));
    CHECK_THAT(t, Catch::Contains("  framework = pytorch \"2.4\"\n"));
    CHECK_THAT(t, Catch::Contains("  run = \"python3 train.py\"\n"));
    CHECK_THAT(t, Catch::Contains("  emit = [skypilot]\n"));
    // `cpus` is located at its key, with what was done.
    CHECK(r->report() ==
          "task.yaml:8:3: warning: SkyPilot field 'cpus' not imported: modak plans the "
          "resources itself [launcher-field]\n"
          "  cpus: 8+\n"
          "  ^~~~\n");
    CHECK_FALSE(checked(t)->diags.hasErrors());
}

TEST_CASE("import launchers: hostile YAML is refused with a located error",
          "[import][launchers][security]") {
    struct Row {
        std::string what, yaml, message;
        uint32_t line;
    };
    std::string laughs = "a: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n";
    for (char c = 'b'; c <= 'j'; ++c)
        laughs += fmt::format("{0}: &{0} [*{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}]\n", c,
                              static_cast<char>(c - 1));
    const std::vector<Row> rows = {
        {"an alias bomb", laughs, "YAML aliases (`*name`) are not read", 2},
        {"an alias in a value", "name: &n x\nrun: *n\n", "YAML aliases", 2},
        {"deep nesting", std::string(100000, '[') + std::string(100000, ']') + "\n",
         "nested more than 64 levels", 1},
        {"a list as a key", "? [a, b]\n: 1\n", "a key that is not a string", 1},
        {"a map as a key", "{a: 1}: 2\n", "a key that is not a string", 1},
        {"a key set twice", "name: a\nname: b\n", "'name' is set twice", 2},
        {"a language tag", "run: !!python/object/apply:os.system [\"id\"]\n",
         "the YAML tag 'tag:yaml.org,2002:python/object/apply:os.system' is not read", 1},
        {"a local tag", "run: !shell id\n", "the YAML tag '!shell' is not read", 1},
        {"two documents", "name: a\n---\nname: b\n", "a second document", 0},
        {"a list at the top", "- a\n- b\n", "a map of fields", 1},
        {"broken YAML", "name: [a, b\nrun: x\n", "the YAML cannot be read", 0},
        {"a huge file", "name: x\n# " + std::string(2 << 20, 'x') + "\n", "is not read", 1},
        {"a dstack service", "type: service\nport: 80\n", "only tasks", 1},
        {"a region that is no name", "resources:\n  infra: aws/us east'1\n",
         "region 'us east'1' is not a name", 2},
        {"an instance type that is no name", "type: task\ninstance_types: [\"p5 $(x)\"]\n",
         "instance_type 'p5 $(x)' is not a name", 2},
    };
    for (const auto& row : rows) {
        DYNAMIC_SECTION(row.what) {
            auto r = importText(row.yaml);
            CHECK_FALSE(r->text);
            REQUIRE(r->diags.hasErrors());
            const Diagnostic& d = r->diags.items().front();
            CHECK_THAT(d.message, Catch::Contains(row.message));
            if (row.line > 0)
                CHECK(r->sm.buffer(d.range.file).lineColumn(d.range.begin).line == row.line);
        }
    }
}

TEST_CASE("import launchers: hostile values arrive unchanged and inert",
          "[import][launchers][escaping]") {
    // Quotes, backslashes, newlines, `$(…)`, backticks, .modak's own `${…}` and YAML's anchor and
    // alias characters inside quoted strings are values, not syntax.
    const std::string evil = "a'b\"c\\ $(touch /tmp/pwned) `id` ${x} &anchor *alias # c\nline 2";
    auto yamlQuoted = [](std::string_view s) {
        std::string out = "\"";
        for (char c : s)
            out += c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : std::string(1, c);
        return out + "\"";
    };
    for (bool dstack : {false, true}) {
        DYNAMIC_SECTION((dstack ? "dstack" : "SkyPilot")) {
            std::string yaml =
                dstack ? fmt::format("type: task\nname: \"&n *m\"\nimage: img:1\nenv:\n  EVIL: "
                                     "{0}\ncommands:\n  - {0}\n",
                                     yamlQuoted(evil))
                       : fmt::format("name: \"&n *m\"\nresources:\n  image_id: docker:img:1\n"
                                     "envs:\n  EVIL: {0}\nrun: {0}\n",
                                     yamlQuoted(evil));
            auto r = importText(yaml, dstack ? ".dstack.yml" : "task.yaml");
            INFO(r->report());
            REQUIRE(r->text);
            auto loaded = checked(*r->text);
            INFO(loaded->report());
            REQUIRE_FALSE(loaded->diags.hasErrors());
            const model::Symbol* dep = nullptr;
            for (const auto& s : loaded->program.symbols)
                if (s.kind == "deployment")
                    dep = &s;
            REQUIRE(dep);
            model::Deployment d =
                model::lowerDeployment(loaded->program, *dep, model::Catalogue::builtin());
            CHECK(d.application.run == evil);
            REQUIRE(d.application.env.size() == 1);
            CHECK(d.application.env[0].second == evil);
            CHECK(d.job.name.value == "&n-*m"); // a job name has no blanks
        }
    }
}
