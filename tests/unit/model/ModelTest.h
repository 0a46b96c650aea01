// SPDX-License-Identifier: Apache-2.0
// Helpers for the model tests: load a program from in-memory files and render its diagnostics.
#pragma once

#include "Test.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

namespace modak::test {

using Files = std::map<std::string, std::string>;

/// A FileReader serving `files` by their normalised relative path ("targets/hlrs.modak").
inline model::FileReader memoryReader(Files files) {
    return [files = std::move(files)](SourceManager& sm, const std::filesystem::path& path,
                                      std::string& error) -> std::optional<FileId> {
        auto it = files.find(path.generic_string());
        if (it == files.end()) {
            error = "No such file or directory";
            return std::nullopt;
        }
        return sm.addBuffer(path.generic_string(), it->second);
    };
}

/// A loaded program with the SourceManager and diagnostics it points into.
struct Loaded {
    SourceManager sm;
    Diagnostics diags;
    model::Program program;

    std::string report() const { return test::report(sm, diags); }
};

inline std::unique_ptr<Loaded> load(std::string text, Files imports = {},
                                    std::string path = "test.modak", uint32_t maxDepth = 32) {
    auto out = std::make_unique<Loaded>();
    FileId root = out->sm.addBuffer(std::move(path), std::move(text));
    model::LoadOptions options;
    options.reader = memoryReader(std::move(imports));
    options.maxImportDepth = maxDepth;
    out->program = model::loadProgram(out->sm, root, out->diags, options);
    return out;
}

/// Loads `text` as test.modak and renders every diagnostic as `modak check` prints them.
inline std::string check(std::string text, Files imports = {}) {
    return load(std::move(text), std::move(imports))->report();
}

/// Applies a fix's edits to `text` (edits do not overlap).
inline std::string applyFix(std::string text, const Fix& fix) {
    std::vector<TextEdit> edits = fix.edits;
    std::sort(edits.begin(), edits.end(),
              [](const TextEdit& a, const TextEdit& b) { return a.range.begin > b.range.begin; });
    for (const TextEdit& e : edits)
        text.replace(e.range.begin, e.range.end - e.range.begin, e.text);
    return text;
}

/// The first diagnostic with `code`, or nullptr.
inline const Diagnostic* firstWith(const Diagnostics& diags, DiagCode code) {
    for (const Diagnostic& d : diags)
        if (d.code == code)
            return &d;
    return nullptr;
}

/// A program planned whole, with what loading and planning said (tests read plans by name).
struct Planned {
    SourceManager sm;
    Diagnostics diags;
    model::Program program;
    model::Plan plan;
    FileId root;

    const model::DeploymentPlan& at(std::string_view name) const {
        for (const auto& d : plan.deployments)
            if (d.name == name)
                return d;
        FAIL("no deployment " + std::string(name));
        return plan.deployments.front();
    }
};

/// Loads `relative` (from the source tree), requires no errors, and plans it.
inline std::unique_ptr<Planned> planSourceFile(const std::string& relative) {
    auto out = std::make_unique<Planned>();
    std::string error;
    auto id = out->sm.readFile(std::string(MODAK_SOURCE_DIR) + "/" + relative, error);
    REQUIRE(id);
    out->root = *id;
    out->program = model::loadProgram(out->sm, *id, out->diags);
    INFO(test::report(out->sm, out->diags));
    REQUIRE_FALSE(out->diags.hasErrors());
    out->plan = model::planProgram(out->sm, out->program, {}, out->diags);
    return out;
}

/// A `.modak` file of the source tree and the name diagnostics and goldens give it.
struct SourceInput {
    std::filesystem::path path;
    std::string sourceName; // e.g. "examples/mnist.modak"
    auto operator<=>(const SourceInput&) const = default;
};

/// Every `.modak` file directly in each of `dirs` (relative to the source tree), sorted, so a
/// golden loop visits them in one order on every machine.
inline std::vector<SourceInput> sourceInputs(std::initializer_list<std::string_view> dirs) {
    std::vector<SourceInput> out;
    for (auto dir : dirs)
        for (const auto& e :
             std::filesystem::directory_iterator(std::filesystem::path(MODAK_SOURCE_DIR) / dir))
            if (e.path().extension() == ".modak")
                out.push_back({e.path(), std::string(dir) + "/" + e.path().filename().string()});
    std::sort(out.begin(), out.end());
    return out;
}

/// The prediction's factor line that starts with `prefix`, or "" when it has none.
inline std::string factorStartingWith(const model::Prediction& p, std::string_view prefix) {
    auto it = std::find_if(p.factors.begin(), p.factors.end(),
                           [&](const std::string& f) { return f.starts_with(prefix); });
    return it == p.factors.end() ? std::string() : *it;
}

} // namespace modak::test
