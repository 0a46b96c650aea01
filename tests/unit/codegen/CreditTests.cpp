// SPDX-License-Identifier: Apache-2.0
// Every speed-up the plan credits is applied by the artefacts: for every example and cloud input,
// every emitter that starts the application (job scripts of every scheduler, the plain script,
// Kubernetes manifests, Terraform modules, TOSCA templates) carries the environment that switches
// on the graph compiler the plan chose (the image's `compiler_env`) and the image's tuned
// environment (thread pinning, allocator settings) its measured speed assumed. A compiler whose
// switch is the application's own code (JAX's XLA, or one the deployment names explicitly) has no
// switch to carry.
#include "ModelTest.h"
#include "modak/codegen/Generate.h"
#include "modak/model/Plan.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

using namespace modak;
namespace fs = std::filesystem;

namespace {

/// The artefacts that start the application, by emitter.
bool startsTheApplication(const std::string& path) {
    const std::string name = fs::path(path).filename().string();
    return (name.starts_with("job") && name.ends_with(".sh")) ||
           (path.starts_with("k8s/") && path.ends_with(".yaml")) || path == "terraform/main.tf" ||
           (path.starts_with("tosca/") && path.ends_with(".yaml") &&
            !path.ends_with("modak-types.yaml")); // the type library, not the job
}

std::string emitterOf(const std::string& path) {
    if (path.starts_with("k8s/"))
        return "k8s";
    if (path.starts_with("terraform/"))
        return "terraform";
    if (path.starts_with("tosca/"))
        return "tosca";
    return path; // job.<scheduler>.sh, job.sh
}

} // namespace

TEST_CASE("every graph compiler the plan credits is switched on by every emitter",
          "[codegen][credit]") {
    std::vector<fs::path> inputs;
    for (const char* dir : {"examples", "tests/data/cloud"})
        for (const auto& e : fs::directory_iterator(fs::path(MODAK_SOURCE_DIR) / dir))
            if (e.path().extension() == ".modak")
                inputs.push_back(e.path());
    std::sort(inputs.begin(), inputs.end());
    const std::vector<std::string> emits = {"slurm",  "pbs", "torque",    "lsf",  "flux",
                                            "script", "k8s", "terraform", "tosca"};
    int credited = 0, checked = 0;
    std::set<std::string> emitters;
    for (const auto& input : inputs) {
        {
            INFO(input.filename().string());
            SourceManager sm;
            Diagnostics diags;
            std::string error;
            auto id = sm.readFile(input, error);
            REQUIRE(id);
            model::Program program = model::loadProgram(sm, *id, diags);
            model::Plan plan = model::planProgram(sm, program, {}, diags);
            codegen::GenerateOptions options;
            options.emit = emits;
            options.version = "test";
            for (const auto& d : plan.deployments) {
                if (!d.chosen || !d.chosen->image)
                    continue;
                // What the plan's prediction of this image assumed: its tuned environment
                // (unless the application sets a variable itself) and its compiler's switch.
                model::EnvList env;
                for (const auto& variable : d.chosen->image->env)
                    if (std::none_of(d.spec->application.env.begin(), d.spec->application.env.end(),
                                     [&](const auto& a) { return a.first == variable.first; }))
                        env.push_back(variable);
                if (auto c = d.chosen->image->compilerEnv.find(d.chosen->graphCompiler);
                    c != d.chosen->image->compilerEnv.end()) {
                    env.insert(env.end(), c->second.begin(), c->second.end());
                    ++credited;
                }
                if (env.empty())
                    continue; // nothing to switch on, or the application's own code does (JAX)
                const model::Symbol* sym = nullptr;
                for (const auto& s : program.symbols)
                    if (s.kind == "deployment" && s.name == d.name && s.file == *id)
                        sym = &s;
                REQUIRE(sym);
                Diagnostics ignored; // emits a target cannot take are warnings
                auto files = codegen::generateDeployment(sm, program, *sym, d, options, ignored);
                for (const auto& f : files) {
                    if (!startsTheApplication(f.path))
                        continue;
                    INFO(input.filename().string() << ": " << d.name << " " << f.path << " ("
                                                   << d.chosen->graphCompiler << ")");
                    emitters.insert(emitterOf(f.path));
                    for (const auto& [name, value] : env) {
                        ++checked;
                        CHECK_THAT(f.content, Catch::Contains(name) && Catch::Contains(value));
                    }
                }
            }
        }
    }
    // The examples do credit compilers, through every kind of emitter (not a vacuous pass).
    CHECK(credited > 0);
    CHECK(checked > 0);
    for (const char* e : {"job.slurm.sh", "job.pbs.sh", "job.sh", "k8s", "terraform", "tosca"})
        CHECK(emitters.count(e));
}
