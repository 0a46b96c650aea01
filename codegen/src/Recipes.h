// SPDX-License-Identifier: Apache-2.0
//! Container recipes for the image the plan chose (`emit = [docker]`, `emit = [singularity]`):
//! a Dockerfile and an Apptainer/Singularity definition file saying the same thing. A hub or pip
//! build is a thin layer over the chosen image; a source build is multi-stage — a builder with the
//! target CPU's `-march`, the MPI library the application names, the framework built from source
//! with its graph compiler, MKL or cuDNN/NCCL — and a runtime stage holding only what it installed.
#pragma once

#include "Context.h"

#include <string>
#include <vector>

namespace modak::codegen {

void emitDocker(const DeploymentContext& context, std::vector<Artefact>& out, Diagnostics& diags);
void emitSingularity(const DeploymentContext& context, std::vector<Artefact>& out, Diagnostics& diags);

/// The job that builds the container from the recipe (`emit = [build]` for a source build when the
/// application has no `build` block of its own): `apptainer build` or `docker`/`podman build` of the
/// recipe `emit` also asked for, on one node of the target's scheduler. Empty when the deployment's
/// image is not built from source.
std::vector<Artefact> containerBuildJob(const DeploymentContext& context, Diagnostics& diags);

/// GCC's `-march=`/`-mcpu=` flag for a catalogue CPU microarchitecture ("skylake" →
/// "-march=skylake-avx512"), or a portable baseline for the architecture when it is unknown.
std::string targetCpuFlag(std::string_view microarchitecture, std::string_view arch);

} // namespace modak::codegen
