// SPDX-License-Identifier: Apache-2.0
//! One batch job, whatever it runs (an application, a build, a container build, a benchmark array
//! task), and the per-scheduler rows that render it: the directive prefix and resource syntax, the
//! array index variable, the submit command and the launchers. A scheduler is one row
//! (codegen/src/batch/<Scheduler>.cpp) keyed by its name in the language's table
//! (modak/model/Schedulers.h); the callers fill a `BatchJob` and never branch on a scheduler's
//! name.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace modak::codegen {

/// What a job asks of its scheduler. Values are raw and directive-safe (`directiveSafe`); what is
/// unset or empty is not written. A row writes what its scheduler can express and ignores the rest
/// (docs/codegen.md lists what each ignores).
struct BatchJob {
    std::string name;
    int nodes = 1;
    std::optional<int> tasks; ///< over the whole job
    std::optional<int> tasksPerNode;
    std::optional<int> cpusPerTask;
    int gpusPerNode = 0;
    std::optional<int64_t> memoryBytes; ///< per node
    std::optional<int64_t> memoryPerCpuBytes;
    std::optional<int64_t> walltimeSeconds;
    std::string queue, account, qos, constraint, nodelist, dependency, begin;
    std::string array; ///< indices as written in the .modak file ("0-9%2", "1,3,5")
    bool exclusive = false;
    /// The log. Empty: the row's log named after the job (`<name>-%j.out` for Slurm) where the
    /// scheduler's own default would not name it, else the scheduler's default.
    std::string output;
    std::string error;
    bool combineOutput = false; ///< standard error into the log (PBS `-j oe`)
    /// The language's events: begin, end, fail, abort, all, none, …
    std::vector<std::string> notify;
    std::string email;
    bool exportAll = false;
    std::vector<std::string> exportVars;
    /// > 0: the job's processes get SIGUSR1 this many seconds before the walltime, to checkpoint
    /// and stop (Slurm --signal, LSF -wa/-wt, Flux --signal; PBS and TORQUE have no such
    /// directive).
    int64_t stopSignalSeconds = 0;
};

/// How a command is started on the job's nodes.
struct LaunchRequest {
    enum class Kind {
        Tasks,      ///< one process per task of the allocation (non-MPI HPC programs)
        Mpi,        ///< MPI ranks, wired up by the scheduler's launcher
        PerNode,    ///< one process per node (torchrun-style launchers, benchmark tasks)
        MpiPerNode, ///< one MPI rank per node (the MPI allreduce benchmark)
        Ranks,      ///< one process per rank of a framework's data-parallel training, each with
                    ///< torchrun's variables (RANK, LOCAL_RANK, WORLD_SIZE, MASTER_ADDR, …)
    };
    Kind kind = Kind::Tasks;
    int nodes = 1;
    /// PerNode: every node of the allocation, as the job runs (a script that knows its node count
    /// at generation time says so with false).
    bool wholeAllocation = false;
    std::optional<int> ranks; ///< Mpi: the ranks the application asks for
    std::optional<int> tasks; ///< the job's tasks, when it says
    /// Variables the script exports for the application: a launcher that does not pass the
    /// environment on to other nodes (Open MPI's mpirun) is told to.
    std::vector<std::string> environment;
    int tasksPerNode = 1;
};

/// A launcher: lines that prepare it (after `set -euo pipefail`) and the prefix of the command.
struct Launch {
    std::string setup{};
    std::string prefix{};
    /// Shell assignments each process evaluates before the command (Ranks: its rank's variables
    /// from the scheduler's ids).
    std::string rankEnv{};
    /// Ranks: a shell command printing the job's nodes' addresses, one a line, in node-rank order
    /// (TensorFlow's worker list).
    std::string hosts{};
};

/// One scheduler's rendering row.
struct BatchScheduler {
    std::string_view name;        ///< its name in modak/model/Schedulers.h ("none": a plain script)
    std::string_view scriptTitle; ///< "Slurm batch script", for the header comment
    std::string_view submit;      ///< how a script is submitted: `sbatch`, `bsub <`, `flux batch`
    /// A line entering the submission directory, "" if it starts there.
    std::string_view enterSubmitDir;
    /// The variable naming the submission directory in the job (the script itself runs from a
    /// spool).
    std::string_view submitDirectory;
    /// The log name after the job: `{}` is the job's name (`{}-%j.out`).
    std::string_view logPattern;
    /// True when the scheduler's default log already names the job (PBS: `NAME.oID`).
    bool defaultLogNamesJob = false;
    // Job arrays.
    /// Arrays are one job of many tasks (a directive); false: submit.sh submits a job per index.
    bool nativeArrays = true;
    std::string_view arrayIndexVariable; ///< SLURM_ARRAY_TASK_ID, LSB_JOBINDEX, FLUX_JOB_CC
    int arrayBase = 0;                   ///< the first index (LSF counts from 1)
    bool arrayThrottle = false;          ///< `%N` limits the tasks running at once
    size_t arrayLimit = 10000;           ///< the largest array a site allows by default
    std::string_view arrayLog;           ///< the log of a benchmark array task, under logs/
    std::string_view arrayTaskJob;       ///< shell words naming the array task's job, for records
    /// Lines setting MASTER_ADDR (the first node) and MASTER_PORT (from the job's id) for a
    /// benchmark task spanning nodes.
    std::string_view rendezvous;
    /// Appends the directive lines of `job` to `out`.
    void (*directives)(const BatchJob& job, std::string& out) = nullptr;
    /// The launcher for `request`.
    Launch (*launch)(const LaunchRequest& request) = nullptr;
    /// The lines of submit.sh that submit the array script `quotedScript` of `size` tasks (a
    /// script without an array directive with size 1), print its job id(s) and, when `chain`, make
    /// it wait for `$previous` to end, whatever its exit status, and set `previous` for the next.
    std::string (*submitArray)(std::string_view quotedScript, size_t size, int maxParallel,
                               bool chain) = nullptr;
    /// The lines of submit.sh that submit the script `quotedScript` (no array), print its job id,
    /// make it wait for `$previous` (when set) to succeed (`afterSuccess`) or to end whatever its
    /// status, and set `previous` to it.
    std::string (*submitAfter)(std::string_view quotedScript, bool afterSuccess) = nullptr;
};

/// Every rendering row: the batch schedulers of modak/model/Schedulers.h and `none`.
std::span<const BatchScheduler* const> batchSchedulers();

/// The row of `name` (a scheduler of the language), or null (kubernetes, unknown names).
const BatchScheduler* findBatchScheduler(std::string_view name);

/// `#!/bin/bash`, the directives of `job` for `scheduler`, then `header` (comment lines), a blank
/// line, the line entering the submission directory where the scheduler needs one, and `body`.
std::string renderBatchScript(const BatchScheduler& scheduler, const BatchJob& job,
                              std::string_view header, std::string_view body);

/// The log named after the job, in the row's pattern ("" for a row without logs).
std::string logFile(const BatchScheduler& scheduler, std::string_view jobName);

/// The log `job` asks for: its `output`, else the log named after it where the scheduler's default
/// would not name it; "" to leave it to the scheduler.
std::string logOf(const BatchScheduler& scheduler, const BatchJob& job);

/// The array indices of `size` tasks in the row's syntax ("0-3%2"; "1-4" for LSF).
std::string arrayRange(const BatchScheduler& scheduler, size_t size, int maxParallel);

/// `index=` line of an array task: the row's index variable, counted from 0.
std::string arrayIndexLine(const BatchScheduler& scheduler, std::string_view missingMessage);

/// HH:MM:SS, the hours unbounded ("36:00:00" for a day and a half).
std::string hms(int64_t seconds);

/// Memory in MiB, rounded up, so a request is never smaller than written.
int64_t mebibytesUp(int64_t bytes);

} // namespace modak::codegen
