// SPDX-License-Identifier: Apache-2.0
#include "modak/syntax/Lexical.h"

#include <fmt/format.h>

#include <array>
#include <utility>

namespace modak::syntax {

bool isIdentifier(std::string_view s) {
    if (s.empty())
        return false;
    auto alpha = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    };
    if (!alpha(s[0]))
        return false;
    for (char c : s.substr(1))
        if (!alpha(c) && !(c >= '0' && c <= '9'))
            return false;
    return true;
}

std::string quoteString(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2); // most strings need no escape
    out += '"';
    for (size_t i = 0; i < s.size(); ++i) {
        // A run of bytes that stand for themselves, appended at once.
        size_t plain = i;
        while (plain < s.size() && static_cast<unsigned char>(s[plain]) >= 0x20 &&
               s[plain] != '"' && s[plain] != '\\' && s[plain] != 0x7f)
            ++plain;
        out.append(s.data() + i, plain - i);
        if ((i = plain) == s.size())
            break;
        const auto c = static_cast<unsigned char>(s[i]);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default: // another control byte
            out += fmt::format("\\u{{{:X}}}", c);
        }
    }
    out += '"';
    return out;
}

std::string lineComment(std::string_view text) {
    std::string out = "// ";
    for (char c : text) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else
            out.push_back(c);
    }
    return out;
}

std::optional<uint64_t> sizeUnitBytes(std::string_view unit) {
    static constexpr std::array<std::pair<std::string_view, uint64_t>, 12> units{{
        {"B", 1ull},
        {"kB", 1000ull},
        {"KB", 1000ull},
        {"MB", 1000ull * 1000},
        {"GB", 1000ull * 1000 * 1000},
        {"TB", 1000ull * 1000 * 1000 * 1000},
        {"PB", 1000ull * 1000 * 1000 * 1000 * 1000},
        {"KiB", 1ull << 10},
        {"MiB", 1ull << 20},
        {"GiB", 1ull << 30},
        {"TiB", 1ull << 40},
        {"PiB", 1ull << 50},
    }};
    for (auto& [name, bytes] : units)
        if (name == unit)
            return bytes;
    return std::nullopt;
}

std::string formatDuration(int64_t seconds) {
    if (seconds == 0)
        return "0s";
    std::string out;
    if (seconds < 0) {
        out = "-";
        seconds = -seconds;
    }
    const std::array<std::pair<int64_t, char>, 4> parts{
        {{86400, 'd'}, {3600, 'h'}, {60, 'm'}, {1, 's'}}};
    for (auto [unit, suffix] : parts) {
        if (seconds >= unit) {
            out += fmt::format("{}{}", seconds / unit, suffix);
            seconds %= unit;
        }
    }
    return out;
}

} // namespace modak::syntax
