// SPDX-License-Identifier: Apache-2.0
// The model's choice for each deployment, shown as inlay hints and code lenses.
#include "modak/lsp/Features.h"
#include "modak/model/Report.h"

#include <fmt/format.h>

namespace modak::lsp {

std::string planMarkdown(const model::DeploymentPlan& plan); // Hover.cpp
std::string runSummary(const model::DeploymentPlan& plan);   // Hover.cpp

namespace {
std::string shortDuration(double seconds) {
    if (seconds < 120)
        return fmt::format("{:.1f} s", seconds);
    if (seconds < 7200)
        return fmt::format("{:.1f} min", seconds / 60);
    return fmt::format("{:.1f} h", seconds / 3600);
}

std::string planTitle(const model::DeploymentPlan& d) {
    if (!d.chosen)
        return {};
    const model::Candidate& c = *d.chosen;
    std::string title = model::candidateName(c);
    title += c.gpusPerNode ? fmt::format(" · {}×{} GPU", c.nodes, c.gpusPerNode)
                           : fmt::format(" · {} node(s)", c.nodes);
    if (std::string run = runSummary(d); !run.empty() && (c.cost || !d.sites.empty())) {
        // Priced or over several sites: the whole run, its cost and the fallbacks.
        title += " · " + run;
        std::string fallbacks;
        for (int rank = 2; rank <= static_cast<int>(d.sites.size()); ++rank)
            for (const auto& s : d.sites)
                if (s.rank == rank)
                    fallbacks += (fallbacks.empty() ? "" : ", ") + s.target;
        if (!fallbacks.empty())
            title += " · then " + fallbacks;
        if (c.predicted && !c.predicted->interval.extrapolations.empty())
            title += " · extrapolated";
    } else if (c.predicted && d.kind != "hpc") {
        const model::PredictionInterval& iv = c.predicted->interval;
        title += " · " + shortDuration(c.predicted->epochSeconds) + "/epoch";
        if (!iv.stratum.empty())
            title += fmt::format(" ±{:.0f} %", iv.relativeError * 100);
        if (!iv.extrapolations.empty())
            title += " · extrapolated";
    } else if (c.predicted)
        title += fmt::format(" · {:.1f}× speedup", c.predicted->throughput);
    return title;
}
} // namespace

DeploymentView viewOf(const model::DeploymentPlan& plan) {
    return {planMarkdown(plan), planTitle(plan)};
}

std::vector<DeploymentLens> deploymentLenses(const Analysis& a) {
    std::vector<DeploymentLens> out;
    // The document's deployments in order, each with the view made when it was planned: a lens
    // formats nothing (deployments still being planned get theirs with the next request).
    const model::Document* root = a.program().root();
    for (const auto& s : a.program().symbols) {
        if (s.kind != "deployment" || !root || s.file != root->file || !s.block || !s.block->name())
            continue;
        auto view = a.deploymentView(s.name);
        if (!view || view->title.empty())
            continue;
        out.push_back({std::string(s.name), s.block->name()->range, view->title, view->hover});
    }
    return out;
}

} // namespace modak::lsp
