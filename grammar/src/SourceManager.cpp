// SPDX-License-Identifier: Apache-2.0
#include "modak/text/SourceManager.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace modak {

namespace {
std::vector<uint32_t> computeLineStarts(std::string_view text) {
    const char* base = text.data();
    const char* end = base + text.size();
    // Counted first so the table is allocated once, at its size: growing it would leave up to half
    // of it unused, and it lives as long as the source (a megabyte or two for a large file).
    size_t lines = 1;
    for (const char* p = base; (p = static_cast<const char*>(std::memchr(p, '\n', end - p))); ++p)
        ++lines;
    std::vector<uint32_t> starts;
    starts.reserve(lines);
    starts.push_back(0);
    for (const char* p = base; (p = static_cast<const char*>(std::memchr(p, '\n', end - p))); ++p)
        starts.push_back(static_cast<uint32_t>(p - base + 1));
    return starts;
}
} // namespace

LineColumn SourceBuffer::lineColumn(uint32_t offset) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
    auto line = static_cast<uint32_t>(it - lineStarts.begin()); // 1-based
    return {line, offset - lineStarts[line - 1] + 1};
}

std::string_view SourceBuffer::lineText(uint32_t offset) const {
    auto lc = lineColumn(offset);
    uint32_t begin = lineStarts[lc.line - 1];
    uint32_t end =
        lc.line < lineStarts.size() ? lineStarts[lc.line] : static_cast<uint32_t>(text.size());
    std::string_view line(text.data() + begin, end - begin);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
        line.remove_suffix(1);
    return line;
}

FileId SourceManager::addBuffer(std::string path, std::string text) {
    FileId id{static_cast<uint32_t>(buffers_.size() + 1)};
    SourceBuffer& b = buffers_.emplace_back();
    b.id = id;
    b.path = std::move(path);
    b.text = std::move(text);
    b.lineStarts = computeLineStarts(b.text);
    b.fileSize = b.text.size();
    return id;
}

std::optional<FileId> SourceManager::readFile(const std::filesystem::path& path, std::string& error,
                                              size_t maxBytes) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        error = "is a directory";
        return std::nullopt;
    }
    std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) {
        error = std::strerror(errno);
        return std::nullopt;
    }
    // Read in one piece when the size is known (regular files), in chunks otherwise (pipes).
    std::string text;
    std::error_code sizeError;
    auto expected = std::filesystem::file_size(path, sizeError);
    if (!sizeError)
        text.reserve(std::min<uint64_t>(expected, maxBytes));
    char chunk[1 << 16];
    size_t n;
    uint64_t total = 0;
    while ((n = std::fread(chunk, 1, sizeof chunk, f.get())) > 0) {
        total += n;
        if (text.size() < maxBytes)
            text.append(chunk, std::min<size_t>(n, maxBytes - text.size()));
        else if (!sizeError)
            break; // the size is known: no need to read the rest
    }
    if (std::ferror(f.get())) {
        error = "read error";
        return std::nullopt;
    }
    FileId id = addBuffer(path.string(), std::move(text));
    buffers_.back().fileSize = sizeError ? total : std::max<uint64_t>(expected, total);
    return id;
}

} // namespace modak
