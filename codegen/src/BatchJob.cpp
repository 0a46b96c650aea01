// SPDX-License-Identifier: Apache-2.0
#include "modak/codegen/BatchJob.h"

#include "batch/Rows.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::codegen {
namespace {

// One row per batch scheduler of modak/model/Schedulers.h, plus `none`.
constexpr const BatchScheduler* kRows[] = {
    &batch::kSlurm, &batch::kTorque, &batch::kPbs, &batch::kLsf, &batch::kFlux, &batch::kPlain,
};

} // namespace

std::span<const BatchScheduler* const> batchSchedulers() {
    return kRows;
}

const BatchScheduler* findBatchScheduler(std::string_view name) {
    const auto* it = std::find_if(std::begin(kRows), std::end(kRows),
                                  [&](const BatchScheduler* row) { return row->name == name; });
    return it == std::end(kRows) ? nullptr : *it;
}

std::string renderBatchScript(const BatchScheduler& scheduler, const BatchJob& job,
                              std::string_view header, std::string_view body) {
    std::string out = "#!/bin/bash\n";
    if (scheduler.directives)
        scheduler.directives(job, out);
    out += header;
    out += "\n";
    if (!scheduler.enterSubmitDir.empty())
        out += fmt::format("{}\n", scheduler.enterSubmitDir);
    out += body;
    return out;
}

std::string logFile(const BatchScheduler& scheduler, std::string_view jobName) {
    return scheduler.logPattern.empty() ? std::string()
                                        : fmt::format(fmt::runtime(scheduler.logPattern), jobName);
}

std::string logOf(const BatchScheduler& scheduler, const BatchJob& job) {
    if (!job.output.empty())
        return job.output;
    return scheduler.defaultLogNamesJob ? std::string() : logFile(scheduler, job.name);
}

std::string arrayRange(const BatchScheduler& scheduler, size_t size, int maxParallel) {
    std::string range = fmt::format("{}-{}", scheduler.arrayBase, scheduler.arrayBase + size - 1);
    if (scheduler.arrayThrottle && maxParallel > 0)
        range += fmt::format("%{}", maxParallel);
    return range;
}

std::string arrayIndexLine(const BatchScheduler& scheduler, std::string_view missingMessage) {
    std::string variable = fmt::format("${{{}:?{}}}", scheduler.arrayIndexVariable, missingMessage);
    if (scheduler.arrayBase == 0)
        return fmt::format("index={}\n", variable);
    return fmt::format("index=$(({} - {}))\n", variable, scheduler.arrayBase);
}

std::string hms(int64_t seconds) {
    return fmt::format("{:02}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
}

int64_t mebibytesUp(int64_t bytes) {
    return (bytes + 1048575) / 1048576;
}

} // namespace modak::codegen
