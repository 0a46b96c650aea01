// SPDX-License-Identifier: Apache-2.0
#include "JobScripts.h"

#include "modak/codegen/Shell.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace modak::codegen {
namespace {

/// The reference without its scheme: "docker://nvcr.io/nvidia/pytorch:23.10-py3" → "nvcr.io/…".
std::string withoutScheme(std::string_view reference) {
    auto scheme = reference.find("://");
    return std::string(scheme == std::string_view::npos ? reference : reference.substr(scheme + 3));
}

/// What the job tells a checkpointing application (docs/codegen.md, "Walltime and checkpoints").
constexpr std::string_view kCheckpointVariables[] = {
    "MODAK_CHECKPOINT_DIR", "MODAK_CHECKPOINT_INTERVAL", "MODAK_CHECKPOINT_STEPS", "MODAK_SEGMENTS",
    "MODAK_SEGMENT_END"};

/// The checkpoint variables, and for a chained run its segment's end and the early exit of a
/// segment after the training finished.
std::string checkpointSetup(const JobSpec& s) {
    if (!s.checkpointing)
        return "";
    std::string out =
        "# Checkpoints: the plan's interval (Young/Daly, from the predicted step time and the "
        "nodes' MTBF);\n# the application writes them to MODAK_CHECKPOINT_DIR and resumes from "
        "the newest.\n";
    // The deployment's name is an identifier: nothing in it needs quoting.
    out += fmt::format("MODAK_CHECKPOINT_DIR=${{MODAK_CHECKPOINT_DIR:-$PWD/checkpoints/{}}}\n",
                       s.deployment);
    out += fmt::format("MODAK_CHECKPOINT_INTERVAL={}\nMODAK_CHECKPOINT_STEPS={}\n",
                       s.checkpointIntervalSeconds, s.checkpointIntervalSteps);
    out += "export MODAK_CHECKPOINT_DIR MODAK_CHECKPOINT_INTERVAL MODAK_CHECKPOINT_STEPS\n";
    out += "mkdir -p \"$MODAK_CHECKPOINT_DIR\"\n";
    if (s.segments > 1) {
        out += fmt::format("# The run is {} chained jobs (submit.*.sh): this one stops {} s before "
                           "its walltime (SIGUSR1, MODAK_SEGMENT_END).\n",
                           s.segments, s.stopSeconds);
        out += fmt::format("export MODAK_SEGMENTS={}\n", s.segments);
        if (s.walltimeSeconds)
            out +=
                fmt::format("MODAK_SEGMENT_END=$(($(date +%s) + {}))\nexport MODAK_SEGMENT_END\n",
                            *s.walltimeSeconds - s.stopSeconds);
        out += "if [[ -e $MODAK_CHECKPOINT_DIR/complete ]]; then\n"
               "  echo \"the training is complete ($MODAK_CHECKPOINT_DIR/complete): nothing left "
               "for this segment\"\n"
               "  exit 0\nfi\n";
    }
    return out + "\n";
}

/// The shell body shared by every scheduler: modules, environment, image, the launch.
std::string body(const JobSpec& s, const Launch& launch) {
    std::string out = "set -euo pipefail\n\n" + launch.setup;
    if (!s.modules.empty()) {
        out += "module purge\n";
        for (const auto& m : s.modules)
            out += fmt::format("module load {}\n", shellQuote(m));
        out += "\n";
    }
    if (!s.env.empty()) {
        for (const auto& [k, v] : s.env)
            out += fmt::format("export {}={}\n", k, shellQuote(v));
        out += "\n";
    }
    out += checkpointSetup(s);
    if (!s.pre.empty())
        out +=
            "# pre (from the .modak file)\n" + s.pre + (s.pre.ends_with('\n') ? "" : "\n") + "\n";

    // A rank's variables: torchrun's, and what its framework reads besides.
    std::string rankEnv = launch.rankEnv.empty() ? "" : "export " + launch.rankEnv;
    if (!rankEnv.empty() && s.strategy) {
        if (s.strategy->launch == model::StrategyLaunch::JaxProcesses) {
            // jax.distributed.initialize(): the coordinator is process 0 (as Kubeflow Trainer's JAX
            // runtime sets them).
            rankEnv += "; export JAX_COORDINATOR_ADDRESS=$MASTER_ADDR:$MASTER_PORT "
                       "JAX_NUM_PROCESSES=$WORLD_SIZE JAX_PROCESS_ID=$RANK";
        } else if (s.strategy->launch == model::StrategyLaunch::TfWorkers &&
                   !launch.hosts.empty()) {
            // MultiWorkerMirroredStrategy: every worker listens on its node at MASTER_PORT.
            out += "# TensorFlow's workers, one a node, for each worker's TF_CONFIG.\n";
            out += "MODAK_TF_WORKERS=$({\n" + launch.hosts + "\n" +
                   R"(} | sed "s/.*/\"&:$MASTER_PORT\"/" | paste -sd, -))" +
                   "\nexport MODAK_TF_WORKERS\n\n";
            rankEnv += "; export TF_CONFIG=\"{\\\"cluster\\\": {\\\"worker\\\": "
                       "[$MODAK_TF_WORKERS]}, \\\"task\\\": {\\\"type\\\": \\\"worker\\\", "
                       "\\\"index\\\": $RANK}}\"";
        }
    }
    // How the command runs inside the chosen container: a rank's variables are computed inside it
    // from the scheduler's ids, which it must see, with the rendezvous (and TensorFlow's workers).
    std::vector<std::string> passOn;
    if (!rankEnv.empty()) {
        passOn = {"MASTER_ADDR", "MASTER_PORT"};
        const std::string& ids = launch.rankEnv;
        for (size_t at = ids.find('$'); at != std::string::npos; at = ids.find('$', at + 1)) {
            size_t from = at + 1 + (ids.compare(at, 3, "$((") == 0 ? 2 : 0), to = from;
            while (to < ids.size() &&
                   (std::isalnum(static_cast<unsigned char>(ids[to])) || ids[to] == '_'))
                ++to;
            std::string name = ids.substr(from, to - from);
            if (!name.empty() && std::find(passOn.begin(), passOn.end(), name) == passOn.end())
                passOn.push_back(name);
        }
        if (rankEnv.find("$MODAK_TF_WORKERS") != std::string::npos)
            passOn.emplace_back("MODAK_TF_WORKERS");
    }
    if (s.checkpointing)
        for (std::string_view name : kCheckpointVariables)
            if (s.segments > 1 || !name.starts_with("MODAK_SEGMENT"))
                passOn.emplace_back(name);
    std::string exec = containerExec(s, out, passOn);
    std::string command = s.run;
    // The command is the application's own shell code, expanded by the shell inside the container.
    out += fmt::format("# shellcheck disable=SC2016\ncommand={}\n", shellQuote(command));
    std::string shell = "bash -c \"$command\"";
    if (!rankEnv.empty()) {
        out += "# Each rank's torch.distributed variables (as torchrun sets them), from its "
               "launcher's ids.\n";
        out += fmt::format("# shellcheck disable=SC2016\nrank_env={}\n", shellQuote(rankEnv));
        shell = "bash -c \"$rank_env; $command\"";
    }
    const bool chained = s.segments > 1;
    if (chained) {
        // A rank that handles SIGUSR1 checkpoints and stops; the shell around it must not die of
        // it first.
        shell.insert(shell.find('"') + 1, "trap '' USR1; ");
        out += "status=0\n";
    }
    out += containerLaunch(launch.prefix, exec) + shell + (chained ? " || status=$?\n" : "\n");
    if (chained)
        out += "# Exit status 0: the training finished, and the segments after this one have "
               "nothing to do.\n"
               "if ((status == 0)); then\n  touch \"$MODAK_CHECKPOINT_DIR/complete\"\nfi\n";
    if (!s.post.empty())
        out += "\n# post (from the .modak file)\n" + s.post + (s.post.ends_with('\n') ? "" : "\n");
    if (chained)
        out += "exit \"$status\"\n";
    return out;
}

} // namespace

namespace {

/// `SRC:DST[:ro]`, as Apptainer's --bind, Docker's -v and pyxis's --container-mounts read a mount.
std::string mountSpec(const JobSpec::Mount& m) {
    return fmt::format("{}:{}{}", m.source, m.target, m.readOnly ? ":ro" : "");
}

/// The reference as enroot's `docker://` URI writes it: a registry host (a first path segment with
/// `.` or `:`, or `localhost`, as Docker tells them) is separated from the image by `#`
/// ("nvcr.io/nvidia/pytorch:23.10-py3" → "nvcr.io#nvidia/pytorch:23.10-py3"); Docker Hub's stay.
std::string enrootReference(std::string_view reference) {
    std::string ref = withoutScheme(reference);
    auto slash = ref.find('/');
    if (slash == std::string::npos)
        return ref;
    std::string_view host = std::string_view(ref).substr(0, slash);
    if (host == "localhost" || host.find_first_of(".:") != std::string_view::npos)
        ref[slash] = '#';
    return ref;
}

} // namespace

std::string containerExec(const JobSpec& s, std::string& out,
                          const std::vector<std::string>& passOn) {
    std::string exec;
    const bool gpu = s.gpusPerNode > 0;
    if (s.runtime == "singularity" || s.runtime == "apptainer") {
        out +=
            fmt::format("image_dir={}\n", s.imageDir.empty() ? "\"${SINGULARITY_DIR:-$PWD}\""
                                                             : shellPathWithVariables(s.imageDir));
        out += fmt::format("image=\"$image_dir\"/{}\n",
                           shellQuote(localImageName(s.imageReference) + ".sif"));
        out += fmt::format("if [[ ! -f $image ]]; then\n  {} pull \"$image\" {}\nfi\n\n", s.runtime,
                           shellQuote(s.imageReference));
        std::string binds;
        for (const auto& m : s.mounts)
            binds += " --bind " + shellQuote(mountSpec(m));
        exec = fmt::format("{} exec{}{} \"$image\"", s.runtime,
                           gpu ? (s.accelerator == "amd" ? " --rocm" : " --nv") : "", binds);
    } else if (s.runtime == "docker" || s.runtime == "podman") {
        std::string ref = withoutScheme(s.imageReference);
        std::string envFlags;
        for (const auto& [k, v] : s.env)
            envFlags += fmt::format(" -e {}", k);
        for (const auto& name : passOn)
            envFlags += fmt::format(" -e {}", name);
        for (const auto& m : s.mounts)
            envFlags += " -v " + shellQuote(mountSpec(m));
        exec = fmt::format(
            "{} run --rm{}{} -v \"$PWD:$PWD\" -w \"$PWD\" {}", s.runtime,
            gpu ? (s.runtime == "docker" ? " --gpus all" : " --device nvidia.com/gpu=all") : "",
            envFlags, shellQuote(ref));
    } else if (s.runtime == "charliecloud") {
        out += fmt::format("image_dir={}\n",
                           s.imageDir.empty() ? "'.'" : shellPathWithVariables(s.imageDir));
        out +=
            fmt::format("image=\"$image_dir\"/{}\n", shellQuote(localImageName(s.imageReference)));
        std::string ref = shellQuote(withoutScheme(s.imageReference));
        out += fmt::format(
            "if [[ ! -d $image ]]; then\n  ch-image pull {0} && ch-convert {0} \"$image\"\nfi\n\n",
            ref);
        // ch-run binds read-write (the image itself is read-only); the destination must exist in
        // the image unless it is writeable.
        std::string binds;
        for (const auto& m : s.mounts)
            binds += " -b " + shellQuote(m.source + ":" + m.target);
        exec = "ch-run --set-env --cd \"$PWD\"" + binds + " \"$image\" --";
    } else if (s.runtime == "pyxis") {
        // enroot converts the image once into a squashfs file on the shared file system; every
        // node's srun task starts from it (a registry reference would import it on every node).
        out += fmt::format("image_dir={}\n",
                           s.imageDir.empty() ? "\"$PWD\"" : shellPathWithVariables(s.imageDir));
        out += fmt::format("image=\"$image_dir\"/{}\n",
                           shellQuote(localImageName(s.imageReference) + ".sqsh"));
        out += fmt::format("if [[ ! -f $image ]]; then\n  mkdir -p \"$image_dir\"\n  enroot import "
                           "--output \"$image\" {}\nfi\n\n",
                           shellQuote("docker://" + enrootReference(s.imageReference)));
        // The container is part of srun itself (pyxis is a plugin of it): these are srun's
        // options, joined to the launcher's srun by containerLaunch. pyxis splits mounts at `,`
        // and fields at `:`, which readJobSpec refuses in a mount; the job folder is mounted too.
        std::string mounts = "\"$PWD:$PWD\"";
        for (const auto& m : s.mounts)
            mounts += "," + shellQuote(mountSpec(m));
        // The task's environment reaches the container, but a variable the image also sets keeps
        // the image's value unless named here: the script's exports and the launch's win, as in
        // every other runtime.
        std::vector<std::string> names;
        for (const auto& [k, v] : s.env)
            names.push_back(k);
        for (const auto& name : passOn)
            if (std::find(names.begin(), names.end(), name) == names.end())
                names.push_back(name);
        std::string env;
        for (const auto& name : names)
            env += (env.empty() ? " --container-env=" : ",") + name;
        exec = fmt::format("srun --container-image=\"$image\" --container-mounts={} "
                           "--container-workdir=\"$PWD\"{}",
                           mounts, env);
    }
    return exec;
}

std::string containerLaunch(std::string_view launcher, std::string_view exec) {
    // pyxis's container is options of srun: one srun with both, not an srun inside the launcher's.
    constexpr std::string_view kSrun = "srun ";
    if (launcher.starts_with(kSrun) && exec.starts_with(kSrun))
        return fmt::format("{}{} ", launcher, exec.substr(kSrun.size()));
    return fmt::format("{}{}{}", launcher, exec, exec.empty() ? "" : " ");
}

namespace {

bool launchedAs(const JobSpec& s, model::StrategyLaunch launch) {
    return s.strategy && s.strategy->launch == launch;
}

bool multiProcess(const JobSpec& s) {
    return s.nodes * std::max(1, s.tasksPerNode) > 1 || s.tasks.value_or(1) > 1;
}

} // namespace

/// Local image name the way MODAK named pulled images: the last path segment, ':' → '_'.
std::string localImageName(std::string_view reference) {
    std::string rest = withoutScheme(reference);
    auto slash = rest.rfind('/');
    std::string name = slash == std::string::npos ? rest : rest.substr(slash + 1);
    std::replace(name.begin(), name.end(), ':', '_');
    return name;
}

namespace {

/// What the application's job asks of the scheduler.
BatchJob applicationJob(const BatchScheduler& scheduler, const JobSpec& s) {
    BatchJob j;
    j.name = s.name;
    j.nodes = s.nodes;
    j.tasks = s.tasks;
    j.tasksPerNode = s.tasksPerNode;
    if (s.cpusPerTask > 0)
        j.cpusPerTask = s.cpusPerTask;
    j.gpusPerNode = s.gpusPerNode;
    j.memoryBytes = s.memoryBytes;
    j.memoryPerCpuBytes = s.memoryPerCpuBytes;
    j.walltimeSeconds = s.walltimeSeconds;
    j.queue = s.queue;
    j.account = s.account;
    j.qos = s.qos;
    j.constraint = s.constraint;
    j.nodelist = s.nodelist;
    j.dependency = s.dependency;
    j.begin = s.begin;
    j.array = s.array;
    j.exclusive = s.exclusive;
    // A log named after the job, as MODAK wrote it, whatever the scheduler's default.
    j.output = s.output.empty() ? logFile(scheduler, s.name) : s.output;
    j.error = s.error;
    j.combineOutput = s.combineOutput;
    j.notify = s.notify;
    j.email = s.email;
    j.exportAll = s.exportAll;
    j.exportVars = s.exportVars;
    if (s.segments > 1 && s.walltimeSeconds)
        j.stopSignalSeconds = s.stopSeconds;
    return j;
}

/// How the application starts on the job's nodes.
Launch applicationLaunch(const BatchScheduler& scheduler, const JobSpec& s) {
    LaunchRequest r;
    r.nodes = s.nodes;
    r.tasks = s.tasks;
    r.tasksPerNode = std::max(1, s.tasksPerNode);
    r.ranks = s.ranks;
    for (const auto& [name, value] : s.env)
        r.environment.push_back(name);
    Launch ranks;
    if (s.ranksPerNode > 0 && scheduler.launch) {
        r.kind = LaunchRequest::Kind::Ranks;
        r.tasksPerNode = s.ranksPerNode;
        ranks = scheduler.launch(r);
    }
    if (!ranks.prefix.empty()) {
        return ranks;
    } else if (s.mpi || launchedAs(s, model::StrategyLaunch::MpiRanks)) {
        r.kind = LaunchRequest::Kind::Mpi;
    } else if (s.kind != "hpc" &&
               (s.nodes > 1 ||
                (launchedAs(s, model::StrategyLaunch::TorchRanks) && s.gpusPerNode > 1))) {
        // torchrun-style launchers start the per-GPU processes themselves: one per node, and the
        // first node is the rendezvous point. (HPC applications without MPI get one process per
        // task, below.)
        r.kind = LaunchRequest::Kind::PerNode;
        r.wholeAllocation = true;
    } else if (multiProcess(s)) {
        r.kind = LaunchRequest::Kind::Tasks;
    } else {
        return {};
    }
    return scheduler.launch ? scheduler.launch(r) : Launch{};
}

} // namespace

std::string scriptHeader(const JobSpec& s, std::string_view what) {
    return fmt::format("# {} for deployment {}, generated by modak {} from {}.\n"
                       "# Do not edit: change the .modak file and run `modak generate` again.\n",
                       what, s.deployment, s.version, s.sourceName);
}

std::string applicationScript(const BatchScheduler& scheduler, const JobSpec& spec) {
    // Segments need a scheduler that ends each at its walltime and starts the next; a script run
    // by hand (the plain row, a cloud node) runs the training to its end.
    JobSpec s = spec;
    if (!scheduler.submitAfter)
        s.segments = 1;
    return renderBatchScript(scheduler, applicationJob(scheduler, s),
                             scriptHeader(s, scheduler.scriptTitle),
                             body(s, applicationLaunch(scheduler, s)));
}

std::string buildScript(const BatchScheduler& scheduler, const JobSpec& s) {
    BatchJob job;
    job.name = s.name + "-build";
    job.tasks = 1;
    job.cpusPerTask = std::max(1, s.buildParallelism);
    job.queue = s.queue;
    job.account = s.account;
    job.combineOutput = true;
    // The sources are fetched on the host; the build runs in the chosen image, so what it compiles
    // matches the MPI and libraries the job runs with (as MODAK did).
    JobSpec build = s;
    build.run = s.buildCommand;
    build.pre.clear();
    build.post.clear();
    build.gpusPerNode = 0;
    build.env.emplace_back("BUILD_PARALLELISM", std::to_string(std::max(1, s.buildParallelism)));
    Launch fetch;
    fetch.setup = fmt::format("src={}\n", shellQuote(s.buildSrc)) +
                  "if [[ $src == *.git ]]; then\n"
                  "  dir=$(basename \"$src\" .git)\n"
                  "  [[ -d $dir ]] || git clone --depth 1 \"$src\" \"$dir\"\n"
                  "  cd \"$dir\"\n"
                  "else\n"
                  "  wget --no-verbose --timestamping \"$src\"\n"
                  "fi\n\n";
    return renderBatchScript(scheduler, job, scriptHeader(s, "Build job"), body(build, fetch));
}

} // namespace modak::codegen
