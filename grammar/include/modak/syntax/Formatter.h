// SPDX-License-Identifier: Apache-2.0
//! The canonical formatter (docs/language.md §6), shared by `modak fmt`, the importer and the LSP.
#pragma once

#include "modak/syntax/Ast.h"

#include <string>
#include <string_view>

namespace modak::syntax {

struct FormatOptions {
    unsigned indentWidth = 2;
    unsigned maxLineWidth = 100;
};

/// Formats a file that parsed without errors. `source` is the text the tree was parsed from (used
/// for comments and for literals kept as written).
std::string format(const File& file, std::string_view source, const FormatOptions& options = {});

} // namespace modak::syntax
