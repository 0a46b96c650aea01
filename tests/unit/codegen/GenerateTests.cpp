// SPDX-License-Identifier: Apache-2.0
// Code generation: golden job scripts for every example (MODAK_UPDATE_GOLDEN=1 rewrites
// tests/golden/generate/), escaping of hostile values, and refusal of what a directive cannot hold.
#include "ModelTest.h"
#include "modak/codegen/Generate.h"
#include "modak/codegen/Shell.h"
#include "modak/model/Deployment.h"
#include "modak/model/Plan.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace modak;
namespace fs = std::filesystem;

namespace {

const fs::path kGolden = fs::path(MODAK_TEST_DATA_DIR) / "golden" / "generate";

struct Generated {
    SourceManager sm;
    Diagnostics diags;
    model::Program program;
    model::Plan plan;
    std::map<std::string, std::vector<codegen::Artefact>> files; ///< by deployment
};

std::unique_ptr<Generated> generate(FileId (*add)(SourceManager&), std::vector<std::string> emit,
                                    std::string sourceName) {
    auto g = std::make_unique<Generated>();
    FileId id = add(g->sm);
    g->program = model::loadProgram(g->sm, id, g->diags);
    INFO(test::report(g->sm, g->diags));
    REQUIRE_FALSE(g->diags.hasErrors());
    g->plan = model::planProgram(g->sm, g->program, {}, g->diags);
    codegen::GenerateOptions options;
    options.emit = std::move(emit);
    options.sourceName = std::move(sourceName);
    options.version = "test";
    for (const auto& d : g->plan.deployments)
        for (const auto& sym : g->program.symbols)
            if (sym.kind == "deployment" && sym.name == d.name && sym.file == id)
                g->files[d.name] =
                    codegen::generateDeployment(g->sm, g->program, sym, d, options, g->diags);
    return g;
}

std::string g_text; // the text `fromText` serves
FileId fromText(SourceManager& sm) {
    return sm.addBuffer("test.modak", g_text);
}

} // namespace

TEST_CASE("golden: tests/golden/generate (every example, every job script)", "[codegen][golden]") {
    std::vector<fs::path> examples;
    for (const auto& e : fs::directory_iterator(fs::path(MODAK_SOURCE_DIR) / "examples"))
        if (e.path().extension() == ".modak")
            examples.push_back(e.path());
    std::sort(examples.begin(), examples.end());
    REQUIRE(examples.size() >= 7);
    for (const auto& example : examples) {
        DYNAMIC_SECTION(example.filename().string()) {
            static fs::path current;
            current = example;
            auto g = generate(
                [](SourceManager& sm) {
                    std::string error;
                    auto id = sm.readFile(current, error);
                    REQUIRE(id);
                    return *id;
                },
                {"slurm", "torque", "pbs", "script"}, "examples/" + example.filename().string());
            CHECK_FALSE(g->diags.hasErrors());
            for (const auto& [deployment, files] : g->files) {
                REQUIRE(files.size() == 4);
                for (const auto& f : files) {
                    fs::path expected = kGolden / example.stem() / deployment / f.path;
                    INFO(expected.string());
                    CHECK(f.content == test::goldenText(expected, f.content));
                    CHECK(f.executable);
                }
            }
        }
    }
}

TEST_CASE("hostile values are inert in generated shell", "[codegen][escaping]") {
    g_text = R"M(modak 1
target box {
  scheduler = slurm
  runtime = apptainer
  image_dir = "/images/$(touch /tmp/pwned)`id`'q"
  modules = ["gcc/12 $(reboot)"]
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 2, cores = 20 }
}
application app {
  kind = ai_training
  framework = pytorch "1.4"
  workload = mnist_cnn
  env { EVIL = "a'b\"c$HOME`x`${y}\nnext line ü", PLAIN = 3 }
  run = "python3 train.py"
}
deployment d {
  application = app
  target = box
  build = hub
}
)M";
    auto g = generate(fromText, {"slurm", "pbs", "script"}, "test.modak");
    CHECK_FALSE(g->diags.hasErrors());
    const auto& slurm = g->files.at("d").front().content;
    CHECK_THAT(slurm, Catch::Contains("export EVIL='a'\\''b\"c$HOME`x`${y}\nnext line ü'"));
    CHECK_THAT(slurm, Catch::Contains("image_dir='/images/$(touch /tmp/pwned)`id`'\\''q'"));
    CHECK_THAT(slurm, Catch::Contains("module load 'gcc/12 $(reboot)'"));
}

TEST_CASE("values a batch directive cannot hold are errors, not broken scripts",
          "[codegen][escaping]") {
    g_text = R"(modak 1
target box {
  scheduler = slurm
  runtime = none
}
application app {
  kind = hpc
  run = "./solver"
}
deployment d {
  application = app
  target = box
  job { name = "two words", output = "out\n#SBATCH --uid=0", email = "a@b.c", dependency = "afterok:1\"x" }
}
)";
    auto g = generate(fromText, {"slurm"}, "test.modak");
    std::string report = test::report(g->sm, g->diags);
    CHECK_THAT(report,
               Catch::Contains(
                   "test.modak:13:16: error: 'name' cannot be written into a batch directive"));
    CHECK_THAT(report, Catch::Contains("'output' cannot be written into a batch directive"));
    // sbatch, bsub and flux batch unquote their directives: a quote would end the value.
    CHECK_THAT(report, Catch::Contains("'dependency' cannot be written into a batch directive"));
    CHECK_THAT(report, Catch::Contains("[unsafe-value]"));
}

TEST_CASE("a build job without a build block is a warning, and the rest is generated",
          "[codegen]") {
    g_text = R"(modak 1
target box { scheduler = none, runtime = none }
application app { kind = hpc, run = "./solver" }
deployment d { application = app, target = box, emit = [script, build] }
)";
    auto g = generate(fromText, {}, "test.modak");
    CHECK_FALSE(g->diags.hasErrors());
    REQUIRE(g->files.at("d").size() == 1);
    CHECK(g->files.at("d").front().path == "job.sh");
    CHECK_THAT(test::report(g->sm, g->diags),
               Catch::Contains("warning: deployment 'd': `emit` asks for a build job but the "
                               "application has no `build` block "
                               "and its image is not built from source"));
}

TEST_CASE("a source-built image gets a container build job with its recipe", "[codegen][build]") {
    g_text = R"(modak 1
target box {
  scheduler = slurm
  runtime = apptainer
  image_dir = "/project/images"
  queue = "build"
  cpu { arch = x86_64, model = "Intel Xeon Gold 6148", sockets = 2, cores = 40 }
}
application app { kind = ai_training, framework = tensorflow "2.1", workload = mnist_cnn, run = "python3 mnist.py" }
deployment d { application = app, target = box, build = source, graph_compiler = xla, emit = [slurm, build] }
)";
    auto g = generate(fromText, {}, "test.modak");
    INFO(test::report(g->sm, g->diags));
    CHECK_FALSE(g->diags.hasErrors());
    const auto& files = g->files.at("d");
    REQUIRE(files.size() == 4);
    CHECK(files[1].path == "container/d.def");
    CHECK(files[2].path == "build-image.slurm.sh");
    CHECK(files[2].executable);
    const std::string& job = files[2].content;
    // The run waits for the image: submit.slurm.sh chains it after the build's success.
    CHECK(files[3].path == "submit.slurm.sh");
    CHECK_THAT(files[3].content,
               Catch::Contains("${previous:+--dependency=afterok:$previous} "
                               "\"$here\"/build-image.slurm.sh)\n") &&
                   Catch::EndsWith("${previous:+--dependency=afterok:$previous} "
                                   "\"$here\"/job.slurm.sh)\necho \"$id\"\nprevious=${id%%;*}\n"));
    CHECK_THAT(job, Catch::Contains("#SBATCH --partition=build\n"));
    CHECK_THAT(job, Catch::Contains("image_dir='/project/images'\n"));
    // The image is built under the name the job script pulls to, so the job runs this build.
    std::string slurm = files[0].content;
    const std::string marker = "image=\"$image_dir\"/'";
    auto at = slurm.find(marker);
    REQUIRE(at != std::string::npos);
    at += marker.size();
    std::string name = slurm.substr(at, slurm.find('\'', at) - at);
    CHECK(name == "modak_tensorflow-2.1-cpu-src.sif");
    CHECK_THAT(job, Catch::Contains("apptainer build --fakeroot \"$image_dir\"/'" + name +
                                    "' \"$here/container/d.def\""));
}

TEST_CASE("the launcher a command starts is recognised", "[codegen][launch]") {
    CHECK(model::launcherOf("python3 train.py --epochs 90").empty());
    CHECK(model::launcherOf("torchrun --nnodes=2 train.py") == "torchrun");
    CHECK(model::launcherOf("python3 -m torch.distributed.run --nnodes 2 t.py") == "torchrun");
    CHECK(model::launcherOf("OMP_NUM_THREADS=4 exec /opt/bin/deepspeed train.py") == "deepspeed");
    CHECK(model::launcherOf("# warm up\n  mpirun -np 4 ./solver") == "mpirun");
    CHECK(model::launcherOf("./torchrun-like-name.sh").empty());
}

TEST_CASE("DDP is launched per rank from the plan, a user's torchrun is kept and checked",
          "[codegen][launch]") {
    g_text = R"(modak 1
target local {
  scheduler = slurm
  runtime = none
  nodes = 2
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
  gpu { model = v100_sxm2, count = 2 }
  interconnect = infiniband_edr
}
application plain {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = ddp
  batch_size = 64
  env { NCCL_DEBUG = "WARN" }
  run = "python3 train.py"
}
application own {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = ddp
  batch_size = 64
  run = "torchrun --nproc_per_node=8 train.py"
}
deployment by_modak {
  application = plain
  target = local
  build = hub
  graph_compiler = none
  scale { nodes = 2, gpus_per_node = 2 }
}
deployment by_modak_in_podman {
  application = plain
  target = local
  runtime = podman
  build = hub
  graph_compiler = none
  scale { nodes = 2, gpus_per_node = 2 }
}
deployment by_user {
  application = own
  target = local
  build = hub
  graph_compiler = none
  scale { nodes = 2, gpus_per_node = 2 }
}
)";
    auto g = generate(fromText, {"slurm", "pbs"}, "test.modak");
    auto script = [&](const std::string& deployment, const std::string& path = "job.slurm.sh") {
        for (const auto& a : g->files[deployment])
            if (a.path == path)
                return a.content;
        FAIL("no " << path << " for " << deployment);
        return std::string();
    };
    std::string modak = script("by_modak");
    CHECK(modak.find("#SBATCH --ntasks-per-node=2\n") != std::string::npos);
    CHECK(modak.find("#SBATCH --cpus-per-task=1\n") != std::string::npos); // 2 cores, 2 ranks
    CHECK(modak.find("rank_env='export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID "
                     "WORLD_SIZE=$SLURM_NTASKS LOCAL_WORLD_SIZE=2 ") != std::string::npos);
    CHECK(modak.find("\nsrun bash -c \"$rank_env; $command\"\n") != std::string::npos);
    CHECK(modak.find("export MASTER_ADDR MASTER_PORT\n") != std::string::npos);
    // Podman starts from an empty environment: the rank ids and the rendezvous are passed in.
    CHECK(
        script("by_modak_in_podman")
            .find("\nsrun podman run --rm --device nvidia.com/gpu=all -e NCCL_DEBUG -e MASTER_ADDR "
                  "-e MASTER_PORT -e SLURM_PROCID -e SLURM_LOCALID -e SLURM_NTASKS -e SLURM_NODEID "
                  "-e SLURM_NNODES ") != std::string::npos);
    // PBS: mpirun starts the ranks and passes the rendezvous and the application's variables on.
    CHECK(
        script("by_modak", "job.pbs.sh")
            .find("\nmpirun -np 4 --map-by ppr:2:node --hostfile \"$PBS_NODEFILE\" -x MASTER_ADDR "
                  "-x MASTER_PORT -x NCCL_DEBUG bash -c \"$rank_env; $command\"\n") !=
        std::string::npos);

    std::string user = script("by_user");
    CHECK(user.find("rank_env") == std::string::npos);
    CHECK(user.find("srun --ntasks-per-node=1 --ntasks=\"$SLURM_NNODES\" bash -c \"$command\"") !=
          std::string::npos);
    std::vector<std::string> warnings;
    for (const auto& d : g->diags.items())
        if (d.code == DiagCode::QuestionableSetting)
            warnings.push_back(d.message);
    REQUIRE(warnings.size() == 2);
    // The plan read the launcher (model::checkLaunch; LaunchCheckTests has the details).
    CHECK(warnings[0].find("`--nproc_per_node=8` starts 8 process(es) per node, but the plan runs "
                           "2 node(s) × 2 rank(s) per node") != std::string::npos);
    CHECK(warnings[1].find("torchrun without `--nnodes` starts on one node only") !=
          std::string::npos);
}

TEST_CASE("a site path with variables expands them on the node and nothing else",
          "[codegen][shell]") {
    // Real bash reads each word, with HOME and SCRATCH set: variables expand, everything else
    // (command substitution, backticks, quotes, other `$` forms) stays literal.
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"$SCRATCH/images", "/s/images"},
        {"${SCRATCH}x/sif", "/sx/sif"},
        {"~/sif", "/h/sif"},
        {"/a/~/b", "/a/~/b"},
        {"$SCRATCHES", ""}, // an unset name: bash's `set -u` would stop the job
        {"/p/$(touch pwned)/`id`/\"q\"/'s'/\\n/$1/${X:-y}/$",
         "/p/$(touch pwned)/`id`/\"q\"/'s'/\\n/$1/${X:-y}/$"},
    };
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / "modak-shell-path-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const auto& [value, expected] : cases) {
        std::vector<std::string> names;
        std::string word = codegen::shellPathWithVariables(value, &names);
        {
            std::ofstream script(dir / "word.sh");
            script << "printf '%s' " << word << " >\"$1\"\n";
        }
        std::string command =
            "cd '" + dir.string() + "' && env -i HOME=/h SCRATCH=/s /bin/bash word.sh out";
        REQUIRE(std::system(command.c_str()) == 0);
        std::ifstream in(dir / "out");
        std::string got((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        INFO(value << " as " << word);
        CHECK(got == expected);
        CHECK_FALSE(fs::exists(dir / "pwned"));
    }
    std::vector<std::string> names;
    codegen::shellPathWithVariables("~/a/${B}/$C_1", &names);
    CHECK(names == std::vector<std::string>{"HOME", "B", "C_1"});
    fs::remove_all(dir);
}

TEST_CASE("mounts: the data set, the storage and `mounts`, each once, parents first, bad ones "
          "located",
          "[codegen][mounts]") {
    std::string text = R"(modak 1
target box {
  scheduler = slurm
  runtime = apptainer
  nodes = 1
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
  storage scratch { path = "/scratch", class = parallel_fs }
}
application app {
  kind = hpc
  container = "docker://example/app:1"
  run = "true"
}
deployment d {
  application = app
  target = box
  storage = "scratch"
  mounts = ["/project/x:/x:ro", "/scratch", "relative", "/a,b", "/p:/q:rx"]
}
)";
    g_text = text;
    auto g = generate(fromText, {"slurm", "k8s"}, "test.modak");
    std::string all = test::report(g->sm, g->diags);
    // Three bad mounts, each a located error at its own element; the good ones are kept.
    CHECK_THAT(all, Catch::Contains("test.modak:18:45: error: mount 'relative' is not"));
    CHECK_THAT(all, Catch::Contains("test.modak:18:57: error: mount '/a,b' is not"));
    CHECK_THAT(all, Catch::Contains("test.modak:18:65: error: mount '/p:/q:rx' is not"));
    std::string slurm, k8s;
    for (const auto& f : g->files["d"]) {
        if (f.path == "job.slurm.sh")
            slurm = f.content;
        if (f.path == "k8s/job.yaml")
            k8s = f.content;
    }
    // The storage's path once (also written in `mounts`), sorted by destination.
    CHECK_THAT(slurm, Catch::Contains("apptainer exec --bind '/scratch:/scratch' --bind "
                                      "'/project/x:/x:ro' \"$image\""));
    // Kubernetes: hostPath volumes, read-only where asked.
    CHECK_THAT(k8s, Catch::Contains("mountPath: /x\n              readOnly: true"));
    CHECK_THAT(k8s, Catch::Contains("hostPath:\n            path: /project/x"));
}
