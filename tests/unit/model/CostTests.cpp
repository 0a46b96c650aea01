// SPDX-License-Identifier: Apache-2.0
// Cost and several sites (issue 18): the plan prices each candidate from the instance catalogue or
// the centre's charge, ranks the sites by the objective, refuses what breaks the budget or the
// deadline with a located error, and the lock and the artefacts follow the order it chose.
#include "ModelTest.h"
#include "modak/codegen/Output.h"
#include "modak/model/Cost.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"
#include "modak/model/Report.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <set>

using namespace modak;
using namespace modak::model;

namespace {

using test::Planned;

std::unique_ptr<Planned> planFile(const std::string& name) {
    return test::planSourceFile("tests/data/cost/" + name);
}

const SiteOption& site(const DeploymentPlan& d, std::string_view target) {
    for (const auto& s : d.sites)
        if (s.target == target)
            return s;
    FAIL("no site " << target);
    return d.sites.front();
}

} // namespace

TEST_CASE("three sites: the fastest under objective = time, the cheapest under objective = cost",
          "[model][cost]") {
    auto p = planFile("three_sites.modak");
    INFO(test::report(p->sm, p->diags));
    CHECK_FALSE(p->diags.hasErrors());

    const DeploymentPlan& fastest = p->at("fastest");
    REQUIRE(fastest.chosen);
    REQUIRE(fastest.sites.size() == 3);
    REQUIRE(fastest.sitePlans.size() == 3);
    // Every site ran its own plan; the chosen one is the shortest run.
    for (const auto& s : fastest.sites) {
        INFO(s.target << ": " << s.rejectedBecause);
        CHECK(s.rank > 0);
        CHECK(s.totalSeconds > 0);
        REQUIRE(s.cost);
        CHECK(s.cost->hasMoney());
        CHECK(s.lowSeconds <= s.totalSeconds);
        CHECK(s.highSeconds >= s.totalSeconds);
    }
    const SiteOption* chosenTime = nullptr;
    for (const auto& s : fastest.sites) {
        if (s.chosen)
            chosenTime = &s;
    }
    REQUIRE(chosenTime);
    CHECK(chosenTime->rank == 1);
    for (const auto& s : fastest.sites)
        CHECK(chosenTime->totalSeconds <= s.totalSeconds * 1.01);
    CHECK(fastest.target == chosenTime->target);

    const DeploymentPlan& cheapest = p->at("cheapest");
    REQUIRE(cheapest.chosen);
    const SiteOption* chosenCost = nullptr;
    for (const auto& s : cheapest.sites)
        if (s.chosen)
            chosenCost = &s;
    REQUIRE(chosenCost);
    for (const auto& s : cheapest.sites)
        CHECK(chosenCost->cost->amount <= s.cost->amount * 1.01);
    // Cheapest within each site too: more nodes only add communication, so one node is cheapest.
    CHECK(cheapest.chosen->nodes == 1);
    CHECK(chosenTime->target != chosenCost->target);
    // The HPC centre's price is per GPU-hour: units × price.
    const SiteOption& juwels = site(cheapest, "juwels");
    CHECK(juwels.cost->unit == "gpu_hours");
    CHECK(juwels.cost->amount == Approx(juwels.cost->units * 1.1));
    CHECK(juwels.cost->units ==
          Approx(juwels.nodes * juwels.gpusPerNode * juwels.totalSeconds / 3600));
    // A cloud's price is the instance's per hour (p5.48xlarge from the catalogue).
    const SiteOption& aws = site(cheapest, "aws_p5");
    const InstanceType* p5 = p->plan.catalogue->instance("p5.48xlarge");
    REQUIRE(p5);
    CHECK(aws.cost->amount == Approx(aws.nodes * aws.totalSeconds / 3600 * p5->onDemandPerHour));

    // failover = ordered: the written order decides among the sites that meet the deadline.
    const DeploymentPlan& ordered = p->at("in_order");
    REQUIRE(ordered.chosen);
    int expectedRank = 1;
    for (const auto& s : ordered.sites)
        if (s.rank > 0)
            CHECK(s.rank == expectedRank++);
    for (const auto& s : ordered.sites)
        if (s.rank > 0)
            CHECK(s.totalSeconds <= 3600);

    // The JSON plan: a SkyPilot-like table of the sites.
    auto json = nlohmann::json::parse(renderPlanJson(p->plan, "three_sites.modak", "test"));
    for (const auto& dep : json.at("deployments")) {
        REQUIRE(dep.contains("sites"));
        int chosen = 0;
        for (const auto& s : dep.at("sites"))
            chosen += s.at("chosen").get<bool>();
        CHECK(chosen == 1);
        CHECK(dep.at("chosen").contains("cost"));
    }
}

TEST_CASE("the lock and the artefacts follow the chosen order", "[model][cost][codegen]") {
    auto p = planFile("three_sites.modak");
    codegen::GenerateOptions options;
    options.version = "test";
    Diagnostics diags;
    auto outputs = codegen::generateProgram(p->sm, p->program, p->root, p->plan, options, diags);
    INFO(test::report(p->sm, diags));
    CHECK_FALSE(diags.hasErrors());
    for (const auto& out : outputs) {
        INFO(out.name);
        const DeploymentPlan& d = p->at(out.name);
        const codegen::Artefact* lock = nullptr;
        std::set<std::string> dirs;
        for (const auto& a : out.files) {
            if (a.path == "modak.lock")
                lock = &a;
            else
                dirs.insert(a.path.substr(0, a.path.find('/')));
        }
        REQUIRE(lock);
        // Every site that can run it has its own folder with its job script.
        for (const auto& s : d.sites)
            CHECK(dirs.count(s.target) == (s.rank > 0 ? 1u : 0u));
        auto j = nlohmann::json::parse(lock->content);
        REQUIRE(j.contains("failover"));
        const auto& order = j.at("failover");
        REQUIRE(order.size() == d.sites.size());
        CHECK(order.at(0).at("target") == d.target);
        int previous = 0;
        for (const auto& entry : order) {
            const SiteOption& s = site(d, entry.at("target").get<std::string>());
            if (!entry.at("runs").get<bool>())
                continue;
            CHECK(s.rank == previous + 1);
            previous = s.rank;
        }
        for (const auto& s : d.sites)
            if (s.rank > 0) {
                bool script = false;
                for (const auto& a : out.files)
                    script = script || a.path == s.target + "/job.slurm.sh";
                CHECK(script);
            }
    }
}

TEST_CASE("a budget below the cheapest candidate and a deadline nobody meets are located errors",
          "[model][cost]") {
    auto p = planFile("limits.modak");
    const std::string report = test::report(p->sm, p->diags);
    INFO(report);
    CHECK_FALSE(p->at("too_poor").chosen);
    // At the budget, naming the cheapest candidate and the budget that fits it, with a fix.
    const Diagnostic* budget = nullptr;
    for (const auto& d : p->diags)
        if (d.code == DiagCode::NoCandidate && d.message.find("budget") != std::string::npos)
            budget = &d;
    REQUIRE(budget);
    CHECK(p->sm.buffer(budget->range.file).lineColumn(budget->range.begin).line == 49);
    CHECK_THAT(budget->message, Catch::Contains("below the cheapest candidate"));
    CHECK_THAT(budget->message, Catch::Contains("`budget = "));
    REQUIRE(budget->fixes.size() == 1);

    // Spot where the instance type has a cheaper price: a second fix that inserts `spot = true`.
    const Diagnostic* spot = nullptr;
    for (const auto& d : p->diags)
        if (d.code == DiagCode::NoCandidate &&
            d.message.find("spot_would_help") != std::string::npos)
            spot = &d;
    REQUIRE(spot);
    REQUIRE(spot->fixes.size() == 2);
    CHECK(spot->fixes[1].edits.at(0).text == ", spot = true");
    {
        const std::string text(p->sm.text(p->root));
        CHECK(test::applyFix(text, spot->fixes[1]).find("budget = 10 USD, spot = true") !=
              std::string::npos);
        CHECK(test::applyFix(text, spot->fixes[0]).find("budget = 10 USD") == std::string::npos);
    }

    // Nobody meets the deadline: one error at the deployment, one note per site with its miss.
    CHECK_FALSE(p->at("too_soon").chosen);
    const Diagnostic* sites = nullptr;
    for (const auto& d : p->diags)
        if (d.code == DiagCode::NoCandidate && d.message.find("targets") != std::string::npos)
            sites = &d;
    REQUIRE(sites);
    REQUIRE(sites->notes.size() == 2);
    for (const auto& n : sites->notes) {
        CHECK_THAT(n.message, Catch::Contains("past it"));
        CHECK_THAT(n.message, Catch::Contains("deadline of 10.0 min"));
    }
    // Each site's deadline that would fit it, as a fix at the deadline.
    REQUIRE(sites->fixes.size() == 2);
    for (const auto& f : sites->fixes) {
        CHECK_THAT(f.title, Catch::StartsWith("extend the deadline to "));
        CHECK(p->sm.buffer(f.edits.at(0).range.file).lineColumn(f.edits.at(0).range.begin).line ==
              57);
    }
}

TEST_CASE("spot capacity: cheaper per hour, longer by its interruptions", "[model][cost]") {
    // One instance interrupted 10 % of months: an 8-node run of 10 h loses half a checkpoint
    // interval and a restart per interruption.
    const double mtbf = 730.0 * 3600 / kAssumedSpotInterruptionsPerMonth;
    const double run = spotRunSeconds(36000, 8, mtbf, 60);
    const double jobMtbf = mtbf / 8;
    CHECK(run ==
          Approx(36000 * (1 + (std::sqrt(2 * 60 * jobMtbf) / 2 + kSpotRestartSeconds) / jobMtbf)));
    CHECK(run > 36000);
    CHECK(spotRunSeconds(36000, 8, 0, 60) == 36000);

    SitePricing hpc;
    hpc.unit = "core_hours";
    hpc.coresPerNode = 128;
    hpc.factor = 2;
    hpc.currency = "EUR";
    hpc.perUnit = 0.01;
    CostEstimate c = estimateCost(hpc, 3600, 3000, 4000, 4, 0);
    CHECK(c.units == Approx(4 * 128 * 2));
    CHECK(c.amount == Approx(4 * 128 * 2 * 0.01));
    CHECK(c.unitsLow < c.units);
    CHECK(c.unitsHigh > c.units);
    AmountSpec eur{100, "EUR", {}};
    AmountSpec usd{100, "USD", {}};
    AmountSpec cores{100, "core_hours", {}};
    CHECK(costIn(c, eur) == Approx(c.amount));
    CHECK_FALSE(costIn(c, usd));
    CHECK(costIn(c, cores) == Approx(c.units));
}
