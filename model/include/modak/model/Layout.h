// SPDX-License-Identifier: Apache-2.0
//! Choosing how a training step is split over the devices (docs/model.md "Parallelism"): the
//! layouts a deployment's `parallel` request leaves open, each predicted; the fastest one that fits
//! wins. The same search finds the smallest change that makes a plan fit.
#pragma once

#include "modak/model/Deployment.h"
#include "modak/model/Performance.h"

#include <functional>
#include <optional>
#include <string>

namespace modak::model {

/// Called between the candidates of a search and between the layouts of a layout search, where
/// a caller running it in the background may pause it: the language server's planner waits there
/// while the server answers the editor, and otherwise yields its core now and then.
using SearchPause = std::function<void()>;

/// What the search found for one scale (nodes × GPUs per node).
struct LayoutChoice {
    /// The fastest layout that fits, predicted (figures only: no `factors`, Explain::FiguresOnly);
    /// nullopt when none fits.
    std::optional<Scenario> scenario;
    std::optional<Prediction> predicted;
    /// When none fits: the layout that needs the least memory, predicted (for the reason).
    std::optional<Scenario> nearest;
    std::optional<Prediction> nearestPredicted;
    std::string error; ///< when no layout could be predicted at all
    int tried = 0;     ///< layouts predicted
};

/// The layout a deployment's application and request fix before any search: the strategy's
/// ZeRO stage (fsdp 3, deepspeed 2), one stage, no recompute.
ParallelLayout baseLayout(const StrategyInfo* strategy);

/// Searches the layouts `request` leaves open for `base` (its scale, workload, precision, …).
/// With `simplest`, the fitting layout with the fewest changes from the base wins instead of
/// the fastest (what a does-not-fit fix suggests). `pause` (may be empty) is called before each
/// layout is predicted.
LayoutChoice chooseLayout(const Scenario& base, const ParallelRequest& request,
                          const Calibration& cal, bool simplest = false,
                          const SearchPause& pause = {});

/// What a does-not-fit message suggests (the plan's and `modak predict`'s): the layout with the
/// fewest changes from `from` that makes `s` fit, as "`parallel { … }` fits (32.8 GiB per GPU,
/// 0.564 samples/s predicted)"; "" when no layout of these devices fits.
std::string smallestFittingLayout(const Scenario& s, const ParallelLayout& from,
                                  const Calibration& cal);

/// `parallel { tensor = 8, … }` as a deployment would write `layout` (only what differs from
/// `base`), for messages and quick fixes.
std::string layoutText(const ParallelLayout& layout, const ParallelLayout& base = {});

} // namespace modak::model
