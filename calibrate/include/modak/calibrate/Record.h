// SPDX-License-Identifier: Apache-2.0
//! Benchmark result records (docs/calibration.md, schemas/bench-result.schema.json): one JSON
//! object per line, one line per benchmark task, written by `modak bench run` or by the task's
//! failure trap and gathered by `modak bench collect` into the throughput CSV that `modak model
//! fit` reads.
#pragma once

#include "modak/diag/Diagnostic.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace modak::calibrate {

/// The `format` field of every record and the version this modak writes and reads.
inline constexpr std::string_view kRecordFormat = "modak-bench-result";
inline constexpr int kRecordFormatVersion = 1;

/// One message size of an `allreduce` record.
struct MessageTime {
    size_t bytes = 0;
    double seconds = 0;
};

struct BenchRecord {
    int formatVersion = kRecordFormatVersion;
    std::string modakVersion;
    std::string deployment;
    std::string kernel; ///< train-step | framework | app | stream | allreduce
    /// The swept keys and their values for this task (values as written in the sweep).
    std::map<std::string, std::string> configuration;
    std::string workload;
    double workloadScale = 1; ///< fraction of the workload's FLOPs and parameters actually run
    std::string framework, frameworkVersion;
    std::string precision;     ///< framework: fp32, bf16, fp16, tf32 ("" = fp32)
    std::string graphCompiler; ///< framework: none, inductor ("" = none)
    std::string device;        ///< catalogue CPU or GPU name (else as the framework named it)
    std::string deviceName;    ///< framework: the device as the framework reported it
    std::string date;          ///< framework: when it was measured (UTC, ISO 8601)
    std::string kernelVersion; ///< framework: the kernel script's version
    int gpusPerNode = 0;       ///< 0: a CPU run
    int sockets = 1;           ///< CPU sockets per node
    int cores = 0;             ///< CPU cores (threads) used per node, 0 = all
    int nodes = 1;
    int devices = 1; ///< GPUs, or CPU sockets, over all nodes
    int tasks = 1;   ///< processes of the run
    std::string interconnect;
    int batchPerDevice = 0;
    std::vector<std::string> hosts;
    int steps = 0;
    double stepSeconds = 0;
    double throughput = 0;             ///< samples/s of the whole run (train-step, app)
    double bandwidthGBs = 0;           ///< stream: triad bandwidth of one node, GB/s
    size_t arrayBytes = 0;             ///< stream: bytes per array
    std::vector<MessageTime> messages; ///< allreduce: one median time per message size
    std::string transport; ///< allreduce: tcp (modak's star through task 0) | mpi (MPI_Allreduce)
    /// ok | failed | unavailable (the framework or device cannot run this configuration: not a
    /// failure of the site, and nothing to fit)
    std::string status = "ok";
    std::string reason; ///< why it failed or is unavailable
    std::string job;    ///< scheduler job (and array task) id

    bool ok() const { return status == "ok"; }
    /// "batch_size=8;nodes=2", keys sorted: the configuration as one stable key.
    std::string configurationKey() const;
};

/// The record as one line of JSON (with its newline); keys in a fixed order, deterministic.
std::string toJsonLine(const BenchRecord& record);

/// A JSON object's text of a configuration: numbers as numbers, other values as strings.
std::string configurationJson(const std::map<std::string, std::string>& configuration);

/// Parses the JSON lines of `text` (a result file, `file` in `sm`) into `out`. A line that is not a
/// record of this format version is a `result-invalid` error at that line (a last line without its
/// newline is reported as truncated); blank lines are skipped. Returns false if there was any
/// error.
bool readRecords(std::string_view text, FileId file, std::vector<BenchRecord>& out,
                 Diagnostics& diags);

/// The throughput CSV of docs/model.md §Data for the successful records (the format `modak model
/// fit` reads, with the optional `cores`, `workload_scale` and `configuration` columns, and the
/// `kernel`, `message_bytes`, `op_seconds` and `bandwidth_gbs` of the hardware micro-benchmarks:
/// one row per stream record, one per message size of an allreduce record).
std::string toThroughputCsv(const std::vector<BenchRecord>& records);

/// One CSV cell, quoted when it holds a comma, a quote or a newline.
std::string csvCell(std::string_view value);

} // namespace modak::calibrate
