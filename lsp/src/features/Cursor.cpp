// SPDX-License-Identifier: Apache-2.0
#include "Cursor.h"

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

const model::KeySchema* keySchema(std::span<const std::string_view> path, std::string_view key) {
    const model::BlockSchema* block =
        path.empty() ? &model::fileSchema() : model::blockSchemaAt(path);
    if (!block && path.size() == 1)
        block = model::topLevelBlock(path.front());
    if (!block)
        return nullptr;
    if (const model::KeySchema* k = block->key(key))
        return k;
    return block->anyKey ? &*block->anyKey : nullptr;
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

TextContext scanContext(std::string_view text, uint32_t offset) {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    struct Frame {
        std::string key;
        std::set<std::string> keys;
    };
    std::vector<Frame> frames(1);
    TextContext c;
    std::vector<std::string> words; // of the current statement
    bool inValue = false;
    std::string key;
    int brackets = 0;
    bool lastWasNumber = false;
    size_t i = 0;
    auto endStatement = [&] {
        words.clear();
        inValue = false;
        key.clear();
        lastWasNumber = false;
    };
    while (i < offset) {
        char ch = text[i];
        if (ch == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            size_t nl = text.find('\n', i);
            if (nl == std::string_view::npos || nl >= offset) {
                c.inComment = true;
                return c;
            }
            i = nl;
            continue;
        }
        if (ch == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            size_t end = text.find("*/", i + 2);
            if (end == std::string_view::npos || end + 2 > offset) {
                c.inComment = true;
                return c;
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
                break;
            }
            // An unterminated string ends at its line's end; the line break still ends the
            // statement.
            bool closed = j < text.size() && (block || text[j] == '"');
            i = closed ? j + (block ? 3 : 1) : j;
            if (inValue)
                words.push_back("\"");
            lastWasNumber = false;
            continue;
        }
        if (identChar(ch) || ch == '.' || ch == '-') {
            size_t j = i;
            while (j < text.size() &&
                   (identChar(text[j]) || text[j] == '.' || text[j] == '-' || text[j] == ':'))
                ++j;
            if (i < offset && j >= offset) {
                c.wordBegin = static_cast<uint32_t>(i); // the word being typed
                break;
            }
            std::string word(text.substr(i, j - i));
            lastWasNumber = std::isdigit(static_cast<unsigned char>(word[0])) != 0;
            words.push_back(word);
            i = j;
            continue;
        }
        if (ch == '=') {
            if (!words.empty() && !inValue && brackets == 0) {
                key = words.front();
                frames.back().keys.insert(key);
                inValue = true;
                words.clear();
            }
        } else if (ch == '[') {
            ++brackets;
        } else if (ch == ']') {
            brackets = std::max(0, brackets - 1);
        } else if (ch == '{') {
            std::string blockKey = words.empty() ? std::string() : words.front();
            frames.back().keys.insert(blockKey);
            frames.push_back({blockKey, {}});
            endStatement();
            brackets = 0;
        } else if (ch == '}') {
            if (frames.size() > 1)
                frames.pop_back();
            endStatement();
            brackets = 0;
        } else if ((ch == '\n' || ch == ',') && brackets == 0) {
            if (!words.empty() && !inValue)
                frames.back().keys.insert(words.front());
            endStatement();
        }
        if (ch != ' ' && ch != '\t')
            lastWasNumber = lastWasNumber && false;
        ++i;
    }
    if (!c.inString && c.wordBegin == 0)
        c.wordBegin = offset;
    for (size_t f = 1; f < frames.size(); ++f)
        c.path.push_back(frames[f].key);
    c.keysInBlock = frames.back().keys;
    c.inValue = inValue;
    c.key = key;
    c.valueWords = inValue ? words : std::vector<std::string>{};
    c.afterNumber = inValue && !words.empty() &&
                    std::isdigit(static_cast<unsigned char>(words.back()[0])) && !c.inString &&
                    c.wordBegin == offset && offset > 0 && text[offset - 1] == ' ';
    c.statementWords = inValue ? 0 : words.size();
    c.firstWord = words.empty() ? std::string() : words.front();
    if (inValue)
        c.firstWord = key;
    return c;
}

} // namespace modak::lsp::features
