// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Schedulers.h"

#include <algorithm>
#include <iterator>

namespace modak::model {
namespace {

// clang-format off
constexpr SchedulerInfo kSchedulers[] = {
    {"slurm", "Slurm", "Slurm: sbatch scripts with #SBATCH directives, launched with srun",
     "a Slurm batch script (`sbatch`)", true},
    {"torque", "Torque", "TORQUE: qsub scripts with #PBS directives",
     "a TORQUE batch script (`qsub`, #PBS directives)", true},
    {"pbs", "PBS", "PBS Professional / OpenPBS: qsub scripts with #PBS directives",
     "a PBS Professional batch script (`qsub`)", true},
    {"lsf", "LSF", "IBM Spectrum LSF: bsub scripts with #BSUB directives, MPI launched with mpirun",
     "an LSF batch script (`bsub < job.lsf.sh`, #BSUB directives)", true},
    {"flux", "Flux", "Flux: flux batch scripts with #flux: directives, launched with flux run",
     "a Flux batch script (`flux batch`, #flux: directives)", true},
    {"kubernetes", "Kubernetes", "Kubernetes: containers run as Jobs in a namespace", "", false},
    {"none", "none", "no batch system: the job script runs directly on the target", "", false},
};
// clang-format on

} // namespace

std::span<const SchedulerInfo> schedulers() {
    return kSchedulers;
}

const SchedulerInfo* findScheduler(std::string_view name) {
    const auto* it = std::find_if(std::begin(kSchedulers), std::end(kSchedulers),
                                  [&](const SchedulerInfo& s) { return s.name == name; });
    return it == std::end(kSchedulers) ? nullptr : it;
}

bool isBatchScheduler(std::string_view name) {
    const SchedulerInfo* s = findScheduler(name);
    return s && s->batch;
}

std::string_view schedulerTitle(std::string_view name) {
    const SchedulerInfo* s = findScheduler(name);
    return s ? s->title : name;
}

} // namespace modak::model
