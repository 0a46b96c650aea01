// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Plan.h"

#include "modak/model/Accuracy.h"
#include "modak/model/CatalogueNames.h"
#include "modak/model/Deployment.h"
#include "modak/model/LaunchCheck.h"
#include "modak/model/Layout.h"
#include "modak/model/Report.h"
#include "modak/model/Schema.h"
#include "modak/model/Strategies.h"
#include "modak/syntax/Lexical.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <numeric>
#include <set>

namespace modak::model {
namespace {

using syntax::Statement;
using syntax::Value;

/// An integer choice of the optimiser: lo..hi, chosen by the model or fixed.
struct IntChoice {
    int lo = 1, hi = 1;
    bool chosenByModel = false;
};

/// A lowered count: as written (clamped to autoLo..autoHi where `auto`), else `fallback`.
IntChoice intChoice(const CountChoice& c, int fallback, int autoLo, int autoHi) {
    if (!c.present)
        return {fallback, fallback, false};
    if (c.isAuto)
        return {autoLo, std::max(autoLo, autoHi), true};
    return {c.lo, c.hi, c.chosenByModel};
}

/// Everything the optimiser needs from one deployment, its application and its target.
struct Resolved {
    const Deployment* deployment = nullptr;
    std::string name, appName, targetName, kind;
    std::string framework, frameworkVersion;
    const Workload* workload = nullptr;
    std::string precision = "fp32";
    int batch = 0;
    double samplesPerEpoch = 0;
    int64_t epochs = 1;
    std::string distributed;
    std::string archName = "x86_64";
    const Cpu* cpu = nullptr;
    std::string cpuModel;
    int sockets = 1, coresPerNode = 0;
    const Gpu* gpu = nullptr;
    std::string gpuName;
    int gpusPerNodeAvailable = 0;
    std::string accelerator;
    int nodesAvailable = 1;
    const Interconnect* interconnect = nullptr;
    int networkPorts = 1;
    const StorageClass* storage = nullptr;
    std::string storageNote;
    bool prefetch = true;
    bool cached = false;
    std::string runtime;
    std::optional<int64_t> walltime;
    double minEfficiency = 0;
};

} // namespace

namespace {

/// Merges the catalogue file at `path` into `cat`; `namedAt` is where a .modak file names it.
void mergeCatalogFile(SourceManager& sm, Catalogue& cat, const std::filesystem::path& path,
                      std::optional<SourceRange> namedAt, Diagnostics& diags) {
    std::string error;
    auto file = sm.readFile(path, error);
    if (!file) {
        diags.add(DiagCode::CatalogInvalid, namedAt.value_or(SourceRange{}),
                  fmt::format("cannot read catalogue file '{}': {}", path.string(), error));
        return;
    }
    cat.merge(sm.text(*file), *file, path.string(), diags);
}

/// Resolves a `catalog`/`calibration` path written in `doc` inside the program's scope; reports a
/// refusal at `at` (with `code`) and returns nullopt.
std::optional<std::filesystem::path> scopedJsonPath(const Program& program, const Document& doc,
                                                    std::string_view written, SourceRange at,
                                                    DiagCode code, std::string_view what,
                                                    Diagnostics& diags) {
    FileScope::Refusal refusal;
    std::string why;
    auto resolved = program.scope.resolve(doc.path.parent_path(), written, ".json", refusal, why);
    if (!resolved) {
        diags.add(refusal == FileScope::Refusal::WrongKind ? code : DiagCode::PathOutsideProject,
                  at,
                  fmt::format("cannot read {} file '{}': {}; it was not read", what, written, why));
        return std::nullopt;
    }
    return resolved->shown; // what was checked, spelt as the user wrote it (for messages)
}

/// Calls `fn(path, range)` for every `catalog = "…"` of the program that resolves inside its scope
/// (relative to its file); the others are reported.
template<typename Fn>
void forEachCatalogFile(const Program& program, Diagnostics& diags, Fn fn) {
    for (const auto& [doc, written] : catalogFileReferences(program))
        if (auto path = scopedJsonPath(program, *doc, written.value, written.range,
                                       DiagCode::CatalogInvalid, "catalogue", diags))
            fn(*path, written.range);
}

} // namespace

void checkCatalogFiles(SourceManager& sm, const Program& program, Diagnostics& diags) {
    forEachCatalogFile(program, diags, [&](const std::filesystem::path& path, SourceRange at) {
        Catalogue scratch;
        mergeCatalogFile(sm, scratch, path, at, diags);
    });
}

Catalogue programCatalogue(SourceManager& sm, const Program& program,
                           const std::vector<std::string>& extraFiles, Diagnostics& diags) {
    Catalogue cat = Catalogue::builtin();
    forEachCatalogFile(program, diags, [&](const std::filesystem::path& path, SourceRange at) {
        mergeCatalogFile(sm, cat, path, at, diags);
    });
    for (const auto& f : extraFiles)
        mergeCatalogFile(sm, cat, f, std::nullopt, diags);
    for (const auto& sym : program.symbols) {
        if (!sym.block)
            continue;
        if (sym.kind == "target") {
            // A CPU the catalogue does not know still gets a prediction, from generic per-core
            // figures of its architecture; the explanation says so.
            // An instance type's CPU is the catalogue's own: only written ones can be unknown.
            for (const CpuSpec& c : modelledCpus(sym)) {
                if (c.model.empty() || c.cores < 1 || cat.cpu(c.model))
                    continue;
                const std::string& model = c.model;
                Cpu generic;
                generic.name = std::string(sym.name) + ".cpu";
                generic.model = model;
                generic.vendor = c.vendor.empty() ? "other" : c.vendor;
                generic.arch = c.arch.empty() ? "x86_64" : c.arch;
                generic.cores = std::max(1, c.cores / c.sockets);
                generic.baseGhz = 2.4;
                generic.fp32FlopsPerCycle =
                    generic.arch == "x86_64" ? 32 : 16; // AVX2 + 2 FMA; NEON/VSX
                generic.fp64FlopsPerCycle = generic.fp32FlopsPerCycle / 2;
                generic.memoryBandwidthGBs = 4.0 * generic.cores;
                generic.doc = fmt::format(
                    "'{}' is not in the hardware catalogue: generic {} cores at 2.4 GHz assumed",
                    model, generic.arch);
                cat.cpus.push_back(std::move(generic));
            }
            continue;
        }
        if (sym.kind == "image") {
            Image img = lowerImage(sym);
            auto it = std::find_if(cat.images.begin(), cat.images.end(),
                                   [&](const Image& i) { return i.name == img.name; });
            if (it != cat.images.end())
                *it = std::move(img);
            else
                cat.images.push_back(std::move(img));
        } else if (sym.kind == "workload" || sym.kind == "application") {
            std::optional<Workload> lowered = lowerWorkload(sym);
            if (!lowered)
                continue;
            Workload& w = *lowered;
            auto it = std::find_if(cat.workloads.begin(), cat.workloads.end(),
                                   [&](const Workload& x) { return x.name == w.name; });
            if (it != cat.workloads.end())
                *it = std::move(w);
            else
                cat.workloads.push_back(std::move(w));
        }
    }
    return cat;
}

namespace {

/// Resolves a lowered deployment against the catalogue; returns false (with an error diagnostic)
/// when the model cannot plan it.
bool resolve(const Deployment& dep, const Catalogue& cat, Resolved& r, Diagnostics& diags) {
    r.deployment = &dep;
    r.name = dep.name;
    SourceRange at = dep.range;
    if (!dep.resolved)
        return false; // Sema reported the unresolved reference
    const Application& app = dep.application;
    r.appName = app.name;
    r.targetName = dep.target.name;
    r.kind = app.kind;

    // Target hardware, with the partition's overrides (decided by lowering).
    r.nodesAvailable = dep.nodesAvailable;
    if (dep.cpu) {
        r.cpuModel = dep.cpu->model;
        r.sockets = dep.cpu->sockets;
        r.coresPerNode = dep.cpu->cores;
        if (!r.cpuModel.empty())
            r.cpu = cat.cpu(r.cpuModel);
        // Not written: the catalogue CPU's architecture, else x86_64 (docs/language.md).
        r.archName = !dep.cpu->arch.empty()          ? dep.cpu->arch
                     : r.cpu && !r.cpu->arch.empty() ? r.cpu->arch
                                                     : "x86_64";
    }
    if (dep.gpu) {
        r.gpuName = dep.gpu->model;
        r.gpusPerNodeAvailable = dep.gpu->count;
        r.gpu = cat.gpu(r.gpuName);
        if (!r.gpu && !r.gpuName.empty()) {
            diags.add(DiagCode::ModelNotApplicable, at,
                      fmt::format("deployment '{}': the GPU '{}' of target '{}' is not in the "
                                  "hardware catalogue; known: {}",
                                  r.name, r.gpuName, r.targetName, knownNames(cat.gpus)));
            return false;
        }
    }
    r.accelerator = dep.target.accelerator;
    if (!r.gpu && r.gpuName.empty() && (r.accelerator == "nvidia" || r.accelerator == "amd")) {
        // GPU nodes of an unnamed model (MODAK's `acc_type`): the job's GPU request says how many.
        r.gpusPerNodeAvailable = std::max(1, dep.job.gpusPerNode.value_or(1));
    }
    if (!dep.target.interconnect.empty())
        r.interconnect = cat.interconnect(dep.target.interconnect);
    r.networkPorts = dep.target.networkPorts.value_or(1);
    r.runtime = dep.runtime;
    r.walltime = dep.job.walltimeSeconds;
    r.minEfficiency = dep.scale.minEfficiency;

    if (r.kind != "ai_training")
        return true;

    // Application: framework, workload, data.
    r.framework = app.framework;
    r.frameworkVersion = app.frameworkVersion;
    if (!app.workload.empty())
        r.workload = cat.workload(app.workload);
    if (!r.workload) {
        // MODAK's size hints (layers, parameters) cannot drive the model; the image is still
        // chosen, as MODAK did, from the evidence that holds for every workload.
        diags.add(DiagCode::PredictionUnavailable, at,
                  fmt::format("deployment '{}': application '{}' names no workload the model "
                              "knows, so the image is "
                              "chosen without a prediction; set `workload` to a built-in one ({}) "
                              "or a `workload` block "
                              "with flops_per_sample and parameters",
                              r.name, r.appName, knownNames(cat.workloads)));
    }
    r.precision = app.precision;
    r.batch = app.batchSize.value_or(r.gpu ? 64 : 128);
    r.epochs = app.epochs;
    r.distributed = app.distributed;
    if (app.stepsPerEpoch)
        r.samplesPerEpoch = -static_cast<double>(
            *app.stepsPerEpoch); // negative: steps, scaled by the global batch later
    else if (app.dataset.samples)
        r.samplesPerEpoch = static_cast<double>(*app.dataset.samples);
    r.prefetch = app.dataset.prefetch;
    r.cached = app.dataset.cached;

    if (r.cached) {
        r.storageNote =
            "the dataset is cached in memory after the first epoch: input I/O not modelled";
    } else if (!dep.storageClass.empty()) {
        r.storage = cat.storageClass(dep.storageClass);
        if (!r.storage)
            r.storageNote =
                fmt::format("storage class '{}' unknown to the model: input I/O not modelled",
                            dep.storageClass);
    } else {
        r.storageNote = "no storage given: input I/O not modelled";
    }
    return true;
}

/// Why no candidate exists when no image was even considered: the framework version no image
/// holds, the versions the catalogue has nearest to it, and how an `image` block names one.
std::string noImageHolds(const Resolved& r, const Deployment& d, const Catalogue& cat) {
    const std::string wanted =
        r.framework + (r.frameworkVersion.empty() ? "" : " \"" + r.frameworkVersion + "\"");
    if (!d.pinnedImage.value.empty())
        return fmt::format("the pinned image '{}' does not hold {}", d.pinnedImage.value, wanted);
    std::vector<std::string> versions;
    for (const auto& img : cat.images)
        if (img.framework && img.framework->name == r.framework &&
            img.framework->version != "latest" &&
            std::find(versions.begin(), versions.end(), img.framework->version) == versions.end())
            versions.push_back(img.framework->version);
    std::sort(versions.begin(), versions.end(),
              [](const std::string& a, const std::string& b) { return compareVersions(a, b) < 0; });
    // Nearest: the two versions either side of the one asked for, in order.
    auto at = std::lower_bound(
        versions.begin(), versions.end(), r.frameworkVersion,
        [](const std::string& v, const std::string& want) { return compareVersions(v, want) < 0; });
    auto from = at - std::min<std::ptrdiff_t>(2, at - versions.begin());
    auto to = at + std::min<std::ptrdiff_t>(2, versions.end() - at);
    std::string nearest;
    for (auto it = from; it != to; ++it)
        nearest += fmt::format("{}{} \"{}\"", nearest.empty() ? "" : ", ", r.framework, *it);
    return fmt::format(
        "no image in the catalogue holds {} for this target ({}); an `image NAME {{ reference = "
        "\"…\", framework = {} }}` block names one that does, and `image = NAME` in the "
        "deployment pins it",
        wanted,
        nearest.empty() ? fmt::format("it has no {} image", r.framework)
                        : "the nearest it has: " + nearest,
        wanted);
}

/// Without predictions: a source build is never slower than pip or hub in the paper's measurements
/// (+2 % to +17 %), so it wins; then fewer devices and no graph compiler.
bool betterWithoutPrediction(const Candidate& a, const Candidate& b) {
    static constexpr std::string_view order[] = {"source", "pip", "hub"};
    auto rank = [](const std::string& build) {
        return std::find(std::begin(order), std::end(order), build) - std::begin(order);
    };
    if (rank(a.build) != rank(b.build))
        return rank(a.build) < rank(b.build);
    if ((a.graphCompiler == "none") != (b.graphCompiler == "none"))
        return a.graphCompiler == "none";
    return a.imageName < b.imageName;
}

/// Sorts candidates stably by `less`, moving each one about once and in place: a Candidate is
/// about 1 KB with strings inside, std::stable_sort's merges would move it log n times, and a
/// second vector is fresh memory the kernel must fault in on every plan.
template<class Less>
void sortCandidates(std::vector<Candidate>& candidates, Less less) {
    std::vector<uint32_t> order(candidates.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return less(candidates[a], candidates[b]); });
    // Position k takes candidates[order[k]]: each cycle of the permutation is followed once,
    // its first element held aside; a settled position is marked by order[k] == k.
    for (uint32_t k = 0; k < order.size(); ++k) {
        if (order[k] == k)
            continue;
        Candidate held = std::move(candidates[k]);
        uint32_t j = k;
        while (order[j] != k) {
            const uint32_t from = order[j];
            candidates[j] = std::move(candidates[from]);
            order[j] = j;
            j = from;
        }
        candidates[j] = std::move(held);
        order[j] = j;
    }
}

/// The parallel efficiency a deployment's candidates must reach (0: none) and where it was said:
/// `scale.min_efficiency`, else, for an MPI job, the application's `mpi_tuning`.
std::pair<double, std::string> minimumEfficiency(const Resolved& r, const Application& app,
                                                 bool hpc) {
    if (r.minEfficiency > 0 || !hpc)
        return {r.minEfficiency, "scale.min_efficiency"};
    return {app.mpiScalingEfficiency.value_or(0),
            "the application's mpi_tuning.scaling_efficiency"};
}

/// An efficiency below `minimum`, with as many decimals (two or more) as it takes to read below
/// it: 0.9499 against a minimum of 0.95 is "0.9499", not "0.95".
std::string efficiencyBelow(double efficiency, double minimum) {
    std::string text;
    for (int digits = 2; digits <= 6; ++digits) {
        text = fmt::format("{:.{}f}", efficiency, digits);
        if (std::strtod(text.c_str(), nullptr) < minimum)
            break;
    }
    return text;
}

/// Moves the candidates `keep` refuses (it may say why in them) to the end of `to`, in order, and
/// closes the gaps: a kept candidate is moved once at most, none when all are kept.
template<class Keep>
void moveRefused(std::vector<Candidate>& from, std::vector<Candidate>& to, Keep keep) {
    size_t kept = 0;
    for (size_t i = 0; i < from.size(); ++i) {
        if (!keep(from[i])) {
            to.push_back(std::move(from[i]));
            continue;
        }
        if (kept != i)
            from[kept] = std::move(from[i]);
        ++kept;
    }
    from.erase(from.begin() + static_cast<std::ptrdiff_t>(kept), from.end());
}

/// The first `count` of `candidates` in the stable order of `less`, moved to the end of `out`;
/// the others are left (a plan keeps a few alternatives of thousands of candidates).
template<class Less>
void moveFirst(std::vector<Candidate>& candidates, size_t count, std::vector<Candidate>& out,
               Less less) {
    std::vector<uint32_t> order(candidates.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return less(candidates[a], candidates[b]); });
    for (size_t k = 0; k < std::min(count, order.size()); ++k)
        out.push_back(std::move(candidates[order[k]]));
}

/// Orders feasible candidates: faster first; within 0.5 % prefer fewer devices, no graph compiler,
/// and a simpler build, so ties never depend on catalogue order.
bool better(const Candidate& a, const Candidate& b) {
    if (!a.predicted || !b.predicted)
        return betterWithoutPrediction(a, b);
    double ta = a.predicted->throughput, tb = b.predicted->throughput;
    if (std::abs(ta - tb) > 0.005 * std::max(ta, tb))
        return ta > tb;
    int da = a.nodes * std::max(1, a.gpusPerNode), db = b.nodes * std::max(1, b.gpusPerNode);
    if (da != db)
        return da < db;
    if ((a.graphCompiler == "none") != (b.graphCompiler == "none"))
        return a.graphCompiler == "none";
    static constexpr std::string_view order[] = {"hub", "pip", "source"};
    auto rank = [](const std::string& build) {
        return std::find(std::begin(order), std::end(order), build) - std::begin(order);
    };
    if (rank(a.build) != rank(b.build))
        return rank(a.build) < rank(b.build);
    return a.imageName < b.imageName;
}

/// The smallest change that makes `c`, rejected for memory, fit: a layout (sharding, recompute,
/// then tensor and pipeline parallelism), else a smaller batch.
std::string fitFix(const Candidate& c, const Calibration& cal) {
    const Scenario& s = c.scenario;
    if (!s.workload || !s.gpu)
        return {};
    // From the strategy's own layout: the candidate's is the nearest one a search tried.
    if (std::string layout = smallestFittingLayout(s, baseLayout(s.strategy), cal); !layout.empty())
        return "; " + layout;
    if (auto batch = largestBatchThatFits(s, cal); batch && *batch < s.batchPerDevice)
        return fmt::format("; a batch of {} per device fits", *batch);
    return "; no layout of these GPUs fits it: more GPUs or nodes are needed";
}

void planAiTraining(const Resolved& r, const Deployment& d, const Catalogue& cat,
                    const Calibration& cal, const SearchPause& pause, DeploymentPlan& plan,
                    std::vector<Candidate>& feasible, std::vector<Candidate>& rejected) {
    const std::string& build = d.build;
    const std::string& compiler = d.graphCompiler;
    const std::string& pinned = d.pinnedImage.value;
    bool wantGpu = r.gpusPerNodeAvailable > 0;
    IntChoice gpus = intChoice(d.scale.gpusPerNode, wantGpu ? r.gpusPerNodeAvailable : 0, 1,
                               r.gpusPerNodeAvailable);
    if (!wantGpu || gpus.hi == 0) {
        wantGpu = false; // a CPU job, also when `gpus_per_node = 0` leaves a GPU node's GPUs alone
        gpus = {0, 0, false};
    }
    int maxNodes = std::min(r.nodesAvailable, d.scale.maxNodes.value_or(r.nodesAvailable));
    IntChoice nodes = intChoice(d.scale.nodes, 1, 1, maxNodes);
    int threads = d.scale.threads;
    // Processes per node (Strategies.h): one per device — a GPU, or on CPUs the scale's tasks
    // per node, else a socket — for strategies with a process per device, else one driving all of
    // the node's devices (also when no strategy is named).
    const StrategyInfo* strategy = findStrategy(r.distributed);
    const bool rankPerDevice = strategy && strategy->processPerDevice;
    const int cpuRanks = std::max(1, d.scale.tasksPerNode.value_or(std::max(1, r.sockets)));

    // Images: compatible with the application's framework and the target's CPU and accelerator.
    // With `runtime = none` nothing pulls an image: the host's framework is the one candidate.
    std::vector<const Image*> images;
    if (r.runtime == "none") {
        auto host = std::make_shared<Image>();
        host->framework = VersionedName{r.framework, r.frameworkVersion};
        host->arch = r.archName;
        host->accelerator = wantGpu ? r.accelerator : "none";
        host->build = std::string(kHostBuild);
        host->origin = "the host (runtime = none)";
        if (!compiler.empty() && compiler != "auto" && compiler != "none")
            host->graphCompilers.push_back(compiler); // the application's code calls it
        if (r.framework == "jax")
            host->graphCompilers.push_back("xla");
        plan.hostSoftware = host;
        images.push_back(host.get());
        plan.explanation.push_back(fmt::format(
            "runtime = none: the host's {} {} (its modules, venv or conda environment), predicted "
            "as a plain release; no image is chosen",
            r.framework, r.frameworkVersion.empty() ? "(version not given)" : r.frameworkVersion));
    }
    for (const auto& img : cat.images) {
        if (r.runtime == "none")
            break;
        if (!pinned.empty() && img.name != pinned)
            continue;
        if (!img.framework || img.framework->name != r.framework)
            continue;
        Candidate c;
        c.image = &img;
        c.imageName = img.name;
        c.reference = img.reference;
        c.build = img.build;
        c.runtime = r.runtime;
        c.precision = r.precision;
        if (!versionMatches(r.frameworkVersion, img.framework->version)) {
            continue; // another version of the framework is another application, not an alternative
        }
        if (img.arch != r.archName) {
            c.rejectedBecause = fmt::format("built for {}, the target is {}", img.arch, r.archName);
        } else if (wantGpu && img.accelerator == "none" && gpus.hi > 0) {
            c.rejectedBecause = "a CPU image would leave the target's GPUs idle";
        } else if (!wantGpu && img.accelerator != "none") {
            c.rejectedBecause = fmt::format("needs {} GPUs; the target has none", img.accelerator);
        } else if (wantGpu && img.accelerator != r.accelerator && img.accelerator != "none") {
            c.rejectedBecause = fmt::format("built for {} GPUs, the target's are {}",
                                            img.accelerator, r.accelerator);
        } else if (build != "auto" && img.build != build) {
            c.rejectedBecause =
                fmt::format("a {} build; the deployment asks for build = {}", img.build, build);
        }
        if (!c.rejectedBecause.empty()) {
            c.rejection = Candidate::Rejection::Compatibility;
            if (pinned.empty() || img.name == pinned)
                rejected.push_back(std::move(c));
            continue;
        }
        images.push_back(&img);
    }
    if (!pinned.empty() && images.empty() && rejected.empty())
        plan.explanation.push_back(fmt::format("the pinned image '{}' does not hold {} {}", pinned,
                                               r.framework, r.frameworkVersion));

    // No graph compiler first, then the catalogue's in its order (ties keep the first candidate).
    static const std::vector<std::string_view> kCompilers = [] {
        std::vector<std::string_view> v = {"none"};
        for (const auto& c : data::graphCompilers())
            v.push_back(c.name);
        return v;
    }();
    // A graph compiler is credited only when the artefacts switch it on (the image's environment
    // for it, e.g. TF_XLA_FLAGS; JAX always compiles); one only the application's code can call
    // (torch.compile, torch_glow) only when the deployment names it.
    std::set<std::string> notCredited;
    // Room for the search's candidates up front, feasible or rejected, so growing a vector does
    // not move them again (a Candidate is about 1 KB); capped, as a scale range can be wide.
    const size_t searched = images.size() * kCompilers.size() *
                            static_cast<size_t>(std::max(1, nodes.hi - nodes.lo + 1)) *
                            static_cast<size_t>(std::max(1, gpus.hi - gpus.lo + 1));
    IntervalMemo intervals(cal);
    feasible.reserve(feasible.size() + std::min<size_t>(searched, 256));
    rejected.reserve(rejected.size() + std::min<size_t>(searched, 256));
    for (const Image* img : images) {
        for (auto gc : kCompilers) {
            if (compiler != "auto" && gc != compiler)
                continue;
            const bool appliedByArtefacts =
                gc == "none" || r.framework == "jax" || img->compilerEnv.count(std::string(gc));
            if (!appliedByArtefacts && compiler == "auto" && img->supportsCompiler(gc)) {
                notCredited.insert(std::string(gc));
                continue;
            }
            Candidate base;
            base.image = img;
            base.imageName = img->name;
            base.reference = img->reference;
            base.build = img->build;
            base.graphCompiler = std::string(gc);
            base.runtime = r.runtime;
            base.precision = r.precision;
            base.batchPerDevice = r.batch;
            if (!img->supportsCompiler(gc)) {
                if (compiler != "auto") {
                    base.rejectedBecause = fmt::format("the image does not support {}", gc);
                    base.rejection = Candidate::Rejection::Compatibility;
                    rejected.push_back(std::move(base));
                }
                continue;
            }
            if (r.framework == "jax" && gc == "none")
                continue; // JAX always compiles with XLA
            if (!r.workload) {
                // No prediction: graph compilers only when asked for (their effect depends on the
                // workload), at the smallest scale the deployment allows.
                if (compiler == "auto" && gc != "none" && r.framework != "jax")
                    continue;
                Candidate c = base;
                c.nodes = nodes.lo;
                c.gpusPerNode = gpus.chosenByModel ? gpus.hi : gpus.lo;
                feasible.push_back(std::move(c));
                continue;
            }
            for (int n = nodes.lo; n <= nodes.hi; ++n) {
                for (int g = gpus.lo; g <= gpus.hi; ++g) {
                    if (pause)
                        pause();
                    Candidate c = base;
                    c.nodes = n;
                    c.gpusPerNode = g;
                    if (n > r.nodesAvailable) {
                        c.rejectedBecause = fmt::format("{} nodes requested, the target has {}", n,
                                                        r.nodesAvailable);
                        rejected.push_back(std::move(c));
                        continue;
                    }
                    if (g > r.gpusPerNodeAvailable) {
                        c.rejectedBecause = fmt::format("{} GPUs per node requested, a node has {}",
                                                        g, r.gpusPerNodeAvailable);
                        rejected.push_back(std::move(c));
                        continue;
                    }
                    if (n * std::max(1, g) > 1 && r.distributed == "none") {
                        c.rejectedBecause =
                            "the application is not distributed (`distributed = none`)";
                        rejected.push_back(std::move(c));
                        continue;
                    }
                    Scenario s;
                    s.workload = r.workload;
                    s.framework = r.framework;
                    s.version = img->framework->version == "latest" ? r.frameworkVersion
                                                                    : img->framework->version;
                    s.build = img->build;
                    s.graphCompiler = c.graphCompiler;
                    s.precision = r.precision;
                    s.gpu = g > 0 ? r.gpu : nullptr;
                    s.cpu = r.cpu;
                    s.cpuSockets = r.sockets;
                    s.cpuRanksPerNode = rankPerDevice ? cpuRanks : 0;
                    s.cpuCores = threads;
                    if (r.cpu && r.coresPerNode > 0 && threads == 0)
                        s.cpuCores = r.coresPerNode;
                    s.gpusPerNode = g;
                    s.nodes = n;
                    s.interconnect = r.interconnect;
                    s.networkPorts = r.networkPorts;
                    s.batchPerDevice = r.batch;
                    s.strategy = strategy;
                    s.storage = r.storage;
                    s.prefetch = r.prefetch;
                    int devices = n * (g > 0 ? g : rankPerDevice ? cpuRanks : r.sockets);
                    c.ranksPerNode = !rankPerDevice ? 1 : g > 0 ? g : cpuRanks;
                    s.samplesPerEpoch = r.samplesPerEpoch < 0
                                            ? -r.samplesPerEpoch * r.batch * devices
                                            : r.samplesPerEpoch;
                    if (g > 0 && !r.gpu) {
                        c.rejectedBecause = fmt::format(
                            "the target names no GPU model, so a GPU job cannot be predicted; "
                            "add `gpu {{ model = …, count = {} }}`",
                            std::max(1, g));
                        rejected.push_back(std::move(c));
                        continue;
                    }
                    if (g == 0 && !r.cpu) {
                        c.rejectedBecause =
                            r.cpuModel.empty()
                                ? "the target names no CPU model, so a CPU job cannot be predicted"
                                : fmt::format("the CPU '{}' is not in the hardware catalogue",
                                              r.cpuModel);
                        rejected.push_back(std::move(c));
                        continue;
                    }
                    s.fineTuning = d.application.fineTuning == "lora" ? "lora" : "";
                    s.loraRank = d.application.loraRank;
                    s.attention = d.application.attention;
                    if (d.parallel || !s.fineTuning.empty()) {
                        // A `parallel` request (or LoRA, which the layout model counts): the
                        // fastest layout the request leaves open that fits; else the one that
                        // needs the least memory, rejected below with its figures. Without a
                        // request the model parallelism is none and the sharding the strategy's;
                        // recompute and gradient accumulation are the model's choice.
                        s.layout = baseLayout(strategy);
                        ParallelRequest fixed;
                        fixed.tensor = fixed.pipeline = fixed.context = fixed.expert = 1;
                        fixed.zero = s.layout->zeroStage;
                        LayoutChoice lc =
                            chooseLayout(s, d.parallel ? *d.parallel : fixed, cal, false, pause);
                        if (lc.scenario)
                            s = *lc.scenario;
                        else if (lc.nearest)
                            s = *lc.nearest;
                    }
                    std::string error;
                    auto p = predict(s, cal, error, Explain::FiguresOnly);
                    c.scenario = std::move(s);
                    if (!p) {
                        c.rejectedBecause = error;
                        rejected.push_back(std::move(c));
                        continue;
                    }
                    p->interval = intervals(c.scenario, *p); // costs, alternatives
                    c.predicted = std::move(p);
                    const Prediction& predicted = *c.predicted;
                    if (!fitsInMemory(c.scenario, predicted)) {
                        c.rejectedBecause =
                            fmt::format("needs {:.1f} GiB per GPU at batch {}, the {} has {} GiB",
                                        predicted.memoryPerDeviceBytes / 1073741824.0, r.batch,
                                        r.gpu->name, r.gpu->memoryGiB);
                        c.rejection = Candidate::Rejection::Memory;
                        rejected.push_back(std::move(c));
                        continue;
                    }
                    if (r.minEfficiency > 0 && predicted.efficiency + 1e-9 < r.minEfficiency) {
                        c.rejectedBecause =
                            fmt::format("parallel efficiency {} is below the minimum {}",
                                        efficiencyBelow(predicted.efficiency, r.minEfficiency),
                                        r.minEfficiency);
                        c.rejection = Candidate::Rejection::Efficiency;
                        rejected.push_back(std::move(c));
                        continue;
                    }
                    feasible.push_back(std::move(c));
                }
            }
        }
    }
    for (const auto& gc : notCredited)
        plan.explanation.push_back(fmt::format(
            "{} not credited: the artefacts cannot switch it on, only the application's code can; "
            "set `graph_compiler = {}` when the code does",
            gc, gc));
    if (compiler != "auto" && compiler != "none" && r.framework != "jax" &&
        std::none_of(images.begin(), images.end(),
                     [&](const Image* img) { return img->compilerEnv.count(compiler) > 0; }))
        plan.explanation.push_back(fmt::format(
            "{} credited on the deployment's word: the artefacts do not switch it on, the "
            "application's code calls it",
            compiler));
}

void planHpc(const Resolved& r, const Deployment& d, const Catalogue& cat, const Calibration& cal,
             DeploymentPlan& plan, std::vector<Candidate>& feasible,
             std::vector<Candidate>& rejected, Diagnostics& diags) {
    const Application& app = d.application;
    const std::string& tag = app.tag;
    double f = cal.amdahlParallelFraction;
    const auto fitted = cal.amdahlByApp.find(tag);
    if (fitted != cal.amdahlByApp.end())
        f = fitted->second;
    const auto [minEff, minEffFrom] = minimumEfficiency(r, app, /*hpc=*/true);
    if (fitted != cal.amdahlByApp.end()) {
        plan.explanation.push_back(
            fmt::format("Amdahl's law with F = {:.3f}, the parallel fraction fitted for '{}' "
                        "({} calibration)",
                        f, tag, cal.origin));
    } else {
        const std::string assumed = fmt::format(
            "F = {:.3f} is the default parallel fraction, an assumption: the {} calibration has "
            "no fit for '{}' (`modak model fit` fits one from runs of the application at several "
            "rank counts)",
            f, cal.origin, tag);
        plan.explanation.push_back("Amdahl's law; " + assumed);
        // The assumption decides which rank counts pass the minimum efficiency.
        if (minEff > 0)
            diags.add(DiagCode::AssumedDefault, plan.range,
                      fmt::format("deployment '{}': the minimum efficiency {} ({}) is checked "
                                  "with an assumed parallel fraction: {}",
                                  plan.name, minEff, minEffFrom, assumed));
    }
    // Amdahl: efficiency 1 / (n (1 − F) + F) stays at or above m up to n = (1/m − F) / (1 − F).
    const double mostRanks = f < 1 ? std::floor((1 / minEff - f) / (1 - f) + 1e-9) : 0;

    int maxNodes = std::min(r.nodesAvailable, d.scale.maxNodes.value_or(r.nodesAvailable));
    IntChoice nodes = intChoice(d.scale.nodes, 1, 1, maxNodes);
    int tasks = d.scale.tasksPerNode.value_or(0);
    if (tasks == 0)
        tasks = std::max(1, app.ranks.value_or(1) / std::max(1, nodes.lo));

    // An image: the pinned one, the application's tag, or one with its MPI library.
    const std::string& pinned = d.pinnedImage.value;
    const std::string& mpi = app.mpiLibrary;
    const std::string& mpiVersion = app.mpiVersion;
    const std::string& build = d.build;
    std::vector<const Image*> images;
    for (const auto& img : cat.images) {
        if (!pinned.empty()) {
            if (img.name == pinned)
                images.push_back(&img);
            continue;
        }
        bool appMatch = !img.app.empty() && img.app == tag;
        bool mpiMatch =
            img.app.empty() && img.mpi && img.mpi->name == mpi &&
            versionMatches(mpiVersion.substr(0, mpiVersion.find('.')), img.mpi->version);
        if ((appMatch || mpiMatch) && img.arch == r.archName &&
            (build == "auto" || img.build == build))
            images.push_back(&img);
    }
    const std::string& container = app.container;
    if (images.empty())
        images.push_back(nullptr); // the application's own container, or none

    for (const Image* img : images) {
        for (int n = nodes.lo; n <= nodes.hi; ++n) {
            Candidate c;
            c.image = img;
            c.imageName = img ? img->name : "";
            c.reference = img ? img->reference : container;
            c.build = img ? img->build : (build == "auto" ? "source" : build);
            c.runtime = r.runtime;
            c.precision = app.precision;
            c.nodes = n;
            c.ranksPerNode = tasks;
            c.amdahl = true;
            double ranks = static_cast<double>(n) * tasks;
            Prediction p;
            p.devices = static_cast<int>(ranks);
            p.throughput = amdahlSpeedup(f, ranks);
            p.singleDeviceThroughput = 1;
            p.efficiency = p.throughput / ranks;
            c.predicted = p;
            if (c.reference.empty() && r.runtime != "none") {
                // Nothing for the runtime to run: the generated job could not start.
                c.rejectedBecause = fmt::format("no container image for {}: no catalogue image "
                                                "holds the application's MPI library ({}{}) or "
                                                "tag; set the application's `container`, or "
                                                "`runtime = none` to run on the host",
                                                r.runtime, mpi.empty() ? "none named" : mpi,
                                                mpiVersion.empty() ? "" : " " + mpiVersion);
                c.rejection = Candidate::Rejection::Compatibility;
                rejected.push_back(std::move(c));
            } else if (n > r.nodesAvailable) {
                c.rejectedBecause =
                    fmt::format("{} nodes requested, the target has {}", n, r.nodesAvailable);
                rejected.push_back(std::move(c));
            } else if (minEff > 0 && p.efficiency + 1e-9 < minEff) {
                c.rejectedBecause = fmt::format(
                    "parallel efficiency {} at {} ranks is below the minimum {} ({}); with "
                    "F = {:.3f} at most {:.0f} ranks reach it",
                    efficiencyBelow(p.efficiency, minEff), p.devices, minEff, minEffFrom, f,
                    mostRanks);
                c.rejection = Candidate::Rejection::Efficiency;
                rejected.push_back(std::move(c));
            } else {
                feasible.push_back(std::move(c));
            }
        }
    }
    if (!cat.images.empty() && images.front() == nullptr)
        plan.explanation.push_back(
            container.empty() ? "no catalogue image matches the application's MPI library or tag"
                              : "the application names its own container");
}

/// Device counts for a scaling chart: 1, 2, 4, … GPUs of one node, then 2, 4, 8, … whole nodes,
/// always including the candidate's own configuration.
ScalingCurve scalingCurve(const Candidate& c, const Resolved& r, const Calibration& cal,
                          std::string_view role) {
    ScalingCurve curve;
    curve.label = fmt::format("{}: {}{}", role, c.imageName.empty() ? "own container" : c.imageName,
                              c.graphCompiler == "none" ? "" : " + " + c.graphCompiler);
    std::vector<std::pair<int, int>> configs; // nodes, gpus per node
    int perNode = c.gpusPerNode > 0 ? std::max(r.gpusPerNodeAvailable, c.gpusPerNode) : 0;
    if (perNode > 0)
        for (int g = 1; g < perNode; g *= 2)
            configs.emplace_back(1, g);
    int maxNodes = std::max(r.nodesAvailable, c.nodes);
    for (int n = 1; n <= maxNodes && configs.size() < 24; n = n < 2 ? 2 : n * 2)
        configs.emplace_back(n, perNode);
    if (std::find(configs.begin(), configs.end(), std::pair{c.nodes, c.gpusPerNode}) ==
        configs.end())
        configs.emplace_back(c.nodes, c.gpusPerNode);
    std::sort(configs.begin(), configs.end(), [](auto a, auto b) {
        return a.first * std::max(1, a.second) < b.first * std::max(1, b.second) ||
               (a.first * std::max(1, a.second) == b.first * std::max(1, b.second) && a < b);
    });
    for (auto [n, g] : configs) {
        Scenario s = c.scenario;
        if (n > 1 && !s.interconnect)
            continue;
        s.nodes = n;
        s.gpusPerNode = g;
        if (c.scenario.samplesPerEpoch > 0 && r.samplesPerEpoch < 0)
            s.samplesPerEpoch =
                -r.samplesPerEpoch * r.batch * n * (g > 0 ? g : cpuDevicesPerNode(s));
        std::string error;
        if (auto p = predict(s, cal, error, Explain::FiguresOnly))
            curve.points.push_back(
                {n, g, p->devices, p->throughput, p->epochSeconds, p->efficiency, p->step});
    }
    return curve;
}

/// The chosen candidate's segments and checkpoint interval, in the plan, its explanation and (when
/// the run outlasts the walltime) a `walltime-too-short` warning that says how the run continues.
/// The resilience of running `c` for `totalSeconds` on nodes of `nodeMtbf`: its training state,
/// written to the deployment's storage.
Resilience resilienceOf(const Candidate& c, const Resolved& r, double totalSeconds,
                        std::optional<int64_t> nodeMtbf, bool chain) {
    const StrategyInfo* strategy = c.scenario.strategy;
    const double stateBytes =
        r.workload->parameters *
        (strategy ? strategy->replicatedBytesPerParameter + strategy->shardedBytesPerParameter
                  : 16.0);
    double writeGBs = kDefaultCheckpointWriteGBs;
    if (r.storage && r.storage->readGBsPerNode > 0)
        writeGBs = r.storage->readGBsPerNode;
    return planResilience(c, totalSeconds, stateBytes, writeGBs, nodeMtbf, r.walltime, chain);
}

void explainResilience(DeploymentPlan& plan, const Resolved& r, const Deployment& dep,
                       std::optional<int64_t> nodeMtbf, bool walltimeShort, Diagnostics& diags) {
    const Candidate& best = *plan.chosen;
    Resilience res = resilienceOf(best, r, plan.totalSeconds, nodeMtbf, dep.job.chain);
    const std::string how = fmt::format(
        "checkpoint every {} ({} steps; Young/Daly from a {:.3g} GB checkpoint written in {} and "
        "a job MTBF of {}{})",
        formatSeconds(res.intervalSeconds), res.intervalSteps, res.stateBytes / 1e9,
        formatSeconds(res.checkpointSeconds), formatSeconds(res.jobMtbfSeconds),
        res.defaultMtbf ? ", the default node MTBF: set the target's `mtbf`" : "");
    if (res.segments > 1) {
        plan.explanation.push_back(fmt::format(
            "the predicted {} exceed the walltime of {}: {} chained jobs, each stopping {} s "
            "before its walltime to checkpoint; {}",
            formatSeconds(plan.totalSeconds), formatSeconds(static_cast<double>(*r.walltime)),
            res.segments, res.stopSeconds, how));
    } else if (res.checkpointing) {
        plan.explanation.push_back(how);
    }
    if (walltimeShort)
        diags.add(
            DiagCode::WalltimeTooShort, plan.range,
            fmt::format(
                "deployment '{}': the fastest candidate needs {} for {} epoch(s), more than the "
                "walltime of {}; {}",
                plan.name, formatSeconds(plan.totalSeconds), r.epochs,
                formatSeconds(static_cast<double>(*r.walltime)),
                res.segments > 1
                    ? fmt::format("the job is generated as {} chained segments that resume from "
                                  "the last checkpoint (the application reads "
                                  "MODAK_CHECKPOINT_DIR; docs/codegen.md, \"Walltime and "
                                  "checkpoints\"), or raise `walltime`",
                                  res.segments)
                    : "the job stops at the walltime (`chain = false`)"));
    plan.resilience = res;
}

/// A search's candidate lists, whose room is kept on each thread for its next search. A
/// Candidate is about 1 KB and a search of 220 images over 8 node counts holds a few MB: made
/// afresh for every plan, the lists were mapped, faulted in page by page while they grew and
/// unmapped again — after every edit in the language server, which spent a third of its CPU in
/// the kernel, nearly all of it faulting in its planner's lists (1 500 page faults an edit;
/// issue 20, bench/README.md). The candidates themselves are destroyed when the search ends;
/// only the room stays, up to kKeptCandidates. A search begun inside another (none is today)
/// gets lists of its own.
class SearchLists {
public:
    SearchLists() : kept_(!inUse_) {
        if (kept_)
            inUse_ = true;
    }
    ~SearchLists() {
        if (!kept_)
            return;
        for (auto* list : {&keptFeasible_, &keptRejected_}) {
            list->clear();
            if (list->capacity() > kKeptCandidates)
                std::vector<Candidate>().swap(*list); // a rare wide search keeps nothing
        }
        inUse_ = false;
    }
    SearchLists(const SearchLists&) = delete;
    SearchLists& operator=(const SearchLists&) = delete;

    std::vector<Candidate>& feasible() { return kept_ ? keptFeasible_ : ownFeasible_; }
    std::vector<Candidate>& rejected() { return kept_ ? keptRejected_ : ownRejected_; }

private:
    static constexpr size_t kKeptCandidates = 4096; ///< about 4 MiB a list
    static thread_local std::vector<Candidate> keptFeasible_, keptRejected_;
    static thread_local bool inUse_;
    const bool kept_;
    std::vector<Candidate> ownFeasible_, ownRejected_;
};

thread_local std::vector<Candidate> SearchLists::keptFeasible_, SearchLists::keptRejected_;
thread_local bool SearchLists::inUse_ = false;

} // namespace

DeploymentPlan planDeployment(const SourceManager& sm, const Program& program, const Symbol& sym,
                              const Catalogue& cat, const Calibration& cal, size_t maxAlternatives,
                              Diagnostics& diags) {
    (void)sm;
    return planDeployment(std::make_shared<const Deployment>(lowerDeployment(program, sym, cat)),
                          cat, cal, maxAlternatives, diags);
}

Deployment plannerView(const Deployment& deployment) {
    Deployment view = deployment;
    blankForPlanner(view);
    return view;
}

void blankForPlanner(Deployment& d) {
    // What the planner reads of these it reads for diagnostics and the plan's labels only; the
    // choice of candidate never depends on them. The application's `tag` (its name unless written)
    // is read by planHpc alone (its calibration and image): it stays for an HPC application.
    auto blank = [](auto& located) { located.range = {}; };
    auto blankAll = [&](auto& list) {
        for (auto& l : list)
            blank(l);
    };
    d.name.clear();
    d.range = {};
    d.symbol = nullptr;
    d.partitionRange.reset();
    blank(d.pinnedImage);
    blankAll(d.mounts);
    d.sites.clear(); // the target's name, where the deployment names one (several are not shared)
    JobRequest& j = d.job;
    for (auto* l : {&j.name, &j.queue, &j.account, &j.qos, &j.constraint, &j.nodelist,
                    &j.dependency, &j.begin, &j.output, &j.error, &j.email, &j.array})
        blank(*l);
    j.tasksRange = {};
    blankAll(j.exportVars);
    d.cost.deadlineRange = {};
    if (d.cost.budget)
        blank(*d.cost.budget);
    if (d.parallel)
        blank(*d.parallel);

    Application& a = d.application;
    a.name.clear();
    a.symbol = nullptr;
    if (a.kind != "hpc")
        a.tag.clear();
    a.dataset.path = {}; // lowering decided the storage class from it
    a.mpiVersionRange.reset();
    a.ranksRange = {};
    a.containerRange.reset();
    a.frameworkRange.reset();
    a.envValueRanges.clear();
    a.envRange = {};
    a.runRange.reset();
    if (a.build)
        a.build->srcRange = {};

    Target& t = d.target;
    t.name.clear();
    t.symbol = nullptr;
    for (auto* l : {&t.queue, &t.account, &t.imageDir, &t.calibration, &t.region, &t.instanceType,
                    &t.flavor, &t.image, &t.network, &t.kubernetesNamespace})
        blank(*l);
    blankAll(t.modules);
    if (t.charge) {
        t.charge->range = {};
        if (t.charge->price)
            blank(*t.charge->price);
        if (t.charge->allocation)
            blank(*t.charge->allocation);
    }
}

DeploymentPlan planDeployment(std::shared_ptr<const Deployment> spec, const Catalogue& cat,
                              const Calibration& cal, size_t maxAlternatives, Diagnostics& diags,
                              const SearchPause& pause) {
    DeploymentPlan plan;
    plan.spec = std::move(spec);
    const Deployment& dep = *plan.spec;
    plan.name = dep.name;
    plan.range = dep.range;
    Resolved r;
    if (!resolve(dep, cat, r, diags))
        return plan;
    plan.application = r.appName;
    plan.target = r.targetName;
    plan.kind = r.kind;
    plan.epochs = static_cast<int>(std::min<int64_t>(r.epochs, 1'000'000'000));
    if (r.workload)
        plan.workload = r.workload->name;

    SearchLists lists;
    std::vector<Candidate>& feasible = lists.feasible();
    std::vector<Candidate>& rejected = lists.rejected();
    if (r.kind == "ai_training") {
        planAiTraining(r, dep, cat, cal, pause, plan, feasible, rejected);
    } else if (r.kind == "hpc") {
        planHpc(r, dep, cat, cal, plan, feasible, rejected, diags);
    } else {
        diags.add(DiagCode::ModelNotApplicable, plan.range,
                  fmt::format("deployment '{}': the performance model does not cover `kind = {}`",
                              plan.name, r.kind));
        return plan;
    }

    // Walltime: prefer candidates that finish in time; when none does, keep the fastest and warn.
    auto totalSeconds = [&](const Candidate& c) {
        return c.predicted && c.predicted->epochSeconds > 0
                   ? c.predicted->epochSeconds * static_cast<double>(r.epochs)
                   : 0.0;
    };
    sortCandidates(feasible, better);
    bool walltimeShort = false;
    if (r.walltime && *r.walltime > 0) {
        auto fits = [&](const Candidate& c) {
            double t = totalSeconds(c);
            return t == 0 || t <= static_cast<double>(*r.walltime);
        };
        if (std::any_of(feasible.begin(), feasible.end(), fits)) {
            const std::string walltime = formatSeconds(static_cast<double>(*r.walltime));
            moveRefused(feasible, rejected, [&](Candidate& c) {
                if (fits(c))
                    return true;
                c.rejectedBecause = fmt::format("predicted run of {} exceeds the walltime of {}",
                                                formatSeconds(totalSeconds(c)), walltime);
                c.rejection = Candidate::Rejection::Walltime;
                return false;
            });
        } else if (!feasible.empty() && totalSeconds(feasible.front()) > 0) {
            walltimeShort = true; // explained with the segments, below
        }
    }

    // Price, deadline, budget and objective (docs/model.md "Cost"). Spot capacity is interrupted:
    // its rate shortens the job's MTBF, which lengthens the run and sets the checkpoint interval.
    const std::optional<SitePricing> pricing = sitePricing(dep, cat);
    std::optional<int64_t> nodeMtbf = dep.target.mtbfSeconds;
    if (pricing) {
        plan.pricing = pricing->basis;
        if (pricing->spot)
            nodeMtbf = static_cast<int64_t>(
                std::min(pricing->spotMtbfSeconds,
                         nodeMtbf ? static_cast<double>(*nodeMtbf) : kDefaultNodeMtbfSeconds));
    }
    auto price = [&](Candidate& c) {
        const double t = totalSeconds(c);
        if (!pricing || t <= 0 || !c.predicted)
            return;
        double run = t;
        if (pricing->spot && r.workload)
            run = spotRunSeconds(t, c.nodes, pricing->spotMtbfSeconds,
                                 resilienceOf(c, r, t, nodeMtbf, true).checkpointSeconds);
        const RunTime interval = runTime(c, run);
        c.cost = estimateCost(*pricing, interval.seconds, interval.low, interval.high, c.nodes,
                              c.gpusPerNode);
    };
    for (auto& c : feasible)
        price(c);
    auto runSeconds = [&](const Candidate& c) {
        return c.cost ? c.cost->seconds : totalSeconds(c);
    };
    const CostRequest& want = dep.cost;
    bool budgetUnchecked = false;
    auto withinLimits = [&](Candidate& c) {
        if (want.deadlineSeconds && runSeconds(c) > static_cast<double>(*want.deadlineSeconds)) {
            const double over = runSeconds(c) - static_cast<double>(*want.deadlineSeconds);
            c.rejectedBecause = fmt::format(
                "finishes in {}, {} past the deadline of {}", formatSeconds(runSeconds(c)),
                formatSeconds(over), formatSeconds(static_cast<double>(*want.deadlineSeconds)));
            c.rejection = Candidate::Rejection::Deadline;
            return false;
        }
        if (want.budget && c.cost) {
            auto spent = costIn(*c.cost, *want.budget);
            if (!spent)
                budgetUnchecked = true;
            else if (*spent > want.budget->amount) {
                c.rejectedBecause = fmt::format(
                    "costs {}, {} over the budget of {}", amountText(*spent, want.budget->unit),
                    amountText(*spent - want.budget->amount, want.budget->unit),
                    amountText(want.budget->amount, want.budget->unit));
                c.rejection = Candidate::Rejection::Budget;
                return false;
            }
        }
        if (pricing && pricing->allocationLeft && c.cost &&
            c.cost->units > *pricing->allocationLeft) {
            c.rejectedBecause = fmt::format("needs {}, more than the {} left in the allocation",
                                            amountText(c.cost->units, c.cost->unit),
                                            amountText(*pricing->allocationLeft, c.cost->unit));
            c.rejection = Candidate::Rejection::Budget;
            return false;
        }
        return true;
    };
    moveRefused(feasible, rejected, withinLimits);
    if (budgetUnchecked && want.budget)
        diags.add(DiagCode::QuestionableSetting, want.budget->range,
                  fmt::format("target '{}' {}; the budget in {} is not checked there",
                              dep.target.name,
                              pricing && !pricing->unit.empty()
                                  ? fmt::format("charges in {}{}", pricing->unit,
                                                pricing->currency.empty()
                                                    ? std::string(" without a price")
                                                    : " at a price in " + pricing->currency)
                                  : fmt::format("prices in {}", pricing ? pricing->currency : "?"),
                              want.budget->unit));
    // The cheapest first under `objective = cost`: money where the site has a price, else units;
    // within 1 %, fewer devices, then the faster.
    if (want.objective == "cost") {
        auto costKey = [](const Candidate& c) {
            return !c.cost ? INFINITY : c.cost->hasMoney() ? c.cost->amount : c.cost->units;
        };
        sortCandidates(feasible, [&](const Candidate& a, const Candidate& b) {
            const double ca = costKey(a), cb = costKey(b);
            if (std::isfinite(ca) != std::isfinite(cb))
                return std::isfinite(ca);
            if (std::isfinite(ca) && std::abs(ca - cb) > 0.01 * std::max(ca, cb))
                return ca < cb;
            int da = a.nodes * std::max(1, a.gpusPerNode),
                db = b.nodes * std::max(1, b.gpusPerNode);
            if (da != db)
                return da < db;
            return better(a, b);
        });
    }

    bool limitSaid = false;
    if (feasible.empty() && !rejected.empty() && want.budget && !budgetUnchecked &&
        std::any_of(rejected.begin(), rejected.end(), [](const Candidate& c) {
            return c.rejection == Candidate::Rejection::Budget;
        })) {
        // The cheapest candidate the budget refused names what would fit.
        const Candidate* cheapest = nullptr;
        double least = INFINITY;
        for (const auto& c : rejected)
            if (c.rejection == Candidate::Rejection::Budget && c.cost)
                if (auto spent = costIn(*c.cost, *want.budget); spent && *spent < least) {
                    least = *spent;
                    cheapest = &c;
                }
        if (cheapest) {
            const double needed = std::ceil(least);
            // Spot capacity is offered where the instance type has a cheaper price.
            const InstanceType* inst = dep.target.instance;
            const bool spotCheaper = !want.spot && inst && inst->spotPerHour &&
                                     *inst->spotPerHour < inst->onDemandPerHour;
            auto& d = diags.add(
                DiagCode::NoCandidate, want.budget->range,
                fmt::format(
                    "deployment '{}' on {}: the budget of {} is below the cheapest "
                    "candidate, {} node{} × {} for {} ({}); `budget = {}` fits it{}",
                    plan.name, dep.target.name, amountText(want.budget->amount, want.budget->unit),
                    cheapest->nodes, cheapest->nodes == 1 ? "" : "s",
                    cheapest->gpusPerNode > 0 ? fmt::format("{} GPUs", cheapest->gpusPerNode)
                                              : std::string("CPUs"),
                    cheapest->cost->text(), formatSeconds(cheapest->cost->seconds),
                    amountText(needed, want.budget->unit),
                    spotCheaper ? fmt::format(", or `spot = true` ({}/h instead of {})",
                                              amountText(*inst->spotPerHour, inst->currency),
                                              amountText(inst->onDemandPerHour, inst->currency))
                                : std::string()));
            d.fixes.push_back(
                Fix{fmt::format("raise the budget to {}", amountText(needed, want.budget->unit)),
                    {TextEdit{want.budget->range,
                              fmt::format("{:.0f} {}", needed, want.budget->unit)}}});
            // `, spot = true` after the budget (attributes on one line take commas; `modak fmt`
            // puts it on its own line).
            if (spotCheaper)
                d.fixes.push_back(Fix{"allow spot instances (`spot = true`)",
                                      {TextEdit{{want.budget->range.file, want.budget->range.end,
                                                 want.budget->range.end},
                                                ", spot = true"}}});
            limitSaid = true; // the generic no-candidate error below would repeat it
        }
    }
    if (feasible.empty() && !limitSaid && want.deadlineSeconds &&
        std::all_of(
            rejected.begin(), rejected.end(),
            [](const Candidate& c) { return c.rejection != Candidate::Rejection::Budget; }) &&
        std::any_of(rejected.begin(), rejected.end(), [](const Candidate& c) {
            return c.rejection == Candidate::Rejection::Deadline;
        })) {
        const Candidate* fastest = nullptr;
        for (const auto& c : rejected)
            if (c.rejection == Candidate::Rejection::Deadline &&
                (!fastest || runSeconds(c) < runSeconds(*fastest)))
                fastest = &c;
        const double t = runSeconds(*fastest);
        auto& d = diags.add(
            DiagCode::NoCandidate, want.deadlineRange,
            fmt::format("deployment '{}' on {}: no candidate finishes within the deadline "
                        "of {}; the fastest, {} node{} × {}, takes {}, {} past it",
                        plan.name, dep.target.name,
                        formatSeconds(static_cast<double>(*want.deadlineSeconds)), fastest->nodes,
                        fastest->nodes == 1 ? "" : "s",
                        fastest->gpusPerNode > 0 ? fmt::format("{} GPUs", fastest->gpusPerNode)
                                                 : std::string("CPUs"),
                        formatSeconds(t),
                        formatSeconds(t - static_cast<double>(*want.deadlineSeconds))));
        // The deadline the fastest candidate meets, in whole minutes (whole hours from a day).
        const int64_t needed = t >= 86400 ? static_cast<int64_t>(std::ceil(t / 3600)) * 3600
                                          : static_cast<int64_t>(std::ceil(t / 60)) * 60;
        const std::string text = syntax::formatDuration(needed);
        d.fixes.push_back(Fix{fmt::format("extend the deadline to {}", text),
                              {TextEdit{want.deadlineRange, text}}});
        limitSaid = true;
    }

    if (feasible.empty() && limitSaid) {
        // said above, at the budget or the deadline
    } else if (feasible.empty()) {
        // The deciding reason is that of the candidates that came nearest: rejected on their
        // prediction (walltime, efficiency, memory) before those of an incompatible image.
        sortCandidates(rejected, [](const Candidate& a, const Candidate& b) {
            return a.rejection < b.rejection;
        });
        std::string why =
            rejected.empty() ? noImageHolds(r, dep, cat) : rejected.front().rejectedBecause;
        if (!rejected.empty() && rejected.front().rejection == Candidate::Rejection::Efficiency) {
            const Candidate* top = nullptr;
            for (const auto& c : rejected)
                if (c.rejection == Candidate::Rejection::Efficiency && c.predicted &&
                    (!top || c.predicted->efficiency > top->predicted->efficiency))
                    top = &c;
            if (top)
                why += fmt::format(
                    "; the best efficiency of any candidate is {}, at {} {}",
                    efficiencyBelow(top->predicted->efficiency,
                                    minimumEfficiency(r, dep.application, top->amdahl).first),
                    top->predicted->devices, top->amdahl ? "ranks" : "devices");
        }
        const bool memory =
            !rejected.empty() && rejected.front().rejection == Candidate::Rejection::Memory;
        if (memory)
            why += fitFix(rejected.front(), cal);
        auto& d = diags.add(
            memory ? DiagCode::DoesNotFit : DiagCode::NoCandidate, plan.range,
            memory ? fmt::format("deployment '{}' does not fit: {}", plan.name, why)
                   : fmt::format("deployment '{}': no candidate meets the constraints; {}",
                                 plan.name, why));
        // The other reasons, nearest first, each once.
        std::set<std::string> reasons{rejected.empty() ? "" : rejected.front().rejectedBecause};
        for (const auto& c : rejected)
            if (d.notes.size() < 4 && reasons.insert(c.rejectedBecause).second)
                d.notes.push_back({plan.range, c.rejectedBecause});
    } else {
        plan.chosen = std::move(feasible.front());
        // The search predicted figures only; the chosen candidate's explanation is shown.
        if (plan.chosen->predicted && !plan.chosen->amdahl && plan.chosen->scenario.workload) {
            std::string error;
            if (auto explained = predict(plan.chosen->scenario, cal, error))
                plan.chosen->predicted->factors = std::move(explained->factors);
        }
        plan.totalSeconds = totalSeconds(*plan.chosen);
        const Candidate& best = *plan.chosen;
        // Scaling charts: the chosen configuration's, then those of the next two other image and
        // compiler pairs of all feasible candidates, kept as alternatives or not.
        if (best.scenario.workload) {
            plan.curves.push_back(scalingCurve(best, r, cal, "chosen"));
            std::set<std::pair<std::string, std::string>> shown{
                {best.imageName, best.graphCompiler}};
            for (size_t i = 1; i < feasible.size() && plan.curves.size() < 3; ++i) {
                const Candidate& c = feasible[i];
                if (c.scenario.workload && shown.insert({c.imageName, c.graphCompiler}).second)
                    plan.curves.push_back(scalingCurve(c, r, cal, "alternative"));
            }
        }
        // Only the alternatives the plan keeps get their reason written.
        plan.alternatives.reserve(std::min(maxAlternatives, feasible.size() - 1 + rejected.size()));
        for (size_t i = 1; i < feasible.size() && plan.alternatives.size() < maxAlternatives; ++i) {
            Candidate c = std::move(feasible[i]);
            if (want.objective == "cost" && c.cost && best.cost &&
                c.cost->hasMoney() == best.cost->hasMoney()) {
                const double a = c.cost->hasMoney() ? c.cost->amount : c.cost->units;
                const double b = best.cost->hasMoney() ? best.cost->amount : best.cost->units;
                c.rejectedBecause =
                    a > b * 1.01
                        ? fmt::format("costs {}, {:.1f} % more than the chosen candidate",
                                      c.cost->text(), (a / b - 1) * 100)
                        : "costs as much, but the chosen one uses fewer devices or is faster";
            } else if (!c.predicted || !best.predicted) {
                c.rejectedBecause = "no prediction; the chosen build is at least as fast in the "
                                    "published measurements";
            } else {
                double loss = 1 - c.predicted->throughput / best.predicted->throughput;
                c.rejectedBecause =
                    loss > 0.005
                        ? fmt::format("{:.1f} % slower than the chosen candidate", loss * 100)
                        : "as fast, but the chosen one uses fewer devices or a simpler setup";
            }
            plan.alternatives.push_back(std::move(c));
        }
        // Explain the decision in the terms of the evidence.
        // (The host's software was explained when it became the candidate.)
        if (best.imageName.empty() && best.build != kHostBuild)
            plan.explanation.push_back("no catalogue image: the application's own container");
        else if (best.build != kHostBuild)
            plan.explanation.push_back(
                fmt::format("image {} ({} build)", best.imageName, best.build));
        if (best.predicted)
            for (const auto& f : best.predicted->factors)
                plan.explanation.push_back(f);
        if (best.gpusPerNode == 0 && r.cpu && r.cpu->name.ends_with(".cpu"))
            plan.explanation.push_back(r.cpu->doc);
        if (!best.predicted && r.kind == "ai_training")
            plan.explanation.push_back(
                "no workload: a source build is chosen where one exists (never slower in the "
                "HPEC 2020 measurements) and no graph compiler unless asked for");
        else if (!r.storageNote.empty() && r.kind == "ai_training")
            plan.explanation.push_back(r.storageNote);
        if (best.cost)
            plan.explanation.push_back(fmt::format("costs {} for {} on {} node{}: {}",
                                                   best.cost->text(),
                                                   formatSeconds(best.cost->seconds), best.nodes,
                                                   best.nodes == 1 ? "" : "s", plan.pricing));
        if (best.predicted && !best.amdahl && r.workload && plan.totalSeconds > 0)
            explainResilience(plan, r, dep, nodeMtbf, walltimeShort, diags);
    }
    checkLaunch(plan, diags); // a launcher written into `run`, against the choice
    // Rejected ones last, in a stable order: by reason, then name and scale.
    if (plan.alternatives.size() < maxAlternatives)
        moveFirst(rejected, maxAlternatives - plan.alternatives.size(), plan.alternatives,
                  [](const Candidate& a, const Candidate& b) {
                      return std::tie(a.imageName, a.graphCompiler, a.nodes, a.gpusPerNode) <
                             std::tie(b.imageName, b.graphCompiler, b.nodes, b.gpusPerNode);
                  });
    warnExtrapolation(plan, diags);
    return plan;
}

namespace {

/// A deployment over several targets: each site planned alone, then weighed by the objective
/// (or taken in the written order); the chosen site's plan carries every site's option and plan.
/// A site that cannot run is a row with its reason, not an error, while another site can.
DeploymentPlan planSites(const Program& program, const Symbol& sym, const Catalogue& cat,
                         const std::function<const Calibration&(const Deployment&)>& calibrationFor,
                         size_t maxAlternatives, const SearchPause& pause, Diagnostics& diags) {
    auto first = std::make_shared<const Deployment>(lowerDeployment(program, sym, cat, 0));
    const CostRequest& want = first->cost;
    std::vector<DeploymentPlan> plans;
    std::vector<Diagnostics> siteDiags(first->sites.size());
    for (size_t i = 0; i < first->sites.size(); ++i) {
        auto spec = i == 0
                        ? first
                        : std::make_shared<const Deployment>(lowerDeployment(program, sym, cat, i));
        plans.push_back(
            planDeployment(spec, cat, calibrationFor(*spec), maxAlternatives, siteDiags[i], pause));
    }
    std::vector<SiteOption> options;
    std::vector<size_t> runnable;
    for (size_t i = 0; i < plans.size(); ++i) {
        const DeploymentPlan& p = plans[i];
        SiteOption o;
        o.target = first->sites[i].value;
        o.range = first->sites[i].range;
        o.instanceType = p.spec ? p.spec->target.instanceType.value : std::string();
        if (p.chosen) {
            const Candidate& c = *p.chosen;
            o.nodes = c.nodes;
            o.gpusPerNode = c.gpusPerNode;
            o.gpu = c.scenario.gpu ? c.scenario.gpu->name : std::string();
            o.cost = c.cost;
            const RunTime t = runTime(c, c.cost ? c.cost->seconds : p.totalSeconds);
            o.totalSeconds = t.seconds;
            o.lowSeconds = t.low;
            o.highSeconds = t.high;
            runnable.push_back(i);
        } else {
            // The site's own deciding error says why.
            for (const auto& d : siteDiags[i])
                if (d.severity == Severity::Error || d.severity == Severity::Fatal) {
                    // Its message without the "deployment 'x' on site: " the row says already.
                    o.rejectedBecause = d.message;
                    for (const std::string& prefix :
                         {fmt::format("deployment '{}' on {}: ", first->name, o.target),
                          fmt::format("deployment '{}': ", first->name)})
                        if (o.rejectedBecause.starts_with(prefix))
                            o.rejectedBecause.erase(0, prefix.size());
                    break;
                }
            if (o.rejectedBecause.empty())
                o.rejectedBecause = "no plan";
        }
        options.push_back(std::move(o));
    }
    // Money compares only in one currency (modak converts none): the budget's, else that of the
    // first site written with a price; sites priced in another rank after them, as unpriced ones.
    std::string currency = want.budget && !want.budget->isAllocation() ? want.budget->unit : "";
    for (size_t i : runnable)
        if (currency.empty() && options[i].cost && options[i].cost->hasMoney())
            currency = options[i].cost->currency;
    if (want.objective == "cost") {
        std::vector<std::string> others;
        for (size_t i : runnable)
            if (options[i].cost && options[i].cost->hasMoney() &&
                options[i].cost->currency != currency)
                others.push_back(
                    fmt::format("{} ({})", options[i].target, options[i].cost->currency));
        if (!others.empty()) {
            std::string list;
            for (const auto& o : others)
                list += (list.empty() ? "" : ", ") + o;
            diags.add(
                DiagCode::QuestionableSetting, first->range,
                fmt::format("deployment '{}': its targets price in more than one currency and "
                            "modak converts none; the cost order compares {} and ranks {} "
                            "after; price them in one currency (a catalogue file's "
                            "`instances`, a `charge`'s `price`)",
                            first->name, currency, list));
        }
    }
    // The objective's order; `failover = ordered` keeps the written one.
    if (want.failover != "ordered") {
        auto key = [&](size_t i) {
            const SiteOption& o = options[i];
            if (want.objective == "cost")
                return o.cost && o.cost->hasMoney() && o.cost->currency == currency ? o.cost->amount
                                                                                    : INFINITY;
            return o.totalSeconds > 0 ? o.totalSeconds : INFINITY;
        };
        std::stable_sort(runnable.begin(), runnable.end(), [&](size_t a, size_t b) {
            const double ka = key(a), kb = key(b);
            if (std::isfinite(ka) && std::isfinite(kb) &&
                std::abs(ka - kb) > 0.01 * std::max(ka, kb))
                return ka < kb;
            if (std::isfinite(ka) != std::isfinite(kb))
                return std::isfinite(ka);
            const int da = options[a].nodes * std::max(1, options[a].gpusPerNode);
            const int db = options[b].nodes * std::max(1, options[b].gpusPerNode);
            if (da != db)
                return da < db;
            return options[a].totalSeconds < options[b].totalSeconds;
        });
    }
    for (size_t r = 0; r < runnable.size(); ++r)
        options[runnable[r]].rank = static_cast<int>(r + 1);
    if (runnable.empty()) {
        DeploymentPlan plan = plans.front(); // a copy: every site's plan stays in sitePlans
        plan.chosen.reset();
        auto& d = diags.add(DiagCode::NoCandidate, first->range,
                            fmt::format("deployment '{}': none of its {} targets can run it",
                                        first->name, options.size()));
        for (const auto& o : options)
            d.notes.push_back({o.range, fmt::format("{}: {}", o.target, o.rejectedBecause)});
        // Each site's fixes (a budget or deadline that would fit it), once each.
        std::set<std::string> titles;
        for (const auto& site : siteDiags)
            for (const auto& sd : site)
                for (const auto& fix : sd.fixes)
                    if (titles.insert(fix.title).second)
                        d.fixes.push_back(fix);
        plan.sites = std::move(options);
        plan.sitePlans = std::move(plans);
        return plan;
    }
    const size_t chosen = runnable.front();
    options[chosen].chosen = true;
    // The chosen site's diagnostics are the deployment's; the other sites' are their rows.
    diags.append(siteDiags[chosen]);
    DeploymentPlan plan = plans[chosen];
    std::string order;
    for (size_t r : runnable)
        order += (order.empty() ? "" : " → ") + options[r].target;
    plan.explanation.insert(
        plan.explanation.begin(),
        fmt::format("target {} of {}: {} (order {})", options[chosen].target, options.size(),
                    want.failover == "ordered" ? "the first written that can run it"
                    : want.objective == "cost" ? "the cheapest"
                                               : "the fastest",
                    order));
    plan.sites = std::move(options);
    plan.sitePlans = std::move(plans);
    return plan;
}

} // namespace

Plan planProgram(SourceManager& sm, const Program& program, const PlanOptions& options,
                 Diagnostics& diags) {
    Plan plan;
    const Document* root = program.root();
    if (!root)
        return plan;
    auto owned =
        std::make_shared<Catalogue>(programCatalogue(sm, program, options.catalogFiles, diags));
    plan.catalogue = owned;
    const Catalogue& cat = *owned;
    // Calibration: the caller's, else the deployment's target's `calibration = "…"` file (relative
    // to the file defining the target; each read once), else the built-in one.
    std::map<std::filesystem::path, std::optional<Calibration>> siteCalibrations;
    std::set<const Symbol*> refused;
    auto calibrationFor = [&](const Deployment& deployment) -> const Calibration& {
        if (options.calibration)
            return *options.calibration;
        const Symbol* target = deployment.target.symbol;
        const Located<std::string>& file = deployment.target.calibration;
        const Document* doc = target ? program.document(target->file) : nullptr;
        if (!file.present || !doc)
            return Calibration::builtin();
        if (refused.count(target))
            return Calibration::builtin();
        auto scoped = scopedJsonPath(program, *doc, file.value, file.range,
                                     DiagCode::CalibrationInvalid, "calibration", diags);
        if (!scoped) {
            refused.insert(target); // said once, not once per deployment on this target
            return Calibration::builtin();
        }
        const std::filesystem::path& path = *scoped;
        auto [it, inserted] = siteCalibrations.try_emplace(path);
        if (inserted) {
            std::string error;
            if (auto id = sm.readFile(path, error)) {
                it->second = Calibration::parse(sm.text(*id), *id, path.string(), diags);
                if (!it->second)
                    diags.add(DiagCode::CalibrationInvalid, file.range,
                              fmt::format("calibration file '{}' is invalid (see above); the "
                                          "built-in calibration is "
                                          "used instead",
                                          path.string()));
            } else {
                diags.add(
                    DiagCode::CalibrationInvalid, file.range,
                    fmt::format("cannot read calibration file '{}': {}", path.string(), error));
            }
        }
        return it->second ? *it->second : Calibration::builtin();
    };
    bool found = false;
    for (const auto& sym : program.symbols) {
        if (sym.kind != "deployment" || sym.file != root->file || !sym.block)
            continue;
        if (!options.deployment.empty() && sym.name != options.deployment)
            continue;
        found = true;
        if (deploymentSites(*sym.block).size() > 1) {
            plan.deployments.push_back(planSites(program, sym, cat, calibrationFor,
                                                 options.maxAlternatives, options.pause, diags));
            continue;
        }
        auto spec = std::make_shared<const Deployment>(lowerDeployment(program, sym, cat));
        plan.deployments.push_back(planDeployment(spec, cat, calibrationFor(*spec),
                                                  options.maxAlternatives, diags, options.pause));
    }
    if (!found && !options.deployment.empty())
        diags.add(DiagCode::UnresolvedReference, root->tree.headerRange,
                  fmt::format("no deployment '{}' in this file", options.deployment));
    return plan;
}

} // namespace modak::model
