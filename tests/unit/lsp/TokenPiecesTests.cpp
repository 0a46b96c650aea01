// SPDX-License-Identifier: Apache-2.0
// The semantic tokens the server sends are made of each top-level statement's tokens, kept while
// the text they depend on is unchanged (encodeSemanticTokens): through chains of random edits they
// equal the whole document's tokens (features' semanticTokens) encoded afresh.
#include "LspTest.h"
#include "ServerImpl.h"
#include "Test.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace fs = std::filesystem;
using namespace modak;

namespace {

/// The whole document's tokens in LSP's relative encoding, as the server encoded them before it
/// kept them per statement.
std::vector<uint32_t> encodeWhole(const lsp::Analysis& a, const lsp::LineIndex& index,
                                  lsp::PositionEncoding encoding) {
    std::vector<uint32_t> data;
    lsp::Position last{0, 0};
    for (const auto& t : lsp::semanticTokens(a)) {
        lsp::Position b = index.position(t.begin, encoding), e = index.position(t.end, encoding);
        if (e.line != b.line || e.character <= b.character)
            continue;
        data.insert(data.end(),
                    {b.line - last.line,
                     b.line == last.line ? b.character - last.character : b.character,
                     e.character - b.character, static_cast<uint32_t>(t.type), t.modifiers});
        last = b;
    }
    return data;
}

const std::vector<std::string> kSnippets = {"}",
                                            "{",
                                            "\"",
                                            "\n",
                                            "\n\n",
                                            " ",
                                            "=",
                                            "//",
                                            "/*",
                                            "*/",
                                            "\"\"\"",
                                            "x = 1\n",
                                            "é",
                                            "😀",
                                            "import \"other.modak\"\n",
                                            "nodes = 1..8",
                                            "[a, b]",
                                            "deployment d {\n",
                                            "  epochs = 3\n"};

std::string edit(const std::string& text, std::mt19937& rng) {
    return test::randomEdit(text, rng, kSnippets, 10, /*wholeCharacters=*/true);
}

std::string generated(int groups) {
    std::string out = "// header comment\nmodak 1\nimport \"targets/a100.modak\"\n";
    for (int i = 0; i < groups; ++i)
        out += fmt::format(
            R"(workload wl_{0} {{ kind = transformer, layers = 12, hidden = 1024, heads = 16, sequence = 512 }}
/* a block
   comment */ application app_{0} {{
  kind = ai_training
  framework = pytorch "2.1"   // trailing
  workload = wl_{0}
  run = """python3 train.py
  --epochs 3 ½"""
}}
import "targets/other_{0}.modak"
target t_{0} {{ scheduler = slurm, nodes = 16, gpu {{ model = a100_sxm4_40gb, count = 4 }} }} deployment d_{0} {{
  application = app_{0}
  target = t_{0}
  scale {{ nodes = 1..8 }}
}}
)",
            i);
    return out;
}

} // namespace

TEST_CASE("semantic tokens kept per statement equal the whole document's, through random edits",
          "[lsp][tokens]") {
    std::vector<std::pair<std::string, std::string>> inputs{{"generated", generated(12)}};
    for (const auto& entry : fs::directory_iterator(fs::path(MODAK_SOURCE_DIR) / "examples"))
        if (entry.path().extension() == ".modak") {
            std::ifstream in(entry.path(), std::ios::binary);
            inputs.emplace_back(entry.path().filename().string(),
                                std::string((std::istreambuf_iterator<char>(in)),
                                            std::istreambuf_iterator<char>()));
        }
    std::sort(inputs.begin(), inputs.end());
    std::mt19937 rng(20261129);
    size_t compared = 0;
    for (const auto encoding : {lsp::PositionEncoding::Utf16, lsp::PositionEncoding::Utf8})
        for (const auto& [name, original] : inputs) {
            std::string text = original;
            std::shared_ptr<const lsp::Analysis> previous;
            lsp::TokenPieces pieces;
            std::vector<lsp::SemanticToken> scratch;
            std::vector<uint32_t> data;
            const int steps = name == "generated" ? 150 : 8;
            for (int step = 0; step <= steps; ++step) {
                if (step > 0)
                    text = edit(text, rng);
                auto a = lsp::Analysis::build("/virtual/tokens.modak", text, nullptr, nullptr, {},
                                              {}, false, previous.get());
                const lsp::LineIndex index(a->text());
                lsp::encodeSemanticTokens(*a, index, encoding, scratch, pieces, data);
                INFO(name << " after edit " << step << ":\n" << text);
                REQUIRE(data == encodeWhole(*a, index, encoding));
                previous = std::move(a);
                ++compared;
            }
        }
    CHECK(compared > 300);
}

TEST_CASE("a statement's kept tokens are taken again where an edit above moved it",
          "[lsp][tokens]") {
    const std::string text = generated(6);
    auto first =
        lsp::Analysis::build("/virtual/tokens.modak", text, nullptr, nullptr, {}, {}, false);
    lsp::TokenPieces pieces;
    std::vector<lsp::SemanticToken> scratch;
    std::vector<uint32_t> data;
    lsp::encodeSemanticTokens(*first, lsp::LineIndex(first->text()), lsp::PositionEncoding::Utf16,
                              scratch, pieces, data);
    const size_t statements = first->tree().statements.size();
    REQUIRE(pieces.size() == statements);
    // Two lines added in the second group: every statement keeps its piece but the edited one.
    const size_t at = text.find("application app_1");
    const std::string edited = text.substr(0, at) + "\n\n" + text.substr(at);
    auto second = lsp::Analysis::build("/virtual/tokens.modak", edited, nullptr, nullptr, {}, {},
                                       false, first.get());
    // A kept piece is moved, not made again: its tokens stay in the same storage.
    std::vector<const uint32_t*> before;
    pieces.forEach([&](const lsp::TokenPiece& piece) { before.push_back(piece.data.data()); });
    const lsp::LineIndex index(second->text());
    lsp::encodeSemanticTokens(*second, index, lsp::PositionEncoding::Utf16, scratch, pieces, data);
    CHECK(data == encodeWhole(*second, index, lsp::PositionEncoding::Utf16));
    size_t kept = 0;
    pieces.forEach([&](const lsp::TokenPiece& piece) {
        kept += std::find(before.begin(), before.end(), piece.data.data()) != before.end();
    });
    // The edited statement's key now holds the two new lines (the text from its line's start).
    CHECK(kept + 2 >= statements);
    CHECK(kept < statements);
}

TEST_CASE("an edit that keeps a statement's length still makes its tokens afresh",
          "[lsp][tokens]") {
    // Same length, begin and end, other text: a kept piece must not be taken for it, wherever
    // the edit falls in the statement (its first, middle or last line).
    const std::string text = generated(4);
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"count = 4 }", "count = a }"},
             {"kind = ai_training", "kind = 1234567890x"},
             {"layers = 12", "layers = xy"},
             {"nodes = 1..8", "nodes = \"1.\""}}) {
        INFO(from << " -> " << to);
        REQUIRE(from.size() == to.size());
        auto first =
            lsp::Analysis::build("/virtual/tokens.modak", text, nullptr, nullptr, {}, {}, false);
        lsp::TokenPieces pieces;
        std::vector<lsp::SemanticToken> scratch;
        std::vector<uint32_t> data;
        lsp::encodeSemanticTokens(*first, lsp::LineIndex(first->text()),
                                  lsp::PositionEncoding::Utf16, scratch, pieces, data);
        std::string edited = text;
        const size_t at = edited.find(from, text.size() / 2);
        REQUIRE(at != std::string::npos);
        edited.replace(at, from.size(), to);
        auto second = lsp::Analysis::build("/virtual/tokens.modak", edited, nullptr, nullptr, {},
                                           {}, false, first.get());
        const lsp::LineIndex index(second->text());
        lsp::encodeSemanticTokens(*second, index, lsp::PositionEncoding::Utf16, scratch, pieces,
                                  data);
        CHECK(data == encodeWhole(*second, index, lsp::PositionEncoding::Utf16));
    }
}

TEST_CASE("tokens made ahead and interrupted are taken up by the next encoding", "[lsp][tokens]") {
    // Stopped after some statements (as a message stops the server's tokens made ahead), with an
    // edit or none before the next encoding: what was made is kept, the rest made then, and the
    // tokens are the whole document's.
    const std::string text = generated(12);
    const std::string edited = [&] {
        std::string t = text;
        const size_t at = t.find("application app_6");
        return t.substr(0, at) + "\n// moved\n" + t.substr(at);
    }();
    for (int stopAfter : {1, 2, 3})
        for (bool edit : {false, true}) {
            INFO("stopped at the " << stopAfter << "th question, edited " << edit);
            auto first = lsp::Analysis::build("/virtual/tokens.modak", text, nullptr, nullptr, {},
                                              {}, false);
            lsp::TokenPieces pieces;
            std::vector<lsp::SemanticToken> scratch;
            std::vector<uint32_t> data;
            int asked = 0;
            const bool whole = lsp::encodeSemanticTokens(
                *first, lsp::LineIndex(first->text()), lsp::PositionEncoding::Utf16, scratch,
                pieces, data, [&] { return ++asked == stopAfter; });
            CHECK_FALSE(whole);
            CHECK(asked == stopAfter);
            // Asked before every 16th statement: the ones before it were made.
            CHECK(pieces.size() == size_t(16 * stopAfter - 1));
            CHECK(pieces.size() < first->tree().statements.size());
            auto second = edit ? lsp::Analysis::build("/virtual/tokens.modak", edited, nullptr,
                                                      nullptr, {}, {}, false, first.get())
                               : first;
            const lsp::LineIndex index(second->text());
            CHECK(lsp::encodeSemanticTokens(*second, index, lsp::PositionEncoding::Utf16, scratch,
                                            pieces, data));
            CHECK(data == encodeWhole(*second, index, lsp::PositionEncoding::Utf16));
            CHECK(pieces.size() == second->tree().statements.size());
        }
}
