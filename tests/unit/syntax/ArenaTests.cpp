// SPDX-License-Identifier: Apache-2.0
// The tree's arena: what it hands out keeps its bytes across chunks of every kind — the small
// ones from the heap, the 2 MiB ones mapped for huge pages, a single node larger than a chunk —
// and after releaseUnused(), which gives back the pages the last chunk has not used, it goes on
// handing out memory that holds what is written to it.
#include "Test.h"
#include "modak/syntax/Ast.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

using namespace modak;
using syntax::Arena;

namespace {

/// `n` bytes from `arena`, each set to a pattern of its allocation and offset.
struct Block {
    unsigned char* data;
    size_t size;
    unsigned seed;
};

Block fill(Arena& arena, size_t n, unsigned seed) {
    auto* p = static_cast<unsigned char*>(arena.allocate(n, 8));
    for (size_t i = 0; i < n; ++i)
        p[i] = static_cast<unsigned char>(seed * 31 + i * 7);
    return {p, n, seed};
}

bool intact(const Block& b) {
    for (size_t i = 0; i < b.size; ++i)
        if (b.data[i] != static_cast<unsigned char>(b.seed * 31 + i * 7))
            return false;
    return true;
}

} // namespace

TEST_CASE("the arena keeps every node's bytes across heap and mapped chunks", "[syntax][arena]") {
    Arena arena;
    std::vector<Block> blocks;
    size_t total = 0;
    unsigned seed = 1;
    // ~9 MiB in nodes of 40 bytes to 64 KiB: chunks from 4 KiB up to mapped 2 MiB ones.
    while (total < (9u << 20)) {
        size_t n = 40 + (seed * 2654435761u) % (64u << 10);
        blocks.push_back(fill(arena, n, seed++));
        total += n;
        CHECK(reinterpret_cast<uintptr_t>(blocks.back().data) % 8 == 0);
    }
    // One node larger than any chunk.
    blocks.push_back(fill(arena, 5u << 20, seed++));
    arena.releaseUnused();
    // The arena goes on after its unused pages were given back.
    for (int i = 0; i < 200; ++i)
        blocks.push_back(fill(arena, 4096 + static_cast<size_t>(i), seed++));
    arena.releaseUnused();
    arena.releaseUnused(); // twice: nothing more to give back
    blocks.push_back(fill(arena, 100, seed++));
    size_t bad = 0;
    for (const Block& b : blocks)
        bad += intact(b) ? 0 : 1;
    CHECK(bad == 0);
    CHECK(arena.used() >= total + (5u << 20));
}

TEST_CASE("an empty arena gives nothing back and stays usable", "[syntax][arena]") {
    Arena arena;
    arena.releaseUnused();
    Block b = fill(arena, 1000, 7);
    arena.releaseUnused();
    CHECK(intact(b));
}
