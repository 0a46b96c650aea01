// SPDX-License-Identifier: Apache-2.0
// What the .modak fuzz targets share: loading a program without reading a file.
#pragma once

#include "modak/model/Program.h"

namespace modak::fuzz {

/// No disk access: imports resolve to nothing, so a run depends on its input only.
inline model::LoadOptions offlineLoad() {
    model::LoadOptions options;
    options.reader = [](SourceManager&, const std::filesystem::path&,
                        std::string& error) -> std::optional<FileId> {
        error = "no files while fuzzing";
        return std::nullopt;
    };
    return options;
}

} // namespace modak::fuzz
