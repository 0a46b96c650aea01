// SPDX-License-Identifier: Apache-2.0
//! Parses .modak text into a syntax::File. Never throws, always returns a tree; syntax errors are
//! appended to the Diagnostics and recovered at statement boundaries.
#pragma once

#include "modak/diag/Diagnostic.h"
#include "modak/syntax/Ast.h"

#include <atomic>

namespace modak::syntax {

/// The largest file the parser reads, whatever ParseOptions::maxBytes says: the tree stores 32-bit
/// offsets and 31-bit key lengths (syntax::Statement).
inline constexpr size_t maxFileBytes = (size_t(1) << 31) - 1;

struct ParseOptions {
    uint32_t maxDepth = 64; ///< block nesting limit (nesting-too-deep)
    size_t maxErrors = 100; ///< stop after this many syntax errors (too-many-errors)
    size_t maxBytes =
        64u << 20; ///< larger buffers are refused (file-too-large); at most maxFileBytes
    /// Record File::marks, which reparse needs of the previous version (a file that will be edited
    /// and parsed again: the language server's; reparse always records them).
    bool marks = false;
    /// Threads to parse a large text with: the second parses from a line near the middle that
    /// starts like a top-level statement, and its tree is taken from the first statement the
    /// first thread also begins there (the result is the same as one thread's).
    unsigned threads = 1;
    /// Read the common values (names, plain strings, numbers, sizes, durations, versioned names,
    /// ranges and lists of them) with the hand-written scanner and only the others with the X3
    /// grammar; the tree and the diagnostics are the same. Off, every value goes through X3 (the
    /// tests compare the two).
    bool scanValues = true;
    /// When set, counts the values the scanner read (tests and benchmarks).
    std::atomic<size_t>* scannedValues = nullptr;
};

/// Parses the buffer `file` of `sm`. `inParts`, when given, says whether a second thread's part
/// (ParseOptions::threads) was taken into the tree.
File parse(const SourceManager& sm, FileId file, Diagnostics& diags,
           const ParseOptions& options = {}, bool* inParts = nullptr);

/// An earlier parse of another version of a file (all three alive during reparse).
struct PreviousParse {
    const File& tree;
    std::string_view text;                      ///< what `tree` was parsed from
    const std::vector<Diagnostic>& diagnostics; ///< what parsing it reported, in order
};

/// What parse(sm, file, diags, options) gives — the same tree and the same diagnostics in the same
/// order — for a file whose earlier version `previous` was parsed: the statements before and after
/// the edit (the bytes the two texts do not share) are moved from the old tree, and only the
/// statements around the edit are parsed, until the parser starts a statement where the old parse
/// started one in the unchanged text after it. The language server's edits are one block's; a
/// 10 000-line file then costs a copy of its tree rather than a parse. The whole text is parsed
/// where resuming could give another answer: an encoding error or a BOM, the error limit reached,
/// an edit among the first statements. `resumed`, when given, says whether the old tree was used.
File reparse(const SourceManager& sm, FileId file, const PreviousParse& previous,
             Diagnostics& diags, const ParseOptions& options = {}, bool* resumed = nullptr);

} // namespace modak::syntax
