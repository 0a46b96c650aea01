// SPDX-License-Identifier: Apache-2.0
// Byte offsets ↔ LSP positions, the one conversion: UTF-16 and UTF-8 columns, CRLF, clamping of
// positions past the end, and offsets inside a code point or a surrogate pair.
#include "Positions.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>

using namespace modak::lsp;

TEST_CASE("positions count UTF-16 units or UTF-8 bytes", "[lsp][positions]") {
    // "aé😀b": a(1 byte) é(2 bytes, 1 unit) 😀(4 bytes, 2 units) b
    std::string text = "x\na\xC3\xA9\xF0\x9F\x98\x80"
                       "b\n";
    LineIndex index(text);
    CHECK(index.offset({1, 0}, PositionEncoding::Utf16) == 2);
    CHECK(index.offset({1, 2}, PositionEncoding::Utf16) == 5);  // after é
    CHECK(index.offset({1, 4}, PositionEncoding::Utf16) == 9);  // after 😀
    CHECK(index.offset({1, 5}, PositionEncoding::Utf16) == 10); // after b
    CHECK(index.offset({1, 5}, PositionEncoding::Utf8) == 5); // 5 bytes in is inside 😀: its start
    CHECK(index.position(9, PositionEncoding::Utf16) == Position{1, 4});
    CHECK(index.position(9, PositionEncoding::Utf8) == Position{1, 7});
}

TEST_CASE("positions inside a code point move to its start", "[lsp][positions]") {
    std::string text = "\xF0\x9F\x98\x80z";
    LineIndex index(text);
    CHECK(index.offset({0, 1}, PositionEncoding::Utf16) == 0); // between the surrogates
    CHECK(index.offset({0, 2}, PositionEncoding::Utf8) == 0);  // inside the UTF-8 sequence
    CHECK(index.position(2, PositionEncoding::Utf16) == Position{0, 0});
}

TEST_CASE("positions past the end are clamped", "[lsp][positions]") {
    std::string text = "ab\r\ncd";
    LineIndex index(text);
    CHECK(index.offset({0, 99}, PositionEncoding::Utf16) == 2); // end of line 0, before \r\n
    CHECK(index.offset({7, 0}, PositionEncoding::Utf16) == 6);  // past the last line
    CHECK(index.position(99, PositionEncoding::Utf16) == Position{1, 2});
    CHECK(index.lineEnd(0) == 2);
}

TEST_CASE("invalid UTF-8 counts one unit per byte", "[lsp][positions]") {
    std::string text = "\xFF\xC3z";
    LineIndex index(text);
    CHECK(index.offset({0, 2}, PositionEncoding::Utf16) == 2);
    CHECK(index.position(3, PositionEncoding::Utf16) == Position{0, 3});
}

TEST_CASE("a lone carriage return ends a line as LSP says", "[lsp][positions]") {
    std::string text = "a\rb\r\nc\nd";
    LineIndex index(text);
    CHECK(index.lineCount() == 4);
    CHECK(index.position(2, PositionEncoding::Utf16) == Position{1, 0});
    CHECK(index.lineEnd(1) == 3);
    CHECK(index.offset({2, 0}, PositionEncoding::Utf16) == 5);
    CHECK(index.offset({0, 5}, PositionEncoding::Utf16) == 1);
}

TEST_CASE("ASCII lines and lines with other code points each count their own way",
          "[lsp][positions]") {
    // Lines 0, 2 and 4 are ASCII (a character is a byte); lines 1 and 3 are not, and every kind
    // of line break separates them, so a per-line shortcut taken for the wrong line shows.
    std::string text = "ab\n\xC3\xA9x\r\ncd\r\xF0\x9F\x98\x80y\nlast";
    LineIndex index(text);
    REQUIRE(index.lineCount() == 5);
    CHECK(index.position(1, PositionEncoding::Utf16) == Position{0, 1});
    CHECK(index.position(5, PositionEncoding::Utf16) == Position{1, 1}); // after é, before x
    CHECK(index.position(5, PositionEncoding::Utf8) == Position{1, 2});
    CHECK(index.position(9, PositionEncoding::Utf16) == Position{2, 1});
    CHECK(index.position(15, PositionEncoding::Utf16) == Position{3, 2}); // after 😀
    CHECK(index.position(15, PositionEncoding::Utf8) == Position{3, 4});
    CHECK(index.position(16, PositionEncoding::Utf16) == Position{3, 3}); // after y
    CHECK(index.position(20, PositionEncoding::Utf16) == Position{4, 3});
    CHECK(index.offset({1, 1}, PositionEncoding::Utf16) == 5);
    CHECK(index.offset({2, 9}, PositionEncoding::Utf16) == 10); // clamped to the end of "cd"
    CHECK(index.offset({3, 2}, PositionEncoding::Utf16) == 15);
    CHECK(index.offset({4, 3}, PositionEncoding::Utf8) == 20);
    // Every offset at a code point's start comes back from its position, in both encodings.
    for (uint32_t o = 0; o <= text.size(); ++o) {
        if (o < text.size() && (static_cast<unsigned char>(text[o]) & 0xC0) == 0x80)
            continue;
        for (auto encoding : {PositionEncoding::Utf16, PositionEncoding::Utf8}) {
            INFO(o);
            Position p = index.position(o, encoding);
            if (index.lineEnd(p.line) >= o)
                CHECK(index.offset(p, encoding) == o);
        }
    }
}

TEST_CASE("line starts and columns agree with a byte-by-byte reading of any text",
          "[lsp][positions]") {
    // The index finds lines with memchr and tests ASCII a word at a time; this reads the text
    // one byte at a time, as LSP defines lines, on texts dense in "\r", "\n" and multi-byte
    // characters at every alignment.
    const std::string pieces[] = {
        "\n", "\r", "\r\n", "a", "bcdefghij", "\xC3\xA9", "\xF0\x9F\x98\x80"};
    uint32_t seed = 7;
    for (int round = 0; round < 300; ++round) {
        std::string text;
        const int count = round % 40;
        for (int i = 0; i < count; ++i) {
            seed = seed * 1664525u + 1013904223u;
            text += pieces[(seed >> 16) % std::size(pieces)];
        }
        std::vector<uint32_t> starts{0};
        for (uint32_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n' ||
                (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')))
                starts.push_back(i + 1);
        LineIndex index(text);
        INFO(round);
        REQUIRE(index.lineCount() == starts.size());
        for (uint32_t line = 0; line < starts.size(); ++line) {
            CHECK(index.lineStart(line) == starts[line]);
            // A column counted from the line's start: UTF-8 bytes, or one UTF-16 unit a
            // character and two for the 4-byte one.
            uint32_t units = 0;
            for (uint32_t at = starts[line]; at < index.lineEnd(line);) {
                const auto c = static_cast<unsigned char>(text[at]);
                const uint32_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : 4;
                at += len;
                units += len == 4 ? 2 : 1;
                CHECK(index.position(at, PositionEncoding::Utf16) == Position{line, units});
                CHECK(index.position(at, PositionEncoding::Utf8) ==
                      Position{line, at - starts[line]});
            }
        }
    }
}

TEST_CASE("an index kept through edits equals one built for the edited text", "[lsp][positions]") {
    // The server keeps the document's index through each edit (LineIndex::edited) rather than
    // building it again: random edits of texts dense in "\r", "\n" and multi-byte characters,
    // including ones that split or join a "\r\n" and edits at either end.
    const std::string pieces[] = {
        "\n", "\r", "\r\n", "a", "bcdefghij", "\xC3\xA9", "\xF0\x9F\x98\x80", "\n\n"};
    std::mt19937 rng(11);
    auto piece = [&] { return pieces[std::uniform_int_distribution<size_t>(0, 7)(rng)]; };
    for (int round = 0; round < 200; ++round) {
        std::string text;
        for (int i = round % 30; i > 0; --i)
            text += piece();
        LineIndex index(text);
        for (int edit = 0; edit < 30; ++edit) {
            const auto size = static_cast<uint32_t>(text.size());
            uint32_t begin = std::uniform_int_distribution<uint32_t>(0, size)(rng);
            uint32_t end =
                std::min(size, begin + std::uniform_int_distribution<uint32_t>(0, 6)(rng));
            if (edit % 7 == 0)
                begin = end = edit % 2 ? size : 0; // at either end
            std::string insert;
            for (int i = std::uniform_int_distribution<int>(0, 2)(rng); i > 0; --i)
                insert += piece();
            text.replace(begin, end - begin, insert);
            index.edited(text, begin, end, begin + static_cast<uint32_t>(insert.size()));
            INFO(round << " " << edit);
            REQUIRE(index == LineIndex(text));
        }
    }
    // Arguments that describe no edit of the indexed text: built again.
    LineIndex index("a\nb");
    const std::string other = "x\r\ny\rz";
    index.edited(other, 2, 1, 0);
    CHECK(index == LineIndex(other));
}
