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
