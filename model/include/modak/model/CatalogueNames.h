// SPDX-License-Identifier: Apache-2.0
//! What the language needs from the embedded catalogue, generated at build time from
//! schemas/catalog/ (cmake/CatalogueNames.cmake): GPU model names and the built-in workloads. Checking
//! a file uses these constant tables and never parses the catalogue's JSON.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace modak::model::data {

struct NamedEntry {
    std::string_view name;
    std::string_view doc;
};

struct WorkloadFacts {
    std::string_view name, kind, doc;
    int64_t parameters;
    double flopsPerSample;
    uint64_t sampleBytes;
};

std::span<const NamedEntry> gpuModels();
std::span<const WorkloadFacts> workloads();

} // namespace modak::model::data
