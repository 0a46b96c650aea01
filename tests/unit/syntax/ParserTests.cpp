// SPDX-License-Identifier: Apache-2.0
#include "Test.h"
#include "modak/syntax/Lexical.h"

#include <catch2/catch.hpp>

using namespace modak;
using modak::test::dump;
using modak::test::parseReport;

namespace {

syntax::File parseOk(const std::string& text) {
    // The tree views its source: the buffers stay for the whole test run.
    static SourceManager sm;
    Diagnostics diags;
    syntax::File f = test::parseText(sm, text, diags);
    INFO(test::report(sm, diags));
    CHECK(diags.empty());
    return f;
}

std::string valueOf(const std::string& value) {
    return dump(parseOk("modak 1\nx = " + value + "\n").statements.at(0).value());
}

} // namespace

TEST_CASE("header, imports and blocks") {
    auto f = parseOk(R"(modak 1
import "targets/hlrs.modak"
application mnist {
  kind = ai_training
  dataset { path = "/scratch", samples = 60_000, }
}
)");
    CHECK(f.version == 1);
    REQUIRE(f.imports.size() == 1);
    CHECK(f.imports[0].path == "targets/hlrs.modak");
    CHECK(f.imports[0].pathRange.begin == 15);
    CHECK(dump(f) == "(import targets/hlrs.modak)(block application mnist (kind (id ai_training)) "
                     "(block dataset (path (string /scratch)) (samples (int 60000))))");
    const auto& app = f.statements.at(0);
    CHECK_FALSE(app.singleLine());
    CHECK(app.body().at(1).singleLine());
    CHECK(app.range().begin == 36);
    CHECK(app.closeBrace().end == app.range().end);
}

TEST_CASE("scalar values") {
    CHECK(valueOf("128") == "(int 128)");
    CHECK(valueOf("-3") == "(int -3)");
    CHECK(valueOf("9223372036854775807") == "(int 9223372036854775807)");
    CHECK(valueOf("0.8") == "(float 0.8)");
    CHECK(valueOf("1.2e9") == "(float 1.2e+09)");
    CHECK(valueOf("3e-4") == "(float 0.0003)");
    CHECK(valueOf("true") == "(bool true)");
    CHECK(valueOf("false") == "(bool false)");
    CHECK(valueOf("auto") == "(id auto)");
    CHECK(valueOf("tensorflow \"2.1\"") == "(versioned tensorflow 2.1)");
    CHECK(valueOf(R"("a\"b\\c\n\u{e9}")") == "(string a\"b\\c\n\xC3\xA9)");
    CHECK(valueOf("\"\"\"line 1\n  \"line\" 2\"\"\"") == "(text line 1\n  \"line\" 2)");
}

TEST_CASE("sizes and durations") {
    CHECK(valueOf("52 MiB") == "(size 54525952 MiB)");
    CHECK(valueOf("125GiB") == "(size 134217728000 GiB)");
    CHECK(valueOf("1.5 TB") == "(size 1500000000000 TB)");
    CHECK(valueOf("512\tB") == "(size 512 B)");
    CHECK(valueOf("12h") == "(duration 43200)");
    CHECK(valueOf("1h30m") == "(duration 5400)");
    CHECK(valueOf("1d12h") == "(duration 129600)");
    CHECK(valueOf("90s") == "(duration 90)");
    CHECK(valueOf("01:30:00") == "(duration 5400)");
    CHECK(valueOf("2-00:00:00") == "(duration 172800)");
}

TEST_CASE("amounts: money and allocation units") {
    CHECK(valueOf("5000 USD") == "(amount 5000 USD)");
    CHECK(valueOf("5000USD") == "(amount 5000 USD)");
    CHECK(valueOf("0.9\tEUR") == "(amount 0.9 EUR)");
    CHECK(valueOf("20_000 gpu_hours") == "(amount 20000 gpu_hours)");
    CHECK(valueOf("[1 CHF, 2 node_hours]") == "(list (amount 1 CHF) (amount 2 node_hours))");
    // A unit that is not one stays an identifier after the number; `GBP` is not the size `GB`.
    CHECK(valueOf("3 GBP") == "(amount 3 GBP)");
    auto usd = parseReport("modak 1\nbudget = 5 usd\n");
    CHECK(usd.find("amount units are case-sensitive: did you mean 'USD'?") != std::string::npos);
    auto big = parseReport("modak 1\nbudget = 1000000000000000 USD\n");
    CHECK(big.find("out of range") != std::string::npos);
}

TEST_CASE("lists and ranges") {
    CHECK(valueOf("1..8") == "(range (int 1) (int 8))");
    CHECK(valueOf("0.5..0.9") == "(range (float 0.5) (float 0.9))");
    CHECK(valueOf("[]") == "(list)");
    CHECK(valueOf("[end, fail,]") == "(list (id end) (id fail))");
    CHECK(valueOf("[1, 2..4,\n 8 // eight\n]") == "(list (int 1) (range (int 2) (int 4)) (int 8))");
}

TEST_CASE("plain identifiers, integers and strings give way to what extends them") {
    // The driver lexes these itself; whatever X3 would read on (a version string, `..`, a unit, a
    // fraction), even past line breaks and comments, must still reach the grammar.
    CHECK(valueOf("pytorch\n  \"2.1\"") == "(versioned pytorch 2.1)");
    CHECK(valueOf("pytorch /* c */ \"2.1\"") == "(versioned pytorch 2.1)");
    CHECK(valueOf("true \"x\"") == "(versioned true x)");
    CHECK(valueOf("1\n..8") == "(range (int 1) (int 8))");
    CHECK(valueOf("a // c\n..b") == "(range (id a) (id b))");
    CHECK(valueOf("\"a\"..\"b\"") == "(range (string a) (string b))");
    CHECK(valueOf("-3") == "(int -3)");
    CHECK(valueOf("1_000_") == "(int 1000)");
    CHECK(valueOf("64 GiB") == "(size 68719476736 GiB)");
    CHECK(valueOf("1e3") == "(float 1000)");
    CHECK(valueOf("\"\"") == "(string )");
    CHECK(valueOf("\n  false // no") == "(bool false)");
    auto f = parseOk("modak 1\nx = 5 // five\ny = \"s\" /* s */\n");
    REQUIRE(f.comments.size() == 2);
    CHECK(f.statements.at(1).value().range.begin == 26);
    CHECK(f.statements.at(1).value().range.end == 29);
}

TEST_CASE("value ranges are exact byte ranges") {
    auto f = parseOk("modak 1\nx = [ a , tensorflow \"2.1\" ] // c\n");
    const auto& v = f.statements.at(0).value();
    CHECK(v.range.begin == 12);
    CHECK(v.range.end == 36);
    CHECK(v.items().at(1).range.begin == 18);
    CHECK(v.items().at(1).versionRange().begin == 29);
    CHECK(v.items().at(1).range.end == 34);
    REQUIRE(f.comments.size() == 1);
    CHECK(f.comments[0].range.begin == 37);
}

TEST_CASE("comments are recorded once, in order") {
    auto f = parseOk("// a\nmodak 1 /* b */\nx = [1, // c\n 2 /* d */] // e\n/* f */\n");
    REQUIRE(f.comments.size() == 6);
    for (size_t i = 1; i < f.comments.size(); ++i)
        CHECK(f.comments[i - 1].range.begin < f.comments[i].range.begin);
    CHECK(f.comments[1].isBlock);
    CHECK_FALSE(f.comments[4].isBlock);
}

TEST_CASE("syntax errors are located and named") {
    CHECK("\n" + parseReport("modak 1\napplication a {\n  batch_size 128\n}\n") == R"(
test.modak:3:14: error: expected '=' after key 'batch_size', found '128' [expected-token]
  batch_size 128
             ^~~
)");
    CHECK("\n" + parseReport("modak 1\nx = [a b]\n") == R"(
test.modak:2:8: error: expected ',' or ']' in the list, found 'b' [expected-token]
x = [a b]
       ^
)");
    CHECK("\n" + parseReport("modak 1\nnodes = 1..\n") == R"(
test.modak:2:12: error: expected the upper bound of the range after '..', found end of line [expected-token]
nodes = 1..
           ^
)");
    CHECK("\n" + parseReport("modak 1\nx = @\n") == R"(
test.modak:2:5: error: expected a value for 'x', found '@' [expected-token]
x = @
    ^
)");
    CHECK("\n" + parseReport("modak 1\ntarget hlrs = 3\n") == R"(
test.modak:2:13: error: expected '{' after block name 'hlrs', found '=' [expected-token]
target hlrs = 3
            ^
)");
}

TEST_CASE("a half-typed attribute does not swallow the next line") {
    SourceManager sm;
    Diagnostics diags;
    auto f = test::parseText(sm, "modak 1\njob {\n  walltime =\n  nodes = 2\n}\n", diags);
    CHECK("\n" + test::report(sm, diags) == R"(
test.modak:3:12: error: expected a value after '=' for key 'walltime', found end of line [expected-token]
  walltime =
           ^
)");
    CHECK(dump(f) == "(block job (walltime (error)) (nodes (int 2)))");
}

TEST_CASE("recovery reports every error of a file") {
    SourceManager sm;
    Diagnostics diags;
    auto f = test::parseText(sm, R"(modak 1
application a {
  epochs = = 3
  kind = ai_training
  x = [1 2]
  job @ {
    walltime = 2h
  }
  batch_size = 64
}
deployment d { target = t }
)",
                             diags);
    CHECK(diags.errorCount() == 3);
    CHECK(dump(f) == "(block application a (epochs (error)) (kind (id ai_training)) (x (error)) "
                     "(block <recovered> (walltime (duration 7200))) (batch_size (int 64)))"
                     "(block deployment d (target (id t)))");
}

TEST_CASE("unterminated constructs") {
    CHECK("\n" + parseReport("modak 1\ns = \"abc\nt = 1\n") == R"(
test.modak:2:5: error: unterminated string; strings end with '"' on the same line (use """ for text spanning lines) [unterminated-string]
s = "abc
    ^~~~
)");
    CHECK("\n" + parseReport("modak 1\n/* open\nx = 1\n") == R"(
test.modak:2:1: error: unterminated block comment; add '*/' to close it [unterminated-comment]
/* open
^~
)");
    CHECK("\n" + parseReport("modak 1\nt = \"\"\"abc\n") == R"(
test.modak:2:5: error: unterminated text block; add '"""' to close it [unterminated-string]
t = """abc
    ^~~
)");
    CHECK("\n" + parseReport("modak 1\napplication a {\n  kind = hpc\n") == R"(
test.modak:4:1: error: expected '}' to close block 'application' before the end of the file [unterminated-block]

^
test.modak:2:15: note: the block was opened here
application a {
              ^
)");
    CHECK("\n" + parseReport("modak 1\n}\n") == R"(
test.modak:2:1: error: unexpected '}' with no open block [unexpected-token]
}
^
)");
}

TEST_CASE("literal errors") {
    CHECK("\n" + parseReport("modak 1\nx = 9223372036854775808\n") == R"(
test.modak:2:5: error: integer '9223372036854775808' does not fit in 64 bits [integer-overflow]
x = 9223372036854775808
    ^~~~~~~~~~~~~~~~~~~
)");
    CHECK("\n" + parseReport("modak 1\nx = 01:75:00\n") == R"(
test.modak:2:5: error: minutes and seconds in duration '01:75:00' must be below 60 [invalid-duration]
x = 01:75:00
    ^~~~~~~~
)");
    CHECK("\n" + parseReport("modak 1\nx = 30m2h\n") == R"(
test.modak:2:5: error: duration '30m2h' must list units once each, in the order d, h, m, s [invalid-duration]
x = 30m2h
    ^~~~~
)");
    CHECK("\n" + parseReport("modak 1\nx = 99999999 PiB\n") == R"(
test.modak:2:5: error: size '99999999 PiB' does not fit in 64 bits [invalid-size]
x = 99999999 PiB
    ^~~~~~~~~~~~
)");
    CHECK("\n" + parseReport("modak 1\nx = \"a\\qb\"\n") == R"(
test.modak:2:7: error: invalid escape sequence '\q'; valid escapes are \" \\ \n \t \r \u{...} [invalid-escape]
x = "a\qb"
      ^~
)");
    // A character of several bytes is escaped whole: the range and the message hold all of it.
    Diagnostics escaped;
    SourceManager sm;
    FileId f = sm.addBuffer("test.modak", "modak 1\nx = \"a\\\xF0\x9F\x98\x80"
                                          "b\"\n");
    modak::syntax::parse(sm, f, escaped);
    REQUIRE(escaped.items().size() == 1);
    CHECK(escaped.items()[0].range.end - escaped.items()[0].range.begin == 5);
    CHECK(escaped.items()[0].message.starts_with("invalid escape sequence '\\\xF0\x9F\x98\x80';"));
}

TEST_CASE("header problems") {
    CHECK("\n" + parseReport("application a {}\n") == R"(
test.modak:1:1: warning: missing `modak 1` header; add it as the first line to pin the language version [missing-header]
application a {}
^~~~~~~~~~~
)");
    CHECK("\n" + parseReport("modak 2\n") == R"(
test.modak:1:7: error: language version 2 is not supported; this modak reads version 1 [unsupported-version]
modak 2
      ^
)");
    CHECK("\n" + parseReport("") == R"(
test.modak:1:1: error: the file is empty; a .modak file starts with `modak 1` [empty-file]

^
)");
}

TEST_CASE("imports only at the top") {
    CHECK("\n" + parseReport("modak 1\nworkload w { flops_per_sample = 1 }\nimport \"a.modak\"\nb "
                             "{ import \"c\" }\n") ==
          R"(
test.modak:3:1: warning: imports should come before the first statement [import-after-statement]
import "a.modak"
^~~~~~~~~~~~~~~~
test.modak:4:5: error: 'import' is only allowed at the top level of a file [unexpected-token]
b { import "c" }
    ^~~~~~~~~~
)");
}

TEST_CASE("encoding errors are located") {
    CHECK("\n" + parseReport(std::string("modak 1\nx = \"a\xFF\"\ny = 1\0\n", 24)) == R"(
test.modak:2:7: error: invalid UTF-8 byte 0xFF; .modak files are UTF-8 text [invalid-utf8]
x = "a?"
      ^
test.modak:3:6: error: NUL byte in the file; .modak files are UTF-8 text [nul-byte]
y = 1?
     ^
test.modak:3:6: error: expected a line break, ',' or '}' after the value of 'y', found a NUL byte [unexpected-token]
y = 1?
     ^
)");
}

TEST_CASE("deep nesting is limited without recursion") {
    std::string text = "modak 1\n";
    const int depth = 100000;
    for (int i = 0; i < depth; ++i)
        text += "a {";
    for (int i = 0; i < depth; ++i)
        text += "}";
    text += "\nafter = 1\n";
    SourceManager sm;
    Diagnostics diags;
    auto f = test::parseText(sm, text, diags);
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].code == DiagCode::NestingTooDeep);
    CHECK(diags[0].range.begin == 8 + 64 * 3 + 2);
    REQUIRE(f.statements.size() == 2);
    CHECK(f.statements[1].key().name == "after");
}

TEST_CASE("deep nesting of unclosed blocks") {
    std::string text = "modak 1\n";
    for (int i = 0; i < 100000; ++i)
        text += "a {\n";
    SourceManager sm;
    Diagnostics diags;
    test::parseText(sm, text, diags);
    CHECK(diags.hasErrors());
    CHECK(diags.size() < 200);
}

TEST_CASE("error count is limited") {
    std::string text = "modak 1\n";
    for (int i = 0; i < 10000; ++i)
        text += "x = @\n";
    SourceManager sm;
    Diagnostics diags;
    test::parseText(sm, text, diags);
    CHECK(diags.size() == 101);
    CHECK(diags[100].code == DiagCode::TooManyErrors);
}

TEST_CASE("huge files are refused up front") {
    std::string text(100u << 20, ' ');
    SourceManager sm;
    Diagnostics diags;
    syntax::ParseOptions options;
    options.maxBytes = 64u << 20;
    FileId id = sm.addBuffer("big.modak", std::move(text));
    syntax::parse(sm, id, diags, options);
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].code == DiagCode::FileTooLarge);
}

TEST_CASE("garbage never crashes") {
    // Every prefix of a valid file, and random bytes, parse to some tree without throwing.
    std::string valid = R"(modak 1
import "t.modak"
application mnist {
  kind = ai_training // c
  framework = tensorflow "2.1"
  dataset { path = "/s", samples = 60_000, size = 52 MiB }
  nodes = [1..4, 8]
  walltime = 01:30:00
  pre = """module load x"""
}
)";
    for (size_t n = 0; n <= valid.size(); ++n) {
        SourceManager sm;
        Diagnostics diags;
        CHECK_NOTHROW(test::parseText(sm, valid.substr(0, n), diags));
    }
    // Structure characters, a lead byte without its continuation, and a NUL.
    static constexpr std::string_view kAlphabet("ab =[]{},.\"\n/*1-:hGi\\\xC3\0", 23);
    uint32_t seed = 12345;
    for (int round = 0; round < 200; ++round) {
        std::string junk;
        for (int i = 0; i < 200; ++i) {
            seed = seed * 1103515245 + 12345;
            junk.push_back(kAlphabet[(seed >> 16) % kAlphabet.size()]);
        }
        SourceManager sm;
        Diagnostics diags;
        CHECK_NOTHROW(test::parseText(sm, junk, diags));
    }
}

TEST_CASE("corner cases settled by the tree-sitter agreement") {
    // A block name may sit on the next line when the brace follows it.
    CHECK(dump(parseOk("modak 1\napplication\n  mnist {\n  kind = hpc\n}\n")) ==
          "(block application mnist (kind (id hpc)))");
    // `true "x"` keeps both tokens as a versioned name; the schema rejects it.
    CHECK(valueOf("true \"x\"") == "(versioned true x)");
    // `import` and `modak` are reserved at the top level only.
    CHECK("\n" + parseReport("modak 1\nimport = 1\n") == R"(
test.modak:2:1: error: expected a file name string after 'import', found '=' [unexpected-token]
import = 1
^~~~~~
)");
    CHECK(dump(parseOk("modak 1\nb {\n  import = 2\n}\n")) == "(block b (import (int 2)))");
    CHECK("\n" + parseReport("modak 1\nx = \"\\u{0}\"\n") == R"(
test.modak:2:6: error: invalid unicode escape; expected \u{XXXX} with 1 to 6 hex digits naming a Unicode scalar value other than NUL [invalid-escape]
x = "\u{0}"
     ^~~~~
)");
}

TEST_CASE("a quoted string parses back to its text") {
    // quoteString writes runs of plain bytes at once and escapes the rest: every byte class, at
    // the start, the end and between plain runs, reads back as it was.
    const std::vector<std::string> texts = {"",
                                            "torchrun train.py --epochs 90",
                                            "\"",
                                            "\\",
                                            "a\"b\\c",
                                            "line\nnext",
                                            "tab\there",
                                            "\r\n",
                                            "\x01start",
                                            "end\x1f",
                                            "del\x7f!",
                                            "caf\xC3\xA9 \xE2\x82\xAC",
                                            "\"\"\"x\"",
                                            "${HOME}/x",
                                            std::string(40, 'y') + "\n"};
    for (const std::string& text : texts) {
        const std::string quoted = syntax::quoteString(text);
        INFO(quoted);
        syntax::File f = parseOk("modak 1\nx = " + quoted + "\n");
        REQUIRE(f.statements.size() == 1);
        CHECK(f.statements[0].value().kind == syntax::Value::Kind::String);
        CHECK(std::string(f.statements[0].value().text()) == text);
    }
}

TEST_CASE("keys are the same only where every byte is") {
    // sameKey compares words: keys of every length up to three words, differing at each byte
    // (the first, those inside a word, the overlapping tail) or not at all.
    for (size_t n = 0; n <= 24; ++n) {
        std::string a(n, 'k');
        for (size_t i = 0; i < n; ++i)
            a[i] = static_cast<char>('a' + (i * 7) % 26);
        std::string b = a; // another buffer: the bytes are compared, not the pointers
        CHECK(syntax::sameKey(a, b));
        for (size_t at = 0; at < n; ++at) {
            std::string c = a;
            c[at] = static_cast<char>(c[at] ^ 0x20);
            INFO("length " << n << ", byte " << at);
            CHECK_FALSE(syntax::sameKey(a, c));
            CHECK_FALSE(syntax::sameKey(c, a));
        }
        CHECK_FALSE(syntax::sameKey(a, a + "x"));
    }
}
