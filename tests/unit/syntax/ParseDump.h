// SPDX-License-Identifier: Apache-2.0
// A parse written out whole, for tests that hold two parses to the same result (reparse against
// parse, two threads against one, the value scanner against the X3 grammar).
#pragma once

#include "modak/diag/Diagnostic.h"
#include "modak/syntax/Ast.h"

#include <fmt/format.h>

#include <string>

namespace modak::test {

namespace parse_dump { // its parts

inline std::string rangeText(SourceRange r) {
    return fmt::format("{}:{}-{}", r.file.valid() ? std::to_string(r.file.value) : "-", r.begin,
                       r.end);
}

/// Everything a consumer can read of a value (numbers exactly, as hexadecimal floats).
inline void dumpValue(std::string& out, const syntax::Value& v) {
    out += fmt::format("[{} {} b{} u{} '{}' i{} n{:a} v'{}' {}", static_cast<int>(v.kind),
                       rangeText(v.range), v.boolean, v.unit(), v.text(), v.integer(), v.number(),
                       v.version(), rangeText(v.versionRange()));
    for (const auto& item : v.items())
        dumpValue(out, item);
    out += ']';
}

inline void dumpStatement(std::string& out, const syntax::Statement& s) {
    auto key = s.key();
    out += fmt::format("({} {} key '{}' {}", static_cast<int>(s.kind()), rangeText(s.range()),
                       key.name, rangeText(key.range));
    if (auto name = s.name())
        out += fmt::format(" name '{}' {}", name->name, rangeText(name->range));
    if (s.kind() == syntax::Statement::Kind::Block) {
        out += fmt::format(" {} {} {}", rangeText(s.openBrace()), rangeText(s.closeBrace()),
                           s.singleLine());
        for (const auto& child : s.body())
            dumpStatement(out, child);
    } else {
        dumpValue(out, s.value());
    }
    out += ")\n";
}

} // namespace parse_dump

/// Everything a consumer can read of a parse: the tree, comments, marks and diagnostics.
inline std::string dumpParse(const syntax::File& f, const Diagnostics& diags) {
    using parse_dump::rangeText;
    std::string out =
        fmt::format("version {} header {}\n", f.version.value_or(-1), rangeText(f.headerRange));
    for (const auto& i : f.imports)
        out +=
            fmt::format("import '{}' {} {}\n", i.path, rangeText(i.range), rangeText(i.pathRange));
    for (const auto& c : f.comments)
        out += fmt::format("comment {} {}\n", rangeText(c.range), c.isBlock);
    for (const auto& s : f.statements)
        parse_dump::dumpStatement(out, s);
    for (const auto& m : f.marks)
        out += fmt::format("mark {} {} {} {} {}\n", m.start, m.diagnostics, m.errors, m.comments,
                           m.imports);
    for (const auto& d : diags) {
        out += fmt::format("diag {} {} {} {}\n", static_cast<int>(d.code),
                           static_cast<int>(d.severity), rangeText(d.range), d.message);
        for (const auto& n : d.notes)
            out += fmt::format("  note {} {}\n", rangeText(n.range), n.message);
        for (const auto& fix : d.fixes)
            for (const auto& e : fix.edits)
                out += fmt::format("  fix {} {} '{}'\n", fix.title, rangeText(e.range), e.text);
    }
    return out;
}

} // namespace modak::test
