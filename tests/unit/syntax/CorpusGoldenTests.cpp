// SPDX-License-Identifier: Apache-2.0
// Golden diagnostics for the shared syntax corpus: every tests/corpus/invalid/NAME.modak has the
// parser's rendered diagnostics in NAME.expected. MODAK_UPDATE_GOLDEN=1 rewrites the expected
// files.
#include "Test.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace fs = std::filesystem;
using namespace modak;

TEST_CASE("corpus/invalid: rendered syntax diagnostics match the golden files") {
    const fs::path dir = fs::path(MODAK_TEST_DATA_DIR) / "corpus" / "invalid";
    const bool update = std::getenv("MODAK_UPDATE_GOLDEN") != nullptr;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".modak")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 15);
    for (const fs::path& file : files) {
        SourceManager sm;
        Diagnostics diags;
        test::parseText(sm, test::readFile(file.string()), diags,
                        "invalid/" + file.filename().string());
        std::string rendered = test::report(sm, diags);
        fs::path expectedPath = fs::path(file).replace_extension(".expected");
        if (update) {
            std::ofstream(expectedPath, std::ios::binary) << rendered;
            continue;
        }
        INFO(file.filename().string() << " (MODAK_UPDATE_GOLDEN=1 rewrites the expected files)");
        CHECK(diags.hasErrors());
        CHECK(rendered == test::readFile(expectedPath.string()));
    }
}
