// SPDX-License-Identifier: Apache-2.0
//! The optimiser: for each deployment of a program, enumerates the candidates the file, the
//! catalogue and the target allow (image and build flavour, graph compiler, nodes, GPUs per node),
//! predicts each with the performance model, and chooses the fastest that meets the constraints
//! (minimal efficiency, node limits, memory, walltime). Every other candidate is kept with the
//! reason it lost. The CLI (`modak plan`), the code generators and the language server all call
//! this.
#pragma once

#include "modak/model/Catalogue.h"
#include "modak/model/Cost.h"
#include "modak/model/Deployment.h"
#include "modak/model/Layout.h"
#include "modak/model/Performance.h"
#include "modak/model/Program.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace modak::model {

/// A candidate's `build` with `runtime = none`: the host's own framework, no image.
inline constexpr std::string_view kHostBuild = "host";

struct Candidate {
    const Image* image = nullptr; ///< nullptr: no container (`runtime = none`) or an explicit one
    std::string imageName;        ///< "" when there is no catalogue image
    std::string reference;        ///< "docker://…"; "" for runtime none
    std::string build;            ///< hub, pip, source
    std::string graphCompiler = "none";
    std::string runtime;
    std::string precision;
    int nodes = 1;
    int gpusPerNode = 0;
    /// The processes the job starts per node, as the prediction assumed them: MPI ranks (HPC), or
    /// data-parallel ranks (AI training: one per GPU; on CPUs the scale's `tasks_per_node`, else
    /// one per socket; one for `distributed = none`). 0: not decided (no workload).
    int ranksPerNode = 0;
    bool amdahl = false; ///< HPC: predicted as a speedup over one rank, not in samples/s
    std::optional<int> batchPerDevice;
    /// AI training: the model's prediction. HPC: throughput = speedup over one rank.
    std::optional<Prediction> predicted;
    std::string rejectedBecause; ///< empty for the chosen candidate
    /// What the run costs on the site (with the deployment's `spot`), when the site has a price.
    std::optional<CostEstimate> cost;
    /// How near a rejected candidate came, nearest first (the order of the checks it passed): a
    /// `no-candidate` error leads with the nearest reason, not with an incompatible image.
    enum class Rejection {
        Budget,
        Deadline,
        Walltime,
        Efficiency,
        Memory,
        Configuration,
        Compatibility
    };
    Rejection rejection = Rejection::Configuration;
    Scenario scenario; ///< AI training: what was predicted (for scaling curves)
};

/// Predictions of one configuration over increasing device counts: GPUs of one node first, then
/// whole nodes (1, 2, 4, … up to the target's nodes), for the scaling charts.
struct ScalingCurve {
    std::string label; ///< "chosen: ngc_pytorch_23_10 + inductor"
    struct Point {
        int nodes = 1, gpusPerNode = 0, devices = 1;
        double throughput = 0, epochSeconds = 0, efficiency = 1;
        StepTime step;
    };
    std::vector<Point> points;
};

/// How a long training survives its walltime and the failures of its nodes: the run split into
/// chained jobs (segments) that each resume from the last checkpoint, and the checkpoint interval
/// that minimises the expected lost work (Young 1974, Daly 2006).
struct Resilience {
    double checkpointSeconds = 0; ///< δ: writing one checkpoint of the training state
    double stateBytes = 0;        ///< what a checkpoint holds (weights, gradients, moments)
    double writeGBs = 0;          ///< the bandwidth it is written with
    double jobMtbfSeconds = 0;    ///< M: the node MTBF over the job's nodes
    bool defaultMtbf = true;      ///< the target named no `mtbf`
    double intervalSeconds = 0; ///< Daly's optimum √(2δM)·[1 + ⅓√(δ/2M) + ⅑·δ/2M] − δ
    int64_t intervalSteps = 0;   ///< the interval in whole training steps (at least 1)
    bool checkpointing = false;  ///< the interval is shorter than the run: checkpoints pay
    int segments = 1;            ///< chained jobs (1: the run fits the walltime)
    int64_t walltimeSeconds = 0; ///< each segment's walltime (0: none)
    /// Seconds before a segment's walltime when its ranks are told to checkpoint and stop
    /// (SIGUSR1 and MODAK_SEGMENT_END).
    int64_t stopSeconds = 0;
};

/// A node's mean time between failures when the target names none: Meta's Llama 3 pre-training
/// saw 419 unexpected interruptions in 54 days on 16 384 H100 GPUs in 8-GPU nodes ("The Llama 3
/// Herd of Models", 2024, §3.3.4): 2 048 nodes × 1 296 h / 419 ≈ 6 300 h a node.
inline constexpr double kDefaultNodeMtbfSeconds = 6300.0 * 3600.0;
/// Checkpoint write bandwidth per node when the deployment names no storage class (GB/s).
inline constexpr double kDefaultCheckpointWriteGBs = 1.0;

/// The resilience of a run of `totalSeconds` predicted as `chosen` (its step time and scale) on
/// nodes of `nodeMtbfSeconds` (nullopt: kDefaultNodeMtbfSeconds) writing `stateBytes` of state at
/// `writeGBs` per node, under a walltime of `walltimeSeconds` (nullopt: none).
/// `chain` false: one segment, whatever the walltime.
Resilience planResilience(const Candidate& chosen, double totalSeconds, double stateBytes,
                          double writeGBs, std::optional<int64_t> nodeMtbfSeconds,
                          std::optional<int64_t> walltimeSeconds, bool chain = true);

struct DeploymentPlan;

/// One target of a deployment that names several (`target = [a, b, c]`), as the plan weighs it.
struct SiteOption {
    std::string target;
    SourceRange range; ///< where the deployment names it
    bool chosen = false;
    int rank = 0;                ///< 1 = runs first, 2 = its first fallback, …; 0 = cannot run
    std::string rejectedBecause; ///< why it cannot run (rank 0)
    int nodes = 0, gpusPerNode = 0;
    std::string gpu; ///< catalogue GPU name, "" for a CPU job
    std::string instanceType;
    double totalSeconds = 0, lowSeconds = 0, highSeconds = 0;
    std::optional<CostEstimate> cost;
};

struct DeploymentPlan {
    std::string name, application, target, kind, workload;
    SourceRange range; ///< the deployment's name (or block) for diagnostics and the LSP
    /// What the plan was made from: the lowered deployment every later stage reads (null only when
    /// the plan was not made from a program).
    std::shared_ptr<const Deployment> spec;
    std::optional<Candidate> chosen;
    std::vector<Candidate> alternatives; ///< ranked: feasible by throughput, then infeasible
    std::vector<std::string> explanation;
    double totalSeconds = 0; ///< predicted run time (epochs × epoch time), 0 when unknown
    /// AI training with a prediction: segments and checkpoint interval.
    std::optional<Resilience> resilience;
    int epochs = 1;
    std::vector<ScalingCurve> curves; ///< chosen first, then up to two other configurations
    /// `runtime = none`: the host's framework, as the one "image" its candidates point to (no
    /// reference, build `host`).
    std::shared_ptr<const Image> hostSoftware;
    /// Several targets: each one's option, in the order written, and each one's own plan in the
    /// same order (the chosen one is this plan). Empty for a deployment with one target.
    std::vector<SiteOption> sites;
    std::vector<DeploymentPlan> sitePlans;
    /// What the plan priced: the site's pricing basis ("" when the site has no price).
    std::string pricing;
};

struct Plan {
    std::vector<DeploymentPlan> deployments;
    /// Owns the images, hardware and workloads the candidates point to.
    std::shared_ptr<const Catalogue> catalogue;
};

struct PlanOptions {
    std::string deployment;                ///< only this one ("" = all)
    std::vector<std::string> catalogFiles; ///< extra catalogue files (`--catalog`)
    /// nullptr = each deployment's target's `calibration = "…"` file, else the built-in one.
    const Calibration* calibration = nullptr;
    size_t maxAlternatives = 24; ///< alternatives kept per deployment
    SearchPause pause;           ///< may be empty
};

/// The catalogue a program sees: built-in, then `catalog = "…"` files of its documents (relative
/// to the file naming them), then `options.catalogFiles`, then its `image` and `workload` blocks.
Catalogue programCatalogue(SourceManager& sm, const Program& program,
                           const std::vector<std::string>& extraFiles, Diagnostics& diags);

/// Reads and validates the `catalog = "…"` files of every document (what `modak check` does without
/// planning); problems are `catalog-invalid` diagnostics at the file name.
void checkCatalogFiles(SourceManager& sm, const Program& program, Diagnostics& diags);

/// Plans every deployment of the root file of `program` (or the one named in options). Deployments
/// that cannot be planned get an error diagnostic (`no-candidate`, `model-not-applicable`) and a
/// plan without `chosen`. Never throws.
Plan planProgram(SourceManager& sm, const Program& program, const PlanOptions& options,
                 Diagnostics& diags);

/// Plans one deployment block with an already built catalogue (the LSP caches the catalogue).
DeploymentPlan planDeployment(const SourceManager& sm, const Program& program,
                              const Symbol& deployment, const Catalogue& catalogue,
                              const Calibration& calibration, size_t maxAlternatives,
                              Diagnostics& diags);
/// `deployment` as the planner sees it: what only names or locates it (its, its application's
/// and its target's names and symbols, every source range) and the dataset's path (lowering has
/// turned it into a storage class) blanked. Two deployments with equal planner views get the same
/// candidates from planDeployment with one catalogue and calibration, so one plan can stand for
/// both where only the choice is read (checkProgramLaunches). Everything else stays: a field the
/// planner reads can only make two views differ.
Deployment plannerView(const Deployment& deployment);
/// Turns `deployment` into its planner view in place (no copy: checkProgramLaunches blanks each
/// lowered deployment once it has read what its warning names).
void blankForPlanner(Deployment& deployment);
/// Plans one lowered deployment; the plan keeps `deployment` as its `spec`.
DeploymentPlan planDeployment(std::shared_ptr<const Deployment> deployment,
                              const Catalogue& catalogue, const Calibration& calibration,
                              size_t maxAlternatives, Diagnostics& diags,
                              const SearchPause& pause = {});

} // namespace modak::model
