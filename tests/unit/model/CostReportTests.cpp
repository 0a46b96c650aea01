// SPDX-License-Identifier: Apache-2.0
// Where people look at cost (issue 18): the HTML plan's time-vs-cost chart and sites table, read
// from the plans of tests/data/cost with the real parser and planner.
#include "ModelTest.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"
#include "modak/model/Report.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <set>

using namespace modak;
using namespace modak::model;

namespace {

std::unique_ptr<test::Planned> planCostFile(const std::string& name) {
    return test::planSourceFile("tests/data/cost/" + name);
}

/// The HTML of one deployment's section.
std::string section(const std::string& html, const std::string& name) {
    const size_t at = html.find("<section id=\"" + name + "\">");
    REQUIRE(at != std::string::npos);
    return html.substr(at, html.find("</section>", at) - at);
}

/// The time-vs-cost chart of a section ("" when it has none).
std::string costChart(const std::string& html) {
    const size_t at = html.find("aria-label=\"Predicted run time against cost");
    if (at == std::string::npos)
        return {};
    const size_t begin = html.rfind("<svg", at);
    return html.substr(begin, html.find("</svg>", at) - begin);
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

/// The scales of a plan's candidates that have a price in `currency`: the chart's points.
std::set<std::pair<int, int>> pricedScales(const DeploymentPlan& p, const std::string& currency) {
    std::set<std::pair<int, int>> scales;
    auto add = [&](const Candidate& c) {
        if (c.cost && c.cost->currency == currency)
            scales.insert({c.nodes, c.gpusPerNode});
    };
    if (p.chosen)
        add(*p.chosen);
    for (const auto& c : p.alternatives)
        add(c);
    return scales;
}

} // namespace

TEST_CASE("a run time's interval reads as one value and its range", "[plan][render][cost]") {
    CHECK(runTimeText({5400, 4320, 6840}) == "1.5 h (1.2–1.9 h)");
    CHECK(runTimeText({3600, 2910, 5040}) == "1.0 h (48.5 min–1.4 h)");
    CHECK(runTimeText({5400, 5400, 5400}) == "1.5 h");
}

TEST_CASE("the HTML plan charts time against cost, one series per site, the chosen marked",
          "[plan][render][cost]") {
    auto p = planCostFile("three_sites.modak");
    const std::string html = renderPlanHtml(p->plan, "three_sites.modak", "0");
    CHECK(renderPlanHtml(p->plan, "three_sites.modak", "0") == html);
    CHECK_THAT(html, !Catch::Contains("<script") && !Catch::Contains("http://") &&
                         !Catch::Contains("https://") && !Catch::Contains("nan") &&
                         !Catch::Contains("inf\""));
    for (const auto& d : p->plan.deployments) {
        INFO(d.name);
        REQUIRE(d.chosen);
        REQUIRE(d.chosen->cost);
        REQUIRE(d.sites.size() == 3);
        REQUIRE(d.sitePlans.size() == 3);
        const std::string s = section(html, d.name), chart = costChart(s);
        REQUIRE_FALSE(chart.empty());
        const std::string currency = d.chosen->cost->currency;
        CHECK_THAT(chart, Catch::Contains("cost (" + currency + ")"));
        // One point per priced scale of each site, named by its site in the tooltip; a legend
        // entry per site. The shapes differ (circle, square, triangle) for readers without colour.
        for (size_t i = 0; i < d.sites.size(); ++i) {
            const auto scales = pricedScales(d.sitePlans[i], currency);
            CHECK(count(chart, "<title>" + d.sites[i].target + ": ") + d.sites[i].chosen ==
                  scales.size());
            CHECK_THAT(chart, Catch::Contains(">" + d.sites[i].target + "</text>"));
        }
        CHECK_THAT(chart, Catch::Contains("<circle") && Catch::Contains("<rect") &&
                              Catch::Contains("<polygon"));
        // Error bars: one path per point.
        size_t points = 0;
        for (size_t i = 0; i < d.sites.size(); ++i)
            points += pricedScales(d.sitePlans[i], currency).size();
        CHECK(count(chart, "<path class=\"bar\"") == points);
        // The chosen one ringed and labelled with its site, time and cost; the other sites' own
        // choices numbered with their place in the fallback order.
        CHECK(count(chart, "class=\"ring\"") == 1);
        const SiteOption* chosen = nullptr;
        for (const auto& site : d.sites) {
            if (site.chosen)
                chosen = &site;
            else if (site.rank > 1)
                CHECK_THAT(chart,
                           Catch::Contains(fmt::format("#{} {}</text>", site.rank, site.target)));
        }
        REQUIRE(chosen);
        CHECK(chosen->target == d.target);
        CHECK_THAT(chart, Catch::Contains(fmt::format(
                              "chosen: {}, {} × {} GPU, {}, {}", chosen->target, d.chosen->nodes,
                              d.chosen->gpusPerNode, formatSeconds(d.chosen->cost->seconds),
                              amountText(d.chosen->cost->amount, currency))));
        // The sites table in the order they are tried, each with its time interval and cost.
        const size_t table = s.find("<table class=\"sites\">");
        REQUIRE(table != std::string::npos);
        size_t last = table;
        for (int rank = 1; rank <= 3; ++rank)
            for (const auto& site : d.sites)
                if (site.rank == rank) {
                    const size_t at = s.find("<td>" + site.target + "</td>", table);
                    CHECK(at > last);
                    last = at;
                    CHECK_THAT(s, Catch::Contains(runTimeText(
                                      {site.totalSeconds, site.lowSeconds, site.highSeconds})));
                    CHECK_THAT(s, Catch::Contains(site.cost->text()));
                }
        // Every site's price basis under the chart.
        for (const auto& sp : d.sitePlans)
            CHECK_THAT(s, Catch::Contains(sp.pricing));
    }
}

TEST_CASE("the HTML chart draws the budget and the candidates it refuses", "[plan][render][cost]") {
    auto p = planCostFile("limits.modak");
    const std::string html = renderPlanHtml(p->plan, "limits.modak", "0");
    const DeploymentPlan* poor = nullptr;
    for (const auto& d : p->plan.deployments)
        if (d.spec && d.spec->cost.budget && !d.chosen)
            poor = &d;
    REQUIRE(poor);
    const std::string chart = costChart(section(html, poor->name));
    REQUIRE_FALSE(chart.empty());
    const AmountSpec& budget = *poor->spec->cost.budget;
    CHECK_THAT(chart, Catch::Contains("budget " + amountText(budget.amount, budget.unit)));
    // Every point is refused (hollow) and the legend says what hollow means; no chosen ring.
    const size_t points = pricedScales(*poor, budget.unit).size();
    REQUIRE(points > 0);
    CHECK(count(chart, "(over the budget or past the deadline)</title>") == points);
    CHECK_THAT(chart, Catch::Contains("refused: over the budget"));
    CHECK(count(chart, "class=\"ring\"") == 0);
}
