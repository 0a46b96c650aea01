// SPDX-License-Identifier: Apache-2.0
// The only translation unit that instantiates the X3 grammar.
#include "grammar_def.hpp"

namespace modak::syntax::parser {

thread_local ParseState* currentState = nullptr;

BOOST_SPIRIT_INSTANTIATE(value_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(skipper_type, iterator_type, x3::unused_type)

const value_type& value() { return valueRule; }
const skipper_type& skipper() { return skipperRule; }

} // namespace modak::syntax::parser
