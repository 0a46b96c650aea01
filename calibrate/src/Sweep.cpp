// SPDX-License-Identifier: Apache-2.0
#include "modak/calibrate/Sweep.h"

#include "modak/calibrate/Record.h"

#include "Shell.h"  // codegen/src: shellQuote, directiveSafe
#include "modak/model/TreeAccess.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace modak::calibrate {
namespace {

using namespace model::tree;
using codegen::directiveSafe;
using codegen::shellQuote;

/// One swept key: its values and where each came from.
struct Axis {
    std::string key;
    std::vector<std::string> values;
    SourceRange range;  ///< the whole `--sweep` argument or `parameter` block
};

bool safeValue(std::string_view v) {
    return !v.empty() && v.size() <= 64 && std::all_of(v.begin(), v.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '.' || c == '_' || c == '-';
    });
}

bool safeKey(std::string_view k) {
    return !k.empty() && k.size() <= 40 && (std::islower(static_cast<unsigned char>(k[0])) || k[0] == '_') &&
           std::all_of(k.begin(), k.end(), [](unsigned char c) { return std::islower(c) || std::isdigit(c) || c == '_'; });
}

std::optional<long long> positiveInt(std::string_view v) {
    if (v.empty() || v.size() > 9 || !std::all_of(v.begin(), v.end(), [](unsigned char c) { return std::isdigit(c); }))
        return std::nullopt;
    long long n = std::stoll(std::string(v));
    return n >= 1 ? std::optional(n) : std::nullopt;
}

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

std::string sourceText(const SourceManager& sm, SourceRange r) {
    return std::string(sm.text(r.file).substr(r.begin, r.end - r.begin));
}

/// The values of an `autotune { parameter NAME { values = [...] | range = a..b } }` block.
bool parameterValues(const SourceManager& sm, const Statement& p, Axis& axis, Diagnostics& diags) {
    auto scalar = [&](const Value& v) -> std::optional<std::string> {
        if (v.kind == Value::Kind::String || v.kind == Value::Kind::Identifier)
            return std::string(v.text());
        if (v.kind == Value::Kind::Integer || v.kind == Value::Kind::Float)
            return sourceText(sm, v.range);
        return std::nullopt;
    };
    if (const Value* values = attr(&p, "values")) {
        const syntax::NodeList<Value> listed = values->items();
        const auto items = values->kind == Value::Kind::List ? std::vector<Value>(listed.begin(), listed.end())
                                                             : std::vector<Value>{*values};
        for (const auto& v : items) {
            auto s = scalar(v);
            if (!s) {
                diags.add(DiagCode::SweepInvalid, v.range, "a swept value is a number, a string or a name");
                return false;
            }
            axis.values.push_back(*s);
        }
        return true;
    }
    if (const Value* range = attr(&p, "range")) {
        if (range->kind == Value::Kind::Range && range->items().size() == 2 &&
            range->items()[0].kind == Value::Kind::Integer && range->items()[1].kind == Value::Kind::Integer) {
            int64_t lo = range->items()[0].integer(), hi = range->items()[1].integer();
            if (hi - lo > 100000) {
                diags.add(DiagCode::SweepTooLarge, range->range, fmt::format("the range {}..{} has {} values", lo, hi, hi - lo + 1));
                return false;
            }
            for (int64_t i = lo; i <= hi; ++i)
                axis.values.push_back(std::to_string(i));
            return true;
        }
        if (range->kind == Value::Kind::Integer) {
            axis.values.push_back(std::to_string(range->integer()));
            return true;
        }
        diags.add(DiagCode::SweepInvalid, range->range,
                  "a benchmark sweeps whole numbers of a range: write `values = [...]` for other values");
        return false;
    }
    diags.add(DiagCode::SweepInvalid, p.range(), "the parameter has neither `values` nor `range`");
    return false;
}

std::string jsonString(std::string_view s) { return nlohmann::json(std::string(s)).dump(); }

std::string hms(int64_t seconds) {
    return fmt::format("{:02}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
}

struct ScriptSpec {
    std::string scheduler, name, queue, account, deployment, kernel, version, sourceName, fileName;
    int nodes = 1, cpus = 1;
    int64_t walltime = 600;
    bool exclusive = true;
    int maxParallel = 0;
    std::vector<const BenchTask*> tasks;
    std::vector<std::string> keys;  ///< swept keys, sorted
    // train-step
    std::string workload, device, interconnect;
    double scale = 1e-4;
    int steps = 10;
    std::map<std::string, std::string> defaults;  ///< nodes, batch_size, threads when not swept
    // app
    std::string run;
    std::vector<std::pair<std::string, std::string>> env;
    std::string framework, frameworkVersion;
};

std::string renderScript(const ScriptSpec& s) {
    const bool slurm = s.scheduler == "slurm", pbsPro = s.scheduler == "pbs";
    const size_t n = s.tasks.size();
    std::string out = "#!/bin/bash\n";
    std::string array = fmt::format("0-{}", n - 1) + (s.maxParallel > 0 ? fmt::format("%{}", s.maxParallel) : "");
    if (slurm) {
        auto d = [&](const std::string& t) { out += "#SBATCH " + t + "\n"; };
        d("--job-name=" + s.name);
        d(fmt::format("--nodes={}", s.nodes));
        d("--ntasks-per-node=1");
        d(fmt::format("--cpus-per-task={}", s.cpus));
        d("--time=" + hms(s.walltime));
        if (!s.queue.empty())
            d("--partition=" + s.queue);
        if (!s.account.empty())
            d("--account=" + s.account);
        if (s.exclusive)
            d("--exclusive");
        d("--array=" + array);
        d("--output=logs/%x-%A_%a.out");
    } else {
        auto d = [&](const std::string& t) { out += "#PBS " + t + "\n"; };
        d("-N " + s.name);
        d(pbsPro ? fmt::format("-l select={}:ncpus={}:mpiprocs=1", s.nodes, s.cpus)
                 : fmt::format("-l nodes={}:ppn={}", s.nodes, s.cpus));
        d("-l walltime=" + hms(s.walltime));
        if (!s.queue.empty())
            d("-q " + s.queue);
        if (!s.account.empty())
            d("-A " + s.account);
        if (s.exclusive)
            d(pbsPro ? "-l place=excl" : "-l naccesspolicy=singlejob");
        // PBS Professional has no per-array throttle; Torque's is `%N` as in Slurm.
        d(pbsPro ? fmt::format("-J 0-{}", n - 1) : "-t " + array);
        d("-j oe");
        d("-o logs/");
    }
    out += fmt::format("# Benchmark sweep of deployment {} ({} kernel, {} node{}), generated by modak {} from {}.\n"
                       "# One configuration per array task; each task appends one result record (docs/calibration.md)\n"
                       "# to results/, also when it fails. Submit with submit.sh.\n",
                       s.deployment, s.kernel, s.nodes, s.nodes == 1 ? "" : "s", s.version, s.sourceName);
    out += "set -euo pipefail\n";
    if (!slurm)
        out += "cd \"${PBS_O_WORKDIR:-$PWD}\"\n";
    std::string indexVar = slurm ? "SLURM_ARRAY_TASK_ID" : pbsPro ? "PBS_ARRAY_INDEX" : "PBS_ARRAYID";
    out += fmt::format("\nindex=${{{}:?this script runs as a job array task: submit it with submit.sh}}\n", indexVar);
    out += "# The configurations of this array, by array index.\n";
    auto arrayLine = [&](const std::string& name, auto valueOf) {
        out += name + "=(";
        for (size_t i = 0; i < n; ++i)
            out += (i ? " " : "") + shellQuote(valueOf(*s.tasks[i]));
        out += ")\n";
    };
    arrayLine("task", [](const BenchTask& t) { return std::to_string(t.index); });
    for (const auto& k : s.keys)
        if (k != "nodes")
            arrayLine("sweep_" + k, [&](const BenchTask& t) { return t.configuration.at(k); });
    arrayLine("configuration", [](const BenchTask& t) { return configurationJson(t.configuration); });
    out += "\nresults=${MODAK_BENCH_RESULTS:-$PWD/results}\n"
           "mkdir -p \"$results\"\n"
           "result=$results/task-${task[$index]}.jsonl\n"
           ": >\"$result\"\n";
    std::string jobExpr = slurm ? "${SLURM_ARRAY_JOB_ID:-${SLURM_JOB_ID:-}}_$index" : "${PBS_JOBID:-}";
    out += fmt::format("job={}\n", slurm ? "\"" + jobExpr + "\"" : jobExpr);
    // A task that dies before `modak bench run` wrote its record still leaves one, saying why.
    out += "record_failure() {\n"
           "  local status=$?\n"
           "  if [[ ! -s $result ]]; then\n"
           "    local host\n"
           "    host=$(hostname -s 2>/dev/null || echo unknown)\n"
           "    host=${host//[^A-Za-z0-9._-]/_}\n"
           "    job=${job//[^A-Za-z0-9._\\[\\]-]/_}\n";
    out += fmt::format("    printf '{{\"format\":\"{}\",\"format_version\":{},\"modak_version\":%s,\"deployment\":%s,"
                       "\"kernel\":%s,\"configuration\":%s,\"nodes\":%s,\"hosts\":[\"%s\"],\"status\":\"failed\","
                       "\"reason\":\"exit status %s before a record was written\",\"job\":\"%s\"}}\\n' \\\n"
                       "      {} {} {} \"${{configuration[$index]}}\" {} \"$host\" \"$status\" \"$job\" >>\"$result\"\n",
                       kRecordFormat, kRecordFormatVersion, shellQuote(jsonString(s.version)),
                       shellQuote(jsonString(s.deployment)), shellQuote(jsonString(s.kernel)), s.nodes);
    out += "  fi\n}\ntrap record_failure EXIT\n\n";
    if (slurm) {
        out += "# Task 0 of the run listens here; the others connect (the node's address as Slurm knows it).\n"
               "first=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
               "MASTER_ADDR=$(scontrol show node \"$first\" | sed -n 's/.*NodeAddr=\\([^ ]*\\).*/\\1/p')\n"
               "MASTER_ADDR=${MASTER_ADDR:-$first}\n"
               "MASTER_PORT=$((40000 + ${SLURM_JOB_ID:-0} % 20000))\n"
               "export MASTER_ADDR MASTER_PORT\n\n";
    } else {
        out += "MASTER_ADDR=$(head -n 1 \"${PBS_NODEFILE:-/dev/null}\" || true)\n"
               "MASTER_ADDR=${MASTER_ADDR:-$(hostname)}\n"
               "jobnum=${PBS_JOBID%%[^0-9]*}\n"
               "MASTER_PORT=$((40000 + ${jobnum:-0} % 20000))\n"
               "export MASTER_ADDR MASTER_PORT\n\n";
    }
    std::string launcher = slurm ? fmt::format("srun --ntasks-per-node=1 --ntasks={} ", s.nodes)
                                 : s.nodes > 1 ? fmt::format("mpirun -np {} --map-by ppr:1:node ", s.nodes) : "";
    auto valueOf = [&](const std::string& key) {
        return std::find(s.keys.begin(), s.keys.end(), key) != s.keys.end() && key != "nodes"
                   ? "\"${sweep_" + key + "[$index]}\""
                   : shellQuote(s.defaults.count(key) ? s.defaults.at(key) : "1");
    };
    if (s.kernel == "train-step") {
        out += launcher + "\"${MODAK:-modak}\" bench run --kernel train-step \\\n";
        out += fmt::format("  --workload {} --scale {} --steps {} \\\n", shellQuote(s.workload),
                           shellQuote(fmt::format("{}", s.scale)), s.steps);
        out += fmt::format("  --batch {} --threads {} --nodes {} \\\n", valueOf("batch_size"), valueOf("threads"), s.nodes);
        out += fmt::format("  --device {}{} \\\n", shellQuote(s.device),
                           s.interconnect.empty() ? "" : " --interconnect " + shellQuote(s.interconnect));
        out += fmt::format("  --deployment {} --configuration \"${{configuration[$index]}}\" --job \"$job\" --out \"$result\"\n",
                           shellQuote(s.deployment));
        return out;
    }
    // The application itself, with the configuration in MODAK_* variables. It reports its
    // throughput (samples/s) by writing the number to $MODAK_RESULT.
    for (const auto& [k, v] : s.env)
        out += fmt::format("export {}={}\n", k, shellQuote(v));
    for (const auto& k : s.keys)
        out += k == "nodes" ? fmt::format("export MODAK_NODES={}\n", s.nodes)
                            : fmt::format("export MODAK_{}=\"${{sweep_{}[$index]}}\"\n", upper(k), k);
    out += "export MODAK_RESULT=$results/task-${task[$index]}.throughput\n"
           "rm -f \"$MODAK_RESULT\"\n"
           "# shellcheck disable=SC2016\n";
    out += fmt::format("command={}\n", shellQuote(s.run));
    out += "start=$(date +%s.%N)\n";
    out += launcher + "bash -c \"$command\"\n";
    out += "end=$(date +%s.%N)\n";
    out += "\"${MODAK:-modak}\" bench record --kernel app --deployment " + shellQuote(s.deployment) + " \\\n";
    out += fmt::format("  --nodes {} --batch {}", s.nodes, valueOf("batch_size"));
    if (!s.workload.empty())
        out += " --workload " + shellQuote(s.workload);
    if (!s.device.empty())
        out += " --device " + shellQuote(s.device);
    if (!s.interconnect.empty())
        out += " --interconnect " + shellQuote(s.interconnect);
    if (!s.framework.empty())
        out += " --framework " + shellQuote(s.framework);
    if (!s.frameworkVersion.empty())
        out += " --framework-version " + shellQuote(s.frameworkVersion);
    out += " \\\n  --configuration \"${configuration[$index]}\" --job \"$job\" --start \"$start\" --end \"$end\" \\\n"
           "  --throughput-file \"$MODAK_RESULT\" --out \"$result\"\n";
    return out;
}

std::string renderSubmit(const BenchJobs& jobs, const std::vector<std::string>& scripts, bool chain,
                         const std::string& version, const std::string& sourceName) {
    const bool slurm = jobs.scheduler == "slurm";
    std::string out = "#!/bin/bash\n";
    out += fmt::format("# Submits the benchmark sweep of deployment {} ({} tasks in {} job array{}), generated by modak {}\n"
                       "# from {}. Prints one job id per line. Then: modak bench collect DIR -o results.csv\n",
                       jobs.deployment, jobs.tasks.size(), scripts.size(), scripts.size() == 1 ? "" : "s", version,
                       sourceName);
    out += "set -euo pipefail\ncd \"$(dirname \"$0\")\"\nmkdir -p results logs\n";
    if (chain)
        out += "# --max-parallel: the arrays run one after another, so no two tasks share the machines.\n";
    if (chain)
        out += "previous=\"\"\n";
    for (const auto& s : scripts) {
        if (slurm)
            out += fmt::format("id=$(sbatch --parsable {}{})\n", chain ? "${previous:+--dependency=afterany:$previous} " : "",
                               shellQuote(s));
        else
            out += fmt::format("id=$(qsub {}{})\n", chain ? "${previous:+-W depend=afterany:$previous} " : "", shellQuote(s));
        out += "echo \"$id\"\n";
        if (chain)
            out += "previous=${id%%;*}\n";
    }
    return out;
}

} // namespace

size_t defaultArrayLimit(std::string_view scheduler) { return scheduler == "slurm" ? 1001 : 10000; }

std::optional<BenchJobs> generateBench(const SourceManager& sm, const model::Program& program,
                                       const model::Catalogue& cat, const SweepOptions& o, Diagnostics& diags) {
    const model::Document* root = program.root();
    if (!root)
        return std::nullopt;
    const size_t errorsBefore = diags.errorCount();
    // The deployment.
    std::vector<const model::Symbol*> deployments;
    for (const auto& sym : program.symbols)
        if (sym.kind == "deployment" && sym.file == root->file && sym.block &&
            (o.deployment.empty() || sym.name == o.deployment))
            deployments.push_back(&sym);
    if (deployments.empty()) {
        diags.add(DiagCode::UnresolvedReference, root->tree.headerRange,
                  o.deployment.empty() ? "this file defines no deployment to benchmark"
                                       : fmt::format("no deployment '{}' in this file", o.deployment));
        return std::nullopt;
    }
    if (deployments.size() > 1) {
        std::string names;
        for (auto* d : deployments) {
            if (!names.empty())
                names += ", ";
            names += d->name;
        }
        diags.add(DiagCode::UnresolvedReference, root->tree.headerRange,
                  fmt::format("this file has several deployments ({}): name one with --deployment", names));
        return std::nullopt;
    }
    const model::Symbol& dep = *deployments.front();
    const Statement* block = dep.block;
    const model::Symbol* app = program.lookup(dep.file, "application", word(block, "application"));
    const model::Symbol* target = program.lookup(dep.file, "target", word(block, "target"));
    if (!app || !target)
        return std::nullopt;  // loadProgram reported the unresolved reference
    const SourceRange depAt = dep.block->name() ? dep.block->name()->range : dep.block->range();

    BenchJobs jobs;
    jobs.deployment = dep.name;
    jobs.scheduler = word(target->block, "scheduler");
    if (jobs.scheduler != "slurm" && jobs.scheduler != "pbs" && jobs.scheduler != "torque") {
        const Value* at = attr(target->block, "scheduler");
        diags.add(DiagCode::SweepInvalid, at ? at->range : depAt,
                  fmt::format("benchmark sweeps run as job arrays of Slurm, PBS or Torque; target '{}' has scheduler {}",
                              target->name, jobs.scheduler.empty() ? "none" : jobs.scheduler));
        return std::nullopt;
    }

    // Axes: the autotune block's parameters, then the command line's (which replace a parameter of
    // the same name).
    std::vector<Axis> axes;
    if (const Statement* tune = child(block, "autotune"))
        for (const auto& p : tune->body()) {
            if (p.key().name != "parameter" || p.kind() != Statement::Kind::Block || !p.name())
                continue;
            Axis axis{std::string(p.name()->name), {}, p.name()->range};
            if (parameterValues(sm, p, axis, diags))
                axes.push_back(std::move(axis));
        }
    for (const auto& arg : o.sweeps) {
        auto eq = arg.text.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == arg.text.size()) {
            diags.add(DiagCode::SweepInvalid, arg.range, fmt::format("'{}' is not KEY=V1,V2,...", arg.text));
            continue;
        }
        Axis axis{arg.text.substr(0, eq), {}, arg.range};
        std::string rest = arg.text.substr(eq + 1);
        for (size_t start = 0;;) {
            size_t comma = rest.find(',', start);
            axis.values.push_back(rest.substr(start, comma - start));
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
        axes.erase(std::remove_if(axes.begin(), axes.end(), [&](const Axis& a) { return a.key == axis.key; }), axes.end());
        axes.push_back(std::move(axis));
    }
    static const std::set<std::string> kernelKeys = {"nodes", "batch_size", "threads"};
    const int64_t targetNodes = integer(target->block, "nodes").value_or(0);
    for (auto& axis : axes) {
        if (!safeKey(axis.key)) {
            diags.add(DiagCode::SweepInvalid, axis.range,
                      fmt::format("'{}' is not a sweep key: lower-case letters, digits and _", axis.key));
            continue;
        }
        if (o.kernel == "train-step" && !kernelKeys.count(axis.key)) {
            diags.add(DiagCode::SweepInvalid, axis.range,
                      fmt::format("the train-step kernel varies nodes, batch_size and threads; '{}' would not change "
                                  "what it measures (use --kernel app to pass it to the application)", axis.key));
            continue;
        }
        std::set<std::string> seen;
        for (const auto& v : axis.values) {
            if (!safeValue(v)) {
                diags.add(DiagCode::SweepInvalid, axis.range,
                          fmt::format("sweep value '{}' of {} must be letters, digits, '.', '_' or '-'", v, axis.key));
                break;
            }
            if (kernelKeys.count(axis.key) && !positiveInt(v)) {
                diags.add(DiagCode::SweepInvalid, axis.range,
                          fmt::format("{} takes positive whole numbers, not '{}'", axis.key, v));
                break;
            }
            if (axis.key == "nodes" && targetNodes > 0 && *positiveInt(v) > targetNodes) {
                diags.add(DiagCode::SweepInvalid, axis.range,
                          fmt::format("{} nodes: target '{}' has {}", v, target->name, targetNodes));
                break;
            }
            if (!seen.insert(v).second) {
                diags.add(DiagCode::SweepInvalid, axis.range, fmt::format("{} lists '{}' twice", axis.key, v));
                break;
            }
        }
    }
    if (diags.errorCount() > errorsBefore)
        return std::nullopt;
    std::sort(axes.begin(), axes.end(), [](const Axis& a, const Axis& b) { return a.key < b.key; });

    // Size before building anything: each node count gets an array of the other axes' product.
    const size_t limit = o.arrayLimit ? o.arrayLimit : defaultArrayLimit(jobs.scheduler);
    size_t perArray = 1, nodeCounts = 1;
    bool tooLarge = false;
    for (const auto& a : axes) {
        if (a.key == "nodes") {
            nodeCounts = a.values.size();
            continue;
        }
        perArray *= a.values.size();
        tooLarge = tooLarge || perArray > limit;
    }
    if (tooLarge) {
        std::string product;
        for (const auto& a : axes)
            if (a.key != "nodes")
                product += (product.empty() ? "" : " × ") + fmt::format("{} {}", a.values.size(), a.key);
        auto& d = diags.add(DiagCode::SweepTooLarge, axes.front().range,
                            fmt::format("the sweep needs {} array tasks per node count ({}), more than the {} limit of {} "
                                        "(Slurm MaxArraySize; --array-limit N if your site allows more)",
                                        product.empty() ? "1" : [&] {
                                            double p = 1;
                                            for (const auto& a : axes)
                                                if (a.key != "nodes")
                                                    p *= static_cast<double>(a.values.size());
                                            return fmt::format("{:.0f}", p);
                                        }(),
                                        product, jobs.scheduler, limit));
        for (const auto& a : axes)
            if (a.key != "nodes" && a.range != axes.front().range)
                d.notes.push_back({a.range, fmt::format("{} values of {}", a.values.size(), a.key)});
        return std::nullopt;
    }

    // Defaults of the kernel's parameters, from the deployment and the application.
    const Statement* scale = child(block, "scale");
    const Statement* job = child(block, "job");
    std::map<std::string, std::string> defaults;
    defaults["nodes"] = std::to_string(std::max<int64_t>(1, integer(scale, "nodes").value_or(1)));
    defaults["batch_size"] = std::to_string(std::max<int64_t>(1, integer(app->block, "batch_size").value_or(32)));
    defaults["threads"] = std::to_string(std::max<int64_t>(1, integer(scale, "threads").value_or(1)));

    // The cartesian product, last key fastest; grouped by node count.
    std::vector<std::map<std::string, std::string>> configs(1);
    for (const auto& a : axes) {
        std::vector<std::map<std::string, std::string>> next;
        for (const auto& c : configs)
            for (const auto& v : a.values) {
                auto d = c;
                d[a.key] = v;
                next.push_back(std::move(d));
            }
        configs = std::move(next);
    }
    std::vector<std::string> keys;
    for (const auto& a : axes)
        keys.push_back(a.key);
    std::map<long long, std::vector<size_t>> byNodes;  // node count → task indices
    for (size_t i = 0; i < configs.size(); ++i) {
        long long nodes = *positiveInt(configs[i].count("nodes") ? configs[i]["nodes"] : defaults["nodes"]);
        byNodes[nodes].push_back(i);
    }
    (void)nodeCounts;

    // What the kernel needs to know of the hardware, for the fit.
    ScriptSpec base;
    base.scheduler = jobs.scheduler;
    base.deployment = dep.name;
    base.kernel = o.kernel;
    base.version = o.version;
    base.sourceName = o.sourceName;
    base.keys = keys;
    base.defaults = defaults;
    base.exclusive = o.exclusive;
    base.maxParallel = o.maxParallel;
    base.steps = o.steps;
    base.scale = o.scale;
    base.walltime = integer(job, "walltime").value_or(600);
    base.queue = word(job, "queue", word(target->block, "queue"));
    base.account = word(job, "account", word(target->block, "account"));
    base.interconnect = word(target->block, "interconnect");
    std::string name = word(job, "name", fmt::format("bench-{}", dep.name));
    const Statement* cpu = child(target->block, "cpu");
    const Statement* gpu = child(target->block, "gpu");
    if (const model::Cpu* c = cpu ? cat.cpu(word(cpu, "model")) : nullptr)
        base.device = c->name;
    if (gpu && o.kernel == "app")
        base.device = word(gpu, "model");
    const Value* appWorkload = attr(app->block, "workload");
    std::string workload = o.workload;
    if (workload.empty() && appWorkload && appWorkload->kind == Value::Kind::Identifier &&
        cat.workload(appWorkload->text()))
        workload = std::string(appWorkload->text());
    if (o.kernel == "train-step") {
        if (workload.empty())
            workload = "resnet50";
        if (!cat.workload(workload)) {
            diags.add(DiagCode::SweepInvalid, depAt,
                      fmt::format("unknown workload '{}' for the train-step kernel; known: {}", workload,
                                  model::knownNames(cat.workloads)));
            return std::nullopt;
        }
        if (base.device.empty()) {
            const Value* m = cpu ? attr(cpu, "model") : nullptr;
            diags.add(DiagCode::SweepInvalid,
                      m ? m->range : target->block->name() ? target->block->name()->range : depAt,
                      fmt::format("the train-step kernel measures the CPU, and target '{}' names no CPU model of the "
                                  "catalogue (`cpu {{ model = \"…\" }}`; see `modak catalog hardware`): its results "
                                  "could not be fitted", target->name));
            return std::nullopt;
        }
        if (byNodes.rbegin()->first > 1 && base.interconnect.empty()) {
            diags.add(DiagCode::SweepInvalid, target->block->name() ? target->block->name()->range : depAt,
                      fmt::format("a sweep over more than one node needs the network: target '{}' has no `interconnect`",
                                  target->name));
            return std::nullopt;
        }
    } else {
        base.run = word(app->block, "run");
        if (base.run.empty()) {
            diags.add(DiagCode::SweepInvalid, app->block->name() ? app->block->name()->range : depAt,
                      fmt::format("--kernel app runs the application's `run` command, and application '{}' has none",
                                  app->name));
            return std::nullopt;
        }
        if (const Statement* env = child(app->block, "env"))
            for (const auto& e : env->body())
                if (e.kind() == Statement::Kind::Attribute && codegen::isEnvName(e.key().name))
                    base.env.emplace_back(std::string(e.key().name),
                                          e.value().kind == Value::Kind::String ? std::string(e.value().text())
                                                                              : sourceText(sm, e.value().range));
        if (const Value* fw = attr(app->block, "framework")) {
            base.framework = std::string(fw->text());
            if (fw->kind == Value::Kind::Versioned)
                base.frameworkVersion = std::string(fw->version());
        }
    }
    base.workload = workload;
    for (const auto& v : {name, base.queue, base.account})
        if (!directiveSafe(v)) {
            diags.add(DiagCode::UnsafeValue, depAt,
                      fmt::format("'{}' cannot be written into a scheduler directive (blanks or control characters)", v));
            return std::nullopt;
        }

    // Tasks, scripts.
    jobs.tasks.resize(configs.size());
    std::vector<std::string> scripts;
    const std::string ext = jobs.scheduler == "slurm" ? ".slurm.sh" : jobs.scheduler == "pbs" ? ".pbs.sh" : ".torque.sh";
    for (const auto& [nodes, indices] : byNodes) {
        ScriptSpec spec = base;
        spec.nodes = static_cast<int>(nodes);
        spec.name = byNodes.size() > 1 ? fmt::format("{}-n{}", name, nodes) : name;
        spec.fileName = fmt::format("bench-n{}{}", nodes, ext);
        int maxThreads = 1;
        for (size_t a = 0; a < indices.size(); ++a) {
            BenchTask& t = jobs.tasks[indices[a]];
            t.index = indices[a];
            t.configuration = configs[indices[a]];
            t.script = spec.fileName;
            t.arrayIndex = a;
            t.result = fmt::format("results/task-{}.jsonl", t.index);
            spec.tasks.push_back(&t);
            maxThreads = std::max<int>(maxThreads, static_cast<int>(*positiveInt(
                t.configuration.count("threads") ? t.configuration["threads"] : defaults["threads"])));
        }
        spec.cpus = maxThreads;
        jobs.files.push_back({spec.fileName, renderScript(spec), true});
        scripts.push_back(spec.fileName);
    }
    jobs.files.push_back({"submit.sh", renderSubmit(jobs, scripts, o.maxParallel > 0, o.version, o.sourceName), true});
    nlohmann::ordered_json manifest;
    manifest["format"] = "modak-bench-sweep";
    manifest["format_version"] = 1;
    manifest["modak_version"] = o.version;
    manifest["deployment"] = dep.name;
    manifest["kernel"] = o.kernel;
    manifest["scheduler"] = jobs.scheduler;
    manifest["keys"] = keys;
    nlohmann::ordered_json tasks = nlohmann::ordered_json::array();
    for (const auto& t : jobs.tasks)
        tasks.push_back({{"task", t.index},
                         {"configuration", nlohmann::ordered_json::parse(configurationJson(t.configuration))},
                         {"script", t.script},
                         {"array_index", t.arrayIndex},
                         {"result", t.result}});
    manifest["tasks"] = tasks;
    jobs.files.push_back({"sweep.json", manifest.dump(2) + "\n", false});
    return jobs;
}

} // namespace modak::calibrate
