// SPDX-License-Identifier: Apache-2.0
//! CSARs (TOSCA Cloud Service Archives): a deterministic ZIP writer and the TOSCA.meta file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace modak::codegen::csar {

struct Entry {
    std::string name; ///< path inside the archive, '/'-separated, no leading '/'
    std::string content;
    bool executable = false;
};

/// CRC-32 (ISO-HDLC, the ZIP one) of `data`, continuing from `crc` (0 to start).
uint32_t crc32(std::string_view data, uint32_t crc = 0);

/// A ZIP archive of `entries`, byte-identical for the same input: entries sorted by name, stored
/// (no compression), every timestamp 1980-01-01 00:00:00, Unix modes 0644 or 0755, UTF-8 names, no
/// extra fields. Entries must be smaller than 4 GiB and fewer than 65535 (no ZIP64).
std::string zip(std::vector<Entry> entries);

/// `TOSCA-Metadata/TOSCA.meta` for a CSAR whose entry service template is `entryDefinitions`.
std::string toscaMeta(std::string_view createdBy, std::string_view entryDefinitions);

} // namespace modak::codegen::csar
