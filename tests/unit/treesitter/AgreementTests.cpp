// SPDX-License-Identifier: Apache-2.0
// Agreement between the two parsers of the .modak language (docs/language.md §1–§2): the generated
// tree-sitter parser (grammar/tree-sitter-modak, used by editors) and the X3 parser
// (modak::syntax::parse, used by the CLI and the language server). Every file of the shared corpus
// tests/corpus/valid must parse without a syntax error in both, and every file of
// tests/corpus/invalid must make both report one. Also checks that incremental reparsing after
// edits gives the same tree as parsing from scratch.
#include "modak/diag/Diagnostic.h"
#include "modak/syntax/Parser.h"
#include "modak/text/SourceManager.h"

#include <catch2/catch.hpp>
#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

extern "C" const TSLanguage* tree_sitter_modak();

namespace {

namespace fs = std::filesystem;

const fs::path corpusDir = fs::path(MODAK_TEST_DATA_DIR) / "corpus";

std::string readBinary(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<fs::path> corpusFiles(std::string_view which) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(corpusDir / which))
        if (entry.is_regular_file() && entry.path().extension() == ".modak")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

struct ParserDeleter {
    void operator()(TSParser* p) const { ts_parser_delete(p); }
};
struct TreeDeleter {
    void operator()(TSTree* t) const { ts_tree_delete(t); }
};
using ParserPtr = std::unique_ptr<TSParser, ParserDeleter>;
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

ParserPtr makeParser() {
    ParserPtr parser(ts_parser_new());
    REQUIRE(parser);
    REQUIRE(ts_parser_set_language(parser.get(), tree_sitter_modak()));
    return parser;
}

TreePtr parseText(TSParser* parser, std::string_view text, const TSTree* old = nullptr) {
    TreePtr tree(
        ts_parser_parse_string(parser, old, text.data(), static_cast<uint32_t>(text.size())));
    REQUIRE(tree);
    return tree;
}

// "line:column" (1-based, byte column) of the first ERROR or MISSING node, for failure messages.
std::string firstErrorLocation(TSNode node) {
    if (ts_node_is_missing(node) || std::string_view(ts_node_type(node)) == "ERROR") {
        TSPoint p = ts_node_start_point(node);
        return std::to_string(p.row + 1) + ":" + std::to_string(p.column + 1) +
               (ts_node_is_missing(node) ? " (missing '" + std::string(ts_node_type(node)) + "')"
                                         : " (ERROR)");
    }
    for (uint32_t i = 0, n = ts_node_child_count(node); i < n; ++i) {
        TSNode child = ts_node_child(node, i);
        if (ts_node_has_error(child))
            return firstErrorLocation(child);
    }
    return "?";
}

// The whole tree with node kinds, field names and byte ranges, one node per line.
std::string dumpTree(const TSTree* tree) {
    std::ostringstream out;
    TSTreeCursor cursor = ts_tree_cursor_new(ts_tree_root_node(tree));
    int depth = 0;
    for (;;) {
        TSNode node = ts_tree_cursor_current_node(&cursor);
        const char* field = ts_tree_cursor_current_field_name(&cursor);
        out << std::string(static_cast<size_t>(depth) * 2, ' ') << (field ? field : "")
            << (field ? ": " : "") << (ts_node_is_named(node) ? "" : "'") << ts_node_type(node)
            << (ts_node_is_named(node) ? "" : "'") << (ts_node_is_missing(node) ? " MISSING" : "")
            << " [" << ts_node_start_byte(node) << ", " << ts_node_end_byte(node) << ")\n";
        if (ts_tree_cursor_goto_first_child(&cursor)) {
            ++depth;
            continue;
        }
        while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
            if (!ts_tree_cursor_goto_parent(&cursor)) {
                ts_tree_cursor_delete(&cursor);
                return out.str();
            }
            --depth;
        }
    }
}

// Every node lies inside its parent and its children are ordered and do not overlap.
bool consistent(TSNode node) {
    uint32_t begin = ts_node_start_byte(node), end = ts_node_end_byte(node), previousEnd = begin;
    if (end < begin)
        return false;
    for (uint32_t i = 0, n = ts_node_child_count(node); i < n; ++i) {
        TSNode child = ts_node_child(node, i);
        if (ts_node_start_byte(child) < previousEnd || ts_node_end_byte(child) > end ||
            !consistent(child))
            return false;
        previousEnd = ts_node_end_byte(child);
    }
    return true;
}

std::string sexp(TSNode node) {
    char* s = ts_node_string(node);
    std::string result(s);
    std::free(s);
    return result;
}

// Row and byte column of `offset` in `text`.
TSPoint pointAt(std::string_view text, uint32_t offset) {
    TSPoint p{0, 0};
    for (uint32_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++p.row;
            p.column = 0;
        } else {
            ++p.column;
        }
    }
    return p;
}

// Replaces [begin, end) of `text` by `replacement`, tells `tree` about it and returns the new text.
std::string applyEdit(TSTree* tree, const std::string& text, uint32_t begin, uint32_t end,
                      std::string_view replacement) {
    std::string edited = text.substr(0, begin) + std::string(replacement) + text.substr(end);
    TSInputEdit edit;
    edit.start_byte = begin;
    edit.old_end_byte = end;
    edit.new_end_byte = begin + static_cast<uint32_t>(replacement.size());
    edit.start_point = pointAt(text, begin);
    edit.old_end_point = pointAt(text, end);
    edit.new_end_point = pointAt(edited, edit.new_end_byte);
    ts_tree_edit(tree, &edit);
    return edited;
}

struct X3Result {
    bool hasErrors = false;
    std::string first; // first error, for failure messages
};

X3Result parseWithX3(const fs::path& path, std::string text) {
    modak::SourceManager sm;
    modak::FileId id = sm.addBuffer(path.string(), std::move(text));
    modak::Diagnostics diags;
    modak::syntax::File file = modak::syntax::parse(sm, id, diags);
    (void)file;
    X3Result result;
    result.hasErrors = diags.hasErrors();
    for (const auto& d : diags) {
        if (d.severity >= modak::Severity::Error) {
            auto lc = sm.buffer(id).lineColumn(d.range.begin);
            result.first =
                std::to_string(lc.line) + ":" + std::to_string(lc.column) + " " + d.message;
            break;
        }
    }
    return result;
}

} // namespace

TEST_CASE("tree-sitter: the generated modak language loads (ABI 14)", "[treesitter]") {
    const TSLanguage* language = tree_sitter_modak();
    REQUIRE(language != nullptr);
    CHECK(ts_language_version(language) == 14);
    ParserPtr parser(ts_parser_new());
    CHECK(ts_parser_set_language(parser.get(), language));

    // Field and node names the language server and the VS Code extension rely on.
    for (const char* field :
         {"key", "value", "kind", "name", "body", "version", "path", "start", "end"})
        CHECK(ts_language_field_id_for_name(language, field,
                                            static_cast<uint32_t>(std::strlen(field))) != 0);
    for (const char* kind :
         {"source_file", "header",    "import",  "attribute",       "block",
          "block_body",  "list",      "range",   "string",          "text_block",
          "integer",     "float",     "size",    "duration",        "boolean",
          "identifier",  "versioned", "comment", "escape_sequence", "string_content"})
        CHECK(ts_language_symbol_for_name(language, kind, static_cast<uint32_t>(std::strlen(kind)),
                                          true) != 0);
}

TEST_CASE("corpus: the shared syntax corpus is complete", "[treesitter][corpus]") {
    auto valid = corpusFiles("valid");
    auto invalid = corpusFiles("invalid");
    CHECK(valid.size() >= 15);
    CHECK(invalid.size() >= 15);
    // Each invalid file has a golden file of the X3 parser's rendered diagnostics next to it.
    for (const auto& path : invalid) {
        fs::path expected = path;
        expected.replace_extension(".expected");
        INFO(path.filename().string());
        CHECK(fs::exists(expected));
    }
}

TEST_CASE("corpus/valid: tree-sitter parses every file without ERROR or MISSING nodes",
          "[treesitter][corpus]") {
    ParserPtr parser = makeParser();
    for (const auto& path : corpusFiles("valid")) {
        std::string text = readBinary(path);
        TreePtr tree = parseText(parser.get(), text);
        TSNode root = ts_tree_root_node(tree.get());
        INFO(path.filename().string());
        CHECK(std::string_view(ts_node_type(root)) == "source_file");
        CAPTURE(firstErrorLocation(root));
        CHECK_FALSE(ts_node_has_error(root));
    }
}

TEST_CASE("corpus/invalid: tree-sitter finds a syntax error in every file",
          "[treesitter][corpus]") {
    ParserPtr parser = makeParser();
    for (const auto& path : corpusFiles("invalid")) {
        std::string text = readBinary(path);
        TreePtr tree = parseText(parser.get(), text);
        INFO(path.filename().string());
        CHECK(ts_node_has_error(ts_tree_root_node(tree.get())));
    }
}

TEST_CASE("corpus/valid: the X3 parser reports no error for any file", "[x3][corpus][agreement]") {
    for (const auto& path : corpusFiles("valid")) {
        X3Result result = parseWithX3(path, readBinary(path));
        INFO(path.filename().string() << ": " << result.first);
        CHECK_FALSE(result.hasErrors);
    }
}

TEST_CASE("corpus/invalid: the X3 parser reports an error for every file",
          "[x3][corpus][agreement]") {
    for (const auto& path : corpusFiles("invalid")) {
        X3Result result = parseWithX3(path, readBinary(path));
        INFO(path.filename().string());
        CHECK(result.hasErrors);
    }
}

TEST_CASE("corpus: tree-sitter and the X3 parser agree on every file",
          "[treesitter][x3][corpus][agreement]") {
    ParserPtr parser = makeParser();
    for (std::string_view which : {"valid", "invalid"}) {
        for (const auto& path : corpusFiles(which)) {
            std::string text = readBinary(path);
            TreePtr tree = parseText(parser.get(), text);
            TSNode root = ts_tree_root_node(tree.get());
            bool treeSitterError = ts_node_has_error(root);
            X3Result x3 = parseWithX3(path, text);
            INFO(std::string(which)
                 << "/" << path.filename().string() << ": tree-sitter "
                 << (treeSitterError ? "error at " + firstErrorLocation(root) : "ok") << ", X3 "
                 << (x3.hasErrors ? "error at " + x3.first : "ok"));
            CHECK(treeSitterError == x3.hasErrors);
        }
    }
}

TEST_CASE("tree-sitter: incremental edits give the same tree as a fresh parse",
          "[treesitter][incremental]") {
    ParserPtr parser = makeParser();
    std::string text = "modak 1\n"
                       "application mnist {\n"
                       "  kind = ai_training\n"
                       "  batch_size = 128\n"
                       "  dataset { path = \"/d\", size = 52 MiB }\n"
                       "}\n";
    TreePtr tree = parseText(parser.get(), text);
    REQUIRE_FALSE(ts_node_has_error(ts_tree_root_node(tree.get())));

    // Reparses incrementally and from scratch. Error-free results must be identical; after a syntax
    // error, error recovery may legitimately build different trees, so only the verdict is
    // compared.
    auto reparseAndCompare = [&](const std::string& edited) {
        TreePtr incremental = parseText(parser.get(), edited, tree.get());
        TreePtr fresh = parseText(parser.get(), edited);
        TSNode a = ts_tree_root_node(incremental.get()), b = ts_tree_root_node(fresh.get());
        CHECK(consistent(a));
        CHECK(ts_node_has_error(a) == ts_node_has_error(b));
        if (!ts_node_has_error(b)) {
            CHECK(dumpTree(incremental.get()) == dumpTree(fresh.get()));
            CHECK(sexp(a) == sexp(b));
        }
        tree = std::move(incremental);
        return ts_node_has_error(a);
    };

    SECTION("changing a value keeps the structure and reports the changed range") {
        uint32_t at = static_cast<uint32_t>(text.find("128"));
        std::string edited = applyEdit(tree.get(), text, at, at + 3, "256");
        TreePtr old(ts_tree_copy(tree.get()));
        CHECK_FALSE(reparseAndCompare(edited));
        uint32_t count = 0;
        TSRange* ranges = ts_tree_get_changed_ranges(old.get(), tree.get(), &count);
        for (uint32_t i = 0; i < count; ++i) {
            CHECK(ranges[i].start_byte <= at);
            CHECK(ranges[i].end_byte >= at);
        }
        std::free(ranges);
        TSNode value =
            ts_node_named_descendant_for_byte_range(ts_tree_root_node(tree.get()), at, at + 3);
        CHECK(std::string_view(ts_node_type(value)) == "integer");
        CHECK(edited.substr(ts_node_start_byte(value),
                            ts_node_end_byte(value) - ts_node_start_byte(value)) == "256");
    }

    SECTION("an integer becomes a size, then a duration, then a range") {
        uint32_t at = static_cast<uint32_t>(text.find("128"));
        std::string edited = applyEdit(tree.get(), text, at + 3, at + 3, " GiB");
        CHECK_FALSE(reparseAndCompare(edited));
        CHECK(sexp(ts_tree_root_node(tree.get())).find("(size)") != std::string::npos);
        edited = applyEdit(tree.get(), edited, at, at + 7, "1h30m");
        CHECK_FALSE(reparseAndCompare(edited));
        CHECK(sexp(ts_tree_root_node(tree.get())).find("(duration)") != std::string::npos);
        edited = applyEdit(tree.get(), edited, at, at + 5, "1..8");
        CHECK_FALSE(reparseAndCompare(edited));
        CHECK(sexp(ts_tree_root_node(tree.get())).find("(range") != std::string::npos);
    }

    SECTION("deleting and restoring a closing brace toggles the error") {
        uint32_t at = static_cast<uint32_t>(text.rfind('}'));
        std::string broken = applyEdit(tree.get(), text, at, at + 1, "");
        CHECK(reparseAndCompare(broken));
        std::string fixed = applyEdit(tree.get(), broken, at, at, "}");
        CHECK(fixed == text);
        CHECK_FALSE(reparseAndCompare(fixed));
    }

    SECTION("inserting a statement and a multi-line text block") {
        uint32_t at = static_cast<uint32_t>(text.find("  batch_size"));
        std::string edited =
            applyEdit(tree.get(), text, at, at, "  run = \"\"\"line 1\nline 2\"\"\"\n");
        CHECK_FALSE(reparseAndCompare(edited));
        // Opening a string that is not closed swallows nothing across lines: an error on that line
        // only.
        uint32_t quote = static_cast<uint32_t>(edited.find("\"/d\""));
        edited = applyEdit(tree.get(), edited, quote + 3, quote + 4, "");
        CHECK(reparseAndCompare(edited));
        edited = applyEdit(tree.get(), edited, quote + 3, quote + 3, "\"");
        CHECK_FALSE(reparseAndCompare(edited));
    }

    SECTION("opening a block comment comments out the rest until it is closed") {
        uint32_t at = static_cast<uint32_t>(text.find("  kind"));
        std::string edited = applyEdit(tree.get(), text, at, at, "/* ");
        CHECK(reparseAndCompare(edited)); // unterminated block comment
        uint32_t end = static_cast<uint32_t>(edited.find('\n', at));
        edited = applyEdit(tree.get(), edited, end, end, " */");
        CHECK_FALSE(reparseAndCompare(edited));
    }
}

TEST_CASE("tree-sitter: random single-byte edits of the corpus reparse consistently",
          "[treesitter][incremental]") {
    ParserPtr parser = makeParser();
    // Deterministic pseudo-random positions (a fixed LCG), so failures are reproducible.
    uint64_t state = 0x2545F4914F6CDD1DULL;
    auto next = [&state](uint32_t bound) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<uint32_t>((state >> 33) % bound);
    };
    const std::string_view replacements[] = {"",  "x", " ", "\n", "{",  "}", "\"",
                                             "[", ",", "=", "1",  "/*", "."};
    for (const auto& path : corpusFiles("valid")) {
        std::string text = readBinary(path);
        if (text.empty())
            continue;
        TreePtr tree = parseText(parser.get(), text);
        INFO(path.filename().string());
        for (int round = 0; round < 8; ++round) {
            uint32_t begin = next(static_cast<uint32_t>(text.size()));
            // Keep multi-byte UTF-8 sequences whole so the edited text stays valid UTF-8.
            while (begin > 0 && (static_cast<unsigned char>(text[begin]) & 0xC0) == 0x80)
                --begin;
            uint32_t end = begin + 1;
            while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
                ++end;
            std::string_view replacement = replacements[next(std::size(replacements))];
            std::string edited = applyEdit(tree.get(), text, begin, end, replacement);
            INFO("round " << round << ": bytes [" << begin << ", " << end << ") -> '" << replacement
                          << "'");
            TreePtr incremental = parseText(parser.get(), edited, tree.get());
            TreePtr fresh = parseText(parser.get(), edited);
            TSNode a = ts_tree_root_node(incremental.get()), b = ts_tree_root_node(fresh.get());
            CHECK(consistent(a));
            CHECK(ts_node_has_error(a) == ts_node_has_error(b));
            if (!ts_node_has_error(b)) // error recovery may differ; error-free trees may not
                CHECK(dumpTree(incremental.get()) == dumpTree(fresh.get()));
            // Undo the edit: the tree must come back to the original, error-free one.
            std::string restored = applyEdit(incremental.get(), edited, begin,
                                             begin + static_cast<uint32_t>(replacement.size()),
                                             std::string_view(text).substr(begin, end - begin));
            REQUIRE(restored == text);
            tree = parseText(parser.get(), restored, incremental.get());
            TreePtr original = parseText(parser.get(), text);
            CHECK(dumpTree(tree.get()) == dumpTree(original.get()));
            CHECK_FALSE(ts_node_has_error(ts_tree_root_node(tree.get())));
        }
    }
}
