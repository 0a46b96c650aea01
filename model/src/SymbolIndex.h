// SPDX-License-Identifier: Apache-2.0
// The symbols of a program by (kind, name), for name resolution and duplicate detection. Private to
// model/. An open-addressing table of indices into Program::symbols: four bytes a slot where a hash
// map takes a node of 56 per symbol, which counted at the peak of `modak check` on large files
// (35 000 symbols in the 10 MB bench file).
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
        slots_[slotOf(symbols_, slots_, s.kind, s.name)] = static_cast<uint32_t>(index + 1);
    }

    /// The symbol `kind name`, or nullptr.
    const Symbol* find(std::string_view kind, std::string_view name) const {
        return find(symbols_, slots_, kind, name);
    }

    /// The table, for Program::symbolSlots once every symbol is in.
    std::vector<uint32_t> takeSlots() && { return std::move(slots_); }

    /// The symbol `kind name` of `symbols` through a table `slots` an index over them left.
    static const Symbol* find(const std::vector<Symbol>& symbols,
                              const std::vector<uint32_t>& slots, std::string_view kind,
                              std::string_view name) {
        uint32_t slot = slots[slotOf(symbols, slots, kind, name)];
        return slot == 0 ? nullptr : &symbols[slot - 1];
    }

private:
    // The slot holding `kind name`, or the empty one where it would go (linear probing).
    static size_t slotOf(const std::vector<Symbol>& symbols, const std::vector<uint32_t>& slots,
                         std::string_view kind, std::string_view name) {
        const size_t mask = slots.size() - 1; // a power of two
        // The kinds (application, target, deployment, workload, image) differ in length: that
        // spreads them as well as a hash of their text would, for one hash less a lookup.
        size_t h =
            (std::hash<std::string_view>()(name) + kind.size() * 0x9E3779B97F4A7C15ULL) & mask;
        for (;; h = (h + 1) & mask) {
            uint32_t slot = slots[h];
            if (slot == 0)
                return h;
            const Symbol& s = symbols[slot - 1];
            if (s.name == name && s.kind == kind)
                return h;
        }
    }

    const std::vector<Symbol>& symbols_;
    std::vector<uint32_t> slots_; ///< index + 1 into symbols_; 0 is empty
};

} // namespace modak::model
