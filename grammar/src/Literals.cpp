// SPDX-License-Identifier: Apache-2.0
#include "Literals.hpp"

#include "modak/syntax/Lexical.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace modak::syntax::parser {

namespace {

// Digits with '_' separators removed; nullopt on int64 overflow.
std::optional<int64_t> toInt64(std::string_view text) {
    bool negative = !text.empty() && text[0] == '-';
    if (negative)
        text.remove_prefix(1);
    // Accumulate as negative so INT64_MIN is representable.
    int64_t value = 0;
    for (char c : text) {
        if (c == '_')
            continue;
        int digit = c - '0';
        if (value < (std::numeric_limits<int64_t>::min() + digit) / 10)
            return std::nullopt;
        value = value * 10 - digit;
    }
    if (!negative) {
        if (value == std::numeric_limits<int64_t>::min())
            return std::nullopt;
        value = -value;
    }
    return value;
}

double toDouble(std::string_view text) {
    std::string clean;
    for (char c : text)
        if (c != '_')
            clean.push_back(c);
    double d = 0;
    std::from_chars(clean.data(), clean.data() + clean.size(), d);
    return d;
}

void appendUtf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

} // namespace

Value makeInteger(ParseState& st, const char* b, const char* e) {
    SourceRange range = st.range(b, e);
    auto n = toInt64({b, static_cast<size_t>(e - b)});
    if (!n) {
        st.diags->add(
            DiagCode::IntegerOverflow, range,
            fmt::format("integer '{}' does not fit in 64 bits", std::string_view(b, e - b)));
        return Value::error(range);
    }
    return Value::ofInteger(Value::Kind::Integer, range, *n);
}

Value makeFloat(ParseState& st, const char* b, const char* e) {
    SourceRange range = st.range(b, e);
    double number = toDouble({b, static_cast<size_t>(e - b)});
    if (!std::isfinite(number)) {
        st.diags->add(DiagCode::IntegerOverflow, range,
                      fmt::format("number '{}' is out of range", std::string_view(b, e - b)));
        return Value::error(range, number);
    }
    return Value::ofFloat(range, number);
}

Value makeSize(ParseState& st, const char* b, const char* e) {
    SourceRange range = st.range(b, e);
    std::string_view text(b, e - b);
    size_t unitStart = text.size();
    while (unitStart > 0 && std::isalpha(static_cast<unsigned char>(text[unitStart - 1])))
        --unitStart;
    size_t amountEnd = unitStart;
    while (amountEnd > 0 && (text[amountEnd - 1] == ' ' || text[amountEnd - 1] == '\t'))
        --amountEnd;
    std::string_view unit = text.substr(unitStart);
    const auto& units = sizeUnitNames();
    auto unitIndex =
        static_cast<uint8_t>(std::find(units.begin(), units.end(), unit) - units.begin() + 1);
    std::string_view amount = text.substr(0, amountEnd);
    double number = toDouble(amount);
    uint64_t unitBytes = sizeUnitBytes(unit).value_or(1);
    double bytes = number * static_cast<double>(unitBytes);
    if (number < 0 || !std::isfinite(bytes) || bytes >= 9.2e18) {
        st.diags->add(DiagCode::InvalidSize, range,
                      number < 0 ? fmt::format("size '{}' is negative", text)
                                 : fmt::format("size '{}' does not fit in 64 bits", text));
        Value v = Value::error(range, number);
        v.unitIndex = unitIndex;
        return v;
    }
    // integer() rounds `bytes` again, the same way (Value::sizeBytes).
    return Value::ofSize(range, number, unitIndex);
}

Value makeAmount(ParseState& st, const char* b, const char* e) {
    SourceRange range = st.range(b, e);
    std::string_view text(b, e - b);
    // The number is digits, underscores and one dot; the unit is what follows it and its blanks.
    size_t amountEnd = text.find_first_not_of("0123456789_.");
    std::string_view unit = text.substr(amountEnd);
    while (!unit.empty() && (unit.front() == ' ' || unit.front() == '\t'))
        unit.remove_prefix(1);
    const auto& units = amountUnitNames();
    auto unitIndex =
        static_cast<uint8_t>(std::find(units.begin(), units.end(), unit) - units.begin() + 1);
    double number = toDouble(text.substr(0, amountEnd));
    if (!std::isfinite(number) || number >= 1e15) {
        st.diags->add(DiagCode::IntegerOverflow, range,
                      fmt::format("amount '{}' is out of range (at most 10^15)", text));
        return Value::error(range, number);
    }
    return Value::ofAmount(range, number, unitIndex);
}

Value makeDuration(ParseState& st, const char* b, const char* e) {
    SourceRange range = st.range(b, e);
    std::string_view text(b, e - b);
    auto fail = [&](std::string message) {
        st.diags->add(DiagCode::InvalidDuration, range, std::move(message));
        return Value::error(range);
    };
    // Numbers in durations are small; guard each against overflow of the total.
    constexpr int64_t limit = int64_t(1) << 50;
    auto number = [&](std::string_view digits) -> std::optional<int64_t> {
        auto n = toInt64(digits);
        if (!n || *n > limit)
            return std::nullopt;
        return n;
    };
    if (text.find(':') != std::string_view::npos) {
        // [D-]H:MM:SS
        int64_t days = 0;
        if (auto dash = text.find('-'); dash != std::string_view::npos) {
            auto d = number(text.substr(0, dash));
            if (!d)
                return fail(fmt::format("duration '{}' is too large", text));
            days = *d;
            text.remove_prefix(dash + 1);
        }
        auto c1 = text.find(':'), c2 = text.rfind(':');
        auto h = number(text.substr(0, c1)), m = number(text.substr(c1 + 1, c2 - c1 - 1)),
             s = number(text.substr(c2 + 1));
        if (!h || !m || !s || days > limit / 86400 || *h > limit / 3600)
            return fail(fmt::format("duration '{}' is too large", std::string_view(b, e - b)));
        if (*m >= 60 || *s >= 60)
            return fail(fmt::format("minutes and seconds in duration '{}' must be below 60",
                                    std::string_view(b, e - b)));
        return Value::ofInteger(Value::Kind::Duration, range,
                                days * 86400 + *h * 3600 + *m * 60 + *s);
    }
    // A sequence of <digits><unit> with units d, h, m, s each at most once, in that order.
    static constexpr std::string_view order = "dhms";
    static constexpr int64_t scale[] = {86400, 3600, 60, 1};
    size_t nextUnit = 0;
    int64_t total = 0;
    size_t i = 0;
    while (i < text.size()) {
        size_t j = i;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
            ++j;
        auto n = number(text.substr(i, j - i));
        size_t unit = order.find(text[j]);
        if (unit < nextUnit)
            return fail(fmt::format(
                "duration '{}' must list units once each, in the order d, h, m, s", text));
        if (!n || total > limit || *n > limit / scale[unit])
            return fail(fmt::format("duration '{}' is too large", text));
        total += *n * scale[unit];
        nextUnit = unit + 1;
        i = j + 1;
    }
    return Value::ofInteger(Value::Kind::Duration, range, total);
}

Value makeString(ParseState& st, const char* b, const char* e) {
    const char* p = b + 1;
    const char* end = e - 1; // closing quote
    if (std::find(p, end, '\\') == end)
        return Value::ofSourceText(Value::Kind::String, st.range(b, e), b,
                                   1); // nothing to unescape
    std::string out;
    while (p < end) {
        if (*p != '\\') {
            out.push_back(*p++);
            continue;
        }
        const char* esc = p++;
        char c = p < end ? *p++ : '\0';
        switch (c) {
        case '"':
            out.push_back('"');
            break;
        case '\\':
            out.push_back('\\');
            break;
        case 'n':
            out.push_back('\n');
            break;
        case 't':
            out.push_back('\t');
            break;
        case 'r':
            out.push_back('\r');
            break;
        case 'u': {
            // \u{1..6 hex digits}
            const char* q = p;
            uint32_t cp = 0;
            int digits = 0;
            bool ok = q < end && *q == '{';
            if (ok) {
                ++q;
                while (q < end && std::isxdigit(static_cast<unsigned char>(*q)) && digits < 7) {
                    cp =
                        cp * 16 + static_cast<uint32_t>(std::isdigit(static_cast<unsigned char>(*q))
                                                            ? *q - '0'
                                                            : (std::tolower(*q) - 'a' + 10));
                    ++q;
                    ++digits;
                }
                ok = digits >= 1 && digits <= 6 && q < end && *q == '}' && cp != 0 &&
                     cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
            }
            if (!ok) {
                const char* stop = q < end && *q == '}' ? q + 1 : q;
                st.diags->add(DiagCode::InvalidEscape, st.range(esc, stop),
                              "invalid unicode escape; expected \\u{XXXX} with 1 to 6 hex digits "
                              "naming a Unicode scalar value other than NUL");
                p = stop;
                break;
            }
            appendUtf8(out, cp);
            p = q + 1;
            break;
        }
        default:
            // The whole character, not its first byte: `\é` is one character to the editor.
            while (p < end && (static_cast<unsigned char>(*p) & 0xC0) == 0x80)
                ++p;
            st.diags->add(
                DiagCode::InvalidEscape, st.range(esc, p),
                fmt::format("invalid escape sequence '\\{}'; valid escapes are \\\" \\\\ \\n "
                            "\\t \\r \\u{{...}}",
                            std::string_view(esc + 1, p - esc - 1)));
        }
    }
    return Value::ofStoredText(st.range(b, e), st.arena->make(st.arena->copyString(out)));
}

Value makeTextBlock(ParseState& st, const char* b, const char* e) {
    return Value::ofSourceText(Value::Kind::TextBlock, st.range(b, e), b, 3);
}

Value makeIdentifier(ParseState& st, const char* b, const char* e) {
    std::string_view name(b, e - b);
    if (name == "true" || name == "false")
        return Value::ofBool(st.range(b, e), name == "true");
    return Value::ofSourceText(Value::Kind::Identifier, st.range(b, e), b, 0);
}

Value makeVersioned(ParseState& st, const Value& name, const Value& version) {
    // `true "x"` is a versioned name too (the schema rejects it), so no token is dropped.
    if (name.kind != Value::Kind::Identifier && name.kind != Value::Kind::Bool)
        return name;
    std::string_view text =
        name.kind == Value::Kind::Bool ? (name.boolean ? "true" : "false") : name.text();
    Value v = Value::ofVersioned(
        {name.range.file, name.range.begin, version.range.end},
        st.arena->make(Value::VersionedName{text, version.text(), version.range}));
    v.boolean = name.boolean; // as it was read
    return v;
}

Value makeRange(ParseState& st, const Value& lo, const Value& hi) {
    const Value bounds[2] = {lo, hi};
    Arena& arena = *st.arena;
    SourceRange range{lo.range.file, lo.range.begin, hi.range.end};
    return Value::ofItems(Value::Kind::Range, range,
                          arena.make(NodeList<Value>(arena.copy(bounds, 2), 2)));
}

Value makeList(ParseState& st, const char* open, const char* end, std::span<const Value> items) {
    Arena& arena = *st.arena;
    return Value::ofItems(
        Value::Kind::List, st.range(open, end),
        items.empty()
            ? nullptr
            : arena.make(NodeList<Value>(arena.copy(items.data(), items.size()), items.size())));
}

} // namespace modak::syntax::parser
