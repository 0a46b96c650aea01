// SPDX-License-Identifier: Apache-2.0
//! Generating a whole program and writing it: all deployments' artefacts in memory, then all files
//! or none (`modak generate`, the language server's generate command).
#pragma once

#include "modak/codegen/Generate.h"

#include <filesystem>
#include <string>
#include <vector>

namespace modak::codegen {

struct DeploymentOutput {
    std::string name;
    std::vector<Artefact> files;
};

/// The artefacts of every planned deployment defined in `root` (imported files' deployments are
/// theirs to generate).
std::vector<DeploymentOutput> generateProgram(const SourceManager& sm, const model::Program& program, FileId root,
                                              const model::Plan& plan, const GenerateOptions& options, Diagnostics& diags);

/// Writes every deployment's files into a staging directory inside `out`, then moves each
/// deployment directory into place with rename(2): a failure before the moves leaves `out` as it
/// was; each move replaces one deployment's directory whole. False with `error` set on failure.
bool writeOutputs(const std::filesystem::path& out, const std::vector<DeploymentOutput>& outputs, std::string& error);

} // namespace modak::codegen
