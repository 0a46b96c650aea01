// SPDX-License-Identifier: Apache-2.0
// The ZIP format as PKWARE's APPNOTE.TXT describes it (local file headers, central directory, end
// of central directory record), restricted to what a CSAR needs: stored entries, no ZIP64.
#include "Csar.h"

#include <algorithm>
#include <array>

namespace modak::codegen::csar {
namespace {

constexpr std::array<uint32_t, 256> makeCrcTable() {
    std::array<uint32_t, 256> table{};
    for (uint32_t n = 0; n < 256; ++n) {
        uint32_t c = n;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    return table;
}
constexpr auto kCrcTable = makeCrcTable();

void put16(std::string& out, uint32_t v) {
    out += static_cast<char>(v & 0xff);
    out += static_cast<char>((v >> 8) & 0xff);
}
void put32(std::string& out, uint32_t v) {
    put16(out, v & 0xffff);
    put16(out, v >> 16);
}

constexpr uint32_t kDosTime = 0;                          // 00:00:00
constexpr uint32_t kDosDate = (0u << 9) | (1u << 5) | 1u; // 1980-01-01, the earliest a ZIP can say
constexpr uint32_t kUtf8Names = 1u << 11;                 // general purpose flag bit 11
constexpr uint32_t kVersionNeeded = 10;                   // 1.0: stored entries
constexpr uint32_t kVersionMadeBy = (3u << 8) | 20;       // Unix (so the modes count), spec 2.0

} // namespace

uint32_t crc32(std::string_view data, uint32_t crc) {
    crc = ~crc;
    for (unsigned char byte : data)
        crc = kCrcTable[(crc ^ byte) & 0xff] ^ (crc >> 8);
    return ~crc;
}

std::string zip(std::vector<Entry> entries) {
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.name < b.name; });
    size_t total = 0;
    for (const auto& e : entries)
        total += 2 * (46 + e.name.size()) + e.content.size();
    std::string out, directory;
    out.reserve(total + 22);
    for (const auto& e : entries) {
        const uint32_t offset = static_cast<uint32_t>(out.size());
        const uint32_t crc = crc32(e.content);
        const auto size = static_cast<uint32_t>(e.content.size());
        const auto nameLength = static_cast<uint32_t>(e.name.size());
        // Local file header.
        put32(out, 0x04034b50);
        put16(out, kVersionNeeded);
        put16(out, kUtf8Names);
        put16(out, 0); // stored
        put16(out, kDosTime);
        put16(out, kDosDate);
        put32(out, crc);
        put32(out, size);
        put32(out, size);
        put16(out, nameLength);
        put16(out, 0); // no extra field
        out += e.name;
        out += e.content;
        // Its central directory record.
        put32(directory, 0x02014b50);
        put16(directory, kVersionMadeBy);
        put16(directory, kVersionNeeded);
        put16(directory, kUtf8Names);
        put16(directory, 0);
        put16(directory, kDosTime);
        put16(directory, kDosDate);
        put32(directory, crc);
        put32(directory, size);
        put32(directory, size);
        put16(directory, nameLength);
        put16(directory, 0);                                          // extra field
        put16(directory, 0);                                          // comment
        put16(directory, 0);                                          // disk number
        put16(directory, 0);                                          // internal attributes
        put32(directory, (e.executable ? 0100755u : 0100644u) << 16); // Unix mode in the high half
        put32(directory, offset);
        directory += e.name;
    }
    const auto directoryOffset = static_cast<uint32_t>(out.size());
    out += directory;
    // End of central directory.
    put32(out, 0x06054b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, static_cast<uint32_t>(entries.size()));
    put16(out, static_cast<uint32_t>(entries.size()));
    put32(out, static_cast<uint32_t>(directory.size()));
    put32(out, directoryOffset);
    put16(out, 0); // no comment
    return out;
}

std::string toscaMeta(std::string_view createdBy, std::string_view entryDefinitions) {
    std::string out = "TOSCA-Meta-File-Version: 1.1\nCSAR-Version: 1.1\nCreated-By: ";
    out += createdBy;
    out += "\nEntry-Definitions: ";
    out += entryDefinitions;
    out += "\n";
    return out;
}

} // namespace modak::codegen::csar
