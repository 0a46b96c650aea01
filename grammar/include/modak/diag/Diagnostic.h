// SPDX-License-Identifier: Apache-2.0
//! The one diagnostic type shared by the CLI, the LSP and every producer. Producers only append to
//! a Diagnostics list; policy (--werror, limits) lives in DiagnosticEngine; printers only render.
#pragma once

#include "modak/text/SourceManager.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace modak {

enum class Severity : uint8_t { Ignored, Note, Warning, Error, Fatal };

enum class DiagCode : uint16_t {
#define DIAG(name, severity, id, summary) name,
#include "modak/diag/DiagCodes.def"
#undef DIAG
};

/// Static facts about a code, from DiagCodes.def.
struct DiagInfo {
    DiagCode code;
    Severity defaultSeverity;
    std::string_view name;    ///< stable public id, e.g. "unknown-key"
    std::string_view summary; ///< one-line description for docs and SARIF rules
};

const DiagInfo& diagInfo(DiagCode code);
/// All codes in table order.
const std::vector<DiagInfo>& allDiagInfos();
std::string_view severityName(Severity s);

/// Secondary location with its own message ("first defined here").
struct DiagNote {
    SourceRange range;
    std::string message;
};

/// A replacement of `range` by `text`; an empty range inserts, empty text deletes.
struct TextEdit {
    SourceRange range;
    std::string text;
};

/// A quick fix: a title ("replace with 'epochs'") and the edits that implement it.
struct Fix {
    std::string title;
    std::vector<TextEdit> edits;
};

struct Diagnostic {
    DiagCode code{};
    Severity severity = Severity::Error;
    SourceRange range;
    std::string message;
    std::vector<DiagNote> notes;
    std::vector<Fix> fixes;
};

/// Calls `f` on every range a diagnostic carries: its own, its notes', its fixes' edits (to move a
/// diagnostic with the text it points into).
template<class F>
void forEachRange(Diagnostic& d, F&& f) {
    f(d.range);
    for (auto& note : d.notes)
        f(note.range);
    for (auto& fix : d.fixes)
        for (auto& edit : fix.edits)
            f(edit.range);
}

/// Append-only list of diagnostics with a convenience `add`.
class Diagnostics {
public:
    /// Appends a diagnostic with the code's default severity and returns it for notes and fixes.
    Diagnostic& add(DiagCode code, SourceRange range, std::string message);

    bool hasErrors() const;
    size_t errorCount() const;
    bool empty() const { return items_.empty(); }
    size_t size() const { return items_.size(); }
    auto begin() const { return items_.begin(); }
    auto end() const { return items_.end(); }
    auto begin() { return items_.begin(); }
    auto end() { return items_.end(); }
    const Diagnostic& operator[](size_t i) const { return items_[i]; }
    void append(const Diagnostics& other);
    void append(Diagnostics&& other);
    /// Stable sort by file, then offset (keeps producer order for equal positions).
    void sortByLocation();
    std::vector<Diagnostic>& items() { return items_; }
    const std::vector<Diagnostic>& items() const { return items_; }

private:
    std::vector<Diagnostic> items_;
};

} // namespace modak
