// SPDX-License-Identifier: Apache-2.0
//! TOSCA (Simple Profile in YAML 1.3) service templates and CSARs for a planned deployment.
//! The package's root holds `service.yaml` (the deployment's topology), `modak-types.yaml` (the
//! type library of tosca-templates/, embedded at build time), `playbooks/*.yml` (the Ansible
//! playbooks implementing the Standard lifecycle operations) and `playbooks/files/<job script>`
//! (the job script for the target's scheduler, as `emit slurm|torque|pbs|script` writes it). `emit
//! tosca` writes that folder as `tosca/`; `emit csar` zips it with `TOSCA-Metadata/TOSCA.meta` into
//! `<deployment>.csar`.
#pragma once

#include "Context.h"

#include <span>
#include <string_view>

namespace modak::codegen {

namespace tosca {

/// A file of tosca-templates/ compiled into modak (tosca-templates/Embed.cmake).
struct TemplateFile {
    std::string_view path; ///< relative to tosca-templates/, e.g. "playbooks/job-submit.yml"
    std::string_view content;
};
std::span<const TemplateFile> templateFiles();

/// The package's files, paths relative to its root. Empty when the target cannot have one (a
/// Kubernetes target: a warning) or when a value cannot be passed safely (an error).
std::vector<Artefact> package(const DeploymentContext& context, Diagnostics& diags);

} // namespace tosca

/// `emit tosca`: the package as the folder `tosca/`.
void emitTosca(const DeploymentContext& context, std::vector<Artefact>& out, Diagnostics& diags);
/// `emit csar`: the package as `<deployment>.csar`.
void emitCsar(const DeploymentContext& context, std::vector<Artefact>& out, Diagnostics& diags);

} // namespace modak::codegen
