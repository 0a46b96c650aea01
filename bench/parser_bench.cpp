// SPDX-License-Identifier: Apache-2.0
// In-process benchmarks of parsing and checking, on generated inputs of realistic .modak blocks.
// Run: build/bench/parser_bench (see bench/README.md for the figures).
#include "modak/model/Program.h"
#include "modak/syntax/Parser.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

// Same shape as bench/gen_large.py: one application, target and deployment per unit.
std::string generate(size_t targetBytes) {
    std::string out = "modak 1\n\n";
    for (size_t i = 0; out.size() < targetBytes; ++i) {
        std::string n = std::to_string(i);
        out += "application app_" + n +
               " {\n  kind = ai_training\n  framework = pytorch \"2.1\"\n"
               "  workload = resnet50 // ResNet-50 on ImageNet\n"
               "  dataset { path = \"/scratch/imagenet_" +
               n +
               "\", samples = 1_281_167, size = 140 GiB }\n"
               "  batch_size = 256\n  epochs = 90\n  precision = mixed\n  distributed = ddp\n"
               "  run = \"torchrun train.py --epochs 90\"\n}\n\n"
               "target cluster_" +
               n +
               " {\n  scheduler = slurm\n  runtime = apptainer\n  nodes = 16\n"
               "  memory = 512 GiB\n  interconnect = infiniband_hdr\n  cpu { arch = x86_64, cores "
               "= 64 }\n"
               "  gpu { model = a100_sxm4_40gb, count = 4 }\n"
               "  storage scratch { path = \"/scratch\", class = parallel_fs }\n}\n\n"
               "deployment train_" +
               n + " {\n  application = app_" + n + "\n  target = cluster_" + n +
               "\n  build = auto\n  graph_compiler = auto\n  scale { nodes = 1..8, min_efficiency "
               "= 0.8 }\n"
               "  job {\n    walltime = 12h\n    notify = [end, fail]\n    email = "
               "\"ml-team@example.org\"\n  }\n"
               "  emit = [slurm, tosca]\n}\n\n";
    }
    return out;
}

void BM_Parse(benchmark::State& state) {
    std::string text = generate(static_cast<size_t>(state.range(0)));
    modak::SourceManager sm;
    modak::FileId id = sm.addBuffer("bench.modak", text);
    size_t treeBytes = 0;
    for (auto _ : state) {
        modak::Diagnostics diags;
        auto file = modak::syntax::parse(sm, id, diags);
        benchmark::DoNotOptimize(file.statements.data());
        if (diags.hasErrors())
            state.SkipWithError("generated input has errors");
        treeBytes = file.arena ? file.arena->used() : 0;
    }
    // The tree's size in the arena per byte of input (the rest of check's memory is the input
    // itself).
    state.counters["tree/input"] =
        static_cast<double>(treeBytes) / static_cast<double>(text.size());
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                            static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_Parse)->Arg(64 << 10)->Arg(1 << 20)->Arg(10 << 20)->Unit(benchmark::kMillisecond);

void BM_ParseAndCheck(benchmark::State& state) {
    std::string text = generate(static_cast<size_t>(state.range(0)));
    for (auto _ : state) {
        modak::SourceManager sm;
        modak::FileId id = sm.addBuffer("bench.modak", text);
        modak::Diagnostics diags;
        auto program = modak::model::loadProgram(sm, id, diags);
        benchmark::DoNotOptimize(program.documents.data());
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                            static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_ParseAndCheck)->Arg(1 << 20)->Arg(10 << 20)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
