// SPDX-License-Identifier: Apache-2.0
// `modak bench`, `bench run`, `bench record`, `bench collect`, `bench best` (docs/calibration.md).
#include "Commands.h"
#include "Parallel.h"
#include "Support.h"
#include "modak/calibrate/Best.h"
#include "modak/calibrate/Framework.h"
#include "modak/calibrate/Kernel.h"
#include "modak/calibrate/Record.h"
#include "modak/calibrate/Sweep.h"
#include "modak/codegen/Output.h"
#include "modak/codegen/Shell.h"
#include "modak/diag/DiagnosticEngine.h"
#include "modak/model/Fit.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace modak::cli {

namespace fs = std::filesystem;
using calibrate::BenchRecord;

namespace {

/// Appends one whole line with a single write(2) on an O_APPEND descriptor: concurrent writers
/// never interleave within a line.
bool appendLine(const std::string& path, const std::string& line) {
    if (path.empty() || path == "-") {
        fmt::print("{}", line);
        return true;
    }
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) {
        printError(
            fmt::format("cannot open '{}' to append the result: {}", path, std::strerror(errno)));
        return false;
    }
    ssize_t n = ::write(fd, line.data(), line.size());
    bool ok = n == static_cast<ssize_t>(line.size()) && ::close(fd) == 0;
    if (!ok)
        printError(fmt::format("cannot write the result to '{}'", path));
    return ok;
}

bool parseConfiguration(const std::string& text, std::map<std::string, std::string>& out) {
    try {
        auto doc = nlohmann::json::parse(text);
        if (!doc.is_object())
            return false;
        for (const auto& [k, v] : doc.items()) {
            if (v.is_string())
                out[k] = v.get<std::string>();
            else if (v.is_number())
                out[k] = v.dump();
            else
                return false;
        }
        return true;
    } catch (const nlohmann::json::exception&) {
        return false;
    }
}

std::string envOr(const char* name, const std::string& fallback = {}) {
    const char* v = std::getenv(name);
    return v && *v ? std::string(v) : fallback;
}

int envInt(std::initializer_list<const char*> names, int fallback) {
    for (const char* n : names) {
        std::string v = envOr(n);
        int x = 0;
        if (!v.empty() && std::from_chars(v.data(), v.data() + v.size(), x).ec == std::errc())
            return x;
    }
    return fallback;
}

std::string thisHost() {
    std::string h = envOr("SLURMD_NODENAME");
    if (h.empty()) {
        char buf[256] = {};
        if (gethostname(buf, sizeof buf - 1) == 0)
            h = buf;
    }
    return h.empty() ? "unknown" : h;
}

} // namespace

// ------------------------------------------------------------------------------------------------

int runBench(const BenchOptions& o) {
    SourceManager sm;
    auto id = readInput(sm, o.path);
    if (!id)
        return UsageOrIoError;
    Diagnostics diags;
    model::Program program = model::loadProgram(sm, *id, diags, loadOptions(o.importRoots));
    if (diags.hasErrors()) {
        printDiagnostics(sm, applyPolicy(diags, {}), o.color);
        printError(fmt::format("'{}' has errors; fix them before benchmarking", sm.path(*id)));
        return InputErrors;
    }
    model::Catalogue cat = model::programCatalogue(sm, program, o.catalogs, diags);
    // The sweeps are located in a buffer holding them as typed, so diagnostics can point at one.
    calibrate::SweepOptions so;
    std::string commandLine;
    std::vector<std::pair<uint32_t, uint32_t>> spans;
    for (const auto& s : o.sweeps) {
        commandLine += "--sweep ";
        spans.emplace_back(static_cast<uint32_t>(commandLine.size()),
                           static_cast<uint32_t>(commandLine.size() + s.size()));
        commandLine += s + " ";
    }
    FileId cl = sm.addBuffer("<command line>", commandLine);
    for (size_t i = 0; i < o.sweeps.size(); ++i)
        so.sweeps.push_back({o.sweeps[i], {cl, spans[i].first, spans[i].second}});
    so.deployment = o.deployment;
    so.kernel = o.kernel;
    so.arrayLimit = o.arrayLimit;
    so.maxParallel = o.maxParallel;
    so.workload = o.workload;
    so.scale = o.scale;
    so.steps = o.steps;
    so.exclusive = !o.shared;
    so.maxBytes = o.maxBytes;
    so.transport = o.transport;
    so.image = o.image;
    so.catalogFiles = o.catalogs;
    so.version = MODAK_VERSION;
    so.sourceName = fs::path(o.path).filename().string();
    auto jobs = calibrate::generateBench(sm, program, cat, so, diags);
    printDiagnostics(sm, applyPolicy(diags, {}), o.color);
    if (!jobs || diags.hasErrors())
        return InputErrors;
    std::string error;
    if (!codegen::writeOutputs(o.output, {{jobs->deployment, jobs->files}}, error)) {
        printError(error);
        return UsageOrIoError;
    }
    std::set<std::string> scripts;
    for (const auto& t : jobs->tasks)
        scripts.insert(t.script);
    const bool k8s = jobs->scheduler == "kubernetes";
    fmt::print(stderr, "{} configurations of deployment {} in {} {}{}: {}/submit.sh\n",
               jobs->tasks.size(), jobs->deployment, scripts.size(),
               k8s ? "Indexed Job" : "job array", scripts.size() == 1 ? "" : "s",
               (fs::path(o.output) / jobs->deployment).string());
    return Success;
}

// ------------------------------------------------------------------------------------------------

namespace {

/// Who this task is among the run's and where task 0 listens, from the launcher's environment:
/// modak's own variables (Kubernetes sweeps), then Slurm's, Open MPI's and PMI's.
void readRendezvous(calibrate::Rendezvous& k, double timeoutSeconds) {
    k.rank =
        envInt({"MODAK_RANK", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}, 0);
    k.tasks = envInt({"MODAK_TASKS", "SLURM_NTASKS", "OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}, 1);
    k.masterAddr = envOr("MASTER_ADDR");
    k.masterPort = envInt({"MASTER_PORT"}, 29500);
    k.timeoutSeconds = timeoutSeconds;
    k.host = thisHost();
}

/// A task of a run whose kernel failed: task 0 records the failure (the others only say why).
int recordTaskFailure(const std::string& out, BenchRecord& r, int rank, int tasks,
                      const std::string& host, const std::string& error) {
    printError(fmt::format("task {} of {}: {}", rank, tasks, error));
    if (rank == 0) {
        r.status = "failed";
        r.reason = error;
        r.hosts = {host};
        appendLine(out, calibrate::toJsonLine(r));
    }
    return InputErrors;
}

/// The record fields every kernel shares: who ran what, where.
BenchRecord recordOf(const BenchRunOptions& o, int tasks) {
    BenchRecord r;
    r.modakVersion = MODAK_VERSION;
    r.deployment = o.deployment;
    r.kernel = o.kernel;
    r.device = o.device;
    r.sockets = std::max(1, o.sockets);
    r.cores = o.threads;
    r.nodes = o.nodes > 0 ? o.nodes : tasks;
    r.devices = r.nodes;
    r.tasks = tasks;
    r.interconnect = o.interconnect;
    r.steps = o.steps;
    r.job = o.job;
    return r;
}

int runStreamKernel(const BenchRunOptions& o, BenchRecord r) {
    if (o.arrayMib < 1 || o.threads < 1 || o.steps < 1) {
        printError("--array-mib, --threads and --steps must be at least 1");
        return UsageOrIoError;
    }
    calibrate::StreamOptions k;
    k.arrayBytes = static_cast<size_t>(o.arrayMib) << 20;
    k.threads = o.threads;
    k.steps = o.steps;
    std::string error;
    auto result = calibrate::runStream(k, error);
    r.hosts = {thisHost()};
    if (!result) {
        printError(error);
        r.status = "failed";
        r.reason = error;
        appendLine(o.out, calibrate::toJsonLine(r));
        return InputErrors;
    }
    r.stepSeconds = result->bestSeconds;
    r.bandwidthGBs = result->bandwidthGBs;
    r.arrayBytes = result->arrayBytes;
    return appendLine(o.out, calibrate::toJsonLine(r)) ? Success : UsageOrIoError;
}

int runAllReduceKernel(const BenchRunOptions& o, BenchRecord r) {
    calibrate::AllReduceOptions k;
    k.minBytes = o.minBytes;
    k.maxBytes = o.maxBytes;
    readRendezvous(k, o.timeout);
    r.tasks = k.tasks;
    r.nodes = o.nodes > 0 ? o.nodes : k.tasks;
    r.devices = r.nodes;
    if (r.interconnect.empty()) {
        printError("--interconnect names the network the all-reduce crosses (the fit is per "
                   "interconnect)");
        return UsageOrIoError;
    }
    std::string error;
    auto result = calibrate::runAllReduce(k, error);
    if (!result)
        return recordTaskFailure(o.out, r, k.rank, k.tasks, k.host, error);
    if (k.rank != 0)
        return Success;
    r.hosts = result->hosts;
    r.steps = 0;
    for (const auto& p : result->points)
        r.messages.push_back({p.bytes, p.seconds});
    return appendLine(o.out, calibrate::toJsonLine(r)) ? Success : UsageOrIoError;
}

/// Appends `records`; Success when all were written and every one is ok or unavailable.
int appendRecords(const std::string& out, const std::vector<BenchRecord>& records) {
    bool allOk = true;
    for (const auto& r : records) {
        if (!appendLine(out, calibrate::toJsonLine(r)))
            return UsageOrIoError;
        allOk = allOk && r.status != "failed";
    }
    return allOk ? Success : InputErrors;
}

/// `bench run --kernel framework`: the embedded script, run here with `--python` (else
/// $MODAK_PYTHON, else python3); one record per measurement.
int runFrameworkKernel(const BenchRunOptions& o) {
    model::Catalogue cat = model::Catalogue::builtin();
    SourceManager sm;
    Diagnostics diags;
    for (const auto& f : o.catalogs)
        if (auto id = readInput(sm, f))
            cat.merge(sm.text(*id), *id, f, diags);
        else
            return UsageOrIoError;
    printDiagnostics(sm, applyPolicy(diags, {}), ColorMode::Auto);
    if (diags.hasErrors())
        return InputErrors;
    const model::Workload* w = cat.workload(o.workload);
    if (!w) {
        printError(model::unknownWorkload(cat, o.workload));
        return UsageOrIoError;
    }
    BenchRecord base;
    if (!parseConfiguration(o.configuration, base.configuration)) {
        printError(
            fmt::format("--configuration must be a JSON object of strings and numbers, not '{}'",
                        o.configuration));
        return UsageOrIoError;
    }
    calibrate::FrameworkKernelOptions k;
    k.workload = w->name;
    k.kind = w->kind;
    k.shapeJson = calibrate::workloadShapeJson(*w, o.catalogs);
    const std::string batches = o.batches.empty() ? std::to_string(o.batch) : o.batches;
    for (size_t start = 0; start <= batches.size();) {
        size_t comma = std::min(batches.find(',', start), batches.size());
        k.batches.push_back(batches.substr(start, comma - start));
        start = comma + 1;
    }
    for (const auto& b : k.batches) {
        int n = 0;
        if (std::from_chars(b.data(), b.data() + b.size(), n).ptr != b.data() + b.size() || n < 1) {
            printError(fmt::format("--batches takes positive whole numbers, not '{}'", b));
            return UsageOrIoError;
        }
    }
    k.precisions = {o.precision};
    k.compilers = {o.graphCompiler};
    k.device = o.frameworkDevice;
    k.threads = o.threads;
    k.steps = o.steps;
    k.warmup = o.warmup;
    if (o.steps < 1 || o.warmup < 0) {
        printError("--steps must be at least 1 and --warmup at least 0");
        return UsageOrIoError;
    }
    // The script goes to a file of its own: python reads it from there, its output is ours.
    std::string script = (fs::temp_directory_path() / "modak-train-step-XXXXXX").string();
    int fd = ::mkstemp(script.data());
    if (fd < 0) {
        printError(fmt::format("cannot create a temporary file: {}", std::strerror(errno)));
        return UsageOrIoError;
    }
    const std::string_view source = calibrate::frameworkKernelSource();
    bool written = ::write(fd, source.data(), source.size()) == static_cast<ssize_t>(source.size());
    ::close(fd);
    const std::string python = o.python.empty() ? envOr("MODAK_PYTHON", "python3") : o.python;
    std::string command = "exec " + codegen::shellQuote(python) + " " + codegen::shellQuote(script);
    for (const auto& [flag, value] : calibrate::frameworkKernelArguments(k))
        command += " " + flag + " " + codegen::shellQuote(value);
    std::string output;
    int status = -1;
    if (written) {
        if (FILE* p = ::popen(command.c_str(), "r")) {
            std::array<char, 4096> buffer{};
            size_t n = 0;
            while ((n = std::fread(buffer.data(), 1, buffer.size(), p)) > 0)
                output.append(buffer.data(), n);
            int raw = ::pclose(p);
            status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
        }
    }
    std::remove(script.c_str());
    base.modakVersion = MODAK_VERSION;
    base.deployment = o.deployment;
    base.workload = w->name;
    base.device = o.device;
    base.job = o.job;
    base.hosts = {thisHost()};
    // Several measurements in one run: each record says which it is.
    const bool several = k.batches.size() > 1 || o.precision.find(',') != std::string::npos ||
                         o.graphCompiler.find(',') != std::string::npos;
    return appendRecords(o.out, calibrate::frameworkRecords(output, base, cat, several, status));
}

} // namespace

int runBenchRun(const BenchRunOptions& o) {
    if (o.kernel == "framework")
        return runFrameworkKernel(o);
    if (o.kernel == "stream" || o.kernel == "allreduce") {
        BenchRecord r = recordOf(o, 1);
        if (!parseConfiguration(o.configuration, r.configuration)) {
            printError(fmt::format(
                "--configuration must be a JSON object of strings and numbers, not '{}'",
                o.configuration));
            return UsageOrIoError;
        }
        return o.kernel == "stream" ? runStreamKernel(o, std::move(r))
                                    : runAllReduceKernel(o, std::move(r));
    }
    if (o.kernel != "train-step") {
        printError(fmt::format("unknown kernel '{}': `bench run` runs train-step, stream or "
                               "allreduce (the application "
                               "kernel is recorded with `bench record`)",
                               o.kernel));
        return UsageOrIoError;
    }
    const model::Catalogue& cat = model::Catalogue::builtin();
    const model::Workload* w = cat.workload(o.workload);
    if (!w) {
        printError(model::unknownWorkload(cat, o.workload));
        return UsageOrIoError;
    }
    if (o.batch < 1 || o.threads < 1 || o.steps < 1 || !(o.scale > 0 && o.scale <= 1)) {
        printError("--batch, --threads and --steps must be at least 1, and --scale in (0, 1]");
        return UsageOrIoError;
    }
    BenchRecord r;
    if (!parseConfiguration(o.configuration, r.configuration)) {
        printError(
            fmt::format("--configuration must be a JSON object of strings and numbers, not '{}'",
                        o.configuration));
        return UsageOrIoError;
    }
    calibrate::TrainStepOptions k;
    k.workload = w;
    k.scale = o.scale;
    k.batch = o.batch;
    k.threads = o.threads;
    k.steps = o.steps;
    readRendezvous(k, o.timeout);

    r.modakVersion = MODAK_VERSION;
    r.deployment = o.deployment;
    r.kernel = o.kernel;
    r.workload = w->name;
    r.framework = "modak";
    r.device = o.device;
    r.cores = o.threads;
    r.nodes = o.nodes > 0 ? o.nodes : k.tasks;
    r.devices = r.nodes;
    r.tasks = k.tasks;
    r.interconnect = o.interconnect;
    r.batchPerDevice = o.batch;
    r.steps = o.steps;
    r.job = o.job;
    r.workloadScale = calibrate::trainStepLayers(*w, o.scale).second;
    std::string error;
    auto result = calibrate::runTrainStep(k, error);
    if (!result)
        return recordTaskFailure(o.out, r, k.rank, k.tasks, k.host, error);
    if (k.rank != 0)
        return Success;
    r.hosts = result->hosts;
    r.stepSeconds = result->stepSeconds;
    r.throughput = result->throughput;
    r.workloadScale = result->scale;
    return appendLine(o.out, calibrate::toJsonLine(r)) ? Success : UsageOrIoError;
}

int runBenchRecord(const BenchRecordOptions& o) {
    BenchRecord r;
    if (!parseConfiguration(o.configuration, r.configuration)) {
        printError(
            fmt::format("--configuration must be a JSON object of strings and numbers, not '{}'",
                        o.configuration));
        return UsageOrIoError;
    }
    r.modakVersion = MODAK_VERSION;
    r.deployment = o.deployment;
    r.kernel = o.kernel;
    r.workload = o.workload;
    r.device = o.device;
    r.interconnect = o.interconnect;
    r.framework = o.framework;
    r.frameworkVersion = o.frameworkVersion;
    r.nodes = std::max(1, o.nodes);
    r.devices = r.nodes;
    r.tasks = r.nodes;
    r.batchPerDevice = o.batch;
    r.job = o.job;
    r.hosts = {thisHost()};
    if (o.kernel == "framework") {
        // The kernel script's measurements (a sweep task runs one configuration).
        std::ifstream in(o.measurementsFile);
        std::string lines((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return appendRecords(o.out,
                             calibrate::frameworkRecords(lines, r, model::Catalogue::builtin(),
                                                         false, o.exitStatus));
    }
    if (o.kernel == "allreduce") {
        // The MPI kernel's output: one "BYTES SECONDS" line per message size, from rank 0.
        r.transport = o.transport.empty() ? "mpi" : o.transport;
        r.devices = r.nodes;
        std::ifstream in(o.messagesFile);
        size_t bytes = 0;
        double seconds = 0;
        while (in >> bytes >> seconds)
            if (bytes > 0 && seconds > 0 && std::isfinite(seconds))
                r.messages.push_back({bytes, seconds});
        if (r.nodes < 2)
            r.status = "failed", r.reason = "an all-reduce between nodes needs at least 2 nodes";
        else if (r.interconnect.empty())
            r.status = "failed", r.reason = "the record needs the interconnect (--interconnect)";
        else if (r.messages.empty())
            r.status = "failed", r.reason = "the MPI kernel printed no timings (see the job's log)";
        return appendLine(o.out, calibrate::toJsonLine(r)) ? (r.ok() ? Success : InputErrors)
                                                           : UsageOrIoError;
    }
    r.steps = 1;
    r.stepSeconds = o.end - o.start;
    double throughput = 0;
    if (std::ifstream in(o.throughputFile);
        in && (in >> throughput) && throughput > 0 && std::isfinite(throughput))
        r.throughput = throughput;
    if (!(r.stepSeconds > 0))
        r.status = "failed", r.reason = "no run time (--start/--end)";
    else if (r.throughput <= 0)
        r.status = "failed",
        r.reason = "the application wrote no throughput (samples/s) to $MODAK_RESULT";
    else if (r.workload.empty() || r.device.empty() || r.batchPerDevice < 1)
        r.status = "failed",
        r.reason = "the record needs the workload, the device and the batch size";
    return appendLine(o.out, calibrate::toJsonLine(r)) ? (r.ok() ? Success : InputErrors)
                                                       : UsageOrIoError;
}

// ------------------------------------------------------------------------------------------------

int runBenchCollect(const BenchCollectOptions& o) {
    // Inputs: result files (*.jsonl) and sweep manifests (sweep.json) below each directory, sorted.
    std::vector<fs::path> files, manifests;
    for (const auto& in : o.inputs) {
        std::error_code ec;
        if (fs::is_directory(in, ec)) {
            for (auto it = fs::recursive_directory_iterator(in, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
                if (!it->is_regular_file())
                    continue;
                if (it->path().extension() == ".jsonl")
                    files.push_back(it->path());
                else if (it->path().filename() == "sweep.json")
                    manifests.push_back(it->path());
            }
            if (ec) {
                printError(fmt::format("cannot read directory '{}': {}", in, ec.message()));
                return UsageOrIoError;
            }
        } else if (fs::exists(in, ec)) {
            files.emplace_back(in);
        } else {
            printError(fmt::format("'{}' does not exist", in));
            return UsageOrIoError;
        }
    }
    std::sort(files.begin(), files.end());
    files.erase(std::unique(files.begin(), files.end()), files.end());
    std::sort(manifests.begin(), manifests.end());

    SourceManager sm;
    Diagnostics diags;
    std::vector<BenchRecord> records;
    Progress progress("read", files.size());
    for (size_t i = 0; i < files.size(); ++i) {
        std::string error;
        auto id = sm.readFile(files[i], error);
        if (!id) {
            printError(fmt::format("cannot read '{}': {}", files[i].string(), error));
            progress.finish();
            return UsageOrIoError;
        }
        calibrate::readRecords(sm.text(*id), *id, records, diags);
        progress.update(i + 1);
    }
    progress.finish();

    // Tasks a manifest expects and that left no record: matched by deployment and configuration, so
    // records gathered into one file (a Kubernetes Job's log) count as well as one file per task.
    std::set<std::pair<std::string, std::string>> recorded;
    for (const auto& r : records)
        recorded.insert({r.deployment, r.configurationKey()});
    std::vector<std::string> missing;
    for (const auto& m : manifests) {
        std::ifstream in(m);
        nlohmann::json doc;
        try {
            doc = nlohmann::json::parse(in);
            for (const auto& t : doc.at("tasks")) {
                BenchRecord expected;
                for (const auto& [k, v] : t.at("configuration").items())
                    expected.configuration[k] = v.is_string() ? v.get<std::string>() : v.dump();
                if (!recorded.count(
                        {doc.at("deployment").get<std::string>(), expected.configurationKey()}))
                    missing.push_back(fmt::format(
                        "{}: task {} ({}) has no record: it has not run, is still running, "
                        "or its node lost the file",
                        doc.at("deployment").get<std::string>(), t.at("task").get<int>(),
                        calibrate::configurationJson([&] {
                            std::map<std::string, std::string> c;
                            for (const auto& [k, v] : t.at("configuration").items())
                                c[k] = v.is_string() ? v.get<std::string>() : v.dump();
                            return c;
                        }())));
            }
        } catch (const nlohmann::json::exception& e) {
            printError(fmt::format("'{}' is not a sweep manifest written by `modak bench`: {}",
                                   m.string(), e.what()));
            return InputErrors;
        }
    }
    printDiagnostics(sm, applyPolicy(diags, {}), o.color);

    size_t ok = 0, failed = 0, unavailable = 0;
    std::map<std::pair<std::string, std::string>, size_t> reasons; // (status, reason) → count
    for (const auto& r : records) {
        if (r.ok())
            ++ok;
        else {
            ++(r.status == "unavailable" ? unavailable : failed);
            reasons[{r.status, r.reason}]++;
        }
    }
    fmt::print(
        stderr, "{} record{} from {} file{}: {} ok, {} failed, {}{} task{} without a record{}\n",
        records.size(), records.size() == 1 ? "" : "s", files.size(), files.size() == 1 ? "" : "s",
        ok, failed, unavailable ? fmt::format("{} unavailable, ", unavailable) : "", missing.size(),
        missing.size() == 1 ? "" : "s",
        diags.hasErrors() ? fmt::format(", {} invalid line(s)", diags.errorCount()) : "");
    for (const auto& [why, n] : reasons)
        fmt::print(stderr, "  {} ×{}: {}\n", why.first, n, why.second);
    for (const auto& m : missing)
        fmt::print(stderr, "  missing: {}\n", m);
    if (diags.hasErrors()) {
        printError(fmt::format("{} invalid record line(s): nothing written{}", diags.errorCount(),
                               o.output.empty() ? "" : fmt::format(" to '{}'", o.output)));
        return InputErrors;
    }
    if (ok == 0) {
        printError("no successful record to write");
        return InputErrors;
    }
    std::string csv = calibrate::toThroughputCsv(records);
    if (o.output.empty() || o.output == "-") {
        fmt::print("{}", csv);
        return Success;
    }
    return writeAtomically(o.output, csv) ? Success : UsageOrIoError;
}

// ------------------------------------------------------------------------------------------------

int runBenchBest(const BenchBestOptions& o) {
    const auto& metrics = calibrate::bestMetrics();
    if (std::find(metrics.begin(), metrics.end(), o.metric) == metrics.end()) {
        printError(fmt::format(
            "unknown metric '{}'; known: throughput, time_per_epoch, throughput_per_node",
            o.metric));
        return UsageOrIoError;
    }
    SourceManager sm;
    auto id = readInput(sm, o.data);
    if (!id)
        return UsageOrIoError;
    Diagnostics diags;
    model::MeasurementSet data;
    model::readMeasurements(sm.text(*id), *id, data, diags);
    printDiagnostics(sm, applyPolicy(diags, {}), o.color);
    if (diags.hasErrors())
        return InputErrors;
    auto best = calibrate::bestConfigurations(data, o.metric);
    if (!o.deployment.empty())
        best.erase(std::remove_if(best.begin(), best.end(),
                                  [&](const auto& b) { return b.deployment != o.deployment; }),
                   best.end());
    if (best.empty()) {
        printError(fmt::format("'{}' has no benchmark rows (with a configuration){}", o.data,
                               o.deployment.empty() ? "" : " of deployment " + o.deployment));
        return InputErrors;
    }
    for (const auto& b : best) {
        std::string config;
        for (const auto& [k, v] : b.values)
            config += (config.empty() ? "" : " ") + k + "=" + v;
        fmt::print("{}: best {} of {} configurations: {} ({:.1f} samples/s{})\n", b.deployment,
                   o.metric, b.configurations, config, b.throughput,
                   o.metric == "throughput_per_node" ? fmt::format(", {:.1f} per node", b.metric)
                                                     : "");
    }
    if (o.write.empty())
        return Success;
    if (best.size() > 1) {
        printError("the data hold several deployments: name the one to write with --deployment");
        return UsageOrIoError;
    }
    SourceManager msm;
    auto file = readInput(msm, o.write);
    if (!file)
        return UsageOrIoError;
    Diagnostics editDiags;
    std::string before(msm.text(*file));
    auto after = calibrate::applyConfiguration(msm, *file, best.front().deployment,
                                               best.front().values, editDiags);
    printDiagnostics(msm, applyPolicy(editDiags, {}), o.color);
    if (!after)
        return InputErrors;
    fmt::print("{}", codegen::unifiedDiff(o.write, before, *after));
    if (*after == before)
        return Success;
    return writeAtomically(o.write, *after) ? Success : UsageOrIoError;
}

} // namespace modak::cli
