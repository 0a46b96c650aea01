// SPDX-License-Identifier: Apache-2.0
//! A launcher the user wrote into `run` (torchrun, deepspeed, mpirun, srun, horovodrun, accelerate
//! launch), read against the plan: the counts its options hard-code (processes per node, nodes,
//! processes in all) are compared with the chosen candidate's, and where modak can launch the
//! ranks itself a quick fix rewrites `run` to the training command alone.
#pragma once

#include "modak/diag/Diagnostic.h"
#include "modak/model/Plan.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace modak::model {

/// A count an option of a launcher sets, as written: `--nproc_per_node=4`, `-N 2`, `--nnodes=2:4`
/// (min 2, max 4), `--map-by ppr:4:node`.
struct LaunchCount {
    int min = 0, max = 0;
    size_t begin = 0, end = 0; ///< the option and its value, as offsets into the command
    std::string text;          ///< as written
};

/// What the launcher at the start of a command starts, as far as modak reads its options.
struct LauncherCall {
    std::string launcher;      ///< launcherOf's name; "" when the command starts none
    bool understood = false;   ///< modak knows the launcher's options
    size_t begin = 0, end = 0; ///< the launcher's own words in the command (its options included)
    size_t nameEnd = 0; ///< where its name ends (`torchrun`, `python3 -m torch.distributed.run`)
    std::optional<LaunchCount> perNode, nodes, total;
    std::optional<LaunchCount> standalone; ///< torchrun's `--standalone`: one node
    bool hostsNamed = false; ///< a nodes option, a host list or a host file is written
    /// The option that spreads the launcher over several nodes (`--nnodes`), "" when the nodes
    /// come from the job's allocation (mpirun, srun) or a configuration file (accelerate).
    std::string_view nodesOption;
    /// The command with the launcher's words replaced by the training command they start
    /// (`torchrun --nnodes=2 train.py --epochs 90` → `python train.py --epochs 90`); nullopt when
    /// modak cannot tell where that command begins.
    std::optional<std::string> training;
};

/// Reads the launcher `command` starts (see launcherOf).
LauncherCall readLauncher(std::string_view command);

/// Compares the launcher the application's `run` starts with the plan's chosen scale: a located
/// `questionable-setting` warning for each count that disagrees and for a multi-node plan whose
/// launcher names no nodes, with a note on how modak launches the ranks itself and, where it can
/// (torchrun-style or MPI ranks), the quick fix "Let modak launch the ranks". planDeployment calls
/// it once for every plan.
void checkLaunch(const DeploymentPlan& plan, Diagnostics& diags);

/// True when a deployment of the root file runs an application whose `run` starts a launcher: the
/// only case in which `modak check` and the editor plan the file to call checkLaunch.
bool startsLauncher(const Program& program);

/// checkLaunch for every deployment of `plan`.
void checkLaunches(const Plan& plan, Diagnostics& diags);

/// True when checkLaunch can warn about `d` for some plan: `run` starts a launcher modak reads
/// that sets a count, or that runs on one node unless told (torchrun without `--nnodes`).
bool launchNeedsPlan(const Deployment& d);
/// launchNeedsPlan of a deployment running `app` (what it reads of the deployment).
bool launchNeedsPlan(const Application& app);

/// checkLaunch for every deployment of the root file of `program` that launchNeedsPlan, as
/// planProgram would plan it (what `modak check` does): each one planned alone and its plan
/// dropped at once, so memory stays that of one plan, except that deployments with equal planner
/// views (plannerView) share one plan's choice; the plans' own diagnostics are not reported.
void checkProgramLaunches(SourceManager& sm, const Program& program, Diagnostics& diags);

/// checkProgramLaunches in parts that several threads may check at once (`modak check` of one large
/// file runs them beside the semantic checks). The constructor does what reads files into the
/// source manager (the program's catalogue files); check(begin, end) reads only the program, so it
/// may run while others read the same source manager. Parts checked one after another in order give
/// exactly checkProgramLaunches's diagnostics.
class ProgramLaunchChecks {
public:
    ProgramLaunchChecks(SourceManager& sm, const Program& program);
    ~ProgramLaunchChecks();
    ProgramLaunchChecks(const ProgramLaunchChecks&) = delete;
    ProgramLaunchChecks& operator=(const ProgramLaunchChecks&) = delete;

    /// The deployments of the root file, in order; parts are ranges of them.
    size_t size() const { return deployments_.size(); }
    /// Checks deployments [begin, end) into `diags`. False, with nothing added, where one of them
    /// must be planned the way planProgram plans it (several sites, a target's own calibration
    /// file), which reads files: check that part with the overload below, on one thread.
    bool check(size_t begin, size_t end, Diagnostics& diags) const;
    void check(SourceManager& sm, size_t begin, size_t end, Diagnostics& diags) const;

private:
    struct Shared;
    bool checkPart(SourceManager* sm, size_t begin, size_t end, Diagnostics& diags) const;
    const Catalogue& catalogue() const;

    const Program& program_;
    std::vector<const Symbol*> deployments_;
    std::unique_ptr<Shared> shared_; ///< the catalogue, built once, and the plans deployments share
};

} // namespace modak::model
