// SPDX-License-Identifier: Apache-2.0
// Semantic tokens from the syntax tree (partial after errors: what parsed is coloured), their
// legend's names, and the one-edit difference between two encoded token arrays (for
// `…/full/delta`).
#include "Cursor.h"
#include "modak/lsp/Features.h"

#include <algorithm>
#include <functional>

namespace modak::lsp {

using namespace features;

std::string_view semanticTokenTypeName(SemanticToken::Type type) {
    using Type = SemanticToken::Type;
    switch (type) {
    case Type::Keyword:
        return "keyword";
    case Type::Type:
        return "type";
    case Type::Property:
        return "property";
    case Type::EnumMember:
        return "enumMember";
    case Type::Variable:
        return "variable";
    case Type::String:
        return "string";
    case Type::Number:
        return "number";
    case Type::Comment:
        return "comment";
    case Type::Operator:
        return "operator";
    case Type::Namespace:
        return "namespace";
    }
    return "keyword";
}

std::string_view semanticTokenModifierName(size_t bit) {
    static constexpr std::string_view kNames[SemanticToken::kModifierCount] = {
        "declaration", "readonly", "defaultLibrary"};
    return bit < SemanticToken::kModifierCount ? kNames[bit] : std::string_view();
}

std::vector<SemanticToken> semanticTokens(const Analysis& a) {
    std::vector<SemanticToken> out;
    semanticTokens(a, out);
    return out;
}

void semanticTokens(const Analysis& a, std::vector<SemanticToken>& out) {
    using Type = SemanticToken::Type;
    out.clear();
    const syntax::File& file = a.tree();
    std::string_view text = a.text();
    // Comments are collected apart and merged in at the end: the statements' tokens come in
    // document order, and a merge of two ordered lists is linear where sorting a whole
    // document's tokens on every edit is not.
    std::vector<SemanticToken> comments;
    auto addTo = [&](std::vector<SemanticToken>& to, SourceRange r, Type type,
                     uint32_t modifiers = 0) {
        // Split at line breaks: clients want single-line tokens.
        uint32_t b = r.begin;
        while (b < r.end) {
            size_t nl = text.find('\n', b);
            uint32_t e =
                nl == std::string_view::npos || nl >= r.end ? r.end : static_cast<uint32_t>(nl);
            if (e > b)
                to.push_back({b, e, type, modifiers});
            b = e + 1;
        }
    };
    auto add = [&](SourceRange r, Type type, uint32_t modifiers = 0) {
        addTo(out, r, type, modifiers);
    };
    if (file.headerRange.end > file.headerRange.begin)
        add({a.file(), file.headerRange.begin, file.headerRange.begin + 5}, Type::Keyword);
    for (const auto& imp : file.imports) {
        add({a.file(), imp.range.begin, imp.range.begin + 6}, Type::Keyword);
        add(imp.pathRange, Type::String);
    }
    for (const auto& c : file.comments)
        addTo(comments, c.range, Type::Comment);
    std::vector<std::string_view> path;
    std::function<void(const syntax::Value&, bool)> value = [&](const syntax::Value& v,
                                                                bool reference) {
        switch (v.kind) {
        case syntax::Value::Kind::String:
        case syntax::Value::Kind::TextBlock:
            add(v.range, Type::String);
            break;
        case syntax::Value::Kind::Integer:
        case syntax::Value::Kind::Float:
        case syntax::Value::Kind::Size:
        case syntax::Value::Kind::Duration:
        case syntax::Value::Kind::Amount:
            add(v.range, Type::Number);
            break;
        case syntax::Value::Kind::Bool:
            add(v.range, Type::Keyword);
            break;
        case syntax::Value::Kind::Identifier:
            if (reference && v.text() != "auto")
                add(v.range, Type::Variable);
            else
                add(v.range, Type::EnumMember,
                    SemanticToken::DefaultLibrary); // the language's and catalogue's names
            break;
        case syntax::Value::Kind::Versioned:
            add({v.range.file, v.range.begin,
                 v.range.begin + static_cast<uint32_t>(v.text().size())},
                Type::EnumMember, SemanticToken::DefaultLibrary);
            add(v.versionRange(), Type::String);
            break;
        case syntax::Value::Kind::List:
        case syntax::Value::Kind::Range:
            for (const auto& item : v.items())
                value(item, reference);
            break;
        case syntax::Value::Kind::Error:
            break;
        }
    };
    // A block's schema is looked up once, on entering it, not once per key.
    std::function<void(syntax::NodeList<syntax::Statement>, const model::BlockSchema*)> walk =
        [&](syntax::NodeList<syntax::Statement> body, const model::BlockSchema* schema) {
            const bool top = path.empty();
            for (const auto& s : body) {
                if (s.kind() == syntax::Statement::Kind::Block) {
                    add(s.key().range, top ? Type::Keyword : Type::Type);
                    if (s.name())
                        add(s.name()->range, top ? Type::Variable : Type::Namespace,
                            top ? SemanticToken::Declaration : 0u);
                    path.push_back(s.key().name);
                    walk(s.body(), blockSchemaFor(path));
                    path.pop_back();
                } else {
                    add(s.key().range, Type::Property);
                    value(s.value(), !referenceKind(keySchemaIn(schema, s.key().name)).empty());
                }
            }
        };
    walk(file.statements, blockSchemaFor(path));
    auto byBegin = [](const SemanticToken& x, const SemanticToken& y) { return x.begin < y.begin; };
    if (!std::is_sorted(out.begin(), out.end(), byBegin)) // imports after statements, say
        std::stable_sort(out.begin(), out.end(), byBegin);
    if (!std::is_sorted(comments.begin(), comments.end(), byBegin))
        std::stable_sort(comments.begin(), comments.end(), byBegin);
    const auto statements = static_cast<std::ptrdiff_t>(out.size());
    out.insert(out.end(), comments.begin(), comments.end());
    std::inplace_merge(out.begin(), out.begin() + statements, out.end(), byBegin);
    // Non-overlapping: a token starting inside the previous one is dropped (in place).
    size_t kept = 0;
    for (size_t i = 0; i < out.size(); ++i)
        if (kept == 0 || out[i].begin >= out[kept - 1].end)
            out[kept++] = out[i];
    out.resize(kept);
}

std::optional<TokenDataEdit> diffTokenData(std::span<const uint32_t> previous,
                                           std::span<const uint32_t> current) {
    size_t prefix = 0;
    while (prefix < previous.size() && prefix < current.size() &&
           previous[prefix] == current[prefix])
        ++prefix;
    if (prefix == previous.size() && prefix == current.size())
        return std::nullopt;
    size_t suffix = 0;
    while (suffix < previous.size() - prefix && suffix < current.size() - prefix &&
           previous[previous.size() - 1 - suffix] == current[current.size() - 1 - suffix])
        ++suffix;
    TokenDataEdit edit;
    edit.start = prefix;
    edit.deleteCount = previous.size() - prefix - suffix;
    edit.data.assign(current.begin() + static_cast<std::ptrdiff_t>(prefix),
                     current.end() - static_cast<std::ptrdiff_t>(suffix));
    return edit;
}

} // namespace modak::lsp
