// SPDX-License-Identifier: Apache-2.0
//! The application's job script and its build job, for any scheduler row of BatchJob.h.
#pragma once

#include "modak/codegen/BatchJob.h"
#include "modak/codegen/JobSpec.h"

#include <string>

namespace modak::codegen {

/// The job script that runs the application (`emit = [slurm]`, `[lsf]`, …, `[script]`).
std::string applicationScript(const BatchScheduler& scheduler, const JobSpec& spec);

/// The build job (fetch `build.src`, run `build.command` in the chosen image).
std::string buildScript(const BatchScheduler& scheduler, const JobSpec& spec);

/// The header comment of a generated script: what it is, from which file, not to be edited.
std::string scriptHeader(const JobSpec& spec, std::string_view what);

} // namespace modak::codegen
