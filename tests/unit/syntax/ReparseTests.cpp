// SPDX-License-Identifier: Apache-2.0
// syntax::reparse gives what parse gives: the same nodes with the same offsets and texts, the same
// comments, imports and marks, the same diagnostics in the same order, for chains of random edits
// of every corpus and example file and of a large generated one.
#include "ParseDump.h"
#include "Test.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <random>

using namespace modak;

namespace {

/// One version of a file: its own sources (dropped with it), tree and parse diagnostics.
struct Version {
    std::unique_ptr<SourceManager> sm = std::make_unique<SourceManager>();
    FileId file;
    syntax::File tree;
    Diagnostics diags;
};

Version parseVersion(const std::string& text) {
    Version v;
    v.file = v.sm->addBuffer("edited.modak", text);
    syntax::ParseOptions options;
    options.marks = true;
    v.tree = syntax::parse(*v.sm, v.file, v.diags, options);
    return v;
}

/// Reparses `text` from `old`, then drops `old` (its text and tree) and overwrites what it held, so
/// that a node still viewing the old text reads garbage (and ASan reports it).
Version reparseVersion(Version& old, const std::string& text, bool& resumed) {
    Version v;
    v.file = v.sm->addBuffer("edited.modak", text);
    syntax::PreviousParse previous{old.tree, old.sm->text(old.file), old.diags.items()};
    v.tree = syntax::reparse(*v.sm, v.file, previous, v.diags, {}, &resumed);
    old = Version{};
    return v;
}

const std::vector<std::string> kSnippets = {"}",
                                            "{",
                                            "\"",
                                            "\n",
                                            " ",
                                            ",",
                                            "=",
                                            "//",
                                            "/*",
                                            "*/",
                                            "\"\"\"",
                                            "x = 1\n",
                                            "1..8",
                                            "[a, b",
                                            "application y {\n",
                                            "  kind = hpc\n",
                                            "import \"a.modak\"\n",
                                            "12 GiB",
                                            "9h",
                                            "\xC3\xA9",
                                            "pytorch \"2.1\"",
                                            "\\q",
                                            "..",
                                            "  nodes = 2\n}\n",
                                            "deployment d {\n"};

std::string edit(const std::string& text, std::mt19937& rng) {
    return test::randomEdit(text, rng, kSnippets, 12, /*wholeCharacters=*/false);
}

std::string largeFile(int groups = 40) {
    std::string out = "modak 1\n// generated\n";
    for (int i = 0; i < groups; ++i)
        out += fmt::format(R"(workload wl_{0} {{ kind = transformer, layers = 12, hidden = 1024 }}
application app_{0} {{
  kind = ai_training
  framework = pytorch "2.1"
  workload = wl_{0}  // a comment
  dataset {{ path = "/scratch/d\t{0}", size = 40 GiB, samples = 1_000_000 }}
  run = """python3 train.py"""
}}
target t_{0} {{ scheduler = slurm, nodes = 16, gpu {{ model = a100_sxm4_40gb, count = 4 }} }}
/* block
   comment */
deployment d_{0} {{
  application = app_{0}
  target = t_{0}
  scale {{ nodes = 1..8, min_efficiency = 0.8 }}
  job {{ walltime = 12h, tags = [a, "b", 3] }}
}}
)",
                           i);
    return out;
}

} // namespace

TEST_CASE("reparse gives what parse gives, through chains of random edits") {
    std::vector<std::pair<std::string, std::string>> inputs = test::corpusFiles();
    inputs.emplace_back("generated", largeFile());
    std::sort(inputs.begin(), inputs.end());
    std::mt19937 rng(20261129);
    size_t resumedCount = 0, edits = 0;
    for (const auto& [name, original] : inputs) {
        std::string text = original;
        Version current = parseVersion(text);
        const int steps = name == "generated" ? 300 : 12;
        for (int step = 0; step < steps; ++step) {
            text = edit(text, rng);
            bool resumed = false;
            Version incremental = reparseVersion(current, text, resumed);
            Version whole = parseVersion(text);
            INFO(name << " after edit " << step << ":\n" << text);
            REQUIRE(test::dumpParse(incremental.tree, incremental.diags) ==
                    test::dumpParse(whole.tree, whole.diags));
            if (name == "generated") {
                resumedCount += resumed;
                ++edits;
            }
            current = std::move(incremental);
        }
    }
    // The small files' edits mostly fall among their first statements, where the whole file is
    // parsed; the large file's resume, also with dozens of syntax errors about (until its random
    // edits reach the error limit).
    INFO(resumedCount << " of the large file's " << edits << " edits resumed");
    CHECK(resumedCount * 4 > edits * 3);
}

TEST_CASE("reparse moves the statements around an edit and parses only near it") {
    std::string text = largeFile();
    Version current = parseVersion(text);
    size_t at = text.find("nodes = 1..8", text.size() / 2);
    REQUIRE(at != std::string::npos);
    std::string edited = text.substr(0, at) + "nodes = 1..4" + text.substr(at + 12);
    bool resumed = false;
    Version next = reparseVersion(current, edited, resumed);
    CHECK(resumed);
    CHECK(next.diags.empty());
    CHECK(test::dumpParse(next.tree, next.diags) == test::dumpParse(parseVersion(edited).tree, {}));
    // An edit that breaks the rest of the file (an open string) still gives the full parse's tree.
    std::string broken = edited.substr(0, at) + "\"" + edited.substr(at);
    Version after = reparseVersion(next, broken, resumed);
    Version whole = parseVersion(broken);
    CHECK(test::dumpParse(after.tree, after.diags) == test::dumpParse(whole.tree, whole.diags));
    CHECK_FALSE(after.diags.empty());
}

TEST_CASE("reparse finds the encoding errors an edit makes, and only those") {
    // A reparse checks the encoding of the edit's characters only: each of these edits cuts or
    // completes a two- or three-byte character at the edit's either end, or at the file's end.
    const std::string base = largeFile(8) + "// caf\xC3\xA9 \xE2\x80\x94 done\n";
    const size_t e = base.find("\xC3\xA9"), dash = base.find("\xE2\x80\x94");
    REQUIRE(e != std::string::npos);
    const std::vector<std::string> edits{
        base.substr(0, e) + base.substr(e + 1),                        // the lead byte deleted
        base.substr(0, e + 1) + base.substr(e + 2),                    // the continuation deleted
        base.substr(0, e + 1) + "x" + base.substr(e + 1),              // a byte inside it
        base.substr(0, dash + 2) + base.substr(dash + 3),              // the last of three deleted
        base.substr(0, dash) + "\xE2" + base.substr(dash),             // a second lead before it
        base.substr(0, base.size() - 1) + "\xC3",                      // a lead at the end
        base + "\xA9",                                                 // a continuation at the end
        base.substr(0, e) + "\xC3\xA9\xC3" + base.substr(e + 2),       // one whole, one cut short
        base.substr(0, e) + std::string("\0", 1) + base.substr(e + 2), // a NUL in its place
        base.substr(0, e) + "\xC3\xA8" + base.substr(e + 2),           // another whole character
    };
    REQUIRE(parseVersion(base).diags.empty());
    size_t resumedCount = 0;
    for (size_t i = 0; i < edits.size(); ++i) {
        INFO("edit " << i);
        Version current = parseVersion(base); // reparseVersion drops it
        bool resumed = false;
        Version incremental = reparseVersion(current, edits[i], resumed);
        Version whole = parseVersion(edits[i]);
        CHECK(test::dumpParse(incremental.tree, incremental.diags) ==
              test::dumpParse(whole.tree, whole.diags));
        CHECK(whole.diags.empty() == (i + 1 == edits.size()));
        resumedCount += resumed;
    }
    CHECK(resumedCount == 1); // an encoding error makes reparse parse the whole text
}

namespace {

/// `text` parsed in two threads and in one: the tree, comments, imports, marks and diagnostics.
void requireSameInParts(const std::string& text, bool marks, size_t& taken) {
    SourceManager sm;
    FileId file = sm.addBuffer("parts.modak", text);
    syntax::ParseOptions one, two;
    one.marks = two.marks = marks;
    two.threads = 2;
    Diagnostics alone, together;
    bool inParts = false;
    syntax::File whole = syntax::parse(sm, file, alone, one);
    syntax::File parts = syntax::parse(sm, file, together, two, &inParts);
    REQUIRE(test::dumpParse(parts, together) == test::dumpParse(whole, alone));
    taken += inParts;
}

} // namespace

TEST_CASE("parsing in two threads gives what one thread gives") {
    // Large enough to be parsed in parts: the second thread starts at a line near the middle.
    const std::string large = largeFile(250);
    REQUIRE(large.size() > 128 * 1024);
    size_t taken = 0, parses = 0;
    requireSameInParts(large, true, taken);
    requireSameInParts(large, false, taken);
    parses += 2;
    CHECK(taken == 2);

    // Every corpus and example file put where the second thread starts (its text as the middle
    // line, inside a text block, a block comment, an open block, a string), then chains of random
    // edits of the large file: the part is taken where the first thread starts a statement where
    // it started one, and the result is the one thread's whatever happens to the text.
    std::vector<std::string> middles;
    for (auto& [name, text] : test::corpusFiles())
        middles.push_back(std::move(text));
    std::sort(middles.begin(), middles.end());
    for (const char* opener : {"", "x = \"\"\"\n", "/*\n", "extra {\n", "s = \"", "}\n"})
        middles.emplace_back(opener);
    // Lines that start like statements inside what is not one: the second thread begins in them,
    // the first joins it at the next statement both begin (the second's diagnostics and comments
    // before it are not taken).
    std::string lines;
    for (int i = 0; i < 20; ++i)
        lines += fmt::format("key_{0} = {0}\nblock_{0} {{\n", i);
    for (const std::string& around :
         {"/*\n" + lines + "*/\n", "x = \"\"\"\n" + lines + "\"\"\"\n", "w {\n" + lines + "}\n",
          "w {\n" + lines + std::string(20, '}') + "}\n", "bad $\n" + lines + "\"\n"})
        middles.push_back(around);
    for (size_t i = 0; i < middles.size(); ++i) {
        // Cut where the second thread's search (from the middle of the whole) lands inside it.
        const size_t total = large.size() + middles[i].size();
        const size_t middle =
            large.rfind('\n', total / 2 - std::min(total / 2, middles[i].size() / 2)) + 1;
        std::string text = large.substr(0, middle) + middles[i] + large.substr(middle);
        INFO("middle " << i << ":\n" << middles[i]);
        requireSameInParts(text, i % 2 == 0, taken);
        ++parses;
    }
    // Some middles leave a block, string or comment open, or are a syntax error there.
    INFO(taken << " of " << parses << " parsed in parts");
    CHECK(taken * 4 > parses * 3);
    // Two random edits anywhere: most texts still meet at a statement both threads begin, all
    // but those where an edit opened a comment, a string, a text block or a block before the
    // middle (the first thread then never begins a top-level statement where the second did).
    std::mt19937 rng(20261129);
    size_t editedTaken = 0;
    for (int step = 0; step < 100; ++step) {
        std::string text = edit(edit(large, rng), rng);
        INFO("edited text " << step << ":\n" << text);
        requireSameInParts(text, step % 2 == 0, editedTaken);
    }
    INFO(editedTaken << " of 100 edited texts were parsed in parts");
    CHECK(editedTaken >= 60);
    // A chain of edits near the middle, where the threads meet (they soon leave a block open
    // there, and the second thread's part is no longer taken: only that the result is the same
    // is tested).
    std::string text = large;
    for (int step = 0; step < 100; ++step) {
        const size_t at = text.size() / 2 + std::uniform_int_distribution<size_t>(0, 4000)(rng);
        text = text.substr(0, at - 2000) + edit(text.substr(at - 2000, 4000), rng) +
               text.substr(at + 2000);
        INFO("after edit " << step << " near the middle:\n" << text);
        requireSameInParts(text, step % 2 == 0, editedTaken);
    }
}
