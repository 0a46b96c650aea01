// SPDX-License-Identifier: Apache-2.0
//! Where two versions of a text differ: the bytes they begin and end with alike. What an edited
//! file's parse (syntax::reparse), checks (model::BlockChecks), line table, language-server answers
//! and plan keys made of the text outside the difference is kept (EditSpan).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
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

/// The one edit that turns a text `before` into `after`: the two agree on [0, begin), and from
/// `oldEnd` in `before` on as from `newEnd` in `after` on.
struct EditSpan {
    uint32_t begin = 0, oldEnd = 0, newEnd = 0;

    int64_t delta() const { return int64_t{newEnd} - int64_t{oldEnd}; }
    /// Where bytes [from, to) of `after` were in `before`, where the edit left them alone (they lie
    /// before it, or after it); nullopt where it did not.
    std::optional<uint32_t> wasAt(uint64_t from, uint64_t to) const {
        if (to <= begin)
            return static_cast<uint32_t>(from);
        if (from >= newEnd)
            return static_cast<uint32_t>(static_cast<int64_t>(from) - delta());
        return std::nullopt;
    }
    /// The other way: where bytes [from, to) of `before` are in `after`, where the edit left them
    /// alone; nullopt where it did not.
    std::optional<uint32_t> nowAt(uint64_t from, uint64_t to) const {
        if (to <= begin)
            return static_cast<uint32_t>(from);
        if (from >= oldEnd)
            return static_cast<uint32_t>(static_cast<int64_t>(from) + delta());
        return std::nullopt;
    }
};

/// The edit between two versions of a text (their common prefix, then their common suffix in what
/// the prefix leaves).
inline EditSpan editBetween(std::string_view before, std::string_view after) {
    const uint32_t begin = commonPrefixLength(before, after);
    const uint32_t tail =
        commonSuffixLength(before, after, std::min(before.size(), after.size()) - begin);
    return {begin, static_cast<uint32_t>(before.size() - tail),
            static_cast<uint32_t>(after.size() - tail)};
}

} // namespace modak
