// SPDX-License-Identifier: Apache-2.0
// The only translation unit that instantiates the X3 grammar.
#include "grammar_def.hpp"

namespace modak::syntax::parser {

thread_local ParseState* currentState = nullptr;

BOOST_SPIRIT_INSTANTIATE(value_type, iterator_type, context_type)

const value_type& value() {
    return valueRule;
}

} // namespace modak::syntax::parser
