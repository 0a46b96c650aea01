// SPDX-License-Identifier: Apache-2.0
//! Calibration files (schemas/calibration.schema.json): the model's constants, its calibrated
//! effects, the site's measured hardware and the held-out error bands, read and written here.
#include "modak/model/EmbeddedData.h"
#include "modak/model/Performance.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace modak::model {
namespace {
using nlohmann::json;
using nlohmann::ordered_json;
} // namespace

const Calibration& Calibration::builtin() {
    static const Calibration cal = [] {
        Diagnostics ignored; // tests assert the embedded file parses cleanly
        if (auto text = data::file("calibration.json"))
            if (auto c = parse(*text, FileId{}, "built-in", ignored))
                return *c;
        return Calibration{};
    }();
    return cal;
}

std::optional<Calibration> Calibration::parse(std::string_view text, FileId file,
                                              std::string_view origin, Diagnostics& diags) {
    auto fail = [&](const std::string& message) {
        diags.add(DiagCode::CalibrationInvalid, {file, 0, 0}, message);
        return std::nullopt;
    };
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        auto at =
            static_cast<uint32_t>(std::min<size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size()));
        diags.add(DiagCode::CalibrationInvalid, {file, at, at},
                  "malformed JSON in the calibration file");
        return std::nullopt;
    }
    if (!doc.is_object() || doc.value("version", 0) != 1)
        return fail("a calibration file is a JSON object with \"version\": 1");
    Calibration c;
    c.origin = std::string(origin);
    try {
        const json& m = doc.at("model");
        // Files from before the CPU had its own traffic factor: the shared one.
        if (m.contains("memory_traffic_factor") && !m.contains("memory_traffic_factor_cpu"))
            c.memoryTrafficFactorCpu = m.at("memory_traffic_factor").get<double>();
        auto num = [&](const char* key, double& into, double lo, double hi) {
            if (!m.contains(key))
                return true;
            double v = m.at(key).get<double>();
            if (!(v >= lo && v <= hi)) {
                diags.add(DiagCode::CalibrationInvalid, {file, 0, 0},
                          fmt::format("/model/{} = {} is outside {}..{}", key, v, lo, hi));
                return false;
            }
            into = v;
            return true;
        };
        bool ok = num("gpu_utilisation_cuda_cores", c.gpuUtilisationCudaCores, 0.01, 1) &&
                  num("gpu_utilisation_tensor_cores", c.gpuUtilisationTensorCores, 0.01, 1) &&
                  num("cpu_utilisation", c.cpuUtilisation, 0.01, 1) &&
                  num("memory_traffic_factor", c.memoryTrafficFactor, 0, 100) &&
                  num("memory_traffic_factor_cpu", c.memoryTrafficFactorCpu, 0, 100) &&
                  num("memory_utilisation", c.memoryUtilisation, 0.01, 1) &&
                  num("step_overhead_gpu_seconds", c.stepOverheadGpuSeconds, 0, 10) &&
                  num("step_overhead_cpu_seconds", c.stepOverheadCpuSeconds, 0, 10) &&
                  num("overlap", c.overlap, 0, 1) &&
                  num("collective_efficiency", c.collectiveEfficiency, 0.01, 1) &&
                  num("sync_seconds_per_doubling", c.syncSecondsPerDoubling, 0, 1) &&
                  num("amdahl_parallel_fraction", c.amdahlParallelFraction, 0, 1) &&
                  num("integer_per_fp_instruction", c.integerPerFpInstruction, 0, 4) &&
                  num("compute_memory_serial", c.computeMemorySerial, 0, 1) &&
                  num("nchw_transpose_traffic", c.nchwTransposeTraffic, 0, 100) &&
                  num("step_time_variation", c.stepTimeVariation, 0, 1) &&
                  num("layer_host_seconds", c.layerHostSeconds, 0, 1);
        if (!ok)
            return std::nullopt;
        if (doc.contains("amdahl_by_app"))
            for (const auto& [app, f] : doc.at("amdahl_by_app").items())
                c.amdahlByApp[app] = std::clamp(f.get<double>(), 0.0, 1.0);
        if (doc.contains("framework_efficiency"))
            for (const auto& [fw, f] : doc.at("framework_efficiency").items())
                c.frameworkEfficiency[fw] = f.get<double>();
        for (auto [key, into] : {std::pair{"workload_efficiency", &c.workloadEfficiency},
                                 std::pair{"architecture_efficiency", &c.architectureEfficiency}})
            if (doc.contains(key))
                for (const auto& [k, f] : doc.at(key).items())
                    (*into)[k] = std::clamp(f.get<double>(), 0.05, 20.0);
        if (doc.contains("measured")) {
            const json& hw = doc.at("measured");
            if (hw.contains("memory_bandwidth_gbs"))
                for (const auto& [dev, v] : hw.at("memory_bandwidth_gbs").items()) {
                    double gbs = v.get<double>();
                    if (!(gbs > 0 && gbs < 1e5))
                        return fail(fmt::format(
                            "/measured/memory_bandwidth_gbs/{} = {} is outside 0..100000", dev,
                            gbs));
                    c.measuredMemoryBandwidthGBs[dev] = gbs;
                }
            if (hw.contains("interconnects"))
                for (const auto& [name, link] : hw.at("interconnects").items()) {
                    MeasuredLink l{link.at("bandwidth_gbs").get<double>(),
                                   link.at("latency_us").get<double>()};
                    if (!(l.bandwidthGBs > 0 && l.bandwidthGBs < 1e5) ||
                        !(l.latencyUs >= 0 && l.latencyUs < 1e7))
                        return fail(fmt::format(
                            "/measured/interconnects/{} needs 0 < bandwidth_gbs < 100000 and "
                            "0 <= latency_us < 10000000",
                            name));
                    c.measuredInterconnects[name] = l;
                }
        }
        if (doc.contains("effects")) {
            for (const auto& e : doc.at("effects")) {
                EffectRule r;
                const json& when = e.at("when");
                r.framework = when.value("framework", "");
                r.minVersion = when.value("min_version", "");
                r.maxVersion = when.value("max_version", "");
                r.device = when.value("device", "");
                r.build = when.value("build", "");
                r.graphCompiler = when.value("graph_compiler", "");
                r.precisionClass = when.value("precision_class", "");
                r.precisions = when.value("precisions", std::vector<std::string>{});
                r.factor = e.at("factor").get<double>();
                r.channelsLast = e.value("channels_last", false);
                r.why = e.value("why", "");
                r.source = e.value("source", "");
                if (!(r.factor > 0 && r.factor < 100))
                    return fail(fmt::format("effect '{}' has factor {}, expected 0 < factor < 100",
                                            r.why, r.factor));
                c.effects.push_back(std::move(r));
            }
        }
        if (doc.contains("error_bands"))
            for (const auto& b : doc.at("error_bands")) {
                ErrorBand band{b.at("stratum").get<std::string>(), b.at("mape").get<double>(),
                               b.at("p90").get<double>(), b.at("rows").get<int>()};
                if (!(band.mape >= 0 && band.mape < 100) || !(band.p90 >= 0 && band.p90 < 100) ||
                    band.rows < 1)
                    return fail(fmt::format("error band '{}' needs 0 <= mape, p90 < 100 and rows "
                                            ">= 1",
                                            band.stratum));
                c.errorBands.push_back(std::move(band));
            }
        if (doc.contains("coverage")) {
            const json& cov = doc.at("coverage");
            for (auto [key, into] : {std::pair{"architectures", &c.coverage.architectures},
                                     std::pair{"precision_classes", &c.coverage.precisionClasses},
                                     std::pair{"workload_kinds", &c.coverage.workloadKinds},
                                     std::pair{"frameworks", &c.coverage.frameworks}})
                if (cov.contains(key))
                    *into = cov.at(key).get<std::vector<std::string>>();
            c.coverage.maxDevices = cov.value("max_devices", 0);
            c.coverage.maxNodes = cov.value("max_nodes", 0);
        }
    } catch (const json::exception& e) {
        return fail(
            fmt::format("the calibration file does not have the expected shape: {}", e.what()));
    }
    return c;
}

std::string Calibration::toJson() const {
    ordered_json doc;
    doc["$schema"] = "https://modak.dev/schemas/calibration.schema.json";
    doc["version"] = 1;
    ordered_json m;
    m["gpu_utilisation_cuda_cores"] = gpuUtilisationCudaCores;
    m["gpu_utilisation_tensor_cores"] = gpuUtilisationTensorCores;
    m["cpu_utilisation"] = cpuUtilisation;
    m["memory_traffic_factor"] = memoryTrafficFactor;
    m["memory_traffic_factor_cpu"] = memoryTrafficFactorCpu;
    m["memory_utilisation"] = memoryUtilisation;
    m["step_overhead_gpu_seconds"] = stepOverheadGpuSeconds;
    m["step_overhead_cpu_seconds"] = stepOverheadCpuSeconds;
    m["overlap"] = overlap;
    m["collective_efficiency"] = collectiveEfficiency;
    m["sync_seconds_per_doubling"] = syncSecondsPerDoubling;
    m["amdahl_parallel_fraction"] = amdahlParallelFraction;
    m["integer_per_fp_instruction"] = integerPerFpInstruction;
    m["compute_memory_serial"] = computeMemorySerial;
    m["nchw_transpose_traffic"] = nchwTransposeTraffic;
    m["step_time_variation"] = stepTimeVariation;
    m["layer_host_seconds"] = layerHostSeconds;
    doc["model"] = m;
    ordered_json apps = ordered_json::object();
    for (const auto& [k, v] : amdahlByApp)
        apps[k] = v;
    doc["amdahl_by_app"] = apps;
    ordered_json fws = ordered_json::object();
    for (const auto& [k, v] : frameworkEfficiency)
        fws[k] = v;
    doc["framework_efficiency"] = fws;
    for (auto [key, from] : {std::pair{"workload_efficiency", &workloadEfficiency},
                             std::pair{"architecture_efficiency", &architectureEfficiency}}) {
        ordered_json m2 = ordered_json::object();
        for (const auto& [k, v] : *from)
            m2[k] = v;
        doc[key] = m2;
    }
    ordered_json rules = ordered_json::array();
    for (const auto& r : effects) {
        ordered_json when = ordered_json::object();
        auto put = [&](const char* k, const std::string& v) {
            if (!v.empty())
                when[k] = v;
        };
        put("framework", r.framework);
        put("min_version", r.minVersion);
        put("max_version", r.maxVersion);
        put("device", r.device);
        put("build", r.build);
        put("graph_compiler", r.graphCompiler);
        put("precision_class", r.precisionClass);
        if (!r.precisions.empty())
            when["precisions"] = r.precisions;
        ordered_json rule = {{"when", when}, {"factor", r.factor}};
        if (r.channelsLast)
            rule["channels_last"] = true;
        rule["why"] = r.why;
        rule["source"] = r.source;
        rules.push_back(std::move(rule));
    }
    doc["effects"] = rules;
    // Only a site calibration has measurements; the built-in one stays as it was.
    if (!measuredMemoryBandwidthGBs.empty() || !measuredInterconnects.empty()) {
        ordered_json hw, bw = ordered_json::object(), links = ordered_json::object();
        for (const auto& [k, v] : measuredMemoryBandwidthGBs)
            bw[k] = v;
        for (const auto& [k, l] : measuredInterconnects)
            links[k] = {{"bandwidth_gbs", l.bandwidthGBs}, {"latency_us", l.latencyUs}};
        hw["memory_bandwidth_gbs"] = bw;
        hw["interconnects"] = links;
        doc["measured"] = hw;
    }
    if (!errorBands.empty()) {
        ordered_json bands = ordered_json::array();
        for (const auto& b : errorBands)
            bands.push_back(
                {{"stratum", b.stratum}, {"mape", b.mape}, {"p90", b.p90}, {"rows", b.rows}});
        doc["error_bands"] = bands;
    }
    if (!coverage.empty())
        doc["coverage"] = {{"architectures", coverage.architectures},
                           {"precision_classes", coverage.precisionClasses},
                           {"workload_kinds", coverage.workloadKinds},
                           {"frameworks", coverage.frameworks},
                           {"max_devices", coverage.maxDevices},
                           {"max_nodes", coverage.maxNodes}};
    return doc.dump(2) + "\n";
}

} // namespace modak::model
