// SPDX-License-Identifier: Apache-2.0
//! `modak bench best`: the best measured configuration of each deployment by a metric, and writing
//! it back into the .modak file as a formatted edit.
#pragma once

#include "modak/model/Fit.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace modak::calibrate {

struct BestConfiguration {
    std::string deployment;                    ///< the CSV's dataset column
    std::map<std::string, std::string> values; ///< the configuration
    double throughput = 0;                     ///< samples/s (mean over repeated rows)
    double metric = 0;                         ///< the metric's value (throughput or per node)
    size_t configurations = 0;                 ///< how many were measured
};

/// Metrics `best` ranks by: throughput and time_per_epoch (the same order), throughput_per_node.
const std::vector<std::string>& bestMetrics();

/// Parses a `configuration` cell: "batch_size=8;nodes=2".
std::map<std::string, std::string> parseConfigurationKey(std::string_view key);

/// The best configuration of each deployment in `data` (rows with a configuration), by deployment.
std::vector<BestConfiguration> bestConfigurations(const model::MeasurementSet& data,
                                                  std::string_view metric);

/// The text of `file` (loaded in `sm`) with `values` applied to its deployment `deployment` —
/// `nodes` and `threads` into its `scale` block, `batch_size` into its application, other keys as
/// `MODAK_<KEY>` in the application's `env` — formatted. nullopt (with diagnostics) when the
/// deployment or its application cannot be edited in this file.
std::optional<std::string> applyConfiguration(SourceManager& sm, FileId file,
                                              const std::string& deployment,
                                              const std::map<std::string, std::string>& values,
                                              Diagnostics& diags);

} // namespace modak::calibrate
