/* SPDX-License-Identifier: Apache-2.0
 * The MPI all-reduce micro-benchmark shipped with modak (docs/calibration.md, `--kernel allreduce
 * --transport mpi`). `modak bench` writes this file next to the sweep's job scripts; each task compiles
 * it with the site's `mpicc`, so it measures the MPI library and the network the site's jobs use.
 *
 * usage: allreduce_mpi MIN_BYTES MAX_BYTES
 * For every message size from MIN_BYTES doubling to MAX_BYTES, MPI_Allreduce of floats (MPI_SUM) is
 * timed after a warm-up, enough times to move about 64 MiB (5 to 200); one repetition's time is the
 * slowest rank's, and rank 0 prints the median as "BYTES SECONDS" on a line of its own. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int compare(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    unsigned long long minBytes = argc > 1 ? strtoull(argv[1], NULL, 10) : 8;
    unsigned long long maxBytes = argc > 2 ? strtoull(argv[2], NULL, 10) : 16ull << 20;
    if (minBytes < sizeof(float) || maxBytes < minBytes || maxBytes > (1ull << 32)) {
        if (rank == 0)
            fprintf(stderr, "allreduce_mpi: message sizes must be 4 B to 4 GiB, smallest first\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    size_t floats = (size_t)(maxBytes / sizeof(float));
    float* in = malloc(floats * sizeof(float));
    float* out = malloc(floats * sizeof(float));
    double* times = malloc(201 * sizeof(double));
    if (!in || !out || !times) {
        fprintf(stderr, "allreduce_mpi: out of memory for %llu-byte buffers\n", maxBytes);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (size_t i = 0; i < floats; ++i)
        in[i] = 1.0f;
    for (unsigned long long bytes = minBytes; bytes <= maxBytes; bytes *= 2) {
        int count = (int)(bytes / sizeof(float));
        unsigned long long want = (64ull << 20) / bytes;
        int reps = want < 5 ? 5 : want > 200 ? 200 : (int)want;  /* every rank derives the same count */
        MPI_Allreduce(in, out, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
        for (int r = 0; r < reps; ++r) {
            MPI_Barrier(MPI_COMM_WORLD);
            double start = MPI_Wtime();
            MPI_Allreduce(in, out, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
            double mine = MPI_Wtime() - start, slowest = 0;
            MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
            times[r] = slowest;
        }
        if (rank == 0) {
            qsort(times, (size_t)reps, sizeof(double), compare);
            printf("%llu %.9g\n", (unsigned long long)count * sizeof(float), times[reps / 2]);
            fflush(stdout);
        }
    }
    if (rank == 0 && out[0] != (float)size)  /* the sum of ones over the ranks */
        fprintf(stderr, "allreduce_mpi: wrong sum %g over %d ranks\n", out[0], size);
    free(in);
    free(out);
    free(times);
    MPI_Finalize();
    return 0;
}
