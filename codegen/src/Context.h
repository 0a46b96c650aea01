// SPDX-License-Identifier: Apache-2.0
//! What every generator reads: the lowered deployment (with its application and target), the plan
//! the optimiser chose, and the job spec made from both. Generators append artefacts and
//! diagnostics; they never write files.
#pragma once

#include "JobScripts.h"
#include "modak/codegen/Generate.h"
#include "modak/codegen/JobSpec.h"

namespace modak::codegen {

struct DeploymentContext {
    const SourceManager& sm;
    const model::Program& program;
    const model::Symbol& deployment;
    const model::DeploymentPlan& plan;
    const model::Deployment& lowered; ///< the typed deployment the plan was made from
    const GenerateOptions& options;
    JobSpec spec;
};

/// One `emit` kind: appends its artefacts (paths relative to the deployment's output directory,
/// subdirectories allowed) to `out`.
using EmitFunction = void (*)(const DeploymentContext& context, std::vector<Artefact>& out,
                              Diagnostics& diags);

} // namespace modak::codegen
