// SPDX-License-Identifier: Apache-2.0
// Every key of the schema is read by some stage, or marked documentation-only in the table (issue
// 15). Measured, not declared: with a tree::KeyReads recorder installed, every example, every
// imported MODAK job and the valid test files are loaded, planned, generated (their own outputs and
// every output this version writes) and, where they have an `autotune` block, swept; then every key
// of every block schema must have been looked up.
#include "Test.h"
#include "modak/calibrate/Sweep.h"
#include "modak/codegen/Output.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"
#include "modak/model/Schema.h"
#include "modak/model/TreeAccess.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

using namespace modak;
namespace fs = std::filesystem;

namespace {

/// The .modak files under `dir` (recursively), sorted.
std::vector<fs::path> modakFilesUnder(const fs::path& dir) {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".modak")
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

/// Runs every stage after the checks on `path`; false when the file has errors (then only loaded).
bool runStages(const fs::path& path) {
    SourceManager sm;
    Diagnostics diags;
    std::string error;
    auto id = sm.readFile(path, error);
    REQUIRE(id);
    model::Program program = model::loadProgram(sm, *id, diags);
    if (diags.hasErrors())
        return false;
    model::Plan plan = model::planProgram(sm, program, {}, diags);
    codegen::GenerateOptions own;
    own.sourceName = path.filename().string();
    own.version = "test";
    codegen::generateProgram(sm, program, *id, plan, own, diags);
    codegen::GenerateOptions every = own; // every generator, whatever the deployment emits
    every.emit = codegen::supportedEmits();
    codegen::generateProgram(sm, program, *id, plan, every, diags);
    for (const model::Symbol& sym : program.symbols) {
        if (sym.kind != "deployment" || sym.file != *id ||
            !model::tree::child(sym.block, "autotune"))
            continue;
        calibrate::SweepOptions sweep;
        sweep.deployment = std::string(sym.name);
        sweep.kernel = "app";
        sweep.version = "test";
        calibrate::generateBench(sm, program, *plan.catalogue, sweep, diags);
    }
    return true;
}

} // namespace

TEST_CASE("schema: every key is read by a stage or marked documentation-only",
          "[schema][keyread]") {
    const fs::path root(MODAK_SOURCE_DIR);
    std::vector<fs::path> files;
    for (const char* dir :
         {"examples", "tests/golden/import", "tests/golden/sema", "tests/corpus/valid",
          "tests/data/cloud", "tests/codegen/data", "tests/schemas"}) {
        auto found = modakFilesUnder(root / dir);
        files.insert(files.end(), found.begin(), found.end());
    }

    model::tree::KeyReads reads;
    model::tree::keyReads = &reads;
    size_t planned = 0;
    for (const fs::path& f : files) {
        INFO(f.string());
        planned += runStages(f) ? 1 : 0;
    }
    model::tree::keyReads = nullptr;
    CHECK(planned >= 40);

    auto read = [&](std::string_view kind, std::string_view key) {
        return reads.seen.count({std::string(kind), std::string(key)}) > 0;
    };
    auto anyRead = [&](std::string_view kind) {
        return std::any_of(reads.seen.begin(), reads.seen.end(),
                           [&](const auto& r) { return r.first == kind; });
    };
    std::vector<std::string> unread, markedButRead;
    for (const model::BlockSchema* block : model::allBlockSchemas()) {
        if (block->anyKey)
            continue; // free-form keys (env): every name is the user's, passed through whole
        for (const model::KeySchema& key : block->keys) {
            // Top-level blocks are found through the program's symbols, not looked up by key: one
            // counts as read when a stage reads inside it.
            bool wasRead = read(block->kind, key.name) ||
                           (block->kind == "file" && key.named && anyRead(key.name));
            if (!wasRead && key.documentationOnly.empty())
                unread.push_back(block->kind + "." + key.name);
            if (wasRead && !key.documentationOnly.empty())
                markedButRead.push_back(block->kind + "." + key.name);
        }
    }
    auto list = [](const std::vector<std::string>& keys) {
        std::string out;
        for (const auto& k : keys)
            out += "\n  " + k;
        return out;
    };
    INFO("keys no stage reads (read them, or mark them .docOnly(\"why\") in model/src/Schema.cpp):"
         << list(unread));
    CHECK(unread.empty());
    INFO("keys marked documentation-only that a stage reads (drop the mark):"
         << list(markedButRead));
    CHECK(markedButRead.empty());
}
