// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Fit.h"

#include "modak/model/EmbeddedData.h"
#include "modak/model/Schema.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>
#include <set>
#include <span>

namespace modak::model {
namespace {

/// Splits one CSV line (RFC 4180 quoting, no embedded newlines).
std::vector<std::string> splitCsv(std::string_view line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                out.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                out.back() += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            out.emplace_back();
        } else if (c != '\r') {
            out.back() += c;
        }
    }
    return out;
}

bool toDouble(const std::string& s, double& v) {
    if (s.empty())
        return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size() && std::isfinite(v);
}

bool toInt(const std::string& s, int& v, int fallback) {
    if (s.empty()) {
        v = fallback;
        return true;
    }
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

double sigmoid(double x) {
    return 1 / (1 + std::exp(-x));
}
double logit(double p) {
    return std::log(p / (1 - p));
}

/// Nelder–Mead minimisation of `f` from `x0` (a few hundred evaluations suffice for ≤ 10
/// parameters).
std::vector<double> nelderMead(const std::function<double(const std::vector<double>&)>& f,
                               std::vector<double> x0, int iterations,
                               const std::function<void(int)>& onIteration) {
    const size_t n = x0.size();
    std::vector<std::vector<double>> simplex(n + 1, x0);
    for (size_t i = 0; i < n; ++i)
        simplex[i + 1][i] += 0.5;
    std::vector<double> values(n + 1);
    for (size_t i = 0; i <= n; ++i)
        values[i] = f(simplex[i]);
    for (int it = 0; it < iterations; ++it) {
        if (onIteration)
            onIteration(it);
        std::vector<size_t> order(n + 1);
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(),
                  [&](size_t a, size_t b) { return values[a] < values[b]; });
        auto best = order.front(), worst = order.back(), second = order[n - 1];
        std::vector<double> centroid(n, 0);
        for (size_t i : order)
            if (i != worst)
                for (size_t k = 0; k < n; ++k)
                    centroid[k] += simplex[i][k] / n;
        auto along = [&](double t) {
            std::vector<double> x(n);
            for (size_t k = 0; k < n; ++k)
                x[k] = centroid[k] + t * (simplex[worst][k] - centroid[k]);
            return x;
        };
        auto reflected = along(-1);
        double fr = f(reflected);
        if (fr < values[best]) {
            auto expanded = along(-2);
            double fe = f(expanded);
            if (fe < fr) {
                simplex[worst] = expanded;
                values[worst] = fe;
            } else {
                simplex[worst] = reflected;
                values[worst] = fr;
            }
        } else if (fr < values[second]) {
            simplex[worst] = reflected;
            values[worst] = fr;
        } else {
            auto contracted = along(0.5);
            double fc = f(contracted);
            if (fc < values[worst]) {
                simplex[worst] = contracted;
                values[worst] = fc;
            } else {
                for (size_t i : order) {
                    if (i == best)
                        continue;
                    for (size_t k = 0; k < n; ++k)
                        simplex[i][k] = simplex[best][k] + 0.5 * (simplex[i][k] - simplex[best][k]);
                    values[i] = f(simplex[i]);
                }
            }
        }
    }
    size_t best =
        static_cast<size_t>(std::min_element(values.begin(), values.end()) - values.begin());
    return simplex[best];
}

/// Levenberg–Marquardt minimisation of the sum of squares of `residuals(x)` from `x0`, with a
/// forward-difference Jacobian; returns the best point seen.
std::vector<double>
levenbergMarquardt(const std::function<std::vector<double>(const std::vector<double>&)>& residuals,
                   std::vector<double> x, int iterations) {
    const size_t n = x.size();
    auto sumSquares = [](const std::vector<double>& r) {
        double s = 0;
        for (double v : r)
            s += v * v;
        return s;
    };
    std::vector<double> r = residuals(x);
    double cost = sumSquares(r), lambda = 1e-3;
    for (int it = 0; it < iterations && n > 0; ++it) {
        const size_t m = r.size();
        std::vector<std::vector<double>> jacobian(n, std::vector<double>(m));
        for (size_t k = 0; k < n; ++k) {
            auto xk = x;
            const double h = 1e-5 * std::max(1.0, std::abs(x[k]));
            xk[k] += h;
            auto rk = residuals(xk);
            for (size_t i = 0; i < m; ++i)
                jacobian[k][i] = (rk[i] - r[i]) / h;
        }
        // Normal equations JᵀJ δ = −Jᵀr, damped on the diagonal.
        std::vector<std::vector<double>> jtj(n, std::vector<double>(n, 0));
        std::vector<double> jtr(n, 0);
        for (size_t a = 0; a < n; ++a) {
            for (size_t i = 0; i < m; ++i)
                jtr[a] += jacobian[a][i] * r[i];
            for (size_t b = a; b < n; ++b) {
                double v = 0;
                for (size_t i = 0; i < m; ++i)
                    v += jacobian[a][i] * jacobian[b][i];
                jtj[a][b] = jtj[b][a] = v;
            }
        }
        bool improved = false;
        for (int attempt = 0; attempt < 10 && !improved; ++attempt) {
            // Gaussian elimination with partial pivoting on the damped system.
            std::vector<std::vector<double>> a = jtj;
            std::vector<double> b(n);
            for (size_t k = 0; k < n; ++k) {
                a[k][k] += lambda * std::max(jtj[k][k], 1e-12);
                b[k] = -jtr[k];
            }
            for (size_t c = 0; c < n; ++c) {
                size_t pivot = c;
                for (size_t i = c + 1; i < n; ++i)
                    if (std::abs(a[i][c]) > std::abs(a[pivot][c]))
                        pivot = i;
                std::swap(a[c], a[pivot]);
                std::swap(b[c], b[pivot]);
                if (std::abs(a[c][c]) < 1e-300)
                    continue;
                for (size_t i = c + 1; i < n; ++i) {
                    const double f = a[i][c] / a[c][c];
                    for (size_t k = c; k < n; ++k)
                        a[i][k] -= f * a[c][k];
                    b[i] -= f * b[c];
                }
            }
            std::vector<double> delta(n, 0);
            for (size_t c = n; c-- > 0;) {
                double v = b[c];
                for (size_t k = c + 1; k < n; ++k)
                    v -= a[c][k] * delta[k];
                delta[c] = std::abs(a[c][c]) < 1e-300 ? 0 : v / a[c][c];
            }
            auto candidate = x;
            for (size_t k = 0; k < n; ++k)
                candidate[k] += std::clamp(delta[k], -3.0, 3.0);
            auto rc = residuals(candidate);
            const double c = sumSquares(rc);
            if (c < cost) {
                improved = true;
                x = std::move(candidate);
                r = std::move(rc);
                const double gain = cost - c;
                cost = c;
                lambda = std::max(lambda / 3, 1e-9);
                if (gain < 1e-12 * std::max(cost, 1e-12))
                    return x;
            } else {
                lambda *= 4;
            }
        }
        if (!improved)
            break;
    }
    residuals(x); // leaves the caller's constants at the best point
    return x;
}

/// A fitted constant: bounded, optimised in logit space so it never leaves its bounds.
struct Param {
    double* value;
    double lo, hi;
};

/// Every column a measurement CSV may have (docs/model.md "Calibrating"); any other is ignored
/// with a note.
const std::set<std::string, std::less<>>& knownColumns() {
    static const std::set<std::string, std::less<>> columns = {
        // throughput rows
        "dataset", "workload", "framework", "version", "build", "graph_compiler", "precision",
        "device", "sockets", "gpus_per_node", "nodes", "interconnect", "batch_per_device",
        "storage", "throughput", "source", "cores", "workload_scale", "configuration",
        "network_ports",
        // their parallel layout
        "tensor", "pipeline", "context", "expert", "microbatches", "schedule", "virtual_stages",
        "zero", "recompute",
        // the attention kernel
        "attention",
        // MPI strong scaling
        "app", "variant", "ranks", "seconds",
        // micro-benchmarks
        "kernel", "message_bytes", "op_seconds", "bandwidth_gbs", "transport"};
    return columns;
}

/// The language's `attention` values (the schema table), which the column takes.
std::span<const EnumValue> attentionEnum() {
    return topLevelBlock("application")->key("attention")->enumValues();
}
bool isAttention(std::string_view value) {
    const auto values = attentionEnum();
    return std::any_of(values.begin(), values.end(),
                       [&](const EnumValue& v) { return v.name == value; });
}
/// "flash or eager"
std::string attentionValues() {
    std::string out;
    const auto values = attentionEnum();
    for (size_t i = 0; i < values.size(); ++i)
        out += (i == 0 ? "" : i + 1 == values.size() ? " or " : ", ") + values[i].name;
    return out;
}

/// The layout columns of a row; nullopt when all are empty, an error message when one is bad.
std::optional<ParallelLayout> readLayout(std::map<std::string, std::string>& row,
                                         std::string& error) {
    bool any = false;
    for (const char* k : {"tensor", "pipeline", "context", "expert", "microbatches", "schedule",
                          "virtual_stages", "zero", "recompute"})
        any = any || !row[k].empty();
    if (!any)
        return std::nullopt;
    ParallelLayout l;
    for (auto [k, into] : {std::pair{"tensor", &l.tensor}, std::pair{"pipeline", &l.pipeline},
                           std::pair{"context", &l.context}, std::pair{"expert", &l.expert},
                           std::pair{"microbatches", &l.microbatches},
                           std::pair{"virtual_stages", &l.virtualStages}})
        if (!toInt(row[k], *into, 1) || *into < 1) {
            error = fmt::format("`{}` must be a positive integer, not '{}'", k, row[k]);
            return std::nullopt;
        }
    if (!toInt(row["zero"], l.zeroStage, 0) || l.zeroStage < 0 || l.zeroStage > 3) {
        error = fmt::format("`zero` must be a ZeRO stage 0..3, not '{}'", row["zero"]);
        return std::nullopt;
    }
    if (!row["schedule"].empty())
        l.schedule = row["schedule"];
    // Model chunks a device holds are what the interleaved schedule interleaves.
    if (l.virtualStages > 1 && l.schedule != "interleaved") {
        error = fmt::format("`virtual_stages` {} needs the interleaved schedule, not '{}'",
                            l.virtualStages, l.schedule);
        return std::nullopt;
    }
    if (!row["recompute"].empty())
        l.recompute = row["recompute"];
    return l;
}

} // namespace

double measuredEfficiency(const Measurement& m, const MeasurementSet& all) {
    int devices = m.gpusPerNode * m.nodes;
    if (devices <= 1)
        return 0;
    for (const auto& r : all.throughput)
        if (r.gpusPerNode == 1 && r.nodes == 1 && r.dataset == m.dataset &&
            r.workload == m.workload && r.framework == m.framework && r.version == m.version &&
            r.build == m.build && r.graphCompiler == m.graphCompiler &&
            r.precision == m.precision && r.device == m.device &&
            r.batchPerDevice == m.batchPerDevice && r.source == m.source && !r.layout &&
            r.attention == m.attention)
            return m.throughput / (devices * r.throughput);
    return 0;
}

bool readMeasurements(std::string_view csv, FileId file, MeasurementSet& into, Diagnostics& diags) {
    bool ok = true;
    std::vector<std::string> header;
    uint32_t offset = 0;
    while (offset < csv.size()) {
        size_t end = csv.find('\n', offset);
        if (end == std::string_view::npos)
            end = csv.size();
        std::string_view line = csv.substr(offset, end - offset);
        SourceRange range{file, offset, static_cast<uint32_t>(end)};
        offset = static_cast<uint32_t>(end + 1);
        if (line.empty() || line.front() == '#' ||
            line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        auto cells = splitCsv(line);
        if (header.empty()) {
            header = cells;
            for (const auto& column : header)
                if (!knownColumns().contains(column))
                    into.notes.push_back(fmt::format(
                        "column '{}' is not one modak reads (docs/model.md); ignored", column));
            bool known = std::find(header.begin(), header.end(), "throughput") != header.end() ||
                         std::find(header.begin(), header.end(), "seconds") != header.end();
            if (!known) {
                diags.add(DiagCode::DataInvalid, range,
                          "the header names neither a `throughput` nor a `seconds` column "
                          "(docs/model.md)");
                return false;
            }
            continue;
        }
        std::map<std::string, std::string> row;
        for (size_t i = 0; i < header.size(); ++i)
            row[header[i]] = i < cells.size() ? cells[i] : "";
        auto bad = [&](const std::string& message) {
            diags.add(DiagCode::DataInvalid, range, message);
            ok = false;
        };
        if (cells.size() != header.size()) {
            bad(fmt::format("{} cells, the header has {}", cells.size(), header.size()));
            continue;
        }
        if (row.contains("seconds")) {
            HpcMeasurement h;
            h.dataset = row["dataset"];
            h.app = row["app"];
            h.variant = row["variant"];
            h.range = range;
            if (!toInt(row["ranks"], h.ranks, 0) || h.ranks < 1 ||
                !toDouble(row["seconds"], h.seconds) || h.seconds <= 0) {
                bad("`ranks` must be a positive integer and `seconds` a positive number");
                continue;
            }
            into.hpc.push_back(std::move(h));
            continue;
        }
        if (row["kernel"] == "stream" || row["kernel"] == "allreduce") {
            HardwareMeasurement h;
            h.dataset = row["dataset"];
            h.kernel = row["kernel"];
            h.device = row["device"];
            h.interconnect = row["interconnect"];
            h.transport = row["transport"].empty() ? "tcp" : row["transport"];
            h.range = range;
            if (!toInt(row["sockets"], h.sockets, 1) || !toInt(row["cores"], h.cores, 0) ||
                !toInt(row["nodes"], h.nodes, 1) || h.sockets < 1 || h.nodes < 1 ||
                !toDouble(row["message_bytes"], h.messageBytes) || !(h.messageBytes > 0) ||
                !toDouble(row["op_seconds"], h.opSeconds) || !(h.opSeconds > 0)) {
                bad("a micro-benchmark row needs positive `sockets`, `nodes`, `message_bytes` and "
                    "`op_seconds`");
                continue;
            }
            if (h.kernel == "stream" &&
                (h.device.empty() || !toDouble(row["bandwidth_gbs"], h.bandwidthGBs) ||
                 !(h.bandwidthGBs > 0))) {
                bad("a stream row needs `device` and a positive `bandwidth_gbs`");
                continue;
            }
            if (h.kernel == "allreduce" && (h.interconnect.empty() || h.nodes < 2 ||
                                            (h.transport != "tcp" && h.transport != "mpi"))) {
                bad("an allreduce row needs `interconnect`, at least 2 `nodes` and a `transport` "
                    "of tcp or mpi");
                continue;
            }
            into.hardware.push_back(std::move(h));
            continue;
        }
        Measurement m;
        m.dataset = row["dataset"];
        m.workload = row["workload"];
        m.framework = row["framework"];
        m.version = row["version"];
        m.build = row["build"].empty() ? "hub" : row["build"];
        m.graphCompiler = row["graph_compiler"].empty() ? "none" : row["graph_compiler"];
        m.precision = row["precision"].empty() ? "fp32" : row["precision"];
        m.device = row["device"];
        m.interconnect = row["interconnect"];
        m.storage = row["storage"];
        m.source = row["source"];
        m.range = range;
        if (!toInt(row["sockets"], m.sockets, 1) ||
            !toInt(row["gpus_per_node"], m.gpusPerNode, 1) || !toInt(row["nodes"], m.nodes, 1) ||
            !toInt(row["batch_per_device"], m.batchPerDevice, 64) || m.nodes < 1 ||
            m.gpusPerNode < 0 || m.batchPerDevice < 1) {
            bad("`sockets`, `gpus_per_node`, `nodes` and `batch_per_device` must be integers "
                "(nodes and batch at least 1)");
            continue;
        }
        if (!toDouble(row["throughput"], m.throughput) || m.throughput <= 0) {
            bad(fmt::format("`throughput` must be a positive number, not '{}'", row["throughput"]));
            continue;
        }
        if (!toInt(row["network_ports"], m.networkPorts, 1) || m.networkPorts < 1 ||
            m.networkPorts > 64) {
            bad(fmt::format("`network_ports` must be a whole number of ports, 1 to 64 (or empty: "
                            "1), not '{}'",
                            row["network_ports"]));
            continue;
        }
        if (!toInt(row["cores"], m.cores, 0) || m.cores < 0) {
            bad(fmt::format("`cores` must be a whole number of cores, not '{}'", row["cores"]));
            continue;
        }
        if (!row["workload_scale"].empty() &&
            (!toDouble(row["workload_scale"], m.workloadScale) || !(m.workloadScale > 0))) {
            bad(fmt::format("`workload_scale` must be a positive number, not '{}'",
                            row["workload_scale"]));
            continue;
        }
        m.configuration = row["configuration"];
        m.attention = row["attention"].empty() ? "flash" : row["attention"];
        if (!isAttention(m.attention)) {
            bad(fmt::format("`attention` must be {} (or empty: flash), not '{}'", attentionValues(),
                            row["attention"]));
            continue;
        }
        std::string layoutError;
        m.layout = readLayout(row, layoutError);
        if (!layoutError.empty()) {
            bad(layoutError);
            continue;
        }
        if (m.workload.empty() || m.framework.empty() || m.device.empty()) {
            bad("`workload`, `framework` and `device` are required");
            continue;
        }
        into.throughput.push_back(std::move(m));
    }
    return ok;
}

const MeasurementSet& builtinMeasurements() {
    static const MeasurementSet set = [] {
        MeasurementSet s;
        Diagnostics ignored; // tests assert the embedded data reads cleanly
        for (const auto& f : data::files())
            if (f.path.starts_with("calibration-data/"))
                readMeasurements(f.content, FileId{}, s, ignored);
        return s;
    }();
    return set;
}

std::optional<RowFilter> parseRowFilter(std::string_view text, std::string& error) {
    static constexpr std::string_view ops[] = {">=", "<=", "!=", "=", "<", ">"};
    for (auto op : ops) {
        auto at = text.find(op);
        if (at == std::string_view::npos)
            continue;
        std::string key(text.substr(0, at)), value(text.substr(at + op.size()));
        static const std::vector<std::string> numeric = {"gpus_per_node", "nodes", "sockets",
                                                         "batch_per_device", "devices"};
        static const std::vector<std::string> words = {
            "dataset",   "workload", "framework",    "version", "build",    "graph_compiler",
            "precision", "device",   "interconnect", "storage", "attention"};
        bool isNumeric = std::find(numeric.begin(), numeric.end(), key) != numeric.end();
        if (!isNumeric && std::find(words.begin(), words.end(), key) == words.end()) {
            error = fmt::format("unknown column '{}' in '{}'", key, text);
            return std::nullopt;
        }
        std::string o(op);
        if (isNumeric) {
            double v = 0;
            if (!toDouble(value, v)) {
                error = fmt::format("'{}' is not a number in '{}'", value, text);
                return std::nullopt;
            }
            return RowFilter([key, o, v](const Measurement& m) {
                double x = key == "gpus_per_node" ? m.gpusPerNode
                           : key == "nodes"       ? m.nodes
                           : key == "sockets"     ? m.sockets
                           : key == "devices"     ? m.gpusPerNode * m.nodes
                                                  : m.batchPerDevice;
                return o == ">="   ? x >= v
                       : o == "<=" ? x <= v
                       : o == "!=" ? x != v
                       : o == "="  ? x == v
                       : o == "<"  ? x < v
                                   : x > v;
            });
        }
        if (o != "=" && o != "!=") {
            error = fmt::format("column '{}' compares with = or != only", key);
            return std::nullopt;
        }
        return RowFilter([key, o, value](const Measurement& m) {
            const std::string& x = key == "dataset"          ? m.dataset
                                   : key == "workload"       ? m.workload
                                   : key == "framework"      ? m.framework
                                   : key == "version"        ? m.version
                                   : key == "build"          ? m.build
                                   : key == "graph_compiler" ? m.graphCompiler
                                   : key == "precision"      ? m.precision
                                   : key == "device"         ? m.device
                                   : key == "interconnect"   ? m.interconnect
                                   : key == "attention"      ? m.attention
                                                             : m.storage;
            return (x == value) == (o == "=");
        });
    }
    error = fmt::format("'{}' is not KEY=VALUE, KEY!=VALUE or a numeric comparison (<, <=, >, >=)",
                        text);
    return std::nullopt;
}

std::optional<Scenario> scenarioFor(const Measurement& m, const Catalogue& cat, std::string& error,
                                    std::deque<Workload>* scaled) {
    Scenario s;
    s.workload = cat.workload(m.workload);
    if (!s.workload) {
        error = fmt::format("unknown workload '{}'", m.workload);
        return std::nullopt;
    }
    if (m.workloadScale != 1) {
        if (!scaled) {
            error = "a row of a scaled workload needs storage for it (a modak bug)";
            return std::nullopt;
        }
        // The same network, scaled: its FLOPs, parameters and activations (the name is kept, so its
        // fitted efficiency applies).
        Workload w = *s.workload;
        w.flopsPerSample *= m.workloadScale;
        w.parameters *= m.workloadScale;
        w.activationsPerSample *= m.workloadScale;
        w.sampleBytes *= m.workloadScale;
        scaled->push_back(std::move(w));
        s.workload = &scaled->back();
    }
    s.framework = m.framework;
    s.version = m.version;
    s.build = m.build;
    s.graphCompiler = m.graphCompiler;
    s.precision = m.precision;
    s.gpu = cat.gpu(m.device);
    s.cpu = s.gpu ? nullptr : cat.cpu(m.device);
    if (!s.gpu && !s.cpu) {
        error = fmt::format("unknown device '{}'", m.device);
        return std::nullopt;
    }
    s.gpusPerNode = s.gpu ? m.gpusPerNode : 0;
    s.cpuSockets = m.sockets;
    s.cpuCores = s.gpu ? 0 : m.cores;
    s.nodes = m.nodes;
    if (!m.interconnect.empty())
        s.interconnect = cat.interconnect(m.interconnect);
    if (m.nodes > 1 && !s.interconnect) {
        error = "a multi-node row needs an interconnect the catalogue knows";
        return std::nullopt;
    }
    s.networkPorts = m.networkPorts;
    // The CSV's batch is the micro-batch of one pass; a layout's scenario takes the batch of one
    // data-parallel replica per optimizer step.
    s.batchPerDevice = m.layout ? m.batchPerDevice * m.layout->microbatches : m.batchPerDevice;
    s.layout = m.layout;
    s.attention = m.attention;
    if (!m.storage.empty())
        s.storage = cat.storageClass(m.storage);
    return s;
}

void fitSiteHardware(const std::vector<HardwareMeasurement>& rows, Calibration& cal,
                     std::vector<std::string>& notes) {
    // STREAM: the best bandwidth any thread count reached is what the memory system gives.
    std::map<std::string, std::pair<double, size_t>> stream; // device → best GB/s per socket, rows
    std::map<std::string, std::vector<std::pair<double, double>>>
        links; // interconnect → (bytes, s per message)
    std::set<std::string> mpiMeasured;
    for (const auto& h : rows)
        if (h.kernel == "allreduce" && h.transport == "mpi")
            mpiMeasured.insert(h.interconnect);
    for (const auto& h : rows) {
        if (h.kernel == "stream") {
            auto& [best, n] = stream[h.device];
            best = std::max(best, h.bandwidthGBs / h.sockets);
            ++n;
        } else if (h.transport == "mpi" || !mpiMeasured.count(h.interconnect)) {
            double perStep = h.transport == "mpi" ? h.messageBytes / h.nodes : h.messageBytes;
            links[h.interconnect].emplace_back(perStep, h.opSeconds / (2.0 * (h.nodes - 1)));
        }
    }
    for (const auto& [device, best] : stream) {
        cal.measuredMemoryBandwidthGBs[device] = best.first;
        notes.push_back(
            fmt::format("memory bandwidth of {}: {:.2f} GB/s per socket (best of {} stream row{})",
                        device, best.first, best.second, best.second == 1 ? "" : "s"));
    }
    for (const auto& [name, points] : links) {
        // Least squares of seconds per message against bytes, weighted by 1/t² so that every size
        // counts by its relative error: small messages set the latency, large ones the bandwidth.
        double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (const auto& [x, y] : points) {
            double w = 1 / (y * y);
            n += w, sx += w * x, sy += w * y, sxx += w * x * x, sxy += w * x * y;
        }
        double denom = n * sxx - sx * sx;
        if (points.size() < 2 || !(denom > 0)) {
            notes.push_back(fmt::format(
                "{}: {} allreduce row(s) of one message size cannot separate latency from "
                "bandwidth; not fitted",
                name, points.size()));
            continue;
        }
        double slope = (n * sxy - sx * sy) / denom, intercept = (sy - slope * sx) / n;
        if (!(slope > 0)) {
            notes.push_back(fmt::format(
                "{}: all-reduce time does not grow with the message size; not fitted", name));
            continue;
        }
        Calibration::MeasuredLink link{1e-9 / slope, std::max(0.0, intercept) * 1e6};
        cal.measuredInterconnects[name] = link;
        notes.push_back(fmt::format(
            "{}: {:.3g} GB/s per link, {:.3g} µs per message (weighted least squares over {} "
            "message sizes{})",
            name, link.bandwidthGBs, link.latencyUs, points.size(),
            mpiMeasured.count(name) ? ", MPI_Allreduce" : ""));
    }
}

FitReport fitCalibration(const MeasurementSet& data, const Calibration& start, const Catalogue& cat,
                         const FitProgress& progress) {
    FitReport report;
    report.calibration = start;
    Calibration& cal = report.calibration;
    cal.origin = "fitted";
    // The start's bands and coverage describe other constants and data (`attachErrorBands` adds
    // this fit's); without them the fit's predictions skip the interval, too.
    cal.errorBands.clear();
    cal.coverage = {};
    // Measured hardware first: the throughput fit then explains what is left.
    fitSiteHardware(data.hardware, cal, report.hardwareNotes);

    // Measurements of the same configuration (a sweep's repetitions) have the same prediction: one
    // row per configuration, weighted by its count, against the mean log of its measurements, has
    // the same objective up to a constant (the spread within each group), at a fraction of the
    // predictions.
    struct FitRow {
        Scenario scenario;
        double weight = 0, logSum = 0, logSquares = 0;
        double logMean() const { return logSum / weight; }
    };
    std::vector<FitRow> rows;
    std::map<std::string, size_t> rowOf;
    std::deque<Workload> scaled;
    bool anyCpu = false, anyMulti = false, anyTensor = false;
    for (const auto& m : data.throughput) {
        std::string error;
        auto s = scenarioFor(m, cat, error, &scaled);
        if (!s) {
            ++report.rowsSkipped;
            continue;
        }
        anyCpu = anyCpu || s->gpusPerNode == 0;
        anyMulti =
            anyMulti ||
            (s->gpusPerNode > 0 ? s->gpusPerNode : std::max(1, s->cpuSockets)) * s->nodes > 1;
        anyTensor = anyTensor || (s->gpu && s->gpu->tensorCores && m.precision != "fp32" &&
                                  m.precision != "fp64");
        // Every column scenarioFor reads, so equal keys mean equal scenarios.
        std::string key = fmt::format(
            "{}|{:.17g}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", m.workload, m.workloadScale,
            m.framework, m.version, m.build, m.graphCompiler, m.precision, m.device, m.sockets,
            m.gpusPerNode, m.nodes, m.interconnect, m.storage, m.batchPerDevice, m.cores);
        auto [at, added] = rowOf.emplace(std::move(key), rows.size());
        if (added)
            rows.push_back({*s});
        FitRow& row = rows[at->second];
        const double l = std::log(m.throughput);
        row.weight += 1;
        row.logSum += l;
        row.logSquares += l * l;
        ++report.rowsUsed;
    }
    double totalWeight = 0, spread = 0; // spread: the squared log error no prediction can remove
    for (const auto& r : rows) {
        totalWeight += r.weight;
        spread += std::max(0.0, r.logSquares - r.weight * r.logMean() * r.logMean());
    }

    // Only constants the data can inform are fitted; the others keep their values.
    std::vector<Param> params;
    bool anyGpu = std::any_of(rows.begin(), rows.end(),
                              [](const FitRow& r) { return r.scenario.gpusPerNode > 0; });
    if (anyGpu) {
        params.push_back({&cal.gpuUtilisationCudaCores, 0.05, 1.0});
        params.push_back({&cal.memoryTrafficFactor, 0.5, 40});
        params.push_back({&cal.stepOverheadGpuSeconds, 0.0, 0.05});
        params.push_back({&cal.computeMemorySerial, 0.0, 1.0});
    }
    if (anyTensor)
        params.push_back({&cal.gpuUtilisationTensorCores, 0.02, 1.0});
    // CNN rows on tensor cores tell what channels-first layout transposes cost (their images'
    // channels_last rules say which rows have none).
    if (std::any_of(rows.begin(), rows.end(), [](const FitRow& r) {
            const Scenario& s = r.scenario;
            return s.gpusPerNode > 0 && s.workload->kind == "cnn" &&
                   precisionClassName(s) == "tensor_cores";
        })) {
        if (!(cal.nchwTransposeTraffic > 0))
            cal.nchwTransposeTraffic = cal.memoryTrafficFactor / 2;
        params.push_back({&cal.nchwTransposeTraffic, 0.0, 40});
    }
    if (anyCpu) {
        params.push_back({&cal.cpuUtilisation, 0.02, 1.0});
        params.push_back({&cal.memoryTrafficFactorCpu, 0.5, 40});
        // Only data with several batch sizes separates the fixed cost of a step from its compute.
        std::set<int> cpuBatches;
        for (const auto& r : rows)
            if (r.scenario.gpusPerNode == 0)
                cpuBatches.insert(r.scenario.batchPerDevice);
        if (cpuBatches.size() > 1)
            params.push_back({&cal.stepOverheadCpuSeconds, 0.0, 0.05});
    }
    // GPUs of different FP32 issue rates (fp32IssueFraction) tell how many integer instructions
    // accompany the FP32 ones.
    std::set<double> issueRates;
    for (const auto& r : rows)
        if (r.scenario.gpusPerNode > 0 && precisionClassName(r.scenario) == "cuda_cores")
            issueRates.insert(std::round(1000 * fp32IssueFraction(*r.scenario.gpu, 0.2)));
    if (issueRates.size() > 1)
        params.push_back({&cal.integerPerFpInstruction, 0.0, 1.0});
    if (anyMulti) {
        params.push_back({&cal.overlap, 0.0, 1.0});
        params.push_back({&cal.collectiveEfficiency, 0.05, 1.0});
        params.push_back({&cal.syncSecondsPerDoubling, 0.0, 0.05});
        // Synchronous steps wait for the slowest device; 2 % spread is where the fit starts.
        if (!(cal.stepTimeVariation > 0))
            cal.stepTimeVariation = 0.02;
        params.push_back({&cal.stepTimeVariation, 0.0, 0.3});
    }
    // Frameworks relative to the most measured one of each device and precision class
    // (TensorFlow in the public data): per GPU precision class, as a framework's advantage may be
    // a half-precision one, and one reference per class, as the utilisation constants are.
    std::map<std::string, std::map<std::string, double>> frameworkRows; // class → key → rows
    for (const auto& r : rows) {
        const std::string key = frameworkKey(r.scenario);
        frameworkRows[key.substr(key.find('/'))][key] += r.weight;
    }
    for (const auto& [group, counts] : frameworkRows) {
        auto reference = std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) {
                             return a.second < b.second;
                         })->first;
        cal.frameworkEfficiency[reference] = 1;
        for (const auto& [fw, n] : counts) {
            if (fw == reference)
                continue;
            double& f = cal.frameworkEfficiency[fw];
            if (f <= 0) {
                // From a file of one factor per framework and device.
                auto whole = cal.frameworkEfficiency.find(fw.substr(0, fw.rfind('/')));
                f = whole != cal.frameworkEfficiency.end() && whole->second > 0 ? whole->second : 1;
            }
            params.push_back({&f, 0.3, 3.0});
        }
    }
    // One factor per framework on a GPU is what the per-class factors replace.
    std::erase_if(cal.frameworkEfficiency, [&](const auto& e) {
        return e.first.ends_with("/gpu") && frameworkRows.contains("/gpu/cuda_cores");
    });
    // Workloads and architectures relative to the most measured one of each, so the utilisation
    // constants stay meaningful.
    auto fitPerKey = [&](std::map<std::string, double>& table, auto keyOf,
                         std::string reference = {}) {
        std::map<std::string, double> counts;
        for (const auto& r : rows)
            if (std::string k = keyOf(r.scenario); !k.empty())
                counts[k] += r.weight;
        if (counts.size() < 2)
            return;
        if (!counts.contains(reference))
            reference = std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) {
                            return a.second < b.second;
                        })->first;
        table[reference] = 1;
        for (const auto& [k, n] : counts) {
            if (k == reference)
                continue;
            double& f = table[k];
            if (f <= 0)
                f = 1;
            params.push_back({&f, 0.2, 5.0});
        }
    };
    fitPerKey(cal.workloadEfficiency, [](const Scenario& s) { return s.workload->name; });
    // GPU architectures: what their FP32 issue rate (fp32IssueFraction) leaves of the CUDA-core
    // rows, relative to the newest measured one, so a newer GPU is taken to be as mature as it.
    // Tensor-core work gets no constant per generation: it follows from the datasheet. CPU
    // microarchitectures relative to the most measured one.
    for (const auto& gpu : cat.gpus)
        cal.architectureEfficiency.erase(gpu.architecture);
    auto fp32Architecture = [](const Scenario& s) {
        return s.gpusPerNode > 0 && precisionClassName(s) == "cuda_cores" ? s.gpu->architecture
                                                                          : std::string();
    };
    std::string newest;
    double newestCapability = -1;
    for (const auto& r : rows)
        if (!fp32Architecture(r.scenario).empty())
            if (double cc = std::atof(r.scenario.gpu->computeCapability.c_str());
                cc > newestCapability) {
                newestCapability = cc;
                newest = r.scenario.gpu->architecture;
            }
    fitPerKey(cal.architectureEfficiency, fp32Architecture, newest);
    fitPerKey(cal.architectureEfficiency, [](const Scenario& s) {
        return s.gpusPerNode == 0 ? s.cpu->microarchitecture : std::string();
    });

    // A weak prior keeps each constant near its physically motivated starting value unless the data
    // insist: without it, trade-offs between constants (compute vs memory time) drift to the
    // bounds.
    std::vector<double> initial;
    for (const auto& p : params)
        initial.push_back(std::max(*p.value, 1e-6));
    constexpr double kPrior = 0.02;
    // Over the measurements, without the spread within configurations (a constant to the
    // optimiser).
    auto meanSquaredLogError = [&] {
        double sum = 0;
        for (const auto& r : rows) {
            std::string error;
            auto p = predict(r.scenario, cal, error, Explain::FiguresOnly);
            double e = p ? std::log(p->throughput) - r.logMean() : 5.0;
            sum += r.weight * e * e;
        }
        return rows.empty() ? 0.0 : sum / totalWeight;
    };
    auto objective = [&](const std::vector<double>& x) {
        double penalty = 0;
        for (size_t i = 0; i < params.size(); ++i) {
            *params[i].value = params[i].lo + (params[i].hi - params[i].lo) * sigmoid(x[i]);
            double r = std::log(std::max(*params[i].value, 1e-6) / initial[i]);
            penalty += kPrior * r * r;
        }
        return meanSquaredLogError() + penalty / static_cast<double>(params.size());
    };
    if (!params.empty() && !rows.empty()) {
        std::vector<double> x0;
        for (const auto& p : params) {
            double frac = std::clamp((*p.value - p.lo) / (p.hi - p.lo), 0.02, 0.98);
            x0.push_back(logit(frac));
        }
        // Restarts from the best point escape the simplex collapsing in a high-dimensional valley.
        auto best = x0;
        constexpr int kRestarts = 3;
        const int iterations = 200 * static_cast<int>(params.size());
        const size_t total = static_cast<size_t>(kRestarts * iterations);
        for (int restart = 0; restart < kRestarts; ++restart)
            best = nelderMead(objective, best, iterations, [&](int it) {
                if (progress)
                    progress(static_cast<size_t>(restart * iterations + it), total);
            });
        // Nelder–Mead stalls with twenty or more constants (the per-key tables) long before the
        // minimum; the objective is a sum of squares, so Levenberg–Marquardt finishes the job.
        best = levenbergMarquardt(
            [&](const std::vector<double>& x) {
                std::vector<double> r;
                r.reserve(rows.size() + params.size());
                double penaltyWeight = std::sqrt(kPrior / static_cast<double>(params.size()));
                for (size_t i = 0; i < params.size(); ++i) {
                    *params[i].value = params[i].lo + (params[i].hi - params[i].lo) * sigmoid(x[i]);
                    r.push_back(penaltyWeight *
                                std::log(std::max(*params[i].value, 1e-6) / initial[i]));
                }
                for (const auto& row : rows) {
                    std::string error;
                    auto p = predict(row.scenario, cal, error, Explain::FiguresOnly);
                    double e = p ? std::log(p->throughput) - row.logMean() : 5.0;
                    r.push_back(std::sqrt(row.weight / totalWeight) * e);
                }
                return r;
            },
            best, 60);
        if (progress)
            progress(total, total);
        objective(best); // leaves the best values in place
        report.rmsLogError = std::sqrt(meanSquaredLogError() + spread / totalWeight);
    }

    // Amdahl: per application, least squares on efficiency t1 / (n t_n) = 1 / (n (1 − F) + F).
    std::map<std::string, std::vector<std::pair<double, double>>> effByApp; // (ranks, efficiency)
    for (const auto& h : data.hpc) {
        for (const auto& base : data.hpc)
            if (base.ranks == 1 && base.app == h.app && base.variant == h.variant &&
                base.dataset == h.dataset)
                effByApp[h.app].emplace_back(h.ranks, base.seconds / (h.ranks * h.seconds));
    }
    for (const auto& [app, points] : effByApp) {
        double bestF = 0, bestErr = INFINITY;
        for (int i = 0; i <= 10000; ++i) {
            double f = i / 10000.0, err = 0;
            for (auto [n, e] : points) {
                double d = 1 / (n * (1 - f) + f) - e;
                err += d * d;
            }
            if (err < bestErr) {
                bestErr = err;
                bestF = f;
            }
        }
        cal.amdahlByApp[app] = std::round(bestF * 10000) / 10000;
    }
    // Round constants so the written file is stable and readable.
    for (const auto& p : params)
        *p.value = std::round(*p.value * 1e5) / 1e5;
    return report;
}

std::optional<double> predictedThroughput(const Measurement& m, const Calibration& cal,
                                          const Catalogue& cat) {
    std::deque<Workload> scaled;
    std::string error;
    auto s = scenarioFor(m, cat, error, &scaled);
    if (!s)
        return std::nullopt;
    auto p = predict(*s, cal, error, Explain::FiguresOnly);
    if (!p)
        return std::nullopt;
    return p->throughput;
}

std::vector<DatasetError> evaluate(const MeasurementSet& test, const MeasurementSet& all,
                                   const Calibration& cal, const Catalogue& cat) {
    std::map<std::string, DatasetError> by;
    std::deque<Workload> scaled;
    for (const auto& m : test.throughput) {
        std::string error;
        auto s = scenarioFor(m, cat, error, &scaled);
        if (!s)
            continue;
        auto p = predict(*s, cal, error, Explain::FiguresOnly);
        if (!p)
            continue;
        DatasetError& d = by[m.dataset];
        d.dataset = m.dataset;
        d.rows++;
        d.throughputMape += std::abs(p->throughput - m.throughput) / m.throughput;
        if (double eff = measuredEfficiency(m, all); eff > 0) {
            d.efficiencyRows++;
            d.efficiencyMape += std::abs(p->efficiency - eff) / eff;
        }
    }
    std::vector<DatasetError> out;
    for (auto& [name, d] : by) {
        d.throughputMape = d.rows ? 100 * d.throughputMape / d.rows : 0;
        d.efficiencyMape = d.efficiencyRows ? 100 * d.efficiencyMape / d.efficiencyRows : 0;
        out.push_back(d);
    }
    return out;
}

} // namespace modak::model
