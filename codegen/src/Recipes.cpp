// SPDX-License-Identifier: Apache-2.0
#include "Recipes.h"

#include "Shell.h"

#include "modak/model/TreeAccess.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace modak::codegen {
namespace {

using namespace model::tree;

/// Everything both recipes say, decided once.
struct Recipe {
    std::string deployment, sourceName, version;
    std::string imageName, reference;  ///< reference without its scheme
    std::string build;                 ///< hub, pip, source
    std::string framework, frameworkVersion, graphCompiler, accelerator, cuda, python;
    std::string mpi, mpiVersion;
    std::string cpuFlag, cpuName;
    std::string computeCapability;     ///< "7.0" for a V100; "" without a GPU
    bool intelCpu = false;
    std::vector<std::pair<std::string, std::string>> env;
    std::string run, buildSrc, buildCommand;
    std::string builderBase, runtimeBase;  ///< source builds
    bool ok = true;
};

std::string withoutScheme(std::string_view reference) {
    auto scheme = reference.find("://");
    return std::string(scheme == std::string_view::npos ? reference : reference.substr(scheme + 3));
}

/// An OCI reference a FROM line can hold: registry/name:tag@digest characters only.
bool referenceSafe(std::string_view r) {
    if (r.empty())
        return false;
    return std::all_of(r.begin(), r.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '.' || c == '_' || c == '-' || c == '/' || c == ':' || c == '@';
    });
}

/// "2.1" → "2.1.0"; longer versions are kept.
std::string fullVersion(const std::string& v) {
    return std::count(v.begin(), v.end(), '.') == 1 ? v + ".0" : v;
}

std::string ubuntuFor(const std::string& python) {
    if (python.empty())
        return "22.04";
    if (python <= "3.6")
        return "18.04";
    if (python <= "3.8")
        return "20.04";
    return "22.04";
}

/// A Dockerfile double-quoted word: `\`, `"` and `$` escaped (ENV and LABEL expand `$`).
std::string dockerQuote(std::string_view v) {
    std::string out = "\"";
    for (char c : v) {
        if (c == '\\' || c == '"' || c == '$')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

bool singleLine(std::string_view v) {
    return std::none_of(v.begin(), v.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
}

/// A Dockerfile exec-form array (JSON): nothing in it is interpreted by Docker or a shell.
std::string execForm(const std::vector<std::string>& argv) {
    return nlohmann::json(argv).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Recipe readRecipe(const DeploymentContext& c, Diagnostics& diags) {
    Recipe r;
    const JobSpec& s = c.spec;
    r.deployment = c.deployment.name;
    r.sourceName = c.options.sourceName;
    r.version = c.options.version;
    r.env = s.env;
    r.run = s.run;
    r.buildSrc = s.buildSrc;
    r.buildCommand = s.buildCommand;
    r.reference = withoutScheme(s.imageReference);
    const model::Candidate* chosen = c.plan.chosen ? &*c.plan.chosen : nullptr;
    if (chosen) {
        r.imageName = chosen->imageName;
        r.build = chosen->build;
        r.graphCompiler = chosen->graphCompiler;
        if (const model::Image* img = chosen->image) {
            if (img->framework) {
                r.framework = img->framework->name;
                r.frameworkVersion = img->framework->version;
            }
            if (img->mpi) {
                r.mpi = img->mpi->name;
                r.mpiVersion = img->mpi->version;
            }
            r.accelerator = img->accelerator;
            r.cuda = img->cuda;
            r.python = img->python;
        }
        if (const model::Cpu* cpu = chosen->scenario.cpu) {
            r.cpuFlag = targetCpuFlag(cpu->microarchitecture, cpu->arch);
            r.cpuName = cpu->name;
            r.intelCpu = cpu->vendor == "intel";
        }
        if (const model::Gpu* gpu = chosen->scenario.gpu)
            r.computeCapability = gpu->computeCapability;
    }
    // The application's MPI wins: the container's MPI must match the host's for srun/mpirun.
    if (const Value* mpi = attr(c.application, "mpi"); mpi && mpi->kind == Value::Kind::Versioned) {
        r.mpi = std::string(mpi->text);
        r.mpiVersion = std::string(mpi->version());
    }
    if (r.cpuFlag.empty()) {
        const Statement* cpu = child(c.target, "cpu");
        std::string arch = word(cpu, "arch", "x86_64");
        r.cpuFlag = targetCpuFlag("", arch);
        r.intelCpu = word(cpu, "vendor") == "intel";
    }
    if (r.reference.empty() && r.build != "source") {
        diags.add(DiagCode::UnsupportedEmit, c.plan.range,
                  fmt::format("deployment '{}': no container image was chosen, so no container recipe is written", r.deployment));
        r.ok = false;
        return r;
    }
    if (!r.reference.empty() && !referenceSafe(r.reference)) {
        diags.add(DiagCode::UnsafeValue, c.plan.range,
                  fmt::format("deployment '{}': the image reference '{}' cannot be written into a FROM line", r.deployment,
                              r.reference));
        r.ok = false;
    }
    if (r.build == "source") {
        std::string ubuntu = ubuntuFor(r.python);
        if (r.accelerator == "nvidia") {
            std::string cuda = r.cuda.empty() ? "11.8" : r.cuda;
            bool old = cuda < "11";
            std::string tag = old ? cuda : fullVersion(cuda);
            std::string cudnn = old ? "cudnn7" : "cudnn8";
            if (old && ubuntu == "22.04")
                ubuntu = "18.04";
            r.builderBase = fmt::format("nvidia/cuda:{}-{}-devel-ubuntu{}", tag, cudnn, ubuntu);
            r.runtimeBase = fmt::format("nvidia/cuda:{}-{}-runtime-ubuntu{}", tag, cudnn, ubuntu);
        } else {
            r.builderBase = r.runtimeBase = "ubuntu:" + ubuntu;
        }
    }
    return r;
}

// ---- the steps both recipes share, as shell text ----------------------------------------------------

/// Debian/Ubuntu packages of the builder.
std::string builderPackages(const Recipe& r) {
    std::string p = "build-essential ca-certificates cmake curl git pkg-config python3-dev python3-pip python3-setuptools "
                    "python3-wheel";
    if (r.accelerator == "nvidia")
        p += " libnccl-dev libnccl2";
    if (r.framework == "tensorflow")
        p += " openjdk-11-jdk-headless unzip zip";
    return p;
}

std::string runtimePackages(const Recipe& r) {
    std::string p = "ca-certificates python3 python3-pip";
    if (r.accelerator == "nvidia")
        p += " libnccl2";
    if (!r.mpi.empty())
        p += " libhwloc15 openssh-client";
    return p;
}

/// Builds MPI from its release tarball into /opt/mpi (the version the application names).
std::string mpiBuild(const Recipe& r) {
    if (r.mpi.empty())
        return {};
    std::string version = r.mpiVersion.empty() ? (r.mpi == "mpich" ? "4.1.2" : "4.1.5") : fullVersion(r.mpiVersion);
    std::string series = version.substr(0, version.rfind('.'));
    std::string url;
    if (r.mpi == "openmpi")
        url = fmt::format("https://download.open-mpi.org/release/open-mpi/v{}/openmpi-{}.tar.bz2", series, version);
    else if (r.mpi == "mpich")
        url = fmt::format("https://www.mpich.org/static/downloads/{0}/mpich-{0}.tar.gz", version);
    else if (r.mpi == "mvapich")
        url = fmt::format("https://mvapich.cse.ohio-state.edu/download/mvapich/mv2/mvapich2-{}.tar.gz", version);
    else
        return fmt::format("# {} {} is the site's own MPI: bind it into the container at run time.\n", r.mpi, version);
    return fmt::format("mkdir -p /src/mpi && cd /src/mpi\n"
                       "curl -fsSL {} | tar -x{}f - --strip-components=1\n"
                       "./configure --prefix=/opt/mpi{}\n"
                       "make -j\"$(nproc)\" install\n",
                       shellQuote(url), url.ends_with(".bz2") ? "j" : "z",
                       r.accelerator == "nvidia" && r.mpi == "openmpi" ? " --with-cuda=/usr/local/cuda" : "");
}

/// The framework built from source into wheels in /opt/wheels ("" for an image without one).
std::string frameworkBuild(const Recipe& r) {
    if (r.framework.empty())
        return {};
    std::string v = fullVersion(r.frameworkVersion.empty() ? "2.1" : r.frameworkVersion);
    bool cuda = r.accelerator == "nvidia";
    if (r.framework == "tensorflow") {
        std::string configs = "--config=opt";
        if (cuda)
            configs += " --config=cuda";
        if (r.intelCpu && !cuda)
            configs += " --config=mkl";
        return fmt::format(
            "git clone --depth 1 --branch v{0} https://github.com/tensorflow/tensorflow.git /src/tensorflow\n"
            "cd /src/tensorflow\n"
            "curl -fsSL -o /usr/local/bin/bazel https://github.com/bazelbuild/bazelisk/releases/download/v1.19.0/bazelisk-linux-amd64\n"
            "chmod +x /usr/local/bin/bazel\n"
            "export PYTHON_BIN_PATH=/usr/bin/python3 TF_ENABLE_XLA=1 TF_NEED_CUDA={1}{2}\n"
            "./configure </dev/null\n"
            "bazel build {3} --copt={4} //tensorflow/tools/pip_package:build_pip_package\n"
            "./bazel-bin/tensorflow/tools/pip_package/build_pip_package /opt/wheels\n",
            v, cuda ? 1 : 0,
            cuda && !r.computeCapability.empty() ? " TF_CUDA_COMPUTE_CAPABILITIES=" + r.computeCapability : "", configs,
            r.cpuFlag);
    }
    if (r.framework == "pytorch") {
        return fmt::format(
            "git clone --depth 1 --branch v{0} --recursive https://github.com/pytorch/pytorch.git /src/pytorch\n"
            "cd /src/pytorch\n"
            "pip3 install -r requirements.txt\n"
            "export USE_CUDA={1} USE_MKLDNN=1 USE_DISTRIBUTED=1 BUILD_TEST=0{2}\n"
            "python3 setup.py bdist_wheel\n"
            "mkdir -p /opt/wheels && cp dist/*.whl /opt/wheels/\n",
            v, cuda ? 1 : 0, cuda && !r.computeCapability.empty() ? " TORCH_CUDA_ARCH_LIST=" + r.computeCapability : "");
    }
    if (r.framework == "mxnet") {
        return fmt::format(
            "git clone --depth 1 --branch {0} --recursive https://github.com/apache/mxnet.git /src/mxnet\n"
            "mkdir -p /src/mxnet/build && cd /src/mxnet/build\n"
            "cmake -DUSE_CUDA={1} -DUSE_CUDNN={1} -DUSE_MKLDNN=ON -DUSE_OPENMP=ON{2} ..\n"
            "make -j\"$(nproc)\"\n"
            "cd ../python && python3 setup.py bdist_wheel && mkdir -p /opt/wheels && cp dist/*.whl /opt/wheels/\n",
            v, cuda ? "ON" : "OFF", cuda && !r.computeCapability.empty() ? " -DMXNET_CUDA_ARCH=" + r.computeCapability : "");
    }
    // Frameworks without a maintained source build: the release wheel, compiled code left as shipped.
    return fmt::format("mkdir -p /opt/wheels && pip3 wheel --no-deps --wheel-dir /opt/wheels {}\n",
                       shellQuote(r.framework + "==" + v));
}

/// The application's own build (`build { src, command }`), into /opt/app.
std::string appBuild(const Recipe& r) {
    if (r.buildSrc.empty())
        return {};
    return fmt::format("git clone --depth 1 {} /opt/app\ncd /opt/app\nbash -c {}\n", shellQuote(r.buildSrc),
                       shellQuote(r.buildCommand));
}

std::string header(const Recipe& r, std::string_view what, std::string_view comment) {
    std::string out = fmt::format("{0} {1} for deployment {2}, generated by modak {3} from {4}.\n"
                                  "{0} Do not edit: change the .modak file and run `modak generate` again.\n",
                                  comment, what, r.deployment, r.version, r.sourceName);
    if (r.build == "source") {
        std::string what = r.framework.empty() ? std::string() : r.framework + " " + r.frameworkVersion;
        if (!r.framework.empty() && r.graphCompiler != "none" && !r.graphCompiler.empty())
            what += " with " + r.graphCompiler;
        if (!r.mpi.empty())
            what += (what.empty() ? "" : ", ") + r.mpi + " " + r.mpiVersion;
        out += fmt::format("{} The model chose {} built from source: {}, {} for {}.\n", comment,
                           r.imageName.empty() ? "an image" : r.imageName, what.empty() ? "the toolchain" : what, r.cpuFlag,
                           r.cpuName.empty() ? "the target CPU" : r.cpuName);
    }
    else
        out += fmt::format("{} The model chose {} ({} build){}.\n", comment, r.imageName.empty() ? r.reference : r.imageName,
                           r.build.empty() ? "explicit" : r.build,
                           r.graphCompiler != "none" && !r.graphCompiler.empty() ? " with " + r.graphCompiler : "");
    return out;
}

/// Indents every line of `script` for a RUN heredoc-free Dockerfile line: `set -eux; a && b` is
/// hard to read, so each command becomes its own `&& \` line.
std::string runLines(const std::string& script) {
    std::string out = "RUN set -eux; \\\n";
    size_t start = 0;
    bool first = true;
    while (start < script.size()) {
        size_t nl = script.find('\n', start);
        std::string line = script.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        start = nl == std::string::npos ? script.size() : nl + 1;
        if (line.empty())
            continue;
        out += (first ? "    " : " && \\\n    ") + line;
        first = false;
    }
    return out + "\n";
}

bool checkEnv(const Recipe& r, const DeploymentContext& c, Diagnostics& diags) {
    bool ok = true;
    for (const auto& [k, v] : r.env)
        if (!singleLine(v)) {
            diags.add(DiagCode::UnsafeValue, c.plan.range,
                      fmt::format("deployment '{}': the environment value of {} holds a line break or control character, "
                                  "which a Dockerfile ENV or a definition file's %environment cannot carry",
                                  r.deployment, k));
            ok = false;
        }
    return ok;
}

std::string dockerfile(const Recipe& r) {
    std::string out = "# syntax=docker/dockerfile:1\n" + header(r, "Container recipe", "#") + "\n";
    std::string envLines;
    for (const auto& [k, v] : r.env)
        envLines += fmt::format("ENV {}={}\n", k, dockerQuote(v));
    std::string labels = fmt::format("LABEL org.opencontainers.image.title={} \\\n      io.modak.deployment={} \\\n"
                                     "      io.modak.image={} \\\n      io.modak.build={} \\\n      io.modak.graph-compiler={}\n",
                                     dockerQuote(r.deployment), dockerQuote(r.deployment),
                                     dockerQuote(r.imageName.empty() ? r.reference : r.imageName),
                                     dockerQuote(r.build.empty() ? "explicit" : r.build),
                                     dockerQuote(r.graphCompiler.empty() ? "none" : r.graphCompiler));
    std::string cmd = r.run.empty() ? "" : "CMD " + execForm({"bash", "-c", r.run}) + "\n";
    if (r.build != "source") {
        out += "FROM " + r.reference + "\n" + labels;
        if (!envLines.empty())
            out += "\n" + envLines;
        if (!r.buildSrc.empty()) {
            out += "\n# The application, built in the image it runs in.\n";
            out += runLines(appBuild(r));
            out += "WORKDIR /opt/app\n";
        }
        return out + (cmd.empty() ? "" : "\n" + cmd);
    }
    out += fmt::format("# ---- build: toolchain, {}, the framework from source ----\n", r.mpi.empty() ? "no MPI" : r.mpi + " " + r.mpiVersion);
    out += "FROM " + r.builderBase + " AS build\n";
    out += "ARG DEBIAN_FRONTEND=noninteractive\n";
    out += fmt::format("ENV CFLAGS=\"-O3 {0}\" \\\n    CXXFLAGS=\"-O3 {0}\"\n", r.cpuFlag);
    out += runLines(fmt::format("apt-get update\napt-get install -y --no-install-recommends {}\nrm -rf /var/lib/apt/lists/*\n",
                                builderPackages(r)));
    if (std::string mpi = mpiBuild(r); !mpi.empty() && !mpi.starts_with("#"))
        out += runLines(mpi) + "ENV PATH=/opt/mpi/bin:$PATH \\\n    LD_LIBRARY_PATH=/opt/mpi/lib\n";
    else if (!mpi.empty())
        out += mpi;
    if (std::string fw = frameworkBuild(r); !fw.empty())
        out += runLines(fw);
    if (!r.buildSrc.empty())
        out += runLines(appBuild(r));
    out += "\n# ---- runtime: only what the build installed ----\n";
    out += "FROM " + r.runtimeBase + "\n" + labels;
    out += "ARG DEBIAN_FRONTEND=noninteractive\n";
    out += runLines(fmt::format("apt-get update\napt-get install -y --no-install-recommends {}\nrm -rf /var/lib/apt/lists/*\n",
                                runtimePackages(r)));
    if (!r.framework.empty())
        out += "COPY --from=build /opt/wheels /opt/wheels\n";
    if (!r.mpi.empty() && !mpiBuild(r).starts_with("#"))
        out += "COPY --from=build /opt/mpi /opt/mpi\nENV PATH=/opt/mpi/bin:$PATH \\\n    LD_LIBRARY_PATH=/opt/mpi/lib\n";
    if (!r.buildSrc.empty())
        out += "COPY --from=build /opt/app /opt/app\n";
    if (!r.framework.empty())
        out += "RUN " + execForm({"sh", "-c", "pip3 install --no-cache-dir /opt/wheels/*.whl && rm -rf /opt/wheels"}) + "\n";
    if (!envLines.empty())
        out += "\n" + envLines;
    if (!r.buildSrc.empty())
        out += "WORKDIR /opt/app\n";
    return out + (cmd.empty() ? "" : "\n" + cmd);
}

/// A definition file section. Bodies are not indented: apptainer passes them to the shell as
/// written, and indenting would change multi-line strings the application's commands hold.
std::string section(const std::string& name, const std::string& body) {
    return "%" + name + "\n" + body + (body.ends_with('\n') ? "" : "\n") + "\n";
}

std::string definition(const Recipe& r) {
    std::string out = header(r, "Apptainer/Singularity definition", "#") + "\n";
    std::string env;
    for (const auto& [k, v] : r.env)
        env += fmt::format("export {}={}\n", k, shellQuote(v));
    std::string labels = fmt::format("org.opencontainers.image.title {}\nio.modak.deployment {}\nio.modak.image {}\n"
                                     "io.modak.build {}\nio.modak.graph-compiler {}\n",
                                     r.deployment, r.deployment, r.imageName.empty() ? r.reference : r.imageName,
                                     r.build.empty() ? "explicit" : r.build, r.graphCompiler.empty() ? "none" : r.graphCompiler);
    std::string runscript = r.run.empty() ? "exec \"$@\"\n" : fmt::format("exec bash -c {} \"$@\"\n", shellQuote(r.run));
    std::string help = fmt::format("Deployment {} (modak {}), image {}{}. Run it with the job scripts modak generates.\n",
                                   r.deployment, r.version, r.imageName.empty() ? r.reference : r.imageName,
                                   r.framework.empty() ? "" : " (" + r.framework + " " + r.frameworkVersion + ")");
    if (r.build != "source") {
        out += "Bootstrap: docker\nFrom: " + r.reference + "\n\n";
        if (!r.buildSrc.empty())
            out += section("post", "set -eu\n" + appBuild(r));
        if (!env.empty())
            out += section("environment", env);
        out += section("labels", labels) + section("runscript", runscript) + section("help", help);
        return out;
    }
    out += "Bootstrap: docker\nFrom: " + r.builderBase + "\nStage: build\n\n";
    std::string post = fmt::format("set -eu\nexport DEBIAN_FRONTEND=noninteractive CFLAGS='-O3 {0}' CXXFLAGS='-O3 {0}'\n"
                                   "apt-get update\napt-get install -y --no-install-recommends {1}\nrm -rf /var/lib/apt/lists/*\n",
                                   r.cpuFlag, builderPackages(r));
    if (std::string mpi = mpiBuild(r); !mpi.empty())
        post += mpi + (mpi.starts_with("#") ? "" : "export PATH=\"/opt/mpi/bin:$PATH\" LD_LIBRARY_PATH=/opt/mpi/lib\n");
    post += frameworkBuild(r) + appBuild(r);
    out += section("post", post);
    out += "Bootstrap: docker\nFrom: " + r.runtimeBase + "\nStage: final\n\n";
    std::string files = r.framework.empty() ? "" : "/opt/wheels /opt/wheels\n";
    if (!r.mpi.empty() && !mpiBuild(r).starts_with("#"))
        files += "/opt/mpi /opt/mpi\n";
    if (!r.buildSrc.empty())
        files += "/opt/app /opt/app\n";
    out += section("files from build", files);
    out += section("post", fmt::format("set -eu\nexport DEBIAN_FRONTEND=noninteractive\napt-get update\n"
                                       "apt-get install -y --no-install-recommends {}\nrm -rf /var/lib/apt/lists/*\n{}",
                                       runtimePackages(r),
                                       r.framework.empty() ? "" : "pip3 install --no-cache-dir /opt/wheels/*.whl\nrm -rf /opt/wheels\n"));
    if (!r.mpi.empty() && !mpiBuild(r).starts_with("#"))
        env = "export PATH=\"/opt/mpi/bin:$PATH\" LD_LIBRARY_PATH=/opt/mpi/lib\n" + env;
    if (!env.empty())
        out += section("environment", env);
    out += section("labels", labels) + section("runscript", runscript) + section("help", help);
    return out;
}

} // namespace

std::string targetCpuFlag(std::string_view micro, std::string_view arch) {
    static const std::pair<std::string_view, std::string_view> kFlags[] = {
        {"broadwell", "-march=broadwell"},         {"skylake", "-march=skylake-avx512"},
        {"cascadelake", "-march=cascadelake"},     {"cooperlake", "-march=cooperlake"},
        {"icelake", "-march=icelake-server"},      {"sapphirerapids", "-march=sapphirerapids"},
        {"knightslanding", "-march=knl"},          {"zen2", "-march=znver2"},
        {"zen3", "-march=znver3"},                 {"zen4", "-march=znver4"},
        {"neoverse_n1", "-mcpu=neoverse-n1"},      {"neoverse_v2", "-mcpu=neoverse-v2"},
        {"a64fx", "-mcpu=a64fx"},                  {"power9", "-mcpu=power9"},
    };
    for (const auto& [m, flag] : kFlags)
        if (m == micro)
            return std::string(flag);
    // Unknown CPUs: a baseline every machine of the architecture runs.
    if (arch == "aarch64")
        return "-march=armv8-a";
    if (arch == "ppc64le")
        return "-mcpu=power8";
    return "-march=x86-64-v2";
}

void emitDocker(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    Recipe r = readRecipe(c, diags);
    if (!r.ok || !checkEnv(r, c, diags))
        return;
    out.push_back({"container/Dockerfile", dockerfile(r), false});
}

void emitSingularity(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    Recipe r = readRecipe(c, diags);
    if (!r.ok || !checkEnv(r, c, diags))
        return;
    out.push_back({"container/" + r.deployment + ".def", definition(r), false});
}

std::vector<Artefact> containerBuildJob(const DeploymentContext& c, Diagnostics& diags) {
    if (!c.plan.chosen || c.plan.chosen->build != "source")
        return {};
    Recipe r = readRecipe(c, diags);
    if (!r.ok || !checkEnv(r, c, diags))
        return {};
    const JobSpec& s = c.spec;
    bool oci = s.runtime == "docker" || s.runtime == "podman";
    std::string tool = oci ? s.runtime : (s.runtime == "singularity" ? "singularity" : "apptainer");
    std::vector<Artefact> out;
    // The recipe travels with the job, so the job builds exactly what this generation wrote.
    if (oci)
        out.push_back({"container/Dockerfile", dockerfile(r), false});
    else
        out.push_back({"container/" + r.deployment + ".def", definition(r), false});
    std::string scheduler = s.scheduler == "kubernetes" ? "none" : s.scheduler;
    std::string text = "#!/bin/bash\n";
    if (scheduler == "slurm")
        text += fmt::format("#SBATCH --job-name={}-image\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task={}\n"
                            "#SBATCH --time=12:00:00\n{}{}#SBATCH --output={}-image-%j.out\n",
                            s.name, std::max(4, s.buildParallelism), s.queue.empty() ? "" : "#SBATCH --partition=" + s.queue + "\n",
                            s.account.empty() ? "" : "#SBATCH --account=" + s.account + "\n", s.name);
    else if (scheduler == "torque" || scheduler == "pbs")
        text += fmt::format("#PBS -N {}-image\n{}\n#PBS -l walltime=12:00:00\n{}{}#PBS -j oe\n", s.name,
                            scheduler == "pbs" ? "#PBS -l select=1:ncpus=4" : "#PBS -l nodes=1:ppn=4",
                            s.queue.empty() ? "" : "#PBS -q " + s.queue + "\n", s.account.empty() ? "" : "#PBS -A " + s.account + "\n");
    text += fmt::format("# Container build job for deployment {}, generated by modak {} from {}.\n"
                        "# Do not edit: change the .modak file and run `modak generate` again.\n"
                        "# Builds the image the model chose ({}, from source) from the recipe next to this script.\n\n",
                        r.deployment, r.version, r.sourceName, r.imageName.empty() ? "the image" : r.imageName);
    if (scheduler == "torque" || scheduler == "pbs")
        text += "cd \"${PBS_O_WORKDIR:-$PWD}\"\n";
    text += "set -euo pipefail\n\n";
    // Schedulers run a copy of the script from their spool: the recipe is found in the directory the
    // job was submitted from (submit from the deployment's directory).
    text += "here=${SLURM_SUBMIT_DIR:-${PBS_O_WORKDIR:-$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)}}\n";
    for (const auto& m : s.modules)
        text += fmt::format("module load {}\n", shellQuote(m));
    if (oci) {
        std::string tag = "modak/" + r.deployment + ":latest";
        text += fmt::format("{} build --tag {} --file \"$here/container/Dockerfile\" \"$here/container\"\n", tool, shellQuote(tag));
    } else {
        std::string imageDir = s.imageDir.empty() ? "\"${SINGULARITY_DIR:-$PWD}\"" : shellQuote(s.imageDir);
        text += fmt::format("image_dir={}\nmkdir -p \"$image_dir\"\n", imageDir);
        // The name the job scripts look for, so the job runs this build instead of pulling.
        std::string file = localImageName(s.imageReference.empty() ? r.deployment : s.imageReference) + ".sif";
        text += fmt::format("{} build --fakeroot \"$image_dir\"/{} \"$here/container/{}.def\"\n", tool, shellQuote(file),
                            r.deployment);
    }
    std::string file = scheduler == "none" ? "build-image.sh" : "build-image." + scheduler + ".sh";
    out.push_back({file, text, true});
    return out;
}

} // namespace modak::codegen
