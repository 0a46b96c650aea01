// SPDX-License-Identifier: Apache-2.0
// Container recipes (emit docker, singularity): golden files for every example and deployment
// (MODAK_UPDATE_GOLDEN=1 rewrites tests/golden/recipes/), escaping of hostile values, refusals of
// what no escaping makes safe, and the CPU flag table. tests/codegen/recipes.sh runs the real
// checkers.
#include "../../../codegen/src/Recipes.h"
#include "ModelTest.h"
#include "modak/codegen/Generate.h"
#include "modak/model/Catalogue.h"
#include "modak/model/Plan.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace modak;
namespace fs = std::filesystem;

namespace {

const fs::path kGolden = fs::path(MODAK_TEST_DATA_DIR) / "golden" / "recipes";

struct Generated {
    SourceManager sm;
    Diagnostics diags;
    model::Program program;
    model::Plan plan;
    std::map<std::string, std::vector<codegen::Artefact>> files; ///< by deployment

    std::string file(const std::string& deployment, const std::string& path) const {
        for (const auto& f : files.at(deployment))
            if (f.path == path)
                return f.content;
        FAIL("no " << path << " for " << deployment);
        return {};
    }
};

std::unique_ptr<Generated> generate(std::optional<fs::path> path, const std::string& text,
                                    bool requireClean = true) {
    auto g = std::make_unique<Generated>();
    FileId id;
    if (path) {
        std::string error;
        auto read = g->sm.readFile(*path, error);
        REQUIRE(read);
        id = *read;
    } else {
        id = g->sm.addBuffer("test.modak", text);
    }
    g->program = model::loadProgram(g->sm, id, g->diags);
    INFO(test::report(g->sm, g->diags));
    REQUIRE_FALSE(g->diags.hasErrors());
    g->plan = model::planProgram(g->sm, g->program, {}, g->diags);
    if (requireClean)
        REQUIRE_FALSE(g->diags.hasErrors());
    codegen::GenerateOptions options;
    options.emit = {"singularity", "docker"};
    options.sourceName = path ? "examples/" + path->filename().string() : "test.modak";
    options.version = "test";
    for (const auto& d : g->plan.deployments)
        for (const auto& sym : g->program.symbols)
            if (sym.kind == "deployment" && sym.name == d.name && sym.file == id)
                g->files[d.name] =
                    codegen::generateDeployment(g->sm, g->program, sym, d, options, g->diags);
    return g;
}

} // namespace

TEST_CASE("golden: tests/golden/recipes (every example, every deployment)",
          "[codegen][recipes][golden]") {
    std::vector<fs::path> examples;
    for (const auto& e : fs::directory_iterator(fs::path(MODAK_SOURCE_DIR) / "examples"))
        if (e.path().extension() == ".modak")
            examples.push_back(e.path());
    std::sort(examples.begin(), examples.end());
    REQUIRE(examples.size() >= 7);
    size_t deployments = 0;
    for (const auto& example : examples) {
        auto g = generate(example, "");
        auto again = generate(example, "");
        CHECK_FALSE(g->diags.hasErrors());
        for (const auto& [deployment, files] : g->files) {
            ++deployments;
            REQUIRE(files.size() == 2);
            CHECK(files[0].path == "container/" + deployment + ".def");
            CHECK(files[1].path == "container/Dockerfile");
            for (size_t i = 0; i < files.size(); ++i) {
                const auto& f = files[i];
                fs::path expected = kGolden / example.stem() / deployment / f.path;
                INFO(expected.string());
                CHECK(f.content == test::goldenText(expected, f.content));
                CHECK(f.content == again->files.at(deployment)[i].content); // deterministic
                CHECK_FALSE(f.executable);
            }
        }
    }
    CHECK(deployments >= 20);
}

TEST_CASE("source builds: multi-stage, tuned for the CPU, framework and MPI from source",
          "[codegen][recipes]") {
    auto tf = generate(fs::path(MODAK_SOURCE_DIR) / "examples" / "mnist_tensorflow_1_14.modak", "");
    std::string docker = tf->file("mnist_tf114_xla", "container/Dockerfile");
    CHECK_THAT(docker, Catch::Contains("FROM ubuntu:18.04 AS build\n"));
    CHECK_THAT(docker, Catch::Contains("FROM ubuntu:18.04 AS runtime\n"));
    CHECK_THAT(docker, Catch::Contains("COPY --from=build /opt/venv /opt/venv\n"));
    CHECK_THAT(docker,
               Catch::Contains("--branch v1.14.0 https://github.com/tensorflow/tensorflow.git"));
    CHECK_THAT(docker, Catch::Contains("bazel-0.24.1-linux-x86_64"));
    CHECK_THAT(docker,
               Catch::Contains(
                   "bazel build --config=opt --config=mkl --config=xla --copt=-march=broadwell"));
    CHECK_THAT(docker,
               Catch::Contains("TF_XLA_FLAGS=\"--tf_xla_auto_jit=2 --tf_xla_cpu_global_jit\""));
    std::string ngraph = tf->file("mnist_tf114_ngraph", "container/Dockerfile");
    CHECK_THAT(ngraph, Catch::Contains("ngraph-tensorflow-bridge==0.18.0"));
    std::string def = tf->file("mnist_tf114_xla", "container/mnist_tf114_xla.def");
    CHECK_THAT(def, Catch::Contains("Bootstrap: docker\nFrom: ubuntu:18.04\nStage: build\n"));
    CHECK_THAT(def, Catch::Contains("%files from build\n    /opt/venv /opt/venv\n"));

    auto pt =
        generate(fs::path(MODAK_SOURCE_DIR) / "examples" / "resnet50_pytorch_gtx1080ti.modak", "");
    std::string gpu = pt->file("resnet50_pt14_source", "container/Dockerfile");
    CHECK_THAT(gpu, Catch::Contains("FROM nvidia/cuda:10.1-cudnn7-devel-ubuntu18.04 AS build"));
    CHECK_THAT(gpu, Catch::Contains("USE_CUDA=1 USE_CUDNN=1 USE_NCCL=1"));
    CHECK_THAT(gpu, Catch::Contains("TORCH_CUDA_ARCH_LIST='6.1'"));
    CHECK_THAT(
        gpu, Catch::Contains("cuda-keyring_1.0-1_all.deb")); // CUDA 10 images predate the 2022 key

    auto mpi = generate(fs::path(MODAK_SOURCE_DIR) / "examples" / "mpi_solver.modak", "");
    std::string hpc = mpi->file("cfd_on_slurm", "container/Dockerfile");
    CHECK_THAT(hpc,
               Catch::Contains("openmpi-4.1.5.tar.bz2")); // the host's module, not the newest 4.1
    CHECK_THAT(hpc, Catch::Contains("--with-slurm --with-ucx=/usr"));
    CHECK_THAT(hpc, Catch::Contains("CFLAGS=\"-O2 -march=znver2 -mtune=znver2\""));
    CHECK_THAT(hpc, Catch::Contains("PATH=\"/opt/openmpi/bin:$PATH\""));
    CHECK_THAT(hpc,
               Catch::Contains(
                   "git clone --depth 1 'https://git.example.org/cfd/solver.git' /opt/app/src"));
}

TEST_CASE("hub and pip builds are thin recipes from the chosen image or the framework's wheel",
          "[codegen][recipes]") {
    auto g = generate(std::nullopt, R"(modak 1
target box { scheduler = slurm, runtime = apptainer, accelerator = none
  cpu { arch = x86_64, model = "AMD EPYC 7763", sockets = 2, cores = 128 } }
application app { kind = ai_training, framework = pytorch "1.5", workload = mnist_cnn, run = "python3 t.py" }
deployment p { application = app, target = box, build = pip }
)");
    std::string docker = g->file("p", "container/Dockerfile");
    CHECK_THAT(docker, Catch::Contains("FROM ubuntu:18.04\n"));
    CHECK_THAT(
        docker,
        Catch::Contains("--extra-index-url https://download.pytorch.org/whl/cpu 'torch==1.5.*'"));
    CHECK_THAT(docker, Catch::Contains("CMD [\"/bin/bash\", \"/opt/modak/run.sh\"]\n"));
    std::string def = g->file("p", "container/p.def");
    CHECK_THAT(def, Catch::Contains("Bootstrap: docker\nFrom: ubuntu:18.04\n\n"));
    CHECK_THAT(def, !Catch::Contains("Stage:"));
    CHECK_THAT(def, Catch::Contains("%runscript\n    exec /bin/bash /opt/modak/run.sh \"$@\"\n"));
}

TEST_CASE("hostile values are escaped for the Dockerfile and the definition file",
          "[codegen][recipes][escaping]") {
    auto g = generate(std::nullopt, R"M(modak 1
target box { scheduler = none, runtime = docker, accelerator = none }
application app {
  kind = hpc
  container = "docker://ubuntu:22.04"
  env { EVIL = "a'b\"c$HOME`x`${y}$(touch p) {{ z }} \\ ü" }
  build { src = "https://h/x'$(y).git", command = "make\n%files\nBootstrap: docker" }
  run = "./solver '$1' \\"
}
deployment d { application = app, target = box }
)M");
    std::string docker = g->file("d", "container/Dockerfile");
    // ENV: double quotes with \, " and $ escaped, so Docker substitutes nothing.
    CHECK_THAT(docker,
               Catch::Contains("EVIL=\"a'b\\\"c\\$HOME`x`\\${y}\\$(touch p) {{ z }} \\\\ ü\""));
    // RUN with user values: the JSON exec form, each value a single-quoted word, `{{` split.
    CHECK_THAT(docker,
               Catch::Contains(
                   "RUN [\"/bin/bash\", \"-c\", \"set -euo pipefail; mkdir -p /opt/modak; printf "
                   "'%s\\\\n' 'make' '%files' 'Bootstrap: docker' > /opt/modak/build.sh\"]"));
    CHECK_THAT(docker,
               Catch::Contains("git clone --depth 1 'https://h/x'\\\\''$(y).git' /opt/app/src"));
    CHECK_THAT(docker,
               Catch::Contains(
                   "printf '%s\\\\n' './solver '\\\\''$1'\\\\'' '\\\\\\\\'' > /opt/modak/run.sh"));
    CHECK_THAT(docker, Catch::Contains(
                           "FROM ubuntu:22.04\n")); // the application's own image: a thin recipe
    std::string def = g->file("d", "container/d.def");
    CHECK_THAT(def, Catch::Contains(
                        "    export EVIL='a'\\''b\"c$HOME`x`${y}$(touch p) {''{ z }} \\ ü'\n"));
    // No line of user text starts a line of the file: apptainer cannot mistake it for a section or
    // a stage.
    CHECK_THAT(def, !Catch::Contains("\n%files\n"));
    CHECK_THAT(def, !Catch::Contains("\nBootstrap: docker\nFrom: ubuntu:22.04\n%"));
    CHECK_THAT(
        def, Catch::Contains(
                 "    printf '%s\\n' 'make' '%files' 'Bootstrap: docker' > /opt/modak/build.sh\n"));
    CHECK_THAT(def, !Catch::Contains("{{"));
}

TEST_CASE("values no escaping makes safe are refused at the value",
          "[codegen][recipes][escaping]") {
    auto g = generate(std::nullopt, R"(modak 1
target box { scheduler = none, runtime = docker, accelerator = none }
application app {
  kind = hpc
  container = "docker://ubuntu:22.04 && touch p"
  env { LINES = "one\ntwo" }
  run = "./solver"
}
deployment d { application = app, target = box }
)",
                      false);
    std::string report = test::report(g->sm, g->diags);
    // (A hostile MPI or framework version never gets here from a .modak file: the checks reject
    // it.)
    CHECK_THAT(
        report,
        Catch::Contains(
            "test.modak:5:15: error: deployment 'd': the image reference cannot be written"));
    CHECK_THAT(report, Catch::Contains(
                           "test.modak:6:17: error: environment variable 'LINES': a line break"));
    CHECK_THAT(report, Catch::Contains("[unsafe-value]"));
    CHECK(g->files.at("d").empty());
}

TEST_CASE("a library:// image gets a definition file, and a warning instead of a Dockerfile",
          "[codegen][recipes]") {
    auto g = generate(std::nullopt, R"(modak 1
target box { scheduler = none, runtime = singularity, accelerator = none }
image lolcow { reference = "library://sylabs/examples/lolcow:latest", arch = x86_64, accelerator = none, build = hub }
application app { kind = hpc, run = "cowsay moo" }
deployment d { application = app, target = box, image = lolcow }
)");
    CHECK_FALSE(g->diags.hasErrors());
    REQUIRE(g->files.at("d").size() == 1);
    CHECK_THAT(g->files.at("d")[0].content,
               Catch::Contains("Bootstrap: library\nFrom: sylabs/examples/lolcow:latest\n"));
    CHECK_THAT(test::report(g->sm, g->diags),
               Catch::Contains("a Dockerfile cannot start from `library://"));
}

TEST_CASE("compiler flags come from the catalogue's CPU, lowered to what the compiler knows",
          "[codegen][recipes]") {
    const auto& cat = model::Catalogue::builtin();
    CHECK(codegen::cpuFlags(cat.cpu("Intel Xeon E5-2630 v4"), "x86_64", 7).flags ==
          "-march=broadwell -mtune=broadwell");
    CHECK(codegen::cpuFlags(cat.cpu("Intel Xeon Gold 6148"), "x86_64", 11).flags ==
          "-march=skylake-avx512 -mtune=skylake-avx512");
    CHECK(codegen::cpuFlags(cat.cpu("Intel Xeon Gold 6230"), "x86_64", 11).flags ==
          "-march=cascadelake -mtune=cascadelake");
    auto lowered = codegen::cpuFlags(cat.cpu("Intel Xeon Gold 6230"), "x86_64", 7);
    CHECK(lowered.flags == "-march=skylake-avx512 -mtune=skylake-avx512");
    CHECK_THAT(lowered.note, Catch::Contains("lowered for GCC 7"));
    CHECK(codegen::cpuFlags(cat.cpu("AMD EPYC 7742"), "x86_64", 11).flags ==
          "-march=znver2 -mtune=znver2");
    CHECK(codegen::cpuFlags(cat.cpu("AMD EPYC 9654"), "x86_64", 11).flags ==
          "-march=znver3 -mtune=znver3");
    CHECK(codegen::cpuFlags(cat.cpu("Ampere Altra Q80-30"), "aarch64", 11).flags ==
          "-mcpu=neoverse-n1");
    CHECK(codegen::cpuFlags(cat.cpu("IBM POWER9 22-core"), "ppc64le", 11).flags ==
          "-mcpu=power9 -mtune=power9");
    CHECK(codegen::cpuFlags(nullptr, "x86_64", 11).flags == "-march=x86-64-v2 -mtune=generic");
    CHECK(codegen::cpuFlags(nullptr, "x86_64", 7).flags == "-march=nehalem -mtune=generic");
    CHECK(codegen::cpuFlags(nullptr, "aarch64", 11).flags == "-march=armv8-a");
}
