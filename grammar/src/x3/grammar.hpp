// SPDX-License-Identifier: Apache-2.0
// The X3 value grammar's public rules (docs/language.md §2 `value`). Defined in grammar_def.hpp and
// instantiated once in grammar.cpp, so X3's compile cost stays in one translation unit.
#pragma once

#include "config.hpp"
#include "modak/syntax/Ast.h"

namespace modak::syntax::parser {

struct value_class;
using value_type = x3::rule<value_class, Value>;
BOOST_SPIRIT_DECLARE(value_type)

/// `value` of the language: a scalar, a range, or a list. Throws x3::expectation_failure on a
/// committed syntax error (caught by the driver).
const value_type& value();
/// Whitespace and comments (comments are recorded into currentState).
inline Trivia skipper() {
    return {};
}

} // namespace modak::syntax::parser
