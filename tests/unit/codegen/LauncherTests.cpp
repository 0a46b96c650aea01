// SPDX-License-Identifier: Apache-2.0
// SkyPilot task YAML and dstack task configuration: goldens for every deployment of every example,
// of tests/data/cloud/ and of tests/launchers/launchers.modak (tests/golden/skypilot/,
// tests/golden/dstack/; MODAK_UPDATE_GOLDEN=1 rewrites them), the mapping of the plan onto both
// formats, and hostile values. tests/launchers/check.py validates the same files against the
// launchers' schemas, parses them with PyYAML and runs their commands.
#include "ModelTest.h"
#include "modak/codegen/Generate.h"
#include "modak/codegen/LauncherNames.h"
#include "modak/model/Plan.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

using namespace modak;
namespace fs = std::filesystem;

namespace {

struct Generated {
    SourceManager sm;
    Diagnostics diags;
    model::Program program;
    model::Plan plan;
    std::map<std::string, std::vector<codegen::Artefact>> files; ///< by deployment

    const std::string& file(const std::string& deployment, std::string_view path) const {
        for (const auto& f : files.at(deployment))
            if (f.path == path)
                return f.content;
        FAIL("deployment " << deployment << " has no " << path);
        throw std::logic_error("unreachable");
    }
};

std::unique_ptr<Generated> generate(const fs::path& input, const std::string& sourceName) {
    auto g = std::make_unique<Generated>();
    std::string error;
    auto id = g->sm.readFile(input, error);
    REQUIRE(id);
    g->program = model::loadProgram(g->sm, *id, g->diags);
    g->plan = model::planProgram(g->sm, g->program, {}, g->diags);
    INFO(test::report(g->sm, g->diags));
    REQUIRE_FALSE(g->diags.hasErrors());
    codegen::GenerateOptions options;
    options.emit = {"skypilot", "dstack"};
    options.sourceName = sourceName;
    options.version = "test";
    for (const auto& d : g->plan.deployments)
        for (const auto& sym : g->program.symbols)
            if (sym.kind == "deployment" && sym.name == d.name && sym.file == *id)
                g->files[d.name] =
                    codegen::generateDeployment(g->sm, g->program, sym, d, options, g->diags);
    return g;
}

const fs::path kLaunchers = fs::path(MODAK_TEST_DATA_DIR) / "launchers" / "launchers.modak";

} // namespace

TEST_CASE("golden: tests/golden/skypilot and tests/golden/dstack (every example and cloud input)",
          "[codegen][golden][launchers]") {
    auto inputs = test::sourceInputs({"examples", "tests/data/cloud"});
    inputs.push_back({kLaunchers, "tests/launchers/launchers.modak"});
    REQUIRE(inputs.size() >= 12);
    for (const auto& [input, sourceName] : inputs) {
        DYNAMIC_SECTION(input.filename().string()) {
            auto g = generate(input, sourceName);
            CHECK_FALSE(g->diags.hasErrors());
            for (const auto& [deployment, files] : g->files) {
                INFO(deployment);
                // Every example has an OCI image: both formats are written.
                std::set<std::string> paths;
                for (const auto& f : files)
                    paths.insert(f.path);
                CHECK(paths == std::set<std::string>{"skypilot/task.yaml", "dstack/.dstack.yml"});
                for (const auto& f : files) {
                    auto slash = f.path.find('/');
                    std::string kind = f.path.substr(0, slash); // skypilot, dstack
                    fs::path expected = fs::path(MODAK_TEST_DATA_DIR) / "golden" / kind /
                                        input.stem() / deployment / f.path.substr(slash + 1);
                    INFO(expected.string());
                    CHECK(f.content == test::goldenText(expected, f.content));
                    CHECK_FALSE(f.executable);
                }
            }
        }
    }
}

TEST_CASE("launchers: the plan's scale, site, spot, price and duration", "[codegen][launchers]") {
    auto g = generate(kLaunchers, "launchers.modak");
    const std::string& sky = g->file("llm_spot", "skypilot/task.yaml");
    // Accelerators from the plan's GPU in SkyPilot's name, the site from the target.
    CHECK_THAT(sky, Catch::Contains("  infra: aws/us-east-1\n  accelerators: H100:8\n"
                                    "  instance_type: p5.48xlarge\n  use_spot: true\n"));
    CHECK_THAT(sky, Catch::Contains("num_nodes: 2\n"));
    CHECK_THAT(sky, Catch::Contains("  image_id: docker:nvcr.io/nvidia/"));
    CHECK_THAT(sky, Catch::Contains("file_mounts:\n  /data/imagenet: /data/imagenet\n"));
    // The contract from SkyPilot's variables, and the ranks started as every batch script does.
    CHECK_THAT(sky, Catch::Contains("export NODE_RANK=\"$SKYPILOT_NODE_RANK\""));
    CHECK_THAT(sky, Catch::Contains("MASTER_ADDR=\"$(head -n 1 <<<\"$SKYPILOT_NODE_IPS\")\""));
    CHECK_THAT(sky, Catch::Contains("if [[ $NNODES != 2 ]]; then"));
    CHECK_THAT(sky, Catch::Contains("WORLD_SIZE=16 LOCAL_WORLD_SIZE=8"));
    CHECK_THAT(sky, Catch::Contains("start_ranks bash -c \"$rank_env; $command\""));

    // disk_size: SkyPilot's default disk plus the data set it copies (samples × bytes a sample).
    for (const auto& d : g->plan.deployments)
        if (d.name == "llm_spot") {
            REQUIRE(d.chosen->scenario.workload);
            const double bytes = 1'281'167.0 * d.chosen->scenario.workload->sampleBytes;
            CHECK_THAT(
                sky, Catch::Contains(fmt::format(
                         "  disk_size: {}\n", 256 + static_cast<int64_t>(std::ceil(bytes / 1e9)))));
        }

    const std::string& ds = g->file("llm_spot", "dstack/.dstack.yml");
    CHECK_THAT(ds, Catch::Contains("type: task\nname: llm-spot\n"));
    CHECK_THAT(ds, Catch::Contains("nodes: 2\n"));
    CHECK_THAT(ds, Catch::Contains("  gpu: H100:8\n"));
    CHECK_THAT(ds, Catch::Contains("MASTER_ADDR=\"$DSTACK_MASTER_NODE_IP\""));
    CHECK_THAT(ds, Catch::Contains("spot_policy: spot\n"));
    // max_price: the budget over the predicted instance-hours, whole dollars rounded down;
    // max_duration: the interval's upper bound, rounded up.
    const model::DeploymentPlan* plan = nullptr;
    for (const auto& d : g->plan.deployments)
        if (d.name == "llm_spot")
            plan = &d;
    REQUIRE(plan);
    REQUIRE(plan->chosen);
    REQUIRE(plan->chosen->cost);
    const double seconds = plan->chosen->cost->seconds;
    const auto perHour = static_cast<int64_t>(500.0 / (seconds / 3600.0 * 2));
    CHECK_THAT(ds, Catch::Contains(fmt::format("max_price: {}\n", perHour)));
    const auto& p = *plan->chosen->predicted;
    const double high = seconds * p.throughput / p.interval.low;
    CHECK(high > seconds);
    const std::string duration =
        high > 3600 ? fmt::format("{}h", static_cast<int64_t>(std::ceil(high / 3600)))
                    : fmt::format("{}m", static_cast<int64_t>(std::ceil(high / 60)));
    CHECK_THAT(ds, Catch::Contains(fmt::format("max_duration: \"{}\"\n", duration)));

    // Kubernetes: SkyPilot's k8s infra, dstack's kubernetes backend, on-demand without `spot`.
    CHECK_THAT(g->file("llm_gke", "skypilot/task.yaml"),
               Catch::Contains("  infra: k8s\n  accelerators: L4:4\n"));
    CHECK_THAT(g->file("llm_gke", "dstack/.dstack.yml"),
               Catch::Contains("backends: [kubernetes]\nspot_policy: on-demand\n"));
}

TEST_CASE("launchers: hostile values stay strings, and the command stays the command",
          "[codegen][escaping][launchers]") {
    auto g = generate(kLaunchers, "launchers.modak");
    for (const auto* path : {"skypilot/task.yaml", "dstack/.dstack.yml"}) {
        const std::string& f = g->file("evil_d", path);
        INFO(path);
        // Double-quoted with escapes: no anchor, alias, tag or comment is read from a value.
        CHECK_THAT(f, Catch::Contains(R"(EVIL: "a'b\"c$HOME`x`${y}\nnext: line ü \\ $(touch )"
                                      R"(/tmp/pwned) &anchor *alias !tag # c")"));
        CHECK_THAT(f, Catch::Contains("ANCHOR: \"&a [*a, *a]\"\n"));
        CHECK_THAT(f, Catch::Contains("NUMBERISH: \"0755\"\n"));
        CHECK_THAT(f, Catch::Contains("BOOLISH: \"on\"\n"));
        // The run is single-quoted shell inside a literal block: `$(…)` is not expanded before it
        // runs as the application's command.
        CHECK_THAT(
            f, Catch::Contains(R"X(printf '\''%s\n'\'' '\''*alias &anchor'\'' "$(echo inert)")X"));
        // The job name becomes a launcher name: letters, digits and '-'.
        CHECK_THAT(f, Catch::Contains("name: anchor-alias-tag-x\n"));
    }
}

TEST_CASE("launchers: one GPU table, and images the launchers cannot pull",
          "[codegen][launchers]") {
    // Every name of the table is a catalogue GPU.
    std::set<std::string_view> seen;
    for (const auto& row : codegen::launcherGpuNames()) {
        INFO(row.catalogue);
        CHECK(model::Catalogue::builtin().gpu(row.catalogue) != nullptr);
        CHECK(seen.insert(row.catalogue).second);
    }
    auto m = test::load(R"(modak 1
target vm { scheduler = none, cloud = aws, runtime = singularity }
application app { kind = hpc, container = "library://team/app:1", run = "app" }
deployment d { application = app, target = vm, emit = [skypilot, dstack] }
)");
    REQUIRE_FALSE(m->diags.hasErrors());
    model::Plan plan = model::planProgram(m->sm, m->program, {}, m->diags);
    codegen::GenerateOptions options;
    for (const auto& sym : m->program.symbols)
        if (sym.kind == "deployment")
            CHECK(codegen::generateDeployment(m->sm, m->program, sym, plan.deployments.at(0),
                                              options, m->diags)
                      .empty());
    std::string report = m->report();
    CHECK_THAT(report, Catch::Contains("which SkyPilot cannot pull: no SkyPilot file"));
    CHECK_THAT(report, Catch::Contains("which dstack cannot pull: no dstack file"));
}
