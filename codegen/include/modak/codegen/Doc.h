// SPDX-License-Identifier: Apache-2.0
//! A small ordered document tree (maps keep insertion order) that the Kubernetes and Terraform
//! generators build once and render as YAML or as an HCL expression. Strings hold raw (unescaped)
//! values; the renderers escape them for their language.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace modak::codegen {

struct DocField;

struct Doc {
    enum class Kind { Null, String, Integer, Bool, Map, List, Expr };
    Kind kind = Kind::Null;
    std::string text; ///< String: the raw value; Expr: an HCL expression written as it is
    int64_t integer = 0;
    bool boolean = false;
    std::vector<DocField> fields; ///< Map, in insertion order
    std::vector<Doc> items;       ///< List
    bool flow = false;            ///< YAML: a list of scalars on one line (`[a, b]`)

    static Doc str(std::string value);
    static Doc num(int64_t value);
    static Doc flag(bool value);
    static Doc map();
    static Doc list();
    /// An HCL expression (`var.namespace`); only the HCL renderer accepts it.
    static Doc expr(std::string expression);

    /// Sets `key` (replacing an earlier value of it) and returns the stored value.
    Doc& set(std::string_view key, Doc value);
    Doc& push(Doc value);
    Doc* find(std::string_view key);
    const Doc* find(std::string_view key) const;
};

/// One entry of a map. (Not a std::pair: a pair needs a complete Doc where the map is declared,
/// which libc++ and clang's view of libstdc++ enforce; a vector of an incomplete type is allowed.)
struct DocField {
    std::string first;
    Doc second;
    DocField(std::string key, Doc value) : first(std::move(key)), second(std::move(value)) {}
};

/// The document as block-style YAML. Strings are plain only when every YAML 1.1 and 1.2 parser
/// reads them back as the same string (so "yes", "0755", "1e3", "null" are quoted); multi-line
/// strings are literal blocks when a literal block holds them exactly, double-quoted otherwise.
std::string toYaml(const Doc& doc);

/// `text` with every character that could end a comment line or confuse a terminal replaced by
/// '?', for header comments naming user-chosen files.
std::string commentSafe(std::string_view text);

} // namespace modak::codegen
