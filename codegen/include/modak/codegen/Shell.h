// SPDX-License-Identifier: Apache-2.0
//! Shell quoting for generated bash: every user value goes through these.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace modak::codegen {

/// A single-quoted bash word meaning exactly `value` (quotes, `$`, backticks, newlines inert).
std::string shellQuote(std::string_view value);

/// A double-quoted bash word for a path the site writes with environment variables
/// (`$SCRATCH/images`, `${HOME}/sif`, `~/sif`): `$NAME` and `${NAME}` stay expansions (a leading
/// `~/` becomes `$HOME/`), everything else is literal — `$(…)`, backticks, quotes, other `$`
/// forms and backslashes are inert (a path with no variable is single-quoted, as shellQuote).
/// `variables`, when given, receives the names expanded.
std::string shellPathWithVariables(std::string_view value,
                                   std::vector<std::string>* variables = nullptr);

/// True when `value` can stand in a scheduler directive (`#SBATCH`, `#PBS`): those lines are parsed
/// by the scheduler, not by a shell, so no quoting helps; newlines, NULs, `#`, quotes, backslashes
/// and (for names and paths) blanks are refused instead.
bool directiveSafe(std::string_view value, bool allowSpaces = false);

/// An environment-variable name: [A-Za-z_][A-Za-z0-9_]*.
bool isEnvName(std::string_view name);

} // namespace modak::codegen
