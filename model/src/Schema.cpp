// SPDX-License-Identifier: Apache-2.0
// The schema table of docs/language.md §4. Documentation strings are shown by the language server
// on hover and in completion lists: one factual line each, no trailing period.
#include "modak/model/Schema.h"

#include "modak/model/CatalogueNames.h"
#include "modak/model/Schedulers.h"
#include "modak/model/Strategies.h"
#include "modak/model/Transformer.h"
#include "modak/syntax/Ast.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <stdexcept>

namespace modak::model {

// ------------------------------------------------------------------------------------------------
// Small value-type constructors.

namespace {

using Values = std::vector<EnumValue>;

Interval atLeast(double v) {
    return Interval{v, std::nullopt, false, false};
}
Interval greaterThan(double v) {
    return Interval{v, std::nullopt, true, false};
}
Interval between(double lo, double hi) {
    return Interval{lo, hi, false, false};
}

ValueType scalarType(ValueKind k, Interval iv = {}, std::string example = {}) {
    ValueType t;
    t.kind = k;
    t.interval = iv;
    t.example = std::move(example);
    return t;
}
ValueType tString(std::string example = {}) {
    return scalarType(ValueKind::String, {}, std::move(example));
}
/// A string that may also be written as one of `words` (identifiers with a fixed meaning).
ValueType tStringOr(Values words, std::string example = {}) {
    ValueType t = scalarType(ValueKind::String, {}, std::move(example));
    t.values = std::move(words);
    return t;
}
ValueType tText() {
    return scalarType(ValueKind::Text);
}
ValueType tInt(Interval iv = {}) {
    return scalarType(ValueKind::Integer, iv);
}
ValueType tFloat(Interval iv = {}) {
    return scalarType(ValueKind::Float, iv);
}
ValueType tBool() {
    return scalarType(ValueKind::Bool);
}
ValueType tSize() {
    return scalarType(ValueKind::Size, greaterThan(0), "16 GiB");
}
ValueType tDuration() {
    return scalarType(ValueKind::Duration, greaterThan(0), "2h");
}
ValueType tAmount() {
    return scalarType(ValueKind::Amount, greaterThan(0), "5000 USD");
}
ValueType tScalar() {
    return scalarType(ValueKind::Scalar);
}
ValueType tEnum(Values values) {
    ValueType t;
    t.kind = ValueKind::Enum;
    t.values = std::move(values);
    return t;
}
ValueType tRef(std::string kind) {
    ValueType t;
    t.kind = ValueKind::Reference;
    t.refKind = std::move(kind);
    return t;
}
ValueType tVersioned(Values values, std::string example) {
    ValueType t;
    t.kind = ValueKind::Versioned;
    t.values = std::move(values);
    t.example = std::move(example);
    return t;
}
ValueType tList(ValueType element, std::string example = {}) {
    ValueType t;
    t.kind = ValueKind::List;
    t.element = std::make_shared<const ValueType>(std::move(element));
    t.example = std::move(example);
    return t;
}
ValueType tRange(ValueType element, std::string example = {}) {
    ValueType t;
    t.kind = ValueKind::Range;
    t.interval = element.interval;
    t.element = std::make_shared<const ValueType>(std::move(element));
    t.example = std::move(example);
    return t;
}

/// Fluent builder for one key.
struct K {
    KeySchema k;
    K(std::string name, std::string doc) {
        k.name = std::move(name);
        k.doc = std::move(doc);
    }
    K& t(ValueType v) {
        k.types.push_back(std::move(v));
        return *this;
    }
    K& autoOk() {
        k.allowsAuto = true;
        return *this;
    }
    K& req() {
        k.required = true;
        return *this;
    }
    K& when(std::string condition) {
        k.requiredWhen = std::move(condition);
        return *this;
    }
    K& orig(std::string field) {
        k.original = std::move(field);
        return *this;
    }
    K& alias(std::initializer_list<const char*> names) {
        for (const char* n : names)
            k.aliases.emplace_back(n);
        return *this;
    }
    K& blk(const BlockSchema& b, bool named = false) {
        k.block = &b;
        k.named = named;
        return *this;
    }
    K& ph(std::string placeholder) {
        k.placeholder = std::move(placeholder);
        return *this;
    }
    K& docOnly(std::string why) {
        k.documentationOnly = std::move(why);
        return *this;
    }
    operator KeySchema() const { return k; }
};

// ------------------------------------------------------------------------------------------------
// Enumerations shared by several keys.

// Interconnects, storage classes, precisions, graph compilers, runtimes and GPU models come from
// the catalogue (schemas/catalog/, generated into CatalogueNames.h), so the language, the
// performance model, the CLI and the JSON Schemas can never disagree.
const data::NamedEntry& named(const data::NamedEntry& e) {
    return e;
}
template<class Facts>
const data::NamedEntry& named(const Facts& f) {
    return f.entry;
}

/// `before`, the catalogue's `entries` in catalogue order, then `after`.
template<class Entries>
Values catalogueValues(const Entries& entries, Values before = {}, const Values& after = {}) {
    Values v = std::move(before);
    for (const auto& e : entries)
        v.push_back({std::string(named(e).name), std::string(named(e).doc)});
    v.insert(v.end(), after.begin(), after.end());
    return v;
}

const Values kFrameworks = {
    {"tensorflow",
     "TensorFlow (Google): graph and eager execution, 1.x and 2.x lines; XLA and nGraph "
     "(1.x only) graph compilers"},
    {"pytorch", "PyTorch (Meta/Linux Foundation): eager execution; DDP for data parallelism; "
                "torch.compile with TorchInductor from 2.0"},
    {"keras",
     "Keras: high-level API running on the backend chosen by `keras_backend` (TensorFlow by "
     "default)"},
    {"mxnet", "Apache MXNet: imperative/symbolic framework (retired to the Apache Attic in 2023)"},
    {"cntk", "Microsoft Cognitive Toolkit (CNTK); development ended with version 2.7 (2019)"},
    {"jax", "JAX (Google): composable transformations of NumPy programs, always compiled with XLA"},
};

const Values kKerasBackends = {
    {"tensorflow", "TensorFlow backend (the default of Keras 2 and Keras 3)"},
    {"cntk", "CNTK backend (multi-backend Keras up to 2.3)"},
    {"mxnet", "MXNet backend (the keras-mxnet fork of Keras 2)"},
    {"theano", "Theano backend (multi-backend Keras up to 2.3)"},
    {"jax", "JAX backend (Keras 3)"},
    {"pytorch", "PyTorch backend, `KERAS_BACKEND=torch` (Keras 3)"},
};

const Values kPrecisions = catalogueValues(data::precisions());

/// The strategies' table (Strategies.h) as `distributed` values.
const Values kDistributed = [] {
    Values v;
    for (const auto& s : strategies())
        v.push_back({std::string(s.name), std::string(s.doc)});
    return v;
}();

const Values kParallelisation = {
    {"mpi", "distributed memory: MPI ranks, launched with mpirun or srun"},
    {"openmp", "shared-memory threads (OpenMP); `threads` sets OMP_NUM_THREADS"},
    {"openacc", "directive-based offload to accelerators (OpenACC)"},
    {"opencl", "OpenCL kernels on GPUs, FPGAs or CPUs"},
    {"cuda", "CUDA kernels on NVIDIA GPUs"},
};

const Values kMpiLibraries = {
    {"openmpi", "Open MPI"},
    {"mpich", "MPICH (Argonne); ABI-compatible with Intel MPI, MVAPICH and Cray MPICH"},
    {"mvapich", "MVAPICH2 (Ohio State): MPICH derivative tuned for InfiniBand and GPUs"},
    {"intelmpi", "Intel MPI Library (MPICH-based)"},
    {"cray_mpich", "Cray MPICH on HPE Cray systems (Slingshot/Aries)"},
};

const Values kAffinities = {
    {"block", "threads bound to consecutive cores, filling one block of cores before the next"},
    {"simple", "each thread bound to one core in core-number order"},
    {"close", "OMP_PROC_BIND=close: threads placed on places close to the master thread"},
    {"spread", "OMP_PROC_BIND=spread: threads spread evenly over the available places"},
    {"compact", "KMP_AFFINITY=compact (Intel): thread n+1 as close as possible to thread n"},
    {"scatter", "KMP_AFFINITY=scatter (Intel): threads distributed as evenly as possible over the "
                "machine"},
};

const Values kCompilers = {
    {"pgi", "PGI compilers (pgcc, pgfortran); continued as the NVIDIA HPC SDK"},
    {"cray", "Cray Compiling Environment (CCE)"},
    {"nvhpc", "NVIDIA HPC SDK (nvc, nvc++, nvfortran)"},
    {"gcc", "GNU Compiler Collection (OpenACC with -fopenacc)"},
    {"clang", "LLVM Clang"},
    {"intel", "Intel oneAPI compilers (icx, icpx, ifx) or the classic icc/ifort"},
};

const Values kAppTypes = {
    {"mpi",
     "an MPI program: launched with mpirun (Torque/PBS) or srun (Slurm), OMP_NUM_THREADS set"},
    {"hpc", "an HPC program: launched like `mpi`"},
    {"python", "a plain command (e.g. a Python script): run as is, without an MPI launcher"},
};

const Values kAppKinds = {
    {"ai_training", "training a machine-learning model with an AI framework"},
    {"hpc", "a classic HPC application (MPI, OpenMP, accelerators)"},
    {"ai_inference",
     "serving or batch inference with a trained model (declared by MODAK's IDE DSL; the "
     "performance model does not cover it yet)"},
    {"big_data",
     "a data-processing job (declared by MODAK's IDE DSL; the performance model does not "
     "cover it yet)"},
};

const Values kTasks = {
    {"image_classification", "assigning a label to an image (MNIST, CIFAR, ImageNet)"},
    {"object_detection", "finding and labelling objects in images"},
    {"segmentation", "labelling every pixel of an image"},
    {"translation", "machine translation between languages"},
    {"language_modeling", "predicting text: BERT- and GPT-style pre-training"},
    {"recommendation", "ranking items for users"},
    {"reinforcement_learning", "learning a policy from interaction with an environment"},
    {"speech", "speech recognition or synthesis"},
    {"other", "any other task"},
};

const Values kMessageSizes = {
    {"small", "mostly small messages: latency-bound"},
    {"medium", "medium messages"},
    {"large", "mostly large messages: bandwidth-bound"},
};

const Values kCpuVendors = {
    {"intel", "Intel (Xeon)"},
    {"amd", "AMD (EPYC; MODAK's cpu_type `amd`)"},
    {"arm", "Arm Neoverse and other Arm designs (Graviton, Ampere)"},
    {"fujitsu", "Fujitsu A64FX"},
    {"ibm", "IBM POWER"},
    {"nvidia", "NVIDIA Grace"},
    {"other", "any other vendor"},
};

const Values kWorkloadKinds = {
    {"cnn", "convolutional neural network (image models)"},
    {"transformer", "attention-based model (BERT, GPT)"},
    {"rnn", "recurrent neural network (LSTM, GRU)"},
    {"mlp", "multi-layer perceptron (fully connected layers only)"},
    {"other", "any other architecture"},
};

/// The schedulers' table (Schedulers.h) as `scheduler` values.
const Values kSchedulers = [] {
    Values v;
    for (const auto& s : schedulers())
        v.push_back({std::string(s.name), std::string(s.doc)});
    return v;
}();

const Values kClouds = {
    {"openstack", "an OpenStack cloud: VMs created with Terraform (flavor, image, network)"},
    {"aws", "Amazon Web Services EC2: VMs created with Terraform (instance_type, region)"},
    {"gcp", "Google Cloud: priced and planned from `instance_type`; its job runs on the VMs or "
            "cluster the team provides (no Terraform module is written)"},
    {"azure", "Microsoft Azure: priced and planned from `instance_type`; its job runs on the VMs "
              "or cluster the team provides (no Terraform module is written)"},
};

const Values kKubeflow = {
    {"trainer", "Kubeflow Trainer v2: a TrainJob (trainer.kubeflow.org/v1alpha1) on the "
                "torch-distributed or jax-distributed ClusterTrainingRuntime"},
    {"training_operator", "the Kubeflow training operator v1: a PyTorchJob (kubeflow.org/v1)"},
};

const Values kRuntimes = catalogueValues(
    data::runtimes(), {}, {{"none", "no container: the application runs directly on the host"}});

const Values kCpuArchs = {
    {"x86_64", "64-bit x86 (Intel Xeon, AMD EPYC)"},
    {"aarch64", "64-bit Arm (Fujitsu A64FX, Ampere Altra, NVIDIA Grace, AWS Graviton)"},
    {"ppc64le", "64-bit little-endian POWER (IBM POWER8/9)"},
};

Values gpuModelValues() {
    return catalogueValues(data::gpuModels());
}

const Values kAccelerators = {
    {"nvidia", "NVIDIA GPUs (CUDA): selects the GPU image flavour and `--nv`"},
    {"amd", "AMD GPUs (ROCm)"},
    {"fpga", "FPGAs"},
    {"none", "no accelerator: CPU-only nodes"},
};

const Values kInterconnects = catalogueValues(data::interconnects());

const Values kStorageClasses = catalogueValues(data::storageClasses());

const Values kBuilds = {
    {"hub", "a prebuilt upstream image (e.g. `tensorflow/tensorflow`), used unchanged"},
    {"pip", "a MODAK image with the framework installed from pip wheels"},
    {"source", "a MODAK image with the framework compiled from source for the target's CPU and GPU "
               "(`enable_opt_build`)"},
    {"auto", "let the embedded model choose the image flavour"},
};
const Values kPipelineSchedules = {
    {"one_f_one_b", "1F1B (PipeDream-Flush): each stage alternates one forward and one backward "
                    "micro-batch; at most `pipeline` micro-batches in flight"},
    {"interleaved", "interleaved 1F1B: `virtual_stages` model chunks per device shrink the bubble "
                    "by that factor (Narayanan et al. 2021)"},
    {"gpipe", "GPipe: every forward micro-batch, then every backward one; all in flight"},
};
const Values kRecompute = {
    {"none", "keep every activation for the backward pass"},
    {"selective", "recompute the attention core (Korthikanti et al. 2022)"},
    {"full", "keep each layer's input only and recompute the layer in the backward pass"},
};
const Values kObjectives = {
    {"time", "the shortest predicted run that meets the budget (default)"},
    {"cost", "the cheapest predicted run that meets the deadline; at equal cost, fewer devices"},
};
const Values kFailover = {
    {"ranked", "the sites in the objective's order: the best first, the others as fallbacks "
               "(SkyPilot's any_of)"},
    {"ordered", "the sites as written: the first that meets the constraints runs, the next ones "
                "are its fallbacks (SkyPilot's ordered)"},
};
const Values kChargeUnits = {
    {"node_hours", "nodes × hours the job holds them"},
    {"gpu_hours", "GPUs used × hours"},
    {"core_hours", "CPU cores of the nodes × hours"},
};
const Values kFineTuning = {
    {"full", "every parameter trains (pre-training or full fine-tuning)"},
    {"lora", "the weights are frozen; low-rank adapters on every linear layer train (Hu et al. "
             "2021)"},
};
const Values kAttention = {
    {"flash", "a fused attention kernel: the s × s scores never reach memory and a causal mask "
              "skips its blocks (FlashAttention, cuDNN's fused attention, PyTorch's "
              "scaled_dot_product_attention on a GPU, Megatron's --use-flash-attn); the default"},
    {"eager", "the scores and probabilities written to memory: the score GEMM, softmax, masking "
              "and dropout as kernels of their own, every masked score computed (Megatron's core "
              "attention without --use-flash-attn, Hugging Face's attn_implementation=\"eager\")"},
};
// How an `image` was built: a fact about the image, so no `auto`.
const Values kImageBuilds = {kBuilds[0], kBuilds[1], kBuilds[2]};

const Values kGraphCompilers = catalogueValues(
    data::graphCompilers(), {{"none", "no graph compiler: the framework's default execution"}},
    {{"auto", "let the embedded model decide whether a graph compiler pays off"}});

/// The `emit` kinds: a job script for each batch scheduler of Schedulers.h, among the others.
const Values kEmits = [] {
    Values v = {
        {"tosca", "a TOSCA service template (YAML) for the SODALITE orchestrator"},
        {"csar", "a TOSCA Cloud Service Archive (zip) containing the service template"},
        {"terraform", "Terraform configuration for cloud targets"},
    };
    for (const auto& s : schedulers())
        if (!s.emitDoc.empty())
            v.push_back({std::string(s.name), std::string(s.emitDoc)});
    v.insert(v.end(),
             {
                 {"k8s", "a Kubernetes Job manifest"},
                 {"skypilot", "a SkyPilot task YAML (`sky launch`): the plan's image, nodes and "
                              "accelerators with the launch contract"},
                 {"dstack", "a dstack task configuration (`dstack apply`): the plan's image, "
                            "nodes and GPUs, spot policy, price and duration limits"},
                 {"singularity", "a Singularity/Apptainer definition file for the chosen image"},
                 {"docker", "a Dockerfile for the chosen image"},
                 {"build", "a build job script: fetches `build.src` and runs `build.command`"},
                 {"script",
                  "a plain bash script that runs the job without a scheduler (`scheduler = none`)"},
             });
    return v;
}();

const Values kNotify = {
    {"begin", "mail when the job starts (Slurm BEGIN, PBS b)"},
    {"end", "mail when the job ends (Slurm END, PBS e)"},
    {"fail", "mail when the job fails (Slurm FAIL)"},
    {"abort", "mail when the job is aborted by the batch system (PBS a)"},
    {"all", "mail on every event (Slurm ALL, PBS abe)"},
    {"none", "no mail (Slurm NONE, PBS n)"},
    {"requeue", "mail when the job is requeued (Slurm REQUEUE)"},
    {"time_limit", "mail when the time limit is reached (Slurm TIME_LIMIT)"},
    {"time_limit_90", "mail at 90 % of the time limit (Slurm TIME_LIMIT_90)"},
    {"time_limit_80", "mail at 80 % of the time limit (Slurm TIME_LIMIT_80)"},
    {"time_limit_50", "mail at 50 % of the time limit (Slurm TIME_LIMIT_50)"},
    {"array_tasks", "mail for every task of a job array (Slurm ARRAY_TASKS)"},
    {"invalid_depend", "mail when a dependency can never be satisfied (Slurm INVALID_DEPEND)"},
    {"stage_out", "mail when burst-buffer stage-out completes (Slurm STAGE_OUT)"},
};

const Values kTuners = {
    {"cresta", "the CRESTA autotuning framework"},
    {"grid", "exhaustive search over every combination of parameter values"},
    {"random", "random sampling of parameter combinations within `budget`"},
    {"bayesian", "Bayesian optimisation: a surrogate model chooses the next trial"},
    {"autotune", "the `autotune` tool offered by MODAK's IDE DSL"},
};

const Values kMetrics = {
    {"time_per_epoch", "wall-clock time of one training epoch (lower is better)"},
    {"throughput", "samples processed per second (higher is better)"},
    {"runtime", "total wall-clock time of the run (lower is better)"},
};

// ------------------------------------------------------------------------------------------------
// Built-in workloads: the embedded catalogue's (schemas/catalog/workloads.json, with sources).

const std::vector<BuiltinWorkload>& builtinWorkloadTable() {
    static const std::vector<BuiltinWorkload> table = [] {
        std::vector<BuiltinWorkload> out;
        for (const auto& w : data::workloads()) {
            BuiltinWorkload b{w.name, w.kind, w.doc, w.parameters, w.flopsPerSample, w.sampleBytes};
            if (w.shape.layers > 0) { // the figures a shaped entry leaves out follow from it
                const auto& f = w.shape;
                Workload shaped;
                shaped.parameters = static_cast<double>(w.parameters);
                shaped.flopsPerSample = w.flopsPerSample;
                shaped.sampleBytes = static_cast<double>(w.sampleBytes);
                shaped.shape = TransformerShape{
                    f.layers,     f.hidden,         f.heads,       f.kvHeads,       f.ffn,
                    f.vocabulary, f.sequence,       f.experts,     f.activeExperts, f.gatedFfn,
                    f.causal,     f.tiedEmbeddings, f.meanSequence};
                deriveFromShape(shaped);
                b.parameters = static_cast<int64_t>(shaped.parameters);
                b.flopsPerSample = shaped.flopsPerSample;
                b.sampleSize = static_cast<uint64_t>(shaped.sampleBytes);
            }
            out.push_back(b);
        }
        return out;
    }();
    return table;
}

Values builtinWorkloadValues() {
    Values v;
    for (const auto& w : builtinWorkloadTable())
        v.push_back({std::string(w.name), fmt::format("built-in workload: {}", w.doc)});
    return v;
}

// ------------------------------------------------------------------------------------------------
// The block schemas.

struct Tables {
    BlockSchema file, application, workload, dataset, openmp, openacc, opencl, appBuild, env,
        mpiTuning;
    BlockSchema target, cpu, gpu, partition, storage, charge;
    BlockSchema deployment, scale, parallel, job, autotune, parameter;
    BlockSchema image, imageEnv;

    Tables();
    std::vector<const BlockSchema*> all() const {
        return {&file,      &application, &workload,   &dataset,  &openmp,    &openacc,
                &opencl,    &appBuild,    &env,        &target,   &cpu,       &gpu,
                &partition, &storage,     &deployment, &scale,    &parallel,  &job,
                &autotune,  &parameter,   &image,      &imageEnv, &mpiTuning, &charge};
    }
};

Tables::Tables() {
    // §4.6 dataset
    dataset.kind = "dataset";
    dataset.doc = "the training data: where it is, how many samples, how large";
    dataset.keys = {
        K("path", "directory or file holding the data set on the target (mounted read-only in the "
                  "container or pod)")
            .t(tString("\"/scratch/data\""))
            .ph("\"/scratch/data\""),
        K("samples", "number of training samples in one epoch").t(tInt(atLeast(1))).ph("60000"),
        K("size", "total size of the data set")
            .t(tSize())
            .ph("1 GiB")
            .docOnly("the I/O estimate is samples × the workload's sample_size"),
        K("storage", "storage class the data should be staged to")
            .t(tEnum(kStorageClasses))
            .alias({"storage_class_pref"}),
        K("basedata", "base data set this one derives from (name or URL)")
            .t(tString())
            .docOnly("provenance kept from MODAK's data description"),
        K("prefetch",
          "prefetch the input pipeline: `true`, `false`, or the number of batches to prefetch")
            .t(tInt(atLeast(0)))
            .t(tBool()),
        K("cache", "cache the decoded data set: `true`, `false`, or the cache size in samples")
            .t(tInt(atLeast(0)))
            .t(tBool()),
        K("format", "file format of the samples (e.g. \"tfrecord\", \"jpeg\", \"hdf5\")")
            .t(tString())
            .docOnly("the performance model does not distinguish input formats"),
    };

    // §4.3 workload
    workload.kind = "workload";
    workload.doc = "the computational cost of one training sample, for the performance model";
    workload.keys = {
        K("flops_per_sample", "forward + backward floating-point operations per training sample")
            .t(tFloat(greaterThan(0)))
            .when("no transformer shape (layers, hidden, heads, sequence) is given")
            .ph("1e9"),
        K("parameters", "number of trainable parameters of the model")
            .t(tInt(greaterThan(0)))
            .when("no transformer shape (layers, hidden, heads, sequence) is given")
            .ph("1000000"),
        K("sample_size", "size of one input sample as read from storage").t(tSize()),
        K("activations_per_sample",
          "activation elements one training sample keeps for the backward pass (memory and "
          "memory traffic; default: estimated from flops_per_sample)")
            .t(tFloat(greaterThan(0))),
        K("kind", "model architecture family").t(tEnum(kWorkloadKinds)),
        // A transformer by its shape: parameters, FLOPs and activations follow (Transformer.h).
        K("layers", "transformer layers (blocks)").t(tInt(between(1, 100000))),
        K("hidden", "transformer width (model dimension)").t(tInt(between(1, 10000000))),
        K("heads", "attention heads; they divide hidden").t(tInt(between(1, 100000))),
        K("kv_heads", "key-value heads of grouped-query attention (default: heads)")
            .t(tInt(between(1, 100000))),
        K("ffn", "hidden size of the feed-forward block (default: 4 × hidden)")
            .t(tInt(between(1, 100000000))),
        K("vocabulary", "tokens of the vocabulary (0: none, as in a vision transformer)")
            .t(tInt(between(0, 100000000))),
        K("sequence", "tokens per training sample").t(tInt(between(1, 100000000))),
        K("mean_sequence",
          "mean tokens a sample computes when shorter sequences are packed into one row or their "
          "padding removed (a fact of the data set; FLOPs, activations and attention follow from "
          "it; default: sequence)")
            .t(tFloat(between(1, 100000000)))
            .ph("254"),
        K("experts", "mixture of experts: experts per layer").t(tInt(between(1, 100000))),
        K("active_experts", "mixture of experts: experts each token runs through")
            .t(tInt(between(1, 100000))),
        K("gated_ffn", "SwiGLU/GeGLU feed-forward: three matrices instead of two").t(tBool()),
        K("causal", "causal (decoder) attention; false for an encoder such as BERT").t(tBool()),
        K("tied_embeddings", "the output projection reuses the input embedding").t(tBool()),
    };

    mpiTuning.kind = "mpi_tuning";
    mpiTuning.doc =
        "measured MPI behaviour of an HPC application (MODAK's `parallelisation-mpi` extras)";
    mpiTuning.keys = {
        K("core_subscription", "MPI ranks per physical core (1 = one rank per core)")
            .t(tInt(atLeast(1)))
            .docOnly("MODAK's measured extras; ranks per node come from scale and job"),
        K("message_size", "typical size of the application's MPI messages")
            .t(tEnum(kMessageSizes))
            .docOnly("MODAK's measured extras; the HPC model scales by scaling_efficiency alone"),
        K("scaling_efficiency", "measured parallel efficiency of the MPI scaling, between 0 and 1")
            .t(tFloat(between(0, 1))),
    };

    openmp.kind = "openmp";
    openmp.doc = "OpenMP settings of an HPC application";
    openmp.keys = {
        K("threads", "OpenMP threads per rank (OMP_NUM_THREADS)")
            .t(tInt(atLeast(1)))
            .alias({"number_of_threads"}),
        K("affinity", "thread placement policy")
            .t(tEnum(kAffinities))
            .docOnly("no portable setting expresses every value (block, simple); placement is the "
                     "launcher's"),
        K("scaling_efficiency", "measured parallel efficiency of the threading, between 0 and 1")
            .t(tFloat(between(0, 1)))
            .docOnly("the HPC model does not model threading efficiency"),
    };

    // MODAK's build facts of offloaded code: the application's own build command compiles it.
    auto accKeys = [](const char* what) {
        const char* why = "describes how the offloaded code was built; `build.command` builds it";
        return std::vector<KeySchema>{
            K("compiler", fmt::format("compiler used for the {} code", what))
                .t(tEnum(kCompilers))
                .docOnly(why),
            K("version", "compiler version").t(tString("\"23.1\"")).docOnly(why),
            K("accelerators", "accelerators used per node")
                .t(tInt(atLeast(1)))
                .alias({"number_of_acc"})
                .docOnly("GPUs per node come from scale, job and the target"),
        };
    };
    openacc.kind = "openacc";
    openacc.doc = "OpenACC settings of an HPC application (`parallelisation-opencc`)";
    openacc.keys = accKeys("OpenACC");
    opencl.kind = "opencl";
    opencl.doc = "OpenCL settings of an HPC application (`parallelisation-opencl`)";
    opencl.keys = accKeys("OpenCL");

    appBuild.kind = "build";
    appBuild.doc = "how to build the application before it runs (a separate build job)";
    appBuild.keys = {
        K("src", "source to fetch: a `.git` URL is cloned, anything else is downloaded with wget")
            .t(tString())
            .req()
            .ph("\"https://example.org/app.tar.gz\""),
        K("command",
          "build command run inside the container; `{{BUILD_PARALLELISM}}` is replaced by "
          "`parallelism`")
            .t(tText())
            .req()
            .alias({"build_command"})
            .ph("\"make -j {{BUILD_PARALLELISM}}\""),
        K("parallelism", "parallel build processes (tasks of the build job)")
            .t(tInt(atLeast(1)))
            .alias({"build_parallelism"}),
    };

    env.kind = "env";
    env.doc = "extra environment variables exported before the run: `NAME = value`";
    env.anyKey = (KeySchema)K("NAME", "an environment variable exported before the run")
                     .t(tString())
                     .t(tInt())
                     .t(tFloat())
                     .t(tBool());

    // §4.2 application
    application.kind = "application";
    application.doc = "what runs: an AI training job or an HPC program";
    application.keys = {
        K("kind", "what sort of application this is")
            .t(tEnum(kAppKinds))
            .req()
            .orig("optimisation.app_type")
            .alias({"app_type"})
            .ph("ai_training"),
        K("task", "what the model learns to do")
            .t(tEnum(kTasks))
            .orig("config.type")
            .docOnly("the performance model takes the cost of a sample from `workload`"),
        K("layers", "number of layers of the model: a size hint when no workload is given")
            .t(tInt(atLeast(1)))
            .orig("config.layers")
            .docOnly(
                "a layer count gives no FLOPs per sample: the performance model needs `workload`"),
        K("parameters", "trainable parameters of the model: a size hint when no workload is given")
            .t(tInt(atLeast(1)))
            .orig("config.parameters")
            .docOnly("parameters alone give no FLOPs per sample: the performance model needs "
                     "`workload`"),
        K("framework", "AI framework and optional version string, e.g. `tensorflow \"2.1\"`")
            .t(tVersioned(kFrameworks, "tensorflow \"2.1\""))
            .when("kind = ai_training")
            .orig("ai_framework, ai_framework-*.version")
            .alias({"ai_framework"})
            .ph("pytorch \"2.1\""),
        K("keras_backend", "backend Keras runs on (only with `framework = keras`)")
            .t(tEnum(kKerasBackends))
            .orig("ai_framework-keras.backend")
            .alias({"backend"}),
        K("workload",
          "the model trained: a built-in workload, a `workload` block's name, or a nested "
          "`workload { }` block")
            .t(tEnum(builtinWorkloadValues()))
            .t(tRef("workload"))
            .blk(workload)
            .orig("config.type, layers, parameters"),
        K("dataset", "the training data").blk(dataset).orig("app_type-*.data").alias({"data"}),
        K("batch_size", "global training batch size (samples per step)").t(tInt(between(1, 1e9))),
        K("epochs", "passes over the data set").t(tInt(between(1, 1e9))),
        K("steps_per_epoch", "training steps per epoch (default: samples / batch_size)")
            .t(tInt(atLeast(1))),
        K("precision", "numeric precision of training").t(tEnum(kPrecisions)),
        K("fine_tuning", "which parameters train: all of them, or LoRA adapters on frozen weights")
            .t(tEnum(kFineTuning)),
        K("lora_rank", "rank of the LoRA adapters (fine_tuning = lora)").t(tInt(between(1, 65536))),
        K("attention", "how the transformer's attention core runs: fused (`flash`, the default) or "
                       "with its scores in memory (`eager`)")
            .t(tEnum(kAttention)),
        K("distributed", "data-parallel training strategy, or `auto` to let the model choose")
            .autoOk()
            .t(tEnum(kDistributed))
            .orig("config.distributed_training")
            .alias({"distributed_training"}),
        K("parallelisation", "parallel programming models the HPC application uses")
            .t(tList(tEnum(kParallelisation), "[mpi, openmp]"))
            .when("kind = hpc (unless ranks, executable or run is set)")
            .orig("app_type-hpc.config.parallelisation")
            .ph("[mpi]"),
        K("mpi", "MPI library and optional version string, e.g. `openmpi \"4.1\"`")
            .t(tVersioned(kMpiLibraries, "openmpi \"4.1\""))
            .orig("parallelisation-mpi")
            .alias({"parallelisation-mpi", "library"}),
        K("mpi_tuning",
          "measured MPI behaviour: core subscription, message size, scaling efficiency")
            .blk(mpiTuning)
            .orig("parallelisation-mpi.core_subscription, message_size, scaling_efficiency"),
        K("openmp", "OpenMP settings").blk(openmp).orig("parallelisation-openmp"),
        K("openacc", "OpenACC settings")
            .blk(openacc)
            .orig("parallelisation-opencc")
            .docOnly("its keys are documentation only"),
        K("opencl", "OpenCL settings")
            .blk(opencl)
            .orig("parallelisation-opencl")
            .docOnly("its keys are documentation only"),
        K("ranks", "MPI ranks in total (`-n`/`-np` of the launcher)")
            .t(tInt(atLeast(1)))
            .orig("mpi_ranks")
            .alias({"mpi_ranks", "nranks"}),
        K("threads", "threads per rank; exported as OMP_NUM_THREADS for mpi/hpc launches")
            .t(tInt(atLeast(1)))
            .orig("threads")
            .alias({"nthreads"}),
        K("executable", "program to run (relative to the job's working directory or on PATH)")
            .t(tString())
            .orig("executable"),
        K("arguments", "command-line arguments appended to `executable`")
            .t(tText())
            .orig("arguments")
            .alias({"args"}),
        K("run", "the whole command line (instead of `executable` + `arguments`)")
            .t(tText())
            .alias({"command"}),
        K("tag", "application tag used to pick a catalogue image (default: the block name)")
            .t(tString())
            .orig("app_tag")
            .alias({"app_tag"}),
        K("container",
          "explicit container image (e.g. \"docker://ubuntu:22.04\"); bypasses the catalogue")
            .t(tString("\"docker://ubuntu:22.04\""))
            .orig("container_runtime")
            .alias({"container_runtime", "image"}),
        K("type", "launch style of the application")
            .t(tEnum(kAppTypes))
            .orig("application.app_type"),
        K("build", "how to build the application before it runs")
            .blk(appBuild)
            .orig("application.build"),
        K("pre", "shell commands run before the application (after the job header)")
            .t(tText())
            .alias({"pre-execution", "pre_execution"}),
        K("post", "shell commands run after the application")
            .t(tText())
            .alias({"post-execution", "post_execution"}),
        K("env", "extra environment variables").blk(env).alias({"environment"}),
    };
    application.keys[0].doc = "what sort of application this is: `ai_training` or `hpc`";

    // §4.4 target
    cpu.kind = "cpu";
    cpu.doc = "the CPUs of one node";
    cpu.keys = {
        K("arch", "instruction-set architecture")
            .t(tEnum(kCpuArchs))
            .orig("opt_build.cpu_type")
            .alias({"cpu_type", "architecture"}),
        K("vendor", "CPU vendor").t(tEnum(kCpuVendors)),
        K("model", "CPU model (e.g. \"AMD EPYC 7742\")").t(tString("\"AMD EPYC 7742\"")),
        K("sockets", "CPU sockets per node").t(tInt(atLeast(1))).alias({"ncpus"}),
        K("cores", "physical cores per node (all sockets together)")
            .t(tInt(atLeast(1)))
            .alias({"ncores"}),
        K("threads_per_core", "hardware threads per core (SMT/hyper-threading)")
            .t(tInt(between(1, 8)))
            .alias({"nthreads"}),
    };

    gpu.kind = "gpu";
    gpu.doc = "the GPUs of one node";
    gpu.keys = {
        K("model", "GPU model").t(tEnum(gpuModelValues())).orig("opt_build.acc_type"),
        K("count", "GPUs per node").t(tInt(between(0, 64))).alias({"naccel"}),
    };

    partition.kind = "partition";
    partition.doc = "a scheduler partition whose nodes differ from the target's defaults";
    partition.keys = {
        K("nodes", "nodes in this partition").t(tInt(atLeast(1))).alias({"nnodes"}),
        K("cpu", "the CPUs of one node of this partition").blk(cpu),
        K("gpu", "the GPUs of one node of this partition").blk(gpu),
        K("memory", "memory per node of this partition").t(tSize()),
        K("default", "jobs without a `partition` use this one (at most one per target)").t(tBool()),
        K("charge_factor", "what an hour here costs in the target's `charge` units, relative to "
                           "its default partition (e.g. 2 for a large-memory partition)")
            .t(tFloat(greaterThan(0))),
    };

    charge.kind = "charge";
    charge.doc = "how the centre charges jobs: the unit, its price and the allocation left";
    charge.keys = {
        K("unit", "what the allocation is counted in")
            .t(tEnum(kChargeUnits))
            .req()
            .ph("node_hours"),
        K("price", "what one unit costs, to compare the site with clouds (e.g. `0.9 EUR`)")
            .t(tAmount()),
        K("allocation", "units left in the project's allocation, e.g. `200000 gpu_hours`")
            .t(tAmount()),
        K("factor", "units charged per unit used (the centre's charge factor; default 1)")
            .t(tFloat(greaterThan(0))),
    };

    storage.kind = "storage";
    storage.doc = "a file system of the target that jobs and data can use";
    storage.keys = {
        K("path", "mount point or URL of the storage")
            .t(tString("\"/scratch\""))
            .req()
            .ph("\"/scratch\""),
        K("class", "storage class (used to match `dataset.storage` and `deployment.storage`)")
            .t(tEnum(kStorageClasses))
            .alias({"storage_class"}),
    };

    target.kind = "target";
    target.doc = "where it runs: an HPC system, a Kubernetes cluster or a cloud";
    target.keys = {
        K("scheduler", "batch system that runs the jobs")
            .t(tEnum(kSchedulers))
            .req()
            .orig("job_scheduler_type")
            .alias({"job_scheduler_type", "queue_type"})
            .ph("slurm"),
        K("site", "infrastructure name, used to select site-specific scripts")
            .t(tString())
            .orig("target.name"),
        K("cloud", "cloud provider, for targets whose VMs are created with Terraform")
            .t(tEnum(kClouds)),
        K("runtime", "container runtime available on the nodes").t(tEnum(kRuntimes)),
        K("nodes", "nodes available to jobs").t(tInt(atLeast(1))).alias({"nnodes", "num_nodes"}),
        K("cpu", "the CPUs of one node").blk(cpu).orig("opt_build.cpu_type"),
        K("gpu", "the GPUs of one node").blk(gpu).orig("opt_build.acc_type"),
        K("accelerator", "accelerator vendor, when no `gpu` block describes the GPUs")
            .t(tEnum(kAccelerators))
            .orig("opt_build.acc_type")
            .alias({"acc_type"}),
        K("memory", "memory per node").t(tSize()),
        K("interconnect", "network between the nodes").t(tEnum(kInterconnects)),
        K("network_ports",
          "ports a node has on the interconnect, each at its bandwidth (default 1; a "
          "rail-optimised GPU node has one a GPU, e.g. 8 on a DGX H100): between nodes an "
          "all-reduce sends each GPU's shard over its own port")
            .t(tInt(between(1, 64)))
            .ph("8"),
        K("mtbf",
          "mean time between failures of one node: with the plan's predicted step time it sets "
          "the checkpoint interval (Young/Daly); default 6300h (Llama 3's 8-GPU H100 nodes, 2024)")
            .t(tDuration())
            .ph("6300h"),
        K("partition", "a scheduler partition: `partition NAME { … }`")
            .blk(partition, true)
            .alias({"partitions"}),
        K("storage", "a file system: `storage NAME { path = …, class = … }`").blk(storage, true),
        K("queue", "default queue for jobs (overridden by `job.queue`)").t(tString()),
        K("account", "default account charged for jobs (overridden by `job.account`)").t(tString()),
        K("modules", "environment modules loaded before every run")
            .t(tList(tString(), "[\"cuda/11.8\"]")),
        K("registry", "registry mirror images are pulled from")
            .t(tString())
            .docOnly("image references are written as the catalogue or `image` block gives them"),
        K("image_dir", "directory holding the container images (default $SINGULARITY_DIR, else the "
                       "job's folder); $NAME, ${NAME} and a leading ~/ expand on the node")
            .t(tString())
            .alias({"singularity_dir"}),
        K("flavor", "cloud VM flavour (OpenStack)").t(tString()),
        K("image", "cloud VM image").t(tString()),
        K("network", "cloud network the VMs attach to").t(tString()),
        K("region", "cloud region").t(tString()),
        K("instance_type", "cloud instance type: its GPUs, network and price come from the "
                           "instance catalogue (`modak catalog instances`)")
            .t(tString("\"p5.48xlarge\"")),
        K("charge", "how an HPC centre charges jobs: `charge { unit = gpu_hours, price = 0.9 EUR, "
                    "allocation = 200000 gpu_hours }`")
            .blk(charge),
        K("namespace", "Kubernetes namespace of the jobs").t(tString()),
        K("kubeflow", "the Kubeflow operator distributed training jobs are written for on "
                      "Kubernetes (default trainer)")
            .t(tEnum(kKubeflow)),
        K("calibration",
          "site calibration file (from `modak model fit`, JSON), relative to this file: "
          "plans for this target use it instead of the built-in calibration")
            .t(tString("\"site.calibration.json\"")),
    };

    // §4.7 scale
    scale.kind = "scale";
    scale.doc =
        "how many resources to use; ranges and `auto` leave the choice to the embedded model";
    scale.keys = {
        K("nodes", "nodes to use: a number, a range for the model to choose from, or `auto`")
            .autoOk()
            .t(tRange(tInt(between(1, 100000)), "1..8"))
            .alias({"node_count"}),
        K("gpus_per_node", "GPUs used on each node")
            .autoOk()
            .t(tInt(between(0, 64)))
            .alias({"request_gpus", "gpus"}),
        K("tasks_per_node", "processes (ranks) on each node")
            .autoOk()
            .t(tInt(atLeast(1)))
            .alias({"process_count_per_node"}),
        K("threads", "threads per process").autoOk().t(tInt(atLeast(1))),
        K("min_efficiency", "lowest acceptable parallel efficiency when scaling out (0 < x ≤ 1)")
            .t(tFloat(Interval{0, 1, true, false}))
            .orig("minimal_efficiency")
            .alias({"minimal_efficiency"}),
        K("max_nodes", "upper bound on the nodes the model may choose").t(tInt(between(1, 100000))),
    };

    parallel.kind = "parallel";
    parallel.doc = "the layout of one training step over the devices (docs/model.md "
                   "\"Parallelism\"); a key left out or `auto` is the model's choice";
    parallel.keys = {
        K("tensor", "tensor (Megatron) parallelism: GPUs that split every layer's matrices")
            .autoOk()
            .t(tInt(between(1, 1024))),
        K("pipeline", "pipeline parallelism: stages that split the layers")
            .autoOk()
            .t(tInt(between(1, 1024))),
        K("context", "context (sequence) parallelism: GPUs that split each sequence")
            .autoOk()
            .t(tInt(between(1, 1024)))
            .alias({"sequence"}),
        K("expert", "expert parallelism: GPUs that split a mixture of experts' experts")
            .autoOk()
            .t(tInt(between(1, 1024))),
        K("microbatches",
          "micro-batches per optimizer step (pipeline micro-batches, gradient accumulation); "
          "they divide the application's batch")
            .autoOk()
            .t(tInt(between(1, 100000)))
            .alias({"gradient_accumulation", "accumulation"}),
        K("schedule", "pipeline schedule").autoOk().t(tEnum(kPipelineSchedules)),
        K("virtual_stages", "interleaved schedule: model chunks per device")
            .t(tInt(between(1, 1024))),
        K("zero", "ZeRO stage: 1 shards the optimizer state, 2 also the gradients, 3 (FSDP) also "
                  "the weights over the data-parallel replicas; 0 replicates them")
            .autoOk()
            .t(tInt(between(0, 3))),
        K("recompute", "activation recomputation").autoOk().t(tEnum(kRecompute)),
    };

    // §4.8 job
    job.kind = "job";
    job.doc = "batch-job options (Slurm, Torque/PBS)";
    job.keys = {
        K("name", "job name (Slurm -J, PBS -N)").t(tString()).orig("job_name").alias({"job_name"}),
        K("walltime", "wall-clock limit (Slurm --time, PBS -l walltime)")
            .t(tDuration())
            .orig("wall_time_limit")
            .alias({"wall_time_limit", "time"}),
        K("queue", "queue or partition (Slurm --partition, PBS -q)").t(tString()).orig("queue"),
        K("account", "account charged (-A)").t(tString()),
        K("qos", "quality of service (Slurm --qos, PBS -l qos)").t(tString()),
        K("nodes", "nodes requested (Slurm -N, PBS -l nodes)")
            .t(tInt(atLeast(1)))
            .orig("node_count")
            .alias({"node_count"}),
        K("tasks", "tasks in total (Slurm -n, PBS -l procs)")
            .t(tInt(atLeast(1)))
            .orig("core_count")
            .alias({"core_count", "ntasks"}),
        K("tasks_per_node", "tasks per node (Slurm --ntasks-per-node, PBS ppn)")
            .t(tInt(atLeast(1)))
            .orig("process_count_per_node")
            .alias({"process_count_per_node", "ppn"}),
        K("cpus_per_task", "CPUs per task (Slurm --cpus-per-task)")
            .t(tInt(atLeast(1)))
            .alias({"core_count_per_process"}),
        K("gpus", "GPUs per node (Slurm --gpus-per-node, PBS gpus)")
            .t(tInt(between(0, 64)))
            .orig("request_gpus")
            .alias({"request_gpus", "gpus_per_node"}),
        K("memory", "memory per node (Slurm --mem, PBS -l mem)")
            .t(tSize())
            .alias({"memory_limit", "mem"}),
        K("memory_per_cpu", "memory per CPU (Slurm --mem-per-cpu, PBS -l pmem)")
            .t(tSize())
            .alias({"minimum_memory_per_processor"}),
        K("output", "file for standard output (Slurm --output, PBS -o)")
            .t(tString())
            .orig("standard_output_file")
            .alias({"standard_output_file"}),
        K("error", "file for standard error (Slurm --error, PBS -e)")
            .t(tString())
            .orig("standard_error_file")
            .alias({"standard_error_file"}),
        K("combine_output",
          "write standard error into the output file (PBS -j oe; Slurm omits --error)")
            .t(tBool())
            .orig("combine_stdout_stderr")
            .alias({"combine_stdout_stderr"}),
        K("notify", "events that send mail (Slurm --mail-type, PBS -m)")
            .t(tList(tEnum(kNotify), "[end, fail]"))
            .orig("request_event_notification")
            .alias({"request_event_notification", "mail_type"}),
        K("email", "address that receives the mail (Slurm --mail-user, PBS -M)")
            .t(tString("\"me@example.org\""))
            .orig("email_address")
            .alias({"email_address", "mail"}),
        K("export_env",
          "export the submission environment: `true` for all, or a list of variable names, "
          "where `all` adds the whole environment (Slurm --export, PBS -V/-v)")
            .t(tBool())
            .t(tList(tStringOr({{"all", "the whole submission environment (Slurm ALL, PBS -V)"}}),
                     "[\"PATH\"]"))
            .orig("copy_environment, copy_environment_variable")
            .alias({"copy_environment", "copy_environment_variable"}),
        K("nodelist", "specific nodes to run on (Slurm --nodelist, PBS -l nodes=)")
            .t(tString())
            .orig("request_specific_nodes")
            .alias({"request_specific_nodes"}),
        K("constraint", "node feature constraint (Slurm -C, PBS -l partition)")
            .t(tString())
            .alias({"architecture_constraint"}),
        K("array",
          "job array indices: a range `0..9`, a list `[1, 4..6]`, or a Slurm string \"0-15%4\" "
          "(Slurm --array, PBS -t/-J)")
            .t(tRange(tInt(atLeast(0)), "0..9"))
            .t(tList(tRange(tInt(atLeast(0))), "[1, 4..6]"))
            .t(tString())
            .alias({"job_array"}),
        K("dependency",
          "jobs this one waits for, e.g. \"afterok:1234\" (Slurm --dependency, PBS -W depend)")
            .t(tString())
            .alias({"job_dependency"}),
        K("begin", "earliest start time, e.g. \"now+1hour\" (Slurm --begin, PBS -a)")
            .t(tString())
            .alias({"defer_job"}),
        K("exclusive",
          "do not share nodes with other jobs (Slurm --exclusive, PBS naccesspolicy=singlejob)")
            .t(tBool())
            .alias({"node_exclusive"}),
        K("chain",
          "when the predicted training outlasts `walltime`, continue it in chained jobs that "
          "resume from the last checkpoint (default true; false: one job that stops at the "
          "walltime)")
            .t(tBool()),
    };

    // §4.9 autotune
    parameter.kind = "parameter";
    parameter.doc = "one tuned parameter: `values = [...]` or `range = a..b`";
    parameter.keys = {
        K("values", "the values to try").t(tList(tScalar(), "[32, 64, 128]")),
        K("range", "the interval to search").t(tRange(tFloat(), "1..8")),
    };
    autotune.kind = "autotune";
    // `modak bench` runs the whole product of the parameters; these are for MODAK's tuning service.
    const char* kTunerOnly =
        "`modak bench` sweeps every combination of the parameters; no tuner runs";
    autotune.doc = "automatic tuning of application parameters";
    autotune.keys = {
        K("tuner", "search strategy").t(tEnum(kTuners)).docOnly(kTunerOnly),
        K("input", "tuner input file").t(tString()).docOnly(kTunerOnly),
        K("metric", "what the tuner optimises").t(tEnum(kMetrics)).docOnly(kTunerOnly),
        K("budget", "maximum number of trial runs").t(tInt(atLeast(1))).docOnly(kTunerOnly),
        K("parameter", "a tuned parameter: `parameter NAME { values = [...] }`")
            .blk(parameter, true),
    };

    // §4.5 deployment
    deployment.kind = "deployment";
    deployment.doc = "how an application runs on a target: scale, job options, outputs";
    deployment.keys = {
        K("application", "the application to deploy").t(tRef("application")).req().alias({"app"}),
        K("target", "the target to deploy to, or several (`[juwels, aws_p5]`): the plan weighs "
                    "them and the others become fallbacks")
            .t(tRef("target"))
            .t(tList(tRef("target"), "[juwels, aws_p5]"))
            .req(),
        K("failover", "with several targets: the order they are tried in (default ranked)")
            .t(tEnum(kFailover)),
        K("objective", "what the plan minimises (default time)").t(tEnum(kObjectives)),
        K("deadline", "the run must finish within this time (queue wait not included)")
            .t(tDuration()),
        K("budget", "the most the run may cost: money (`5000 USD`) or allocation units "
                    "(`20000 gpu_hours`)")
            .t(tAmount()),
        K("spot", "cloud spot (preemptible) instances allowed: cheaper, interrupted; the "
                  "checkpoint interval follows their interruption rate (default false)")
            .t(tBool()),
        K("build", "which image flavour to use")
            .t(tEnum(kBuilds))
            .orig("enable_opt_build")
            .alias({"enable_opt_build"}),
        K("graph_compiler", "graph compiler applied to the AI framework")
            .t(tEnum(kGraphCompilers))
            .orig("ai_framework-tensorflow.xla, ai_framework-pytorch.glow")
            .alias({"xla", "glow", "compiler"}),
        K("runtime", "container runtime; overrides the target's").t(tEnum(kRuntimes)),
        K("image", "pin this `image` block instead of letting the model choose from the catalogue")
            .t(tRef("image")),
        K("partition", "partition of the target to run in (a `partition` block of the target)")
            .t(tString()),
        K("storage", "storage to use: the name of a target `storage` block, or a storage class")
            .t(tString())
            .orig("storage_class_pref")
            .alias({"storage_class_pref"}),
        K("mounts", "more host paths the job sees inside its container or pod, as `SRC`, `SRC:DST` "
                    "or `SRC:DST:ro` (absolute paths; the data set's path and the storage's are "
                    "mounted already)")
            .t(tList(tString(), "[\"/project/shared:/shared:ro\"]")),
        K("scale", "how many resources to use").blk(scale).alias({"scaling", "autoscaling"}),
        K("parallel",
          "how one training step is split over the devices: tensor, pipeline, context and expert "
          "parallelism, ZeRO sharding, micro-batches, recompute (`auto`: the model chooses)")
            .autoOk()
            .blk(parallel),
        K("job", "batch-job options").blk(job).orig("job_options").alias({"job_options"}),
        K("autotune", "automatic tuning")
            .blk(autotune)
            .orig("optimisation.autotuning")
            .alias({"autotuning"}),
        K("emit", "outputs written by `modak generate`")
            .t(tList(tEnum(kEmits), "[slurm, singularity]")),
    };

    // §4.10 image: a container-catalogue entry written in the language (MODAK's container mappings)
    imageEnv.kind = "env";
    imageEnv.doc = "environment the image needs at run time: `NAME = value`";
    imageEnv.anyKey = (KeySchema)K("NAME", "an environment variable the image needs")
                          .t(tString())
                          .t(tInt())
                          .t(tFloat())
                          .t(tBool());
    image.kind = "image";
    image.doc = "a container image the embedded model may choose, in addition to its catalogue";
    image.keys = {
        K("reference",
          "registry reference of the image, e.g. `docker://modakopt/modak:tensorflow-2.1-gpu-src`")
            .t(tString("\"docker://registry/repository:tag\""))
            .req()
            .orig("container_name, container_file")
            .alias({"container_name", "container_file"})
            .ph("\"docker://registry/repository:tag\""),
        K("image_type",
          "kind of image reference: `docker` (OCI registry), `shub` (Singularity Hub), "
          "`library` (Sylabs library) or `oras`")
            .t(tEnum({{"docker", "an OCI/Docker registry image"},
                      {"shub", "a Singularity Hub image"},
                      {"library", "a Sylabs Cloud library image"},
                      {"oras", "an OCI artifact pulled with ORAS"}}))
            .orig("container_type, image_type")
            .alias({"container_type"}),
        K("framework", "AI framework in the image and its version, e.g. `tensorflow \"2.1\"`")
            .t(tVersioned(kFrameworks, "tensorflow \"2.1\"")),
        K("mpi", "MPI library in the image and its version, e.g. `mvapich \"2.2\"`")
            .t(tVersioned(kMpiLibraries, "openmpi \"4.1\"")),
        K("app", "application the image is specific to (MODAK's `app_name`, e.g. \"code_aster\")")
            .t(tString())
            .orig("app_name"),
        K("arch", "CPU architecture the image is built for")
            .t(tEnum(kCpuArchs))
            .orig("target.cpu_type")
            .alias({"cpu_type"}),
        K("accelerator", "accelerator vendor the image supports")
            .t(tEnum(kAccelerators))
            .orig("target.acc_type")
            .alias({"acc_type"}),
        K("cuda", "CUDA version in the image, e.g. \"10.1\"").t(tString("\"11.8\"")),
        K("build",
          "how the image was built: `hub` (upstream), `pip`, or `source` (optimised build)")
            .t(tEnum(kImageBuilds))
            .orig("enable_opt_build"),
        K("graph_compilers", "graph compilers the image supports")
            .t(tList(tEnum(kGraphCompilers), "[xla]")),
        K("libraries",
          "notable libraries with versions, e.g. [\"mkl 2020\", \"cudnn 7.6\", \"nccl 2.7\"]")
            .t(tList(tString(), "[\"cudnn 7.6\"]")),
        K("flags", "compiler flags of an optimised build, e.g. \"-march=skylake-avx512\"")
            .t(tString()),
        K("features", "features the image provides, as MODAK's mapping selectors (e.g. [\"mpicc\", "
                      "\"mpifort\"])")
            .t(tList(tString(), "[\"mpicc\"]"))
            .orig("optimisation, selectors"),
        K("env",
          "environment the image needs at run time (XLA flags, OMP/KMP affinity, NCCL settings)")
            .blk(imageEnv),
    };

    // §4.1 file level
    file.kind = "file";
    file.doc = "the top level of a .modak file";
    file.keys = {
        K("catalog",
          "extra catalogue file (JSON, schemas/catalog.schema.json), merged over the embedded one")
            .t(tString("\"site-catalog.json\""))
            .alias({"catalogue"}),
        K("application", "an application: `application NAME { … }`").blk(application, true),
        K("target", "a target system: `target NAME { … }`").blk(target, true),
        K("deployment", "a deployment of an application on a target: `deployment NAME { … }`")
            .blk(deployment, true),
        K("workload", "a custom workload: `workload NAME { flops_per_sample = …, parameters = … }`")
            .blk(workload, true),
        K("image", "a container image the model may choose: `image NAME { reference = \"…\" }`")
            .blk(image, true),
    };
    // Every block's keys are set: index them for key(). (The table is const once constructed.)
    for (const BlockSchema* b : all())
        const_cast<BlockSchema*>(b)->indexKeys();
}

const Tables& tables() {
    static const Tables t;
    return t;
}

constexpr std::array<std::string_view, 5> kTopLevelKinds = {"application", "target", "deployment",
                                                            "workload", "image"};

} // namespace

// ------------------------------------------------------------------------------------------------
// Public lookups.

bool Interval::contains(double v) const {
    if (min && (minExclusive ? v <= *min : v < *min))
        return false;
    if (max && (maxExclusive ? v >= *max : v > *max))
        return false;
    return true;
}

const EnumValue* ValueType::value(std::string_view name) const {
    for (const EnumValue& v : values)
        if (v.name == name)
            return &v;
    return nullptr;
}

std::span<const EnumValue> KeySchema::enumValues() const {
    for (const ValueType& t : types)
        if (t.kind == ValueKind::Enum || t.kind == ValueKind::Versioned)
            return t.values;
    return {};
}

const KeySchema* BlockSchema::key(std::string_view name) const {
    // Not indexed (a schema made outside the table, or one without keys, whose slots were never
    // filled): a scan.
    if (slotNext_.size() != keys.size() || keys.empty()) {
        for (const KeySchema& k : keys)
            if (syntax::sameKey(k.name, name))
                return &k;
        return nullptr;
    }
    for (uint8_t i = slotFirst_[syntax::Statement::keySlot(name)]; i != kNoKey; i = slotNext_[i])
        if (syntax::sameKey(keys[i].name, name))
            return &keys[i];
    return nullptr;
}

void BlockSchema::indexKeys() {
    if (keys.size() >= kNoKey)
        throw std::logic_error("BlockSchema::indexKeys: too many keys in " + kind);
    slotFirst_.fill(kNoKey);
    slotNext_.assign(keys.size(), kNoKey);
    // Chains in the keys' order, so a name written twice in the table finds its first entry.
    for (size_t i = keys.size(); i-- > 0;) {
        uint8_t& first = slotFirst_[syntax::Statement::keySlot(keys[i].name)];
        slotNext_[i] = first;
        first = static_cast<uint8_t>(i);
    }
}

const KeySchema* BlockSchema::keyByAlias(std::string_view name) const {
    for (const KeySchema& k : keys)
        for (const std::string& a : k.aliases)
            if (a == name)
                return &k;
    return nullptr;
}

const BlockSchema& fileSchema() {
    return tables().file;
}

const BlockSchema* topLevelBlock(std::string_view kind) {
    const KeySchema* k = tables().file.key(kind);
    return k && k->named ? k->block : nullptr;
}

std::span<const std::string_view> topLevelKinds() {
    return kTopLevelKinds;
}

std::vector<const BlockSchema*> allBlockSchemas() {
    return tables().all();
}

const BlockSchema* blockSchemaAt(std::span<const std::string_view> path) {
    const BlockSchema* b = &tables().file;
    for (std::string_view step : path) {
        const KeySchema* k = b->key(step);
        if (!k || !k->block)
            return nullptr;
        b = k->block;
    }
    return b;
}

std::span<const BuiltinWorkload> builtinWorkloads() {
    return builtinWorkloadTable();
}

const BuiltinWorkload* builtinWorkload(std::string_view name) {
    for (const BuiltinWorkload& w : builtinWorkloadTable())
        if (w.name == name)
            return &w;
    return nullptr;
}

// ------------------------------------------------------------------------------------------------
// Type texts.

namespace {

std::string number(double v) {
    if (std::abs(v) < 1e15 && v == std::floor(v))
        return fmt::format("{}", static_cast<long long>(v));
    return fmt::format("{}", v);
}

std::string boundText(double v, ValueKind kind) {
    if (kind == ValueKind::Size)
        return number(v) + " B";
    if (kind == ValueKind::Duration)
        return number(v) + "s";
    if (kind == ValueKind::Amount)
        return number(v) + " USD";
    return number(v);
}

const char* baseName(ValueKind k) {
    switch (k) {
    case ValueKind::String:
        return "string";
    case ValueKind::Text:
        return "text";
    case ValueKind::Integer:
        return "int";
    case ValueKind::Float:
        return "float";
    case ValueKind::Bool:
        return "bool";
    case ValueKind::Size:
        return "size";
    case ValueKind::Duration:
        return "duration";
    case ValueKind::Amount:
        return "amount";
    case ValueKind::Enum:
        return "enum";
    case ValueKind::Reference:
        return "ref";
    case ValueKind::Versioned:
        return "versioned";
    case ValueKind::List:
        return "list";
    case ValueKind::Range:
        return "range";
    case ValueKind::Scalar:
        return "scalar";
    }
    return "?";
}

std::string intervalSuffix(const Interval& iv) {
    if (iv.unbounded())
        return {};
    if (iv.min && iv.max && !iv.minExclusive && !iv.maxExclusive)
        return fmt::format(" {}..{}", number(*iv.min), number(*iv.max));
    std::string s;
    if (iv.min)
        s += fmt::format(" {} {}", iv.minExclusive ? ">" : "≥", number(*iv.min));
    if (iv.max)
        s += fmt::format("{} {} {}", iv.min ? "," : "", iv.maxExclusive ? "<" : "≤",
                         number(*iv.max));
    return s;
}

std::string joinValues(std::span<const EnumValue> values, size_t limit) {
    std::string s;
    for (size_t i = 0; i < values.size() && i < limit; ++i) {
        if (i)
            s += ", ";
        s += values[i].name;
    }
    if (values.size() > limit)
        s += ", …";
    return s;
}

std::string article(std::string_view noun) {
    return (noun.size() && std::string_view("aeiou").find(noun[0]) != std::string_view::npos
                ? "an "
                : "a ") +
           std::string(noun);
}

} // namespace

std::string typeText(const ValueType& t) {
    switch (t.kind) {
    case ValueKind::Enum:
        return "enum{" + joinValues(t.values, 64) + "}";
    case ValueKind::Versioned:
        return "versioned(enum{" + joinValues(t.values, 64) + "})";
    case ValueKind::Reference:
        return "ref(" + t.refKind + ")";
    case ValueKind::List:
        return "list(" + typeText(*t.element) + ")";
    case ValueKind::Range:
        return "range(" + typeText(*t.element) + ")";
    case ValueKind::String:
        return t.values.empty() ? "string" : "string|" + joinValues(t.values, 64);
    default:
        return baseName(t.kind) + intervalSuffix(t.interval);
    }
}

std::string typeText(const KeySchema& key) {
    std::string s = key.allowsAuto ? "auto" : "";
    for (const ValueType& t : key.types) {
        if (!s.empty())
            s += "|";
        s += typeText(t);
    }
    if (key.block) {
        if (!s.empty())
            s += "|";
        s += key.named ? "block " + key.name + " NAME { … }" : "block { … }";
    }
    return s;
}

std::string describeInterval(const Interval& iv, ValueKind kind) {
    auto b = [&](double v) { return boundText(v, kind); };
    if (iv.min && iv.max) {
        if (!iv.minExclusive && !iv.maxExclusive)
            return fmt::format("between {} and {}", b(*iv.min), b(*iv.max));
        return fmt::format("{} {} and {} {}", iv.minExclusive ? "greater than" : "at least",
                           b(*iv.min), iv.maxExclusive ? "less than" : "at most", b(*iv.max));
    }
    if (iv.min)
        return fmt::format("{} {}", iv.minExclusive ? "greater than" : "at least", b(*iv.min));
    if (iv.max)
        return fmt::format("{} {}", iv.maxExclusive ? "less than" : "at most", b(*iv.max));
    return "any value";
}

std::string describeExpected(const ValueType& t) {
    switch (t.kind) {
    case ValueKind::String:
        if (!t.values.empty())
            return fmt::format("a string or `{}`", joinValues(t.values, 64));
        return t.example.empty() ? "a string" : fmt::format("a string such as `{}`", t.example);
    case ValueKind::Text:
        return "a string or text block";
    case ValueKind::Integer:
        return "an integer";
    case ValueKind::Float:
        return "a number";
    case ValueKind::Bool:
        return "`true` or `false`";
    case ValueKind::Size:
        return "a size such as `16 GiB`";
    case ValueKind::Duration:
        return "a duration such as `2h` or `01:30:00`";
    case ValueKind::Amount:
        return t.example.empty() ? "an amount such as `5000 USD` or `20000 gpu_hours`"
                                 : fmt::format("an amount such as `{}`", t.example);
    case ValueKind::Enum:
        if (t.values.size() <= 6) {
            std::string s = "one of ";
            for (size_t i = 0; i < t.values.size(); ++i)
                s += fmt::format("{}`{}`",
                                 i == 0                     ? ""
                                 : i + 1 == t.values.size() ? " or "
                                                            : ", ",
                                 t.values[i].name);
            return s;
        }
        return fmt::format("a name such as `{}`", t.values.front().name);
    case ValueKind::Reference:
        return "the name of " + article(t.refKind);
    case ValueKind::Versioned:
        return fmt::format("a name with an optional version such as `{}`", t.example);
    case ValueKind::List:
        return t.example.empty() ? "a list" : fmt::format("a list such as `{}`", t.example);
    case ValueKind::Range:
        return fmt::format("{} or a range such as `{}`", describeExpected(*t.element),
                           t.example.empty() ? "1..8" : t.example);
    case ValueKind::Scalar:
        return "a single value";
    }
    return "a value";
}

std::string describeExpected(const KeySchema& key) {
    std::vector<std::string> parts;
    if (key.allowsAuto)
        parts.push_back("`auto`");
    const bool hasFloat = std::any_of(key.types.begin(), key.types.end(), [](const ValueType& t) {
        return t.kind == ValueKind::Float;
    });
    const size_t alternatives = key.types.size() + (key.allowsAuto ? 1 : 0);
    for (const ValueType& t : key.types) {
        if (t.kind == ValueKind::Integer && hasFloat && t.interval.unbounded())
            continue; // "a number" covers integers
        if (t.kind == ValueKind::Bool && alternatives > 1) {
            parts.push_back("a boolean");
            continue;
        }
        // A workload is "a built-in workload or the name of a workload": say it once.
        if (t.kind == ValueKind::Reference && !parts.empty() &&
            key.types.front().kind == ValueKind::Enum) {
            parts.back() = "a built-in workload";
            parts.push_back("the name of " + article(t.refKind));
            continue;
        }
        parts.push_back(describeExpected(t));
    }
    if (parts.empty())
        return key.named ? fmt::format("a block `{} NAME {{ … }}`", key.name)
                         : fmt::format("a block `{} {{ … }}`", key.name);
    std::string s;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i)
            s += i + 1 == parts.size() ? " or " : ", ";
        s += parts[i];
    }
    return s;
}

// ------------------------------------------------------------------------------------------------
// Suggestions.

namespace {

/// The edit distance of `a` and `b`, or `bound` as soon as it is certain to be at least that.
size_t distanceUpTo(std::string_view a, std::string_view b, size_t bound) {
    auto lower = [](char c) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    };
    const size_t n = a.size(), m = b.size();
    // Three rows, reused: allocating them was most of the cost of a suggestion under ASan.
    thread_local std::vector<size_t> rows;
    rows.assign(3 * (m + 1), 0);
    size_t *prev2 = rows.data(), *prev = prev2 + (m + 1), *cur = prev + (m + 1);
    for (size_t j = 0; j <= m; ++j)
        prev[j] = j;
    size_t prevMin = 0;
    for (size_t i = 1; i <= n; ++i) {
        cur[0] = i;
        size_t rowMin = i;
        for (size_t j = 1; j <= m; ++j) {
            size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]))
                cur[j] = std::min(cur[j], prev2[j - 2] + 1);
            rowMin = std::min(rowMin, cur[j]);
        }
        // A row's minimum is at least the smaller of the previous row's and the one before's plus
        // one: once two rows in a row reach the bound, every later one does.
        if (rowMin >= bound && prevMin >= bound)
            return bound;
        prevMin = rowMin;
        size_t* oldest = prev2;
        prev2 = prev;
        prev = cur;
        cur = oldest;
    }
    return prev[m];
}

} // namespace

size_t editDistance(std::string_view a, std::string_view b) {
    return distanceUpTo(a, b, SIZE_MAX);
}

std::string_view suggest(std::string_view word, std::span<const std::string_view> candidates) {
    // Accept roughly one typo per three characters, like clang's typo correction.
    const size_t limit = std::max<size_t>(1, (word.size() + 2) / 3);
    std::string_view best;
    size_t bestDistance = 2 * limit + 1;
    for (std::string_view c : candidates) {
        if (c == word)
            continue;
        // Scores are doubled distances so that a completion of the word ("v100" → "v100_pcie")
        // ranks just above a one-letter typo ("p100").
        // The distance is at least the difference in length, and past the limit its value does not
        // matter.
        size_t gap = c.size() > word.size() ? c.size() - word.size() : word.size() - c.size();
        size_t d = 2 * (gap > limit ? gap : distanceUpTo(word, c, limit + 1));
        if (c.size() > word.size() && word.size() >= 3) {
            if (c.starts_with(word))
                d = std::min<size_t>(d, 1);
            else if (c.ends_with(word))
                d = std::min<size_t>(d, 2 * limit);
        }
        if (d <= 2 * limit && d < bestDistance) {
            best = c;
            bestDistance = d;
        }
    }
    return best;
}

std::string_view suggest(std::string_view word, const std::vector<std::string>& candidates) {
    std::vector<std::string_view> views(candidates.begin(), candidates.end());
    return suggest(word, std::span<const std::string_view>(views));
}

} // namespace modak::model
