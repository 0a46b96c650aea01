// SPDX-License-Identifier: Apache-2.0
// Semantic checks of docs/language.md §3–§5: the schema (unknown/duplicate/missing keys, types,
// enumerations, intervals, references) and the facts that need no performance model.
//
// Conventions for messages: lowercase start, source names in single quotes, code in backticks,
// concise; every diagnostic on the most precise range (key, value, list element, version string).
#include "SymbolIndex.h"
#include "modak/model/CatalogueNames.h"
#include "modak/model/Deployment.h"
#include "modak/model/Program.h"
#include "modak/model/Schedulers.h"
#include "modak/model/Schema.h"
#include "modak/model/Strategies.h"
#include "modak/model/Transformer.h"
#include "modak/syntax/Lexical.h"
#include "modak/text/Affixes.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <new>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <unordered_map>

namespace modak::model {

namespace {

struct NamePairHash {
    size_t operator()(const std::pair<std::string_view, std::string_view>& p) const {
        return std::hash<std::string_view>()(p.first) * 31 +
               std::hash<std::string_view>()(p.second);
    }
};

/// The first node seen under each key, for the few keys of one block or the words of one list. The
/// first sixteen keys live inline, written as they are seen (making one costs two stores: checking
/// a block allocates and initialises nothing); more go to a hash map.
template<class Key, class Node, class Hash = std::hash<Key>>
class FlatSeen {
public:
    FlatSeen() {} // inline_[i] is made when it is first written (size_ counts them)
    FlatSeen(const FlatSeen&) = delete;
    FlatSeen& operator=(const FlatSeen&) = delete;

    /// Records `node` under `key`; returns the node recorded first if `key` was seen before.
    const Node* insert(const Key& key, const Node* node) {
        if (const Node* first = find(key))
            return first;
        if (size_ < kInline)
            ::new (&inline_[size_++]) Entry{key, node};
        else
            (more_ ? *more_ : *(more_ = std::make_unique<Map>())).emplace(key, node);
        return nullptr;
    }
    const Node* find(const Key& key) const {
        for (size_t i = 0; i < size_; ++i)
            if (inline_[i].key == key)
                return inline_[i].node;
        if (more_)
            if (auto it = more_->find(key); it != more_->end())
                return it->second;
        return nullptr;
    }

private:
    static constexpr size_t kInline = 16;
    struct Entry {
        Key key;
        const Node* node;
    };
    static_assert(std::is_trivially_destructible_v<Entry>);
    using Map = std::unordered_map<Key, const Node*, Hash>;
    size_t size_ = 0;
    union {
        Entry inline_[kInline];
    };
    std::unique_ptr<Map> more_;
};

using syntax::Statement;
using syntax::Value;
using VK = Value::Kind;

/// The first statement recorded under each key of one block schema, by the key's index in it
/// (BlockSchema::keys; key() finds a name's one entry, so an index is a name). Whether a key was
/// seen is a bit; the statements are looked for only for a duplicate, which is rare. Nothing is
/// initialised but the bits (a block is checked without a table of keys made for it).
class SeenKeys {
public:
    SeenKeys() {} // entries_ are written before they are read
    /// Records `node` under key `index`; returns the node recorded first if the key was seen.
    const Statement* insert(size_t index, const Statement* node) {
        if (has(index)) {
            for (size_t i = 0; i < std::min(size_, entries_.size()); ++i)
                if (entries_[i].index == index)
                    return entries_[i].node;
            for (const Entry& e : more_)
                if (e.index == index)
                    return e.node;
        }
        bits_[index >> 6] |= uint64_t(1) << (index & 63);
        if (size_ < entries_.size())
            entries_[size_] = {index, node};
        else
            more_.push_back({index, node});
        ++size_;
        return nullptr;
    }
    bool has(size_t index) const { return bits_[index >> 6] >> (index & 63) & 1; }

private:
    struct Entry {
        size_t index;
        const Statement* node;
    };
    std::array<uint64_t, 4> bits_{}; // BlockSchema holds fewer than 255 keys (indexKeys)
    size_t size_ = 0;
    std::array<Entry, 16> entries_;
    std::vector<Entry> more_;
};

// ------------------------------------------------------------------------------------------------
// Small helpers on the syntax tree.

bool isAttr(const Statement& s) {
    return s.kind() == Statement::Kind::Attribute;
}
bool isBlock(const Statement& s) {
    return s.kind() == Statement::Kind::Block;
}

/// The first attribute `key` of a block body whose value parsed.
const Statement* attr(const Statement& block, std::string_view key) {
    if (!block.mayHave(key))
        return nullptr;
    for (const Statement& s : block.body())
        if (isAttr(s) && s.keyIs(key) && s.value().kind != VK::Error)
            return &s;
    return nullptr;
}

/// Whether the block sets `key` at all (even with a value that did not parse).
bool has(const Statement& block, std::string_view key) {
    if (!block.mayHave(key))
        return false;
    syntax::NodeList<Statement> body = block.body();
    return std::any_of(body.begin(), body.end(), [&](const Statement& s) { return s.keyIs(key); });
}

/// The first nested block `key` (unnamed or named).
const Statement* sub(const Statement& block, std::string_view key) {
    if (!block.mayHave(key))
        return nullptr;
    for (const Statement& s : block.body())
        if (isBlock(s) && s.keyIs(key))
            return &s;
    return nullptr;
}

/// The identifier of an attribute (the name of a versioned name too), or empty.
std::string_view ident(const Statement* a) {
    if (a && (a->value().kind == VK::Identifier || a->value().kind == VK::Versioned))
        return a->value().text();
    return {};
}

std::optional<int64_t> intOf(const Statement* a) {
    if (a && a->value().kind == VK::Integer)
        return a->value().integer();
    return std::nullopt;
}

/// The name part of an identifier or versioned value.
SourceRange nameRange(const Value& v) {
    SourceRange r = v.range;
    if (v.kind == VK::Versioned)
        r.end = std::min<uint32_t>(r.end, r.begin + static_cast<uint32_t>(v.text().size()));
    return r;
}

/// `application mnist` or `dataset`: the header of a block.
SourceRange headerRange(const Statement& block) {
    SourceRange r = block.key().range;
    if (block.name())
        r.end = block.name()->range.end;
    return r;
}

bool startsWithVowel(std::string_view word) {
    return !word.empty() && std::string_view("aeiou").find(word[0]) != std::string_view::npos;
}

/// "a target", "an application".
std::string withArticle(std::string_view word) {
    return fmt::format("{} {}", startsWithVowel(word) ? "an" : "a", word);
}

/// "a 'job'", "an 'application'".
std::string quotedWithArticle(std::string_view word) {
    return fmt::format("{} '{}'", startsWithVowel(word) ? "an" : "a", word);
}

const char* foundKind(VK k) {
    switch (k) {
    case VK::Error:
        return "error";
    case VK::String:
        return "string";
    case VK::TextBlock:
        return "text block";
    case VK::Integer:
        return "integer";
    case VK::Float:
        return "number";
    case VK::Size:
        return "size";
    case VK::Duration:
        return "duration";
    case VK::Amount:
        return "amount";
    case VK::Bool:
        return "boolean";
    case VK::Identifier:
        return "identifier";
    case VK::Versioned:
        return "versioned name";
    case VK::List:
        return "list";
    case VK::Range:
        return "range";
    }
    return "value";
}

std::string frameworkTitle(std::string_view name);

/// "TensorFlow or Keras on TensorFlow": the frameworks `strategy` trains with, in words.
std::string strategyFrameworks(const StrategyInfo& strategy) {
    std::vector<std::string> plain, keras;
    bool withKeras = false;
    for (std::string_view list = strategy.frameworks; !list.empty();) {
        std::string_view name = list.substr(0, list.find(' '));
        list.remove_prefix(std::min(list.size(), name.size() + 1));
        if (name == "keras")
            withKeras = true;
        else
            plain.push_back(frameworkTitle(name));
    }
    auto alternatives = [](const std::vector<std::string>& names) {
        std::string out;
        for (size_t i = 0; i < names.size(); ++i)
            out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
        return out;
    };
    if (!withKeras)
        return alternatives(plain);
    std::vector<std::string> all = plain;
    all.push_back("Keras on " + alternatives(plain));
    return alternatives(all);
}

std::string frameworkTitle(std::string_view name) {
    if (name == "tensorflow")
        return "TensorFlow";
    if (name == "pytorch")
        return "PyTorch";
    if (name == "keras")
        return "Keras";
    if (name == "mxnet")
        return "MXNet";
    if (name == "cntk")
        return "CNTK";
    if (name == "jax")
        return "JAX";
    return std::string(name);
}

/// A parsed version string: "2.1" → {2, 1}; "latest" → latest; nullopt if not a version.
struct Version {
    bool latest = false;
    int major = 0;
    int minor = 0;
};

std::optional<Version> parseVersion(std::string_view s) {
    if (s == "latest")
        return Version{true, 0, 0};
    auto digits = [&](size_t& i, int& out) {
        size_t start = i;
        long v = 0;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && i - start < 9)
            v = v * 10 + (s[i++] - '0');
        out = static_cast<int>(v);
        return i > start;
    };
    Version v;
    size_t i = 0;
    if (!digits(i, v.major))
        return std::nullopt;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits(i, v.minor))
            return std::nullopt;
    }
    // The rest: more components and a suffix such as ".post1", "rc1", "+cu118".
    for (; i < s.size(); ++i) {
        char c = s[i];
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '+' &&
            c != '_')
            return std::nullopt;
    }
    return v;
}

/// "12", "-3", and with `fraction` also "0.5": numbers a user might have quoted by mistake.
bool isPlainNumber(std::string_view s, bool fraction) {
    size_t i = s[0] == '-' ? 1 : 0;
    bool digits = false, dot = false;
    for (; i < s.size(); ++i) {
        if (std::isdigit(static_cast<unsigned char>(s[i])))
            digits = true;
        else if (s[i] == '.' && fraction && !dot && digits)
            dot = true;
        else
            return false;
    }
    return digits && s.back() != '.';
}

bool versionBelow(const Version& v, int major, int minor) {
    return !v.latest && (v.major < major || (v.major == major && v.minor < minor));
}

/// The framework of an application, as far as it is known.
struct Framework {
    const Statement* stmt = nullptr;
    std::string name;
    std::optional<Version> version; ///< only when a valid version string is given
    SourceRange versionRange;
    bool present() const { return stmt != nullptr; }
    std::string title(bool withVersion = true) const {
        std::string t = frameworkTitle(name);
        if (withVersion && stmt && stmt->value().kind == VK::Versioned)
            (t += " ") += stmt->value().version();
        return t;
    }
    /// Where a note about the framework points: the version string if it matters, else the name.
    SourceRange where(bool version = false) const {
        if (version && stmt->value().kind == VK::Versioned)
            return stmt->value().versionRange();
        return nameRange(stmt->value());
    }
};

/// The vendor of catalogue GPU `model` ("" when the catalogue does not know it).
std::string_view gpuVendor(std::string_view model) {
    const data::GpuFacts* gpu = data::gpuFacts(model);
    return gpu ? gpu->vendor : std::string_view();
}
/// Whether catalogue GPU `model` lacks `precision` natively (false when the catalogue does not know
/// it).
bool lacksNativePrecision(std::string_view model, std::string_view precision) {
    const data::GpuFacts* gpu = data::gpuFacts(model);
    return gpu && !gpu->hasNativePrecision(precision);
}

// ------------------------------------------------------------------------------------------------

} // namespace

/// What the checks of each top-level block of a root found (Program.h). A block's body checks read
/// its text (from its first line's start: a fix's indentation reads the line), the syntax errors in
/// it (none, for a block kept here), and of the rest of the program only which names it defines
/// and can see (`names`); its facts read, besides, the blocks they resolve (`dependencies`).
struct BlockChecks {
    std::string names;     ///< every symbol's kind and name, in order, and whether the root sees it
    std::string_view text; ///< the root's text (alive while the program it was made for is)
    const SourceManager* sources = nullptr; ///< the program's (the blocks' facts read)
    /// A block a block's facts read: its place and text, from its first line's start.
    struct Dependency {
        std::string_view kind, name;
        FileId file;
        uint32_t begin = 0, end = 0;
    };
    struct Block {
        uint32_t begin = 0, end = 0;         ///< in `text`
        uint64_t hash = 0;                   ///< of its text (find's key)
        std::vector<Diagnostic> diagnostics; ///< ranges relative to `begin` (file 1), or none
        /// The facts: kept only when every range lies in the block or a block they read; a
        /// range's file is 1 + the index of that anchor (0: this block, i: dependencies[i - 1]),
        /// as `diagnostics`' is 1 for the block.
        bool factsKept = false;
        std::vector<Dependency> dependencies;
        std::vector<Diagnostic> facts;
    };
    std::vector<Block> blocks;

    /// The block of `blockText` (whose hash is `hash`), or null. A scan: only the blocks an edit
    /// changed or moved are looked up so (the others are found `at` their place), not worth a
    /// hash table built on every edit.
    const Block* find(uint64_t hash, std::string_view blockText) const {
        for (const Block& block : blocks)
            if (block.hash == hash &&
                text.substr(block.begin, block.end - block.begin) == blockText)
                return &block;
        return nullptr;
    }
    /// The block at [begin, end) of `text` (blocks are in the text's order), or null.
    const Block* at(uint32_t begin, uint32_t end) const {
        auto it = std::lower_bound(blocks.begin(), blocks.end(), begin,
                                   [](const Block& b, uint32_t at) { return b.begin < at; });
        for (; it != blocks.end() && it->begin == begin; ++it)
            if (it->end == end)
                return &*it;
        return nullptr;
    }
};

namespace {

class Checker {
public:
    Checker(const SourceManager& sm, const Program& program, Diagnostics& diags,
            const BlockChecks* previous = nullptr, BlockChecks* kept = nullptr)
        : sm_(sm), program_(program), diags_(diags), previous_(previous), kept_(kept) {
        // loadProgram's index of the symbols serves; a program made otherwise gets its own.
        if (program.symbolSlots.empty() && !program.symbols.empty()) {
            byName_.emplace(program.symbols, program.symbols.size());
            for (size_t i = 0; i < program.symbols.size(); ++i)
                byName_->set(i);
        }
        for (const Diagnostic& d : diags)
            if (d.severity >= Severity::Error)
                errors_.push_back(d.range);
    }

    void run() {
        for (const auto& doc : program_.documents)
            checkDocument(*doc);
    }

private:
    // --- context -------------------------------------------------------------------------------

    void checkDocument(const Document& doc) {
        reachable_.clear();
        std::vector<const Document*> todo{&doc};
        while (!todo.empty()) {
            const Document* d = todo.back();
            todo.pop_back();
            if (!reachable_.insert(d->file.value).second)
                continue;
            for (size_t i : d->imports)
                todo.push_back(program_.documents[i].get());
        }
        const bool root = &doc == program_.root();
        if (root && kept_) {
            kept_->text = sm_.text(doc.file);
            kept_->sources = &sm_;
            tops_.assign(doc.tree.statements.size(), {nullptr, -1});
            for (const Symbol& s : program_.symbols) {
                kept_->names += s.kind;
                kept_->names += '\0';
                kept_->names += s.name;
                kept_->names += reachable_.count(s.file.value) ? '\1' : '\2';
            }
            for (const std::string& w : program_.catalogueWorkloads) {
                kept_->names += w;
                kept_->names += '\3';
            }
            repeat_ = previous_ && previous_->names == kept_->names;
            if (repeat_) {
                // The edit between the versions: a block outside it has the same text as the
                // block at its place in the last version, found there without hashing its text.
                edit_ = editBetween(previous_->text, kept_->text);
            }
        }
        keeping_ = root && kept_;
        checkBody(fileSchema(), nullptr, doc.tree.statements);
        keeping_ = false;
        for (const Statement& st : doc.tree.statements) {
            if (!isBlock(st) || !st.name())
                continue;
            if (root && kept_) {
                checkFactsKept(st, tops_.at(topIndex(st)));
                continue;
            }
            checkFacts(st);
        }
    }

    /// The facts of a top-level block: those that read the blocks it names.
    void checkFacts(const Statement& st) {
        if (st.key().name == "application")
            applicationFacts(st);
        else if (st.key().name == "target")
            targetFacts(st);
        else if (st.key().name == "deployment")
            deploymentFacts(st);
        else if (st.key().name == "image")
            imageFacts(st);
        else if (st.key().name == "workload" && builtinWorkload(st.name()->name))
            diags_.add(DiagCode::QuestionableSetting, st.name()->range,
                       fmt::format("workload '{}' shadows the built-in workload of the same name",
                                   st.name()->name));
    }

    /// The block `kind name` visible from the current file.
    const Symbol* resolve(std::string_view kind, std::string_view name) const {
        const Symbol* s = byName_ ? byName_->find(kind, name) : program_.find(kind, name);
        if (!s || !reachable_.count(s->file.value))
            return nullptr;
        if (resolved_)
            resolved_->push_back(s);
        return s;
    }

    /// The span a kept block's findings are anchored to: from its first line's start to its end.
    SourceRange anchorSpan(FileId file, const Statement& block) const {
        std::string_view text = sm_.text(file);
        uint32_t begin = block.range().begin;
        while (begin > 0 && text[begin - 1] != '\n')
            --begin;
        return {file, begin, block.range().end};
    }
    bool errorIn(SourceRange span) const {
        return std::any_of(errors_.begin(), errors_.end(), [&](const SourceRange& e) {
            return e.file == span.file && e.end >= span.begin && e.begin <= span.end;
        });
    }

    /// The facts of a top-level block of the root, repeated from the last version's where its
    /// text, the names and the text of every block they read are the same, and kept for the next.
    void checkFactsKept(const Statement& st, std::pair<const BlockChecks::Block*, int32_t> top) {
        auto [old, mine] = top;
        if (mine < 0) { // the block itself is not kept (a syntax error in it)
            checkFacts(st);
            return;
        }
        BlockChecks::Block& entry = kept_->blocks[static_cast<size_t>(mine)];
        const SourceRange self{st.range().file, entry.begin, entry.end};
        if (old && old->factsKept) {
            std::vector<SourceRange> anchors{self};
            std::vector<BlockChecks::Dependency> now;
            for (const auto& dep : old->dependencies) {
                const Symbol* s = resolve(dep.kind, dep.name);
                if (!s || !s->block)
                    break;
                SourceRange span = anchorSpan(s->file, *s->block);
                std::string_view was =
                    previous_->sources->text(dep.file).substr(dep.begin, dep.end - dep.begin);
                if (errorIn(span) ||
                    sm_.text(s->file).substr(span.begin, span.end - span.begin) != was)
                    break;
                anchors.push_back(span);
                now.push_back({s->kind, s->name, s->file, span.begin, span.end});
            }
            if (now.size() == old->dependencies.size()) {
                repeatFindings(old->facts, anchors);
                entry.factsKept = true;
                entry.dependencies = std::move(now);
                entry.facts = old->facts;
                return;
            }
        }
        std::vector<const Symbol*> read;
        resolved_ = &read;
        const size_t before = diags_.size();
        checkFacts(st);
        resolved_ = nullptr;
        // The blocks read, once each, in the order first read.
        std::vector<SourceRange> anchors{self};
        std::vector<BlockChecks::Dependency> deps;
        for (const Symbol* s : read) {
            if (!s->block)
                return;
            SourceRange span = anchorSpan(s->file, *s->block);
            if (errorIn(span))
                return;
            if (std::find(anchors.begin(), anchors.end(), span) != anchors.end())
                continue;
            anchors.push_back(span);
            deps.push_back({s->kind, s->name, s->file, span.begin, span.end});
        }
        auto facts = findingsSince(before, anchors);
        if (!facts)
            return;
        entry.factsKept = true;
        entry.dependencies = std::move(deps);
        entry.facts = std::move(*facts);
    }

    std::vector<std::string> visibleNames(std::string_view kind) const {
        std::vector<std::string> names;
        for (const Symbol& s : program_.symbols)
            if (s.kind == kind && reachable_.count(s.file.value))
                names.emplace_back(s.name);
        return names;
    }

    /// Whether an earlier error (a syntax error) lies inside `block`: a statement may have been
    /// lost to it, so "missing key" would be a false alarm.
    bool broken(const Statement& block) const {
        return std::any_of(errors_.begin(), errors_.end(), [&](const SourceRange& r) {
            return r.file == block.range().file && r.begin >= block.range().begin &&
                   r.begin <= block.range().end;
        });
    }

    std::string_view source(const SourceRange& r) const {
        std::string_view text = sm_.text(r.file);
        if (r.begin > text.size())
            return {};
        return text.substr(r.begin, std::min<size_t>(r.end, text.size()) - r.begin);
    }

    /// "integer `16`", "a text block".
    /// The identifier `v` and whatever the parser cut off right after it, up to a separator: for
    /// `email = me@example.org` the parser keeps `me` and reports the `@`, and quoting only `me`
    /// would leave a file that still does not parse.
    SourceRange unquotedRun(const Value& v) const {
        std::string_view text = sm_.text(v.range.file);
        uint32_t end = v.range.end;
        while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
               text[end] != ',' && text[end] != '}' && text[end] != ']' &&
               !(text[end] == '/' && end + 1 < text.size() &&
                 (text[end + 1] == '/' || text[end + 1] == '*')))
            ++end;
        return {v.range.file, v.range.begin, end};
    }

    std::string found(const Value& v) const {
        std::string_view text = source(v.range);
        if (text.empty() || text.size() > 40 || text.find('\n') != std::string_view::npos)
            return fmt::format("{} {}",
                               v.kind == VK::Integer || v.kind == VK::Identifier ? "an" : "a",
                               foundKind(v.kind));
        return fmt::format("{} `{}`", foundKind(v.kind), text);
    }

    /// How messages name a block: "application 'mnist'", "partition 'gpu'", "'dataset'".
    static std::string where(const Statement* block) {
        if (!block)
            return "the file";
        if (block->name())
            return fmt::format("{} '{}'", block->key().name, block->name()->name);
        return fmt::format("'{}'", block->key().name);
    }

    // --- fixes ---------------------------------------------------------------------------------

    static Fix replaceFix(std::string title, SourceRange range, std::string text) {
        return Fix{std::move(title), {TextEdit{range, std::move(text)}}};
    }

    /// Removes a statement; the whole line when it is alone on its line.
    Fix removeFix(std::string title, const Statement& st) const {
        std::string_view text = sm_.text(st.range().file);
        uint32_t b = st.range().begin, e = st.range().end;
        uint32_t lb = b, le = e;
        while (lb > 0 && (text[lb - 1] == ' ' || text[lb - 1] == '\t'))
            --lb;
        while (le < text.size() && (text[le] == ' ' || text[le] == '\t' || text[le] == ','))
            ++le;
        bool lineStart = lb == 0 || text[lb - 1] == '\n';
        bool lineEnd = le >= text.size() || text[le] == '\n' || text[le] == '\r';
        if (lineStart && lineEnd) {
            if (le < text.size() && text[le] == '\r')
                ++le;
            if (le < text.size() && text[le] == '\n')
                ++le;
            return replaceFix(std::move(title), {st.range().file, lb, le}, "");
        }
        // Inside a one-line block: drop the statement, its comma and the spaces after it.
        while (e < text.size() && (text[e] == ' ' || text[e] == '\t'))
            ++e;
        if (e < text.size() && text[e] == ',') {
            ++e;
            while (e < text.size() && (text[e] == ' ' || text[e] == '\t'))
                ++e;
        }
        return replaceFix(std::move(title), {st.range().file, b, e}, "");
    }

    /// Inserts `key = value` into a block, matching its layout.
    std::optional<Fix> insertFix(const Statement& block, const std::string& text) const {
        if (block.closeBrace().begin == block.closeBrace().end ||
            block.openBrace().begin == block.openBrace().end)
            return std::nullopt;
        const SourceBuffer& buf = sm_.buffer(block.range().file);
        std::string title = fmt::format("insert `{}`", text);
        auto line = [&](uint32_t off) { return buf.lineColumn(off).line; };
        auto indentOf = [&](uint32_t off) {
            std::string_view l = buf.lineText(off);
            return std::string(l.substr(0, l.find_first_not_of(" \t") == std::string_view::npos
                                               ? l.size()
                                               : l.find_first_not_of(" \t")));
        };
        const FileId f = block.range().file;
        if (line(block.openBrace().begin) == line(block.closeBrace().begin)) {
            if (block.body().empty())
                return replaceFix(title, {f, block.openBrace().end, block.openBrace().end},
                                  " " + text + (buf.text[block.openBrace().end] == ' ' ? "" : " "));
            uint32_t at = block.body().back().range().end;
            return replaceFix(title, {f, at, at}, ", " + text);
        }
        if (block.body().empty()) {
            std::string indent = indentOf(block.range().begin) + "  ";
            return replaceFix(title, {f, block.openBrace().end, block.openBrace().end},
                              "\n" + indent + text);
        }
        const Statement& last = block.body().back();
        std::string indent = indentOf(last.range().begin);
        uint32_t at = last.range().end;
        if (line(last.range().end) != line(block.closeBrace().begin)) {
            // After anything else on the line (a trailing comment), before the line end.
            std::string_view l = buf.lineText(last.range().end);
            at = buf.lineStarts[line(last.range().end) - 1] + static_cast<uint32_t>(l.size());
        }
        return replaceFix(title, {f, at, at}, "\n" + indent + text);
    }

    std::string placeholder(const KeySchema& k) const {
        if (!k.placeholder.empty())
            return k.placeholder;
        if (k.allowsAuto)
            return "auto";
        if (k.types.empty())
            return "{ }";
        const ValueType& t = k.types.front();
        switch (t.kind) {
        case ValueKind::String:
        case ValueKind::Text:
            return "\"\"";
        case ValueKind::Integer:
            return "1";
        case ValueKind::Float:
            return "1.0";
        case ValueKind::Bool:
            return "true";
        case ValueKind::Size:
            return "1 GiB";
        case ValueKind::Duration:
            return "1h";
        case ValueKind::Amount:
            return t.example.empty() ? "1000 USD" : t.example;
        case ValueKind::Enum:
        case ValueKind::Versioned:
            return t.values.front().name;
        case ValueKind::Reference: {
            auto names = visibleNames(t.refKind);
            return names.empty() ? t.refKind + "_name" : names.front();
        }
        case ValueKind::List:
            return "[]";
        case ValueKind::Range:
            return "1";
        case ValueKind::Scalar:
            return "1";
        }
        return "\"\"";
    }

    std::string keyText(const KeySchema& k) const {
        if (k.isBlock() && !k.isAttribute())
            return k.name + " { }";
        return k.name + " = " + placeholder(k);
    }

    // --- structure -----------------------------------------------------------------------------

    void checkBody(const BlockSchema& schema, const Statement* owner,
                   syntax::NodeList<Statement> body) {
        // Blocks hold a handful of keys: the schema's keys by index, free-form keys (`env`) and
        // named blocks in flat tables (no allocation or initialisation per block).
        SeenKeys seen;                                  // attributes, unnamed blocks
        FlatSeen<std::string_view, Statement> seenFree; // free-form keys
        FlatSeen<std::pair<std::string_view, std::string_view>, Statement, NamePairHash>
            seenNamed; // key, name
        std::vector<std::string>
            suggested; // keys proposed for unknown keys: not reported missing too
        for (const Statement& st : body) {
            const std::string_view key = st.key().name; // made once: key() builds a range too
            if (key.empty())
                continue; // recovered after a syntax error
            const KeySchema* ks = schema.key(key);
            if (!ks && schema.anyKey && isAttr(st))
                ks = &*schema.anyKey;
            if (!ks) {
                std::string meant = reportUnknown(schema, owner, st);
                if (!meant.empty())
                    suggested.push_back(std::move(meant));
                continue;
            }
            if (isBlock(st) && !ks->isBlock()) {
                diags_.add(DiagCode::TypeMismatch, st.key().range,
                           fmt::format("'{0}' takes a value, not a block; write `{0} = …`", key));
                continue;
            }
            if (isAttr(st) && !ks->isAttribute()) {
                if (st.value().kind != VK::Error)
                    diags_.add(DiagCode::TypeMismatch, st.value().range,
                               fmt::format("expected {} for '{}', found {}", describeExpected(*ks),
                                           key, found(st.value())));
                continue;
            }
            if (isBlock(st) && ks->named) {
                // Top-level names are checked while loading (Program.cpp).
                if (owner) {
                    if (!st.name()) {
                        diags_.add(
                            DiagCode::MissingName, st.key().range,
                            fmt::format("'{0}' block needs a name, as in `{0} NAME {{ … }}`", key));
                    } else {
                        if (const Statement* first =
                                seenNamed.insert({key, st.name()->name}, &st)) {
                            Diagnostic& d = diags_.add(DiagCode::DuplicateName, st.name()->range,
                                                       fmt::format("duplicate {} '{}' in {}", key,
                                                                   st.name()->name, where(owner)));
                            d.notes.push_back(
                                {first->name()->range,
                                 fmt::format("'{}' first defined here", st.name()->name)});
                        }
                    }
                }
            } else {
                if (isBlock(st) && st.name()) {
                    Diagnostic& d = diags_.add(DiagCode::UnexpectedName, st.name()->range,
                                               fmt::format("'{}' block takes no name", key));
                    d.fixes.push_back(replaceFix(
                        "remove the name",
                        {st.name()->range.file, st.key().range.end, st.name()->range.end}, ""));
                }
                const Statement* first = nullptr;
                if (schema.anyKey && ks == &*schema.anyKey) {
                    first = seenFree.insert(key, &st);
                } else {
                    first = seen.insert(static_cast<size_t>(ks - schema.keys.data()), &st);
                }
                if (first) {
                    Diagnostic& d =
                        diags_.add(DiagCode::DuplicateKey, st.key().range,
                                   fmt::format("duplicate key '{}' in {}", key, where(owner)));
                    d.notes.push_back(
                        {first->key().range, fmt::format("'{}' first set here", key)});
                    d.fixes.push_back(removeFix(fmt::format("remove the duplicate '{}'", key), st));
                }
            }
            if (isBlock(st) && !owner && keeping_)
                checkTopLevelBlock(*ks->block, st);
            else if (isBlock(st))
                checkBody(*ks->block, &st, st.body());
            else
                checkValue(*ks, st);
        }
        if (!owner || broken(*owner))
            return;
        for (const KeySchema& k : schema.keys) {
            // (Recorded under the entry key() finds: the first, should the table name it twice.)
            if (!k.required ||
                seen.has(static_cast<size_t>(schema.key(k.name) - schema.keys.data())) ||
                std::find(suggested.begin(), suggested.end(), k.name) != suggested.end())
                continue;
            Diagnostic& d =
                diags_.add(DiagCode::MissingKey, headerRange(*owner),
                           fmt::format("missing required key '{}' in {}", k.name, where(owner)));
            if (auto fix = insertFix(*owner, keyText(k)))
                d.fixes.push_back(std::move(*fix));
        }
        if (schema.kind == "workload")
            checkWorkloadFigures(*owner);
    }

    /// The body checks of a top-level block of the root, repeated from the last version's where
    /// its text and the program's names are the same, and kept for the next.
    void checkTopLevelBlock(const BlockSchema& schema, const Statement& block) {
        const SourceRange span = anchorSpan(block.range().file, block);
        const std::string_view blockText =
            sm_.text(span.file).substr(span.begin, span.end - span.begin);
        const bool clean = !errorIn(span);
        std::optional<uint64_t> hash;
        auto hashed = [&] {
            if (!hash)
                hash = std::hash<std::string_view>{}(blockText);
            return *hash;
        };
        if (clean && repeat_) {
            const BlockChecks::Block* found = unchangedInLastVersion(span);
            if (!found)
                found = previous_->find(hashed(), blockText);
            if (found) {
                repeatFindings(found->diagnostics, {&span, 1});
                tops_.at(topIndex(block)) = {found, static_cast<int32_t>(kept_->blocks.size())};
                keep(found->hash, {span.begin, span.end, 0, found->diagnostics, false, {}, {}});
                return;
            }
        }
        const size_t before = diags_.size();
        checkBody(schema, &block, block.body());
        if (!clean)
            return;
        auto found = findingsSince(before, {&span, 1});
        if (!found)
            return;
        tops_.at(topIndex(block)) = {nullptr, static_cast<int32_t>(kept_->blocks.size())};
        keep(hashed(), {span.begin, span.end, 0, std::move(*found), false, {}, {}});
    }

    /// The last version's block at the place of `span` where the edit between the versions left
    /// its text alone (before the edit, or after it, moved), or null.
    const BlockChecks::Block* unchangedInLastVersion(SourceRange span) const {
        const auto was = edit_.wasAt(span.begin, span.end);
        return was ? previous_->at(*was, *was + (span.end - span.begin)) : nullptr;
    }

    /// The findings from `before` on, each range relative to the anchor it lies in (its file: 1 +
    /// the anchor's index); nullopt when one lies in none.
    std::optional<std::vector<Diagnostic>>
    findingsSince(size_t before, std::span<const SourceRange> anchors) const {
        std::vector<Diagnostic> out;
        bool inside = true;
        for (size_t i = before; i < diags_.size() && inside; ++i) {
            Diagnostic d = diags_[i];
            forEachRange(d, [&](SourceRange& r) {
                if (!r.file.valid())
                    return;
                auto a = std::find_if(anchors.begin(), anchors.end(), [&](const SourceRange& x) {
                    return x.file == r.file && r.begin >= x.begin && r.end <= x.end;
                });
                if (a == anchors.end()) {
                    inside = false;
                    return;
                }
                r = {FileId{static_cast<uint32_t>(a - anchors.begin() + 1)}, r.begin - a->begin,
                     r.end - a->begin};
            });
            out.push_back(std::move(d));
        }
        if (!inside)
            return std::nullopt;
        return out;
    }

    /// Reports kept findings again, each range placed at its anchor (findingsSince's inverse).
    void repeatFindings(const std::vector<Diagnostic>& kept, std::span<const SourceRange> anchors) {
        for (Diagnostic d : kept) {
            forEachRange(d, [&](SourceRange& r) {
                if (!r.file.valid())
                    return;
                if (r.file.value > anchors.size())
                    throw std::out_of_range("a kept finding's anchor");
                const SourceRange& a = anchors[r.file.value - 1];
                r = {a.file, r.begin + a.begin, r.end + a.begin};
            });
            diags_.items().push_back(std::move(d));
        }
    }

    size_t topIndex(const Statement& block) const {
        return static_cast<size_t>(&block - program_.root()->tree.statements.data());
    }

    void keep(uint64_t hash, BlockChecks::Block block) {
        block.hash = hash;
        kept_->blocks.push_back(std::move(block));
    }

    /// A workload states its cost (flops_per_sample and parameters) or a transformer shape the
    /// cost follows from; a shape must be one (heads divide hidden, …).
    void checkWorkloadFigures(const Statement& owner) {
        const auto& body = owner.body();
        auto has = [&](std::string_view key) {
            return std::any_of(body.begin(), body.end(),
                               [&](const Statement& st) { return st.key().name == key; });
        };
        if (!has("layers")) {
            for (const char* key : {"flops_per_sample", "parameters"})
                if (!has(key)) {
                    Diagnostic& d = diags_.add(
                        DiagCode::MissingKey, headerRange(owner),
                        fmt::format("missing '{}' in {}: a workload states its cost, or a "
                                    "transformer's shape (layers, hidden, heads, sequence) it "
                                    "follows from",
                                    key, where(&owner)));
                    if (auto fix = insertFix(owner, keyText(*workloadSchema().key(key))))
                        d.fixes.push_back(std::move(*fix));
                }
            return;
        }
        for (const char* key : {"hidden", "heads", "sequence"})
            if (!has(key)) {
                diags_.add(DiagCode::MissingKey, headerRange(owner),
                           fmt::format("missing '{}' in {}: a transformer shape needs layers, "
                                       "hidden, heads and sequence",
                                       key, where(&owner)));
                return;
            }
        if (auto problem = shapeProblem(workloadShape(owner)); !problem.empty())
            diags_.add(DiagCode::IncompatibleCombination, headerRange(owner),
                       fmt::format("{} in {}", problem, where(&owner)));
    }

    static const BlockSchema& workloadSchema() { return *topLevelBlock("workload"); }

    /// Reports an unknown key or block; returns the key suggested instead, if any.
    std::string reportUnknown(const BlockSchema& schema, const Statement* owner,
                              const Statement& st) {
        const bool block = isBlock(st);
        std::vector<std::string> names;
        for (const KeySchema& k : schema.keys)
            names.push_back(k.name);
        std::string suggestion;
        if (const KeySchema* byAlias = schema.keyByAlias(st.key().name))
            suggestion = byAlias->name;
        else
            suggestion = std::string(suggest(st.key().name, names));

        std::string message;
        if (!owner)
            message = block ? fmt::format("unknown block '{}'", st.key().name)
                            : fmt::format("unknown key '{}' at the top level", st.key().name);
        else
            message = fmt::format("unknown {} '{}' in {}", block ? "block" : "key", st.key().name,
                                  where(owner));
        if (!suggestion.empty()) {
            message += fmt::format("; did you mean '{}'?", suggestion);
        } else if (std::string home = homeOf(schema, st); !home.empty()) {
            message += "; " + home;
        } else if (!owner && !block) {
            message += "; only 'catalog' and blocks are allowed here";
        }
        DiagCode code = block ? DiagCode::UnknownBlock : DiagCode::UnknownKey;
        Diagnostic& d = diags_.add(code, st.key().range, std::move(message));
        if (!suggestion.empty())
            d.fixes.push_back(replaceFix(fmt::format("replace with '{}'", suggestion),
                                         st.key().range, suggestion));
        return suggestion;
    }

    /// "it belongs in a 'job' block" when the key is known in a nested or unique other block.
    static std::string homeOf(const BlockSchema& schema, const Statement& st) {
        auto fits = [&](const KeySchema& k) { return isBlock(st) ? k.isBlock() : k.isAttribute(); };
        for (const KeySchema& k : schema.keys)
            if (k.block)
                if (const KeySchema* inner = k.block->key(st.key().name); inner && fits(*inner))
                    return fmt::format("it belongs in {} block", quotedWithArticle(k.name));
        std::vector<const BlockSchema*> homes;
        for (const BlockSchema* b : allBlockSchemas())
            if (const KeySchema* k = b->key(st.key().name); k && fits(*k) && b != &schema)
                homes.push_back(b);
        if (homes.size() == 1)
            return homes[0] == &fileSchema()
                       ? "it belongs at the top level"
                       : fmt::format("it belongs in {} block", quotedWithArticle(homes[0]->kind));
        return {};
    }

    // --- values --------------------------------------------------------------------------------

    static bool shapeMatches(const ValueType& t, const Value& v) {
        switch (t.kind) {
        case ValueKind::String:
            return v.kind == VK::String || (v.kind == VK::Identifier && !t.values.empty());
        case ValueKind::Text:
            return v.kind == VK::String || v.kind == VK::TextBlock;
        case ValueKind::Integer:
            return v.kind == VK::Integer;
        case ValueKind::Float:
            return v.kind == VK::Integer || v.kind == VK::Float;
        case ValueKind::Bool:
            return v.kind == VK::Bool;
        case ValueKind::Size:
            return v.kind == VK::Size;
        case ValueKind::Duration:
            return v.kind == VK::Duration;
        case ValueKind::Amount:
            return v.kind == VK::Amount;
        case ValueKind::Enum:
        case ValueKind::Reference:
            return v.kind == VK::Identifier;
        case ValueKind::Versioned:
            return v.kind == VK::Identifier || v.kind == VK::Versioned;
        case ValueKind::List:
            return v.kind == VK::List;
        case ValueKind::Range:
            return v.kind == VK::Range || shapeMatches(*t.element, v);
        case ValueKind::Scalar:
            return v.kind != VK::List && v.kind != VK::Range && v.kind != VK::Error;
        }
        return false;
    }

    void checkValue(const KeySchema& ks, const Statement& st) {
        const Value& v = st.value();
        if (v.kind == VK::Error)
            return;
        if (ks.allowsAuto && v.kind == VK::Identifier && v.text() == "auto")
            return;
        // A workload: a built-in name or a reference, resolved together.
        if (v.kind == VK::Identifier) {
            const ValueType* en = nullptr;
            const ValueType* ref = nullptr;
            for (const ValueType& t : ks.types) {
                if (t.kind == ValueKind::Enum && !en)
                    en = &t;
                if (t.kind == ValueKind::Reference && !ref)
                    ref = &t;
            }
            if (en && ref) {
                // The program's catalogue files may define workloads too (Program.h).
                static const std::vector<std::string> none;
                const std::vector<std::string>& fromFiles =
                    ref->refKind == "workload" ? program_.catalogueWorkloads : none;
                if (en->value(v.text()) || resolve(ref->refKind, v.text()) ||
                    std::find(fromFiles.begin(), fromFiles.end(), v.text()) != fromFiles.end())
                    return;
                std::vector<std::string> names = visibleNames(ref->refKind);
                for (const EnumValue& e : en->values)
                    names.push_back(e.name);
                names.insert(names.end(), fromFiles.begin(), fromFiles.end());
                reportUnresolved(ref->refKind, v, names);
                return;
            }
        }
        for (const ValueType& t : ks.types) {
            if (shapeMatches(t, v)) {
                checkTyped(ks, t, v, false);
                return;
            }
        }
        reportMismatch(ks, st.key().name, v);
    }

    void reportMismatch(const KeySchema& ks, std::string_view key, const Value& v) {
        std::string message =
            fmt::format("expected {} for '{}', found {}", describeExpected(ks), key, found(v));
        std::vector<Fix> fixes;
        for (const ValueType& t : ks.types) {
            // "tensorflow 2.1" → tensorflow "2.1"
            if (v.kind == VK::String && t.kind == ValueKind::Versioned) {
                auto space = v.text().find(' ');
                std::string name(v.text().substr(0, space));
                if (space != std::string::npos && t.value(name) &&
                    parseVersion(v.text().substr(space + 1))) {
                    std::string fixed =
                        name + " " + syntax::quoteString(v.text().substr(space + 1));
                    message += fmt::format("; write `{}`", fixed);
                    fixes.push_back(
                        replaceFix(fmt::format("replace with `{}`", fixed), v.range, fixed));
                    break;
                }
            }
            // "12" where a number is expected.
            if (v.kind == VK::String &&
                (t.kind == ValueKind::Integer || t.kind == ValueKind::Float) && !v.text().empty() &&
                isPlainNumber(v.text(), t.kind == ValueKind::Float)) {
                message += fmt::format("; write `{}` without quotes", v.text());
                fixes.push_back(replaceFix("remove the quotes", v.range, std::string(v.text())));
                break;
            }
            // "NVIDIA H100 80GB HBM3" (as nvidia-smi prints it) where a GPU model is expected.
            if (v.kind == VK::String && t.kind == ValueKind::Enum) {
                if (std::string_view gpu = catalogueGpuNamed(t, v.text()); !gpu.empty()) {
                    message += fmt::format("; '{}' is the catalogue's `{}`", v.text(), gpu);
                    fixes.push_back(replaceFix(fmt::format("replace with `{}`", gpu), v.range,
                                               std::string(gpu)));
                    break;
                }
            }
            if (v.kind == VK::String && syntax::isIdentifier(v.text()) &&
                ((t.kind == ValueKind::Enum || t.kind == ValueKind::Versioned)
                     ? t.value(v.text()) != nullptr
                     : t.kind == ValueKind::Reference)) {
                message += fmt::format("; write `{}` without quotes", v.text());
                fixes.push_back(replaceFix("remove the quotes", v.range, std::string(v.text())));
                break;
            }
            if (v.kind == VK::Identifier &&
                (t.kind == ValueKind::String || t.kind == ValueKind::Text)) {
                SourceRange run = unquotedRun(v);
                std::string quoted = syntax::quoteString(source(run));
                message += fmt::format("; write `{}`", quoted);
                fixes.push_back(replaceFix("add quotes", run, quoted));
                break;
            }
            if (t.kind == ValueKind::List && v.kind != VK::List && v.kind != VK::Range &&
                shapeMatches(*t.element, v)) {
                message += fmt::format("; write `[{}]`", source(v.range));
                fixes.push_back(Fix{"put the value in a list",
                                    {TextEdit{{v.range.file, v.range.begin, v.range.begin}, "["},
                                     TextEdit{{v.range.file, v.range.end, v.range.end}, "]"}}});
                break;
            }
        }
        Diagnostic& d = diags_.add(DiagCode::TypeMismatch, v.range, std::move(message));
        d.fixes = std::move(fixes);
    }

    /// `v` has the shape of `t`; checks membership, intervals, elements and references.
    void checkTyped(const KeySchema& ks, const ValueType& t, const Value& v, bool element) {
        const std::string& key = ks.name;
        switch (t.kind) {
        case ValueKind::String: {
            if (t.values.empty())
                return;
            // A string that may also be a word (export_env's `all`).
            if (v.kind == VK::Identifier) {
                if (t.value(v.text()))
                    return;
                SourceRange run = unquotedRun(v);
                std::string quoted = syntax::quoteString(source(run));
                Diagnostic& d = diags_.add(DiagCode::TypeMismatch, v.range,
                                           fmt::format("expected {} {} '{}', found {}; write `{}`",
                                                       describeExpected(t), element ? "in" : "for",
                                                       key, found(v), quoted));
                d.fixes.push_back(replaceFix("add quotes", run, quoted));
                return;
            }
            for (const EnumValue& word : t.values) {
                if (!std::equal(v.text().begin(), v.text().end(), word.name.begin(),
                                word.name.end(), [](char a, char b) {
                                    return std::tolower(static_cast<unsigned char>(a)) == b;
                                }))
                    continue;
                Diagnostic& d =
                    diags_.add(DiagCode::QuestionableSetting, v.range,
                               fmt::format("{} in '{}' names a variable; write `{}` without quotes "
                                           "for {}",
                                           found(v), key, word.name, word.doc));
                d.fixes.push_back(
                    replaceFix(fmt::format("replace with `{}`", word.name), v.range, word.name));
            }
            return;
        }
        case ValueKind::Integer:
        case ValueKind::Float:
        case ValueKind::Size:
        case ValueKind::Duration:
        case ValueKind::Amount: {
            if (t.interval.unbounded())
                return;
            double x = v.kind == VK::Float || v.kind == VK::Amount
                           ? v.number()
                           : static_cast<double>(v.integer());
            if (!t.interval.contains(x))
                diags_.add(DiagCode::ValueOutOfRange, v.range,
                           fmt::format("'{}' must be {}, found `{}`", key,
                                       describeInterval(t.interval, t.kind), source(v.range)));
            return;
        }
        case ValueKind::Enum: {
            if (t.value(v.text()))
                return;
            reportInvalidEnum(key, t, v.text(), nameRange(v));
            return;
        }
        case ValueKind::Reference: {
            if (!resolve(t.refKind, v.text()))
                reportUnresolved(t.refKind, v, visibleNames(t.refKind));
            return;
        }
        case ValueKind::Versioned: {
            if (!t.value(v.text())) {
                reportInvalidEnum(key, t, v.text(), nameRange(v));
                return;
            }
            if (v.kind == VK::Versioned && !parseVersion(v.version()))
                diags_.add(
                    DiagCode::InvalidEnumValue, v.versionRange(),
                    fmt::format("invalid version '{}' for '{}'; expected a version such as \"2.1\" "
                                "or \"latest\"",
                                v.version(), v.text()));
            return;
        }
        case ValueKind::List: {
            FlatSeen<std::string_view, Value> seen;
            for (const Value& item : v.items()) {
                if (item.kind == VK::Error)
                    continue;
                if (!shapeMatches(*t.element, item)) {
                    diags_.add(DiagCode::TypeMismatch, item.range,
                               fmt::format("expected {} in '{}', found {}",
                                           describeExpected(*t.element), key, found(item)));
                    continue;
                }
                checkTyped(ks, *t.element, item, true);
                if ((t.element->kind == ValueKind::Enum || t.element->kind == ValueKind::String) &&
                    item.kind == VK::Identifier) {
                    if (const Value* first = seen.insert(item.text(), &item)) {
                        Diagnostic& d = diags_.add(
                            DiagCode::QuestionableSetting, item.range,
                            fmt::format("'{}' is listed twice in '{}'", item.text(), key));
                        d.notes.push_back({first->range, "first listed here"});
                    }
                }
            }
            return;
        }
        case ValueKind::Range: {
            if (v.kind != VK::Range) {
                checkTyped(ks, *t.element, v, element);
                return;
            }
            if (v.items().size() != 2)
                return;
            bool ok = true;
            for (const Value& bound : v.items()) {
                if (bound.kind == VK::Error) {
                    ok = false;
                } else if (!shapeMatches(*t.element, bound)) {
                    diags_.add(DiagCode::TypeMismatch, bound.range,
                               fmt::format("expected {} as a bound of '{}', found {}",
                                           describeExpected(*t.element), key, found(bound)));
                    ok = false;
                } else {
                    checkTyped(ks, *t.element, bound, true);
                }
            }
            if (!ok)
                return;
            auto num = [](const Value& b) {
                return b.kind == VK::Float ? b.number() : static_cast<double>(b.integer());
            };
            if (num(v.items()[0]) > num(v.items()[1]))
                diags_.add(DiagCode::InvalidRange, v.range,
                           fmt::format("invalid range `{}` for '{}': the lower bound {} is above "
                                       "the upper bound {}",
                                       source(v.range), key, source(v.items()[0].range),
                                       source(v.items()[1].range)));
            return;
        }
        default:
            return;
        }
    }

    /// The catalogue GPU `word` spells by its model or an alias ("H100", "NVIDIA L4"), when `t` is
    /// the GPU models' enum; "" otherwise.
    static std::string_view catalogueGpuNamed(const ValueType& t, std::string_view word) {
        const data::GpuFacts* gpu = data::gpuFacts(word);
        return gpu && t.value(gpu->name()) ? gpu->name() : std::string_view();
    }

    void reportInvalidEnum(std::string_view key, const ValueType& t, std::string_view word,
                           SourceRange range) {
        std::vector<std::string> names;
        std::string allowed;
        for (const EnumValue& e : t.values) {
            names.push_back(e.name);
            allowed += (allowed.empty() ? "" : ", ") + e.name;
        }
        std::string s(catalogueGpuNamed(t, word));
        if (s.empty())
            s = suggest(word, names);
        std::string message = fmt::format("invalid value '{}' for '{}'", word, key);
        if (!s.empty())
            message += fmt::format("; did you mean '{}'?", s);
        message += fmt::format(" (allowed: {})", allowed);
        Diagnostic& d = diags_.add(DiagCode::InvalidEnumValue, range, std::move(message));
        if (!s.empty())
            d.fixes.push_back(replaceFix(fmt::format("replace with '{}'", s), range, s));
    }

    void reportUnresolved(std::string_view kind, const Value& v,
                          const std::vector<std::string>& candidates) {
        std::string s(suggest(v.text(), candidates));
        std::string message = fmt::format("unknown {} '{}'", kind, v.text());
        std::string otherKind;
        for (std::string_view k : topLevelKinds())
            if (k != kind && resolve(k, v.text()))
                otherKind = k;
        if (!otherKind.empty())
            message += fmt::format("; '{}' is {}, not {}", v.text(), withArticle(otherKind),
                                   withArticle(kind));
        else if (!s.empty())
            message += fmt::format("; did you mean '{}'?", s);
        else if (candidates.empty())
            message += fmt::format("; no {} is defined or imported", kind);
        Diagnostic& d = diags_.add(DiagCode::UnresolvedReference, nameRange(v), std::move(message));
        if (!s.empty())
            d.fixes.push_back(replaceFix(fmt::format("replace with '{}'", s), nameRange(v), s));
    }

    // --- facts: application --------------------------------------------------------------------

    Framework frameworkOf(const Statement& app) const {
        Framework fw;
        const Statement* f = attr(app, "framework");
        if (!f || (f->value().kind != VK::Identifier && f->value().kind != VK::Versioned))
            return fw;
        const KeySchema* ks = topLevelBlock("application")->key("framework");
        if (!ks->types.front().value(f->value().text()))
            return fw; // reported as invalid-value
        fw.stmt = f;
        fw.name = f->value().text();
        if (f->value().kind == VK::Versioned) {
            fw.version = parseVersion(f->value().version());
            fw.versionRange = f->value().versionRange();
        }
        return fw;
    }

    void applicationFacts(const Statement& app) {
        std::string_view name = app.name()->name;
        const Statement* kind = attr(app, "kind");
        Framework fw = frameworkOf(app);
        std::string_view kindName = ident(kind);

        // A key the kind requires: reported at the block, with a note at the kind and an insert
        // fix.
        auto missingForKind = [&](std::string_view key, std::string message) {
            const KeySchema* k = topLevelBlock("application")->key(key);
            Diagnostic& d = diags_.add(DiagCode::MissingKey, headerRange(app), std::move(message));
            d.notes.push_back({kind->value().range, "kind set here"});
            if (auto fix = insertFix(app, keyText(*k)))
                d.fixes.push_back(std::move(*fix));
        };
        if (kindName == "ai_training" && !has(app, "framework") && !broken(app))
            missingForKind("framework",
                           fmt::format("missing 'framework' in application '{}', required for "
                                       "kind 'ai_training'",
                                       name));
        if (kindName == "ai_inference" || kindName == "big_data")
            diags_.add(
                DiagCode::QuestionableSetting, kind->value().range,
                fmt::format("kind '{}' is accepted but not supported by the performance model yet: "
                            "the image and scale are not optimised",
                            kindName));
        // A container alone runs its image's default command (MODAK's `singularity run`).
        if (kindName == "hpc" && !has(app, "parallelisation") && !has(app, "ranks") &&
            !has(app, "executable") && !has(app, "run") && !has(app, "container") && !broken(app))
            missingForKind(
                "parallelisation",
                fmt::format("missing 'parallelisation' in application '{}'; kind 'hpc' needs "
                            "'parallelisation', 'ranks', 'executable', 'run' or 'container'",
                            name));

        // keras_backend only means something for Keras.
        if (const Statement* kb = attr(app, "keras_backend");
            kb && fw.present() && fw.name != "keras") {
            Diagnostic& d =
                diags_.add(DiagCode::QuestionableSetting, kb->key().range,
                           fmt::format("'keras_backend' has no effect: application '{}' uses {}, "
                                       "not Keras",
                                       name, frameworkTitle(fw.name)));
            d.notes.push_back({fw.where(), "framework set here"});
        }

        // Distribution strategies and frameworks.
        if (const Statement* dist = attr(app, "distributed"); dist && fw.present()) {
            std::string_view s = ident(dist);
            std::string_view backend = ident(attr(app, "keras_backend"));
            std::string need;
            if (const StrategyInfo* st = findStrategy(s);
                st && !strategySupports(*st, fw.name, backend))
                need = fmt::format("'{}' needs {}", s, strategyFrameworks(*st));
            if (!need.empty()) {
                std::string uses = fw.name == "keras" && !backend.empty()
                                       ? fmt::format("Keras on {}", frameworkTitle(backend))
                                       : frameworkTitle(fw.name);
                Diagnostic& d =
                    diags_.add(DiagCode::IncompatibleCombination, nameRange(dist->value()),
                               fmt::format("{}, but application '{}' uses {}", need, name, uses));
                d.notes.push_back({fw.where(), "framework set here"});
            }
        }

        // One command line.
        const Statement* run = attr(app, "run");
        const Statement* exe = attr(app, "executable");
        if (run && exe) {
            const Statement* second = run->range().begin > exe->range().begin ? run : exe;
            const Statement* first = second == run ? exe : run;
            Diagnostic& d =
                diags_.add(DiagCode::IncompatibleCombination, second->key().range,
                           "'run' and 'executable' both give the command line; keep one");
            d.notes.push_back(
                {first->key().range, fmt::format("'{}' set here", first->key().name)});
        }
        if (const Statement* args = attr(app, "arguments"); args && !exe) {
            diags_.add(
                DiagCode::QuestionableSetting, args->key().range,
                run ? std::string("'arguments' is ignored with 'run'; put the arguments in 'run'")
                    : std::string("'arguments' has no effect without 'executable'"));
        }

        // Settings for a parallel model the application does not use.
        if (const Statement* par = attr(app, "parallelisation");
            par && par->value().kind == VK::List) {
            auto listed = [&](std::string_view m) {
                return std::any_of(
                    par->value().items().begin(), par->value().items().end(),
                    [&](const Value& i) { return i.kind == VK::Identifier && i.text() == m; });
            };
            for (std::string_view m : {"mpi", "openmp", "openacc", "opencl"}) {
                const Statement* setting = m == "mpi" ? attr(app, m) : sub(app, m);
                if (setting && !listed(m)) {
                    Diagnostic& d = diags_.add(
                        DiagCode::QuestionableSetting, setting->key().range,
                        fmt::format("'{}' is set but 'parallelisation' does not list {}", m, m));
                    d.notes.push_back({par->value().range, "parallelisation set here"});
                }
            }
        }

        // A batch larger than the data set.
        if (const Statement* ds = sub(app, "dataset")) {
            auto samples = intOf(attr(*ds, "samples"));
            const Statement* bs = attr(app, "batch_size");
            if (samples && intOf(bs) && *intOf(bs) > *samples && *samples > 0) {
                Diagnostic& d = diags_.add(
                    DiagCode::QuestionableSetting, bs->value().range,
                    fmt::format("'batch_size' {} is larger than the data set ({} samples)",
                                *intOf(bs), *samples));
                d.notes.push_back({attr(*ds, "samples")->value().range, "samples set here"});
            }
        }
    }

    // --- facts: target -------------------------------------------------------------------------

    void targetFacts(const Statement& target) {
        std::string_view name = target.name()->name;
        const Statement* scheduler = attr(target, "scheduler");
        std::string_view sched = ident(scheduler);
        if (const Statement* charge = sub(target, "charge"))
            chargeFacts(*charge);

        // Kubernetes runs OCI images, not SIF images; pyxis runs only under Slurm.
        if (const Statement* rt = attr(target, "runtime"))
            runtimeOnScheduler(rt, scheduler, name);

        // Accelerator vendor against the GPU block.
        const Statement* acc = attr(target, "accelerator");
        const Statement* gpu = sub(target, "gpu");
        if (acc && gpu) {
            std::string_view vendor = ident(acc);
            const Statement* model = attr(*gpu, "model");
            std::string_view m = ident(model);
            std::string problem;
            if (vendor == "none" || vendor == "fpga")
                problem = fmt::format("accelerator '{}' contradicts the 'gpu' block of target '{}'",
                                      vendor, name);
            else if (std::string_view gpuMade = gpuVendor(m);
                     !gpuMade.empty() && (vendor == "amd" || vendor == "nvidia") &&
                     vendor != gpuMade)
                problem = fmt::format("accelerator '{}' contradicts GPU model '{}'", vendor, m);
            if (!problem.empty()) {
                Diagnostic& d =
                    diags_.add(DiagCode::IncompatibleCombination, acc->value().range, problem);
                d.notes.push_back({model && !m.empty() ? model->value().range : gpu->key().range,
                                   model && !m.empty() ? "GPU model set here" : "GPU block here"});
            }
        }

        // At most one default partition.
        const Statement* firstDefault = nullptr;
        for (const Statement& p : target.body()) {
            if (!isBlock(p) || p.key().name != "partition")
                continue;
            const Statement* def = attr(p, "default");
            if (!def || def->value().kind != VK::Bool || !def->value().boolean)
                continue;
            if (!firstDefault) {
                firstDefault = def;
                continue;
            }
            Diagnostic& d =
                diags_.add(DiagCode::IncompatibleCombination, def->value().range,
                           fmt::format("target '{}' has more than one default partition", name));
            d.notes.push_back({firstDefault->value().range, "first default partition here"});
        }

        // Settings that only apply to clouds or Kubernetes.
        if (!attr(target, "cloud")) {
            for (std::string_view k : {"flavor", "image", "network", "region", "instance_type"})
                if (const Statement* s = attr(target, k))
                    diags_.add(DiagCode::QuestionableSetting, s->key().range,
                               fmt::format("'{}' has no effect without 'cloud'", k));
        }
        for (std::string_view k : {"namespace", "kubeflow"})
            if (const Statement* s = attr(target, k); s && !sched.empty() && sched != "kubernetes")
                diags_.add(DiagCode::QuestionableSetting, s->key().range,
                           fmt::format("'{}' has no effect with scheduler '{}'", k, sched));
    }

    void runtimeOnScheduler(const Statement* runtime, const Statement* scheduler,
                            std::string_view targetName) {
        std::string_view rt = ident(runtime);
        const data::RuntimeFacts* facts = data::runtimeFacts(rt);
        // A runtime that is part of one scheduler's launcher (pyxis: srun's options) runs nowhere
        // else; without a scheduler the target is a plain script (`none`).
        std::string_view sched = scheduler ? ident(scheduler) : "none";
        if (facts && !facts->scheduler.empty() && !sched.empty() && sched != facts->scheduler) {
            Diagnostic& d = diags_.add(
                DiagCode::IncompatibleCombination, runtime->value().range,
                fmt::format("runtime '{}' runs only under scheduler '{}' (it is part of its "
                            "launcher); target '{}' uses '{}'",
                            rt, facts->scheduler, targetName, sched));
            if (scheduler)
                d.notes.push_back({scheduler->value().range,
                                   fmt::format("target '{}' sets its scheduler here", targetName)});
            return;
        }
        if (sched != "kubernetes" || !facts || facts->image != "sif")
            return;
        Diagnostic& d = diags_.add(
            DiagCode::QuestionableSetting, runtime->value().range,
            fmt::format("Kubernetes cannot run '{}' containers; it runs OCI images", rt));
        d.notes.push_back({scheduler->value().range,
                           fmt::format("target '{}' uses Kubernetes here", targetName)});
    }

    // --- facts: deployment ---------------------------------------------------------------------

    /// What a deployment runs on: the target, or the selected partition where it says more.
    struct Resources {
        const Statement* target = nullptr;
        const Statement* partition = nullptr;
        const Statement* nodes = nullptr;
        const Statement* gpuCount = nullptr;
        const Statement* gpuModel = nullptr;
        const Statement* memory = nullptr;
        const Statement* accelerator = nullptr;

        // The names below are written only for a finding (most deployments have none).
        /// "target 'hlrs'"
        std::string targetText() const { return fmt::format("target '{}'", target->name()->name); }
        /// "target 'hlrs'" or "partition 'gpu' of target 'hlrs'"
        std::string what() const {
            return partition ? fmt::format("partition '{}' of target '{}'", partition->name()->name,
                                           target->name()->name)
                             : targetText();
        }
        /// Who provides `setting`: the partition if it is set there, else the target.
        std::string owner(const Statement* setting) const {
            if (partition && setting && setting->range().begin >= partition->range().begin &&
                setting->range().end <= partition->range().end)
                return what();
            return targetText();
        }
    };

    static std::string gpus(int64_t n) { return fmt::format("{} GPU{}", n, n == 1 ? "" : "s"); }

    Resources resourcesOf(const Statement& target, const Statement* partition) const {
        Resources r;
        r.target = &target;
        r.partition = partition;
        r.nodes = attr(target, "nodes");
        r.memory = attr(target, "memory");
        r.accelerator = attr(target, "accelerator");
        if (const Statement* gpu = sub(target, "gpu")) {
            r.gpuCount = attr(*gpu, "count");
            r.gpuModel = attr(*gpu, "model");
        }
        if (partition) {
            if (const Statement* n = attr(*partition, "nodes"))
                r.nodes = n;
            if (const Statement* m = attr(*partition, "memory"))
                r.memory = m;
            if (const Statement* gpu = sub(*partition, "gpu")) {
                r.gpuCount = attr(*gpu, "count");
                r.gpuModel = attr(*gpu, "model");
            }
        }
        return r;
    }

    const Statement* symbolBlock(const Statement& dep, std::string_view key) const {
        std::string_view n = ident(attr(dep, key));
        if (n.empty())
            return nullptr;
        const Symbol* s = resolve(key, n);
        return s ? s->block : nullptr;
    }

    void deploymentFacts(const Statement& dep) {
        const Statement* app = symbolBlock(dep, "application");
        const Statement* scale = sub(dep, "scale");
        const Statement* job = sub(dep, "job");

        if (job)
            jobFacts(*job);
        if (scale)
            scaleFacts(*scale);
        if (const Statement* autotune = sub(dep, "autotune"))
            autotuneFacts(*autotune);
        if (app)
            graphCompilerFacts(dep, *app);
        const Statement* image = symbolBlock(dep, "image");
        if (image)
            pinnedImageDeployment(dep, *image);
        if (image && app)
            pinnedImageApplication(dep, *image, *app);
        for (const auto& site : deploymentSites(dep)) {
            const Symbol* sym = resolve("target", site.value);
            if (sym && sym->block)
                siteFacts(dep, *sym->block, site.range, app, image, scale, job);
        }
        costFacts(dep);
    }

    /// A charge's price is money, its allocation is counted in its unit.
    void chargeFacts(const Statement& charge) {
        std::string_view unit = ident(attr(charge, "unit"));
        if (const Statement* price = attr(charge, "price");
            price && price->value().kind == VK::Amount &&
            syntax::isAllocationUnit(price->value().unit()))
            diags_.add(DiagCode::IncompatibleCombination, price->value().range,
                       fmt::format("'price' is what one {} costs in money, e.g. `0.9 EUR`; found "
                                   "`{}`",
                                   unit.empty() ? "unit" : unit, source(price->value().range)));
        if (const Statement* left = attr(charge, "allocation");
            left && left->value().kind == VK::Amount && !unit.empty() &&
            left->value().unit() != unit) {
            Diagnostic& d = diags_.add(
                DiagCode::IncompatibleCombination, left->value().range,
                fmt::format("'allocation' is counted in the charge's unit, {}; found `{}`", unit,
                            source(left->value().range)));
            d.fixes.push_back(
                replaceFix(fmt::format("count it in {}", unit), left->value().range,
                           fmt::format("{} {}",
                                       source(left->value().range)
                                           .substr(0, source(left->value().range).size() -
                                                          left->value().unit().size()),
                                       unit)));
        }
    }

    /// The deployment's objective, budget, spot and failover against the targets it names.
    void costFacts(const Statement& dep) {
        const Statement* failover = attr(dep, "failover");
        const Statement* spot = attr(dep, "spot");
        const Statement* budget = attr(dep, "budget");
        if (!failover && !spot && !budget) // most deployments: their targets need not be read
            return;
        auto sites = deploymentSites(dep);
        std::vector<const Statement*> targets;
        for (const auto& site : sites)
            if (const Symbol* sym = resolve("target", site.value); sym && sym->block)
                targets.push_back(sym->block);
        if (failover && sites.size() == 1)
            diags_.add(DiagCode::QuestionableSetting, failover->key().range,
                       "'failover' orders several targets, but this deployment names one; write "
                       "`target = [a, b]`");
        if (spot && spot->value().kind == VK::Bool && spot->value().boolean &&
            targets.size() == sites.size() &&
            std::none_of(targets.begin(), targets.end(), [&](const Statement* t) {
                return attr(*t, "cloud") || attr(*t, "instance_type");
            }))
            diags_.add(DiagCode::QuestionableSetting, spot->value().range,
                       "spot instances are a cloud's: no target of this deployment is a cloud "
                       "(`cloud`, `instance_type`)");
        if (budget && budget->value().kind == VK::Amount &&
            syntax::isAllocationUnit(budget->value().unit()) && targets.size() == sites.size()) {
            std::string_view unit = budget->value().unit();
            bool charged = std::any_of(targets.begin(), targets.end(), [&](const Statement* t) {
                const Statement* charge = sub(*t, "charge");
                return charge && ident(attr(*charge, "unit")) == unit;
            });
            if (!charged)
                diags_.add(DiagCode::IncompatibleCombination, budget->value().range,
                           fmt::format("the budget is in {}, but no target of this deployment "
                                       "charges in {} (a target's `charge {{ unit = {} }}`); "
                                       "write the budget in money, e.g. `5000 USD`",
                                       unit, unit, unit));
        }
    }

    /// What a deployment asks of one of its targets.
    void siteFacts(const Statement& dep, const Statement& targetBlock, SourceRange targetRef,
                   const Statement* app, const Statement* image, const Statement* scale,
                   const Statement* job) {
        const Statement* target = &targetBlock;

        // The partition and storage named must exist on the target.
        const Statement* partition = nullptr;
        if (const Statement* p = attr(dep, "partition"); p && p->value().kind == VK::String)
            partition = findNamed(*target, "partition", "partition", p);
        if (const Statement* s = attr(dep, "storage"); s && s->value().kind == VK::String)
            checkStorage(*target, s);

        Resources res = resourcesOf(*target, partition);
        if (image)
            pinnedImageTarget(dep, *image, res);
        const Statement* scheduler = attr(*target, "scheduler");
        if (const Statement* rt = attr(dep, "runtime"))
            runtimeOnScheduler(rt, scheduler, target->name()->name);

        if (scale) {
            if (const Statement* n = attr(*scale, "nodes"))
                exceedsNodes(n, res);
            if (const Statement* g = attr(*scale, "gpus_per_node"))
                exceedsGpus(g, res);
        }
        if (job) {
            if (const Statement* n = attr(*job, "nodes"))
                exceedsNodes(n, res);
            if (const Statement* g = attr(*job, "gpus"))
                exceedsGpus(g, res);
            const Statement* mem = attr(*job, "memory");
            if (mem && res.memory && mem->value().kind == VK::Size &&
                res.memory->value().kind == VK::Size &&
                mem->value().integer() > res.memory->value().integer()) {
                Diagnostic& d =
                    diags_.add(DiagCode::ValueOutOfRange, mem->value().range,
                               fmt::format("'memory' asks for {} per node, but {} has {}",
                                           source(mem->value().range), res.owner(res.memory),
                                           source(res.memory->value().range)));
                d.notes.push_back({res.memory->value().range, "memory per node set here"});
            }
        }

        // Outputs for another scheduler.
        if (const Statement* emit = attr(dep, "emit");
            emit && emit->value().kind == VK::List && scheduler) {
            std::string_view sched = ident(scheduler);
            for (const Value& item : emit->value().items()) {
                if (item.kind != VK::Identifier)
                    continue;
                std::string_view e = item.text();
                bool batch = isBatchScheduler(e);
                bool pbsLike =
                    (e == "torque" || e == "pbs") && (sched == "torque" || sched == "pbs");
                bool conflict = (batch && !pbsLike && e != sched && sched != "none") ||
                                (e == "k8s" && sched != "kubernetes" && sched != "none");
                if (conflict && !sched.empty()) {
                    Diagnostic& d = diags_.add(
                        DiagCode::QuestionableSetting, item.range,
                        fmt::format("emitting a {}, but target '{}' uses {}",
                                    e == "k8s" ? std::string("Kubernetes manifest")
                                               : std::string(schedulerTitle(e)) + " job script",
                                    target->name()->name, schedulerTitle(sched)));
                    d.notes.push_back({scheduler->value().range, "scheduler set here"});
                }
            }
        }

        // A runtime that is part of one scheduler's launcher (pyxis) cannot run another's job
        // script, nor the plain script that TOSCA and Terraform nodes run.
        const Statement* rt = attr(dep, "runtime");
        if (!rt)
            rt = attr(*target, "runtime");
        const data::RuntimeFacts* rtFacts = data::runtimeFacts(ident(rt));
        if (const Statement* emit = attr(dep, "emit");
            rtFacts && !rtFacts->scheduler.empty() && emit && emit->value().kind == VK::List) {
            for (const Value& item : emit->value().items()) {
                std::string_view e = item.kind == VK::Identifier ? item.text() : "";
                if (e == rtFacts->scheduler || !(isBatchScheduler(e) || e == "script" ||
                                                 e == "tosca" || e == "csar" || e == "terraform"))
                    continue;
                Diagnostic& d = diags_.add(
                    DiagCode::IncompatibleCombination, item.range,
                    fmt::format("'{}' output runs the job without {}, which runtime '{}' needs", e,
                                schedulerTitle(rtFacts->scheduler), rtFacts->name()));
                d.notes.push_back({rt->value().range, "runtime set here"});
            }
        }

        // Precisions the GPU cannot do natively.
        if (app && res.gpuModel) {
            const Statement* prec = attr(*app, "precision");
            std::string_view p = ident(prec);
            std::string_view model = ident(res.gpuModel);
            std::string problem;
            if (p == "tf32" && lacksNativePrecision(model, "tf32"))
                problem = "needs an NVIDIA Ampere or newer GPU";
            else if (p == "bf16" && lacksNativePrecision(model, "bf16"))
                problem = "is not supported natively by";
            if (p == "fp8" && lacksNativePrecision(model, "fp8")) {
                // Transformer Engine refuses to run FP8 without FP8 tensor cores.
                Diagnostic& d = diags_.add(
                    DiagCode::IncompatibleCombination, targetRef,
                    fmt::format("precision 'fp8' of application '{}' needs FP8 tensor cores, "
                                "which '{}' of {} lacks (its catalogue entry has no fp8 peak); "
                                "use `bf16` or `mixed` there",
                                app->name()->name, model, res.what()));
                d.notes.push_back({prec->value().range, "precision set here"});
                d.notes.push_back({res.gpuModel->value().range, "GPU model set here"});
            }
            if (!problem.empty()) {
                std::string message =
                    problem.starts_with("needs")
                        ? fmt::format("precision 'tf32' of application '{}' {}, but {} has '{}'",
                                      app->name()->name, problem, res.what(), model)
                        : fmt::format("precision 'bf16' of application '{}' {} '{}' of {}",
                                      app->name()->name, problem, model, res.what());
                Diagnostic& d = diags_.add(DiagCode::QuestionableSetting, targetRef, message);
                d.notes.push_back({prec->value().range, "precision set here"});
                d.notes.push_back({res.gpuModel->value().range, "GPU model set here"});
            }
        }
    }

    /// The named block `kind NAME` of the target matching the string attribute `ref`.
    const Statement* findNamed(const Statement& target, std::string_view kind,
                               std::string_view what, const Statement* ref) {
        std::vector<std::string> names;
        for (const Statement& s : target.body()) {
            if (!isBlock(s) || s.key().name != kind || !s.name())
                continue;
            if (s.name()->name == ref->value().text())
                return &s;
            names.emplace_back(s.name()->name);
        }
        if (names.empty())
            return nullptr; // the target does not describe its partitions
        std::string s(suggest(ref->value().text(), names));
        std::string message = fmt::format("target '{}' has no {} '{}'", target.name()->name, what,
                                          ref->value().text());
        if (!s.empty())
            message += fmt::format("; did you mean '{}'?", s);
        Diagnostic& d =
            diags_.add(DiagCode::UnresolvedReference, ref->value().range, std::move(message));
        if (!s.empty())
            d.fixes.push_back(replaceFix(fmt::format("replace with \"{}\"", s), ref->value().range,
                                         syntax::quoteString(s)));
        return nullptr;
    }

    void checkStorage(const Statement& target, const Statement* ref) {
        std::string_view v = ref->value().text();
        std::vector<std::string> names;
        for (const Statement& s : target.body())
            if (isBlock(s) && s.key().name == "storage" && s.name()) {
                if (s.name()->name == v)
                    return;
                names.emplace_back(s.name()->name);
            }
        const KeySchema* cls = topLevelBlock("target")->key("storage")->block->key("class");
        if (cls->types[0].value(v))
            return;
        for (const EnumValue& e : cls->types[0].values)
            names.push_back(e.name);
        std::string s(suggest(v, names));
        std::string message = fmt::format(
            "'{}' is neither a storage of target '{}' nor a storage class", v, target.name()->name);
        if (!s.empty())
            message += fmt::format("; did you mean '{}'?", s);
        Diagnostic& d =
            diags_.add(DiagCode::UnresolvedReference, ref->value().range, std::move(message));
        if (!s.empty())
            d.fixes.push_back(replaceFix(fmt::format("replace with \"{}\"", s), ref->value().range,
                                         syntax::quoteString(s)));
    }

    void exceedsNodes(const Statement* req, const Resources& res) {
        auto available = intOf(res.nodes);
        if (!available)
            return;
        const Value& v = req->value();
        const Value* bound = nullptr;
        if (v.kind == VK::Integer && v.integer() > *available)
            bound = &v;
        else if (v.kind == VK::Range && v.items().size() == 2 && v.items()[1].kind == VK::Integer &&
                 v.items()[0].kind == VK::Integer &&
                 v.items()[0].integer() <= v.items()[1].integer()) {
            if (v.items()[0].integer() > *available)
                bound = &v.items()[0];
            else if (v.items()[1].integer() > *available)
                bound = &v.items()[1];
        }
        if (!bound)
            return;
        Diagnostic& d = diags_.add(DiagCode::ValueOutOfRange, bound->range,
                                   fmt::format("'nodes' asks for {} nodes, but {} has {}",
                                               bound->integer(), res.owner(res.nodes), *available));
        d.notes.push_back({res.nodes->value().range, "available nodes set here"});
    }

    void exceedsGpus(const Statement* req, const Resources& res) {
        auto wanted = intOf(req);
        if (!wanted || *wanted == 0)
            return;
        auto count = intOf(res.gpuCount);
        if (count && *wanted > *count) {
            Diagnostic& d = diags_.add(
                DiagCode::ValueOutOfRange, req->value().range,
                *count == 0
                    ? fmt::format("'{}' asks for {} per node, but {} has no GPUs", req->key().name,
                                  gpus(*wanted), res.owner(res.gpuCount))
                    : fmt::format("'{}' asks for {} per node, but {} has {}", req->key().name,
                                  gpus(*wanted), res.owner(res.gpuCount), *count));
            d.notes.push_back({res.gpuCount->value().range, "GPUs per node set here"});
            return;
        }
        if (!count && !res.gpuModel && ident(res.accelerator) == "none") {
            Diagnostic& d =
                diags_.add(DiagCode::ValueOutOfRange, req->value().range,
                           fmt::format("'{}' asks for {} per node, but {} has no GPUs",
                                       req->key().name, gpus(*wanted), res.owner(res.accelerator)));
            d.notes.push_back({res.accelerator->value().range, "accelerator set here"});
        }
    }

    void scaleFacts(const Statement& scale) {
        const Statement* nodes = attr(scale, "nodes");
        auto maxNodes = intOf(attr(scale, "max_nodes"));
        if (!nodes || !maxNodes)
            return;
        const Value& v = nodes->value();
        const Value* hi =
            v.kind == VK::Integer ? &v
            : v.kind == VK::Range && v.items().size() == 2 && v.items()[1].kind == VK::Integer
                ? &v.items()[1]
                : nullptr;
        if (hi && hi->integer() > *maxNodes) {
            Diagnostic& d =
                diags_.add(DiagCode::IncompatibleCombination, hi->range,
                           fmt::format("'nodes' allows {} nodes, more than 'max_nodes' = {}",
                                       hi->integer(), *maxNodes));
            d.notes.push_back({attr(scale, "max_nodes")->value().range, "max_nodes set here"});
        }
    }

    void jobFacts(const Statement& job) {
        if (const Statement* email = attr(job, "email");
            email && email->value().kind == VK::String &&
            email->value().text().find('@') == std::string::npos)
            diags_.add(
                DiagCode::InvalidEnumValue, email->value().range,
                fmt::format("invalid email address '{}': it has no '@'", email->value().text()));

        const Statement* mem = attr(job, "memory");
        const Statement* memCpu = attr(job, "memory_per_cpu");
        if (mem && memCpu) {
            const Statement* second = mem->range().begin > memCpu->range().begin ? mem : memCpu;
            const Statement* first = second == mem ? memCpu : mem;
            Diagnostic& d =
                diags_.add(DiagCode::IncompatibleCombination, second->key().range,
                           "'memory' and 'memory_per_cpu' cannot both be set (Slurm's --mem and "
                           "--mem-per-cpu are mutually exclusive)");
            d.notes.push_back(
                {first->key().range, fmt::format("'{}' set here", first->key().name)});
        }

        const Statement* combine = attr(job, "combine_output");
        const Statement* error = attr(job, "error");
        if (combine && error && combine->value().kind == VK::Bool && combine->value().boolean) {
            Diagnostic& d = diags_.add(DiagCode::QuestionableSetting, error->key().range,
                                       "'error' is ignored because 'combine_output' is true");
            d.notes.push_back({combine->value().range, "combine_output set here"});
        }

        if (const Statement* notify = attr(job, "notify");
            notify && notify->value().kind == VK::List) {
            const auto& items = notify->value().items();
            if (items.size() > 1)
                for (const Value& i : items)
                    if (i.kind == VK::Identifier && i.text() == "none")
                        diags_.add(DiagCode::QuestionableSetting, i.range,
                                   "'none' together with other events in 'notify'");
        }
    }

    void autotuneFacts(const Statement& autotune) {
        for (const Statement& p : autotune.body()) {
            if (!isBlock(p) || p.key().name != "parameter" || !p.name())
                continue;
            const Statement* values = attr(p, "values");
            const Statement* range = attr(p, "range");
            if (!values && !range) {
                bool anyKey = std::any_of(p.body().begin(), p.body().end(), [](const Statement& s) {
                    return s.key().name == "values" || s.key().name == "range";
                });
                if (anyKey || broken(p))
                    continue; // present but malformed, or lost to a syntax error: already reported
                Diagnostic& d = diags_.add(
                    DiagCode::MissingKey, headerRange(p),
                    fmt::format("parameter '{}' needs 'values' or 'range'", p.name()->name));
                if (auto fix = insertFix(p, "values = []"))
                    d.fixes.push_back(std::move(*fix));
            } else if (values && range) {
                const Statement* second =
                    values->range().begin > range->range().begin ? values : range;
                const Statement* first = second == values ? range : values;
                Diagnostic& d =
                    diags_.add(DiagCode::IncompatibleCombination, second->key().range,
                               fmt::format("parameter '{}' has both 'values' and 'range'; keep one",
                                           p.name()->name));
                d.notes.push_back(
                    {first->key().range, fmt::format("'{}' set here", first->key().name)});
            }
        }
    }

    // --- facts: images ---------------------------------------------------------------------------

    /// The scheme of a reference such as `docker://x/y:1` ("docker"), or empty.
    static std::string_view schemeOf(std::string_view reference) {
        size_t colon = reference.find("://");
        return colon == std::string_view::npos ? std::string_view{} : reference.substr(0, colon);
    }

    void imageFacts(const Statement& image) {
        std::string_view name = image.name()->name;
        const Statement* ref = attr(image, "reference");
        if (ref && ref->value().kind == VK::String) {
            std::string_view text = ref->value().text();
            std::string_view scheme = schemeOf(text);
            if (text.find_first_not_of(" \t") == std::string_view::npos) {
                diags_.add(
                    DiagCode::InvalidEnumValue, ref->value().range,
                    fmt::format(
                        "image '{}' has an empty 'reference'; write a registry reference such as "
                        "\"docker://registry/repository:tag\"",
                        name));
            } else if (const Statement* type = attr(image, "image_type");
                       type && !scheme.empty() && ident(type) != scheme &&
                       topLevelBlock("image")->key("image_type")->types[0].value(scheme) &&
                       topLevelBlock("image")->key("image_type")->types[0].value(ident(type))) {
                Diagnostic& d = diags_.add(
                    DiagCode::IncompatibleCombination, type->value().range,
                    fmt::format("'image_type' is '{}', but the reference of image '{}' is "
                                "a '{}://' reference",
                                ident(type), name, scheme));
                d.notes.push_back({ref->value().range, "reference set here"});
            }
        }
        if (const Statement* cuda = attr(image, "cuda");
            cuda && cuda->value().kind == VK::String && !parseVersion(cuda->value().text()))
            diags_.add(DiagCode::InvalidEnumValue, cuda->value().range,
                       fmt::format("invalid CUDA version '{}'; expected a version such as \"11.8\"",
                                   cuda->value().text()));
        if (const Statement* cuda = attr(image, "cuda")) {
            std::string_view acc = ident(attr(image, "accelerator"));
            if (!acc.empty() && acc != "nvidia")
                diags_.add(
                    DiagCode::QuestionableSetting, cuda->key().range,
                    fmt::format(
                        "'cuda' is set, but image '{}' is for accelerator '{}'; CUDA needs NVIDIA "
                        "GPUs",
                        name, acc));
        }
    }

    /// A pinned image against the deployment's own image choices (`build`, `graph_compiler`).
    void pinnedImageDeployment(const Statement& dep, const Statement& image) {
        std::string_view imageName = image.name()->name;
        const Statement* build = attr(dep, "build");
        const Statement* imageBuild = attr(image, "build");
        std::string_view b = ident(build);
        if (!b.empty() && b != "auto" && !ident(imageBuild).empty() && ident(imageBuild) != b) {
            Diagnostic& d = diags_.add(
                DiagCode::QuestionableSetting, build->value().range,
                fmt::format("'build' asks for a {} image, but the pinned image '{}' is a {} "
                            "build",
                            b, imageName, ident(imageBuild)));
            d.notes.push_back({imageBuild->value().range, "image build set here"});
        }
        const Statement* gc = attr(dep, "graph_compiler");
        const Statement* supported = attr(image, "graph_compilers");
        std::string_view c = ident(gc);
        if (!c.empty() && c != "none" && c != "auto" && supported &&
            supported->value().kind == VK::List &&
            std::none_of(
                supported->value().items().begin(), supported->value().items().end(),
                [&](const Value& i) { return i.kind == VK::Identifier && i.text() == c; })) {
            Diagnostic& d = diags_.add(
                DiagCode::QuestionableSetting, gc->value().range,
                fmt::format("graph compiler '{}' is not among those of the pinned image '{}'", c,
                            imageName));
            d.notes.push_back({supported->value().range, "image graph compilers set here"});
        }
    }

    /// A pinned image against the application it runs.
    void pinnedImageApplication(const Statement& dep, const Statement& image,
                                const Statement& app) {
        const Statement* pin = attr(dep, "image");
        std::string_view imageName = image.name()->name;
        std::string_view appName = app.name()->name;
        if (const Statement* container = attr(app, "container")) {
            Diagnostic& d = diags_.add(
                DiagCode::IncompatibleCombination, pin->value().range,
                fmt::format("deployment pins image '{}', but application '{}' gives its own "
                            "'container'; keep one",
                            imageName, appName));
            d.notes.push_back({container->key().range, "container set here"});
            return;
        }
        Framework appFw = frameworkOf(app);
        Framework imageFw = frameworkOf(image);
        if (appFw.present() && imageFw.present()) {
            if (appFw.name != imageFw.name) {
                Diagnostic& d = diags_.add(
                    DiagCode::IncompatibleCombination, pin->value().range,
                    fmt::format("image '{}' has {}, but application '{}' uses {}", imageName,
                                imageFw.title(false), appName, appFw.title(false)));
                d.notes.push_back({imageFw.where(), "image framework set here"});
                d.notes.push_back({appFw.where(), "application framework set here"});
            } else if (appFw.version && imageFw.version && !appFw.version->latest &&
                       !imageFw.version->latest &&
                       (appFw.version->major != imageFw.version->major ||
                        appFw.version->minor != imageFw.version->minor)) {
                Diagnostic& d =
                    diags_.add(DiagCode::QuestionableSetting, pin->value().range,
                               fmt::format("image '{}' has {}, but application '{}' asks for {}",
                                           imageName, imageFw.title(), appName, appFw.title()));
                d.notes.push_back({imageFw.where(true), "image version set here"});
                d.notes.push_back({appFw.where(true), "application version set here"});
            }
        } else if (appFw.present() && !has(image, "framework")) {
            Diagnostic& d = diags_.add(
                DiagCode::QuestionableSetting, pin->value().range,
                fmt::format("image '{}' declares no 'framework', but application '{}' uses {}",
                            imageName, appName, appFw.title(false)));
            d.notes.push_back({appFw.where(), "framework set here"});
        }
        const Statement* appMpi = attr(app, "mpi");
        const Statement* imageMpi = attr(image, "mpi");
        if (appMpi && imageMpi && !ident(appMpi).empty() && ident(appMpi) != ident(imageMpi)) {
            Diagnostic& d = diags_.add(
                DiagCode::QuestionableSetting, pin->value().range,
                fmt::format("image '{}' has MPI library '{}', but application '{}' uses '{}'",
                            imageName, ident(imageMpi), appName, ident(appMpi)));
            d.notes.push_back({nameRange(imageMpi->value()), "image MPI set here"});
            d.notes.push_back({nameRange(appMpi->value()), "application MPI set here"});
        }
    }

    /// A pinned image against the target (or partition) it runs on.
    void pinnedImageTarget(const Statement& dep, const Statement& image, const Resources& res) {
        const Statement* pin = attr(dep, "image");
        std::string_view imageName = image.name()->name;
        if (const Statement* arch = attr(image, "arch")) {
            const Statement* cpu = sub(*res.target, "cpu");
            if (res.partition)
                if (const Statement* c = sub(*res.partition, "cpu"))
                    cpu = c;
            const Statement* targetArch = cpu ? attr(*cpu, "arch") : nullptr;
            if (targetArch && !ident(arch).empty() && !ident(targetArch).empty() &&
                ident(arch) != ident(targetArch)) {
                Diagnostic& d = diags_.add(
                    DiagCode::IncompatibleCombination, pin->value().range,
                    fmt::format("image '{}' is built for {}, but {} has {} CPUs", imageName,
                                ident(arch), res.owner(targetArch), ident(targetArch)));
                d.notes.push_back({arch->value().range, "image architecture set here"});
                d.notes.push_back({targetArch->value().range, "CPU architecture set here"});
            }
        }
        const Statement* acc = attr(image, "accelerator");
        std::string_view wanted = ident(acc);
        if (wanted != "nvidia" && wanted != "amd" && wanted != "fpga")
            return;
        std::string_view present;
        const Statement* where = nullptr;
        if (res.gpuModel && !gpuVendor(ident(res.gpuModel)).empty()) {
            present = gpuVendor(ident(res.gpuModel));
            where = res.gpuModel;
        } else if (res.accelerator && !ident(res.accelerator).empty()) {
            present = ident(res.accelerator);
            where = res.accelerator;
        }
        if (!where || present == wanted)
            return;
        Diagnostic& d = diags_.add(
            DiagCode::QuestionableSetting, pin->value().range,
            present == "none" ? fmt::format("image '{}' is built for {} accelerators, but {} has "
                                            "none",
                                            imageName, wanted, res.owner(where))
                              : fmt::format("image '{}' is built for {} accelerators, but {} has "
                                            "{} accelerators",
                                            imageName, wanted, res.owner(where), present));
        d.notes.push_back({acc->value().range, "image accelerator set here"});
        d.notes.push_back({where->value().range,
                           where == res.gpuModel ? "GPU model set here" : "accelerator set here"});
    }

    void graphCompilerFacts(const Statement& dep, const Statement& app) {
        const Statement* gc = attr(dep, "graph_compiler");
        std::string_view c = ident(gc);
        if (c.empty() || c == "none" || c == "auto" ||
            !topLevelBlock("deployment")->key("graph_compiler")->types[0].value(c))
            return;
        std::string_view appName = app.name()->name;
        Framework fw = frameworkOf(app);
        auto report = [&](DiagCode code, std::string message, bool atVersion) {
            Diagnostic& d = diags_.add(code, gc->value().range, std::move(message));
            if (fw.present())
                d.notes.push_back({fw.where(atVersion),
                                   fmt::format("'{}' uses {} here", appName, fw.title(atVersion))});
        };
        if (!fw.present()) {
            if (!has(app, "framework"))
                report(
                    DiagCode::IncompatibleCombination,
                    fmt::format(
                        "graph compiler '{}' needs an AI framework, but application '{}' sets no "
                        "'framework'",
                        c, appName),
                    false);
            return;
        }
        const std::string& f = fw.name;
        if (c == "xla") {
            if (f != "tensorflow" && f != "keras" && f != "jax")
                report(
                    DiagCode::IncompatibleCombination,
                    fmt::format(
                        "graph compiler 'xla' needs TensorFlow, Keras or JAX, but application '{}' "
                        "uses {}",
                        appName, fw.title(false)),
                    false);
        } else if (c == "ngraph") {
            if (f == "mxnet")
                return;
            if (f != "tensorflow") {
                report(DiagCode::IncompatibleCombination,
                       fmt::format("graph compiler 'ngraph' needs TensorFlow 1.x or MXNet, but "
                                   "application '{}' "
                                   "uses {}",
                                   appName, fw.title(false)),
                       false);
            } else if (fw.version && (fw.version->latest || fw.version->major >= 2)) {
                report(DiagCode::IncompatibleCombination,
                       fmt::format("graph compiler 'ngraph' needs TensorFlow 1.x (nGraph-TF "
                                   "supports 1.12–1.15), "
                                   "but application '{}' uses {}",
                                   appName, fw.title()),
                       true);
            } else if (fw.version && versionBelow(*fw.version, 1, 12)) {
                report(DiagCode::QuestionableSetting,
                       fmt::format(
                           "nGraph-TF supports TensorFlow 1.12–1.15, but application '{}' uses {}",
                           appName, fw.title()),
                       true);
            }
        } else if (c == "glow" || c == "inductor") {
            if (f != "pytorch")
                report(
                    DiagCode::IncompatibleCombination,
                    fmt::format("graph compiler '{}' needs PyTorch, but application '{}' uses {}",
                                c, appName, fw.title(false)),
                    false);
            else if (c == "inductor" && fw.version && versionBelow(*fw.version, 2, 0))
                report(DiagCode::IncompatibleCombination,
                       fmt::format("graph compiler 'inductor' needs PyTorch 2.0 or later, but "
                                   "application '{}' "
                                   "uses {}",
                                   appName, fw.title()),
                       true);
        }
    }

    const SourceManager& sm_;
    const Program& program_;
    Diagnostics& diags_;
    std::optional<SymbolIndex> byName_; ///< where the program has no index (symbolSlots)
    std::set<uint32_t> reachable_;
    std::vector<SourceRange> errors_; ///< errors reported before the checks (syntax errors)
    const BlockChecks* previous_;     ///< the last version's block checks, or null
    BlockChecks* kept_;               ///< this version's, when kept
    bool keeping_ = false;            ///< checking the root's top level with kept_
    bool repeat_ = false;             ///< previous_ saw the same names
    /// Where repeat_: the edit between the last version's root text and this one's.
    EditSpan edit_;
    /// Per top-level statement of the root: the last version's block of the same text (or null)
    /// and the index of its block in kept_ (-1: not kept).
    std::vector<std::pair<const BlockChecks::Block*, int32_t>> tops_;
    std::vector<const Symbol*>* resolved_ = nullptr; ///< while checking facts: what they resolve
};

} // namespace

void checkProgram(const SourceManager& sm, const Program& program, Diagnostics& diags) {
    Checker(sm, program, diags).run();
}

std::shared_ptr<const BlockChecks> checkProgram(const SourceManager& sm, const Program& program,
                                                Diagnostics& diags, const BlockChecks* previous) {
    auto kept = std::make_shared<BlockChecks>();
    kept->blocks.reserve(program.root() ? program.root()->tree.statements.size() : 0);
    Checker(sm, program, diags, previous, kept.get()).run();
    return kept;
}

} // namespace modak::model
