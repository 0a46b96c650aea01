// SPDX-License-Identifier: Apache-2.0
// The `modak` command line: argument parsing only; the work is in Commands.cpp and the libraries.
#include "Commands.h"
#include "modak/codegen/Generate.h"
#include "modak/lsp/Server.h"
#include "modak/model/CatalogueNames.h"
#include "modak/model/Schema.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <map>

int main(int argc, char** argv) {
    using namespace modak::cli;
    CLI::App app{"modak: typed deployment descriptions for AI training and HPC, checked, formatted "
                 "and turned into infrastructure code.\nExit codes: 0 success, 1 problems in the "
                 "input, 2 usage or I/O error.",
                 "modak"};
    app.set_version_flag("--version", std::string("modak ") + MODAK_VERSION + " (language 1)");
    app.require_subcommand(1);
    app.fallthrough();

    const std::map<std::string, ColorMode> colors{
        {"auto", ColorMode::Auto}, {"always", ColorMode::Always}, {"never", ColorMode::Never}};

    // Every command that loads a program takes the same --import-root option (docs/security.md).
    auto addImportRoot = [&](CLI::App* cmd, std::vector<std::string>& roots) {
        cmd->add_option(
               "--import-root", roots,
               "A folder imports, catalogue and calibration files may also come from (beside the "
               "file's project; repeatable)")
            ->check(CLI::ExistingDirectory);
    };

    // Every command that prints diagnostics takes the same --color option.
    auto addColor = [&](CLI::App* cmd, ColorMode& mode) {
        cmd->add_option("--color", mode, "Colour diagnostics: auto, always, never")
            ->transform(CLI::CheckedTransformer(colors, CLI::ignore_case));
    };

    CheckOptions check;
    auto* checkCmd =
        app.add_subcommand("check", "Check .modak files: syntax, schema, imports and "
                                    "references. Exit 0 clean, 1 errors, 2 usage/I-O.");
    checkCmd
        ->add_option("paths", check.paths,
                     "Files or directories (searched for *.modak); - reads stdin")
        ->required();
    checkCmd->add_option("--format", check.format, "Output format")
        ->check(CLI::IsMember({"text", "json", "sarif"}))
        ->capture_default_str();
    checkCmd->add_flag("--werror", check.werror, "Treat warnings as errors");
    addColor(checkCmd, check.color);
    addImportRoot(checkCmd, check.importRoots);

    FmtOptions fmtOpts;
    auto* fmtCmd =
        app.add_subcommand("fmt", "Format .modak files in place (canonical style, comments "
                                  "kept). Exit 1 with --check if a file would change.");
    fmtCmd
        ->add_option("paths", fmtOpts.paths,
                     "Files or directories (searched for *.modak); - reads stdin")
        ->required();
    fmtCmd->add_flag("--check", fmtOpts.check,
                     "Write nothing; list files that are not formatted, exit 1 if any");
    fmtCmd->add_flag("--stdout", fmtOpts.toStdout,
                     "Print the formatted text instead of rewriting files");
    addColor(fmtCmd, fmtOpts.color);

    ImportOptions importOpts;
    auto* importCmd =
        app.add_subcommand("import", "Convert an original MODAK JSON job, a SkyPilot task "
                                     "(task.yaml) or a dstack task (.dstack.yml) into a "
                                     "formatted .modak file.");
    importCmd
        ->add_option("input", importOpts.input,
                     "MODAK JSON job file (- reads stdin), or a SkyPilot or dstack YAML file "
                     "(.yaml, .yml)")
        ->required();
    importCmd->add_option("-o,--output", importOpts.output,
                          "Write here instead of standard output");
    importCmd->add_option("--name", importOpts.name,
                          "Base name of the generated blocks (default: job_name)");
    importCmd->add_flag("-f,--force", importOpts.force, "Overwrite an existing output file");
    addColor(importCmd, importOpts.color);

    PlanOptions planOpts;
    auto* planCmd = app.add_subcommand(
        "plan", "Choose image, graph compiler and scale for each deployment with the "
                "embedded performance model, and explain why. Exit 1 if a deployment "
                "cannot be planned.");
    planCmd->add_option("file", planOpts.path, "The .modak file; - reads stdin")->required();
    planCmd->add_option("--deployment", planOpts.deployment, "Plan only this deployment");
    planCmd
        ->add_option("--format", planOpts.format,
                     "Output format: text, json (schemas/plan.schema.json), html")
        ->check(CLI::IsMember({"text", "json", "html"}))
        ->capture_default_str();
    planCmd->add_option("-o,--output", planOpts.output,
                        "Write here (atomically) instead of standard output");
    planCmd->add_option("--catalog", planOpts.catalogs,
                        "Extra catalogue file (JSON, schemas/catalog.schema.json)");
    planCmd->add_option("--calibration", planOpts.calibration,
                        "Calibration file (from `modak model fit`)");
    addColor(planCmd, planOpts.color);
    addImportRoot(planCmd, planOpts.importRoots);

    PredictOptions predictOpts;
    auto* predictCmd =
        app.add_subcommand("predict", "What-if calculator: predicted throughput, epoch time and "
                                      "scaling efficiency of one configuration.");
    predictCmd
        ->add_option("--workload", predictOpts.workload, "Workload (see `modak catalog workloads`)")
        ->required();
    predictCmd
        ->add_option("--framework", predictOpts.framework,
                     "tensorflow, pytorch, keras, mxnet, cntk or jax")
        ->required();
    predictCmd->add_option("--version", predictOpts.version, "Framework version, e.g. 2.1");
    predictCmd->add_option("--build", predictOpts.build, "Image build flavour")
        ->check(CLI::IsMember({"hub", "pip", "source"}))
        ->capture_default_str();
    // The language's words, from the catalogue (CatalogueNames.h), and `none` for no graph
    // compiler.
    std::vector<std::string> graphCompilers = {"none"};
    for (const auto& c : modak::model::data::graphCompilers())
        graphCompilers.emplace_back(c.name);
    std::vector<std::string> precisions;
    for (const auto& p : modak::model::data::precisions())
        precisions.emplace_back(p.name);
    predictCmd->add_option("--graph-compiler", predictOpts.graphCompiler, "Graph compiler")
        ->check(CLI::IsMember(graphCompilers))
        ->capture_default_str();
    predictCmd
        ->add_option("--precision", predictOpts.precision, "Arithmetic precision")
        // Earlier versions took `amp`, which the language never did: say what to write instead.
        ->check([](const std::string& v) {
            return v == "amp"
                       ? std::string("amp is no precision; automatic mixed precision is `mixed`")
                       : std::string();
        })
        ->check(CLI::IsMember(precisions))
        ->capture_default_str();
    auto* gpuOpt = predictCmd->add_option("--gpu", predictOpts.gpu,
                                          "GPU model (see `modak catalog hardware`)");
    auto* cpuOpt =
        predictCmd->add_option("--cpu", predictOpts.cpu, "CPU model, for a CPU-only job");
    gpuOpt->excludes(cpuOpt);
    predictCmd->add_option("--gpus-per-node", predictOpts.gpusPerNode, "GPUs per node (default 1)");
    predictCmd->add_option("--sockets", predictOpts.sockets, "CPU sockets per node with --cpu")
        ->capture_default_str();
    predictCmd->add_option("--nodes", predictOpts.nodes, "Nodes")->capture_default_str();
    predictCmd->add_option("--interconnect", predictOpts.interconnect, "Network between nodes");
    predictCmd
        ->add_option("--network-ports", predictOpts.networkPorts,
                     "Ports a node has on the interconnect (one a GPU on a rail-optimised node)")
        ->capture_default_str();
    predictCmd
        ->add_option("--batch-per-device", predictOpts.batchPerDevice,
                     "Batch per GPU or CPU socket")
        ->capture_default_str();
    predictCmd->add_option("--samples", predictOpts.samples,
                           "Samples per epoch (default: the workload's data set)");
    predictCmd->add_option("--storage", predictOpts.storage, "Storage class of the input data");
    predictCmd->add_option("--tensor", predictOpts.tensor, "Tensor parallel degree (a layout)")
        ->check(CLI::Range(1, 1024));
    predictCmd->add_option("--pipeline", predictOpts.pipeline, "Pipeline stages (a layout)")
        ->check(CLI::Range(1, 1024));
    predictCmd->add_option("--context", predictOpts.context, "Context parallel degree (a layout)")
        ->check(CLI::Range(1, 1024));
    predictCmd->add_option("--expert", predictOpts.expert, "Expert parallel degree (a layout)")
        ->check(CLI::Range(1, 1024));
    predictCmd
        ->add_option("--microbatches", predictOpts.microbatches,
                     "Micro-batches per step; they divide --batch-per-device (a layout)")
        ->check(CLI::Range(1, 100000));
    predictCmd->add_option("--schedule", predictOpts.schedule, "Pipeline schedule (a layout)")
        ->check(CLI::IsMember({"one_f_one_b", "interleaved", "gpipe"}));
    predictCmd
        ->add_option("--virtual-stages", predictOpts.virtualStages,
                     "Model chunks per device of the interleaved schedule (a layout)")
        ->check(CLI::Range(1, 1024));
    predictCmd->add_option("--zero", predictOpts.zero, "ZeRO stage 0-3 (a layout)")
        ->check(CLI::Range(0, 3));
    predictCmd->add_option("--recompute", predictOpts.recompute, "Activation recompute (a layout)")
        ->check(CLI::IsMember({"none", "selective", "full"}));
    predictCmd->add_option("--fine-tuning", predictOpts.fineTuning, "full, or lora adapters")
        ->check(CLI::IsMember({"full", "lora"}))
        ->capture_default_str();
    predictCmd->add_option("--lora-rank", predictOpts.loraRank, "Rank of the LoRA adapters")
        ->check(CLI::Range(1, 65536))
        ->capture_default_str();
    // The application's `attention` values, from the schema table.
    std::vector<std::string> attentions;
    for (const auto& v : modak::model::topLevelBlock("application")->key("attention")->enumValues())
        attentions.push_back(v.name);
    predictCmd
        ->add_option("--attention", predictOpts.attention,
                     "A transformer's attention core: flash (fused, default) or eager (scores "
                     "in memory)")
        ->check(CLI::IsMember(attentions))
        ->capture_default_str();
    predictCmd->add_option("--format", predictOpts.format, "Output format")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    predictCmd->add_option("--catalog", predictOpts.catalogs, "Extra catalogue file");
    predictCmd->add_option("--calibration", predictOpts.calibration, "Calibration file");

    GenerateOptions generateOpts;
    auto* generateCmd = app.add_subcommand(
        "generate", "Plan each deployment and write its artefacts to "
                    "DIR/<deployment>/ with a modak.lock (all files or none, over "
                    "every input). Exit 0 done, 1 errors in the input (or drift with "
                    "--check), 2 usage or I/O.");
    generateCmd
        ->add_option(
            "paths", generateOpts.paths,
            "The .modak files, or directories searched for *.modak (their deployments go to "
            "DIR/<path below the directory>/<deployment>/)")
        ->required();
    generateCmd->add_option("-o,--output", generateOpts.output, "Output directory")
        ->capture_default_str();
    generateCmd->add_option("--deployment", generateOpts.deployment,
                            "Generate only this deployment");
    std::string emitKinds;
    for (const auto& kind : modak::codegen::supportedEmits())
        emitKinds += (emitKinds.empty() ? "" : ", ") + kind;
    generateCmd
        ->add_option("--emit", generateOpts.emit,
                     "Outputs instead of each deployment's `emit` list: " + emitKinds)
        ->delimiter(',');
    generateCmd->add_option("--catalog", generateOpts.catalogs, "Extra catalogue file");
    generateCmd->add_option("--calibration", generateOpts.calibration, "Calibration file");
    generateCmd->add_flag(
        "--check", generateOpts.check,
        "Write nothing: compare what would be generated with DIR and print a unified diff of each "
        "drifted file. Exit 0 identical, 1 drift (or errors in the input), 2 usage/I-O");
    addColor(generateCmd, generateOpts.color);
    addImportRoot(generateCmd, generateOpts.importRoots);

    CatalogOptions catalogOpts;
    modak::lsp::ServerOptions lspOptions;
    bool stdioFlag = false;
    auto* lspCmd =
        app.add_subcommand("lsp", "Run the language server on stdin/stdout (JSON-RPC with "
                                  "Content-Length framing). Exit 0 after shutdown and exit.");
    lspCmd->add_flag("--stdio", stdioFlag,
                     "Accepted and ignored: stdio is the only transport (editors pass it)");
    lspCmd->add_flag(
        "--lit-test", lspOptions.litTest,
        "Transcript mode for tests: messages separated by --- lines, replies pretty-printed, "
        "handled in order");
    lspCmd->add_flag("--verbose", lspOptions.verbose, "Log each request and its latency on stderr");

    auto* catalogCmd =
        app.add_subcommand("catalog", "List the embedded catalogue: container images, hardware, "
                                      "workloads, cloud instance types and their prices. JSON "
                                      "output is itself a catalogue file.");
    catalogCmd
        ->add_option("section", catalogOpts.section,
                     "images, hardware, workloads or instances (default: all)")
        ->check(CLI::IsMember({"images", "hardware", "workloads", "instances"}));
    catalogCmd->add_option("--format", catalogOpts.format, "Output format")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    catalogCmd->add_option("--catalog", catalogOpts.catalogs,
                           "Extra catalogue file, merged over the embedded one");
    addColor(catalogCmd, catalogOpts.color);

    auto* modelCmd =
        app.add_subcommand("model", "Calibrate the performance model on measurements.");
    modelCmd->require_subcommand(1);
    ModelFitOptions fitOpts;
    auto* fitCmd = modelCmd->add_subcommand(
        "fit", "Fit the model's constants to measurement CSVs (docs/model.md) "
               "and write a calibration file.");
    fitCmd->add_option("data", fitOpts.data,
                       "Measurement CSV files (default: the embedded public data)");
    fitCmd->add_option("-o,--output", fitOpts.output, "Calibration file to write")->required();
    fitCmd->add_option("--hold-out", fitOpts.holdOut,
                       "Leave rows matching KEY OP VALUE out of the fit, e.g. gpus_per_node>=4");
    fitCmd->add_flag("-f,--force", fitOpts.force, "Overwrite an existing output file");
    fitCmd->add_flag("--bands-only", fitOpts.bandsOnly,
                     "Keep the constants of --calibration (default: built-in) and write only the "
                     "held-out error bands and coverage of the data");
    fitCmd->add_option("--calibration", fitOpts.calibration,
                       "With --bands-only: the calibration whose constants to keep");
    ModelReportOptions reportOpts;
    auto* reportCmd = modelCmd->add_subcommand(
        "report", "Fit on part of the data and print the constants and the "
                  "prediction error on the held-out rows, per data set.");
    reportCmd->add_option("data", reportOpts.data,
                          "Measurement CSV files (default: the embedded public data)");
    reportCmd->add_option("--calibration", reportOpts.calibration,
                          "Start from this calibration (default: built-in)");
    reportCmd->add_option("--hold-out", reportOpts.holdOut,
                          "Rows to test on, KEY OP VALUE (default: gpus_per_node>=4)");
    reportCmd->add_option("--judge", reportOpts.judge,
                          "Measurement CSV never fitted on: report the calibration's error on it "
                          "per stratum and data set, and its decisions (no fit)");
    reportCmd->add_option("--catalog", reportOpts.catalogs,
                          "More catalogue files: workloads and GPUs the data names (repeatable)");
    reportCmd->add_option("--rows", reportOpts.rowsCsv,
                          "Write each held-out (or judge) row with its prediction and error to "
                          "this CSV file");
    std::vector<std::string> reportData;
    reportCmd->add_option("--data", reportData,
                          "Measurement CSV files (as the positional arguments), e.g. the "
                          "results.csv of `modak bench collect`");
    reportCmd
        ->add_option("--format", reportOpts.format, "text, or json (the fitted calibration file)")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();

    // `modak bench` (docs/calibration.md): benchmark sweeps on the site, collected into model data.
    BenchOptions benchOpts;
    auto* benchCmd = app.add_subcommand(
        "bench", "Benchmark sweeps as job arrays (FILE), the shipped micro-benchmarks, "
                 "and their results (collect, best). Exit 0 done, 1 errors in the "
                 "input, 2 usage or I/O.");
    benchCmd->add_option("file", benchOpts.path, "The .modak file whose deployment to sweep");
    benchCmd->add_option("--deployment", benchOpts.deployment,
                         "The deployment (needed when the file has several)");
    benchCmd
        ->add_option("--sweep", benchOpts.sweeps,
                     "KEY=V1,V2,... (train-step: nodes, batch_size, threads; framework: "
                     "batch_size, precision, graph_compiler, threads; stream: "
                     "threads, array_mib; allreduce: nodes; app: any key, passed as "
                     "MODAK_KEY); repeatable, combined as a product")
        ->take_all()
        ->allow_extra_args(false);
    benchCmd
        ->add_option("--kernel", benchOpts.kernel,
                     "framework (the framework's own training step; the default on a "
                     "GPU target), train-step (a CPU training step; the default on a "
                     "CPU target), stream (memory bandwidth), "
                     "allreduce (network latency and bandwidth) or app (the "
                     "application's run, in its container)")
        ->check(CLI::IsMember({"train-step", "framework", "stream", "allreduce", "app"}));
    benchCmd
        ->add_option("--max-bytes", benchOpts.maxBytes,
                     "allreduce: largest message (from 8 B, doubling)")
        ->capture_default_str();
    benchCmd
        ->add_option("--transport", benchOpts.transport,
                     "allreduce: tcp (modak's own, over TCP) or mpi "
                     "(MPI_Allreduce, compiled with the site's mpicc)")
        ->check(CLI::IsMember({"tcp", "mpi"}))
        ->capture_default_str();
    benchCmd->add_option("--image", benchOpts.image,
                         "Kubernetes: the container image with modak in it (default "
                         "modak:VERSION, built from integrations/Dockerfile)");
    benchCmd
        ->add_option("-o,--output", benchOpts.output,
                     "Output directory; files go to DIR/<deployment>/")
        ->capture_default_str();
    benchCmd->add_option("--array-limit", benchOpts.arrayLimit,
                         "Most tasks in one job array (default: Slurm's "
                         "MaxArraySize 1001; LSF 1000; PBS, Torque, Flux 10000)");
    benchCmd
        ->add_option("--max-parallel", benchOpts.maxParallel,
                     "At most N tasks at once (array throttle; the "
                     "arrays run one after another)")
        ->check(CLI::PositiveNumber);
    benchCmd->add_option("--workload", benchOpts.workload,
                         "train-step: the workload whose FLOPs it scales "
                         "(default: the application's, else resnet50)");
    benchCmd
        ->add_option("--scale", benchOpts.scale,
                     "train-step: fraction of the workload's FLOPs and parameters")
        ->check(CLI::Range(1e-9, 1.0))
        ->capture_default_str();
    benchCmd->add_option("--steps", benchOpts.steps, "train-step, framework: timed steps per task")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    benchCmd->add_flag("--shared", benchOpts.shared, "Do not ask for exclusive nodes");
    benchCmd->add_option("--catalog", benchOpts.catalogs, "Extra catalogue file");
    addColor(benchCmd, benchOpts.color);
    addImportRoot(benchCmd, benchOpts.importRoots);

    BenchRunOptions runOpts;
    auto* benchRunCmd = benchCmd->add_subcommand(
        "run", "Run a micro-benchmark here (one task of a sweep; several "
               "srun tasks meet at MASTER_ADDR:MASTER_PORT) and append its "
               "record (task 0 only).");
    benchRunCmd
        ->add_option("--kernel", runOpts.kernel,
                     "train-step, framework (PyTorch's training step of the workload), "
                     "stream (memory bandwidth) or allreduce "
                     "(latency and bandwidth between the tasks)")
        ->check(CLI::IsMember({"train-step", "framework", "stream", "allreduce"}))
        ->capture_default_str();
    benchRunCmd
        ->add_option("--workload", runOpts.workload,
                     "Workload whose FLOPs and parameters are scaled")
        ->capture_default_str();
    benchRunCmd->add_option("--scale", runOpts.scale, "Fraction of the workload run")
        ->capture_default_str();
    benchRunCmd->add_option("--batch", runOpts.batch, "Samples per task and step")
        ->capture_default_str();
    benchRunCmd->add_option("--threads", runOpts.threads, "Compute threads per task")
        ->capture_default_str();
    benchRunCmd->add_option("--steps", runOpts.steps, "Timed steps")->capture_default_str();
    benchRunCmd->add_option("--nodes", runOpts.nodes, "Nodes of the run (default: one per task)");
    benchRunCmd->add_option("--sockets", runOpts.sockets, "CPU sockets per node, for the fit")
        ->capture_default_str();
    benchRunCmd->add_option("--array-mib", runOpts.arrayMib, "stream: MiB per array (three arrays)")
        ->capture_default_str();
    benchRunCmd->add_option("--min-bytes", runOpts.minBytes, "allreduce: smallest message")
        ->capture_default_str();
    benchRunCmd
        ->add_option("--max-bytes", runOpts.maxBytes, "allreduce: largest message (sizes double)")
        ->capture_default_str();
    benchRunCmd->add_option("--device", runOpts.device,
                            "Catalogue CPU name of the nodes, for the fit");
    benchRunCmd->add_option("--interconnect", runOpts.interconnect,
                            "Network between the nodes, for the fit");
    benchRunCmd->add_option("--deployment", runOpts.deployment, "Deployment name in the record")
        ->capture_default_str();
    benchRunCmd
        ->add_option("--configuration", runOpts.configuration,
                     "The swept configuration, a JSON object")
        ->capture_default_str();
    benchRunCmd->add_option("--job", runOpts.job, "Scheduler job id, for the record");
    benchRunCmd->add_option("--timeout", runOpts.timeout, "Seconds to wait for the other tasks")
        ->capture_default_str();
    benchRunCmd->add_option("--out", runOpts.out,
                            "Result file to append the record to (default: standard output)");
    benchRunCmd->add_option("--batches", runOpts.batches,
                            "framework: batch sizes, ascending (1,2,4,...): a batch sweep that "
                            "stops at the first out-of-memory (default: --batch)");
    benchRunCmd
        ->add_option("--precision", runOpts.precision,
                     "framework: fp32, bf16, fp16, tf32, comma-separated")
        ->capture_default_str();
    benchRunCmd
        ->add_option("--graph-compiler", runOpts.graphCompiler,
                     "framework: none (eager), inductor (torch.compile), comma-separated")
        ->capture_default_str();
    benchRunCmd
        ->add_option("--framework-device", runOpts.frameworkDevice,
                     "framework: cuda, cpu, or auto (a GPU when there is one)")
        ->check(CLI::IsMember({"auto", "cuda", "cpu"}))
        ->capture_default_str();
    benchRunCmd->add_option("--warmup", runOpts.warmup, "framework: untimed steps first")
        ->capture_default_str();
    benchRunCmd->add_option("--python", runOpts.python,
                            "framework: the python to run it with (default $MODAK_PYTHON, "
                            "else python3)");
    benchRunCmd->add_option("--catalog", runOpts.catalogs, "Extra catalogue file");

    BenchRecordOptions recordOpts;
    auto* benchRecordCmd =
        benchCmd->add_subcommand("record", "Append the record of an application run (used by the "
                                           "scripts of `bench --kernel app`).");
    benchRecordCmd->add_option("--kernel", recordOpts.kernel, "Kernel name")->capture_default_str();
    benchRecordCmd->add_option("--deployment", recordOpts.deployment, "Deployment name")
        ->required();
    benchRecordCmd->add_option("--configuration", recordOpts.configuration,
                               "The swept configuration, a JSON object");
    benchRecordCmd->add_option("--job", recordOpts.job, "Scheduler job id");
    benchRecordCmd->add_option("--workload", recordOpts.workload, "Catalogue workload");
    benchRecordCmd->add_option("--device", recordOpts.device, "Catalogue CPU or GPU name");
    benchRecordCmd->add_option("--interconnect", recordOpts.interconnect,
                               "Network between the nodes");
    benchRecordCmd->add_option("--framework", recordOpts.framework, "Framework");
    benchRecordCmd->add_option("--framework-version", recordOpts.frameworkVersion,
                               "Framework version");
    benchRecordCmd->add_option("--nodes", recordOpts.nodes, "Nodes");
    benchRecordCmd->add_option("--batch", recordOpts.batch, "Batch per device");
    benchRecordCmd->add_option("--start", recordOpts.start, "Start time (s since the epoch)");
    benchRecordCmd->add_option("--end", recordOpts.end, "End time (s since the epoch)");
    benchRecordCmd->add_option("--throughput-file", recordOpts.throughputFile,
                               "File holding samples/s");
    benchRecordCmd->add_option("--messages-file", recordOpts.messagesFile,
                               "allreduce: the MPI kernel's "
                               "\"BYTES SECONDS\" lines");
    benchRecordCmd->add_option("--measurements-file", recordOpts.measurementsFile,
                               "framework: the kernel script's JSON lines");
    benchRecordCmd->add_option("--exit-status", recordOpts.exitStatus,
                               "framework: the kernel script's exit status");
    benchRecordCmd
        ->add_option("--transport", recordOpts.transport, "allreduce: how it was measured")
        ->check(CLI::IsMember({"tcp", "mpi"}));
    benchRecordCmd->add_option("--out", recordOpts.out,
                               "Result file to append to (default: standard output)");

    BenchCollectOptions collectOpts;
    auto* benchCollectCmd =
        benchCmd->add_subcommand("collect", "Gather result records into the throughput CSV "
                                            "`modak model fit` reads; failed and missing tasks "
                                            "are reported, invalid lines are errors (nothing "
                                            "written).");
    benchCollectCmd
        ->add_option("inputs", collectOpts.inputs,
                     "Sweep directories (searched for *.jsonl and sweep.json) "
                     "or result files")
        ->required();
    benchCollectCmd->add_option("-o,--output", collectOpts.output,
                                "CSV file to write (default: standard output)");
    addColor(benchCollectCmd, collectOpts.color);

    BenchBestOptions bestOpts;
    auto* benchBestCmd = benchCmd->add_subcommand(
        "best", "The best measured configuration per deployment; with "
                "--write, apply it to the .modak file and print the diff.");
    benchBestCmd->add_option("data", bestOpts.data, "results.csv from `bench collect`")->required();
    benchBestCmd
        ->add_option("--metric", bestOpts.metric,
                     "throughput, time_per_epoch or throughput_per_node")
        ->capture_default_str();
    benchBestCmd->add_option("--write", bestOpts.write,
                             "The .modak file to write the best configuration into");
    benchBestCmd->add_option("--deployment", bestOpts.deployment,
                             "Only this deployment of the data");
    addColor(benchBestCmd, bestOpts.color);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        // --help and --version are successes; every other parse error is a usage error.
        return code == 0 ? Success : UsageOrIoError;
    }
    if (lspCmd->parsed()) {
        lspOptions.version = MODAK_VERSION;
        return modak::lsp::runServer(lspOptions);
    }
    if (checkCmd->parsed())
        return runCheck(check);
    if (fmtCmd->parsed())
        return runFmt(fmtOpts);
    if (importCmd->parsed())
        return runImport(importOpts);
    if (planCmd->parsed())
        return runPlan(planOpts);
    if (predictCmd->parsed())
        return runPredict(predictOpts);
    if (generateCmd->parsed())
        return runGenerate(generateOpts);
    if (catalogCmd->parsed())
        return runCatalog(catalogOpts);
    if (fitCmd->parsed())
        return runModelFit(fitOpts);
    if (reportCmd->parsed()) {
        reportOpts.data.insert(reportOpts.data.end(), reportData.begin(), reportData.end());
        return runModelReport(reportOpts);
    }
    if (benchRunCmd->parsed())
        return runBenchRun(runOpts);
    if (benchRecordCmd->parsed())
        return runBenchRecord(recordOpts);
    if (benchCollectCmd->parsed())
        return runBenchCollect(collectOpts);
    if (benchBestCmd->parsed())
        return runBenchBest(bestOpts);
    if (benchCmd->parsed()) {
        if (benchOpts.path.empty()) {
            std::fprintf(stderr, "modak: error: bench needs a .modak FILE or a subcommand (run, "
                                 "record, collect, best)\n");
            return UsageOrIoError;
        }
        return runBench(benchOpts);
    }
    return UsageOrIoError;
}
