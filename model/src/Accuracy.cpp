// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Accuracy.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>

namespace modak::model {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& v) {
    return std::find(list.begin(), list.end(), v) != list.end();
}

/// 90th percentile by the nearest-rank method (the smallest error at least 90 % of rows reach).
double percentile90(std::vector<double> errors) {
    if (errors.empty())
        return 0;
    std::sort(errors.begin(), errors.end());
    size_t rank = static_cast<size_t>(std::ceil(0.9 * static_cast<double>(errors.size())));
    return errors[std::max<size_t>(rank, 1) - 1];
}

/// Rounds an error fraction to 0.1 % so calibration files stay stable and readable.
double tidyFraction(double v) {
    return std::round(v * 1000) / 1000;
}

std::string rate(double v) {
    return v >= 100 ? fmt::format("{:.0f}", v) : fmt::format("{:.3g}", v);
}

} // namespace

std::string Stratum::key() const {
    std::string k = parts[0];
    for (size_t i = 1; i < kStratumDimensions; ++i)
        k += "/" + parts[i];
    return k;
}

Stratum Stratum::parse(std::string_view key) {
    Stratum s;
    size_t i = 0, start = 0;
    for (size_t at = 0; at <= key.size(); ++at) {
        if (at < key.size() && key[at] != '/')
            continue;
        if (i == kStratumDimensions)
            return {};
        s.parts[i++] = std::string(key.substr(start, at - start));
        start = at + 1;
    }
    return i == kStratumDimensions ? s : Stratum{};
}

std::string precisionClassOf(const Scenario& s) {
    if (s.precision.starts_with("fp8"))
        return "fp8";
    if (s.gpusPerNode <= 0 || !s.gpu || !s.gpu->tensorCores)
        return "fp32";
    if (s.precision == "fp32" || s.precision == "fp64")
        return "fp32";
    // Without a TF32 peak the framework falls back to fp32 on the CUDA cores (Performance.cpp).
    if (s.precision == "tf32" && !s.gpu->peakTflops.contains("tf32"))
        return "fp32";
    return "tensor";
}

int devicesOf(const Scenario& s) {
    return (s.gpusPerNode > 0 ? s.gpusPerNode : cpuDevicesPerNode(s)) * std::max(1, s.nodes);
}

std::string scaleClassOf(const Scenario& s) {
    if (s.nodes > 1)
        return "multi-node";
    return devicesOf(s) > 1 ? "single-node" : "single-device";
}

Stratum stratumOf(const Scenario& s) {
    Stratum st;
    auto set = [&](StratumDimension d, std::string v) {
        st.parts[static_cast<size_t>(d)] = v.empty() ? "other" : std::move(v);
    };
    bool gpu = s.gpusPerNode > 0 && s.gpu;
    set(StratumDimension::Generation,
        gpu ? (s.gpu->architecture.empty() ? s.gpu->name : s.gpu->architecture) : "cpu");
    set(StratumDimension::Precision, precisionClassOf(s));
    set(StratumDimension::Workload, s.workload ? s.workload->kind : "");
    set(StratumDimension::Scale, scaleClassOf(s));
    set(StratumDimension::Framework, s.framework);
    return st;
}

const ErrorBand* nearestBand(const Calibration& cal, const Stratum& stratum, int& matched) {
    const ErrorBand* best = nullptr;
    // Compared as (equal dimensions, equal dimensions as a bit mask in priority order, rows).
    std::tuple<int, unsigned, int> bestScore{-1, 0, 0};
    for (const auto& band : cal.errorBands) {
        // Split without copying: this runs for every prediction of a layout search.
        std::array<std::string_view, kStratumDimensions> b{};
        std::string_view key = band.stratum;
        for (size_t d = 0; d < kStratumDimensions && !key.empty(); ++d) {
            const size_t slash = key.find('/');
            b[d] = key.substr(0, slash);
            key = slash == std::string_view::npos ? std::string_view{} : key.substr(slash + 1);
        }
        int count = 0;
        unsigned mask = 0;
        for (size_t d = 0; d < kStratumDimensions; ++d) {
            bool eq = !b[d].empty() && b[d] == stratum.parts[d];
            count += eq;
            mask = mask << 1 | (eq ? 1u : 0u);
        }
        std::tuple<int, unsigned, int> score{count, mask, band.rows};
        if (score > bestScore) {
            bestScore = score;
            best = &band;
        }
    }
    matched = best ? std::get<0>(bestScore) : 0;
    if (best && matched == 0) // nothing in common: the widest band, not an arbitrary one
        for (const auto& band : cal.errorBands)
            if (band.p90 > best->p90)
                best = &band;
    return best;
}

namespace {

/// What `extrapolations` reads of a scenario: its stratum, precision, devices and nodes (the key
/// of IntervalMemo, which must change with anything this reads).
std::vector<std::string> extrapolationsOf(const Stratum& st, const std::string& precision,
                                          int devices, int nodes, const Calibration& cal) {
    std::vector<std::string> out;
    const CalibrationCoverage& c = cal.coverage;
    if (c.empty())
        return out;
    const std::string& gen = st[StratumDimension::Generation];
    if (!contains(c.architectures, gen))
        out.push_back(gen == "cpu" ? "CPU training" : "GPU generation " + gen);
    if (!contains(c.precisionClasses, st[StratumDimension::Precision]))
        out.push_back("precision " + precision);
    if (!contains(c.workloadKinds, st[StratumDimension::Workload]))
        out.push_back("workload kind " + st[StratumDimension::Workload]);
    if (devices > c.maxDevices)
        out.push_back(
            fmt::format("{} devices (the data's largest run has {})", devices, c.maxDevices));
    else if (nodes > c.maxNodes)
        out.push_back(fmt::format("{} nodes (the data's largest run has {})", nodes, c.maxNodes));
    return out;
}

/// What the interval of a prediction in `st` holds but its bounds: the band and the
/// extrapolations (`scaled` sets the bounds).
PredictionInterval unitInterval(const Stratum& st, const std::string& precision, int devices,
                                int nodes, const Calibration& cal) {
    PredictionInterval iv;
    if (cal.errorBands.empty() && cal.coverage.empty())
        return iv;
    int matched = 0;
    if (const ErrorBand* band = nearestBand(cal, st, matched)) {
        iv.relativeError = band->p90;
        iv.stratum = band->stratum;
        iv.widest = matched == 0;
    }
    iv.extrapolations = extrapolationsOf(st, precision, devices, nodes, cal);
    return iv;
}

/// `unit` with the bounds of `throughput` (no band: relativeError 0, low = high = throughput).
PredictionInterval scaled(PredictionInterval unit, double throughput) {
    unit.low = throughput / (1 + unit.relativeError);
    unit.high = throughput * (1 + unit.relativeError);
    return unit;
}

} // namespace

std::vector<std::string> extrapolations(const Scenario& s, const Calibration& cal) {
    if (cal.coverage.empty())
        return {};
    return extrapolationsOf(stratumOf(s), s.precision, devicesOf(s), s.nodes, cal);
}

PredictionInterval predictionInterval(const Scenario& s, const Prediction& p,
                                      const Calibration& cal) {
    return scaled(unitInterval(stratumOf(s), s.precision, devicesOf(s), s.nodes, cal),
                  p.throughput);
}

PredictionInterval IntervalMemo::operator()(const Scenario& s, const Prediction& p) {
    if (cal_.errorBands.empty() && cal_.coverage.empty())
        return scaled({}, p.throughput);
    Stratum st = stratumOf(s);
    const int devices = devicesOf(s);
    for (const Entry& e : seen_)
        if (e.devices == devices && e.nodes == s.nodes && e.precision == s.precision &&
            e.stratum.parts == st.parts)
            return scaled(e.unit, p.throughput);
    PredictionInterval unit = unitInterval(st, s.precision, devices, s.nodes, cal_);
    seen_.push_back({std::move(st), s.precision, devices, s.nodes, unit});
    return scaled(std::move(unit), p.throughput);
}

CalibrationCoverage coverageOf(const MeasurementSet& data, const Catalogue& cat) {
    CalibrationCoverage c;
    std::set<std::string> arch, prec, kinds, fws;
    std::deque<Workload> scaled;
    for (const auto& m : data.throughput) {
        std::string error;
        auto s = scenarioFor(m, cat, error, &scaled);
        if (!s)
            continue;
        Stratum st = stratumOf(*s);
        arch.insert(st[StratumDimension::Generation]);
        prec.insert(st[StratumDimension::Precision]);
        kinds.insert(st[StratumDimension::Workload]);
        fws.insert(s->framework);
        c.maxDevices = std::max(c.maxDevices, devicesOf(*s));
        c.maxNodes = std::max(c.maxNodes, s->nodes);
    }
    c.architectures.assign(arch.begin(), arch.end());
    c.precisionClasses.assign(prec.begin(), prec.end());
    c.workloadKinds.assign(kinds.begin(), kinds.end());
    c.frameworks.assign(fws.begin(), fws.end());
    return c;
}

namespace {

/// The configuration family of a row: its scaling series and repetitions.
std::string familyOf(const Measurement& m) {
    return fmt::format("{}|{}|{}|{}|{}|{}|{}|{}{}", m.dataset, m.workload, m.device, m.framework,
                       m.version, m.build, m.graphCompiler, m.precision,
                       m.attention == "flash" ? "" : "|" + m.attention);
}

std::optional<HeldOutRow> heldOut(const Measurement& m, const MeasurementSet& all,
                                  const Calibration& cal, const Catalogue& cat,
                                  std::deque<Workload>& scaled, int fold, std::string& error) {
    auto s = scenarioFor(m, cat, error, &scaled);
    if (!s)
        return std::nullopt;
    auto p = predict(*s, cal, error, Explain::FiguresOnly);
    if (!p)
        return std::nullopt;
    HeldOutRow r;
    r.measurement = &m;
    r.stratum = stratumOf(*s);
    r.predicted = p->throughput;
    r.predictedEfficiency = p->efficiency;
    r.measuredEfficiency = measuredEfficiency(m, all);
    r.devices = devicesOf(*s);
    r.fold = fold;
    return r;
}

} // namespace

std::vector<HeldOutRow> crossValidate(const MeasurementSet& data, const Calibration& start,
                                      const Catalogue& cat, int folds,
                                      const FitProgress& progress) {
    std::set<std::string> families;
    for (const auto& m : data.throughput)
        families.insert(familyOf(m));
    std::map<std::string, int> foldOf;
    int i = 0;
    for (const auto& f : families)
        foldOf[f] = i++ % std::max(1, folds);
    const int used = std::min<int>(folds, static_cast<int>(families.size()));
    // The fitted tables learnt from every row, held-out ones included: each fold refits them.
    Calibration neutral = start;
    neutral.frameworkEfficiency.clear();
    neutral.workloadEfficiency.clear();
    neutral.architectureEfficiency.clear();
    std::vector<HeldOutRow> out;
    std::deque<Workload> scaled;
    for (int fold = 0; fold < used; ++fold) {
        MeasurementSet train;
        train.hpc = data.hpc;
        train.hardware = data.hardware;
        for (const auto& m : data.throughput)
            if (foldOf[familyOf(m)] != fold)
                train.throughput.push_back(m);
        auto fitted = fitCalibration(train, neutral, cat, [&](size_t done, size_t total) {
            if (progress)
                progress(static_cast<size_t>(fold) * total + done,
                         static_cast<size_t>(used) * total);
        });
        for (const auto& m : data.throughput)
            if (std::string error; foldOf[familyOf(m)] == fold)
                if (auto r = heldOut(m, data, fitted.calibration, cat, scaled, fold, error))
                    out.push_back(std::move(*r));
    }
    return out;
}

std::vector<HeldOutRow> evaluateRows(const MeasurementSet& judge, const Calibration& cal,
                                     const Catalogue& cat, std::map<std::string, size_t>* skipped) {
    std::vector<HeldOutRow> out;
    std::deque<Workload> scaled;
    for (const auto& m : judge.throughput) {
        std::string error;
        if (auto r = heldOut(m, judge, cal, cat, scaled, -1, error))
            out.push_back(std::move(*r));
        else if (skipped)
            ++(*skipped)[error];
    }
    return out;
}

std::vector<AccuracyFigures> summarise(const std::vector<HeldOutRow>& rows, bool byDataset) {
    std::map<std::string, std::vector<const HeldOutRow*>> groups;
    for (const auto& r : rows)
        groups[byDataset ? r.measurement->dataset : r.stratum.key()].push_back(&r);
    auto figures = [](const std::string& name, const std::vector<const HeldOutRow*>& group) {
        AccuracyFigures f;
        f.name = name;
        std::vector<double> errors;
        for (const HeldOutRow* r : group) {
            errors.push_back(std::abs(r->predicted - r->measurement->throughput) /
                             r->measurement->throughput);
            if (r->measuredEfficiency > 0) {
                ++f.efficiencyRows;
                f.efficiencyMaePoints +=
                    100 * std::abs(r->predictedEfficiency - r->measuredEfficiency);
            }
        }
        f.rows = errors.size();
        for (double e : errors)
            f.mape += e;
        f.mape = f.rows ? f.mape / static_cast<double>(f.rows) : 0;
        f.p90 = percentile90(errors);
        if (f.efficiencyRows)
            f.efficiencyMaePoints /= static_cast<double>(f.efficiencyRows);
        return f;
    };
    std::vector<AccuracyFigures> out;
    std::vector<const HeldOutRow*> all;
    for (const auto& [name, group] : groups) {
        out.push_back(figures(name, group));
        all.insert(all.end(), group.begin(), group.end());
    }
    out.push_back(figures("all", all));
    return out;
}

std::vector<ErrorBand> errorBands(const std::vector<HeldOutRow>& rows, size_t minRows) {
    std::vector<ErrorBand> bands;
    auto figures = summarise(rows, false);
    figures.pop_back(); // "all": the bands are per stratum
    for (const auto& f : figures)
        if (f.rows >= minRows)
            bands.push_back(
                {f.name, tidyFraction(f.mape), tidyFraction(f.p90), static_cast<int>(f.rows)});
    return bands;
}

std::vector<DecisionSet> decisionSets(const std::vector<HeldOutRow>& rows) {
    struct Option {
        double measuredSum = 0, predictedSum = 0;
        int n = 0;
    };
    auto layoutText = [](const Measurement& m) {
        if (!m.layout)
            return std::string("data parallel");
        const ParallelLayout& l = *m.layout;
        return fmt::format("tp{} pp{} cp{} ep{} mb{} {} zero{} recompute {}", l.tensor, l.pipeline,
                           l.context, l.expert, l.microbatches, l.schedule, l.zeroStage,
                           l.recompute);
    };
    // Per choice: the option's value, and the columns the other rows must share. A precision
    // change brings its own batch size (mixed precision fits twice the batch), so batch is part
    // of that choice.
    struct Choice {
        const char* name;
        std::function<std::string(const Measurement&)> option, context;
    };
    // The attention kernel is said only when it is not the default, so that the sets' names
    // read as before.
    auto base = [&](const Measurement& m, bool withPrecision, bool withImage, bool withCompiler,
                    bool withNodes, bool withLayout, bool withAttention = true) {
        return fmt::format(
            "{} {} on {} {}{}{}{}{}{}{}", m.dataset, m.workload, m.device, m.framework,
            withImage ? fmt::format(" {} {}", m.version, m.build) : "",
            withCompiler ? " + " + m.graphCompiler : "",
            withPrecision ? fmt::format(" {} batch {}", m.precision, m.batchPerDevice) : "",
            withNodes ? fmt::format(" {}×{}", m.nodes, m.gpusPerNode)
                      : fmt::format(" ×{}", m.gpusPerNode),
            withLayout ? " " + layoutText(m) : "",
            withAttention && m.attention != "flash" ? " " + m.attention + " attention" : "");
    };
    const std::vector<Choice> choices = {
        {"precision",
         [](const Measurement& m) {
             return fmt::format("{} batch {}", m.precision, m.batchPerDevice);
         },
         [&](const Measurement& m) { return base(m, false, true, true, true, true); }},
        {"image", [](const Measurement& m) { return m.version + " " + m.build; },
         [&](const Measurement& m) { return base(m, true, false, true, true, true); }},
        {"graph_compiler", [](const Measurement& m) { return m.graphCompiler; },
         [&](const Measurement& m) { return base(m, true, true, false, true, true); }},
        {"nodes", [](const Measurement& m) { return std::to_string(m.nodes); },
         [&](const Measurement& m) { return base(m, true, true, true, false, true); }},
        {"layout", layoutText,
         [&](const Measurement& m) { return base(m, true, true, true, true, false); }},
        {"attention", [](const Measurement& m) { return m.attention; },
         [&](const Measurement& m) { return base(m, true, true, true, true, true, false); }},
    };
    std::vector<DecisionSet> out;
    for (const auto& choice : choices) {
        std::map<std::string, std::map<std::string, Option>> sets;
        for (const auto& r : rows) {
            const Measurement& m = *r.measurement;
            Option& o = sets[choice.context(m)][choice.option(m)];
            o.measuredSum += m.throughput;
            o.predictedSum += r.predicted;
            ++o.n;
        }
        for (const auto& [context, options] : sets) {
            // Batch sizes alone are no precision decision: the options must differ in precision.
            std::set<std::string> values;
            for (const auto& [name, o] : options)
                values.insert(name.substr(0, name.find(" batch ")));
            if (values.size() < 2)
                continue;
            DecisionSet d;
            d.choice = choice.name;
            d.context = context;
            double bestMeasured = -1, bestPredicted = -1;
            for (const auto& [name, o] : options) {
                if (o.measuredSum / o.n > bestMeasured) {
                    bestMeasured = o.measuredSum / o.n;
                    d.measuredBest = name;
                }
                if (o.predictedSum / o.n > bestPredicted) {
                    bestPredicted = o.predictedSum / o.n;
                    d.modelPick = name;
                }
            }
            const Option& picked = options.at(d.modelPick);
            d.shortfall = 1 - picked.measuredSum / picked.n / bestMeasured;
            out.push_back(std::move(d));
        }
    }
    return out;
}

void attachErrorBands(Calibration& cal, const MeasurementSet& data, const Catalogue& cat,
                      const FitProgress& progress) {
    cal.errorBands = errorBands(crossValidate(data, cal, cat, 5, progress));
    cal.coverage = coverageOf(data, cat);
}

void warnExtrapolation(const DeploymentPlan& plan, Diagnostics& diags) {
    if (!plan.chosen || !plan.chosen->predicted || plan.chosen->amdahl)
        return;
    const PredictionInterval& iv = plan.chosen->predicted->interval;
    if (iv.extrapolations.empty())
        return;
    std::string what = extrapolationList(iv);
    diags.add(DiagCode::ExtrapolatedPrediction, plan.range,
              fmt::format("deployment '{}': the prediction extrapolates beyond the calibration "
                          "data ({}); its ±{:.0f} % interval comes from {} and may be too narrow",
                          plan.name, what, iv.relativeError * 100,
                          iv.stratum.empty() ? "no band" : iv.stratum));
}

std::string extrapolationList(const PredictionInterval& i) {
    std::string what;
    for (const auto& e : i.extrapolations)
        what += (what.empty() ? "" : ", ") + e;
    return what;
}

std::string intervalText(const PredictionInterval& i) {
    if (i.stratum.empty())
        return "no held-out error in the calibration";
    return fmt::format("{}–{} samples/s, ±{:.0f} % ({} held-out error on {})", rate(i.low),
                       rate(i.high), i.relativeError * 100,
                       i.widest ? "no stratum matches: the widest" : "the", i.stratum);
}

} // namespace modak::model
