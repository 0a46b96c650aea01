// SPDX-License-Identifier: Apache-2.0
#include "Test.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>

using namespace modak;

TEST_CASE("the code table is consistent and documented") {
    std::set<std::string_view> names;
    std::string doc = test::readFile(std::string(MODAK_SOURCE_DIR) + "/docs/diagnostics.md");
    for (const DiagInfo& info : allDiagInfos()) {
        CHECK(names.insert(info.name).second);
        CHECK(&diagInfo(info.code) == &info);
        CHECK_FALSE(info.summary.empty());
        // Public names are kebab-case.
        CHECK(info.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") ==
              std::string_view::npos);
        INFO("run scripts/gen-diagnostics-doc.py to regenerate docs/diagnostics.md");
        CHECK(doc.find("| `" + std::string(info.name) + "` |") != std::string::npos);
    }
}

TEST_CASE("text printer: notes, tabs and multi-byte characters") {
    SourceManager sm;
    FileId f = sm.addBuffer("x.modak", "modak 1\n\tname = \"Zürich\" bad\n");
    Diagnostics diags;
    auto& d = diags.add(DiagCode::UnexpectedToken, {f, 26, 29}, "unexpected 'bad'");
    d.notes.push_back({{f, 16, 25}, "after this string"});
    CHECK("\n" + renderText(sm, diags.items()) ==
          "\n"
          "x.modak:2:19: error: unexpected 'bad' [unexpected-token]\n"
          "\tname = \"Zürich\" bad\n"
          "\t                ^~~\n"
          "x.modak:2:9: note: after this string\n"
          "\tname = \"Zürich\" bad\n"
          "\t       ^~~~~~~~\n");
}

TEST_CASE("json and sarif printers") {
    SourceManager sm;
    FileId f = sm.addBuffer("dir/x.modak", "modak 1\nepochz = 3\n");
    Diagnostics diags;
    auto& d =
        diags.add(DiagCode::UnknownKey, {f, 8, 14}, "unknown key 'epochz'; did you mean 'epochs'?");
    d.fixes.push_back({"replace with 'epochs'", {{{f, 8, 14}, "epochs"}}});
    auto json = nlohmann::json::parse(renderJson(sm, diags.items()));
    REQUIRE(json.size() == 1);
    CHECK(json[0]["file"] == "dir/x.modak");
    CHECK(json[0]["line"] == 2);
    CHECK(json[0]["column"] == 1);
    CHECK(json[0]["endColumn"] == 7);
    CHECK(json[0]["code"] == "unknown-key");
    CHECK(json[0]["severity"] == "error");
    CHECK(json[0]["fixes"][0]["edits"][0]["text"] == "epochs");

    auto sarif = nlohmann::json::parse(renderSarif(sm, diags.items(), "0.1.0"));
    CHECK(sarif["version"] == "2.1.0");
    const auto& run = sarif["runs"][0];
    CHECK(run["tool"]["driver"]["rules"].size() == allDiagInfos().size());
    const auto& result = run["results"][0];
    CHECK(result["ruleId"] == "unknown-key");
    CHECK(run["tool"]["driver"]["rules"][result["ruleIndex"].get<size_t>()]["id"] == "unknown-key");
    CHECK(result["level"] == "error");
    CHECK(result["locations"][0]["physicalLocation"]["region"]["startLine"] == 2);
    CHECK(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "dir/x.modak");
}

TEST_CASE("policy: werror and error limit") {
    SourceManager sm;
    FileId f = sm.addBuffer("x.modak", "a\nb\nc\n");
    Diagnostics diags;
    diags.add(DiagCode::UnknownKey, {f, 4, 5}, "c");
    diags.add(DiagCode::MissingHeader, {f, 0, 1}, "a");
    diags.add(DiagCode::UnknownKey, {f, 2, 3}, "b");
    DiagnosticPolicy policy;
    policy.warningsAsErrors = true;
    policy.errorLimit = 2;
    auto out = applyPolicy(diags, policy);
    REQUIRE(out.size() == 2);
    CHECK(out[0].message == "a");
    CHECK(out[0].severity == Severity::Error);
    CHECK(out[1].message == "b");
}
