// SPDX-License-Identifier: Apache-2.0
// Messages the server writes as text directly (not through `json` objects) say what their
// `to_json` forms say.
#include "Protocol.h"

#include <catch2/catch.hpp>

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
