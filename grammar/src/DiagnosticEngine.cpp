// SPDX-License-Identifier: Apache-2.0
#include "modak/diag/DiagnosticEngine.h"

#include <algorithm>

namespace modak {

std::vector<Diagnostic> applyPolicy(const Diagnostics& diags, const DiagnosticPolicy& policy) {
    std::vector<Diagnostic> out;
    Diagnostics sorted = diags;
    sorted.sortByLocation();
    size_t errors = 0;
    for (const Diagnostic& d : sorted) {
        if (d.severity == Severity::Ignored)
            continue;
        Diagnostic copy = d;
        if (policy.warningsAsErrors && copy.severity == Severity::Warning)
            copy.severity = Severity::Error;
        if (copy.severity >= Severity::Error) {
            if (policy.errorLimit && errors >= policy.errorLimit)
                continue;
            ++errors;
        }
        out.push_back(std::move(copy));
    }
    return out;
}

} // namespace modak
