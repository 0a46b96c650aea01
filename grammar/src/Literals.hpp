// SPDX-License-Identifier: Apache-2.0
// Conversion of lexemes to typed values, with overflow and format checks reported as diagnostics.
// Plain C++ called from the X3 grammar's actions, kept out of the X3 translation unit.
#pragma once

#include "x3/state.hpp"

#include <span>

namespace modak::syntax::parser {

Value makeInteger(ParseState& st, const char* b, const char* e);
Value makeFloat(ParseState& st, const char* b, const char* e);
/// `b..e` is the whole size lexeme ("52 MiB").
Value makeSize(ParseState& st, const char* b, const char* e);
/// `b..e` is the whole amount lexeme ("5000 USD", "2e4 gpu_hours").
Value makeAmount(ParseState& st, const char* b, const char* e);
Value makeDuration(ParseState& st, const char* b, const char* e);
/// `b..e` includes the quotes; the body is unescaped (invalid escapes are reported).
Value makeString(ParseState& st, const char* b, const char* e);
Value makeTextBlock(ParseState& st, const char* b, const char* e);
/// Identifiers, with `true`/`false` as booleans.
Value makeIdentifier(ParseState& st, const char* b, const char* e);
/// `name "version"`: `name` (an identifier or boolean, as read) with the string that follows it.
Value makeVersioned(ParseState& st, const Value& name, const Value& version);
/// `lo..hi`.
Value makeRange(ParseState& st, const Value& lo, const Value& hi);
/// `[items]` from its `[` to just after its `]`.
Value makeList(ParseState& st, const char* open, const char* end, std::span<const Value> items);

} // namespace modak::syntax::parser
