// SPDX-License-Identifier: Apache-2.0
#include "modak/codegen/Generate.h"

#include "ContainerBuild.h"
#include "Context.h"
#include "JobScripts.h"
#include "Kubernetes.h"
#include "Launchers.h"
#include "Recipes.h"
#include "Terraform.h"
#include "Tosca.h"
#include "modak/codegen/Shell.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::codegen {
namespace {

/// A string that goes into a scheduler directive, or "" with an error when the directive parser
/// would misread it.
std::string directiveValue(const model::Located<std::string>& v, std::string_view key,
                           bool allowSpaces, Diagnostics& diags) {
    if (!v.present)
        return {};
    if (!directiveSafe(v.value, allowSpaces)) {
        diags.add(DiagCode::UnsafeValue, v.range,
                  fmt::format("'{}' cannot be written into a batch directive: it contains {}", key,
                              allowSpaces ? "a line break, a quote or '#'"
                                          : "blanks, a line break, a quote or '#'"));
        return {};
    }
    return v.value;
}

void addEnv(JobSpec& spec, const std::string& name, const std::string& value) {
    auto it = std::find_if(spec.env.begin(), spec.env.end(),
                           [&](const auto& e) { return e.first == name; });
    if (it != spec.env.end())
        it->second = value; // later sources (the application) override earlier ones (the image)
    else
        spec.env.emplace_back(name, value);
}

/// The host paths a container or pod must see: the data set's path (read-only), the chosen
/// storage's, and the deployment's `mounts` (`SRC`, `SRC:DST`, `SRC:DST:ro|rw`), each once per
/// destination. Paths must be absolute and free of `,` and `:` (the runtimes' separators) and of
/// control characters; others are located errors.
std::vector<JobSpec::Mount> mountsOf(const model::Deployment& d, Diagnostics& diags) {
    std::vector<JobSpec::Mount> out;
    auto plainPath = [](std::string_view p) {
        return p.starts_with('/') && std::none_of(p.begin(), p.end(), [](char c) {
                   return c == ',' || c == ':' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
               });
    };
    auto add = [&](JobSpec::Mount m) {
        if (std::none_of(out.begin(), out.end(),
                         [&](const JobSpec::Mount& o) { return o.target == m.target; }))
            out.push_back(std::move(m));
    };
    const auto& dataset = d.application.dataset.path;
    // A relative data set path is in the job's folder, which every runtime mounts already.
    if (dataset.present && dataset.value.starts_with('/')) {
        if (plainPath(dataset.value))
            add({dataset.value, dataset.value, true});
        else
            diags.add(DiagCode::UnsafeValue, dataset.range,
                      "the data set's path cannot be mounted: it contains ',', ':' or a control "
                      "character");
    }
    if (plainPath(d.storagePath))
        add({d.storagePath, d.storagePath, false});
    for (const auto& m : d.mounts) {
        std::vector<std::string> parts;
        for (size_t from = 0;;) {
            size_t colon = m.value.find(':', from);
            parts.push_back(m.value.substr(from, colon - from));
            if (colon == std::string::npos)
                break;
            from = colon + 1;
        }
        bool ok = parts.size() <= 3 && plainPath(parts[0]) &&
                  (parts.size() < 2 || plainPath(parts[1])) &&
                  (parts.size() < 3 || parts[2] == "ro" || parts[2] == "rw");
        if (!ok) {
            diags.add(
                DiagCode::UnsafeValue, m.range,
                fmt::format("mount '{}' is not `SRC`, `SRC:DST` or `SRC:DST:ro` with absolute "
                            "paths free of ',' and control characters",
                            m.value));
            continue;
        }
        add({parts[0], parts.size() > 1 ? parts[1] : parts[0],
             parts.size() > 2 && parts[2] == "ro"});
    }
    // A folder before what is inside it: mounted the other way round, the outer mount would hide
    // the inner one.
    std::stable_sort(out.begin(), out.end(), [](const JobSpec::Mount& a, const JobSpec::Mount& b) {
        return a.target < b.target;
    });
    return out;
}

/// Who starts the ranks. Data-parallel PyTorch whose `run` starts the training script itself is
/// launched by modak: one rank per GPU (else the scale's tasks per node) on every node of the
/// plan, each with torchrun's variables, so a standard DDP script runs unchanged. A launcher the
/// user wrote is kept (the plan checked it against its choice: model::checkLaunch).
void launchFromPlan(const model::Deployment& d, const model::Candidate* chosen, JobSpec& s) {
    const model::Application& app = d.application;
    s.strategy = model::findStrategy(app.distributed);
    const model::StrategyInfo* strategy = s.strategy;
    if (app.kind != "ai_training" || !strategy)
        return;
    // JAX and TensorFlow's multi-worker training run one process a node, each with its
    // framework's variables (the coordinator, TF_CONFIG) besides torchrun's.
    if ((strategy->launch == model::StrategyLaunch::JaxProcesses ||
         strategy->launch == model::StrategyLaunch::TfWorkers) &&
        s.nodes > 1 && app.launcher.empty()) {
        s.ranksPerNode = 1;
        s.tasksPerNode = 1;
        return;
    }
    if (strategy->launch != model::StrategyLaunch::TorchRanks)
        return;
    // The plan decided the ranks per node with its prediction; without one (a plan made by hand),
    // one per GPU, else the scale's tasks per node.
    const int perNode = chosen && chosen->ranksPerNode > 0 ? chosen->ranksPerNode
                        : s.gpusPerNode > 0                ? s.gpusPerNode
                                                           : std::max(1, s.tasksPerNode);
    if (app.launcher.empty()) {
        s.ranksPerNode = perNode;
        s.tasksPerNode = perNode;
    }
}

} // namespace

JobSpec readJobSpec(const model::DeploymentPlan& plan, const GenerateOptions& options,
                    Diagnostics& diags) {
    JobSpec s;
    const model::Deployment& d = *plan.spec;
    const model::Application& app = d.application;
    const model::Target& target = d.target;
    const model::JobRequest& job = d.job;
    s.deployment = d.name;
    s.sourceName = options.sourceName;
    s.version = options.version;
    s.scheduler = target.scheduler;
    s.kind = app.kind;
    s.distributed = app.distributed;
    s.ranks = app.ranks;
    s.mpi = app.mpi;
    const model::StrategyInfo* strategy = model::findStrategy(app.distributed);

    // Resources: what the plan chose (the job block's counts already fixed it), and the job's
    // scheduler settings.
    s.name = directiveValue(job.name, "name", false, diags);
    if (s.name.empty())
        s.name = d.name;
    s.walltimeSeconds = job.walltimeSeconds;
    s.queue = directiveValue(job.queue, "queue", false, diags);
    if (s.queue.empty() && !job.queue.present)
        s.queue = d.queue;
    if (!directiveSafe(s.queue)) {
        diags.add(DiagCode::UnsafeValue, d.symbol->block->range(),
                  "the partition or queue name cannot be written into a batch directive");
        s.queue.clear();
    }
    s.account = directiveValue(job.account, "account", false, diags);
    if (s.account.empty() && !job.account.present && directiveSafe(d.account))
        s.account = d.account; // the target's, as lowering decided
    s.qos = directiveValue(job.qos, "qos", false, diags);
    s.constraint = directiveValue(job.constraint, "constraint", false, diags);
    s.nodelist = directiveValue(job.nodelist, "nodelist", false, diags);
    s.dependency = directiveValue(job.dependency, "dependency", false, diags);
    s.begin = directiveValue(job.begin, "begin", false, diags);
    s.array = directiveValue(job.array, "array", false, diags);
    const model::Candidate* chosen = plan.chosen ? &*plan.chosen : nullptr;
    s.nodes = chosen ? chosen->nodes : job.nodes.value_or(1);
    s.gpusPerNode = chosen ? chosen->gpusPerNode : job.gpusPerNode.value_or(0);
    // MPI ranks (HPC, Horovod, MPI data parallelism) are the plan's ranks per node; DDP's are set
    // with its launch (launchFromPlan), as a launcher the user wrote runs once per node.
    int tasksFallback = 1;
    if (chosen && chosen->ranksPerNode > 0 &&
        (chosen->amdahl || (strategy && strategy->launch == model::StrategyLaunch::MpiRanks)))
        tasksFallback = chosen->ranksPerNode;
    s.tasksPerNode = d.scale.tasksPerNode.value_or(tasksFallback);
    s.tasks = job.tasks;
    if (chosen && chosen->amdahl) {
        // The plan decided the ranks: the scripts start exactly those, and say where the file
        // disagrees.
        int planned = chosen->nodes * chosen->ranksPerNode;
        auto disagrees = [&](std::optional<int> written, SourceRange at, std::string_view what) {
            if (written && *written != planned)
                diags.add(
                    DiagCode::QuestionableSetting, at,
                    fmt::format(
                        "deployment '{}': {} {} disagrees with the plan's {} node(s) × {} rank(s) "
                        "per node; the job starts {} ranks",
                        d.name, what, *written, chosen->nodes, chosen->ranksPerNode, planned));
        };
        disagrees(job.tasks, job.tasksRange, "`tasks =`");
        disagrees(app.ranks, app.ranksRange, "`ranks =`");
        if (s.tasks)
            s.tasks = planned;
        if (s.ranks)
            s.ranks = planned;
    }
    launchFromPlan(d, chosen, s);
    s.cpusPerTask = job.cpusPerTask;
    // A training that runs one process per node (`distributed = none | mirrored`) gets one task;
    // the tasks per node the file asks for (MODAK's processors per node) become that task's CPUs,
    // rather than as many copies of the training.
    if (chosen && !chosen->amdahl && chosen->ranksPerNode == 1 && app.kind == "ai_training" &&
        s.tasksPerNode > 1) {
        if (s.cpusPerTask == 0)
            s.cpusPerTask = s.tasksPerNode;
        s.tasksPerNode = 1;
    }
    // Ranks modak starts share the node's CPUs (data loaders, OpenMP) unless the job says.
    if (s.ranksPerNode > 0 && s.cpusPerTask == 0 && d.cpu && d.cpu->cores > 0)
        s.cpusPerTask = std::max(1, d.cpu->cores * d.cpu->threadsPerCore / s.ranksPerNode);
    s.memoryBytes = job.memoryBytes;
    s.memoryPerCpuBytes = job.memoryPerCpuBytes;
    s.output = directiveValue(job.output, "output", false, diags);
    s.error = directiveValue(job.error, "error", false, diags);
    s.combineOutput = job.combineOutput;
    s.exclusive = job.exclusive;
    s.notify = job.notify;
    s.email = directiveValue(job.email, "email", false, diags);
    s.exportAll = job.exportAll;
    for (const auto& name : job.exportVars) {
        if (isEnvName(name.value))
            s.exportVars.push_back(name.value);
        else
            diags.add(DiagCode::UnsafeValue, name.range,
                      fmt::format("'{}' is not an environment variable name", name.value));
    }

    // What runs, and in which container.
    s.runtime = d.runtime;
    s.mounts = mountsOf(d, diags);
    s.accelerator = target.accelerator;
    s.imageDir = target.imageDir.value;
    for (const auto& module : target.modules)
        s.modules.push_back(module.value);
    if (chosen)
        s.imageReference = chosen->reference;
    if (s.imageReference.empty())
        s.imageReference = app.container;
    // Without a chosen candidate the plan has already said why (no-candidate); saying it again here
    // would only repeat it.
    if (s.imageReference.empty() && s.runtime != "none" && chosen) {
        diags.add(
            DiagCode::UnsafeValue, plan.range,
            fmt::format(
                "deployment '{}' has no container image to run with {}: plan it first or set the "
                "application's `container`",
                d.name, s.runtime));
    }
    if (chosen && chosen->image) {
        for (const auto& [k, v] : chosen->image->env)
            addEnv(s, k, v);
        if (auto it = chosen->image->compilerEnv.find(chosen->graphCompiler);
            it != chosen->image->compilerEnv.end())
            for (const auto& [k, v] : it->second)
                addEnv(s, k, v);
    }
    // The plan's layout of a training step (docs/model.md "Parallelism"): the training script
    // reads it, so the job runs the layout that was predicted to fit.
    if (chosen && chosen->predicted && chosen->scenario.layout) {
        const model::ParallelLayout& l = *chosen->scenario.layout;
        const int devices = std::max(1, chosen->predicted->devices);
        addEnv(s, "MODAK_TENSOR_PARALLEL", std::to_string(l.tensor));
        addEnv(s, "MODAK_PIPELINE_PARALLEL", std::to_string(l.pipeline));
        addEnv(s, "MODAK_CONTEXT_PARALLEL", std::to_string(l.context));
        addEnv(s, "MODAK_EXPERT_PARALLEL", std::to_string(l.expert));
        addEnv(s, "MODAK_DATA_PARALLEL", std::to_string(l.dataParallel(devices)));
        addEnv(s, "MODAK_MICROBATCHES", std::to_string(l.microbatches));
        addEnv(s, "MODAK_PIPELINE_SCHEDULE", l.schedule);
        addEnv(s, "MODAK_VIRTUAL_STAGES", std::to_string(l.virtualStages));
        addEnv(s, "MODAK_ZERO_STAGE", std::to_string(l.zeroStage));
        addEnv(s, "MODAK_RECOMPUTE", l.recompute);
    }
    s.threads = app.threads;
    if (s.threads > 0)
        addEnv(s, "OMP_NUM_THREADS", std::to_string(s.threads));
    for (const auto& [name, value] : app.env)
        addEnv(s, name, value);
    s.pre = app.pre;
    s.post = app.post;
    s.run = app.run;
    if (plan.resilience && plan.resilience->checkpointing) {
        const model::Resilience& r = *plan.resilience;
        s.checkpointing = true;
        s.checkpointIntervalSeconds = std::llround(r.intervalSeconds);
        s.checkpointIntervalSteps = r.intervalSteps;
        s.segments = r.segments;
        s.stopSeconds = r.stopSeconds;
    }
    if (app.build) {
        s.buildSrc = app.build->src;
        s.buildCommand = app.build->command;
        s.buildParallelism = app.build->parallelism;
    }
    return s;
}

namespace {

void emitScript(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics&) {
    out.push_back({"job.sh", applicationScript(*findBatchScheduler("none"), c.spec), true});
}
void emitBuild(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    if (c.spec.buildSrc.empty() && c.spec.runtime != "none" && c.plan.chosen &&
        c.plan.chosen->build == "source" && c.plan.chosen->image) {
        // No application build, but an image built from source: the job that builds the container.
        for (auto& a : containerBuildJob(c, diags))
            if (std::none_of(out.begin(), out.end(),
                             [&](const Artefact& o) { return o.path == a.path; }))
                out.push_back(std::move(a));
        return;
    }
    if (c.spec.buildSrc.empty()) {
        diags.add(DiagCode::UnsupportedEmit, c.plan.range,
                  fmt::format("deployment '{}': `emit` asks for a build job but the application "
                              "has no `build` block "
                              "and its image is not built from source",
                              c.deployment.name));
        return;
    }
    const BatchScheduler* scheduler = findBatchScheduler(c.spec.scheduler);
    if (!scheduler)
        scheduler = findBatchScheduler("none"); // Kubernetes: the plain script
    out.push_back(
        {scheduler->name == "none" ? "build.sh" : fmt::format("build.{}.sh", scheduler->name),
         buildScript(*scheduler, c.spec), true});
}

/// `submit.<scheduler>.sh` for a job that is more than one submission: the build jobs this
/// generation wrote for the scheduler (the application's, then the image's), then the run — its
/// segments when the plan chains it — each waiting for the one before to end.
void addSubmitScripts(const JobSpec& s, std::vector<Artefact>& out) {
    std::vector<Artefact> submits;
    for (const BatchScheduler* row : batchSchedulers()) {
        if (!row->submitAfter)
            continue;
        auto written = [&](const std::string& path) {
            return std::any_of(out.begin(), out.end(),
                               [&](const Artefact& a) { return a.path == path; });
        };
        const std::string run = fmt::format("job.{}.sh", row->name);
        if (!written(run))
            continue;
        std::vector<std::string> builds;
        for (std::string build :
             {fmt::format("build.{}.sh", row->name), fmt::format("build-image.{}.sh", row->name)})
            if (written(build))
                builds.push_back(std::move(build));
        if (builds.empty() && s.segments <= 1)
            continue;
        std::string text = "#!/bin/bash\n";
        text += fmt::format(
            "# Submits deployment {}{}{}, generated by modak {} from {}.\n"
            "# Run it from the directory the job should run in; prints one job id per line.\n",
            s.deployment, builds.empty() ? "" : ": its build job(s), then the run",
            s.segments > 1
                ? fmt::format(" as {} chained segments (the predicted run exceeds the walltime; "
                              "each resumes from the last checkpoint)",
                              s.segments)
                : "",
            s.version, s.sourceName);
        text += "set -euo pipefail\nhere=$(dirname \"$0\")\nprevious=\"\"\n";
        // A build must succeed before the run; a segment goes on from the last checkpoint
        // however the one before ended (out of time, a failed node).
        for (const auto& b : builds)
            text += row->submitAfter("\"$here\"/" + b, true);
        std::string submitRun = row->submitAfter("\"$here\"/" + run, true);
        if (s.segments > 1) {
            std::string next = row->submitAfter("\"$here\"/" + run, false);
            std::string indented;
            for (size_t at = 0; at < next.size();) {
                size_t eol = next.find('\n', at);
                indented += "  " + next.substr(at, eol - at + 1);
                at = eol == std::string::npos ? next.size() : eol + 1;
            }
            submitRun += fmt::format("for ((segment = 2; segment <= {}; segment++)); do\n{}done\n",
                                     s.segments, indented);
        }
        text += submitRun;
        submits.push_back({fmt::format("submit.{}.sh", row->name), std::move(text), true});
    }
    for (auto& a : submits)
        out.push_back(std::move(a));
}

struct Emitter {
    std::string_view kind;
    EmitFunction emit;
};

/// Every `emit` kind this version generates besides the batch job scripts (one per row of
/// BatchJob.h, listed first), in the order `supportedEmits` lists them.
constexpr Emitter kEmitters[] = {
    {"script", emitScript},       {"build", emitBuild},
    {"tosca", emitTosca},         {"csar", emitCsar},
    {"terraform", emitTerraform}, {"k8s", emitKubernetes},
    {"docker", emitDockerfile},   {"singularity", emitSingularityDef},
    {"skypilot", emitSkyPilot},   {"dstack", emitDstack},
};

} // namespace

const std::vector<std::string>& supportedEmits() {
    static const std::vector<std::string> emits = [] {
        std::vector<std::string> v;
        for (const BatchScheduler* row : batchSchedulers())
            if (row->directives)
                v.emplace_back(row->name);
        for (const auto& e : kEmitters)
            v.emplace_back(e.kind);
        return v;
    }();
    return emits;
}

std::vector<Artefact> generateDeployment(const SourceManager& sm, const model::Program& program,
                                         const model::Symbol& deployment,
                                         const model::DeploymentPlan& plan,
                                         const GenerateOptions& options, Diagnostics& diags) {
    std::vector<Artefact> out;
    model::DeploymentPlan withSpec;
    const model::DeploymentPlan* planned = &plan;
    if (!plan.spec) { // a plan made by hand (tests): lower the deployment here
        withSpec = plan;
        withSpec.spec = std::make_shared<const model::Deployment>(
            model::lowerDeployment(program, deployment, model::Catalogue::builtin()));
        planned = &withSpec;
    }
    const model::Deployment& lowered = *planned->spec;
    const std::vector<std::string>& emit = options.emit.empty() ? lowered.emit : options.emit;
    DeploymentContext context{sm, program, deployment, *planned, lowered, options, {}};
    context.spec = readJobSpec(*planned, options, diags);
    for (const auto& kind : emit) {
        const auto* e = std::find_if(std::begin(kEmitters), std::end(kEmitters),
                                     [&](const Emitter& x) { return x.kind == kind; });
        if (e != std::end(kEmitters)) {
            e->emit(context, out, diags);
            continue;
        }
        if (const BatchScheduler* row = findBatchScheduler(kind); row && row->directives) {
            out.push_back(
                {fmt::format("job.{}.sh", row->name), applicationScript(*row, context.spec), true});
            continue;
        }
        std::string list;
        for (const auto& s : supportedEmits())
            list += (list.empty() ? "" : ", ") + s;
        diags.add(DiagCode::UnsupportedEmit, lowered.range,
                  fmt::format("deployment '{}': `{}` output is not generated by this version of "
                              "modak (it generates: {})",
                              deployment.name, kind, list));
    }
    addSubmitScripts(context.spec, out);
    return out;
}

} // namespace modak::codegen
