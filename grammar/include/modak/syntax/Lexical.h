// SPDX-License-Identifier: Apache-2.0
//! Lexical helpers shared by the parser, the formatter and the generators of .modak text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace modak::syntax {

/// True if `s` is a valid identifier ([A-Za-z_][A-Za-z0-9_]*).
bool isIdentifier(std::string_view s);
/// Quotes and escapes `s` as a .modak string literal.
std::string quoteString(std::string_view s);
/// `// text`, a line comment holding `text`: the line breaks that would end it are written `\n`,
/// `\r`.
std::string lineComment(std::string_view text);
/// Bytes per unit for a size unit ("GiB" -> 2^30), or nullopt if not a unit.
std::optional<uint64_t> sizeUnitBytes(std::string_view unit);
/// Renders seconds as the shortest duration literal ("2h", "1h30m", "90s").
std::string formatDuration(int64_t seconds);

} // namespace modak::syntax
