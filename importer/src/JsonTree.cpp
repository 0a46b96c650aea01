// SPDX-License-Identifier: Apache-2.0
#include "JsonTree.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace modak::importer::json {

const Member* Value::find(std::string_view key) const {
    for (const Member& m : members)
        if (m.key == key)
            return &m;
    return nullptr;
}

const char* typeName(Value::Type type) {
    switch (type) {
    case Value::Type::Null:
        return "null";
    case Value::Type::Bool:
        return "boolean";
    case Value::Type::Integer:
        return "integer";
    case Value::Type::Float:
        return "number";
    case Value::Type::String:
        return "string";
    case Value::Type::Array:
        return "array";
    case Value::Type::Object:
        return "object";
    }
    return "value";
}

namespace {

// nlohmann's what() reads "[json.exception.parse_error.101] parse error at line 2, column 3: syntax
// error while parsing value - invalid literal; last read: 'x'; expected ..."; the location is shown
// by the diagnostic itself, and the "last read" echo is noise next to a caret.
std::string cleanMessage(std::string what) {
    if (auto p = what.find("]"); p != std::string::npos && what.starts_with("[json.exception"))
        what.erase(0, p + 1);
    if (auto p = what.find(": "); p != std::string::npos && what.find("parse error") < p)
        what.erase(0, p + 2);
    while (!what.empty() && what.front() == ' ')
        what.erase(0, 1);
    if (auto p = what.find("; last read: '"); p != std::string::npos) {
        auto q = what.find("'", p + 14);
        // The echoed text may itself contain quotes; the part after it starts with "; expected" or
        // ends the message.
        auto expected = what.find("'; expected", p + 14);
        if (expected != std::string::npos)
            q = expected;
        else
            q = what.rfind('\'');
        if (q != std::string::npos && q > p)
            what.erase(p, q + 1 - p);
    }
    return what;
}

// A SAX consumer that builds nothing: nlohmann checks the syntax and reports where it fails.
struct Validator {
    using number_integer_t = nlohmann::json::number_integer_t;
    using number_unsigned_t = nlohmann::json::number_unsigned_t;
    using number_float_t = nlohmann::json::number_float_t;
    using string_t = nlohmann::json::string_t;
    using binary_t = nlohmann::json::binary_t;

    std::optional<size_t> errorByte;
    std::string message;

    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(number_integer_t) { return true; }
    bool number_unsigned(number_unsigned_t) { return true; }
    bool number_float(number_float_t, const string_t&) { return true; }
    bool string(string_t&) { return true; }
    bool binary(binary_t&) { return true; }
    bool start_object(std::size_t) { return true; }
    bool key(string_t&) { return true; }
    bool end_object() { return true; }
    bool start_array(std::size_t) { return true; }
    bool end_array() { return true; }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::json::exception& e) {
        errorByte = position;
        message = e.what();
        return false;
    }
};

std::optional<SyntaxError> validate(std::string_view text) {
    Validator v;
    bool ok = false;
    try {
        ok = nlohmann::json::sax_parse(text.begin(), text.end(), &v);
    } catch (const nlohmann::json::exception& e) {
        return SyntaxError{0, 0, cleanMessage(e.what())};
    }
    if (ok && !v.errorByte)
        return std::nullopt;
    // The position is the 1-based index of the character where parsing stopped.
    size_t byte = v.errorByte.value_or(text.size() + 1);
    auto size = static_cast<uint32_t>(text.size());
    uint32_t begin = byte == 0 ? 0 : static_cast<uint32_t>(std::min<size_t>(byte - 1, size));
    uint32_t end = std::min<uint32_t>(begin + 1, size);
    // A bad literal or number ("tru}", "1.e5") is reported at the character that ended it; point at
    // the whole token instead.
    const std::string& what = v.message;
    if (what.find("invalid literal") != std::string::npos ||
        what.find("invalid number") != std::string::npos) {
        auto isToken = [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.';
        };
        uint32_t b = begin;
        if (b < size && !isToken(text[b]) && b > 0) {
            end = b; // the terminating character is not part of the token
            --b;
        } else {
            end = b < size ? b + 1 : b;
        }
        while (b > 0 && isToken(text[b - 1]))
            --b;
        if (b < end && isToken(text[b]))
            begin = b;
        else
            end = std::min<uint32_t>(begin + 1, size);
    }
    return SyntaxError{begin, end, cleanMessage(what)};
}

// Walks text that nlohmann accepted. `shift` is subtracted from every recorded offset (used when
// the text was wrapped in synthetic braces).
class Scanner {
public:
    Scanner(std::string_view text, uint32_t shift, uint32_t maxDepth, ParseResult& out)
        : text_(text), shift_(shift), maxDepth_(maxDepth), out_(out) {}

    std::optional<Value> document(size_t start) {
        pos_ = start;
        skipWs();
        Value v;
        if (!value(v, 0))
            return std::nullopt;
        return v;
    }

private:
    uint32_t off(size_t p) const {
        auto o = static_cast<uint32_t>(p);
        o = o >= shift_ ? o - shift_ : 0;
        return std::min<uint32_t>(o, static_cast<uint32_t>(text_.size() - 2 * shift_));
    }

    void skipWs() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                       text_[pos_] == '\n' || text_[pos_] == '\r'))
            ++pos_;
    }

    // The extent of the string token at pos_ (which is a quote).
    size_t stringEnd(size_t p) const {
        ++p;
        while (p < text_.size() && text_[p] != '"')
            p += text_[p] == '\\' ? 2 : 1;
        return std::min(p + 1, text_.size());
    }

    bool value(Value& v, uint32_t depth) {
        if (depth > maxDepth_) {
            out_.error = SyntaxError{off(pos_), off(pos_ + 1),
                                     "the document is nested more than " +
                                         std::to_string(maxDepth_) + " levels deep"};
            return false;
        }
        size_t start = pos_;
        v.begin = off(start);
        char c = pos_ < text_.size() ? text_[pos_] : '\0';
        if (c == '{') {
            v.type = Value::Type::Object;
            ++pos_;
            skipWs();
            if (text_[pos_] == '}') {
                ++pos_;
            } else {
                while (true) {
                    Member m;
                    size_t keyStart = pos_;
                    size_t keyEnd = stringEnd(keyStart);
                    m.keyBegin = off(keyStart);
                    m.keyEnd = off(keyEnd);
                    m.key = nlohmann::json::parse(text_.substr(keyStart, keyEnd - keyStart))
                                .get<std::string>();
                    pos_ = keyEnd;
                    skipWs();
                    ++pos_; // ':'
                    skipWs();
                    if (!value(m.value, depth + 1))
                        return false;
                    addMember(v, std::move(m));
                    skipWs();
                    if (text_[pos_] == ',') {
                        ++pos_;
                        skipWs();
                        continue;
                    }
                    ++pos_; // '}'
                    break;
                }
            }
        } else if (c == '[') {
            v.type = Value::Type::Array;
            ++pos_;
            skipWs();
            if (text_[pos_] == ']') {
                ++pos_;
            } else {
                while (true) {
                    Value item;
                    if (!value(item, depth + 1))
                        return false;
                    v.items.push_back(std::move(item));
                    skipWs();
                    if (text_[pos_] == ',') {
                        ++pos_;
                        skipWs();
                        continue;
                    }
                    ++pos_; // ']'
                    break;
                }
            }
        } else if (c == '"') {
            v.type = Value::Type::String;
            size_t e = stringEnd(pos_);
            v.string = nlohmann::json::parse(text_.substr(pos_, e - pos_)).get<std::string>();
            pos_ = e;
        } else if (c == 't' || c == 'f' || c == 'n') {
            v.type = c == 'n' ? Value::Type::Null : Value::Type::Bool;
            v.boolean = c == 't';
            pos_ += c == 'f' ? 5 : 4;
        } else {
            size_t e = pos_;
            while (e < text_.size() &&
                   (std::isdigit(static_cast<unsigned char>(text_[e])) || text_[e] == '-' ||
                    text_[e] == '+' || text_[e] == '.' || text_[e] == 'e' || text_[e] == 'E'))
                ++e;
            v.raw = std::string(text_.substr(pos_, e - pos_));
            nlohmann::json n = nlohmann::json::parse(v.raw);
            if (n.is_number_integer() && !n.is_number_unsigned()) {
                v.type = Value::Type::Integer;
                v.integer = n.get<int64_t>();
                v.number = static_cast<double>(v.integer);
            } else if (n.is_number_unsigned()) {
                auto u = n.get<uint64_t>();
                if (u <= static_cast<uint64_t>(INT64_MAX)) {
                    v.type = Value::Type::Integer;
                    v.integer = static_cast<int64_t>(u);
                    v.number = static_cast<double>(u);
                } else {
                    v.type = Value::Type::Float;
                    v.bigInteger = true;
                    v.number = static_cast<double>(u);
                }
            } else {
                v.type = Value::Type::Float;
                v.number = n.get<double>();
                // nlohmann stores integers beyond 64 bits as floating point.
                v.bigInteger = v.raw.find_first_of(".eE") == std::string::npos;
            }
            pos_ = e;
        }
        v.end = off(pos_);
        return true;
    }

    void addMember(Value& object, Member&& m) {
        auto it = std::find_if(object.members.begin(), object.members.end(),
                               [&](const Member& x) { return x.key == m.key; });
        if (it != object.members.end()) {
            out_.duplicates.push_back({m.keyBegin, m.keyEnd, it->keyBegin, it->keyEnd, m.key});
            // Python's json (and so the original MODAK) keeps the last value, in the first
            // position.
            it->value = std::move(m.value);
            it->keyBegin = m.keyBegin;
            it->keyEnd = m.keyEnd;
            return;
        }
        object.members.push_back(std::move(m));
    }

    std::string_view text_;
    uint32_t shift_;
    uint32_t maxDepth_;
    ParseResult& out_;
    size_t pos_ = 0;
};

bool looksLikeBareMember(std::string_view text, size_t start) {
    size_t p = start;
    if (p >= text.size() || text[p] != '"')
        return false;
    ++p;
    while (p < text.size() && text[p] != '"' && text[p] != '\n')
        p += text[p] == '\\' ? 2 : 1;
    if (p >= text.size() || text[p] != '"')
        return false;
    ++p;
    while (p < text.size() &&
           (text[p] == ' ' || text[p] == '\t' || text[p] == '\r' || text[p] == '\n'))
        ++p;
    return p < text.size() && text[p] == ':';
}

} // namespace

ParseResult parse(std::string_view text, uint32_t maxDepth) {
    ParseResult result;
    size_t start = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    std::string_view body = text.substr(start);
    auto error = validate(body);
    if (!error) {
        Scanner scanner(text, 0, maxDepth, result);
        result.root = scanner.document(start);
        return result;
    }
    error->begin += static_cast<uint32_t>(start);
    error->end += static_cast<uint32_t>(start);

    size_t first = start;
    while (first < text.size() && (text[first] == ' ' || text[first] == '\t' ||
                                   text[first] == '\r' || text[first] == '\n'))
        ++first;
    if (looksLikeBareMember(text, first)) {
        // Read `"key": value, …` as `{"key": value, …}`. The braces go around the whole text so
        // that offsets shift by exactly one.
        std::string wrapped;
        wrapped.reserve(text.size() + 2);
        wrapped += '{';
        wrapped.append(start, ' '); // a byte-order mark, kept as filler so offsets stay aligned
        wrapped += body;
        wrapped += '}';
        if (!validate(wrapped)) {
            result.bareMembers = true;
            Scanner scanner(wrapped, 1, maxDepth, result);
            result.root = scanner.document(0);
            if (result.root) {
                result.root->begin = 0;
                result.root->end = static_cast<uint32_t>(text.size());
            }
            return result;
        }
    }
    result.error = std::move(error);
    return result;
}

} // namespace modak::importer::json
