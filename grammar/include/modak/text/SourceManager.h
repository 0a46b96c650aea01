// SPDX-License-Identifier: Apache-2.0
//! Source buffers and byte ranges. The core stores byte offsets only; line/column (and UTF-16 for
//! the LSP) are computed on demand from each buffer's line table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace modak {

/// Identifies one buffer in a SourceManager. 0 is "no file".
struct FileId {
    uint32_t value = 0;
    bool valid() const { return value != 0; }
    friend bool operator==(FileId, FileId) = default;
};

/// A half-open byte range [begin, end) inside one buffer.
struct SourceRange {
    FileId file;
    uint32_t begin = 0;
    uint32_t end = 0;
    friend bool operator==(const SourceRange&, const SourceRange&) = default;
};

/// 1-based line and 1-based byte column.
struct LineColumn {
    uint32_t line = 1;
    uint32_t column = 1;
};

/// One loaded text with its path and line-start table.
struct SourceBuffer {
    FileId id;
    std::string path; ///< as given by the user (printed in diagnostics)
    std::string text;
    std::vector<uint32_t> lineStarts; ///< byte offset of each line start; lineStarts[0] == 0
    uint64_t fileSize = 0;            ///< size on disk; larger than text.size() when truncated

    LineColumn lineColumn(uint32_t offset) const;
    /// The text of 1-based line `line1`, without its line end.
    std::string_view line(uint32_t line1) const;
    /// The text of the line containing `offset`, without its line end.
    std::string_view lineText(uint32_t offset) const { return line(lineColumn(offset).line); }
};

/// Owns every buffer of a run. Buffers are never removed, so references stay valid.
class SourceManager {
public:
    /// Adds an in-memory buffer (tests, LSP documents, stdin).
    FileId addBuffer(std::string path, std::string text);
    /// The same for a new version of `previous`'s text (an editor's document after an edit): the
    /// line table is `previous`'s where the two texts agree, found again only between.
    FileId addBuffer(std::string path, std::string text, const SourceBuffer& previous);
    /// Reads a file; on I/O failure returns nullopt and sets `error` to a readable reason. At most
    /// `maxBytes` are read (the parser then reports the file as too large, with its real size).
    std::optional<FileId> readFile(const std::filesystem::path& path, std::string& error,
                                   size_t maxBytes = SIZE_MAX);

    const SourceBuffer& buffer(FileId id) const { return buffers_.at(id.value - 1); }
    std::string_view text(FileId id) const { return buffer(id).text; }
    std::string_view path(FileId id) const { return buffer(id).path; }
    size_t size() const { return buffers_.size(); }

private:
    std::deque<SourceBuffer> buffers_;
};

} // namespace modak
