// SPDX-License-Identifier: Apache-2.0
//! Kubernetes manifests (`emit = [k8s]`): a batch/v1 Job, a Kubeflow PyTorchJob for multi-node DDP
//! or an MPIJob for Horovod and MPI, chosen from the plan. The Terraform generator reuses the same
//! workload for a Kubernetes target.
#pragma once

#include "Context.h"
#include "modak/codegen/Doc.h"
#include "modak/codegen/KubernetesName.h"

#include <optional>
#include <string>
#include <vector>

namespace modak::codegen {

/// Everything a manifest says, decided once from the deployment and the plan.
struct KubernetesWorkload {
    std::string kind;                 ///< Job, PyTorchJob, MPIJob
    std::string apiVersion;           ///< batch/v1, kubeflow.org/v1
    std::string file;                 ///< job.yaml, pytorchjob.yaml, mpijob.yaml
    std::string name;                 ///< metadata.name (a DNS-1123 label)
    std::string nameLabel;            ///< app.kubernetes.io/name
    std::string ns;                   ///< the target's namespace, "" for the current context's
    std::string image;                ///< OCI reference without its scheme
    std::string container;            ///< job, pytorch, mpi
    std::vector<std::string> command; ///< Job, PyTorchJob: the run; MPIJob: the launcher's mpirun
    std::vector<std::pair<std::string, std::string>> env;
    std::vector<JobSpec::Mount> mounts; ///< host paths, as hostPath volumes
    Doc resources;                      ///< limits/requests of one node's container
    std::optional<int64_t> activeDeadlineSeconds;
    int nodes =
        1; ///< Job: pods (an Indexed Job when > 1); PyTorchJob: Master + Workers; MPIJob: Workers
    int gpusPerNode = 0;
    int procsPerNode = 1; ///< PyTorchJob nprocPerNode, MPIJob slotsPerWorker
    int backoffLimit = 0;
};

/// The workload of a deployment, or nothing (with a diagnostic) when it cannot run on Kubernetes.
std::optional<KubernetesWorkload> kubernetesWorkload(const DeploymentContext& context,
                                                     Diagnostics& diags);

/// The manifest as a tree. `image` and `ns` replace the workload's (Terraform passes variables).
Doc kubernetesManifest(const KubernetesWorkload& w, const Doc& image, const Doc& ns);

void emitKubernetes(const DeploymentContext& context, std::vector<Artefact>& out,
                    Diagnostics& diags);

} // namespace modak::codegen
