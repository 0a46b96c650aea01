// SPDX-License-Identifier: Apache-2.0
#include "modak/codegen/Shell.h"

#include <cctype>

namespace modak::codegen {

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
