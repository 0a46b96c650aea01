// SPDX-License-Identifier: Apache-2.0
//! Helpers shared by the command implementations: input, atomic output, diagnostics on stderr.
#pragma once

#include "Commands.h"
#include "modak/diag/Diagnostic.h"
#include "modak/model/Program.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace modak::cli {

/// "modak: error: …" on stderr.
void printError(const std::string& message);
/// How a command loads programs: imports confined to each file's project and `--import-root`s.
model::LoadOptions loadOptions(const std::vector<std::string>& importRoots);
bool useColor(ColorMode mode);
/// Expands directories to the *.modak files below them, sorted; false if a path could not be read.
bool expandPaths(const std::vector<std::string>& inputs, std::vector<std::string>& out);
/// Reads a file ("-" = stdin) into `sm`; prints the error and returns nullopt when it cannot.
std::optional<FileId> readInput(SourceManager& sm, const std::string& path);
/// Writes through a temporary file renamed over `path`: never half-written.
bool writeAtomically(const std::string& path, std::string_view text);
void printDiagnostics(const SourceManager& sm, const std::vector<Diagnostic>& diags,
                      ColorMode color);

} // namespace modak::cli
