// SPDX-License-Identifier: Apache-2.0
// tree::KeyedBlock answers as tree::child does: the first statement with the key, or none. Its
// index has 64 slots, so the blocks here have more keys than slots (some keys share one), keys
// written twice, blocks among the attributes, and the keys asked for include absent ones.
#include "Test.h"
#include "modak/model/TreeAccess.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace modak;
using modak::model::tree::KeyedBlock;

namespace {

/// Every key of `block`, each key again with a suffix (absent), and some keys no block has.
std::vector<std::string> keysToAsk(const syntax::Statement& block) {
    std::vector<std::string> keys = {"absent", "x", "zz_top", "run", "nodes", ""};
    for (const auto& s : block.body()) {
        keys.emplace_back(s.key().name);
        keys.push_back(std::string(s.key().name) + "_no");
    }
    return keys;
}

void checkAgrees(const syntax::Statement& block) {
    const KeyedBlock keyed(&block);
    for (const std::string& key : keysToAsk(block)) {
        INFO("key '" << key << "'");
        CHECK(keyed.child(key) == model::tree::child(&block, key));
    }
}

} // namespace

TEST_CASE("a keyed block finds what child() finds", "[model][tree]") {
    // 150 keys of lengths 1-12 in one block: more keys than slots, so slots are shared; every
    // tenth key written again further down (the first must be found); every seventh a block.
    std::string text = "modak 1\n\napplication many {\n";
    std::vector<std::string> names;
    for (int i = 0; i < 150; ++i) {
        std::string name(1 + i % 12, static_cast<char>('a' + i % 26));
        name[0] = static_cast<char>('a' + (i * 7) % 26);
        name += "_" + std::to_string(i);
        names.push_back(name);
        text += i % 7 == 0 ? "  " + name + " { inner = " + std::to_string(i) + " }\n"
                           : "  " + name + " = " + std::to_string(i) + "\n";
    }
    for (int i = 0; i < 150; i += 10)
        text += "  " + names[static_cast<size_t>(i)] + " = \"again\"\n";
    text += "}\n\ntarget small {\n  nodes = 2\n  nodes = 3\n  cpu { cores = 4 }\n}\n\n"
            "target empty {\n}\n";

    SourceManager sm;
    Diagnostics diags;
    syntax::File file = test::parseText(sm, text, diags);
    REQUIRE_FALSE(diags.hasErrors());
    const syntax::Statement* application = nullptr;
    for (const auto& top : file.statements)
        if (top.keyIs("application"))
            application = &top;
    REQUIRE(application);
    size_t blocks = 0;
    for (const auto& top : file.statements) {
        if (top.kind() != syntax::Statement::Kind::Block)
            continue;
        ++blocks;
        checkAgrees(top);
        for (const auto& inner : top.body())
            if (inner.kind() == syntax::Statement::Kind::Block)
                checkAgrees(inner);
    }
    CHECK(blocks == 3);

    // The first of a key written twice is the one found, also where its slot is shared.
    const KeyedBlock many(application);
    for (int i = 0; i < 150; i += 10) {
        const syntax::Statement* found = many.child(names[static_cast<size_t>(i)]);
        REQUIRE(found);
        CHECK(found->value().text() != "again");
    }
    // A statement that is not a block, and none at all, have no keys.
    CHECK(KeyedBlock(nullptr).child("nodes") == nullptr);
}
