// SPDX-License-Identifier: Apache-2.0
// Error bars (docs/model.md "Error bars"): strata, the nearest band, the interval every prediction
// carries, coverage and the extrapolation warning, cross-validation on the real calibration data,
// decision sets, and the measurement CSV's layout columns.
#include "ModelTest.h"
#include "modak/model/Accuracy.h"
#include "modak/model/Plan.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

using namespace modak;
using namespace modak::model;

namespace {

const Catalogue& cat() {
    return Catalogue::builtin();
}

Scenario gpuScenario(const char* gpu, const char* precision, int gpusPerNode = 1, int nodes = 1) {
    Scenario s;
    s.workload = cat().workload("resnet50");
    s.framework = "pytorch";
    s.precision = precision;
    s.gpu = cat().gpu(gpu);
    REQUIRE(s.gpu);
    s.gpusPerNode = gpusPerNode;
    s.nodes = nodes;
    if (nodes > 1)
        s.interconnect = cat().interconnect("infiniband_hdr");
    s.batchPerDevice = 128;
    return s;
}

bool mentions(const std::vector<std::string>& list, std::string_view what) {
    return std::any_of(list.begin(), list.end(),
                       [&](const std::string& e) { return e.find(what) != std::string::npos; });
}

} // namespace

TEST_CASE("strata: generation, precision class, workload kind, scale, framework", "[accuracy]") {
    CHECK(stratumOf(gpuScenario("v100_sxm2", "mixed")).key() ==
          "volta/tensor/cnn/pytorch/single-device");
    CHECK(stratumOf(gpuScenario("v100_sxm2", "fp32", 8)).key() ==
          "volta/fp32/cnn/pytorch/single-node");
    CHECK(stratumOf(gpuScenario("a100_sxm4_40gb", "tf32", 4, 2)).key() ==
          "ampere/tensor/cnn/pytorch/multi-node");
    // No TF32 before Ampere: the framework runs fp32 on the CUDA cores.
    CHECK(precisionClassOf(gpuScenario("v100_sxm2", "tf32")) == "fp32");
    Scenario cpu;
    cpu.workload = cat().workload("mnist_cnn");
    cpu.framework = "tensorflow";
    cpu.cpu = cat().cpu("Intel Xeon E5-2630 v4");
    cpu.cpuSockets = 2;
    CHECK(stratumOf(cpu).key() == "cpu/fp32/cnn/tensorflow/single-node");

    Stratum parsed = Stratum::parse("volta/tensor/cnn/pytorch/single-device");
    CHECK(parsed[StratumDimension::Scale] == "single-device");
    CHECK(parsed.key() == "volta/tensor/cnn/pytorch/single-device");
    CHECK(Stratum::parse("volta/tensor").key() == "////");
    CHECK(Stratum::parse("a/b/c/d/e/f").key() == "////");
}

TEST_CASE("the nearest band: most equal dimensions, then by priority, else the widest",
          "[accuracy]") {
    Calibration cal;
    cal.errorBands = {{"volta/fp32/transformer/jax/multi-node", 0.05, 0.08, 4},
                      {"kepler/tensor/cnn/pytorch/single-device", 0.02, 0.04, 9},
                      {"pascal/fp8/mlp/mxnet/single-node", 0.3, 0.5, 3}};
    int matched = 0;
    // Generation only vs precision + workload + scale + framework: four dimensions win.
    const ErrorBand* b =
        nearestBand(cal, Stratum::parse("volta/tensor/cnn/pytorch/single-device"), matched);
    REQUIRE(b);
    CHECK(b->stratum == "kepler/tensor/cnn/pytorch/single-device");
    CHECK(matched == 4);
    // One dimension each: the generation outranks the framework.
    b = nearestBand(cal, Stratum::parse("volta/x/y/pytorch/z"), matched);
    REQUIRE(b);
    CHECK(b->stratum == "volta/fp32/transformer/jax/multi-node");
    CHECK(matched == 1);
    // Nothing in common: the widest band, flagged.
    b = nearestBand(cal, Stratum::parse("hopper/x/y/z/w"), matched);
    REQUIRE(b);
    CHECK(matched == 0);
    CHECK(b->p90 == 0.5);

    Scenario s = gpuScenario("h100_sxm5", "fp8");
    s.framework = "tensorflow";
    Prediction p;
    p.throughput = 100;
    cal.errorBands = {{"pascal/fp32/mlp/mxnet/multi-node", 0.1, 0.2, 5},
                      {"kepler/fp32/transformer/jax/multi-node", 0.3, 0.6, 5}};
    PredictionInterval iv = predictionInterval(s, p, cal);
    CHECK(iv.widest);
    CHECK(iv.relativeError == 0.6);
    CHECK(intervalText(iv).find("widest") != std::string::npos);
}

TEST_CASE("the interval memo gives what predictionInterval gives, for every key it meets",
          "[accuracy]") {
    const Calibration& cal = Calibration::builtin();
    // Scenarios that differ in each part of the memo's key, each met twice (the second time from
    // the memo) and with a throughput of its own each time.
    std::vector<Scenario> scenarios;
    for (const char* gpu : {"v100_sxm2", "a100_sxm4_40gb", "h100_sxm5"})
        for (const char* precision : {"fp32", "mixed", "fp8"})
            for (auto [gpus, nodes] : {std::pair{1, 1}, {8, 1}, {8, 2}, {8, 64}})
                scenarios.push_back(gpuScenario(gpu, precision, gpus, nodes));
    Scenario other = gpuScenario("a100_sxm4_40gb", "mixed");
    other.framework = "jax";
    scenarios.push_back(other);
    other.workload = cat().workload("bert_large");
    REQUIRE(other.workload);
    scenarios.push_back(other);
    const Calibration none; // no bands, no coverage: low = high = the throughput
    for (const Calibration* c : {&cal, &none}) {
        IntervalMemo memo(*c);
        for (int round = 0; round < 2; ++round)
            for (size_t i = 0; i < scenarios.size(); ++i) {
                Prediction p;
                p.throughput = 100.0 + 37.0 * static_cast<double>(i) + round;
                const PredictionInterval want = predictionInterval(scenarios[i], p, *c);
                const PredictionInterval got = memo(scenarios[i], p);
                INFO(stratumOf(scenarios[i]).key() << " round " << round);
                CHECK(got.low == want.low);
                CHECK(got.high == want.high);
                CHECK(got.relativeError == want.relativeError);
                CHECK(got.stratum == want.stratum);
                CHECK(got.extrapolations == want.extrapolations);
                CHECK(got.widest == want.widest);
            }
    }
}

TEST_CASE("every prediction carries an interval from the embedded calibration's bands",
          "[accuracy]") {
    const Calibration& cal = Calibration::builtin();
    REQUIRE_FALSE(cal.errorBands.empty());
    REQUIRE_FALSE(cal.coverage.empty());
    for (const auto& b : cal.errorBands) {
        INFO(b.stratum);
        CHECK(b.rows >= 3);
        CHECK(b.p90 >= 0);
        CHECK(Stratum::parse(b.stratum).key() == b.stratum);
    }
    std::string error;
    Scenario s = gpuScenario("v100_sxm2", "mixed");
    auto p = predict(s, cal, error);
    REQUIRE(p);
    const PredictionInterval& iv = p->interval;
    CHECK_FALSE(iv.stratum.empty());
    CHECK(iv.low < p->throughput);
    CHECK(iv.high > p->throughput);
    CHECK(iv.high / p->throughput == Approx(1 + iv.relativeError));
    CHECK(p->throughput / iv.low == Approx(1 + iv.relativeError));
    CHECK(iv.extrapolations.empty()); // V100, mixed precision, a CNN on one GPU: all measured

    // The interval widens with its band.
    Calibration wider = cal;
    for (auto& b : wider.errorBands)
        if (b.stratum == iv.stratum)
            b.p90 *= 2;
    auto q = predict(s, wider, error);
    REQUIRE(q);
    CHECK(q->throughput == Approx(p->throughput));
    CHECK(q->interval.low < iv.low);
    CHECK(q->interval.high > iv.high);
}

TEST_CASE("a scenario outside the calibration data is flagged as extrapolating", "[accuracy]") {
    const Calibration& cal = Calibration::builtin();
    std::string error;
    // The embedded data have no Hopper GPU.
    REQUIRE_FALSE(
        std::count(cal.coverage.architectures.begin(), cal.coverage.architectures.end(), "hopper"));
    auto p = predict(gpuScenario("h100_sxm5", "bf16"), cal, error);
    REQUIRE(p);
    CHECK(mentions(p->interval.extrapolations, "GPU generation hopper"));
    CHECK_FALSE(p->interval.stratum.empty()); // still the nearest band's interval

    // More devices than the largest measured run.
    int beyond = cal.coverage.maxDevices + 1;
    auto big = predict(gpuScenario("v100_sxm2", "fp32", 1, beyond), cal, error);
    REQUIRE(big);
    CHECK(mentions(big->interval.extrapolations, fmt::format("{} devices", beyond)));

    // A calibration file without coverage claims nothing.
    Calibration bare = cal;
    bare.coverage = {};
    CHECK(extrapolations(gpuScenario("h100_sxm5", "bf16"), bare).empty());
}

TEST_CASE("the plan warns at the deployment whose chosen candidate extrapolates", "[accuracy]") {
    SourceManager sm;
    Diagnostics diags;
    FileId id = sm.addBuffer("test.modak", R"(modak 1
target hopper {
  scheduler = slurm
  runtime = apptainer
  nodes = 1
  cpu { arch = x86_64, model = "AMD EPYC 7742", sockets = 2, cores = 128 }
  gpu { model = h100_sxm5, count = 8 }
}
application train {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  precision = mixed
  batch_size = 256
}
deployment on_h100 {
  application = train
  target = hopper
}
)");
    Program program = loadProgram(sm, id, diags);
    REQUIRE_FALSE(diags.hasErrors());
    Plan plan = planProgram(sm, program, {}, diags);
    REQUIRE(plan.deployments.size() == 1);
    const DeploymentPlan& d = plan.deployments.front();
    REQUIRE(d.chosen);
    std::string report = test::report(sm, diags);
    CHECK_THAT(report, Catch::Contains("[extrapolated-prediction]"));
    CHECK_THAT(report, Catch::Contains("GPU generation hopper"));
    auto warning = std::find_if(diags.begin(), diags.end(), [](const Diagnostic& x) {
        return x.code == DiagCode::ExtrapolatedPrediction;
    });
    REQUIRE(warning != diags.end());
    CHECK(warning->range.begin == d.range.begin); // at the deployment
}

TEST_CASE("cross-validation on the embedded data predicts every row without its family",
          "[accuracy][fit]") {
    const MeasurementSet& all = builtinMeasurements();
    auto rows = crossValidate(all, Calibration::builtin(), cat());
    CHECK(rows.size() == all.throughput.size()); // every embedded row is predictable
    // A configuration family (its scaling series, its repetitions) is held out as a whole.
    std::map<std::string, std::set<int>> foldsOf;
    for (const auto& r : rows) {
        const Measurement& m = *r.measurement;
        foldsOf[m.dataset + m.workload + m.device + m.framework + m.version + m.precision +
                m.build + m.graphCompiler]
            .insert(r.fold);
    }
    for (const auto& [family, folds] : foldsOf) {
        INFO(family);
        CHECK(folds.size() == 1);
    }
    auto figures = summarise(rows, false);
    REQUIRE(figures.back().name == "all");
    CHECK(figures.back().rows == rows.size());
    CHECK(figures.back().p90 >= figures.back().mape * 0.5);
    // The bands are what the embedded calibration file holds (regenerated with --bands-only).
    auto bands = errorBands(rows);
    const auto& embedded = Calibration::builtin().errorBands;
    REQUIRE(bands.size() == embedded.size());
    for (size_t i = 0; i < bands.size(); ++i) {
        INFO(bands[i].stratum);
        CHECK(bands[i].stratum == embedded[i].stratum);
        CHECK(bands[i].rows == embedded[i].rows);
        CHECK(bands[i].p90 == Approx(embedded[i].p90).margin(0.002));
    }
}

TEST_CASE("decision sets: the model's pick against the measured best", "[accuracy]") {
    auto row = [](const char* precision, int batch, double measured) {
        Measurement m;
        m.dataset = "d";
        m.workload = "resnet50";
        m.framework = "pytorch";
        m.device = "v100_sxm2";
        m.precision = precision;
        m.batchPerDevice = batch;
        m.throughput = measured;
        return m;
    };
    std::vector<Measurement> ms = {row("fp32", 128, 400), row("mixed", 256, 1000),
                                   row("tf32", 128, 980)};
    std::vector<HeldOutRow> rows;
    for (const auto& m : ms)
        rows.push_back({&m, {}, 0, 0, 0, 1, 0});
    rows[0].predicted = 380, rows[1].predicted = 900, rows[2].predicted = 950; // picks tf32
    auto sets = decisionSets(rows);
    REQUIRE(sets.size() == 1);
    CHECK(sets[0].choice == "precision");
    CHECK(sets[0].modelPick == "tf32 batch 128");
    CHECK(sets[0].measuredBest == "mixed batch 256");
    CHECK(sets[0].shortfall == Approx(0.02));
    CHECK(sets[0].withinFivePercent());
    rows[0].predicted = 2000; // now picks fp32: 60 % slower than the best
    sets = decisionSets(rows);
    REQUIRE(sets.size() == 1);
    CHECK_FALSE(sets[0].withinFivePercent());
}

TEST_CASE("measurement CSVs: layout columns into the scenario, unknown columns noted",
          "[accuracy][fit]") {
    MeasurementSet set;
    Diagnostics diags;
    std::string csv =
        "dataset,workload,framework,device,gpus_per_node,nodes,interconnect,batch_per_device,"
        "throughput,tensor,pipeline,microbatches,schedule,zero,recompute,gpu_clock_mhz\n"
        "vtrain,resnet50,pytorch,a100_sxm4_80gb,8,2,infiniband_hdr,4,100,4,2,16,interleaved,1,"
        "selective,1410\n"
        "vtrain,resnet50,pytorch,a100_sxm4_80gb,8,1,,4,60,,,,,,,1410\n";
    CHECK(readMeasurements(csv, FileId{}, set, diags));
    CHECK_FALSE(diags.hasErrors());
    REQUIRE(set.throughput.size() == 2);
    REQUIRE(set.notes.size() == 1);
    CHECK_THAT(set.notes[0], Catch::Contains("gpu_clock_mhz"));
    REQUIRE(set.throughput[0].layout);
    const ParallelLayout& l = *set.throughput[0].layout;
    CHECK(l.tensor == 4);
    CHECK(l.pipeline == 2);
    CHECK(l.context == 1);
    CHECK(l.microbatches == 16);
    CHECK(l.schedule == "interleaved");
    CHECK(l.zeroStage == 1);
    CHECK(l.recompute == "selective");
    CHECK_FALSE(set.throughput[1].layout);
    std::string error;
    auto s = scenarioFor(set.throughput[0], cat(), error);
    REQUIRE(s);
    CHECK(s->layout == l);

    MeasurementSet bad;
    CHECK_FALSE(readMeasurements(
        "dataset,workload,framework,device,throughput,zero\nd,resnet50,pytorch,v100_sxm2,10,4\n",
        FileId{}, bad, diags));
    CHECK(bad.throughput.empty());
}

TEST_CASE("measurement CSVs: virtual_stages gives the interleaved schedule its model chunks",
          "[accuracy][fit]") {
    MeasurementSet set;
    Diagnostics diags;
    const std::string head = "dataset,workload,framework,device,gpus_per_node,nodes,interconnect,"
                             "batch_per_device,throughput,tensor,pipeline,microbatches,schedule,"
                             "virtual_stages\n";
    CHECK(readMeasurements(head + "d,gpt3_175b,pytorch,h100_sxm5,8,64,infiniband_ndr,2,200,4,8,72,"
                                  "interleaved,4\n"
                                  "d,gpt3_175b,pytorch,h100_sxm5,8,64,infiniband_ndr,2,190,4,8,72,"
                                  "interleaved,\n",
                           FileId{}, set, diags));
    CHECK_FALSE(diags.hasErrors());
    CHECK(set.notes.empty()); // a column modak reads
    REQUIRE(set.throughput.size() == 2);
    REQUIRE((set.throughput[0].layout && set.throughput[1].layout));
    CHECK(set.throughput[0].layout->virtualStages == 4);
    CHECK(set.throughput[1].layout->virtualStages == 1); // empty: one chunk a device
    // More chunks a device shrink the bubble: the same run is predicted faster.
    std::string error;
    auto four = scenarioFor(set.throughput[0], cat(), error);
    auto one = scenarioFor(set.throughput[1], cat(), error);
    REQUIRE((four && one));
    auto a = predict(*four, Calibration::builtin(), error);
    auto b = predict(*one, Calibration::builtin(), error);
    REQUIRE((a && b));
    CHECK(a->throughput > b->throughput);
    // Chunks without the schedule that interleaves them are refused at their line.
    MeasurementSet bad;
    Diagnostics badDiags;
    CHECK_FALSE(readMeasurements(head + "d,gpt3_175b,pytorch,h100_sxm5,8,64,infiniband_ndr,2,200,"
                                        "4,8,72,1f1b,4\n",
                                 FileId{}, bad, badDiags));
    CHECK(bad.throughput.empty());
    REQUIRE(badDiags.size() == 1);
    CHECK_THAT(badDiags.begin()->message, Catch::Contains("interleaved"));
}

TEST_CASE("measurement CSVs: the attention column says how the run's attention ran",
          "[accuracy][fit][attention]") {
    MeasurementSet set;
    Diagnostics diags;
    CHECK(readMeasurements("dataset,workload,framework,device,throughput,attention\n"
                           "d,gpt2_medium,pytorch,a100_sxm4_80gb,10,eager\n"
                           "d,gpt2_medium,pytorch,a100_sxm4_80gb,12,\n",
                           FileId{}, set, diags));
    CHECK_FALSE(diags.hasErrors());
    CHECK(set.notes.empty()); // a column modak reads
    REQUIRE(set.throughput.size() == 2);
    CHECK(set.throughput[0].attention == "eager");
    CHECK(set.throughput[1].attention == "flash"); // empty: the default
    std::string error;
    auto s = scenarioFor(set.throughput[0], cat(), error);
    REQUIRE(s);
    CHECK(s->attention == "eager");
    // A row filter can pick them.
    auto eagerOnly = parseRowFilter("attention=eager", error);
    REQUIRE(eagerOnly);
    CHECK((*eagerOnly)(set.throughput[0]));
    CHECK_FALSE((*eagerOnly)(set.throughput[1]));
    // Anything else is refused at its line.
    MeasurementSet bad;
    Diagnostics badDiags;
    CHECK_FALSE(readMeasurements("dataset,workload,framework,device,throughput,attention\n"
                                 "d,gpt2_medium,pytorch,a100_sxm4_80gb,10,sdpa\n",
                                 FileId{}, bad, badDiags));
    CHECK(bad.throughput.empty());
    REQUIRE(badDiags.size() == 1);
    CHECK_THAT(badDiags.begin()->message, Catch::Contains("flash or eager"));
}

TEST_CASE("error bands and coverage survive the calibration file", "[accuracy]") {
    const Calibration& cal = Calibration::builtin();
    Diagnostics diags;
    auto back = Calibration::parse(cal.toJson(), FileId{}, "test", diags);
    REQUIRE(back);
    CHECK_FALSE(diags.hasErrors());
    REQUIRE(back->errorBands.size() == cal.errorBands.size());
    for (size_t i = 0; i < cal.errorBands.size(); ++i) {
        CHECK(back->errorBands[i].stratum == cal.errorBands[i].stratum);
        CHECK(back->errorBands[i].p90 == cal.errorBands[i].p90);
        CHECK(back->errorBands[i].rows == cal.errorBands[i].rows);
    }
    CHECK(back->coverage.architectures == cal.coverage.architectures);
    CHECK(back->coverage.maxDevices == cal.coverage.maxDevices);
    CHECK(back->toJson() == cal.toJson());
}

TEST_CASE("measurement CSVs: the network_ports column states the node's ports",
          "[accuracy][fit][network-ports]") {
    MeasurementSet set;
    Diagnostics diags;
    CHECK(readMeasurements("dataset,workload,framework,device,gpus_per_node,nodes,interconnect,"
                           "throughput,network_ports\n"
                           "d,resnet50,pytorch,h100_sxm5,8,2,infiniband_ndr,10,8\n"
                           "d,resnet50,pytorch,h100_sxm5,8,2,infiniband_ndr,12,\n",
                           FileId{}, set, diags));
    CHECK_FALSE(diags.hasErrors());
    CHECK(set.notes.empty()); // a column modak reads
    REQUIRE(set.throughput.size() == 2);
    CHECK(set.throughput[0].networkPorts == 8);
    CHECK(set.throughput[1].networkPorts == 1); // empty: one port
    std::string error;
    auto s = scenarioFor(set.throughput[0], Catalogue::builtin(), error);
    REQUIRE(s);
    CHECK(s->networkPorts == 8);
    for (const char* bad : {"0", "65", "two", "1.5"}) {
        CAPTURE(bad);
        MeasurementSet rejected;
        Diagnostics d;
        readMeasurements(fmt::format("dataset,workload,framework,device,throughput,network_ports\n"
                                     "d,resnet50,pytorch,h100_sxm5,10,{}\n",
                                     bad),
                         FileId{}, rejected, d);
        CHECK(rejected.throughput.empty());
        CHECK(d.hasErrors());
    }
}

TEST_CASE("the judge set states network ports only where the system description does",
          "[accuracy][judge][network-ports]") {
    MeasurementSet set;
    Diagnostics diags;
    std::ifstream in(std::string(MODAK_SOURCE_DIR) +
                     "/tests/data/accuracy/judge_mlperf_vtrain.csv");
    REQUIRE(in);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(readMeasurements(text, FileId{}, set, diags));
    for (const Measurement& m : set.throughput) {
        CAPTURE(m.dataset, m.source);
        if (m.networkPorts > 1) {
            // NVIDIA's systems JSON, quoted in the source: one ConnectX-7 a GPU
            CHECK(m.source.find("host_networking") != std::string::npos);
            CHECK(m.networkPorts == m.gpusPerNode);
        }
        if (m.dataset.starts_with("vtrain"))
            CHECK(m.networkPorts == 1); // not stated by vTrain
    }
}
