// SPDX-License-Identifier: Apache-2.0
#include "modak/text/SourceManager.h"

#include "modak/text/Affixes.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace modak {

namespace {
/// Calls `f(offset)` for every newline of `text`, in order: sixteen bytes at a time where the
/// machine compares that many at once (a large file's lines are found in a millisecond; a call
/// to memchr per line cost several).
template<class F>
void forEachNewline(std::string_view text, F f) {
    const char* base = text.data();
    const size_t n = text.size();
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    for (; i + 16 <= n; i += 16) {
        __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(base + i));
        auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, newline)));
        for (; mask != 0; mask &= mask - 1)
            f(i + static_cast<size_t>(std::countr_zero(mask)));
    }
#endif
    for (; i < n; ++i)
        if (base[i] == '\n')
            f(i);
}

std::vector<uint32_t> computeLineStarts(std::string_view text) {
    // Counted first so the table is allocated once, at its size: growing it would leave up to half
    // of it unused, and it lives as long as the source (a megabyte or two for a large file).
    size_t lines = 1;
    forEachNewline(text, [&](size_t) { ++lines; });
    std::vector<uint32_t> starts;
    starts.reserve(lines);
    starts.push_back(0);
    forEachNewline(text, [&](size_t at) { starts.push_back(static_cast<uint32_t>(at + 1)); });
    return starts;
}
} // namespace

LineColumn SourceBuffer::lineColumn(uint32_t offset) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
    auto line = static_cast<uint32_t>(it - lineStarts.begin()); // 1-based
    return {line, offset - lineStarts[line - 1] + 1};
}

std::string_view SourceBuffer::line(uint32_t line1) const {
    uint32_t begin = lineStarts[line1 - 1];
    uint32_t end =
        line1 < lineStarts.size() ? lineStarts[line1] : static_cast<uint32_t>(text.size());
    std::string_view shown(text.data() + begin, end - begin);
    while (!shown.empty() && (shown.back() == '\n' || shown.back() == '\r'))
        shown.remove_suffix(1);
    return shown;
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

FileId SourceManager::addBuffer(std::string path, std::string text, const SourceBuffer& previous) {
    const EditSpan edit = editBetween(previous.text, text);
    // Lines start after a '\n': those at or before the edit's start are kept, those whose '\n'
    // lies after it moved, those between found in the new text.
    const std::vector<uint32_t>& old = previous.lineStarts;
    const auto kept = std::upper_bound(old.begin(), old.end(), edit.begin);
    const auto moved = std::upper_bound(old.begin(), old.end(), edit.oldEnd);
    const std::string_view between =
        std::string_view(text).substr(edit.begin, edit.newEnd - edit.begin);
    size_t found = 0;
    forEachNewline(between, [&](size_t) { ++found; });
    std::vector<uint32_t> starts;
    starts.reserve(static_cast<size_t>(kept - old.begin()) + found +
                   static_cast<size_t>(old.end() - moved));
    starts.assign(old.begin(), kept);
    forEachNewline(
        between, [&](size_t at) { starts.push_back(static_cast<uint32_t>(edit.begin + at + 1)); });
    for (auto it = moved; it != old.end(); ++it)
        starts.push_back(static_cast<uint32_t>(*it + edit.delta()));
    FileId id = addBuffer(std::move(path), std::string());
    SourceBuffer& b = buffers_.back();
    b.text = std::move(text);
    b.lineStarts = std::move(starts);
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
    uint64_t total = 0;
    if (!sizeError) { // straight into the text, then whatever the file grew by since
        text.resize(std::min<uint64_t>(expected, maxBytes));
        total = std::fread(text.data(), 1, text.size(), f.get());
        text.resize(total);
    }
    char chunk[1 << 16];
    size_t n;
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
