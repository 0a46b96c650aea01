// SPDX-License-Identifier: Apache-2.0
// Lowering: a checked syntax tree → the typed deployment model. The only place after Sema that
// reads keys of the tree; every default of a deployment, its application and its target is decided
// here.
#include "LowerWith.h"
#include "modak/model/Deployment.h"
#include "modak/model/Strategies.h"
#include "modak/model/Transformer.h"
#include "modak/model/TreeAccess.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>

namespace modak::model {
namespace {

using syntax::Statement;
using syntax::Value;
using namespace tree;

int clampedInt(std::optional<int64_t> v, int fallback, int64_t lo, int64_t hi) {
    return v ? static_cast<int>(std::clamp(*v, lo, hi)) : fallback;
}

template<Block B>
std::optional<int> optionalInt(const B& block, std::string_view key, int64_t lo, int64_t hi) {
    if (auto v = integer(block, key))
        return static_cast<int>(std::clamp(*v, lo, hi));
    return std::nullopt;
}

bool isAuto(const Value* v) {
    return v && v->kind == Value::Kind::Identifier && v->text() == "auto";
}

/// `nodes = 4`, `nodes = 1..8` or `nodes = auto` (= autoLo..autoHi, filled in by the plan).
CountChoice countChoice(const Value* v, int fallback) {
    CountChoice c{fallback, fallback, false, false, false};
    if (!v)
        return c;
    c.present = true;
    if (isAuto(v)) {
        c.chosenByModel = true;
        c.isAuto = true;
    } else if (v->kind == Value::Kind::Integer) {
        c.lo = c.hi = static_cast<int>(std::clamp<int64_t>(v->integer(), 0, 100000));
    } else if (v->kind == Value::Kind::Range && v->items().size() == 2 &&
               v->items()[0].kind == Value::Kind::Integer &&
               v->items()[1].kind == Value::Kind::Integer) {
        c.lo = static_cast<int>(std::clamp<int64_t>(v->items()[0].integer(), 1, 100000));
        c.hi = static_cast<int>(std::clamp<int64_t>(v->items()[1].integer(), 1, 100000));
        c.chosenByModel = true;
    } else {
        c.present = false;
    }
    return c;
}

/// A string or identifier value with where it was written (inlined as tree::word is: most keys a
/// lowering reads are absent, and an absent one then costs no call).
template<Block B>
[[gnu::always_inline]] inline Located<std::string> located(const B& block, std::string_view key) {
    Located<std::string> out;
    const Value* v = attr(block, key);
    if (v && (v->kind == Value::Kind::String || v->kind == Value::Kind::Identifier)) {
        out.value = std::string(v->text());
        out.range = v->range;
        out.present = true;
    }
    return out;
}

std::string valueText(const Value& v) {
    switch (v.kind) {
    case Value::Kind::Integer:
        return std::to_string(v.integer());
    case Value::Kind::Bool:
        return v.boolean ? "true" : "false";
    case Value::Kind::Float:
        return fmt::format("{}", v.number());
    default:
        return std::string(v.text());
    }
}

/// Whether `s` is a `kind NAME { … }` block (a target's partitions and storage).
bool namedBlock(const Statement& s, std::string_view kind) {
    return s.kind() == Statement::Kind::Block && s.name() && s.keyIs(kind);
}

CpuSpec lowerCpu(const Statement* c) {
    CpuSpec cpu;
    cpu.arch = word(c, "arch");
    cpu.model = word(c, "model");
    cpu.vendor = word(c, "vendor");
    cpu.sockets = clampedInt(integer(c, "sockets"), 1, 1, 64);
    cpu.cores = clampedInt(integer(c, "cores"), 0, 0, 100000);
    cpu.threadsPerCore = clampedInt(integer(c, "threads_per_core"), 1, 1, 64);
    return cpu;
}

GpuSpec lowerGpu(const Statement* g) {
    return {word(g, "model"), clampedInt(integer(g, "count"), 1, 0, 64)};
}

std::string vendorOf(const Catalogue& catalogue, const std::optional<GpuSpec>& gpu) {
    if (!gpu || gpu->model.empty())
        return {};
    const Gpu* known = catalogue.gpu(gpu->model);
    return known ? known->vendor : std::string();
}

Target lowerTarget(const Statement* block, const Catalogue& catalogue) {
    const KeyedBlock t(block);
    Target target;
    target.name = block->name() ? std::string(block->name()->name) : std::string();
    target.scheduler = word(t, "scheduler", "none");
    target.runtime = word(t, "runtime", "none");
    target.nodes = optionalInt(t, "nodes", 1, 100000);
    if (const Statement* c = child(t, "cpu"))
        target.cpu = lowerCpu(c);
    if (const Statement* g = child(t, "gpu"))
        target.gpu = lowerGpu(g);
    target.memoryBytes = integer(t, "memory");
    target.interconnect = word(t, "interconnect");
    target.networkPorts = optionalInt(t, "network_ports", 1, 64);
    target.mtbfSeconds = integer(t, "mtbf");
    noteRead(block, "partition");
    noteRead(block, "storage");
    for (const Statement& s : block->body()) {
        if (namedBlock(s, "partition")) {
            PartitionSpec p;
            p.name = std::string(s.name()->name);
            p.isDefault = boolean(&s, "default").value_or(false);
            p.nodes = optionalInt(&s, "nodes", 1, 100000);
            if (const Statement* c = child(&s, "cpu"))
                p.cpu = lowerCpu(c);
            if (const Statement* g = child(&s, "gpu"))
                p.gpu = lowerGpu(g);
            p.memoryBytes = integer(&s, "memory");
            p.chargeFactor = number(&s, "charge_factor");
            target.partitions.push_back(std::move(p));
        } else if (namedBlock(s, "storage")) {
            target.storage.push_back(
                {std::string(s.name()->name), word(&s, "path"), word(&s, "class")});
        }
    }
    // The accelerator as written, else what the catalogue says of the target's GPUs.
    target.accelerator = word(t, "accelerator");
    if (target.accelerator.empty())
        target.accelerator = vendorOf(catalogue, target.gpu);
    for (const PartitionSpec& p : target.partitions)
        if (target.accelerator.empty())
            target.accelerator = vendorOf(catalogue, p.gpu);
    if (target.accelerator.empty())
        target.accelerator = "none";
    target.queue = located(t, "queue");
    target.account = located(t, "account");
    target.site = word(t, "site");
    target.imageDir = located(t, "image_dir");
    target.calibration = located(t, "calibration");
    if (const Value* modules = attr(t, "modules"))
        for (const Value& item :
             modules->kind == Value::Kind::List ? modules->items() : std::span(modules, 1))
            if (item.kind == Value::Kind::String || item.kind == Value::Kind::Identifier)
                target.modules.push_back({std::string(item.text()), item.range, true});
    target.cloud = word(t, "cloud");
    target.region = located(t, "region");
    target.instanceType = located(t, "instance_type");
    // An instance type of the catalogue says what a node has, where the target does not.
    if (target.instanceType.present)
        target.instance = catalogue.instance(target.instanceType.value);
    if (const InstanceType* inst = target.instance) {
        if (!target.gpu && !inst->gpu.empty())
            target.gpu = GpuSpec{inst->gpu, inst->gpus};
        if (target.interconnect.empty())
            target.interconnect = inst->interconnect;
        if (!target.networkPorts && inst->networkPorts > 0 &&
            target.interconnect == inst->interconnect)
            target.networkPorts = inst->networkPorts;
        if (!target.cpu && !inst->cpu.empty()) {
            CpuSpec cpu;
            cpu.model = inst->cpu;
            target.cpu = cpu;
        }
        if (!target.memoryBytes && inst->memoryGiB > 0)
            target.memoryBytes = static_cast<int64_t>(inst->memoryGiB * 1073741824.0);
        if (target.accelerator == "none" && !inst->gpu.empty())
            target.accelerator = vendorOf(catalogue, target.gpu);
    }
    if (const Statement* c = child(t, "charge")) {
        ChargeSpec charge;
        charge.unit = word(c, "unit", "node_hours");
        charge.factor = number(c, "factor").value_or(1.0);
        if (auto p = amount(c, "price"))
            charge.price = AmountSpec{p->amount, p->unit, p->range};
        if (auto a = amount(c, "allocation"))
            charge.allocation = AmountSpec{a->amount, a->unit, a->range};
        charge.range = c->key().range;
        target.charge = charge;
    }
    target.flavor = located(t, "flavor");
    target.image = located(t, "image");
    target.network = located(t, "network");
    target.kubernetesNamespace = located(t, "namespace");
    target.kubeflow = word(t, "kubeflow", "trainer");
    return target;
}

template<Block B>
std::string runCommandOf(const B& application, std::optional<SourceRange>* range) {
    std::string run = word(application, "run");
    const Value* v = attr(application, "run");
    if (run.empty()) {
        run = word(application, "executable");
        if (const Value* executable = attr(application, "executable"))
            v = executable;
        if (std::string args = word(application, "arguments"); !args.empty())
            run += " " + args;
    }
    if (range && v)
        *range = v->range;
    return run;
}

/// Lowers application block `block` into `app`, a default-constructed Application where the caller
/// keeps it (an Application is a few hundred fields: moving one cost ~900 instructions, twice a
/// deployment in `modak check`'s launch checks). `scale` is the deployment's: its `threads` stand
/// in for the application's.
void lowerApplicationInto(const Statement* block, const Statement* scale, Application& app) {
    const KeyedBlock a(block);
    app.name = block->name() ? std::string(block->name()->name) : std::string();
    app.kind = word(a, "kind", "ai_training");
    if (const Value* fw = attr(a, "framework")) {
        app.framework = std::string(fw->text());
        app.frameworkRange = fw->range;
        if (fw->kind == Value::Kind::Versioned)
            app.frameworkVersion = std::string(fw->version());
    }
    if (const Statement* w = child(a, "workload"))
        app.workload = w->kind() == Statement::Kind::Block ? app.name + ".workload"
                                                           : std::string(w->value().text());
    app.precision = word(a, "precision", app.kind == "hpc" ? "fp64" : "fp32");
    app.batchSize = optionalInt(a, "batch_size", 1, 1'000'000'000);
    app.epochs = std::max<int64_t>(1, integer(a, "epochs").value_or(1));
    app.stepsPerEpoch = integer(a, "steps_per_epoch");
    if (const Statement* d = child(a, "dataset")) {
        app.dataset.path = located(d, "path");
        app.dataset.samples = integer(d, "samples");
        if (const Value* pf = attr(d, "prefetch"))
            app.dataset.prefetch = pf->kind == Value::Kind::Bool
                                       ? pf->boolean
                                       : (pf->kind == Value::Kind::Integer && pf->integer() > 0);
        if (const Value* c = attr(d, "cache"))
            app.dataset.cached = c->kind == Value::Kind::Bool
                                     ? c->boolean
                                     : (c->kind == Value::Kind::Integer && c->integer() > 0);
        app.dataset.storageClass = word(d, "storage");
    }
    app.fineTuning = word(a, "fine_tuning", "full");
    app.loraRank = clampedInt(integer(a, "lora_rank"), 16, 1, 65536);
    app.attention = word(a, "attention", "flash");
    app.distributed = word(a, "distributed");
    if (app.distributed == "auto") {
        // The framework's own data-parallel strategy (Strategies.h), decided here once.
        const StrategyInfo* chosen = autoStrategy(app.framework, word(a, "keras_backend"));
        app.distributed = chosen ? std::string(chosen->name) : "";
        app.distributedAuto = true;
    }
    app.parallelisation = words(attr(a, "parallelisation"));
    if (const Value* m = attr(a, "mpi")) {
        app.mpiLibrary = std::string(m->text());
        if (m->kind == Value::Kind::Versioned) {
            app.mpiVersion = std::string(m->version());
            app.mpiVersionRange = m->versionRange();
        }
    }
    app.mpi = word(a, "type") == "mpi" || !app.mpiLibrary.empty() ||
              std::find(app.parallelisation.begin(), app.parallelisation.end(), "mpi") !=
                  app.parallelisation.end();
    app.mpiScalingEfficiency = number(child(a, "mpi_tuning"), "scaling_efficiency");
    app.ranks = optionalInt(a, "ranks", 1, 10'000'000);
    if (const Value* v = attr(a, "ranks"))
        app.ranksRange = v->range;
    // Threads per rank: the application's, else its `openmp` block's, else the deployment's scale.
    std::optional<int64_t> threads = integer(a, "threads"),
                           openmpThreads = integer(child(a, "openmp"), "threads");
    if (!threads)
        threads = openmpThreads;
    app.threads =
        clampedInt(threads, clampedInt(integer(scale, "threads"), 0, 0, 100000), 0, 100000);
    app.tag = word(a, "tag", app.name);
    app.container = word(a, "container");
    if (const Value* c = attr(a, "container"))
        app.containerRange = c->range;
    if (const Statement* env = child(a, "env")) {
        app.envRange = env->range();
        for (const Statement& e : env->body())
            if (e.kind() == Statement::Kind::Attribute) {
                app.env.emplace_back(std::string(e.key().name), valueText(e.value()));
                app.envValueRanges.push_back(e.value().range);
            }
    }
    // Multi-backend Keras (2.x up to 2.3, Keras 3) picks its backend from KERAS_BACKEND; Keras 3
    // spells PyTorch `torch`. An `env` entry of the same name wins.
    if (std::string backend = word(a, "keras_backend");
        !backend.empty() && app.framework == "keras" &&
        std::none_of(app.env.begin(), app.env.end(),
                     [](const auto& e) { return e.first == "KERAS_BACKEND"; }))
        app.env.emplace_back("KERAS_BACKEND", backend == "pytorch" ? "torch" : backend);
    app.pre = word(a, "pre");
    app.post = word(a, "post");
    app.run = runCommandOf(a, &app.runRange);
    app.launcher = launcherOf(app.run);
    if (const Statement* b = child(a, "build")) {
        BuildSpec build;
        build.src = word(b, "src");
        build.command = word(b, "command");
        build.parallelism = clampedInt(integer(b, "parallelism"), 1, 1, 100000);
        if (const Value* src = attr(b, "src"))
            build.srcRange = src->range;
        app.build = std::move(build);
    }
}

JobRequest lowerJob(const Statement* block) {
    JobRequest j;
    if (!block)
        return j;
    const KeyedBlock job(block);
    j.name = located(job, "name");
    j.queue = located(job, "queue");
    j.account = located(job, "account");
    j.qos = located(job, "qos");
    j.constraint = located(job, "constraint");
    j.nodelist = located(job, "nodelist");
    j.dependency = located(job, "dependency");
    j.begin = located(job, "begin");
    j.output = located(job, "output");
    j.error = located(job, "error");
    j.email = located(job, "email");
    j.nodes = optionalInt(job, "nodes", 1, 100000);
    j.gpusPerNode = optionalInt(job, "gpus", 0, 64);
    j.tasks = optionalInt(job, "tasks", 1, 10'000'000);
    if (const Value* v = attr(job, "tasks"))
        j.tasksRange = v->range;
    j.tasksPerNode = optionalInt(job, "tasks_per_node", 1, 100000);
    j.cpusPerTask = clampedInt(integer(job, "cpus_per_task"), 0, 0, 100000);
    j.walltimeSeconds = integer(job, "walltime");
    j.memoryBytes = integer(job, "memory");
    j.memoryPerCpuBytes = integer(job, "memory_per_cpu");
    if (const Value* a = attr(job, "array")) {
        j.array.range = a->range;
        j.array.present = true;
        if (a->kind == Value::Kind::Range && a->items().size() == 2)
            j.array.value = fmt::format("{}-{}", a->items()[0].integer(), a->items()[1].integer());
        else if (a->kind == Value::Kind::List)
            for (const auto& item : a->items())
                j.array.value +=
                    (j.array.value.empty() ? "" : ",") + std::to_string(item.integer());
        else
            j.array = located(job, "array");
    }
    j.combineOutput = boolean(job, "combine_output").value_or(false);
    j.exclusive = boolean(job, "exclusive").value_or(false);
    j.chain = boolean(job, "chain").value_or(true);
    j.notify = words(attr(job, "notify"));
    if (const Value* e = attr(job, "export_env")) {
        if (e->kind == Value::Kind::Bool) {
            j.exportAll = e->boolean;
        } else {
            for (const auto& item : e->items()) {
                if (item.kind == Value::Kind::Identifier && item.text() == "all")
                    j.exportAll = true;
                else
                    j.exportVars.push_back({std::string(item.text()), item.range, true});
            }
        }
    }
    return j;
}

ScaleRequest lowerScale(const Statement* scale) {
    ScaleRequest s;
    if (!scale)
        return s;
    s.nodes = countChoice(attr(scale, "nodes"), 1);
    s.gpusPerNode = countChoice(attr(scale, "gpus_per_node"), 0);
    s.maxNodes = optionalInt(scale, "max_nodes", 1, 100000);
    s.tasksPerNode = optionalInt(scale, "tasks_per_node", 0, 100000);
    s.threads = clampedInt(integer(scale, "threads"), 0, 0, 100000);
    s.minEfficiency = number(scale, "min_efficiency").value_or(0);
    return s;
}

std::optional<ParallelRequest> lowerParallel(const Statement* deployment) {
    const Value* asAuto = attr(deployment, "parallel");
    const Statement* block = child(deployment, "parallel");
    const bool isBlock = block && block->kind() == Statement::Kind::Block;
    if (!isAuto(asAuto) && !isBlock)
        return std::nullopt;
    ParallelRequest r;
    r.range = isBlock ? block->range() : asAuto->range;
    if (!isBlock)
        return r;
    auto degree = [&](std::string_view key, int lo, int hi) -> std::optional<int> {
        const Value* v = attr(block, key);
        if (!v || v->kind != Value::Kind::Integer)
            return std::nullopt;
        return static_cast<int>(std::clamp<int64_t>(v->integer(), lo, hi));
    };
    r.tensor = degree("tensor", 1, 1024);
    r.pipeline = degree("pipeline", 1, 1024);
    r.context = degree("context", 1, 1024);
    r.expert = degree("expert", 1, 1024);
    r.microbatches = degree("microbatches", 1, 100000);
    r.zero = degree("zero", 0, 3);
    r.virtualStages = degree("virtual_stages", 1, 1024).value_or(0);
    r.schedule = word(block, "schedule");
    if (r.schedule == "auto")
        r.schedule.clear();
    r.recompute = word(block, "recompute");
    if (r.recompute == "auto")
        r.recompute.clear();
    return r;
}

const Symbol* referenced(const Program& program, const Symbol& from, std::string_view kind) {
    std::string name = word(from.block, kind);
    const Symbol* sym = name.empty() ? nullptr : program.lookup(from.file, kind, name);
    return sym && sym->block ? sym : nullptr;
}

} // namespace

std::vector<Located<std::string>> deploymentSites(const Statement& deployment) {
    std::vector<Located<std::string>> out;
    const Value* v = attr(&deployment, "target");
    if (!v)
        return out;
    for (const Value& item : v->kind == Value::Kind::List ? v->items() : std::span(v, 1))
        if (item.kind == Value::Kind::Identifier)
            out.push_back({std::string(item.text()), item.range, true});
    return out;
}

namespace {

/// `lowered`: the application lowered already (moved from), or null to lower it here. A pointer,
/// not an optional taken by value: an Application is a few hundred fields to move.
Deployment lowerDeploymentImpl(const Program& program, const Symbol& symbol,
                               const Catalogue& catalogue, size_t site, Application* lowered) {
    const KeyedBlock d(symbol.block);
    Deployment dep;
    dep.name = std::string(symbol.name);
    dep.symbol = &symbol;
    dep.range = symbol.block->name() ? symbol.block->name()->range : symbol.block->range();
    // An application lowered already was found by deploymentApplication, as here.
    const Symbol* appSymbol =
        lowered ? lowered->symbol : referenced(program, symbol, "application");
    dep.sites = deploymentSites(*symbol.block);
    dep.site = site < dep.sites.size() ? site : 0;
    const Symbol* targetSymbol = nullptr;
    if (dep.site < dep.sites.size())
        if (const Symbol* s = program.lookup(symbol.file, "target", dep.sites[dep.site].value);
            s && s->block)
            targetSymbol = s;
    const Statement* app = appSymbol ? appSymbol->block : nullptr;
    const Statement* tgt = targetSymbol ? targetSymbol->block : nullptr;
    const Statement* scale = child(d, "scale");
    dep.resolved = app && tgt;
    if (app && lowered) // (a conditional expression here made a temporary: one move more)
        dep.application = std::move(*lowered);
    else if (app)
        lowerApplicationInto(app, scale, dep.application);
    if (tgt)
        dep.target = lowerTarget(tgt, catalogue);
    dep.target.symbol = targetSymbol;
    dep.application.symbol = appSymbol;
    const Target& target = dep.target;

    // The partition: the one named, else the target's default one.
    std::string partition = word(d, "partition");
    if (const Value* p = attr(d, "partition"))
        dep.partitionRange = p->range;
    for (const PartitionSpec& p : target.partitions)
        if (partition.empty() ? p.isDefault : p.name == partition)
            dep.partition = p;
    dep.job = lowerJob(child(d, "job"));
    dep.nodesAvailable = dep.partition && dep.partition->nodes ? *dep.partition->nodes
                         : target.nodes                        ? *target.nodes
                                                               : dep.job.nodes.value_or(1);
    dep.cpu = dep.partition && dep.partition->cpu ? dep.partition->cpu : target.cpu;
    dep.gpu = dep.partition && dep.partition->gpu ? dep.partition->gpu : target.gpu;

    dep.runtime = word(d, "runtime", target.runtime);
    dep.build = word(d, "build", "auto");
    dep.graphCompiler = word(d, "graph_compiler", "auto");
    dep.pinnedImage = located(d, "image");

    // Storage: the deployment's choice (a target storage block or a class), else the dataset's
    // class.
    dep.storageName = word(d, "storage");
    if (!dep.storageName.empty()) {
        for (const StorageSpec& s : target.storage)
            if (s.name == dep.storageName) {
                dep.storageClass = s.storageClass;
                dep.storagePath = s.path;
            }
        if (dep.storageClass.empty())
            dep.storageClass = dep.storageName;
    } else {
        dep.storageClass = dep.application.dataset.storageClass;
    }

    if (const Value* m = attr(d, "mounts"))
        for (const auto& item : m->items())
            if (item.kind == Value::Kind::String)
                dep.mounts.push_back({std::string(item.text()), item.range, true});
    dep.emit = words(attr(d, "emit"));
    if (dep.emit.empty()) // the job script for the target's scheduler
        dep.emit.push_back(target.scheduler == "none" || target.scheduler == "kubernetes"
                               ? "script"
                               : target.scheduler);
    dep.scale = lowerScale(scale);
    dep.parallel = lowerParallel(symbol.block);
    // The job block's counts are what the scheduler is asked for: they fix the plan's choice.
    if (dep.job.nodes)
        dep.scale.nodes = {*dep.job.nodes, *dep.job.nodes, false, false, true};
    if (dep.job.gpusPerNode)
        dep.scale.gpusPerNode = {*dep.job.gpusPerNode, *dep.job.gpusPerNode, false, false, true};
    if (dep.job.tasksPerNode)
        dep.scale.tasksPerNode = dep.job.tasksPerNode;
    dep.queue = dep.job.queue.present ? dep.job.queue.value
                                      : (partition.empty() ? target.queue.value : partition);
    dep.account = dep.job.account.present ? dep.job.account.value : target.account.value;

    dep.cost.objective = word(d, "objective", "time");
    dep.cost.failover = word(d, "failover", "ranked");
    dep.cost.deadlineSeconds = integer(d, "deadline");
    if (const Value* v = attr(d, "deadline"))
        dep.cost.deadlineRange = v->range;
    if (auto b = amount(d, "budget"))
        dep.cost.budget = AmountSpec{b->amount, b->unit, b->range};
    dep.cost.spot = boolean(d, "spot").value_or(false);
    return dep;
}

} // namespace

Deployment lowerDeployment(const Program& program, const Symbol& symbol, const Catalogue& catalogue,
                           size_t site) {
    return lowerDeploymentImpl(program, symbol, catalogue, site, nullptr);
}

Deployment lowerDeploymentWith(const Program& program, const Symbol& symbol,
                               const Catalogue& catalogue, size_t site, Application&& application) {
    return lowerDeploymentImpl(program, symbol, catalogue, site, &application);
}

std::string runCommand(const Statement* application, std::optional<SourceRange>* range) {
    return runCommandOf(application, range);
}

const Symbol* deploymentApplication(const Program& program, const Symbol& symbol) {
    return referenced(program, symbol, "application");
}

bool runsLauncher(const Symbol& app) {
    // A `run` that word() reads is runCommand's answer: its text is read where it is, uncopied.
    if (auto run = wordText(attr(app.block, "run")); run && !run->empty())
        return !launcherOf(*run).empty();
    return !launcherOf(runCommand(app.block)).empty();
}

std::optional<Application> lowerDeploymentApplication(const Symbol& app, const Symbol& symbol) {
    std::optional<Application> lowered(std::in_place); // lowered where it is returned, not moved
    lowerApplicationInto(app.block, child(symbol.block, "scale"), *lowered);
    lowered->symbol = &app;
    return lowered;
}

namespace {

Workload lowerWorkloadBlock(const Statement& block, std::string name) {
    Workload w;
    w.name = std::move(name);
    w.kind = word(&block, "kind", "other");
    w.parameters = number(&block, "parameters").value_or(0);
    w.flopsPerSample = number(&block, "flops_per_sample").value_or(0);
    w.sampleBytes = static_cast<double>(integer(&block, "sample_size").value_or(0));
    w.activationsPerSample = number(&block, "activations_per_sample").value_or(0);
    w.doc = "user workload";
    if (integer(&block, "layers")) { // a transformer by its shape
        TransformerShape t = workloadShape(block);
        if (shapeProblem(t).empty()) {
            w.shape = t;
            if (w.kind == "other")
                w.kind = "transformer";
            deriveFromShape(w);
        }
    }
    return w;
}

} // namespace

TransformerShape workloadShape(const Statement& block) {
    auto count = [&](std::string_view key) {
        return static_cast<int>(
            std::clamp<int64_t>(integer(&block, key).value_or(0), 0, 100000000));
    };
    TransformerShape shape{count("layers"),
                           count("hidden"),
                           count("heads"),
                           count("kv_heads"),
                           count("ffn"),
                           count("vocabulary"),
                           count("sequence"),
                           count("experts"),
                           count("active_experts"),
                           boolean(&block, "gated_ffn").value_or(false),
                           boolean(&block, "causal").value_or(true),
                           boolean(&block, "tied_embeddings").value_or(false)};
    shape.meanSequence = std::clamp(number(&block, "mean_sequence").value_or(0.0), 0.0, 1e8);
    return shape;
}

std::optional<Workload> lowerWorkload(const Symbol& symbol) {
    if (!symbol.block)
        return std::nullopt;
    if (symbol.kind == "workload")
        return lowerWorkloadBlock(*symbol.block, std::string(symbol.name));
    // A nested `workload { }` of an application becomes "<application>.workload", a name no user
    // entry can have.
    const Statement* nested =
        symbol.kind == "application" ? child(symbol.block, "workload") : nullptr;
    if (!nested || nested->kind() != Statement::Kind::Block)
        return std::nullopt;
    return lowerWorkloadBlock(*nested, std::string(symbol.name) + ".workload");
}

std::string launcherOf(std::string_view command) {
    // The first command word, past comments, `VAR=value` assignments and `exec`/`env`; three
    // words at most are read (`python3 -m torch.distributed.run`).
    std::array<std::string_view, 3> words;
    size_t count = 0, i = 0;
    while (i < command.size() && count < words.size()) {
        while (i < command.size() && (command[i] == ' ' || command[i] == '\t' ||
                                      command[i] == '\n' || command[i] == '\\'))
            ++i;
        if (i < command.size() && command[i] == '#') { // a comment line
            while (i < command.size() && command[i] != '\n')
                ++i;
            continue;
        }
        size_t end = i;
        while (end < command.size() && command[end] != ' ' && command[end] != '\t' &&
               command[end] != '\n')
            ++end;
        if (end == i)
            break;
        std::string_view word = command.substr(i, end - i);
        i = end;
        if (count == 0 && (word == "exec" || word == "env" ||
                           (word.find('=') != std::string_view::npos && word[0] != '-')))
            continue;
        words[count++] = word;
    }
    if (count == 0)
        return {};
    auto base = [](std::string_view w) {
        size_t slash = w.rfind('/');
        return slash == std::string_view::npos ? w : w.substr(slash + 1);
    };
    std::string_view first = base(words[0]);
    static constexpr std::array<std::string_view, 9> kLaunchers = {
        "torchrun",   "deepspeed",  "mpirun", "mpiexec", "srun",
        "horovodrun", "accelerate", "jsrun",  "aprun"};
    if (std::find(kLaunchers.begin(), kLaunchers.end(), first) != kLaunchers.end())
        return std::string(first);
    if (first.starts_with("python") && count == 3 && words[1] == "-m" &&
        (words[2] == "torch.distributed.run" || words[2] == "torch.distributed.launch"))
        return "torchrun";
    return {};
}

std::vector<CatalogFileReference> catalogFileReferences(const Program& program) {
    std::vector<CatalogFileReference> out;
    noteRead("file", "catalog");
    for (const auto& doc : program.documents)
        for (const auto& s : doc->tree.statements)
            if (s.kind() == Statement::Kind::Attribute &&
                (s.key().name == "catalog" || s.key().name == "catalogue") &&
                s.value().kind == Value::Kind::String)
                out.push_back({doc.get(), {std::string(s.value().text()), s.value().range, true}});
    return out;
}

Target lowerTarget(const Symbol& symbol, const Catalogue& catalogue) {
    Target target = lowerTarget(symbol.block, catalogue);
    target.symbol = &symbol;
    return target;
}

std::vector<CpuSpec> modelledCpus(const Symbol& symbol) {
    const Statement* t = symbol.block;
    std::vector<CpuSpec> cpus;
    // Most targets name no model (`cpu { arch = x86_64, cores = 64 }`): those are not lowered.
    auto add = [&](const Statement* cpu) {
        if (cpu && attr(cpu, "model"))
            cpus.push_back(lowerCpu(cpu));
    };
    add(child(t, "cpu"));
    for (const Statement& s : t->body())
        if (namedBlock(s, "partition"))
            add(child(&s, "cpu"));
    return cpus;
}

Image lowerImage(const Symbol& symbol) {
    const Statement& block = *symbol.block;
    Image img;
    img.name = std::string(symbol.name);
    img.reference = word(&block, "reference");
    if (const Value* v = attr(&block, "reference"))
        img.referenceRange = v->range;
    if (const Value* v = attr(&block, "framework"))
        img.frameworkRange = v->range;
    img.imageType = word(&block, "image_type", "docker");
    auto versioned = [&](std::string_view key) -> std::optional<VersionedName> {
        const Value* v = attr(&block, key);
        if (v && v->kind == Value::Kind::Versioned)
            return VersionedName{std::string(v->text()), std::string(v->version())};
        if (v && v->kind == Value::Kind::Identifier)
            return VersionedName{std::string(v->text()), ""};
        return std::nullopt;
    };
    img.framework = versioned("framework");
    img.mpi = versioned("mpi");
    img.app = word(&block, "app");
    img.arch = word(&block, "arch", "x86_64");
    img.accelerator = word(&block, "accelerator", "none");
    img.cuda = word(&block, "cuda");
    img.build = word(&block, "build", "hub");
    img.flags = word(&block, "flags");
    img.graphCompilers = words(attr(&block, "graph_compilers"));
    img.libraries = words(attr(&block, "libraries"));
    img.features = words(attr(&block, "features"));
    if (const Statement* env = child(&block, "env"))
        for (const auto& s : env->body())
            if (s.kind() == Statement::Kind::Attribute)
                img.env.emplace_back(std::string(s.key().name), std::string(s.value().text()));
    img.doc = "image block";
    img.origin = "image block";
    return img;
}

} // namespace modak::model
