// SPDX-License-Identifier: Apache-2.0
//! Walltime segments and the checkpoint interval of a planned training (Plan.h, Resilience).
#include "modak/model/Plan.h"

#include <algorithm>
#include <cmath>

namespace modak::model {

Resilience planResilience(const Candidate& chosen, double totalSeconds, double stateBytes,
                          double writeGBs, std::optional<int64_t> nodeMtbfSeconds,
                          std::optional<int64_t> walltimeSeconds, bool chain) {
    Resilience r;
    const double step = chosen.predicted ? chosen.predicted->stepSeconds : 0;
    const int nodes = std::max(1, chosen.nodes);
    r.stateBytes = stateBytes;
    // Sharded state is written by every node at once; replicated state by one rank.
    const bool sharded =
        chosen.scenario.strategy && chosen.scenario.strategy->shardedBytesPerParameter > 0;
    r.writeGBs = writeGBs * (sharded ? nodes : 1);
    r.checkpointSeconds = stateBytes / (r.writeGBs * 1e9);
    r.defaultMtbf = !nodeMtbfSeconds;
    r.jobMtbfSeconds =
        (nodeMtbfSeconds ? static_cast<double>(*nodeMtbfSeconds) : kDefaultNodeMtbfSeconds) / nodes;
    // Daly 2006, eq. 37 (a higher-order correction of Young's √(2δM)); M when δ ≥ 2M.
    const double delta = r.checkpointSeconds, m = r.jobMtbfSeconds;
    if (delta < 2 * m) {
        const double x = delta / (2 * m);
        r.intervalSeconds = std::sqrt(2 * delta * m) * (1 + std::sqrt(x) / 3 + x / 9) - delta;
    } else {
        r.intervalSeconds = m;
    }
    r.intervalSeconds = std::max(r.intervalSeconds, step);
    r.intervalSteps = step > 0 ? std::max<int64_t>(1, std::llround(r.intervalSeconds / step)) : 0;
    // Checkpoints pay when a job runs longer than the interval: the whole run, or without a chain
    // the part of it the walltime allows.
    const double jobSeconds = walltimeSeconds && *walltimeSeconds > 0 && !chain
                                  ? std::min(totalSeconds, static_cast<double>(*walltimeSeconds))
                                  : totalSeconds;
    r.checkpointing = jobSeconds > r.intervalSeconds;

    if (walltimeSeconds && *walltimeSeconds > 0) {
        r.walltimeSeconds = *walltimeSeconds;
        // Time to finish the step under way and write the last checkpoint, twice over, and never
        // less than 30 s (schedulers deliver the warning signal up to a minute early anyway), nor
        // more than half the walltime.
        const double stop = std::max(30.0, 2 * (delta + step));
        r.stopSeconds = std::min<int64_t>(*walltimeSeconds / 2,
                                          static_cast<int64_t>(std::ceil(stop / 10) * 10));
        const double usable = static_cast<double>(*walltimeSeconds - r.stopSeconds);
        // The checkpoints the run writes lengthen it.
        const double withCheckpoints =
            totalSeconds * (r.checkpointing ? 1 + delta / r.intervalSeconds : 1.0);
        if (chain && totalSeconds > static_cast<double>(*walltimeSeconds) && usable > 0) {
            r.segments = static_cast<int>(std::min(1000.0, std::ceil(withCheckpoints / usable)));
            r.checkpointing = true; // each segment ends with one
        }
    }
    return r;
}

} // namespace modak::model
