// SPDX-License-Identifier: Apache-2.0
// The batch-job rows: one per scheduler of the language, and golden scripts of every batch
// scheduler for an MPI job, a multi-node DDP job, a build job, a container build and benchmark
// sweeps (MODAK_UPDATE_GOLDEN=1 rewrites tests/golden/batch/). The directive syntax of each is
// checked by tests/codegen/check-directives.py (CTest generated-scripts).
#include "ModelTest.h"
#include "modak/calibrate/Sweep.h"
#include "modak/codegen/BatchJob.h"
#include "modak/codegen/Generate.h"
#include "modak/model/Plan.h"
#include "modak/model/Schedulers.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>

using namespace modak;
namespace fs = std::filesystem;

namespace {

const fs::path kGolden = fs::path(MODAK_TEST_DATA_DIR) / "golden" / "batch";

void compareGolden(const fs::path& expected, const std::string& content) {
    INFO(expected.string());
    CHECK(content == test::goldenText(expected, content));
}

/// Deployments that exercise every launcher: MPI on two nodes with most job options, DDP on two
/// nodes of four GPUs, a build block, an image built from source in apptainer.
std::string jobsFile(std::string_view scheduler) {
    return fmt::format(R"(modak 1
target cluster {{
  scheduler = {}
  runtime = apptainer
  nodes = 8
  queue = "batch"
  account = "proj42"
  modules = ["openmpi/4.1.5"]
  cpu {{ arch = x86_64, model = "Intel Xeon Gold 6148", sockets = 2, cores = 40 }}
  gpu {{ model = a100_sxm4_40gb, count = 4 }}
  interconnect = infiniband_edr
}}
application solver {{
  kind = hpc
  type = mpi
  run = "./solver --mesh big"
  container = "docker://ethcscs/mpich:ub1804_cuda101_mpi314_gnugprof"
  build {{ src = "https://example.org/solver.git", command = "make -j\"$BUILD_PARALLELISM\"", parallelism = 8 }}
}}
application vit {{
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = ddp
  run = "torchrun train.py"
}}
deployment mpi_job {{
  application = solver
  target = cluster
  job {{
    nodes = 2
    tasks_per_node = 16
    cpus_per_task = 2
    walltime = 90m
    memory = 64 GiB
    exclusive = true
    dependency = "afterok:1234"
    notify = [begin, end]
    email = "me@example.org"
    export_env = ["HOME", "PATH"]
  }}
}}
deployment ddp_job {{
  application = vit
  target = cluster
  job {{ nodes = 2, gpus = 4, walltime = 2h, array = "1-4" }}
}}
)",
                       scheduler);
}

struct Generated {
    SourceManager sm;
    Diagnostics diags;
    model::Program program;
    model::Plan plan;
};

std::unique_ptr<Generated> load(const std::string& text) {
    auto g = std::make_unique<Generated>();
    FileId id = g->sm.addBuffer("jobs.modak", text);
    g->program = model::loadProgram(g->sm, id, g->diags);
    INFO(test::report(g->sm, g->diags));
    REQUIRE_FALSE(g->diags.hasErrors());
    g->plan = model::planProgram(g->sm, g->program, {}, g->diags);
    return g;
}

} // namespace

TEST_CASE("every batch scheduler of the language has exactly one rendering row",
          "[codegen][batch]") {
    for (const auto& s : model::schedulers()) {
        INFO(s.name);
        size_t rows = 0;
        for (const codegen::BatchScheduler* row : codegen::batchSchedulers())
            rows += row->name == s.name;
        CHECK(rows == (s.batch || s.name == "none" ? 1u : 0u));
        if (s.batch) {
            const codegen::BatchScheduler* row = codegen::findBatchScheduler(s.name);
            REQUIRE(row);
            CHECK(row->directives);
            CHECK(row->launch);
            CHECK(row->submitArray);
            CHECK_FALSE(row->arrayIndexVariable.empty());
            CHECK_FALSE(row->rendezvous.empty());
            // Its job script is an emit kind of the language and of this version.
            CHECK_FALSE(s.emitDoc.empty());
            const auto& emits = codegen::supportedEmits();
            CHECK(std::find(emits.begin(), emits.end(), s.name) != emits.end());
        }
    }
    for (const codegen::BatchScheduler* row : codegen::batchSchedulers()) {
        INFO(row->name);
        CHECK(model::findScheduler(row->name));
    }
}

TEST_CASE("golden: tests/golden/batch (job, build, container build and sweep scripts of every "
          "batch scheduler)",
          "[codegen][batch][golden]") {
    for (const auto& s : model::schedulers()) {
        if (!s.batch)
            continue;
        const std::string scheduler(s.name);
        DYNAMIC_SECTION(scheduler) {
            auto g = load(jobsFile(scheduler));
            codegen::GenerateOptions options;
            options.emit = {scheduler, "build"};
            options.sourceName = "jobs.modak";
            options.version = "test";
            for (const auto& d : g->plan.deployments)
                for (const auto& sym : g->program.symbols)
                    if (sym.kind == "deployment" && sym.name == d.name)
                        for (const auto& f : codegen::generateDeployment(g->sm, g->program, sym, d,
                                                                         options, g->diags))
                            if (f.path.ends_with(".sh")) {
                                CHECK(f.executable);
                                compareGolden(kGolden / scheduler / d.name / f.path, f.content);
                            }
            INFO(test::report(g->sm, g->diags));
            CHECK_FALSE(g->diags.hasErrors());

            // Sweeps: the train-step kernel over two node counts, throttled; the application in
            // its container; MPI allreduce between nodes.
            struct Sweep {
                std::string name, kernel;
                std::vector<std::string> sweeps;
                int maxParallel = 0;
                std::string transport = "tcp";
            };
            const Sweep sweeps[] = {
                {"train-step", "train-step", {"batch_size=8,16,32", "nodes=1,2"}, 2},
                {"app", "app", {"lr=0.1,0.01"}},
                {"allreduce-mpi", "allreduce", {"nodes=2,4"}, 0, "mpi"},
            };
            for (const auto& sweep : sweeps) {
                INFO(sweep.name);
                calibrate::SweepOptions o;
                o.deployment = sweep.kernel == "app" ? "ddp_job" : "mpi_job";
                o.kernel = sweep.kernel;
                o.maxParallel = sweep.maxParallel;
                o.transport = sweep.transport;
                o.version = "test";
                o.sourceName = "jobs.modak";
                for (const auto& text : sweep.sweeps)
                    o.sweeps.push_back({text, {}});
                Diagnostics diags;
                auto jobs = calibrate::generateBench(g->sm, g->program, model::Catalogue::builtin(),
                                                     o, diags);
                INFO(test::report(g->sm, diags));
                REQUIRE(jobs);
                for (const auto& f : jobs->files)
                    if (f.path.ends_with(".sh"))
                        compareGolden(kGolden / scheduler / ("sweep-" + sweep.name) / f.path,
                                      f.content);
            }
        }
    }
}

TEST_CASE("LSF and Flux rows: arrays, logs and launchers as their schedulers define them",
          "[codegen][batch]") {
    const codegen::BatchScheduler& lsf = *codegen::findBatchScheduler("lsf");
    const codegen::BatchScheduler& flux = *codegen::findBatchScheduler("flux");
    // LSF array indices start at 1; the script counts from 0.
    CHECK(codegen::arrayRange(lsf, 4, 2) == "1-4%2");
    CHECK(codegen::arrayIndexLine(lsf, "m") == "index=$((${LSB_JOBINDEX:?m} - 1))\n");
    CHECK(codegen::arrayIndexLine(flux, "m") == "index=${FLUX_JOB_CC:?m}\n");
    CHECK_FALSE(flux.nativeArrays);
    CHECK(codegen::logFile(lsf, "j") == "j-%J.out");
    CHECK(codegen::logFile(flux, "j") == "j-{{id}}.out");
    codegen::LaunchRequest mpi;
    mpi.kind = codegen::LaunchRequest::Kind::Mpi;
    mpi.nodes = 2;
    mpi.tasksPerNode = 16;
    mpi.environment = {"OMP_NUM_THREADS"};
    // mpirun places the ranks on the job's hosts and passes the application's variables on.
    CHECK(lsf.launch(mpi).prefix ==
          "mpirun -np 32 --hostfile \"$LSB_DJOB_HOSTFILE\" -x OMP_NUM_THREADS ");
    CHECK(flux.launch(mpi).prefix == "flux run --nodes=2 --ntasks=32 ");
    // Data-parallel ranks: every task one rank, its torchrun variables from Flux's task ids.
    codegen::LaunchRequest ranks;
    ranks.kind = codegen::LaunchRequest::Kind::Ranks;
    ranks.nodes = 2;
    ranks.tasksPerNode = 4;
    codegen::Launch fluxRanks = flux.launch(ranks);
    CHECK(fluxRanks.prefix == "flux run --nodes=2 --ntasks=8 ");
    CHECK_THAT(fluxRanks.setup, Catch::Contains("export MASTER_ADDR MASTER_PORT"));
    CHECK_THAT(fluxRanks.rankEnv,
               Catch::Contains("RANK=$FLUX_TASK_RANK LOCAL_RANK=$FLUX_TASK_LOCAL_ID"));
    CHECK_THAT(fluxRanks.rankEnv, Catch::Contains("NODE_RANK=$((FLUX_TASK_RANK / 4))"));
    // The plain script starts its node's ranks itself; on several nodes the user names the node.
    const codegen::BatchScheduler& plain = *codegen::findBatchScheduler("none");
    codegen::Launch plainRanks = plain.launch(ranks);
    CHECK(plainRanks.prefix == "start_ranks ");
    CHECK_THAT(plainRanks.setup, Catch::Contains("NODE_RANK=${NODE_RANK:?"));
    CHECK_THAT(plainRanks.setup, Catch::Contains("rank < 4;"));
    CHECK_THAT(plainRanks.rankEnv, Catch::Contains("RANK=$((NODE_RANK * 4 + LOCAL_RANK))"));
    CHECK_THAT(plainRanks.rankEnv, Catch::Contains("WORLD_SIZE=8 "));
    ranks.nodes = 1;
    CHECK_THAT(plain.launch(ranks).setup, Catch::Contains("NODE_RANK=0\n"));
    // Walltime: LSF's hours:minutes, rounded up; Flux's standard duration.
    codegen::BatchJob job;
    job.name = "j";
    job.walltimeSeconds = 3601;
    std::string out;
    lsf.directives(job, out);
    CHECK_THAT(out, Catch::Contains("#BSUB -W 1:01\n"));
    out.clear();
    job.walltimeSeconds = 5400;
    flux.directives(job, out);
    CHECK_THAT(out, Catch::Contains("#flux: --time-limit=90m\n"));
}
