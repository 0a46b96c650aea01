// SPDX-License-Identifier: Apache-2.0
// Go to definition, references and rename for named blocks, across the program's files (the open
// document and everything it imports).
#include "Cursor.h"
#include "modak/lsp/Features.h"

#include <algorithm>
#include <regex>

namespace modak::lsp {

using namespace features;

namespace {

/// The block named at the cursor: its kind and name, from a reference value or a block's own name.
struct Named {
    std::string kind, name;
};

std::optional<Named> namedAt(const Analysis& a, uint32_t offset, SourceRange* where = nullptr) {
    TreeCursor c =
        locate(a.tree(), std::min<uint32_t>(offset, static_cast<uint32_t>(a.text().size())));
    if (c.on == TreeCursor::On::Name && c.blocks.empty() && c.statement->name()) {
        if (where)
            *where = c.statement->name()->range;
        return Named{std::string(c.statement->key().name), std::string(c.statement->name()->name)};
    }
    if (c.on == TreeCursor::On::Value && c.value &&
        c.value->kind == syntax::Value::Kind::Identifier) {
        auto path = pathOf(c, false);
        std::string kind = referenceKind(keySchema(path, c.statement->key().name));
        if (!kind.empty() && a.program().lookup(a.file(), kind, c.value->text())) {
            if (where)
                *where = c.value->range;
            return Named{kind, std::string(c.value->text())};
        }
    }
    return std::nullopt;
}

/// Every mention of the block `kind name` that resolves to `target`, in every document.
std::vector<SourceRange> mentions(const Analysis& a, const model::Symbol& target,
                                  bool declaration) {
    std::vector<SourceRange> out;
    if (declaration && target.block && target.block->name())
        out.push_back(target.block->name()->range);
    for (const auto& doc : a.program().documents)
        forEachReference(doc->tree, [&](const syntax::Value& v, const std::string& kind) {
            if (kind == target.kind && v.text() == target.name &&
                a.program().lookup(doc->file, kind, v.text()) == &target)
                out.push_back(v.range);
        });
    std::sort(out.begin(), out.end(), [](const SourceRange& x, const SourceRange& y) {
        return std::tie(x.file.value, x.begin) < std::tie(y.file.value, y.begin);
    });
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace

std::vector<SourceRange> definition(const Analysis& a, uint32_t offset) {
    TreeCursor c =
        locate(a.tree(), std::min<uint32_t>(offset, static_cast<uint32_t>(a.text().size())));
    if (c.on == TreeCursor::On::Import) {
        std::filesystem::path wanted = (a.path().parent_path() / c.import->path).lexically_normal();
        for (const auto& doc : a.program().documents)
            if (doc->path.lexically_normal() == wanted ||
                std::filesystem::path(std::string(a.sources().path(doc->file)))
                        .lexically_normal() == wanted)
                return {SourceRange{doc->file, 0, 0}};
        return {};
    }
    auto named = namedAt(a, offset);
    if (!named)
        return {};
    const model::Symbol* s = a.program().lookup(a.file(), named->kind, named->name);
    if (!s || !s->block || !s->block->name())
        return {};
    return {s->block->name()->range};
}

std::vector<SourceRange> references(const Analysis& a, uint32_t offset, bool includeDeclaration) {
    auto named = namedAt(a, offset);
    if (!named)
        return {};
    const model::Symbol* s = a.program().lookup(a.file(), named->kind, named->name);
    return s ? mentions(a, *s, includeDeclaration) : std::vector<SourceRange>{};
}

std::optional<RenameTarget> prepareRename(const Analysis& a, uint32_t offset) {
    SourceRange where;
    auto named = namedAt(a, offset, &where);
    if (!named)
        return std::nullopt;
    return RenameTarget{where, named->name};
}

RenameResult rename(const Analysis& a, uint32_t offset, std::string_view newName) {
    RenameResult r;
    auto named = namedAt(a, offset);
    if (!named) {
        r.error = "there is no named block here to rename";
        return r;
    }
    static const std::regex kIdentifier("[A-Za-z_][A-Za-z0-9_]*");
    std::string name(newName);
    if (!std::regex_match(name, kIdentifier)) {
        r.error =
            "'" + name + "' is not a name: letters, digits and '_', not starting with a digit";
        return r;
    }
    if (name == "auto" || name == "true" || name == "false" || name == "modak" ||
        name == "import") {
        r.error = "'" + name + "' is a word of the language";
        return r;
    }
    if (a.program().lookup(a.file(), named->kind, name)) {
        r.error = "a " + named->kind + " named '" + name + "' already exists";
        return r;
    }
    const model::Symbol* s = a.program().lookup(a.file(), named->kind, named->name);
    if (!s) {
        r.error = "the block is not defined";
        return r;
    }
    for (const auto& range : mentions(a, *s, true))
        r.edits.push_back({range, name});
    return r;
}

} // namespace modak::lsp
