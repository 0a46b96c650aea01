// SPDX-License-Identifier: Apache-2.0
#include "modak/diag/Diagnostic.h"

#include <algorithm>

namespace modak {

const std::vector<DiagInfo>& allDiagInfos() {
    static const std::vector<DiagInfo> infos = {
#define DIAG(name, severity, id, summary) {DiagCode::name, Severity::severity, id, summary},
#include "modak/diag/DiagCodes.def"
#undef DIAG
    };
    return infos;
}

const DiagInfo& diagInfo(DiagCode code) {
    return allDiagInfos().at(static_cast<size_t>(code));
}

std::string_view severityName(Severity s) {
    switch (s) {
    case Severity::Ignored:
        return "ignored";
    case Severity::Note:
        return "note";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        return "error";
    case Severity::Fatal:
        return "fatal";
    }
    return "error";
}

Diagnostic& Diagnostics::add(DiagCode code, SourceRange range, std::string message) {
    Diagnostic& d = items_.emplace_back();
    d.code = code;
    d.severity = diagInfo(code).defaultSeverity;
    d.range = range;
    d.message = std::move(message);
    return d;
}

bool Diagnostics::hasErrors() const {
    return errorCount() > 0;
}

size_t Diagnostics::errorCount() const {
    return static_cast<size_t>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
        return d.severity >= Severity::Error;
    }));
}

void Diagnostics::append(const Diagnostics& other) {
    items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

void Diagnostics::append(Diagnostics&& other) {
    if (items_.capacity() == 0) { // nothing here, and no room made: take the other's list
        items_ = std::move(other.items_);
        return;
    }
    items_.insert(items_.end(), std::make_move_iterator(other.items_.begin()),
                  std::make_move_iterator(other.items_.end()));
    other.items_ = {};
}

void Diagnostics::sortByLocation() {
    auto before = [](const Diagnostic& a, const Diagnostic& b) {
        if (a.range.file.value != b.range.file.value)
            return a.range.file.value < b.range.file.value;
        return a.range.begin < b.range.begin;
    };
    // Checks mostly report in source order already (a large file's launch warnings, one a
    // deployment): the stable sort would still move every diagnostic through its buffer.
    if (!std::is_sorted(items_.begin(), items_.end(), before))
        std::stable_sort(items_.begin(), items_.end(), before);
}

} // namespace modak
