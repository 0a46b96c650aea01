// SPDX-License-Identifier: Apache-2.0
// Shared helpers for the unit tests: parse text, render diagnostics as the CLI does, dump trees.
#pragma once

#include "modak/diag/DiagnosticEngine.h"
#include "modak/diag/Printers.h"
#include "modak/syntax/Parser.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace modak::test {

/// Parses `text` as a buffer named `path`; diagnostics go into `diags`.
inline syntax::File parseText(SourceManager& sm, std::string text, Diagnostics& diags,
                              std::string path = "test.modak") {
    FileId id = sm.addBuffer(std::move(path), std::move(text));
    return syntax::parse(sm, id, diags);
}

/// Diagnostics rendered exactly as `modak check` prints them (sorted, no colour).
inline std::string report(const SourceManager& sm, const Diagnostics& diags) {
    return renderText(sm, applyPolicy(diags, {}));
}

/// Parses and renders in one step: the usual shape of a golden diagnostics test.
inline std::string parseReport(std::string text) {
    SourceManager sm;
    Diagnostics diags;
    parseText(sm, std::move(text), diags);
    return report(sm, diags);
}

inline std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// Every `.modak` file of the corpus and the examples as (file name, text), sorted: the inputs of
/// the tests that hold two ways of parsing to the same result.
inline std::vector<std::pair<std::string, std::string>> corpusFiles() {
    std::vector<std::pair<std::string, std::string>> files;
    for (const char* dir : {"tests/corpus/valid", "tests/corpus/invalid", "examples"})
        for (const auto& entry : std::filesystem::recursive_directory_iterator(
                 std::filesystem::path(MODAK_SOURCE_DIR) / dir))
            if (entry.path().extension() == ".modak")
                files.emplace_back(entry.path().filename().string(),
                                   readFile(entry.path().string()));
    std::sort(files.begin(), files.end());
    return files;
}

/// A compact S-expression of a value, for structural assertions.
inline std::string dump(const syntax::Value& v) {
    using K = syntax::Value::Kind;
    switch (v.kind) {
    case K::Error:
        return "(error)";
    case K::String:
        return "(string " + std::string(v.text()) + ")";
    case K::TextBlock:
        return "(text " + std::string(v.text()) + ")";
    case K::Integer:
        return "(int " + std::to_string(v.integer()) + ")";
    case K::Float: {
        std::ostringstream ss;
        ss << "(float " << v.number() << ")";
        return ss.str();
    }
    case K::Size:
        return "(size " + std::to_string(v.integer()) + " " + std::string(v.unit()) + ")";
    case K::Duration:
        return "(duration " + std::to_string(v.integer()) + ")";
    case K::Amount: {
        std::ostringstream ss;
        ss << "(amount " << v.number() << " " << v.unit() << ")";
        return ss.str();
    }
    case K::Bool:
        return v.boolean ? "(bool true)" : "(bool false)";
    case K::Identifier:
        return "(id " + std::string(v.text()) + ")";
    case K::Versioned:
        return "(versioned " + std::string(v.text()) + " " + std::string(v.version()) + ")";
    case K::List: {
        std::string s = "(list";
        for (auto& i : v.items())
            s += " " + dump(i);
        return s + ")";
    }
    case K::Range:
        return "(range " + dump(v.items().at(0)) + " " + dump(v.items().at(1)) + ")";
    }
    return "?";
}

inline std::string dump(const syntax::Statement& s) {
    if (s.kind() == syntax::Statement::Kind::Attribute)
        return "(" + std::string(s.key().name) + " " + dump(s.value()) + ")";
    std::string out =
        "(block " + (s.key().name.empty() ? std::string("<recovered>") : std::string(s.key().name));
    if (s.name())
        out += " " + std::string(s.name()->name);
    for (auto& c : s.body())
        out += " " + dump(c);
    return out + ")";
}

inline std::string dump(const syntax::File& f) {
    std::string out;
    for (auto& i : f.imports)
        out += "(import " + i.path + ")";
    for (auto& s : f.statements)
        out += dump(s);
    return out;
}

/// MODAK_UPDATE_GOLDEN=1 (anything but empty or 0): golden tests rewrite their files.
inline bool updatingGolden() {
    const char* v = std::getenv("MODAK_UPDATE_GOLDEN");
    return v && *v && std::string(v) != "0";
}

/// The text of the golden file `path`, which MODAK_UPDATE_GOLDEN=1 first rewrites with `actual`
/// (its folders made): callers CHECK `actual == goldenText(path, actual)`.
inline std::string goldenText(const std::filesystem::path& path, const std::string& actual) {
    if (updatingGolden()) {
        std::filesystem::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << actual;
    }
    return readFile(path.string());
}

/// `text` with one random edit at a random place: a deletion of up to `longest` bytes, an insertion
/// of one of `snippets`, or a replacement of those bytes by one. `wholeCharacters`: the edit never
/// cuts a UTF-8 sequence (a document that must stay text); else it may (what a parser must report).
inline std::string randomEdit(const std::string& text, std::mt19937& rng,
                              const std::vector<std::string>& snippets, size_t longest,
                              bool wholeCharacters) {
    auto continuation = [&](size_t i) {
        return wholeCharacters && i < text.size() &&
               (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80;
    };
    size_t b = std::uniform_int_distribution<size_t>(0, text.size())(rng);
    while (b > 0 && continuation(b))
        --b;
    size_t e = std::min(text.size(), b + std::uniform_int_distribution<size_t>(0, longest)(rng));
    while (continuation(e))
        ++e;
    const int kind = std::uniform_int_distribution<int>(0, 2)(rng);
    std::string insert;
    if (kind != 0) // an insertion or a replacement; else a deletion
        insert = snippets[std::uniform_int_distribution<size_t>(0, snippets.size() - 1)(rng)];
    if (kind == 1)
        e = b;
    return text.substr(0, b) + insert + text.substr(e);
}

} // namespace modak::test
