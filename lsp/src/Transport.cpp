// SPDX-License-Identifier: Apache-2.0
#include "Transport.h"

#include <fmt/format.h>
#include <poll.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <climits>
#include <mutex>
#include <optional>
#include <vector>

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

namespace {

std::mutex writeMutex;

/// Writes `parts` to `fd` with as few system calls as `writev` allows: IOV_MAX parts a call, and
/// again from where a call stopped (a signal, a socket's timeout). False on an error.
bool writeAll(int fd, std::span<const std::string_view> parts) {
    std::vector<iovec> vectors;
    vectors.reserve(std::min<size_t>(parts.size(), IOV_MAX));
    size_t next = 0, skip = 0; // the first part not yet written, and its bytes already written
    while (next < parts.size()) {
        vectors.clear();
        for (size_t i = next; i < parts.size() && vectors.size() < IOV_MAX; ++i) {
            const size_t from = i == next ? skip : 0;
            if (parts[i].size() > from)
                vectors.push_back(
                    {const_cast<char*>(parts[i].data() + from), parts[i].size() - from});
        }
        if (vectors.empty())
            return true;
        ssize_t written = ::writev(fd, vectors.data(), static_cast<int>(vectors.size()));
        if (written < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                // A descriptor made non-blocking (or given a send timeout) by whoever shares it:
                // wait until it takes more.
                pollfd ready{fd, POLLOUT, 0};
                ::poll(&ready, 1, -1);
                continue;
            }
            return false;
        }
        auto left = static_cast<size_t>(written);
        while (next < parts.size() && parts[next].size() - skip <= left) {
            left -= parts[next].size() - skip;
            skip = 0;
            ++next;
        }
        skip += left;
    }
    return true;
}

} // namespace

void writeFramed(std::FILE* out, std::initializer_list<std::string_view> body) {
    std::span<const std::string_view> parts(body.begin(), body.size());
    writeFramed(out, {}, parts, {});
}

void writeFramed(std::FILE* out, std::string_view head, std::span<const std::string_view> parts,
                 std::string_view tail) {
    std::lock_guard lock(writeMutex);
    size_t length = head.size() + tail.size();
    for (std::string_view part : parts)
        length += part.size();
    const int fd = parts.size() > 8 ? fileno(out) : -1;
    if (fd >= 0 && std::fflush(out) == 0) {
        // Many parts: gathered by the kernel, not copied through the stream's 4 KiB buffer; the
        // header with them, so nothing the stream holds back can come after them.
        char header[64];
        const int n = std::snprintf(header, sizeof header, "Content-Length: %zu\r\n\r\n", length);
        std::vector<std::string_view> all;
        all.reserve(parts.size() + 3);
        all.push_back({header, static_cast<size_t>(n)});
        all.push_back(head);
        all.insert(all.end(), parts.begin(), parts.end());
        all.push_back(tail);
        writeAll(fd, all);
        return;
    }
    std::fprintf(out, "Content-Length: %zu\r\n\r\n", length);
    std::fwrite(head.data(), 1, head.size(), out);
    for (std::string_view part : parts)
        std::fwrite(part.data(), 1, part.size(), out);
    std::fwrite(tail.data(), 1, tail.size(), out);
    std::fflush(out);
}

} // namespace modak::lsp
