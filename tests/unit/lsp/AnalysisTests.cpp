// SPDX-License-Identifier: Apache-2.0
// Analysis: what every language feature reads — the checked program, its diagnostics, the
// tree-sitter tree, and the plan — for open documents whose imports may be unsaved buffers.
#include "LspTest.h"

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
