// SPDX-License-Identifier: Apache-2.0
//! Kubernetes manifests (`emit = [k8s]`), chosen from the plan: a batch/v1 Job for one node, a
//! Kubeflow Trainer v2 TrainJob for distributed PyTorch and JAX (a training operator v1 PyTorchJob
//! with the target's `kubeflow = training_operator`), an MPIJob for Horovod and MPI. The Terraform
//! generator reuses the same workload for a Kubernetes target.
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
    std::string kind;       ///< Job, TrainJob, PyTorchJob, MPIJob
    std::string apiVersion; ///< batch/v1, trainer.kubeflow.org/v1alpha1, kubeflow.org/v1
    std::string file;       ///< job.yaml, trainjob.yaml, pytorchjob.yaml, mpijob.yaml
    /// What the cluster must run for the kind (a sentence), "" for a Job.
    std::string needs;
    /// TrainJob: the ClusterTrainingRuntime it runs on (torch-distributed, jax-distributed).
    std::string runtime;
    std::string queue;     ///< Kueue's LocalQueue (label kueue.x-k8s.io/queue-name), "" for none
    std::string name;      ///< metadata.name (a DNS-1123 label)
    std::string nameLabel; ///< app.kubernetes.io/name
    std::string ns;        ///< the target's namespace, "" for the current context's
    std::string image;     ///< OCI reference without its scheme
    std::string container; ///< job, node (TrainJob), pytorch, mpi
    std::vector<std::string> command; ///< every pod's; MPIJob: the launcher's mpirun
    std::vector<std::pair<std::string, std::string>> env;
    std::vector<JobSpec::Mount> mounts; ///< host paths, as hostPath volumes
    Doc resources;                      ///< limits/requests of one node's container
    std::optional<int64_t> activeDeadlineSeconds;
    /// Job: pods (an Indexed Job when > 1); TrainJob: numNodes; PyTorchJob: Master + Workers;
    /// MPIJob: Workers.
    int nodes = 1;
    int gpusPerNode = 0;
    /// TrainJob numProcPerNode (0: not written), PyTorchJob nprocPerNode, MPIJob slotsPerWorker.
    int procsPerNode = 1;
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
