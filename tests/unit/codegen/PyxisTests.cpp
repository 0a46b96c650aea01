// SPDX-License-Identifier: Apache-2.0
// pyxis/enroot on Slurm: golden job scripts of tests/codegen/pyxis/job.modak (MODAK_UPDATE_GOLDEN=1
// rewrites tests/golden/pyxis/; tests/codegen/pyxis-standin.sh runs them), the registry reference
// enroot reads, and the refusal of pyxis under any other scheduler.
#include "ModelTest.h"
#include "modak/codegen/Generate.h"
#include "modak/model/Plan.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>

using namespace modak;
namespace fs = std::filesystem;

namespace {

/// Every deployment's Slurm job script of `text`, by deployment.
std::map<std::string, std::string> slurmScripts(std::string text) {
    auto loaded = test::load(std::move(text), {}, "job.modak");
    INFO(loaded->report());
    REQUIRE_FALSE(loaded->diags.hasErrors());
    model::Plan plan = model::planProgram(loaded->sm, loaded->program, {}, loaded->diags);
    codegen::GenerateOptions options;
    options.emit = {"slurm"};
    options.sourceName = "tests/codegen/pyxis/job.modak";
    options.version = "test";
    std::map<std::string, std::string> out;
    for (const auto& d : plan.deployments)
        for (const auto& sym : loaded->program.symbols)
            if (sym.kind == "deployment" && sym.name == d.name)
                for (const auto& f : codegen::generateDeployment(loaded->sm, loaded->program, sym,
                                                                 d, options, loaded->diags))
                    if (f.path == "job.slurm.sh")
                        out[d.name] = f.content;
    INFO(loaded->report());
    CHECK_FALSE(loaded->diags.hasErrors());
    return out;
}

/// The line of `script` that starts with `prefix`.
std::string lineStarting(const std::string& script, std::string_view prefix) {
    for (size_t at = 0; at < script.size();) {
        size_t end = script.find('\n', at);
        std::string line = script.substr(at, end - at);
        if (line.starts_with(prefix))
            return line;
        at = end == std::string::npos ? script.size() : end + 1;
    }
    return {};
}

} // namespace

TEST_CASE("golden: tests/golden/pyxis (srun runs every launch in the container)",
          "[codegen][golden][pyxis]") {
    const fs::path source = fs::path(MODAK_SOURCE_DIR) / "tests/codegen/pyxis/job.modak";
    auto scripts = slurmScripts(test::readFile(source.string()));
    REQUIRE(scripts.size() == 4);
    for (const auto& [deployment, text] : scripts) {
        fs::path expected =
            fs::path(MODAK_TEST_DATA_DIR) / "golden" / "pyxis" / deployment / "job.slurm.sh";
        INFO(expected.string());
        CHECK(text == test::goldenText(expected, text));
        // One srun, whatever the launch: pyxis's options join the launcher's, never a second srun.
        std::string run = lineStarting(text, "srun ");
        CHECK(run.find("--container-image=\"$image\"") != std::string::npos);
        CHECK(run.find("srun", 1) == std::string::npos);
    }
    CHECK(lineStarting(scripts["mpi"], "srun ").starts_with("srun --mpi=pmix --container-image="));
    CHECK(lineStarting(scripts["two_ranks"], "srun ")
              .find(",'/datasets/mnist:/datasets/mnist:ro' ") != std::string::npos);
}

TEST_CASE("pyxis: enroot's registry references", "[codegen][pyxis]") {
    auto importOf = [](std::string reference) {
        auto scripts = slurmScripts(R"(modak 1
target c {
  scheduler = slurm
  runtime = pyxis
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
}
application a {
  kind = hpc
  container = ")" + reference + R"("
  run = "true"
}
deployment d {
  application = a
  target = c
}
)");
        return lineStarting(scripts["d"], "  enroot import ");
    };
    // A registry host is separated by `#`; Docker Hub names and its library images stay as written.
    CHECK(importOf("docker://nvcr.io/nvidia/pytorch:23.10-py3") ==
          "  enroot import --output \"$image\" 'docker://nvcr.io#nvidia/pytorch:23.10-py3'");
    CHECK(importOf("localhost:5000/team/app:1") ==
          "  enroot import --output \"$image\" 'docker://localhost:5000#team/app:1'");
    CHECK(importOf("localhost/app") ==
          "  enroot import --output \"$image\" 'docker://localhost#app'");
    CHECK(importOf("docker://pytorch/pytorch:2.1.0") ==
          "  enroot import --output \"$image\" 'docker://pytorch/pytorch:2.1.0'");
    CHECK(importOf("ubuntu:22.04") ==
          "  enroot import --output \"$image\" 'docker://ubuntu:22.04'");
}

TEST_CASE("pyxis runs only under Slurm", "[model][sema][pyxis]") {
    const std::string text = R"(modak 1
target pbs_site {
  scheduler = pbs
  runtime = pyxis
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
}
target plain {
  scheduler = none
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
}
target slurm_site {
  scheduler = slurm
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
}
application a {
  kind = hpc
  container = "docker://ubuntu:22.04"
  run = "true"
}
deployment on_plain {
  application = a
  target = plain
  runtime = pyxis
}
deployment on_slurm {
  application = a
  target = slurm_site
  runtime = pyxis
  emit = [slurm, pbs, script, k8s]
}
)";
    auto loaded = test::load(text);
    std::string report = loaded->report();
    INFO(report);
    size_t errors = 0;
    for (const Diagnostic& d : loaded->diags)
        if (d.code == DiagCode::IncompatibleCombination) {
            ++errors;
            CHECK(d.severity == Severity::Error);
        }
    CHECK(errors == 4);
    // Another scheduler's script, or the plain one, would run srun's options without Slurm.
    CHECK(report.find("test.modak:29:18: error: 'pbs' output runs the job without Slurm, which "
                      "runtime 'pyxis' needs") != std::string::npos);
    CHECK(report.find("test.modak:29:23: error: 'script' output runs the job without Slurm") !=
          std::string::npos);
    // At the runtime's value, with the target's scheduler as a note where the target names one.
    CHECK(report.find("test.modak:4:13: error: runtime 'pyxis' runs only under scheduler 'slurm' "
                      "(it is part of its launcher); target 'pbs_site' uses 'pbs'") !=
          std::string::npos);
    CHECK(report.find("test.modak:3:15: note: target 'pbs_site' sets its scheduler here") !=
          std::string::npos);
    CHECK(report.find("test.modak:23:13: error: runtime 'pyxis' runs only under scheduler "
                      "'slurm' (it is part of its launcher); target 'plain' uses 'none'") !=
          std::string::npos);
}
