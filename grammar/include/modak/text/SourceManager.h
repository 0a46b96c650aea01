// SPDX-License-Identifier: Apache-2.0
//! Source buffers and byte ranges. The core stores byte offsets only; line/column (and UTF-16 for
//! the LSP) are computed on demand from each buffer's line table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
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

/// A buffer's text: immutable, and shared by copies. It is a string of its own, or a read-only
/// map of a file (SourceManager::mapLargeFiles), which a large file's check reads without the
/// copy, zeroed pages and page faults of reading it into memory (issue 20).
class SourceText {
public:
    SourceText() = default;
    explicit SourceText(std::string text);
    /// `size` bytes at `data`, kept alive by `owner`, which is a map of the file when `mapped`.
    SourceText(std::shared_ptr<const void> owner, const char* data, size_t size, bool mapped)
        : owner_(std::move(owner)), view_(data, size), mapped_(mapped) {}

    operator std::string_view() const { return view_; } // NOLINT: a text reads as its view
    std::string_view view() const { return view_; }
    const char* data() const { return view_.data(); }
    size_t size() const { return view_.size(); }
    bool empty() const { return view_.empty(); }
    char operator[](size_t i) const { return view_[i]; }
    auto begin() const { return view_.begin(); }
    auto end() const { return view_.end(); }
    /// Whether the text is a map of its file rather than a copy.
    bool mapped() const { return mapped_; }

private:
    std::shared_ptr<const void> owner_;
    std::string_view view_;
    bool mapped_ = false;
};

/// One loaded text with its path and line-start table.
struct SourceBuffer {
    FileId id;
    std::string path; ///< as given by the user (printed in diagnostics)
    SourceText text;
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
    /// Set: readFile maps a large regular file (kMapFromBytes or more) rather than copy it, for a
    /// process that reads its files once and exits (`modak check`), never for one that lives on
    /// while files change (the language server). A mapped file cut short while it is read (its
    /// lost pages raise SIGBUS) ends the process with an error naming it and this exit status,
    /// where a copy would have read what was left.
    std::optional<int> mapLargeFiles;
    static constexpr size_t kMapFromBytes = 64 * 1024;

    const SourceBuffer& buffer(FileId id) const { return buffers_.at(id.value - 1); }
    std::string_view text(FileId id) const { return buffer(id).text; }
    std::string_view path(FileId id) const { return buffer(id).path; }
    size_t size() const { return buffers_.size(); }

private:
    /// A buffer of `text`, with its line table (found when empty).
    FileId addText(std::string path, SourceText text, std::vector<uint32_t> lineStarts);

    std::deque<SourceBuffer> buffers_;
};

} // namespace modak
