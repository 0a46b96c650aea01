// SPDX-License-Identifier: Apache-2.0
//! The launchers teams already use: a SkyPilot task YAML (`emit = [skypilot]`) and a dstack task
//! configuration (`emit = [dstack]`), each carrying the plan's choice (image, nodes, GPUs, spot,
//! price and duration limits) and the job's launch contract (docs/codegen.md, "SkyPilot and
//! dstack").
#pragma once

#include "Context.h"

namespace modak::codegen {

void emitSkyPilot(const DeploymentContext& context, std::vector<Artefact>& out, Diagnostics& diags);
void emitDstack(const DeploymentContext& context, std::vector<Artefact>& out, Diagnostics& diags);

} // namespace modak::codegen
