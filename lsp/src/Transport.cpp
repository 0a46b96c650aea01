// SPDX-License-Identifier: Apache-2.0
#include "Transport.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <mutex>
#include <optional>

namespace modak::lsp {
namespace {

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
        --e;
    return std::string(s.substr(b, e - b));
}

} // namespace

bool FramedReader::readLine(std::string& line) {
    line.clear();
    int c;
    while ((c = std::fgetc(in_)) != EOF) {
        if (c == '\n')
            return true;
        if (line.size() < 4096) // header lines are short; a runaway line is not kept whole
            line += static_cast<char>(c);
    }
    return !line.empty();
}

ReadResult FramedReader::read(std::string& body, std::string& error) {
    error.clear();
    std::string line;
    std::optional<size_t> length;
    bool badLength = false, sawHeader = false;
    for (;;) {
        if (!readLine(line)) {
            if (sawHeader)
                error = "input ended inside a message's headers";
            return ReadResult::End;
        }
        std::string text = trim(line);
        if (text.empty()) {
            if (!sawHeader)
                continue; // stray blank lines between messages
            break;
        }
        sawHeader = true;
        auto colon = text.find(':');
        if (colon == std::string::npos)
            continue; // not a header: ignored, like unknown headers
        std::string name = lower(trim(std::string_view(text).substr(0, colon)));
        std::string value = trim(std::string_view(text).substr(colon + 1));
        if (name == "content-length") {
            size_t n = 0;
            auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (ec != std::errc() || end != value.data() + value.size() || (length && *length != n))
                badLength = true;
            else
                length = n;
        }
    }
    if (badLength || !length) {
        error = badLength ? "malformed or conflicting Content-Length header; message skipped"
                          : "message without a Content-Length header; skipped";
        return ReadResult::Skipped;
    }
    if (*length > maxBody_) {
        // Refuse without allocating: discard the announced bytes in small chunks.
        char chunk[8192];
        size_t left = *length;
        while (left > 0) {
            size_t got = std::fread(chunk, 1, std::min(left, sizeof chunk), in_);
            if (got == 0) {
                error =
                    fmt::format("refused a message of {} bytes (limit {}); input ended inside it",
                                *length, maxBody_);
                return ReadResult::End;
            }
            left -= got;
        }
        error = fmt::format("refused a message of {} bytes (limit {})", *length, maxBody_);
        return ReadResult::Skipped;
    }
    body.resize(*length);
    size_t got = *length ? std::fread(body.data(), 1, *length, in_) : 0;
    if (got != *length) {
        error = fmt::format("input ended after {} of the {} bytes of a message", got, *length);
        return ReadResult::End;
    }
    return ReadResult::Message;
}

ReadResult DelimitedReader::read(std::string& body, std::string& error) {
    error.clear();
    body.clear();
    char buffer[65536];
    bool any = false;
    while (std::fgets(buffer, sizeof buffer, in_)) {
        std::string_view line(buffer);
        std::string t = trim(line.substr(0, line.find('\n')));
        if (t == "---") {
            if (any)
                return ReadResult::Message;
            continue;
        }
        if (!t.empty() && t[0] == '#')
            continue; // transcript comments and CHECK lines
        body += line;
        if (!t.empty())
            any = true;
    }
    return any ? ReadResult::Message : ReadResult::End;
}

void writeFramed(std::FILE* out, const std::string& body) {
    writeFramed(out, {std::string_view(body)});
}

void writeFramed(std::FILE* out, std::initializer_list<std::string_view> body) {
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    size_t length = 0;
    for (std::string_view part : body)
        length += part.size();
    std::fprintf(out, "Content-Length: %zu\r\n\r\n", length);
    for (std::string_view part : body)
        std::fwrite(part.data(), 1, part.size(), out);
    std::fflush(out);
}

} // namespace modak::lsp
