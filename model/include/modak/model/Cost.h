// SPDX-License-Identifier: Apache-2.0
//! What a run costs where it runs: a cloud instance's price per hour (on demand or spot, from the
//! instance catalogue or a user price file), or an HPC centre's charge in allocation units (node,
//! GPU or core hours, with the partition's factor) and, where the centre names one, their price.
//! The plan prices every candidate with its predicted run time and interval, and spot capacity's
//! interruptions lengthen the run (docs/model.md "Cost").
#pragma once

#include "modak/model/Catalogue.h"
#include "modak/model/Deployment.h"

#include <optional>
#include <string>

namespace modak::model {

/// How one site charges a node-hour.
struct SitePricing {
    std::string currency;   ///< "" when the site names no money price
    double perNodeHour = 0; ///< money per node-hour (clouds), 0 with units (see perUnit)
    std::string unit;       ///< HPC: node_hours, gpu_hours or core_hours; "" for clouds
    double factor = 1;      ///< HPC: the charge factor times the partition's
    double perUnit = 0;     ///< HPC: money per unit, 0 when not named
    int coresPerNode = 0;   ///< HPC core_hours: the cores a node charges for
    std::optional<double> allocationLeft; ///< HPC: units left
    bool spot = false;                    ///< priced as spot capacity
    /// Spot: one instance's mean time to interruption (the catalogue's monthly rate, else
    /// kAssumedSpotInterruptionsPerMonth); 0 on demand.
    double spotMtbfSeconds = 0;
    bool spotRateAssumed = false;
    std::string basis; ///< "p5.48xlarge: 55.04 USD/h on demand (aws us-east-1, 2025-06-05)"
};

/// Spot interruptions per month when the catalogue has no rate for an instance type: AWS's Spot
/// Instance Advisor puts most GPU instance types in its "5–10 %" band; its upper bound is used.
inline constexpr double kAssumedSpotInterruptionsPerMonth = 0.10;
/// Re-provisioning and restarting after a spot interruption, before training resumes.
inline constexpr double kSpotRestartSeconds = 600;

/// A run's price: money where the site has one, allocation units where it charges them; each
/// with the interval the prediction's interval gives.
struct CostEstimate {
    double amount = 0, low = 0, high = 0; ///< money, in `currency` (0: no money price)
    std::string currency;
    double units = 0, unitsLow = 0, unitsHigh = 0; ///< allocation units (HPC)
    std::string unit;
    double seconds = 0; ///< the run time priced (spot: with the expected interruptions)
    double nodeHours = 0;
    bool hasMoney() const { return !currency.empty(); }
    /// "812 USD (640–1 050)" or "1 540 gpu_hours (1 200–1 980)"; money first when both.
    std::string text() const;
};

/// The site's pricing for `dep` (its target, partition and the deployment's `spot`), or nullopt
/// when the target names neither a priced instance type nor a `charge`.
std::optional<SitePricing> sitePricing(const Deployment& dep, const Catalogue& catalogue);

/// Expected run time on spot capacity: each interruption of one of `nodes` instances loses half a
/// checkpoint interval and a restart (Young/Daly interval from `checkpointSeconds`).
double spotRunSeconds(double seconds, int nodes, double spotMtbfSeconds, double checkpointSeconds);

/// The price of running `seconds` (low/high: the interval's run times) on `nodes` nodes using
/// `gpusPerNode` GPUs each.
CostEstimate estimateCost(const SitePricing& pricing, double seconds, double lowSeconds,
                          double highSeconds, int nodes, int gpusPerNode);

/// Money or units of `c` in the unit of `budget`; nullopt when the estimate has none in it.
std::optional<double> costIn(const CostEstimate& c, const AmountSpec& budget);

/// "5 000 USD", "20 000 gpu_hours": an amount for messages.
std::string amountText(double amount, const std::string& unit);

} // namespace modak::model
