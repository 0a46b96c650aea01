// SPDX-License-Identifier: Apache-2.0
//! Code generation: the files a deployment needs, from its block and the plan the optimiser chose.
//! Generators only build text in memory; writing (atomically, all or nothing) is the caller's job.
//! Every user value is escaped for the language it lands in; output is deterministic.
#pragma once

#include "modak/model/Plan.h"
#include "modak/model/Program.h"

#include <string>
#include <vector>

namespace modak::codegen {

struct Artefact {
    std::string path; ///< relative to the deployment's output directory, e.g. "job.slurm.sh"
    std::string content;
    bool executable = false;
};

/// Outputs this version generates (a subset of the language's `emit` values).
const std::vector<std::string>& supportedEmits();

struct GenerateOptions {
    std::vector<std::string> emit; ///< empty: the deployment's own `emit` list
    std::string sourceName;        ///< the .modak file as the user named it, for the header comment
    std::string version;           ///< modak's version, for the header comment
};

/// Generates the artefacts of one planned deployment. Problems are diagnostics (unsupported emit
/// kinds are warnings; values that cannot be written safely are errors); returns what could be
/// generated — the caller writes nothing when `diags` has errors.
std::vector<Artefact> generateDeployment(const SourceManager& sm, const model::Program& program,
                                         const model::Symbol& deployment,
                                         const model::DeploymentPlan& plan,
                                         const GenerateOptions& options, Diagnostics& diags);

} // namespace modak::codegen
