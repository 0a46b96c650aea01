// SPDX-License-Identifier: Apache-2.0
//! Parses .modak text into a syntax::File. Never throws, always returns a tree; syntax errors are
//! appended to the Diagnostics and recovered at statement boundaries.
#pragma once

#include "modak/diag/Diagnostic.h"
#include "modak/syntax/Ast.h"

namespace modak::syntax {

/// The largest file the parser reads, whatever ParseOptions::maxBytes says: the tree stores 32-bit
/// offsets and 31-bit key lengths (syntax::Statement).
inline constexpr size_t maxFileBytes = (size_t(1) << 31) - 1;

struct ParseOptions {
    uint32_t maxDepth = 64; ///< block nesting limit (nesting-too-deep)
    size_t maxErrors = 100; ///< stop after this many syntax errors (too-many-errors)
    size_t maxBytes =
        64u << 20; ///< larger buffers are refused (file-too-large); at most maxFileBytes
};

/// Parses the buffer `file` of `sm`.
File parse(const SourceManager& sm, FileId file, Diagnostics& diags,
           const ParseOptions& options = {});

} // namespace modak::syntax
