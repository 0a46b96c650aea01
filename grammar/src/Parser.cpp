// SPDX-License-Identifier: Apache-2.0
// The statement driver: walks headers, imports, attributes and blocks by hand with an explicit
// block stack (so nesting depth costs no C++ stack), reads the common values with its own scanner
// and the others with the X3 value grammar, turns X3's expectation failures into located
// diagnostics, and recovers at statement boundaries.
#include "modak/syntax/Parser.h"

#include "Literals.hpp"
#include "modak/text/Affixes.h"
#include "x3/grammar.hpp"
#include "x3/state.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>

namespace modak::syntax {

const char* kindName(Value::Kind kind) {
    switch (kind) {
    case Value::Kind::Error:
        return "invalid value";
    case Value::Kind::String:
        return "string";
    case Value::Kind::TextBlock:
        return "text block";
    case Value::Kind::Integer:
        return "integer";
    case Value::Kind::Float:
        return "number";
    case Value::Kind::Size:
        return "size";
    case Value::Kind::Duration:
        return "duration";
    case Value::Kind::Amount:
        return "amount";
    case Value::Kind::Bool:
        return "boolean";
    case Value::Kind::Identifier:
        return "identifier";
    case Value::Kind::Versioned:
        return "versioned name";
    case Value::Kind::List:
        return "list";
    case Value::Kind::Range:
        return "range";
    }
    return "value";
}

namespace {

namespace x3 = boost::spirit::x3;
using parser::ParseState;

// Character classes by table: the scanner and the driver ask for every byte of a name.
enum CharClass : uint8_t { kIdentStart = 1, kDigit = 2, kStringStop = 4 };
constexpr std::array<uint8_t, 256> kCharClass = [] {
    std::array<uint8_t, 256> t{};
    for (int c = 'a'; c <= 'z'; ++c)
        t[c] |= kIdentStart;
    for (int c = 'A'; c <= 'Z'; ++c)
        t[c] |= kIdentStart;
    t['_'] |= kIdentStart;
    for (int c = '0'; c <= '9'; ++c)
        t[c] |= kDigit;
    for (char c : {'"', '\\', '\n', '\r'}) // what ends a plain string's body
        t[static_cast<unsigned char>(c)] |= kStringStop;
    return t;
}();
inline bool hasClass(char c, uint8_t cls) {
    return (kCharClass[static_cast<unsigned char>(c)] & cls) != 0;
}
inline bool isIdentStart(char c) {
    return hasClass(c, kIdentStart);
}
inline bool isIdentChar(char c) {
    return hasClass(c, kIdentStart | kDigit);
}

// Length of the UTF-8 sequence at p, or 0 if it is invalid (overlong, surrogate, out of range).
size_t utf8SequenceLength(const unsigned char* p, const unsigned char* end) {
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    size_t n;
    uint32_t cp;
    if ((c & 0xE0) == 0xC0) {
        n = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (static_cast<size_t>(end - p) < n)
        return 0;
    for (size_t i = 1; i < n; ++i) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    static constexpr uint32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < minimum[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

// Sets the X3 skipper's state pointer for the duration of one parse (restoring any outer one).
class CurrentStateScope {
public:
    explicit CurrentStateScope(ParseState* s) : saved_(parser::currentState) {
        parser::currentState = s;
    }
    ~CurrentStateScope() { parser::currentState = saved_; }
    CurrentStateScope(const CurrentStateScope&) = delete;
    CurrentStateScope& operator=(const CurrentStateScope&) = delete;

private:
    ParseState* saved_;
};

/// A later part of the text, parsed on another thread (ParseOptions::threads).
struct Part {
    uint32_t from = 0; ///< where its parse began
    /// Its top-level statements, apart from its tree: the first thread copies those it takes into
    /// its own list, and this one is freed.
    std::vector<Statement> statements;
    File tree; ///< the rest: marks, comments, imports, and the arena holding the nodes
    Diagnostics diags;
    size_t errors = 0;
    bool usable = false; ///< parsed to the end: not stopped at the error limit, no failure
};

/// The part a second thread parses; the first waits for it where it reaches the part's start.
class PartInFlight {
public:
    PartInFlight(const SourceManager& sm, FileId file, const ParseOptions& options, uint32_t from);
    ~PartInFlight() { wait(); }
    PartInFlight(const PartInFlight&) = delete;
    PartInFlight& operator=(const PartInFlight&) = delete;

    uint32_t from() const { return from_; }
    Part& wait() {
        if (thread_.joinable())
            thread_.join();
        return part_;
    }

private:
    const ParseOptions options_; // the part's Driver holds a reference
    const uint32_t from_;
    Part part_;
    std::thread thread_;
};

/// Where a second thread may begin parsing `text`: the first line after the middle that starts
/// with a letter or `_`, as a top-level statement does in a formatted file; 0 where none is near.
uint32_t partStart(std::string_view text) {
    size_t at = text.size() / 2;
    const size_t limit = std::min(text.size(), at + (size_t{1} << 16));
    while (at < limit) {
        const void* newline = std::memchr(text.data() + at, '\n', limit - at);
        if (!newline)
            return 0;
        at = static_cast<size_t>(static_cast<const char*>(newline) - text.data()) + 1;
        if (at < text.size() && isIdentStart(text[at]))
            return static_cast<uint32_t>(at);
    }
    return 0;
}

/// Texts from this size are parsed in two parts when ParseOptions::threads asks for it: below it
/// a thread costs about what it saves.
constexpr size_t kPartBytes = 128 * 1024;

class Driver {
public:
    Driver(const SourceManager& sm, FileId file, Diagnostics& diags, const ParseOptions& options)
        : diags_(diags), options_(options), marking_(options.marks) {
        std::string_view text = sm.text(file);
        fileSize_ = std::max<uint64_t>(sm.buffer(file).fileSize, text.size());
        begin_ = p_ = text.data();
        end_ = text.data() + text.size();
        state_.base = begin_;
        state_.file = file;
        state_.diags = &diags;
        state_.comments = &file_.comments;
        state_.arena = arena_.get();
        file_.file = file;
        diagnosticsBefore_ = diags.size();
    }

    File run() {
        CurrentStateScope scope(&state_);
        parseFile();
        return finish();
    }

    /// Parsing in parts: where this parse begins a top-level statement at or after `part`'s
    /// start, the part's tree from that statement on is taken (joinedPart).
    void joinPartAt(PartInFlight* part) { part_ = part; }
    bool joinedPartTaken() const { return partTaken_; }

    /// The second thread's parse: from `from` to the end, as from a top-level statement's start,
    /// recording marks (where the first thread may join it).
    File runPart(uint32_t from, std::vector<Statement>& statements, size_t& errors, bool& stopped) {
        CurrentStateScope scope(&state_);
        marking_ = true;
        p_ = begin_ + from;
        parseItems();
        errors = errors_;
        stopped = stopped_;
        statements = std::move(top_);
        top_.clear();
        return finish();
    }

    /// syntax::reparse: the statements of `previous` before and after the edit are moved into
    /// the new tree, and only the text between them is parsed. nullopt where that cannot give
    /// what parsing the whole text gives (see reparse); nothing is then kept of what was done.
    std::optional<File> resume(const PreviousParse& previous) {
        const File& old = previous.tree;
        const size_t n = old.statements.size();
        if (n < 4 || old.marks.size() != n + 1)
            return std::nullopt;
        if (fileSize_ > std::min<uint64_t>(options_.maxBytes, maxFileBytes))
            return std::nullopt;
        auto bom = [](std::string_view t) { return t.starts_with("\xEF\xBB\xBF"); };
        const std::string_view before = previous.text, after(begin_, end_ - begin_);
        if (bom(before) || bom(after))
            return std::nullopt;
        for (const Diagnostic& d : previous.diagnostics)
            if (d.code == DiagCode::NulByte || d.code == DiagCode::InvalidUtf8 ||
                d.code == DiagCode::TooManyErrors || d.code == DiagCode::FileTooLarge)
                return std::nullopt;
        CurrentStateScope scope(&state_);
        marking_ = true; // the result is the next version's previous parse

        // The edit: the texts agree before `changed` and after `oldEnd` (`edit.newEnd` in the new
        // one).
        const EditSpan edit = editBetween(before, after);
        const uint32_t changed = edit.begin, oldEnd = edit.oldEnd;
        const int64_t delta = edit.delta();
        // The last version's text had no encoding error: only the edit's characters can.
        checkEncoding(begin_ + changed, begin_ + edit.newEnd);
        if (diags_.size() != diagnosticsBefore_)
            return std::nullopt;

        // Where parsing starts: a statement that began an item, with two whole statements between
        // it and the edit. What the parser reads past an item's end (the next statement's key, an
        // `=` or `{`, a name on the next line) lies in the statement after it, so the items before
        // the start read nothing of the edit.
        auto startOf = [&](size_t i) { return old.statements[i].range().begin; };
        size_t first = 0; // statements starting at or before `changed`
        for (size_t lo = 0, hi = n; lo < hi;) {
            size_t mid = (lo + hi) / 2;
            if (startOf(mid) <= changed)
                lo = first = mid + 1;
            else
                hi = mid;
        }
        if (first < 3)
            return std::nullopt;
        size_t k = first - 3;
        while (k >= 1 && old.marks[k].start == ParseMark::noStart)
            --k;
        if (k < 1)
            return std::nullopt;

        try {
            Relocation kept{before.data(), before.size(), begin_, old.file, file_.file, 0, 0,
                            changed};
            Relocation moved{
                before.data(), before.size(), begin_, old.file,
                file_.file,    delta,         oldEnd, static_cast<uint32_t>(before.size())};
            const ParseMark& at = old.marks[k];
            top_.reserve(n + 8);
            for (size_t i = 0; i < k; ++i)
                top_.push_back(old.statements[i].relocated(kept, *arena_));
            marks_.assign(old.marks.begin(), old.marks.begin() + static_cast<std::ptrdiff_t>(k));
            moveParsed(previous, kept, 0, at.comments, 0, at.imports, 0, at.diagnostics);
            file_.version = old.version;
            file_.headerRange = kept.range(old.headerRange);
            errors_ = at.errors;
            previous_ = &previous;
            moved_ = &moved;
            p_ = begin_ + at.start;
            parseItems();
            if (stopped_ || errors_ >= options_.maxErrors)
                return std::nullopt;
        } catch (const Relocation::Outside&) {
            return std::nullopt;
        }
        return finish();
    }

private:
    File finish() {
        if (!marking_) {
            marks_.clear();
        } else {
            marks_.push_back(
                {ParseMark::noStart, static_cast<uint32_t>(diags_.size() - diagnosticsBefore_),
                 static_cast<uint32_t>(errors_), static_cast<uint32_t>(file_.comments.size()),
                 static_cast<uint32_t>(file_.imports.size())});
        }
        file_.marks = std::move(marks_);
        if (!top_.empty())
            file_.statements = arena_->keep(std::move(top_));
        arena_->releaseUnused();
        file_.arena = std::move(arena_);
        return std::move(file_);
    }

    /// The old parse's comments, imports and diagnostics in [from, to) of each, moved by `r`.
    void moveParsed(const PreviousParse& previous, const Relocation& r, uint32_t commentsFrom,
                    uint32_t commentsTo, uint32_t importsFrom, uint32_t importsTo,
                    uint32_t diagnosticsFrom, uint32_t diagnosticsTo) {
        const File& old = previous.tree;
        for (uint32_t i = commentsFrom; i < commentsTo; ++i)
            file_.comments.push_back({r.range(old.comments.at(i).range), old.comments[i].isBlock});
        for (uint32_t i = importsFrom; i < importsTo; ++i) {
            const Import& imp = old.imports.at(i);
            file_.imports.push_back({imp.path, r.range(imp.range), r.range(imp.pathRange)});
        }
        for (uint32_t i = diagnosticsFrom; i < diagnosticsTo; ++i) {
            Diagnostic d = previous.diagnostics.at(i);
            forEachRange(d, [&](SourceRange& range) { range = r.range(range); });
            diags_.items().push_back(std::move(d));
        }
    }

    /// Resuming (reparse): at the start of a top-level item, whether the old parse began a
    /// statement at the same place in the unchanged text after the edit; if so, the rest of the
    /// old tree is moved in and parsing ends.
    bool rejoined() {
        const auto at = static_cast<int64_t>(p_ - begin_) - moved_->delta;
        if (at < moved_->lowest)
            return false;
        const File& old = previous_->tree;
        const size_t n = old.statements.size();
        const size_t lo = firstFrom(old.statements, at);
        if (lo == n || old.marks[lo].start != at)
            return false;
        const ParseMark& from = old.marks[lo];
        const ParseMark& end = old.marks[n];
        continueMarks(old.marks, lo, n, [&](uint32_t start) { return moved_->offset(start); });
        for (size_t i = lo; i < n; ++i)
            top_.push_back(old.statements[i].relocated(*moved_, *arena_));
        moveParsed(*previous_, *moved_, from.comments, end.comments, from.imports, end.imports,
                   from.diagnostics, end.diagnostics);
        errors_ += end.errors - from.errors;
        p_ = end_;
        return true;
    }

    /// The index of the first of `statements` (in source order) that starts at or after `at`.
    template<class Statements>
    static size_t firstFrom(const Statements& statements, int64_t at) {
        size_t lo = 0, hi = statements.size();
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (statements[mid].range().begin < at)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }

    /// Appends `marks` [lo, n) of a parse whose statements from `lo` on are taken in here: their
    /// counts continue this parse's (from where mark `lo`'s began), their offsets map by `start`.
    /// Called before what they count (diagnostics, comments, imports) is taken in.
    template<class Start>
    void continueMarks(const std::vector<ParseMark>& marks, size_t lo, size_t n, Start start) {
        if (!marking_)
            return;
        const ParseMark& from = marks[lo];
        const auto diagnostics = static_cast<uint32_t>(diags_.size() - diagnosticsBefore_);
        const auto errors = static_cast<uint32_t>(errors_);
        const auto comments = static_cast<uint32_t>(file_.comments.size());
        const auto imports = static_cast<uint32_t>(file_.imports.size());
        for (size_t i = lo; i < n; ++i) {
            ParseMark m = marks[i];
            if (m.start != ParseMark::noStart) {
                m.start = start(m.start);
                m.diagnostics = m.diagnostics - from.diagnostics + diagnostics;
                m.errors = m.errors - from.errors + errors;
                m.comments = m.comments - from.comments + comments;
                m.imports = m.imports - from.imports + imports;
            }
            marks_.push_back(m);
        }
    }

    /// Parsing in parts: at the start of a top-level item, whether the second thread's part
    /// began a statement at the same place; if so, the rest of its tree, comments, imports and
    /// diagnostics are taken and parsing ends. From such a place both parse the same: the driver
    /// carries nothing from one top-level item to the next but the counts the marks hold.
    bool joinedPart() {
        const auto at = static_cast<uint32_t>(p_ - begin_);
        if (at < part_->from())
            return false;
        Part& part = part_->wait();
        const size_t n = part.statements.size();
        if (!part.usable || part.tree.marks.size() != n + 1) {
            part_ = nullptr;
            return false;
        }
        const size_t lo = firstFrom(part.statements, at);
        if (lo == n || part.tree.marks[lo].start != at)
            return false;
        const ParseMark& from = part.tree.marks[lo];
        const ParseMark& end = part.tree.marks[n];
        if (errors_ + (end.errors - from.errors) >= options_.maxErrors) {
            part_ = nullptr; // one parse would stop in there: it goes on alone
            return false;
        }
        continueMarks(part.tree.marks, lo, n, [](uint32_t start) { return start; });
        top_.insert(top_.end(), part.statements.begin() + static_cast<std::ptrdiff_t>(lo),
                    part.statements.end());
        file_.comments.insert(file_.comments.end(), part.tree.comments.begin() + from.comments,
                              part.tree.comments.begin() + end.comments);
        file_.imports.insert(file_.imports.end(), part.tree.imports.begin() + from.imports,
                             part.tree.imports.begin() + end.imports);
        for (uint32_t i = from.diagnostics; i < end.diagnostics; ++i)
            diags_.items().push_back(std::move(part.diags.items()[i]));
        errors_ += end.errors - from.errors;
        arena_->keepAlive(part.tree.arena);
        part.statements = {};
        part_ = nullptr;
        partTaken_ = true;
        p_ = end_;
        return true;
    }

    void parseFile() {
        uint64_t limit = std::min<uint64_t>(options_.maxBytes, maxFileBytes);
        if (fileSize_ > limit) {
            error(DiagCode::FileTooLarge, {begin_, begin_},
                  fmt::format("the file is {} bytes; the limit is {} bytes", fileSize_, limit));
            return;
        }
        checkEncoding(begin_, end_);
        if (diags_.size() != diagnosticsBefore_)
            part_ = nullptr; // not a text a part is taken from (reparse refuses it too)
        if (end_ - begin_ >= 3 && std::memcmp(begin_, "\xEF\xBB\xBF", 3) == 0)
            p_ += 3;
        skipTrivia();
        if (p_ == end_ && !stopped_) {
            if (file_.comments.empty())
                error(DiagCode::EmptyFile, {p_, p_},
                      "the file is empty; a .modak file starts with `modak 1`");
            else
                error(DiagCode::EmptyFile, {p_, p_},
                      "the file has no statements; a .modak file starts with `modak 1`");
            return;
        }
        parseHeader();
        parseItems();
    }
    // ---- Diagnostics ----
    struct Span {
        const char* b;
        const char* e;
    };

    Diagnostic* error(DiagCode code, Span s, std::string message) {
        if (stopped_)
            return nullptr;
        Diagnostic& d = diags_.add(code, state_.range(s.b, s.e), std::move(message));
        if (d.severity < Severity::Error)
            return &d;
        if (++errors_ >= options_.maxErrors) {
            size_t at = diags_.size() - 1; // `d` moves if this add grows the vector
            diags_.add(DiagCode::TooManyErrors, state_.range(s.b, s.e),
                       fmt::format("too many errors ({}); stopping here", errors_));
            stopped_ = true;
            return &diags_.items()[at];
        }
        return &d;
    }

    // The token at `p` as the user sees it, for "found …" in messages, and its extent.
    Span tokenAt(const char* p) const {
        if (p >= end_)
            return {end_, end_};
        if (*p == '\n' || *p == '\r')
            return {p, p};
        const char* e = p + 1;
        if (isIdentChar(*p) || *p == '-') {
            while (e < end_ && (isIdentChar(*e) || *e == '.'))
                ++e;
        } else if (static_cast<unsigned char>(*p) >= 0x80) {
            size_t n = utf8SequenceLength(reinterpret_cast<const unsigned char*>(p),
                                          reinterpret_cast<const unsigned char*>(end_));
            e = p + std::max<size_t>(n, 1);
        }
        return {p, e};
    }

    std::string describe(const char* p) const {
        if (p >= end_)
            return "end of file";
        if (*p == '\n' || *p == '\r')
            return "end of line";
        if (*p == '"')
            return "a string";
        if (*p == '\0')
            return "a NUL byte";
        Span t = tokenAt(p);
        std::string_view text(t.b, t.e - t.b);
        if (static_cast<unsigned char>(*p) >= 0x80 &&
            utf8SequenceLength(reinterpret_cast<const unsigned char*>(p),
                               reinterpret_cast<const unsigned char*>(end_)) == 0)
            return fmt::format("byte 0x{:02X}", static_cast<unsigned char>(*p));
        if (static_cast<unsigned char>(*p) < 0x20)
            return fmt::format("control character 0x{:02X}", static_cast<unsigned char>(*p));
        return fmt::format("'{}'", text);
    }

    // ---- Encoding ----
    /// Reports what is not UTF-8 text from the character before `from` up to `until` and past it
    /// to the next character's start: the whole text, or an edit's bytes where the text around
    /// them is known to be good (the bytes after are then the same characters as before).
    void checkEncoding(const char* from, const char* until) {
        auto continuation = [](unsigned char c) { return (c & 0xC0) == 0x80; };
        auto* begin = reinterpret_cast<const unsigned char*>(begin_);
        auto* p = reinterpret_cast<const unsigned char*>(from);
        auto* stop = reinterpret_cast<const unsigned char*>(until);
        auto* end = reinterpret_cast<const unsigned char*>(end_);
        // From the start of the character before `from`, which the edit may have cut short.
        if (p > begin)
            --p;
        for (int back = 0; back < 3 && p > begin && continuation(*p); ++back)
            --p;
        size_t reported = 0;
        constexpr size_t maxReported = 10;
        while (p < end && reported < maxReported && !stopped_) {
            if (p >= stop && !continuation(*p))
                break;
            // Fast path: eight bytes at a time while they are ASCII without NUL (the usual case).
            constexpr uint64_t high = 0x8080808080808080ull, ones = 0x0101010101010101ull;
            while (stop - p >= 8) {
                uint64_t word;
                std::memcpy(&word, p, 8);
                if ((word & high) != 0 || ((word - ones) & ~word & high) != 0)
                    break;
                p += 8;
            }
            if (p == end)
                break;
            if (*p >= 1 && *p < 0x80) {
                ++p;
                continue;
            }
            const char* c = reinterpret_cast<const char*>(p);
            if (*p == 0) {
                const unsigned char* q = p;
                while (q < end && *q == 0)
                    ++q;
                error(DiagCode::NulByte, {c, reinterpret_cast<const char*>(q)},
                      "NUL byte in the file; .modak files are UTF-8 text");
                p = q;
                ++reported;
                continue;
            }
            size_t n = utf8SequenceLength(p, end);
            if (n == 0) {
                error(DiagCode::InvalidUtf8, {c, c + 1},
                      fmt::format("invalid UTF-8 byte 0x{:02X}; .modak files are UTF-8 text", *p));
                ++p;
                ++reported;
                continue;
            }
            p += n;
        }
    }

    // ---- Trivia ----
    // Skips whitespace and comments (recording comments). An unterminated block comment is reported
    // and ends the file.
    void skipTrivia() {
        while (p_ < end_) {
            char c = *p_;
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                ++p_;
            } else if (c == '/' && p_ + 1 < end_ && p_[1] == '/') {
                const char* b = p_;
                while (p_ < end_ && *p_ != '\n' && *p_ != '\r')
                    ++p_;
                state_.recordComment(b, p_, false);
            } else if (c == '/' && p_ + 1 < end_ && p_[1] == '*') {
                const char* b = p_;
                const char* close = findBlockCommentEnd(p_ + 2);
                if (!close) {
                    error(DiagCode::UnterminatedComment, {b, b + 2},
                          "unterminated block comment; add '*/' to close it");
                    p_ = end_;
                    return;
                }
                p_ = close;
                state_.recordComment(b, p_, true);
            } else {
                return;
            }
        }
    }

    const char* findBlockCommentEnd(const char* from) const {
        for (const char* q = from; q + 1 < end_; ++q)
            if (q[0] == '*' && q[1] == '/')
                return q + 2;
        return nullptr;
    }

    bool newlineBetween(const char* a, const char* b) const { return std::find(a, b, '\n') != b; }

    // Skips spaces and tabs only (staying on this line).
    const char* skipBlanks(const char* q) const {
        while (q < end_ && (*q == ' ' || *q == '\t'))
            ++q;
        return q;
    }

    // ---- Recovery ----
    // Skips the rest of a broken statement: to the end of the line, or to a '}' that closes the
    // current block. Braces opened on the skipped part become (unnamed) recovered blocks, so the
    // lines inside them are still parsed and their closing braces match.
    void recover(const char* from) {
        const char* q = std::max(from, p_);
        int opened = 0;
        while (q < end_ && *q != '\n' && *q != '\r') {
            if (*q == '"') {
                bool block = end_ - q >= 3 && std::memcmp(q, "\"\"\"", 3) == 0;
                if (block) {
                    static constexpr std::string_view kFence = "\"\"\"";
                    const char* close = std::search(q + 3, end_, kFence.begin(), kFence.end());
                    q = close == end_ ? end_ : close + 3;
                } else {
                    ++q;
                    while (q < end_ && *q != '"' && *q != '\n' && *q != '\r')
                        q += (*q == '\\' && q + 1 < end_ && q[1] != '\n') ? 2 : 1;
                    if (q < end_ && *q == '"')
                        ++q;
                }
                continue;
            }
            if (*q == '/' && q + 1 < end_ && q[1] == '/')
                break;
            if (*q == '/' && q + 1 < end_ && q[1] == '*') {
                const char* close = findBlockCommentEnd(q + 2);
                if (!close)
                    break; // skipTrivia reports it
                q = close;
                continue;
            }
            if (*q == '{') {
                ++opened;
            } else if (*q == '}') {
                if (opened == 0)
                    break;
                --opened;
            }
            ++q;
        }
        p_ = q;
        for (int i = 0; i < opened && !stopped_; ++i)
            openRecoveredBlock();
        commaAllowed_ = false;
    }

    void openRecoveredBlock() { pushBlock({}, std::nullopt, state_.range(p_, p_), p_); }

    // ---- Structure ----
    // Statements of an open block collect in a per-depth scratch vector (capacity reused across
    // blocks) and are copied into the arena, sized exactly, when it closes: no growth slack and one
    // allocation-free copy per statement, which matters for files with hundreds of thousands of
    // small blocks. Top-level statements collect in a vector the arena keeps in the end: their
    // number is unknown until then, and copying them would hold them twice.
    void append(const Statement& s) {
        if (stack_.empty()) {
            top_.push_back(s);
            if (marking_)
                marks_.push_back({}); // not where an item began (parseItems sets those)
        } else
            scratch_[stack_.size() - 1].push_back(s);
    }

    void popBlock() {
        std::vector<Statement>& body = scratch_[stack_.size() - 1];
        Statement::BlockParts* parts = stack_.back().parts;
        parts->body = arena_->copy(body.data(), body.size());
        parts->bodySize = static_cast<uint32_t>(body.size());
        for (const Statement& s : body)
            parts->keys |= Statement::keyBit(s.key().name);
        body.clear();
        stack_.pop_back();
    }

    // Adds an open block; false if the depth limit made us skip it instead.
    bool pushBlock(const Identifier& key, const std::optional<Identifier>& name,
                   SourceRange openBrace, const char* afterBrace) {
        if (stack_.size() >= options_.maxDepth) {
            error(DiagCode::NestingTooDeep, {begin_ + openBrace.begin, begin_ + openBrace.end},
                  fmt::format("blocks are nested more than {} levels deep", options_.maxDepth));
            skipBalanced(afterBrace);
            return false;
        }
        Statement::BlockParts parts;
        parts.end = openBrace.end; // until it closes
        Statement::BlockParts* stored = arena_->create(parts);
        append(Statement::block(key, name, openBrace, stored));
        stack_.push_back({key.name, openBrace, stored});
        if (scratch_.size() < stack_.size())
            scratch_.emplace_back();
        return true;
    }

    // Skips to just after the '}' matching an already consumed '{', iteratively.
    void skipBalanced(const char* from) {
        size_t depth = 1;
        const char* q = from;
        while (q < end_ && depth > 0) {
            char c = *q;
            if (c == '"') {
                ++q;
                while (q < end_ && *q != '"' && *q != '\n')
                    q += (*q == '\\' && q + 1 < end_) ? 2 : 1;
                ++q;
                continue;
            }
            if (c == '/' && q + 1 < end_ && q[1] == '/') {
                while (q < end_ && *q != '\n')
                    ++q;
                continue;
            }
            if (c == '/' && q + 1 < end_ && q[1] == '*') {
                const char* close = findBlockCommentEnd(q + 2);
                q = close ? close : end_;
                continue;
            }
            if (c == '{')
                ++depth;
            else if (c == '}')
                --depth;
            ++q;
        }
        p_ = std::min(q, end_);
    }

    void closeBlock(const char* brace) {
        OpenBlock block = stack_.back();
        popBlock();
        block.parts->closeOffset = static_cast<uint32_t>(brace - begin_);
        block.parts->end = block.parts->closeOffset + 1;
        block.parts->singleLine = !newlineBetween(begin_ + block.openBrace.begin, brace);
        commaAllowed_ = true;
    }

    Identifier readIdentifier() {
        const char* b = p_;
        while (p_ < end_ && isIdentChar(*p_))
            ++p_;
        return {std::string_view(b, p_ - b), state_.range(b, p_)};
    }

    void parseHeader() {
        if (!(end_ - p_ >= 5 && std::memcmp(p_, "modak", 5) == 0 &&
              (end_ - p_ == 5 || !isIdentChar(p_[5])))) {
            Span t = tokenAt(p_);
            diags_.add(
                DiagCode::MissingHeader, state_.range(t.b, t.e),
                "missing `modak 1` header; add it as the first line to pin the language version");
            return;
        }
        const char* b = p_;
        Identifier keyword = readIdentifier();
        skipTrivia();
        const char* valueStart = p_;
        if (valueStart == end_ ||
            !(std::isdigit(static_cast<unsigned char>(*valueStart)) || *valueStart == '-')) {
            error(DiagCode::ExpectedToken, tokenAt(valueStart),
                  fmt::format(
                      "expected the language version after 'modak' (as in `modak 1`), found {}",
                      describe(valueStart)));
            recover(valueStart);
            return;
        }
        Value v;
        if (!parseValue(v, keyword))
            return;
        file_.headerRange = state_.range(b, begin_ + v.range.end);
        if (v.kind == Value::Kind::Integer) {
            file_.version = v.integer();
            if (v.integer() != 1)
                error(
                    DiagCode::UnsupportedVersion, {begin_ + v.range.begin, begin_ + v.range.end},
                    fmt::format("language version {} is not supported; this modak reads version 1",
                                v.integer()));
        } else if (v.kind != Value::Kind::Error) {
            error(DiagCode::ExpectedToken, {begin_ + v.range.begin, begin_ + v.range.end},
                  fmt::format("expected an integer language version after 'modak', found {}",
                              kindName(v.kind)));
        }
    }

    void parseItems() {
        while (!stopped_) {
            skipTrivia();
            if (p_ >= end_)
                break;
            char c = *p_;
            if (c == '}') {
                if (stack_.empty()) {
                    error(DiagCode::UnexpectedToken, {p_, p_ + 1},
                          "unexpected '}' with no open block");
                    ++p_;
                } else {
                    closeBlock(p_++);
                }
                continue;
            }
            if (c == ',') {
                if (!commaAllowed_)
                    error(DiagCode::UnexpectedToken, {p_, p_ + 1},
                          "unexpected ','; a comma may only follow a statement");
                commaAllowed_ = false;
                ++p_;
                continue;
            }
            if (isIdentStart(c)) {
                if (!stack_.empty()) {
                    parseStatement();
                    continue;
                }
                if (moved_ && rejoined())
                    return;
                if (part_ && joinedPart())
                    return;
                ParseMark mark{static_cast<uint32_t>(p_ - begin_),
                               static_cast<uint32_t>(diags_.size() - diagnosticsBefore_),
                               static_cast<uint32_t>(errors_),
                               static_cast<uint32_t>(file_.comments.size()),
                               static_cast<uint32_t>(file_.imports.size())};
                const size_t statements = top_.size();
                parseStatement();
                if (marking_ && top_.size() > statements &&
                    top_[statements].range().begin == mark.start)
                    marks_[statements] = mark;
                continue;
            }
            error(DiagCode::UnexpectedToken, tokenAt(p_),
                  fmt::format("expected a key or a block, found {}", describe(p_)));
            recover(p_);
            // A lone bad byte at the end of a line must not stall the loop.
            if (p_ < end_ && *p_ != '\n' && *p_ != '\r' && *p_ != '}')
                ++p_;
        }
        if (stopped_) {
            while (!stack_.empty())
                popBlock(); // keep what was parsed: the LSP shows partial trees
            return;
        }
        while (!stack_.empty()) {
            OpenBlock block = stack_.back();
            popBlock();
            block.parts->end = static_cast<uint32_t>(end_ - begin_);
            std::string what =
                block.kind.empty() ? std::string("block") : fmt::format("block '{}'", block.kind);
            Diagnostic* d =
                error(DiagCode::UnterminatedBlock, {end_, end_},
                      fmt::format("expected '}}' to close {} before the end of the file", what));
            if (d)
                d->notes.push_back({block.openBrace, "the block was opened here"});
        }
    }

    void parseStatement() {
        const char* b = p_;
        Identifier key = readIdentifier();
        commaAllowed_ = false;
        const char* afterKey = p_;
        skipTrivia();

        if (key.name == "import" && p_ < end_ && *p_ == '"') {
            parseImport(b, key);
            return;
        }
        // `import` and `modak` are reserved at the top level (docs/language.md §1).
        if (stack_.empty() && (key.name == "import" || key.name == "modak")) {
            error(DiagCode::UnexpectedToken, {b, afterKey},
                  key.name == "import"
                      ? fmt::format("expected a file name string after 'import', found {}",
                                    describe(p_))
                      : std::string(
                            "'modak' is reserved for the header `modak 1` on the first line"));
            recover(p_);
            return;
        }
        if (p_ < end_ && *p_ == '=') {
            const char* eq = p_++;
            // The statement ends with its value, whose range starts after the `=` even when the
            // value is missing (Statement::range).
            Value value;
            if (!valueFollows(eq, key)) {
                value.range = state_.range(eq + 1, eq + 1);
                append(Statement::attribute(key, value));
                return;
            }
            bool ok = parseValue(value, key);
            assert(begin_ + value.range.begin > eq && value.range.end >= value.range.begin);
            if (ok)
                ok = checkAfterValue(value, key);
            append(Statement::attribute(key, value));
            commaAllowed_ = ok;
            return;
        }
        std::optional<Identifier> name;
        if (p_ < end_ && isIdentStart(*p_) &&
            (!newlineBetween(afterKey, p_) || nameThenBrace(p_))) {
            name = readIdentifier();
            skipTrivia();
        }
        if (p_ < end_ && *p_ == '{') {
            assert(key.range.begin == static_cast<uint32_t>(b - begin_)); // where the block starts
            SourceRange openBrace = state_.range(p_, p_ + 1);
            ++p_;
            pushBlock(key, name, openBrace, p_);
            return;
        }
        if (name) {
            error(DiagCode::ExpectedToken, tokenAt(p_),
                  fmt::format("expected '{{' after block name '{}', found {}", name->name,
                              describe(p_)));
            recover(p_);
            return;
        }
        // `batch_size 128`: a value where '=' belongs.
        const char* at = newlineBetween(afterKey, p_) ? afterKey : p_;
        bool valueLike = p_ < end_ && !newlineBetween(afterKey, p_) &&
                         (std::isdigit(static_cast<unsigned char>(*p_)) || *p_ == '"' ||
                          *p_ == '[' || *p_ == '-');
        std::string found = describe(newlineBetween(afterKey, p_) ? skipBlanks(afterKey) : p_);
        if (valueLike)
            error(DiagCode::ExpectedToken, tokenAt(p_),
                  fmt::format("expected '=' after key '{}', found {}", key.name, found));
        else
            error(DiagCode::ExpectedToken, at == afterKey ? Span{afterKey, afterKey} : tokenAt(p_),
                  fmt::format("expected '=' or '{{' after '{}', found {}", key.name, found));
        if (at == afterKey)
            return; // the next line starts a new statement
        recover(p_);
    }

    // `kind⏎name {`: a block name on the next line (as opposed to `key⏎next = …`, a missing '=').
    bool nameThenBrace(const char* q) {
        while (q < end_ && isIdentChar(*q))
            ++q;
        const char* saved = p_;
        p_ = q;
        skipTriviaQuietly();
        bool brace = p_ < end_ && *p_ == '{';
        p_ = saved;
        return brace;
    }

    // skipTrivia without recording comments or reporting errors (for lookahead).
    void skipTriviaQuietly() {
        while (p_ < end_) {
            if (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r') {
                ++p_;
            } else if (*p_ == '/' && p_ + 1 < end_ && p_[1] == '/') {
                while (p_ < end_ && *p_ != '\n')
                    ++p_;
            } else if (*p_ == '/' && p_ + 1 < end_ && p_[1] == '*') {
                const char* close = findBlockCommentEnd(p_ + 2);
                if (!close)
                    return;
                p_ = close;
            } else {
                return;
            }
        }
    }

    // After '=': is there a value before the end of the statement? Reports when not. A value
    // starting on a later line as `key = …` or `key {` is taken to be the next statement (a
    // half-typed edit).
    bool valueFollows(const char* eq, const Identifier& key) {
        const char* q = skipBlanks(eq + 1);
        bool sameLine = q < end_ && *q != '\n' && *q != '\r';
        if (sameLine && *q != '}' && *q != ',' && !(*q == '/' && q + 1 < end_ && q[1] == '/'))
            return true;
        skipTrivia();
        bool nextIsStatement = false;
        if (p_ < end_ && isIdentStart(*p_)) {
            const char* r = p_;
            while (r < end_ && isIdentChar(*r))
                ++r;
            while (r < end_ && (*r == ' ' || *r == '\t'))
                ++r;
            nextIsStatement = r < end_ && (*r == '=' || *r == '{');
        }
        if (p_ < end_ && !nextIsStatement && *p_ != '}' && *p_ != ',')
            return true;
        error(DiagCode::ExpectedToken, {eq, eq + 1},
              fmt::format("expected a value after '=' for key '{}', found {}", key.name,
                          describe(sameLine ? q : skipBlanks(eq + 1))));
        return false;
    }

    // On the rest of a value's line only a comment, ',', '}' or another statement (`key =`, `kind
    // {`, `kind name {`) may follow: `memory = 64 gib` or `ranks = 4 8` is one error at the stray
    // token.
    bool checkAfterValue(const Value& value, const Identifier& key) {
        const char* q = skipBlanks(begin_ + value.range.end);
        if (q >= end_ || *q == '\n' || *q == '\r' || *q == ',' || *q == '}' ||
            (*q == '/' && q + 1 < end_ && (q[1] == '/' || q[1] == '*')))
            return true;
        if (isIdentStart(*q)) {
            const char* r = q;
            while (r < end_ && isIdentChar(*r))
                ++r;
            r = skipBlanks(r);
            if (r < end_ && (*r == '=' || *r == '{'))
                return true;
            if (r < end_ && isIdentStart(*r)) {
                while (r < end_ && isIdentChar(*r))
                    ++r;
                r = skipBlanks(r);
                if (r < end_ && *r == '{')
                    return true;
            }
        }
        Span t = tokenAt(q);
        std::string message =
            fmt::format("expected a line break, ',' or '}}' after the value of '{}', found {}",
                        key.name, describe(q));
        std::string_view word(t.b, t.e - t.b);
        if (value.kind == Value::Kind::Integer || value.kind == Value::Kind::Float) {
            auto sameLetters = [&](std::string_view u) {
                return word.size() == u.size() &&
                       std::equal(word.begin(), word.end(), u.begin(), [](char a, char b) {
                           return std::tolower(static_cast<unsigned char>(a)) ==
                                  std::tolower(static_cast<unsigned char>(b));
                       });
            };
            for (std::string_view u : sizeUnitNames())
                if (sameLetters(u)) {
                    message +=
                        fmt::format("; size units are case-sensitive: did you mean '{}'?", u);
                    break;
                }
            for (std::string_view u : amountUnitNames())
                if (sameLetters(u)) {
                    message +=
                        fmt::format("; amount units are case-sensitive: did you mean '{}'?", u);
                    break;
                }
        }
        error(DiagCode::UnexpectedToken, t, std::move(message));
        p_ = q;
        recover(q);
        return false;
    }

    void parseImport(const char* b, const Identifier& keyword) {
        Value v;
        if (!parseValue(v, keyword))
            return;
        if (v.kind != Value::Kind::String) {
            if (v.kind != Value::Kind::Error)
                error(DiagCode::ExpectedToken, {begin_ + v.range.begin, begin_ + v.range.end},
                      fmt::format("expected a file name string after 'import', found {}",
                                  kindName(v.kind)));
            return;
        }
        if (!stack_.empty()) {
            error(DiagCode::UnexpectedToken, {b, begin_ + v.range.end},
                  "'import' is only allowed at the top level of a file");
            return;
        }
        if (!top_.empty())
            diags_.add(DiagCode::ImportAfterStatement, state_.range(b, begin_ + v.range.end),
                       "imports should come before the first statement");
        file_.imports.push_back(
            {std::string(v.text()), state_.range(b, begin_ + v.range.end), v.range});
        commaAllowed_ = false;
    }

    // ---- Values without X3 ----
    // Most values are a name, a plain string, a number, a size, a duration, `name "version"`, a
    // range of those or a list of them. The scanner recognises them by the grammar's own rules and
    // in its order of alternatives (x3/grammar_def.hpp), first without making anything; then the
    // grammar's own functions make them (Literals.hpp). Everything else — a comment inside the
    // value, an escape, an exponent, an amount, `hh:mm:ss`, anything X3 would report — goes to
    // X3, and after a value the scanner skips and records trivia as X3 does after its values.
    // tests/unit/syntax/ValueScanTests.cpp and fuzz_parser hold the two to the same trees and
    // diagnostics.

    struct ScannedScalar {
        enum class Kind : uint8_t { Identifier, String, Integer, Float, Size, Duration, Versioned };
        Kind kind = Kind::Identifier;
        const char* b = nullptr;
        const char* e = nullptr;        ///< the lexeme's end (a versioned name's: its name's)
        const char* versionB = nullptr; ///< a versioned name's string, quotes included
        const char* versionE = nullptr;
        const char* end() const { return kind == Kind::Versioned ? versionE : e; }
    };
    struct ScannedElement {
        ScannedScalar lo;
        std::optional<ScannedScalar> hi; ///< a range's upper bound
    };

    static bool isDigit(char c) { return hasClass(c, kDigit); }

    // White space, line breaks included (as X3's skipper), but no comment.
    const char* skipSpace(const char* q) const {
        while (q < end_ && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'))
            ++q;
        return q;
    }

    // The end of the string at `q` (its '"') if it has no escape and closes on its line.
    const char* scanPlainString(const char* q) const {
        if (end_ - q >= 3 && q[1] == '"' && q[2] == '"')
            return nullptr; // a text block
        ++q;
        while (q < end_ && !hasClass(*q, kStringStop))
            ++q;
        return q < end_ && *q == '"' ? q + 1 : nullptr;
    }

    // `scalar`: versioned | textBlock | stringLit | duration | size | amount | floatLit |
    // integerLit.
    bool scanScalar(const char* b, ScannedScalar& out) const {
        using K = ScannedScalar::Kind;
        if (b >= end_)
            return false;
        out = {K::Identifier, b, b};
        const char c = *b;
        if (isIdentStart(c)) {
            const char* e = b + 1;
            while (e < end_ && isIdentChar(*e))
                ++e;
            out.e = e;
            // The version string may follow on the next line; after a comment, X3 records it.
            const char* q = skipSpace(e);
            if (q < end_ && *q == '"') {
                out.versionE = scanPlainString(q);
                out.versionB = q;
                out.kind = K::Versioned;
                return out.versionE != nullptr;
            }
            const char* t = afterTrivia(q);
            return !(t < end_ && *t == '"');
        }
        if (c == '"') {
            out.kind = K::String;
            out.e = scanPlainString(b);
            return out.e != nullptr;
        }
        const bool negative = c == '-';
        const char* p = negative ? b + 1 : b;
        if (p >= end_ || !isDigit(*p))
            return false;
        if (!negative) { // duration: +(+digit [dhms]), and no identifier character after it
            const char* q = p;
            const char* groups = nullptr;
            for (;;) {
                const char* g = q;
                while (g < end_ && isDigit(*g))
                    ++g;
                if (g == q || g == end_ || (*g != 'd' && *g != 'h' && *g != 'm' && *g != 's'))
                    break;
                q = groups = g + 1;
            }
            if (groups) {
                out.kind = K::Duration;
                out.e = groups;
                return !(groups < end_ && isIdentChar(*groups));
            }
        }
        const char* q = p + 1; // digitsUs
        while (q < end_ && (isDigit(*q) || *q == '_'))
            ++q;
        if (q < end_ && (*q == ':' || *q == '-'))
            return false; // `hh:mm:ss`, `d-hh:mm:ss`, or no value X3 reads here
        bool fraction = false;
        if (end_ - q >= 2 && q[0] == '.' && isDigit(q[1])) {
            q += 2;
            while (q < end_ && isDigit(*q))
                ++q;
            fraction = true;
        }
        // size: the number, blanks, a size unit and no identifier character after it
        const char* u = skipBlanks(q);
        if (u < end_ && isIdentStart(*u)) {
            const char* ue = u + 1;
            while (ue < end_ && isIdentChar(*ue))
                ++ue;
            const auto& units = sizeUnitNames();
            if (std::find(units.begin(), units.end(), std::string_view(u, ue - u)) == units.end())
                return false; // an amount, an exponent, or no value X3 reads here
            out.kind = K::Size;
            out.e = ue;
            return true;
        }
        if (q < end_ && *q == '.' && !(q + 1 < end_ && q[1] == '.'))
            return false;
        out.kind = fraction ? K::Float : K::Integer;
        out.e = q;
        return true;
    }

    // `element`: scalar >> -(".." > upperBound). Returns its end, or nullptr.
    const char* scanElement(const char* b, ScannedElement& out) const {
        if (!scanScalar(b, out.lo))
            return nullptr;
        out.hi.reset();
        const char* e = out.lo.end();
        const char* t = afterTrivia(e);
        if (!(end_ - t >= 2 && t[0] == '.' && t[1] == '.'))
            return e;
        if (skipSpace(e) != t)
            return nullptr; // a comment before `..`
        ScannedScalar hi;
        if (!scanScalar(skipSpace(t + 2), hi))
            return nullptr;
        const char* after = afterTrivia(hi.end());
        if (after < end_ && *after == '.')
            return nullptr; // `1..2..3`, `1..2.5.`: X3 stops at the bound, the driver reports
        out.hi = hi;
        return hi.end();
    }

    // `value`: list | element, into scanned_ (scannedList_ says which). Returns its end, or
    // nullptr for X3.
    const char* scanValue(const char* b) {
        scanned_.clear();
        scannedList_ = b < end_ && *b == '[';
        if (!scannedList_) {
            ScannedElement element;
            const char* e = scanElement(b, element);
            if (e)
                scanned_.push_back(element);
            return e;
        }
        // listItems: -((element % ',') >> -lit(',')), then ']'
        for (const char* q = b + 1;;) {
            q = skipSpace(q);
            if (q < end_ && *q == ']')
                return q + 1;
            ScannedElement element;
            const char* e = scanElement(q, element);
            if (!e)
                return nullptr;
            scanned_.push_back(element);
            q = skipSpace(e);
            if (q < end_ && *q == ',')
                ++q;
            else if (q < end_ && *q == ']')
                return q + 1;
            else
                return nullptr;
        }
    }

    Value makeScalar(const ScannedScalar& s) {
        using K = ScannedScalar::Kind;
        switch (s.kind) {
        case K::Identifier:
            return parser::makeIdentifier(state_, s.b, s.e);
        case K::String:
            return parser::makeString(state_, s.b, s.e);
        case K::Integer:
            return parser::makeInteger(state_, s.b, s.e);
        case K::Float:
            return parser::makeFloat(state_, s.b, s.e);
        case K::Size:
            return parser::makeSize(state_, s.b, s.e);
        case K::Duration:
            return parser::makeDuration(state_, s.b, s.e);
        case K::Versioned: {
            Value name = parser::makeIdentifier(state_, s.b, s.e);
            return parser::makeVersioned(state_, name,
                                         parser::makeString(state_, s.versionB, s.versionE));
        }
        }
        return {};
    }

    Value makeElement(const ScannedElement& element) {
        Value lo = makeScalar(element.lo);
        if (!element.hi)
            return lo;
        Value hi = makeScalar(*element.hi);
        return parser::makeRange(state_, lo, hi);
    }

    // The value at p_ if the scanner reads it (in the grammar's order of making its parts).
    bool scanAndMakeValue(Value& out) {
        const char* b = skipSpace(p_); // X3 skips the white space before the value too
        const char* e = scanValue(b);
        if (!e)
            return false;
        if (scannedList_) {
            scannedItems_.clear();
            for (const ScannedElement& element : scanned_)
                scannedItems_.push_back(makeElement(element));
            out = parser::makeList(state_, b, e, scannedItems_);
        } else {
            out = makeElement(scanned_.front());
        }
        p_ = parser::skipTrivia(state_, e, end_); // and the comments after it, as X3 does
        if (options_.scannedValues)
            options_.scannedValues->fetch_add(1, std::memory_order_relaxed);
        return true;
    }

    // The first byte at or after `q` that is not whitespace or a (terminated) comment, as X3's
    // skipper sees it; records nothing.
    const char* afterTrivia(const char* q) const {
        while (q < end_) {
            if (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r') {
                ++q;
            } else if (*q == '/' && q + 1 < end_ && q[1] == '/') {
                while (q < end_ && *q != '\n' && *q != '\r')
                    ++q;
            } else if (*q == '/' && q + 1 < end_ && q[1] == '*') {
                const char* close = findBlockCommentEnd(q + 2);
                if (!close)
                    return q;
                q = close;
            } else {
                break;
            }
        }
        return q;
    }

    // Parses one value with the X3 grammar at p_. Returns false after reporting a syntax error (the
    // value is then of kind Error and the input has been skipped to a recovery point).
    bool parseValue(Value& out, const Identifier& key) {
        if (options_.scanValues && scanAndMakeValue(out))
            return true;
        const char* start = p_;
        const char* it = p_;
        state_.stringStart = nullptr;
        try {
            bool ok = x3::phrase_parse(it, end_, parser::value(), parser::skipper(), out);
            if (ok) {
                p_ = it;
                return true;
            }
            const char* at = start;
            while (at < end_ && (*at == ' ' || *at == '\t'))
                ++at;
            out = Value{};
            out.range = state_.range(at, at);
            if (at + 1 < end_ && at[0] == '/' && at[1] == '*') {
                p_ = at;
                skipTrivia(); // reports the unterminated comment
                return false;
            }
            error(DiagCode::ExpectedToken, tokenAt(at),
                  fmt::format("expected a value for '{}', found {}", key.name, describe(at)));
            recover(at);
            return false;
        } catch (const x3::expectation_failure<const char*>& failure) {
            out = Value{};
            const char* where = failure.where();
            out.range = state_.range(start, where);
            reportExpectation(failure.which(), where);
            return false;
        }
    }

    void reportExpectation(const std::string& which, const char* where) {
        if (which == "closing '\"'") {
            const char* open = state_.stringStart ? state_.stringStart : where;
            const char* eol = open;
            while (eol < end_ && *eol != '\n' && *eol != '\r')
                ++eol;
            error(
                DiagCode::UnterminatedString, {open, eol},
                "unterminated string; strings end with '\"' on the same line (use \"\"\" for text "
                "spanning lines)");
            p_ = eol;
            return;
        }
        if (which == "closing '\"\"\"'") {
            const char* open = state_.stringStart ? state_.stringStart : where;
            error(DiagCode::UnterminatedString, {open, open + 3},
                  "unterminated text block; add '\"\"\"' to close it");
            p_ = end_;
            return;
        }
        // X3 reports the position before skipping; the user expects the token that was found. A
        // list may continue on the next line, other expectations may not.
        p_ = where;
        if (which == "',' or ']'")
            skipTrivia();
        else
            p_ = skipBlanks(p_);
        if (stopped_)
            return;
        const char* at = p_;
        // X3 skipped the comments it could; an unterminated one is reported by skipTrivia. A
        // terminated one is passed, so that the error names what follows it.
        while (at + 1 < end_ && at[0] == '/' && at[1] == '*') {
            const char* close = findBlockCommentEnd(at + 2);
            if (!close)
                return;
            at = skipBlanks(close);
        }
        std::string message;
        if (which == "',' or ']'")
            message = fmt::format("expected ',' or ']' in the list, found {}", describe(at));
        else if (which == "upper bound of the range")
            message = fmt::format("expected the upper bound of the range after '..', found {}",
                                  describe(at));
        else
            message = fmt::format("expected {}, found {}", which, describe(at));
        error(DiagCode::ExpectedToken, tokenAt(at), std::move(message));
        recover(at);
    }

    const char* begin_;
    const char* end_;
    uint64_t fileSize_ = 0;
    std::vector<ScannedElement> scanned_; // the value scanned last (reused)
    bool scannedList_ = false;
    std::vector<Value> scannedItems_; // its list's items, made (reused)
    const char* p_;
    ParseState state_;
    Diagnostics& diags_;
    const ParseOptions& options_;
    File file_;
    std::unique_ptr<Arena> arena_ = std::make_unique<Arena>();
    std::vector<Statement> top_;
    struct OpenBlock {
        std::string_view kind; ///< its key (empty for a recovered block)
        SourceRange openBrace;
        Statement::BlockParts* parts;
    };
    std::vector<OpenBlock> stack_;
    std::vector<std::vector<Statement>> scratch_;
    size_t errors_ = 0;
    bool stopped_ = false;
    bool commaAllowed_ = false;
    size_t diagnosticsBefore_ = 0;            ///< the caller's, before this parse
    std::vector<ParseMark> marks_;            ///< one per statement of top_ (when marking_)
    bool marking_ = false;                    ///< ParseOptions::marks, or resuming
    const PreviousParse* previous_ = nullptr; ///< resuming: the old parse
    const Relocation* moved_ = nullptr;       ///< resuming: the move of what follows the edit
    PartInFlight* part_ = nullptr;            ///< parsing in parts: the second thread's
    bool partTaken_ = false;                  ///< joinedPart took it
};

PartInFlight::PartInFlight(const SourceManager& sm, FileId file, const ParseOptions& options,
                           uint32_t from)
    : options_(options), from_(from) {
    thread_ = std::thread([this, &sm, file] {
        try {
            Driver driver(sm, file, part_.diags, options_);
            bool stopped = false;
            part_.from = from_;
            part_.tree = driver.runPart(from_, part_.statements, part_.errors, stopped);
            part_.usable = !stopped;
        } catch (const std::exception&) {
            part_.usable = false; // the first thread parses on alone
        }
    });
}

} // namespace

File reparse(const SourceManager& sm, FileId file, const PreviousParse& previous,
             Diagnostics& diags, const ParseOptions& options, bool* resumed) {
    if (resumed)
        *resumed = false;
    Diagnostics found;
    try {
        Driver driver(sm, file, found, options);
        if (auto tree = driver.resume(previous)) {
            for (Diagnostic& d : found.items())
                diags.items().push_back(std::move(d));
            if (resumed)
                *resumed = true;
            return std::move(*tree);
        }
    } catch (const std::exception&) {
        // parsed again below, where a failure is reported
    }
    ParseOptions marked = options; // the result is the next version's previous parse
    marked.marks = true;
    return parse(sm, file, diags, marked);
}

File parse(const SourceManager& sm, FileId file, Diagnostics& diags, const ParseOptions& options,
           bool* inParts) {
    if (inParts)
        *inParts = false;
    Driver driver(sm, file, diags, options);
    std::optional<PartInFlight> part;
    const std::string_view text = sm.text(file);
    if (options.threads > 1 && text.size() >= kPartBytes &&
        text.size() <= std::min<uint64_t>(options.maxBytes, maxFileBytes))
        if (const uint32_t from = partStart(text)) {
            try {
                part.emplace(sm, file, options, from);
                driver.joinPartAt(&*part);
            } catch (const std::system_error&) {
                // no thread to be had: one thread parses it all
            }
        }
    try {
        File tree = driver.run();
        if (inParts)
            *inParts = driver.joinedPartTaken();
        return tree;
    } catch (const std::exception& e) {
        // Nothing should reach here; if it does, the user still gets a diagnostic, never a crash.
        File f;
        f.file = file;
        diags.add(DiagCode::UnexpectedToken, {file, 0, 0},
                  fmt::format("internal parser error: {}", e.what()));
        return f;
    }
}

} // namespace modak::syntax
