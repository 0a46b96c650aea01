// SPDX-License-Identifier: Apache-2.0
//! The plain syntax tree of a .modak file (docs/language.md §2). No parser types leak in here; every
//! node carries its byte range so diagnostics, the formatter and the LSP can point at it.
#pragma once

#include "modak/text/SourceManager.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace modak::syntax {

struct Identifier {
    std::string name;
    SourceRange range;
};

/// One value. A tagged struct rather than a variant keeps consumers simple and the node small enough.
struct Value {
    enum class Kind : uint8_t {
        Error,       ///< placeholder after a syntax error
        String,      ///< "..." (text = unescaped contents)
        TextBlock,   ///< """...""" (text = contents, verbatim)
        Integer,     ///< integer
        Float,       ///< number
        Size,        ///< integer = bytes; unit = unit as written; number = amount as written
        Duration,    ///< integer = seconds
        Bool,        ///< boolean
        Identifier,  ///< text = name (enum value, reference or `auto`)
        Versioned,   ///< text = name, version = the version string, versionRange its range
        List,        ///< items
        Range,       ///< items[0]..items[1]
    };

    Kind kind = Kind::Error;
    SourceRange range;
    std::string text;
    std::string unit;
    std::string version;
    SourceRange versionRange;
    int64_t integer = 0;
    double number = 0;
    bool boolean = false;
    std::vector<Value> items;
};

const char* kindName(Value::Kind kind);

/// `key = value` or `kind [name] { body }`.
struct Statement {
    enum class Kind : uint8_t { Attribute, Block };

    Kind kind = Kind::Attribute;
    Identifier key;                  ///< attribute key, or block kind (`application`, `job`)
    std::optional<Identifier> name;  ///< block label (`application mnist`)
    Value value;                     ///< attribute value
    std::vector<Statement> body;     ///< block statements
    SourceRange range;               ///< whole statement
    SourceRange openBrace;           ///< blocks: `{`
    SourceRange closeBrace;          ///< blocks: `}` (empty range when missing)
    bool singleLine = false;         ///< blocks written on one line (formatter keeps them so)
};

struct Import {
    std::string path;  ///< unescaped
    SourceRange range;      ///< whole `import "…"`
    SourceRange pathRange;  ///< the string
};

struct Comment {
    SourceRange range;
    bool isBlock = false;  ///< /* */ rather than //
};

/// A parsed file. Always present, even after syntax errors (then partial).
struct File {
    FileId file;
    std::optional<int64_t> version;  ///< from `modak N`
    SourceRange headerRange;
    std::vector<Import> imports;
    std::vector<Statement> statements;
    std::vector<Comment> comments;  ///< in source order
};

} // namespace modak::syntax
