// SPDX-License-Identifier: Apache-2.0
//! Helpers for the language-feature tests: documents with cursor marks, analysed for real.
#pragma once

#include "modak/lsp/Analysis.h"

#include <string>
#include <string_view>
#include <vector>

namespace modak::test {

/// A document with its marks removed: `‸` (U+2038) marks a cursor; the i-th mark's byte offset is
/// `points[i]`.
struct Marked {
    std::string text;
    std::vector<uint32_t> points;
};

inline Marked mark(std::string_view withMarks) {
    static constexpr std::string_view kMark = "\u2038";
    Marked m;
    for (size_t i = 0; i < withMarks.size();) {
        if (withMarks.substr(i, kMark.size()) == kMark) {
            m.points.push_back(static_cast<uint32_t>(m.text.size()));
            i += kMark.size();
        } else {
            m.text += withMarks[i++];
        }
    }
    return m;
}

/// Analyses `text` as /virtual/test.modak (imports resolve against the overlay, then disk).
inline std::shared_ptr<const lsp::Analysis>
analyse(std::string text, const lsp::Overlay* overlay = nullptr,
        std::filesystem::path path = "/virtual/test.modak") {
    return lsp::Analysis::build(std::move(path), std::move(text), overlay);
}

} // namespace modak::test
