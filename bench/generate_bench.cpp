// SPDX-License-Identifier: Apache-2.0
// `modak generate` for 1 000 deployments (target: all formats in under 1 s on one core): plan +
// generate in process, and generation alone from a plan.
#include "modak/codegen/Generate.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"

#include <benchmark/benchmark.h>
#include <fmt/format.h>

namespace {

std::string thousandDeployments() {
    std::string text = R"(modak 1
target gpu_cluster {
  scheduler = slurm
  runtime = apptainer
  nodes = 32
  cpu { arch = x86_64, model = "AMD EPYC 7742", sockets = 2, cores = 128 }
  gpu { model = a100_sxm4_40gb, count = 4 }
  interconnect = infiniband_hdr
  modules = ["apptainer/1.1.9", "cuda/11.8"]
  image_dir = "/project/containers"
}
target cpu_cluster {
  scheduler = torque
  runtime = singularity
  nodes = 8
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 2, cores = 20 }
  interconnect = infiniband_edr
}
target openstack_vms {
  scheduler = none
  cloud = openstack
  runtime = docker
  nodes = 4
  cpu { arch = x86_64, model = "Intel Xeon Gold 6230", cores = 16 }
  accelerator = none
  flavor = "m1.xlarge"
  image = "ubuntu-22.04"
  network = "private"
}
target kube {
  scheduler = kubernetes
  runtime = docker
  nodes = 8
  cpu { arch = x86_64, model = "AMD EPYC 7742", sockets = 2, cores = 128 }
  gpu { model = a100_sxm4_40gb, count = 4 }
  interconnect = ethernet_100g
  namespace = "ml"
}
application resnet { kind = ai_training, framework = pytorch "2.1", workload = resnet50, batch_size = 256,
  precision = mixed, distributed = ddp, run = "torchrun train.py", env { NCCL_DEBUG = "WARN" } }
application mnist { kind = ai_training, framework = tensorflow "2.1", workload = mnist_cnn, batch_size = 128,
  threads = 20, run = "python3 mnist.py" }
application solver { kind = hpc, type = mpi, mpi = openmpi "4.1", ranks = 64, run = "./solver",
  build { src = "https://git.example.org/solver.git", command = "make -j" } }
)";
    for (int i = 0; i < 1000; ++i) {
        switch (i % 5) {
        case 0:
            text += fmt::format(
                "deployment resnet_{} {{ application = resnet, target = gpu_cluster, build = hub, "
                "graph_compiler = inductor, scale {{ nodes = 2, gpus_per_node = 4 }}, "
                "job {{ walltime = 4h, notify = [end] }} }}\n",
                i);
            break;
        case 1:
            text += fmt::format(
                "deployment mnist_{} {{ application = mnist, target = cpu_cluster, build = source, "
                "graph_compiler = none, job {{ walltime = 1h }} }}\n",
                i);
            break;
        case 2:
            text +=
                fmt::format("deployment solver_{} {{ application = solver, target = cpu_cluster, "
                            "scale {{ nodes = 4, tasks_per_node = 16 }} }}\n",
                            i);
            break;
        case 3:
            text += fmt::format("deployment mnist_vm_{} {{ application = mnist, target = "
                                "openstack_vms, build = hub, "
                                "graph_compiler = none }}\n",
                                i);
            break;
        default:
            text += fmt::format(
                "deployment resnet_k8s_{} {{ application = resnet, target = kube, build = hub, "
                "graph_compiler = inductor, scale {{ nodes = 2, gpus_per_node = 4 }} }}\n",
                i);
        }
    }
    return text;
}

/// Every kind this version generates (kinds a target cannot take are warnings, not files).
const std::vector<std::string>& kAll = modak::codegen::supportedEmits();

void generateAll(const modak::SourceManager& sm, const modak::model::Program& program,
                 const modak::model::Plan& plan, benchmark::State& state) {
    modak::codegen::GenerateOptions options;
    options.emit = kAll;
    size_t bytes = 0;
    for (const auto& d : plan.deployments)
        for (const auto& sym : program.symbols)
            if (sym.kind == "deployment" && sym.name == d.name) {
                modak::Diagnostics diags;
                for (const auto& f :
                     modak::codegen::generateDeployment(sm, program, sym, d, options, diags))
                    bytes += f.content.size();
                break;
            }
    state.counters["bytes"] = static_cast<double>(bytes);
}

void BM_PlanAndGenerate1000(benchmark::State& state) {
    const std::string text = thousandDeployments();
    for (auto _ : state) {
        modak::SourceManager sm;
        modak::Diagnostics diags;
        auto id = sm.addBuffer("bench.modak", text);
        auto program = modak::model::loadProgram(sm, id, diags);
        auto plan = modak::model::planProgram(sm, program, {}, diags);
        if (diags.hasErrors() || plan.deployments.size() != 1000) {
            for (const auto& d : diags)
                if (d.severity >= modak::Severity::Error)
                    fmt::print(stderr, "{}\n", d.message);
            fmt::print(stderr, "{} deployments planned\n", plan.deployments.size());
            state.SkipWithError("the benchmark file does not plan cleanly");
            break;
        }
        generateAll(sm, program, plan, state);
    }
}
BENCHMARK(BM_PlanAndGenerate1000)->Unit(benchmark::kMillisecond);

void BM_Generate1000(benchmark::State& state) {
    const std::string text = thousandDeployments();
    modak::SourceManager sm;
    modak::Diagnostics diags;
    auto id = sm.addBuffer("bench.modak", text);
    auto program = modak::model::loadProgram(sm, id, diags);
    auto plan = modak::model::planProgram(sm, program, {}, diags);
    for (auto _ : state)
        generateAll(sm, program, plan, state);
}
BENCHMARK(BM_Generate1000)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
