// SPDX-License-Identifier: Apache-2.0
// The canonical formatter (docs/language.md §6): one input/expected pair per rule, golden files in
// tests/golden/fmt (MODAK_UPDATE_GOLDEN=1 rewrites the expected files), and round-trip plus
// idempotence on every example and every valid corpus file.
#include "modak/model/Program.h"
#include "modak/syntax/Formatter.h"
#include "modak/syntax/Parser.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace modak;
using namespace modak::syntax;

namespace {

struct Parsed {
    SourceManager sm;
    FileId id;
    Diagnostics diags;
    File tree;
};

std::unique_ptr<Parsed> parseText(std::string_view text, const std::string& path = "test.modak") {
    auto p = std::make_unique<Parsed>();
    p->id = p->sm.addBuffer(path, std::string(text));
    p->tree = parse(p->sm, p->id, p->diags);
    return p;
}

std::string describeDiags(const Parsed& p) {
    std::string s;
    for (const Diagnostic& d : p.diags) {
        LineColumn lc = p.sm.buffer(p.id).lineColumn(d.range.begin);
        s += std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " + d.message + "\n";
    }
    return s;
}

/// Parses `text` (which must have no syntax errors) and formats it.
std::string formatText(std::string_view text, const FormatOptions& options = {}) {
    auto p = parseText(text);
    INFO(describeDiags(*p));
    REQUIRE_FALSE(p->diags.hasErrors());
    return format(p->tree, p->sm.text(p->id), options);
}

/// The formatted text of `input` is `expected`, and `expected` is a fixed point.
void checkFormat(std::string_view input, std::string_view expected,
                 const FormatOptions& options = {}) {
    std::string once = formatText(input, options);
    CHECK(once == expected);
    std::string twice = formatText(once, options);
    CHECK(twice == once);
}

// ---- Tree equivalence ------------------------------------------------------------------------

std::string valueText(const Value& v);

std::string itemsText(const Value& v, const char* sep) {
    std::string s;
    for (size_t i = 0; i < v.items().size(); ++i)
        s += (i ? sep : "") + valueText(v.items()[i]);
    return s;
}

// A canonical description of a value's meaning (what must survive formatting).
std::string valueText(const Value& v) {
    std::string k = kindName(v.kind);
    switch (v.kind) {
    case Value::Kind::String:
    case Value::Kind::TextBlock:
    case Value::Kind::Identifier:
        return k + "(" + std::string(v.text()) + ")";
    case Value::Kind::Integer:
    case Value::Kind::Duration:
        return k + "(" + std::to_string(v.integer()) + ")";
    case Value::Kind::Float:
        return k + "(" + std::to_string(v.number()) + ")";
    case Value::Kind::Size:
        return k + "(" + std::to_string(v.integer()) + "," + std::string(v.unit()) + ")";
    case Value::Kind::Amount: // `5000 USD`: the number and its unit
        return k + "(" + std::to_string(v.number()) + "," + std::string(v.unit()) + ")";
    case Value::Kind::Bool:
        return v.boolean ? "true" : "false";
    case Value::Kind::Versioned:
        return k + "(" + std::string(v.text()) + "," + std::string(v.version()) + ")";
    case Value::Kind::List:
        return "[" + itemsText(v, ", ") + "]";
    case Value::Kind::Range:
        return itemsText(v, "..");
    case Value::Kind::Error:
        return "error";
    }
    return "?";
}

void describeStatements(NodeList<Statement> body, int depth, std::string& out) {
    for (const Statement& s : body) {
        out.append(static_cast<size_t>(depth) * 2, ' ');
        out += s.key().name;
        if (s.kind() == Statement::Kind::Attribute) {
            out += " = " + valueText(s.value()) + "\n";
        } else {
            if (s.name())
                (out += " ") += s.name()->name;
            out += " {\n";
            describeStatements(s.body(), depth + 1, out);
            out.append(static_cast<size_t>(depth) * 2, ' ');
            out += "}\n";
        }
    }
}

std::string commentText(std::string_view source, const Comment& c) {
    std::string s;
    std::string_view t = source.substr(c.range.begin, c.range.end - c.range.begin);
    for (size_t i = 0; i < t.size(); ++i)
        if (!(t[i] == '\r' && i + 1 < t.size() && t[i + 1] == '\n'))
            s.push_back(t[i]);
    if (!c.isBlock)
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
            s.pop_back();
    return s;
}

/// Everything formatting must preserve: header, imports, statements and values, comment texts in
/// order. An import written after a statement moves up with its comments, so then only the set of
/// comments is compared.
std::string describeFile(const File& f, std::string_view source, bool importsMove) {
    std::string out =
        "version " + (f.version ? std::to_string(*f.version) : std::string("none")) + "\n";
    for (const Import& i : f.imports)
        out += "import " + i.path + "\n";
    describeStatements(f.statements, 0, out);
    std::vector<std::string> comments;
    for (const Comment& c : f.comments)
        comments.push_back("comment " + commentText(source, c) + "\n");
    if (importsMove)
        std::sort(comments.begin(), comments.end());
    for (const std::string& c : comments)
        out += c;
    return out;
}

bool hasImportAfterStatement(const File& f) {
    return !f.statements.empty() &&
           std::any_of(f.imports.begin(), f.imports.end(), [&](const Import& i) {
               return i.range.begin > f.statements.front().range().begin;
           });
}

/// Round trip of one file: no syntax errors before and after, same tree and comments, idempotent.
void checkRoundTrip(const std::string& label, const std::string& text) {
    INFO(label);
    auto a = parseText(text, label);
    INFO(describeDiags(*a));
    CHECK_FALSE(a->diags.hasErrors());
    if (a->diags.hasErrors())
        return; // the formatter refuses such files; the parser tests report why
    std::string once = format(a->tree, a->sm.text(a->id));
    auto b = parseText(once, label + " (formatted)");
    INFO("formatted:\n" << once);
    INFO(describeDiags(*b));
    CHECK_FALSE(b->diags.hasErrors());
    if (b->diags.hasErrors())
        return;
    bool moved = hasImportAfterStatement(a->tree);
    CHECK(describeFile(b->tree, b->sm.text(b->id), moved) ==
          describeFile(a->tree, a->sm.text(a->id), moved));
    std::string twice = format(b->tree, b->sm.text(b->id));
    CHECK(twice == once);
    CHECK((once.empty() ||
           (once.back() == '\n' && (once.size() < 2 || once[once.size() - 2] != '\n'))));
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
}

std::vector<fs::path> modakFiles(const fs::path& dir) {
    std::vector<fs::path> files;
    if (!fs::exists(dir))
        return files;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".modak")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

// ---- Structure ---------------------------------------------------------------------------------

TEST_CASE("fmt: header, imports and statements in source order", "[fmt]") {
    checkFormat("modak    1\nimport   \"targets/hlrs.modak\"\nimport \"b.modak\"\n"
                "target t { scheduler = slurm }\napplication a { kind = hpc }\n",
                R"(modak 1
import "targets/hlrs.modak"
import "b.modak"

target t { scheduler = slurm }

application a { kind = hpc }
)");
}

TEST_CASE("fmt: an import written after a statement moves up with its comments", "[fmt]") {
    checkFormat(R"(modak 1
import "a.modak"
target t { scheduler = slurm }
// the late import
import "late.modak" // late
application a { kind = hpc }
)",
                R"(modak 1
import "a.modak"
// the late import
import "late.modak" // late

target t { scheduler = slurm }

application a { kind = hpc }
)");
}

TEST_CASE("fmt: two-space indentation and key = value", "[fmt]") {
    checkFormat(R"(modak 1
application mnist{
kind=ai_training
      batch_size   =128
	epochs =	12
job{
walltime=2h
}
}
)",
                R"(modak 1

application mnist {
  kind = ai_training
  batch_size = 128
  epochs = 12
  job {
    walltime = 2h
  }
}
)");
}

TEST_CASE("fmt: indentWidth option", "[fmt]") {
    FormatOptions o;
    o.indentWidth = 4;
    checkFormat("modak 1\na {\nb {\nc = 1\n}\n}\n",
                "modak 1\n\na {\n    b {\n        c = 1\n    }\n}\n", o);
}

TEST_CASE("fmt: one statement per line, commas between statements dropped", "[fmt]") {
    checkFormat("modak 1\na {\n  b = 1, c = 2,\n  d { e = 1 }, f = 3\n}\n",
                "modak 1\n\na {\n  b = 1\n  c = 2\n  d { e = 1 }\n  f = 3\n}\n");
}

TEST_CASE("fmt: a file without a header", "[fmt]") {
    checkFormat("a = 1\nb { c = 2 }\n", "a = 1\n\nb { c = 2 }\n");
}

TEST_CASE("fmt: a byte-order mark and CRLF line ends are dropped", "[fmt]") {
    checkFormat("\xEF\xBB\xBFmodak 1\r\na {\r\n  b = 1 // x\r\n}\r\n",
                "modak 1\n\na {\n  b = 1 // x\n}\n");
}

TEST_CASE("fmt: output ends with exactly one newline", "[fmt]") {
    checkFormat("modak 1\na = 1", "modak 1\na = 1\n");
    checkFormat("modak 1\na = 1\n\n\n\n", "modak 1\na = 1\n");
    checkFormat("\n\n\nmodak 1\n", "modak 1\n");
}

// ---- Values ------------------------------------------------------------------------------------

TEST_CASE("fmt: lists", "[fmt]") {
    checkFormat("modak 1\nemit = [ tosca ,slurm,  singularity , ]\nempty = [ ]\nnums=[1,2 , 3]\n",
                "modak 1\nemit = [tosca, slurm, singularity]\nempty = []\nnums = [1, 2, 3]\n");
}

TEST_CASE("fmt: a list that does not fit is expanded one element per line", "[fmt]") {
    FormatOptions o;
    o.maxLineWidth = 30;
    checkFormat(
        "modak 1\nmodules = [\"cuda/11.2\", \"openmpi/4.1\", \"python/3.8\"]\nshort = [a, b]\n",
        R"(modak 1
modules = [
  "cuda/11.2",
  "openmpi/4.1",
  "python/3.8",
]
short = [a, b]
)",
        o);
}

TEST_CASE("fmt: a multi-line list that fits is joined", "[fmt]") {
    checkFormat("modak 1\nemit = [\n  tosca,\n  slurm,\n]\n", "modak 1\nemit = [tosca, slurm]\n");
}

TEST_CASE("fmt: ranges", "[fmt]") {
    checkFormat("modak 1\nnodes = 1 .. 8\nf = 0.5..1.0\nl = [1 ..2, 4.. 8]\nn = -1..1\n",
                "modak 1\nnodes = 1..8\nf = 0.5..1.0\nl = [1..2, 4..8]\nn = -1..1\n");
}

TEST_CASE("fmt: sizes have one space before the unit", "[fmt]") {
    checkFormat("modak 1\na = 52MiB\nb = 125   GiB\nc = 1.5\tTB\nd = 512 B\ne = 60_000 kB\n",
                "modak 1\na = 52 MiB\nb = 125 GiB\nc = 1.5 TB\nd = 512 B\ne = 60_000 kB\n");
}

TEST_CASE("fmt: numbers, durations and booleans are kept as written", "[fmt]") {
    checkFormat(
        "modak 1\na = 60_000\nb = 1.2e9\nc = 3e-4\nd = 1h30m\ne = 01:30:00\nf = 2-00:00:00\n"
        "g = true\nh = -1\n",
        "modak 1\na = 60_000\nb = 1.2e9\nc = 3e-4\nd = 1h30m\ne = 01:30:00\nf = 2-00:00:00\n"
        "g = true\nh = -1\n");
}

TEST_CASE("fmt: strings are re-quoted canonically", "[fmt]") {
    checkFormat(R"(modak 1
a = "plain"
b = "\u{41}\u{1F600}"
c = "tab	raw"
d = "quote \" and \\ and \n"
e = ""
)",
                "modak 1\na = \"plain\"\nb = \"A\xF0\x9F\x98\x80\"\nc = \"tab\\traw\"\n"
                "d = \"quote \\\" and \\\\ and \\n\"\ne = \"\"\n");
}

TEST_CASE("fmt: hidden code points in strings stay escaped", "[fmt]") {
    // U+202E RIGHT-TO-LEFT OVERRIDE and U+200B ZERO WIDTH SPACE, escaped or raw, print escaped.
    checkFormat("modak 1\na = \"x\\u{202E}y\"\nb = \"\xE2\x80\x8B\"\nc = \"caf\\u{e9}\"\n",
                "modak 1\na = \"x\\u{202E}y\"\nb = \"\\u{200B}\"\nc = \"caf\xC3\xA9\"\n");
}

TEST_CASE("fmt: a one-line block or list with a comment after its opening", "[fmt]") {
    checkFormat(
        "modak 1\ndataset { /* the data */ path = \"/d\" }\nemit = [ /* all */ tosca, slurm ]\n",
        R"(modak 1

dataset {
  /* the data */ path = "/d"
}

emit = [
  /* all */ tosca,
  slurm,
]
)");
    checkFormat("modak 1\nenv { /* none yet */ }\n", "modak 1\n\nenv {\n  /* none yet */\n}\n");
}

TEST_CASE("fmt: versioned names", "[fmt]") {
    checkFormat("modak 1\nframework = tensorflow\"2.1\"\nmpi = openmpi     \"4.1\"\n",
                "modak 1\nframework = tensorflow \"2.1\"\nmpi = openmpi \"4.1\"\n");
}

TEST_CASE("fmt: text blocks are kept verbatim", "[fmt]") {
    checkFormat(R"(modak 1
application a {
        pre =   """
    module load cuda/11.2
  export X=1   
"""
  post = """echo done"""
}
)",
                R"(modak 1

application a {
  pre = """
    module load cuda/11.2
  export X=1   
"""
  post = """echo done"""
}
)");
}

// ---- Blocks ------------------------------------------------------------------------------------

TEST_CASE("fmt: a one-line block of attributes stays on one line", "[fmt]") {
    checkFormat(R"(modak 1
application a {
  dataset {path="/d",samples=10,}
  job { walltime = 2h, notify = [end, fail] }
}
)",
                R"(modak 1

application a {
  dataset { path = "/d", samples = 10 }
  job { walltime = 2h, notify = [end, fail] }
}
)");
}

TEST_CASE("fmt: a multi-line block stays multi-line", "[fmt]") {
    checkFormat("modak 1\na {\n  b {\n    c = 1\n  }\n}\n",
                "modak 1\n\na {\n  b {\n    c = 1\n  }\n}\n");
}

TEST_CASE("fmt: a one-line block with a nested block is expanded", "[fmt]") {
    checkFormat("modak 1\nautotune { tuner = grid, parameter bs { values = [32, 64] } }\n",
                R"(modak 1

autotune {
  tuner = grid
  parameter bs { values = [32, 64] }
}
)");
}

TEST_CASE("fmt: a one-line block with a comment is expanded", "[fmt]") {
    checkFormat("modak 1\nscale { nodes = 1..8 /* up to 8 */, min_efficiency = 0.8 }\n",
                R"(modak 1

scale {
  nodes = 1..8 /* up to 8 */
  min_efficiency = 0.8
}
)");
}

TEST_CASE("fmt: a one-line block that does not fit is expanded", "[fmt]") {
    std::string longPath(90, 'x');
    checkFormat("modak 1\ndataset { path = \"" + longPath + "\", samples = 10 }\n",
                "modak 1\n\ndataset {\n  path = \"" + longPath + "\"\n  samples = 10\n}\n");
    // Exactly 100 columns fits.
    std::string p2(100 - std::string("dataset { path = \"\" }").size(), 'y');
    checkFormat("modak 1\ndataset { path = \"" + p2 + "\" }\n",
                "modak 1\n\ndataset { path = \"" + p2 + "\" }\n");
    std::string p3 = p2 + "z";
    checkFormat("modak 1\ndataset { path = \"" + p3 + "\" }\n",
                "modak 1\n\ndataset {\n  path = \"" + p3 + "\"\n}\n");
}

TEST_CASE("fmt: maxLineWidth option", "[fmt]") {
    FormatOptions o;
    o.maxLineWidth = 20;
    checkFormat("modak 1\nj { walltime = 2h, nodes = 4 }\nk { a = 1 }\n",
                "modak 1\n\nj {\n  walltime = 2h\n  nodes = 4\n}\n\nk { a = 1 }\n", o);
}

TEST_CASE("fmt: empty blocks", "[fmt]") {
    checkFormat("modak 1\na { }\nb {\n\n}\nc name {}\n", "modak 1\n\na {}\n\nb {}\n\nc name {}\n");
}

// ---- Blank lines -------------------------------------------------------------------------------

TEST_CASE("fmt: at most one blank line between statements", "[fmt]") {
    checkFormat("modak 1\na {\n\n\n  b = 1\n\n\n\n  c = 2\n  d = 3\n\n}\n",
                "modak 1\n\na {\n  b = 1\n\n  c = 2\n  d = 3\n}\n");
}

TEST_CASE("fmt: a blank line between top-level blocks", "[fmt]") {
    checkFormat("modak 1\na { x = 1 }\nb { y = 2 }\n\n\n\nc { z = 3 }\n",
                "modak 1\n\na { x = 1 }\n\nb { y = 2 }\n\nc { z = 3 }\n");
}

TEST_CASE("fmt: top-level attributes keep their spacing", "[fmt]") {
    checkFormat("modak 1\ncatalog = \"c.json\"\nother = 1\n\n\nthird = 2\n",
                "modak 1\ncatalog = \"c.json\"\nother = 1\n\nthird = 2\n");
}

// ---- Comments ----------------------------------------------------------------------------------

TEST_CASE("fmt: own-line comments stay before their statement", "[fmt]") {
    checkFormat(R"(// file comment
modak 1
   // about a
application a {
      // about kind
  kind = hpc
  /* block
     comment */
  ranks = 4
}
)",
                R"(// file comment
modak 1

// about a
application a {
  // about kind
  kind = hpc
  /* block
     comment */
  ranks = 4
}
)");
}

TEST_CASE("fmt: trailing comments stay at the end of their line", "[fmt]") {
    checkFormat(R"(modak 1 // v1
application a { // the app
  kind = hpc // kind
  ranks=4, // ranks
  threads = 2 /* t */ // two
  job { walltime = 2h } // one-line job
} // end of a
)",
                R"(modak 1 // v1

application a { // the app
  kind = hpc // kind
  ranks = 4 // ranks
  threads = 2 /* t */ // two
  job { walltime = 2h } // one-line job
} // end of a
)");
}

TEST_CASE("fmt: hand-aligned trailing comments keep their column", "[fmt]") {
    checkFormat(R"(modak 1
deployment d {
  build   =   auto          // hub | pip | source | auto
  graph_compiler = auto     // none | xla
  a_very_long_key_name_here = 1 // too long to align
}
)",
                R"(modak 1

deployment d {
  build = auto              // hub | pip | source | auto
  graph_compiler = auto     // none | xla
  a_very_long_key_name_here = 1 // too long to align
}
)");
}

TEST_CASE("fmt: comments inside empty blocks", "[fmt]") {
    checkFormat(R"(modak 1
a {
  // nothing yet
}
b { /* todo */ }
c {

  /* x */

}
)",
                R"(modak 1

a {
  // nothing yet
}

b {
  /* todo */
}

c {
  /* x */
}
)");
}

TEST_CASE("fmt: comments at the end of a block and of the file", "[fmt]") {
    checkFormat(R"(modak 1
a {
  b = 1

  // closing remarks
    /* more */
}
// end
   // of file


/* really */
)",
                R"(modak 1

a {
  b = 1

  // closing remarks
  /* more */
}
// end
// of file

/* really */
)");
}

TEST_CASE("fmt: comments before the header", "[fmt]") {
    checkFormat("// SPDX-License-Identifier: Apache-2.0\n\n\n// about\nmodak 1\n",
                "// SPDX-License-Identifier: Apache-2.0\n\n// about\nmodak 1\n");
}

TEST_CASE("fmt: a file of comments only", "[fmt]") {
    auto p = parseText("// just\n\n\n// comments\n");
    CHECK(format(p->tree, p->sm.text(p->id)) == "// just\n\n// comments\n");
}

TEST_CASE("fmt: blank line before a top-level block goes before its comments", "[fmt]") {
    checkFormat("modak 1\na { x = 1 }\n// about b\nb { y = 2 }\n",
                "modak 1\n\na { x = 1 }\n\n// about b\nb { y = 2 }\n");
}

TEST_CASE("fmt: a block comment before a statement on its line", "[fmt]") {
    checkFormat("modak 1\na {\n  /* first */   b = 1\n  c = 2 /* x */ d = 3\n}\n",
                "modak 1\n\na {\n  /* first */ b = 1\n  c = 2 /* x */\n  d = 3\n}\n");
}

TEST_CASE("fmt: comments between the tokens of a statement", "[fmt]") {
    checkFormat(R"(modak 1
a {
  b /* k */ = /* v */ 1
  framework = tensorflow /* version */ "2.1"
  nodes = 1 /* lo */ .. 8
  c = // explained
    2
  named /* n */ x /* o */ { y = 1 }
}
)",
                R"(modak 1

a {
  b /* k */ = /* v */ 1
  framework = tensorflow /* version */ "2.1"
  nodes = 1 /* lo */ ..8
  c = // explained
    2
  named /* n */ x /* o */ { y = 1 }
}
)");
}

TEST_CASE("fmt: a list with comments is expanded", "[fmt]") {
    checkFormat(R"(modak 1
emit = [tosca, // TOSCA for the orchestrator
  slurm /* batch */,

  // images
  singularity]
other = [ /* none */ ]
)",
                R"(modak 1
emit = [
  tosca, // TOSCA for the orchestrator
  slurm, /* batch */

  // images
  singularity,
]
other = [
  /* none */
]
)");
}

TEST_CASE("fmt: a trailing comment after an expanded list", "[fmt]") {
    checkFormat("modak 1\nemit = [\n  tosca, // t\n] // outputs\n",
                "modak 1\nemit = [\n  tosca, // t\n] // outputs\n");
}

TEST_CASE("fmt: never loses a comment", "[fmt]") {
    std::string input = R"(/*0*/ modak 1 /*1*/ // 2
/*3*/ import /*4*/ "x.modak" /*5*/
/*6*/ a /*7*/ b /*8*/ { /*9*/ c /*10*/ = /*11*/ [ /*12*/ 1 /*13*/ .. /*14*/ 2 /*15*/ , /*16*/ ] /*17*/ , /*18*/ } /*19*/
/*20*/
)";
    auto a = parseText(input);
    REQUIRE_FALSE(a->diags.hasErrors());
    std::string once = format(a->tree, a->sm.text(a->id));
    INFO(once);
    for (int i = 0; i <= 20; ++i) {
        std::string c = i == 2 ? "// 2" : "/*" + std::to_string(i) + "*/";
        CHECK(once.find(c) != std::string::npos);
    }
    checkRoundTrip("never-loses", input);
}

// ---- Idempotence, round trip, golden files and examples -----------------------------------------

TEST_CASE("fmt: the example of the language spec is already formatted", "[fmt]") {
    std::string spec = readFile(fs::path(MODAK_SOURCE_DIR) / "docs" / "language.md");
    size_t b = spec.find("```modak\n");
    REQUIRE(b != std::string::npos);
    b += 9;
    size_t e = spec.find("```", b);
    std::string example = spec.substr(b, e - b);
    CHECK(formatText(example) == example);
}

TEST_CASE("fmt: golden files", "[fmt][golden]") {
    fs::path dir = fs::path(MODAK_TEST_DATA_DIR) / "golden" / "fmt";
    bool update = std::getenv("MODAK_UPDATE_GOLDEN") != nullptr;
    size_t cases = 0;
    for (const fs::path& in : modakFiles(dir)) {
        std::string name = in.filename().string();
        if (name.ends_with(".formatted.modak"))
            continue;
        ++cases;
        fs::path expectedPath = in;
        expectedPath.replace_extension(".formatted.modak");
        INFO(in.string());
        std::string actual = formatText(readFile(in));
        if (update || !fs::exists(expectedPath))
            writeFile(expectedPath, actual);
        CHECK(actual == readFile(expectedPath));
        CHECK(formatText(actual) == actual);
        checkRoundTrip(in.string(), readFile(in));
    }
    CHECK(cases >= 5);
}

TEST_CASE("fmt: round trip and idempotence on the examples and the valid corpus", "[fmt][corpus]") {
    size_t files = 0;
    for (const char* sub : {"examples", "tests/corpus/valid"}) {
        for (const fs::path& p : modakFiles(fs::path(MODAK_SOURCE_DIR) / sub)) {
            ++files;
            checkRoundTrip(p.string(), readFile(p));
        }
    }
    CHECK(files >= 8);
}

TEST_CASE("fmt: every example is already formatted", "[fmt][examples]") {
    auto files = modakFiles(fs::path(MODAK_SOURCE_DIR) / "examples");
    REQUIRE(files.size() >= 8);
    for (const fs::path& p : files) {
        INFO(p.string());
        std::string text = readFile(p);
        CHECK(formatText(text) == text);
    }
}

TEST_CASE("examples: every example loads and checks without errors", "[examples]") {
    auto files = modakFiles(fs::path(MODAK_SOURCE_DIR) / "examples");
    REQUIRE(files.size() >= 8);
    for (const fs::path& p : files) {
        SourceManager sm;
        std::string error;
        auto id = sm.readFile(p, error);
        REQUIRE(id);
        Diagnostics diags;
        model::Program program = model::loadProgram(sm, *id, diags);
        std::string messages;
        for (const Diagnostic& d : diags) {
            LineColumn lc =
                sm.buffer(d.range.file.valid() ? d.range.file : *id).lineColumn(d.range.begin);
            messages += std::string(sm.path(d.range.file.valid() ? d.range.file : *id)) + ":" +
                        std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " +
                        d.message + "\n";
        }
        INFO(p.string() << "\n" << messages);
        CHECK(diags.empty());
    }
}
