// SPDX-License-Identifier: Apache-2.0
// Iterator and context types shared by the grammar's definition and its one instantiation.
#pragma once

#include <boost/spirit/home/x3.hpp>

namespace modak::syntax::parser {
namespace x3 = boost::spirit::x3;

using iterator_type = const char*;

struct skipper_class;
using skipper_type = x3::rule<skipper_class>;
using context_type = x3::phrase_parse_context<skipper_type>::type;

} // namespace modak::syntax::parser
