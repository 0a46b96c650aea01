// SPDX-License-Identifier: Apache-2.0
//! How far to trust a prediction (docs/model.md "Error bars"): the strata the calibration data are
//! split into, the held-out error of each (cross-validation in `modak model fit`), what the data
//! cover, and the interval and extrapolation warnings a prediction gets from them.
#pragma once

#include "modak/model/Fit.h"
#include "modak/model/Performance.h"
#include "modak/model/Plan.h"

#include <array>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace modak::model {

/// The dimensions of a stratum, in the priority order "nearest" breaks ties by.
enum class StratumDimension { Generation, Precision, Workload, Framework, Scale };
inline constexpr size_t kStratumDimensions = 5;

/// A stratum of configurations: GPU generation (the GPU's architecture, or `cpu`), precision class
/// (`fp32` for CUDA cores and CPUs, `tensor` for tf32/fp16/bf16/mixed on tensor cores, `fp8`),
/// workload kind (cnn, transformer, …), framework and scale (`single-device`, `single-node`,
/// `multi-node`). Its key is "ampere/tensor/cnn/pytorch/single-node".
struct Stratum {
    std::array<std::string, kStratumDimensions> parts; ///< by StratumDimension

    const std::string& operator[](StratumDimension d) const {
        return parts[static_cast<size_t>(d)];
    }
    std::string key() const;
    /// A key as `key()` writes it; a malformed one gives empty parts (matching nothing).
    static Stratum parse(std::string_view key);
};

Stratum stratumOf(const Scenario& s);
/// fp32 | tensor | fp8: which arithmetic units the precision runs on.
std::string precisionClassOf(const Scenario& s);
/// single-device | single-node | multi-node.
std::string scaleClassOf(const Scenario& s);
/// GPUs, or CPU ranks, of the whole job.
int devicesOf(const Scenario& s);

/// The band of `cal` nearest to `stratum`: the most dimensions equal; among equals, the one
/// matching the higher-priority dimension (generation, precision, workload, framework, scale), then
/// the one with more rows. Null when `cal` has no bands; `matched` is the number of equal
/// dimensions (0: nothing matched, and the widest band is returned).
const ErrorBand* nearestBand(const Calibration& cal, const Stratum& stratum, int& matched);

/// What `s` asks of the model that the calibration data never showed it (empty when `cal` has no
/// coverage, e.g. a hand-written calibration file): "GPU generation hopper", "precision class fp8",
/// "workload kind transformer", "64 devices (the data's largest run has 8)".
std::vector<std::string> extrapolations(const Scenario& s, const Calibration& cal);

/// predictionInterval for the many predictions of one search (a plan's candidates): the band and
/// the extrapolations depend only on the stratum, precision, devices and nodes, so each combination
/// is looked up once (nearestBand walks every band, the extrapolations format text).
class IntervalMemo {
public:
    explicit IntervalMemo(const Calibration& cal) : cal_(cal) {}
    PredictionInterval operator()(const Scenario& s, const Prediction& p);

private:
    struct Entry {
        Stratum stratum;
        std::string precision;
        int devices = 0, nodes = 0;
        PredictionInterval unit; ///< for a throughput of 1
    };
    const Calibration& cal_;
    std::vector<Entry> seen_;
};

/// What the calibration data cover (Calibration::coverage), from the rows `scenarioFor` reads.
CalibrationCoverage coverageOf(const MeasurementSet& data, const Catalogue& cat);

/// One held-out prediction: the measurement and what the model predicted without it.
struct HeldOutRow {
    const Measurement* measurement = nullptr;
    Stratum stratum;
    double predicted = 0, predictedEfficiency = 0;
    double measuredEfficiency = 0; ///< multi-device rows with a single-device reference; else 0
    int devices = 1;
    int fold = -1; ///< -1: evaluated with a calibration that never saw the file (judge)
};

/// Errors of a group of held-out rows.
struct AccuracyFigures {
    std::string name; ///< a stratum key or a data set
    size_t rows = 0;
    double mape = 0, p90 = 0; ///< of throughput, fractions (0.12 = 12 %)
    size_t efficiencyRows = 0;
    double efficiencyMaePoints = 0; ///< mean absolute error of scaling efficiency, in points
};

/// Cross-validation: the throughput rows are grouped by configuration family (data set, workload,
/// device, framework and version, build, graph compiler, precision: a scaling series and its
/// repetitions stay together) and the families dealt into `folds` folds in a stable order; each
/// fold is predicted by a calibration fitted on the others, started from `start` with its fitted
/// tables (framework, workload, architecture efficiency) emptied, so nothing the held-out rows
/// taught the start leaks in. Rows `scenarioFor` cannot read are left out.
std::vector<HeldOutRow> crossValidate(const MeasurementSet& data, const Calibration& start,
                                      const Catalogue& cat, int folds = 5,
                                      const FitProgress& progress = {});
/// The rows of `judge` predicted by `cal` (which must never have been fitted on them); the rows
/// it cannot predict are counted in `skipped` by reason ("unknown workload 'gpt3_175b'").
std::vector<HeldOutRow> evaluateRows(const MeasurementSet& judge, const Calibration& cal,
                                     const Catalogue& cat,
                                     std::map<std::string, size_t>* skipped = nullptr);

/// Per stratum (`byDataset` false) or per data set, sorted by name; the last entry is "all".
std::vector<AccuracyFigures> summarise(const std::vector<HeldOutRow>& rows, bool byDataset);
/// Error bands from held-out rows: one per stratum with at least `minRows` rows.
std::vector<ErrorBand> errorBands(const std::vector<HeldOutRow>& rows, size_t minRows = 3);

/// A decision set: rows that differ in one choice only (precision, image/build, graph compiler,
/// node count, parallel layout), everything else equal.
struct DecisionSet {
    std::string choice;    ///< precision, image, graph_compiler, nodes, layout
    std::string context;   ///< what the rows share, for the report
    std::string modelPick; ///< the option the model predicts fastest
    std::string measuredBest;
    double shortfall = 0; ///< 1 − measured(model's pick) / measured best
    bool withinFivePercent() const { return shortfall <= 0.05; }
};
std::vector<DecisionSet> decisionSets(const std::vector<HeldOutRow>& rows);

/// `model fit`: the error bands and coverage of `data` written into `cal` (its constants kept).
void attachErrorBands(Calibration& cal, const MeasurementSet& data, const Catalogue& cat,
                      const FitProgress& progress = {});

/// A located `extrapolated-prediction` warning when the plan's chosen candidate extrapolates.
void warnExtrapolation(const DeploymentPlan& plan, Diagnostics& diags);

/// The extrapolations of `i`, comma-separated.
std::string extrapolationList(const PredictionInterval& i);

/// "1050–1420 samples/s, ±15 % (the held-out error on ampere/tensor/cnn/single-node/pytorch)";
/// with no band of the calibration, says so.
std::string intervalText(const PredictionInterval& i);

} // namespace modak::model
