// SPDX-License-Identifier: Apache-2.0
// The canonical formatter (docs/language.md §6). It prints the tree, not the text: every token is
// re-emitted from the AST (literals that are canonical as written are copied from their source
// range), and every comment of File::comments is placed relative to the tokens around it.
//
// Layout model. A *sequence* is the list of siblings between two delimiters: the top level of the
// file, the statements of an expanded block, or the elements of an expanded list. Each comment in a
// sequence (outside its items) is attached to a neighbouring item:
//   - trailing: it starts on the line where the previous item (or the opening `{`/`[`) ends;
//   - prefix:   a block comment on its own line that the next item follows on the same line;
//   - leading:  any other comment before an item (own-line; comments chained on the same line after
//               it stay on that line);
//   - end:      comments after the last item, before the closing delimiter or the end of the file.
// Comments inside an item (between the tokens of one statement or value) are printed inline where
// they occur; a line comment there ends the line and the statement continues one level deeper.
//
// Trailing comments keep the column they were written at when the code before them is shorter, so
// hand-aligned comments stay aligned; otherwise they follow after one space. This is idempotent:
// the output column becomes the next run's source column.
#include "modak/syntax/Formatter.h"

#include "modak/syntax/Lexical.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>

namespace modak::syntax {

namespace {

constexpr unsigned kTabStop = 4;

/// Column after printing `text` from column `col` (tabs to the next multiple of kTabStop, one
/// column per UTF-8 code point, a line end resets).
unsigned advance(unsigned col, std::string_view text) {
    for (unsigned char c : text) {
        if (c == '\n')
            col = 0;
        else if (c == '\t')
            col = (col / kTabStop + 1) * kTabStop;
        else if ((c & 0xC0) != 0x80)
            ++col;
    }
    return col;
}

/// Code points that are invisible or reorder text (bidi controls, zero-width and format characters,
/// C1 controls, noncharacters, tag characters): printed raw they would hide what a string says.
bool isHiddenCodePoint(uint32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0xAD || cp == 0x34F || cp == 0x61C || cp == 0x115F ||
           cp == 0x1160 || cp == 0x17B4 || cp == 0x17B5 || (cp >= 0x180B && cp <= 0x180F) ||
           (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
           (cp >= 0x2060 && cp <= 0x206F) || cp == 0x3164 || cp == 0xFEFF || cp == 0xFFA0 ||
           (cp >= 0xFFF0 && cp <= 0xFFFB) || (cp >= 0xFDD0 && cp <= 0xFDEF) ||
           (cp & 0xFFFE) == 0xFFFE || (cp >= 0xE0000 && cp <= 0xE0FFF);
}

/// The canonical string literal: quoteString's escapes, and hidden code points as \u{X} so that the
/// formatted text shows them (a `\u{202E}` written by the user is not turned into a raw one).
std::string canonicalString(std::string_view s) {
    std::string out;
    size_t i = 0;
    size_t plainFrom = 0;
    auto flushPlain = [&](size_t upTo) {
        if (upTo > plainFrom) {
            std::string q = quoteString(s.substr(plainFrom, upTo - plainFrom));
            out.append(q, 1, q.size() - 2);
        }
    };
    while (i < s.size()) {
        auto c = static_cast<unsigned char>(s[i]);
        size_t n = c < 0x80             ? 1
                   : (c & 0xE0) == 0xC0 ? 2
                   : (c & 0xF0) == 0xE0 ? 3
                   : (c & 0xF8) == 0xF0 ? 4
                                        : 1;
        if (n == 1 || i + n > s.size()) {
            ++i;
            continue;
        }
        uint32_t cp = n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
        for (size_t k = 1; k < n; ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
        if (isHiddenCodePoint(cp)) {
            flushPlain(i);
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\u{%X}", static_cast<unsigned>(cp));
            out += buf;
            plainFrom = i + n;
        }
        i += n;
    }
    flushPlain(s.size());
    return "\"" + out + "\"";
}

/// A line break as the lexer sees one: a line comment also ends at a lone carriage return.
bool hasNewline(std::string_view s) {
    return s.find_first_of("\n\r") != std::string_view::npos;
}

size_t countNewlines(std::string_view s) {
    return static_cast<size_t>(std::count(s.begin(), s.end(), '\n'));
}

/// One sibling of a sequence, with the comments attached to it.
struct Entry {
    uint32_t begin = 0;
    uint32_t end = 0;
    int group = 0; ///< top level: 0 header, 1 import, 2 attribute, 3 block (order and blank lines)
    std::function<void()> render;

    struct Lead {
        size_t comment;
        bool blankBefore;
        bool sameLine; ///< continues the line of the previous leading comment
    };
    std::vector<Lead> leading;
    std::vector<size_t> prefix;
    std::vector<size_t> trailing;
    bool blankBefore = false;
};

/// Comments attached to the sequence itself rather than to an item.
struct SequenceEdges {
    std::vector<size_t> headTrailing;    ///< on the line of the opening delimiter
    std::vector<Entry::Lead> endLeading; ///< after the last item
};

class Formatter {
public:
    Formatter(const File& file, std::string_view source, const FormatOptions& options)
        : file_(file), src_(source), opt_(options) {
        comments_ = file.comments;
        std::stable_sort(
            comments_.begin(), comments_.end(),
            [](const Comment& a, const Comment& b) { return a.range.begin < b.range.begin; });
        comments_.erase(std::unique(comments_.begin(), comments_.end(),
                                    [](const Comment& a, const Comment& b) {
                                        return a.range.begin == b.range.begin;
                                    }),
                        comments_.end());
        // Drop anything that does not lie in the buffer (defensive: never read out of bounds).
        std::erase_if(comments_, [&](const Comment& c) {
            return c.range.end > src_.size() || c.range.begin >= c.range.end;
        });
        done_.assign(comments_.size(), false);
    }

    std::string run() {
        uint32_t start = src_.size() >= 3 && src_.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
        std::vector<Entry> entries;
        if (file_.headerRange.end > file_.headerRange.begin) {
            Entry e;
            e.begin = file_.headerRange.begin;
            e.end = file_.headerRange.end;
            e.group = 0;
            e.render = [this] { renderHeader(); };
            entries.push_back(std::move(e));
        }
        for (const Import& imp : file_.imports) {
            Entry e;
            e.begin = imp.range.begin;
            e.end = imp.range.end;
            e.group = 1;
            e.render = [this, &imp] { renderImport(imp); };
            entries.push_back(std::move(e));
        }
        for (const Statement& s : file_.statements) {
            Entry e;
            e.begin = s.range().begin;
            e.end = s.range().end;
            e.group = s.kind() == Statement::Kind::Block ? 3 : 2;
            e.render = [this, &s] { renderStatement(s); };
            entries.push_back(std::move(e));
        }
        // Attach comments in source order, then print in canonical order (header, imports,
        // statements); only an import written after a statement moves.
        std::stable_sort(entries.begin(), entries.end(),
                         [](const Entry& a, const Entry& b) { return a.begin < b.begin; });
        SequenceEdges edges = attach(entries, start, static_cast<uint32_t>(src_.size()), false);
        std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
            return std::min(a.group, 2) < std::min(b.group, 2);
        });
        indent_ = 0;
        renderSequence(entries, edges, true);

        // Safety net: a comment the layout did not place is still printed, never lost.
        for (size_t i = 0; i < comments_.size(); ++i) {
            if (!done_[i]) {
                startLine(false);
                writeComment(i);
            }
        }
        while (!out_.empty() && (out_.back() == '\n' || out_.back() == ' '))
            out_.pop_back();
        if (!out_.empty())
            out_ += '\n';
        return std::move(out_);
    }

private:
    // ---- Source helpers ----------------------------------------------------------------------
    std::string_view text(uint32_t b, uint32_t e) const {
        if (b > src_.size())
            b = static_cast<uint32_t>(src_.size());
        if (e > src_.size())
            e = static_cast<uint32_t>(src_.size());
        if (e < b)
            e = b;
        return src_.substr(b, e - b);
    }
    std::string_view text(const SourceRange& r) const { return text(r.begin, r.end); }

    /// Source column of byte `pos` (same measure as the output column).
    unsigned sourceColumn(uint32_t pos) const {
        size_t lineStart = pos == 0 ? std::string_view::npos : src_.rfind('\n', pos - 1);
        lineStart = lineStart == std::string_view::npos ? 0 : lineStart + 1;
        if (lineStart == 0 && src_.substr(0, 3) == "\xEF\xBB\xBF" && pos >= 3)
            lineStart = 3;
        return advance(0, text(static_cast<uint32_t>(lineStart), pos));
    }

    /// Position of punctuation `ch` in [from, to), skipping whitespace and comments; `to` if
    /// absent.
    uint32_t findPunct(uint32_t from, uint32_t to, char ch) const {
        uint32_t p = from;
        while (p < to && p < src_.size()) {
            char c = src_[p];
            if (c == ch)
                return p;
            if (c == '/' && p + 1 < src_.size() && src_[p + 1] == '/') {
                while (p < src_.size() && src_[p] != '\n' && src_[p] != '\r')
                    ++p;
                continue;
            }
            if (c == '/' && p + 1 < src_.size() && src_[p + 1] == '*') {
                size_t close = src_.find("*/", p + 2);
                p = close == std::string_view::npos ? static_cast<uint32_t>(src_.size())
                                                    : static_cast<uint32_t>(close + 2);
                continue;
            }
            ++p;
        }
        return to;
    }

    /// Index of the first comment starting at or after `pos`.
    size_t firstCommentFrom(uint32_t pos) const {
        auto it = std::lower_bound(comments_.begin(), comments_.end(), pos,
                                   [](const Comment& c, uint32_t p) { return c.range.begin < p; });
        return static_cast<size_t>(it - comments_.begin());
    }

    bool hasCommentIn(uint32_t b, uint32_t e) const {
        size_t i = firstCommentFrom(b);
        return i < comments_.size() && comments_[i].range.begin < e;
    }

    std::string commentText(size_t i) const {
        const Comment& c = comments_[i];
        std::string_view t = text(c.range);
        std::string s;
        s.reserve(t.size());
        for (size_t k = 0; k < t.size(); ++k) {
            if (t[k] == '\r' && k + 1 < t.size() && t[k + 1] == '\n')
                continue; // CRLF inside block comments becomes LF
            s.push_back(t[k]);
        }
        if (!c.isBlock)
            while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
                s.pop_back();
        return s;
    }

    // ---- Output helpers ----------------------------------------------------------------------
    unsigned column() const {
        size_t nl = out_.rfind('\n');
        size_t lineStart = nl == std::string::npos ? 0 : nl + 1;
        return advance(0, std::string_view(out_).substr(lineStart));
    }

    bool atLineStart() const {
        for (size_t i = out_.size(); i > 0; --i) {
            char c = out_[i - 1];
            if (c == '\n')
                return true;
            if (c != ' ')
                return false;
        }
        return true;
    }

    void write(std::string_view s) { out_ += s; }

    void writeIndent(unsigned level) {
        out_.append(static_cast<size_t>(level) * opt_.indentWidth, ' ');
    }

    /// Ends the current line (if any text is on it), adds a blank line when asked, and indents.
    void startLine(bool blank) {
        if (!out_.empty()) {
            while (!out_.empty() && out_.back() == ' ')
                out_.pop_back();
            if (!out_.empty() && out_.back() != '\n')
                out_ += '\n';
            if (blank && !out_.empty())
                out_ += '\n';
        }
        writeIndent(indent_);
    }

    void writeComment(size_t i) {
        write(commentText(i));
        done_[i] = true;
    }

    /// A comment at the end of the current line. Written after one space, it gets one space;
    /// written further out (aligned by hand), it keeps its source column when the code before it is
    /// shorter.
    void appendTrailing(size_t i) {
        uint32_t b = comments_[i].range.begin;
        uint32_t p = b;
        while (p > 0 && (src_[p - 1] == ' ' || src_[p - 1] == '\t'))
            --p;
        unsigned want = sourceColumn(b);
        unsigned have = column();
        if (want > sourceColumn(p) + 1 && have < want)
            out_.append(want - have, ' ');
        else
            out_ += ' ';
        writeComment(i);
    }

    /// Prints the comments inside the current item that start before `pos` and are not printed yet.
    void flushInner(uint32_t lo, uint32_t pos) {
        for (size_t i = firstCommentFrom(lo);
             i < comments_.size() && comments_[i].range.begin < pos; ++i) {
            if (done_[i])
                continue;
            if (!atLineStart() && out_.back() != ' ')
                out_ += ' ';
            writeComment(i);
            if (!comments_[i].isBlock) {
                out_ += '\n';
                writeIndent(indent_ + 1);
                pendingSpace_ = false;
            } else {
                pendingSpace_ = true;
            }
        }
    }

    /// Prints one token at source position `pos`, after any inner comments before it.
    void token(uint32_t lo, uint32_t pos, std::string_view t, bool spaceBefore) {
        flushInner(lo, pos);
        if ((spaceBefore || pendingSpace_) && !atLineStart() && out_.back() != ' ')
            out_ += ' ';
        pendingSpace_ = false;
        write(t);
    }

    // ---- Attachment --------------------------------------------------------------------------
    /// Attaches the comments of [rb, re) outside the items to the items (sorted by source
    /// position). `lineOpen`: the opening delimiter ends on rb's line, so comments there trail it.
    SequenceEdges attach(std::vector<Entry>& entries, uint32_t rb, uint32_t re, bool lineOpen) {
        SequenceEdges edges;
        uint32_t gapStart = rb;
        size_t ci = firstCommentFrom(rb);
        for (size_t i = 0; i <= entries.size(); ++i) {
            uint32_t next = i < entries.size() ? entries[i].begin : re;
            std::vector<size_t>* trailing = i > 0 ? &entries[i - 1].trailing : &edges.headTrailing;
            bool canTrail = i > 0 || lineOpen;
            uint32_t lastEnd = gapStart;
            std::vector<Entry::Lead> leads;
            for (; ci < comments_.size() && comments_[ci].range.begin < next; ++ci) {
                const Comment& c = comments_[ci];
                if (c.range.begin < gapStart)
                    continue;
                bool sameLine = !hasNewline(text(lastEnd, c.range.begin));
                if (canTrail && sameLine && leads.empty()) {
                    trailing->push_back(ci);
                } else if (!leads.empty() && sameLine) {
                    leads.push_back({ci, false, true});
                } else {
                    bool blank = countNewlines(text(lastEnd, c.range.begin)) >= 2;
                    leads.push_back({ci, blank, false});
                    canTrail = true;
                }
                lastEnd = c.range.end;
            }
            if (i == entries.size()) {
                edges.endLeading = std::move(leads);
                break;
            }
            Entry& e = entries[i];
            // Block comments that the item follows on the same line print before it on its line.
            uint32_t follow = e.begin;
            while (!leads.empty()) {
                const Comment& c = comments_[leads.back().comment];
                if (!c.isBlock || hasNewline(text(c.range.end, follow)))
                    break;
                e.prefix.insert(e.prefix.begin(), leads.back().comment);
                follow = c.range.begin;
                bool wasChained = leads.back().sameLine;
                bool blank = leads.back().blankBefore;
                leads.pop_back();
                if (!wasChained) {
                    e.blankBefore = blank;
                    break;
                }
            }
            if (e.prefix.empty())
                e.blankBefore = countNewlines(text(lastEnd, e.begin)) >= 2;
            e.leading = std::move(leads);
            // Skip comments inside the item: the item prints them.
            while (ci < comments_.size() && comments_[ci].range.begin < e.end)
                ++ci;
            gapStart = e.end;
        }
        return edges;
    }

    /// Prints a sequence; the line of the opening delimiter (if any) is still open on entry, and
    /// the line of the last thing printed is still open on exit.
    void renderSequence(std::vector<Entry>& entries, const SequenceEdges& edges, bool topLevel) {
        for (size_t c : edges.headTrailing)
            appendTrailing(c);
        bool first = true;
        const Entry* prev = nullptr;
        auto lineFor = [&](bool blank) {
            startLine(blank && !first);
            first = false;
        };
        auto leadingComments = [&](const std::vector<Entry::Lead>& leads, bool forced) {
            bool firstLead = true;
            for (const Entry::Lead& l : leads) {
                if (l.sameLine && !firstLead) {
                    appendTrailing(l.comment);
                    continue;
                }
                lineFor(l.blankBefore || (firstLead && forced));
                firstLead = false;
                writeComment(l.comment);
            }
            return !firstLead;
        };
        for (Entry& e : entries) {
            bool forced = false;
            if (topLevel && prev)
                forced = prev->group == 3 || e.group == 3; // a blank line around top-level blocks
            bool hadLeading = leadingComments(e.leading, forced);
            lineFor(e.blankBefore || (!hadLeading && forced));
            for (size_t c : e.prefix) {
                writeComment(c);
                write(" ");
            }
            e.render();
            for (size_t c : e.trailing)
                appendTrailing(c);
            prev = &e;
        }
        leadingComments(edges.endLeading, false);
    }

    // ---- Items -------------------------------------------------------------------------------
    void renderHeader() {
        uint32_t lo = file_.headerRange.begin;
        uint32_t end = file_.headerRange.end;
        uint32_t version = end;
        while (version > lo + 5 && src_[version - 1] != ' ' && src_[version - 1] != '\t' &&
               src_[version - 1] != '\n' && src_[version - 1] != '\r' && src_[version - 1] != '/')
            --version;
        token(lo, lo, "modak", false);
        token(lo, version, text(version, end), true);
        pendingSpace_ = false;
    }

    void renderImport(const Import& imp) {
        uint32_t lo = imp.range.begin;
        token(lo, imp.range.begin, "import", false);
        token(lo, imp.pathRange.begin, canonicalString(imp.path), true);
        pendingSpace_ = false;
    }

    void renderStatement(const Statement& s) {
        uint32_t lo = s.range().begin;
        token(lo, s.key().range.begin, s.key().name, false);
        if (s.kind() == Statement::Kind::Attribute) {
            uint32_t eq = findPunct(s.key().range.end, s.value().range.begin, '=');
            token(lo, eq, "=", true);
            renderValue(s.value(), lo, true);
            pendingSpace_ = false;
            return;
        }
        if (s.name())
            token(lo, s.name()->range.begin, s.name()->name, true);
        uint32_t bodyBegin = s.openBrace().end;
        uint32_t bodyEnd =
            s.closeBrace().end > s.closeBrace().begin ? s.closeBrace().begin : s.range().end;
        bool bodyHasComments = hasCommentIn(bodyBegin, bodyEnd);
        if (s.body().empty() && !bodyHasComments) {
            token(lo, s.openBrace().begin, "{}", true);
            pendingSpace_ = false;
            return;
        }
        token(lo, s.openBrace().begin, "{", true);
        pendingSpace_ = false;
        if (s.singleLine() && !bodyHasComments &&
            std::all_of(s.body().begin(), s.body().end(), [](const Statement& c) {
                return c.kind() == Statement::Kind::Attribute;
            })) {
            std::string flat = " ";
            for (size_t i = 0; i < s.body().size(); ++i) {
                if (i)
                    flat += ", ";
                flat += flatAttribute(s.body()[i]);
            }
            flat += " }";
            if (fits(flat)) {
                write(flat);
                return;
            }
        }
        std::vector<Entry> entries;
        for (const Statement& c : s.body()) {
            Entry e;
            e.begin = c.range().begin;
            e.end = c.range().end;
            e.render = [this, &c] { renderStatement(c); };
            entries.push_back(std::move(e));
        }
        // Expanding a one-line block: its comments move into the body rather than trail the `{`.
        SequenceEdges edges = attach(entries, bodyBegin, bodyEnd, !s.singleLine());
        ++indent_;
        renderSequence(entries, edges, false);
        --indent_;
        startLine(false);
        write("}");
    }

    bool fits(std::string_view rest) const {
        return !hasNewline(rest) && advance(column(), rest) <= opt_.maxLineWidth;
    }

    // ---- Values ------------------------------------------------------------------------------
    std::string scalarText(const Value& v) const {
        switch (v.kind) {
        case Value::Kind::String:
            return canonicalString(v.text());
        case Value::Kind::Identifier:
            return std::string(v.text());
        case Value::Kind::Versioned:
            return std::string(v.text()) + " " + canonicalString(v.version());
        case Value::Kind::Size: {
            std::string_view t = text(v.range);
            size_t unitStart = t.size();
            while (unitStart > 0 && std::isalpha(static_cast<unsigned char>(t[unitStart - 1])))
                --unitStart;
            std::string_view amount = t.substr(0, unitStart);
            while (!amount.empty() && (amount.back() == ' ' || amount.back() == '\t'))
                amount.remove_suffix(1);
            return std::string(amount) + " " + std::string(t.substr(unitStart));
        }
        case Value::Kind::Amount: {
            // The amount as written, one space, the unit ("5000USD" is "5000 USD").
            std::string_view t = text(v.range);
            std::string_view unit = v.unit();
            std::string_view amount = t.substr(0, t.size() - unit.size());
            while (!amount.empty() && (amount.back() == ' ' || amount.back() == '\t'))
                amount.remove_suffix(1);
            return std::string(amount) + " " + std::string(unit);
        }
        case Value::Kind::List:
        case Value::Kind::Range:
            return flatValue(v);
        default:
            return std::string(
                text(v.range)); // numbers, durations, booleans, text blocks: as written
        }
    }

    std::string flatValue(const Value& v) const {
        if (v.kind == Value::Kind::List) {
            std::string s = "[";
            for (size_t i = 0; i < v.items().size(); ++i) {
                if (i)
                    s += ", ";
                s += flatValue(v.items()[i]);
            }
            return s + "]";
        }
        if (v.kind == Value::Kind::Range && v.items().size() == 2)
            return flatValue(v.items()[0]) + ".." + flatValue(v.items()[1]);
        return scalarText(v);
    }

    std::string flatAttribute(const Statement& s) const {
        return std::string(s.key().name) + " = " + flatValue(s.value());
    }

    void renderValue(const Value& v, uint32_t lo, bool spaceBefore) {
        switch (v.kind) {
        case Value::Kind::List:
            renderList(v, lo, spaceBefore);
            return;
        case Value::Kind::Range:
            if (v.items().size() == 2) {
                renderValue(v.items()[0], lo, spaceBefore);
                uint32_t dots = findPunct(v.items()[0].range.end, v.items()[1].range.begin, '.');
                token(lo, dots, "..", false);
                renderValue(v.items()[1], lo, false);
                return;
            }
            break;
        case Value::Kind::Versioned:
            token(lo, v.range.begin, v.text(), spaceBefore);
            token(lo, v.versionRange().begin, canonicalString(v.version()), true);
            return;
        default:
            break;
        }
        token(lo, v.range.begin, scalarText(v), spaceBefore);
    }

    void renderList(const Value& v, uint32_t lo, bool spaceBefore) {
        uint32_t open = v.range.begin;
        uint32_t close = v.range.end > v.range.begin ? v.range.end - 1 : v.range.end;
        token(lo, open, "[", spaceBefore);
        pendingSpace_ = false;
        if (!hasCommentIn(open + 1, close)) {
            std::string rest = flatValue(v).substr(1);
            if (fits(rest)) {
                write(rest);
                return;
            }
        }
        std::vector<Entry> entries;
        for (const Value& item : v.items()) {
            Entry e;
            e.begin = item.range.begin;
            e.end = item.range.end;
            e.render = [this, &item] {
                renderValue(item, item.range.begin, false);
                pendingSpace_ = false;
                write(",");
            };
            entries.push_back(std::move(e));
        }
        bool writtenOnOneLine = !hasNewline(text(open, close));
        SequenceEdges edges = attach(entries, open + 1, close, !writtenOnOneLine);
        unsigned saved = indent_;
        ++indent_;
        renderSequence(entries, edges, false);
        indent_ = saved;
        startLine(false);
        write("]");
    }

    const File& file_;
    std::string_view src_;
    FormatOptions opt_;
    std::vector<Comment> comments_;
    std::vector<bool> done_;
    std::string out_;
    unsigned indent_ = 0;
    bool pendingSpace_ = false;
};

} // namespace

std::string format(const File& file, std::string_view source, const FormatOptions& options) {
    FormatOptions opt = options;
    if (opt.indentWidth == 0)
        opt.indentWidth = 2;
    return Formatter(file, source, opt).run();
}

} // namespace modak::syntax
