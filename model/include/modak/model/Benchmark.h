// SPDX-License-Identifier: Apache-2.0
//! What `modak bench` reads of a deployment beyond the typed `Deployment`: the parameters of its
//! `autotune` block, where the facts a sweep checks were written (for its diagnostics), and the
//! blocks `modak bench best` writes a configuration into. Lowered in model/src/LowerBenchmark.cpp,
//! so calibrate/ never looks a key up in the tree.
#pragma once

#include "modak/model/Deployment.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace modak::model {

/// One of a parameter's `values` as written: a number keeps its spelling ("0.10"); `text` is
/// nullopt for a value that is not a number, a string or a name.
struct TuneValue {
    std::optional<std::string> text;
    SourceRange range;
};

/// `range = lo..hi`, or `range = n` (lo = hi).
struct IntegerInterval {
    int64_t lo = 0, hi = 0;
};

/// One `parameter NAME { values = [...] | range = a..b }` of an `autotune` block, as written: the
/// sweep decides which values it accepts and reports the others.
struct TuneParameter {
    Located<std::string> name;
    SourceRange block; ///< the whole `parameter` block
    /// `values = [...]`; a single value is a list of one. nullopt: not written.
    std::optional<std::vector<TuneValue>> values;
    /// `range`: present when written; its value nullopt when it is not whole numbers.
    Located<std::optional<IntegerInterval>> range;
};

struct Benchmark {
    std::vector<TuneParameter> autotune; ///< the `autotune` block's parameters, in file order
    /// Nodes of a configuration that does not sweep them: the `scale` block's fixed count, else 1.
    /// Not the `job` block's (`Deployment::scale`): that one sizes the deployment's job, and a
    /// sweep's jobs are its own.
    int nodes = 1;
    // Where a sweep's diagnostics point; each falls back to the next more general place, and last
    // to the deployment's name.
    SourceRange schedulerAt;   ///< the target's `scheduler` value
    SourceRange targetAt;      ///< the target's name
    SourceRange cpuModelAt;    ///< the target's CPU `model` value, else the target's name
    SourceRange applicationAt; ///< the application's name
};

/// The benchmark facts of lowered deployment `deployment` (whose blocks `sm` holds: values keep
/// their spelling).
Benchmark lowerBenchmark(const SourceManager& sm, const Deployment& deployment);

/// A block of the file as an edit sees it: where it closes and where its attributes' values are.
struct EditableBlock {
    bool present = false;                      ///< written (as a block)
    uint32_t closeBrace = 0;                   ///< offset of its `}`
    std::map<std::string, SourceRange> values; ///< attribute → the range of its value
};

/// The blocks `modak bench best` writes a configuration into: the deployment and its `scale`
/// block, the application and its `env` block.
struct ConfigurationBlocks {
    EditableBlock deployment, scale, application, env;
    std::string applicationName;               ///< as the deployment names it
    const Symbol* applicationSymbol = nullptr; ///< nullptr: unresolved
};

ConfigurationBlocks configurationBlocks(const Program& program, const Symbol& deployment);

} // namespace modak::model
