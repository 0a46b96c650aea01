// SPDX-License-Identifier: Apache-2.0
// Imports, the symbol table and name scopes (docs/language.md §3), with in-memory files.
#include "ModelTest.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

using namespace modak;
using test::Files;

namespace {

const char* kHlrs = R"(modak 1
target hlrs {
  scheduler = torque
  nodes = 4
}
)";

const char* kApp = R"(application a {
  kind = hpc
  run = "./a"
}
)";

} // namespace

TEST_CASE("imports: a resolved import contributes its blocks") {
    auto l = test::load(std::string("modak 1\nimport \"targets/hlrs.modak\"\n") + kApp +
                            "deployment d { application = a, target = hlrs }\n",
                        {{"targets/hlrs.modak", kHlrs}});
    CHECK(l->report() == "");
    const model::Program& p = l->program;
    REQUIRE(p.documents.size() == 2);
    CHECK(p.root()->path == "test.modak");
    CHECK(p.documents[1]->path == "targets/hlrs.modak");
    CHECK(p.documents[0]->imports == std::vector<size_t>{1});
    REQUIRE(p.symbols.size() == 3);
    // Imported blocks come first: a file's imports are defined before its own blocks.
    CHECK(p.symbols[0].kind == "target");
    CHECK(p.symbols[0].name == "hlrs");
    CHECK(p.symbols[0].file == p.documents[1]->file);
    CHECK(p.symbols[0].block->key().name == "target");
    const model::Symbol* hlrs = p.find("target", "hlrs");
    REQUIRE(hlrs);
    CHECK(hlrs == p.lookup(p.root()->file, "target", "hlrs"));
    CHECK(p.find("target", "nope") == nullptr);
    CHECK(p.find("application", "hlrs") == nullptr);
    CHECK(p.document(p.documents[1]->file) == p.documents[1].get());
    // The imported file does not see the root's blocks.
    CHECK(p.lookup(p.documents[1]->file, "application", "a") == nullptr);
    CHECK(p.visibleSymbols(p.root()->file, "target").size() == 1);
    CHECK(p.visibleSymbols(p.documents[1]->file, "deployment").empty());
}

TEST_CASE("imports: every block of a large program is found by its kind and name") {
    // Enough names that the symbol table's probes pass many other names' slots (whose hash tags
    // differ) and some of the same hash's neighbourhood: each name finds its own block, a name
    // under another kind finds nothing, and names that are not defined find nothing.
    std::string text = "modak 1\n";
    constexpr int kCount = 3000;
    for (int i = 0; i < kCount; ++i)
        text += fmt::format("target t{0} {{ scheduler = slurm }}\napplication a{0} {{ kind = hpc, "
                            "run = \"./a\" }}\ndeployment d{0} {{ application = a{0}, target = "
                            "t{0} }}\n",
                            i);
    auto l = test::load(text);
    CHECK(l->report() == "");
    const model::Program& p = l->program;
    REQUIRE(p.symbols.size() == 3 * kCount);
    for (int i = 0; i < kCount; ++i) {
        const std::string t = fmt::format("t{}", i), a = fmt::format("a{}", i);
        const model::Symbol* target = p.find("target", t);
        REQUIRE(target);
        CHECK(target->name == t);
        CHECK(target->kind == "target");
        const model::Symbol* app = p.find("application", a);
        REQUIRE(app);
        CHECK(app->name == a);
        CHECK(p.find("deployment", fmt::format("d{}", i))->name == fmt::format("d{}", i));
        CHECK(p.find("application", t) == nullptr);
        CHECK(p.find("target", fmt::format("t{}", i + kCount)) == nullptr);
    }
}

TEST_CASE("imports: paths are relative to the importing file") {
    auto l = test::load(std::string("modak 1\nimport \"sites/hlrs/site.modak\"\n") + kApp +
                            "deployment d { application = a, target = hlrs }\n",
                        {{"sites/hlrs/site.modak", "modak 1\nimport \"../common/targets.modak\"\n"},
                         {"sites/common/targets.modak", kHlrs}});
    CHECK(l->report() == "");
    REQUIRE(l->program.documents.size() == 3);
    CHECK(l->program.documents[2]->path == "sites/common/targets.modak");
}

TEST_CASE("imports: missing files are reported at the import string") {
    CHECK("\n" + test::check("modak 1\nimport \"targets/nope.modak\"\nimport \"\"\n") == R"(
test.modak:2:8: error: cannot import 'targets/nope.modak': no such file or directory [import-not-found]
import "targets/nope.modak"
       ^~~~~~~~~~~~~~~~~~~~
test.modak:3:8: error: empty import path [import-not-found]
import ""
       ^~
)");
    // The resolved path is shown when it differs from the string.
    CHECK("\n" + test::check("modak 1\nimport \"sub/a.modak\"\n",
                             {{"sub/a.modak", "modak 1\nimport \"./b.modak\"\n"}}) ==
          R"(
sub/a.modak:2:8: error: cannot import './b.modak' ('sub/b.modak'): no such file or directory [import-not-found]
import "./b.modak"
       ^~~~~~~~~~~
)");
}

TEST_CASE("imports: cycles are reported once, with a note per hop") {
    Files files = {{"a.modak", "modak 1\nimport \"b.modak\"\n"},
                   {"b.modak", "modak 1\nimport \"c.modak\"\n"},
                   {"c.modak", "modak 1\nimport \"a.modak\"\n"}};
    auto l = test::load("modak 1\nimport \"a.modak\"\n", files);
    CHECK("\n" + l->report() == R"(
c.modak:2:8: error: import cycle: 'a.modak' -> 'b.modak' -> 'c.modak' -> 'a.modak' [import-cycle]
import "a.modak"
       ^~~~~~~~~
a.modak:2:8: note: 'a.modak' imports 'b.modak' here
import "b.modak"
       ^~~~~~~~~
b.modak:2:8: note: 'b.modak' imports 'c.modak' here
import "c.modak"
       ^~~~~~~~~
)");
    CHECK(l->program.documents.size() == 4);
    // The root itself can close the cycle.
    CHECK("\n" + test::check("modak 1\nimport \"x.modak\"\n",
                             {{"x.modak", "modak 1\nimport \"test.modak\"\n"}}) ==
          R"(
x.modak:2:8: error: import cycle: 'test.modak' -> 'x.modak' -> 'test.modak' [import-cycle]
import "test.modak"
       ^~~~~~~~~~~~
test.modak:2:8: note: 'test.modak' imports 'x.modak' here
import "x.modak"
       ^~~~~~~~~
)");
    CHECK("\n" + test::check("modak 1\nimport \"./test.modak\"\n") == R"(
test.modak:2:8: error: import cycle: 'test.modak' imports itself [import-cycle]
import "./test.modak"
       ^~~~~~~~~~~~~~
)");
}

TEST_CASE("imports: a file imported twice is loaded once") {
    Files files = {{"x.modak", "modak 1\nimport \"z.modak\"\n"},
                   {"y.modak", "modak 1\nimport \"z.modak\"\n"},
                   {"z.modak", kHlrs}};
    auto l = test::load("modak 1\nimport \"x.modak\"\nimport \"y.modak\"\nimport \"./x.modak\"\n",
                        files);
    CHECK(l->report() == "");
    CHECK(l->program.documents.size() == 4);
    CHECK(l->program.symbols.size() == 1);
    CHECK(l->program.documents[0]->imports == std::vector<size_t>{1, 3, 1});
    CHECK(l->program.lookup(l->program.documents[3]->file, "target", "hlrs") != nullptr);
}

TEST_CASE("imports: nesting depth is limited") {
    Files files;
    for (int i = 0; i < 6; ++i)
        files[fmt::format("f{}.modak", i)] = fmt::format("modak 1\nimport \"f{}.modak\"\n", i + 1);
    files["f6.modak"] = "modak 1\n";
    auto l = test::load("modak 1\nimport \"f0.modak\"\n", files, "test.modak", 3);
    CHECK("\n" + l->report() == R"(
f2.modak:2:8: error: cannot import 'f3.modak': imports are nested more than 3 levels deep [import-too-deep]
import "f3.modak"
       ^~~~~~~~~~
)");
    CHECK(test::load("modak 1\nimport \"f0.modak\"\n", files, "test.modak", 7)->report() == "");
}

TEST_CASE("imports: names are unique across a file and its imports") {
    CHECK("\n" + test::check("modak 1\nimport \"t.modak\"\ntarget hlrs { scheduler = slurm }\n",
                             {{"t.modak", kHlrs}}) ==
          R"(
test.modak:3:8: error: duplicate target 'hlrs' [duplicate-name]
target hlrs { scheduler = slurm }
       ^~~~
t.modak:2:8: note: 'hlrs' first defined here
target hlrs {
       ^~~~
)");
    // The same name for blocks of different kinds is fine.
    CHECK(test::check("modak 1\nimport \"t.modak\"\napplication hlrs { kind = hpc, run = \"x\" }\n",
                      {{"t.modak", kHlrs}}) == "");
}

TEST_CASE("imports: a file sees only its own imports") {
    // b.modak uses a target from a.modak without importing it: an error in b, fine in the root.
    Files files = {{"a.modak", kHlrs},
                   {"b.modak", std::string("modak 1\n") + kApp +
                                   "deployment d { application = a, target = hlrs }\n"}};
    CHECK("\n" + test::check("modak 1\nimport \"a.modak\"\nimport \"b.modak\"\n"
                             "deployment e { application = a, target = hlrs }\n",
                             files) ==
          R"(
b.modak:6:42: error: unknown target 'hlrs'; no target is defined or imported [unresolved-reference]
deployment d { application = a, target = hlrs }
                                         ^~~~
)");
}

TEST_CASE("imports: diagnostics of imported files carry their path") {
    CHECK("\n" + test::check("modak 1\nimport \"bad.modak\"\n",
                             {{"bad.modak", "modak 1\ntarget t {\n  scheduler = slrum\n}\n"}}) ==
          R"(
bad.modak:3:15: error: invalid value 'slrum' for 'scheduler'; did you mean 'slurm'? (allowed: slurm, torque, pbs, lsf, flux, kubernetes, none) [invalid-value]
  scheduler = slrum
              ^~~~~
)");
}

TEST_CASE("imports: the disk reader resolves files next to the root") {
    std::string dir = std::string(MODAK_TEST_DATA_DIR) + "/golden/sema";
    SourceManager sm;
    Diagnostics diags;
    std::string error;
    auto root = sm.readFile(dir + "/imports_ok.modak", error);
    REQUIRE(root);
    model::Program p = model::loadProgram(sm, *root, diags);
    CHECK(test::report(sm, diags) == "");
    REQUIRE(p.documents.size() == 3);
    CHECK(p.documents[1]->path ==
          std::filesystem::path(dir + "/imports/targets.modak").lexically_normal());
}

TEST_CASE("imports: paths out of the project are refused before anything is read") {
    // The project root is the nearest folder with modak.toml or .git above the working folder (the
    // build tree is inside the repository); these paths all leave it or are absolute.
    for (const char* path :
         {"/etc/passwd.modak", "/proc/self/environ", "../../../../../../../../../../x.modak"}) {
        std::string report = test::check(fmt::format("modak 1\nimport \"{}\"\n", path),
                                         {{path, "modak 1\ntarget leaked { }\n"}});
        INFO(report);
        CHECK(report.find("[path-outside-project]") != std::string::npos);
        CHECK(report.find("test.modak:2:8: error: cannot import") == 0);
        CHECK(report.find("leaked") == std::string::npos);
    }
    std::string report = test::check("modak 1\nimport \"notes.txt\"\n", {{"notes.txt", "SECRET"}});
    CHECK(report.find("only .modak files can be named here; it was not read [not-modak-source]") !=
          std::string::npos);
    CHECK(report.find("SECRET") == std::string::npos);
}

TEST_CASE(
    "imports: a file that is not a .modak source is one error at the import, its text unshown") {
    const Files files = {
        {"bin.modak", std::string("modak 1\n\0SECRET_BINARY\x01\n", 24)},
        {"latin1.modak", "modak 1\n// caf\xe9 SECRET_LATIN1\n"},
        {"notes.modak", "these are notes SECRET_NOTES, not modak\n"},
        {"headerless.modak", "target t { scheduler = none }\ntarget u { scheduler = slrum }\n"}};
    std::string report =
        test::check("modak 1\nimport \"bin.modak\"\nimport \"latin1.modak\"\nimport "
                    "\"notes.modak\"\nimport \"headerless.modak\"\n",
                    files);
    INFO(report);
    CHECK(report.find("test.modak:2:8: error: cannot import 'bin.modak': it is a binary file") !=
          std::string::npos);
    CHECK(
        report.find("test.modak:3:8: error: cannot import 'latin1.modak': it is not UTF-8 text") !=
        std::string::npos);
    CHECK(report.find("test.modak:4:8: error: cannot import 'notes.modak': it does not start with "
                      "a `modak` header or a statement") != std::string::npos);
    for (const char* secret : {"SECRET_BINARY", "SECRET_LATIN1", "SECRET_NOTES"})
        CHECK(report.find(secret) == std::string::npos);
    // A headerless file that starts like the language is a source: its own errors are located in
    // it.
    CHECK(report.find("headerless.modak:2:24: error: invalid value 'slrum'") != std::string::npos);
}

TEST_CASE("file scope: roots, include path and links") {
    namespace fs = std::filesystem;
    fs::path base = fs::temp_directory_path() / fmt::format("modak-scope-{}", ::getpid());
    fs::remove_all(base);
    fs::create_directories(base / "proj" / "sub");
    fs::create_directories(base / "extra" / "targets");
    fs::create_directories(base / "outside");
    std::ofstream(base / "proj" / "modak.toml").put('\n');
    std::ofstream(base / "extra" / "targets" / "site.modak") << "modak 1\n";
    std::ofstream(base / "outside" / "x.modak") << "modak 1\n";
    fs::create_symlink(base / "outside", base / "proj" / "link");
    CHECK(model::FileScope::projectRootOf(base / "proj" / "sub") ==
          model::canonicalOrLexical(base / "proj"));
    model::FileScope scope =
        model::FileScope::around(base / "proj" / "sub" / "a.modak", {base / "extra"});
    REQUIRE(scope.roots().size() == 2);
    model::FileScope::Refusal why;
    std::string error;
    // Relative to the file first, then each extra root.
    auto site = scope.resolve(base / "proj" / "sub", "targets/site.modak", ".modak", why, error);
    REQUIRE(site);
    CHECK(site->real == model::canonicalOrLexical(base / "extra" / "targets" / "site.modak"));
    CHECK(scope.resolve(base / "proj" / "sub", "../x.modak", ".modak", why,
                        error)); // inside, missing: the reader says so
    CHECK_FALSE(
        scope.resolve(base / "proj" / "sub", "../../outside/x.modak", ".modak", why, error));
    CHECK(why == model::FileScope::Refusal::Outside);
    CHECK_FALSE(scope.resolve(base / "proj" / "sub", "../link/x.modak", ".modak", why, error));
    CHECK(why == model::FileScope::Refusal::LinkOutside);
    CHECK_FALSE(scope.resolve(base / "proj" / "sub",
                              (base / "extra" / "targets" / "site.modak").string(), ".modak", why,
                              error));
    CHECK(why == model::FileScope::Refusal::Absolute);
    CHECK_FALSE(scope.resolve(base / "proj" / "sub", "..", ".modak", why, error));
    CHECK(why == model::FileScope::Refusal::WrongKind);
    CHECK(scope.checkRootFile(base / "proj" / "sub" / "a.modak") == std::nullopt);
    CHECK(scope.checkRootFile(base / "proj" / "link" / "x.modak").has_value());
    fs::remove_all(base);
}
