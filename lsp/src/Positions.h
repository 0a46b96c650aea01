// SPDX-License-Identifier: Apache-2.0
//! The one place where LSP positions (line + character in UTF-16 code units, or in UTF-8 bytes when
//! the client negotiated `positionEncoding: "utf-8"`) and byte offsets meet. Out-of-range input is
//! clamped, never trusted: a line past the end is the end of the text, a character past the end of
//! its line is the line's end, an offset inside a UTF-8 sequence or between the halves of a UTF-16
//! surrogate pair is moved back to the start of that code point.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace modak::lsp {

enum class PositionEncoding : uint8_t { Utf16, Utf8 };

struct Position {
    uint32_t line = 0;
    uint32_t character = 0;
    friend bool operator==(const Position&, const Position&) = default;
};

/// Line starts of one text; cheap to build (one pass), valid while the text is unchanged, and
/// kept up to date through an edit by `edited`.
class LineIndex {
public:
    explicit LineIndex(std::string_view text);
    /// The index of `text`, which is this index's text with bytes [begin, oldEnd) replaced by
    /// `text`'s [begin, newEnd): the lines the edit touches are found again, those after it
    /// moved. Equal to LineIndex(text) (rebuilt so where the arguments do not describe an edit).
    void edited(std::string_view text, uint32_t begin, uint32_t oldEnd, uint32_t newEnd);
    /// The byte offset of `p` in the text (clamped).
    uint32_t offset(Position p, PositionEncoding encoding) const;
    /// The position of byte `offset` (clamped to the text; moved back to a code point start).
    Position position(uint32_t offset, PositionEncoding encoding) const;
    /// The same, searching from line `hint` (updated to the line found): offsets in document
    /// order (a whole document's tokens or symbols) are found without a search each.
    Position position(uint32_t offset, PositionEncoding encoding, uint32_t& hint) const {
        // Inline where the hint's line holds the offset and is ASCII (an outline's ~46 000
        // positions, most of them).
        if (hint + 1 < starts_.size() && starts_[hint] <= offset && offset < starts_[hint + 1] &&
            ascii_[hint])
            return {hint, offset - starts_[hint]};
        return searchPosition(offset, encoding, hint);
    }
    size_t lineCount() const { return starts_.size(); }
    uint32_t lineStart(uint32_t line) const;
    /// End of the line's content (before its `\n`, `\r\n` or `\r`).
    uint32_t lineEnd(uint32_t line) const;

    friend bool operator==(const LineIndex&, const LineIndex&) = default;

private:
    Position searchPosition(uint32_t offset, PositionEncoding encoding, uint32_t& hint) const;

    std::string_view text_;
    std::vector<uint32_t> starts_;
    /// Per line: 1 when every byte is ASCII, so a character is a byte in either encoding (most
    /// lines; a whole document's tokens are then placed without walking their lines).
    std::vector<uint8_t> ascii_;
};

} // namespace modak::lsp
