// SPDX-License-Identifier: Apache-2.0
//! The schema of docs/language.md §4 as data: every block kind, its keys, their types, intervals,
//! allowed values and one-line documentation. The semantic checks (Sema.cpp), the language server
//! (hover, completion) and documentation generators all read this one table.
//!
//! The tables are built once on first use and never change; every pointer and reference returned
//! here stays valid for the life of the process.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace modak::model {

/// The shape of one value alternative.
enum class ValueKind : uint8_t {
    String,  ///< "…" (or one of `values`, identifiers accepted in place of a string: export_env's
             ///< `all`)
    Text,    ///< "…" or """…"""
    Integer, ///< 128
    Float,   ///< a number; integers are accepted too
    Bool,    ///< true / false
    Size,    ///< 16 GiB
    Duration,  ///< 2h, 01:30:00
    Amount,    ///< 5000 USD, 20000 gpu_hours (money or an allocation)
    Enum,      ///< one identifier out of `values`
    Reference, ///< the name of a top-level block of kind `refKind`
    Versioned, ///< an identifier out of `values`, optionally followed by a version string
    List,      ///< [element, …]; `element` gives the element type
    Range,     ///< element..element, or a single element
    Scalar,    ///< any single value that is not a list or range (autotune parameter values)
};

/// One allowed identifier of an enumeration, with its documentation.
struct EnumValue {
    std::string name;
    std::string doc;
};

/// An allowed numeric interval. Sizes are in bytes, durations in seconds.
struct Interval {
    std::optional<double> min, max;
    bool minExclusive = false;
    bool maxExclusive = false;

    bool unbounded() const { return !min && !max; }
    bool contains(double v) const;
};

/// One accepted value type (a key may accept several: `int|bool`, `auto|range(int)`).
struct ValueType {
    ValueKind kind = ValueKind::String;
    std::vector<EnumValue> values; ///< Enum, Versioned: the allowed names; String: identifiers
                                   ///< accepted as well (usually none)
    std::string refKind;           ///< Reference: the block kind named
    std::shared_ptr<const ValueType> element; ///< List, Range: the element type
    Interval interval;                        ///< Integer, Float, Size, Duration (and elements)
    std::string example;                      ///< an example literal for messages, e.g. `16 GiB`

    /// The enum value `name`, or nullptr.
    const EnumValue* value(std::string_view name) const;
};

struct BlockSchema;

/// One key of a block: an attribute (`key = value`), a nested block (`key { … }`), or either.
struct KeySchema {
    std::string name;
    std::string doc;                    ///< one line: what the key means
    std::vector<ValueType> types;       ///< accepted value types; empty if the key is a block only
    bool allowsAuto = false;            ///< the identifier `auto` is accepted (`auto|T`)
    const BlockSchema* block = nullptr; ///< set if the key may be written as a block
    bool named = false;       ///< the block form takes a name (`partition gpu { }`), may repeat
    bool required = false;    ///< must always be present
    std::string requiredWhen; ///< a condition under which it is required, for docs ("kind = hpc")
    std::string original;     ///< the original MODAK JSON field, if any
    /// Other spellings suggested by "did you mean" (old MODAK names)
    std::vector<std::string> aliases;
    std::string placeholder; ///< value text inserted by the missing-key fix
    /// Non-empty: the key is accepted and documented (kept from MODAK's schema) but no stage reads
    /// it; the text says why. tests/unit/model/KeyReadTests.cpp checks every other key is read.
    std::string documentationOnly;

    bool isAttribute() const { return !types.empty() || allowsAuto; }
    bool isBlock() const { return block != nullptr; }
    /// The first Enum/Versioned alternative's values, or an empty span.
    std::span<const EnumValue> enumValues() const;
};

/// The keys of one block kind.
struct BlockSchema {
    std::string kind; ///< `application`, `dataset`, `partition`, … ("file" for the file level)
    std::string doc;
    std::vector<KeySchema> keys;
    /// Blocks of free-form keys (`env`): every identifier is a key described by this template
    /// (its `name` is a placeholder such as `NAME`).
    std::optional<KeySchema> anyKey;

private:
    static constexpr uint8_t kNoKey = 0xFF;
    /// By Statement::keySlot of a name, the first key with that slot, and per key the next one
    /// (kNoKey ends a chain). Empty until indexKeys(): key() then scans.
    std::array<uint8_t, 64> slotFirst_{};
    std::vector<uint8_t> slotNext_;

public:
    /// The key `name`, or nullptr (also nullptr for free-form keys).
    const KeySchema* key(std::string_view name) const;
    /// Indexes `keys` for key(): the schema table calls it once it has set them. Every statement
    /// checked looks its key up, and a scan of the keys compared a few dozen names.
    void indexKeys();
    /// The key whose alias is `name` (an old MODAK spelling), or nullptr.
    const KeySchema* keyByAlias(std::string_view name) const;
};

/// The file level: `catalog` and the named top-level blocks.
const BlockSchema& fileSchema();
/// The schema of a top-level block kind (`application`, `target`, `deployment`, `workload`,
/// `image`).
const BlockSchema* topLevelBlock(std::string_view kind);
/// The block kinds that may appear at top level, in documentation order.
std::span<const std::string_view> topLevelKinds();
/// The schema of the block reached by following `path` of block keys from the file level:
/// {"deployment", "job"} → the job block; {} → the file level. nullptr if a step is not a block.
const BlockSchema* blockSchemaAt(std::span<const std::string_view> path);
/// Every block schema (file level first), for documentation and tests.
std::vector<const BlockSchema*> allBlockSchemas();

/// A built-in workload usable as `workload = NAME`. The figures are approximate, from the model's
/// published architecture: training FLOPs ≈ 3 × forward FLOPs (= 6 × multiply-accumulates).
struct BuiltinWorkload {
    std::string_view name;
    std::string_view kind; ///< cnn, transformer, …
    std::string_view doc;  ///< one line, including the input the figures assume
    int64_t parameters;    ///< trainable parameters
    double flopsPerSample; ///< forward + backward FLOPs per training sample
    uint64_t sampleSize;   ///< bytes of one input sample as stored (approximate)
};

std::span<const BuiltinWorkload> builtinWorkloads();
const BuiltinWorkload* builtinWorkload(std::string_view name);

/// The type as the spec writes it: `auto|range(int) 1..100000`, `enum{slurm, torque, …}`.
std::string typeText(const ValueType& type);
std::string typeText(const KeySchema& key);
/// A noun phrase for messages: "a size such as `16 GiB`", "`auto` or an integer".
std::string describeExpected(const KeySchema& key);
std::string describeExpected(const ValueType& type);
/// "at least 1", "between 0 and 64", "greater than 0 and at most 1" (values in the type's unit).
std::string describeInterval(const Interval& interval, ValueKind kind);

/// Case-insensitive optimal-string-alignment distance (a case-only change costs nothing extra).
size_t editDistance(std::string_view a, std::string_view b);
/// The candidate closest to `word` if it is close enough to be a plausible typo, else empty.
std::string_view suggest(std::string_view word, std::span<const std::string_view> candidates);
std::string_view suggest(std::string_view word, const std::vector<std::string>& candidates);

} // namespace modak::model
