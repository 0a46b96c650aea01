// SPDX-License-Identifier: Apache-2.0
// The parser's value scanner (ParseOptions::scanValues) gives what the X3 grammar gives: the same
// nodes, offsets and texts, the same comments and the same diagnostics in the same order, for every
// value shape the scanner reads and every one it must leave to X3, in every place a value stands,
// and through chains of random edits of every corpus and example file.
#include "ParseDump.h"
#include "Test.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <random>

using namespace modak;

namespace {

std::string parseDumped(const std::string& text, bool scan, size_t* scanned = nullptr,
                        size_t maxErrors = syntax::ParseOptions{}.maxErrors) {
    SourceManager sm;
    FileId id = sm.addBuffer("values.modak", text);
    Diagnostics diags;
    syntax::ParseOptions options;
    options.marks = true;
    options.scanValues = scan;
    options.maxErrors = maxErrors;
    std::atomic<size_t> count{0};
    options.scannedValues = &count;
    syntax::File tree = syntax::parse(sm, id, diags, options);
    if (scanned)
        *scanned = count.load();
    return test::dumpParse(tree, diags);
}

void requireSame(const std::string& text) {
    INFO(text);
    REQUIRE(parseDumped(text, true) == parseDumped(text, false));
}

// What the scanner reads, what it must leave to X3, and what neither reads.
const std::vector<std::string> kValues = {"abc",
                                          "true",
                                          "false",
                                          "_x",
                                          "a1",
                                          "\"s\"",
                                          "\"\"",
                                          "\"a\\\"b\"",
                                          "\"a\\tb\"",
                                          "\"\"\"t\"\"\"",
                                          "\"unterminated",
                                          "\"a\nb\"",
                                          "1",
                                          "-1",
                                          "007",
                                          "1_000",
                                          "1__",
                                          "99999999999999999999",
                                          "-99999999999999999999",
                                          "1.5",
                                          "-0.5",
                                          "1.",
                                          "1.x",
                                          ".5",
                                          "1e5",
                                          "1.5e3",
                                          "1E+3",
                                          "5 GiB",
                                          "5GiB",
                                          "1.5 GiB",
                                          "-5 GiB",
                                          "5 GiBx",
                                          "5 Gib",
                                          "5\tMB",
                                          "5 B",
                                          "99999999999 PiB",
                                          "12h",
                                          "1h30m",
                                          "90s",
                                          "5d",
                                          "1h30",
                                          "12h5",
                                          "5s GiB",
                                          "1_000h",
                                          "12:00:00",
                                          "1-02:00:00",
                                          "12:3",
                                          "5 USD",
                                          "2.5 gpu_hours",
                                          "5 gpus",
                                          "1..8",
                                          "1 .. 8",
                                          "1..",
                                          "1..8..9",
                                          "1.5..3",
                                          "1 GiB..2 GiB",
                                          "12h..24h",
                                          "a..b",
                                          "1 // c\n..8",
                                          "1../* c */8",
                                          "1\n..8",
                                          "1.. 8",
                                          "pytorch \"2.1\"",
                                          "pytorch\n\"2.1\"",
                                          "pytorch /* c */ \"2.1\"",
                                          "pytorch // c\n\"2.1\"",
                                          "pytorch \"2.1",
                                          "pytorch \"\"\"x\"\"\"",
                                          "pytorch \"\"",
                                          "true \"x\"",
                                          "pytorch \"2\\\"1\"",
                                          "a \"1\"..b \"2\"",
                                          "[a, b]",
                                          "[]",
                                          "[ ]",
                                          "[a,]",
                                          "[,]",
                                          "[a,,]",
                                          "[a b]",
                                          "[a",
                                          "[1..2, 3]",
                                          "[a, // c\n b]",
                                          "[\n a,\n b\n]",
                                          "[[1]]",
                                          "[\"x\", 5 GiB, 12h, 1.5, pytorch \"2\"]",
                                          "[a /* c */]",
                                          "[a]]",
                                          "x y",
                                          "foo(1)",
                                          "-",
                                          "-x",
                                          "1 2",
                                          "1,2",
                                          "1 /* c */",
                                          "abc // c",
                                          "- 5",
                                          "0x10",
                                          "1.5.3",
                                          "5m30",
                                          "\"a\" \"b\"",
                                          "/* c */ 1",
                                          "1 /* unterminated",
                                          "\xC3\xA9",
                                          "a\xC3\xA9",
                                          "\"\xC3\xA9\"",
                                          "}",
                                          "",
                                          "{"};

} // namespace

TEST_CASE("the value scanner gives what the X3 grammar gives, for every value shape") {
    for (const std::string& v : kValues) {
        requireSame("modak 1\nb {\n  k = " + v + "\n}\n");
        requireSame("modak 1\nb { k = " + v + ", n = 1 }\n");
        requireSame("modak 1\nb { k = [" + v + ", " + v + "] }\n");
        requireSame("modak 1\nb { k = " + v + ".." + v + " }\n");
        requireSame("modak 1\nk = " + v); // at the end of the text
        for (const std::string& w : {std::string("1"), std::string("a"), std::string("5 GiB")})
            requireSame("modak 1\nb {\n  k = " + v + " " + w + "\n  n = [" + w + ", " + v +
                        "]\n}\n");
    }
}

TEST_CASE("the value scanner records the comments after a value as X3 does") {
    // X3 skips (and records) the comments after the values it reads; the driver would record them
    // next, unless the parse stops there: at the error limit (found by fuzz_parser).
    for (const std::string& value : {std::string("\"x.modak\""), std::string("1"), std::string("a"),
                                     std::string("[a]"), std::string("1..2")}) {
        const std::string text =
            "modak 1\nb {\n  import " + value + " // after\n  /* and */ c = 1\n}\n";
        INFO(text);
        for (size_t limit : {size_t(1), size_t(2), size_t(100)}) {
            size_t scanned = 0;
            REQUIRE(parseDumped(text, true, &scanned, limit) ==
                    parseDumped(text, false, nullptr, limit));
            if (value.front() == '"')
                CHECK(scanned >= 2); // the header's and the import's (others are no file name)
        }
    }
}

TEST_CASE("the value scanner reads the common values itself") {
    // Every value here is one the scanner reads: a regression to X3 shows in the count (and in
    // bench/check_bench.sh).
    const std::string text = R"(modak 1
application a {
  kind = ai_training
  framework = pytorch "2.1"
  dataset { path = "/scratch/d", samples = 1_281_167, size = 140 GiB }
  batch_size = 256
  precision = mixed
  run = "torchrun train.py --epochs 90"
}
deployment d {
  scale { nodes = 1..8, min_efficiency = 0.8 }
  job { walltime = 12h, notify = [end, fail], email = "ml@example.org" }
  emit = [slurm, tosca]
  tuned = true
  offset = -3
}
)";
    size_t scanned = 0;
    REQUIRE(parseDumped(text, true, &scanned) == parseDumped(text, false));
    CHECK(scanned == 17); // the header's `1` and the 16 values
    size_t none = 0;
    parseDumped(text, false, &none);
    CHECK(none == 0);
}

TEST_CASE("the value scanner gives what the X3 grammar gives, through chains of random edits") {
    const auto inputs = test::corpusFiles();
    REQUIRE(inputs.size() > 20);
    // Value pieces, and what breaks them.
    const std::vector<std::string> snippets = {
        "1",   "-", ".", "..",      "_",   "\"",  "\"\"\"", "\\",     " ",     "\n",
        ",",   "[", "]", "//",      "/*",  "*/",  "GiB",    "h",      "m",     "e5",
        "1.5", ":", "a", "\"2.1\"", "USD", "12h", "1..8",   "[a, b]", "5 GiB", "pytorch \"2\"",
        "{",   "}"};
    std::mt19937 rng(20261130);
    for (const auto& [name, original] : inputs) {
        std::string text = original;
        for (int step = 0; step < 25; ++step) {
            text = test::randomEdit(text, rng, snippets, 8, /*wholeCharacters=*/false);
            INFO(name << " after edit " << step);
            requireSame(text);
        }
    }
}
