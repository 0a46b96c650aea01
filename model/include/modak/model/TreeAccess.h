// SPDX-License-Identifier: Apache-2.0
//! Reading values from a checked tree. Sema has already reported wrong types, so an absent or
//! mistyped value simply yields the fallback here. Used by the optimiser and the code generators.
#pragma once

#include "modak/syntax/Ast.h"

#include <array>
#include <concepts>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace modak::model::tree {

using syntax::Statement;
using syntax::Value;

/// The (block kind, key) pairs looked up while one is installed as `keyReads`: the test that every
/// schema key is read by some stage (tests/unit/model/KeyReadTests.cpp) installs one. Null by
/// default, so a lookup costs one test of a thread-local pointer.
struct KeyReads {
    std::set<std::pair<std::string, std::string>> seen;
};
inline thread_local KeyReads* keyReads = nullptr;

/// Records that a stage looked up `key` in `block` (a block's kind is its key: `job`, `partition`;
/// the file level is "file"). The lookups below call it; readers that walk a body call it for the
/// keys they dispatch on.
/// (The recording is out of line and the test inlined: a lowering looks up some hundred keys a
/// deployment, and a call that set up the recording's frame before its test took 1-2 % of a
/// large file's check.)
[[gnu::noinline]] inline void recordRead(std::string_view blockKind, std::string_view key) {
    keyReads->seen.emplace(std::string(blockKind), std::string(key));
}
[[gnu::always_inline]] inline void noteRead(std::string_view blockKind, std::string_view key) {
    if (keyReads) [[unlikely]]
        recordRead(blockKind, key);
}
[[gnu::always_inline]] inline void noteRead(const Statement* block, std::string_view key) {
    if (keyReads && block) [[unlikely]]
        recordRead(block->key().name, key);
}

/// The first statement `key` in `block` (attribute or block), or nullptr.
inline const Statement* child(const Statement* block, std::string_view key) {
    if (!block)
        return nullptr;
    noteRead(block, key);
    if (!block->mayHave(key))
        return nullptr;
    for (const auto& s : block->body())
        if (s.keyIs(key))
            return &s;
    return nullptr;
}

/// A block whose body is indexed by key in one walk, for a reader that looks up many keys of it
/// (lowering a target or an application asks for some thirty): a lookup is one probe, where
/// child() scans the body for every key the block has, or whose filter bit another key shares.
/// Answers as child() does: the first statement with the key.
class KeyedBlock {
public:
    explicit KeyedBlock(const Statement* block) : block_(block) {
        if (!block)
            return;
        for (const Statement& s : block->body()) {
            const std::string_view key = s.key().name;
            const unsigned slot = Statement::keySlot(key);
            const uint64_t bit = uint64_t(1) << slot;
            if (!(present_ & bit)) {
                first_[slot] = &s;
                present_ |= bit;
            } else if (!first_[slot]->keyIs(key)) {
                shared_ |= bit; // two keys in one slot: the later one is found by a scan
            }
        }
    }
    [[gnu::always_inline]] const Statement* child(std::string_view key) const {
        noteRead(block_, key);
        const unsigned slot = Statement::keySlot(key);
        if (!(present_ >> slot & 1))
            return nullptr;
        if (first_[slot]->keyIs(key))
            return first_[slot];
        return shared_ >> slot & 1 ? tree::child(block_, key) : nullptr;
    }

private:
    const Statement* block_;
    uint64_t present_ = 0; ///< slots (Statement::keySlot) that some statement's key has
    uint64_t shared_ = 0;  ///< slots that two different keys have
    std::array<const Statement*, 64> first_; ///< per slot in present_: its first statement
};

[[gnu::always_inline]] inline const Statement* child(const KeyedBlock& block,
                                                     std::string_view key) {
    return block.child(key);
}

/// A block to read keys of: a statement (null for none) or a KeyedBlock.
template<class B>
concept Block =
    std::same_as<B, const Statement*> || std::same_as<B, Statement*> || std::same_as<B, KeyedBlock>;

// attr, word and integer are inlined where they are called (a lowering calls them some hundred
// times a deployment): `key` is then a constant, and so is its filter bit, and an absent key
// costs no call. (`modak check` of the 1 MB bench file, callgrind: 1.3 % fewer instructions.
// child() itself inlined everywhere cost more than it saved.)

/// The value of attribute `key`, or nullptr.
template<Block B>
[[gnu::always_inline]] inline const Value* attr(const B& block, std::string_view key) {
    const Statement* s = child(block, key);
    return s && s->kind() == Statement::Kind::Attribute ? &s->value() : nullptr;
}

/// The text word() reads of a value (an identifier, string, text block or versioned name's), or
/// nullopt for another kind or none.
inline std::optional<std::string_view> wordText(const Value* v) {
    if (v && (v->kind == Value::Kind::Identifier || v->kind == Value::Kind::String ||
              v->kind == Value::Kind::Versioned || v->kind == Value::Kind::TextBlock))
        return v->text();
    return std::nullopt;
}

/// An identifier, string or versioned name's text.
/// (The fallback is a view: a string made for it on every call was most of a lookup's cost.)
template<Block B>
[[gnu::always_inline]] inline std::string word(const B& block, std::string_view key,
                                               std::string_view fallback = {}) {
    return std::string(wordText(attr(block, key)).value_or(fallback));
}

/// An integer, size (bytes) or duration (seconds).
template<Block B>
[[gnu::always_inline]] inline std::optional<int64_t> integer(const B& block, std::string_view key) {
    const Value* v = attr(block, key);
    if (v && (v->kind == Value::Kind::Integer || v->kind == Value::Kind::Size ||
              v->kind == Value::Kind::Duration))
        return v->integer();
    return std::nullopt;
}

/// An amount (`5000 USD`, `20000 gpu_hours`): the number and its unit as written.
struct AmountValue {
    double amount = 0;
    std::string unit;
    SourceRange range;
};
template<Block B>
std::optional<AmountValue> amount(const B& block, std::string_view key) {
    const Value* v = attr(block, key);
    if (v && v->kind == Value::Kind::Amount)
        return AmountValue{v->number(), std::string(v->unit()), v->range};
    return std::nullopt;
}

template<Block B>
std::optional<double> number(const B& block, std::string_view key) {
    const Value* v = attr(block, key);
    if (v && v->kind == Value::Kind::Float)
        return v->number();
    if (v && v->kind == Value::Kind::Integer)
        return static_cast<double>(v->integer());
    return std::nullopt;
}

template<Block B>
std::optional<bool> boolean(const B& block, std::string_view key) {
    const Value* v = attr(block, key);
    if (v && v->kind == Value::Kind::Bool)
        return v->boolean;
    return std::nullopt;
}

/// The strings and identifiers of a list (or of a single value).
inline std::vector<std::string> words(const Value* v) {
    std::vector<std::string> out;
    if (!v)
        return out;
    if (v->kind == Value::Kind::List) {
        for (const auto& item : v->items())
            if (item.kind == Value::Kind::String || item.kind == Value::Kind::Identifier)
                out.emplace_back(item.text());
    } else if (v->kind == Value::Kind::String || v->kind == Value::Kind::Identifier) {
        out.emplace_back(v->text());
    }
    return out;
}

} // namespace modak::model::tree
