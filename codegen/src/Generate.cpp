// SPDX-License-Identifier: Apache-2.0
#include "modak/codegen/Generate.h"

#include "Context.h"
#include "JobScripts.h"
#include "Kubernetes.h"
#include "ContainerBuild.h"
#include "Recipes.h"
#include "modak/codegen/Shell.h"
#include "Tosca.h"
#include "Terraform.h"

#include "modak/model/TreeAccess.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::codegen {
namespace {

using namespace model::tree;

const Statement* refBlock(const model::Program& program, const model::Symbol& from, std::string_view kind,
                          std::string_view key) {
    std::string name = word(from.block, key);
    const model::Symbol* sym = name.empty() ? nullptr : program.lookup(from.file, kind, name);
    return sym ? sym->block : nullptr;
}

/// Reads a string that goes into a scheduler directive; refuses what the directive parser would
/// misread.
std::string directiveValue(const Statement* block, std::string_view key, bool allowSpaces, Diagnostics& diags) {
    const Value* v = attr(block, key);
    if (!v || (v->kind != Value::Kind::String && v->kind != Value::Kind::Identifier))
        return {};
    std::string text(v->text());
    if (!directiveSafe(text, allowSpaces)) {
        diags.add(DiagCode::UnsafeValue, v->range,
                  fmt::format("'{}' cannot be written into a batch directive: it contains {}", key,
                              allowSpaces ? "a line break, a quote or '#'" : "blanks, a line break, a quote or '#'"));
        return {};
    }
    return text;
}

void addEnv(JobSpec& spec, const std::string& name, const std::string& value) {
    auto it = std::find_if(spec.env.begin(), spec.env.end(), [&](const auto& e) { return e.first == name; });
    if (it != spec.env.end())
        it->second = value;  // later sources (the application) override earlier ones (the image)
    else
        spec.env.emplace_back(name, value);
}

} // namespace

JobSpec readJobSpec(const SourceManager& sm, const model::Program& program, const model::Symbol& deployment,
                    const model::DeploymentPlan& plan, const GenerateOptions& options, Diagnostics& diags) {
    (void)sm;
    JobSpec s;
    const Statement* d = deployment.block;
    const Statement* app = refBlock(program, deployment, "application", "application");
    const Statement* target = refBlock(program, deployment, "target", "target");
    const Statement* job = child(d, "job");
    const Statement* scale = child(d, "scale");
    s.deployment = deployment.name;
    s.sourceName = options.sourceName;
    s.version = options.version;
    s.scheduler = word(target, "scheduler", "none");
    s.kind = word(app, "kind", "ai_training");
    s.distributed = word(app, "distributed");
    auto parallelisation = words(attr(app, "parallelisation"));
    if (auto r = integer(app, "ranks"))
        s.ranks = static_cast<int>(*r);
    s.mpi = word(app, "type") == "mpi" || attr(app, "mpi") ||
            std::find(parallelisation.begin(), parallelisation.end(), "mpi") != parallelisation.end();

    // Resources: the job block wins; the plan fills in what the model chose.
    s.name = directiveValue(job, "name", false, diags);
    if (s.name.empty())
        s.name = deployment.name;
    s.walltimeSeconds = integer(job, "walltime");
    s.queue = directiveValue(job, "queue", false, diags);
    if (s.queue.empty())
        s.queue = word(d, "partition", word(target, "queue"));
    if (!directiveSafe(s.queue)) {
        diags.add(DiagCode::UnsafeValue, d->range(),
                  "the partition or queue name cannot be written into a batch directive");
        s.queue.clear();
    }
    s.account = directiveValue(job, "account", false, diags);
    if (s.account.empty() && directiveSafe(word(target, "account")))
        s.account = word(target, "account");
    s.qos = directiveValue(job, "qos", false, diags);
    s.constraint = directiveValue(job, "constraint", false, diags);
    s.nodelist = directiveValue(job, "nodelist", false, diags);
    s.dependency = directiveValue(job, "dependency", false, diags);
    s.begin = directiveValue(job, "begin", false, diags);
    if (const Value* a = attr(job, "array")) {
        if (a->kind == Value::Kind::Range && a->items().size() == 2)
            s.array = fmt::format("{}-{}", a->items()[0].integer(), a->items()[1].integer());
        else if (a->kind == Value::Kind::List)
            for (const auto& item : a->items())
                s.array += (s.array.empty() ? "" : ",") + std::to_string(item.integer());
        else
            s.array = directiveValue(job, "array", false, diags);
    }
    const model::Candidate* chosen = plan.chosen ? &*plan.chosen : nullptr;
    s.nodes = static_cast<int>(integer(job, "nodes").value_or(chosen ? chosen->nodes : 1));
    s.gpusPerNode = static_cast<int>(integer(job, "gpus").value_or(chosen ? chosen->gpusPerNode : 0));
    int tasksFallback = 1;
    if (chosen && chosen->ranksPerNode > 0)
        tasksFallback = chosen->ranksPerNode;
    else if (chosen && chosen->gpusPerNode > 0 && (s.distributed == "horovod" || s.distributed == "mpi"))
        tasksFallback = chosen->gpusPerNode;
    s.tasksPerNode = static_cast<int>(integer(job, "tasks_per_node").value_or(integer(scale, "tasks_per_node").value_or(tasksFallback)));
    if (auto t = integer(job, "tasks"))
        s.tasks = static_cast<int>(*t);
    s.cpusPerTask = static_cast<int>(integer(job, "cpus_per_task").value_or(0));
    s.memoryBytes = integer(job, "memory");
    s.memoryPerCpuBytes = integer(job, "memory_per_cpu");
    s.output = directiveValue(job, "output", false, diags);
    s.error = directiveValue(job, "error", false, diags);
    s.combineOutput = boolean(job, "combine_output").value_or(false);
    s.exclusive = boolean(job, "exclusive").value_or(false);
    s.notify = words(attr(job, "notify"));
    s.email = directiveValue(job, "email", false, diags);
    if (const Value* e = attr(job, "export_env")) {
        if (e->kind == Value::Kind::Bool) {
            s.exportAll = e->boolean;
        } else {
            for (const auto& item : e->items()) {
                if (item.kind == Value::Kind::Identifier && item.text() == "all")
                    s.exportAll = true;
                else if (isEnvName(item.text()))
                    s.exportVars.emplace_back(item.text());
                else
                    diags.add(DiagCode::UnsafeValue, item.range,
                              fmt::format("'{}' is not an environment variable name", std::string(item.text())));
            }
        }
    }

    // What runs, and in which container.
    s.runtime = word(d, "runtime", word(target, "runtime", "none"));
    s.accelerator = word(target, "accelerator", "nvidia");
    s.imageDir = word(target, "image_dir");
    s.modules = words(attr(target, "modules"));
    if (chosen)
        s.imageReference = chosen->reference;
    if (s.imageReference.empty())
        s.imageReference = word(app, "container");
    // Without a chosen candidate the plan has already said why (no-candidate); saying it again here
    // would only repeat it.
    if (s.imageReference.empty() && s.runtime != "none" && chosen) {
        diags.add(DiagCode::UnsafeValue, plan.range,
                  fmt::format("deployment '{}' has no container image to run with {}: plan it first or set the "
                              "application's `container`",
                              deployment.name, s.runtime));
    }
    if (chosen && chosen->image) {
        for (const auto& [k, v] : chosen->image->env)
            addEnv(s, k, v);
        if (auto it = chosen->image->compilerEnv.find(chosen->graphCompiler); it != chosen->image->compilerEnv.end())
            for (const auto& [k, v] : it->second)
                addEnv(s, k, v);
    }
    s.threads = static_cast<int>(integer(app, "threads").value_or(integer(scale, "threads").value_or(0)));
    if (s.threads > 0)
        addEnv(s, "OMP_NUM_THREADS", std::to_string(s.threads));
    if (const Statement* env = child(app, "env"))
        for (const auto& e : env->body())
            if (e.kind() == Statement::Kind::Attribute) {
                std::string value = e.value().kind == Value::Kind::Integer ? std::to_string(e.value().integer())
                                    : e.value().kind == Value::Kind::Bool  ? (e.value().boolean ? "true" : "false")
                                    : e.value().kind == Value::Kind::Float ? fmt::format("{}", e.value().number())
                                                                         : std::string(e.value().text());
                addEnv(s, std::string(e.key().name), value);
            }
    s.pre = word(app, "pre");
    s.post = word(app, "post");
    s.run = word(app, "run");
    if (s.run.empty()) {
        s.run = word(app, "executable");
        if (std::string args = word(app, "arguments"); !args.empty())
            s.run += " " + args;
    }
    if (const Statement* build = child(app, "build")) {
        s.buildSrc = word(build, "src");
        s.buildCommand = word(build, "command");
        s.buildParallelism = static_cast<int>(integer(build, "parallelism").value_or(1));
    }
    return s;
}

namespace {

void emitScript(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics&) {
    out.push_back({"job.sh", applicationScript(*findBatchScheduler("none"), c.spec), true});
}
void emitBuild(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    if (c.spec.buildSrc.empty() && c.spec.runtime != "none" && c.plan.chosen && c.plan.chosen->build == "source" &&
        c.plan.chosen->image) {
        // No application build, but an image built from source: the job that builds the container.
        for (auto& a : containerBuildJob(c, diags))
            if (std::none_of(out.begin(), out.end(), [&](const Artefact& o) { return o.path == a.path; }))
                out.push_back(std::move(a));
        return;
    }
    if (c.spec.buildSrc.empty()) {
        diags.add(DiagCode::UnsupportedEmit, c.plan.range,
                  fmt::format("deployment '{}': `emit` asks for a build job but the application has no `build` block "
                              "and its image is not built from source",
                              c.deployment.name));
        return;
    }
    const BatchScheduler* scheduler = findBatchScheduler(c.spec.scheduler);
    if (!scheduler)
        scheduler = findBatchScheduler("none");  // Kubernetes: the plain script
    out.push_back({scheduler->name == "none" ? "build.sh" : fmt::format("build.{}.sh", scheduler->name),
                   buildScript(*scheduler, c.spec), true});
}

struct Emitter {
    std::string_view kind;
    EmitFunction emit;
};

/// Every `emit` kind this version generates besides the batch job scripts (one per row of
/// BatchJob.h, listed first), in the order `supportedEmits` lists them.
constexpr Emitter kEmitters[] = {
    {"script", emitScript}, {"build", emitBuild},
    {"tosca", emitTosca}, {"csar", emitCsar},
    {"terraform", emitTerraform}, {"k8s", emitKubernetes},
    {"docker", emitDockerfile}, {"singularity", emitSingularityDef},
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
                                         const model::Symbol& deployment, const model::DeploymentPlan& plan,
                                         const GenerateOptions& options, Diagnostics& diags) {
    std::vector<Artefact> out;
    std::vector<std::string> emit = options.emit.empty() ? words(attr(deployment.block, "emit")) : options.emit;
    DeploymentContext context{sm, program, deployment, plan, options, nullptr, nullptr, {}};
    context.application = refBlock(program, deployment, "application", "application");
    context.target = refBlock(program, deployment, "target", "target");
    if (emit.empty()) {
        // Without an emit list, the job script for the target's scheduler.
        std::string scheduler = word(context.target, "scheduler", "none");
        emit.push_back(scheduler == "none" || scheduler == "kubernetes" ? "script" : scheduler);
    }
    context.spec = readJobSpec(sm, program, deployment, plan, options, diags);
    for (const auto& kind : emit) {
        const auto* e = std::find_if(std::begin(kEmitters), std::end(kEmitters), [&](const Emitter& x) { return x.kind == kind; });
        if (e != std::end(kEmitters)) {
            e->emit(context, out, diags);
            continue;
        }
        if (const BatchScheduler* row = findBatchScheduler(kind); row && row->directives) {
            out.push_back({fmt::format("job.{}.sh", row->name), applicationScript(*row, context.spec), true});
            continue;
        }
        std::string list;
        for (const auto& s : supportedEmits())
            list += (list.empty() ? "" : ", ") + s;
        diags.add(DiagCode::UnsupportedEmit, plan.range,
                  fmt::format("deployment '{}': `{}` output is not generated by this version of modak (it generates: {})",
                              deployment.name, kind, list));
    }
    return out;
}

} // namespace modak::codegen
