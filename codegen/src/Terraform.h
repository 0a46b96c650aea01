// SPDX-License-Identifier: Apache-2.0
//! Terraform modules (`emit = [terraform]`): virtual machines on OpenStack or AWS whose cloud-init
//! installs the container runtime and runs the job, or the job on a Kubernetes target through the
//! kubernetes provider. Files: terraform/{versions,variables,main,outputs}.tf and README.md.
#pragma once

#include "Context.h"

namespace modak::codegen {

void emitTerraform(const DeploymentContext& context, std::vector<Artefact>& out,
                   Diagnostics& diags);

/// What differs between the nodes' cloud-init: Terraform expressions (or literal values) for this
/// node's place in the job.
struct CloudNode {
    std::string index, count; ///< this node's index (0: the rendezvous node), the node count
    /// Node 0's private address, the rendezvous of every node; "" on node 0 itself, which cannot
    /// name its own address in its user data and finds it when it boots.
    std::string rendezvous;
    std::string port; ///< the rendezvous port (MASTER_PORT)
    std::string keep; ///< "true": the node keeps running after the job (keep_nodes)
};

/// The rendezvous port when the module's user does not choose one: torchrun's default.
inline constexpr int kRendezvousPort = 29500;

/// The cloud-init user data (`#cloud-config`) of one node: it installs `spec.runtime` (and the
/// NVIDIA Container Toolkit when the job uses GPUs), runs the job script with the node's place in
/// the job and torchrun's rendezvous (NODE_RANK, MASTER_ADDR, MASTER_PORT), keeps the log, and
/// shuts the node down when the job ends unless `node.keep` is true.
std::string cloudInit(const JobSpec& spec, const CloudNode& node);

} // namespace modak::codegen
