// SPDX-License-Identifier: Apache-2.0
// The symbols of a program by (kind, name), for name resolution and duplicate detection. Private to
// model/. An open-addressing table of indices into Program::symbols: eight bytes a slot (an index
// and a tag of the name's hash) where a hash map takes a node of 56 per symbol, which counted at
// the peak of `modak check` on large files (35 000 symbols in the 10 MB bench file).
#pragma once

#include "modak/model/Program.h"

#include <bit>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace modak::model {

class SymbolIndex {
public:
    /// An index of `symbols` with room for `capacity` of them (it does not grow).
    SymbolIndex(const std::vector<Symbol>& symbols, size_t capacity)
        : symbols_(symbols), slots_(std::bit_ceil(capacity + capacity / 2 + 1)) {}

    /// Adds symbols[index], or makes it the one found for its kind and name if one was already.
    void set(size_t index) {
        const Symbol& s = symbols_[index];
        const uint64_t h = hashOf(s.kind, s.name);
        slots_[slotOf(symbols_, slots_, h, s.kind, s.name)] = (h & kTagBits) | (index + 1);
    }

    /// The symbol `kind name`, or nullptr.
    const Symbol* find(std::string_view kind, std::string_view name) const {
        return find(symbols_, slots_, kind, name);
    }

    /// The table, for Program::symbolSlots once every symbol is in.
    std::vector<uint64_t> takeSlots() && { return std::move(slots_); }

    /// The symbol `kind name` of `symbols` through a table `slots` an index over them left.
    static const Symbol* find(const std::vector<Symbol>& symbols,
                              const std::vector<uint64_t>& slots, std::string_view kind,
                              std::string_view name) {
        const uint64_t slot = slots[slotOf(symbols, slots, hashOf(kind, name), kind, name)];
        return slot == 0 ? nullptr : &symbols[(slot & kIndexBits) - 1];
    }

private:
    // A slot is the symbol's index + 1 (0: empty) in its low half and its hash's high half above:
    // a probe past another name's slot compares the halves, not that symbol's name (which is a
    // cache miss into the symbols, then another into the text, on a large file).
    static constexpr uint64_t kIndexBits = 0xFFFF'FFFFULL;
    static constexpr uint64_t kTagBits = ~kIndexBits;

    // The kinds (application, target, deployment, workload, image) differ in length: that
    // spreads them as well as a hash of their text would, for one hash less a lookup.
    static uint64_t hashOf(std::string_view kind, std::string_view name) {
        return std::hash<std::string_view>()(name) + kind.size() * 0x9E3779B97F4A7C15ULL;
    }

    // The slot holding `kind name` (hashed to `h`), or the empty one where it would go (linear
    // probing from the hash's low bits).
    static size_t slotOf(const std::vector<Symbol>& symbols, const std::vector<uint64_t>& slots,
                         uint64_t h, std::string_view kind, std::string_view name) {
        const size_t mask = slots.size() - 1; // a power of two
        for (size_t at = h & mask;; at = (at + 1) & mask) {
            const uint64_t slot = slots[at];
            if (slot == 0)
                return at;
            if ((slot & kTagBits) != (h & kTagBits))
                continue;
            const Symbol& s = symbols[(slot & kIndexBits) - 1];
            if (s.name == name && s.kind == kind)
                return at;
        }
    }

    const std::vector<Symbol>& symbols_;
    std::vector<uint64_t> slots_; ///< tag | index + 1 into symbols_; 0 is empty
};

} // namespace modak::model
