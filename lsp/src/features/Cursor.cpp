// SPDX-License-Identifier: Apache-2.0
#include "Cursor.h"

#include <algorithm>
#include <cctype>

namespace modak::lsp::features {

namespace {

bool holds(SourceRange r, uint32_t offset) {
    return r.begin <= offset && offset <= r.end;
}

void descendValue(const syntax::Value& v, uint32_t offset, TreeCursor& c) {
    if (!holds(v.range, offset))
        return;
    c.value = &v;
    c.on = TreeCursor::On::Value;
    c.range = v.range;
    if (v.kind == syntax::Value::Kind::Versioned && holds(v.versionRange(), offset) &&
        v.versionRange().end > 0) {
        c.on = TreeCursor::On::Version;
        c.range = v.versionRange();
        return;
    }
    for (const auto& item : v.items())
        if (holds(item.range, offset)) {
            descendValue(item, offset, c);
            return;
        }
}

void descend(syntax::NodeList<syntax::Statement> body, uint32_t offset, TreeCursor& c) {
    for (const auto& s : body) {
        if (!holds(s.range(), offset))
            continue;
        c.statement = &s;
        if (holds(s.key().range, offset)) {
            c.on = TreeCursor::On::Key;
            c.range = s.key().range;
            return;
        }
        if (s.name() && holds(s.name()->range, offset)) {
            c.on = TreeCursor::On::Name;
            c.range = s.name()->range;
            return;
        }
        if (s.kind() == syntax::Statement::Kind::Attribute) {
            descendValue(s.value(), offset, c);
            return;
        }
        c.blocks.push_back(&s);
        c.statement = nullptr;
        c.on = TreeCursor::On::Nothing;
        c.range = s.range();
        descend(s.body(), offset, c);
        return;
    }
}

bool identChar(char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
}

} // namespace

TreeCursor locate(const syntax::File& file, uint32_t offset) {
    TreeCursor c;
    for (const auto& imp : file.imports)
        if (holds(imp.range, offset)) {
            c.on = TreeCursor::On::Import;
            c.import = &imp;
            c.range = imp.pathRange;
            return c;
        }
    descend(file.statements, offset, c);
    return c;
}

std::vector<std::string_view> pathOf(const TreeCursor& c, bool includeStatement) {
    std::vector<std::string_view> path;
    for (const auto* b : c.blocks)
        path.push_back(b->key().name);
    if (includeStatement && c.statement && c.statement->kind() == syntax::Statement::Kind::Block)
        path.push_back(c.statement->key().name);
    return path;
}

const model::BlockSchema* blockSchemaFor(std::span<const std::string_view> path) {
    const model::BlockSchema* block =
        path.empty() ? &model::fileSchema() : model::blockSchemaAt(path);
    if (!block && path.size() == 1)
        block = model::topLevelBlock(path.front());
    return block;
}

const model::KeySchema* keySchemaIn(const model::BlockSchema* block, std::string_view key) {
    if (!block)
        return nullptr;
    if (const model::KeySchema* k = block->key(key))
        return k;
    return block->anyKey ? &*block->anyKey : nullptr;
}

const model::KeySchema* keySchema(std::span<const std::string_view> path, std::string_view key) {
    return keySchemaIn(blockSchemaFor(path), key);
}

std::string referenceKind(const model::KeySchema* key) {
    if (!key)
        return {};
    for (const auto& t : key->types)
        if (t.kind == model::ValueKind::Reference)
            return t.refKind;
    return {};
}

void forEachReference(
    const syntax::File& file,
    const std::function<void(const syntax::Value& value, const std::string& kind)>& visit) {
    std::vector<std::string_view> path;
    std::function<void(syntax::NodeList<syntax::Statement>)> walk =
        [&](syntax::NodeList<syntax::Statement> body) {
            for (const auto& s : body) {
                if (s.kind() == syntax::Statement::Kind::Block) {
                    path.push_back(s.key().name);
                    walk(s.body());
                    path.pop_back();
                    continue;
                }
                std::string kind = referenceKind(keySchema(path, s.key().name));
                if (kind.empty())
                    continue;
                if (s.value().kind == syntax::Value::Kind::Identifier)
                    visit(s.value(), kind);
                else if (s.value().kind == syntax::Value::Kind::List)
                    for (const auto& item : s.value().items())
                        if (item.kind == syntax::Value::Kind::Identifier)
                            visit(item, kind);
            }
        };
    walk(file.statements);
}

namespace scanner { // used by ScanCheckpoints below

struct Frame {
    std::string key;
    std::set<std::string> keys;
};

/// What the scan carries from one character to the next.
struct ScanState {
    std::vector<Frame> frames = std::vector<Frame>(1);
    std::vector<std::string> words; ///< of the current statement
    bool inValue = false;
    std::string key;
    int brackets = 0;
    bool lastWasNumber = false;
};

/// Scans `text` from `from` (where `s` is the state) up to the cursor at `offset`, filling what
/// the cursor is in (string, comment, word) into `c`. At each line start outside every block,
/// bracket, string and comment with no statement open, calls `checkpoint(at, topLevelKeys)`; a
/// false answer stops the scan there.
template<class Checkpoint>
void scan(std::string_view text, size_t from, uint32_t offset, ScanState& s, TextContext& c,
          Checkpoint&& checkpoint) {
    size_t i = from;
    auto endStatement = [&] {
        s.words.clear();
        s.inValue = false;
        s.key.clear();
        s.lastWasNumber = false;
    };
    while (i < offset) {
        char ch = text[i];
        if (ch == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            size_t nl = text.find('\n', i);
            if (nl == std::string_view::npos || nl >= offset) {
                c.inComment = true;
                return;
            }
            i = nl;
            continue;
        }
        if (ch == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            size_t end = text.find("*/", i + 2);
            if (end == std::string_view::npos || end + 2 > offset) {
                c.inComment = true;
                return;
            }
            i = end + 2;
            continue;
        }
        if (ch == '"') {
            bool block = text.substr(i, 3) == "\"\"\"";
            size_t start = i + (block ? 3 : 1), j = start;
            if (block) {
                size_t end = text.find("\"\"\"", start);
                j = end == std::string_view::npos ? text.size() : end;
            } else {
                while (j < text.size() && text[j] != '"' && text[j] != '\n') {
                    if (text[j] == '\\')
                        ++j;
                    ++j;
                }
            }
            if (j >= offset) { // the cursor is inside this string
                c.inString = true;
                c.stringPrefix = std::string(text.substr(start, offset - start));
                c.wordBegin = static_cast<uint32_t>(start);
                return;
            }
            // An unterminated string ends at its line's end; the line break still ends the
            // statement.
            bool closed = j < text.size() && (block || text[j] == '"');
            i = closed ? j + (block ? 3 : 1) : j;
            if (s.inValue)
                s.words.push_back("\"");
            s.lastWasNumber = false;
            continue;
        }
        if (identChar(ch) || ch == '.' || ch == '-') {
            size_t j = i;
            while (j < text.size() &&
                   (identChar(text[j]) || text[j] == '.' || text[j] == '-' || text[j] == ':'))
                ++j;
            if (i < offset && j >= offset) {
                c.wordBegin = static_cast<uint32_t>(i); // the word being typed
                return;
            }
            std::string word(text.substr(i, j - i));
            s.lastWasNumber = std::isdigit(static_cast<unsigned char>(word[0])) != 0;
            s.words.push_back(std::move(word));
            i = j;
            continue;
        }
        if (ch == '=') {
            if (!s.words.empty() && !s.inValue && s.brackets == 0) {
                s.key = s.words.front();
                s.frames.back().keys.insert(s.key);
                s.inValue = true;
                s.words.clear();
            }
        } else if (ch == '[') {
            ++s.brackets;
        } else if (ch == ']') {
            s.brackets = std::max(0, s.brackets - 1);
        } else if (ch == '{') {
            std::string blockKey = s.words.empty() ? std::string() : s.words.front();
            s.frames.back().keys.insert(blockKey);
            s.frames.push_back({blockKey, {}});
            endStatement();
            s.brackets = 0;
        } else if (ch == '}') {
            if (s.frames.size() > 1)
                s.frames.pop_back();
            endStatement();
            s.brackets = 0;
        } else if ((ch == '\n' || ch == ',') && s.brackets == 0) {
            if (!s.words.empty() && !s.inValue)
                s.frames.back().keys.insert(s.words.front());
            endStatement();
            if (ch == '\n' && s.frames.size() == 1 &&
                !checkpoint(static_cast<uint32_t>(i + 1), s.frames.front().keys))
                return;
        }
        if (ch != ' ' && ch != '\t')
            s.lastWasNumber = false;
        ++i;
    }
}

} // namespace scanner

} // namespace modak::lsp::features

namespace modak::lsp {

using features::TextContext;
using features::scanner::scan;
using features::scanner::ScanState;

void ScanCheckpoints::edited(uint32_t begin, uint32_t oldEnd, uint32_t newEnd) {
    if (!built_)
        return;
    int64_t delta = int64_t(newEnd) - int64_t(oldEnd);
    if (!dirty_) {
        dirty_ = true;
        dirtyBegin_ = begin;
        dirtyEnd_ = newEnd;
        delta_ = delta;
        return;
    }
    // The dirty range so far, moved by this edit, and this edit's text.
    uint32_t end = dirtyEnd_ <= begin    ? dirtyEnd_
                   : dirtyEnd_ >= oldEnd ? static_cast<uint32_t>(dirtyEnd_ + delta)
                                         : newEnd;
    dirtyBegin_ = std::min(dirtyBegin_, begin);
    dirtyEnd_ = std::max(end, newEnd);
    delta_ += delta;
}

void ScanCheckpoints::update(std::string_view text) {
    TextContext ignored;
    auto size = static_cast<uint32_t>(text.size());
    if (!built_) {
        points_.clear();
        ScanState s;
        scan(text, 0, size, s, ignored, [&](uint32_t at, const std::set<std::string>& keys) {
            points_.push_back({at, keys});
            return true;
        });
        built_ = true;
        dirty_ = false;
        return;
    }
    if (!dirty_)
        return;
    // Checkpoints up to the first edit hold (the scan there read nothing after them); from the
    // last of them the text is scanned again until a checkpoint after the last edit meets an old
    // one in the same state: from there on the old ones hold, moved by the edits.
    auto firstDirty =
        std::upper_bound(points_.begin(), points_.end(), dirtyBegin_,
                         [](uint32_t at, const Checkpoint& p) { return at < p.offset; });
    std::vector<Checkpoint> old(std::make_move_iterator(firstDirty),
                                std::make_move_iterator(points_.end()));
    points_.erase(firstDirty, points_.end());
    ScanState s;
    size_t from = 0;
    if (!points_.empty()) {
        from = points_.back().offset;
        s.frames.front().keys = points_.back().keys;
    }
    size_t next = 0;
    scan(text, from, size, s, ignored, [&](uint32_t at, const std::set<std::string>& keys) {
        if (at >= dirtyEnd_) {
            int64_t oldAt = int64_t(at) - delta_;
            while (next < old.size() && int64_t(old[next].offset) < oldAt)
                ++next;
            if (next < old.size() && int64_t(old[next].offset) == oldAt && old[next].keys == keys) {
                for (size_t k = next; k < old.size(); ++k)
                    points_.push_back(
                        {static_cast<uint32_t>(old[k].offset + delta_), std::move(old[k].keys)});
                return false;
            }
        }
        points_.push_back({at, keys});
        return true;
    });
    dirty_ = false;
}

const ScanCheckpoints::Checkpoint* ScanCheckpoints::before(uint32_t offset) const {
    auto it = std::upper_bound(points_.begin(), points_.end(), offset,
                               [](uint32_t at, const Checkpoint& p) { return at < p.offset; });
    return it == points_.begin() ? nullptr : &*std::prev(it);
}

} // namespace modak::lsp

namespace modak::lsp::features {

using scanner::scan;
using scanner::ScanState;

TextContext scanContext(std::string_view text, uint32_t offset, ScanCheckpoints* checkpoints) {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    TextContext c;
    ScanState s;
    size_t from = 0;
    if (checkpoints) {
        // From the last line start before the cursor outside every block: the scan of what is
        // before it would end in the same state (its top-level keys).
        checkpoints->update(text);
        if (const auto* p = checkpoints->before(offset)) {
            from = p->offset;
            s.frames.front().keys = p->keys;
        }
    }
    scan(text, from, offset, s, c, [](uint32_t, const std::set<std::string>&) { return true; });
    if (c.inComment)
        return c;
    if (!c.inString && c.wordBegin == 0)
        c.wordBegin = offset;
    for (size_t f = 1; f < s.frames.size(); ++f)
        c.path.push_back(s.frames[f].key);
    c.keysInBlock = s.frames.back().keys;
    c.inValue = s.inValue;
    c.key = s.key;
    c.valueWords = s.inValue ? s.words : std::vector<std::string>{};
    c.afterNumber = s.inValue && !s.words.empty() &&
                    std::isdigit(static_cast<unsigned char>(s.words.back()[0])) && !c.inString &&
                    c.wordBegin == offset && offset > 0 && text[offset - 1] == ' ';
    c.statementWords = s.inValue ? 0 : s.words.size();
    c.firstWord = s.words.empty() ? std::string() : s.words.front();
    if (s.inValue)
        c.firstWord = s.key;
    return c;
}

} // namespace modak::lsp::features
