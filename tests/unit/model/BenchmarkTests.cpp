// SPDX-License-Identifier: Apache-2.0
// Lowering of what `modak bench` reads: the autotune parameters as written, the places a sweep's
// diagnostics point at, the sweep's own node count, and the blocks `bench best` edits.
#include "ModelTest.h"
#include "modak/model/Benchmark.h"

#include <catch2/catch.hpp>

using namespace modak;
using namespace modak::model;

namespace {

const char* kProgram = R"(modak 1
target cluster {
  scheduler = slurm
  nodes = 8
  cpu { model = "Intel Xeon Gold 6148", sockets = 2 }
}
application trainer {
  kind = ai_training
  framework = pytorch "2.1"
  batch_size = 32
  run = "python train.py"
  env { SEED = "1" }
}
deployment tuned {
  application = trainer
  target = cluster
  scale { nodes = 2, threads = 4 }
  job { nodes = 4, walltime = 1h }
  autotune {
    parameter lr { values = [0.10, 1e-3, adam, "x y"] }
    parameter batch_size { range = 8..64 }
    parameter seed { range = 7 }
  }
}
)";

std::string textAt(const SourceManager& sm, SourceRange r) {
    return std::string(sm.text(r.file).substr(r.begin, r.end - r.begin));
}

const Symbol& deployment(const Program& program, std::string_view name) {
    for (const Symbol& sym : program.symbols)
        if (sym.kind == "deployment" && sym.name == name)
            return sym;
    FAIL("no deployment " << name);
    return program.symbols.front();
}

} // namespace

TEST_CASE("lowerBenchmark: autotune parameters as written, where a sweep's diagnostics point",
          "[model][lower]") {
    auto loaded = test::load(kProgram);
    INFO(loaded->report());
    REQUIRE_FALSE(loaded->diags.hasErrors());
    const Deployment dep = lowerDeployment(loaded->program, deployment(loaded->program, "tuned"),
                                           Catalogue::builtin());
    const Benchmark bench = lowerBenchmark(loaded->sm, dep);

    REQUIRE(bench.autotune.size() == 3);
    const TuneParameter& lr = bench.autotune[0];
    CHECK(lr.name.value == "lr");
    CHECK(textAt(loaded->sm, lr.name.range) == "lr");
    REQUIRE(lr.values);
    REQUIRE(lr.values->size() == 4);
    // Numbers keep their spelling: the sweep passes them to the application as written.
    CHECK((*lr.values)[0].text == "0.10");
    CHECK((*lr.values)[1].text == "1e-3");
    CHECK((*lr.values)[2].text == "adam");
    CHECK((*lr.values)[3].text == "x y");
    CHECK_FALSE(lr.range.present);

    const TuneParameter& batch = bench.autotune[1];
    CHECK_FALSE(batch.values);
    REQUIRE(batch.range.present);
    REQUIRE(batch.range.value);
    CHECK(batch.range.value->lo == 8);
    CHECK(batch.range.value->hi == 64);
    CHECK(textAt(loaded->sm, batch.range.range) == "8..64");
    const TuneParameter& seed = bench.autotune[2];
    REQUIRE(seed.range.value);
    CHECK((seed.range.value->lo == 7 && seed.range.value->hi == 7));

    CHECK(textAt(loaded->sm, bench.schedulerAt) == "slurm");
    CHECK(textAt(loaded->sm, bench.targetAt) == "cluster");
    CHECK(textAt(loaded->sm, bench.cpuModelAt) == "\"Intel Xeon Gold 6148\"");
    CHECK(textAt(loaded->sm, bench.applicationAt) == "trainer");
    // The scale block's count, not the job block's that fixes the deployment's own job.
    CHECK(bench.nodes == 2);
    CHECK(dep.scale.nodes.lo == 4);
}

TEST_CASE("lowerBenchmark: what is not written falls back to more general places",
          "[model][lower]") {
    auto loaded = test::load(R"(modak 1
target laptop { scheduler = none }
application a { kind = hpc, run = "true" }
deployment d {
  application = a
  target = laptop
  scale { nodes = 1..4 }
  autotune { parameter p { range = 0.5..2.5 } }
}
)");
    INFO(loaded->report());
    REQUIRE_FALSE(loaded->diags.hasErrors());
    const Deployment dep =
        lowerDeployment(loaded->program, deployment(loaded->program, "d"), Catalogue::builtin());
    const Benchmark bench = lowerBenchmark(loaded->sm, dep);
    CHECK(textAt(loaded->sm, bench.schedulerAt) == "none");
    CHECK(textAt(loaded->sm, bench.cpuModelAt) == "laptop"); // no CPU: the target's name
    CHECK(bench.nodes == 1); // a range is the optimiser's to choose, not a sweep's default
    REQUIRE(bench.autotune.size() == 1);
    CHECK(bench.autotune[0].range.present);
    CHECK_FALSE(bench.autotune[0].range.value); // not whole numbers: the sweep reports it
}

TEST_CASE("configurationBlocks: where bench best replaces values and inserts lines",
          "[model][lower]") {
    auto loaded = test::load(kProgram);
    REQUIRE_FALSE(loaded->diags.hasErrors());
    const SourceManager& sm = loaded->sm;
    const ConfigurationBlocks blocks =
        configurationBlocks(loaded->program, deployment(loaded->program, "tuned"));
    CHECK(blocks.applicationName == "trainer");
    REQUIRE(blocks.applicationSymbol);
    CHECK(blocks.applicationSymbol->name == "trainer");

    REQUIRE(blocks.scale.present);
    CHECK(textAt(sm, blocks.scale.values.at("nodes")) == "2");
    CHECK(textAt(sm, blocks.scale.values.at("threads")) == "4");
    CHECK(sm.text(blocks.scale.values.at("nodes").file)[blocks.scale.closeBrace] == '}');
    REQUIRE(blocks.application.present);
    CHECK(textAt(sm, blocks.application.values.at("batch_size")) == "32");
    CHECK_FALSE(blocks.application.values.count("env")); // a block, not a value to replace
    REQUIRE(blocks.env.present);
    CHECK(textAt(sm, blocks.env.values.at("SEED")) == "\"1\"");
    CHECK(blocks.deployment.present);
    CHECK_FALSE(blocks.deployment.values.count("scale"));
}
