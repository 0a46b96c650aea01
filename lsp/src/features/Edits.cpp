// SPDX-License-Identifier: Apache-2.0
// Formatting (the same output as `modak fmt`) and code actions from the fixes diagnostics carry.
#include "modak/lsp/Features.h"
#include "modak/syntax/Formatter.h"
#include "modak/syntax/Parser.h"

#include <algorithm>

namespace modak::lsp {

std::optional<std::string> formatDocument(const Analysis& a) {
    // The formatter must not run on a partial tree: it would drop what the parser skipped.
    Diagnostics syntaxDiags;
    syntax::File tree = syntax::parse(a.sources(), a.file(), syntaxDiags);
    if (syntaxDiags.hasErrors())
        return std::nullopt;
    return syntax::format(tree, a.text());
}

std::vector<TextEdit> formatRange(const Analysis& a, uint32_t begin, uint32_t end) {
    auto formatted = formatDocument(a);
    std::string_view text = a.text();
    if (!formatted || *formatted == text)
        return {};
    // Lines differ only where the formatter changed them: find the first and last differing lines
    // and replace them when they overlap the requested range (the formatter's output is line-stable
    // outside what it changes).
    auto lines = [](std::string_view t) {
        std::vector<std::pair<uint32_t, uint32_t>> out;
        uint32_t start = 0;
        for (uint32_t i = 0; i <= t.size(); ++i)
            if (i == t.size() || t[i] == '\n') {
                out.emplace_back(start, i);
                start = i + 1;
            }
        return out;
    };
    auto ol = lines(text), nl = lines(*formatted);
    size_t head = 0;
    while (
        head < ol.size() && head < nl.size() &&
        text.substr(ol[head].first, ol[head].second - ol[head].first) ==
            std::string_view(*formatted).substr(nl[head].first, nl[head].second - nl[head].first))
        ++head;
    size_t tail = 0;
    while (tail < ol.size() - head && tail < nl.size() - head &&
           text.substr(ol[ol.size() - 1 - tail].first,
                       ol[ol.size() - 1 - tail].second - ol[ol.size() - 1 - tail].first) ==
               std::string_view(*formatted)
                   .substr(nl[nl.size() - 1 - tail].first,
                           nl[nl.size() - 1 - tail].second - nl[nl.size() - 1 - tail].first))
        ++tail;
    uint32_t oldBegin = head < ol.size() ? ol[head].first : static_cast<uint32_t>(text.size());
    uint32_t oldEnd = ol.size() - tail > head ? ol[ol.size() - 1 - tail].second : oldBegin;
    uint32_t newBegin =
        head < nl.size() ? nl[head].first : static_cast<uint32_t>(formatted->size());
    uint32_t newEnd = nl.size() - tail > head ? nl[nl.size() - 1 - tail].second : newBegin;
    if (oldEnd < begin || oldBegin > end)
        return {}; // the changes lie outside the range
    return {TextEdit{SourceRange{a.file(), oldBegin, oldEnd},
                     formatted->substr(newBegin, newEnd - newBegin)}};
}

std::vector<CodeAction> codeActions(const Analysis& a, uint32_t begin, uint32_t end) {
    std::vector<CodeAction> out;
    const auto& diags = a.diagnostics().items();
    std::vector<const Fix*> all;
    for (size_t i = 0; i < diags.size(); ++i) {
        const Diagnostic& d = diags[i];
        if (d.range.file != a.file() || d.fixes.empty())
            continue;
        for (const auto& fix : d.fixes)
            all.push_back(&fix);
        if (d.range.end < begin || d.range.begin > end)
            continue;
        for (const auto& fix : d.fixes)
            out.push_back({fix.title, "quickfix", fix.edits, i, d.fixes.size() == 1});
    }
    if (all.size() > 1) {
        // One action applying every fix whose edits do not overlap another's.
        CodeAction fixAll{
            "Fix all auto-fixable problems", "source.fixAll", {}, std::nullopt, false};
        for (const Fix* fix : all) {
            bool overlaps =
                std::any_of(fix->edits.begin(), fix->edits.end(), [&](const TextEdit& e) {
                    return std::any_of(
                        fixAll.edits.begin(), fixAll.edits.end(), [&](const TextEdit& f) {
                            return e.range.file == f.range.file && e.range.begin < f.range.end &&
                                   f.range.begin < e.range.end;
                        });
                });
            if (!overlaps && fix->edits.size() > 0)
                fixAll.edits.insert(fixAll.edits.end(), fix->edits.begin(), fix->edits.end());
        }
        if (fixAll.edits.size() > 1)
            out.push_back(std::move(fixAll));
    }
    return out;
}

} // namespace modak::lsp
