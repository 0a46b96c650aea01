// SPDX-License-Identifier: Apache-2.0
// The optimiser on the real examples: the choices the paper's evidence calls for, constraints
// honoured, and located diagnostics when no candidate is possible.
#include "ModelTest.h"
#include "modak/model/Plan.h"
#include "modak/model/Report.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace modak;
using namespace modak::model;

namespace {

using test::Planned;

std::unique_ptr<Planned> planExample(const std::string& name) {
    return test::planSourceFile("examples/" + name);
}

std::unique_ptr<Planned> planText(std::string text) {
    auto out = std::make_unique<Planned>();
    FileId id = out->sm.addBuffer("test.modak", std::move(text));
    out->program = loadProgram(out->sm, id, out->diags);
    INFO(test::report(out->sm, out->diags));
    REQUIRE_FALSE(out->diags.hasErrors());
    out->plan = planProgram(out->sm, out->program, {}, out->diags);
    return out;
}

const char* kTarget = R"(modak 1
target cluster {
  scheduler = slurm
  runtime = apptainer
  nodes = 16
  cpu { arch = x86_64, model = "AMD EPYC 7742", sockets = 2, cores = 128 }
  gpu { model = a100_sxm4_40gb, count = 4 }
  interconnect = infiniband_hdr
}
application train {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  precision = mixed
  batch_size = 256
  dataset { samples = 1_281_167 }
}
)";

} // namespace

TEST_CASE("every example is planned: each deployment gets a choice and no errors",
          "[plan][examples]") {
    for (const char* name :
         {"mnist_tensorflow_1_14.modak", "mnist_tensorflow_2_1.modak", "mnist_pytorch_1_4.modak",
          "resnet50_tensorflow_2_1_gtx1080ti.modak", "resnet50_pytorch_gtx1080ti.modak",
          "pytorch_ddp_a100.modak", "mpi_solver.modak"}) {
        INFO(name);
        auto p = planExample(name);
        CHECK_FALSE(p->diags.hasErrors());
        REQUIRE_FALSE(p->plan.deployments.empty());
        for (const auto& d : p->plan.deployments) {
            INFO(d.name);
            REQUIRE(d.chosen);
            REQUIRE(d.chosen->predicted);
            CHECK(d.chosen->predicted->throughput > 0);
            CHECK(d.chosen->rejectedBecause.empty());
            for (const auto& a : d.alternatives)
                CHECK_FALSE(a.rejectedBecause.empty());
        }
    }
}

TEST_CASE("a search's lists, kept for the thread's next plan, carry nothing into it",
          "[plan][examples]") {
    // Each example planned after the others and again in the reverse order: the same plan.
    const std::vector<std::string> names{"mnist_tensorflow_1_14.modak",
                                         "mnist_tensorflow_2_1.modak",
                                         "mnist_pytorch_1_4.modak",
                                         "resnet50_tensorflow_2_1_gtx1080ti.modak",
                                         "resnet50_pytorch_gtx1080ti.modak",
                                         "pytorch_ddp_a100.modak",
                                         "mpi_solver.modak"};
    std::map<std::string, std::string> first;
    for (const auto& name : names)
        first[name] = renderPlanJson(planExample(name)->plan, name, "test");
    for (auto it = names.rbegin(); it != names.rend(); ++it) {
        INFO(*it);
        CHECK(renderPlanJson(planExample(*it)->plan, *it, "test") == first[*it]);
    }
}

TEST_CASE("MNIST on the CPU: the model picks the source build and no XLA (HPEC 2020)",
          "[plan][paper]") {
    auto tf = planExample("mnist_tensorflow_2_1.modak");
    const auto& cloud = tf->at("mnist_tf21_cloud"); // build = auto, graph_compiler = auto
    REQUIRE(cloud.chosen);
    CHECK(cloud.chosen->build == "source");
    CHECK(cloud.chosen->graphCompiler == "none");
    bool xlaRejected = false;
    for (const auto& a : cloud.alternatives)
        xlaRejected = xlaRejected || (a.graphCompiler == "xla" && !a.rejectedBecause.empty());
    CHECK(xlaRejected);

    auto pt = planExample("mnist_pytorch_1_4.modak");
    const auto& tuned = pt->at("mnist_pt14_tuned");
    REQUIRE(tuned.chosen);
    CHECK(tuned.chosen->build == "source");
    CHECK(tuned.chosen->graphCompiler == "none");

    auto tf114 = planExample("mnist_tensorflow_1_14.modak");
    const auto& ngraph = tf114->at("mnist_tf114_ngraph");
    REQUIRE(ngraph.chosen);
    CHECK(ngraph.chosen->graphCompiler == "ngraph");
    CHECK(ngraph.chosen->predicted->throughput >
          tf114->at("mnist_tf114_source").chosen->predicted->throughput);
    CHECK(tf114->at("mnist_tf114_xla").chosen->predicted->throughput <
          tf114->at("mnist_tf114_source").chosen->predicted->throughput);
}

TEST_CASE("ResNet-50 on the GTX 1080 Ti: the source build with XLA is the fastest arm",
          "[plan][paper]") {
    auto p = planExample("resnet50_tensorflow_2_1_gtx1080ti.modak");
    double hub = p->at("resnet50_tf21_hub").chosen->predicted->throughput;
    double hubXla = p->at("resnet50_tf21_hub_xla").chosen->predicted->throughput;
    double srcXla = p->at("resnet50_tf21_source_xla").chosen->predicted->throughput;
    CHECK(hubXla > hub);
    CHECK(srcXla > hubXla);
    CHECK(p->at("resnet50_tf21_source_xla").chosen->build == "source");
}

TEST_CASE("multi-node DDP: the largest node count that keeps the minimum efficiency",
          "[plan][scaling]") {
    auto p = planExample("pytorch_ddp_a100.modak");
    const auto& vit = p->at("vit_ddp_a100");
    REQUIRE(vit.chosen);
    CHECK(vit.chosen->graphCompiler == "inductor");
    CHECK(vit.chosen->gpusPerNode == 4);
    CHECK(vit.chosen->predicted->efficiency >= 0.7);
    for (const auto& a : vit.alternatives)
        if (a.predicted && a.nodes > vit.chosen->nodes && a.imageName == vit.chosen->imageName &&
            a.graphCompiler == vit.chosen->graphCompiler)
            CHECK_THAT(a.rejectedBecause, Catch::Contains("efficiency"));
    CHECK_FALSE(vit.curves.empty());
    CHECK(vit.curves.front().points.size() >= 3);
}

TEST_CASE("MPI: the Amdahl scaler keeps the requested scale", "[plan][hpc]") {
    auto p = planExample("mpi_solver.modak");
    const auto& cfd = p->at("cfd_on_slurm");
    REQUIRE(cfd.chosen);
    CHECK(cfd.chosen->nodes == 4);
    CHECK(cfd.chosen->ranksPerNode == 16);
    CHECK(cfd.chosen->predicted->efficiency < 1.0);
}

TEST_CASE("impossible constraints give a located no-candidate error with the reasons",
          "[plan][bad-input]") {
    auto p = planText(std::string(kTarget) + R"(
deployment greedy {
  application = train
  target = cluster
  scale { nodes = 2..8, gpus_per_node = 4, min_efficiency = 0.9999 }
}
)");
    const auto& d = p->at("greedy");
    CHECK_FALSE(d.chosen);
    std::string report = test::report(p->sm, p->diags);
    CHECK_THAT(
        report,
        Catch::Contains(
            "test.modak:19:12: error: deployment 'greedy': no candidate meets the constraints"));
    CHECK_THAT(report, Catch::Contains("[no-candidate]"));
    CHECK_THAT(report, Catch::Contains("efficiency"));
}

TEST_CASE("a framework version no image holds is a no-candidate error, not a crash",
          "[plan][bad-input]") {
    std::string text = kTarget;
    text.replace(text.find("pytorch \"2.1\""), 13, "pytorch \"0.1\"");
    auto p = planText(text + "deployment old {\n  application = train\n  target = cluster\n}\n");
    CHECK_FALSE(p->at("old").chosen);
    CHECK_THAT(test::report(p->sm, p->diags),
               Catch::Contains("no image in the catalogue holds pytorch \"0.1\""));
}

TEST_CASE("a batch that does not fit in GPU memory is rejected with the numbers",
          "[plan][memory]") {
    std::string text = kTarget;
    text.replace(text.find("batch_size = 256"), 16, "batch_size = 4096");
    auto p = planText(text + "deployment big {\n  application = train\n  target = cluster\n}\n");
    CHECK_FALSE(p->at("big").chosen);
    CHECK_THAT(test::report(p->sm, p->diags), Catch::Contains("GiB per GPU at batch 4096"));
}

TEST_CASE("plan JSON and text are deterministic", "[plan][render]") {
    auto a = planExample("pytorch_ddp_a100.modak");
    auto b = planExample("pytorch_ddp_a100.modak");
    CHECK(renderPlanJson(a->plan, "f", "0") == renderPlanJson(b->plan, "f", "0"));
    CHECK(renderPlanText(a->plan) == renderPlanText(b->plan));
    CHECK_THAT(renderPlanJson(a->plan, "f", "0"),
               !Catch::Contains("nan") && !Catch::Contains("inf"));
}

TEST_CASE("without a workload the image is still chosen, as MODAK did, with a warning",
          "[plan][modak]") {
    // MODAK's F1 fixture (tf_resnet.json) after `modak import`: TensorFlow 2.1, a source build with
    // XLA on NVIDIA GPU nodes of an unnamed model. MODAK mapped it to tensorflow-2.1-gpu-src.
    auto p = planText(R"(modak 1
application resnet {
  kind = ai_training
  framework = tensorflow "2.1"
  executable = "./resnet_benchmark.sh"
}
target testbed {
  scheduler = torque
  runtime = singularity
  cpu { arch = x86_64 }
  accelerator = nvidia
}
deployment resnet {
  application = resnet
  target = testbed
  build = source
  graph_compiler = xla
  job { name = "resnet", walltime = 12h, nodes = 1, tasks_per_node = 40, gpus = 1 }
}
)");
    const auto& d = p->at("resnet");
    REQUIRE(d.chosen);
    CHECK(d.chosen->reference == "docker://modakopt/modak:tensorflow-2.1-gpu-src");
    CHECK(d.chosen->graphCompiler == "xla");
    CHECK(d.chosen->gpusPerNode == 1);
    CHECK_FALSE(d.chosen->predicted);
    CHECK_FALSE(p->diags.hasErrors());
    CHECK_THAT(test::report(p->sm, p->diags), Catch::Contains("[prediction-unavailable]"));
    // The renderings cope with a plan without predictions.
    CHECK_THAT(renderPlanText(p->plan), Catch::Contains("(no workload)"));
    CHECK_THAT(renderPlanHtml(p->plan, "f", "0"), Catch::Contains("no workload"));
}

TEST_CASE("the HTML report is self-contained, escaped and deterministic", "[plan][render]") {
    auto p = planExample("pytorch_ddp_a100.modak");
    Plan plan = p->plan;
    REQUIRE(plan.deployments.size() == 2);
    plan.deployments[1].name = "<script>alert('x')</script>&\"";
    plan.deployments[1].chosen.reset(); // a deployment without a plan
    std::string html = renderPlanHtml(plan, "a<b>.modak", "0.1");
    CHECK(html.starts_with("<!doctype html>"));
    CHECK_THAT(html, Catch::Contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;"));
    CHECK_THAT(html, !Catch::Contains("<script>"));
    CHECK_THAT(html, Catch::Contains("a&lt;b&gt;.modak"));
    CHECK_THAT(html, Catch::Contains("No plan:"));
    CHECK_THAT(html, !Catch::Contains("http://") && !Catch::Contains("https://") &&
                         !Catch::Contains("nan") && !Catch::Contains("inf\""));
    // Three charts for the planned deployment: epoch time, efficiency, step breakdown.
    size_t svgs = 0, closes = 0;
    for (size_t at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1))
        ++svgs;
    for (size_t at = html.find("</svg>"); at != std::string::npos; at = html.find("</svg>", at + 1))
        ++closes;
    CHECK(svgs == 3);
    CHECK(closes == svgs);
    // One polyline per curve and chart, with one point per predicted configuration.
    const auto& curves = plan.deployments[0].curves;
    REQUIRE_FALSE(curves.empty());
    std::string polyline = html.substr(html.find("<polyline"));
    polyline = polyline.substr(0, polyline.find("/>"));
    CHECK(static_cast<size_t>(std::count(polyline.begin(), polyline.end(), ',')) ==
          curves.front().points.size());
    CHECK(renderPlanHtml(plan, "a<b>.modak", "0.1") == html);
}

TEST_CASE("the plan decides the processes per node with its prediction", "[plan][launch]") {
    // The same CPU node (2 sockets) trained by ddp with one rank per socket (the default), with 4
    // ranks, and by a single process; and with GPUs, one rank per GPU.
    std::string cpuTarget = R"(modak 1
target cpus {
  scheduler = slurm
  runtime = none
  nodes = 4
  cpu { arch = x86_64, model = "AMD EPYC 7742", sockets = 2, cores = 64 }
  interconnect = infiniband_hdr
}
application ddp {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = ddp
  batch_size = 64
}
application single {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = none
  batch_size = 64
}
deployment per_socket { application = ddp, target = cpus, scale { nodes = 2 } }
deployment four_ranks { application = ddp, target = cpus, scale { nodes = 2, tasks_per_node = 4 } }
deployment one_process { application = single, target = cpus, scale { nodes = 1 } }
)";
    auto p = planText(cpuTarget);
    const auto& perSocket = p->at("per_socket");
    const auto& four = p->at("four_ranks");
    REQUIRE(perSocket.chosen);
    REQUIRE(four.chosen);
    REQUIRE(p->at("one_process").chosen);
    CHECK(perSocket.chosen->ranksPerNode == 2);
    CHECK(four.chosen->ranksPerNode == 4);
    CHECK(p->at("one_process").chosen->ranksPerNode == 1);
    CHECK_FALSE(four.chosen->amdahl);
    // Four ranks share the node's two sockets: each computes about half as fast as a per-socket
    // rank, so the node's throughput stays of the same order (not twice as high).
    double ratio = four.chosen->predicted->throughput / perSocket.chosen->predicted->throughput;
    CHECK(ratio > 0.7);
    CHECK(ratio < 1.3);
    CHECK(four.chosen->predicted->devices == 8);
    // With GPUs: DDP one rank per GPU; no strategy named, one process driving the node's GPUs.
    auto gpu = planText(std::string(kTarget) +
                        "application ddp_train { kind = ai_training, framework = pytorch \"2.1\", "
                        "workload = resnet50, distributed = ddp, batch_size = 256 }\n"
                        "deployment g { application = ddp_train, target = cluster, scale { nodes = "
                        "2, gpus_per_node = 4 } }\n"
                        "deployment h { application = train, target = cluster, scale { nodes = 1, "
                        "gpus_per_node = 4 } }\n");
    REQUIRE(gpu->at("g").chosen);
    REQUIRE(gpu->at("h").chosen);
    CHECK(gpu->at("g").chosen->ranksPerNode == 4);
    CHECK(gpu->at("h").chosen->ranksPerNode == 1);
}

TEST_CASE("a graph compiler the artefacts cannot switch on is credited only when named",
          "[plan][launch]") {
    // torch.compile is called in the code: no image switches inductor on from outside.
    auto p = planText(std::string(kTarget) +
                      "deployment automatic { application = train, target = cluster, "
                      "graph_compiler = auto }\n"
                      "deployment named { application = train, target = cluster, "
                      "graph_compiler = inductor }\n");
    const auto& automatic = p->at("automatic");
    const auto& named = p->at("named");
    REQUIRE(automatic.chosen);
    REQUIRE(named.chosen);
    CHECK(automatic.chosen->graphCompiler == "none");
    for (const auto& a : automatic.alternatives)
        CHECK(a.graphCompiler != "inductor");
    auto mentions = [](const DeploymentPlan& plan, std::string_view text) {
        return std::any_of(plan.explanation.begin(), plan.explanation.end(),
                           [&](const std::string& e) { return e.find(text) != std::string::npos; });
    };
    CHECK(mentions(automatic, "inductor not credited"));
    CHECK(named.chosen->graphCompiler == "inductor");
    CHECK(mentions(named, "inductor credited on the deployment's word"));
}

TEST_CASE("runtime = none: the host's framework, no image", "[plan][launch]") {
    std::string text = kTarget;
    text.replace(text.find("runtime = apptainer"), 19, "runtime = none");
    auto p = planText(text + "deployment host { application = train, target = cluster }\n");
    const auto& host = p->at("host");
    REQUIRE(host.chosen);
    CHECK(host.chosen->build == model::kHostBuild);
    CHECK(host.chosen->reference.empty());
    CHECK(host.chosen->imageName.empty());
    CHECK(model::candidateName(*host.chosen) == "host pytorch 2.1");
    CHECK(host.chosen->predicted);
    for (const auto& a : host.alternatives)
        CHECK(a.build == model::kHostBuild); // no catalogue image is an alternative either
    CHECK_THAT(host.explanation.front(), Catch::Contains("runtime = none: the host's pytorch 2.1"));
}

TEST_CASE("strategies: sharded state, its traffic, the processes per node and `auto`",
          "[plan][strategies]") {
    std::string apps;
    for (const char* s : {"ddp", "fsdp", "deepspeed", "auto"})
        apps += fmt::format("application t_{0} {{ kind = ai_training, framework = pytorch \"2.1\", "
                            "workload = gpt2_medium, distributed = {0}, batch_size = 2 }}\n"
                            "deployment d_{0} {{ application = t_{0}, target = cluster, scale {{ "
                            "nodes = 2, gpus_per_node = 4 }} }}\n",
                            s);
    apps += "application t_jax { kind = ai_training, framework = jax \"0.4\", workload = resnet50, "
            "distributed = jax, batch_size = 64 }\n"
            "deployment d_jax { application = t_jax, target = cluster, scale { nodes = 2, "
            "gpus_per_node = 4 } }\n";
    auto p = planText(std::string(kTarget) + apps);
    auto predicted = [&](std::string_view name) -> const Prediction& {
        const auto& d = p->at(name);
        REQUIRE(d.chosen);
        REQUIRE(d.chosen->predicted);
        return *d.chosen->predicted;
    };
    const Prediction &ddp = predicted("d_ddp"), &fsdp = predicted("d_fsdp"),
                     &zero2 = predicted("d_deepspeed");
    // 8 devices: FSDP keeps 16/8 B of state a parameter, ZeRO-2 4 + 12/8, DDP all 16.
    CHECK(fsdp.memoryPerDeviceBytes < zero2.memoryPerDeviceBytes);
    CHECK(zero2.memoryPerDeviceBytes < ddp.memoryPerDeviceBytes);
    const double perParameter =
        (ddp.memoryPerDeviceBytes - fsdp.memoryPerDeviceBytes) / (16.0 - 16.0 / 8);
    CHECK(zero2.memoryPerDeviceBytes ==
          Approx(ddp.memoryPerDeviceBytes - perParameter * (12.0 - 12.0 / 8)).epsilon(1e-9));
    // FSDP gathers weights as well: more traffic, said in the factors.
    CHECK(fsdp.step.communication >= ddp.step.communication);
    CHECK(std::any_of(fsdp.factors.begin(), fsdp.factors.end(),
                      [](const std::string& f) { return f.find("×1.5") != std::string::npos; }));
    // One process per GPU for the torch strategies (and `auto`, which is DDP for PyTorch); one per
    // node for JAX, which drives the node's GPUs itself.
    for (const char* name : {"d_ddp", "d_fsdp", "d_deepspeed", "d_auto"})
        CHECK(p->at(name).chosen->ranksPerNode == 4);
    REQUIRE(p->at("d_jax").chosen);
    CHECK(p->at("d_jax").chosen->ranksPerNode == 1);
    CHECK(p->at("d_auto").spec->application.distributed == "ddp");
    CHECK(p->at("d_auto").spec->application.distributedAuto);
}

namespace {

/// examples/mpi_solver.modak with its `scale` line replaced (and, for a range of nodes, the job's
/// node and task counts, which would fix the choice, removed), loaded beside the example (so its
/// import resolves) and planned with `calibration` (nullptr: the built-in one).
std::unique_ptr<Planned> planMpiSolver(std::string_view scale,
                                       const Calibration* calibration = nullptr) {
    auto out = std::make_unique<Planned>();
    const std::string dir = std::string(MODAK_SOURCE_DIR) + "/examples/";
    std::string text = test::readFile(dir + "mpi_solver.modak");
    const std::string was = "scale { nodes = 4, tasks_per_node = 16, threads = 8 }";
    REQUIRE(text.find(was) != std::string::npos);
    text.replace(text.find(was), was.size(), scale);
    if (scale.find("..") != std::string_view::npos)
        for (std::string_view fixed : {"    nodes = 4\n", "    tasks = 64\n"}) {
            REQUIRE(text.find(fixed) != std::string::npos);
            text.erase(text.find(fixed), fixed.size());
        }
    FileId id = out->sm.addBuffer(dir + "mpi_solver_test.modak", std::move(text));
    out->program = loadProgram(out->sm, id, out->diags);
    INFO(test::report(out->sm, out->diags));
    REQUIRE_FALSE(out->diags.hasErrors());
    PlanOptions options;
    options.calibration = calibration;
    out->plan = planProgram(out->sm, out->program, options, out->diags);
    return out;
}

/// The first error of `diags` (the plan's one error for a deployment it cannot plan), or nullptr.
const Diagnostic* firstError(const Diagnostics& diags) {
    for (const Diagnostic& d : diags)
        if (d.severity >= Severity::Error)
            return &d;
    return nullptr;
}

/// Amdahl's efficiency of `ranks` with parallel fraction `f`.
double amdahlEfficiency(double f, int ranks) {
    return 1 / (ranks * (1 - f) + f);
}

} // namespace

TEST_CASE("MPI: min_efficiency rejects rank counts below it, the default F is said to be assumed",
          "[plan][hpc]") {
    const double f = Calibration::builtin().amdahlParallelFraction;
    REQUIRE(Calibration::builtin().amdahlByApp.count("cfd_solver") == 0);
    // 16 ranks a node on 1..4 nodes: the counts whose Amdahl efficiency reaches 0.5 stay.
    auto p = planMpiSolver("scale { nodes = 1..4, tasks_per_node = 16, min_efficiency = 0.5 }");
    const auto& d = p->at("cfd_on_slurm");
    REQUIRE(d.chosen);
    CHECK(d.chosen->predicted->efficiency >= 0.5);
    int most = 0;
    for (int n = 1; n <= 4; ++n)
        if (amdahlEfficiency(f, 16 * n) >= 0.5)
            most = n;
    REQUIRE(most >= 1);
    CHECK(d.chosen->nodes == most);
    for (const auto& a : d.alternatives)
        if (a.nodes > most)
            CHECK_THAT(a.rejectedBecause, Catch::Contains("is below the minimum 0.5"));
    // Where F came from, and that it is an assumption: said in the plan and warned, as it decided.
    std::string explained;
    for (const auto& e : d.explanation)
        explained += e + "\n";
    CHECK_THAT(explained, Catch::Contains(fmt::format(
                              "F = {:.3f} is the default parallel fraction, an assumption", f)));
    std::string report = test::report(p->sm, p->diags);
    CHECK_THAT(report, Catch::Contains("[assumed-default]"));
    CHECK_THAT(report, Catch::Contains("the minimum efficiency 0.5 (scale.min_efficiency) is "
                                       "checked with an assumed parallel fraction"));
}

TEST_CASE("MPI: no rank count reaching min_efficiency is a located no-candidate error with the "
          "best one",
          "[plan][hpc][bad-input]") {
    const double f = Calibration::builtin().amdahlParallelFraction;
    auto p = planMpiSolver("scale { nodes = 4, tasks_per_node = 16, min_efficiency = 0.5 }");
    CHECK_FALSE(p->at("cfd_on_slurm").chosen);
    const Diagnostic* error = test::firstWith(p->diags, DiagCode::NoCandidate);
    REQUIRE(error);
    // 64 ranks; Amdahl keeps 0.5 up to (1/0.5 − F) / (1 − F) ranks.
    const int most = static_cast<int>(std::floor((2 - f) / (1 - f) + 1e-9));
    CHECK_THAT(error->message,
               Catch::Contains(
                   fmt::format("parallel efficiency {:.2f} at 64 ranks is below the minimum 0.5 "
                               "(scale.min_efficiency); with F = {:.3f} at most {} ranks reach it",
                               amdahlEfficiency(f, 64), f, most)));
    CHECK_THAT(error->message, Catch::Contains(fmt::format(
                                   "the best efficiency of any candidate is {:.2f}, at 64 ranks",
                                   amdahlEfficiency(f, 64))));
    CHECK_THAT(test::report(p->sm, p->diags),
               Catch::Contains("mpi_solver_test.modak:36:12: error"));
}

TEST_CASE("MPI: a fitted parallel fraction is named as fitted and warns of nothing",
          "[plan][hpc]") {
    Calibration cal = Calibration::builtin();
    cal.amdahlByApp["cfd_solver"] = 0.99;
    auto p =
        planMpiSolver("scale { nodes = 1..4, tasks_per_node = 16, min_efficiency = 0.5 }", &cal);
    const auto& d = p->at("cfd_on_slurm");
    REQUIRE(d.chosen);
    // F = 0.99 keeps 0.5 up to 101 ranks: all four nodes (64 ranks).
    CHECK(d.chosen->nodes == 4);
    CHECK(std::any_of(d.explanation.begin(), d.explanation.end(), [](const std::string& e) {
        return e.find("F = 0.990, the parallel fraction fitted for 'cfd_solver'") !=
               std::string::npos;
    }));
    CHECK_FALSE(test::firstWith(p->diags, DiagCode::AssumedDefault));
}

TEST_CASE("no-candidate leads with the reason of the nearest candidates, each reason once",
          "[plan][bad-input][memory]") {
    // The 2.1 images include CPU ones (incompatible with the GPU target) and GPU ones that do not
    // fit 40 GiB at batch 4096: memory decides, not the CPU images.
    std::string text = kTarget;
    text.replace(text.find("batch_size = 256"), 16, "batch_size = 4096");
    auto p = planText(text + "deployment big {\n  application = train\n  target = cluster\n}\n");
    const auto& d = p->at("big");
    CHECK_FALSE(d.chosen);
    REQUIRE(std::any_of(d.alternatives.begin(), d.alternatives.end(), [](const Candidate& c) {
        return c.rejection == Candidate::Rejection::Compatibility;
    }));
    const Diagnostic* error = firstError(p->diags); // no-candidate (or does-not-fit)
    REQUIRE(error);
    CHECK_THAT(error->message,
               Catch::Contains("GiB per GPU at batch 4096, the a100_sxm4_40gb has"));
    std::set<std::string> notes;
    bool compatibilitySeen = false;
    for (const auto& n : error->notes) {
        CHECK(notes.insert(n.message).second);                      // each reason once
        CHECK(error->message.find(n.message) == std::string::npos); // not the message again
        // Notes nearest first: no memory reason after an incompatible image's.
        const bool memory = n.message.find("GiB per GPU") != std::string::npos;
        if (!memory)
            compatibilitySeen = true;
        CHECK_FALSE((memory && compatibilitySeen));
    }
}

TEST_CASE("a framework version no image holds: the nearest versions and the `image` block",
          "[plan][bad-input]") {
    std::vector<std::string> versions; // the catalogue's PyTorch versions, oldest first
    for (const auto& img : Catalogue::builtin().images)
        if (img.framework && img.framework->name == "pytorch" &&
            img.framework->version != "latest" &&
            std::find(versions.begin(), versions.end(), img.framework->version) == versions.end())
            versions.push_back(img.framework->version);
    std::sort(versions.begin(), versions.end(),
              [](const auto& a, const auto& b) { return compareVersions(a, b) < 0; });
    REQUIRE(versions.size() >= 2);
    std::string text = kTarget;
    text.replace(text.find("pytorch \"2.1\""), 13, "pytorch \"0.1\"");
    auto p = planText(text + "deployment old {\n  application = train\n  target = cluster\n}\n");
    const Diagnostic* error = test::firstWith(p->diags, DiagCode::NoCandidate);
    REQUIRE(error);
    CHECK_THAT(error->message,
               Catch::Contains(fmt::format("the nearest it has: pytorch \"{}\", pytorch \"{}\")",
                                           versions[0], versions[1])));
    CHECK_THAT(error->message, Catch::Contains("an `image NAME { reference = \"…\", framework = "
                                               "pytorch \"0.1\" }` block names one that does"));
    // As it says: an image block holding it makes a plan.
    auto fixed = planText(text + R"(image torch_0_1 {
  reference = "docker://registry.example.org/torch:0.1"
  framework = pytorch "0.1"
  arch = x86_64
  accelerator = nvidia
}
deployment old {
  application = train
  target = cluster
  image = torch_0_1
}
)");
    REQUIRE(fixed->at("old").chosen);
    CHECK(fixed->at("old").chosen->imageName == "torch_0_1");
}

TEST_CASE("a custom workload states its activations, catalogue-file workloads can be named",
          "[plan][workload]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / fmt::format("modak-plan-{}", ::getpid());
    fs::create_directories(dir);
    std::ofstream(dir / "site.json") << test::readFile(std::string(MODAK_TEST_DATA_DIR) +
                                                       "/golden/sema/catalogue_workload.json");
    auto planFile = [&](const std::string& body) {
        auto out = std::make_unique<Planned>();
        std::ofstream(dir / "test.modak") << std::string(kTarget) + body;
        std::string error;
        auto id = out->sm.readFile(dir / "test.modak", error);
        REQUIRE(id);
        out->program = loadProgram(out->sm, *id, out->diags);
        INFO(test::report(out->sm, out->diags));
        REQUIRE_FALSE(out->diags.hasErrors());
        out->plan = planProgram(out->sm, out->program, {}, out->diags);
        return out;
    };
    // Named as `workload = site_unet`: Sema accepts it and the plan predicts with its figures.
    auto site = planFile("catalog = \"site.json\"\n"
                         "application unet { kind = ai_training, framework = pytorch \"2.1\", "
                         "workload = site_unet, batch_size = 4 }\n"
                         "deployment unet { application = unet, target = cluster, scale { nodes = "
                         "1, gpus_per_node = 1 } }\n");
    REQUIRE(site->at("unet").chosen);
    CHECK(site->at("unet").workload == "site_unet");
    // activations_per_sample is the model's, not an estimate from the FLOPs.
    auto custom = [&](std::string_view activations) {
        return planFile(fmt::format(
            "workload det {{ kind = cnn, flops_per_sample = 1.2e10, parameters = 25_000_000{} }}\n"
            "application a {{ kind = ai_training, framework = pytorch \"2.1\", workload = det, "
            "batch_size = 32 }}\n"
            "deployment d {{ application = a, target = cluster, scale {{ nodes = 1, "
            "gpus_per_node = 1 }} }}\n",
            activations));
    };
    auto stated = custom(", activations_per_sample = 9e7");
    auto estimated = custom("");
    const Prediction& s = *stated->at("d").chosen->predicted;
    const Prediction& e = *estimated->at("d").chosen->predicted;
    auto estimatedFactor = [](const Prediction& p) {
        return std::any_of(p.factors.begin(), p.factors.end(), [](const std::string& f) {
            return f.find("activations estimated") != std::string::npos;
        });
    };
    CHECK_FALSE(estimatedFactor(s));
    CHECK(estimatedFactor(e));
    CHECK(s.memoryPerDeviceBytes > e.memoryPerDeviceBytes); // 9e7 > 1.2e10 / 1000
    fs::remove_all(dir);
}

TEST_CASE("plan and predict agree on what fits: the batch predict names plans, one more does not",
          "[plan][memory]") {
    auto planBatch = [](int batch) {
        std::string text = kTarget;
        text.replace(text.find("batch_size = 256"), 16, fmt::format("batch_size = {}", batch));
        return planText(text + "deployment one {\n  application = train\n  target = cluster\n"
                               "  scale { nodes = 1, gpus_per_node = 1 }\n}\n");
    };
    auto big = planBatch(4096);
    REQUIRE_FALSE(big->at("one").chosen);
    const auto& alternatives = big->at("one").alternatives;
    auto memory = std::find_if(alternatives.begin(), alternatives.end(), [](const Candidate& c) {
        return c.rejection == Candidate::Rejection::Memory;
    });
    REQUIRE(memory != alternatives.end());
    // `modak predict`'s check and search, on the scenario the plan rejected.
    REQUIRE(memory->predicted);
    CHECK_FALSE(fitsInMemory(memory->scenario, *memory->predicted));
    auto fits = largestBatchThatFits(memory->scenario, Calibration::builtin());
    REQUIRE(fits);
    REQUIRE(*fits < 4096);
    CHECK(planBatch(*fits)->at("one").chosen);
    auto over = planBatch(*fits + 1);
    CHECK_FALSE(over->at("one").chosen);
    CHECK(std::any_of(
        over->at("one").alternatives.begin(), over->at("one").alternatives.end(),
        [](const Candidate& c) { return c.rejection == Candidate::Rejection::Memory; }));
}

TEST_CASE("network_ports: a target's ports carry each GPU's shard between nodes",
          "[plan][network-ports]") {
    const std::string deployment =
        "deployment d { application = train, target = cluster, scale { nodes = 4, gpus_per_node "
        "= 4 } }\n";
    std::string withPorts = kTarget;
    const std::string line = "  interconnect = infiniband_hdr\n";
    withPorts.replace(withPorts.find(line), line.size(), line + "  network_ports = 4\n");
    auto one = planText(std::string(kTarget) + deployment);
    auto four = planText(withPorts + deployment);
    const auto& a = one->at("d");
    const auto& b = four->at("d");
    REQUIRE((a.chosen && b.chosen && a.chosen->predicted && b.chosen->predicted));
    REQUIRE((a.spec && b.spec));
    CHECK_FALSE(a.spec->target.networkPorts);
    CHECK(b.spec->target.networkPorts == 4);
    auto portLine = [](const Prediction& p) {
        return test::factorStartingWith(p, "gradient all-reduce between nodes on");
    };
    CHECK(portLine(*a.chosen->predicted).empty());
    CHECK_THAT(portLine(*b.chosen->predicted),
               Catch::StartsWith("gradient all-reduce between nodes on 4 ports of infiniband_hdr"));
    CHECK(b.chosen->predicted->throughput >= a.chosen->predicted->throughput);

    // An instance type of the catalogue states its ports; the target's own key wins.
    const std::string cloud = R"(target aws {
  scheduler = slurm
  cloud = aws
  instance_type = "p5.48xlarge"
}
deployment c { application = train, target = aws, scale { nodes = 2 } }
)";
    auto p5 = planText(std::string(kTarget) + cloud);
    REQUIRE(p5->at("c").spec);
    CHECK(p5->at("c").spec->target.networkPorts == 8);
    std::string own = cloud;
    own.replace(own.find("  cloud = aws\n"), 14, "  cloud = aws\n  network_ports = 2\n");
    auto p5own = planText(std::string(kTarget) + own);
    REQUIRE(p5own->at("c").spec);
    CHECK(p5own->at("c").spec->target.networkPorts == 2);
}

TEST_CASE("network_ports is checked: a whole number of ports, 1 to 64", "[plan][network-ports]") {
    std::string text = kTarget;
    const std::string line = "  interconnect = infiniband_hdr\n";
    for (const char* bad : {"0", "65", "\"8\"", "1.5"}) {
        CAPTURE(bad);
        std::string t = text;
        t.replace(t.find(line), line.size(), line + "  network_ports = " + bad + "\n");
        std::string report = test::check(t);
        CHECK_THAT(report, Catch::Contains("error"));
        CHECK_THAT(report, Catch::Contains("network_ports"));
    }
    std::string ok = text;
    ok.replace(ok.find(line), line.size(), line + "  network_ports = 8\n");
    CHECK(test::check(ok).empty());
}

TEST_CASE("a plan keeping few alternatives keeps the first of those a plan keeping all keeps",
          "[plan]") {
    // Candidates of every kind: feasible ones (several images, compilers and scales), ones the
    // walltime rejects (the small scales) and ones the efficiency minimum rejects (the large).
    std::string text = std::string(kTarget) + R"(
application long_train {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  precision = mixed
  batch_size = 256
  epochs = 300
  dataset { samples = 1_281_167 }
}
deployment d {
  application = long_train
  target = cluster
  build = auto
  scale { nodes = 1..16, min_efficiency = 0.92 }
  job { walltime = 12h }
}
)";
    auto planWith = [&](size_t keep) {
        auto out = std::make_unique<Planned>();
        FileId id = out->sm.addBuffer("test.modak", text);
        out->program = loadProgram(out->sm, id, out->diags);
        REQUIRE_FALSE(out->diags.hasErrors());
        PlanOptions options;
        options.maxAlternatives = keep;
        out->plan = planProgram(out->sm, out->program, options, out->diags);
        REQUIRE(out->plan.deployments.size() == 1);
        REQUIRE(out->plan.deployments[0].chosen);
        return out;
    };
    auto all = planWith(100000);
    const DeploymentPlan& whole = all->plan.deployments[0];
    std::set<Candidate::Rejection> kinds;
    size_t feasible = 0;
    for (const auto& a : whole.alternatives) {
        kinds.insert(a.rejection);
        feasible += a.rejection == Candidate::Rejection::Configuration && a.predicted;
    }
    CHECK(kinds.count(Candidate::Rejection::Walltime));
    CHECK(kinds.count(Candidate::Rejection::Efficiency));
    REQUIRE(whole.alternatives.size() > 30);
    // Feasible ones first (compared with the chosen one), then the rejected by image, compiler
    // and scale.
    size_t first = 0;
    while (first < whole.alternatives.size() &&
           whole.alternatives[first].rejectedBecause.find("chosen") != std::string::npos)
        ++first;
    CHECK(first == feasible);
    CHECK(std::is_sorted(whole.alternatives.begin() + static_cast<std::ptrdiff_t>(first),
                         whole.alternatives.end(), [](const Candidate& a, const Candidate& b) {
                             return std::tie(a.imageName, a.graphCompiler, a.nodes, a.gpusPerNode) <
                                    std::tie(b.imageName, b.graphCompiler, b.nodes, b.gpusPerNode);
                         }));
    for (size_t keep :
         {size_t{0}, size_t{1}, size_t{5}, feasible / 2, whole.alternatives.size() - 3,
          whole.alternatives.size(), whole.alternatives.size() + 5}) {
        INFO("keep " << keep);
        auto few = planWith(keep);
        const DeploymentPlan& kept = few->plan.deployments[0];
        REQUIRE(kept.alternatives.size() == std::min(keep, whole.alternatives.size()));
        for (size_t i = 0; i < kept.alternatives.size(); ++i) {
            const Candidate& a = kept.alternatives[i];
            const Candidate& b = whole.alternatives[i];
            INFO(i);
            CHECK(a.imageName == b.imageName);
            CHECK(a.graphCompiler == b.graphCompiler);
            CHECK(a.nodes == b.nodes);
            CHECK(a.gpusPerNode == b.gpusPerNode);
            CHECK(a.rejectedBecause == b.rejectedBecause);
            CHECK(a.rejection == b.rejection);
        }
        // The scaling charts come from all feasible candidates, kept or not.
        REQUIRE(kept.curves.size() == whole.curves.size());
        for (size_t i = 0; i < kept.curves.size(); ++i) {
            CHECK(kept.curves[i].label == whole.curves[i].label);
            CHECK(kept.curves[i].points.size() == whole.curves[i].points.size());
        }
        CHECK(kept.chosen->imageName == whole.chosen->imageName);
        CHECK(kept.chosen->nodes == whole.chosen->nodes);
        CHECK(few->diags.size() == all->diags.size());
    }
}

TEST_CASE("an efficiency below the minimum reads below it, with the decimals that takes",
          "[plan][bad-input]") {
    // ResNet-50 on 4 A100s a node: one node's efficiency is 0.95 to two decimals but below it.
    std::string text = std::string(kTarget) + R"(
deployment d {
  application = train
  target = cluster
  build = auto
  scale { nodes = 1..16, min_efficiency = 0.95 }
}
)";
    auto p = planText(text);
    const Diagnostic* error = test::firstWith(p->diags, DiagCode::NoCandidate);
    REQUIRE(error);
    std::vector<std::string> texts{error->message};
    for (const auto& note : error->notes)
        texts.push_back(note.message);
    int numbers = 0;
    for (const std::string& t : texts) {
        INFO(t);
        for (std::string_view lead :
             {"parallel efficiency ", "best efficiency of any candidate is "})
            for (size_t at = t.find(lead); at != std::string::npos; at = t.find(lead, at + 1)) {
                const double shown = std::strtod(t.c_str() + at + lead.size(), nullptr);
                CHECK(shown > 0);
                CHECK(shown < 0.95);
                ++numbers;
            }
    }
    CHECK(numbers >= 3);
    CHECK_THAT(error->message, Catch::Contains("parallel efficiency 0.9")); // still short
}

TEST_CASE("a CPU model the catalogue does not know is added with generic figures") {
    // The program's catalogue reads only the CPUs a target names a model for (modelledCpus).
    SourceManager sm;
    Diagnostics diags;
    FileId id = sm.addBuffer("cpus.modak", R"(modak 1
target a {
  scheduler = slurm
  cpu { arch = aarch64, model = "Made-up CPU 9", sockets = 2, cores = 64 }
  partition big { default = true, cpu { model = "Made-up CPU 10", cores = 16 } }
}
target b {
  scheduler = slurm
  cpu { arch = x86_64, cores = 32 }
}
)");
    Program program = loadProgram(sm, id, diags);
    INFO(test::report(sm, diags));
    REQUIRE_FALSE(diags.hasErrors());
    const Catalogue before = Catalogue::builtin();
    Catalogue cat = programCatalogue(sm, program, {}, diags);
    CHECK(cat.cpus.size() == before.cpus.size() + 2);
    const Cpu* nine = cat.cpu("Made-up CPU 9");
    REQUIRE(nine);
    CHECK(nine->cores == 32); // per socket
    CHECK(nine->arch == "aarch64");
    CHECK(nine->doc.find("not in the hardware catalogue") != std::string::npos);
    const Cpu* ten = cat.cpu("Made-up CPU 10");
    REQUIRE(ten);
    CHECK(ten->cores == 16);
    CHECK(ten->arch == "x86_64");
}
