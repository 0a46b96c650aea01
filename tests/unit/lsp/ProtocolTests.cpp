// SPDX-License-Identifier: Apache-2.0
// Messages the server writes as text directly (not through `json` objects) say what their
// `to_json` forms say.
#include "JsonWriter.h"
#include "Protocol.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <random>
#include <string>

using namespace modak::lsp;

TEST_CASE("published diagnostics written as text equal their json form", "[lsp][protocol]") {
    protocol::PublishDiagnosticsParams p;
    p.uri = "file:///work/a%20b.modak";
    protocol::Diagnostic plain;
    plain.range = {{3, 4}, {3, 9}};
    plain.severity = protocol::DiagnosticSeverity::Warning;
    plain.code = "questionable-setting";
    plain.message = "torchrun without `--nnodes` starts on one node only";
    protocol::Diagnostic escaped = plain;
    escaped.severity = protocol::DiagnosticSeverity::Error;
    escaped.code = "unknown-key";
    // Quotes, a backslash, control characters, a line break, UTF-8 and a byte that is not UTF-8.
    escaped.message = "key \"gpu\\s\"\tnot\nknown: é 😀 \x01 \xff";
    escaped.relatedInformation.push_back(
        {{"file:///work/other.modak", {{0, 0}, {10, 2}}}, "declared \"here\""});
    escaped.relatedInformation.push_back({{p.uri, {{1, 1}, {1, 1}}}, ""});
    p.diagnostics = {plain, escaped};
    for (std::optional<int64_t> version : {std::optional<int64_t>{}, std::optional<int64_t>{42}}) {
        p.version = version;
        json expected = p;
        CHECK(json::parse(protocol::publishDiagnosticsText(p)) ==
              json::parse(expected.dump(-1, ' ', false, json::error_handler_t::replace)));
    }
    p.diagnostics.clear();
    json expected = p;
    CHECK(json::parse(protocol::publishDiagnosticsText(p)) == expected);
}

TEST_CASE("the streaming writer's strings are nlohmann's, escapes and invalid UTF-8 included",
          "[lsp][protocol]") {
    // Short and long (past the writer's stack buffer), plain, escaped, UTF-8 and not.
    std::vector<std::string> strings = {"",
                                        "name",
                                        "selectionRange",
                                        std::string(62, 'a'),
                                        std::string(63, 'b'),
                                        std::string(200, 'c'),
                                        "quote \" and backslash \\",
                                        "tab\tnewline\nreturn\r\b\f\x01\x1f",
                                        "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x9a\x80",
                                        "bad \xff byte, cut \xe2\x82, overlong \xc0\xaf",
                                        std::string(70, 'd') + "\"",
                                        "\"" + std::string(70, 'e')};
    std::mt19937 random(20);
    for (int n = 0; n < 500; ++n) {
        std::string s(random() % 90, ' ');
        for (char& c : s)
            c = static_cast<char>(random() % 4 == 0 ? random() % 256 : 0x20 + random() % 95);
        strings.push_back(s);
    }
    for (const std::string& s : strings) {
        std::string text;
        JsonWriter(text).beginObject().key(s).value(s).endObject();
        nlohmann::json want = nlohmann::json::object();
        want[s] = s;
        INFO(want.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace));
        CHECK(text == want.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
}

TEST_CASE("JsonWriter writes arrays of numbers as nlohmann dumps them", "[lsp][protocol]") {
    std::mt19937 random(21);
    for (size_t size : {0u, 1u, 2u, 371u, 372u, 5000u}) {
        std::vector<uint32_t> values(size);
        for (size_t i = 0; i < size; ++i)
            values[i] = i % 7 == 0 ? 4294967295u : i % 5 == 0 ? 0u : random() % (1u << (i % 32));
        std::string text;
        JsonWriter(text).beginObject().key("a").numbers(values).key("b").numbers({}).endObject();
        nlohmann::json want = {{"a", values}, {"b", nlohmann::json::array()}};
        INFO(size << " numbers");
        CHECK(text == want.dump());
    }
}
