// SPDX-License-Identifier: Apache-2.0
#include "modak/model/LaunchCheck.h"

#include "LowerWith.h"
#include "modak/model/Strategies.h"
#include "modak/syntax/Lexical.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <mutex>
#include <span>
#include <unordered_map>
#include <vector>

namespace modak::model {
namespace {

/// What an option of a launcher says.
enum class Role : uint8_t {
    Other,      ///< anything else modak need not read
    PerNode,    ///< processes per node
    Nodes,      ///< nodes, or MIN:MAX / MIN-MAX
    Total,      ///< processes in all
    Hosts,      ///< a host list or host file: the processes spread over those hosts
    MapBy,      ///< Open MPI's --map-by; `ppr:N:node` is N per node
    Standalone, ///< torchrun's one-node rendezvous
    Module,     ///< the script is a Python module (`python -m`)
    NoPython,   ///< the script is run as it is, without python
};

struct OptionSpec {
    std::string_view spellings; ///< space-separated
    int values = 1;             ///< words it takes
    Role role = Role::Other;
};

/// What an option the table does not list is taken to be.
enum class Unknown : uint8_t {
    TakesValue, ///< argparse launchers: every option takes a value except the listed flags
    Flag,       ///< every option that takes a value is listed (Open MPI's `mpirun --help all`)
    Stop,       ///< too many of both: modak stops reading (no quick fix)
};

struct LauncherSpec {
    std::string_view name;       ///< launcherOf's
    std::string_view subcommand; ///< `accelerate launch`
    /// The words after the options are a script the launcher runs with Python (torchrun,
    /// deepspeed, accelerate), rather than a command (mpirun, srun, horovodrun).
    bool runsScript = false;
    bool dashesAreUnderscores = false; ///< `--nproc-per-node` is `--nproc_per_node`
    bool attachedShort = false;        ///< `-n4` is `-n 4` (srun)
    Unknown unknown = Unknown::TakesValue;
    std::string_view nodesOption; ///< see LauncherCall::nodesOption
    std::span<const OptionSpec> options;
};

// The options as each tool documents them: torchrun (torch.distributed.run's argument parser,
// PyTorch 1.13 and the current "torchrun (Elastic Launch)" page, which spells them with dashes
// too); DeepSpeed's deepspeed/launcher/runner.py; Accelerate's `accelerate launch` parser (dashes
// or underscores); Open MPI 4.1's `mpirun --help all` and MPICH/Intel Hydra's `-ppn`, `-f`,
// `-hosts`, `-genv`; Slurm's srun(1); horovodrun's horovod/runner/launch.py.
constexpr std::array kTorchrun = {
    OptionSpec{"--nproc-per-node", 1, Role::PerNode}, OptionSpec{"--nnodes", 1, Role::Nodes},
    OptionSpec{"--standalone", 0, Role::Standalone},  OptionSpec{"-m --module", 0, Role::Module},
    OptionSpec{"--no-python", 0, Role::NoPython},     OptionSpec{"--run-path", 0},
};
constexpr std::array kDeepspeed = {
    OptionSpec{"--num_gpus --num_accelerators", 1, Role::PerNode},
    OptionSpec{"--num_nodes", 1, Role::Nodes},
    OptionSpec{"-H --hostfile", 1, Role::Hosts},
    OptionSpec{"--module", 0, Role::Module},
    OptionSpec{"--no_python", 0, Role::NoPython},
    OptionSpec{"--no_local_rank --no_ssh --no_ssh_check --force_multi --save_pid "
               "--elastic_training --bind_cores_to_rank",
               0},
};
constexpr std::array kAccelerate = {
    OptionSpec{"--num-processes", 1, Role::Total},
    OptionSpec{"--num-machines", 1, Role::Nodes},
    OptionSpec{"-m --module", 0, Role::Module},
    OptionSpec{"--no-python", 0, Role::NoPython},
    OptionSpec{"--cpu --multi-gpu --tpu --ipex -q --quiet --enable-cpu-affinity "
               "--dynamo-use-fullgraph --dynamo-use-dynamic --use-deepspeed --use-fsdp "
               "--use-megatron-lm --use-xpu --same-network --tpu-cluster --no-tpu-cluster "
               "--tpu-use-sudo --downcast-bf16",
               0},
    OptionSpec{"--config-file --mixed-precision --num-cpu-threads-per-process --dynamo-backend "
               "--dynamo-mode --gpu-ids --machine-rank --main-process-ip --main-process-port -t "
               "--tee --log-dir --role --rdzv-backend --rdzv-conf --max-restarts "
               "--monitor-interval --deepspeed-config-file --zero-stage "
               "--gradient-accumulation-steps --gradient-clipping --deepspeed-hostfile "
               "--deepspeed-multinode-launcher",
               1},
};
constexpr std::array kMpirun = {
    OptionSpec{"-c -np --np -n --n", 1, Role::Total},
    OptionSpec{"-N -npernode --npernode -ppn", 1, Role::PerNode},
    OptionSpec{"--map-by", 1, Role::MapBy},
    OptionSpec{"-H -host --host -hostfile --hostfile -machinefile --machinefile -f -hosts", 1,
               Role::Hosts},
    OptionSpec{"-mca --mca -gmca --gmca -genv -env", 2},
    OptionSpec{"-am --app --bind-to -bind-to -cf --cartofile -cpu-list --cpu-list -cpu-set "
               "--cpu-set -cpus-per-proc --cpus-per-proc -cpus-per-rank --cpus-per-rank "
               "-debugger --debugger -default-hostfile --default-hostfile -hnp --hnp "
               "-launch-agent --launch-agent -max-restarts --max-restarts -max-vm-size "
               "--max-vm-size -npersocket --npersocket -ompi-server --ompi-server "
               "-output-filename --output-filename -path --path -personality --personality --ppr "
               "--prefix --preload-files --rank-by -report-events --report-events -report-pid "
               "--report-pid -report-uri --report-uri -rf --rankfile -stdin --stdin -timeout "
               "--timeout -tune -wd --wd -wdir --wdir -x -xml-file --xml-file -xterm --xterm "
               "-genvlist -envlist -iface -launcher -rmk",
               1},
};
constexpr std::array kSrun = {
    OptionSpec{"-n --ntasks", 1, Role::Total},
    OptionSpec{"--ntasks-per-node", 1, Role::PerNode},
    OptionSpec{"-N --nodes", 1, Role::Nodes},
    OptionSpec{"--exclusive --label --unbuffered --verbose --quiet --overlap --pty --no-kill "
               "--kill-on-bad-exit --overcommit --spread-job --whole --exact --multi-prog "
               "--disable-status --test-only -l -u -v -Q -k -K -O -X -E -H -Z -s",
               0},
};
constexpr std::array kHorovodrun = {
    OptionSpec{"-np --num-proc", 1, Role::Total},
    OptionSpec{"-H --hosts -hostfile --hostfile --host-discovery-script", 1, Role::Hosts},
    OptionSpec{"-p --ssh-port -i --ssh-identity-file --start-timeout --network-interfaces "
               "--network-interface --output-filename --config-file --min-np --min-num-proc "
               "--max-np --max-num-proc --slots-per-host --elastic-timeout --reset-limit "
               "--log-level --fusion-threshold-mb --cycle-time-ms --cache-capacity "
               "--timeline-filename --autotune-log-file",
               1},
    OptionSpec{"--blacklist-cooldown-range", 2},
    OptionSpec{"--verbose --disable-cache --gloo --mpi --jsrun -cb --check-build "
               "--hierarchical-allreduce --no-hierarchical-allreduce --hierarchical-allgather "
               "--no-hierarchical-allgather --autotune --timeline-mark-cycles --no-stall-check",
               0},
};

const std::array kLaunchers = {
    LauncherSpec{"torchrun", {}, true, true, false, Unknown::TakesValue, "--nnodes", kTorchrun},
    LauncherSpec{
        "deepspeed", {}, true, false, false, Unknown::TakesValue, "--num_nodes", kDeepspeed},
    LauncherSpec{"accelerate", "launch", true, true, false, Unknown::Stop, {}, kAccelerate},
    LauncherSpec{"mpirun", {}, false, false, false, Unknown::Flag, {}, kMpirun},
    LauncherSpec{"mpiexec", {}, false, false, false, Unknown::Flag, {}, kMpirun},
    LauncherSpec{"srun", {}, false, false, true, Unknown::TakesValue, {}, kSrun},
    LauncherSpec{"horovodrun", {}, false, false, false, Unknown::Stop, "-H", kHorovodrun},
};

struct Word {
    size_t begin = 0, end = 0;
};

/// A shell's control and redirection operators, which end a command's words.
bool operatorByte(char c) {
    switch (c) {
    case ';':
    case '&':
    case '|':
    case '<':
    case '>':
    case '(':
    case ')':
        return true;
    default:
        return false;
    }
}

/// The words of the first command of `command` (up to a line end, `;`, `&`, `|`, a redirection
/// or a parenthesis outside quotes), past comment lines; quoted parts stay in their word.
std::vector<Word> firstCommandWords(std::string_view command) {
    std::vector<Word> words;
    size_t i = 0;
    auto blank = [&](size_t at) {
        char c = command[at];
        return c == ' ' || c == '\t' ||
               (c == '\\' && at + 1 < command.size() && command[at + 1] == '\n');
    };
    while (i < command.size()) {
        if (blank(i)) {
            i += command[i] == '\\' ? 2 : 1;
            continue;
        }
        char c = command[i];
        if (c == '\n') {
            if (!words.empty())
                break;
            ++i;
            continue;
        }
        if (c == '#' && words.empty()) { // a comment line before the command
            while (i < command.size() && command[i] != '\n')
                ++i;
            continue;
        }
        if (operatorByte(c))
            break;
        size_t begin = i;
        while (i < command.size() && !blank(i) && command[i] != '\n' && !operatorByte(command[i])) {
            if (command[i] == '\'' || command[i] == '"') {
                size_t close = command.find(command[i], i + 1);
                i = close == std::string_view::npos ? command.size() : close + 1;
            } else {
                ++i;
            }
        }
        words.push_back({begin, i});
    }
    return words;
}

std::string_view basename(std::string_view w) {
    size_t slash = w.rfind('/');
    return slash == std::string_view::npos ? w : w.substr(slash + 1);
}

/// A plain count (`4`), else nullopt (`auto`, `$GPUS`, `"4"`).
std::optional<int> count(std::string_view s) {
    int n = 0;
    if (s.empty() || s.size() > 6)
        return std::nullopt;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc() || end != s.data() + s.size())
        return std::nullopt;
    return n;
}

/// `N`, or a range `MIN:MAX` (torchrun) / `MIN-MAX` (srun).
std::optional<std::pair<int, int>> countRange(std::string_view s) {
    if (auto n = count(s))
        return std::pair{*n, *n};
    size_t sep = s.find_first_of(":-");
    if (sep == std::string_view::npos)
        return std::nullopt;
    auto lo = count(s.substr(0, sep)), hi = count(s.substr(sep + 1));
    if (!lo || !hi)
        return std::nullopt;
    return std::pair{*lo, *hi};
}

const OptionSpec* findOption(const LauncherSpec& spec, std::string_view name) {
    std::string wanted(name);
    if (spec.dashesAreUnderscores && wanted.starts_with("--"))
        std::replace(wanted.begin(), wanted.end(), '_', '-');
    for (const OptionSpec& o : spec.options) {
        std::string_view all = o.spellings;
        for (size_t from = 0; from < all.size();) {
            size_t space = all.find(' ', from);
            if (all.substr(from, space - from) == wanted)
                return &o;
            from = space == std::string_view::npos ? all.size() : space + 1;
        }
    }
    return nullptr;
}

} // namespace

LauncherCall readLauncher(std::string_view command) {
    LauncherCall call;
    call.launcher = launcherOf(command);
    if (call.launcher.empty())
        return call;
    auto spec = std::find_if(kLaunchers.begin(), kLaunchers.end(),
                             [&](const LauncherSpec& s) { return s.name == call.launcher; });
    std::vector<Word> words = firstCommandWords(command);
    auto text = [&](size_t i) {
        return command.substr(words[i].begin, words[i].end - words[i].begin);
    };
    // Past `VAR=value`, `exec` and `env`, as launcherOf reads the command.
    size_t i = 0;
    while (i < words.size() && (text(i) == "exec" || text(i) == "env" ||
                                (text(i).find('=') != std::string_view::npos && text(i)[0] != '-')))
        ++i;
    if (spec == kLaunchers.end() || i >= words.size())
        return call;
    call.begin = words[i].begin;
    call.nodesOption = spec->nodesOption;
    // `python3 -m torch.distributed.run …` runs the script with that python; else `python3`, the
    // name every Python 3 installation has (PEP 394), which torchrun and deepspeed use themselves.
    std::string interpreter = "python3";
    if (basename(text(i)).starts_with("python")) {
        interpreter = std::string(text(i));
        i += 3;
    } else {
        ++i;
    }
    if (i > words.size())
        return call;
    if (!spec->subcommand.empty()) {
        if (i >= words.size() || text(i) != spec->subcommand)
            return call;
        ++i;
    }
    call.nameEnd = words[i - 1].end;
    call.understood = true;
    bool module = false, noPython = false, lost = false;
    for (; i < words.size(); ++i) {
        std::string_view w = text(i);
        if (w == "--") {
            ++i;
            break;
        }
        if (w.size() < 2 || w[0] != '-')
            break; // the training command
        std::string_view name = w, attached;
        bool hasAttached = false;
        if (size_t eq = w.find('='); eq != std::string_view::npos && w.starts_with("--")) {
            name = w.substr(0, eq);
            attached = w.substr(eq + 1);
            hasAttached = true;
        }
        const OptionSpec* o = findOption(*spec, name);
        if (!o && spec->attachedShort && w.size() > 2 && w[1] != '-') {
            o = findOption(*spec, w.substr(0, 2));
            if (o && o->values == 1) {
                name = w.substr(0, 2);
                attached = w.substr(2);
                hasAttached = true;
            } else {
                o = nullptr;
            }
        }
        int values = o ? o->values : 0;
        if (!o && !hasAttached) {
            if (spec->unknown == Unknown::Stop) {
                lost = true;
                break;
            }
            values = spec->unknown == Unknown::TakesValue ? 1 : 0;
        }
        size_t optionBegin = words[i].begin;
        std::string_view value = attached;
        if (!hasAttached && values > 0) {
            if (i + values >= words.size()) {
                lost = true;
                break;
            }
            value = text(i + 1);
            i += values;
        } else if (hasAttached) {
            values = 0;
        }
        Role role = o ? o->role : Role::Other;
        LaunchCount at{0, 0, optionBegin, words[i].end,
                       std::string(command.substr(optionBegin, words[i].end - optionBegin))};
        auto set = [&](std::optional<LaunchCount>& slot, std::optional<std::pair<int, int>> n) {
            if (!n)
                return;
            at.min = n->first;
            at.max = n->second;
            slot = at;
        };
        switch (role) {
        case Role::PerNode:
            set(call.perNode, count(value) ? countRange(value) : std::nullopt);
            break;
        case Role::Total:
            set(call.total, count(value) ? countRange(value) : std::nullopt);
            break;
        case Role::Nodes:
            call.hostsNamed = true;
            set(call.nodes, countRange(value));
            break;
        case Role::Hosts:
            call.hostsNamed = true;
            break;
        case Role::MapBy:
            // ppr:N:node[:modifiers] — N processes per node.
            if (value.starts_with("ppr:")) {
                std::string_view rest = value.substr(4);
                size_t colon = rest.find(':');
                if (colon != std::string_view::npos && rest.substr(colon + 1).starts_with("node"))
                    set(call.perNode, count(rest.substr(0, colon))
                                          ? countRange(rest.substr(0, colon))
                                          : std::nullopt);
            }
            break;
        case Role::Standalone:
            call.standalone = at;
            break;
        case Role::Module:
            module = true;
            break;
        case Role::NoPython:
            noPython = true;
            break;
        case Role::Other:
            break;
        }
    }
    if (lost || i >= words.size())
        return call;
    call.end = words[i].begin;
    std::string start;
    if (spec->runsScript)
        start = noPython ? "" : module ? interpreter + " -m " : interpreter + " ";
    call.training =
        std::string(command.substr(0, call.begin)) + start + std::string(command.substr(call.end));
    return call;
}

namespace {

/// What a launch warning reads of a deployment: its name, and what its application runs and where
/// `run` is written. checkProgramLaunches takes it before it blanks the deployment into its
/// planner view (plannerView), which keeps none of the names and ranges.
struct LaunchSubject {
    explicit LaunchSubject(const Deployment& d)
        : deployment(d.name), run(d.application.run), distributed(d.application.distributed),
          mpi(d.application.mpi), runRange(*d.application.runRange),
          application(d.application.symbol) {}

    std::string deployment;
    std::string run, distributed;
    bool mpi = false;
    SourceRange runRange;
    const Symbol* application = nullptr; ///< whose block's source holds the `run` literal
};

/// Where offsets of the decoded `run` text are in the source: the literal as written, walked
/// through its escapes. Without it (an `executable` with `arguments`, a literal that does not
/// decode to `run`), everything is located at the value.
class RunLocator {
public:
    RunLocator(const LaunchSubject& app) : range_(app.runRange) {
        // The application block's key is a view into the source buffer that holds the value too
        // (Ast.h): the literal is read from there, without reading the tree by key.
        const Symbol* symbol = app.application;
        if (!symbol || !symbol->block || symbol->file != range_.file)
            return;
        auto key = symbol->block->key();
        if (key.name.empty())
            return;
        std::string_view literal(key.name.data() - key.range.begin + range_.begin,
                                 range_.end - range_.begin);
        std::vector<uint32_t> offsets;
        std::string decoded;
        offsets.reserve(literal.size()); // the decoded text is never longer than the literal
        decoded.reserve(literal.size());
        if (literal.starts_with("\"\"\"") && literal.size() >= 6) { // a text block: verbatim
            for (uint32_t k = 3; k + 3 <= literal.size(); ++k) {
                offsets.push_back(range_.begin + k);
                if (k + 3 < literal.size())
                    decoded += literal[k];
            }
        } else if (literal.starts_with('"') && literal.size() >= 2) {
            for (uint32_t k = 1; k + 1 < literal.size();) {
                uint32_t at = range_.begin + k;
                if (literal[k] != '\\') {
                    offsets.push_back(at);
                    decoded += literal[k++];
                    continue;
                }
                // `\u{…}` stands for its UTF-8 bytes, the others for one byte.
                size_t close = literal[k + 1] == 'u' ? literal.find('}', k) : k + 1;
                if (close == std::string_view::npos || close + 1 >= literal.size())
                    return; // not a literal the parser accepted
                uint32_t code = 0;
                if (literal[k + 1] == 'u')
                    std::from_chars(literal.data() + k + 3, literal.data() + close, code, 16);
                size_t bytes = literal[k + 1] != 'u' ? 1
                               : code < 0x80         ? 1
                               : code < 0x800        ? 2
                               : code < 0x10000      ? 3
                                                     : 4;
                for (size_t b = 0; b < bytes; ++b) {
                    offsets.push_back(at);
                    decoded += '?';
                }
                k = static_cast<uint32_t>(close) + 1;
            }
            offsets.push_back(range_.end - 1);
        } else {
            return;
        }
        if (decoded.size() == app.run.size() && offsets.size() == decoded.size() + 1)
            offsets_ = std::move(offsets);
    }

    bool exact() const { return !offsets_.empty(); }
    /// Offsets [begin, end) of the decoded `run`, in the source.
    SourceRange at(size_t begin, size_t end) const {
        if (!exact() || end < begin || end >= offsets_.size())
            return range_;
        return {range_.file, offsets_[begin],
                end == begin ? offsets_[begin] : offsets_[end - 1] + 1};
    }
    SourceRange whole() const { return range_; }

private:
    SourceRange range_;
    std::vector<uint32_t> offsets_; ///< per decoded byte, and one for the end
};

/// `text` as a `.modak` value: a text block stays one when it can hold the text, else a string.
std::string literalLike(const LaunchSubject& app, std::string_view text) {
    const Symbol* symbol = app.application;
    bool block = false;
    if (symbol && symbol->block && symbol->file == app.runRange.file) {
        auto key = symbol->block->key();
        block =
            !key.name.empty() &&
            std::string_view(key.name.data() - key.range.begin + app.runRange.begin, 3) == "\"\"\"";
    }
    if (block && text.find("\"\"\"") == std::string_view::npos && !text.ends_with('"'))
        return "\"\"\"" + std::string(text) + "\"\"\"";
    return syntax::quoteString(text);
}

} // namespace

namespace {

/// The launcher checkLaunch reads in `app`'s `run`; nullopt when there is none it checks.
std::optional<LauncherCall> checkedLauncher(const Application& app) {
    if (app.launcher.empty() || !app.runRange || (app.kind != "ai_training" && !app.mpi))
        return std::nullopt;
    LauncherCall call = readLauncher(app.run);
    if (!call.understood)
        return std::nullopt;
    return call;
}

/// What checkLaunch reads of a chosen candidate: its scale.
Candidate scaleOf(const Candidate& c) {
    Candidate scale;
    scale.nodes = c.nodes;
    scale.gpusPerNode = c.gpusPerNode;
    scale.ranksPerNode = c.ranksPerNode;
    return scale;
}

/// A hash of some fields of a planner view (plannerView): equal views hash alike, so it only
/// narrows the search for an equal one.
size_t viewHash(const Deployment& v) {
    const Application& a = v.application;
    size_t h = 0xcbf29ce484222325ULL;
    auto mix = [&](int64_t x) { h = (h ^ static_cast<size_t>(x)) * 0x100000001b3ULL; };
    // Each text hashed where it is (joining them into one string to hash cost an allocation or
    // three a deployment).
    for (std::string_view text :
         {std::string_view(a.kind), std::string_view(a.tag), std::string_view(a.framework),
          std::string_view(a.frameworkVersion), std::string_view(a.workload),
          std::string_view(a.run), std::string_view(v.target.interconnect),
          std::string_view(v.storageClass)})
        mix(static_cast<int64_t>(std::hash<std::string_view>{}(text)));
    mix(a.batchSize.value_or(-1));
    mix(a.epochs);
    mix(v.nodesAvailable);
    mix(v.gpu ? v.gpu->count : -1);
    mix(v.scale.nodes.lo);
    mix(v.scale.nodes.hi);
    return h;
}

} // namespace

namespace {

/// Only a count the launcher sets, or a nodes option it lacks, can disagree with a plan.
bool callNeedsPlan(const LauncherCall& call) {
    return call.perNode || call.nodes || call.total || call.standalone ||
           (!call.hostsNamed && !call.nodesOption.empty());
}

} // namespace

bool launchNeedsPlan(const Application& app) {
    std::optional<LauncherCall> call = checkedLauncher(app);
    return call && callNeedsPlan(*call);
}

bool launchNeedsPlan(const Deployment& d) {
    return launchNeedsPlan(d.application);
}

namespace {

/// checkLaunch of a deployment (`app`) whose plan chose `c`, with the launcher its application
/// starts already read (checkedLauncher).
void checkLaunchCall(const LaunchSubject& app, const Candidate& c, const LauncherCall& call,
                     Diagnostics& diags) {
    const int nodes = std::max(1, c.nodes);
    const int perNode = c.ranksPerNode > 0 ? c.ranksPerNode : std::max(1, c.gpusPerNode);
    const int total = nodes * perNode;
    const StrategyInfo* strategy = findStrategy(app.distributed);
    const bool mpiRanks = app.mpi || (strategy && strategy->launch == StrategyLaunch::MpiRanks);
    const bool torchRanks = strategy && strategy->launch == StrategyLaunch::TorchRanks;
    RunLocator where(app);
    // Where the run is not the `run` literal itself, the fix would not know what to replace.
    const bool fixable = (torchRanks || mpiRanks) && call.training && where.exact();
    const std::string scale = fmt::format("{} node(s) × {} rank(s) per node", nodes, perNode);

    auto warn = [&](SourceRange at, std::string what) {
        Diagnostic& diag = diags.add(
            DiagCode::QuestionableSetting, at,
            fmt::format("deployment '{}': {}, but the plan runs {}", app.deployment, what, scale));
        if (torchRanks || mpiRanks) {
            diag.notes.push_back(
                {where.whole(),
                 torchRanks
                     ? fmt::format("with `run` as the training command alone (`python train.py "
                                   "…`), modak starts the plan's {} ranks itself, each with "
                                   "torchrun's variables (RANK, LOCAL_RANK, WORLD_SIZE, "
                                   "LOCAL_WORLD_SIZE, NODE_RANK, MASTER_ADDR, MASTER_PORT)",
                                   total)
                     : fmt::format("with `run` as the program alone, modak starts the plan's {} "
                                   "MPI ranks itself (srun --mpi=pmix, or mpirun on the job's "
                                   "hosts)",
                                   total)});
            if (!fixable)
                diag.notes.push_back({where.whole(), "modak cannot tell where the training "
                                                     "command starts in `run`: remove the "
                                                     "launcher by hand"});
        } else {
            diag.notes.push_back(
                {where.whole(),
                 fmt::format("modak does not launch {} rank by rank, so it keeps this launcher: "
                             "make its counts match the plan",
                             app.distributed.empty() ? std::string("this application")
                                                     : "`distributed = " + app.distributed + "`")});
        }
        if (fixable)
            diag.fixes.push_back({"Let modak launch the ranks",
                                  {TextEdit{where.whole(), literalLike(app, *call.training)}}});
    };
    auto range = [&](const LaunchCount& n) { return where.at(n.begin, n.end); };
    auto counted = [](const LaunchCount& n) {
        return n.min == n.max ? fmt::format("{}", n.min) : fmt::format("{} to {}", n.min, n.max);
    };

    if (call.perNode && (call.perNode->min != perNode || call.perNode->max != perNode))
        warn(range(*call.perNode), fmt::format("`{}` starts {} process(es) per node",
                                               call.perNode->text, counted(*call.perNode)));
    if (call.nodes && (nodes < call.nodes->min || nodes > call.nodes->max))
        warn(range(*call.nodes),
             fmt::format("`{}` runs on {} node(s)", call.nodes->text, counted(*call.nodes)));
    if (call.total && (call.total->min != total || call.total->max != total))
        warn(range(*call.total), fmt::format("`{}` starts {} process(es) in all", call.total->text,
                                             counted(*call.total)));
    if (nodes > 1 && call.standalone)
        warn(range(*call.standalone),
             fmt::format("`{}` keeps {} on one node", call.standalone->text, call.launcher));
    else if (nodes > 1 && !call.hostsNamed && !call.nodesOption.empty())
        warn(where.at(call.begin, call.nameEnd),
             fmt::format("{} without `{}` starts on one node only (each node of the job would "
                         "train alone)",
                         call.launcher, call.nodesOption));
}

} // namespace

void checkLaunch(const DeploymentPlan& plan, Diagnostics& diags) {
    if (!plan.spec || !plan.chosen)
        return;
    if (std::optional<LauncherCall> call = checkedLauncher(plan.spec->application))
        checkLaunchCall(LaunchSubject(*plan.spec), *plan.chosen, *call, diags);
}

bool startsLauncher(const Program& program) {
    const Document* root = program.root();
    if (!root)
        return false;
    for (const auto& sym : program.symbols)
        if (sym.kind == "deployment" && sym.file == root->file && sym.block &&
            !lowerDeployment(program, sym, Catalogue::builtin()).application.launcher.empty())
            return true;
    return false;
}

void checkLaunches(const Plan& plan, Diagnostics& diags) {
    for (const DeploymentPlan& p : plan.deployments)
        checkLaunch(p, diags);
}

void checkProgramLaunches(SourceManager& sm, const Program& program, Diagnostics& diags) {
    ProgramLaunchChecks checks(sm, program);
    checks.check(sm, 0, checks.size(), diags);
}

/// What the parts share: the program's catalogue, and the plans of deployments with equal planner
/// views (a file of alike deployments is planned once; each kept view is a deployment's size, so
/// only the first kMaxShared are kept). Either thread may plan a view both meet first; the choice
/// is the same.
struct ProgramLaunchChecks::Shared {
    explicit Shared(SourceManager& sources) : sm(sources) {}
    SourceManager& sm;
    std::once_flag built;
    std::optional<Catalogue> catalogue;

    static constexpr size_t kMaxShared = 256;
    struct Kept {
        Deployment view;
        std::optional<Candidate> chosen;
    };
    std::mutex mutex; // guards `plans` and `byHash`
    std::vector<Kept> plans;
    std::unordered_multimap<size_t, size_t> byHash;

    /// The choice kept for `view`, if one is.
    std::optional<std::optional<Candidate>> find(const Deployment& view, size_t hash) {
        std::lock_guard lock(mutex);
        // A few comparisons at most: views that hash alike but differ are planned anew.
        size_t compared = 0;
        for (auto [it, end] = byHash.equal_range(hash); it != end && compared < 4; ++it, ++compared)
            if (plans[it->second].view == view)
                return plans[it->second].chosen;
        return std::nullopt;
    }
    void keep(Deployment&& view, size_t hash, const std::optional<Candidate>& chosen) {
        std::lock_guard lock(mutex);
        if (plans.size() >= kMaxShared)
            return;
        byHash.emplace(hash, plans.size());
        plans.push_back({std::move(view), chosen});
    }
};

ProgramLaunchChecks::ProgramLaunchChecks(SourceManager& sm, const Program& program)
    : program_(program), shared_(std::make_unique<Shared>(sm)) {
    const Document* root = program.root();
    if (!root)
        return;
    for (const auto& sym : program.symbols)
        if (sym.kind == "deployment" && sym.file == root->file && sym.block)
            deployments_.push_back(&sym);
    // Catalogue files are read into the source manager now, while nothing else reads it. Without
    // any, building the catalogue reads no file: it waits until a deployment needs it.
    if (!deployments_.empty() && !catalogFileReferences(program).empty())
        catalogue();
}

ProgramLaunchChecks::~ProgramLaunchChecks() = default;

const Catalogue& ProgramLaunchChecks::catalogue() const {
    std::call_once(shared_->built, [&] {
        Diagnostics planned; // `modak plan` reports those
        shared_->catalogue = programCatalogue(shared_->sm, program_, {}, planned);
    });
    return *shared_->catalogue;
}

bool ProgramLaunchChecks::check(size_t begin, size_t end, Diagnostics& diags) const {
    return checkPart(nullptr, begin, end, diags);
}

void ProgramLaunchChecks::check(SourceManager& sm, size_t begin, size_t end,
                                Diagnostics& diags) const {
    checkPart(&sm, begin, end, diags);
}

bool ProgramLaunchChecks::checkPart(SourceManager* sm, size_t begin, size_t end,
                                    Diagnostics& diags) const {
    Diagnostics found;
    Diagnostics planned; // `modak plan` reports those
    for (size_t i = begin; i < std::min(end, deployments_.size()); ++i) {
        const Symbol& sym = *deployments_[i];
        // What the check reads (`run`, kind, mpi) is the application's alone: lowering it decides
        // whether this deployment is planned at all, and its launcher is read once for both. A run
        // that starts no launcher is known from its text, without lowering the rest.
        const Symbol* appSymbol = deploymentApplication(program_, sym);
        if (!appSymbol || !runsLauncher(*appSymbol))
            continue;
        std::optional<Application> app = lowerDeploymentApplication(*appSymbol, sym);
        std::optional<LauncherCall> call = checkedLauncher(*app);
        if (!call || !callNeedsPlan(*call))
            continue;
        const Catalogue& cat = catalogue();
        Deployment lowered = lowerDeploymentWith(program_, sym, cat, 0, std::move(*app));
        // Several sites, or a target's own calibration file: planProgram's way, for this one.
        if (lowered.sites.size() > 1 || lowered.target.calibration.present) {
            if (!sm)
                return false;
            PlanOptions only;
            only.deployment = sym.name;
            for (const DeploymentPlan& p : planProgram(*sm, program_, only, planned).deployments)
                checkLaunch(p, found);
            continue;
        }
        // The view is the lowered deployment blanked in place (no copy of it is made): what the
        // warning reads of the deployment is taken first.
        const LaunchSubject subject(lowered);
        Deployment& view = lowered;
        blankForPlanner(view);
        const size_t hash = viewHash(view);
        std::optional<Candidate> chosen;
        if (auto kept = shared_->find(view, hash)) {
            chosen = std::move(*kept);
        } else {
            // Planned as lowered, names and ranges included (the planner's own diagnostics name
            // them, though none is reported): the deployment is lowered again, once a view.
            auto spec = std::make_shared<const Deployment>(lowerDeployment(program_, sym, cat));
            // Alternatives are trimmed after the choice: none need be kept.
            DeploymentPlan plan = planDeployment(spec, cat, Calibration::builtin(), 0, planned);
            if (plan.chosen)
                chosen = scaleOf(*plan.chosen);
            shared_->keep(std::move(view), hash, chosen);
        }
        if (chosen)
            checkLaunchCall(subject, *chosen, *call, found);
    }
    diags.append(std::move(found));
    return true;
}

} // namespace modak::model
