// SPDX-License-Identifier: Apache-2.0
//! The `modak` subcommands as plain functions over option structs; main.cpp only wires CLI11 to
//! them. Exit codes (stable, documented in docs/cli.md): 0 success, 1 problems found in the input
//! (errors, or files that need formatting with --check), 2 usage or I/O errors.
#pragma once

#include <string>
#include <vector>

namespace modak::cli {

enum ExitCode : int { Success = 0, InputErrors = 1, UsageOrIoError = 2 };

enum class ColorMode { Auto, Always, Never };

struct CheckOptions {
    std::vector<std::string> paths; ///< files or directories (recursing over *.modak); "-" is stdin
    std::string format = "text";    ///< text | json | sarif
    bool werror = false;
    std::vector<std::string> importRoots; ///< folders imports may read beside each file's project
    ColorMode color = ColorMode::Auto;
};
int runCheck(const CheckOptions& options);

struct FmtOptions {
    std::vector<std::string> paths;
    bool check = false; ///< report files that would change, write nothing
    bool toStdout = false;
    ColorMode color = ColorMode::Auto;
};
int runFmt(const FmtOptions& options);

struct ImportOptions {
    std::string input;
    std::string output; ///< empty: stdout
    std::string name;
    bool force = false; ///< overwrite an existing output file
    ColorMode color = ColorMode::Auto;
};
int runImport(const ImportOptions& options);

struct PlanOptions {
    std::string path;
    std::string deployment;            ///< only this deployment
    std::string format = "text";       ///< text | json | html
    std::string output;                ///< empty: stdout
    std::vector<std::string> catalogs; ///< extra catalogue files
    std::string calibration;           ///< calibration file instead of the built-in one
    std::vector<std::string> importRoots;
    ColorMode color = ColorMode::Auto;
};
int runPlan(const PlanOptions& options);

struct PredictOptions {
    std::string workload, framework, version;
    std::string build = "hub";
    std::string graphCompiler = "none";
    std::string precision = "fp32";
    std::string gpu, cpu;
    int gpusPerNode = -1; ///< -1: 1 with --gpu, 0 with --cpu
    int nodes = 1;
    int sockets = 1; ///< CPU sockets per node with --cpu
    std::string interconnect;
    int networkPorts = 1; ///< ports a node has on the interconnect (docs/model.md)
    long long batchPerDevice = 64;
    double samples = 0;
    std::string storage;
    std::string format = "text";
    std::vector<std::string> catalogs;
    std::string calibration;
    /// A layout (docs/model.md "Parallelism"): any of these set predicts one; with it the batch
    /// is that of one data-parallel replica per step.
    int tensor = 0, pipeline = 0, context = 0, expert = 0, microbatches = 0, virtualStages = 0;
    int zero = -1;
    std::string schedule, recompute;
    std::string fineTuning = "full"; ///< full, lora
    int loraRank = 16;
    std::string attention = "flash"; ///< flash, eager (the application's `attention`)
};
int runPredict(const PredictOptions& options);

struct CatalogOptions {
    std::string section; ///< "", images, hardware, workloads
    std::string format = "text";
    std::vector<std::string> catalogs;
    ColorMode color = ColorMode::Auto;
};
int runCatalog(const CatalogOptions& options);

struct GenerateOptions {
    std::vector<std::string> paths;   ///< files, or directories searched for *.modak
    std::string output = "generated"; ///< DIR; files go to DIR/<deployment>/
    std::string deployment;
    std::vector<std::string> emit; ///< overrides the deployments' `emit` lists
    std::vector<std::string> catalogs;
    std::string calibration;
    bool check = false; ///< compare with DIR instead of writing (exit 1 and diffs on drift)
    std::vector<std::string> importRoots;
    ColorMode color = ColorMode::Auto;
};
int runGenerate(const GenerateOptions& options);

struct ModelFitOptions {
    std::vector<std::string> data; ///< CSV files (docs/model.md)
    std::string output;
    bool force = false;
    std::string holdOut; ///< rows matching this predicate are kept out of the fit
    /// Keep the constants of `calibration` (default: built-in); only compute the error bands and
    /// coverage of the data (docs/model.md "Error bars").
    bool bandsOnly = false;
    std::string calibration;
};
int runModelFit(const ModelFitOptions& options);

struct ModelReportOptions {
    std::vector<std::string> data; ///< CSV files; default: the embedded calibration data
    std::string calibration;       ///< the calibration to report on (default: built-in)
    std::string holdOut;
    std::string format = "text";
    /// Rows never fitted: evaluated with the calibration as it is (docs/model.md "Error bars").
    std::vector<std::string> judge;
    std::vector<std::string> catalogs; ///< more catalogue files (the data's workloads and GPUs)
    /// Where to write every held-out (or judge) row with its prediction, as CSV; empty: nowhere.
    std::string rowsCsv;
};
int runModelReport(const ModelReportOptions& options);

// `modak bench …` (docs/calibration.md): benchmark sweeps, the micro-benchmarks, result collection.
struct BenchOptions {
    std::string path;
    std::string deployment;
    std::vector<std::string> sweeps; ///< "key=v1,v2,..."
    /// train-step | framework | app | stream | allreduce; "" = the target's (framework on a GPU)
    std::string kernel;
    std::string output = "bench"; ///< DIR; files go to DIR/<deployment>/
    size_t arrayLimit = 0;        ///< 0: the scheduler's default
    int maxParallel = 0;
    std::string workload;
    double scale = 1e-4;
    int steps = 10;
    bool shared = false;                ///< do not ask for exclusive nodes
    size_t maxBytes = size_t{16} << 20; ///< allreduce: largest message
    std::string image;                  ///< Kubernetes: the image with modak in it
    std::string transport = "tcp";      ///< allreduce: tcp | mpi
    std::vector<std::string> catalogs;
    std::vector<std::string> importRoots;
    ColorMode color = ColorMode::Auto;
};
int runBench(const BenchOptions& options);

struct BenchRunOptions {
    std::string kernel = "train-step";
    std::string workload = "resnet50";
    double scale = 1e-4;
    int batch = 32, threads = 1, steps = 10;
    int nodes = 0;                                    ///< 0: one per task
    int sockets = 1;                                  ///< CPU sockets per node, for the record
    int arrayMib = 64;                                ///< stream: MiB per array
    size_t minBytes = 8, maxBytes = size_t{16} << 20; ///< allreduce: message sizes (doubling)
    std::string device, interconnect, deployment = "adhoc", configuration = "{}", job, out;
    double timeout = 120;
    // framework: batch sizes (a sweep in one run), precisions, graph compilers, its python
    std::string batches, precision = "fp32", graphCompiler = "none", python,
                         frameworkDevice = "auto";
    int warmup = 3;
    std::vector<std::string> catalogs;
};
int runBenchRun(const BenchRunOptions& options);

struct BenchRecordOptions {
    std::string kernel = "app";
    std::string deployment, configuration = "{}", job, out;
    std::string workload, device, interconnect, framework, frameworkVersion;
    int nodes = 1, batch = 0;
    double start = 0, end = 0;
    std::string throughputFile;
    std::string messagesFile;     ///< allreduce: "BYTES SECONDS" lines of the MPI kernel
    std::string transport;        ///< allreduce: mpi
    std::string measurementsFile; ///< framework: the kernel script's JSON lines
    int exitStatus = 0;           ///< framework: the script's exit status
};
int runBenchRecord(const BenchRecordOptions& options);

struct BenchCollectOptions {
    std::vector<std::string> inputs; ///< directories (searched for *.jsonl and sweep.json) or files
    std::string output;
    bool force = true;
    ColorMode color = ColorMode::Auto;
};
int runBenchCollect(const BenchCollectOptions& options);

struct BenchBestOptions {
    std::string data; ///< results.csv
    std::string metric = "throughput";
    std::string write;      ///< a .modak file to apply the best configuration to
    std::string deployment; ///< with several deployments in the data
    ColorMode color = ColorMode::Auto;
};
int runBenchBest(const BenchBestOptions& options);

} // namespace modak::cli
