// SPDX-License-Identifier: Apache-2.0
// Shell quoting on arbitrary strings: the quoted word, read back by the rules bash applies to
// single-quoted words and `\'`, is exactly the input; a directive-safe value holds no line break,
// NUL or '#'.
#include "modak/codegen/Shell.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace modak::codegen;

namespace {

/// Reads one bash word made of '…' segments and \' escapes, as bash does; false if it is not one.
bool unquote(const std::string& word, std::string& out) {
    out.clear();
    for (size_t i = 0; i < word.size();) {
        if (word[i] == '\'') {
            size_t end = word.find('\'', i + 1);
            if (end == std::string::npos)
                return false;
            out.append(word, i + 1, end - i - 1);
            i = end + 1;
        } else if (word[i] == '\\' && i + 1 < word.size()) {
            out += word[i + 1];
            i += 2;
        } else {
            return false; // anything unquoted would be subject to expansion
        }
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string value(reinterpret_cast<const char*>(data), size);
    std::string quoted = shellQuote(value), back;
    if (!unquote(quoted, back) || back != value) {
        std::fprintf(stderr, "shellQuote does not round-trip: %s\n", quoted.c_str());
        std::abort();
    }
    for (bool spaces : {false, true})
        if (directiveSafe(value, spaces) &&
            (value.find_first_of(std::string("\n\r\0#\"'\\", 7)) != std::string::npos ||
             (!spaces && value.find_first_of(" \t") != std::string::npos))) {
            std::fprintf(stderr, "directiveSafe accepted %s\n", quoted.c_str());
            std::abort();
        }
    return 0;
}
