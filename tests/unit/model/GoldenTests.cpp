// SPDX-License-Identifier: Apache-2.0
// File-based goldens: every tests/golden/sema/*.modak is loaded (imports resolved relative to it)
// and its rendered diagnostics compared with the .expected file next to it. Run with
// MODAK_UPDATE_GOLDEN=1 to rewrite the expected files after an intended change.
#include "ModelTest.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

using namespace modak;
namespace fs = std::filesystem;

namespace {

const fs::path kDir = fs::path(MODAK_TEST_DATA_DIR) / "golden" / "sema";

/// Serves files below kDir under their relative names, so the output has no machine paths.
model::FileReader goldenReader() {
    return
        [](SourceManager& sm, const fs::path& path, std::string& error) -> std::optional<FileId> {
            fs::path full = kDir / path;
            std::error_code ec;
            if (fs::is_directory(full, ec)) {
                error = "is a directory";
                return std::nullopt;
            }
            if (!fs::exists(full, ec)) {
                error = "No such file or directory";
                return std::nullopt;
            }
            return sm.addBuffer(path.generic_string(), test::readFile(full.string()));
        };
}

} // namespace

TEST_CASE("golden: tests/golden/sema") {
    std::vector<fs::path> inputs;
    for (const auto& entry : fs::directory_iterator(kDir))
        if (entry.is_regular_file() && entry.path().extension() == ".modak")
            inputs.push_back(entry.path());
    std::sort(inputs.begin(), inputs.end());
    REQUIRE(inputs.size() >= 8);
    for (const fs::path& input : inputs) {
        DYNAMIC_SECTION(input.filename().string()) {
            SourceManager sm;
            Diagnostics diags;
            FileId root = sm.addBuffer(input.filename().string(), test::readFile(input.string()));
            model::LoadOptions options;
            options.reader = goldenReader();
            model::loadProgram(sm, root, diags, options);
            std::string actual = test::report(sm, diags);
            fs::path expectedPath = fs::path(input).replace_extension(".expected");
            if (test::updatingGolden()) {
                std::ofstream(expectedPath, std::ios::binary) << actual;
                continue;
            }
            INFO("expected file: " << expectedPath.string()
                                   << " (MODAK_UPDATE_GOLDEN=1 rewrites it)");
            REQUIRE(fs::exists(expectedPath));
            CHECK(actual == test::readFile(expectedPath.string()));
        }
    }
}

TEST_CASE("robustness: every prefix of a rich file loads without crashing") {
    std::string text = test::readFile((kDir / "kitchen_sink.modak").string()) +
                       test::readFile((kDir / "imports_facts.modak").string());
    for (size_t n = 0; n <= text.size(); n += 3) {
        SourceManager sm;
        Diagnostics diags;
        FileId root = sm.addBuffer("prefix.modak", text.substr(0, n));
        model::LoadOptions options;
        options.reader = goldenReader();
        CHECK_NOTHROW(model::loadProgram(sm, root, diags, options));
        // Every diagnostic lies inside a buffer.
        for (const Diagnostic& d : diags)
            if (d.range.file.valid())
                CHECK(d.range.end <= sm.text(d.range.file).size());
    }
}
