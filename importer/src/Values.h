// SPDX-License-Identifier: Apache-2.0
//! Conversions of original MODAK value spellings (Python timedeltas, Slurm/PBS mail options, memory
//! sizes) to .modak values. Pure functions, no diagnostics.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace modak::importer {

struct DurationValue {
    int64_t seconds = 0;
    bool fraction = false; ///< fractional seconds were rounded
};

/// Parses what pydantic v1 accepted for a `timedelta` ("12:00:00", "1 day, 2:00:00", "90", ISO 8601
/// "P1DT2H") plus Slurm's "D-HH:MM:SS". No surrounding whitespace is allowed.
std::optional<DurationValue> parseDuration(std::string_view text);

struct SizeValue {
    std::string number; ///< as written, e.g. "10" or "1.5"
    std::string unit;   ///< a .modak unit ("MB", "GiB")
    bool guessedUnit =
        false; ///< the unit was not a .modak unit and was interpreted (e.g. "10G", "10")
};

/// Parses "10 MB", "1.5GiB", Slurm's "500M"/"10G" (binary units) and a bare number (Slurm's default
/// unit, MiB). Returns nullopt when the text is not a size.
std::optional<SizeValue> parseSize(std::string_view text);

struct NotifyValue {
    std::vector<std::string> events;  ///< .modak notify values, in order, without duplicates
    std::vector<std::string> unknown; ///< words that are no mail option at all
};

/// Parses a Torque/PBS `-m` letter string ("abe") or a Slurm `--mail-type` list ("BEGIN,END",
/// "ALL").
NotifyValue parseNotify(std::string_view text);

} // namespace modak::importer
