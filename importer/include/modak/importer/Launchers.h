// SPDX-License-Identifier: Apache-2.0
//! Converts a SkyPilot task YAML (`sky launch task.yaml`) or a dstack task configuration
//! (`.dstack.yml`, `type: task`) into formatted .modak text: an application, a target and a
//! deployment. Every field modak cannot express is a diagnostic located in the YAML, saying what
//! was done with it. Hostile YAML (aliases, deep nesting, huge files, non-string keys, tags) is
//! refused with a located error.
#pragma once

#include "modak/diag/Diagnostic.h"
#include "modak/importer/ModakJson.h"

#include <optional>
#include <string>
#include <string_view>

namespace modak::importer {

/// True when `path` names a file `importLauncherYaml` reads (`.yaml`, `.yml`).
bool isLauncherYaml(std::string_view path);

/// Converts the YAML buffer `yaml` of `sm`: a dstack file when it has `type:`, a SkyPilot task
/// otherwise. Returns the .modak text, or nullopt (errors in `diags`).
std::optional<std::string> importLauncherYaml(const SourceManager& sm, FileId yaml,
                                              Diagnostics& diags,
                                              const ImportOptions& options = {});

} // namespace modak::importer
