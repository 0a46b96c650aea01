// SPDX-License-Identifier: Apache-2.0
#include "modak/calibrate/Record.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>

namespace modak::calibrate {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

/// True for the text of a JSON-compatible number: an integer or a plain decimal.
bool looksNumeric(std::string_view v) {
    if (v.empty() || v.size() > 30)
        return false;
    double d = 0;
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
    if (ec != std::errc() || p != v.data() + v.size() || !std::isfinite(d))
        return false;
    // JSON numbers have no leading '+', no leading zeros, no bare '.'; keep those as strings.
    size_t digits = v.front() == '-' ? 1 : 0;
    if (digits >= v.size() || !std::isdigit(static_cast<unsigned char>(v[digits])))
        return false;
    if (v[digits] == '0' && digits + 1 < v.size() &&
        std::isdigit(static_cast<unsigned char>(v[digits + 1])))
        return false;
    return v.back() != '.';
}

ordered_json configurationObject(const std::map<std::string, std::string>& c) {
    ordered_json o = ordered_json::object();
    for (const auto& [k, v] : c) {
        if (looksNumeric(v))
            o[k] = ordered_json::parse(v);
        else
            o[k] = v;
    }
    return o;
}

/// Thrown by the field readers below; carries the message for the line's diagnostic.
struct Invalid {
    std::string message;
};

const json& field(const json& o, const char* key) {
    auto it = o.find(key);
    if (it == o.end())
        throw Invalid{fmt::format("the record has no \"{}\"", key)};
    return *it;
}

std::string text(const json& o, const char* key, bool required) {
    auto it = o.find(key);
    if (it == o.end()) {
        if (required)
            throw Invalid{fmt::format("the record has no \"{}\"", key)};
        return {};
    }
    if (!it->is_string())
        throw Invalid{fmt::format("\"{}\" must be a string, not {}", key, it->dump())};
    return it->get<std::string>();
}

int integer(const json& o, const char* key, bool required, int fallback, int least) {
    auto it = o.find(key);
    if (it == o.end()) {
        if (required)
            throw Invalid{fmt::format("the record has no \"{}\"", key)};
        return fallback;
    }
    if (!it->is_number_integer() || it->get<int64_t>() < least ||
        it->get<int64_t>() > 1'000'000'000)
        throw Invalid{fmt::format("\"{}\" must be an integer of at least {}, not {}", key, least,
                                  it->dump())};
    return static_cast<int>(it->get<int64_t>());
}

double positive(const json& o, const char* key, bool required, double fallback) {
    auto it = o.find(key);
    if (it == o.end()) {
        if (required)
            throw Invalid{fmt::format("the record has no \"{}\"", key)};
        return fallback;
    }
    if (!it->is_number() || !(it->get<double>() > 0) || !std::isfinite(it->get<double>()))
        throw Invalid{fmt::format("\"{}\" must be a positive number, not {}", key, it->dump())};
    return it->get<double>();
}

BenchRecord fromJson(const json& o) {
    if (!o.is_object())
        throw Invalid{"a record is a JSON object"};
    if (!o.contains("format") || o["format"] != std::string(kRecordFormat))
        throw Invalid{
            fmt::format("not a modak benchmark record (\"format\" is {}, expected \"{}\")",
                        o.contains("format") ? o["format"].dump() : "missing", kRecordFormat)};
    const json& version = field(o, "format_version");
    if (!version.is_number_integer())
        throw Invalid{fmt::format("\"format_version\" must be an integer, not {}", version.dump())};
    if (version.get<int64_t>() != kRecordFormatVersion)
        throw Invalid{fmt::format(
            "record of format version {} (written by modak {}); this modak reads version {}: "
            "collect it with the modak that wrote it, or rerun the sweep",
            version.get<int64_t>(), o.value("modak_version", std::string("?")),
            kRecordFormatVersion)};
    BenchRecord r;
    r.modakVersion = text(o, "modak_version", true);
    r.deployment = text(o, "deployment", true);
    r.kernel = text(o, "kernel", true);
    const json& config = field(o, "configuration");
    if (!config.is_object())
        throw Invalid{"\"configuration\" must be an object of the swept keys and their values"};
    for (const auto& [k, v] : config.items()) {
        if (v.is_string())
            r.configuration[k] = v.get<std::string>();
        else if (v.is_number())
            r.configuration[k] = v.dump();
        else
            throw Invalid{fmt::format(
                "configuration value \"{}\" must be a string or a number, not {}", k, v.dump())};
    }
    r.nodes = integer(o, "nodes", true, 1, 1);
    r.status = text(o, "status", true);
    if (r.status != "ok" && r.status != "failed" && r.status != "unavailable")
        throw Invalid{fmt::format(
            "\"status\" must be \"ok\", \"failed\" or \"unavailable\", not \"{}\"", r.status)};
    r.reason = text(o, "reason", r.status != "ok");
    const bool ok = r.status == "ok";
    // What a successful record must hold depends on what its kernel measures.
    const bool hardware = r.kernel == "stream" || r.kernel == "allreduce";
    const bool training = ok && !hardware;
    r.workload = text(o, "workload", training);
    r.workloadScale = positive(o, "workload_scale", false, 1);
    r.framework = text(o, "framework", false);
    r.frameworkVersion = text(o, "framework_version", false);
    r.precision = text(o, "precision", false);
    r.graphCompiler = text(o, "graph_compiler", false);
    r.deviceName = text(o, "device_name", false);
    r.date = text(o, "date", false);
    r.kernelVersion = text(o, "kernel_version", false);
    r.device = text(o, "device", training || (ok && r.kernel == "stream"));
    r.gpusPerNode = integer(o, "gpus_per_node", false, 0, 0);
    r.sockets = integer(o, "sockets", false, 1, 1);
    r.cores = integer(o, "cores", false, 0, 0);
    r.devices = integer(o, "devices", training, 1, 1);
    r.tasks = integer(o, "tasks", false, 1, 1);
    r.interconnect = text(o, "interconnect", ok && r.kernel == "allreduce");
    r.batchPerDevice = integer(o, "batch_per_device", training, 0, training ? 1 : 0);
    if (auto it = o.find("hosts"); it != o.end()) {
        if (!it->is_array())
            throw Invalid{"\"hosts\" must be an array of host names"};
        for (const auto& h : *it) {
            if (!h.is_string())
                throw Invalid{"\"hosts\" must be an array of host names"};
            r.hosts.push_back(h.get<std::string>());
        }
    }
    r.steps = integer(o, "steps", false, 0, 0);
    r.stepSeconds = positive(o, "step_seconds", training || (ok && r.kernel == "stream"), 0);
    r.throughput = positive(o, "throughput", training, 0);
    r.bandwidthGBs = positive(o, "bandwidth_gbs", ok && r.kernel == "stream", 0);
    r.arrayBytes = static_cast<size_t>(positive(o, "array_bytes", false, 0));
    if (auto it = o.find("messages"); it != o.end() || (ok && r.kernel == "allreduce")) {
        if (it == o.end())
            throw Invalid{"the record has no \"messages\""};
        if (!it->is_array() || it->empty())
            throw Invalid{"\"messages\" must be a non-empty array of {\"bytes\", \"seconds\"}"};
        for (const auto& m : *it) {
            if (!m.is_object())
                throw Invalid{"\"messages\" must be a non-empty array of {\"bytes\", \"seconds\"}"};
            r.messages.push_back({static_cast<size_t>(positive(m, "bytes", true, 0)),
                                  positive(m, "seconds", true, 0)});
        }
    }
    r.transport = text(o, "transport", false);
    if (!r.transport.empty() && r.transport != "tcp" && r.transport != "mpi")
        throw Invalid{
            fmt::format("\"transport\" must be \"tcp\" or \"mpi\", not \"{}\"", r.transport)};
    if (ok && r.kernel == "allreduce" && r.nodes < 2)
        throw Invalid{"an allreduce record measures between nodes: \"nodes\" must be at least 2"};
    r.job = text(o, "job", false);
    return r;
}

/// "1.13" of "1.13.0a0", "2.5" of "2.5.1+cu124": the version as the catalogue's images name it.
std::string majorMinor(std::string_view version) {
    size_t first = version.find('.');
    if (first == std::string_view::npos)
        return std::string(version);
    size_t end = first + 1;
    while (end < version.size() && std::isdigit(static_cast<unsigned char>(version[end])))
        ++end;
    return std::string(version.substr(0, end));
}

} // namespace

std::string BenchRecord::configurationKey() const {
    std::string out;
    for (const auto& [k, v] : configuration)
        out += (out.empty() ? "" : ";") + k + "=" + v;
    return out;
}

std::string configurationJson(const std::map<std::string, std::string>& configuration) {
    return configurationObject(configuration).dump();
}

std::string toJsonLine(const BenchRecord& r) {
    ordered_json o;
    o["format"] = kRecordFormat;
    o["format_version"] = r.formatVersion;
    o["modak_version"] = r.modakVersion;
    o["deployment"] = r.deployment;
    o["kernel"] = r.kernel;
    o["configuration"] = configurationObject(r.configuration);
    if (!r.workload.empty()) {
        o["workload"] = r.workload;
        o["workload_scale"] = r.workloadScale;
    }
    if (!r.framework.empty())
        o["framework"] = r.framework;
    if (!r.frameworkVersion.empty())
        o["framework_version"] = r.frameworkVersion;
    if (!r.precision.empty())
        o["precision"] = r.precision;
    if (!r.graphCompiler.empty())
        o["graph_compiler"] = r.graphCompiler;
    if (!r.device.empty())
        o["device"] = r.device;
    if (!r.deviceName.empty())
        o["device_name"] = r.deviceName;
    o["gpus_per_node"] = r.gpusPerNode;
    o["sockets"] = r.sockets;
    o["cores"] = r.cores;
    o["nodes"] = r.nodes;
    o["devices"] = r.devices;
    o["tasks"] = r.tasks;
    if (!r.interconnect.empty())
        o["interconnect"] = r.interconnect;
    if (r.batchPerDevice > 0)
        o["batch_per_device"] = r.batchPerDevice;
    o["hosts"] = r.hosts;
    if (r.ok()) {
        o["steps"] = r.steps;
        if (r.stepSeconds > 0)
            o["step_seconds"] = r.stepSeconds;
        if (r.throughput > 0)
            o["throughput"] = r.throughput;
        if (r.bandwidthGBs > 0)
            o["bandwidth_gbs"] = r.bandwidthGBs;
        if (r.arrayBytes > 0)
            o["array_bytes"] = r.arrayBytes;
        if (!r.transport.empty())
            o["transport"] = r.transport;
        if (!r.messages.empty()) {
            ordered_json ms = ordered_json::array();
            for (const auto& m : r.messages)
                ms.push_back({{"bytes", m.bytes}, {"seconds", m.seconds}});
            o["messages"] = ms;
        }
    }
    o["status"] = r.status;
    if (!r.reason.empty())
        o["reason"] = r.reason;
    if (!r.job.empty())
        o["job"] = r.job;
    if (!r.date.empty())
        o["date"] = r.date;
    if (!r.kernelVersion.empty())
        o["kernel_version"] = r.kernelVersion;
    return o.dump() + "\n";
}

bool readRecords(std::string_view text, FileId file, std::vector<BenchRecord>& out,
                 Diagnostics& diags) {
    bool ok = true;
    size_t offset = 0;
    while (offset < text.size()) {
        size_t end = text.find('\n', offset);
        const bool complete = end != std::string_view::npos;
        if (!complete)
            end = text.size();
        std::string_view line = text.substr(offset, end - offset);
        SourceRange range{file, static_cast<uint32_t>(offset), static_cast<uint32_t>(end)};
        offset = end + 1;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        json doc;
        try {
            doc = json::parse(line.begin(), line.end());
        } catch (const json::parse_error& e) {
            ok = false;
            if (!complete)
                diags.add(DiagCode::ResultInvalid, range,
                          "truncated record: the last line ends without a newline and is not "
                          "complete JSON (the task "
                          "was killed while writing, or is still running)");
            else {
                auto at = static_cast<uint32_t>(
                    range.begin + std::min<size_t>(e.byte == 0 ? 0 : e.byte - 1, line.size()));
                diags.add(DiagCode::ResultInvalid, {file, at, at},
                          "malformed JSON: not a result record");
            }
            continue;
        }
        try {
            out.push_back(fromJson(doc));
        } catch (const Invalid& e) {
            ok = false;
            diags.add(DiagCode::ResultInvalid, range, e.message);
        } catch (const json::exception& e) {
            ok = false;
            diags.add(DiagCode::ResultInvalid, range,
                      fmt::format("the record does not have the expected shape: {}", e.what()));
        }
    }
    return ok;
}

std::string csvCell(std::string_view value) {
    if (value.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(value);
    std::string out = "\"";
    for (char c : value) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string toThroughputCsv(const std::vector<BenchRecord>& records) {
    std::string out =
        "# Measured by modak bench (docs/calibration.md); read by `modak model fit`.\n"
        "dataset,workload,framework,version,build,graph_compiler,precision,device,sockets,gpus_per_"
        "node,"
        "nodes,interconnect,batch_per_device,storage,throughput,source,cores,workload_scale,"
        "configuration,"
        "kernel,message_bytes,op_seconds,bandwidth_gbs,transport\n";
    for (const auto& r : records) {
        if (!r.ok())
            continue;
        std::string hosts;
        for (const auto& h : r.hosts)
            hosts += (hosts.empty() ? "" : " ") + h;
        std::string source =
            fmt::format("modak bench {} {}{}{}", r.modakVersion, r.kernel,
                        r.job.empty() ? "" : " job " + r.job, hosts.empty() ? "" : " on " + hosts);
        if (r.kernel == "stream") {
            out += fmt::format("{},,,,,,,{},{},0,1,,,,,{},{},,{},stream,{},{:.6g},{:.6g},\n",
                               csvCell(r.deployment), csvCell(r.device), r.sockets, csvCell(source),
                               r.cores, csvCell(r.configurationKey()), r.arrayBytes, r.stepSeconds,
                               r.bandwidthGBs);
            continue;
        }
        if (r.kernel == "allreduce") {
            for (const auto& m : r.messages)
                out += fmt::format("{},,,,,,,{},1,0,{},{},,,,{},,,{},allreduce,{},{:.6g},,{}\n",
                                   csvCell(r.deployment), csvCell(r.device), r.nodes,
                                   csvCell(r.interconnect), csvCell(source),
                                   csvCell(r.configurationKey()), m.bytes, m.seconds,
                                   r.transport.empty() ? "tcp" : r.transport);
            continue;
        }
        // The framework kernel's provenance: what the framework said it ran on, when, and which
        // version of the kernel measured it.
        if (r.kernel == "framework")
            source += fmt::format("; {} {} on {}{}{}", r.framework, r.frameworkVersion,
                                  r.deviceName.empty() ? r.device : "'" + r.deviceName + "'",
                                  r.date.empty() ? "" : " at " + r.date,
                                  r.kernelVersion.empty() ? "" : " by " + r.kernelVersion);
        out += fmt::format(
            "{},{},{},{},hub,{},{},{},{},{},{},{},{},,{},{},{},{},{},{},,,,\n",
            csvCell(r.deployment), csvCell(r.workload),
            csvCell(r.framework.empty() ? "modak" : r.framework),
            csvCell(r.kernel == "framework" ? majorMinor(r.frameworkVersion) : r.frameworkVersion),
            csvCell(r.graphCompiler.empty() ? "none" : r.graphCompiler),
            csvCell(r.precision.empty() ? "fp32" : r.precision), csvCell(r.device), r.sockets,
            r.gpusPerNode, r.nodes, csvCell(r.interconnect), r.batchPerDevice,
            fmt::format("{:.6g}", r.throughput), csvCell(source), r.cores,
            fmt::format("{:.6g}", r.workloadScale), csvCell(r.configurationKey()),
            csvCell(r.kernel));
    }
    return out;
}

} // namespace modak::calibrate
