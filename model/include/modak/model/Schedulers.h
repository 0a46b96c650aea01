// SPDX-License-Identifier: Apache-2.0
//! The schedulers of the language: one row each, with the one-line documentation hover and
//! completion show. The `scheduler` values of a target, the batch `emit` kinds, the CLI's value
//! sets and the JSON Schemas' enums all come from this table; codegen keeps one rendering row per
//! batch scheduler, keyed by its name (codegen/src/batch/, a test checks there is exactly one for
//! each).
#pragma once

#include <span>
#include <string_view>

namespace modak::model {

struct SchedulerInfo {
    std::string_view name;    ///< the language's word: `scheduler = lsf`, `emit = [lsf]`
    std::string_view title;   ///< in messages: "LSF"
    std::string_view doc;     ///< `scheduler = NAME`: what the target runs
    std::string_view emitDoc; ///< `emit = [NAME]`: the job script; "" when it is no emit kind
    /// A batch system: job scripts with directives, submitted to a queue, with job arrays.
    bool batch = false;
};

/// Every scheduler, in the order the language lists them (batch systems first).
std::span<const SchedulerInfo> schedulers();

/// The row of `name`, or null.
const SchedulerInfo* findScheduler(std::string_view name);

/// True for a scheduler with batch job scripts (slurm, torque, pbs, lsf, flux).
bool isBatchScheduler(std::string_view name);

/// "Slurm" for slurm; `name` itself when it is no scheduler.
std::string_view schedulerTitle(std::string_view name);

} // namespace modak::model
