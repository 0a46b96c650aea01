// SPDX-License-Identifier: Apache-2.0
//! Data files from schemas/ compiled into the binary (cmake/EmbedFile.cmake), so the model works
//! offline from the one `modak` executable.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace modak::model::data {

struct EmbeddedFile {
    std::string_view path; ///< relative to schemas/, e.g. "catalog/images.json"
    std::string_view content;
};

std::span<const EmbeddedFile> files();

/// The embedded file at `path`, or nullopt.
inline std::optional<std::string_view> file(std::string_view path) {
    for (const auto& f : files())
        if (f.path == path)
            return f.content;
    return std::nullopt;
}

} // namespace modak::model::data
