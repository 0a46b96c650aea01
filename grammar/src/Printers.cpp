// SPDX-License-Identifier: Apache-2.0
#include "modak/diag/Printers.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>

namespace modak {

namespace {

using nlohmann::ordered_json;

// Display width of a byte prefix: one column per UTF-8 code point, tabs kept as tabs by the caller.
size_t displayColumns(std::string_view s) {
    size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80)
            ++n;
    return n;
}

// Whether the byte shows as itself in a snippet: printable ASCII or a tab.
bool plainByte(unsigned char c) {
    return (c >= 0x20 && c < 0x7F) || c == '\t';
}

// Line `line` (1-based) of the source and a caret line underlining [begin, end) on it (clipped to
// that line, the one `begin` is on).
void appendSnippet(std::string& out, const SourceBuffer& buf, uint32_t line1, uint32_t begin,
                   uint32_t end) {
    const uint32_t lineStart = buf.lineStarts[line1 - 1];
    std::string_view line = buf.line(line1);
    size_t col = std::min<size_t>(begin - lineStart, line.size());
    size_t endCol = std::clamp<size_t>(end > begin ? end - lineStart : col + 1, col + 1,
                                       std::max(line.size(), col + 1));
    // Very long lines (minified or generated input) are shown as a window around the caret.
    constexpr size_t maxShown = 160, before = 60;
    std::string_view prefix, suffix;
    if (line.size() > maxShown) {
        size_t from = col > before ? col - before : 0;
        while (from > 0 && (static_cast<unsigned char>(line[from]) & 0xC0) == 0x80)
            --from;
        size_t to = std::min(line.size(), from + maxShown);
        while (to < line.size() && (static_cast<unsigned char>(line[to]) & 0xC0) == 0x80)
            ++to;
        if (from > 0)
            prefix = "...";
        if (to < line.size())
            suffix = "...";
        line = line.substr(from, to - from);
        col -= from;
        endCol = std::min(endCol - from, std::max(line.size(), col + 1));
    }
    // Control bytes and invalid UTF-8 would garble a terminal; show each such byte as '?' so the
    // caret line (one column per byte or code point) stays aligned.
    out += prefix;
    for (size_t i = 0; i < line.size();) {
        size_t run = i;
        while (run < line.size() && plainByte(static_cast<unsigned char>(line[run])))
            ++run;
        out.append(line.data() + i, run - i);
        if ((i = run) == line.size())
            break;
        auto c = static_cast<unsigned char>(line[i]);
        size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
        bool valid = n > 0 && i + n <= line.size();
        for (size_t k = 1; valid && k < n; ++k)
            valid = (static_cast<unsigned char>(line[i + k]) & 0xC0) == 0x80;
        if (!valid || (c < 0x20 && c != '\t') || c == 0x7F) {
            out.push_back('?');
            ++i;
            continue;
        }
        out.append(line.substr(i, n));
        i += n;
    }
    out += suffix;
    out += '\n';
    out.append(prefix.size(), ' ');
    for (size_t i = 0; i < col; ++i)
        if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80)
            out.push_back(line[i] == '\t' ? '\t' : ' ');
    out.push_back('^');
    size_t width =
        endCol > col ? displayColumns(line.substr(col, std::min(endCol, line.size()) - col)) : 1;
    if (endCol > line.size())
        width += endCol - line.size();
    if (width > 1)
        out.append(width - 1, '~');
    out += '\n';
}

void appendNumber(std::string& out, uint32_t n) {
    char digits[16];
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    out.append(digits, end);
}

const char* colorOf(Severity s) {
    switch (s) {
    case Severity::Note:
        return "\x1b[1;36m";
    case Severity::Warning:
        return "\x1b[1;35m";
    default:
        return "\x1b[1;31m";
    }
}

ordered_json rangeJson(const SourceManager& sm, const SourceRange& r) {
    ordered_json j;
    if (!r.file.valid())
        return j;
    const SourceBuffer& buf = sm.buffer(r.file);
    LineColumn b = buf.lineColumn(r.begin), e = buf.lineColumn(r.end);
    j["file"] = buf.path;
    j["line"] = b.line;
    j["column"] = b.column;
    j["endLine"] = e.line;
    j["endColumn"] = e.column;
    j["offset"] = r.begin;
    j["length"] = r.end - r.begin;
    return j;
}

// JSON strings must be valid UTF-8; messages quote user text that may not be.
constexpr auto kReplace = nlohmann::json::error_handler_t::replace;

} // namespace

std::string renderText(const SourceManager& sm, std::span<const Diagnostic> diags,
                       const TextPrintOptions& options) {
    std::string out;
    // `file:line:column: severity: message [code]`, then the source line and its carets; written
    // in place, the line found once (a check of a large file prints tens of thousands).
    auto header = [&](const SourceRange& r, Severity s, std::string_view msg,
                      std::string_view code) {
        const SourceBuffer* buf = r.file.valid() ? &sm.buffer(r.file) : nullptr;
        const LineColumn lc = buf ? buf->lineColumn(r.begin) : LineColumn{};
        if (options.color)
            out += "\x1b[1m";
        if (buf) {
            out += buf->path;
            out += ':';
            appendNumber(out, lc.line);
            out += ':';
            appendNumber(out, lc.column);
        } else {
            out += "modak";
        }
        out += ':';
        if (options.color) {
            out += "\x1b[0m ";
            out += colorOf(s);
            out += severityName(s);
            out += ":\x1b[0m \x1b[1m";
            out += msg;
            out += "\x1b[0m";
        } else {
            out += ' ';
            out += severityName(s);
            out += ": ";
            out += msg;
        }
        if (!code.empty()) {
            out += " [";
            out += code;
            out += ']';
        }
        out += '\n';
        if (options.showSource && buf)
            appendSnippet(out, *buf, lc.line, r.begin, r.end);
    };
    for (const Diagnostic& d : diags) {
        header(d.range, d.severity, d.message, diagInfo(d.code).name);
        for (const DiagNote& n : d.notes)
            header(n.range, Severity::Note, n.message, {});
    }
    return out;
}

std::string renderJson(const SourceManager& sm, std::span<const Diagnostic> diags) {
    ordered_json arr = ordered_json::array();
    for (const Diagnostic& d : diags) {
        ordered_json j = rangeJson(sm, d.range);
        j["severity"] = severityName(d.severity);
        j["code"] = diagInfo(d.code).name;
        j["message"] = d.message;
        ordered_json notes = ordered_json::array();
        for (const DiagNote& n : d.notes) {
            ordered_json nj = rangeJson(sm, n.range);
            nj["message"] = n.message;
            notes.push_back(std::move(nj));
        }
        j["notes"] = std::move(notes);
        ordered_json fixes = ordered_json::array();
        for (const Fix& f : d.fixes) {
            ordered_json edits = ordered_json::array();
            for (const TextEdit& e : f.edits) {
                ordered_json ej = rangeJson(sm, e.range);
                ej["text"] = e.text;
                edits.push_back(std::move(ej));
            }
            fixes.push_back({{"title", f.title}, {"edits", std::move(edits)}});
        }
        j["fixes"] = std::move(fixes);
        arr.push_back(std::move(j));
    }
    return arr.dump(2, ' ', false, kReplace) + "\n";
}

std::string renderSarif(const SourceManager& sm, std::span<const Diagnostic> diags,
                        std::string_view toolVersion) {
    auto sarifLevel = [](Severity s) {
        switch (s) {
        case Severity::Note:
            return "note";
        case Severity::Warning:
            return "warning";
        case Severity::Ignored:
            return "none";
        default:
            return "error";
        }
    };
    auto sarifLocation = [&](const SourceRange& r) {
        const SourceBuffer& buf = sm.buffer(r.file);
        // SARIF columns count code points (columnKind below), not bytes.
        auto column = [&](uint32_t offset) {
            LineColumn lc = buf.lineColumn(offset);
            uint32_t start = buf.lineStarts[lc.line - 1];
            return std::pair{
                lc.line,
                displayColumns(std::string_view(buf.text).substr(start, offset - start)) + 1};
        };
        auto [bl, bc] = column(r.begin);
        auto [el, ec] = column(std::max(r.end, r.begin));
        ordered_json region = {{"startLine", bl},       {"startColumn", bc},
                               {"endLine", el},         {"endColumn", ec},
                               {"byteOffset", r.begin}, {"byteLength", r.end - r.begin}};
        return ordered_json{
            {"physicalLocation", {{"artifactLocation", {{"uri", buf.path}}}, {"region", region}}}};
    };

    ordered_json rules = ordered_json::array();
    for (const DiagInfo& info : allDiagInfos()) {
        rules.push_back({{"id", info.name},
                         {"shortDescription", {{"text", info.summary}}},
                         {"defaultConfiguration", {{"level", sarifLevel(info.defaultSeverity)}}}});
    }
    ordered_json results = ordered_json::array();
    for (const Diagnostic& d : diags) {
        ordered_json r;
        r["ruleId"] = diagInfo(d.code).name;
        r["ruleIndex"] = static_cast<size_t>(d.code);
        r["level"] = sarifLevel(d.severity);
        r["message"] = {{"text", d.message}};
        if (d.range.file.valid())
            r["locations"] = ordered_json::array({sarifLocation(d.range)});
        if (!d.notes.empty()) {
            ordered_json related = ordered_json::array();
            for (const DiagNote& n : d.notes) {
                if (!n.range.file.valid())
                    continue;
                ordered_json loc = sarifLocation(n.range);
                loc["message"] = {{"text", n.message}};
                related.push_back(std::move(loc));
            }
            r["relatedLocations"] = std::move(related);
        }
        results.push_back(std::move(r));
    }
    ordered_json log = {
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"version", "2.1.0"},
        {"runs",
         ordered_json::array({{{"tool",
                                {{"driver",
                                  {{"name", "modak"},
                                   {"version", toolVersion},
                                   {"informationUri", "https://github.com/modak-project/modak"},
                                   {"rules", rules}}}}},
                               {"columnKind", "unicodeCodePoints"},
                               {"results", results}}})}};
    return log.dump(2, ' ', false, kReplace) + "\n";
}

} // namespace modak
