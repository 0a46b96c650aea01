// SPDX-License-Identifier: Apache-2.0
//! The canonical formatter (docs/language.md §6), shared by `modak fmt`, the importer and the LSP.
//!
//! The output is a function of the tree and of where the comments and blank lines were, nothing
//! else:
//! - header, imports, then statements in source order (an import written after a statement moves up
//!   to the other imports, with its comments); a BOM is dropped; line ends become `\n` (text blocks
//!   are copied byte for byte); the output ends with exactly one newline;
//! - `indentWidth` spaces per level; one statement per line; `key = value`; commas after statements
//!   are dropped;
//! - a block written on one line stays on one line (`job { walltime = 2h, nodes = 4 }`) when it
//! holds
//!   only attributes, has no comment between its braces and fits in `maxLineWidth`; otherwise it is
//!   expanded. A multi-line block is never joined. A block with nothing between its braces is `{}`;
//! - lists are `[a, b]`; a list is expanded to one element per line (each followed by `,`) when it
//!   holds a comment or does not fit in `maxLineWidth`; ranges are `1..8`;
//! - sizes are `<amount as written> <unit>` (`52 MiB`); integers, floats, durations and booleans
//! are
//!   kept as written; strings are re-quoted with quoteString's escapes, except that invisible and
//!   bidirectional-control code points are written as `\u{…}`; versioned names are `name
//!   "version"`; text blocks are verbatim;
//! - at most one blank line between statements (none after `{` or before `}`), and always one
//! around
//!   a top-level block;
//! - comments stay where they were: own-line comments on their own line before what follows them,
//!   trailing comments at the end of the line of what they follow (one space after the code, or
//!   their source column when they were aligned further out and the code still fits before it),
//!   comments between the tokens of a statement inline, a line comment there ending the line (the
//!   statement continues one level deeper).
//! format(parse(format(x))) == format(x), and no comment or token is lost.
#pragma once

#include "modak/syntax/Ast.h"

#include <string>
#include <string_view>

namespace modak::syntax {

struct FormatOptions {
    unsigned indentWidth = 2;
    unsigned maxLineWidth = 100; ///< columns (code points; tabs to the next multiple of 4)
};

/// Formats a file that parsed without errors. `source` is the text the tree was parsed from (used
/// for comments and for literals kept as written). Files with syntax errors must not be formatted:
/// their tree is partial, and the output would drop what the parser skipped.
std::string format(const File& file, std::string_view source, const FormatOptions& options = {});

} // namespace modak::syntax
