// SPDX-License-Identifier: Apache-2.0
//! What the language needs from the embedded catalogue, generated at build time from
//! schemas/catalog/ (cmake/CatalogueNames.cmake): GPU models and their facts, and the built-in workloads. Checking
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

/// What the language knows of a catalogue GPU: the facts behind vendor and precision checks, read
/// from schemas/catalog/hardware.json, never guessed from the name.
struct GpuFacts {
    NamedEntry entry;
    std::string_view vendor;        ///< nvidia, amd
    std::string_view architecture;  ///< ampere, hopper, ada, cdna3, …
    std::string_view precisions;    ///< the native ones (those with a peak figure), blank-separated

    std::string_view name() const { return entry.name; }
    bool hasNativePrecision(std::string_view precision) const;
};

struct WorkloadFacts {
    std::string_view name, kind, doc;
    int64_t parameters;
    double flopsPerSample;
    uint64_t sampleBytes;
};

std::span<const GpuFacts> gpuModels();
/// The catalogue GPU `name`, or nullptr.
const GpuFacts* gpuFacts(std::string_view name);
std::span<const WorkloadFacts> workloads();

} // namespace modak::model::data
