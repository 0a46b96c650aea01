// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Cost.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace modak::model {

namespace {

constexpr double kSecondsPerMonth = 730.0 * 3600.0; // 8 760 h / 12

/// "12 345.6" with thin grouping for readability: 1 234, 12.5, 0.42.
std::string number(double v) {
    if (v >= 100 || v == std::floor(v))
        return fmt::format("{:.0f}", v);
    if (v >= 10)
        return fmt::format("{:.1f}", v);
    return fmt::format("{:.2f}", v);
}

} // namespace

std::string amountText(double amount, const std::string& unit) {
    return fmt::format("{} {}", number(amount), unit);
}

std::string CostEstimate::text() const {
    auto one = [](double v, double lo, double hi, const std::string& unit) {
        if (hi > lo * 1.001)
            return fmt::format("{} ({}–{})", amountText(v, unit), number(lo), number(hi));
        return amountText(v, unit);
    };
    std::string out;
    if (hasMoney())
        out = one(amount, low, high, currency);
    if (!unit.empty()) {
        if (!out.empty())
            out += ", ";
        out += one(units, unitsLow, unitsHigh, unit);
    }
    return out;
}

std::optional<SitePricing> sitePricing(const Deployment& dep, const Catalogue& catalogue) {
    const Target& t = dep.target;
    if (const InstanceType* inst = t.instance; inst && inst->onDemandPerHour > 0) {
        SitePricing p;
        p.currency = inst->currency;
        p.perNodeHour = inst->onDemandPerHour;
        const std::string where =
            fmt::format("{}{}{}, {}", inst->cloud, inst->region.empty() ? "" : " ", inst->region,
                        inst->priceDate);
        if (dep.cost.spot && inst->spotPerHour && *inst->spotPerHour > 0) {
            p.spot = true;
            p.perNodeHour = *inst->spotPerHour;
            double rate = inst->spotInterruptionsPerMonth.value_or(0);
            p.spotRateAssumed = rate <= 0;
            if (rate <= 0)
                rate = kAssumedSpotInterruptionsPerMonth;
            p.spotMtbfSeconds = kSecondsPerMonth / rate;
            p.basis = fmt::format("{}: {} {}/h on spot ({}), {:.0f} % of instances interrupted "
                                  "a month{}",
                                  inst->name, number(p.perNodeHour), p.currency, where, rate * 100,
                                  p.spotRateAssumed ? " (assumed: no published rate)" : "");
        } else {
            p.basis = fmt::format("{}: {} {}/h on demand ({}){}", inst->name, number(p.perNodeHour),
                                  p.currency, where,
                                  dep.cost.spot ? "; no spot price is known for it" : "");
        }
        return p;
    }
    if (!t.charge)
        return std::nullopt;
    const ChargeSpec& charge = *t.charge;
    SitePricing p;
    p.unit = charge.unit;
    p.factor = charge.factor;
    if (dep.partition && dep.partition->chargeFactor)
        p.factor *= *dep.partition->chargeFactor;
    if (charge.price && !charge.price->isAllocation()) {
        p.perUnit = charge.price->amount;
        p.currency = charge.price->unit;
    }
    if (charge.allocation && charge.allocation->unit == charge.unit)
        p.allocationLeft = charge.allocation->amount;
    if (charge.unit == "core_hours") {
        if (dep.cpu && dep.cpu->cores > 0)
            p.coresPerNode = dep.cpu->cores;
        else if (const Cpu* cpu = dep.cpu ? catalogue.cpu(dep.cpu->model) : nullptr)
            p.coresPerNode = cpu->cores * std::max(1, dep.cpu->sockets);
    }
    p.basis = fmt::format("{} charges {}{}{}", t.name, charge.unit,
                          p.factor != 1 ? fmt::format(" × {:.3g}", p.factor) : std::string(),
                          p.currency.empty()
                              ? std::string()
                              : fmt::format(" at {} {} each", number(p.perUnit), p.currency));
    return p;
}

double spotRunSeconds(double seconds, int nodes, double spotMtbfSeconds, double checkpointSeconds) {
    if (spotMtbfSeconds <= 0 || seconds <= 0)
        return seconds;
    const double jobMtbf = spotMtbfSeconds / std::max(1, nodes);
    const double interval = std::sqrt(2 * std::max(0.0, checkpointSeconds) * jobMtbf);
    return seconds * (1 + (interval / 2 + kSpotRestartSeconds) / jobMtbf);
}

CostEstimate estimateCost(const SitePricing& pricing, double seconds, double lowSeconds,
                          double highSeconds, int nodes, int gpusPerNode) {
    CostEstimate c;
    c.seconds = seconds;
    c.nodeHours = nodes * seconds / 3600.0;
    auto nodeHours = [&](double s) { return nodes * s / 3600.0; };
    if (pricing.unit.empty()) {
        c.currency = pricing.currency;
        c.amount = nodeHours(seconds) * pricing.perNodeHour;
        c.low = nodeHours(lowSeconds) * pricing.perNodeHour;
        c.high = nodeHours(highSeconds) * pricing.perNodeHour;
        return c;
    }
    double perNodeHour = pricing.unit == "gpu_hours"    ? std::max(1, gpusPerNode)
                         : pricing.unit == "core_hours" ? std::max(1, pricing.coresPerNode)
                                                        : 1.0;
    perNodeHour *= pricing.factor;
    c.unit = pricing.unit;
    c.units = nodeHours(seconds) * perNodeHour;
    c.unitsLow = nodeHours(lowSeconds) * perNodeHour;
    c.unitsHigh = nodeHours(highSeconds) * perNodeHour;
    if (!pricing.currency.empty()) {
        c.currency = pricing.currency;
        c.amount = c.units * pricing.perUnit;
        c.low = c.unitsLow * pricing.perUnit;
        c.high = c.unitsHigh * pricing.perUnit;
    }
    return c;
}

std::optional<double> costIn(const CostEstimate& c, const AmountSpec& budget) {
    if (budget.isAllocation())
        return c.unit == budget.unit ? std::optional(c.units) : std::nullopt;
    return c.currency == budget.unit ? std::optional(c.amount) : std::nullopt;
}

} // namespace modak::model
