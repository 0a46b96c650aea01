// SPDX-License-Identifier: Apache-2.0
//! Renderers for diagnostics: compiler-style text, JSON, and SARIF 2.1.0. They format what
//! producers wrote and add nothing of their own meaning.
#pragma once

#include "modak/diag/Diagnostic.h"

#include <span>
#include <string>

namespace modak {

struct TextPrintOptions {
    bool color = false;
    bool showSource = true; ///< source line and caret under each diagnostic and note
};

/// `file:line:col: error: message [code]`, then the source line and `^~~~`, then notes.
std::string renderText(const SourceManager& sm, std::span<const Diagnostic> diags,
                       const TextPrintOptions& options = {});

/// A JSON array: {file, line, column, endLine, endColumn, offset, length, severity, code, message,
/// notes[], fixes[]}. Lines and columns are 1-based, columns in bytes.
std::string renderJson(const SourceManager& sm, std::span<const Diagnostic> diags);

/// A SARIF 2.1.0 log with one run whose tool.driver.rules lists every code of DiagCodes.def.
std::string renderSarif(const SourceManager& sm, std::span<const Diagnostic> diags,
                        std::string_view toolVersion);

} // namespace modak
