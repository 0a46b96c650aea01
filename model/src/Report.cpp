// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Report.h"

#include "modak/model/Accuracy.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>

namespace modak::model {
namespace {

using ordered_json = nlohmann::ordered_json;

/// Rounds to 4 significant digits so JSON output is stable and readable (no 0.30000000000000004).
double tidy(double v) {
    if (v == 0 || !std::isfinite(v))
        return 0;
    double scale = std::pow(10.0, 3 - static_cast<int>(std::floor(std::log10(std::abs(v)))));
    return std::round(v * scale) / scale;
}

ordered_json stepJson(const StepTime& s) {
    return {
        {"compute", tidy(s.compute)}, {"communication", tidy(s.communication)}, {"io", tidy(s.io)}};
}

ordered_json nullable(const std::string& s) {
    return s.empty() ? ordered_json(nullptr) : ordered_json(s);
}

ordered_json intervalJson(const PredictionInterval& i) {
    return {{"low", tidy(i.low)},
            {"high", tidy(i.high)},
            {"relative_error", tidy(i.relativeError)},
            {"stratum", nullable(i.stratum)},
            {"widest", i.widest},
            {"extrapolations", i.extrapolations}};
}

/// The interval and the extrapolations, two lines of text indented by `indent`; "" when the
/// calibration has neither.
std::string intervalLines(const PredictionInterval& i, std::string_view label,
                          std::string_view extrapolationLabel) {
    std::string out;
    if (!i.stratum.empty())
        out += fmt::format("{}{}\n", label, intervalText(i));
    if (!i.extrapolations.empty()) {
        std::string what = extrapolationList(i);
        out += fmt::format("{}{} (not in the calibration data)\n", extrapolationLabel, what);
    }
    return out;
}

/// The layout, tokens/s and memory by kind of a prediction (transformers and layouts only, so
/// other plans read as before).
void layoutJson(ordered_json& j, const Prediction& p, const Scenario& s) {
    if (p.tokensPerSecond > 0) {
        j["tokens_per_second"] = tidy(p.tokensPerSecond);
        j["attention"] = s.attention;
    }
    if (!s.layout)
        return;
    const ParallelLayout& l = *s.layout;
    const int devices = std::max(1, p.devices);
    j["layout"] = {{"tensor", l.tensor},
                   {"pipeline", l.pipeline},
                   {"context", l.context},
                   {"expert", l.expert},
                   {"data", l.dataParallel(devices)},
                   {"microbatches", l.microbatches},
                   {"schedule", l.schedule},
                   {"virtual_stages", l.virtualStages},
                   {"zero", l.zeroStage},
                   {"recompute", l.recompute}};
    const double gib = 1073741824.0;
    j["memory_gib"] = {{"weights", tidy(p.memory.weights / gib)},
                       {"gradients", tidy(p.memory.gradients / gib)},
                       {"optimizer", tidy(p.memory.optimizer / gib)},
                       {"activations", tidy(p.memory.activations / gib)},
                       {"total", tidy(p.memoryPerDeviceBytes / gib)}};
}

/// "tensor 8 × pipeline 2 × data 4, ZeRO-1, full recompute, 16 micro-batches (1F1B)"
std::string layoutLine(const ParallelLayout& l, int devices) {
    std::string out = fmt::format("tensor {} × pipeline {}", l.tensor, l.pipeline);
    if (l.context > 1)
        out += fmt::format(" × context {}", l.context);
    out += fmt::format(" × data {}", l.dataParallel(devices));
    if (l.expert > 1)
        out += fmt::format(", expert {}", l.expert);
    out += l.zeroStage > 0 ? fmt::format(", ZeRO-{}", l.zeroStage) : ", replicated state";
    out += l.recompute == "none" ? ", no recompute" : fmt::format(", {} recompute", l.recompute);
    out += fmt::format(", {} micro-batch{}", l.microbatches, l.microbatches == 1 ? "" : "es");
    if (l.pipeline > 1)
        out += fmt::format(" ({}{})", l.schedule,
                           l.virtualStages > 1 ? fmt::format(", {} virtual stages", l.virtualStages)
                                               : "");
    return out;
}

/// The tokens/s, layout and memory lines of a text report, labels padded to `width`.
std::string layoutLines(const Prediction& p, const Scenario& s, size_t width) {
    std::string out;
    if (p.tokensPerSecond > 0)
        out += fmt::format("  {:<{}}{:.0f} tokens/s ({:.0f} per device), {} attention\n", "tokens",
                           width, p.tokensPerSecond, p.tokensPerSecond / std::max(1, p.devices),
                           s.attention);
    if (s.layout) {
        const double gib = 1073741824.0;
        out += fmt::format("  {:<{}}{}\n", "layout", width, layoutLine(*s.layout, p.devices));
        out += fmt::format("  {:<{}}{:.1f} GiB per device = weights {:.1f} + gradients {:.1f} + "
                           "optimizer {:.1f} + activations {:.1f}\n",
                           "memory", width, p.memoryPerDeviceBytes / gib, p.memory.weights / gib,
                           p.memory.gradients / gib, p.memory.optimizer / gib,
                           p.memory.activations / gib);
    }
    return out;
}

ordered_json costJson(const CostEstimate& c) {
    ordered_json j;
    j["seconds"] = tidy(c.seconds);
    j["node_hours"] = tidy(c.nodeHours);
    if (c.hasMoney()) {
        j["amount"] = tidy(c.amount);
        j["low"] = tidy(c.low);
        j["high"] = tidy(c.high);
        j["currency"] = c.currency;
    }
    if (!c.unit.empty()) {
        j["units"] = tidy(c.units);
        j["units_low"] = tidy(c.unitsLow);
        j["units_high"] = tidy(c.unitsHigh);
        j["unit"] = c.unit;
    }
    return j;
}

ordered_json candidateJson(const Candidate& c, bool withReason) {
    ordered_json j;
    j["image"] = nullable(c.imageName);
    j["reference"] = nullable(c.reference);
    j["build"] = c.build;
    j["graph_compiler"] = c.graphCompiler;
    j["runtime"] = c.runtime;
    j["precision"] = c.precision;
    j["nodes"] = c.nodes;
    j["gpus_per_node"] = c.gpusPerNode;
    j["batch_per_device"] =
        c.batchPerDevice ? ordered_json(*c.batchPerDevice) : ordered_json(nullptr);
    if (c.ranksPerNode > 0)
        j["ranks_per_node"] = c.ranksPerNode;
    if (c.predicted) {
        const Prediction& p = *c.predicted;
        ordered_json pj;
        pj["throughput"] = tidy(p.throughput);
        pj["epoch_seconds"] =
            p.epochSeconds > 0 ? ordered_json(tidy(p.epochSeconds)) : ordered_json(nullptr);
        pj["efficiency"] = tidy(p.efficiency);
        if (c.amdahl) {
            pj["speedup"] = tidy(p.throughput);
        } else {
            pj["step_seconds"] = stepJson(p.step);
            pj["interval"] = intervalJson(p.interval);
            layoutJson(pj, p, c.scenario);
        }
        j["predicted"] = pj;
    } else {
        j["predicted"] = nullptr;
    }
    if (c.cost)
        j["cost"] = costJson(*c.cost);
    if (withReason)
        j["rejected_because"] = c.rejectedBecause;
    return j;
}

std::string scaleText(const Candidate& c) {
    if (c.amdahl)
        return fmt::format("{} node{} × {} ranks", c.nodes, c.nodes == 1 ? "" : "s",
                           c.ranksPerNode);
    if (c.gpusPerNode > 0)
        return fmt::format("{} node{} × {} GPU{}", c.nodes, c.nodes == 1 ? "" : "s", c.gpusPerNode,
                           c.gpusPerNode == 1 ? "" : "s");
    if (c.ranksPerNode > 1)
        return fmt::format("{} node{} × {} ranks (CPU)", c.nodes, c.nodes == 1 ? "" : "s",
                           c.ranksPerNode);
    return fmt::format("{} node{} (CPU)", c.nodes, c.nodes == 1 ? "" : "s");
}

} // namespace

std::string candidateName(const Candidate& c) {
    std::string s = c.imageName;
    if (s.empty() && c.build == kHostBuild && c.image && c.image->framework)
        s = fmt::format("host {} {}", c.image->framework->name, c.image->framework->version);
    if (s.empty())
        s = c.reference.empty() ? "(no container)" : c.reference;
    if (!c.graphCompiler.empty() && c.graphCompiler != "none")
        s += " + " + c.graphCompiler;
    return s;
}

std::string resilienceSummary(const DeploymentPlan& plan) {
    if (!plan.resilience || (plan.resilience->segments <= 1 && !plan.resilience->checkpointing))
        return "";
    const Resilience& r = *plan.resilience;
    return fmt::format("{}checkpoint every {} ({} steps)",
                       r.segments > 1
                           ? fmt::format("{} chained jobs of {}, ", r.segments,
                                         formatSeconds(static_cast<double>(r.walltimeSeconds)))
                           : "",
                       formatSeconds(r.intervalSeconds), r.intervalSteps);
}

std::string formatSeconds(double s) {
    if (s >= 86400)
        return fmt::format("{:.1f} d", s / 86400);
    if (s >= 3600)
        return fmt::format("{:.1f} h", s / 3600);
    if (s >= 60)
        return fmt::format("{:.1f} min", s / 60);
    return fmt::format("{:.2f} s", s);
}

std::string renderPlanText(const Plan& plan) {
    std::string out;
    for (const auto& d : plan.deployments) {
        if (!out.empty())
            out += "\n";
        out += fmt::format("deployment {}  ({} on {}{})\n", d.name,
                           d.application.empty() ? "?" : d.application,
                           d.target.empty() ? "?" : d.target,
                           d.workload.empty() ? "" : ", workload " + d.workload);
        if (!d.chosen) {
            out += "  no plan: see the diagnostics\n";
            continue;
        }
        const Candidate& c = *d.chosen;
        out += fmt::format("  chosen      {}\n", candidateName(c));
        if (!c.reference.empty())
            out += fmt::format("  image       {} ({} build)\n", c.reference, c.build);
        out += fmt::format("  scale       {}, runtime {}\n", scaleText(c), c.runtime);
        const Prediction p = c.predicted.value_or(Prediction{});
        if (!c.predicted) {
            out += "  predicted   - (no workload)\n";
        } else if (c.amdahl) {
            out += fmt::format("  predicted   speedup {:.2f} over one rank, efficiency {:.0f} %\n",
                               p.throughput, p.efficiency * 100);
        } else {
            out += fmt::format("  predicted   {:.1f} samples/s, efficiency {:.0f} %", p.throughput,
                               p.efficiency * 100);
            if (p.epochSeconds > 0)
                out += fmt::format(", {} per epoch", formatSeconds(p.epochSeconds));
            if (d.totalSeconds > 0 && d.epochs > 1)
                out += fmt::format(", {} for {} epochs", formatSeconds(d.totalSeconds), d.epochs);
            out += "\n";
            out += intervalLines(p.interval, "  interval    ", "  extrapolates ");
            out += layoutLines(p, c.scenario, 12);
            out += fmt::format(
                "  step        {:.4f} s = compute {:.4f} + communication {:.4f} + I/O {:.4f}\n",
                p.stepSeconds, p.step.compute, p.step.communication, p.step.io);
        }
        if (c.cost)
            out += fmt::format("  cost        {}\n", c.cost->text());
        if (std::string r = resilienceSummary(d); !r.empty())
            out += fmt::format("  resilience  {}\n", r);
        if (!d.sites.empty()) {
            // SkyPilot-like: every site with its resources, time and cost; the fallback order.
            out += "  targets\n";
            size_t width = 6;
            for (const auto& s : d.sites)
                width = std::max(width, s.target.size());
            for (const auto& s : d.sites) {
                if (s.rank == 0) {
                    out += fmt::format("    {:<{}}  -  {}\n", s.target, width, s.rejectedBecause);
                    continue;
                }
                std::string resources =
                    s.gpusPerNode > 0 ? fmt::format("{} × {}:{}", s.nodes, s.gpu, s.gpusPerNode)
                                      : fmt::format("{} node{}", s.nodes, s.nodes == 1 ? "" : "s");
                out += fmt::format("    {:<{}}  {}  {:<24} {:>10}  {}{}\n", s.target, width, s.rank,
                                   resources, formatSeconds(s.totalSeconds),
                                   s.cost ? s.cost->text() : std::string("no price"),
                                   s.chosen ? "  (chosen)" : "");
            }
        }
        if (!d.explanation.empty()) {
            out += "  why\n";
            for (const auto& e : d.explanation)
                out += fmt::format("    - {}\n", e);
        }
        if (!d.alternatives.empty()) {
            out += "  alternatives\n";
            size_t width = 12;
            for (const auto& a : d.alternatives)
                width = std::max(width, candidateName(a).size());
            for (const auto& a : d.alternatives) {
                std::string speed = a.predicted
                                        ? fmt::format("{:>10.1f}/s", a.predicted->throughput)
                                        : fmt::format("{:>12}", "-");
                out += fmt::format("    {:<{}}  {:<22} {}  {}\n", candidateName(a), width,
                                   scaleText(a), speed, a.rejectedBecause);
            }
        }
    }
    return out;
}

std::string renderPlanJson(const Plan& plan, std::string_view file, std::string_view version) {
    ordered_json doc;
    doc["modak_version"] = version;
    doc["file"] = file;
    ordered_json deployments = ordered_json::array();
    for (const auto& d : plan.deployments) {
        ordered_json j;
        j["name"] = d.name;
        j["application"] = d.application;
        j["target"] = d.target;
        j["kind"] = d.kind;
        j["workload"] = nullable(d.workload);
        j["chosen"] = d.chosen ? candidateJson(*d.chosen, false) : ordered_json(nullptr);
        ordered_json alts = ordered_json::array();
        for (const auto& a : d.alternatives)
            alts.push_back(candidateJson(a, true));
        j["alternatives"] = alts;
        j["explanation"] = d.explanation;
        if (d.resilience) {
            const Resilience& r = *d.resilience;
            ordered_json res;
            res["segments"] = r.segments;
            res["walltime_seconds"] =
                r.walltimeSeconds > 0 ? ordered_json(r.walltimeSeconds) : ordered_json(nullptr);
            res["stop_seconds"] =
                r.walltimeSeconds > 0 ? ordered_json(r.stopSeconds) : ordered_json(nullptr);
            res["checkpointing"] = r.checkpointing;
            res["checkpoint_interval_seconds"] = tidy(r.intervalSeconds);
            res["checkpoint_interval_steps"] = r.intervalSteps;
            res["checkpoint_seconds"] = tidy(r.checkpointSeconds);
            res["checkpoint_bytes"] = tidy(r.stateBytes);
            res["job_mtbf_seconds"] = tidy(r.jobMtbfSeconds);
            res["default_mtbf"] = r.defaultMtbf;
            j["resilience"] = res;
        }
        if (!d.pricing.empty())
            j["pricing"] = d.pricing;
        if (!d.sites.empty()) {
            ordered_json sites = ordered_json::array();
            for (const auto& s : d.sites) {
                ordered_json o;
                o["target"] = s.target;
                o["chosen"] = s.chosen;
                o["rank"] = s.rank > 0 ? ordered_json(s.rank) : ordered_json(nullptr);
                o["instance_type"] = nullable(s.instanceType);
                o["nodes"] = s.rank > 0 ? ordered_json(s.nodes) : ordered_json(nullptr);
                o["gpus_per_node"] =
                    s.rank > 0 ? ordered_json(s.gpusPerNode) : ordered_json(nullptr);
                o["gpu"] = nullable(s.gpu);
                o["seconds"] =
                    s.rank > 0 ? ordered_json(tidy(s.totalSeconds)) : ordered_json(nullptr);
                o["seconds_low"] =
                    s.rank > 0 ? ordered_json(tidy(s.lowSeconds)) : ordered_json(nullptr);
                o["seconds_high"] =
                    s.rank > 0 ? ordered_json(tidy(s.highSeconds)) : ordered_json(nullptr);
                o["cost"] = s.cost ? costJson(*s.cost) : ordered_json(nullptr);
                o["rejected_because"] = nullable(s.rejectedBecause);
                sites.push_back(o);
            }
            j["sites"] = sites;
        }
        deployments.push_back(j);
    }
    doc["deployments"] = deployments;
    return doc.dump(2) + "\n";
}

std::string renderPredictionJson(const Prediction& p, const Scenario& s) {
    ordered_json j;
    j["throughput"] = tidy(p.throughput);
    j["epoch_seconds"] =
        p.epochSeconds > 0 ? ordered_json(tidy(p.epochSeconds)) : ordered_json(nullptr);
    j["efficiency"] = tidy(p.efficiency);
    j["step_seconds"] = stepJson(p.step);
    j["devices"] = p.devices;
    j["single_device_throughput"] = tidy(p.singleDeviceThroughput);
    j["memory_per_device_gib"] = tidy(p.memoryPerDeviceBytes / 1073741824.0);
    j["interval"] = intervalJson(p.interval);
    layoutJson(j, p, s);
    j["factors"] = p.factors;
    ordered_json in;
    in["workload"] = s.workload ? s.workload->name : "";
    in["framework"] = s.framework;
    in["version"] = nullable(s.version);
    in["build"] = s.build;
    in["graph_compiler"] = s.graphCompiler;
    in["precision"] = s.precision;
    if (s.gpusPerNode > 0 && s.gpu)
        in["gpu"] = s.gpu->name;
    else if (s.cpu)
        in["cpu"] = s.cpu->name;
    in["gpus_per_node"] = s.gpusPerNode;
    in["nodes"] = s.nodes;
    in["interconnect"] =
        s.interconnect ? ordered_json(s.interconnect->name) : ordered_json(nullptr);
    in["network_ports"] = s.networkPorts;
    in["batch_per_device"] = s.batchPerDevice;
    in["samples"] = s.samplesPerEpoch > 0 ? ordered_json(s.samplesPerEpoch) : ordered_json(nullptr);
    in["storage"] = s.storage ? ordered_json(s.storage->name) : ordered_json(nullptr);
    j["inputs"] = in;
    return j.dump(2) + "\n";
}

std::string renderPredictionText(const Prediction& p, const Scenario& s) {
    std::string out;
    std::string device = s.gpusPerNode > 0 && s.gpu
                             ? fmt::format("{} × {}", s.gpusPerNode, s.gpu->name)
                             : fmt::format("{} × {}", s.cpuSockets, s.cpu ? s.cpu->name : "?");
    out += fmt::format(
        "{} with {}{} {} build{}, {}, batch {} per device\n", s.workload ? s.workload->name : "?",
        s.framework, s.version.empty() ? "" : " " + s.version, s.build,
        s.graphCompiler == "none" ? "" : " + " + s.graphCompiler, s.precision, s.batchPerDevice);
    std::string network;
    if (s.nodes > 1 && s.interconnect)
        network = " over " + s.interconnect->name +
                  (s.networkPorts > 1 ? fmt::format(" ({} ports a node)", s.networkPorts) : "");
    out += fmt::format("on {} node{} of {}{}\n", s.nodes, s.nodes == 1 ? "" : "s", device, network);
    out +=
        fmt::format("  throughput   {:.1f} samples/s ({} devices; one device {:.1f} samples/s)\n",
                    p.throughput, p.devices, p.singleDeviceThroughput);
    out += intervalLines(p.interval, "  interval     ", "  extrapolates ");
    out += fmt::format("  efficiency   {:.1f} %\n", p.efficiency * 100);
    if (p.epochSeconds > 0)
        out += fmt::format("  epoch        {}\n", formatSeconds(p.epochSeconds));
    out += fmt::format(
        "  step         {:.4f} s = compute {:.4f} + communication {:.4f} + I/O {:.4f}\n",
        p.stepSeconds, p.step.compute, p.step.communication, p.step.io);
    if (!s.layout)
        out += fmt::format("  memory       {:.1f} GiB per device\n",
                           p.memoryPerDeviceBytes / 1073741824.0);
    out += layoutLines(p, s, 13);
    for (const auto& f : p.factors)
        out += fmt::format("  - {}\n", f);
    return out;
}

namespace {

ordered_json envJson(const EnvList& env) {
    ordered_json j = ordered_json::object();
    for (const auto& [k, v] : env)
        j[k] = v;
    return j;
}

void putIf(ordered_json& j, const char* key, const std::string& v) {
    if (!v.empty())
        j[key] = v;
}

} // namespace

std::string renderCatalogJson(const Catalogue& cat, std::string_view section) {
    ordered_json doc;
    doc["$schema"] = "https://modak.dev/schemas/catalog.schema.json";
    doc["version"] = 1;
    bool all = section.empty();
    if (all || section == "images") {
        ordered_json arr = ordered_json::array();
        for (const auto& i : cat.images) {
            ordered_json j;
            j["name"] = i.name;
            j["reference"] = i.reference;
            j["image_type"] = i.imageType;
            if (i.framework)
                j["framework"] = {{"name", i.framework->name}, {"version", i.framework->version}};
            if (i.mpi)
                j["mpi"] = {{"name", i.mpi->name}, {"version", i.mpi->version}};
            putIf(j, "app", i.app);
            j["arch"] = i.arch;
            j["accelerator"] = i.accelerator;
            putIf(j, "cuda", i.cuda);
            j["build"] = i.build;
            putIf(j, "flags", i.flags);
            j["graph_compilers"] = i.graphCompilers;
            j["libraries"] = i.libraries;
            j["features"] = i.features;
            putIf(j, "python", i.python);
            j["env"] = envJson(i.env);
            ordered_json ce = ordered_json::object();
            for (const auto& [c, env] : i.compilerEnv)
                ce[c] = envJson(env);
            j["compiler_env"] = ce;
            putIf(j, "doc", i.doc);
            putIf(j, "source", i.source);
            arr.push_back(j);
        }
        doc["images"] = arr;
    }
    if (all || section == "hardware") {
        ordered_json cpus = ordered_json::array();
        for (const auto& c : cat.cpus) {
            ordered_json j;
            j["name"] = c.name;
            j["model"] = c.model;
            j["aliases"] = c.aliases;
            j["vendor"] = c.vendor;
            j["arch"] = c.arch;
            putIf(j, "microarchitecture", c.microarchitecture);
            j["cores"] = c.cores;
            j["threads_per_core"] = c.threadsPerCore;
            j["base_ghz"] = c.baseGhz;
            if (c.turboGhz > 0)
                j["turbo_ghz"] = c.turboGhz;
            j["fp64_flops_per_cycle"] = c.fp64FlopsPerCycle;
            j["fp32_flops_per_cycle"] = c.fp32FlopsPerCycle;
            j["isa"] = c.isa;
            j["memory_bandwidth_gbs"] = c.memoryBandwidthGBs;
            putIf(j, "doc", c.doc);
            putIf(j, "source", c.source);
            cpus.push_back(j);
        }
        doc["cpus"] = cpus;
        ordered_json gpus = ordered_json::array();
        for (const auto& g : cat.gpus) {
            ordered_json j;
            j["name"] = g.name;
            j["model"] = g.model;
            if (!g.aliases.empty())
                j["aliases"] = g.aliases;
            j["vendor"] = g.vendor;
            putIf(j, "architecture", g.architecture);
            putIf(j, "compute_capability", g.computeCapability);
            j["memory_gib"] = g.memoryGiB;
            j["memory_bandwidth_gbs"] = g.memoryBandwidthGBs;
            ordered_json peaks = ordered_json::object();
            for (const char* p : {"fp64", "fp32", "tf32", "fp16", "bf16", "fp8", "fp4"})
                if (auto it = g.peakTflops.find(p); it != g.peakTflops.end())
                    peaks[p] = it->second;
            j["peak_tflops"] = peaks;
            j["tensor_cores"] = g.tensorCores;
            if (g.multiprocessors > 0)
                j["multiprocessors"] = g.multiprocessors;
            j["peer_bandwidth_gbs"] = g.peerBandwidthGBs;
            if (g.peerDomainGpus > 0)
                j["peer_domain_gpus"] = g.peerDomainGpus;
            putIf(j, "peer_link", g.peerLink);
            putIf(j, "host_link", g.hostLink);
            if (g.tdpWatts > 0)
                j["tdp_w"] = g.tdpWatts;
            putIf(j, "doc", g.doc);
            putIf(j, "source", g.source);
            gpus.push_back(j);
        }
        doc["gpus"] = gpus;
        ordered_json ics = ordered_json::array();
        for (const auto& i : cat.interconnects) {
            ordered_json j{{"name", i.name},
                           {"scope", i.scope},
                           {"bandwidth_gbs", i.bandwidthGBs},
                           {"latency_us", i.latencyUs}};
            putIf(j, "doc", i.doc);
            putIf(j, "source", i.source);
            ics.push_back(j);
        }
        doc["interconnects"] = ics;
        ordered_json st = ordered_json::array();
        for (const auto& s : cat.storage) {
            ordered_json j{{"name", s.name}, {"read_gbs_per_node", s.readGBsPerNode}};
            if (s.aggregateReadGBs)
                j["aggregate_read_gbs"] = *s.aggregateReadGBs;
            j["latency_ms"] = s.latencyMs;
            j["shared"] = s.shared;
            putIf(j, "doc", s.doc);
            putIf(j, "source", s.source);
            st.push_back(j);
        }
        doc["storage"] = st;
    }
    if (all || section == "workloads") {
        ordered_json arr = ordered_json::array();
        for (const auto& w : cat.workloads) {
            ordered_json j{{"name", w.name}, {"kind", w.kind}};
            putIf(j, "doc", w.doc);
            j["parameters"] = w.parameters;
            j["flops_per_sample"] = w.flopsPerSample;
            if (w.activationsPerSample > 0)
                j["activations_per_sample"] = w.activationsPerSample;
            j["sample_bytes"] = w.sampleBytes;
            if (w.datasetSamples > 0)
                j["dataset_samples"] = w.datasetSamples;
            putIf(j, "source", w.source);
            arr.push_back(j);
        }
        doc["workloads"] = arr;
    }
    if (all || section == "instances") {
        ordered_json arr = ordered_json::array();
        for (const auto& i : cat.instances) {
            ordered_json j{{"name", i.name}, {"cloud", i.cloud}};
            putIf(j, "gpu", i.gpu);
            if (i.gpus > 0)
                j["gpus"] = i.gpus;
            putIf(j, "cpu", i.cpu);
            j["vcpus"] = i.vcpus;
            j["memory_gib"] = i.memoryGiB;
            putIf(j, "interconnect", i.interconnect);
            if (i.networkPorts > 0)
                j["network_ports"] = i.networkPorts;
            j["currency"] = i.currency;
            j["on_demand_per_hour"] = i.onDemandPerHour;
            if (i.spotPerHour)
                j["spot_per_hour"] = *i.spotPerHour;
            if (i.spotInterruptionsPerMonth)
                j["spot_interruptions_per_month"] = *i.spotInterruptionsPerMonth;
            putIf(j, "region", i.region);
            j["price_date"] = i.priceDate;
            j["source"] = i.source;
            putIf(j, "doc", i.doc);
            arr.push_back(j);
        }
        doc["instances"] = arr;
    }
    return doc.dump(2) + "\n";
}

std::string renderCatalogText(const Catalogue& cat, std::string_view section) {
    std::string out;
    bool all = section.empty();
    auto heading = [&](std::string_view title) {
        if (!out.empty())
            out += "\n";
        out += fmt::format("{}\n", title);
    };
    if (all || section == "images") {
        heading("images");
        for (const auto& i : cat.images) {
            std::string what = i.framework ? i.framework->name + " " + i.framework->version
                                           : (i.mpi ? i.mpi->name + " " + i.mpi->version : "-");
            std::string compilers;
            for (const auto& c : i.graphCompilers)
                compilers += (compilers.empty() ? "" : ",") + c;
            out += fmt::format("  {:<36} {:<18} {:<7} {:<7} {:<6} {:<14} {}\n", i.name, what,
                               i.arch, i.accelerator, i.build, compilers.empty() ? "-" : compilers,
                               i.reference);
        }
    }
    if (all || section == "hardware") {
        heading("cpus (per socket)");
        for (const auto& c : cat.cpus)
            out += fmt::format(
                "  {:<22} {:<32} {:>3} cores {:>4.2f} GHz {:>7.0f} GFLOP/s fp32 {:>6.1f} GB/s\n",
                c.name, c.model, c.cores, c.baseGhz, c.peakFlops(false) / 1e9,
                c.memoryBandwidthGBs);
        heading("gpus");
        for (const auto& g : cat.gpus) {
            std::string peaks;
            for (const char* p : {"fp64", "fp32", "tf32", "fp16", "bf16", "fp8", "fp4"})
                if (auto it = g.peakTflops.find(p); it != g.peakTflops.end())
                    peaks += fmt::format("{}{} {:g}", peaks.empty() ? "" : ", ", p, it->second);
            out += fmt::format("  {:<16} {:<34} {:>5.0f} GiB {:>6.0f} GB/s  TFLOP/s: {}\n", g.name,
                               g.model, g.memoryGiB, g.memoryBandwidthGBs, peaks);
        }
        heading("interconnects");
        for (const auto& i : cat.interconnects)
            out += fmt::format("  {:<16} {:<10} {:>7.1f} GB/s {:>6.2f} µs\n", i.name, i.scope,
                               i.bandwidthGBs, i.latencyUs);
        heading("storage");
        for (const auto& s : cat.storage)
            out += fmt::format(
                "  {:<20} {:>6.2f} GB/s per node{} {:>6.2f} ms {}\n", s.name, s.readGBsPerNode,
                s.aggregateReadGBs ? fmt::format(", {:>6.1f} GB/s in all", *s.aggregateReadGBs)
                                   : std::string(22, ' '),
                s.latencyMs, s.shared ? "shared" : "node-local");
    }
    if (all || section == "workloads") {
        heading("workloads");
        for (const auto& w : cat.workloads)
            out += fmt::format("  {:<18} {:<12} {:>12.0f} parameters {:>9.3g} FLOP/sample  {}\n",
                               w.name, w.kind, w.parameters, w.flopsPerSample, w.doc);
    }
    if (all || section == "instances") {
        heading("instances (price per instance-hour, with the date and page it was read from)");
        for (const auto& i : cat.instances) {
            std::string gpus = i.gpus > 0 ? fmt::format("{} × {}", i.gpus, i.gpu) : "-";
            std::string spot = i.spotPerHour ? fmt::format("{:.2f}", *i.spotPerHour) : "-";
            std::string network = i.interconnect.empty() ? "ethernet" : i.interconnect;
            if (i.networkPorts > 1)
                network = fmt::format("{} × {}", i.networkPorts, network);
            out +=
                fmt::format("  {:<26} {:<6} {:<20} {:>3} vCPU {:>5.0f} GiB  {:<20} {:>8.2f} {} "
                            "on demand, {:>6} spot  {} {}  {}\n",
                            i.name, i.cloud, gpus, i.vcpus, i.memoryGiB, network, i.onDemandPerHour,
                            i.currency, spot, i.region, i.priceDate, i.source);
        }
    }
    return out;
}

} // namespace modak::model
