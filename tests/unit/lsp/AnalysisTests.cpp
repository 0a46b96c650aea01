// SPDX-License-Identifier: Apache-2.0
// Analysis: what every language feature reads — the checked program, its diagnostics, the
// tree-sitter tree, and the plan — for open documents whose imports may be unsaved buffers.
#include "LspTest.h"
#include "modak/diag/Printers.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <tree_sitter/api.h>

#include <random>

using namespace modak;

TEST_CASE("an analysis of a document importing an unsaved buffer", "[lsp][analysis]") {
    lsp::Overlay overlay;
    overlay["/virtual/targets/box.modak"] =
        "modak 1\ntarget box { scheduler = slurm, runtime = none }\n";
    auto a = test::analyse(R"(modak 1
import "targets/box.modak"
application app { kind = hpc, run = "./solver" }
deployment d { application = app, target = box }
)",
                           &overlay);
    CHECK_FALSE(a->diagnostics().hasErrors());
    REQUIRE(a->program().documents.size() == 2);
    CHECK(a->program().lookup(a->file(), "target", "box") != nullptr);
    CHECK(a->tree().statements.size() == 2);
    CHECK_FALSE(ts_node_has_error(ts_tree_root_node(a->syntaxTree())));
    REQUIRE(a->plan().deployments.size() == 1);
    CHECK(a->plan().deployments.front().name == "d");
}

TEST_CASE("an analysis of half-typed input has diagnostics, a partial tree and no plan",
          "[lsp][analysis]") {
    auto a =
        test::analyse("modak 1\napplication app {\n  kind = \n  framework = pytorch \"2.1\"\n");
    CHECK(a->diagnostics().hasErrors());
    CHECK(ts_node_has_error(ts_tree_root_node(a->syntaxTree())));
    CHECK(a->plan().deployments.empty());
}

TEST_CASE("marks give cursor offsets", "[lsp][analysis]") {
    auto m = test::mark("ab\u2038c\u2038");
    CHECK(m.text == "abc");
    CHECK(m.points == std::vector<uint32_t>{2, 3});
}

TEST_CASE("an analysis built from the previous version's tree says what a fresh one says",
          "[lsp][analysis]") {
    // Enough blocks that an edit near the end leaves most of the tree to be moved, not parsed.
    std::string text = "modak 1\n";
    for (int i = 0; i < 8; ++i)
        text += "application a" + std::to_string(i) + " { kind = hpc, run = \"./s\" }\n";
    text += "target box { scheduler = slurm, runtime = none, nodes = 4 }\n"
            "deployment d { application = a7, target = box, scale { nodes = 1..2 } }\n";
    auto first = lsp::Analysis::build("/virtual/p.modak", text);
    auto render = [](const lsp::Analysis& a) {
        return modak::renderText(a.sources(), a.diagnostics().items());
    };
    // A syntax error, then a semantic one (an unknown application), each from the previous one.
    std::string broken = text;
    broken.replace(broken.find("nodes = 1..2"), 12, "nodes = 1..");
    auto second = lsp::Analysis::build("/virtual/p.modak", broken, nullptr, nullptr, {}, {}, true,
                                       first.get());
    auto fresh = lsp::Analysis::build("/virtual/p.modak", broken);
    CHECK(second->diagnostics().hasErrors());
    CHECK(render(*second) == render(*fresh));
    std::string unknown = text;
    unknown.replace(unknown.find("application = a7"), 16, "application = a9");
    auto third = lsp::Analysis::build("/virtual/p.modak", unknown, nullptr, nullptr, {}, {}, true,
                                      second.get());
    CHECK(render(*third) == render(*lsp::Analysis::build("/virtual/p.modak", unknown)));
    CHECK(render(*third).find("unknown") != std::string::npos);
    CHECK(third->tree().statements.size() == 10);
}

namespace {

/// Everything a diagnostic says and where, for comparing two analyses exactly.
std::string dumpDiagnostics(const lsp::Analysis& a) {
    std::string out;
    auto at = [](SourceRange r) {
        return fmt::format("{}:{}-{}", r.file.valid() ? int(r.file.value) : -1, r.begin, r.end);
    };
    for (const Diagnostic& d : a.diagnostics()) {
        out += fmt::format("{} {} {} {}\n", diagInfo(d.code).name, int(d.severity), at(d.range),
                           d.message);
        for (const auto& n : d.notes)
            out += fmt::format("  note {} {}\n", at(n.range), n.message);
        for (const auto& fix : d.fixes)
            for (const auto& e : fix.edits)
                out += fmt::format("  fix {} {} '{}'\n", fix.title, at(e.range), e.text);
    }
    return out;
}

} // namespace

TEST_CASE("analyses built from the last version's check what a fresh analysis checks",
          "[lsp][analysis]") {
    // Blocks whose checks find something (an unknown key, a missing required key, a misspelt
    // reference, a duplicate key with its fix) among clean ones, then edits that change a block,
    // a block another one's facts read (a target's nodes under a deployment's scale), the names
    // the program defines, or break the syntax; each analysis is built from the last.
    std::string text = "modak 1\n";
    for (int i = 0; i < 12; ++i)
        text += fmt::format(R"(application app_{0} {{
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  batch_size = 16
  {1}
}}
target t_{0} {{ scheduler = slurm, nodes = 4, gpu {{ model = a100_sxm4_40gb, count = 4 }} }}
deployment d_{0} {{
  application = app_{0}
  target = t_{2}
  scale {{ nodes = 1..2 }}
}}
)",
                            i,
                            i % 3 == 0   ? "colour = blue"
                            : i % 3 == 1 ? "epochs = 3"
                                         : "",
                            i % 4 == 3 ? "t_x" : std::to_string(i));
    const std::vector<std::pair<std::string, std::string>> edits = {
        {"epochs = 3", "epochs = 4"},
        {"batch_size = 16", "batch_size = 16\n  batch_size = 8"},
        {"target = t_x", "target = t_3"},
        {"application app_7 {", "application app_77 {"},
        {"scale { nodes = 1..2 }", "scale { nodes = 1.. }"},
        {"nodes = 1.. }", "nodes = 1..2 }"},
        {"kind = ai_training", "kind = hpc"},
        {"application app_77 {", "application app_7 {"},
        {"colour = blue", "colour = red"},
        {"scheduler = slurm, nodes = 4,", "scheduler = slurm, nodes = 1,"},
        {"gpu { model = a100_sxm4_40gb", "gpu { model = a100"},
        {"scheduler = slurm, nodes = 1,", "scheduler = slurm, nodes = 4,"},
    };
    std::mt19937 rng(11);
    auto current =
        lsp::Analysis::build("/virtual/many.modak", text, nullptr, nullptr, {}, {}, false);
    for (int step = 0; step < 60; ++step) {
        const auto& [from, to] = edits[step % edits.size()];
        // The n-th occurrence, so edits land all over the file.
        std::vector<size_t> found;
        for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + 1))
            found.push_back(at);
        if (found.empty())
            continue;
        size_t at = found[std::uniform_int_distribution<size_t>(0, found.size() - 1)(rng)];
        text.replace(at, from.size(), to);
        auto next = lsp::Analysis::build("/virtual/many.modak", text, nullptr, nullptr, {}, {},
                                         false, current.get());
        auto fresh =
            lsp::Analysis::build("/virtual/many.modak", text, nullptr, nullptr, {}, {}, false);
        INFO("step " << step << ": `" << from << "` -> `" << to << "`");
        REQUIRE(dumpDiagnostics(*next) == dumpDiagnostics(*fresh));
        current = std::move(next);
    }
    CHECK(dumpDiagnostics(*current).find("unknown-key") != std::string::npos);
}
