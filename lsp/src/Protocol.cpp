// SPDX-License-Identifier: Apache-2.0
#include "Protocol.h"

#include <fmt/format.h>

namespace modak::lsp {

namespace fs = std::filesystem;

namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

std::string percentDecode(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        int hi, lo;
        if (s[i] == '%' && i + 2 < s.size() && (hi = hexValue(s[i + 1])) >= 0 && (lo = hexValue(s[i + 2])) >= 0) {
            out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

} // namespace

fs::path pathFromUri(std::string_view uri) {
    if (uri.starts_with("file://")) {
        std::string_view rest = uri.substr(7);
        auto slash = rest.find('/');  // skip an authority ("file://host/path")
        rest = slash == std::string_view::npos ? std::string_view("/") : rest.substr(slash);
        return fs::path(percentDecode(rest));
    }
    auto colon = uri.find(':');
    std::string scheme(colon == std::string_view::npos ? "unknown" : uri.substr(0, colon));
    std::string rest(colon == std::string_view::npos ? uri : uri.substr(colon + 1));
    while (!rest.empty() && rest.front() == '/')
        rest.erase(rest.begin());
    return fs::path("/" + scheme) / percentDecode(rest);
}

std::string uriFromPath(const fs::path& path) {
    static constexpr std::string_view kSafe = "-._~/!$&'()*+,;=:@";
    std::string out = "file://";
    for (unsigned char c : path.generic_string()) {
        if (std::isalnum(c) || kSafe.find(static_cast<char>(c)) != std::string_view::npos)
            out += static_cast<char>(c);
        else
            out += fmt::format("%{:02X}", c);
    }
    return out;
}

Position positionFromJson(const json& j) {
    if (!j.is_object() || !j.contains("line") || !j.contains("character") || !j["line"].is_number_integer() ||
        !j["character"].is_number_integer())
        throw InvalidParams("a position needs integer `line` and `character`");
    auto line = j["line"].get<int64_t>(), character = j["character"].get<int64_t>();
    if (line < 0 || character < 0)
        throw InvalidParams("a position cannot be negative");
    auto clamp = [](int64_t v) { return static_cast<uint32_t>(std::min<int64_t>(v, UINT32_MAX)); };
    return {clamp(line), clamp(character)};
}

json toJson(Position p) { return {{"line", p.line}, {"character", p.character}}; }

json rangeJson(const LineIndex& index, uint32_t begin, uint32_t end, PositionEncoding encoding) {
    return {{"start", toJson(index.position(begin, encoding))}, {"end", toJson(index.position(std::max(begin, end), encoding))}};
}

int severityNumber(Severity s) {
    switch (s) {
    case Severity::Fatal:
    case Severity::Error: return 1;
    case Severity::Warning: return 2;
    case Severity::Note: return 3;
    case Severity::Ignored: return 4;
    }
    return 1;
}

const json& member(const json& j, std::string_view key) {
    if (!j.is_object() || !j.contains(key))
        throw InvalidParams(fmt::format("missing `{}`", key));
    return j[std::string(key)];
}

namespace {
const json* optionalOf(const json& j, std::string_view key, bool (json::*is)() const noexcept, const char* type) {
    if (!j.is_object())
        throw InvalidParams(fmt::format("`{}` must be a member of an object", key));
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return nullptr;
    if (!((*it).*is)())
        throw InvalidParams(fmt::format("`{}` must be {}", key, type));
    return &*it;
}
} // namespace

std::optional<std::string> optionalString(const json& j, std::string_view key) {
    const json* v = optionalOf(j, key, &json::is_string, "a string");
    return v ? std::optional<std::string>(v->get<std::string>()) : std::nullopt;
}

std::optional<bool> optionalBool(const json& j, std::string_view key) {
    const json* v = optionalOf(j, key, &json::is_boolean, "a boolean");
    return v ? std::optional<bool>(v->get<bool>()) : std::nullopt;
}

const json* optionalObject(const json& j, std::string_view key) { return optionalOf(j, key, &json::is_object, "an object"); }

const json* optionalArray(const json& j, std::string_view key) { return optionalOf(j, key, &json::is_array, "an array"); }

std::string stringMember(const json& j, std::string_view key) {
    const json& v = member(j, key);
    if (!v.is_string())
        throw InvalidParams(fmt::format("`{}` must be a string", key));
    return v.get<std::string>();
}

} // namespace modak::lsp
