// SPDX-License-Identifier: Apache-2.0
// The common prefix and suffix of two texts (modak/text/Affixes.h), at every kind of boundary of
// the chunks and words they are compared in.
#include "modak/text/Affixes.h"

#include <catch2/catch.hpp>

#include <string>

using namespace modak;

TEST_CASE("common prefixes and suffixes end at the first differing byte", "[text][affixes]") {
    for (size_t size : {0u, 1u, 7u, 8u, 9u, 511u, 512u, 513u, 1024u, 1500u}) {
        std::string a(size, 'x');
        for (size_t i = 0; i < size; ++i)
            a[i] = static_cast<char>('a' + i % 23);
        CHECK(commonPrefixLength(a, a) == size);
        CHECK(commonSuffixLength(a, a, size) == size);
        CHECK(commonSuffixLength(a, a, size / 2) == size / 2); // no further than asked
        for (size_t at : {0u, 1u, 7u, 8u, 9u, 63u, 511u, 512u, 513u, 1023u, 1024u, 1499u}) {
            if (at >= size)
                continue;
            std::string b = a;
            b[at] = '#';
            INFO("size " << size << ", differing at " << at);
            CHECK(commonPrefixLength(a, b) == at);
            CHECK(commonSuffixLength(a, b, size) == size - at - 1);
            // Texts of different lengths: one longer by a byte at its end, or at its start.
            CHECK(commonPrefixLength(a, b + "z") == at);
            CHECK(commonSuffixLength("z" + a, b, size) == size - at - 1);
        }
        CHECK(commonPrefixLength(a, a + "tail") == size);
        CHECK(commonSuffixLength("head" + a, a, size) == size);
    }
}

TEST_CASE("the edit between two texts, and where bytes it left alone were", "[text][affixes]") {
    // "…9aaaa" + "q…": its [10, 14) replaced by "aXYZa" (one byte longer); the replacement's
    // first and last bytes equal those it replaced, so the edit found is only [11, 13) → [11, 14).
    const std::string before = "0123456789aaaa" + std::string(600, 'q') + "end";
    std::string after = before;
    after.replace(10, 4, "aXYZa");
    const EditSpan edit = editBetween(before, after);
    CHECK(edit.begin == 11); // "a" kept at 10
    CHECK(edit.oldEnd == 13);
    CHECK(edit.newEnd == 14);
    CHECK(edit.delta() == 1);
    CHECK(before.substr(0, edit.begin) == after.substr(0, edit.begin));
    CHECK(before.substr(edit.oldEnd) == after.substr(edit.newEnd));
    // Bytes of `after` the edit left alone are found where they were; others are not.
    CHECK(edit.wasAt(0, 11) == 0u);
    CHECK(edit.wasAt(14, 20) == 13u);
    CHECK(before.substr(*edit.wasAt(100, 603), 503) == after.substr(100, 503));
    CHECK_FALSE(edit.wasAt(10, 12).has_value());
    CHECK_FALSE(edit.wasAt(13, 15).has_value());
    // And the other way: bytes of `before` it left alone are found where they are now.
    CHECK(edit.nowAt(0, 11) == 0u);
    CHECK(edit.nowAt(13, 20) == 14u);
    CHECK(after.substr(*edit.nowAt(100, 603), 503) == before.substr(100, 503));
    CHECK_FALSE(edit.nowAt(10, 12).has_value());
    CHECK_FALSE(edit.nowAt(12, 14).has_value());
    for (uint32_t at = 0; at + 3 <= before.size(); ++at)
        if (const auto now = edit.nowAt(at, at + 3)) {
            CHECK(edit.wasAt(*now, *now + 3) == at);
            CHECK(after.substr(*now, 3) == before.substr(at, 3));
        }
    // Equal texts: no edit, everything where it was.
    const EditSpan none = editBetween(before, before);
    CHECK(none.begin == before.size());
    CHECK(none.oldEnd == before.size());
    CHECK(none.newEnd == before.size());
    CHECK(none.wasAt(0, before.size()) == 0u);
    CHECK(none.nowAt(0, before.size()) == 0u);
}
