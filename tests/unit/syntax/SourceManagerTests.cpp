// SPDX-License-Identifier: Apache-2.0
// The source manager's line tables: built for a text, and carried to an edited version of it.
#include "Test.h"
#include "modak/text/SourceManager.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

using namespace modak;

TEST_CASE("a line table carried through edits equals one built for the edited text",
          "[syntax][sources]") {
    // An editor's document is added once per edit with the last version's buffer: its table is
    // kept where the texts agree and found again between. Random edits of a text of many short
    // lines (runs of newlines, "\r\n", multi-byte characters), at either end too.
    const std::vector<std::string> snippets = {
        "\n", "\n\n", "\r\n", "a = 1\n", "é", "x", "target t {\n  nodes = 2\n}\n", ""};
    std::mt19937 rng(3);
    for (int round = 0; round < 40; ++round) {
        std::string text;
        for (int i = round * 7; i > 0; --i)
            text += snippets[std::uniform_int_distribution<size_t>(0, snippets.size() - 1)(rng)];
        SourceManager sm;
        FileId last = sm.addBuffer("doc.modak", text);
        for (int edit = 0; edit < 25; ++edit) {
            text = test::randomEdit(text, rng, snippets, 12, /*wholeCharacters=*/false);
            if (edit % 9 == 0)
                text = edit % 2 ? text + "\n" : "\n" + text; // at either end
            FileId now = sm.addBuffer("doc.modak", text, sm.buffer(last));
            SourceManager fresh;
            FileId alone = fresh.addBuffer("doc.modak", text);
            INFO(round << " " << edit);
            REQUIRE(sm.buffer(now).lineStarts == fresh.buffer(alone).lineStarts);
            CHECK(sm.text(now) == text);
            CHECK(sm.buffer(now).fileSize == text.size());
            last = now;
        }
    }
}
