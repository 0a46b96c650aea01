// SPDX-License-Identifier: Apache-2.0
// Hover: the schema's documentation of keys and values, the block a reference names, and on a
// deployment the model's choice with its predicted time (and cost, and with several targets the
// order they are tried in).
#include "Cursor.h"
#include "modak/lsp/Features.h"
#include "modak/model/Accuracy.h"
#include "modak/model/Catalogue.h"
#include "modak/model/Report.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <filesystem>

namespace modak::lsp {

using namespace features;

namespace {

std::string duration(double seconds) {
    if (seconds < 120)
        return fmt::format("{:.1f} s", seconds);
    if (seconds < 7200)
        return fmt::format("{:.1f} min", seconds / 60);
    return fmt::format("{:.1f} h", seconds / 3600);
}

std::string keyMarkdown(const model::KeySchema& k) {
    std::string md = fmt::format("**{}** `{}`\n\n{}", k.name, model::typeText(k), k.doc);
    if (k.required)
        md += "\n\nRequired.";
    else if (!k.requiredWhen.empty())
        md += "\n\nRequired when " + k.requiredWhen + ".";
    if (!k.original.empty())
        md += fmt::format("\n\nOriginal MODAK field: `{}`.", k.original);
    return md;
}

/// A markdown table cell: a `|` would end it.
std::string cell(std::string_view text) {
    std::string out;
    for (char ch : text) {
        if (ch == '|')
            out += '\\';
        out += ch;
    }
    return out;
}

/// The targets of a deployment over several, in the order they are tried, then those that cannot
/// run it with the reason.
std::string sitesMarkdown(const model::DeploymentPlan& d) {
    std::vector<const model::SiteOption*> order;
    for (const auto& s : d.sites)
        order.push_back(&s);
    std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
        return (a->rank == 0 ? INT_MAX : a->rank) < (b->rank == 0 ? INT_MAX : b->rank);
    });
    std::string fallback;
    for (const auto* s : order)
        if (s->rank > 0)
            fallback += (fallback.empty() ? "" : " → ") + s->target;
    std::string md = fmt::format("\n**{} targets**, tried in the order {}:\n\n"
                                 "| | target | resources | run time | cost |\n"
                                 "|--:|---|---|--:|--:|\n",
                                 d.sites.size(), fallback.empty() ? "(none can run it)" : fallback);
    for (const auto* s : order) {
        if (s->rank == 0) {
            md += fmt::format("| – | {} | cannot run: {} | | |\n", s->target,
                              cell(s->rejectedBecause));
            continue;
        }
        md += fmt::format("| {} | {} | {} | {} | {} |\n", s->rank,
                          s->chosen ? "**" + s->target + "**" : s->target,
                          cell(model::siteResources(*s)),
                          model::runTimeText({s->totalSeconds, s->lowSeconds, s->highSeconds}),
                          s->cost ? cell(s->cost->text()) : "no price");
    }
    return md;
}

} // namespace

std::string runSummary(const model::DeploymentPlan& d) {
    if (!d.chosen)
        return {};
    const model::Candidate& c = *d.chosen;
    const double seconds = c.cost ? c.cost->seconds : d.totalSeconds;
    if (seconds <= 0)
        return {};
    std::string out = model::runTimeText(model::runTime(c, seconds));
    if (c.cost)
        out += ", " + c.cost->text();
    return out + " on " + d.target;
}

std::string planMarkdown(const model::DeploymentPlan& d) {
    if (!d.chosen) {
        // Why, nearest first (as `modak plan` lists them), and each site's reason.
        std::string md =
            fmt::format("**deployment {}**\n\nNo configuration meets the constraints.\n", d.name);
        for (size_t i = 0; i < d.alternatives.size() && i < 3; ++i)
            md += fmt::format("\n- `{}` on {} node(s): {}", model::candidateName(d.alternatives[i]),
                              d.alternatives[i].nodes, d.alternatives[i].rejectedBecause);
        if (!d.sites.empty())
            md += "\n" + sitesMarkdown(d);
        return md;
    }
    const model::Candidate& c = *d.chosen;
    std::string md = fmt::format("**deployment {}** — the model's choice\n\n", d.name);
    // What people decide on first: how long, how much, where.
    if (c.cost || !d.sites.empty())
        if (std::string run = runSummary(d); !run.empty())
            md += fmt::format("**{}**\n\n", run);
    md += fmt::format("- image `{}` ({} build)\n", model::candidateName(c), c.build);
    md += fmt::format("- {} node(s){}\n", c.nodes,
                      c.gpusPerNode ? fmt::format(" × {} GPU(s)", c.gpusPerNode) : "");
    if (c.predicted) {
        if (d.kind == "hpc")
            md += fmt::format("- predicted speedup over one rank: {:.1f}×\n",
                              c.predicted->throughput);
        else {
            md += fmt::format("- predicted {:.1f} samples/s, {} per epoch, efficiency {:.0f}%\n",
                              c.predicted->throughput, duration(c.predicted->epochSeconds),
                              c.predicted->efficiency * 100);
            const model::PredictionInterval& iv = c.predicted->interval;
            if (!iv.stratum.empty())
                md += fmt::format("- interval {}\n", model::intervalText(iv));
            if (!iv.extrapolations.empty()) {
                std::string what = model::extrapolationList(iv);
                md += fmt::format("- **extrapolates**: {} (not in the calibration data)\n", what);
            }
        }
    }
    if (d.totalSeconds > 0)
        md += fmt::format("- {} epoch(s): {}\n", d.epochs, duration(d.totalSeconds));
    if (std::string r = model::resilienceSummary(d); !r.empty())
        md += fmt::format("- {}\n", r);
    if (!d.pricing.empty())
        md += fmt::format("- priced: {}\n", d.pricing);
    if (!d.sites.empty())
        md += sitesMarkdown(d);
    size_t shown = 0;
    for (const auto& alt : d.alternatives) {
        if (shown == 2)
            break;
        md += fmt::format("\nAlternative: `{}` on {} node(s) — {}", model::candidateName(alt),
                          alt.nodes, alt.rejectedBecause.empty() ? "slower" : alt.rejectedBecause);
        ++shown;
    }
    return md;
}

namespace {

/// The hover of a deployment's name: its plan's view, or while the server is still planning it,
/// that (a request never waits for the model).
std::string deploymentHover(const Analysis& a, std::string_view name) {
    if (auto view = a.deploymentView(name))
        return view->hover;
    if (a.planPending(name))
        return fmt::format("**deployment {}**\n\nThe model is choosing its configuration; hover "
                           "again in a moment.",
                           name);
    return {};
}

} // namespace

std::optional<HoverResult> hover(const Analysis& a, uint32_t offset) {
    const syntax::File& file = a.tree();
    TreeCursor c = locate(file, std::min<uint32_t>(offset, static_cast<uint32_t>(a.text().size())));
    switch (c.on) {
    case TreeCursor::On::Import:
        return HoverResult{
            fmt::format("Imports `{}`: its named blocks become visible here.", c.import->path),
            c.range};
    case TreeCursor::On::Name: {
        std::string kind(c.statement->key().name);
        if (kind == "deployment")
            if (std::string md = deploymentHover(a, c.statement->name()->name); !md.empty())
                return HoverResult{md, c.range};
        const model::BlockSchema* block = model::topLevelBlock(kind);
        return HoverResult{fmt::format("**{} {}**\n\n{}", kind, c.statement->name()->name,
                                       block ? block->doc : ""),
                           c.range};
    }
    case TreeCursor::On::Key: {
        auto path = pathOf(c, false);
        if (c.blocks.empty() && c.statement->kind() == syntax::Statement::Kind::Block) {
            std::string kind(c.statement->key().name);
            if (kind == "deployment" && c.statement->name())
                if (std::string md = deploymentHover(a, c.statement->name()->name); !md.empty())
                    return HoverResult{md, c.range};
            if (const model::BlockSchema* block = model::topLevelBlock(kind))
                return HoverResult{fmt::format("**{}**\n\n{}", kind, block->doc), c.range};
        }
        if (const model::KeySchema* k = keySchema(path, c.statement->key().name))
            return HoverResult{keyMarkdown(*k), c.range};
        return std::nullopt;
    }
    case TreeCursor::On::Value:
    case TreeCursor::On::Version: {
        auto path = pathOf(c, false);
        const model::KeySchema* k = keySchema(path, c.statement->key().name);
        if (!k || !c.value)
            return std::nullopt;
        std::string word(c.value->text());
        if (c.on == TreeCursor::On::Version)
            return HoverResult{
                fmt::format("Version `{}` of `{}`.", c.value->version(), c.value->text()), c.range};
        if (std::string kind = referenceKind(k);
            !kind.empty() && c.value->kind == syntax::Value::Kind::Identifier) {
            if (const model::Symbol* s = a.program().lookup(a.file(), kind, word)) {
                auto lc = a.sources().buffer(s->file).lineColumn(s->block->range().begin);
                std::string md =
                    fmt::format("**{} {}**, defined in `{}` line {}", kind, word,
                                std::filesystem::path(std::string(a.sources().path(s->file)))
                                    .filename()
                                    .string(),
                                lc.line);
                return HoverResult{md, c.range};
            }
        }
        if (c.value->kind == syntax::Value::Kind::Identifier ||
            c.value->kind == syntax::Value::Kind::Versioned) {
            for (const auto& t : k->types) {
                const auto* values = &t.values;
                if ((t.kind == model::ValueKind::List || t.kind == model::ValueKind::Range) &&
                    t.element)
                    values = &t.element->values;
                for (const auto& v : *values)
                    if (v.name == word) {
                        std::string md = fmt::format("**{}** — {}", v.name, v.doc);
                        if (k->name == "workload")
                            if (const auto* w = model::builtinWorkload(word))
                                md += fmt::format(
                                    "\n\n{:.3g} GFLOPs per training sample, {:.3g} M parameters",
                                    w->flopsPerSample / 1e9,
                                    static_cast<double>(w->parameters) / 1e6);
                        return HoverResult{md, c.range};
                    }
            }
            if (word == "auto" && k->allowsAuto)
                return HoverResult{"**auto** — the embedded performance model chooses this value "
                                   "(`modak plan` explains the choice).",
                                   c.range};
        }
        return HoverResult{keyMarkdown(*k), c.range};
    }
    case TreeCursor::On::Nothing:
        break;
    }
    return std::nullopt;
}

} // namespace modak::lsp
