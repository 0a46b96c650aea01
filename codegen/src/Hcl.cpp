// SPDX-License-Identifier: Apache-2.0
#include "Hcl.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::codegen {
namespace {

/// The code point starting at `s[i]` when it is one HCL output should not carry raw (C1 controls,
/// U+2028, U+2029, U+FEFF), with its length; 0 otherwise.
std::pair<char32_t, size_t> invisibleAt(std::string_view s, size_t i) {
    auto b = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
    if (b(0) == 0xc2 && b(1) >= 0x80 && b(1) < 0xa0)
        return {b(1), 2};
    if (b(0) == 0xe2 && b(1) == 0x80 && (b(2) == 0xa8 || b(2) == 0xa9))
        return {0x2000 + (b(2) - 0x80), 3};
    if (b(0) == 0xef && b(1) == 0xbb && b(2) == 0xbf)
        return {0xfeff, 3};
    return {0, 0};
}

/// Doubles the template introducers: `${` → `$${`, `%{` → `%%{`.
void appendTemplateEscaped(std::string& out, std::string_view s, size_t i) {
    char c = s[i];
    out += c;
    if ((c == '$' || c == '%') && i + 1 < s.size() && s[i + 1] == '{')
        out += c;
}

bool singleLine(const std::string& s) {
    return s.find('\n') == std::string::npos;
}

std::string key(std::string_view k) {
    if (hclIdentifier(k) && k != "true" && k != "false" && k != "null")
        return std::string(k);
    return hclString(k);
}

/// Lines `name = value` with the `=` of consecutive single-line values aligned; a multi-line value
/// ends the run, as `terraform fmt` does.
std::string alignedLines(const std::vector<std::pair<std::string, std::string>>& lines, int indent,
                         std::string_view terminator = "") {
    std::string out;
    std::string pad(static_cast<size_t>(indent), ' ');
    size_t i = 0;
    while (i < lines.size()) {
        size_t j = i;
        size_t width = 0;
        while (j < lines.size() && singleLine(lines[j].second)) {
            width = std::max(width, lines[j].first.size());
            ++j;
        }
        for (size_t k = i; k < j; ++k)
            out += fmt::format("{}{:<{}} = {}{}\n", pad, lines[k].first, width, lines[k].second,
                               terminator);
        if (j < lines.size()) {
            out += fmt::format("{}{} = {}{}\n", pad, lines[j].first, lines[j].second, terminator);
            ++j;
        }
        i = j;
    }
    return out;
}

} // namespace

std::string hclString(std::string_view value) {
    std::string out = "\"";
    for (size_t i = 0; i < value.size(); ++i) {
        auto c = static_cast<unsigned char>(value[i]);
        switch (c) {
        case '\\':
            out += "\\\\";
            continue;
        case '"':
            out += "\\\"";
            continue;
        case '\n':
            out += "\\n";
            continue;
        case '\r':
            out += "\\r";
            continue;
        case '\t':
            out += "\\t";
            continue;
        default:
            break;
        }
        if (c < 0x20 || c == 0x7f) {
            out += fmt::format("\\u{:04X}", c);
            continue;
        }
        if (auto [cp, len] = invisibleAt(value, i); len) {
            out += fmt::format("\\u{:04X}", static_cast<unsigned>(cp));
            i += len - 1;
            continue;
        }
        appendTemplateEscaped(out, value, i);
    }
    return out + "\"";
}

std::string hclHeredoc(std::string_view value) {
    if (value.empty() || value.back() != '\n')
        return {};
    for (size_t i = 0; i < value.size(); ++i) {
        auto c = static_cast<unsigned char>(value[i]);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || invisibleAt(value, i).second)
            return {};
    }
    // A delimiter that no line of the value equals (blanks around it ignored).
    auto hasLine = [&](std::string_view marker) {
        size_t start = 0;
        while (start < value.size()) {
            size_t end = value.find('\n', start);
            std::string_view line = value.substr(start, end - start);
            size_t a = line.find_first_not_of(" \t");
            size_t b = line.find_last_not_of(" \t");
            if (a != std::string_view::npos && line.substr(a, b - a + 1) == marker)
                return true;
            start = end + 1;
        }
        return false;
    };
    std::string marker = "EOT";
    for (int n = 1; hasLine(marker); ++n)
        marker = fmt::format("EOT{}", n);
    std::string out = "<<" + marker + "\n";
    for (size_t i = 0; i < value.size(); ++i)
        appendTemplateEscaped(out, value, i);
    return out + marker;
}

bool hclIdentifier(std::string_view name) {
    if (name.empty())
        return false;
    auto alpha = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    };
    if (!alpha(name.front()))
        return false;
    return std::all_of(name.begin(), name.end(),
                       [&](char c) { return alpha(c) || (c >= '0' && c <= '9') || c == '-'; });
}

std::string hclValue(const Doc& d, int indent) {
    std::string pad(static_cast<size_t>(indent), ' ');
    switch (d.kind) {
    case Doc::Kind::Null:
        return "null";
    case Doc::Kind::String:
        return hclString(d.text);
    case Doc::Kind::Integer:
        return std::to_string(d.integer);
    case Doc::Kind::Bool:
        return d.boolean ? "true" : "false";
    case Doc::Kind::Expr:
        return d.text;
    case Doc::Kind::List: {
        if (d.items.empty())
            return "[]";
        std::vector<std::string> items;
        bool flat = true;
        size_t length = 0;
        for (const auto& item : d.items) {
            items.push_back(hclValue(item, indent + 2));
            flat = flat && singleLine(items.back()) && item.kind != Doc::Kind::Map &&
                   item.kind != Doc::Kind::List;
            length += items.back().size() + 2;
        }
        if (flat && length + static_cast<size_t>(indent) < 100) {
            std::string out = "[";
            for (size_t i = 0; i < items.size(); ++i)
                out += (i ? ", " : "") + items[i];
            return out + "]";
        }
        std::string out = "[\n";
        for (const auto& item : items)
            out += pad + "  " + item + ",\n";
        return out + pad + "]";
    }
    case Doc::Kind::Map: {
        if (d.fields.empty())
            return "{}";
        std::vector<std::pair<std::string, std::string>> lines;
        for (const auto& [k, v] : d.fields)
            lines.emplace_back(key(k), hclValue(v, indent + 2));
        return "{\n" + alignedLines(lines, indent + 2) + pad + "}";
    }
    }
    return "null";
}

HclBody& HclBody::attr(std::string name, std::string value) {
    items_.push_back(
        {Item::Kind::Attribute, std::move(name), std::move(value), {}, nullptr, nullptr});
    return *this;
}

HclBody& HclBody::attr(std::string name, const Doc& value) {
    items_.push_back(
        {Item::Kind::Attribute, std::move(name), {}, {}, nullptr, std::make_unique<Doc>(value)});
    return *this;
}

HclBody& HclBody::block(std::string type, std::vector<std::string> labels) {
    items_.push_back({Item::Kind::Block,
                      std::move(type),
                      {},
                      std::move(labels),
                      std::make_unique<HclBody>(),
                      nullptr});
    return *items_.back().body;
}

HclBody& HclBody::comment(std::string_view text) {
    items_.push_back({Item::Kind::Comment, commentSafe(text), {}, {}, nullptr, nullptr});
    return *this;
}

HclBody& HclBody::blank() {
    items_.push_back({Item::Kind::Blank, {}, {}, {}, nullptr, nullptr});
    return *this;
}

std::string HclBody::render(int indent) const {
    std::string pad(static_cast<size_t>(indent), ' ');
    std::string out;
    std::vector<std::pair<std::string, std::string>> run; // attributes waiting to be aligned
    auto flush = [&] {
        out += alignedLines(run, indent);
        run.clear();
    };
    for (size_t i = 0; i < items_.size(); ++i) {
        const Item& item = items_[i];
        const Item* previous = i ? &items_[i - 1] : nullptr;
        bool separate =
            previous && previous->kind != Item::Kind::Blank &&
            ((item.kind == Item::Kind::Block && previous->kind != Item::Kind::Comment) ||
             (item.kind == Item::Kind::Comment && previous->kind != Item::Kind::Comment) ||
             (item.kind == Item::Kind::Attribute && previous->kind == Item::Kind::Block));
        if (item.kind != Item::Kind::Attribute || separate)
            flush();
        if (separate)
            out += "\n";
        switch (item.kind) {
        case Item::Kind::Attribute:
            run.emplace_back(item.name, item.doc ? hclValue(*item.doc, indent) : item.value);
            break;
        case Item::Kind::Block: {
            std::string head = pad + item.name;
            for (const auto& l : item.labels) {
                head += ' '; // (not `" " + …`: GCC 12 -Wrestrict misfires on it at -O3)
                head += hclString(l);
            }
            out += head + " {\n" + item.body->render(indent + 2) + pad + "}\n";
            break;
        }
        case Item::Kind::Comment:
            out += pad + "# " + item.name + "\n";
            break;
        case Item::Kind::Blank:
            out += "\n";
            break;
        }
    }
    flush();
    return out;
}

} // namespace modak::codegen
