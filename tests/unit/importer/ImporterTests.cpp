// SPDX-License-Identifier: Apache-2.0
// `modak import`: original MODAK JSON -> .modak. Golden files in tests/golden/import (one
// NAME.modak and one NAME.diagnostics per original example and per job of tests/data/import;
// MODAK_UPDATE_GOLDEN=1 rewrites them), every result must parse and check, and the diagnostics are
// located at the offending JSON key or value.
#include "Test.h"
#include "modak/importer/ModakJson.h"
#include "modak/model/Program.h"
#include "modak/model/Schema.h"
#include "modak/syntax/Formatter.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

namespace fs = std::filesystem;
using namespace modak;

namespace {

struct Imported {
    SourceManager sm;
    FileId json;
    Diagnostics diags;
    std::optional<std::string> text;

    std::string report() const { return test::report(sm, diags); }
    bool has(std::string_view code) const {
        return std::any_of(diags.begin(), diags.end(),
                           [&](const Diagnostic& d) { return diagInfo(d.code).name == code; });
    }
    /// The JSON text a diagnostic points at.
    std::string at(size_t i) const {
        const Diagnostic& d = diags[i];
        return std::string(sm.text(json).substr(d.range.begin, d.range.end - d.range.begin));
    }
};

std::unique_ptr<Imported> importText(std::string json, std::string path = "job.json",
                                     importer::ImportOptions options = {}, bool mustCheck = true) {
    auto r = std::make_unique<Imported>();
    r->json = r->sm.addBuffer(std::move(path), std::move(json));
    r->text = importer::importModakJson(r->sm, r->json, r->diags, options);
    if (r->text && mustCheck) {
        // Whatever is imported must load and check without errors.
        SourceManager sm;
        Diagnostics diags;
        model::loadProgram(sm, sm.addBuffer("imported.modak", *r->text), diags);
        INFO(*r->text);
        INFO(test::report(sm, diags));
        CHECK_FALSE(diags.hasErrors());
    }
    return r;
}

/// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, std::string_view from, std::string_view to) {
    auto p = text.find(from);
    REQUIRE(p != std::string::npos);
    return text.replace(p, from.size(), to);
}

/// A complete, valid original job (F2 of docs/modak.md) with extra fields spliced into job_options,
/// application and optimisation; `target` is the body of the target object (nullopt: no target).
std::string job(std::string_view jobOptions = "", std::string_view application = "",
                std::string_view optimisation = "",
                std::optional<std::string_view> target = R"("job_scheduler_type": "torque")") {
    std::string s = R"({"job": {
  "job_options": {"job_name": "mpi_test", "wall_time_limit": "1:00:00")";
    if (!jobOptions.empty())
        s += ", " + std::string(jobOptions);
    s += "},\n";
    if (target)
        s += R"(  "target": {)" + std::string(*target) + "},\n";
    s += R"(  "application": {"app_type": "hpc", "executable": "./xthi", "mpi_ranks": 80)";
    if (!application.empty())
        s += ", " + std::string(application);
    s += R"(},
  "optimisation": {"enable_opt_build": true, "app_type": "hpc", "opt_build": {"cpu_type": "x86"},
    "app_type-hpc": {"config": {"parallelisation": "mpi"}, "data": {},
      "parallelisation-mpi": {"library": "mpich", "version": "3.1.4"}})";
    if (!optimisation.empty())
        s += ", " + std::string(optimisation);
    s += "}}}\n";
    return s;
}

/// Parses the generated text and loads it as a program; returns the rendered diagnostics.
std::string checkGenerated(const std::string& text, const std::string& name, bool& errors) {
    SourceManager sm;
    Diagnostics diags;
    FileId id = sm.addBuffer(name, text);
    model::loadProgram(sm, id, diags);
    errors = diags.hasErrors();
    return test::report(sm, diags);
}

/// The original MODAK examples, and jobs of ours for what they do not show (tests/data/import).
std::vector<fs::path> originalJsonFiles() {
    std::vector<fs::path> files;
    for (const fs::path& folder :
         {fs::path(MODAK_ORIGINAL_DIR) / "examples", fs::path(MODAK_ORIGINAL_DIR) / "test-input",
          fs::path(MODAK_TEST_DATA_DIR) / "data" / "import"})
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.path().extension() == ".json")
                files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::string displayPath(const fs::path& p) {
    return p.parent_path().filename().string() + "/" + p.filename().string();
}

void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

// Documents that are not jobs: they must be refused with a located diagnostic.
const std::set<std::string> kNotJobs =
    {}; // every original example imports (map_container.json as an image)

} // namespace

// ---- Golden files ----------------------------------------------------------------------------

TEST_CASE("import: every original example matches its golden file", "[import][golden]") {
    const fs::path dir = fs::path(MODAK_TEST_DATA_DIR) / "golden" / "import";
    const bool update = std::getenv("MODAK_UPDATE_GOLDEN") != nullptr;
    auto files = originalJsonFiles();
    REQUIRE(files.size() >= 20);
    std::set<std::string> names;
    for (const fs::path& file : files) {
        std::string name = file.stem().string();
        REQUIRE(names.insert(name).second); // golden names must not collide
        INFO(displayPath(file) << " (MODAK_UPDATE_GOLDEN=1 rewrites tests/golden/import)");
        auto r = importText(test::readFile(file.string()), displayPath(file));
        std::string report = r->report();
        fs::path modakPath = dir / (name + ".modak");
        fs::path diagPath = dir / (name + ".diagnostics");
        if (kNotJobs.count(file.filename().string())) {
            CHECK_FALSE(r->text);
            CHECK(r->diags.hasErrors());
        } else {
            CHECK(r->text);
            CHECK_FALSE(r->diags.hasErrors());
        }
        if (update) {
            fs::create_directories(dir);
            if (r->text)
                writeFile(modakPath, *r->text);
            writeFile(diagPath, report);
            continue;
        }
        if (r->text)
            CHECK(*r->text == test::readFile(modakPath.string()));
        else
            CHECK_FALSE(fs::exists(modakPath));
        CHECK(report == test::readFile(diagPath.string()));
    }
}

TEST_CASE("import: every imported example parses, formats canonically and checks", "[import]") {
    for (const fs::path& file : originalJsonFiles()) {
        if (kNotJobs.count(file.filename().string()))
            continue;
        INFO(displayPath(file));
        auto r = importText(test::readFile(file.string()), displayPath(file));
        REQUIRE(r->text);

        SourceManager sm;
        Diagnostics parseDiags;
        FileId id = sm.addBuffer(file.stem().string() + ".modak", *r->text);
        syntax::File tree = syntax::parse(sm, id, parseDiags);
        INFO(test::report(sm, parseDiags));
        CHECK(parseDiags.empty());
        CHECK(tree.version == 1);
        if (file.filename() == "map_container.json") {
            // A container mapping: one image block.
            REQUIRE(tree.statements.size() == 1);
            CHECK(tree.statements[0].key().name == "image");
        } else {
            // Three named blocks: the application, the target and the deployment.
            REQUIRE(tree.statements.size() == 3);
            CHECK(tree.statements[0].key().name == "application");
            CHECK(tree.statements[1].key().name == "target");
            CHECK(tree.statements[2].key().name == "deployment");
        }

        // The importer prints through the formatter, so formatting again changes nothing.
        if (parseDiags.empty())
            CHECK(syntax::format(tree, *r->text) == *r->text);

        bool errors = false;
        std::string report = checkGenerated(*r->text, file.stem().string() + ".modak", errors);
        INFO(report);
        CHECK_FALSE(errors);
    }
}

TEST_CASE("import: every diagnostic of the examples points at a JSON key or value", "[import]") {
    for (const fs::path& file : originalJsonFiles()) {
        auto r = importText(test::readFile(file.string()), displayPath(file));
        for (size_t i = 0; i < r->diags.size(); ++i) {
            INFO(displayPath(file) << ": " << r->diags[i].message);
            std::string at = r->at(i);
            REQUIRE_FALSE(at.empty());
            // A key or string value starts and ends with a quote; other values are numbers or
            // literals.
            bool quoted = at.front() == '"' && at.back() == '"';
            bool scalar = at.find_first_of("{}[],:\n") == std::string::npos;
            CHECK((quoted || scalar));
        }
    }
}

// ---- Syntax errors ----------------------------------------------------------------------------

TEST_CASE("import: malformed JSON is a located json-syntax error", "[import][diagnostics]") {
    auto r = importText("{\"job\": {\n  \"job_options\": {\"job_name\": \"x\",}\n}}\n", "bad.json");
    CHECK_FALSE(r->text);
    CHECK(
        r->report() ==
        R"(bad.json:2:35: error: invalid JSON: syntax error while parsing object key - unexpected '}'; expected string literal [json-syntax]
  "job_options": {"job_name": "x",}
                                  ^
)");

    auto eof = importText("{\"job\": {\"job_options\": ", "eof.json");
    CHECK_FALSE(eof->text);
    REQUIRE(eof->diags.size() == 1);
    CHECK(eof->diags[0].range.begin == 24);
    CHECK(eof->report().starts_with(
        "eof.json:1:25: error: invalid JSON: syntax error while parsing value - "
        "unexpected end of input"));

    auto garbage = importText("{\"job\": tru}", "lit.json");
    REQUIRE(garbage->diags.size() == 1);
    CHECK(diagInfo(garbage->diags[0].code).name == "json-syntax");
    CHECK(garbage->diags[0].range.begin == 8);

    auto empty = importText("", "empty.json");
    CHECK_FALSE(empty->text);
    CHECK(empty->has("json-syntax"));

    auto utf8 = importText("{\"job\": \"\xff\"}", "utf8.json");
    CHECK(utf8->has("json-syntax"));
}

TEST_CASE("import: the top level must be a job object", "[import][diagnostics]") {
    auto array = importText("[1, 2]", "array.json");
    CHECK_FALSE(array->text);
    CHECK(
        array->report() ==
        R"(array.json:1:1: error: a MODAK job must be a JSON object {"job": {…}}, not an array [json-type-mismatch]
[1, 2]
^~~~~~
)");

    // A container mapping is not a job: it becomes an `image` block (a catalogue entry).
    auto mapping =
        importText(test::readFile(std::string(MODAK_ORIGINAL_DIR) + "/examples/map_container.json"),
                   "map_container.json");
    REQUIRE(mapping->text);
    CHECK(mapping->text->find("image mvapich_ub1804_cuda101_mpi22_osu {") != std::string::npos);
    CHECK(mapping->text->find("  mpi = mvapich \"2.2\"\n") != std::string::npos);
    CHECK(mapping->report().empty());
    auto unknown =
        importText(R"({"name": "x", "container_file": "a/b:1", "image_hubb": "docker"})", "m.json");
    CHECK_FALSE(unknown->text);
    CHECK(unknown->has("json-unknown-field"));

    // The language's batch systems MODAK did not know are read as themselves, with a warning.
    for (std::string_view scheduler : {"pbs", "lsf", "flux"}) {
        auto other = importText(
            fmt::format(
                R"({{"job": {{"job_options": {{"node_count": 1}}, "application": {{"executable": "./a"}}, "target": )"
                R"({{"job_scheduler_type": "{}"}}}}}})",
                scheduler),
            "other.json");
        INFO(other->report());
        REQUIRE(other->text);
        CHECK(other->text->find(fmt::format("  scheduler = {}\n", scheduler)) != std::string::npos);
        CHECK(other->text->find(fmt::format("  emit = [{}]\n", scheduler)) != std::string::npos);
        CHECK(other->has("json-legacy-field"));
    }

    auto infra =
        importText(R"({"name": "hlrs", "configuration": {"scheduler": "torque"}})", "infra.json");
    CHECK_FALSE(infra->text);
    CHECK(infra->diags[0].message.find("infrastructure description") != std::string::npos);

    auto emptyObject = importText("{}", "empty.json");
    CHECK_FALSE(emptyObject->text);
    CHECK(
        emptyObject->report() ==
        R"(empty.json:1:1: error: the document has no 'job'; a MODAK job is {"job": {…}} [json-missing-field]
{}
^
)");
}

TEST_CASE("import: a bare member list and a byte-order mark are accepted", "[import]") {
    auto bare = importText(
        "\t\"optimization\": {\"enable_opt_build\": false, \"app_type\": \"hpc\", "
        "\"hpc\": {\"config\": {\"parallelisation\": [\"MPI\"]}, \"mpi\": {\"library\": \"mpich\", "
        "\"version\": \"3.2\"}}}\n",
        "fragment.json");
    REQUIRE(bare->text);
    CHECK(bare->has("json-syntax"));
    CHECK(bare->diags[0].severity == Severity::Warning);
    CHECK(bare->at(0) == "\"optimization\"");
    CHECK(bare->text->find("mpi = mpich \"3.2\"") != std::string::npos);

    auto bom = importText("\xEF\xBB\xBF" + job(), "bom.json");
    REQUIRE(bom->text);
    CHECK(bom->diags.empty());

    // Diagnostics of a bare member list still point into the original text.
    auto bareError = importText("\"optimisation\": {\"enable_opt_build\": 3}", "frag.json");
    CHECK_FALSE(bareError->text);
    for (size_t i = 0; i < bareError->diags.size(); ++i)
        if (bareError->diags[i].code == DiagCode::JsonTypeMismatch)
            CHECK(bareError->at(i) == "3");
}

// ---- Unknown fields and types -------------------------------------------------------------------

TEST_CASE("import: unknown fields get 'did you mean' and a fix", "[import][diagnostics]") {
    auto r = importText(job(R"("wall_time_limt": "2:00:00")"), "typo.json");
    CHECK_FALSE(r->text);
    CHECK(
        r->report() ==
        R"(typo.json:2:73: error: unknown field 'wall_time_limt' in job_options; did you mean 'wall_time_limit'? [json-unknown-field]
  "job_options": {"job_name": "mpi_test", "wall_time_limit": "1:00:00", "wall_time_limt": "2:00:00"},
                                                                        ^~~~~~~~~~~~~~~~
)");
    REQUIRE(r->diags[0].fixes.size() == 1);
    CHECK(r->diags[0].fixes[0].edits[0].text == "\"wall_time_limit\"");
    CHECK(r->diags[0].fixes[0].edits[0].range == r->diags[0].range);

    auto none = importText(job("", R"("colour": "blue")"), "unknown.json");
    CHECK(none->report() ==
          R"(unknown.json:4:79: error: unknown field 'colour' in application [json-unknown-field]
  "application": {"app_type": "hpc", "executable": "./xthi", "mpi_ranks": 80, "colour": "blue"},
                                                                              ^~~~~~~~
)");
    CHECK(none->diags[0].fixes.empty());

    auto nested = importText(
        job("", "", R"("autotuning": {"tunr": "cresta"}, "enable_autotuning": true)"), "n.json");
    CHECK(nested->has("json-unknown-field"));
    bool found = false;
    for (const Diagnostic& d : nested->diags)
        if (d.code == DiagCode::JsonUnknownField) {
            CHECK(d.message ==
                  "unknown field 'tunr' in optimisation.autotuning; did you mean 'tuner'?");
            found = true;
        }
    CHECK(found);

    auto top = importText(R"({"jbo": {}})", "top.json");
    CHECK(
        top->report() ==
        R"(top.json:1:2: error: unknown field 'jbo' in the document; did you mean 'job'? [json-unknown-field]
{"jbo": {}}
 ^~~~~
)");
}

TEST_CASE("import: type mismatches are located at the value", "[import][diagnostics]") {
    auto r = importText(job(R"("node_count": "four")"), "types.json");
    CHECK_FALSE(r->text);
    CHECK(
        r->report() ==
        R"(types.json:2:87: error: 'node_count' must be an integer, not a string [json-type-mismatch]
  "job_options": {"job_name": "mpi_test", "wall_time_limit": "1:00:00", "node_count": "four"},
                                                                                      ^~~~~~
)");

    auto obj = importText(job("", R"("build": "make")"), "obj.json");
    CHECK(obj->has("json-type-mismatch"));
    CHECK(obj->diags[0].message == "'build' must be an object, not a string");
    CHECK(obj->at(0) == "\"make\"");

    auto boolean = importText(job(R"("combine_stdout_stderr": [true])"), "b.json");
    CHECK(boolean->diags[0].message == "'combine_stdout_stderr' must be a boolean, not an array");

    // pydantic converts these; the importer does too, with a warning.
    auto lenient =
        importText(job(R"("node_count": "4", "combine_stdout_stderr": "true")"), "lenient.json");
    REQUIRE(lenient->text);
    CHECK(lenient->diags.size() == 2);
    CHECK(lenient->diags[0].severity == Severity::Warning);
    CHECK(lenient->text->find("    nodes = 4\n") != std::string::npos);
    CHECK(lenient->text->find("    combine_output = true\n") != std::string::npos);

    auto zero = importText(job(R"("node_count": 0)"), "zero.json");
    CHECK_FALSE(zero->text);
    CHECK(zero->diags[0].message == "'node_count' must be at least 1 (it is 0)");
    CHECK(diagInfo(zero->diags[0].code).name == "json-invalid-value");

    auto big = importText(job(R"("node_count": 99999999999999999999)"), "big.json");
    CHECK_FALSE(big->text);
    CHECK(big->diags[0].message.find("does not fit in 64 bits") != std::string::npos);

    auto eff = importText(job("", R"("minimal_efficiency": 1.5)"), "eff.json");
    CHECK_FALSE(eff->text);
    CHECK(eff->diags[0].message ==
          "'minimal_efficiency' must be above 0 and at most 1 (it is 1.5)");
}

TEST_CASE("import: missing required fields", "[import][diagnostics]") {
    auto r = importText(
        R"({"job": {"job_options": {}, "target": {"job_scheduler_type": "slurm"}}})", "m.json");
    CHECK_FALSE(r->text);
    CHECK(
        r->report() ==
        R"(m.json:1:2: error: 'job' has no 'application'; MODAK requires the application to run [json-missing-field]
{"job": {"job_options": {}, "target": {"job_scheduler_type": "slurm"}}}
 ^~~~~
)");

    auto build = importText(job("", R"("build": {"src": "https://x/y.c"})"), "build.json");
    CHECK_FALSE(build->text);
    CHECK(build->diags[0].message == "'build' has no 'build_command'");

    auto kind = importText(replaced(job(), R"("app_type": "hpc", "opt_build")", R"("opt_build")"),
                           "kind.json");
    CHECK_FALSE(kind->text);
    CHECK(kind->has("json-missing-field"));
}

TEST_CASE("import: invalid enumeration values", "[import][diagnostics]") {
    auto r = importText(replaced(job(), R"("x86")", R"("sparc")"), "cpu.json");
    CHECK_FALSE(r->text);
    CHECK(
        r->report() ==
        R"(cpu.json:5:91: error: 'cpu_type' is "sparc", which is not a CPU type (expected x86, arm, amd or power) [json-invalid-value]
  "optimisation": {"enable_opt_build": true, "app_type": "hpc", "opt_build": {"cpu_type": "sparc"},
                                                                                          ^~~~~~~
)");

    auto sched = importText(job("", "", "", R"("job_scheduler_type": "slrum")"), "s.json");
    CHECK_FALSE(sched->text);
    CHECK(sched->diags[0].message == "'job_scheduler_type' is \"slrum\", which is not a scheduler "
                                     "(expected slurm, torque or none); did you "
                                     "mean \"slurm\"?");

    auto inference = importText(
        replaced(job(), R"("app_type": "hpc", "opt)", R"("app_type": "ai_inference", "opt)"),
        "inf.json");
    // The IDE declared ai_inference; it imports with a warning (the performance model does not
    // cover it).
    REQUIRE(inference->text);
    CHECK(inference->text->find("kind = ai_inference") != std::string::npos);
    CHECK(inference->has("json-invalid-value"));
    CHECK_FALSE(inference->diags.hasErrors());
}

TEST_CASE("import: duplicate keys warn and the last one wins", "[import][diagnostics]") {
    auto r = importText(job(R"("job_name": "second")"), "dup.json");
    REQUIRE(r->text);
    CHECK(r->text->find("name = \"second\"") != std::string::npos);
    REQUIRE(r->diags.size() == 1);
    CHECK(r->diags[0].severity == Severity::Warning);
    CHECK(r->at(0) == "\"job_name\"");
    REQUIRE(r->diags[0].notes.size() == 1);
    CHECK(r->diags[0].notes[0].message == "first given here");
}

// ---- Mapping ------------------------------------------------------------------------------------

TEST_CASE("import: the F2 job maps field by field", "[import][mapping]") {
    auto r = importText(job(R"("node_count": 2, "core_count": 40, "process_count_per_node": 40,
    "standard_output_file": "mpi_test.out", "standard_error_file": "mpi_test.err", "combine_stdout_stderr": true,
    "request_event_notification": "abe", "email_address": "user@example.org")",
                            R"("arguments": "", "threads": 2, "build": {"src": "https://x/Xthi.c",
    "build_command": "mpicc -o xthi -fopenmp Xthi.c", "build_parallelism": 4})"),
                        "f2.json");
    REQUIRE(r->text);
    CHECK(r->diags.empty());
    CHECK(*r->text == R"(// Imported by `modak import` from f2.json (an original MODAK job).
modak 1

application mpi_test {
  kind = hpc
  parallelisation = [mpi]
  mpi = mpich "3.1.4"
  ranks = 80
  threads = 2
  executable = "./xthi"
  type = hpc
  build { src = "https://x/Xthi.c", command = "mpicc -o xthi -fopenmp Xthi.c", parallelism = 4 }
}

target mpi_test {
  scheduler = torque
  runtime = singularity
  cpu { arch = x86_64 }
}

deployment mpi_test {
  application = mpi_test
  target = mpi_test
  build = source
  job {
    name = "mpi_test"
    walltime = 1h
    nodes = 2
    tasks = 40
    tasks_per_node = 40
    output = "mpi_test.out"
    // not imported: standard_error_file = "mpi_test.err" (combine_stdout_stderr merges it into the output)
    combine_output = true
    notify = [abort, begin, end]
    email = "user@example.org"
  }
  emit = [torque, build]
}
)");
}

TEST_CASE("import: wall_time_limit forms", "[import][mapping]") {
    auto walltime = [](std::string value) {
        auto r = importText(job("\"wall_time_limit\": " + value), "w.json");
        if (!r->text)
            return "error: " + (r->diags.empty() ? std::string() : r->diags.items().back().message);
        auto p = r->text->find("walltime = ");
        return r->text->substr(p + 11, r->text->find('\n', p) - p - 11);
    };
    CHECK(walltime("\"12:00:00\"") == "12h");
    CHECK(walltime("\"12:00:00 \"") == "12h");
    CHECK(walltime("\"1:30:00\"") == "1h30m");
    CHECK(walltime("\"1 day, 2:00:00\"") == "1d2h");
    CHECK(walltime("\"3 days, 0:00:10\"") == "3d10s");
    CHECK(walltime("\"30:00\"") == "30m");
    CHECK(walltime("\"90\"") == "1m30s");
    CHECK(walltime("5400") == "1h30m");
    CHECK(walltime("\"P1DT2H\"") == "1d2h");
    CHECK(walltime("\"PT45M\"") == "45m");
    CHECK(walltime("\"1-12:00:00\"") == "1d12h");
    CHECK(walltime("\"0:00:10.6\"") == "11s");
    CHECK(walltime("\"tomorrow\"")
              .starts_with("error: 'wall_time_limit' is \"tomorrow\", which is not a duration"));
    CHECK(walltime("\"0:00:00\"") ==
          "error: 'wall_time_limit' \"0:00:00\" is not a positive duration");
    CHECK(walltime("true") == "error: 'wall_time_limit' must be a string, not a boolean");

    auto spaces = importText(replaced(job(), R"("1:00:00")", R"("12:00:00 ")"), "w.json");
    CHECK(
        spaces->report() ==
        R"(w.json:2:62: warning: 'wall_time_limit' "12:00:00 " has surrounding spaces, which MODAK rejects; read as 12:00:00 [json-legacy-field]
  "job_options": {"job_name": "mpi_test", "wall_time_limit": "12:00:00 "},
                                                             ^~~~~~~~~~~
)");
}

TEST_CASE("import: notifications, e-mail, environment and memory", "[import][mapping]") {
    auto line = [](const std::string& options, std::string_view key) {
        auto r = importText(job(options), "n.json");
        REQUIRE(r->text);
        auto p = r->text->find(std::string("    ") + std::string(key) + " = ");
        if (p == std::string::npos)
            return std::string("<none>");
        p += 7 + key.size();
        return r->text->substr(p, r->text->find('\n', p) - p);
    };
    CHECK(line(R"("request_event_notification": "abe")", "notify") == "[abort, begin, end]");
    CHECK(line(R"("request_event_notification": "n")", "notify") == "[none]");
    CHECK(line(R"("request_event_notification": "BEGIN,END,FAIL")", "notify") ==
          "[begin, end, fail]");
    CHECK(line(R"("request_event_notification": "ALL")", "notify") == "[all]");
    CHECK(line(R"("request_event_notification": "begin, requeue")", "notify") ==
          "[begin, requeue]");
    CHECK(line(R"("request_event_notification": "BEGIN,TIME_LIMIT")", "notify") ==
          "[begin, time_limit]");
    CHECK(
        line(
            R"("request_event_notification": "time_limit_90,ARRAY_TASKS,invalid_depend,STAGE_OUT")",
            "notify") == "[time_limit_90, array_tasks, invalid_depend, stage_out]");
    CHECK(line(R"("request_event_notification": "events")", "notify") == "<none>");
    CHECK(line(R"("email_address": "mail.com")", "email") == "<none>");
    CHECK(line(R"("copy_environment": true)", "export_env") == "true");
    CHECK(line(R"("copy_environment": false)", "export_env") == "<none>");
    CHECK(line(R"("copy_environment_variable": "PATH, LD_LIBRARY_PATH")", "export_env") ==
          R"(["PATH", "LD_LIBRARY_PATH"])");
    CHECK(line(R"("copy_environment_variable": "ALL,PATH,all")", "export_env") ==
          R"([all, "PATH"])");
    CHECK(line(R"("memory_limit": "10 MB")", "memory") == "10 MB");
    CHECK(line(R"("memory_limit": "4G")", "memory") == "4 GiB");
    CHECK(line(R"("memory_limit": 2048)", "memory") == "2048 MiB");
    CHECK(line(R"("memory_limit": "")", "memory") == "<none>");
    CHECK(line(R"("minimum_memory_per_processor": "1.5GiB")", "memory_per_cpu") == "1.5 GiB");
    CHECK(line(R"("job_array": "1,2,3,4")", "array") == "[1, 2, 3, 4]");
    CHECK(line(R"("job_array": "1-10")", "array") == "1..10");
    CHECK(line(R"("job_array": "1-10%2")", "array") == "\"1-10%2\"");
    CHECK(line(R"("partition": "gpu")", "constraint") == "\"gpu\"");
    CHECK(line(R"("job_dependency": " ")", "dependency") == "<none>");

    auto events =
        importText(job(R"("request_event_notification": "BEGIN,TIME_LIMIT,bogus")"), "e.json");
    REQUIRE(events->diags.size() == 1);
    CHECK(events->diags[0].message == "'request_event_notification' is \"BEGIN,TIME_LIMIT,bogus\": "
                                      "bogus is no Torque (abefn) or Slurm mail "
                                      "option; ignored");
    auto limit = importText(job(R"("request_event_notification": "TIME_LIMIT_80")"), "e.json");
    CHECK(limit->diags.empty());
    CHECK(limit->text->find("    notify = [time_limit_80]\n") != std::string::npos);
}

TEST_CASE("import: strings are escaped and names sanitised", "[import][mapping]") {
    auto r = importText(job(R"("job_name": "my \"job\"\\1\ttab")", R"("arguments": "a\nb \u00e9")"),
                        "esc.json");
    REQUIRE(r->text);
    CHECK(r->text->find("application my__job__1_tab {") != std::string::npos);
    CHECK(r->text->find(R"(name = "my \"job\"\\1\ttab")") != std::string::npos);
    CHECK(r->text->find("arguments = \"a\\nb \xC3\xA9\"") != std::string::npos);

    // The formatter prints the result: a hidden code point is shown escaped, a list too long for
    // one line is expanded, and a line break in a comment cannot end it.
    auto printed = importText(job(R"("job_name": "rtl\u202e", "copy_environment_variable": ")" +
                                  std::string(120, 'A') + R"(,B")"),
                              "fmt.json");
    REQUIRE(printed->text);
    CHECK(printed->text->find(R"(name = "rtl\u{202E}")") != std::string::npos);
    CHECK(printed->text->find("    export_env = [\n      \"" + std::string(120, 'A') +
                              "\",\n      \"B\",\n    ]\n") != std::string::npos);
    auto comment =
        importText(R"({"container_file": "img:1", "src": "line 1\nline 2"})", "map.json");
    REQUIRE(comment->text);
    CHECK(comment->text->find("  // built from source: line 1\\nline 2\n") != std::string::npos);

    auto digits = importText(job(R"("job_name": "42")"), "d.json");
    CHECK(digits->text->find("application job_42 {") != std::string::npos);
    auto reserved = importText(job(R"("job_name": "none")"), "d.json");
    CHECK(reserved->text->find("deployment none_job {") != std::string::npos);

    importer::ImportOptions options;
    options.name = "renamed";
    auto named = importText(job(), "d.json", options);
    CHECK(named->text->find("application renamed {") != std::string::npos);
    CHECK(named->text->find("  application = renamed\n") != std::string::npos);

    auto stem = importText(R"({"optimisation": {"enable_opt_build": false, "app_type": "hpc",
        "app_type-hpc": {"config": {"parallelisation": "openmp"}}}})",
                           "dir/my-opt.json");
    REQUIRE(stem->text);
    CHECK(stem->text->find("application my_opt {") != std::string::npos);
}

TEST_CASE("import: the application and target sides", "[import][mapping]") {
    auto r = importText(R"({"job": {
  "job_options": {"job_name": "app"},
  "target": {"name": "hlrs-testbed", "job_scheduler_type": "slurm"},
  "application": {"app_tag": "code_aster", "app_type": "mpi", "executable": "aster", "arguments": "-x",
    "container_runtime": "library://sodalite/code_aster:14.4", "mpi_ranks": 4, "threads": 2,
    "minimal_efficiency": 0.8, "storage_class_pref": "default-ssd", "pre-execution": "module load a",
    "post-execution": "echo done"}}})",
                        "app.json");
    REQUIRE(r->text);
    CHECK(*r->text == R"(// Imported by `modak import` from app.json (an original MODAK job).
modak 1

application app {
  // the JSON has no optimisation: MODAK ran it as a plain (container) job
  kind = hpc
  ranks = 4
  threads = 2
  executable = "aster"
  arguments = "-x"
  tag = "code_aster"
  container = "library://sodalite/code_aster:14.4"
  type = mpi
  pre = "module load a"
  post = "echo done"
}

target hlrs_testbed {
  scheduler = slurm
  site = "hlrs-testbed"
  runtime = singularity
}

deployment app {
  application = app
  target = hlrs_testbed
  storage = "default_ssd"
  scale { min_efficiency = 0.8 }
  job {
    name = "app"
  }
  emit = [slurm]
}
)");
    // Two legacy fields (pre-/post-execution).
    CHECK(r->diags.size() == 2);

    auto scheme =
        importText(R"({"job": {"job_options": {}, "target": {"job_scheduler_type": "none"},
        "application": {"container_runtime": "ubuntu:22.04", "executable": "cat"}}})",
                   "c.json");
    REQUIRE(scheme->text);
    CHECK(scheme->text->find("container = \"docker://ubuntu:22.04\"") != std::string::npos);

    // Without an executable MODAK ran the image's default command, and so does .modak.
    auto run = importText(R"({"job": {"job_options": {}, "target": {"job_scheduler_type": "none"},
        "application": {"container_runtime": "docker://ubuntu:22.04"}}})",
                          "run.json");
    REQUIRE(run->text);
    CHECK(run->report().empty());
    CHECK(run->text->find("  emit = [script]\n") != std::string::npos);
    auto nothing =
        importText(R"({"job": {"job_options": {}, "target": {"job_scheduler_type": "none"},
        "application": {"app_tag": "x"}}})",
                   "nothing.json", {}, false);
    REQUIRE(nothing->text);
    CHECK(
        nothing->report() ==
        R"(nothing.json:2:9: warning: 'application' has no 'executable'; add `executable` or `run` to the result [json-missing-field]
        "application": {"app_tag": "x"}}}
        ^~~~~~~~~~~~~
)");

    auto withOpt = importText(job("", R"("container_runtime": "docker://x/y:1")"), "c.json");
    REQUIRE(withOpt->text);
    CHECK(withOpt->text->find("container = ") == std::string::npos);
    CHECK(withOpt->text->find("// not imported: container_runtime = \"docker://x/y:1\"") !=
          std::string::npos);

    auto noTarget = importText(job("", "", "", std::nullopt), "t.json");
    REQUIRE(noTarget->text);
    CHECK(noTarget->has("json-missing-field"));
    CHECK(noTarget->text->find("  scheduler = none\n") != std::string::npos);
    CHECK(noTarget->text->find("  emit = [script]\n") !=
          std::string::npos); // MODAK wrote a plain bash script

    auto onlyName = importText(job("", "", "", R"("name": "egi")"), "n.json");
    REQUIRE(onlyName->text);
    CHECK(onlyName->text->find("target egi {\n  // the JSON gives no job_scheduler_type") !=
          std::string::npos);

    auto amd = importText(replaced(job(), R"("x86")", R"("amd", "acc_type": "amd")"), "a.json");
    REQUIRE(amd->text);
    CHECK(amd->text->find("  cpu { arch = x86_64, vendor = amd }\n  accelerator = amd\n") !=
          std::string::npos);
    auto power = importText(replaced(job(), R"("x86")", R"("power")"), "p.json");
    CHECK(power->text->find("cpu { arch = ppc64le }") != std::string::npos);
}

TEST_CASE("import: hpc parallelisation blocks", "[import][mapping]") {
    auto r = importText(
        R"({"optimisation": {"enable_opt_build": true, "enable_autotuning": true, "app_type": "hpc",
  "opt_build": {"cpu_type": "arm", "acc_type": "nvidia"},
  "autotuning": {"tuner": "cresta", "input": "begin configuration\nend configuration"},
  "app_type-hpc": {"config": {"parallelisation": "mpi/openmp/opencc/opencl"},
    "data": {"location": "/scratch/in", "basedata": "restart", "size": "20 GB", "count": 10, "etl": {"prefetch": true, "cache": false}},
    "parallelisation-mpi": {"library": "opnmpi", "version": "4.1", "scaling_efficiency": 0.9, "message_size": "large"},
    "parallelisation-openmp": {"number_of_threads": 8, "scaling_efficiency": 0.5, "affinity": "simple"},
    "parallelisation-opencc": {"compiler": "pgi", "version": "19.10", "number_of_acc": 4},
    "parallelisation-opencl": {"compiler": "cray", "version": "2.0", "number_of_acc": 1}}}})",
        "hpc.json");
    REQUIRE(r->text);
    CHECK(*r->text ==
          R"(// Imported by `modak import` from hpc.json (a MODAK optimisation without a job).
modak 1

application hpc {
  kind = hpc
  dataset {
    path = "/scratch/in"
    samples = 10
    size = 20 GB
    basedata = "restart"
    prefetch = true
    cache = false
  }
  parallelisation = [mpi, openmp, openacc, opencl]
  mpi = openmpi "4.1"
  mpi_tuning { message_size = large, scaling_efficiency = 0.9 }
  openmp { threads = 8, affinity = simple, scaling_efficiency = 0.5 }
  openacc { compiler = pgi, version = "19.10", accelerators = 4 }
  opencl { compiler = cray, version = "2.0", accelerators = 1 }
}

target hpc {
  scheduler = none
  runtime = singularity
  cpu { arch = aarch64 }
  accelerator = nvidia
}

deployment hpc {
  application = hpc
  target = hpc
  build = source
  autotune { tuner = cresta, input = "begin configuration\nend configuration" }
}
)");
    CHECK_FALSE(r->diags.hasErrors());
}

TEST_CASE("import: AI frameworks and graph compilers", "[import][mapping]") {
    auto ai = [](std::string_view framework, std::string_view blocks) {
        return importText(
            std::string(R"({"optimisation": {"enable_opt_build": false, "app_type": "ai_training",
  "app_type-ai_training": {"config": {"ai_framework": ")") +
                std::string(framework) + R"(", "distributed_training": false}, )" +
                std::string(blocks) + "}}}",
            "ai.json");
    };
    auto keras = ai("keras", R"("ai_framework-keras": {"version": "2.3", "backend": "theano"})");
    REQUIRE(keras->text);
    CHECK(keras->text->find(
              "  framework = keras \"2.3\"\n  keras_backend = theano\n  distributed = none\n") !=
          std::string::npos);
    CHECK(keras->text->find("  build = hub\n") != std::string::npos);

    auto glow = ai("pytorch", R"("ai_framework-pytorch": {"version": "1.5", "glow": true})");
    REQUIRE(glow->text);
    CHECK(glow->text->find("framework = pytorch \"1.5\"") != std::string::npos);
    CHECK(glow->text->find("graph_compiler = glow") != std::string::npos);

    auto noXla = ai("tensorflow", R"("ai_framework-tensorflow": {"version": "2.4", "xla": false})");
    CHECK(noXla->text->find("graph_compiler = none") != std::string::npos);

    auto mxnet = ai("mxnet", R"("data": {})");
    CHECK(mxnet->text->find("  framework = mxnet\n") != std::string::npos);

    // Every framework of the language has its block, in MODAK's form and in the IDE's.
    for (const model::EnumValue& fw :
         model::topLevelBlock("application")->key("framework")->enumValues())
        for (const std::string& key : {"ai_framework-" + fw.name, fw.name}) {
            INFO(key);
            auto r = ai(fw.name, "\"" + key + R"(": {"version": "1.0"})");
            REQUIRE(r->text);
            CHECK(r->text->find("  framework = " + fw.name + " \"1.0\"\n") != std::string::npos);
            CHECK_FALSE(r->diags.hasErrors());
        }

    // The IDE's form: "ai_training" and the framework name as keys; other frameworks are comments.
    auto ide = importText(
        R"({"name": "snow.opt", "optimization": {"enable_opt_build": true, "app_type": "AI_Training",
  "opt_build": {"cpu_type": "x86"},
  "ai_training": {"config": {"ai_framework": "TensorFlow"}, "tensorflow": {"version": "2.2", "xla": true},
    "pytorch": {"version": "1.5", "glow": true}}}})",
        "ide.json");
    REQUIRE(ide->text);
    CHECK(ide->text->find("application snow_opt {") != std::string::npos);
    CHECK(ide->text->find(
              "  framework = tensorflow \"2.2\"\n"
              "  // not imported (ai_framework is tensorflow): optimisation.pytorch would give\n"
              "  //   framework = pytorch \"1.5\"\n"
              "  //   graph_compiler = glow\n") != std::string::npos);
    CHECK(ide->text->find("graph_compiler = xla") != std::string::npos);
    CHECK_FALSE(ide->diags.hasErrors());
}

TEST_CASE("import: documentation placeholders warn and use the first alternative",
          "[import][mapping]") {
    auto r = importText(test::readFile(std::string(MODAK_ORIGINAL_DIR) + "/examples/job_data.json"),
                        "job_data.json");
    REQUIRE(r->text);
    CHECK_FALSE(r->diags.hasErrors());
    size_t alternatives = 0;
    for (const Diagnostic& d : r->diags)
        if (d.message.find("a list of alternatives") != std::string::npos) {
            CHECK(d.severity == Severity::Warning);
            ++alternatives;
        }
    CHECK(alternatives == 6); // cpu_type, acc_type, app_type, ai_framework, config.type, basedata
    CHECK(r->text->find("cpu { arch = x86_64 }") != std::string::npos);
    CHECK(r->text->find("  // not imported: email_address = \"mail.com\"\n") != std::string::npos);
}

TEST_CASE("import: autotuning needs enable_autotuning", "[import][mapping]") {
    auto tuned = importText(
        job("", "",
            R"("enable_autotuning": "true", "autotuning": {"tuner": "cresta", "input": "t"})"),
        "a.json");
    REQUIRE(tuned->text);
    CHECK(tuned->text->find("  autotune { tuner = cresta, input = \"t\" }\n") != std::string::npos);
    CHECK(tuned->diags.size() == 1); // the string "true" read as a boolean

    auto off =
        importText(job("", "", R"("autotuning": {"tuner": "cresta", "input": "t"})"), "a.json");
    REQUIRE(off->text);
    CHECK(off->text->find("autotune {") == std::string::npos);
    CHECK(off->text->find("  // not imported: optimisation.autotuning (tuner \"cresta\"), because "
                          "enable_autotuning is "
                          "not true\n") != std::string::npos);
    CHECK(off->report().find(
              "'autotuning' is given but 'enable_autotuning' is not true; not imported") !=
          std::string::npos);

    auto otherTuner = importText(
        job("", "",
            R"("enable_autotuning": true, "autotuning": {"tuner": "autotune", "input": "t"})"),
        "a.json");
    REQUIRE(otherTuner->text);
    CHECK(otherTuner->text->find("  autotune { tuner = autotune, input = \"t\" }\n") !=
          std::string::npos);
}
