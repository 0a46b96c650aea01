// SPDX-License-Identifier: Apache-2.0
// Analysis: what every language feature reads — the checked program, its diagnostics, the
// tree-sitter tree, and the plan — for open documents whose imports may be unsaved buffers.
#include "LspTest.h"
#include "modak/diag/Printers.h"

#include <catch2/catch.hpp>
#include <tree_sitter/api.h>

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
