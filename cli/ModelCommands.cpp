// SPDX-License-Identifier: Apache-2.0
// `modak plan | predict | catalog | model fit | model report`: the embedded performance model.
#include "Commands.h"
#include "Parallel.h"
#include "Support.h"
#include "modak/calibrate/Record.h"
#include "modak/diag/DiagnosticEngine.h"
#include "modak/model/Accuracy.h"
#include "modak/model/Fit.h"
#include "modak/model/Layout.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"
#include "modak/model/Report.h"
#include "modak/model/Schema.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>

namespace modak::cli {

namespace fs = std::filesystem;

namespace {

/// Loads a calibration file given on the command line; prints diagnostics on failure.
std::optional<model::Calibration> loadCalibration(SourceManager& sm, const std::string& path,
                                                  ColorMode color) {
    if (path.empty())
        return model::Calibration::builtin();
    auto id = readInput(sm, path);
    if (!id)
        return std::nullopt;
    Diagnostics diags;
    auto cal = model::Calibration::parse(sm.text(*id), *id, path, diags);
    printDiagnostics(sm, applyPolicy(diags, {}), color);
    return cal;
}

/// The built-in catalogue plus `--catalog` files; false (diagnostics printed) if a file is invalid.
bool loadCatalogue(SourceManager& sm, const std::vector<std::string>& files, model::Catalogue& cat,
                   ColorMode color, bool& ioError) {
    cat = model::Catalogue::builtin();
    Diagnostics diags;
    for (const auto& f : files) {
        auto id = readInput(sm, f);
        if (!id) {
            ioError = true;
            continue;
        }
        cat.merge(sm.text(*id), *id, f, diags);
    }
    printDiagnostics(sm, applyPolicy(diags, {}), color);
    return !diags.hasErrors() && !ioError;
}

int writeOutput(const std::string& output, const std::string& text) {
    if (output.empty() || output == "-") {
        fmt::print("{}", text);
        return Success;
    }
    return writeAtomically(output, text) ? Success : UsageOrIoError;
}

template<typename T>
std::string known(const std::vector<T>& entries) {
    return model::knownNames(entries);
}

} // namespace

int runPlan(const PlanOptions& options) {
    SourceManager sm;
    auto id = readInput(sm, options.path);
    if (!id)
        return UsageOrIoError;
    auto cal = loadCalibration(sm, options.calibration, options.color);
    if (!cal)
        return UsageOrIoError;
    Diagnostics diags;
    model::Program program = model::loadProgram(sm, *id, diags, loadOptions(options.importRoots));
    if (diags.hasErrors()) {
        printDiagnostics(sm, applyPolicy(diags, {}), options.color);
        printError(fmt::format("'{}' has errors; fix them before planning", sm.path(*id)));
        return InputErrors;
    }
    model::PlanOptions planOptions;
    planOptions.deployment = options.deployment;
    planOptions.catalogFiles = options.catalogs;
    planOptions.calibration =
        options.calibration.empty() ? nullptr : &*cal; // else the targets' own
    model::Plan plan = model::planProgram(sm, program, planOptions, diags);
    printDiagnostics(sm, applyPolicy(diags, {}), options.color);
    std::string text;
    if (options.format == "json")
        text = model::renderPlanJson(plan, options.path, MODAK_VERSION);
    else if (options.format == "html")
        text = model::renderPlanHtml(plan, options.path, MODAK_VERSION);
    else
        text = model::renderPlanText(plan);
    int written = writeOutput(options.output, text);
    if (written != Success)
        return written;
    return diags.hasErrors() ? InputErrors : Success;
}

int runPredict(const PredictOptions& o) {
    SourceManager sm;
    model::Catalogue cat;
    bool ioError = false;
    if (!loadCatalogue(sm, o.catalogs, cat, ColorMode::Auto, ioError))
        return UsageOrIoError;
    auto cal = loadCalibration(sm, o.calibration, ColorMode::Auto);
    if (!cal)
        return UsageOrIoError;

    model::Scenario s;
    s.workload = cat.workload(o.workload);
    if (!s.workload) {
        printError(model::unknownWorkload(cat, o.workload));
        return UsageOrIoError;
    }
    // The language's frameworks (an application's `framework`): predict takes what a file may name.
    auto frameworks = model::topLevelBlock("application")->key("framework")->enumValues();
    auto isNamed = [&](const model::EnumValue& f) { return f.name == o.framework; };
    if (std::none_of(frameworks.begin(), frameworks.end(), isNamed)) {
        std::string known;
        for (const auto& f : frameworks)
            known += (known.empty() ? "" : ", ") + f.name;
        printError(fmt::format("unknown framework '{}'; known: {}", o.framework, known));
        return UsageOrIoError;
    }
    s.framework = o.framework;
    s.version = o.version;
    s.build = o.build;
    s.graphCompiler = o.graphCompiler;
    s.precision = o.precision;
    if (!o.gpu.empty() == !o.cpu.empty()) {
        printError("give exactly one of --gpu MODEL and --cpu MODEL");
        return UsageOrIoError;
    }
    if (!o.gpu.empty()) {
        s.gpu = cat.gpu(o.gpu);
        if (!s.gpu) {
            std::string near;
            for (const std::string& g : cat.gpusNear(o.gpu))
                near += fmt::format("{}{} ({})", near.empty() ? "" : ", ", g, cat.gpu(g)->model);
            printError(fmt::format("unknown GPU '{}'{}; known: {}", o.gpu,
                                   near.empty() ? "" : "; did you mean " + near + "?",
                                   known(cat.gpus)));
            return UsageOrIoError;
        }
        s.gpusPerNode = o.gpusPerNode < 0 ? 1 : o.gpusPerNode;
        if (s.gpusPerNode == 0) {
            printError("--gpus-per-node must be at least 1 with --gpu");
            return UsageOrIoError;
        }
    } else {
        s.cpu = cat.cpu(o.cpu);
        if (!s.cpu) {
            printError(fmt::format("unknown CPU '{}'; known: {}", o.cpu, known(cat.cpus)));
            return UsageOrIoError;
        }
        s.gpusPerNode = 0;
        s.cpuSockets = o.sockets;
    }
    if (!o.interconnect.empty()) {
        s.interconnect = cat.interconnect(o.interconnect);
        if (!s.interconnect) {
            printError(fmt::format("unknown interconnect '{}'; known: {}", o.interconnect,
                                   known(cat.interconnects)));
            return UsageOrIoError;
        }
    }
    if (!o.storage.empty()) {
        s.storage = cat.storageClass(o.storage);
        if (!s.storage) {
            printError(fmt::format("unknown storage class '{}'; known: {}", o.storage,
                                   known(cat.storage)));
            return UsageOrIoError;
        }
    }
    if (o.batchPerDevice < 1 || o.batchPerDevice > 1'000'000'000) {
        printError(fmt::format("--batch-per-device must be between 1 and 1000000000, not {}",
                               o.batchPerDevice));
        return UsageOrIoError;
    }
    s.batchPerDevice = static_cast<int>(o.batchPerDevice);
    if (!(o.samples >= 0 && o.samples <= 1e15)) {
        printError(fmt::format("--samples must be between 1 and 10^15, not {}", o.samples));
        return UsageOrIoError;
    }
    s.samplesPerEpoch = o.samples;
    if (o.nodes < 1 || o.nodes > 100000) {
        printError(fmt::format("--nodes must be between 1 and 100000, not {}", o.nodes));
        return UsageOrIoError;
    }
    s.nodes = o.nodes;
    if (o.networkPorts < 1 || o.networkPorts > 64) {
        printError(fmt::format("--network-ports must be between 1 and 64, not {}", o.networkPorts));
        return UsageOrIoError;
    }
    s.networkPorts = o.networkPorts;
    if (s.nodes > 1 && !s.interconnect) {
        printError(fmt::format("--nodes {} needs --interconnect NAME; known: {}", s.nodes,
                               known(cat.interconnects)));
        return UsageOrIoError;
    }
    s.fineTuning = o.fineTuning == "lora" ? "lora" : "";
    s.loraRank = o.loraRank;
    s.attention = o.attention;
    if (o.tensor || o.pipeline || o.context || o.expert || o.microbatches || o.virtualStages ||
        o.zero >= 0 || !o.schedule.empty() || !o.recompute.empty() || !s.fineTuning.empty()) {
        model::ParallelLayout l;
        l.tensor = std::max(1, o.tensor);
        l.pipeline = std::max(1, o.pipeline);
        l.context = std::max(1, o.context);
        l.expert = std::max(1, o.expert);
        l.microbatches = std::max(1, o.microbatches);
        l.virtualStages = std::max(1, o.virtualStages);
        l.zeroStage = std::max(0, o.zero);
        l.recompute = o.recompute.empty() ? "none" : o.recompute;
        l.schedule = !o.schedule.empty()   ? o.schedule
                     : l.virtualStages > 1 ? "interleaved"
                                           : "one_f_one_b";
        s.layout = l;
    }
    std::string error;
    auto p = model::predict(s, *cal, error);
    if (!p) {
        printError(error);
        return UsageOrIoError;
    }
    fmt::print("{}", o.format == "json" ? model::renderPredictionJson(*p, s)
                                        : model::renderPredictionText(*p, s));
    if (!model::fitsInMemory(s, *p)) {
        // The check `modak plan` rejects candidates with: this configuration cannot run. The
        // smallest change that fits is the plan's too: a layout, else a smaller batch.
        std::string fix =
            s.workload->shape
                ? model::smallestFittingLayout(s, s.layout.value_or(model::ParallelLayout{}), *cal)
                : std::string();
        if (fix.empty()) {
            auto batch = model::largestBatchThatFits(s, *cal);
            fix = batch ? fmt::format("--batch-per-device {} fits", *batch)
                        : std::string("not even one sample per device fits: the training state "
                                      "alone is too large; use a GPU with more memory, or shard "
                                      "it (--zero, --tensor, --pipeline)");
        }
        printError(fmt::format("does not fit: {:.1f} GiB per device, the {} has {} GiB; {}",
                               p->memoryPerDeviceBytes / 1073741824.0, s.gpu->name,
                               s.gpu->memoryGiB, fix));
        return InputErrors;
    }
    return Success;
}

int runCatalog(const CatalogOptions& options) {
    SourceManager sm;
    model::Catalogue cat;
    bool ioError = false;
    if (!loadCatalogue(sm, options.catalogs, cat, options.color, ioError))
        return ioError ? UsageOrIoError : InputErrors;
    fmt::print("{}", options.format == "json" ? model::renderCatalogJson(cat, options.section)
                                              : model::renderCatalogText(cat, options.section));
    return Success;
}

namespace {

/// Reads measurement CSVs; the embedded data when none are given.
bool readData(SourceManager& sm, const std::vector<std::string>& files,
              model::MeasurementSet& data) {
    if (files.empty()) {
        data = model::builtinMeasurements();
        return true;
    }
    Diagnostics diags;
    bool ok = true;
    for (const auto& f : files) {
        auto id = readInput(sm, f);
        if (!id) {
            ok = false;
            continue;
        }
        size_t notes = data.notes.size();
        model::readMeasurements(sm.text(*id), *id, data, diags);
        for (size_t i = notes; i < data.notes.size(); ++i)
            fmt::print(stderr, "{}: note: {}\n", f, data.notes[i]);
    }
    printDiagnostics(sm, applyPolicy(diags, {}), ColorMode::Auto);
    return ok && !diags.hasErrors();
}

/// Splits `data` by the hold-out filter: (training, test).
std::pair<model::MeasurementSet, model::MeasurementSet> split(const model::MeasurementSet& data,
                                                              const model::RowFilter& holdOut) {
    model::MeasurementSet train, test;
    for (const auto& m : data.throughput)
        (holdOut && holdOut(m) ? test : train).throughput.push_back(m);
    train.hpc = data.hpc;
    train.hardware = data.hardware; // measurements of the machine, not configurations to predict
    return {train, test};
}

/// fitCalibration with its iterations counted on a terminal (a fit of thousands of rows takes a
/// while).
template<typename Work>
auto showingProgress(const char* what, Work work) {
    std::optional<Progress> progress;
    auto result = work([&](size_t done, size_t total) {
        if (!progress)
            progress.emplace(what, total, "iterations");
        progress->update(done);
    });
    if (progress)
        progress->finish();
    return result;
}

model::FitReport fitShowingProgress(const model::MeasurementSet& data,
                                    const model::Calibration& start, const model::Catalogue& cat) {
    return showingProgress("fitting", [&](const model::FitProgress& progress) {
        return model::fitCalibration(data, start, cat, progress);
    });
}

/// Error bands and coverage of `data` into `cal`, the cross-validation's fits counted on a
/// terminal.
void attachBandsShowingProgress(model::Calibration& cal, const model::MeasurementSet& data,
                                const model::Catalogue& cat) {
    showingProgress("cross-validating", [&](const model::FitProgress& progress) {
        model::attachErrorBands(cal, data, cat, progress);
        return 0;
    });
}

/// Per stratum and per data set: held-out throughput MAPE, its 90th percentile and, for
/// multi-device rows, the scaling-efficiency mean absolute error; then the decision sets.
void printAccuracy(const std::vector<model::HeldOutRow>& rows) {
    auto table = [](const char* title, const std::vector<model::AccuracyFigures>& figures) {
        size_t width = 24;
        for (const auto& f : figures)
            width = std::max(width, f.name.size());
        fmt::print("  {:<{}} {:>5} {:>9} {:>9} {:>17}\n", title, width, "rows", "MAPE", "p90",
                   "efficiency MAE");
        for (const auto& f : figures)
            fmt::print("  {:<{}} {:>5} {:>7.1f} % {:>7.1f} % {:>17}\n", f.name, width, f.rows,
                       100 * f.mape, 100 * f.p90,
                       f.efficiencyRows ? fmt::format("{:.1f} points ({})", f.efficiencyMaePoints,
                                                      f.efficiencyRows)
                                        : "-");
    };
    table("stratum", model::summarise(rows, false));
    table("data set", model::summarise(rows, true));
    auto sets = model::decisionSets(rows);
    size_t within = 0;
    std::map<std::string, std::pair<size_t, size_t>> byChoice; // within 5 %, all
    for (const auto& d : sets) {
        within += d.withinFivePercent();
        byChoice[d.choice].first += d.withinFivePercent();
        byChoice[d.choice].second++;
    }
    if (sets.empty()) {
        fmt::print("decision sets: none (no rows differ in one choice only)\n");
        return;
    }
    fmt::print("decision sets (rows differing in one choice): the model's pick within 5 % of the "
               "measured best in {} of {} ({:.0f} %)\n",
               within, sets.size(), 100.0 * static_cast<double>(within) / sets.size());
    for (const auto& [choice, n] : byChoice)
        fmt::print("  {:<15} {} of {}\n", choice, n.first, n.second);
    for (const auto& d : sets)
        if (!d.withinFivePercent())
            fmt::print("  missed: {} of {}: model picks {}, measured best {} ({:.0f} % slower)\n",
                       d.choice, d.context, d.modelPick, d.measuredBest, 100 * d.shortfall);
}

/// Every held-out row with its prediction, for a closer look than the strata give.
bool writeRowsCsv(const std::string& path, const std::vector<model::HeldOutRow>& rows) {
    if (path.empty())
        return true;
    std::string out = "dataset,workload,framework,version,build,graph_compiler,precision,device,"
                      "gpus_per_node,nodes,batch_per_device,stratum,fold,measured,predicted,"
                      "error_percent,measured_efficiency,predicted_efficiency\n";
    auto field = [](const std::string& v) { return calibrate::csvCell(v); };
    for (const auto& r : rows) {
        const auto& m = *r.measurement;
        out += fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{:.6g},{:.6g},{:.2f},{},{}\n", field(m.dataset),
            field(m.workload), field(m.framework), field(m.version), field(m.build),
            field(m.graphCompiler), field(m.precision), field(m.device), m.gpusPerNode, m.nodes,
            m.batchPerDevice, field(r.stratum.key()), r.fold, m.throughput, r.predicted,
            100 * (r.predicted - m.throughput) / m.throughput,
            r.measuredEfficiency > 0 ? fmt::format("{:.4f}", r.measuredEfficiency) : std::string(),
            r.measuredEfficiency > 0 ? fmt::format("{:.4f}", r.predictedEfficiency)
                                     : std::string());
    }
    return writeAtomically(path, out);
}

/// The site's measured hardware next to what the catalogue and the generic constants assume.
void printMeasuredHardware(const model::FitReport& fitted, const model::Catalogue& cat) {
    if (fitted.hardwareNotes.empty())
        return;
    const model::Calibration& cal = fitted.calibration;
    const model::Calibration& builtin = model::Calibration::builtin();
    fmt::print("measured hardware (stream, allreduce)\n");
    for (const auto& [device, gbs] : cal.measuredMemoryBandwidthGBs) {
        const model::Cpu* cpu = cat.cpu(device);
        const model::Gpu* gpu = cpu ? nullptr : cat.gpu(device);
        double peak = cpu ? cpu->memoryBandwidthGBs : gpu ? gpu->memoryBandwidthGBs : 0;
        if (peak > 0)
            fmt::print("  memory bandwidth {:<14} {:8.2f} GB/s per socket; the catalogue's {:.1f} "
                       "GB/s × {:.2f} would "
                       "assume {:.1f}\n",
                       device, gbs, peak, builtin.memoryUtilisation,
                       peak * builtin.memoryUtilisation);
        else
            fmt::print("  memory bandwidth {:<14} {:8.2f} GB/s per socket\n", device, gbs);
    }
    for (const auto& [name, link] : cal.measuredInterconnects) {
        const model::Interconnect* ic = cat.interconnect(name);
        fmt::print("  interconnect {:<18} {:8.3g} GB/s, {:.3g} µs per message", name,
                   link.bandwidthGBs, link.latencyUs);
        if (ic)
            fmt::print("; the catalogue's {:.3g} GB/s × {:.2f}, {:.3g} µs would assume {:.3g} GB/s",
                       ic->bandwidthGBs, builtin.collectiveEfficiency, ic->latencyUs,
                       ic->bandwidthGBs * builtin.collectiveEfficiency);
        fmt::print("\n");
    }
    for (const auto& note : fitted.hardwareNotes)
        fmt::print("  from {}\n", note);
}

} // namespace

int runModelFit(const ModelFitOptions& options) {
    SourceManager sm;
    model::MeasurementSet data;
    if (!readData(sm, options.data, data))
        return InputErrors;
    model::RowFilter holdOut;
    if (!options.holdOut.empty()) {
        std::string error;
        auto f = model::parseRowFilter(options.holdOut, error);
        if (!f) {
            printError(error);
            return UsageOrIoError;
        }
        holdOut = *f;
    }
    if (!options.force && fs::exists(options.output)) {
        printError(fmt::format("'{}' exists; use --force to overwrite it", options.output));
        return UsageOrIoError;
    }
    auto [train, test] = split(data, holdOut);
    if (train.throughput.empty() && train.hpc.empty() && train.hardware.empty()) {
        printError("no measurements left to fit");
        return InputErrors;
    }
    const model::Catalogue& cat = model::Catalogue::builtin();
    if (options.bandsOnly) {
        std::optional<model::Calibration> cal = model::Calibration::builtin();
        if (!options.calibration.empty() &&
            !(cal = loadCalibration(sm, options.calibration, ColorMode::Auto)))
            return UsageOrIoError;
        attachBandsShowingProgress(*cal, train, cat);
        fmt::print(stderr, "{} error bands from {} rows; the constants are kept\n",
                   cal->errorBands.size(), train.throughput.size());
        return writeAtomically(options.output, cal->toJson()) ? Success : UsageOrIoError;
    }
    auto report = fitShowingProgress(train, model::Calibration::builtin(), cat);
    fmt::print(stderr,
               "fitted on {} rows ({} skipped: unknown workload or device), rms log error {:.3f}\n",
               report.rowsUsed, report.rowsSkipped, report.rmsLogError);
    for (const auto& note : report.hardwareNotes)
        fmt::print(stderr, "measured {}\n", note);
    attachBandsShowingProgress(report.calibration, train, cat);
    return writeAtomically(options.output, report.calibration.toJson()) ? Success : UsageOrIoError;
}

int runModelReport(const ModelReportOptions& options) {
    SourceManager sm;
    model::Catalogue cat;
    bool ioError = false;
    if (!loadCatalogue(sm, options.catalogs, cat, ColorMode::Auto, ioError))
        return ioError ? UsageOrIoError : InputErrors;
    if (!options.judge.empty()) {
        // Judge rows are never fitted: the calibration is evaluated as it is.
        if (options.format == "json") {
            printError("--judge reports as text only");
            return UsageOrIoError;
        }
        model::MeasurementSet judge;
        if (!readData(sm, options.judge, judge))
            return InputErrors;
        std::optional<model::Calibration> cal = model::Calibration::builtin();
        if (!options.calibration.empty() &&
            !(cal = loadCalibration(sm, options.calibration, ColorMode::Auto)))
            return UsageOrIoError;
        std::map<std::string, size_t> skipped;
        auto rows = model::evaluateRows(judge, *cal, cat, &skipped);
        fmt::print("error on {} of {} judge rows, never fitted, with the {} calibration\n",
                   rows.size(), judge.throughput.size(),
                   options.calibration.empty() ? "built-in" : options.calibration);
        for (const auto& [why, n] : skipped)
            fmt::print("  not predicted: {} row{}: {}\n", n, n == 1 ? "" : "s", why);
        printAccuracy(rows);
        return writeRowsCsv(options.rowsCsv, rows) ? Success : UsageOrIoError;
    }
    model::MeasurementSet data;
    if (!readData(sm, options.data, data))
        return InputErrors;
    // Site data from `modak bench collect` (every row has its configuration): by default every
    // third configuration, in a stable order, is held out.
    const bool siteData =
        !data.throughput.empty() &&
        std::all_of(data.throughput.begin(), data.throughput.end(),
                    [](const model::Measurement& m) { return !m.configuration.empty(); });
    std::string filterText = options.holdOut.empty()
                                 ? (siteData ? "every third configuration" : "gpus_per_node>=4")
                                 : options.holdOut;
    std::string error;
    model::RowFilter holdOut;
    if (siteData && options.holdOut.empty()) {
        std::set<std::pair<std::string, std::string>> keys;
        for (const auto& m : data.throughput)
            keys.insert({m.dataset, m.configuration});
        auto held = std::make_shared<std::set<std::pair<std::string, std::string>>>();
        size_t i = 0;
        for (const auto& k : keys)
            if (i++ % 3 == 1)
                held->insert(k);
        holdOut = [held](const model::Measurement& m) {
            return held->count({m.dataset, m.configuration}) > 0;
        };
    } else if (auto f = model::parseRowFilter(filterText, error)) {
        holdOut = *f;
    } else {
        printError(error);
        return UsageOrIoError;
    }
    auto [train, test] = split(data, holdOut);
    if (data.throughput.empty() &&
        !data.hardware.empty()) { // only micro-benchmarks: nothing to hold out
        auto fitted = fitShowingProgress(train, model::Calibration::builtin(), cat);
        printMeasuredHardware(fitted, cat);
        return Success;
    }
    if (train.throughput.empty() || test.throughput.empty()) {
        printError(
            fmt::format("the hold-out '{}' leaves {} training and {} test rows: both are needed",
                        filterText, train.throughput.size(), test.throughput.size()));
        return InputErrors;
    }
    std::optional<model::Calibration> given;
    if (!options.calibration.empty()) {
        given = loadCalibration(sm, options.calibration, ColorMode::Auto);
        if (!given)
            return UsageOrIoError;
    }
    auto fitted = fitShowingProgress(train, given ? *given : model::Calibration::builtin(), cat);
    const model::Calibration& cal = fitted.calibration;
    auto before = model::evaluate(test, data, given ? *given : model::Calibration::builtin(), cat);
    auto after = model::evaluate(test, data, cal, cat);

    if (options.format == "json") {
        fmt::print("{}", cal.toJson());
        return Success;
    }
    fmt::print("fit on {} rows (held out: {}, {} rows), rms log error {:.3f}\n", fitted.rowsUsed,
               filterText, test.throughput.size(), fitted.rmsLogError);
    fmt::print("constants\n");
    fmt::print("  gpu utilisation (CUDA cores)    {:.4f}\n", cal.gpuUtilisationCudaCores);
    fmt::print("  gpu utilisation (tensor cores)  {:.4f}\n", cal.gpuUtilisationTensorCores);
    fmt::print("  cpu utilisation                 {:.4f}\n", cal.cpuUtilisation);
    fmt::print("  memory traffic factor           {:.3f}\n", cal.memoryTrafficFactor);
    fmt::print("  memory traffic factor (CPU)     {:.3f}\n", cal.memoryTrafficFactorCpu);
    fmt::print("  step overhead (GPU)             {:.5f} s\n", cal.stepOverheadGpuSeconds);
    fmt::print("  step overhead (CPU)             {:.5f} s\n", cal.stepOverheadCpuSeconds);
    fmt::print("  overlap                         {:.3f}\n", cal.overlap);
    fmt::print("  collective efficiency           {:.3f}\n", cal.collectiveEfficiency);
    fmt::print("  sync cost per doubling          {:.5f} s\n", cal.syncSecondsPerDoubling);
    fmt::print("  integer per FP32 instruction    {:.3f}\n", cal.integerPerFpInstruction);
    fmt::print("  compute/memory serial share     {:.3f}\n", cal.computeMemorySerial);
    fmt::print("  NCHW transpose traffic          {:.3f}\n", cal.nchwTransposeTraffic);
    fmt::print("  step time variation             {:.4f}\n", cal.stepTimeVariation);
    fmt::print("  host seconds per layer (eager)  {:.5f} s (measured)\n", cal.layerHostSeconds);
    for (const auto& [fw, f] : cal.frameworkEfficiency)
        fmt::print("  framework efficiency {:<10} {:.3f}\n", fw, f);
    for (const auto& [app, f] : cal.amdahlByApp)
        fmt::print("  Amdahl parallel fraction {:<10} {:.4f}\n", app, f);
    printMeasuredHardware(fitted, cat);
    fmt::print("held-out error (mean absolute percentage error): with the given calibration{} / "
               "refit without the held-out rows\n",
               options.calibration.empty() ? " (the embedded one, fitted on all public data)" : "");
    fmt::print("  {:<22} {:>5} {:>22} {:>22}\n", "data set", "rows", "throughput given/refit",
               "efficiency given/refit");
    for (size_t i = 0; i < after.size(); ++i) {
        const auto& a = after[i];
        const auto* b = i < before.size() ? &before[i] : nullptr;
        fmt::print("  {:<22} {:>5} {:>10.1f} % {:>7.1f} % {:>10} {:>9}\n", a.dataset, a.rows,
                   b ? b->throughputMape : 0, a.throughputMape,
                   a.efficiencyRows ? fmt::format("{:.1f} %", b ? b->efficiencyMape : 0) : "-",
                   a.efficiencyRows ? fmt::format("{:.1f} %", a.efficiencyMape) : "-");
    }
    // Over all data sets, weighted by rows.
    double beforeSum = 0, afterSum = 0;
    size_t rows = 0;
    for (size_t i = 0; i < after.size() && i < before.size(); ++i) {
        beforeSum += before[i].throughputMape * static_cast<double>(before[i].rows);
        afterSum += after[i].throughputMape * static_cast<double>(after[i].rows);
        rows += after[i].rows;
    }
    if (rows > 0)
        fmt::print("held-out throughput error: before {:.1f} %, after {:.1f} % ({} rows; before = "
                   "{}, after = refit on "
                   "the training split)\n",
                   beforeSum / static_cast<double>(rows), afterSum / static_cast<double>(rows),
                   rows,
                   options.calibration.empty() ? "built-in calibration" : options.calibration);
    // Every row held out once: 5-fold cross-validation by configuration family.
    auto crossValidated = showingProgress("cross-validating", [&](const model::FitProgress& p) {
        return model::crossValidate(data, given ? *given : model::Calibration::builtin(), cat, 5,
                                    p);
    });
    fmt::print("held-out error by 5-fold cross-validation (each configuration family predicted "
               "by constants fitted without it; efficiency MAE in points, multi-device rows)\n");
    printAccuracy(crossValidated);
    if (!writeRowsCsv(options.rowsCsv, crossValidated))
        return UsageOrIoError;
    if (!siteData)
        return Success;
    // The sweep's best configuration against the one each calibration predicts as best.
    std::map<std::string, std::map<std::string, std::pair<double, const model::Measurement*>>>
        byConfig;
    for (const auto& m : data.throughput) {
        auto& e = byConfig[m.dataset][m.configuration];
        e.first = e.first == 0 ? m.throughput : (e.first + m.throughput) / 2;
        e.second = &m;
    }
    fmt::print("best configuration: measured / predicted best before / predicted best after "
               "calibration\n");
    for (const auto& datasetConfigs : byConfig) {
        // Named references, not a structured binding: the lambdas below capture them.
        const auto& dataset = datasetConfigs.first;
        const auto& configs = datasetConfigs.second;
        auto bestBy = [&](auto score) {
            const std::string* best = nullptr;
            double bestScore = -1;
            for (const auto& [config, e] : configs)
                if (double v = score(config, e); v > bestScore) {
                    bestScore = v;
                    best = &config;
                }
            return best;
        };
        auto measured = bestBy([](const std::string&, const auto& e) { return e.first; });
        auto predictedWith = [&](const model::Calibration& c) {
            return bestBy([&](const std::string&, const auto& e) {
                return model::predictedThroughput(*e.second, c, cat).value_or(0);
            });
        };
        const auto* beforeBest = predictedWith(given ? *given : model::Calibration::builtin());
        const auto* afterBest = predictedWith(cal);
        auto show = [&](const std::string* config) {
            if (!config)
                return std::string("-");
            double t = configs.at(*config).first;
            return fmt::format("{} ({:.0f} samples/s, {:.0f} % of the best)", *config, t,
                               100 * t / configs.at(*measured).first);
        };
        fmt::print("  {}: measured best {}\n    model before: {}\n    model after:  {}\n", dataset,
                   show(measured), show(beforeBest), show(afterBest));
    }
    return Success;
}

} // namespace modak::cli
