// SPDX-License-Identifier: Apache-2.0
#include "Positions.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace modak::lsp {
namespace {

bool continuation(unsigned char c) {
    return (c & 0xC0) == 0x80;
}

/// Length in bytes of the UTF-8 sequence starting with `c` (1 for invalid lead bytes, which are
/// counted as one code unit each, like a replacement character).
uint32_t sequenceLength(unsigned char c) {
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        return 2;
    if ((c & 0xF0) == 0xE0)
        return 3;
    if ((c & 0xF8) == 0xF0)
        return 4;
    return 1;
}

/// Whether `size` bytes from `p` are all ASCII.
uint8_t isAscii(const char* p, uint32_t size) {
    uint64_t high = 0;
    uint32_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        std::memcpy(&word, p + i, 8);
        high |= word;
    }
    for (; i < size; ++i)
        high |= static_cast<unsigned char>(p[i]);
    return (high & 0x8080808080808080ULL) == 0;
}

} // namespace

LineIndex::LineIndex(std::string_view text) : text_(text) {
    // LSP lines end at "\n", "\r\n" or a lone "\r" (what editors show as a line break). Built
    // on every edit: lines are found with memchr and tested for ASCII eight bytes at a time.
    starts_.reserve(text.size() / 24 + 2);
    ascii_.reserve(text.size() / 24 + 2);
    starts_.push_back(0);
    const char* const data = text.data();
    const auto size = static_cast<uint32_t>(text.size());
    uint32_t begin = 0;
    while (begin <= size) {
        const void* found = begin < size ? std::memchr(data + begin, '\n', size - begin) : nullptr;
        uint32_t end = found ? static_cast<uint32_t>(static_cast<const char*>(found) - data) : size;
        // A lone '\r' before the '\n' ends a line of its own.
        const void* cr = end > begin ? std::memchr(data + begin, '\r', end - begin) : nullptr;
        if (cr) {
            auto at = static_cast<uint32_t>(static_cast<const char*>(cr) - data);
            if (at + 1 != end || !found) { // not the '\r' of a "\r\n"
                ascii_.push_back(isAscii(data + begin, at - begin));
                starts_.push_back(at + 1);
                begin = at + 1;
                continue;
            }
        }
        ascii_.push_back(isAscii(data + begin, end - begin));
        if (!found)
            break;
        starts_.push_back(end + 1);
        begin = end + 1;
    }
}

void LineIndex::edited(std::string_view text, uint32_t begin, uint32_t oldEnd, uint32_t newEnd) {
    const uint64_t oldSize = text_.size();
    if (begin > oldEnd || oldEnd > oldSize || begin > newEnd || newEnd > text.size() ||
        text.size() - newEnd != oldSize - oldEnd) {
        *this = LineIndex(text);
        return;
    }
    // Whether an offset starts a line depends on the byte before it and the byte at it (a '\r'
    // followed by '\n' ends no line): starts before `begin` are kept, those after `oldEnd + 1`
    // moved, and the lines from the last start before `begin` to the first after `oldEnd`
    // (both kept) found again.
    const auto first = static_cast<size_t>(std::max<std::ptrdiff_t>(
        0, std::lower_bound(starts_.begin(), starts_.end(), begin) - starts_.begin() - 1));
    const auto after = static_cast<size_t>(
        std::upper_bound(starts_.begin(), starts_.end(), oldEnd) - starts_.begin());
    const bool tail = after < starts_.size(); // a kept line follows the window
    const int64_t delta = static_cast<int64_t>(text.size()) - static_cast<int64_t>(oldSize);
    const uint32_t from = starts_[first];
    const auto to =
        tail ? static_cast<uint32_t>(starts_[after] + delta) : static_cast<uint32_t>(text.size());
    const LineIndex window(text.substr(from, to - from));
    // The window's text ends with the line break before `to`, so its index ends with an empty
    // line there: that line is the kept one.
    const size_t lines = window.starts_.size() - (tail ? 1 : 0);
    starts_.erase(starts_.begin() + static_cast<std::ptrdiff_t>(first) + 1,
                  starts_.begin() + static_cast<std::ptrdiff_t>(after));
    ascii_.erase(ascii_.begin() + static_cast<std::ptrdiff_t>(first),
                 ascii_.begin() + static_cast<std::ptrdiff_t>(after));
    starts_.insert(starts_.begin() + static_cast<std::ptrdiff_t>(first) + 1,
                   window.starts_.begin() + 1,
                   window.starts_.begin() + static_cast<std::ptrdiff_t>(lines));
    ascii_.insert(ascii_.begin() + static_cast<std::ptrdiff_t>(first), window.ascii_.begin(),
                  window.ascii_.begin() + static_cast<std::ptrdiff_t>(lines));
    for (size_t i = first + 1; i < first + lines; ++i)
        starts_[i] += from;
    for (size_t i = first + lines; i < starts_.size(); ++i)
        starts_[i] = static_cast<uint32_t>(starts_[i] + delta);
    text_ = text;
}

uint32_t LineIndex::lineStart(uint32_t line) const {
    return line < starts_.size() ? starts_[line] : static_cast<uint32_t>(text_.size());
}

uint32_t LineIndex::lineEnd(uint32_t line) const {
    if (line >= starts_.size())
        return static_cast<uint32_t>(text_.size());
    if (line + 1 >= starts_.size())
        return static_cast<uint32_t>(text_.size());
    uint32_t end = starts_[line + 1] - 1; // the terminator's last byte
    if (text_[end] == '\n' && end > starts_[line] && text_[end - 1] == '\r')
        --end;
    return end;
}

uint32_t LineIndex::offset(Position p, PositionEncoding encoding) const {
    if (p.line >= starts_.size())
        return static_cast<uint32_t>(text_.size());
    uint32_t at = starts_[p.line], end = lineEnd(p.line);
    if (ascii_[p.line])
        return at + std::min(p.character, end - at);
    uint32_t units = 0;
    while (at < end && units < p.character) {
        uint32_t len = sequenceLength(static_cast<unsigned char>(text_[at]));
        if (at + len > end)
            len = 1;
        for (uint32_t k = 1; k < len; ++k)
            if (!continuation(static_cast<unsigned char>(text_[at + k])))
                len = 1;
        uint32_t width = encoding == PositionEncoding::Utf8 ? len : (len == 4 ? 2 : 1);
        if (units + width > p.character)
            break; // inside a code point: stay at its start
        units += width;
        at += len;
    }
    return at;
}

Position LineIndex::position(uint32_t offset, PositionEncoding encoding) const {
    uint32_t hint = 0;
    return position(offset, encoding, hint);
}

Position LineIndex::searchPosition(uint32_t offset, PositionEncoding encoding,
                                   uint32_t& hint) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
    while (offset > 0 && offset < text_.size() &&
           continuation(static_cast<unsigned char>(text_[offset])))
        --offset;
    auto onLine = [&](uint32_t l) {
        return starts_[l] <= offset && (l + 1 == starts_.size() || starts_[l + 1] > offset);
    };
    // A few lines on from the hint, else a binary search.
    uint32_t line = hint < starts_.size() ? hint : 0;
    for (int step = 0; step < 8 && !onLine(line) && starts_[line] <= offset; ++step)
        ++line;
    if (!onLine(line))
        line = static_cast<uint32_t>(std::upper_bound(starts_.begin(), starts_.end(), offset) -
                                     starts_.begin()) -
               1;
    hint = line;
    if (ascii_[line])
        return {line, offset - starts_[line]};
    uint32_t at = starts_[line], units = 0;
    while (at < offset) {
        uint32_t len = sequenceLength(static_cast<unsigned char>(text_[at]));
        if (at + len > text_.size())
            len = 1;
        for (uint32_t k = 1; k < len; ++k)
            if (!continuation(static_cast<unsigned char>(text_[at + k])))
                len = 1;
        units += encoding == PositionEncoding::Utf8 ? len : (len == 4 ? 2 : 1);
        at += len;
    }
    return {line, units};
}

} // namespace modak::lsp
