// SPDX-License-Identifier: Apache-2.0
#include "Output.h"

#include "modak/syntax/Formatter.h"
#include "modak/syntax/Lexical.h"
#include "modak/syntax/Parser.h"

#include <algorithm>

namespace modak::importer::out {

namespace {

/// `source` as the formatter prints it. Source that does not parse is an importer bug; it is
/// returned as written, and the check that follows every import reports where.
std::string formatted(std::string source, const syntax::FormatOptions& options = {}) {
    SourceManager sm;
    FileId id = sm.addBuffer("imported.modak", std::move(source));
    Diagnostics diags;
    syntax::File tree = syntax::parse(sm, id, diags);
    if (diags.hasErrors())
        return std::string(sm.text(id));
    return syntax::format(tree, sm.text(id), options);
}

} // namespace

Block::Block(std::string kind, std::string label, std::vector<std::string_view> order)
    : kind_(std::move(kind)), label_(std::move(label)), order_(std::move(order)) {}

size_t Block::rankOf(std::string_view key) const {
    auto it = std::find(order_.begin(), order_.end(), key);
    return it == order_.end() ? order_.size() : static_cast<size_t>(it - order_.begin());
}

void Block::set(std::string_view key, std::string value) {
    for (Item& item : items_)
        if (item.kind == Item::Kind::Attribute && item.key == key) {
            item.text = std::move(value);
            return;
        }
    items_.push_back(
        {Item::Kind::Attribute, std::string(key), std::move(value), nullptr, rankOf(key), seq_++});
}

bool Block::has(std::string_view key) const {
    return std::any_of(items_.begin(), items_.end(), [&](const Item& i) {
        return i.kind != Item::Kind::Comment && i.key == key;
    });
}

std::string Block::get(std::string_view key) const {
    for (const Item& item : items_)
        if (item.kind == Item::Kind::Attribute && item.key == key)
            return item.text;
    return {};
}

void Block::erase(std::string_view key) {
    std::erase_if(items_,
                  [&](const Item& i) { return i.kind == Item::Kind::Attribute && i.key == key; });
}

Block& Block::child(std::string_view key, std::vector<std::string_view> order) {
    if (Block* b = findChild(key))
        return *b;
    items_.push_back({Item::Kind::Block,
                      std::string(key),
                      {},
                      std::make_unique<Block>(std::string(key), "", std::move(order)),
                      rankOf(key),
                      seq_++});
    return *items_.back().block;
}

Block* Block::findChild(std::string_view key) {
    for (Item& item : items_)
        if (item.kind == Item::Kind::Block && item.key == key)
            return item.block.get();
    return nullptr;
}

void Block::comment(std::string_view anchor, std::string text) {
    items_.push_back({Item::Kind::Comment, std::string(anchor), std::move(text), nullptr,
                      anchor.empty() ? order_.size() + 1 : rankOf(anchor), seq_++});
}

bool Block::hasStatements() const {
    return std::any_of(items_.begin(), items_.end(),
                       [](const Item& i) { return i.kind != Item::Kind::Comment; });
}

std::vector<const Block::Item*> Block::sorted() const {
    std::vector<const Item*> out;
    for (const Item& i : items_)
        out.push_back(&i);
    std::stable_sort(out.begin(), out.end(), [](const Item* a, const Item* b) {
        if (a->rank != b->rank)
            return a->rank < b->rank;
        // A comment about a key comes before its statement.
        bool ca = a->kind == Item::Kind::Comment, cb = b->kind == Item::Kind::Comment;
        if (ca != cb)
            return ca;
        return a->seq < b->seq;
    });
    return out;
}

void Block::write(std::string& source) const {
    source += kind_;
    if (!label_.empty())
        source += " " + label_;
    std::vector<const Item*> items = sorted();
    bool oneLine = !multiLine_ && std::all_of(items.begin(), items.end(), [](const Item* i) {
        return i->kind == Item::Kind::Attribute;
    });
    if (oneLine) {
        source += " {";
        for (size_t k = 0; k < items.size(); ++k)
            source += (k ? ", " : " ") + items[k]->key + " = " + items[k]->text;
        source += " }\n";
        return;
    }
    source += " {\n";
    writeBody(source);
    source += "}\n";
}

void Block::writeBody(std::string& source) const {
    for (const Item* i : sorted()) {
        switch (i->kind) {
        case Item::Kind::Attribute:
            source += i->key + " = " + i->text + "\n";
            break;
        case Item::Kind::Comment:
            source += syntax::lineComment(i->text) + "\n";
            break;
        case Item::Kind::Block:
            i->block->write(source);
            break;
        }
    }
}

std::string list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) {
        if (i)
            out += ", ";
        out += items[i];
    }
    return out + "]";
}

std::string file(const std::vector<std::string>& header, const std::vector<const Block*>& blocks) {
    std::string source;
    for (const std::string& c : header)
        source += syntax::lineComment(c) + "\n";
    source += "modak 1\n";
    for (const Block* b : blocks)
        b->write(source);
    return formatted(std::move(source));
}

std::vector<std::string> Block::bodyLines() const {
    // Printed as a multi-line top-level block, whose first and last lines are the braces.
    std::string source = kind_ + " {\n";
    writeBody(source);
    source += "}\n";
    syntax::FormatOptions options;
    std::string text = formatted(std::move(source), options);
    std::vector<std::string> lines;
    for (size_t start = 0; start < text.size();) {
        size_t nl = text.find('\n', start);
        lines.push_back(text.substr(start, nl - start));
        start = nl == std::string::npos ? text.size() : nl + 1;
    }
    if (lines.size() < 2)
        return {}; // `kind {}`: no statements
    lines.erase(lines.begin());
    lines.pop_back();
    for (std::string& line : lines)
        line.erase(0, std::min<size_t>(options.indentWidth, line.find_first_not_of(' ')));
    return lines;
}

} // namespace modak::importer::out
