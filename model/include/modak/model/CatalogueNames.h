// SPDX-License-Identifier: Apache-2.0
//! What the language needs from the embedded catalogue, generated at build time from
//! schemas/catalog/ (cmake/CatalogueNames.cmake): GPU models and their facts, interconnects,
//! storage classes, the built-in workloads and the vocabulary of vocabulary.json (precisions,
//! graph compilers, runtimes). Schema, Sema, Plan, the generators, the CLI and the importer read
//! their names here; VocabularyTests.cpp holds the JSON Schemas' enums to the same tables.
//! Checking a file uses these constant tables and never parses the catalogue's JSON.
#pragma once

#include <cstdint>
#include <span>
#include <string>
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
    std::string_view vendor;       ///< nvidia, amd
    std::string_view architecture; ///< ampere, hopper, ada, cdna3, …
    std::string_view precisions;   ///< the native ones (those with a peak figure), blank-separated
    std::string_view model;        ///< the marketing name
    std::string_view aliases;      ///< other spellings (nvidia-smi, clouds), newline-separated

    std::string_view name() const { return entry.name; }
    bool hasNativePrecision(std::string_view precision) const;
};

struct WorkloadFacts {
    std::string_view name, kind, doc;
    int64_t parameters; ///< 0: follows from the shape
    double flopsPerSample;
    uint64_t sampleBytes;
    /// A transformer's shape (all zero for other workloads), as TransformerShape spells it.
    struct Shape {
        int layers, hidden, heads, kvHeads, ffn, vocabulary, sequence, experts, activeExperts;
        bool gatedFfn, causal, tiedEmbeddings;
        double meanSequence; ///< 0: sequence
    } shape;
};

/// A storage class; `modakName` is its spelling in the original MODAK ("default-common"), or "".
struct StorageFacts {
    NamedEntry entry;
    std::string_view modakName;

    std::string_view name() const { return entry.name; }
};

/// A container runtime; `image` is how it keeps images: sif, oci, directory or squashfs.
struct RuntimeFacts {
    NamedEntry entry;
    std::string_view image;
    /// The only scheduler that runs it (pyxis: a plugin of Slurm's srun); "" for any.
    std::string_view scheduler;

    std::string_view name() const { return entry.name; }
};

std::span<const GpuFacts> gpuModels();
/// The catalogue GPU `name`, or the one whose model or alias `name` spells (normalisedModelName:
/// "NVIDIA H100 80GB HBM3" is h100_sxm5), or nullptr.
const GpuFacts* gpuFacts(std::string_view name);
/// A model name as names are compared: lower-case letters and digits only, a trailing
/// "(…)" note dropped ("Intel Xeon Gold 6230 (virtual)" → "intelxeongold6230").
std::string normalisedModelName(std::string_view name);
std::span<const WorkloadFacts> workloads();

// In the order the language lists them (completion, docs/language.md).
std::span<const NamedEntry> interconnects();
std::span<const StorageFacts> storageClasses();
std::span<const NamedEntry> precisions();
/// The graph compilers proper: `none` and `auto` are the language's, not the catalogue's.
std::span<const NamedEntry> graphCompilers();
/// The container runtimes proper: `none` is the language's.
std::span<const RuntimeFacts> runtimes();
/// The runtime `name`, or nullptr (also for `none`).
const RuntimeFacts* runtimeFacts(std::string_view name);
/// Whether `name` is one of graphCompilers().
bool isGraphCompiler(std::string_view name);

} // namespace modak::model::data
