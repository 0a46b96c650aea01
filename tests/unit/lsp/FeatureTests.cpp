// SPDX-License-Identifier: Apache-2.0
// The language features in-process, on the real example files with the real parser: completion and
// hover at every key, value and block of every example, and the semantic token types. Each check
// names the file and the place, so a failure says where.
#include "LspTest.h"
#include "modak/lsp/Features.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <set>

using namespace modak;
namespace fs = std::filesystem;

namespace {

using Statement = syntax::Statement;

std::vector<fs::path> exampleFiles() {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(fs::path(MODAK_SOURCE_DIR) / "examples"))
        if (entry.path().extension() == ".modak")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

/// The example analysed at its real path, so its imports (`targets/…`) are read from disk.
std::shared_ptr<const lsp::Analysis> analyseExample(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return lsp::Analysis::build(path, std::move(text));
}

/// Every statement of the document with the keys of the blocks enclosing it (outermost first).
void forEachStatement(
    const lsp::Analysis& a,
    const std::function<void(const Statement&, const std::vector<std::string_view>&)>& visit) {
    std::vector<std::string_view> path;
    std::function<void(syntax::NodeList<Statement>)> walk = [&](syntax::NodeList<Statement> body) {
        for (const auto& s : body) {
            visit(s, path);
            if (s.kind() == Statement::Kind::Block) {
                path.push_back(s.key().name);
                walk(s.body());
                path.pop_back();
            }
        }
    };
    walk(a.tree().statements);
}

/// Every `key = word` of the examples (enumeration values and references), outside `env`.
void forEachWordValue(const std::function<void(const lsp::Analysis&, const Statement&)>& visit) {
    for (const auto& file : exampleFiles()) {
        auto a = analyseExample(file);
        forEachStatement(*a, [&](const Statement& s, const std::vector<std::string_view>& path) {
            if (s.kind() == Statement::Kind::Attribute &&
                s.value().kind == syntax::Value::Kind::Identifier &&
                std::find(path.begin(), path.end(), "env") == path.end())
                visit(*a, s);
        });
    }
}

/// `env { NAME = value }` holds the user's variables: no schema documents or completes them.
bool insideEnv(const std::vector<std::string_view>& path) {
    return std::find(path.begin(), path.end(), "env") != path.end();
}

/// `application = NAME` and `target = NAME` of a deployment refer to blocks.
bool isReference(const Statement& s, const std::vector<std::string_view>& path) {
    return path.size() == 1 && path[0] == "deployment" && s.kind() == Statement::Kind::Attribute &&
           (s.key().name == "application" || s.key().name == "target");
}

std::string where(const lsp::Analysis& a, uint32_t offset) {
    std::string_view text = a.text();
    auto line = 1 + std::count(text.begin(), text.begin() + offset, '\n');
    return fmt::format("{}:{} (offset {})", a.path().filename().string(), line, offset);
}

const lsp::CompletionItem* findLabel(const std::vector<lsp::CompletionItem>& items,
                                     std::string_view label) {
    for (const auto& item : items)
        if (item.label == label)
            return &item;
    return nullptr;
}

} // namespace

TEST_CASE("the examples analyse without errors", "[lsp][features]") {
    auto files = exampleFiles();
    REQUIRE(files.size() >= 5);
    for (const auto& file : files) {
        INFO(file.filename().string());
        auto a = analyseExample(file);
        CHECK_FALSE(a->diagnostics().hasErrors());
        CHECK_FALSE(a->tree().statements.empty());
    }
}

TEST_CASE("hover on every key of the examples documents that key", "[lsp][features][hover]") {
    size_t hovered = 0;
    for (const auto& file : exampleFiles()) {
        auto a = analyseExample(file);
        forEachStatement(*a, [&](const Statement& s, const std::vector<std::string_view>& path) {
            if (insideEnv(path))
                return;
            syntax::Identifier key = s.key();
            for (uint32_t at : {key.range.begin, (key.range.begin + key.range.end) / 2}) {
                INFO(where(*a, at) << " key " << key.name);
                auto h = lsp::hover(*a, at);
                REQUIRE(h.has_value());
                // Keys: "**name** `type`"; a top-level block's keyword describes the block instead.
                CHECK(h->markdown.find(std::string(key.name)) != std::string::npos);
                CHECK(h->range.begin <= at);
                CHECK(h->range.end >= at);
                ++hovered;
            }
        });
    }
    CHECK(hovered > 200);
}

TEST_CASE("hover on a reference names the block it refers to and where", "[lsp][features][hover]") {
    size_t references = 0;
    for (const auto& file : exampleFiles()) {
        auto a = analyseExample(file);
        forEachStatement(*a, [&](const Statement& s, const std::vector<std::string_view>& path) {
            if (!isReference(s, path))
                return;
            const syntax::Value& v = s.value();
            INFO(where(*a, v.range.begin) << " " << s.key().name << " = " << v.text());
            auto h = lsp::hover(*a, v.range.begin + 1);
            REQUIRE(h.has_value());
            CHECK(h->markdown.find(std::string(v.text())) != std::string::npos);
            CHECK(h->range == v.range);
            // Go to definition agrees with the hover: one place, holding that name.
            auto targets = lsp::definition(*a, v.range.begin + 1);
            REQUIRE(targets.size() == 1);
            CHECK(a->sources()
                      .text(targets[0].file)
                      .substr(targets[0].begin, targets[0].end - targets[0].begin) == v.text());
            ++references;
        });
    }
    CHECK(references >= 10);
}

TEST_CASE("hover on a deployment's name shows the model's choice", "[lsp][features][hover]") {
    size_t deployments = 0;
    for (const auto& file : exampleFiles()) {
        auto a = analyseExample(file);
        for (const auto& s : a->tree().statements) {
            if (s.key().name != "deployment" || !s.name())
                continue;
            INFO(where(*a, s.name()->range.begin) << " deployment " << s.name()->name);
            auto h = lsp::hover(*a, s.name()->range.begin);
            REQUIRE(h.has_value());
            CHECK(h->markdown.find(fmt::format("**deployment {}**", s.name()->name)) !=
                  std::string::npos);
            ++deployments;
        }
    }
    CHECK(deployments >= 7);
}

TEST_CASE("hover between statements and past the end finds nothing", "[lsp][features][hover]") {
    auto a = analyseExample(fs::path(MODAK_SOURCE_DIR) / "examples" / "mpi_solver.modak");
    auto size = static_cast<uint32_t>(a->text().size());
    CHECK_FALSE(lsp::hover(*a, size).has_value());
    for (const auto& s : a->tree().statements) {
        uint32_t before = s.range().begin;
        if (before >= 2 && a->text()[before - 1] == '\n' && a->text()[before - 2] == '\n')
            CHECK_FALSE(lsp::hover(*a, before - 1).has_value()); // on an empty line
    }
}

TEST_CASE("completion at every enumerated or referring value offers that value",
          "[lsp][features][completion]") {
    size_t completed = 0;
    forEachWordValue([&](const lsp::Analysis& a, const Statement& s) {
        // At the end of the word, as while typing it: the word is among the items, and its item
        // replaces the word typed so far.
        const syntax::Value& v = s.value();
        INFO(where(a, v.range.end) << " " << s.key().name << " = " << v.text());
        auto items = lsp::complete(a, v.range.end, {});
        const lsp::CompletionItem* item = findLabel(items, v.text());
        REQUIRE(item != nullptr);
        CHECK(item->kind != lsp::CompletionItem::Kind::Property);
        CHECK(item->replace.begin == v.range.begin);
        CHECK(item->replace.end == v.range.end);
        CHECK(item->insertText == v.text());
        ++completed;
    });
    CHECK(completed > 50);
}

TEST_CASE("completion after `key = ` offers only values, never keys",
          "[lsp][features][completion]") {
    size_t completed = 0;
    forEachWordValue([&](const lsp::Analysis& a, const Statement& s) {
        uint32_t at = s.value().range.begin; // right after `= `: nothing of the value typed yet
        INFO(where(a, at) << " " << s.key().name << " = ‸" << s.value().text());
        auto items = lsp::complete(a, at, {});
        CHECK_FALSE(items.empty());
        for (const auto& item : items) {
            CHECK(item.kind != lsp::CompletionItem::Kind::Property);
            CHECK(item.kind != lsp::CompletionItem::Kind::Block);
        }
        ++completed;
    });
    CHECK(completed > 50);
}

TEST_CASE("completion on a new line of a block offers the keys it does not have yet",
          "[lsp][features][completion]") {
    size_t blocks = 0, offering = 0;
    for (const auto& file : exampleFiles()) {
        auto original = analyseExample(file);
        // The top-level blocks written over several lines: a new line is typed before each `}`.
        for (const auto& s : original->tree().statements) {
            SourceRange close = s.closeBrace();
            if (s.kind() != Statement::Kind::Block || s.singleLine() || close.end == close.begin)
                continue;
            std::string text(original->text());
            text.insert(close.begin, "  \n");
            uint32_t at = close.begin + 2;
            auto a = lsp::Analysis::build(file, text);
            std::set<std::string, std::less<>> given;
            for (const auto& child : s.body())
                given.insert(std::string(child.key().name));
            INFO(where(*a, at) << " in " << s.key().name << " "
                               << (s.name() ? s.name()->name : ""));
            auto items = lsp::complete(*a, at, {});
            size_t keys = 0;
            for (const auto& item : items) {
                if (item.kind != lsp::CompletionItem::Kind::Property)
                    continue;
                ++keys;
                INFO("offered " << item.label);
                CHECK_FALSE(given.count(item.label));
                CHECK(item.insertText.starts_with(item.label));
            }
            offering += keys > 0; // none when the block already has every key it may have
            ++blocks;
        }
    }
    CHECK(blocks >= 15);
    CHECK(offering >= blocks - 3);
}

TEST_CASE("completion with snippets offers block and top-level snippets",
          "[lsp][features][completion]") {
    auto m = test::mark("modak 1\n\u2038\n");
    auto a = test::analyse(m.text);
    lsp::CompletionOptions snippets;
    snippets.snippets = true;
    auto items = lsp::complete(*a, m.points[0], snippets);
    for (std::string_view kind : {"application", "target", "deployment"}) {
        INFO(kind);
        const lsp::CompletionItem* item = findLabel(items, kind);
        REQUIRE(item != nullptr);
        CHECK(item->snippet);
        CHECK(item->insertText.find('$') != std::string::npos);
    }
    auto plain = lsp::complete(*a, m.points[0], {});
    for (const auto& item : plain)
        CHECK_FALSE(item.snippet);
}

namespace {

/// What a completion list offers, in one string to compare.
std::string offered(const std::vector<lsp::CompletionItem>& items) {
    std::string out;
    for (const auto& i : items)
        out += fmt::format("{}|{}|{}-{}|{}\n", i.label, i.insertText, i.replace.begin,
                           i.replace.end, static_cast<int>(i.kind));
    return out;
}

} // namespace

TEST_CASE("completion from the scan checkpoints offers what a scan from the top offers, through "
          "edits that open and close blocks, strings and comments",
          "[lsp][features][completion]") {
    // Checkpoints kept across edits (as the server keeps them per document) must give, at every
    // offset, the same context as scanning the whole text before the cursor.
    const std::vector<std::string_view> inserts = {"{",
                                                   "}",
                                                   "\n",
                                                   "\"",
                                                   "// c\n",
                                                   "x = 1\n",
                                                   "",
                                                   "[",
                                                   "]",
                                                   "/*",
                                                   "*/",
                                                   "\"\"\"",
                                                   "target t {\n",
                                                   "  nodes = 2\n",
                                                   "=",
                                                   ",",
                                                   "application a { kind = hpc }\n"};
    uint64_t seed = 20;
    auto random = [&](uint64_t n) { // a fixed sequence: a failure is reproducible
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<size_t>((seed >> 33) % n);
    };
    size_t compared = 0;
    for (const auto& file : exampleFiles()) {
        std::string text = analyseExample(file)->text().data();
        lsp::ScanCheckpoints checkpoints;
        for (int round = 0; round < 12; ++round) {
            auto a = test::analyse(text);
            lsp::CompletionOptions fast;
            fast.checkpoints = &checkpoints;
            for (int k = 0; k < 25; ++k) {
                auto at = static_cast<uint32_t>(random(text.size() + 1));
                INFO(file.filename().string() << " round " << round << " at " << at);
                CHECK(offered(lsp::complete(*a, at, fast)) == offered(lsp::complete(*a, at, {})));
                ++compared;
            }
            // Two edits before the next comparison: the checkpoints merge what they changed.
            for (int e = 0; e < 2; ++e) {
                auto begin = static_cast<uint32_t>(random(text.size() + 1));
                auto end = static_cast<uint32_t>(std::min(text.size(), begin + random(6)));
                std::string_view insert = inserts[random(inserts.size())];
                text.replace(begin, end - begin, insert);
                checkpoints.edited(begin, end, begin + static_cast<uint32_t>(insert.size()));
            }
        }
    }
    CHECK(compared >= 1000);
}

TEST_CASE("semantic tokens of the examples have the types of what they colour",
          "[lsp][features][tokens]") {
    using Type = lsp::SemanticToken::Type;
    for (const auto& file : exampleFiles()) {
        auto a = analyseExample(file);
        auto tokens = lsp::semanticTokens(*a);
        REQUIRE_FALSE(tokens.empty());
        std::string_view text = a->text();
        auto tokenAt = [&](uint32_t offset) -> const lsp::SemanticToken* {
            auto it = std::find_if(tokens.begin(), tokens.end(),
                                   [&](const auto& t) { return t.begin == offset; });
            return it == tokens.end() ? nullptr : &*it;
        };
        // In order, not overlapping, each on one line and not empty.
        for (size_t i = 0; i < tokens.size(); ++i) {
            INFO(where(*a, tokens[i].begin));
            CHECK(tokens[i].begin < tokens[i].end);
            CHECK(text.substr(tokens[i].begin, tokens[i].end - tokens[i].begin).find('\n') ==
                  std::string_view::npos);
            if (i > 0)
                CHECK(tokens[i - 1].end <= tokens[i].begin);
        }
        forEachStatement(*a, [&](const Statement& s, const std::vector<std::string_view>& path) {
            INFO(where(*a, s.key().range.begin) << " " << s.key().name);
            const lsp::SemanticToken* key = tokenAt(s.key().range.begin);
            REQUIRE(key != nullptr);
            CHECK(key->end == s.key().range.end);
            if (s.kind() == Statement::Kind::Block) {
                CHECK(key->type == (path.empty() ? Type::Keyword : Type::Type));
                if (path.empty() && s.name()) { // a top-level block's name is declared here
                    const lsp::SemanticToken* name = tokenAt(s.name()->range.begin);
                    REQUIRE(name != nullptr);
                    CHECK(name->type == Type::Variable);
                    CHECK((name->modifiers & lsp::SemanticToken::Declaration) != 0);
                }
                return;
            }
            CHECK(key->type == Type::Property);
            const syntax::Value& v = s.value();
            const lsp::SemanticToken* value = tokenAt(v.range.begin);
            switch (v.kind) {
            case syntax::Value::Kind::String:
                REQUIRE(value != nullptr);
                CHECK(value->type == Type::String);
                break;
            case syntax::Value::Kind::Integer:
            case syntax::Value::Kind::Float:
            case syntax::Value::Kind::Size:
            case syntax::Value::Kind::Duration:
                REQUIRE(value != nullptr);
                CHECK(value->type == Type::Number);
                break;
            case syntax::Value::Kind::Identifier:
                REQUIRE(value != nullptr);
                if (!isReference(s, path))
                    break;
                CHECK(value->type == Type::Variable); // a reference to a named block
                CHECK((value->modifiers & lsp::SemanticToken::Declaration) == 0);
                break;
            default:
                break;
            }
        });
        for (const auto& c : a->tree().comments) {
            const lsp::SemanticToken* comment = tokenAt(c.range.begin);
            REQUIRE(comment != nullptr);
            CHECK(comment->type == Type::Comment);
        }
    }
}

TEST_CASE("catalogue names are coloured as the language's own", "[lsp][features][tokens]") {
    auto m = test::mark(
        "modak 1\ntarget t { scheduler = \u2038slurm, gpu { model = \u2038a100_sxm4_40gb } }\n");
    auto a = test::analyse(m.text);
    auto tokens = lsp::semanticTokens(*a);
    for (uint32_t at : m.points) {
        auto it = std::find_if(tokens.begin(), tokens.end(),
                               [&](const auto& t) { return t.begin == at; });
        REQUIRE(it != tokens.end());
        CHECK(it->type == lsp::SemanticToken::Type::EnumMember);
        CHECK((it->modifiers & lsp::SemanticToken::DefaultLibrary) != 0);
    }
}

TEST_CASE("the semantic token legend names every type once, in the enum's order",
          "[lsp][features][tokens]") {
    std::set<std::string_view> names;
    for (size_t i = 0; i < lsp::SemanticToken::kTypeCount; ++i)
        names.insert(lsp::semanticTokenTypeName(static_cast<lsp::SemanticToken::Type>(i)));
    CHECK(names.size() == lsp::SemanticToken::kTypeCount);
    CHECK(lsp::semanticTokenTypeName(lsp::SemanticToken::Type::Keyword) == "keyword");
    CHECK(lsp::semanticTokenTypeName(lsp::SemanticToken::Type::Namespace) == "namespace");
    CHECK(lsp::semanticTokenModifierName(0) == "declaration");
    CHECK(lsp::semanticTokenModifierName(2) == "defaultLibrary");
    CHECK(lsp::SemanticToken::DefaultLibrary == 1u << 2);
}

TEST_CASE("token deltas replace only the middle that changed", "[lsp][features][tokens]") {
    std::vector<uint32_t> before = {1, 2, 3, 4, 5, 6}, after = {1, 2, 9, 9, 9, 5, 6};
    auto edit = lsp::diffTokenData(before, after);
    REQUIRE(edit.has_value());
    CHECK(edit->start == 2);
    CHECK(edit->deleteCount == 2);
    CHECK(edit->data == std::vector<uint32_t>{9, 9, 9});
    CHECK_FALSE(lsp::diffTokenData(before, before).has_value());
    auto cleared = lsp::diffTokenData(before, {});
    REQUIRE(cleared.has_value());
    CHECK(cleared->start == 0);
    CHECK(cleared->deleteCount == 6);
    CHECK(cleared->data.empty());
    // A repeated run is counted once: prefix and suffix never overlap.
    std::vector<uint32_t> repeated = {7, 7, 7}, longer = {7, 7, 7, 7};
    auto grown = lsp::diffTokenData(repeated, longer);
    REQUIRE(grown.has_value());
    CHECK(grown->start + grown->deleteCount <= repeated.size());
    CHECK(grown->deleteCount == 0);
    CHECK(grown->data == std::vector<uint32_t>{7});
    // The numbers are compared as bytes: ones alike in all but one byte are different numbers,
    // wherever in a long run (past the comparison's 512-byte chunks) they lie.
    std::mt19937 rng(5);
    for (int round = 0; round < 200; ++round) {
        std::vector<uint32_t> a(std::uniform_int_distribution<size_t>(0, 700)(rng));
        for (uint32_t& n : a)
            n = std::uniform_int_distribution<uint32_t>(0, 3)(rng) * 0x01010101u;
        std::vector<uint32_t> b = a;
        const size_t at = std::uniform_int_distribution<size_t>(0, a.size())(rng);
        if (round % 3 == 0 && at < b.size())
            b[at] ^= 1u << (8 * (round % 4)); // one byte of one number
        else
            b.insert(b.begin() + static_cast<std::ptrdiff_t>(at),
                     std::uniform_int_distribution<size_t>(0, 3)(rng), 0x01010101u);
        size_t prefix = 0, suffix = 0;
        while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
            ++prefix;
        while (suffix < std::min(a.size(), b.size()) - prefix &&
               a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
            ++suffix;
        auto d = lsp::diffTokenData(a, b);
        INFO(round);
        if (a == b) {
            CHECK_FALSE(d.has_value());
            continue;
        }
        REQUIRE(d.has_value());
        CHECK(d->start == prefix);
        CHECK(d->deleteCount == a.size() - prefix - suffix);
        CHECK(d->data.size() == b.size() - prefix - suffix);
    }
}

TEST_CASE("the analysis applies the CLI's diagnostic policy", "[lsp][features][diagnostics]") {
    // Two problems written in reverse order of place: the policy sorts them as `modak check` does.
    std::string text =
        "modak 1\napplication app { kind = hpcc, run = \"x\" }\ntarget t { schedulr = slurm }\n";
    auto a = test::analyse(text);
    REQUIRE(a->diagnostics().size() >= 2);
    for (size_t i = 1; i < a->diagnostics().size(); ++i)
        CHECK(a->diagnostics()[i - 1].range.begin <= a->diagnostics()[i].range.begin);
    // A file without its `modak 1` header is a warning, and an error under --werror.
    std::string headerless = "application app { kind = hpc, run = \"x\" }\n";
    auto lenient = test::analyse(headerless);
    REQUIRE(lenient->diagnostics().size() == 1);
    CHECK(lenient->diagnostics()[0].severity == Severity::Warning);
    CHECK_FALSE(lenient->diagnostics().hasErrors());
    DiagnosticPolicy werror;
    werror.warningsAsErrors = true;
    auto strict =
        lsp::Analysis::build("/virtual/test.modak", headerless, nullptr, nullptr, {}, werror);
    REQUIRE(strict->diagnostics().size() == 1);
    CHECK(strict->diagnostics()[0].severity == Severity::Error);
    CHECK(strict->plan().deployments.empty());
    for (const auto& d : a->diagnostics())
        CHECK(d.severity != Severity::Ignored);
}

TEST_CASE("a workload's mean_sequence is offered, hovered and documented",
          "[lsp][features][hover][packing]") {
    auto m = test::mark("modak 1\nworkload w {\n  layers = 24\n  hidden = 1024\n  heads = 16\n"
                        "  sequence = 512\n  \u2038mean_sequence = 254.4\n}\n");
    auto a = test::analyse(m.text);
    CHECK_FALSE(a->diagnostics().hasErrors());
    auto h = lsp::hover(*a, m.points[0] + 2);
    REQUIRE(h.has_value());
    CHECK(h->markdown.find("mean_sequence") != std::string::npos);
    CHECK(h->markdown.find("packed") != std::string::npos);
    auto empty = test::mark("modak 1\nworkload w {\n  layers = 24\n  \u2038\n}\n");
    auto b = test::analyse(empty.text);
    CHECK(findLabel(lsp::complete(*b, empty.points[0], {}), "mean_sequence") != nullptr);
}
