// SPDX-License-Identifier: Apache-2.0
// Container recipes: golden Dockerfiles and definition files for every example deployment
// (MODAK_UPDATE_GOLDEN=1 rewrites tests/golden/recipes/), the -march table, and refusals of values
// a recipe cannot carry.
#include "ModelTest.h"

#include "modak/codegen/Generate.h"
#include "modak/model/Plan.h"

#include "Recipes.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace modak;
namespace fs = std::filesystem;

namespace {

const fs::path kGolden = fs::path(MODAK_TEST_DATA_DIR) / "golden" / "recipes";

bool updating() {
    const char* v = std::getenv("MODAK_UPDATE_GOLDEN");
    return v && *v && std::string(v) != "0";
}

struct Generated {
    SourceManager sm;
    Diagnostics diags;
    model::Program program;
    model::Plan plan;
    std::map<std::string, std::vector<codegen::Artefact>> files;
};

std::unique_ptr<Generated> generate(FileId id, std::unique_ptr<Generated> g, std::vector<std::string> emit,
                                    const std::string& sourceName) {
    g->program = model::loadProgram(g->sm, id, g->diags);
    REQUIRE_FALSE(g->diags.hasErrors());
    g->plan = model::planProgram(g->sm, g->program, {}, g->diags);
    codegen::GenerateOptions options;
    options.emit = std::move(emit);
    options.sourceName = sourceName;
    options.version = "test";
    for (const auto& d : g->plan.deployments)
        for (const auto& sym : g->program.symbols)
            if (sym.kind == "deployment" && sym.name == d.name && sym.file == id)
                g->files[d.name] = codegen::generateDeployment(g->sm, g->program, sym, d, options, g->diags);
    return g;
}

std::unique_ptr<Generated> fromText(const std::string& text, std::vector<std::string> emit) {
    auto g = std::make_unique<Generated>();
    FileId id = g->sm.addBuffer("test.modak", text);
    return generate(id, std::move(g), std::move(emit), "test.modak");
}

} // namespace

TEST_CASE("golden: tests/golden/recipes (every example, Dockerfile and definition file)", "[codegen][recipes][golden]") {
    std::vector<fs::path> examples;
    for (const auto& e : fs::directory_iterator(fs::path(MODAK_SOURCE_DIR) / "examples"))
        if (e.path().extension() == ".modak")
            examples.push_back(e.path());
    std::sort(examples.begin(), examples.end());
    size_t compared = 0;
    for (const auto& example : examples) {
        auto g = std::make_unique<Generated>();
        std::string error;
        auto id = g->sm.readFile(example, error);
        REQUIRE(id);
        g = generate(*id, std::move(g), {"docker", "singularity"}, "examples/" + example.filename().string());
        INFO(test::report(g->sm, g->diags));
        CHECK_FALSE(g->diags.hasErrors());
        for (const auto& [deployment, files] : g->files) {
            REQUIRE(files.size() == 2);
            for (const auto& f : files) {
                fs::path expected = kGolden / example.stem() / deployment / f.path;
                INFO(expected.string());
                if (updating()) {
                    fs::create_directories(expected.parent_path());
                    std::ofstream(expected, std::ios::binary) << f.content;
                }
                CHECK(f.content == test::readFile(expected.string()));
                ++compared;
            }
        }
    }
    CHECK(compared >= 30);
}

TEST_CASE("the target CPU's microarchitecture picks -march", "[codegen][recipes]") {
    CHECK(codegen::targetCpuFlag("skylake", "x86_64") == "-march=skylake-avx512");
    CHECK(codegen::targetCpuFlag("zen3", "x86_64") == "-march=znver3");
    CHECK(codegen::targetCpuFlag("neoverse_n1", "aarch64") == "-mcpu=neoverse-n1");
    CHECK(codegen::targetCpuFlag("", "x86_64") == "-march=x86-64-v2");
    CHECK(codegen::targetCpuFlag("unknown", "aarch64") == "-march=armv8-a");
}

TEST_CASE("a source build is multi-stage with the MPI, the framework and the CPU flags", "[codegen][recipes]") {
    auto g = fromText(R"(modak 1
target box {
  scheduler = slurm
  runtime = apptainer
  cpu { arch = x86_64, model = "Intel Xeon Gold 6148", sockets = 2, cores = 40 }
  gpu { model = v100_sxm2, count = 4 }
}
application app {
  kind = ai_training
  framework = pytorch "1.4"
  workload = resnet50
  mpi = openmpi "4.1"
  run = "python3 train.py"
}
deployment d { application = app, target = box, build = source }
)", {"docker", "singularity"});
    INFO(test::report(g->sm, g->diags));
    REQUIRE(g->files.at("d").size() == 2);
    const std::string& docker = g->files.at("d")[0].content;
    CHECK_THAT(docker, Catch::Contains("FROM nvidia/cuda:10.1-cudnn7-devel-ubuntu18.04 AS build"));
    CHECK_THAT(docker, Catch::Contains("-march=skylake-avx512"));
    CHECK_THAT(docker, Catch::Contains("openmpi-4.1.0.tar.bz2"));
    CHECK_THAT(docker, Catch::Contains("--with-cuda=/usr/local/cuda"));
    CHECK_THAT(docker, Catch::Contains("git clone --depth 1 --branch v1.4.0 --recursive https://github.com/pytorch/pytorch.git"));
    CHECK_THAT(docker, Catch::Contains("TORCH_CUDA_ARCH_LIST=7.0"));
    CHECK_THAT(docker, Catch::Contains("COPY --from=build /opt/mpi /opt/mpi"));
    const std::string& def = g->files.at("d")[1].content;
    CHECK_THAT(def, Catch::Contains("Stage: build"));
    CHECK_THAT(def, Catch::Contains("%files from build\n/opt/wheels /opt/wheels\n/opt/mpi /opt/mpi\n"));
}

TEST_CASE("hostile values are quoted for the Dockerfile and the definition file, or refused", "[codegen][recipes][escaping]") {
    auto g = fromText(R"M(modak 1
target box { scheduler = slurm, runtime = apptainer, cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 2, cores = 20 } }
application app {
  kind = ai_training
  framework = pytorch "1.4"
  workload = mnist_cnn
  env { EVIL = "a'b\"c$HOME`x`${y} ü" }
  run = "python3 train.py --name \"$(id)\" 'q'"
}
deployment d { application = app, target = box, build = hub }
)M", {"docker", "singularity"});
    INFO(test::report(g->sm, g->diags));
    CHECK_FALSE(g->diags.hasErrors());
    const std::string& docker = g->files.at("d")[0].content;
    CHECK_THAT(docker, Catch::Contains(R"(ENV EVIL="a'b\"c\$HOME`x`\${y} ü")"));
    CHECK_THAT(docker, Catch::Contains(R"M(CMD ["bash","-c","python3 train.py --name \"$(id)\" 'q'"])M"));
    const std::string& def = g->files.at("d")[1].content;
    CHECK_THAT(def, Catch::Contains(R"(export EVIL='a'\''b"c$HOME`x`${y} ü')"));
    CHECK_THAT(def, Catch::Contains(R"M(exec bash -c 'python3 train.py --name "$(id)" '\''q'\''' "$@")M"));

    auto newline = fromText(R"(modak 1
target box { scheduler = slurm, runtime = apptainer, cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 2, cores = 20 } }
application app { kind = ai_training, framework = pytorch "1.4", workload = mnist_cnn, env { TWO = "a\nb" }, run = "x" }
deployment d { application = app, target = box, build = hub }
)", {"docker"});
    CHECK(newline->diags.hasErrors());
    CHECK_THAT(test::report(newline->sm, newline->diags), Catch::Contains("the environment value of TWO holds a line break"));
    CHECK(newline->files.at("d").empty());
}
