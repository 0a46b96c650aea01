// SPDX-License-Identifier: Apache-2.0
// The X3 grammar of `value` (docs/language.md §1–§2). Sections: lexical pieces, rules, actions,
// rule definitions. Every committed position uses an expectation (`>`), whose failure the driver
// turns into an "expected …" diagnostic named after the rule that was expected.
#pragma once

#include "../Literals.hpp"
#include "grammar.hpp"
#include "state.hpp"

#include <boost/fusion/include/at_c.hpp>

namespace modak::syntax::parser {

using x3::char_;
using x3::lexeme;
using x3::lit;
using x3::raw;

// ---- Lexical pieces ---------------------------------------------------------------------------
const auto identStart = char_("A-Za-z_");
const auto identChar = char_("A-Za-z0-9_");
const auto digit = char_("0-9");
const auto digitsUs = digit >> *(digit | '_'); // 60_000
const auto exponent = char_("eE") >> -char_("+-") >> +digit;

/// The size units, from the one table (sizeUnitNames).
struct SizeUnits : x3::symbols<x3::unused_type> {
    SizeUnits() {
        for (std::string_view u : sizeUnitNames())
            add(std::string(u));
    }
};
const SizeUnits sizeUnit;

/// The amount units, from the one table (amountUnitNames).
struct AmountUnits : x3::symbols<x3::unused_type> {
    AmountUnits() {
        for (std::string_view u : amountUnitNames())
            add(std::string(u));
    }
};
const AmountUnits amountUnit;

inline ParseState& state() {
    return *currentState;
}

template<class Range>
std::pair<const char*, const char*> bounds(const Range& r) {
    return {r.begin(), r.end()};
}

// ---- Rules -------------------------------------------------------------------------------------
// Rule names are what the user reads in "expected …" messages.
const x3::rule<class string_class, Value> stringLit = "string";
const x3::rule<class string_close_class> stringClose = "closing '\"'";
const x3::rule<class text_block_class, Value> textBlock = "text block";
const x3::rule<class text_block_close_class> textBlockClose = "closing '\"\"\"'";
const x3::rule<class duration_class, Value> duration = "duration";
const x3::rule<class size_class, Value> size = "size";
const x3::rule<class amount_class, Value> amount = "amount";
const x3::rule<class float_class, Value> floatLit = "number";
const x3::rule<class integer_class, Value> integerLit = "integer";
const x3::rule<class identifier_class, Value> identifier = "identifier";
const x3::rule<class versioned_class, Value> versioned = "identifier";
const x3::rule<class scalar_class, Value> scalar = "value";
const x3::rule<class upper_bound_class, Value> upperBound = "upper bound of the range";
const x3::rule<class element_class, Value> element = "value";
const x3::rule<class list_class, Value> list = "list";
const x3::rule<class list_open_class, uint32_t> listOpen = "'['";
const x3::rule<class list_items_class, std::vector<Value>> listItems = "list elements";
const x3::rule<class list_close_class> listClose = "',' or ']'";
const value_type valueRule = "value";

// ---- Actions -----------------------------------------------------------------------------------
// In X3 1.74 an action's _where is [end of the match, end of input): step back over the quotes.
const auto markStringStart = [](auto& ctx) { state().stringStart = x3::_where(ctx).begin() - 1; };
const auto markTextBlockStart = [](auto& ctx) {
    state().stringStart = x3::_where(ctx).begin() - 3;
};

template<Value (*Make)(ParseState&, const char*, const char*)>
struct MakeValue {
    template<class Ctx>
    void operator()(Ctx& ctx) const {
        auto [b, e] = bounds(x3::_attr(ctx));
        x3::_val(ctx) = Make(state(), b, e);
    }
};

// The values themselves are made by the functions the driver's value scanner calls too
// (Literals.hpp).
const auto versionedAction = [](auto& ctx) {
    auto& attr = x3::_attr(ctx);
    const Value& name = boost::fusion::at_c<0>(attr);
    auto& version = boost::fusion::at_c<1>(attr);
    x3::_val(ctx) = version ? makeVersioned(state(), name, *version) : name;
};

const auto rangeAction = [](auto& ctx) {
    auto& attr = x3::_attr(ctx);
    auto& hi = boost::fusion::at_c<1>(attr);
    x3::_val(ctx) =
        hi ? makeRange(state(), boost::fusion::at_c<0>(attr), *hi) : boost::fusion::at_c<0>(attr);
};

const auto listAction = [](auto& ctx) {
    auto& attr = x3::_attr(ctx);
    // In X3 1.74 an action's _where starts just after the match: the list's end.
    x3::_val(ctx) = makeList(state(), state().base + boost::fusion::at_c<0>(attr),
                             x3::_where(ctx).begin(), boost::fusion::at_c<1>(attr));
};

// ---- Rule definitions --------------------------------------------------------------------------

const auto stringClose_def = lit('"');
const auto stringLit_def =
    raw[lexeme[lit('"')[markStringStart] >> *((lit('\\') >> (char_ - char_("\r\n"))) |
                                              (char_ - char_("\"\\\r\n"))) > stringClose]]
       [MakeValue<makeString>{}];

const auto textBlockClose_def = lit("\"\"\"");
const auto textBlock_def =
    raw[lexeme[lit("\"\"\"")[markTextBlockStart] >> *(char_ - lit("\"\"\"")) > textBlockClose]]
       [MakeValue<makeTextBlock>{}];

const auto duration_def =
    raw[lexeme[((-(+digit >> '-') >> +digit >> ':' >> digit >> digit >> ':' >> digit >> digit) |
                +(+digit >> char_("dhms"))) >>
               !identChar]][MakeValue<makeDuration>{}];
const auto size_def = raw[lexeme[-char_('-') >> digitsUs >> -('.' >> +digit) >> *char_(" \t") >>
                                 sizeUnit >> !identChar]][MakeValue<makeSize>{}];
const auto amount_def =
    raw[lexeme[digitsUs >> -('.' >> +digit) >> *char_(" \t") >> amountUnit >> !identChar]]
       [MakeValue<makeAmount>{}];
const auto floatLit_def =
    raw[lexeme[-char_('-') >> digitsUs >> (('.' >> +digit >> -exponent) | exponent)]]
       [MakeValue<makeFloat>{}];
const auto integerLit_def = raw[lexeme[-char_('-') >> digitsUs]][MakeValue<makeInteger>{}];
const auto identifier_def = raw[lexeme[identStart >> *identChar]][MakeValue<makeIdentifier>{}];
const auto versioned_def = (identifier >> -stringLit)[versionedAction];

// First characters are disjoint except among the numeric forms, so identifiers (the most common
// value) go first; among numbers the longer forms must be tried before plain integers.
const auto scalar_def =
    versioned | textBlock | stringLit | duration | size | amount | floatLit | integerLit;
const auto upperBound_def = scalar;
const auto element_def = (scalar >> -(lit("..") > upperBound))[rangeAction];
const auto listItems_def = -((element % ',') >> -lit(',')); // `[,]` is not a list
const auto listClose_def = lit(']');
const auto listOpen_def = raw[lit('[')][([](auto& ctx) {
    x3::_val(ctx) = static_cast<uint32_t>(x3::_attr(ctx).begin() - state().base);
})];
const auto list_def = (listOpen >> listItems > listClose)[listAction];
const auto valueRule_def = list | element;

BOOST_SPIRIT_DEFINE(stringLit, stringClose, textBlock, textBlockClose, duration, size, amount,
                    floatLit, integerLit, identifier, versioned, scalar, upperBound, element, list,
                    listOpen, listItems, listClose, valueRule)

} // namespace modak::syntax::parser
