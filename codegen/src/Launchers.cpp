// SPDX-License-Identifier: Apache-2.0
// SkyPilot task YAML and dstack task configuration: the plan's choice in the formats of the
// launchers teams already use. The command both run is the plain script's (JobScripts.cpp, the
// same per-rank launch as every batch script), after lines that map the launcher's own node
// variables onto the launch contract (NODE_RANK, MASTER_ADDR, MASTER_PORT, MODAK_NODES).
#include "Launchers.h"

#include "batch/Rows.h"
#include "modak/codegen/Doc.h"
#include "modak/codegen/KubernetesName.h"
#include "modak/codegen/LauncherNames.h"
#include "modak/codegen/Shell.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace modak::codegen {

namespace {

// SkyPilot: the accelerator names of its catalogues (sky/utils/gpu_names.py's canonical names, and
// RunPod's RTXA6000 and H100-NVL), checked against SkyPilot's source in 2026-11. dstack: the names
// `dstack offer` prints (gpuhunt's), with the memory where a model comes in two sizes; not every
// row was checked against a dstack catalogue.
constexpr LauncherGpuName kGpuNames[] = {
    {"k80", "K80", "K80"},
    {"p100", "P100", "P100"},
    {"v100_sxm2", "V100", "V100:16GB"},
    {"v100_pcie", "V100", "V100:16GB"},
    {"v100_sxm3", "V100-32GB", "V100:32GB"},
    {"a100_sxm4_40gb", "A100", "A100:40GB"},
    {"a100_pcie_40gb", "A100", "A100:40GB"},
    {"a100_sxm4_80gb", "A100-80GB", "A100:80GB"},
    {"a100_pcie_80gb", "A100-80GB", "A100:80GB"},
    {"h100_sxm5", "H100", "H100"},
    {"h100_pcie", "H100", "H100"},
    {"h100_nvl", "H100-NVL", "H100NVL"},
    {"h200_sxm", "H200", "H200"},
    {"gh200", "GH200", "GH200"},
    {"b200", "B200", "B200"},
    {"gb200", "GB200", "GB200"},
    {"l40s", "L40S", "L40S"},
    {"l4", "L4", "L4"},
    {"t4", "T4", "T4"},
    {"a10g", "A10G", "A10G"},
    {"rtx_a6000", "RTXA6000", "RTXA6000"},
    {"mi300x", "MI300X", "MI300X"},
    {"mi325x", "MI325X", "MI325X"},
};

} // namespace

std::span<const LauncherGpuName> launcherGpuNames() {
    return kGpuNames;
}

bool launcherName(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_' || ch == '.';
    });
}

bool launcherCloud(std::string_view cloud) {
    return cloud == "aws" || cloud == "gcp" || cloud == "azure";
}

namespace {

/// The catalogue GPU the plan runs on, "" for a CPU job.
std::string planGpu(const DeploymentContext& c) {
    if (c.spec.gpusPerNode <= 0)
        return {};
    if (c.plan.chosen && c.plan.chosen->scenario.gpu)
        return c.plan.chosen->scenario.gpu->name;
    if (c.lowered.gpu)
        if (const model::Gpu* g = model::Catalogue::builtin().gpu(c.lowered.gpu->model))
            return g->name;
    return {};
}

const LauncherGpuName* gpuNames(std::string_view gpu) {
    for (const auto& row : kGpuNames)
        if (row.catalogue == gpu)
            return &row;
    return nullptr;
}

/// The chosen image as a registry reference without its scheme; nullopt (with a warning) when the
/// image is no OCI image the launcher can pull; "" when the job runs without an image.
std::optional<std::string> ociImage(const DeploymentContext& c, std::string_view launcher,
                                    Diagnostics& diags) {
    const std::string& ref = c.spec.imageReference;
    if (ref.empty() || c.spec.runtime == "none")
        return std::string();
    auto scheme = ref.find("://");
    if (scheme == std::string::npos)
        return ref;
    std::string name = ref.substr(0, scheme);
    if (name != "docker") {
        diags.add(DiagCode::UnsupportedEmit, c.plan.range,
                  fmt::format("deployment '{}': image '{}' is a {} image, which {} cannot pull: no "
                              "{} file is generated",
                              c.deployment.name, ref, name, launcher, launcher));
        return std::nullopt;
    }
    return ref.substr(scheme + 3);
}

/// The target's region and instance type on a cloud both launchers provision; an unsafe one is an
/// error at the value.
bool siteNames(const DeploymentContext& c, std::string& region, std::string& instance,
               Diagnostics& diags) {
    const model::Target& t = c.lowered.target;
    if (!launcherCloud(t.cloud))
        return true; // neither launcher is told a region of another cloud
    bool ok = true;
    auto take = [&](const model::Located<std::string>& v, std::string_view key, std::string& to) {
        if (!v.present || v.value.empty())
            return;
        if (!launcherName(v.value)) {
            diags.add(DiagCode::UnsafeValue, v.range,
                      fmt::format("{} '{}' is not a name SkyPilot or dstack accept (letters, "
                                  "digits, '-', '_' and '.')",
                                  key, v.value));
            ok = false;
            return;
        }
        to = v.value;
    };
    take(t.region, "region", region);
    take(t.instanceType, "instance_type", instance);
    return ok;
}

/// How a launcher names its nodes for the contract: shell expressions for this node's index, the
/// node count, the GPUs per node, node 0's address and every node's address (one a line).
struct NodeVariables {
    std::string_view launcher;
    std::string_view rank, nodes, gpus, head, addresses;
};

constexpr NodeVariables kSkyPilotNodes = {"SkyPilot",
                                          "$SKYPILOT_NODE_RANK",
                                          "$SKYPILOT_NUM_NODES",
                                          "$SKYPILOT_NUM_GPUS_PER_NODE",
                                          "$(head -n 1 <<<\"$SKYPILOT_NODE_IPS\")",
                                          "$SKYPILOT_NODE_IPS"};
constexpr NodeVariables kDstackNodes = {"dstack",
                                        "$DSTACK_NODE_RANK",
                                        "$DSTACK_NODES_NUM",
                                        "$DSTACK_GPUS_PER_NODE",
                                        "$DSTACK_MASTER_NODE_IP",
                                        "$DSTACK_NODES_IPS"};

/// A plain script without its `#!` line and header comment (the file's own header says it).
std::string withoutHeader(std::string script, const JobSpec& s) {
    if (script.starts_with("#!"))
        script.erase(0, script.find('\n') + 1);
    for (std::string_view title : {batch::kPlain.scriptTitle, std::string_view("Build job")})
        if (std::string header = scriptHeader(s, title) + "\n"; script.starts_with(header))
            script.erase(0, header.size());
    return script;
}

/// The command a node runs: the launcher's variables as the contract's, a check that the launcher
/// started the planned nodes, then the plain script (its rank launch, checkpoints, pre and post)
/// without its `#!` line. The launcher already runs it in the image, with `envs`/`env` set.
std::string nodeScript(const JobSpec& spec, const NodeVariables& v) {
    JobSpec s = spec;
    s.runtime = "none";
    s.env.clear();     // the launcher's `envs`/`env` sets them
    s.modules.clear(); // an image has no environment modules
    std::string out =
        fmt::format("{7}the launch contract from {0}'s variables; node 0 is the rendezvous.\n"
                    "export NODE_RANK=\"{1}\" NNODES=\"{2}\" NPROC_PER_NODE=\"{3}\"\n"
                    "MASTER_ADDR=\"{4}\"\n"
                    "MODAK_NODES=$(paste -sd, - <<<\"{5}\")\n"
                    "export MASTER_ADDR MASTER_PORT=\"${{MASTER_PORT:-29500}}\" MODAK_NODES\n"
                    "if [[ $NNODES != {6} ]]; then\n"
                    "  echo \"modak planned {6} node(s), {0} started $NNODES\" >&2\n"
                    "  exit 1\n"
                    "fi\n",
                    v.launcher, v.rank, v.nodes, v.gpus, v.head, v.addresses, std::max(1, s.nodes),
                    kNodeScriptMarker);
    return out + withoutHeader(applicationScript(batch::kPlain, s), s);
}

/// The build job (fetch `build.src`, run `build.command`) as the launcher's setup, "" without one.
std::string setupScript(const JobSpec& spec) {
    if (spec.buildCommand.empty())
        return {};
    JobSpec s = spec;
    s.runtime = "none";
    s.env.clear(); // the launcher's `envs` sets them for the setup too
    s.modules.clear();
    return withoutHeader(buildScript(batch::kPlain, s), s);
}

/// The predicted run and the upper bound of its interval, in seconds (0 when unknown): spot
/// capacity's expected interruptions included where the plan priced them.
std::pair<double, double> predictedSeconds(const model::DeploymentPlan& plan) {
    if (!plan.chosen)
        return {0, 0};
    const model::Candidate& c = *plan.chosen;
    double total = c.cost ? c.cost->seconds : plan.totalSeconds;
    double high = total;
    if (c.predicted && c.predicted->interval.low > 0)
        high = total * c.predicted->throughput / c.predicted->interval.low;
    return {total, high};
}

/// "4h", "45m": a duration rounded up to whole hours, or to minutes under an hour.
std::string durationUp(double seconds) {
    if (seconds > 3600)
        return fmt::format("{}h", static_cast<int64_t>(std::ceil(seconds / 3600 - 1e-9)));
    return fmt::format("{}m", std::max<int64_t>(1, std::ceil(seconds / 60 - 1e-9)));
}

/// "3.2 h", "42 min", "12 s": a duration for the header comment.
std::string readable(double seconds) {
    if (seconds >= 3600)
        return fmt::format("{:.1f} h", seconds / 3600);
    if (seconds >= 60)
        return fmt::format("{:.0f} min", seconds / 60);
    return fmt::format("{:.0f} s", seconds);
}

/// The plan's choice, for the header comment.
std::string planComment(const DeploymentContext& c) {
    std::string out;
    const auto [total, high] = predictedSeconds(c.plan);
    std::string gpu = planGpu(c);
    out += fmt::format("# Plan: {} node(s)", std::max(1, c.spec.nodes));
    if (!gpu.empty())
        out += fmt::format(" x {} {}", c.spec.gpusPerNode, gpu);
    if (c.plan.chosen && !c.plan.chosen->imageName.empty())
        out += fmt::format(", image {}", c.plan.chosen->imageName);
    out += ".\n";
    if (total > 0)
        out += fmt::format("# Predicted run: {} (up to {})", readable(total), readable(high));
    if (total > 0 && c.plan.chosen && c.plan.chosen->cost && c.plan.chosen->cost->hasMoney())
        out += fmt::format(", {}", c.plan.chosen->cost->text());
    if (total > 0)
        out += ".\n";
    return out;
}

std::string header(const DeploymentContext& c, std::string_view what) {
    return fmt::format("# {} for deployment {}, generated by modak {} from {}.\n"
                       "# Do not edit: change the .modak file and run `modak generate` again.\n",
                       what, c.deployment.name, commentSafe(c.options.version),
                       commentSafe(c.options.sourceName)) +
           planComment(c);
}

/// A multi-node MPI job: each node would start an mpirun of its own (neither launcher's node
/// script has a host file and SSH between the nodes set up for it).
void warnMpiNodes(const DeploymentContext& c, std::string_view launcher, Diagnostics& diags) {
    const JobSpec& s = c.spec;
    bool mpi = s.mpi || (s.strategy && s.strategy->launch == model::StrategyLaunch::MpiRanks);
    if (mpi && s.nodes > 1)
        diags.add(DiagCode::UnsupportedEmit, c.plan.range,
                  fmt::format("deployment '{}': an MPI job on {} nodes runs an mpirun on each node "
                              "under {}, each a world of its own: plan one node, or use a batch "
                              "system or Kubernetes (MPIJob)",
                              c.deployment.name, s.nodes, launcher));
}

/// What both files need of the deployment before anything is written: the image (registry
/// reference, "" for none), the region and the instance type; nullopt (with the diagnostics) when
/// no file can be written.
struct LauncherSite {
    std::string image, region, instance;
};
std::optional<LauncherSite> launcherSite(const DeploymentContext& c, std::string_view launcher,
                                         Diagnostics& diags) {
    auto image = ociImage(c, launcher, diags);
    LauncherSite site;
    if (!image || !siteNames(c, site.region, site.instance, diags))
        return std::nullopt;
    site.image = *image;
    warnMpiNodes(c, launcher, diags);
    return site;
}

/// SkyPilot's disk when a task names none (GB): room for the image and the job's files.
constexpr int64_t kSkyPilotDiskGB = 256;

/// The data set's size in GB, rounded up: its samples (the application's, else the workload's
/// usual count) times the workload's bytes per sample; nullopt when either is unknown.
std::optional<int64_t> datasetGigabytes(const DeploymentContext& c) {
    if (!c.plan.chosen || !c.plan.chosen->scenario.workload)
        return std::nullopt;
    const model::Workload& w = *c.plan.chosen->scenario.workload;
    const auto& samples = c.lowered.application.dataset.samples;
    double bytes = (samples ? static_cast<double>(*samples) : w.datasetSamples) * w.sampleBytes;
    if (bytes <= 0)
        return std::nullopt;
    return static_cast<int64_t>(std::ceil(bytes / 1e9));
}

/// Neither file names a Kubernetes namespace: the launcher's own configuration does.
std::string namespaceNote(const DeploymentContext& c, std::string_view launcher) {
    const auto& ns = c.lowered.target.kubernetesNamespace;
    if (!ns.present || ns.value.empty())
        return {};
    return fmt::format("# namespace {}: set it in {}'s Kubernetes configuration (a task cannot).\n",
                       commentSafe(ns.value), launcher);
}

Doc envMap(const JobSpec& s) {
    Doc env = Doc::map();
    for (const auto& [k, v] : s.env)
        env.set(k, Doc::str(v));
    return env;
}

} // namespace

void emitSkyPilot(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    const JobSpec& s = c.spec;
    auto site = launcherSite(c, "SkyPilot", diags);
    if (!site)
        return;
    const auto& [image, region, instance] = *site;
    const model::Target& t = c.lowered.target;
    std::string notes;

    Doc task = Doc::map();
    task.set("name", Doc::str(kubernetesName(s.name, 63)));
    Doc res = Doc::map();
    // Where: a cloud both know, Kubernetes, or a Slurm cluster SkyPilot is given; else SkyPilot
    // chooses among the clouds it is set up for.
    if (launcherCloud(t.cloud))
        res.set("infra", Doc::str(region.empty() ? t.cloud : t.cloud + "/" + region));
    else if (s.scheduler == "kubernetes" || s.scheduler == "slurm")
        res.set("infra", Doc::str(s.scheduler == "kubernetes" ? "k8s" : "slurm"));
    else
        notes += fmt::format("# infra: not written (SkyPilot does not provision {}): SkyPilot "
                             "chooses.\n",
                             commentSafe(t.cloud.empty() ? s.scheduler : t.cloud));
    notes += namespaceNote(c, "SkyPilot");
    if (int gpus = s.gpusPerNode; gpus > 0) {
        std::string gpu = planGpu(c);
        const LauncherGpuName* names = gpuNames(gpu);
        if (names && !names->skypilot.empty())
            res.set("accelerators", Doc::str(fmt::format("{}:{}", names->skypilot, gpus)));
        else
            diags.add(DiagCode::UnsupportedEmit, c.plan.range,
                      fmt::format("deployment '{}': SkyPilot has no accelerator name for GPU '{}': "
                                  "the task asks for no accelerators",
                                  c.deployment.name, gpu.empty() ? "(unnamed)" : gpu));
    }
    if (!instance.empty())
        res.set("instance_type", Doc::str(instance));
    if (c.lowered.cost.spot)
        res.set("use_spot", Doc::flag(true));
    if (!image.empty())
        res.set("image_id", Doc::str("docker:" + image));
    task.set("resources", std::move(res));
    task.set("num_nodes", Doc::num(std::max(1, s.nodes)));
    if (!s.env.empty())
        task.set("envs", envMap(s));
    // The data set, which SkyPilot copies from where `sky launch` runs (the job's own storage
    // and `mounts` are the cluster's, not copied).
    const auto& dataset = c.lowered.application.dataset.path;
    for (const auto& m : s.mounts)
        if (m.readOnly && dataset.present && m.source == dataset.value) {
            task.set("file_mounts", Doc::map()).set(m.target, Doc::str(m.source));
            // The copy lands on the node's disk: SkyPilot's default disk, plus the data set.
            if (auto gb = datasetGigabytes(c))
                task.find("resources")->set("disk_size", Doc::num(kSkyPilotDiskGB + *gb));
        }
    if (std::string setup = setupScript(s); !setup.empty())
        task.set("setup", Doc::str(setup));
    task.set("run", Doc::str(nodeScript(s, kSkyPilotNodes)));

    std::string text = header(c, "SkyPilot task") + notes;
    text +=
        fmt::format("# Run: sky launch -c {0} task.yaml{1}\n", kubernetesName(s.name, 63),
                    c.lowered.cost.spot ? " (or `sky jobs launch task.yaml`: spot recovery)" : "");
    text += toYaml(task);
    out.push_back({"skypilot/task.yaml", std::move(text), false});
}

void emitDstack(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    const JobSpec& s = c.spec;
    auto site = launcherSite(c, "dstack", diags);
    if (!site)
        return;
    const auto& [image, region, instance] = *site;
    const model::Target& t = c.lowered.target;
    std::string notes;

    Doc task = Doc::map();
    task.set("type", Doc::str("task"));
    // dstack's run names: a lower-case letter first, then letters, digits and '-'.
    std::string name = kubernetesName(s.name, 40);
    if (!std::islower(static_cast<unsigned char>(name.front())))
        name = kubernetesName("modak-" + name, 40);
    task.set("name", Doc::str(name));
    if (!image.empty())
        task.set("image", Doc::str(image));
    task.set("nodes", Doc::num(std::max(1, s.nodes)));
    // The node script is bash (functions, arrays); dstack's default with an image is /bin/sh.
    task.set("shell", Doc::str("bash"));
    Doc commands = Doc::list();
    if (std::string setup = setupScript(s); !setup.empty())
        commands.push(Doc::str(setup));
    commands.push(Doc::str(nodeScript(s, kDstackNodes)));
    task.set("commands", std::move(commands));
    if (!s.env.empty())
        task.set("env", envMap(s));
    if (!s.mounts.empty()) {
        // Instance volumes: the host's path in the container.
        Doc volumes = Doc::list();
        for (const auto& m : s.mounts)
            volumes.push(Doc::str(m.source + ":" + m.target));
        task.set("volumes", std::move(volumes));
    }
    Doc res = Doc::map();
    if (int gpus = s.gpusPerNode; gpus > 0) {
        std::string gpu = planGpu(c);
        const LauncherGpuName* names = gpuNames(gpu);
        if (names && !names->dstack.empty()) {
            res.set("gpu", Doc::str(fmt::format("{}:{}", names->dstack, gpus)));
        } else {
            // Any GPU, as many as planned.
            res.set("gpu", Doc::str(std::to_string(gpus)));
            notes += fmt::format("# resources.gpu: dstack has no name for {}: any {} GPU(s).\n",
                                 commentSafe(gpu.empty() ? "(unnamed)" : gpu), gpus);
        }
    }
    if (!res.fields.empty())
        task.set("resources", std::move(res));
    if (launcherCloud(t.cloud)) {
        task.set("backends", Doc::list()).push(Doc::str(t.cloud));
        if (!region.empty())
            task.set("regions", Doc::list()).push(Doc::str(region));
        if (!instance.empty())
            task.set("instance_types", Doc::list()).push(Doc::str(instance));
    } else if (s.scheduler == "kubernetes") {
        task.set("backends", Doc::list()).push(Doc::str("kubernetes"));
    }
    notes += namespaceNote(c, "dstack");
    for (const char* key : {"backends", "regions", "instance_types"})
        if (Doc* d = task.find(key))
            d->flow = true;
    task.set("spot_policy", Doc::str(c.lowered.cost.spot ? "spot" : "on-demand"));
    const auto [total, high] = predictedSeconds(c.plan);
    // The budget over the predicted instance-hours: an instance dearer than this would spend the
    // budget before the run ends. dstack's max_price is in dollars.
    if (const auto& budget = c.lowered.cost.budget; budget && total > 0) {
        if (budget->unit == "USD") {
            // Whole dollars, rounded down: the cap never allows more than the budget.
            double perHour = budget->amount / (total / 3600.0 * std::max(1, s.nodes));
            if (perHour >= 1)
                task.set("max_price", Doc::num(static_cast<int64_t>(std::floor(perHour))));
        } else {
            notes += fmt::format("# max_price: not written (the budget is in {}; dstack's is in "
                                 "dollars).\n",
                                 commentSafe(budget->unit));
        }
    }
    if (high > 0)
        task.set("max_duration", Doc::str(durationUp(high)));

    std::string text = header(c, "dstack task") + notes;
    text += "# Run: dstack apply -f .dstack.yml\n";
    text += toYaml(task);
    out.push_back({"dstack/.dstack.yml", std::move(text), false});
}

} // namespace modak::codegen
