// SPDX-License-Identifier: Apache-2.0
//! JSON-RPC message framing. `FramedReader` reads the LSP base protocol (headers, blank line,
//! `Content-Length` bytes of body) and survives bad input: header order and case do not matter,
//! CRLF or LF line ends are accepted, a message without a valid `Content-Length` is skipped with an
//! error, an announced body larger than the limit is discarded without being allocated, and a body
//! cut short by end of input ends the stream. `DelimitedReader` reads `--lit-test` transcripts:
//! messages separated by `---` lines, `#` comment lines ignored.
#pragma once

#include <cstdio>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace modak::lsp {

enum class ReadResult { Message, Skipped, End };

class MessageReader {
public:
    virtual ~MessageReader() = default;
    /// The next message body. `Skipped`: a malformed message was dropped (`error` says why) and
    /// reading may continue. `End`: no more input (`error` is set when it ended mid-message).
    virtual ReadResult read(std::string& body, std::string& error) = 0;
};

class FramedReader final : public MessageReader {
public:
    explicit FramedReader(std::FILE* in, size_t maxBody = 256u << 20)
        : in_(in), maxBody_(maxBody) {}
    ReadResult read(std::string& body, std::string& error) override;

private:
    bool readLine(std::string& line);
    std::FILE* in_;
    size_t maxBody_;
};

class DelimitedReader final : public MessageReader {
public:
    explicit DelimitedReader(std::FILE* in) : in_(in) {}
    ReadResult read(std::string& body, std::string& error) override;

private:
    std::FILE* in_;
};

/// Writes one framed message (`Content-Length` header and body) and flushes; thread-safe.
void writeFramed(std::FILE* out, const std::string& body);
/// The same, the body given in parts (a large result is not copied into its message).
void writeFramed(std::FILE* out, std::initializer_list<std::string_view> body);
/// The same, the body the parts of `head`, `parts` and `tail` in turn: an outline's thousands of
/// fragments, written with `writev` where `out` is a file descriptor's.
void writeFramed(std::FILE* out, std::string_view head, std::span<const std::string_view> parts,
                 std::string_view tail);

} // namespace modak::lsp
