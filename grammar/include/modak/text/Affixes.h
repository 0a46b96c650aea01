// SPDX-License-Identifier: Apache-2.0
//! Where two versions of a text differ: the bytes they begin and end with alike. An edited file's
//! parse (syntax::reparse) and checks (model::BlockChecks) keep what lies outside the difference.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace modak {

/// How many bytes `a` and `b` begin with alike.
inline uint32_t commonPrefixLength(std::string_view a, std::string_view b) {
    const size_t n = std::min(a.size(), b.size());
    size_t i = 0;
    // A chunk at a time (memcmp compares it in vector registers), then eight bytes at a time in
    // the chunk that differs, then the differing byte.
    constexpr size_t kChunk = 512;
    while (i + kChunk <= n && std::memcmp(a.data() + i, b.data() + i, kChunk) == 0)
        i += kChunk;
    for (; i + 8 <= n; i += 8)
        if (std::memcmp(a.data() + i, b.data() + i, 8) != 0)
            break;
    while (i < n && a[i] == b[i])
        ++i;
    return static_cast<uint32_t>(i);
}

/// How many bytes `a` and `b` end with alike, at most `most` (so that, given the prefix's length
/// left over, the two do not overlap).
inline uint32_t commonSuffixLength(std::string_view a, std::string_view b, size_t most) {
    size_t i = 0;
    const char* ea = a.data() + a.size();
    const char* eb = b.data() + b.size();
    constexpr size_t kChunk = 512;
    while (i + kChunk <= most && std::memcmp(ea - i - kChunk, eb - i - kChunk, kChunk) == 0)
        i += kChunk;
    for (; i + 8 <= most; i += 8)
        if (std::memcmp(ea - i - 8, eb - i - 8, 8) != 0)
            break;
    while (i < most &&
           ea[-1 - static_cast<std::ptrdiff_t>(i)] == eb[-1 - static_cast<std::ptrdiff_t>(i)])
        ++i;
    return static_cast<uint32_t>(i);
}

} // namespace modak
