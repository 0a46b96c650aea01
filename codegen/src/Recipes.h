// SPDX-License-Identifier: Apache-2.0
//! Container recipes for the build the plan chose: a Dockerfile (`emit = [docker]`,
//! `container/Dockerfile`) and an Apptainer/Singularity definition file (`emit = [singularity]`,
//! `container/<deployment>.def`). Both are rendered from one recipe (stages of steps), so the
//! definition file mirrors the Dockerfile. Hub and pip builds get a thin single-stage recipe;
//! source builds get a builder stage (toolchain, MPI matching the host, MKL or cuDNN/NCCL, the
//! framework built with its graph compiler and `-march` flags for the target CPU) and a runtime
//! stage.
#pragma once

#include "Context.h"

#include <string>
#include <string_view>

namespace modak::model {
struct Cpu;
}

namespace modak::codegen {

void emitDockerfile(const DeploymentContext& context, std::vector<Artefact>& out,
                    Diagnostics& diags);
void emitSingularityDef(const DeploymentContext& context, std::vector<Artefact>& out,
                        Diagnostics& diags);

/// Compiler flags for a CPU: `-march`/`-mtune` (x86), `-mcpu` (Arm, POWER) from the catalogue's
/// microarchitecture, lowered to what a GCC of `gccMajor` knows, or a safe baseline for the
/// architecture when the CPU is unknown.
struct CpuFlags {
    std::string flags; ///< "-march=broadwell -mtune=broadwell"
    /// Why: "Intel Xeon E5-2630 v4 (broadwell)" or "unknown CPU: x86-64-v2 baseline"
    std::string note;
};
CpuFlags cpuFlags(const model::Cpu* cpu, std::string_view arch, int gccMajor);

} // namespace modak::codegen
