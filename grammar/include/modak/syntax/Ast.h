// SPDX-License-Identifier: Apache-2.0
//! The syntax tree of a .modak file (docs/language.md §2). No parser types leak in here; every node
//! has its byte range so diagnostics, the formatter and the LSP can point at it.
//!
//! The tree is compact and immutable: nodes are trivially copyable and live in an arena owned by
//! the File (shared by its copies), lists of nodes are views into that arena, and names and strings
//! are `std::string_view`s into the source buffer (or into the arena when a string had escapes to
//! unescape). A tree is therefore valid while both its File (or a copy of it) and the SourceManager
//! holding its source are alive.
//!
//! Nodes are laid out for size, since a large file has hundreds of thousands of them: a Value is 24
//! bytes and an attribute Statement 40 with its value. What can be computed from ranges and offsets
//! is (texts, a statement's range, its key), what is rare or known late (a list's items, a
//! versioned name, a block's body) is out of line in the arena, and everything that is not a plain
//! field is read through an accessor.
#pragma once

#include "modak/text/SourceManager.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace modak::syntax {

/// A read-only view of nodes stored contiguously (in a File's arena, or in a vector): a block's
/// body, a list's items. Iterates and indexes like a const std::vector.
template<class T>
class NodeList {
public:
    using value_type = T;
    using size_type = size_t;
    using const_iterator = const T*;
    using iterator = const T*;
    using const_reference = const T&;
    using reference = const T&;

    NodeList() = default;
    NodeList(const T* data, size_t size) : data_(data), size_(static_cast<uint32_t>(size)) {}
    NodeList(const std::vector<T>& v)
        : NodeList(v.data(), v.size()) {} // NOLINT: a view, as for spans

    const T* begin() const { return data_; }
    const T* end() const { return data_ + size_; }
    const T* data() const { return data_; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const T& operator[](size_t i) const { return data_[i]; }
    const T& at(size_t i) const {
        if (i >= size_)
            throw std::out_of_range("NodeList::at");
        return data_[i];
    }
    const T& front() const { return data_[0]; }
    const T& back() const { return data_[size_ - 1]; }

private:
    const T* data_ = nullptr;
    uint32_t size_ = 0;
};

/// Bump allocator for the nodes of one File. Memory is released all at once with the arena; nothing
/// stored here has a destructor to run.
class Arena {
public:
    Arena() = default;
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;
    ~Arena();

    void* allocate(size_t bytes, size_t align);

    /// Copies `n` trivially copyable objects into the arena.
    template<class T>
    const T* copy(const T* from, size_t n) {
        static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
        if (n == 0)
            return nullptr;
        T* to = static_cast<T*>(allocate(sizeof(T) * n, alignof(T)));
        for (size_t i = 0; i < n; ++i)
            new (to + i) T(from[i]);
        return to;
    }
    template<class T>
    const T* make(const T& value) {
        return copy(&value, 1);
    }
    /// A node the parser completes later (a block's parts, filled in when it closes).
    template<class T>
    T* create(const T& value) {
        static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
        return new (allocate(sizeof(T), alignof(T))) T(value);
    }
    std::string_view copyString(std::string_view s);
    /// Keeps `nodes` where they are for as long as the arena: for a list collected before its
    /// length was known (a file's top-level statements), which copying in would hold twice at its
    /// peak.
    template<class T>
    NodeList<T> keep(std::vector<T>&& nodes) {
        static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
        used_ += nodes.size() * sizeof(T);
        auto kept = std::make_shared<const std::vector<T>>(std::move(nodes));
        NodeList<T> list(*kept);
        kept_.push_back(std::move(kept));
        return list;
    }

    /// Keeps `other`'s nodes for as long as this arena: a tree taken in from another parse.
    void keepAlive(std::shared_ptr<const Arena> other) {
        used_ += other->used();
        kept_.push_back(std::move(other));
    }

    /// Bytes handed out so far (for benchmarks).
    size_t used() const { return used_; }

    /// Gives the pages of the last chunk that hold nothing yet back to the kernel (a parse calls
    /// it when it is done: a huge page of that chunk is otherwise resident as a whole). The arena
    /// stays usable: those pages are made again if it is written to.
    void releaseUnused();

private:
    /// A chunk of nodes: small ones from the heap, the largest mapped (Ast.cpp says why).
    struct Chunk {
        std::byte* data;
        size_t size;
        bool mapped;
    };
    std::vector<Chunk> chunks_; ///< freed by ~Arena
    std::vector<std::shared_ptr<const void>> kept_;
    std::byte* next_ = nullptr;
    size_t left_ = 0;
    size_t used_ = 0;
    size_t chunkSize_ = 0;
};

/// Moves nodes parsed from one text into a tree of an edited copy of it (syntax::reparse): every
/// offset moves by `delta`, pointers into the old text point to the same bytes in the new one, and
/// what lives out of line is copied into the new tree's arena. Only nodes outside the edit are
/// moved, so every offset must lie in [`lowest`, `highest`]; one that does not (a node that reached
/// into the edit) throws Relocation::Outside and the caller parses the whole text instead.
struct Relocation {
    struct Outside {};

    const char* oldText = nullptr;
    size_t oldSize = 0;
    const char* newText = nullptr;
    FileId oldFile, newFile;
    int64_t delta = 0;
    uint32_t lowest = 0, highest = 0; ///< the old offsets the moved nodes may have

    uint32_t offset(uint32_t old) const {
        if (old < lowest || old > highest)
            throw Outside{};
        return static_cast<uint32_t>(old + delta);
    }
    SourceRange range(SourceRange r) const {
        if (!r.file.valid())
            return r;
        if (r.file != oldFile)
            throw Outside{};
        return {newFile, offset(r.begin), offset(r.end)};
    }
    const char* pointer(const char* p) const {
        return newText + offset(static_cast<uint32_t>(p - oldText));
    }
    /// A view into the old text moves with it; any other (unescaped text in the arena) is copied.
    std::string_view view(std::string_view s, Arena& arena) const;
};

/// A name in the source: a statement's key, a block's label (which Statement builds on demand).
struct Identifier {
    std::string_view name; ///< a view into the source
    SourceRange range;
};

/// One value. A tagged struct rather than a variant keeps consumers simple. It is 24 bytes: the
/// range, the kind and two small fields, and one 8-byte payload read through the accessors (text(),
/// integer(), number(), items(), version()), whose meaning depends on the kind. Text is a view into
/// the source, found from the range; what does not fit (a list's items, a versioned name, a string
/// whose escapes were unescaped) is out of line in the arena.
class Value {
public:
    enum class Kind : uint8_t {
        Error,      ///< placeholder after a syntax error
        String,     ///< "..." (text() = unescaped contents)
        TextBlock,  ///< """...""" (text() = contents, verbatim)
        Integer,    ///< integer()
        Float,      ///< number()
        Size,       ///< integer() = bytes; unit() = unit as written; number() = amount as written
        Duration,   ///< integer() = seconds
        Amount,     ///< number() = amount as written; unit() = a currency or an allocation unit
        Bool,       ///< boolean
        Identifier, ///< text() = name (enum value, reference or `auto`)
        Versioned,  ///< text() = name, version() = the version string, versionRange() its range
        List,       ///< items()
        Range,      ///< items()[0]..items()[1]
    };

    /// The out-of-line parts of a versioned name.
    struct VersionedName {
        std::string_view name;
        std::string_view version;
        SourceRange versionRange;
    };

    SourceRange range; ///< the value's source text, quotes included (text() relies on it)
    Kind kind = Kind::Error;
    bool boolean = false; ///< Bool
    /// Size: index into sizeUnitNames(), Amount: into amountUnitNames(), plus one (0: none).
    uint8_t unitIndex = 0;

    constexpr Value() : number_(0) {}

    // Values as the parser makes them.
    /// `number` is what was read, if anything (a size's amount, an out-of-range number).
    static Value error(SourceRange range, double number = 0) {
        Value v(Kind::Error, range);
        v.number_ = number;
        return v;
    }
    static Value ofBool(SourceRange range, bool b) {
        Value v(Kind::Bool, range);
        v.boolean = b;
        return v;
    }
    /// Integer or Duration.
    static Value ofInteger(Kind kind, SourceRange range, int64_t integer) {
        Value v(kind, range);
        v.integer_ = integer;
        return v;
    }
    static Value ofFloat(SourceRange range, double number) {
        Value v(Kind::Float, range);
        v.number_ = number;
        return v;
    }
    static Value ofSize(SourceRange range, double amount, uint8_t unitIndex) {
        Value v(Kind::Size, range);
        v.number_ = amount;
        v.unitIndex = unitIndex;
        return v;
    }
    static Value ofAmount(SourceRange range, double amount, uint8_t unitIndex) {
        Value v(Kind::Amount, range);
        v.number_ = amount;
        v.unitIndex = unitIndex;
        return v;
    }
    /// Identifier, String or TextBlock whose text is its source: the range's text (starting at
    /// `lexeme`) less `quote` bytes of quoting at each end.
    static Value ofSourceText(Kind kind, SourceRange range, const char* lexeme, uint8_t quote) {
        Value v(kind, range);
        v.quote_ = quote;
        v.lexeme_ = lexeme;
        return v;
    }
    /// A String with escapes: `text` (its unescaped text) is stored elsewhere, in the arena.
    static Value ofStoredText(SourceRange range, const std::string_view* text) {
        Value v(Kind::String, range);
        v.quote_ = storedText;
        v.storedText_ = text;
        return v;
    }
    /// List or Range; `items` may be null for an empty list.
    static Value ofItems(Kind kind, SourceRange range, const NodeList<Value>* items) {
        Value v(kind, range);
        v.items_ = items;
        return v;
    }
    static Value ofVersioned(SourceRange range, const VersionedName* parts) {
        Value v(Kind::Versioned, range);
        v.versioned_ = parts;
        return v;
    }

    std::string_view text() const {
        switch (kind) {
        case Kind::Identifier:
        case Kind::String:
        case Kind::TextBlock:
            if (quote_ == storedText)
                return *storedText_;
            return {lexeme_ + quote_, range.end - range.begin - 2u * quote_};
        case Kind::Versioned:
            return versioned_->name;
        default:
            return {};
        }
    }
    int64_t integer() const {
        switch (kind) {
        case Kind::Integer:
        case Kind::Duration:
            return integer_;
        case Kind::Size:
            return sizeBytes(number_, unitIndex);
        default:
            return 0;
        }
    }
    double number() const {
        return kind == Kind::Float || kind == Kind::Size || kind == Kind::Amount ||
                       kind == Kind::Error
                   ? number_
                   : 0;
    }
    NodeList<Value> items() const {
        return (kind == Kind::List || kind == Kind::Range) && items_ ? *items_ : NodeList<Value>();
    }
    std::string_view unit() const;
    std::string_view version() const {
        return kind == Kind::Versioned ? versioned_->version : std::string_view();
    }
    SourceRange versionRange() const {
        return kind == Kind::Versioned ? versioned_->versionRange : SourceRange{};
    }

    /// `amount` of the size unit at `unitIndex` (as in the field) in bytes, rounded as the parser
    /// rounded it when it checked the size: a Size's integer().
    static int64_t sizeBytes(double amount, uint8_t unitIndex);

    /// This value in the edited text (Relocation), its out-of-line parts copied into `arena`.
    Value relocated(const Relocation& r, Arena& arena) const;

private:
    constexpr Value(Kind k, SourceRange r) : range(r), kind(k), number_(0) {}

    static constexpr uint8_t storedText = 0xFF;
    uint8_t quote_ = 0; ///< Identifier, String, TextBlock: bytes of quoting, or storedText
    union {
        double number_;                      ///< Float, Size and Amount (the amount), Error
        int64_t integer_;                    ///< Integer, Duration
        const char* lexeme_;                 ///< source text: the range's first byte
        const std::string_view* storedText_; ///< a String with escapes
        const NodeList<Value>* items_;       ///< List, Range
        const VersionedName* versioned_;     ///< Versioned
    };
};

static_assert(std::is_trivially_copyable_v<Value> && std::is_trivially_destructible_v<Value>);

/// The size units of the language ("B", "kB", … "PiB"), in a fixed order.
const std::vector<std::string_view>& sizeUnitNames();
/// The units of an amount (`5000 USD`, `20000 gpu_hours`): ISO 4217 currencies, then the
/// allocation units HPC centres charge in, in a fixed order.
const std::vector<std::string_view>& amountUnitNames();
/// Whether an amount unit is an allocation unit (node_hours, gpu_hours, core_hours), not money.
bool isAllocationUnit(std::string_view unit);

const char* kindName(Value::Kind kind);

/// Whether keys `a` and `b` are the same. Readers look keys up by scanning a body or a schema, so
/// most keys compared differ in length; those of one length (a few bytes to a few dozen) are
/// compared in place, eight or four bytes at a time, rather than by a call to memcmp.
inline bool sameKey(std::string_view a, std::string_view b) {
    const size_t n = a.size();
    if (n != b.size())
        return false;
    const char* p = a.data();
    const char* q = b.data();
    auto same = [&](size_t at, auto word) { // the bytes [at, at + sizeof word) of both
        decltype(word) x, y;
        std::memcpy(&x, p + at, sizeof x);
        std::memcpy(&y, q + at, sizeof y);
        return x == y;
    };
    if (n >= 8) { // whole words, then the last eight bytes (overlapping the words before)
        for (size_t i = 0; i + 8 < n; i += 8)
            if (!same(i, uint64_t{}))
                return false;
        return same(n - 8, uint64_t{});
    }
    if (n >= 4)
        return same(0, uint32_t{}) && same(n - 4, uint32_t{});
    for (size_t i = 0; i < n; ++i)
        if (p[i] != q[i])
            return false;
    return true;
}

/// `key = value` or `kind [name] { body }`.
///
/// Most statements of a file are attributes, so a statement is laid out for them: the key is kept
/// as its source text and offset, and its range and the statement's are computed from those and the
/// value's range. A block keeps what it knows when it opens (its label, its `{`) where an attribute
/// keeps its value, as offsets, and what it learns when it closes (its body, its `}`) out of line
/// in the arena. Read everything through the accessors; a block's value(), and an attribute's block
/// parts, are empty.
class Statement {
public:
    enum class Kind : uint8_t { Attribute, Block };

    /// What a block learns when it closes, out of line in the arena, where the parser completes it.
    struct BlockParts {
        static constexpr uint32_t noBrace = UINT32_MAX;

        const Statement* body = nullptr; ///< the block's statements (bodySize of them)
        uint32_t bodySize = 0;
        uint32_t end = 0;               ///< of the statement: after `}`, or where it was cut short
        uint32_t closeOffset = noBrace; ///< of `}` (one byte), or noBrace when it is missing
        bool singleLine = false;        ///< written on one line (the formatter keeps it so)
        uint64_t keys = 0;              ///< keyBit of each statement of the body
    };

    Statement() : value_() {}
    /// `key = value`. The statement's range runs from the key to the end of the value (whose range
    /// starts after the `=`, even when the value is missing).
    static Statement attribute(const Identifier& key, const Value& value) {
        Statement s;
        s.setKey(key);
        s.value_ = value;
        return s;
    }
    /// `key [name] { … }`, which starts at its key. A block recovered from a `{` on a broken line
    /// has neither key nor name, and an empty `openBrace` where it starts.
    static Statement block(const Identifier& key, const std::optional<Identifier>& name,
                           SourceRange openBrace, const BlockParts* parts) {
        Statement s;
        s.setKey(key);
        if (!s.key_)
            s.keyBegin_ = openBrace.begin;
        s.isBlock_ = 1;
        s.block_ = {parts, openBrace.file, openBrace.begin, name ? name->range.begin : 0,
                    name ? static_cast<uint32_t>(name->name.size()) : 0};
        return s;
    }

    Kind kind() const { return isBlock_ ? Kind::Block : Kind::Attribute; }
    /// The whole statement.
    SourceRange range() const {
        return isBlock_ ? SourceRange{block_.file, keyBegin_, block_.parts->end}
                        : SourceRange{value_.range.file, keyBegin_, value_.range.end};
    }
    /// Attribute key, or block kind (`application`, `job`).
    Identifier key() const {
        if (!key_)
            return {};
        return {{key_, keyLength_}, {file(), keyBegin_, keyBegin_ + keyLength_}};
    }
    /// Whether the key is `k`.
    bool keyIs(std::string_view k) const { return key_ && sameKey({key_, keyLength_}, k); }
    /// A key's bit in a block's filter of its keys (BlockParts::keys): most keys a reader looks up
    /// are ones the block does not set, and the filter says so without a scan of the body.
    static constexpr uint64_t keyBit(std::string_view k) { return uint64_t(1) << keySlot(k); }
    /// The position of keyBit(k), 0–63: a small hash of the key (the schema's key index uses it
    /// too).
    static constexpr unsigned keySlot(std::string_view k) {
        return k.empty() ? 0
                         : (k.size() * 7 + static_cast<unsigned char>(k[0]) * 3 +
                            static_cast<unsigned char>(k.back())) &
                               63;
    }
    /// Blocks: false when no statement of the body has the key `k` (true may still find none).
    bool mayHave(std::string_view k) const {
        return isBlock_ && (block_.parts->keys & keyBit(k)) != 0;
    }
    /// Attribute value (an empty Error value for blocks).
    const Value& value() const { return isBlock_ ? noValue() : value_; }
    /// Block label (`application mnist`), or nullopt.
    std::optional<Identifier> name() const {
        if (!isBlock_ || block_.nameLength == 0)
            return std::nullopt;
        const BlockStart& b = block_; // the label's text follows the key's in the source
        return Identifier{{key_ + (b.nameOffset - keyBegin_), b.nameLength},
                          {b.file, b.nameOffset, b.nameOffset + b.nameLength}};
    }
    /// Block statements.
    NodeList<Statement> body() const {
        if (!isBlock_)
            return {};
        return {block_.parts->body, block_.parts->bodySize};
    }
    /// Blocks: `{` (empty for a recovered block, which has none).
    SourceRange openBrace() const {
        if (!isBlock_)
            return {};
        return {block_.file, block_.openOffset, block_.openOffset + (key_ ? 1u : 0u)};
    }
    /// Blocks: `}` (empty range when missing).
    SourceRange closeBrace() const {
        if (!isBlock_ || block_.parts->closeOffset == BlockParts::noBrace)
            return {};
        return {block_.file, block_.parts->closeOffset, block_.parts->closeOffset + 1};
    }
    /// Blocks written on one line (the formatter keeps them so).
    bool singleLine() const { return isBlock_ && block_.parts->singleLine; }

    /// This statement in the edited text (Relocation), its body and values copied into `arena`.
    Statement relocated(const Relocation& r, Arena& arena) const;

private:
    static const Value& noValue();
    FileId file() const { return isBlock_ ? block_.file : value_.range.file; }
    void setKey(const Identifier& key) {
        key_ = key.name.empty() ? nullptr : key.name.data();
        keyBegin_ = key.range.begin;
        keyLength_ = static_cast<uint32_t>(key.name.size());
    }

    // What a block knows when it opens, in place of an attribute's value.
    struct BlockStart {
        const BlockParts* parts;
        FileId file;
        uint32_t openOffset; ///< of `{` (one byte, none for a recovered block)
        uint32_t nameOffset; ///< of the label (`mnist` in `application mnist`)
        uint32_t nameLength; ///< of the label; 0 when there is none
    };

    const char* key_ = nullptr;   ///< the key's text in the source; null for a recovered block
    uint32_t keyBegin_ = 0;       ///< the key's offset, which is where the statement starts
    uint32_t keyLength_ : 31 = 0; ///< files are below 2 GiB (maxFileBytes in Parser.h)
    uint32_t isBlock_ : 1 = 0;
    union {
        Value value_;      ///< attributes
        BlockStart block_; ///< blocks
    };
};

static_assert(std::is_trivially_copyable_v<Statement> &&
              std::is_trivially_destructible_v<Statement>);
// The sizes the header comment promises (bench/check_bench.sh measures what they buy).
static_assert(sizeof(void*) != 8 || (sizeof(Value) == 24 && sizeof(Statement) == 40));

struct Import {
    std::string path;      ///< unescaped
    SourceRange range;     ///< whole `import "…"`
    SourceRange pathRange; ///< the string
};

struct Comment {
    SourceRange range;
    bool isBlock = false; ///< /* */ rather than //
};

/// What the parse had made when it began a top-level statement: syntax::reparse resumes there. A
/// statement that did not begin an item of the file (a block recovered after a broken line) is not
/// a place to resume (`start` is noStart).
struct ParseMark {
    static constexpr uint32_t noStart = UINT32_MAX;
    uint32_t start = noStart; ///< the statement's offset
    uint32_t diagnostics = 0; ///< the parse's diagnostics before it
    uint32_t errors = 0;      ///< of which errors (ParseOptions::maxErrors counts them)
    uint32_t comments = 0;    ///< File::comments before it
    uint32_t imports = 0;     ///< File::imports before it
};

/// A parsed file. Always present, even after syntax errors (then partial).
struct File {
    FileId file;
    std::optional<int64_t> version; ///< from `modak N`
    SourceRange headerRange;
    std::vector<Import> imports;
    NodeList<Statement> statements;
    std::vector<Comment> comments;      ///< in source order
    std::vector<ParseMark> marks;       ///< one per statement, then the end (ParseOptions::marks)
    std::shared_ptr<const Arena> arena; ///< owns the nodes (shared by copies of this File)
};

} // namespace modak::syntax
