// SPDX-License-Identifier: Apache-2.0
//! The job that builds the container from its recipe (`emit = [build]` for a deployment whose image
//! the plan builds from source, when the application has no `build` block of its own).
#pragma once

#include "Context.h"

#include <vector>

namespace modak::codegen {

/// The recipe for the deployment's runtime (`container/Dockerfile` for docker and podman, the
/// definition file otherwise) and `build-image[.<scheduler>].sh`: a one-node job running `apptainer
/// build --fakeroot` (or `singularity`, `docker`, `podman build`) on it, writing the image under
/// the name the job scripts look for, so the job runs the optimised build instead of pulling. Empty
/// when the image is not built from source or there is no container runtime.
std::vector<Artefact> containerBuildJob(const DeploymentContext& context, Diagnostics& diags);

} // namespace modak::codegen
