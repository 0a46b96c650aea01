// SPDX-License-Identifier: Apache-2.0
#include "modak/diag/DiagnosticEngine.h"

#include <algorithm>

namespace modak {

std::vector<Diagnostic> applyPolicy(const Diagnostics& diags, const DiagnosticPolicy& policy) {
    return applyPolicy(Diagnostics(diags), policy);
}

std::vector<Diagnostic> applyPolicy(Diagnostics&& diags, const DiagnosticPolicy& policy) {
    diags.sortByLocation();
    std::vector<Diagnostic>& out = diags.items();
    size_t errors = 0, kept = 0;
    for (Diagnostic& d : out) {
        if (d.severity == Severity::Ignored)
            continue;
        if (policy.warningsAsErrors && d.severity == Severity::Warning)
            d.severity = Severity::Error;
        if (d.severity >= Severity::Error) {
            if (policy.errorLimit && errors >= policy.errorLimit)
                continue;
            ++errors;
        }
        if (&out[kept] != &d)
            out[kept] = std::move(d);
        ++kept;
    }
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(kept), out.end());
    return std::move(out);
}

} // namespace modak
