// SPDX-License-Identifier: Apache-2.0
//! Terraform modules (`emit = [terraform]`): virtual machines on OpenStack or AWS whose cloud-init
//! installs the container runtime and runs the job, or the job on a Kubernetes target through the
//! kubernetes provider. Files: terraform/{versions,variables,main,outputs}.tf and README.md.
#pragma once

#include "Context.h"

namespace modak::codegen {

void emitTerraform(const DeploymentContext& context, std::vector<Artefact>& out,
                   Diagnostics& diags);

/// The cloud-init user data (`#cloud-config`) that installs `spec.runtime` (and the NVIDIA
/// Container Toolkit when the job uses GPUs) and runs the job script; `nodeIndex` and `nodeCount`
/// are written where the node's index and the node count go.
std::string cloudInit(const JobSpec& spec, std::string_view nodeIndex, std::string_view nodeCount);

} // namespace modak::codegen
