// SPDX-License-Identifier: Apache-2.0
// Iterator and context types shared by the grammar's definition and its one instantiation.
#pragma once

#include "state.hpp"

#include <boost/spirit/home/x3.hpp>

namespace modak::syntax::parser {
namespace x3 = boost::spirit::x3;

using iterator_type = const char*;

// Whitespace and comments in one tight loop: the skipper runs before every token, so it is the
// hottest parser of all. An unterminated block comment is not trivia: the value parser then stops
// at the '/*' and the driver reports it.
struct Trivia : x3::parser<Trivia> {
    using attribute_type = x3::unused_type;
    static const bool has_attribute = false;

    template<class Iterator, class Context, class RContext, class Attribute>
    BOOST_FORCEINLINE bool parse(Iterator& first, const Iterator& last, const Context&, RContext&,
                                 Attribute&) const {
        // Fast exit: most calls happen right at a token.
        if (first == last || (*first > ' ' && *first != '/'))
            return false;
        Iterator p = skipTrivia(*currentState, first, last);
        bool consumed = p != first;
        first = p;
        return consumed;
    }
};

/// The skipper is a plain parser, not a rule: X3 calls it before every token, and a rule's call
/// overhead there was a tenth of the parse time.
using skipper_type = Trivia;
using context_type = x3::phrase_parse_context<skipper_type>::type;

} // namespace modak::syntax::parser
