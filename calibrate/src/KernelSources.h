// SPDX-License-Identifier: Apache-2.0
//! The sources of the micro-benchmarks that sweeps compile with the site's own tools (embedded at
//! build time from calibrate/kernels/).
#pragma once

namespace modak::calibrate {

/// calibrate/kernels/allreduce_mpi.c: MPI_Allreduce latency and bandwidth, built with `mpicc`.
extern const char* const kAllReduceMpiSource;

/// calibrate/kernels/train_step_torch.py: the framework kernel, run with the site's python.
extern const char* const kTrainStepTorchSource;

} // namespace modak::calibrate
