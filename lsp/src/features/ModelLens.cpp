// SPDX-License-Identifier: Apache-2.0
// The model's choice for each deployment, shown as inlay hints and code lenses.
#include "modak/lsp/Features.h"
#include "modak/model/Report.h"

#include <fmt/format.h>

namespace modak::lsp {

std::string deploymentSummary(const Analysis& a, std::string_view name); // Hover.cpp

namespace {
std::string shortDuration(double seconds) {
    if (seconds < 120)
        return fmt::format("{:.1f} s", seconds);
    if (seconds < 7200)
        return fmt::format("{:.1f} min", seconds / 60);
    return fmt::format("{:.1f} h", seconds / 3600);
}
} // namespace

std::vector<DeploymentLens> deploymentLenses(const Analysis& a) {
    std::vector<DeploymentLens> out;
    if (a.diagnostics().hasErrors())
        return out;
    for (const auto& d : a.plan().deployments) {
        const model::Symbol* sym = a.program().lookup(a.file(), "deployment", d.name);
        if (!sym || sym->file != a.file() || !sym->block || !sym->block->name() || !d.chosen)
            continue;
        const model::Candidate& c = *d.chosen;
        std::string title = model::candidateName(c);
        title += c.gpusPerNode ? fmt::format(" · {}×{} GPU", c.nodes, c.gpusPerNode)
                               : fmt::format(" · {} node(s)", c.nodes);
        if (c.predicted && d.kind != "hpc") {
            const model::PredictionInterval& iv = c.predicted->interval;
            title += " · " + shortDuration(c.predicted->epochSeconds) + "/epoch";
            if (!iv.stratum.empty())
                title += fmt::format(" ±{:.0f} %", iv.relativeError * 100);
            if (!iv.extrapolations.empty())
                title += " · extrapolated";
        } else if (c.predicted)
            title += fmt::format(" · {:.1f}× speedup", c.predicted->throughput);
        out.push_back({d.name, sym->block->name()->range, title, deploymentSummary(a, d.name)});
    }
    return out;
}

} // namespace modak::lsp
