// SPDX-License-Identifier: Apache-2.0
// Conversion of lexemes to typed values, with overflow and format checks reported as diagnostics.
// Plain C++ called from the X3 grammar's actions, kept out of the X3 translation unit.
#pragma once

#include "x3/state.hpp"

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

} // namespace modak::syntax::parser
