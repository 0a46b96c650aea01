// SPDX-License-Identifier: Apache-2.0
//! Calibration of the performance model from measurements (`modak model fit` and `model report`).
//! Measurements are CSV files (docs/model.md §Data): training throughput of a configuration, and
//! MPI strong-scaling run times for the Amdahl model. The fit minimises the mean squared log error
//! of predicted throughput over the model's continuous constants (Nelder–Mead); the Amdahl parallel
//! fraction of each application is fitted by least squares on parallel efficiency, as MODAK did.
#pragma once

#include "modak/model/Catalogue.h"
#include "modak/model/Performance.h"

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace modak::model {

struct Measurement {
    std::string dataset, workload, framework, version, build, graphCompiler, precision, device;
    int sockets = 1, gpusPerNode = 1, nodes = 1;
    std::string interconnect, storage;
    /// Ports a node has on the interconnect (optional column `network_ports`; empty = 1), as
    /// Scenario::networkPorts: a fact of the measured system, stated by its source.
    int networkPorts = 1;
    int batchPerDevice = 64;
    double throughput = 0; ///< samples/s, whole job
    std::string source;
    // Optional columns written by `modak bench collect` (docs/calibration.md):
    int cores = 0;             ///< CPU cores used per node (0 = all of the sockets)
    double workloadScale = 1;  ///< fraction of the workload's FLOPs and parameters the run used
    std::string configuration; ///< the swept configuration, "batch_size=8;nodes=2"
    /// Model parallelism (optional columns tensor, pipeline, context, expert, microbatches,
    /// schedule, zero, recompute); nullopt when every one is empty.
    std::optional<ParallelLayout> layout;
    /// How the run's attention core ran (optional column `attention`: flash, eager; empty =
    /// flash), as Scenario::attention.
    std::string attention = "flash";
    SourceRange range; ///< the CSV line
};

struct HpcMeasurement {
    std::string dataset, app, variant;
    int ranks = 1;
    double seconds = 0;
    SourceRange range;
};

/// A row of a hardware micro-benchmark (`modak bench --kernel stream|allreduce`).
struct HardwareMeasurement {
    std::string dataset, kernel; ///< stream | allreduce
    std::string device;          ///< stream: the catalogue CPU
    std::string interconnect;    ///< allreduce: the network between the nodes
    int sockets = 1, cores = 0, nodes = 1;
    double messageBytes = 0;       ///< stream: bytes per array; allreduce: the message
    double opSeconds = 0;          ///< one triad, or one all-reduce
    double bandwidthGBs = 0;       ///< stream: the triad's bandwidth of one node
    std::string transport = "tcp"; ///< allreduce: tcp (a star through task 0) | mpi (MPI_Allreduce)
    SourceRange range;
};

struct MeasurementSet {
    std::vector<Measurement> throughput;
    std::vector<HpcMeasurement> hpc;
    std::vector<HardwareMeasurement> hardware;
    /// What the reader ignored and why ("column 'gpu_clock' of judge.csv is not one modak reads").
    std::vector<std::string> notes;
};

/// The site hardware the micro-benchmark rows measure, as a calibration holds it: the best STREAM
/// bandwidth per socket of each CPU, and per interconnect a least-squares line through the
/// all-reduce times, per step of the algorithm: t / 2(nodes−1) = latency + x / bandwidth, where x
/// is the message for modak's TCP star (task 0's link carries every message whole) and the message
/// / nodes for MPI (a ring's chunks, as the model assumes). MPI rows, when an interconnect has
/// them, are what the site's jobs use and are preferred. `notes` says what was fitted from how many
/// rows, and what could not be.
void fitSiteHardware(const std::vector<HardwareMeasurement>& rows, Calibration& cal,
                     std::vector<std::string>& notes);

/// Reads one CSV (either format, told apart by its header) into `into`. Malformed lines become
/// `data-invalid` diagnostics and are skipped; returns false if there was any.
bool readMeasurements(std::string_view csv, FileId file, MeasurementSet& into, Diagnostics& diags);
/// The measurements embedded from schemas/calibration-data/.
const MeasurementSet& builtinMeasurements();

/// `KEY OP VALUE` over the CSV columns, e.g. `gpus_per_node>=4`, `dataset=tf_benchmarks_2017`.
using RowFilter = std::function<bool(const Measurement&)>;
std::optional<RowFilter> parseRowFilter(std::string_view text, std::string& error);

/// The scenario a measurement describes, or nullopt with the reason (unknown GPU, workload …).
/// A row of a scaled-down workload (`workload_scale` ≠ 1) needs `scaled`, which keeps the scaled
/// copy of the workload the scenario points to.
std::optional<Scenario> scenarioFor(const Measurement& m, const Catalogue& cat, std::string& error,
                                    std::deque<Workload>* scaled = nullptr);

/// The model's throughput for the configuration of `m` under `cal`, or nullopt.
std::optional<double> predictedThroughput(const Measurement& m, const Calibration& cal,
                                          const Catalogue& cat);

/// Measured scaling efficiency of a multi-device row: its throughput over devices × the
/// single-device row of the same configuration in `all`; 0 when there is none.
double measuredEfficiency(const Measurement& m, const MeasurementSet& all);

struct FitReport {
    Calibration calibration;
    std::vector<std::string> hardwareNotes; ///< from fitSiteHardware
    size_t rowsUsed = 0, rowsSkipped = 0;
    double rmsLogError = 0; ///< on the fitted rows
};

/// Told how far a fit is: `done` of `total` optimiser iterations (for a progress display).
using FitProgress = std::function<void(size_t done, size_t total)>;

/// Fits the continuous constants and the Amdahl fractions, starting from `start`.
FitReport fitCalibration(const MeasurementSet& data, const Calibration& start, const Catalogue& cat,
                         const FitProgress& progress = {});

struct DatasetError {
    std::string dataset;
    size_t rows = 0;
    double throughputMape = 0; ///< mean absolute percentage error of throughput, in %
    size_t efficiencyRows = 0; ///< multi-device rows with a single-device reference
    double efficiencyMape = 0; ///< of parallel efficiency, in %
};

/// Prediction error per data set of `test`; single-device references for efficiency are looked up
/// in `all` (they may be in the training part).
std::vector<DatasetError> evaluate(const MeasurementSet& test, const MeasurementSet& all,
                                   const Calibration& cal, const Catalogue& cat);

} // namespace modak::model
