// SPDX-License-Identifier: Apache-2.0
#include "modak/codegen/Doc.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <stdexcept>

namespace modak::codegen {

Doc Doc::str(std::string value) {
    Doc d;
    d.kind = Kind::String;
    d.text = std::move(value);
    return d;
}
Doc Doc::num(int64_t value) {
    Doc d;
    d.kind = Kind::Integer;
    d.integer = value;
    return d;
}
Doc Doc::flag(bool value) {
    Doc d;
    d.kind = Kind::Bool;
    d.boolean = value;
    return d;
}
Doc Doc::map() {
    Doc d;
    d.kind = Kind::Map;
    return d;
}
Doc Doc::list() {
    Doc d;
    d.kind = Kind::List;
    return d;
}
Doc Doc::expr(std::string expression) {
    Doc d;
    d.kind = Kind::Expr;
    d.text = std::move(expression);
    return d;
}

Doc& Doc::set(std::string_view key, Doc value) {
    if (Doc* existing = find(key))
        return *existing = std::move(value);
    fields.emplace_back(std::string(key), std::move(value));
    return fields.back().second;
}

Doc& Doc::push(Doc value) {
    items.push_back(std::move(value));
    return items.back();
}

Doc* Doc::find(std::string_view key) {
    for (auto& [k, v] : fields)
        if (k == key)
            return &v;
    return nullptr;
}

const Doc* Doc::find(std::string_view key) const {
    return const_cast<Doc*>(this)->find(key);
}

namespace {

/// Characters that a YAML 1.1 or 1.2 parser treats as line breaks or refuses in a literal block:
/// C0 controls but tab and newline, DEL, C1 controls (NEL among them), U+2028/U+2029, the BOM.
bool hasSpecialCharacters(std::string_view s) {
    for (size_t i = 0; i < s.size(); ++i) {
        auto c = static_cast<unsigned char>(s[i]);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
            return true;
        if (c == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xa0)
            return true; // U+0080..U+009F
        if (c == 0xe2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
            (static_cast<unsigned char>(s[i + 2]) == 0xa8 ||
             static_cast<unsigned char>(s[i + 2]) == 0xa9))
            return true; // U+2028, U+2029
        if (c == 0xef && s.substr(i, 3) == "\xef\xbb\xbf")
            return true; // U+FEFF
    }
    return false;
}

/// Plain (unquoted) only for strings that read back as the same string everywhere: a letter, '/'
/// or '_' first (no number, date, `~`, `.inf` or indicator), then a conservative character set, and
/// none of YAML 1.1's booleans and nulls.
bool plainSafe(std::string_view s) {
    if (s.empty() || s.size() > 200)
        return false;
    auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (!alpha(s.front()) && s.front() != '/' && s.front() != '_')
        return false;
    if (s.back() == ' ' || s.back() == ':')
        return false;
    for (size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        bool ok = alpha(c) || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '/' ||
                  c == '-' || c == '@' || c == '+' || c == '=' || c == ':' || c == ' ';
        if (!ok)
            return false;
        if (c == ':' && (i + 1 == s.size() || s[i + 1] == ' '))
            return false;
        if (c == ' ' && i + 1 < s.size() && (s[i + 1] == ' ' || s[i + 1] == '-'))
            return false;
    }
    std::string lower(s);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    static constexpr std::array<std::string_view, 9> kReserved = {
        "y", "n", "yes", "no", "true", "false", "on", "off", "null"};
    return std::find(kReserved.begin(), kReserved.end(), lower) == kReserved.end();
}

/// A literal block (`|`, clip chomping, auto-detected indentation) holds `s` exactly when `s` ends
/// with exactly one line break, its first non-empty line does not start with a blank (which would
/// change the detected indentation) and it has no character that YAML folds or refuses.
bool literalSafe(std::string_view s) {
    if (s.size() < 2 || s.back() != '\n' || s[s.size() - 2] == '\n' || s.find('\n') == s.size() - 1)
        return false;
    size_t first = s.find_first_not_of('\n');
    if (s[first] == ' ' || s[first] == '\t')
        return false;
    return !hasSpecialCharacters(s);
}

void emitString(YAML::Emitter& out, const std::string& s) {
    if (plainSafe(s))
        out << s;
    else if (literalSafe(s))
        out << YAML::Literal << s;
    else if (hasSpecialCharacters(s))
        // yaml-cpp writes U+0085, U+2028 and U+2029 raw, which YAML 1.1 parsers fold as line
        // breaks: escape everything outside ASCII in such a string.
        out << YAML::EscapeNonAscii << YAML::DoubleQuoted << s;
    else
        out << YAML::DoubleQuoted << s;
}

void emit(YAML::Emitter& out, const Doc& d) {
    switch (d.kind) {
    case Doc::Kind::Null:
        out << YAML::Null;
        break;
    case Doc::Kind::String:
        emitString(out, d.text);
        break;
    case Doc::Kind::Integer:
        out << d.integer;
        break;
    case Doc::Kind::Bool:
        out << (d.boolean ? "true" : "false");
        break;
    case Doc::Kind::Map:
        out << YAML::BeginMap;
        for (const auto& [k, v] : d.fields) {
            out << YAML::Key;
            emitString(out, k);
            out << YAML::Value;
            emit(out, v);
        }
        out << YAML::EndMap;
        break;
    case Doc::Kind::List:
        if (d.flow)
            out << YAML::Flow;
        out << YAML::BeginSeq;
        for (const auto& item : d.items)
            emit(out, item);
        out << YAML::EndSeq;
        break;
    case Doc::Kind::Expr:
        throw std::logic_error("an HCL expression in a YAML document");
    }
}

} // namespace

std::string toYaml(const Doc& doc) {
    YAML::Emitter out;
    out.SetIndent(2);
    out.SetSeqFormat(YAML::Block);
    out.SetMapFormat(YAML::Block);
    emit(out, doc);
    std::string text = out.c_str();
    if (!text.ends_with('\n'))
        text += '\n';
    return text;
}

std::string commentSafe(std::string_view text) {
    std::string out;
    for (char c : text)
        out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
    return out;
}

} // namespace modak::codegen
