// SPDX-License-Identifier: Apache-2.0
// A launcher written into `run` read against the plan: located warnings where its counts disagree
// with the chosen scale, and the quick fix that hands the launch back to modak, whose result is a
// clean file modak launches itself.
#include "ModelTest.h"
#include "modak/model/LaunchCheck.h"
#include "modak/model/Plan.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace modak;
using namespace modak::model;

namespace {

/// Two nodes of two V100s each: the scale below fixes the plan at 2 nodes × 2 ranks per node.
std::string deploymentText(const std::string& run, const std::string& distributed = "ddp",
                           const std::string& framework = "pytorch \"2.1\"") {
    return "modak 1\n"
           "target site {\n"
           "  scheduler = slurm\n"
           "  runtime = none\n"
           "  nodes = 2\n"
           "  cpu { arch = x86_64, model = \"Intel Xeon E5-2630 v4\", sockets = 1, cores = 8 }\n"
           "  gpu { model = v100_sxm2, count = 2 }\n"
           "  interconnect = infiniband_edr\n"
           "}\n"
           "application app {\n"
           "  kind = ai_training\n"
           "  framework = " +
           framework +
           "\n"
           "  workload = resnet50\n"
           "  distributed = " +
           distributed +
           "\n"
           "  batch_size = 64\n"
           "  " +
           run +
           "\n"
           "}\n"
           "deployment d {\n"
           "  application = app\n"
           "  target = site\n"
           "  scale { nodes = 2, gpus_per_node = 2 }\n"
           "}\n";
}

struct Planned {
    SourceManager sm;
    Diagnostics diags;
    Program program;
    Plan plan;
    std::string text;

    /// The launch warnings as `modak plan` prints them (and nothing else the plan said).
    std::string launchReport() const {
        Diagnostics launch;
        for (const Diagnostic& d : diags)
            if (d.code == DiagCode::QuestionableSetting)
                launch.items().push_back(d);
        return test::report(sm, launch);
    }
    std::vector<const Diagnostic*> launchWarnings() const {
        std::vector<const Diagnostic*> out;
        for (const Diagnostic& d : diags)
            if (d.code == DiagCode::QuestionableSetting)
                out.push_back(&d);
        return out;
    }
};

std::unique_ptr<Planned> plan(std::string text) {
    auto out = std::make_unique<Planned>();
    out->text = text;
    FileId id = out->sm.addBuffer("test.modak", std::move(text));
    out->program = loadProgram(out->sm, id, out->diags);
    INFO(test::report(out->sm, out->diags));
    REQUIRE_FALSE(out->diags.hasErrors());
    out->plan = planProgram(out->sm, out->program, {}, out->diags);
    REQUIRE(out->plan.deployments.size() == 1);
    REQUIRE(out->plan.deployments[0].chosen);
    CHECK(out->plan.deployments[0].chosen->nodes == 2);
    CHECK(out->plan.deployments[0].chosen->ranksPerNode == 2);
    return out;
}

/// Applies the first warning's quick fix and checks the result: a clean file whose plan leaves the
/// launch to modak (no launcher, no launch warning). Returns the fixed `run` line.
std::string applyLaunchFix(const Planned& p) {
    auto warnings = p.launchWarnings();
    REQUIRE_FALSE(warnings.empty());
    REQUIRE(warnings[0]->fixes.size() == 1);
    const Fix& fix = warnings[0]->fixes[0];
    CHECK(fix.title == "Let modak launch the ranks");
    // Every warning on the same `run` offers the same edit.
    for (const Diagnostic* w : warnings) {
        REQUIRE(w->fixes.size() == 1);
        CHECK(w->fixes[0].edits[0].text == fix.edits[0].text);
    }
    std::string fixed = test::applyFix(p.text, fix);
    auto again = std::make_unique<Planned>();
    FileId id = again->sm.addBuffer("test.modak", fixed);
    again->program = loadProgram(again->sm, id, again->diags);
    INFO(fixed);
    CHECK(test::report(again->sm, again->diags).empty());
    again->plan = planProgram(again->sm, again->program, {}, again->diags);
    REQUIRE(again->plan.deployments.size() == 1);
    CHECK(again->plan.deployments[0].spec->application.launcher.empty());
    CHECK(again->launchReport().empty());
    size_t line = fixed.find("\n  run = ");
    REQUIRE(line != std::string::npos);
    return fixed.substr(line + 3, fixed.find('\n', line + 1) - line - 3);
}

} // namespace

TEST_CASE("launch: torchrun's hard-coded processes per node against the plan", "[launch]") {
    auto p = plan(
        deploymentText(R"(run = "torchrun --nnodes=2 --nproc_per_node=4 train.py --epochs 90")"));
    CHECK(p->launchReport() ==
          "test.modak:16:30: warning: deployment 'd': `--nproc_per_node=4` starts 4 process(es) "
          "per node, but the plan runs 2 node(s) × 2 rank(s) per node [questionable-setting]\n"
          "  run = \"torchrun --nnodes=2 --nproc_per_node=4 train.py --epochs 90\"\n"
          "                             ^~~~~~~~~~~~~~~~~~\n"
          "test.modak:16:9: note: with `run` as the training command alone (`python train.py …`), "
          "modak starts the plan's 4 ranks itself, each with torchrun's variables (RANK, "
          "LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE, NODE_RANK, MASTER_ADDR, MASTER_PORT)\n"
          "  run = \"torchrun --nnodes=2 --nproc_per_node=4 train.py --epochs 90\"\n"
          "        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n");
    CHECK(applyLaunchFix(*p) == R"(run = "python3 train.py --epochs 90")");
}

TEST_CASE("launch: torchrun without --nnodes, or standalone, on a multi-node plan", "[launch]") {
    auto p = plan(deploymentText(R"(run = "torchrun --nproc-per-node=2 train.py")"));
    auto w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->message == "deployment 'd': torchrun without `--nnodes` starts on one node only "
                           "(each node of the job would train alone), but the plan runs 2 "
                           "node(s) × 2 rank(s) per node");
    CHECK(p->launchReport().starts_with("test.modak:16:10: warning:")); // at `torchrun`
    CHECK(applyLaunchFix(*p) == R"(run = "python3 train.py")");

    // `python -m torch.distributed.run` keeps its python; --standalone is one node.
    p = plan(deploymentText(
        R"(run = "python3 -m torch.distributed.run --standalone --nproc_per_node 2 train.py -v")"));
    w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->message == "deployment 'd': `--standalone` keeps torchrun on one node, but the "
                           "plan runs 2 node(s) × 2 rank(s) per node");
    CHECK(p->launchReport().starts_with("test.modak:16:43: warning:"));
    CHECK(applyLaunchFix(*p) == R"(run = "python3 train.py -v")");

    // An elastic range that holds the plan's nodes agrees; one that does not is located.
    CHECK(plan(deploymentText(R"(run = "torchrun --nnodes=1:4 --nproc_per_node=2 t.py")"))
              ->launchReport()
              .empty());
    p = plan(deploymentText(R"(run = "torchrun --nnodes 3:4 --nproc_per_node=gpu t.py")"));
    w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->message == "deployment 'd': `--nnodes 3:4` runs on 3 to 4 node(s), but the plan "
                           "runs 2 node(s) × 2 rank(s) per node");
    // A count modak cannot read (`gpu`, `$GPUS`) is not compared.
    CHECK(plan(deploymentText(R"(run = "torchrun --nnodes=2 --nproc_per_node=$GPUS t.py")"))
              ->launchReport()
              .empty());
}

TEST_CASE("launch: deepspeed keeps its own arguments after the script", "[launch]") {
    auto p = plan(deploymentText(R"(run = "deepspeed --num_gpus=8 --num_nodes 2 train.py )"
                                 R"(--deepspeed --deepspeed_config ds.json")",
                                 "deepspeed"));
    auto w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->message == "deployment 'd': `--num_gpus=8` starts 8 process(es) per node, but "
                           "the plan runs 2 node(s) × 2 rank(s) per node");
    CHECK(p->launchReport().starts_with("test.modak:16:20: warning:"));
    CHECK(applyLaunchFix(*p) ==
          R"(run = "python3 train.py --deepspeed --deepspeed_config ds.json")");
    // A host file names the nodes; neither it nor --num_nodes on two nodes is located.
    CHECK(plan(deploymentText(R"(run = "deepspeed --hostfile hosts train.py")", "deepspeed"))
              ->launchReport()
              .empty());
    p = plan(deploymentText(R"(run = "deepspeed train.py")", "deepspeed"));
    w = p->launchWarnings(); // pointers into p's diagnostics: p must outlive them
    REQUIRE(w.size() == 1);
    CHECK(w[0]->message.find("deepspeed without `--num_nodes` starts on one node only") !=
          std::string::npos);
}

TEST_CASE("launch: MPI launchers count ranks in all and per node", "[launch]") {
    auto p = plan(deploymentText(R"(run = "mpirun -np 8 python3 t.py")", "horovod"));
    auto w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->message == "deployment 'd': `-np 8` starts 8 process(es) in all, but the plan "
                           "runs 2 node(s) × 2 rank(s) per node");
    CHECK(p->launchReport().starts_with("test.modak:16:17: warning:"));
    CHECK(w[0]->notes[0].message ==
          "with `run` as the program alone, modak starts the plan's 4 MPI ranks itself (srun "
          "--mpi=pmix, or mpirun on the job's hosts)");
    CHECK(applyLaunchFix(*p) == R"(run = "python3 t.py")");

    // Open MPI's per-node spellings; options with values are skipped to find the program.
    p = plan(deploymentText(
        R"(run = "mpiexec --mca btl tcp,self -x NCCL_DEBUG --map-by ppr:4:node --bind-to core python3 t.py")",
        "horovod"));
    w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->message.starts_with("deployment 'd': `--map-by ppr:4:node` starts 4 process(es) "
                                    "per node"));
    CHECK(applyLaunchFix(*p) == R"(run = "python3 t.py")");
    CHECK(
        plan(deploymentText(R"(run = "mpirun -n 4 -N 2 --oversubscribe python3 t.py")", "horovod"))
            ->launchReport()
            .empty());

    // srun: -N/--nodes, -n/--ntasks (also attached: -n4), --ntasks-per-node.
    CHECK(plan(deploymentText(R"(run = "srun -N2 -n4 --mpi=pmix python3 t.py")", "horovod"))
              ->launchReport()
              .empty());
    p = plan(
        deploymentText(R"(run = "srun --nodes=1 --ntasks-per-node 4 python3 t.py")", "horovod"));
    w = p->launchWarnings();
    REQUIRE(w.size() == 2);
    CHECK(w[0]->message.starts_with("deployment 'd': `--ntasks-per-node 4` starts 4 process(es) "
                                    "per node"));
    CHECK(w[1]->message.starts_with("deployment 'd': `--nodes=1` runs on 1 node(s)"));
    CHECK(applyLaunchFix(*p) == R"(run = "python3 t.py")");

    // horovodrun on several nodes needs its hosts.
    p = plan(deploymentText(R"(run = "horovodrun -np 4 python train.py")", "horovod"));
    w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->message.starts_with(
        "deployment 'd': horovodrun without `-H` starts on one node only"));
    CHECK(applyLaunchFix(*p) == R"(run = "python train.py")");
    CHECK(plan(deploymentText(R"(run = "horovodrun -np 4 -H a:2,b:2 python train.py")", "horovod"))
              ->launchReport()
              .empty());
}

TEST_CASE("launch: accelerate launch, and options modak does not know", "[launch]") {
    auto p = plan(deploymentText(
        R"(run = "accelerate launch --multi_gpu --num-processes=8 --num_machines 2 train.py")"));
    auto w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->message == "deployment 'd': `--num-processes=8` starts 8 process(es) in all, but "
                           "the plan runs 2 node(s) × 2 rank(s) per node");
    CHECK(applyLaunchFix(*p) == R"(run = "python3 train.py")");
    // An option modak does not know hides where the script starts: the warning stays, the fix goes.
    p = plan(deploymentText(
        R"(run = "accelerate launch --num_processes 8 --some-new-option x train.py")"));
    w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->fixes.empty());
    CHECK(w[0]->notes.back().message == "modak cannot tell where the training command starts in "
                                        "`run`: remove the launcher by hand");
}

TEST_CASE("launch: a strategy modak does not launch per rank keeps its launcher", "[launch]") {
    // `distributed = none` on one node (it cannot run on two): one process; the launcher is the
    // user's business.
    auto out = std::make_unique<Planned>();
    std::string text = deploymentText(R"(run = "torchrun --nproc_per_node=4 t.py")", "none");
    text.replace(text.find("nodes = 2, gpus_per_node = 2"), 28, "nodes = 1, gpus_per_node = 1");
    FileId id = out->sm.addBuffer("test.modak", text);
    out->program = loadProgram(out->sm, id, out->diags);
    REQUIRE_FALSE(out->diags.hasErrors());
    out->plan = planProgram(out->sm, out->program, {}, out->diags);
    auto w = out->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(w[0]->fixes.empty());
    CHECK(w[0]->notes[0].message == "modak does not launch `distributed = none` rank by rank, so "
                                    "it keeps this launcher: make its counts match the plan");
}

TEST_CASE("launch: located through escapes and text blocks, executable is located at its value",
          "[launch]") {
    // An escape before the option moves it in the source, not in the command.
    auto p = plan(deploymentText(
        R"(run = "OMP_NUM_THREADS=\"4\" torchrun --nnodes=2 --nproc_per_node=1 train.py --tag \"x\"")"));
    CHECK(p->launchReport().starts_with("test.modak:16:52: warning: deployment 'd': "
                                        "`--nproc_per_node=1`"));
    CHECK(applyLaunchFix(*p) == R"(run = "OMP_NUM_THREADS=\"4\" python3 train.py --tag \"x\"")");

    p = plan(deploymentText("run = \"\"\"torchrun --nnodes=2 \\\n  --nproc_per_node=8 t.py\"\"\""));
    CHECK(p->launchReport().starts_with("test.modak:17:3: warning: deployment 'd': "
                                        "`--nproc_per_node=8`"));
    std::string fixed = test::applyFix(p->text, p->launchWarnings()[0]->fixes[0]);
    CHECK(fixed.find("run = \"\"\"python3 t.py\"\"\"") != std::string::npos);

    // MODAK's executable and arguments: located at the executable, no fix (two values).
    p = plan(deploymentText(
        "executable = \"torchrun\"\n  arguments = \"--nnodes=2 --nproc_per_node=8 t.py\""));
    auto w = p->launchWarnings();
    REQUIRE(w.size() == 1);
    CHECK(p->launchReport().starts_with("test.modak:16:16: warning: deployment 'd': "
                                        "`--nproc_per_node=8`"));
    CHECK(w[0]->fixes.empty());
}

TEST_CASE("launch: the launcher's options as read", "[launch]") {
    LauncherCall c = readLauncher("OMP_NUM_THREADS=2 torchrun --nnodes=2:4 --nproc-per-node 8 "
                                  "--rdzv_backend c10d -m pkg.train --lr 1 && echo done");
    CHECK(c.understood);
    REQUIRE(c.nodes);
    CHECK(c.nodes->min == 2);
    CHECK(c.nodes->max == 4);
    REQUIRE(c.perNode);
    CHECK(c.perNode->min == 8);
    CHECK(c.perNode->text == "--nproc-per-node 8");
    CHECK(c.training == "OMP_NUM_THREADS=2 python3 -m pkg.train --lr 1 && echo done");
    c = readLauncher("deepspeed --no_python --num_gpus 2 ./run.sh a");
    CHECK(c.training == "./run.sh a");
    c = readLauncher("jsrun -n 4 ./a.out");
    CHECK(c.launcher == "jsrun");
    CHECK_FALSE(c.understood);
    CHECK_FALSE(readLauncher("python3 train.py").understood);
    c = readLauncher("torchrun --nproc_per_node=2");
    CHECK_FALSE(c.training); // no script
}

TEST_CASE("launch: modak check plans only the deployments a plan could contradict, and says what "
          "the whole plan says",
          "[launch]") {
    // One target and five applications: counts that disagree, torchrun without --nnodes on two
    // nodes and on one, no launcher, and an mpirun whose hosts come from the job (no counts).
    std::string text = "modak 1\n"
                       "target site {\n"
                       "  scheduler = slurm\n"
                       "  runtime = none\n"
                       "  nodes = 2\n"
                       "  cpu { arch = x86_64, cores = 8 }\n"
                       "  gpu { model = v100_sxm2, count = 2 }\n"
                       "  interconnect = infiniband_edr\n"
                       "}\n";
    const std::vector<std::pair<std::string, std::string>> runs = {
        {"counts", "torchrun --nnodes=2 --nproc_per_node=4 train.py"},
        {"no_nodes", "torchrun train.py"},
        {"one_node", "torchrun train.py"},
        {"plain", "python train.py"},
        {"hosts", "mpirun -hostfile hosts python train.py"},
    };
    for (const auto& [name, run] : runs)
        text += "application " + name +
                " {\n  kind = ai_training\n  framework = pytorch \"2.1\"\n  workload = resnet50\n"
                "  distributed = ddp\n  batch_size = 64\n  run = \"" +
                run + "\"\n}\ndeployment " + name + "_d {\n  application = " + name +
                "\n  target = site\n  scale { nodes = " + (name == "one_node" ? "1" : "2") +
                ", gpus_per_node = 2 }\n}\n";
    auto loaded = test::load(text);
    INFO(loaded->report());
    REQUIRE_FALSE(loaded->diags.hasErrors());
    SourceManager& sm = loaded->sm;
    const Program& program = loaded->program;

    std::map<std::string, bool> needs;
    for (const Symbol& s : program.symbols)
        if (s.kind == "deployment")
            needs[std::string(s.name)] =
                launchNeedsPlan(lowerDeployment(program, s, Catalogue::builtin()));
    CHECK(needs == std::map<std::string, bool>{{"counts_d", true},
                                               {"no_nodes_d", true},
                                               {"one_node_d", true},
                                               {"plain_d", false},
                                               {"hosts_d", false}});

    Diagnostics whole, planned;
    checkLaunches(planProgram(sm, program, {}, planned), whole);
    Diagnostics each;
    checkProgramLaunches(sm, program, each);
    std::string expected = test::report(sm, whole);
    CHECK(expected.find("deployment 'counts_d': `--nproc_per_node=4`") != std::string::npos);
    CHECK(expected.find("deployment 'no_nodes_d': torchrun without `--nnodes`") !=
          std::string::npos);
    CHECK(expected.find("one_node_d") == std::string::npos);
    CHECK(test::report(sm, each) == expected);
}

TEST_CASE("launch: checks in parts, in any split, say what checking them at once says",
          "[launch]") {
    // Two sites, torchrun without --nnodes: some deployments need a plan, one spans both sites
    // (planned as planProgram plans it, which a part without the source manager cannot do).
    std::string text = "modak 1\n";
    for (const char* site : {"east", "west"})
        text += std::string("target ") + site +
                " {\n  scheduler = slurm\n  runtime = none\n  nodes = 4\n"
                "  cpu { arch = x86_64, cores = 8 }\n  gpu { model = v100_sxm2, count = 2 }\n"
                "  interconnect = infiniband_edr\n}\n";
    text += "application train {\n  kind = ai_training\n  framework = pytorch \"2.1\"\n"
            "  workload = resnet50\n  distributed = ddp\n  batch_size = 64\n"
            "  run = \"torchrun --nproc_per_node=4 train.py\"\n}\n"
            "application plain {\n  kind = ai_training\n  framework = pytorch \"2.1\"\n"
            "  workload = resnet50\n  distributed = ddp\n  batch_size = 64\n"
            "  run = \"python train.py\"\n}\n";
    const std::vector<std::pair<std::string, std::string>> deployments = {
        {"a", "train\n  target = east\n  scale { nodes = 2 }"},
        {"b", "plain\n  target = east"},
        {"c", "train\n  target = [east, west]\n  scale { nodes = 2 }"},
        {"d", "train\n  target = west\n  scale { nodes = 2 }"},
        {"e", "train\n  target = east\n  scale { nodes = 1 }"},
    };
    for (const auto& [name, body] : deployments)
        text += "deployment " + name + " {\n  application = " + body + "\n}\n";
    auto loaded = test::load(text);
    INFO(loaded->report());
    REQUIRE_FALSE(loaded->diags.hasErrors());
    SourceManager& sm = loaded->sm;

    Diagnostics whole;
    checkProgramLaunches(sm, loaded->program, whole);
    const std::string expected = test::report(sm, whole);
    CHECK(expected.find("deployment 'a': `--nproc_per_node=4`") != std::string::npos);
    CHECK(expected.find("deployment 'c'") != std::string::npos);
    CHECK(expected.find("deployment 'b'") == std::string::npos);

    ProgramLaunchChecks checks(sm, loaded->program);
    REQUIRE(checks.size() == deployments.size());
    // Every split into two parts, each part checked without the source manager where it can be.
    for (size_t cut = 0; cut <= checks.size(); ++cut) {
        Diagnostics parts;
        for (auto [begin, end] : {std::pair{size_t{0}, cut}, std::pair{cut, checks.size()}}) {
            const bool hasC = begin <= 2 && 2 < end;
            Diagnostics part;
            CHECK(checks.check(begin, end, part) == !hasC);
            if (hasC) {
                CHECK(part.empty());
                checks.check(sm, begin, end, part);
            }
            parts.append(std::move(part));
        }
        INFO("cut " << cut);
        CHECK(test::report(sm, parts) == expected);
    }
}

namespace {

/// One application, target and deployment, all named `name`, with the planner inputs given; the
/// launcher names no nodes, so the warning says the plan's scale.
struct Triple {
    std::string targetNodes = "4", gpu = "a100_sxm4_40gb", gpus = "4",
                interconnect = "infiniband_hdr";
    std::string workload = "resnet50", batch = "256", scale = "1..4", minEfficiency = "0.5";
    std::string walltime = "48h", precision = "mixed", extra = "";
    std::string text(const std::string& name) const {
        return "application " + name +
               "_app {\n  kind = ai_training\n  framework = pytorch \"2.1\"\n"
               "  workload = " +
               workload + "\n  dataset { path = \"/scratch/" + name +
               "\", samples = 1_281_167 }\n  batch_size = " + batch +
               "\n  epochs = 90\n"
               "  precision = " +
               precision +
               "\n  distributed = ddp\n"
               "  run = \"torchrun train.py\"\n}\n"
               "target " +
               name +
               "_site {\n  scheduler = slurm\n  runtime = apptainer\n  nodes = " + targetNodes +
               "\n  interconnect = " + interconnect +
               "\n  cpu { arch = x86_64, cores = 64 }\n  gpu { model = " + gpu +
               ", count = " + gpus +
               " }\n  storage scratch { path = \"/scratch\", class = parallel_fs }\n}\n"
               "// " +
               name + "\ndeployment " + name + " {\n  application = " + name +
               "_app\n  target = " + name + "_site\n  scale { nodes = " + scale +
               ", min_efficiency = " + minEfficiency + " }\n  job { walltime = " + walltime +
               ", email = \"ml@example.org\" }\n" + extra + "}\n";
    }
};

} // namespace

TEST_CASE("Deployments that differ only in names share a plan, any planner input tells them apart",
          "[launch]") {
    // Each variant changes one planner input of the base; `renamed` changes only names, the
    // dataset's path, a comment and where the blocks are.
    Triple base;
    std::vector<std::pair<std::string, Triple>> variants = {{"base", base}, {"renamed_copy", base}};
    auto vary = [&](const std::string& name, auto change) {
        Triple t = base;
        change(t);
        variants.emplace_back(name, t);
    };
    vary("target_nodes", [](Triple& t) { t.targetNodes = "8"; });
    vary("gpu_model", [](Triple& t) { t.gpu = "v100_sxm2"; });
    vary("gpu_count", [](Triple& t) { t.gpus = "2"; });
    vary("interconnect", [](Triple& t) { t.interconnect = "ethernet_10g"; });
    vary("workload", [](Triple& t) { t.workload = "vgg16"; });
    vary("batch", [](Triple& t) { t.batch = "32"; });
    vary("scale", [](Triple& t) { t.scale = "1..2"; });
    vary("efficiency", [](Triple& t) { t.minEfficiency = "0.97"; });
    vary("walltime", [](Triple& t) { t.walltime = "1h"; });
    vary("precision", [](Triple& t) { t.precision = "fp32"; });
    vary("gpus_per_node", [](Triple& t) { t.scale = "1..4, gpus_per_node = 2"; });
    vary("runtime", [](Triple& t) { t.extra = "  runtime = none\n"; });
    std::string text = "modak 1\n";
    for (const auto& [name, t] : variants)
        text += t.text(name) + "\n";
    auto loaded = test::load(text);
    INFO(loaded->report());
    REQUIRE_FALSE(loaded->diags.hasErrors());
    SourceManager& sm = loaded->sm;
    const Program& program = loaded->program;

    std::map<std::string, Deployment> views;
    for (const Symbol& s : program.symbols)
        if (s.kind == "deployment")
            views[std::string(s.name)] =
                plannerView(lowerDeployment(program, s, Catalogue::builtin()));
    REQUIRE(views.size() == variants.size());
    CHECK(views["renamed_copy"] == views["base"]);
    // An HPC plan reads the application's tag (its name unless written): names matter there.
    auto asHpc = [&](std::string_view name) {
        for (const Symbol& s : program.symbols)
            if (s.kind == "deployment" && s.name == name) {
                Deployment d = lowerDeployment(program, s, Catalogue::builtin());
                d.application.kind = "hpc";
                return plannerView(d);
            }
        return Deployment{};
    };
    CHECK_FALSE(asHpc("renamed_copy") == asHpc("base"));
    for (const auto& [name, view] : views)
        if (name != "base" && name != "renamed_copy") {
            INFO(name);
            CHECK_FALSE(view == views["base"]);
        }

    // Sharing changes nothing: each deployment planned alone says exactly the same, and the
    // variants do plan differently (else the comparison would prove little).
    Diagnostics whole, planned, shared;
    checkLaunches(planProgram(sm, program, {}, planned), whole);
    checkProgramLaunches(sm, program, shared);
    std::string expected = test::report(sm, whole);
    CHECK(test::report(sm, shared) == expected);
    std::set<std::string> scales;
    for (const Diagnostic& d : whole) {
        size_t at = d.message.find("but the plan runs ");
        if (at != std::string::npos)
            scales.insert(d.message.substr(at));
    }
    INFO(expected);
    CHECK(scales.size() >= 3);
}
