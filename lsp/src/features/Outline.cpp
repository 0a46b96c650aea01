// SPDX-License-Identifier: Apache-2.0
// Document and workspace symbols, folding ranges and selection ranges, from the syntax tree
// (partial after errors: what parsed is shown). Semantic tokens are in SemanticTokens.cpp.
#include "Cursor.h"
#include "modak/lsp/Features.h"
#include "modak/model/TreeAccess.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace modak::lsp {

using namespace features;

namespace {

DocumentSymbol::Kind topKind(std::string_view kind) {
    if (kind == "deployment")
        return DocumentSymbol::Kind::Deployment;
    if (kind == "application")
        return DocumentSymbol::Kind::Application;
    if (kind == "target")
        return DocumentSymbol::Kind::Target;
    if (kind == "workload")
        return DocumentSymbol::Kind::Workload;
    if (kind == "image")
        return DocumentSymbol::Kind::Image;
    return DocumentSymbol::Kind::Block;
}

/// A value's text as a property's detail, on one line and cut at 60 bytes, into `out`.
void shortText(std::string& out, std::string_view source, SourceRange r) {
    out.assign(source.substr(r.begin, std::min<uint32_t>(r.end - r.begin, 60)));
    std::replace(out.begin(), out.end(), '\n', ' ');
    if (r.end - r.begin > 60)
        out += "…";
}

std::string detailOf(const syntax::Statement& s) {
    using namespace model::tree;
    std::string kind(s.key().name);
    if (kind == "application") {
        std::string d = word(&s, "kind");
        if (const auto* f = attr(&s, "framework"))
            d += fmt::format("{}{} {}", d.empty() ? "" : " · ", f->text(), f->version());
        return d;
    }
    if (kind == "target")
        return word(&s, "scheduler");
    if (kind == "deployment")
        return fmt::format("{} → {}", word(&s, "application"), word(&s, "target"));
    return {};
}

/// Makes the symbols of a statement's tree one at a time, into the visitor's symbol of their depth.
class SymbolWalk {
public:
    SymbolWalk(std::string_view source, SymbolVisitor& visitor)
        : source_(source), visitor_(visitor) {}

    void walk(const syntax::Statement& s, size_t depth) {
        if (visitor_.levels.size() <= depth)
            visitor_.levels.emplace_back();
        // Not used after `enter`: a deeper level added below may move it.
        DocumentSymbol& sym = visitor_.levels[depth];
        const bool top = depth == 0;
        sym.range = s.range();
        sym.name.assign(s.key().name);
        if (s.kind() == syntax::Statement::Kind::Block) {
            if (s.name()) {
                sym.name += ' ';
                sym.name += s.name()->name;
            }
            sym.kind = top ? topKind(s.key().name) : DocumentSymbol::Kind::Block;
            sym.selectionRange = s.name() ? s.name()->range : s.key().range;
            if (top)
                sym.detail = detailOf(s);
            else
                sym.detail.clear();
        } else {
            sym.kind = DocumentSymbol::Kind::Property;
            sym.selectionRange = s.key().range;
            shortText(sym.detail, source_, s.value().range);
        }
        if (sym.name.empty())
            sym.name = "(block)";
        visitor_.enter(sym);
        if (s.kind() == syntax::Statement::Kind::Block)
            for (const auto& child : s.body())
                walk(child, depth + 1);
        visitor_.leave();
    }

private:
    std::string_view source_;
    SymbolVisitor& visitor_;
};

/// The symbols visited, as a tree.
class SymbolTree final : public SymbolVisitor {
public:
    void enter(const DocumentSymbol& symbol) override {
        DocumentSymbol& made = open_.empty() ? root : open_.back()->children.emplace_back();
        made = symbol;
        open_.push_back(&made);
    }
    void leave() override { open_.pop_back(); }

    DocumentSymbol root;

private:
    /// The symbols entered and not left: each an element of the one before's children, which
    /// grow only while it is the last.
    std::vector<DocumentSymbol*> open_;
};

bool subsequence(std::string_view query, std::string_view name) {
    size_t i = 0;
    for (char ch : name)
        if (i < query.size() && std::tolower(static_cast<unsigned char>(ch)) ==
                                    std::tolower(static_cast<unsigned char>(query[i])))
            ++i;
    return i == query.size();
}

} // namespace

std::vector<DocumentSymbol> documentSymbols(const Analysis& a) {
    std::vector<DocumentSymbol> out;
    const syntax::File& file = a.tree();
    for (const auto& imp : file.imports)
        out.push_back(importSymbol(imp));
    for (const auto& s : file.statements)
        out.push_back(statementSymbol(a, s));
    return out;
}

DocumentSymbol importSymbol(const syntax::Import& imp) {
    return {imp.path, "import", DocumentSymbol::Kind::Import, imp.range, imp.pathRange, {}};
}

DocumentSymbol statementSymbol(const Analysis& a, const syntax::Statement& statement) {
    SymbolTree tree;
    visitStatementSymbols(a, statement, tree);
    return std::move(tree.root);
}

void visitStatementSymbols(const Analysis& a, const syntax::Statement& statement,
                           SymbolVisitor& visitor) {
    SymbolWalk(a.text(), visitor).walk(statement, 0);
}

std::vector<WorkspaceSymbol> workspaceSymbols(std::span<const Analysis* const> analyses,
                                              std::string_view query) {
    std::vector<WorkspaceSymbol> out;
    for (size_t i = 0; i < analyses.size(); ++i)
        for (const auto& s : analyses[i]->tree().statements)
            if (s.kind() == syntax::Statement::Kind::Block && s.name() &&
                subsequence(query, s.name()->name))
                out.push_back({std::string(s.name()->name), analyses[i]->path().filename().string(),
                               topKind(s.key().name), analyses[i]->path(), s.name()->range, i});
    std::sort(out.begin(), out.end(), [](const WorkspaceSymbol& x, const WorkspaceSymbol& y) {
        return std::tie(x.name, x.path) < std::tie(y.name, y.path);
    });
    return out;
}

std::vector<FoldingRange> foldingRanges(const Analysis& a) {
    std::vector<FoldingRange> out;
    const SourceBuffer& buf = a.sources().buffer(a.file());
    auto line = [&](uint32_t offset) { return buf.lineColumn(offset).line; };
    std::function<void(syntax::NodeList<syntax::Statement>)> walk =
        [&](syntax::NodeList<syntax::Statement> body) {
            for (const auto& s : body) {
                if (s.kind() == syntax::Statement::Kind::Block) {
                    uint32_t end = s.closeBrace().end > s.closeBrace().begin ? s.closeBrace().begin
                                                                             : s.range().end;
                    if (line(s.openBrace().begin) < line(end))
                        out.push_back({s.openBrace().begin, end, FoldingRange::Kind::Region});
                    walk(s.body());
                } else if ((s.value().kind == syntax::Value::Kind::List ||
                            s.value().kind == syntax::Value::Kind::TextBlock) &&
                           line(s.value().range.begin) < line(s.value().range.end)) {
                    out.push_back(
                        {s.value().range.begin, s.value().range.end, FoldingRange::Kind::Region});
                }
            }
        };
    walk(a.tree().statements);
    // Runs of line comments, and block comments over several lines.
    const auto& comments = a.tree().comments;
    for (size_t i = 0; i < comments.size();) {
        size_t j = i;
        while (!comments[i].isBlock && j + 1 < comments.size() && !comments[j + 1].isBlock &&
               line(comments[j + 1].range.begin) == line(comments[j].range.begin) + 1)
            ++j;
        if (j > i ||
            (comments[i].isBlock && line(comments[i].range.begin) < line(comments[i].range.end)))
            out.push_back(
                {comments[i].range.begin, comments[j].range.end, FoldingRange::Kind::Comment});
        i = j + 1;
    }
    const auto& imports = a.tree().imports;
    if (imports.size() > 1)
        out.push_back(
            {imports.front().range.begin, imports.back().range.end, FoldingRange::Kind::Imports});
    std::sort(out.begin(), out.end(),
              [](const FoldingRange& x, const FoldingRange& y) { return x.begin < y.begin; });
    return out;
}

std::vector<SourceRange> selectionRanges(const Analysis& a, uint32_t offset) {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(a.text().size()));
    TreeCursor c = locate(a.tree(), offset);
    std::vector<SourceRange> out;
    auto push = [&](SourceRange r) {
        if (r.end < r.begin || r.begin > offset || r.end < offset)
            return;
        if (!out.empty() && (r.begin > out.back().begin || r.end < out.back().end))
            return;
        if (!out.empty() && r.begin == out.back().begin && r.end == out.back().end)
            return;
        r.file = a.file();
        out.push_back(r);
    };
    if (c.on != TreeCursor::On::Nothing)
        push(c.range);
    if (c.statement) {
        if (c.value)
            push(c.statement->value().range);
        push(c.statement->range());
    }
    for (auto it = c.blocks.rbegin(); it != c.blocks.rend(); ++it)
        push((*it)->range());
    push(SourceRange{a.file(), 0, static_cast<uint32_t>(a.text().size())});
    return out;
}

} // namespace modak::lsp
