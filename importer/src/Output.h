// SPDX-License-Identifier: Apache-2.0
//! The importer's .modak output as a tree of blocks: attributes, nested blocks and own-line
//! comments, ordered by the schema's key order rather than by insertion. The text is printed by the
//! formatter (docs/language.md §6), the one writer of .modak text: the blocks are written as plain
//! source and formatted, so layout, quoting and line width are the formatter's.
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

    /// Appends the block as source for the formatter. A block that holds only attributes and is not
    /// multi-line is written on one line, which the formatter keeps when it fits.
    void write(std::string& source) const;
    /// The statements of the block as the formatter prints them inside it, one line each, without
    /// the block's own indentation.
    std::vector<std::string> bodyLines() const;

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
    void writeBody(std::string& source) const;

    std::string kind_;
    std::string label_;
    std::vector<std::string_view> order_;
    std::vector<Item> items_;
    size_t seq_ = 0;
    bool multiLine_ = false;
};

/// `[a, b]`
std::string list(const std::vector<std::string>& items);

/// The file `header` comments, `modak 1` and `blocks`, as the formatter prints it.
std::string file(const std::vector<std::string>& header, const std::vector<const Block*>& blocks);

} // namespace modak::importer::out
