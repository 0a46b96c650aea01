// SPDX-License-Identifier: Apache-2.0
#include "Output.h"

#include <algorithm>

namespace modak::importer::out {

namespace {
constexpr size_t kMaxColumns = 100;
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
    items_.push_back({Item::Kind::Attribute, std::string(key), std::move(value), nullptr, rankOf(key), seq_++});
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
    std::erase_if(items_, [&](const Item& i) { return i.kind == Item::Kind::Attribute && i.key == key; });
}

Block& Block::child(std::string_view key, std::vector<std::string_view> order) {
    if (Block* b = findChild(key))
        return *b;
    items_.push_back({Item::Kind::Block, std::string(key), {}, std::make_unique<Block>(std::string(key), "", std::move(order)),
                      rankOf(key), seq_++});
    return *items_.back().block;
}

Block* Block::findChild(std::string_view key) {
    for (Item& item : items_)
        if (item.kind == Item::Kind::Block && item.key == key)
            return item.block.get();
    return nullptr;
}

void Block::comment(std::string_view anchor, std::string text) {
    // A line comment ends at the line end; keep the text on one line.
    std::string clean;
    for (char c : text) {
        if (c == '\n')
            clean += "\\n";
        else if (c == '\r')
            clean += "\\r";
        else
            clean.push_back(c);
    }
    items_.push_back({Item::Kind::Comment, std::string(anchor), std::move(clean), nullptr,
                      anchor.empty() ? order_.size() + 1 : rankOf(anchor), seq_++});
}

bool Block::hasStatements() const {
    return std::any_of(items_.begin(), items_.end(), [](const Item& i) { return i.kind != Item::Kind::Comment; });
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

std::string Block::oneLine() const {
    std::string line = kind_;
    if (!label_.empty())
        line += " " + label_;
    line += " {";
    bool first = true;
    for (const Item* i : sorted()) {
        if (i->kind != Item::Kind::Attribute)
            return {};
        line += first ? " " : ", ";
        line += i->key + " = " + i->text;
        first = false;
    }
    line += first ? "}" : " }";
    return line;
}

std::string Block::renderBody(size_t indent) const {
    std::string out;
    std::string pad(indent, ' ');
    for (const Item* i : sorted()) {
        switch (i->kind) {
        case Item::Kind::Attribute: out += pad + i->key + " = " + i->text + "\n"; break;
        case Item::Kind::Comment: out += pad + "// " + i->text + "\n"; break;
        case Item::Kind::Block: out += i->block->render(indent); break;
        }
    }
    return out;
}

std::string Block::render(size_t indent) const {
    std::string pad(indent, ' ');
    if (!multiLine_) {
        std::string line = oneLine();
        if (!line.empty() && indent + line.size() <= kMaxColumns)
            return pad + line + "\n";
    }
    std::string out = pad + kind_;
    if (!label_.empty())
        out += " " + label_;
    out += " {\n";
    out += renderBody(indent + 2);
    out += pad + "}\n";
    return out;
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

} // namespace modak::importer::out
