// SPDX-License-Identifier: Apache-2.0
//! Applies policy to collected diagnostics once, so the CLI and the LSP agree on severities.
#pragma once

#include "modak/diag/Diagnostic.h"

namespace modak {

struct DiagnosticPolicy {
    bool warningsAsErrors = false; ///< --werror
    size_t errorLimit = 0;         ///< 0 = unlimited; beyond it diagnostics are dropped
};

/// Returns the diagnostics after policy: sorted by location, severities remapped, limit applied.
std::vector<Diagnostic> applyPolicy(const Diagnostics& diags, const DiagnosticPolicy& policy);
/// The same, reusing `diags`' storage: no copy of each diagnostic (`modak check` of a large file
/// can hold tens of thousands).
std::vector<Diagnostic> applyPolicy(Diagnostics&& diags, const DiagnosticPolicy& policy);

} // namespace modak
