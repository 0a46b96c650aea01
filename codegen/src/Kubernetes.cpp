// SPDX-License-Identifier: Apache-2.0
#include "Kubernetes.h"

#include "batch/Rows.h"
#include "modak/codegen/Shell.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::codegen {
namespace {

bool dnsLabel(std::string_view s) {
    if (s.empty() || s.size() > 63 || s.front() == '-' || s.back() == '-')
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

/// Kubernetes quantities: whole GiB when exact, MiB rounded up otherwise (never less than asked).
std::string memoryQuantity(int64_t bytes) {
    constexpr int64_t kGi = int64_t(1) << 30, kMi = int64_t(1) << 20;
    if (bytes % kGi == 0)
        return fmt::format("{}Gi", bytes / kGi);
    return fmt::format("{}Mi", (bytes + kMi - 1) / kMi);
}

bool isMpi(const JobSpec& s) {
    return s.mpi || (s.strategy && s.strategy->launch == model::StrategyLaunch::MpiRanks);
}

/// Trained by torch.distributed ranks (DDP, FSDP, DeepSpeed), also when no strategy is named for a
/// PyTorch application.
bool isDdp(const DeploymentContext& c) {
    return c.spec.strategy ? c.spec.strategy->launch == model::StrategyLaunch::TorchRanks
                           : c.lowered.application.framework == "pytorch";
}

/// The MPI in the image decides the launcher's options: Open MPI's (the default, and what Horovod
/// images carry) or MPICH's Hydra (MPICH, MVAPICH, Intel MPI, Cray MPICH).
bool hydraMpi(const DeploymentContext& c) {
    std::string mpi = c.lowered.application.mpiLibrary;
    if (mpi.empty() && c.plan.chosen && c.plan.chosen->image && c.plan.chosen->image->mpi)
        mpi = c.plan.chosen->image->mpi->name;
    return mpi == "mpich" || mpi == "mvapich" || mpi == "intelmpi" || mpi == "cray_mpich";
}

/// A Kueue LocalQueue name that is also a label value: lower-case letters, digits, '-' and '.',
/// at most 63 characters, a letter or digit at both ends.
bool queueName(std::string_view s) {
    if (s.empty() || s.size() > 63 || !std::isalnum(static_cast<unsigned char>(s.front())) ||
        !std::isalnum(static_cast<unsigned char>(s.back())))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
    });
}

/// The pod command that starts the plan's ranks of one node, each with torchrun's variables
/// (RANK, LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE, GROUP_RANK, NODE_RANK, MASTER_ADDR,
/// MASTER_PORT), without torchrun: the plain script's launch (start_ranks). `operatorEnv`: the
/// Kubeflow operator gives each pod its node's index and the rendezvous as torchrun's PET_*
/// defaults (Trainer v2's torch runtime sets no MASTER_ADDR of its own); otherwise the pod is the
/// only node and meets on localhost.
std::string torchRanksScript(const JobSpec& s, int nodes, bool operatorEnv) {
    LaunchRequest request;
    request.kind = LaunchRequest::Kind::Ranks;
    request.nodes = nodes;
    request.tasksPerNode = s.ranksPerNode;
    const Launch launch = batch::kPlain.launch(request);
    std::string out = "set -euo pipefail\n";
    if (operatorEnv)
        out +=
            "# This pod's node index and the rendezvous, as the operator gives them to torchrun.\n"
            "NODE_RANK=$PET_NODE_RANK MASTER_ADDR=$PET_MASTER_ADDR "
            "MASTER_PORT=$PET_MASTER_PORT\n";
    out += launch.setup;
    out += fmt::format("# shellcheck disable=SC2016\ncommand={}\n"
                       "# Each rank's torch.distributed variables, as torchrun sets them.\n"
                       "# shellcheck disable=SC2016\nrank_env={}\n"
                       "{}bash -c \"$rank_env; $command\"\n",
                       shellQuote(s.run), shellQuote("export " + launch.rankEnv), launch.prefix);
    return out;
}

Doc labels(const KubernetesWorkload& w) {
    Doc l = Doc::map();
    l.set("app.kubernetes.io/name", Doc::str(w.nameLabel));
    l.set("app.kubernetes.io/managed-by", Doc::str("modak"));
    return l;
}

Doc envList(const KubernetesWorkload& w) {
    Doc env = Doc::list();
    for (const auto& [k, v] : w.env) {
        Doc& e = env.push(Doc::map());
        e.set("name", Doc::str(k));
        e.set("value", Doc::str(v));
    }
    return env;
}

Doc stringList(const std::vector<std::string>& items) {
    Doc l = Doc::list();
    for (const auto& i : items)
        l.push(Doc::str(i));
    return l;
}

/// The host paths (data set, storage, `mounts`) as hostPath volumes of the node: the container's
/// volumeMounts and the pod's volumes.
std::pair<Doc, Doc> hostPathVolumes(const KubernetesWorkload& w) {
    Doc mounts = Doc::list(), volumes = Doc::list();
    for (size_t i = 0; i < w.mounts.size(); ++i) {
        const auto& m = w.mounts[i];
        std::string name = fmt::format("host-path-{}", i);
        Doc& vm = mounts.push(Doc::map());
        vm.set("name", Doc::str(name));
        vm.set("mountPath", Doc::str(m.target));
        if (m.readOnly)
            vm.set("readOnly", Doc::flag(true));
        Doc& v = volumes.push(Doc::map());
        v.set("name", Doc::str(name));
        v.set("hostPath", Doc::map()).set("path", Doc::str(m.source));
    }
    return {std::move(mounts), std::move(volumes)};
}

/// One pod template: labels, restart policy, one container.
Doc podTemplate(const KubernetesWorkload& w, const Doc& image, std::string_view restartPolicy,
                bool withCommand, bool withResources) {
    Doc t = Doc::map();
    t.set("metadata", Doc::map()).set("labels", labels(w));
    Doc& spec = t.set("spec", Doc::map());
    spec.set("restartPolicy", Doc::str(std::string(restartPolicy)));
    Doc& c = spec.set("containers", Doc::list()).push(Doc::map());
    c.set("name", Doc::str(w.container));
    c.set("image", image);
    if (withCommand)
        c.set("command", stringList(w.command));
    if (!w.env.empty())
        c.set("env", envList(w));
    if (withResources && !w.resources.fields.empty())
        c.set("resources", w.resources);
    // Built apart and set last: setting a field of the pod spec may move the container's fields.
    if (!w.mounts.empty()) {
        auto [mounts, volumes] = hostPathVolumes(w);
        c.set("volumeMounts", std::move(mounts));
        spec.set("volumes", std::move(volumes));
    }
    return t;
}

Doc replica(const KubernetesWorkload& w, const Doc& image, int replicas,
            std::string_view restartPolicy, bool withCommand, bool withResources) {
    Doc r = Doc::map();
    r.set("replicas", Doc::num(replicas));
    r.set("restartPolicy", Doc::str(std::string(restartPolicy)));
    r.set("template", podTemplate(w, image, restartPolicy, withCommand, withResources));
    return r;
}

/// A Kubeflow Trainer v2 TrainJob on `runtime`, a ClusterTrainingRuntime its release ships, whose
/// trainer pods are the replicated job `node` and their container `node`.
void trainJob(KubernetesWorkload& w, std::string_view runtime) {
    w.kind = "TrainJob";
    w.apiVersion = "trainer.kubeflow.org/v1alpha1";
    w.file = "trainjob.yaml";
    w.runtime = runtime;
    w.needs = fmt::format("Kubeflow Trainer v2 and its {} ClusterTrainingRuntime", runtime);
    w.container = "node";
}

/// A TrainJob's spec: the runtime, the trainer (image, command, environment, nodes, processes
/// and resources per node) and, for the host paths, a patch of the runtime's `node` pods.
void trainJobSpec(const KubernetesWorkload& w, const Doc& image, Doc& spec) {
    Doc ref = Doc::map();
    ref.set("apiGroup", Doc::str("trainer.kubeflow.org"));
    ref.set("kind", Doc::str("ClusterTrainingRuntime"));
    ref.set("name", Doc::str(w.runtime));
    spec.set("runtimeRef", std::move(ref));
    if (!w.queue.empty())
        spec.set("suspend", Doc::flag(true)); // Kueue starts it when it admits it
    if (w.activeDeadlineSeconds)
        spec.set("activeDeadlineSeconds", Doc::num(*w.activeDeadlineSeconds));
    Doc trainer = Doc::map();
    trainer.set("image", image);
    trainer.set("command", stringList(w.command));
    if (!w.env.empty())
        trainer.set("env", envList(w));
    trainer.set("numNodes", Doc::num(w.nodes));
    if (w.procsPerNode > 0)
        trainer.set("numProcPerNode", Doc::num(w.procsPerNode));
    if (!w.resources.fields.empty())
        trainer.set("resourcesPerNode", w.resources);
    spec.set("trainer", std::move(trainer));
    if (w.mounts.empty())
        return;
    auto [mounts, volumes] = hostPathVolumes(w);
    Doc container = Doc::map();
    container.set("name", Doc::str(w.container));
    container.set("volumeMounts", std::move(mounts));
    Doc pod = Doc::map();
    pod.set("containers", Doc::list()).push(std::move(container));
    pod.set("volumes", std::move(volumes));
    Doc job = Doc::map();
    job.set("name", Doc::str("node")); // the runtime's trainer pods
    job.set("template", Doc::map())
        .set("spec", Doc::map())
        .set("template", Doc::map())
        .set("spec", std::move(pod));
    Doc patch = Doc::map();
    patch.set("manager", Doc::str("modak"));
    patch.set("trainingRuntimeSpec", Doc::map())
        .set("template", Doc::map())
        .set("spec", Doc::map())
        .set("replicatedJobs", Doc::list())
        .push(std::move(job));
    spec.set("runtimePatches", Doc::list()).push(std::move(patch));
}

} // namespace

std::string kubernetesName(std::string_view text, size_t max) {
    std::string out;
    for (char ch : text) {
        char c = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (ok)
            out += c;
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    if (out.size() > max)
        out.resize(max);
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? "modak-job" : out;
}

std::optional<KubernetesWorkload> kubernetesWorkload(const DeploymentContext& c,
                                                     Diagnostics& diags) {
    const JobSpec& s = c.spec;
    KubernetesWorkload w;

    // The image: Kubernetes pulls OCI images only.
    std::string ref = s.imageReference;
    if (ref.empty()) {
        diags.add(
            DiagCode::UnsupportedEmit, c.plan.range,
            fmt::format(
                "deployment '{}': Kubernetes runs containers, and the deployment has no container "
                "image (the plan chose none and the application has no `container`): no manifest "
                "is "
                "generated",
                c.deployment.name));
        return std::nullopt;
    }
    if (auto scheme = ref.find("://"); scheme != std::string::npos) {
        std::string name = ref.substr(0, scheme);
        if (name != "docker" && name != "oras") {
            diags.add(
                DiagCode::UnsupportedEmit, c.plan.range,
                fmt::format(
                    "deployment '{}': image '{}' is a {} image, which Kubernetes cannot pull: no "
                    "manifest is generated",
                    c.deployment.name, ref, name));
            return std::nullopt;
        }
        ref = ref.substr(scheme + 3);
    }
    w.image = ref;

    if (const model::Located<std::string>& ns = c.lowered.target.kubernetesNamespace; ns.present) {
        if (!dnsLabel(ns.value)) {
            diags.add(DiagCode::UnsafeValue, ns.range,
                      fmt::format("namespace '{}' is not a Kubernetes name (lower-case letters, "
                                  "digits and '-', at most "
                                  "63 characters)",
                                  ns.value));
            return std::nullopt;
        }
        w.ns = ns.value;
    }
    w.name = kubernetesName(s.name);
    w.nameLabel = kubernetesName(c.deployment.name, 63);
    w.env = s.env;
    w.mounts = s.mounts;
    w.activeDeadlineSeconds = s.walltimeSeconds;
    w.nodes = std::max(1, s.nodes);
    w.gpusPerNode = s.gpusPerNode;

    // Resources of one node's container: GPUs as limits, CPU and memory requested and limited
    // alike.
    int tasks = std::max(1, s.tasksPerNode);
    int cpus = s.cpusPerTask > 0 ? tasks * s.cpusPerTask : 0;
    std::string gpuResource = "nvidia.com/gpu";
    if (s.accelerator == "amd")
        gpuResource = "amd.com/gpu";
    Doc limits = Doc::map(), requests = Doc::map();
    if (s.gpusPerNode > 0)
        limits.set(gpuResource, Doc::str(std::to_string(s.gpusPerNode)));
    if (cpus > 0) {
        limits.set("cpu", Doc::str(std::to_string(cpus)));
        requests.set("cpu", Doc::str(std::to_string(cpus)));
    }
    if (s.memoryBytes) {
        limits.set("memory", Doc::str(memoryQuantity(*s.memoryBytes)));
        requests.set("memory", Doc::str(memoryQuantity(*s.memoryBytes)));
    }
    w.resources = Doc::map();
    if (!limits.fields.empty())
        w.resources.set("limits", limits);
    if (!requests.fields.empty())
        w.resources.set("requests", requests);

    // On a Kubernetes target the queue is Kueue's; another scheduler's queue means nothing here.
    if (!s.queue.empty() && s.scheduler == "kubernetes") {
        if (!queueName(s.queue)) {
            const model::JobRequest& job = c.lowered.job;
            diags.add(DiagCode::UnsafeValue,
                      job.queue.present ? job.queue.range : c.lowered.target.queue.range,
                      fmt::format("queue '{}' is not a Kueue LocalQueue name (lower-case letters, "
                                  "digits, '-' and '.', at most 63 characters)",
                                  s.queue));
            return std::nullopt;
        }
        w.queue = s.queue;
    }
    const bool trainer = c.lowered.target.kubeflow != "training_operator";
    const bool jax = s.strategy && s.strategy->launch == model::StrategyLaunch::JaxProcesses;
    // The processes of one node: the plan's ranks when modak starts them, else what a launcher
    // the user wrote should start (one per GPU, else the node's tasks).
    const int perNode = s.ranksPerNode > 0  ? s.ranksPerNode
                        : s.gpusPerNode > 0 ? s.gpusPerNode
                                            : tasks;

    if (isMpi(s)) {
        // Launcher + Workers: the launcher starts every rank with mpirun, `slotsPerWorker` per
        // node.
        w.kind = "MPIJob";
        w.apiVersion = "kubeflow.org/v1";
        w.file = "mpijob.yaml";
        w.needs = "the Kubeflow training operator v1";
        w.container = "mpi";
        w.procsPerNode = tasks;
        w.backoffLimit = 3;
        int ranks = s.ranks.value_or(s.tasks.value_or(w.nodes * tasks));
        w.command = {"mpirun"};
        if (hydraMpi(c)) {
            w.command.insert(w.command.end(),
                             {"-np", std::to_string(ranks), "-ppn", std::to_string(tasks)});
            if (!s.env.empty()) {
                std::string names;
                for (const auto& [k, v] : s.env)
                    names += (names.empty() ? "" : ",") + k;
                w.command.insert(w.command.end(), {"-genvlist", names});
            }
        } else {
            w.command.insert(w.command.end(), {"--allow-run-as-root", "-np", std::to_string(ranks),
                                               "-bind-to", "none", "-map-by", "slot"});
            for (const auto& [k, v] : s.env)
                w.command.insert(w.command.end(), {"-x", k});
        }
        w.command.insert(w.command.end(), {"bash", "-c", s.run});
    } else if (isDdp(c) && (w.nodes > 1 || s.ranksPerNode > 1) && trainer) {
        // Kubeflow Trainer v2: the torch runtime runs numNodes pods, each with PET_NNODES,
        // PET_NPROC_PER_NODE, PET_NODE_RANK, PET_MASTER_ADDR and PET_MASTER_PORT.
        trainJob(w, "torch-distributed");
        w.procsPerNode = perNode;
        // A launcher the user wrote (torchrun) reads the PET_* variables itself; the rendezvous
        // is also given under the names the training operator v1 used.
        w.command = {"bash", "-c",
                     s.ranksPerNode > 0 ? torchRanksScript(s, w.nodes, true)
                                        : "export MASTER_ADDR=\"$PET_MASTER_ADDR\" "
                                          "MASTER_PORT=\"$PET_MASTER_PORT\"\n" +
                                              s.run};
    } else if (isDdp(c) && w.nodes > 1) {
        // Master + Workers; the operator sets MASTER_ADDR, MASTER_PORT, PET_* and, for the pod,
        // WORLD_SIZE and RANK, which each rank's own variables replace.
        w.kind = "PyTorchJob";
        w.apiVersion = "kubeflow.org/v1";
        w.file = "pytorchjob.yaml";
        w.needs = "the Kubeflow training operator v1";
        w.container = "pytorch";
        w.procsPerNode = perNode;
        w.backoffLimit = 3;
        w.command = {"bash", "-c", s.ranksPerNode > 0 ? torchRanksScript(s, w.nodes, true) : s.run};
    } else if (jax && w.nodes > 1 && trainer) {
        // The JAX runtime gives each pod JAX_COORDINATOR_ADDRESS, JAX_NUM_PROCESSES and
        // JAX_PROCESS_ID: one process per node drives its devices.
        trainJob(w, "jax-distributed");
        w.procsPerNode = 0;
        w.command = {"bash", "-c", s.run};
    } else {
        w.kind = "Job";
        w.apiVersion = "batch/v1";
        w.file = "job.yaml";
        w.container = "job";
        w.backoffLimit = 0; // a failed training run is not retried on its own
        // One node: a data-parallel training still gets its ranks (and torchrun's variables).
        w.command = {"bash", "-c",
                     s.ranksPerNode > 0 && w.nodes == 1 ? torchRanksScript(s, 1, false) : s.run};
    }
    return w;
}

Doc kubernetesManifest(const KubernetesWorkload& w, const Doc& image, const Doc& ns) {
    Doc m = Doc::map();
    m.set("apiVersion", Doc::str(w.apiVersion));
    m.set("kind", Doc::str(w.kind));
    Doc& meta = m.set("metadata", Doc::map());
    meta.set("name", Doc::str(w.name));
    if (ns.kind != Doc::Kind::Null)
        meta.set("namespace", ns);
    Doc metaLabels = labels(w);
    if (!w.queue.empty())
        metaLabels.set("kueue.x-k8s.io/queue-name", Doc::str(w.queue));
    meta.set("labels", std::move(metaLabels));
    Doc& spec = m.set("spec", Doc::map());
    if (w.kind == "TrainJob") {
        trainJobSpec(w, image, spec);
        return m;
    }
    if (w.kind == "Job") {
        if (!w.queue.empty())
            spec.set("suspend", Doc::flag(true)); // Kueue starts it when it admits it
        if (w.nodes > 1) {
            // Pods that do not talk to each other: an Indexed Job (JOB_COMPLETION_INDEX) per node.
            spec.set("completionMode", Doc::str("Indexed"));
            spec.set("completions", Doc::num(w.nodes));
            spec.set("parallelism", Doc::num(w.nodes));
        }
        spec.set("backoffLimit", Doc::num(w.backoffLimit));
        if (w.activeDeadlineSeconds)
            spec.set("activeDeadlineSeconds", Doc::num(*w.activeDeadlineSeconds));
        spec.set("template", podTemplate(w, image, "Never", true, true));
        return m;
    }
    Doc runPolicy = Doc::map();
    runPolicy.set("backoffLimit", Doc::num(w.backoffLimit));
    if (w.activeDeadlineSeconds)
        runPolicy.set("activeDeadlineSeconds", Doc::num(*w.activeDeadlineSeconds));
    runPolicy.set("cleanPodPolicy", Doc::str("Running"));
    if (!w.queue.empty())
        runPolicy.set("suspend", Doc::flag(true)); // Kueue starts it when it admits it
    if (w.kind == "PyTorchJob") {
        spec.set("nprocPerNode", Doc::str(std::to_string(w.procsPerNode)));
        spec.set("runPolicy", runPolicy);
        Doc& replicas = spec.set("pytorchReplicaSpecs", Doc::map());
        replicas.set("Master", replica(w, image, 1, "OnFailure", true, true));
        replicas.set("Worker", replica(w, image, w.nodes - 1, "OnFailure", true, true));
    } else {
        spec.set("slotsPerWorker", Doc::num(w.procsPerNode));
        spec.set("mainContainer", Doc::str(w.container));
        spec.set("runPolicy", runPolicy);
        Doc& replicas = spec.set("mpiReplicaSpecs", Doc::map());
        replicas.set("Launcher", replica(w, image, 1, "OnFailure", true, false));
        replicas.set("Worker", replica(w, image, w.nodes, "Never", false, true));
    }
    return m;
}

void emitKubernetes(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    auto w = kubernetesWorkload(c, diags);
    if (!w)
        return;
    std::string text =
        fmt::format("# Kubernetes {} for deployment {}, generated by modak {} from {}.\n"
                    "# Do not edit: change the .modak file and run `modak generate` again.\n",
                    w->kind, c.deployment.name, commentSafe(c.options.version),
                    commentSafe(c.options.sourceName));
    if (!w->needs.empty())
        text += fmt::format("# Needs {}.\n", w->needs);
    if (!w->queue.empty())
        text += fmt::format("# Kueue starts it when its LocalQueue {} admits it.\n", w->queue);
    text += fmt::format("# Run: kubectl apply -f {}\n", w->file);
    Doc ns = w->ns.empty() ? Doc{} : Doc::str(w->ns);
    text += toYaml(kubernetesManifest(*w, Doc::str(w->image), ns));
    out.push_back({"k8s/" + w->file, std::move(text), false});
}

} // namespace modak::codegen
