// SPDX-License-Identifier: Apache-2.0
//! Converts an original MODAK JSON job (SODALITE application-optimisation), including its legacy
//! and IDE-generated fields, into formatted .modak text. Errors and conversions are diagnostics
//! located in the JSON buffer.
#pragma once

#include "modak/diag/Diagnostic.h"

#include <optional>
#include <string>

namespace modak::importer {

struct ImportOptions {
    std::string name; ///< base name for the generated blocks (default: job_name or file stem)
};

/// Converts the JSON buffer `json` of `sm`. Returns the .modak text, or nullopt when the JSON
/// cannot be converted (errors in `diags`). Warnings (legacy fields) may accompany a successful
/// result.
std::optional<std::string> importModakJson(const SourceManager& sm, FileId json, Diagnostics& diags,
                                           const ImportOptions& options = {});

} // namespace modak::importer
