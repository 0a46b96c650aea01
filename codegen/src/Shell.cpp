// SPDX-License-Identifier: Apache-2.0
#include "modak/codegen/Shell.h"

#include <cctype>

namespace modak::codegen {
namespace {

/// `${NAME}`: braced, so that text after it cannot extend the name.
std::string braced(std::string_view name) {
    return "${" + std::string(name) + "}";
}

} // namespace

std::string shellQuote(std::string_view value) {
    std::string out = "'";
    for (char c : value) {
        if (c == '\'')
            out += "'\\''"; // close, an escaped quote, reopen
        else
            out += c;
    }
    return out + "'";
}

std::string shellPathWithVariables(std::string_view value, std::vector<std::string>* variables) {
    auto nameLength = [&](size_t from) {
        size_t to = from;
        if (to < value.size() &&
            (std::isalpha(static_cast<unsigned char>(value[to])) || value[to] == '_'))
            while (to < value.size() &&
                   (std::isalnum(static_cast<unsigned char>(value[to])) || value[to] == '_'))
                ++to;
        return to - from;
    };
    bool anyExpanded = false;
    auto expanded = [&](std::string_view name) {
        anyExpanded = true;
        if (variables)
            variables->emplace_back(name);
    };
    std::string out = "\"";
    size_t i = 0;
    if (value.starts_with("~/")) {
        out += "$HOME";
        expanded("HOME");
        i = 1;
    }
    while (i < value.size()) {
        char c = value[i];
        if (c == '$') {
            if (size_t n = nameLength(i + 1); n > 0) {
                out += braced(value.substr(i + 1, n));
                expanded(value.substr(i + 1, n));
                i += 1 + n;
                continue;
            }
            if (i + 1 < value.size() && value[i + 1] == '{') {
                size_t n = nameLength(i + 2);
                if (n > 0 && i + 2 + n < value.size() && value[i + 2 + n] == '}') {
                    out += braced(value.substr(i + 2, n));
                    expanded(value.substr(i + 2, n));
                    i += 3 + n;
                    continue;
                }
            }
        }
        if (c == '$' || c == '`' || c == '"' || c == '\\')
            out += '\\'; // literal inside double quotes
        out += c;
        ++i;
    }
    // A path without variables reads best as the single-quoted word every other value is.
    return anyExpanded ? out + "\"" : shellQuote(value);
}

bool directiveSafe(std::string_view value, bool allowSpaces) {
    for (unsigned char c : value) {
        if (c == '\n' || c == '\r' || c == '\0' || c == '#')
            return false;
        // sbatch, bsub and flux batch read quotes and backslashes in their directives as a shell
        // would (Flux by RFC 36): one would join or split the directive's words.
        if (c == '"' || c == '\'' || c == '\\')
            return false;
        if (!allowSpaces && std::isspace(c))
            return false;
    }
    return true;
}

bool isEnvName(std::string_view name) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
        return false;
    for (unsigned char c : name)
        if (!std::isalnum(c) && c != '_')
            return false;
    return true;
}

} // namespace modak::codegen
