// SPDX-License-Identifier: Apache-2.0
#include "modak/calibrate/Sweep.h"

#include "KernelSources.h"
#include "modak/calibrate/Framework.h"
#include "modak/calibrate/Record.h"
#include "modak/codegen/BatchJob.h"
#include "modak/codegen/Doc.h"
#include "modak/codegen/JobSpec.h"
#include "modak/codegen/KubernetesName.h"
#include "modak/codegen/Shell.h"
#include "modak/model/Benchmark.h"
#include "modak/model/Schedulers.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <set>

namespace modak::calibrate {
namespace {

using codegen::directiveSafe;
using codegen::shellQuote;

/// One swept key: its values and where each came from.
struct Axis {
    std::string key;
    std::vector<std::string> values;
    SourceRange range; ///< the whole `--sweep` argument or `parameter` block
};

bool safeValue(std::string_view v) {
    return !v.empty() && v.size() <= 64 && std::all_of(v.begin(), v.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '.' || c == '_' || c == '-';
    });
}

bool safeKey(std::string_view k) {
    return !k.empty() && k.size() <= 40 &&
           (std::islower(static_cast<unsigned char>(k[0])) || k[0] == '_') &&
           std::all_of(k.begin(), k.end(), [](unsigned char c) {
               return std::islower(c) || std::isdigit(c) || c == '_';
           });
}

std::optional<long long> positiveInt(std::string_view v) {
    if (v.empty() || v.size() > 9 ||
        !std::all_of(v.begin(), v.end(), [](unsigned char c) { return std::isdigit(c); }))
        return std::nullopt;
    long long n = std::stoll(std::string(v));
    return n >= 1 ? std::optional(n) : std::nullopt;
}

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

/// The values of an `autotune { parameter NAME { values = [...] | range = a..b } }` block.
bool parameterValues(const model::TuneParameter& p, Axis& axis, Diagnostics& diags) {
    if (p.values) {
        for (const auto& v : *p.values) {
            if (!v.text) {
                diags.add(DiagCode::SweepInvalid, v.range,
                          "a swept value is a number, a string or a name");
                return false;
            }
            axis.values.push_back(*v.text);
        }
        return true;
    }
    if (p.range.present) {
        if (const auto& r = p.range.value) {
            if (r->hi - r->lo > 100000) {
                diags.add(
                    DiagCode::SweepTooLarge, p.range.range,
                    fmt::format("the range {}..{} has {} values", r->lo, r->hi, r->hi - r->lo + 1));
                return false;
            }
            for (int64_t i = r->lo; i <= r->hi; ++i)
                axis.values.push_back(std::to_string(i));
            return true;
        }
        diags.add(
            DiagCode::SweepInvalid, p.range.range,
            "a benchmark sweeps whole numbers of a range: write `values = [...]` for other values");
        return false;
    }
    diags.add(DiagCode::SweepInvalid, p.block, "the parameter has neither `values` nor `range`");
    return false;
}

std::string jsonString(std::string_view s) {
    return nlohmann::json(std::string(s)).dump();
}

struct ScriptSpec {
    const codegen::BatchScheduler* batch = nullptr; ///< the scheduler's row (null: Kubernetes)
    std::string scheduler, name, queue, account, deployment, kernel, version, sourceName, fileName;
    int nodes = 1, cpus = 1;
    int64_t walltime = 600;
    bool exclusive = true;
    int maxParallel = 0;
    std::vector<const BenchTask*> tasks;
    std::vector<std::string> keys; ///< swept keys, sorted
    // train-step
    std::string workload, device, interconnect;
    double scale = 1e-4;
    int steps = 10;
    std::map<std::string, std::string> defaults; ///< nodes, batch_size, threads when not swept
    int sockets = 1;
    size_t maxBytes = size_t{16} << 20;
    std::string transport = "tcp";
    std::string image; ///< kubernetes
    /// The node count as the command writes it ("" = `nodes`; Kubernetes: "$nodes")
    std::string nodesWord;
    // app
    std::string run, containerSetup, containerExec;
    std::vector<std::pair<std::string, std::string>> env;
    std::string framework, frameworkVersion;
    // framework
    std::string workloadKind, shapeJson;
    std::string frameworkDevice; ///< cuda on a GPU target, else cpu
};

/// The threads a configuration runs with: swept, else the deployment's.
int threadsOf(const std::map<std::string, std::string>& configuration,
              const std::map<std::string, std::string>& defaults) {
    auto it = configuration.find("threads");
    return static_cast<int>(
        *positiveInt(it != configuration.end() ? it->second : defaults.at("threads")));
}

/// The shell `printf` that writes a `failed` record for the task at `index` (the generated scripts'
/// exit traps): `$host`, `$status` and `$job` are the trap's, the node count is `nodes` as written.
std::string failedRecordPrintf(const ScriptSpec& s, const std::string& nodes) {
    return fmt::format(
        "    printf "
        "'{{\"format\":\"{}\",\"format_version\":{},\"modak_version\":%s,\"deployment\":%s,"
        "\"kernel\":%s,\"configuration\":%s,\"nodes\":%s,\"hosts\":[\"%s\"],\"status\":\"failed\","
        "\"reason\":\"exit status %s before a record was written\",\"job\":\"%s\"}}\\n' \\\n"
        "      {} {} {} \"${{configuration[$index]}}\" {} \"$host\" \"$status\" \"$job\"",
        kRecordFormat, kRecordFormatVersion, shellQuote(jsonString(s.version)),
        shellQuote(jsonString(s.deployment)), shellQuote(jsonString(s.kernel)), nodes);
}

/// How a kernel's command names the value of `key` for the task at `index`: the sweep's array when
/// the key is swept, else the deployment's value.
std::function<std::string(const std::string&)> sweptValue(const ScriptSpec& s) {
    return [&s](const std::string& key) -> std::string {
        return std::find(s.keys.begin(), s.keys.end(), key) != s.keys.end() && key != "nodes"
                   ? "\"${sweep_" + key + "[$index]}\""
                   : shellQuote(s.defaults.count(key) ? s.defaults.at(key) : "1");
    };
}

std::string kernelCommand(const ScriptSpec& s, const std::string& launcher,
                          const std::function<std::string(const std::string&)>& valueOf);

std::string renderScript(const ScriptSpec& s) {
    const codegen::BatchScheduler& row = *s.batch;
    const size_t n = s.tasks.size();
    codegen::BatchJob job;
    job.name = s.name;
    job.nodes = s.nodes;
    job.tasksPerNode = 1;
    job.cpusPerTask = s.cpus;
    job.walltimeSeconds = s.walltime;
    job.queue = s.queue;
    job.account = s.account;
    job.exclusive = s.exclusive;
    if (s.kernel == "framework" && s.frameworkDevice == "cuda")
        job.gpusPerNode = 1; // the framework kernel measures one GPU
    if (row.nativeArrays)
        job.array = codegen::arrayRange(row, n, s.maxParallel);
    job.output = std::string(row.arrayLog);
    job.combineOutput = true;
    std::string header = fmt::format("# Benchmark sweep of deployment {} ({} kernel, {} node{}), "
                                     "generated by modak {} from {}.\n"
                                     "# One configuration per array task; each task appends one "
                                     "result record (docs/calibration.md)\n"
                                     "# to results/, also when it fails. Submit with submit.sh.\n",
                                     s.deployment, s.kernel, s.nodes, s.nodes == 1 ? "" : "s",
                                     s.version, s.sourceName);
    std::string out = "set -euo pipefail\n";
    out += "\n" + codegen::arrayIndexLine(
                      row, "this script runs as a job array task: submit it with submit.sh");
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
    arrayLine("configuration",
              [](const BenchTask& t) { return configurationJson(t.configuration); });
    out += "\nresults=${MODAK_BENCH_RESULTS:-$PWD/results}\n"
           "mkdir -p \"$results\"\n"
           "result=$results/task-${task[$index]}.jsonl\n"
           ": >\"$result\"\n";
    out += fmt::format("job={}\n", row.arrayTaskJob);
    // A task that dies before `modak bench run` wrote its record still leaves one, saying why.
    out += "record_failure() {\n"
           "  local status=$?\n"
           "  if [[ ! -s $result ]]; then\n"
           "    local host\n"
           "    host=$(hostname -s 2>/dev/null || echo unknown)\n"
           "    host=${host//[^A-Za-z0-9._-]/_}\n"
           "    job=${job//[^A-Za-z0-9._\\[\\]-]/_}\n";
    out += failedRecordPrintf(s, std::to_string(s.nodes)) + " >>\"$result\"\n";
    out += "  fi\n}\ntrap record_failure EXIT\n\n";
    out += std::string(row.rendezvous) + "\n";
    // One process per node; the MPI allreduce kernel is the site's MPI program, one rank per node.
    codegen::LaunchRequest perNode;
    perNode.kind = s.kernel == "allreduce" && s.transport == "mpi"
                       ? codegen::LaunchRequest::Kind::MpiPerNode
                       : codegen::LaunchRequest::Kind::PerNode;
    perNode.nodes = s.nodes;
    codegen::Launch launch = row.launch(perNode);
    out += launch.setup;
    out += kernelCommand(s, launch.prefix, sweptValue(s));
    return codegen::renderBatchScript(row, job, header, out);
}

/// The command of one task: `modak bench run` of a shipped kernel, or the application in its
/// container followed by `modak bench record`. `launcher` starts it on every node of the task.
std::string kernelCommand(const ScriptSpec& s, const std::string& launcher,
                          const std::function<std::string(const std::string&)>& valueOf) {
    std::string out;
    const std::string nodes = s.nodesWord.empty() ? std::to_string(s.nodes) : s.nodesWord;
    const std::string tail = fmt::format(
        "  --deployment {} --configuration \"${{configuration[$index]}}\" --job \"$job\" "
        "--out \"$result\"\n",
        shellQuote(s.deployment));
    if (s.kernel == "stream") {
        out += launcher + "\"${MODAK:-modak}\" bench run --kernel stream \\\n";
        out += fmt::format("  --threads {} --array-mib {} --steps {} --device {} --sockets {} \\\n",
                           valueOf("threads"), valueOf("array_mib"), s.steps, shellQuote(s.device),
                           s.sockets);
        return out + tail;
    }
    if (s.kernel == "allreduce" && s.transport == "mpi") {
        // The site's MPI: compiled here with its mpicc, started by its launcher, one rank per node.
        out += "kernel=$results/allreduce_mpi-${task[$index]}\n"
               "\"${MPICC:-mpicc}\" -O2 -o \"$kernel\" allreduce_mpi.c\n"
               "messages=$results/task-${task[$index]}.messages\n";
        out += fmt::format("{}\"$kernel\" 8 {} >\"$messages\"\n", launcher, s.maxBytes);
        out += "\"${MODAK:-modak}\" bench record --kernel allreduce --transport mpi \\\n";
        out += fmt::format("  --nodes {} --interconnect {}{} --messages-file \"$messages\" \\\n",
                           nodes, shellQuote(s.interconnect),
                           s.device.empty() ? "" : " --device " + shellQuote(s.device));
        return out + tail;
    }
    if (s.kernel == "allreduce") {
        out += launcher + "\"${MODAK:-modak}\" bench run --kernel allreduce \\\n";
        out += fmt::format("  --max-bytes {} --nodes {} --interconnect {}{} \\\n", s.maxBytes,
                           nodes, shellQuote(s.interconnect),
                           s.device.empty() ? "" : " --device " + shellQuote(s.device));
        return out + tail;
    }
    if (s.kernel == "framework") {
        // The framework's own training step, with the image's (or the host's) python; then modak
        // turns its measurement into the task's record, also when the script failed.
        FrameworkKernelOptions k;
        k.workload = s.workload;
        k.kind = s.workloadKind;
        k.shapeJson = s.shapeJson;
        k.device = s.frameworkDevice;
        k.steps = s.steps;
        // The swept arguments are the task's (shell words of the arrays); the rest are the same
        // for every task.
        static const std::map<std::string, std::string> swept = {{"--batch", "batch_size"},
                                                                 {"--precision", "precision"},
                                                                 {"--compile", "graph_compiler"},
                                                                 {"--threads", "threads"}};
        out += "measurements=$results/task-${task[$index]}.measurements\n"
               "kernel_status=0\n";
        out += codegen::containerLaunch(launcher, s.containerExec) +
               "\"${MODAK_PYTHON:-python3}\" " + std::string(kFrameworkKernelFile);
        for (const auto& [flag, value] : frameworkKernelArguments(k))
            out += fmt::format(" \\\n  {} {}", flag,
                               swept.count(flag) ? valueOf(swept.at(flag)) : shellQuote(value));
        out += " >\"$measurements\" || kernel_status=$?\n";
        out += "\"${MODAK:-modak}\" bench record --kernel framework --workload " +
               shellQuote(s.workload) +
               (s.device.empty() ? "" : " --device " + shellQuote(s.device)) + " \\\n";
        out += "  --measurements-file \"$measurements\" --exit-status \"$kernel_status\" \\\n";
        return out + tail;
    }
    if (s.kernel == "train-step") {
        out += launcher + "\"${MODAK:-modak}\" bench run --kernel train-step \\\n";
        out += fmt::format("  --workload {} --scale {} --steps {} \\\n", shellQuote(s.workload),
                           shellQuote(fmt::format("{}", s.scale)), s.steps);
        out += fmt::format("  --batch {} --threads {} --nodes {} \\\n", valueOf("batch_size"),
                           valueOf("threads"), nodes);
        out += fmt::format(
            "  --device {}{} \\\n", shellQuote(s.device),
            s.interconnect.empty() ? "" : " --interconnect " + shellQuote(s.interconnect));
        return out + tail;
    }
    // The application itself, with the configuration in MODAK_* variables. It reports its
    // throughput (samples/s) by writing the number to $MODAK_RESULT.
    for (const auto& [k, v] : s.env)
        out += fmt::format("export {}={}\n", k, shellQuote(v));
    for (const auto& k : s.keys)
        out += k == "nodes"
                   ? fmt::format("export MODAK_NODES={}\n", nodes)
                   : fmt::format("export MODAK_{}=\"${{sweep_{}[$index]}}\"\n", upper(k), k);
    out += "export MODAK_RESULT=$results/task-${task[$index]}.throughput\n"
           "rm -f \"$MODAK_RESULT\"\n"
           "# shellcheck disable=SC2016\n";
    out += fmt::format("command={}\n", shellQuote(s.run));
    // The application runs in the container the plan chose, as its job script would run it.
    out += s.containerSetup;
    out += "start=$(date +%s.%N)\n";
    out += codegen::containerLaunch(launcher, s.containerExec) + "bash -c \"$command\"\n";
    out += "end=$(date +%s.%N)\n";
    out += "\"${MODAK:-modak}\" bench record --kernel app --deployment " +
           shellQuote(s.deployment) + " \\\n";
    out += fmt::format("  --nodes {} --batch {}", nodes, valueOf("batch_size"));
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
    out += " \\\n  --configuration \"${configuration[$index]}\" --job \"$job\" --start \"$start\" "
           "--end \"$end\" \\\n"
           "  --throughput-file \"$MODAK_RESULT\" --out \"$result\"\n";
    return out;
}

std::string renderSubmit(const codegen::BatchScheduler& row, const BenchJobs& jobs,
                         const std::vector<std::string>& scripts, const std::vector<size_t>& sizes,
                         int maxParallel, const std::string& version,
                         const std::string& sourceName) {
    const bool chain = maxParallel > 0;
    std::string out = "#!/bin/bash\n";
    out += fmt::format(
        "# Submits the benchmark sweep of deployment {} ({} tasks in {} job array{}), generated by "
        "modak {}\n"
        "# from {}. Prints one job id per line. Then: modak bench collect DIR -o results.csv\n",
        jobs.deployment, jobs.tasks.size(), scripts.size(), scripts.size() == 1 ? "" : "s", version,
        sourceName);
    out += "set -euo pipefail\ncd \"$(dirname \"$0\")\"\nmkdir -p results logs\n";
    if (chain)
        out += "# --max-parallel: the arrays run one after another, so no two tasks share the "
               "machines.\n";
    if (chain)
        out += "previous=\"\"\n";
    for (size_t i = 0; i < scripts.size(); ++i)
        out += row.submitArray(shellQuote(scripts[i]), sizes[i], maxParallel, chain);
    return out;
}

/// The task script of a Kubernetes sweep (mounted from a ConfigMap): the configuration arrays over
/// every task, the task's number from MODAK_TASK_LIST and JOB_COMPLETION_INDEX, the kernel, and a
/// trap that prints a `failed` record when the kernel did not write one. Records go to standard
/// output (the pod's log), where collect.sh finds them; the pod succeeds once a record is out, so
/// one failing configuration does not stop the Indexed Job's others.
std::string renderKubernetesTask(const ScriptSpec& s, size_t taskCount,
                                 const std::vector<std::map<std::string, std::string>>& configs) {
    std::string out = "#!/bin/bash\n";
    out += fmt::format("# One task of the benchmark sweep of deployment {} ({} kernel), generated "
                       "by modak {} from {}.\n"
                       "# Runs in a pod of an Indexed Job of bench.k8s.yaml; prints one result "
                       "record (docs/calibration.md).\n",
                       s.deployment, s.kernel, s.version, s.sourceName);
    out += "set -euo pipefail\n\n";
    out += "# The configurations of the sweep, by task number.\n";
    auto arrayLine = [&](const std::string& name, auto valueOf) {
        out += name + "=(";
        for (size_t i = 0; i < taskCount; ++i)
            out += (i ? " " : "") + shellQuote(valueOf(configs[i]));
        out += ")\n";
    };
    for (const auto& k : s.keys)
        if (k != "nodes")
            arrayLine("sweep_" + k,
                      [&](const std::map<std::string, std::string>& c) { return c.at(k); });
    arrayLine("configuration",
              [](const std::map<std::string, std::string>& c) { return configurationJson(c); });
    out += "\n# A single-node Job runs one task per index; a multi-node Job is one task, its "
           "indexes the ranks.\n"
           "read -ra list <<<\"${MODAK_TASK_LIST:?set by bench.k8s.yaml}\"\n"
           "if [[ ${MODAK_TASKS:-1} -gt 1 ]]; then\n"
           "  index=${list[0]}\n"
           "  export MODAK_RANK=${JOB_COMPLETION_INDEX:?an Indexed Job sets it}\n"
           "else\n"
           "  index=${list[${JOB_COMPLETION_INDEX:?an Indexed Job sets it}]}\n"
           "  export MODAK_RANK=0 MODAK_TASKS=1\n"
           "fi\n"
           "nodes=${MODAK_TASKS:-1}\n"
           "job=\"${MODAK_JOB:-kubernetes}-$index\"\n"
           "job=${job//[^A-Za-z0-9._-]/_}\n"
           "result=$(mktemp)\n";
    out += "print_record() {\n"
           "  local status=$?\n"
           "  if [[ -s $result ]]; then\n"
           "    cat \"$result\"\n"
           "  elif [[ $MODAK_RANK == 0 ]]; then\n"
           "    local host\n"
           "    host=$(hostname 2>/dev/null || echo unknown)\n"
           "    host=${host//[^A-Za-z0-9._-]/_}\n";
    out += failedRecordPrintf(s, "\"$nodes\"") + "\n";
    out += "  fi\n"
           "  rm -f \"$result\"\n"
           "  exit 0\n"
           "}\n"
           "trap print_record EXIT\n\n";
    ScriptSpec spec = s;
    spec.nodesWord = "\"$nodes\""; // the Job's, not a constant of the script shared by every Job
    return out + kernelCommand(spec, "", sweptValue(spec));
}

/// A Kubernetes name of at most 63 characters ending in `suffix`.
std::string k8sName(const std::string& base, const std::string& suffix) {
    return codegen::kubernetesName(base, 63 - suffix.size()) + suffix;
}

/// bench.k8s.yaml: the task script's ConfigMap; one Indexed Job for the single-node configurations
/// (one index per configuration); and per multi-node configuration an Indexed Job of one pod per
/// node (the indexes are the ranks) with a headless Service, so rank 0 is `<job>-0.<service>`.
std::string renderKubernetes(const ScriptSpec& base,
                             const std::map<long long, std::vector<size_t>>& byNodes,
                             std::vector<BenchTask>& tasks, std::vector<std::string>& jobNames,
                             const std::string& script) {
    using codegen::Doc;
    const std::string configMap = k8sName(base.name, "-script");
    std::string out = fmt::format(
        "# Benchmark sweep of deployment {} ({} kernel) as Kubernetes Indexed Jobs, generated by "
        "modak {} from {}.\n# Submit with submit.sh; gather the records with collect.sh.\n",
        codegen::commentSafe(base.deployment), base.kernel, base.version,
        codegen::commentSafe(base.sourceName));
    auto labels = [&](std::optional<size_t> task) {
        Doc l = Doc::map();
        l.set("app.kubernetes.io/name", Doc::str(codegen::kubernetesName(base.deployment, 63)));
        l.set("app.kubernetes.io/managed-by", Doc::str("modak"));
        l.set("modak.dev/bench", Doc::str(codegen::kubernetesName(base.deployment, 63)));
        if (task)
            l.set("modak.dev/bench-task", Doc::str(std::to_string(*task)));
        return l;
    };
    auto emit = [&](const Doc& d) { out += "---\n" + codegen::toYaml(d); };
    // apiVersion, kind and metadata of one object; returns the object.
    auto object = [&](const char* apiVersion, const char* kind, const std::string& name,
                      std::optional<size_t> task) {
        Doc d = Doc::map();
        d.set("apiVersion", Doc::str(apiVersion));
        d.set("kind", Doc::str(kind));
        Doc& meta = d.set("metadata", Doc::map());
        meta.set("name", Doc::str(name));
        meta.set("labels", labels(task));
        return d;
    };

    Doc cm = object("v1", "ConfigMap", configMap, std::nullopt);
    cm.set("data", Doc::map()).set("task.sh", Doc::str(script));
    emit(cm);

    // A Job of `completions` pods running the tasks `indices` (the single-node Job) or one task on
    // `nodes` pods; its pods ask for the most threads any of its tasks uses.
    auto job = [&](const std::string& name, int completions, int parallelism, int nodes,
                   const std::vector<size_t>& indices, std::optional<size_t> task,
                   const std::string& service) {
        Doc j = object("batch/v1", "Job", name, task);
        Doc& spec = j.set("spec", Doc::map());
        spec.set("completionMode", Doc::str("Indexed"));
        spec.set("completions", Doc::num(completions));
        spec.set("parallelism", Doc::num(parallelism));
        spec.set("backoffLimit", Doc::num(0)); // a failed benchmark is recorded, not retried
        spec.set("activeDeadlineSeconds", Doc::num(base.walltime));
        Doc& t = spec.set("template", Doc::map());
        t.set("metadata", Doc::map()).set("labels", labels(task));
        Doc& ps = t.set("spec", Doc::map());
        ps.set("restartPolicy", Doc::str("Never"));
        if (!service.empty())
            ps.set("subdomain", Doc::str(service));
        if (base.exclusive || nodes > 1) {
            // One benchmark pod per node: they would measure each other otherwise.
            Doc term = Doc::map();
            term.set("labelSelector", Doc::map())
                .set("matchLabels", Doc::map())
                .set("modak.dev/bench", Doc::str(codegen::kubernetesName(base.deployment, 63)));
            term.set("topologyKey", Doc::str("kubernetes.io/hostname"));
            Doc terms = Doc::list();
            terms.push(term);
            ps.set("affinity", Doc::map())
                .set("podAntiAffinity", Doc::map())
                .set("requiredDuringSchedulingIgnoredDuringExecution", terms);
        }
        Doc& c = ps.set("containers", Doc::list()).push(Doc::map());
        c.set("name", Doc::str("bench"));
        c.set("image", Doc::str(base.image));
        Doc cmd = Doc::list();
        cmd.push(Doc::str("bash"));
        cmd.push(Doc::str("/modak/task.sh"));
        c.set("command", cmd);
        Doc env = Doc::list();
        auto var = [&](const std::string& k, const std::string& v) {
            Doc& e = env.push(Doc::map());
            e.set("name", Doc::str(k));
            e.set("value", Doc::str(v));
        };
        std::string taskList;
        int cpus = 1;
        for (size_t i : indices) {
            taskList += (taskList.empty() ? "" : " ") + std::to_string(i);
            cpus = std::max(cpus, threadsOf(tasks[i].configuration, base.defaults));
        }
        var("MODAK_TASK_LIST", taskList);
        var("MODAK_TASKS", std::to_string(nodes));
        var("MODAK_JOB", name);
        if (nodes > 1) {
            var("MASTER_ADDR", name + "-0." + service);
            var("MASTER_PORT", "29500");
        }
        c.set("env", env);
        Doc& res = c.set("resources", Doc::map());
        res.set("requests", Doc::map()).set("cpu", Doc::str(std::to_string(cpus)));
        Doc mount = Doc::map();
        mount.set("name", Doc::str("script"));
        mount.set("mountPath", Doc::str("/modak"));
        mount.set("readOnly", Doc::flag(true));
        c.set("volumeMounts", Doc::list()).push(mount);
        Doc vol = Doc::map();
        vol.set("name", Doc::str("script"));
        vol.set("configMap", Doc::map()).set("name", Doc::str(configMap));
        ps.set("volumes", Doc::list()).push(vol);
        emit(j);
    };

    for (const auto& [nodes, indices] : byNodes) {
        if (nodes == 1) {
            std::string name = k8sName(base.name, "-n1");
            for (size_t a = 0; a < indices.size(); ++a) {
                BenchTask& t = tasks[indices[a]];
                t.script = name;
                t.arrayIndex = a;
                t.result = "results/" + name + ".jsonl";
            }
            int parallelism = base.maxParallel > 0 ? std::min<int>(base.maxParallel,
                                                                   static_cast<int>(indices.size()))
                                                   : static_cast<int>(indices.size());
            job(name, static_cast<int>(indices.size()), parallelism, 1, indices, std::nullopt, "");
            jobNames.push_back(name);
            continue;
        }
        for (size_t index : indices) {
            std::string name = k8sName(base.name, fmt::format("-t{}", index));
            BenchTask& t = tasks[index];
            t.script = name;
            t.arrayIndex = 0;
            t.result = "results/" + name + ".jsonl";
            // The headless Service gives each pod of the Job a DNS name: `<job>-<index>.<service>`.
            Doc svc = object("v1", "Service", name, index);
            Doc& spec = svc.set("spec", Doc::map());
            spec.set("clusterIP", Doc::str("None"));
            spec.set("publishNotReadyAddresses",
                     Doc::flag(true)); // rank 0 is reachable before it is ready
            spec.set("selector", labels(index));
            emit(svc);
            job(name, static_cast<int>(nodes), static_cast<int>(nodes), static_cast<int>(nodes),
                {index}, index, name);
            jobNames.push_back(name);
        }
    }
    return out;
}

std::string renderKubernetesSubmit(const BenchJobs& jobs, const std::vector<std::string>& names,
                                   const std::string& version, const std::string& sourceName) {
    std::string out = "#!/bin/bash\n";
    out += fmt::format("# Submits the benchmark sweep of deployment {} ({} tasks in {} Indexed "
                       "Job{}), generated by modak {}\n"
                       "# from {}, to the cluster of kubectl's current context ($NAMESPACE to "
                       "choose the namespace).\n"
                       "# Prints the Jobs' names. Then, when they are done: ./collect.sh && modak "
                       "bench collect DIR -o results.csv\n",
                       codegen::commentSafe(jobs.deployment), jobs.tasks.size(), names.size(),
                       names.size() == 1 ? "" : "s", version, codegen::commentSafe(sourceName));
    out += "set -euo pipefail\ncd \"$(dirname \"$0\")\"\n"
           "kubectl ${NAMESPACE:+--namespace \"$NAMESPACE\"} apply -f bench.k8s.yaml >&2\n";
    for (const auto& n : names)
        out += "echo " + shellQuote(n) + "\n";
    return out;
}

std::string renderKubernetesCollect(const BenchJobs& jobs, const std::vector<std::string>& names) {
    std::string out = "#!/bin/bash\n";
    out += fmt::format(
        "# Gathers the result records of deployment {}'s benchmark Jobs from their pods' logs "
        "into\n"
        "# results/<job>.jsonl (only the record lines: the kernels' messages stay in the log).\n",
        codegen::commentSafe(jobs.deployment));
    out += "set -euo pipefail\ncd \"$(dirname \"$0\")\"\nmkdir -p results\n"
           "jobs=(";
    for (size_t i = 0; i < names.size(); ++i)
        out += (i ? " " : "") + shellQuote(names[i]);
    out += ")\nfor job in \"${jobs[@]}\"; do\n"
           "  logs=$(kubectl ${NAMESPACE:+--namespace \"$NAMESPACE\"} logs --selector "
           "\"job-name=$job\" --tail=-1 \\\n"
           "    --max-log-requests=100 --prefix=false)\n";
    out +=
        fmt::format("  grep '^{{\"format\":\"{}\"' <<<\"$logs\" >\"results/$job.jsonl\" || true\n",
                    kRecordFormat);
    out += "  echo \"$job: $(wc -l <\"results/$job.jsonl\") record(s)\" >&2\n"
           "done\n";
    return out;
}

/// "Slurm, Torque, PBS, LSF or Flux": the schedulers with job arrays.
std::string batchSystems() {
    std::vector<std::string_view> titles;
    for (const auto& s : model::schedulers())
        if (s.batch)
            titles.push_back(s.title);
    std::string out;
    for (size_t i = 0; i < titles.size(); ++i)
        out += fmt::format("{}{}", i == 0 ? "" : i + 1 == titles.size() ? " or " : ", ", titles[i]);
    return out;
}

} // namespace

std::string defaultKernel(bool gpuTarget) {
    return gpuTarget ? "framework" : "train-step";
}

size_t defaultArrayLimit(std::string_view scheduler) {
    if (scheduler == "kubernetes")
        return 100000; // an Indexed Job's completions
    const codegen::BatchScheduler* batch = codegen::findBatchScheduler(scheduler);
    return batch ? batch->arrayLimit : 10000;
}

std::optional<BenchJobs> generateBench(const SourceManager& sm, const model::Program& program,
                                       const model::Catalogue& cat, const SweepOptions& o,
                                       Diagnostics& diags) {
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
                  o.deployment.empty()
                      ? "this file defines no deployment to benchmark"
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
                  fmt::format("this file has several deployments ({}): name one with --deployment",
                              names));
        return std::nullopt;
    }
    const model::Symbol& dep = *deployments.front();
    const model::Deployment lowered = model::lowerDeployment(program, dep, cat);
    if (!lowered.resolved)
        return std::nullopt; // loadProgram reported the unresolved reference
    const model::Application& app = lowered.application;
    const model::Target& target = lowered.target;
    const model::Benchmark bench = model::lowerBenchmark(sm, lowered);
    const SourceRange depAt = lowered.range;

    // The hardware the deployment runs on: its partition's, else the target's.
    const bool gpuTarget = lowered.gpu.has_value();
    const std::string kernel = o.kernel.empty() ? defaultKernel(gpuTarget) : o.kernel;

    BenchJobs jobs;
    jobs.deployment = dep.name;
    jobs.scheduler = target.scheduler;
    const codegen::BatchScheduler* batch = codegen::findBatchScheduler(jobs.scheduler);
    if (batch && !batch->directives)
        batch = nullptr; // no batch system: no job arrays
    if (!batch && jobs.scheduler != "kubernetes") {
        diags.add(DiagCode::SweepInvalid, bench.schedulerAt,
                  fmt::format("benchmark sweeps run as job arrays of {}, or as Kubernetes Indexed "
                              "Jobs; target '{}' "
                              "has scheduler {}",
                              batchSystems(), target.name, jobs.scheduler));
        return std::nullopt;
    }
    if (jobs.scheduler == "kubernetes" && (kernel == "app" || kernel == "framework")) {
        diags.add(
            DiagCode::SweepInvalid, bench.schedulerAt,
            fmt::format(
                "on Kubernetes, sweeps run the shipped kernels (train-step, stream, allreduce) in "
                "modak's image; {} sweep (--kernel {}) needs {}",
                kernel == "app" ? "an application" : "a framework", kernel, batchSystems()));
        return std::nullopt;
    }

    // Axes: the autotune block's parameters, then the command line's (which replace a parameter of
    // the same name).
    std::vector<Axis> axes;
    // The autotune block tunes the application; the hardware kernels measure the machine instead.
    const bool hardwareKernel = kernel == "stream" || kernel == "allreduce";
    for (const model::TuneParameter& p : bench.autotune) {
        Axis axis{p.name.value, {}, p.name.range};
        if (!hardwareKernel && parameterValues(p, axis, diags))
            axes.push_back(std::move(axis));
    }
    for (const auto& arg : o.sweeps) {
        auto eq = arg.text.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == arg.text.size()) {
            diags.add(DiagCode::SweepInvalid, arg.range,
                      fmt::format("'{}' is not KEY=V1,V2,...", arg.text));
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
        axes.erase(std::remove_if(axes.begin(), axes.end(),
                                  [&](const Axis& a) { return a.key == axis.key; }),
                   axes.end());
        axes.push_back(std::move(axis));
    }
    // What each shipped kernel can vary; the application takes any key.
    static const std::map<std::string, std::vector<std::string>> keysOfKernel = {
        {"train-step", {"nodes", "batch_size", "threads"}},
        {"stream", {"threads", "array_mib"}},
        {"allreduce", {"nodes"}},
        {"framework", {"batch_size", "precision", "graph_compiler", "threads"}},
    };
    static const std::set<std::string> wholeNumberKeys = {"nodes", "batch_size", "threads",
                                                          "array_mib"};
    const auto kernelKeyList =
        keysOfKernel.count(kernel) ? keysOfKernel.at(kernel) : std::vector<std::string>{};
    const std::set<std::string> kernelKeys(kernelKeyList.begin(), kernelKeyList.end());
    const int64_t targetNodes = target.nodes.value_or(0);
    for (auto& axis : axes) {
        if (!safeKey(axis.key)) {
            diags.add(
                DiagCode::SweepInvalid, axis.range,
                fmt::format("'{}' is not a sweep key: lower-case letters, digits and _", axis.key));
            continue;
        }
        if (kernel != "app" && !kernelKeys.count(axis.key)) {
            std::string known;
            for (size_t i = 0; i < kernelKeyList.size(); ++i)
                known += (i == 0                          ? ""
                          : i + 1 == kernelKeyList.size() ? " and "
                                                          : ", ") +
                         kernelKeyList[i];
            diags.add(DiagCode::SweepInvalid, axis.range,
                      fmt::format("the {} kernel varies {}; '{}' would not change what it measures "
                                  "(use --kernel app "
                                  "to pass it to the application)",
                                  kernel, known, axis.key));
            continue;
        }
        std::set<std::string> seen;
        for (const auto& v : axis.values) {
            if (!safeValue(v)) {
                diags.add(
                    DiagCode::SweepInvalid, axis.range,
                    fmt::format("sweep value '{}' of {} must be letters, digits, '.', '_' or '-'",
                                v, axis.key));
                break;
            }
            if (wholeNumberKeys.count(axis.key) && (kernel != "app" || axis.key != "array_mib") &&
                !positiveInt(v)) {
                diags.add(DiagCode::SweepInvalid, axis.range,
                          fmt::format("{} takes positive whole numbers, not '{}'", axis.key, v));
                break;
            }
            if (axis.key == "nodes" && targetNodes > 0 && *positiveInt(v) > targetNodes) {
                diags.add(DiagCode::SweepInvalid, axis.range,
                          fmt::format("{} nodes: target '{}' has {}", v, target.name, targetNodes));
                break;
            }
            const auto& allowed = axis.key == "precision"        ? frameworkPrecisions()
                                  : axis.key == "graph_compiler" ? frameworkCompilers()
                                                                 : std::vector<std::string>{};
            if (kernel == "framework" && !allowed.empty() &&
                std::find(allowed.begin(), allowed.end(), v) == allowed.end()) {
                std::string known;
                for (const auto& a : allowed)
                    known += (known.empty() ? "" : ", ") + a;
                diags.add(
                    DiagCode::SweepInvalid, axis.range,
                    fmt::format("the framework kernel knows {} {}, not '{}'", axis.key, known, v));
                break;
            }
            if (axis.key == "nodes" && kernel == "allreduce" && *positiveInt(v) < 2) {
                diags.add(DiagCode::SweepInvalid, axis.range,
                          "the allreduce kernel measures between nodes: every node count must be "
                          "at least 2");
                break;
            }
            if (!seen.insert(v).second) {
                diags.add(DiagCode::SweepInvalid, axis.range,
                          fmt::format("{} lists '{}' twice", axis.key, v));
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
                product +=
                    (product.empty() ? "" : " × ") + fmt::format("{} {}", a.values.size(), a.key);
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
                d.notes.push_back(
                    {a.range, fmt::format("{} values of {}", a.values.size(), a.key)});
        return std::nullopt;
    }

    // Defaults of the kernel's parameters, from the deployment and the application.
    const model::JobRequest& job = lowered.job;
    std::map<std::string, std::string> defaults;
    defaults["nodes"] = std::to_string(bench.nodes);
    defaults["batch_size"] = std::to_string(app.batchSize.value_or(32));
    defaults["threads"] = std::to_string(std::max(1, lowered.scale.threads));
    defaults["array_mib"] = "64";
    if (kernel == "stream" || kernel == "framework")
        defaults["nodes"] = "1"; // a node's memory, or one device: one task on one node
    // The framework kernel runs the application's precision and graph compiler unless swept.
    auto known = [](const std::vector<std::string>& list, const std::string& v) {
        return std::find(list.begin(), list.end(), v) != list.end();
    };
    defaults["precision"] = known(frameworkPrecisions(), app.precision) ? app.precision : "fp32";
    defaults["graph_compiler"] =
        known(frameworkCompilers(), lowered.graphCompiler) ? lowered.graphCompiler : "none";
    if (kernel == "allreduce" &&
        !std::any_of(axes.begin(), axes.end(), [](const Axis& a) { return a.key == "nodes"; })) {
        if (*positiveInt(defaults["nodes"]) < 2) {
            diags.add(DiagCode::SweepInvalid, depAt,
                      "the allreduce kernel measures between nodes: sweep at least two (--sweep "
                      "nodes=2,4)");
            return std::nullopt;
        }
    }

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
    std::map<long long, std::vector<size_t>> byNodes; // node count → task indices
    for (size_t i = 0; i < configs.size(); ++i) {
        long long nodes =
            *positiveInt(configs[i].count("nodes") ? configs[i]["nodes"] : defaults["nodes"]);
        byNodes[nodes].push_back(i);
    }
    (void)nodeCounts;

    // What the kernel needs to know of the hardware, for the fit.
    ScriptSpec base;
    base.scheduler = jobs.scheduler;
    base.batch = batch;
    base.deployment = dep.name;
    base.kernel = kernel;
    base.version = o.version;
    base.sourceName = o.sourceName;
    base.keys = keys;
    base.defaults = defaults;
    base.exclusive = o.exclusive;
    base.maxParallel = o.maxParallel;
    base.steps = o.steps;
    base.scale = o.scale;
    base.walltime = job.walltimeSeconds.value_or(600);
    base.queue = lowered.queue;
    base.account = lowered.account;
    base.interconnect = target.interconnect;
    std::string name = job.name.present ? job.name.value : fmt::format("bench-{}", dep.name);
    // The target's hardware: a sweep measures the machine, not a partition of it.
    const std::optional<model::CpuSpec>& cpu = target.cpu;
    if (const model::Cpu* c = cpu ? cat.cpu(cpu->model) : nullptr)
        base.device = c->name;
    base.sockets = cpu ? cpu->sockets : 1;
    base.maxBytes = o.maxBytes;
    base.transport = kernel == "allreduce" ? o.transport : "";
    base.image = o.image.empty() ? "modak:" + o.version : o.image;
    if (target.gpu && kernel == "app")
        base.device = target.gpu->model;
    if (kernel == "framework") {
        // A GPU target's framework kernel runs on one of its GPUs, never on the host CPU.
        base.frameworkDevice = gpuTarget ? "cuda" : "cpu";
        if (gpuTarget) {
            const model::Gpu* g = cat.gpu(lowered.gpu->model);
            base.device = g ? g->name : "";
        }
    }
    // A nested `workload { }` ("<application>.workload") is the program's: the kernel cannot run
    // it.
    const bool namedWorkload = !app.workload.empty() && app.workload != app.name + ".workload";
    std::string workload = o.workload;
    if (workload.empty() && namedWorkload && cat.workload(app.workload))
        workload = app.workload;
    if (kernel == "stream" || kernel == "allreduce") {
        if (kernel == "stream" && base.device.empty()) {
            diags.add(DiagCode::SweepInvalid, bench.cpuModelAt,
                      fmt::format(
                          "the stream kernel measures the CPU's memory, and target '{}' names no "
                          "CPU model of "
                          "the catalogue (`cpu {{ model = \"…\" }}`; see `modak catalog hardware`)",
                          target.name));
            return std::nullopt;
        }
        if (kernel == "allreduce" && base.interconnect.empty()) {
            diags.add(
                DiagCode::SweepInvalid, bench.targetAt,
                fmt::format(
                    "the allreduce kernel measures the network between nodes: target '{}' has no "
                    "`interconnect`",
                    target.name));
            return std::nullopt;
        }
        if (kernel == "allreduce" && o.transport != "tcp" && o.transport != "mpi") {
            diags.add(DiagCode::SweepInvalid, depAt,
                      fmt::format("unknown transport '{}': tcp or mpi", o.transport));
            return std::nullopt;
        }
        if (o.transport == "mpi" && jobs.scheduler == "kubernetes") {
            diags.add(DiagCode::SweepInvalid, depAt,
                      "on Kubernetes the allreduce kernel runs over TCP (--transport tcp): an MPI "
                      "launch there needs "
                      "the MPI Operator, which a benchmark pod does not have");
            return std::nullopt;
        }
        if (o.maxBytes < 8 || o.maxBytes > (size_t{1} << 32)) {
            diags.add(DiagCode::SweepInvalid, depAt, "--max-bytes must be 8 B to 4 GiB");
            return std::nullopt;
        }
        workload.clear();
    } else if (kernel == "framework") {
        if (workload.empty())
            workload = "resnet50";
        const model::Workload* w = cat.workload(workload);
        if (!w) {
            diags.add(DiagCode::SweepInvalid, depAt,
                      fmt::format("unknown workload '{}' for the framework kernel; known: {}",
                                  workload, model::knownNames(cat.workloads)));
            return std::nullopt;
        }
        base.workloadKind = w->kind;
        base.shapeJson = workloadShapeJson(*w, o.catalogFiles);
    } else if (kernel == "train-step") {
        if (workload.empty())
            workload = "resnet50";
        if (!cat.workload(workload)) {
            diags.add(DiagCode::SweepInvalid, depAt,
                      fmt::format("unknown workload '{}' for the train-step kernel; known: {}",
                                  workload, model::knownNames(cat.workloads)));
            return std::nullopt;
        }
        if (base.device.empty()) {
            diags.add(DiagCode::SweepInvalid, bench.cpuModelAt,
                      fmt::format("the train-step kernel measures the CPU, and target '{}' names "
                                  "no CPU model of the "
                                  "catalogue (`cpu {{ model = \"…\" }}`; see `modak catalog "
                                  "hardware`): its results "
                                  "could not be fitted",
                                  target.name));
            return std::nullopt;
        }
        if (byNodes.rbegin()->first > 1 && base.interconnect.empty()) {
            diags.add(DiagCode::SweepInvalid, bench.targetAt,
                      fmt::format("a sweep over more than one node needs the network: target '{}' "
                                  "has no `interconnect`",
                                  target.name));
            return std::nullopt;
        }
    } else if (kernel != "app") {
        diags.add(
            DiagCode::SweepInvalid, depAt,
            fmt::format("unknown kernel '{}': train-step, framework, stream, allreduce or app",
                        kernel));
        return std::nullopt;
    } else {
        base.run = app.run;
        if (base.run.empty()) {
            diags.add(DiagCode::SweepInvalid, bench.applicationAt,
                      fmt::format("--kernel app runs the application's `run` command, and "
                                  "application '{}' has none",
                                  app.name));
            return std::nullopt;
        }
        base.framework = app.framework;
        base.frameworkVersion = app.frameworkVersion;
    }
    if (kernel == "app" || kernel == "framework") {
        // The container the plan chooses for the deployment, launched as its job script launches
        // it: the application, or the framework kernel with the image's python.
        Diagnostics planDiags;
        model::DeploymentPlan plan = model::planDeployment(
            sm, program, dep, cat, model::Calibration::builtin(), 0, planDiags);
        codegen::GenerateOptions go;
        go.version = o.version;
        go.sourceName = o.sourceName;
        codegen::JobSpec spec = codegen::readJobSpec(plan, go, planDiags);
        if (kernel == "app") {
            // The environment the job script would set: the image's, the compiler's, the
            // application's.
            base.env = spec.env;
            // docker/podman pass the environment by name: the swept keys too.
            for (const auto& a : axes)
                spec.env.emplace_back("MODAK_" + upper(a.key), "");
            spec.env.emplace_back("MODAK_RESULT", "");
        }
        if (!spec.imageReference.empty() && spec.runtime != "none" && !spec.runtime.empty())
            base.containerExec = codegen::containerExec(spec, base.containerSetup);
    }
    base.workload = workload;
    for (const auto& v : {name, base.queue, base.account})
        if (!directiveSafe(v)) {
            diags.add(DiagCode::UnsafeValue, depAt,
                      fmt::format("'{}' cannot be written into a scheduler directive (blanks or "
                                  "control characters)",
                                  v));
            return std::nullopt;
        }

    base.name = name;
    if (jobs.scheduler == "kubernetes") {
        jobs.tasks.resize(configs.size());
        for (size_t i = 0; i < configs.size(); ++i) {
            jobs.tasks[i].index = i;
            jobs.tasks[i].configuration = configs[i];
        }
        std::vector<std::string> names;
        std::string yaml = renderKubernetes(base, byNodes, jobs.tasks, names,
                                            renderKubernetesTask(base, configs.size(), configs));
        jobs.files.push_back({"bench.k8s.yaml", yaml, false});
        jobs.files.push_back(
            {"submit.sh", renderKubernetesSubmit(jobs, names, o.version, o.sourceName), true});
        jobs.files.push_back({"collect.sh", renderKubernetesCollect(jobs, names), true});
    }
    // Tasks, scripts.
    if (jobs.scheduler != "kubernetes")
        jobs.tasks.resize(configs.size());
    std::vector<std::string> scripts;
    std::vector<size_t> sizes;
    for (const auto& [nodes, indices] :
         jobs.scheduler == "kubernetes" ? decltype(byNodes){} : byNodes) {
        ScriptSpec spec = base;
        spec.nodes = static_cast<int>(nodes);
        spec.name = byNodes.size() > 1 ? fmt::format("{}-n{}", name, nodes) : name;
        spec.fileName = fmt::format("bench-n{}.{}.sh", nodes, jobs.scheduler);
        int maxThreads = 1;
        for (size_t a = 0; a < indices.size(); ++a) {
            BenchTask& t = jobs.tasks[indices[a]];
            t.index = indices[a];
            t.configuration = configs[indices[a]];
            t.script = spec.fileName;
            t.arrayIndex = a;
            t.result = fmt::format("results/task-{}.jsonl", t.index);
            spec.tasks.push_back(&t);
            maxThreads = std::max(maxThreads, threadsOf(t.configuration, defaults));
        }
        spec.cpus = maxThreads;
        jobs.files.push_back({spec.fileName, renderScript(spec), true});
        scripts.push_back(spec.fileName);
        sizes.push_back(indices.size());
    }
    if (batch)
        jobs.files.push_back(
            {"submit.sh",
             renderSubmit(*batch, jobs, scripts, sizes, o.maxParallel, o.version, o.sourceName),
             true});
    if (base.transport == "mpi")
        jobs.files.push_back({"allreduce_mpi.c", kAllReduceMpiSource, false});
    if (kernel == "framework")
        jobs.files.push_back(
            {std::string(kFrameworkKernelFile), std::string(frameworkKernelSource()), false});
    nlohmann::ordered_json manifest;
    manifest["format"] = "modak-bench-sweep";
    manifest["format_version"] = 1;
    manifest["modak_version"] = o.version;
    manifest["deployment"] = dep.name;
    manifest["kernel"] = kernel;
    manifest["scheduler"] = jobs.scheduler;
    manifest["keys"] = keys;
    nlohmann::ordered_json tasks = nlohmann::ordered_json::array();
    for (const auto& t : jobs.tasks)
        tasks.push_back(
            {{"task", t.index},
             {"configuration", nlohmann::ordered_json::parse(configurationJson(t.configuration))},
             {"script", t.script},
             {"array_index", t.arrayIndex},
             {"result", t.result}});
    manifest["tasks"] = tasks;
    jobs.files.push_back({"sweep.json", manifest.dump(2) + "\n", false});
    return jobs;
}

} // namespace modak::calibrate
