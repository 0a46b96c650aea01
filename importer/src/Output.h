// SPDX-License-Identifier: Apache-2.0
//! A tiny builder of canonical .modak text (docs/language.md §6): blocks hold attributes, nested
//! blocks and own-line comments, ordered by the schema's key order rather than by insertion.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace modak::importer::out {

class Block {
public:
    /// `order` lists the keys of this block kind in canonical order; items are rendered in that
    /// order (unknown keys and anchors last), insertion order breaking ties.
    Block(std::string kind, std::string label, std::vector<std::string_view> order);

    /// Sets `key = value` (`value` is already rendered .modak text), replacing an earlier value.
    void set(std::string_view key, std::string value);
    bool has(std::string_view key) const;
    /// The rendered value of `key`, or empty.
    std::string get(std::string_view key) const;
    void erase(std::string_view key);
    /// The nested block `key` (created on first use).
    Block& child(std::string_view key, std::vector<std::string_view> order);
    Block* findChild(std::string_view key);
    /// An own-line comment placed just before the statement `anchor` (or at the end).
    void comment(std::string_view anchor, std::string text);
    /// Forces the multi-line form even when the block would fit on one line.
    void setMultiLine(bool v) { multiLine_ = v; }

    bool empty() const { return items_.empty(); }
    bool hasStatements() const;
    const std::string& kind() const { return kind_; }
    const std::string& label() const { return label_; }
    void setLabel(std::string label) { label_ = std::move(label); }

    /// Renders the block at `indent` spaces, ending in a newline.
    std::string render(size_t indent) const;
    /// Renders only the body statements (no braces), each line at `indent` spaces.
    std::string renderBody(size_t indent) const;

private:
    struct Item {
        enum class Kind { Attribute, Block, Comment } kind;
        std::string key;  ///< attribute key, block kind, or the anchor of a comment
        std::string text; ///< rendered value, or the comment text
        std::unique_ptr<Block> block;
        size_t rank;
        size_t seq;
    };

    size_t rankOf(std::string_view key) const;
    std::vector<const Item*> sorted() const;
    /// The one-line form `kind label { a = 1, b = 2 }`, or empty when the block needs several lines.
    std::string oneLine() const;

    std::string kind_;
    std::string label_;
    std::vector<std::string_view> order_;
    std::vector<Item> items_;
    size_t seq_ = 0;
    bool multiLine_ = false;
};

/// `[a, b]`
std::string list(const std::vector<std::string>& items);

} // namespace modak::importer::out
