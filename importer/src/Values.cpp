// SPDX-License-Identifier: Apache-2.0
#include "Values.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <regex>

namespace modak::importer {

namespace {

// Parses a run of at most 15 digits (so the sum of parts cannot overflow).
std::optional<int64_t> digits(const std::string& s) {
    if (s.empty() || s.size() > 15)
        return std::nullopt;
    int64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9')
            return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

std::optional<DurationValue> combine(const std::smatch& m,
                                     std::initializer_list<std::pair<int, int64_t>> parts,
                                     int fractionGroup) {
    DurationValue d;
    for (auto [group, unit] : parts) {
        if (!m[group].matched)
            continue;
        auto v = digits(m[group].str());
        if (!v)
            return std::nullopt;
        d.seconds += *v * unit;
    }
    if (fractionGroup > 0 && m[fractionGroup].matched) {
        std::string f = m[fractionGroup].str();
        if (std::any_of(f.begin(), f.end(), [](char c) { return c != '0'; })) {
            d.fraction = true;
            if (f[0] >= '5')
                d.seconds += 1;
        }
    }
    return d;
}

std::string upper(std::string_view s) {
    std::string r(s);
    for (char& c : r)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return r;
}

std::string lower(std::string_view s) {
    std::string r(s);
    for (char& c : r)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return r;
}

} // namespace

std::optional<DurationValue> parseDuration(std::string_view text) {
    std::string s(text);
    std::smatch m;
    // pydantic v1 standard_duration_re, without negative parts:
    // [D day[s], ][[H:]M:]S[.ffffff]  ("12:00:00", "1 day, 2:00:00", "30:00", "90")
    static const std::regex pythonForm(
        R"(^(?:(\d+) (?:days?, )?)?(?:(\d+):(?=\d+:\d+))?(?:(\d+):)?(\d+)(?:\.(\d{1,6})\d{0,6})?$)");
    if (std::regex_match(s, m, pythonForm)) {
        // Python's timedelta str() writes minutes and seconds with two digits; a clock above 59 is
        // still accepted by pydantic (it just adds up), and so here.
        return combine(m, {{1, 86400}, {2, 3600}, {3, 60}, {4, 1}}, 5);
    }
    // Slurm: D-HH[:MM[:SS]]
    static const std::regex slurmForm(R"(^(\d+)-(\d+)(?::(\d+)(?::(\d+))?)?$)");
    if (std::regex_match(s, m, slurmForm))
        return combine(m, {{1, 86400}, {2, 3600}, {3, 60}, {4, 1}}, 0);
    // ISO 8601 (pydantic's iso8601_duration_re), integral parts and fractional seconds.
    static const std::regex isoForm(
        R"(^\+?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.(\d+))?S)?)?$)");
    if (s.size() > 1 && std::regex_match(s, m, isoForm) && s != "P" && s.back() != 'T')
        return combine(m, {{1, 86400}, {2, 3600}, {3, 60}, {4, 1}}, 5);
    return std::nullopt;
}

std::optional<SizeValue> parseSize(std::string_view text) {
    static const std::regex form(R"(^(\d+(?:\.\d+)?)[ \t]*([A-Za-z]*)$)");
    std::string s(text);
    std::smatch m;
    if (!std::regex_match(s, m, form))
        return std::nullopt;
    SizeValue v;
    v.number = m[1].str();
    std::string unit = m[2].str();
    static constexpr std::array<std::string_view, 12> modakUnits = {
        "B", "kB", "KB", "MB", "GB", "TB", "PB", "KiB", "MiB", "GiB", "TiB", "PiB"};
    if (std::find(modakUnits.begin(), modakUnits.end(), unit) != modakUnits.end()) {
        v.unit = unit;
        return v;
    }
    v.guessedUnit = true;
    std::string u = upper(unit);
    // Slurm and Torque: K/M/G/T (and KB, MB, ...) are binary multiples; a bare number is megabytes.
    if (u.empty() || u == "M" || u == "MB" || u == "MIB")
        v.unit = "MiB";
    else if (u == "K" || u == "KB" || u == "KIB")
        v.unit = "KiB";
    else if (u == "G" || u == "GB" || u == "GIB")
        v.unit = "GiB";
    else if (u == "T" || u == "TB" || u == "TIB")
        v.unit = "TiB";
    else if (u == "P" || u == "PB" || u == "PIB")
        v.unit = "PiB";
    else if (u == "BYTES" || u == "BYTE")
        v.unit = "B";
    else
        return std::nullopt;
    return v;
}

NotifyValue parseNotify(std::string_view text) {
    NotifyValue out;
    auto add = [&](std::string_view e) {
        if (std::find(out.events.begin(), out.events.end(), e) == out.events.end())
            out.events.emplace_back(e);
    };
    // Torque/PBS letters: a(bort) b(egin) e(nd) f(ail) n(one).
    bool letters =
        !text.empty() && text.size() <= 5 && std::all_of(text.begin(), text.end(), [](char c) {
            return std::string_view("abefn").find(c) != std::string_view::npos;
        });
    if (letters) {
        for (char c : text) {
            switch (c) {
            case 'a':
                add("abort");
                break;
            case 'b':
                add("begin");
                break;
            case 'e':
                add("end");
                break;
            case 'f':
                add("fail");
                break;
            case 'n':
                add("none");
                break;
            }
        }
        return out;
    }
    // Slurm mail types, comma separated, any case.
    std::string word;
    auto flush = [&] {
        std::string original = word;
        word.clear();
        while (!original.empty() && (original.back() == ' ' || original.back() == '\t'))
            original.pop_back();
        size_t start = original.find_first_not_of(" \t");
        if (start == std::string::npos)
            return;
        original.erase(0, start);
        std::string w = upper(original);
        if (w == "BEGIN")
            add("begin");
        else if (w == "END")
            add("end");
        else if (w == "FAIL")
            add("fail");
        else if (w == "ALL")
            add("all");
        else if (w == "NONE")
            add("none");
        else if (w == "REQUEUE")
            add("requeue");
        else if (w == "ABORT")
            add("abort");
        else if (w == "INVALID_DEPEND" || w == "TIME_LIMIT" || w == "TIME_LIMIT_50" ||
                 w == "TIME_LIMIT_80" || w == "TIME_LIMIT_90" || w == "STAGE_OUT" ||
                 w == "ARRAY_TASKS")
            add(lower(w)); // the .modak names are Slurm's in lower case
        else
            out.unknown.push_back(original);
    };
    for (char c : text) {
        if (c == ',')
            flush();
        else
            word.push_back(c);
    }
    flush();
    return out;
}

} // namespace modak::importer
