// SPDX-License-Identifier: Apache-2.0
//! LSP protocol values to and from JSON: URIs, positions and ranges (through Positions.h, the one
//! place that converts), diagnostics, error codes. No server state here.
#pragma once

#include "Positions.h"

#include "modak/diag/Diagnostic.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace modak::lsp {

using json = nlohmann::json;

namespace error {
inline constexpr int ParseError = -32700;
inline constexpr int InvalidRequest = -32600;
inline constexpr int MethodNotFound = -32601;
inline constexpr int InvalidParams = -32602;
inline constexpr int InternalError = -32603;
inline constexpr int ServerNotInitialized = -32002;
inline constexpr int RequestFailed = -32803;
inline constexpr int RequestCancelled = -32800;
inline constexpr int ContentModified = -32801;
} // namespace error

/// A request's parameters were not what the method expects (answered with InvalidParams).
struct InvalidParams : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The request was understood but cannot be done (the document has errors, a file cannot be
/// written): answered with RequestFailed and the reason.
struct RequestFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// `file:///a%20b/c.modak` → `/a b/c.modak`. Other schemes (`untitled:`, `test:`) map to a path
/// under `/<scheme>/` so every document has one.
std::filesystem::path pathFromUri(std::string_view uri);
std::string uriFromPath(const std::filesystem::path& path);

Position positionFromJson(const json& j);  ///< throws InvalidParams
json toJson(Position p);

/// A byte range of one text as an LSP range.
json rangeJson(const LineIndex& index, uint32_t begin, uint32_t end, PositionEncoding encoding);

/// LSP DiagnosticSeverity (1 error … 4 hint) of a modak severity.
int severityNumber(Severity s);

/// Required member `key` of `j` (throws InvalidParams naming it).
const json& member(const json& j, std::string_view key);
std::string stringMember(const json& j, std::string_view key);
/// Optional members: nullopt/nullptr when absent or null; InvalidParams naming the key when present
/// with another type (a peer's wrong type is answered, never silently replaced by a default).
std::optional<std::string> optionalString(const json& j, std::string_view key);
std::optional<bool> optionalBool(const json& j, std::string_view key);
const json* optionalObject(const json& j, std::string_view key);
const json* optionalArray(const json& j, std::string_view key);

} // namespace modak::lsp
