// SPDX-License-Identifier: Apache-2.0
// The site hardware a calibration measures (`modak bench --kernel stream|allreduce`,
// docs/calibration.md): the CSV rows `bench collect` writes, the fit that turns them into the
// calibration's `measured` section, its round trip through the calibration file, and the model
// using it.
#include "modak/calibrate/Record.h"
#include "modak/model/Catalogue.h"
#include "modak/model/Fit.h"
#include "modak/model/Performance.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace modak;
using namespace modak::model;

namespace {

calibrate::BenchRecord allreduceRecord(int nodes, double latency, double bandwidthGBs) {
    calibrate::BenchRecord r;
    r.modakVersion = "0.1.0";
    r.deployment = "site";
    r.kernel = "allreduce";
    r.nodes = nodes;
    r.interconnect = "ethernet_10g";
    r.configuration = {{"nodes", std::to_string(nodes)}};
    // Times as the star through task 0 costs them: 2(nodes−1) messages of latency +
    // bytes/bandwidth.
    for (size_t bytes = 8; bytes <= (size_t{1} << 24); bytes *= 4)
        r.messages.push_back(
            {bytes,
             2.0 * (nodes - 1) * (latency + static_cast<double>(bytes) / (bandwidthGBs * 1e9))});
    return r;
}

calibrate::BenchRecord streamRecord(int threads, double gbs) {
    calibrate::BenchRecord r;
    r.modakVersion = "0.1.0";
    r.deployment = "site";
    r.kernel = "stream";
    r.device = "epyc_9654";
    r.cores = threads;
    r.configuration = {{"threads", std::to_string(threads)}};
    r.arrayBytes = 64 << 20;
    r.stepSeconds = 3.0 * r.arrayBytes / (gbs * 1e9);
    r.bandwidthGBs = gbs;
    return r;
}

MeasurementSet readCsv(const std::string& csv) {
    MeasurementSet data;
    Diagnostics diags;
    REQUIRE(readMeasurements(csv, FileId{}, data, diags));
    REQUIRE_FALSE(diags.hasErrors());
    return data;
}

} // namespace

TEST_CASE("the all-reduce rows give back the link's latency and bandwidth", "[calibrate]") {
    // Two and four nodes of a 20 µs, 1.1 GB/s network, through the CSV `bench collect` writes.
    auto data = readCsv(calibrate::toThroughputCsv(
        {allreduceRecord(2, 20e-6, 1.1), allreduceRecord(4, 20e-6, 1.1)}));
    REQUIRE(data.hardware.size() == 22); // 8 B to 8 MiB, ×4: 11 sizes each
    REQUIRE(data.throughput.empty());
    Calibration cal = Calibration::builtin();
    std::vector<std::string> notes;
    fitSiteHardware(data.hardware, cal, notes);
    REQUIRE(cal.measuredInterconnects.count("ethernet_10g") == 1);
    const auto& link = cal.measuredInterconnects.at("ethernet_10g");
    CHECK(link.bandwidthGBs == Approx(1.1).epsilon(0.01));
    CHECK(link.latencyUs == Approx(20).epsilon(0.01));
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].find("ethernet_10g: 1.1 GB/s per link, 20 µs per message") == 0);
}

TEST_CASE("one message size cannot separate latency from bandwidth", "[calibrate]") {
    auto record = allreduceRecord(2, 20e-6, 1.1);
    record.messages.resize(1);
    auto data = readCsv(calibrate::toThroughputCsv({record}));
    Calibration cal = Calibration::builtin();
    std::vector<std::string> notes;
    fitSiteHardware(data.hardware, cal, notes);
    CHECK(cal.measuredInterconnects.empty());
    REQUIRE(notes.size() == 1);
    CHECK(notes[0] == "ethernet_10g: 1 allreduce row(s) of one message size cannot separate "
                      "latency from bandwidth; "
                      "not fitted");
}

TEST_CASE("the stream rows give the best bandwidth per socket", "[calibrate]") {
    auto one = streamRecord(1, 11.5), two = streamRecord(2, 19.0), two2 = streamRecord(2, 18.0);
    two2.sockets = 2; // a two-socket node: the bandwidth is per socket
    auto data = readCsv(calibrate::toThroughputCsv({one, two, two2}));
    REQUIRE(data.hardware.size() == 3);
    Calibration cal = Calibration::builtin();
    std::vector<std::string> notes;
    fitSiteHardware(data.hardware, cal, notes);
    CHECK(cal.measuredMemoryBandwidthGBs.at("epyc_9654") == Approx(19.0));
    REQUIRE(notes.size() == 1);
    CHECK(notes[0] ==
          "memory bandwidth of epyc_9654: 19.00 GB/s per socket (best of 3 stream rows)");
}

TEST_CASE("measured hardware survives the calibration file and changes predictions",
          "[calibrate]") {
    const Catalogue& cat = Catalogue::builtin();
    Calibration site = Calibration::builtin();
    site.measuredMemoryBandwidthGBs["epyc_9654"] = 20;
    site.measuredInterconnects["ethernet_10g"] = {0.5, 50};
    Diagnostics diags;
    auto read = Calibration::parse(site.toJson(), FileId{}, "site", diags);
    REQUIRE(read);
    REQUIRE_FALSE(diags.hasErrors());
    CHECK(read->measuredMemoryBandwidthGBs == site.measuredMemoryBandwidthGBs);
    CHECK(read->measuredInterconnects.at("ethernet_10g").latencyUs == 50);
    CHECK(Calibration::builtin().toJson().find("\"measured\"") == std::string::npos);

    Scenario s;
    s.workload = cat.workload("resnet50");
    s.framework = "pytorch";
    s.cpu = cat.cpu("epyc_9654");
    s.nodes = 2;
    s.interconnect = cat.interconnect("ethernet_10g");
    s.batchPerDevice = 32;
    std::string error;
    auto before = predict(s, Calibration::builtin(), error);
    auto after = predict(s, *read, error);
    REQUIRE(before);
    REQUIRE(after);
    // A slower memory and network than the catalogue's peaks: a slower step, and the model says
    // why.
    CHECK(after->throughput < before->throughput);
    bool named = false;
    for (const auto& f : after->factors)
        named = named || f.find("ethernet_10g measured on the site: 0.5 GB/s, 50 µs per message") !=
                             std::string::npos;
    CHECK(named);

    auto bad = Calibration::parse(
        R"({"version": 1, "model": {}, "measured": {"memory_bandwidth_gbs": {"x": -1}}})", FileId{},
        "bad", diags);
    CHECK_FALSE(bad);
    CHECK(diags.hasErrors());
}

TEST_CASE("a micro-benchmark row without what it measures is a located error", "[calibrate]") {
    std::string csv = calibrate::toThroughputCsv({streamRecord(1, 10)});
    auto at = csv.rfind(",10,\n"); // bandwidth_gbs, then the empty transport
    REQUIRE(at != std::string::npos);
    csv.replace(at, 5, ",,\n");
    MeasurementSet data;
    Diagnostics diags;
    CHECK_FALSE(readMeasurements(csv, FileId{}, data, diags));
    REQUIRE(diags.errorCount() == 1);
    CHECK(diags.items().front().message ==
          "a stream row needs `device` and a positive `bandwidth_gbs`");
}

TEST_CASE("repeated measurements of a configuration fit like one weighted row", "[calibrate]") {
    // A site sweep of the train-step kernel (12 configurations), and the same measured three times.
    std::vector<calibrate::BenchRecord> records;
    for (int nodes : {1, 2})
        for (int batch : {4, 16, 64})
            for (int threads : {1, 2}) {
                calibrate::BenchRecord r;
                r.modakVersion = "0.1.0";
                r.deployment = "site";
                r.kernel = "train-step";
                r.workload = "resnet50";
                r.workloadScale = 1e-5;
                r.device = "epyc_9654";
                r.cores = threads;
                r.nodes = r.devices = r.tasks = nodes;
                r.interconnect = "ethernet_10g";
                r.batchPerDevice = batch;
                r.configuration = {{"batch_size", std::to_string(batch)},
                                   {"nodes", std::to_string(nodes)},
                                   {"threads", std::to_string(threads)}};
                double step = batch * 4e-5 / threads + 2e-4 + (nodes - 1) * 3e-4;
                r.stepSeconds = step;
                r.throughput = batch * nodes / step;
                records.push_back(r);
            }
    auto once = readCsv(calibrate::toThroughputCsv(records));
    std::vector<calibrate::BenchRecord> repeated;
    for (int i = 0; i < 3; ++i)
        for (auto r : records) {
            r.throughput *= 1 + 0.02 * (i - 1); // spread around the same mean log
            repeated.push_back(r);
        }
    auto thrice = readCsv(calibrate::toThroughputCsv(repeated));
    const Catalogue& cat = Catalogue::builtin();
    auto a = fitCalibration(once, Calibration::builtin(), cat);
    auto b = fitCalibration(thrice, Calibration::builtin(), cat);
    CHECK(a.rowsUsed == 12);
    CHECK(a.calibration.cpuUtilisation !=
          Approx(Calibration::builtin().cpuUtilisation).epsilon(0.01)); // it fitted
    CHECK(b.rowsUsed == 36);
    // The same constants (the ±2 % spread is symmetric in log only to first order: 1e-3 tolerance)
    // …
    CHECK(b.calibration.cpuUtilisation == Approx(a.calibration.cpuUtilisation).epsilon(1e-3));
    CHECK(b.calibration.stepOverheadCpuSeconds ==
          Approx(a.calibration.stepOverheadCpuSeconds).epsilon(1e-3));
    CHECK(b.calibration.collectiveEfficiency ==
          Approx(a.calibration.collectiveEfficiency).epsilon(1e-3));
    // … and a larger rms error by the spread the model cannot explain.
    CHECK(b.rmsLogError > a.rmsLogError);
}
