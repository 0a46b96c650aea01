// SPDX-License-Identifier: Apache-2.0
// Semantic tokens from the syntax tree (partial after errors: what parsed is coloured), their
// legend's names, and the one-edit difference between two encoded token arrays (for
// `…/full/delta`).
#include "Cursor.h"
#include "modak/lsp/Features.h"
#include "modak/text/Affixes.h"

#include <algorithm>

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

namespace {

using Type = SemanticToken::Type;

/// What makes a document's tokens: its statements, imports, header and comments, each appended
/// where it lies. Statement tokens come in document order; comments are collected apart and merged
/// in at the end (a merge of two ordered lists is linear where sorting a document's tokens on every
/// edit is not).
class TokenWriter {
public:
    TokenWriter(const Analysis& a, std::vector<SemanticToken>& out)
        : a_(a), text_(a.text()), out_(out) {
        out_.clear();
    }

    void header() {
        const syntax::File& file = a_.tree();
        if (file.headerRange.end > file.headerRange.begin)
            add({a_.file(), file.headerRange.begin, file.headerRange.begin + 5}, Type::Keyword);
    }
    void import(const syntax::Import& imp) {
        add({a_.file(), imp.range.begin, imp.range.begin + 6}, Type::Keyword);
        add(imp.pathRange, Type::String);
    }
    void comment(const syntax::Comment& c) { addTo(comments_, c.range, Type::Comment); }
    /// Statements of the file (or of a block at `path_`'s depth), with their bodies.
    void statements(syntax::NodeList<syntax::Statement> body, const model::BlockSchema* schema) {
        const bool top = path_.empty();
        for (const auto& s : body) {
            if (s.kind() == syntax::Statement::Kind::Block) {
                add(s.key().range, top ? Type::Keyword : Type::Type);
                if (s.name())
                    add(s.name()->range, top ? Type::Variable : Type::Namespace,
                        top ? SemanticToken::Declaration : 0u);
                path_.push_back(s.key().name);
                // A block's schema is looked up once, on entering it, not once per key.
                statements(s.body(), blockSchemaFor(path_));
                path_.pop_back();
            } else {
                add(s.key().range, Type::Property);
                value(s.value(), !referenceKind(keySchemaIn(schema, s.key().name)).empty());
            }
        }
    }
    void topStatements(syntax::NodeList<syntax::Statement> body) {
        statements(body, blockSchemaFor(path_));
    }

    /// In document order, without overlaps.
    void finish() {
        auto byBegin = [](const SemanticToken& x, const SemanticToken& y) {
            return x.begin < y.begin;
        };
        if (!std::is_sorted(out_.begin(), out_.end(), byBegin)) // imports after statements, say
            std::stable_sort(out_.begin(), out_.end(), byBegin);
        if (!std::is_sorted(comments_.begin(), comments_.end(), byBegin))
            std::stable_sort(comments_.begin(), comments_.end(), byBegin);
        const auto statementTokens = static_cast<std::ptrdiff_t>(out_.size());
        out_.insert(out_.end(), comments_.begin(), comments_.end());
        std::inplace_merge(out_.begin(), out_.begin() + statementTokens, out_.end(), byBegin);
        // Non-overlapping: a token starting inside the previous one is dropped (in place).
        size_t kept = 0;
        for (size_t i = 0; i < out_.size(); ++i)
            if (kept == 0 || out_[i].begin >= out_[kept - 1].end)
                out_[kept++] = out_[i];
        out_.resize(kept);
    }

private:
    void addTo(std::vector<SemanticToken>& to, SourceRange r, Type type, uint32_t modifiers = 0) {
        // Split at line breaks: clients want single-line tokens.
        uint32_t b = r.begin;
        while (b < r.end) {
            size_t nl = text_.find('\n', b);
            uint32_t e =
                nl == std::string_view::npos || nl >= r.end ? r.end : static_cast<uint32_t>(nl);
            if (e > b)
                to.push_back({b, e, type, modifiers});
            b = e + 1;
        }
    }
    void add(SourceRange r, Type type, uint32_t modifiers = 0) { addTo(out_, r, type, modifiers); }
    void value(const syntax::Value& v, bool reference) {
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
    }

    const Analysis& a_;
    std::string_view text_;
    std::vector<SemanticToken>& out_;
    std::vector<SemanticToken> comments_;
    std::vector<std::string_view> path_;
};

} // namespace

std::vector<SemanticToken> semanticTokens(const Analysis& a) {
    std::vector<SemanticToken> out;
    semanticTokens(a, out);
    return out;
}

void semanticTokens(const Analysis& a, std::vector<SemanticToken>& out) {
    const syntax::File& file = a.tree();
    TokenWriter w(a, out);
    w.header();
    for (const auto& imp : file.imports)
        w.import(imp);
    for (const auto& c : file.comments)
        w.comment(c);
    w.topStatements(file.statements);
    w.finish();
}

void semanticTokensBetween(const Analysis& a, const syntax::Statement* statement, uint32_t from,
                           uint32_t to, std::vector<SemanticToken>& out) {
    const syntax::File& file = a.tree();
    TokenWriter w(a, out);
    if (file.headerRange.begin >= from && file.headerRange.begin < to)
        w.header();
    for (const auto& imp : file.imports)
        if (imp.range.begin >= from && imp.range.begin < to)
            w.import(imp);
    auto c = std::lower_bound(
        file.comments.begin(), file.comments.end(), from,
        [](const syntax::Comment& x, uint32_t offset) { return x.range.begin < offset; });
    for (; c != file.comments.end() && c->range.begin < to; ++c)
        w.comment(*c);
    if (statement)
        w.topStatements({statement, 1});
    w.finish();
}

std::optional<TokenDataEdit> diffTokenData(std::span<const uint32_t> previous,
                                           std::span<const uint32_t> current) {
    // Compared as bytes, a vector's width at a time (a whole document's tokens are ~300 000
    // numbers, an edit changes a few): the numbers wholly alike at either end.
    auto bytes = [](std::span<const uint32_t> numbers) {
        return std::string_view(reinterpret_cast<const char*>(numbers.data()),
                                numbers.size() * sizeof(uint32_t));
    };
    const size_t prefix = commonPrefixLength(bytes(previous), bytes(current)) / sizeof(uint32_t);
    if (prefix == previous.size() && prefix == current.size())
        return std::nullopt;
    const size_t most = std::min(previous.size(), current.size()) - prefix;
    const size_t suffix =
        commonSuffixLength(bytes(previous), bytes(current), most * sizeof(uint32_t)) /
        sizeof(uint32_t);
    TokenDataEdit edit;
    edit.start = prefix;
    edit.deleteCount = previous.size() - prefix - suffix;
    edit.data.assign(current.begin() + static_cast<std::ptrdiff_t>(prefix),
                     current.end() - static_cast<std::ptrdiff_t>(suffix));
    return edit;
}

} // namespace modak::lsp
