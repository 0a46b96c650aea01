// SPDX-License-Identifier: Apache-2.0
//! A JSON document tree that remembers the byte range of every key and value. nlohmann/json checks
//! the syntax (its parse_error carries the byte offset of a syntax error) and decodes every scalar
//! token; a small scanner over the already validated text records where each token lies.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace modak::importer::json {

struct Member;

struct Value {
    enum class Type : uint8_t { Null, Bool, Integer, Float, String, Array, Object };

    Type type = Type::Null;
    uint32_t begin = 0; ///< first byte of the value (`{`, `[`, `"`, digit, …)
    uint32_t end = 0;   ///< one past its last byte
    bool boolean = false;
    int64_t integer = 0;         ///< Integer
    double number = 0;           ///< Integer and Float
    bool bigInteger = false;     ///< an integer token that does not fit in int64 (stored as Float)
    std::string string;          ///< String: decoded text
    std::string raw;             ///< Integer/Float: the token as written
    std::vector<Member> members; ///< Object, in document order, duplicates removed (last wins)
    std::vector<Value> items;    ///< Array

    bool isNumber() const { return type == Type::Integer || type == Type::Float; }
    const Member* find(std::string_view key) const;
};

struct Member {
    std::string key;
    uint32_t keyBegin = 0; ///< the opening quote of the key
    uint32_t keyEnd = 0;   ///< one past its closing quote
    Value value;
};

/// "object", "array", "string", "number", "boolean", "null".
const char* typeName(Value::Type type);

struct SyntaxError {
    uint32_t begin = 0;
    uint32_t end = 0;
    std::string message;
};

struct DuplicateKey {
    uint32_t begin = 0, end = 0;           ///< the later (winning) key
    uint32_t firstBegin = 0, firstEnd = 0; ///< the earlier one
    std::string key;
};

struct ParseResult {
    std::optional<Value> root;
    std::optional<SyntaxError> error;
    /// The text was a bare `"key": value` member list without the enclosing braces and was read as
    /// if it had them (older MODAK documentation fragments).
    bool bareMembers = false;
    std::vector<DuplicateKey> duplicates;
};

/// Parses `text`. Byte offsets in the result are offsets into `text`.
ParseResult parse(std::string_view text, uint32_t maxDepth = 256);

} // namespace modak::importer::json
