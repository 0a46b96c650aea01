// SPDX-License-Identifier: Apache-2.0
#include "modak/calibrate/Framework.h"

#include "KernelSources.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

namespace modak::calibrate {
namespace {

using nlohmann::json;

std::string joined(const std::vector<std::string>& values, const char* fallback) {
    if (values.empty())
        return fallback;
    std::string out;
    for (const auto& v : values)
        out += (out.empty() ? "" : ",") + v;
    return out;
}

std::string textOf(const json& o, const char* key) {
    auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

std::string_view frameworkKernelSource() {
    return kTrainStepTorchSource;
}

const std::vector<std::string>& frameworkPrecisions() {
    static const std::vector<std::string> v = {"fp32", "bf16", "fp16", "tf32"};
    return v;
}

const std::vector<std::string>& frameworkCompilers() {
    static const std::vector<std::string> v = {"none", "inductor"};
    return v;
}

std::vector<std::pair<std::string, std::string>>
frameworkKernelArguments(const FrameworkKernelOptions& o) {
    std::vector<std::pair<std::string, std::string>> a = {{"--workload", o.workload}};
    if (!o.kind.empty())
        a.emplace_back("--kind", o.kind);
    if (!o.shapeJson.empty())
        a.emplace_back("--shape", o.shapeJson);
    a.insert(a.end(), {{"--batch", joined(o.batches, "32")},
                       {"--precision", joined(o.precisions, "fp32")},
                       {"--compile", joined(o.compilers, "none")},
                       {"--threads", std::to_string(o.threads)},
                       {"--device", o.device},
                       {"--steps", std::to_string(o.steps)},
                       {"--warmup", std::to_string(o.warmup)}});
    return a;
}

std::string workloadShapeJson(const model::Workload& w, const std::vector<std::string>& files) {
    if (const auto& s = w.shape) {
        json o = {{"layers", s->layers},
                  {"hidden", s->hidden},
                  {"heads", s->heads},
                  {"kv_heads", s->kvHeads},
                  {"ffn", s->ffn},
                  {"vocabulary", s->vocabulary},
                  {"sequence", s->sequence},
                  {"experts", s->experts},
                  {"active_experts", s->activeExperts},
                  {"gated_ffn", s->gatedFfn},
                  {"causal", s->causal}};
        return o.dump();
    }
    // Until the catalogue reader takes shapes from catalogue files, the file's own object is
    // passed on as written (the script checks it).
    for (const auto& f : files) {
        std::ifstream in(f);
        json doc = json::parse(in, nullptr, false);
        if (doc.is_discarded() || !doc.contains("workloads") || !doc["workloads"].is_array())
            continue;
        for (const auto& e : doc["workloads"])
            if (e.is_object() && textOf(e, "name") == w.name && e.contains("shape") &&
                e["shape"].is_object())
                return e["shape"].dump();
    }
    return {};
}

std::vector<BenchRecord> frameworkRecords(std::string_view lines, const BenchRecord& base,
                                          const model::Catalogue& cat, bool perMeasurement,
                                          int exitStatus) {
    std::vector<BenchRecord> out;
    size_t offset = 0;
    while (offset < lines.size()) {
        size_t end = lines.find('\n', offset);
        if (end == std::string_view::npos)
            end = lines.size();
        std::string_view line = lines.substr(offset, end - offset);
        offset = end + 1;
        if (line.empty() || line.front() != '{')
            continue; // not a measurement (a message that went to standard output)
        json m = json::parse(line, nullptr, false);
        if (m.is_discarded() || !m.is_object())
            continue;
        BenchRecord r = base;
        r.kernel = "framework";
        r.framework = "pytorch";
        r.frameworkVersion = textOf(m, "torch");
        r.precision = textOf(m, "precision");
        r.graphCompiler = textOf(m, "graph_compiler");
        r.deviceName = textOf(m, "device_name");
        r.date = textOf(m, "date");
        r.kernelVersion = textOf(m, "kernel_version");
        r.workloadScale = 1; // the whole network
        r.nodes = r.devices = r.tasks = 1;
        r.sockets = 1;
        if (auto h = textOf(m, "host"); !h.empty() && r.hosts.empty())
            r.hosts = {h}; // the scheduler's name of the node, when modak knows it, else python's
        r.batchPerDevice = m.value("batch", 0);
        r.steps = m.value("steps", 0);
        const bool gpu = textOf(m, "device_type") == "cuda";
        r.gpusPerNode = gpu ? 1 : 0;
        r.cores = gpu ? 0 : m.value("threads", 0);
        // The catalogue's name of what the framework reported, else the target's when the
        // reported name is too vague to resolve, else the name as reported.
        const std::string& reported = r.deviceName;
        if (const model::Gpu* g = gpu ? cat.gpu(reported) : nullptr)
            r.device = g->name;
        else if (const model::Cpu* c = gpu ? nullptr : cat.cpu(reported))
            r.device = c->name;
        else if (!(gpu ? cat.gpu(base.device) != nullptr : cat.cpu(base.device) != nullptr))
            r.device = reported.empty() ? base.device : reported;
        if (perMeasurement) {
            r.configuration["batch_size"] = std::to_string(r.batchPerDevice);
            r.configuration["precision"] = r.precision;
            r.configuration["graph_compiler"] = r.graphCompiler;
        }
        r.status = textOf(m, "status");
        r.reason = textOf(m, "reason");
        if (r.status == "ok") {
            r.stepSeconds = m.value("step_seconds", 0.0);
            r.throughput = m.value("throughput", 0.0);
            if (!(r.stepSeconds > 0 && std::isfinite(r.stepSeconds) && r.throughput > 0 &&
                  std::isfinite(r.throughput) && r.batchPerDevice > 0)) {
                r.status = "failed";
                r.reason = "the framework kernel reported no valid step time";
            }
        } else if (r.status != "unavailable" && r.status != "failed") {
            r.status = "failed";
            r.reason = fmt::format("the framework kernel reported status '{}'", r.status);
        }
        if (!r.ok() && r.reason.empty())
            r.reason = "the framework kernel gave no reason";
        out.push_back(std::move(r));
    }
    if (out.empty()) {
        BenchRecord r = base;
        r.kernel = "framework";
        r.status = "failed";
        r.reason = exitStatus != 0
                       ? fmt::format("the framework kernel exited with status {} and printed no "
                                     "measurement (see the job's log)",
                                     exitStatus)
                       : "the framework kernel printed no measurement (see the job's log)";
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace modak::calibrate
