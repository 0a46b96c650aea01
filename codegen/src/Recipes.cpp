// SPDX-License-Identifier: Apache-2.0
#include "Recipes.h"

#include "modak/codegen/Shell.h"
#include "modak/model/Catalogue.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <set>

namespace modak::codegen {
namespace {

// ---------------------------------------------------------------------------------------------
// Escaping. Every recipe line is built from fixed text, validated tokens and quoted values, and no
// value ever carries a line break into a line: multi-line user code is written one quoted word per
// line (`printf '%s\n' 'line' …`). That keeps both parsers line-based safe: Docker's
// (continuations, comments) and apptainer's (a word starting with `%` opens a section, `Bootstrap:`
// a stage).

/// A single-quoted shell word. `{{` is split (`{''{`) so apptainer's `{{ build_arg }}` templating
/// never sees a template in a value; the shell rejoins the pieces.
std::string q(std::string_view value) {
    std::string out = "'";
    for (size_t i = 0; i < value.size(); ++i) {
        char c = value[i];
        if (c == '\'')
            out += "'\\''";
        else if (c == '\\' && (i + 1 == value.size() || value[i + 1] == '\''))
            out += "'\\\\'"; // a backslash before a closing quote, outside the quotes (clearer to
                             // readers and shellcheck)
        else
            out += c;
        if (c == '{' && i + 1 < value.size() && value[i + 1] == '{')
            out += "''";
    }
    return out + "'";
}

/// A Dockerfile double-quoted word (ENV, LABEL): `\`, `"` and `$` escaped, so Docker's own variable
/// substitution leaves the value as it is.
std::string dq(std::string_view value) {
    std::string out = "\"";
    for (char c : value) {
        if (c == '\\' || c == '"' || c == '$')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string jsonString(std::string_view value) {
    return nlohmann::json(std::string(value))
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// Versions, package names, flags: letters, digits and `._+-`; safe anywhere unquoted.
bool isToken(std::string_view v) {
    return !v.empty() && std::all_of(v.begin(), v.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '.' || c == '_' || c == '-' || c == '+';
    });
}

/// An image reference: registry, path, tag, digest. Nothing a parser could misread.
bool isReference(std::string_view v) {
    return !v.empty() && v.front() != '-' && std::all_of(v.begin(), v.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '.' || c == '_' || c == '-' || c == '/' || c == ':' ||
               c == '@' || c == '+';
    });
}

bool hasLineBreak(std::string_view v) {
    return v.find_first_of("\n\r", 0) != std::string_view::npos ||
           v.find('\0') != std::string_view::npos;
}

/// Text for a comment or a label: control characters become spaces.
std::string flat(std::string_view v) {
    std::string out(v);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = ' ';
    return out;
}

std::vector<std::string> splitLines(std::string_view text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        lines.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    while (!lines.empty() && lines.back().empty())
        lines.pop_back();
    while (!lines.empty() && lines.front().empty())
        lines.erase(lines.begin());
    return lines;
}

/// A command writing `text` into `path`, one quoted word per line.
std::string writeFile(std::string_view text, std::string_view path) {
    std::string cmd = "printf '%s\\n'";
    for (const auto& line : splitLines(text))
        cmd += " " + q(line);
    return cmd + " > " + std::string(path);
}

// ---------------------------------------------------------------------------------------------
// The recipe: what both renderers write.

struct EnvVar {
    std::string name, value;
    bool expands =
        false; ///< a search path (our own directories) prepended to the variable's old value
};

/// Prepends `dir` to the search path `name` (PATH, LD_LIBRARY_PATH), merging with an earlier entry:
/// one Dockerfile `ENV` instruction substitutes the values from before it, so two entries would
/// lose one.
void prependPath(std::vector<EnvVar>& env, const std::string& name, const std::string& dir) {
    for (auto& e : env)
        if (e.name == name && e.expands) {
            e.value = dir + ":" + e.value;
            return;
        }
    env.push_back({name, dir, true});
}

/// The value of a search path entry: `dirs:$PATH`, `dirs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}`.
std::string pathValue(const EnvVar& e) {
    return e.value + (e.name == "PATH" ? ":$PATH" : "${" + e.name + ":+:$" + e.name + "}");
}

struct Step {
    std::string comment;
    /// Single-line shell commands, run in order, stop at the first failure
    std::vector<std::string> commands;
    bool userValues = false; ///< holds quoted user values: exec form in the Dockerfile
};

struct Stage {
    std::string name; ///< "build", "runtime"; "" for a single stage
    std::string bootstrap = "docker";
    std::string base; ///< reference without its scheme
    std::vector<EnvVar> env;
    std::vector<std::string> copies; ///< directories copied from the previous stage (same path)
    std::vector<Step> steps;
};

struct Recipe {
    std::vector<std::string> summary; ///< header comment lines
    std::vector<Stage> stages;
    std::vector<std::pair<std::string, std::string>> labels;
    std::string workdir;
    bool runScript = false; ///< /opt/modak/run.sh holds the application's command
    std::string test;       ///< the definition file's %test command
    std::vector<std::string> help;
};

// ---------------------------------------------------------------------------------------------
// Tables: base images, compiler flags, versions.

struct Ubuntu {
    std::string_view release;
    int gcc;
    std::string_view python;
    std::string_view gfortranRuntime;
};
constexpr Ubuntu kUbuntu[] = {
    {"18.04", 7, "3.6", "libgfortran4"},
    {"20.04", 9, "3.8", "libgfortran5"},
    {"22.04", 11, "3.10", "libgfortran5"},
};
const Ubuntu& ubuntu(std::string_view release) {
    for (const auto& u : kUbuntu)
        if (u.release == release)
            return u;
    return kUbuntu[2];
}

/// nvidia/cuda tags with cuDNN, `{}` = devel or runtime.
struct CudaBase {
    std::string_view cuda, tag, ubuntu;
};
constexpr CudaBase kCuda[] = {
    {"10.0", "10.0-cudnn7-{}-ubuntu18.04", "18.04"},
    {"10.1", "10.1-cudnn7-{}-ubuntu18.04", "18.04"},
    {"10.2", "10.2-cudnn7-{}-ubuntu18.04", "18.04"},
    {"11.0", "11.0.3-cudnn8-{}-ubuntu20.04", "20.04"},
    {"11.3", "11.3.1-cudnn8-{}-ubuntu20.04", "20.04"},
    {"11.8", "11.8.0-cudnn8-{}-ubuntu22.04", "22.04"},
    {"12.1", "12.1.1-cudnn8-{}-ubuntu22.04", "22.04"},
    {"12.2", "12.2.2-cudnn8-{}-ubuntu22.04", "22.04"},
    {"12.4", "12.4.1-cudnn-{}-ubuntu22.04", "22.04"},
};
const CudaBase& cudaBase(std::string_view version) {
    for (const auto& c : kCuda)
        if (version == c.cuda ||
            (version.size() > c.cuda.size() && version.substr(0, c.cuda.size()) == c.cuda &&
             version[c.cuda.size()] == '.'))
            return c;
    // The newest of the same major version, else CUDA 12.2.
    const CudaBase* best = &kCuda[7];
    for (const auto& c : kCuda)
        if (!version.empty() &&
            c.cuda.substr(0, c.cuda.find('.')) == version.substr(0, version.find('.')))
            best = &c;
    return *best;
}

/// GCC's names for the catalogue's microarchitectures, newest first within a family; `fallback`
/// is the next older entry a GCC too old for this one knows.
struct Tuning {
    std::string_view microarchitecture;
    std::string_view option; ///< march (x86: -march and -mtune), mcpu (Arm, POWER: -mcpu [-mtune])
    std::string_view value;
    int minGcc;
    std::string_view fallback;
};
constexpr Tuning kTunings[] = {
    {"sapphirerapids", "march", "sapphirerapids", 11, "icelake"},
    {"icelake", "march", "icelake-server", 8, "cascadelake"},
    {"cooperlake", "march", "cooperlake", 10, "cascadelake"},
    {"cascadelake", "march", "cascadelake", 9, "skylake-avx512"},
    {"skylake-avx512", "march", "skylake-avx512", 6, "broadwell"},
    {"skylake", "march", "skylake", 6, "broadwell"},
    {"broadwell", "march", "broadwell", 5, "haswell"},
    {"haswell", "march", "haswell", 5, "x86_64"},
    {"knightslanding", "march", "knl", 5, "x86_64"},
    {"zen4", "march", "znver4", 13, "zen3"},
    {"zen3", "march", "znver3", 11, "zen2"},
    {"zen2", "march", "znver2", 9, "zen"},
    {"zen", "march", "znver1", 6, "x86_64"},
    {"neoverse_v2", "mcpu", "neoverse-v2", 13, "neoverse_v1"},
    {"neoverse_v1", "mcpu", "neoverse-v1", 11, "neoverse_n1"},
    {"neoverse_n1", "mcpu", "neoverse-n1", 9, "aarch64"},
    {"a64fx", "mcpu", "a64fx", 11, "aarch64_sve"},
    {"power9", "mcpu", "power9", 6, "ppc64le"},
    {"power10", "mcpu", "power10", 11, "power9"},
};

const Tuning* tuning(std::string_view microarchitecture) {
    for (const auto& t : kTunings)
        if (t.microarchitecture == microarchitecture)
            return &t;
    return nullptr;
}

/// Release versions pinned for a library's minor version (the last patch release).
struct Pin {
    std::string_view library, minor, release;
};
constexpr Pin kPins[] = {
    {"openmpi", "1.10", "1.10.7"},
    {"openmpi", "2.1", "2.1.6"},
    {"openmpi", "3.0", "3.0.6"},
    {"openmpi", "3.1", "3.1.6"},
    {"openmpi", "4.0", "4.0.7"},
    {"openmpi", "4.1", "4.1.6"},
    {"openmpi", "5.0", "5.0.3"},
    {"mpich", "3.1", "3.1.4"},
    {"mpich", "3.2", "3.2.1"},
    {"mpich", "3.3", "3.3.2"},
    {"mpich", "3.4", "3.4.3"},
    {"mpich", "4.0", "4.0.3"},
    {"mpich", "4.1", "4.1.2"},
    {"mpich", "4.2", "4.2.1"},
    {"mvapich", "2.2", "2.2"},
    {"mvapich", "2.3", "2.3.7"},
    {"intelmpi", "2021.10", "2021.10.0"},
    // Bazel as TensorFlow's tested build configurations give it.
    {"bazel", "1.14", "0.24.1"},
    {"bazel", "1.15", "0.26.1"},
    {"bazel", "2.0", "0.26.1"},
    {"bazel", "2.1", "0.27.1"},
    {"bazel", "2.2", "2.0.0"},
    {"bazel", "2.3", "2.0.0"},
    {"bazel", "2.4", "3.1.0"},
    {"bazel", "2.5", "3.7.2"},
    {"bazel", "2.13", "5.3.0"},
    {"bazel", "2.14", "6.1.0"},
    {"bazel", "2.15", "6.1.0"},
};

std::string minorOf(std::string_view version) {
    size_t dot = version.find('.');
    if (dot == std::string_view::npos)
        return std::string(version);
    size_t dot2 = version.find('.', dot + 1);
    return std::string(version.substr(0, dot2));
}

int components(std::string_view version) {
    return static_cast<int>(std::count(version.begin(), version.end(), '.')) + 1;
}

/// The release to download for `version` ("4.1" → "4.1.6"; "4.1.5" stays; "" → the newest pinned).
std::string release(std::string_view library, std::string_view version) {
    if (components(version) >= 3 ||
        (library == "mvapich" && components(version) == 2 && version != "2.3"))
        return std::string(version);
    std::string newest;
    for (const auto& p : kPins)
        if (p.library == library) {
            if (!version.empty() && p.minor == minorOf(version))
                return std::string(p.release);
            newest = p.release;
        }
    if (version.empty() || version == "latest")
        return newest;
    return std::string(version) + ".0";
}

int versionMajor(std::string_view v) {
    return std::atoi(std::string(v.substr(0, v.find('.'))).c_str());
}

bool older(std::string_view version, std::string_view than) {
    return version != "latest" && !version.empty() && model::compareVersions(version, than) < 0;
}

// ---------------------------------------------------------------------------------------------
// What the recipe is built from: the plan's choice, the application and the target.

struct Inputs {
    const DeploymentContext* c = nullptr;
    const model::Candidate* chosen = nullptr;
    const model::Image* image = nullptr;
    std::string reference, scheme, base; ///< "docker://x/y:1" → "docker", "x/y:1"
    std::string build;                   ///< hub, pip, source
    std::string framework, frameworkVersion, graphCompiler = "none";
    std::string mpi, mpiVersion, mpiNote;
    std::string accelerator = "none", cuda, computeCapability;
    const model::Cpu* cpu = nullptr;
    std::string cpuArch = "x86_64", cpuVendor;
    const model::Gpu* gpu = nullptr;
    std::string scheduler, interconnect;
    std::vector<std::string> libraries;
};

/// Where the application's environment variable `name` was given a value, else `fallback`.
SourceRange envValueRange(const model::Application& app, std::string_view name,
                          SourceRange fallback) {
    for (size_t i = 0; i < app.env.size() && i < app.envValueRanges.size(); ++i)
        if (app.env[i].first == name)
            return app.envValueRanges[i];
    return fallback;
}

void unsafe(Diagnostics& diags, SourceRange at, std::string message) {
    diags.add(DiagCode::UnsafeValue, at, std::move(message));
}

/// The MPI library the image needs: the application's (`mpi = openmpi "4.1"`), else the image's;
/// the version of the host's module of that library when it matches (the container's MPI must
/// match the host's for `srun`/`mpirun` from the host).
void chooseMpi(const DeploymentContext& c, Inputs& in, Diagnostics& diags) {
    const model::Application& app = c.lowered.application;
    if (!app.mpiLibrary.empty()) {
        in.mpi = app.mpiLibrary;
        in.mpiVersion = app.mpiVersion;
        if (!in.mpiVersion.empty() && !isToken(in.mpiVersion)) {
            unsafe(
                diags, app.mpiVersionRange.value_or(c.plan.range),
                "the MPI version cannot be written into a container recipe: use digits and dots");
            in.mpiVersion.clear();
        }
    } else if (in.image && in.image->mpi) {
        in.mpi = in.image->mpi->name;
        in.mpiVersion = isToken(in.image->mpi->version) ? in.image->mpi->version : "";
    }
    static const std::array<std::pair<std::string_view, std::string_view>, 8> kModules = {{
        {"openmpi", "openmpi"},
        {"mpich", "mpich"},
        {"mvapich2", "mvapich"},
        {"mvapich", "mvapich"},
        {"intel-mpi", "intelmpi"},
        {"impi", "intelmpi"},
        {"intelmpi", "intelmpi"},
        {"cray-mpich", "cray_mpich"},
    }};
    for (const auto& [module, at, written] : c.lowered.target.modules) {
        size_t slash = module.find('/');
        if (slash == std::string::npos)
            continue;
        std::string name = module.substr(0, slash), version = module.substr(slash + 1);
        std::transform(name.begin(), name.end(), name.begin(),
                       [](unsigned char ch) { return std::tolower(ch); });
        auto it = std::find_if(kModules.begin(), kModules.end(),
                               [&](const auto& m) { return m.first == name; });
        if (it == kModules.end() || !isToken(version) ||
            version.find_first_not_of("0123456789.") != std::string::npos)
            continue;
        if (in.mpi.empty() && c.spec.mpi)
            in.mpi = std::string(it->second);
        if (it->second != in.mpi)
            continue;
        if (in.mpiVersion.empty() || version == in.mpiVersion ||
            version.rfind(in.mpiVersion + ".", 0) == 0) {
            in.mpiVersion = version;
            in.mpiNote = "matches the host's module " + module;
        }
        break;
    }
    if (in.mpi.empty() && c.spec.mpi) {
        in.mpi = "openmpi";
        in.mpiNote = "the application uses MPI and names no library";
    }
}

/// The nodes are connected by InfiniBand (the catalogue's fabric of the target's interconnect): the
/// image needs the verbs and UCX libraries.
bool onInfiniband(const Inputs& in) {
    const model::Interconnect* link = model::Catalogue::builtin().interconnect(in.interconnect);
    return link && link->fabric == "infiniband";
}

Inputs gather(const DeploymentContext& c, Diagnostics& diags, bool& ok) {
    Inputs in;
    in.c = &c;
    ok = true;
    in.chosen = c.plan.chosen ? &*c.plan.chosen : nullptr;
    in.image = in.chosen ? in.chosen->image : nullptr;
    in.reference = c.spec.imageReference;
    in.build = in.chosen && !in.chosen->build.empty() ? in.chosen->build
                                                      : (in.image ? in.image->build : "hub");
    if (in.chosen)
        in.graphCompiler = in.chosen->graphCompiler.empty() ? "none" : in.chosen->graphCompiler;

    // Where a bad reference was written: the image block, the application's `container`, or the
    // plan.
    SourceRange refAt = c.plan.range;
    const model::Application& app = c.lowered.application;
    if (in.image)
        refAt = in.image->referenceRange.value_or(refAt); // set for image blocks only
    else
        refAt = app.containerRange.value_or(refAt);
    if (size_t colon = in.reference.find("://"); colon != std::string::npos) {
        in.scheme = in.reference.substr(0, colon);
        in.base = in.reference.substr(colon + 3);
    } else {
        in.scheme = "docker";
        in.base = in.reference;
    }
    if (!in.reference.empty() && (!isReference(in.base) || !isToken(in.scheme))) {
        unsafe(diags, refAt,
               fmt::format("deployment '{}': the image reference cannot be written into a "
                           "container recipe: it may "
                           "hold letters, digits and `._-/:@+` only",
                           c.deployment.name));
        ok = false;
    }
    if (in.reference.empty() && in.build != "source")
        in.build = "source"; // no image to start from: build one
    if (!in.image && !in.reference.empty())
        in.build = "hub"; // the application's own `container`: a thin recipe from it

    // Framework: the image's, else the application's.
    SourceRange fwAt = app.frameworkRange.value_or(c.plan.range);
    if (in.image && in.image->framework) {
        in.framework = in.image->framework->name;
        in.frameworkVersion = in.image->framework->version;
        if (in.image->origin == "image block")
            fwAt = in.image->frameworkRange.value_or(fwAt);
        else
            fwAt = c.plan.range;
    } else if (!in.image || !in.image->mpi) {
        in.framework = app.framework;
        in.frameworkVersion = app.frameworkVersion;
    }
    if (!in.frameworkVersion.empty() && !isToken(in.frameworkVersion)) {
        unsafe(
            diags, fwAt,
            "the framework version cannot be written into a container recipe: use digits and dots");
        ok = false;
    }
    if (in.image) {
        in.accelerator = in.image->accelerator.empty() ? "none" : in.image->accelerator;
        in.cuda = in.image->cuda;
        for (const auto& lib : in.image->libraries)
            in.libraries.push_back(lib);
        if (!in.image->arch.empty())
            in.cpuArch = in.image->arch;
    } else if (c.spec.gpusPerNode > 0) {
        in.accelerator = c.spec.accelerator;
    }
    if (!in.cuda.empty() && !isToken(in.cuda))
        in.cuda.clear();

    // The hardware: the plan's scenario when it has one, else the target's blocks in the catalogue.
    const std::optional<model::CpuSpec>& cpuSpec = c.lowered.target.cpu;
    const std::optional<model::GpuSpec>& gpuSpec = c.lowered.target.gpu;
    in.cpu = in.chosen ? in.chosen->scenario.cpu : nullptr;
    if (!in.cpu && cpuSpec)
        in.cpu = model::Catalogue::builtin().cpu(cpuSpec->model);
    in.cpuArch = in.cpu                              ? in.cpu->arch
                 : cpuSpec && !cpuSpec->arch.empty() ? cpuSpec->arch
                                                     : in.cpuArch;
    in.cpuVendor = in.cpu ? in.cpu->vendor : cpuSpec ? cpuSpec->vendor : std::string();
    in.gpu = in.chosen ? in.chosen->scenario.gpu : nullptr;
    if (!in.gpu && gpuSpec)
        in.gpu = model::Catalogue::builtin().gpu(gpuSpec->model);
    if (in.gpu && isToken(in.gpu->computeCapability))
        in.computeCapability = in.gpu->computeCapability;
    in.scheduler = c.spec.scheduler;
    in.interconnect = c.lowered.target.interconnect;
    chooseMpi(c, in, diags);
    return in;
}

/// "cudnn 7.6" → "7.6" when `libraries` lists `name`.
std::string libraryVersion(const Inputs& in, std::string_view name) {
    for (const auto& lib : in.libraries) {
        if (lib.size() > name.size() && lib.compare(0, name.size(), name) == 0 &&
            lib[name.size()] == ' ') {
            std::string v = lib.substr(name.size() + 1);
            if (isToken(v))
                return v;
        }
    }
    return {};
}

// ---------------------------------------------------------------------------------------------
// Steps.

std::string aptInstall(std::vector<std::string> packages) {
    std::sort(packages.begin(), packages.end());
    packages.erase(std::unique(packages.begin(), packages.end()), packages.end());
    std::string list;
    bool pinned = false;
    for (const auto& p : packages) {
        list += " " + (p.find('*') != std::string::npos ? q(p) : p);
        pinned = pinned || p.find('=') != std::string::npos;
    }
    // The CUDA images hold the NCCL packages they ship; a pinned version replaces them.
    return std::string("apt-get install -y --no-install-recommends") +
           (pinned ? " --allow-change-held-packages --allow-downgrades" : "") + list;
}

Step aptStep(std::string comment, std::vector<std::string> packages) {
    return {std::move(comment),
            {"apt-get update", "DEBIAN_FRONTEND=noninteractive " + aptInstall(std::move(packages)),
             "rm -rf /var/lib/apt/lists/*"},
            false};
}

/// The virtual environment every Python recipe installs into (copied whole into the runtime stage).
Step venvStep(std::string_view python) {
    std::string pip = python == "3.6" ? "21.3.1" : python == "3.8" ? "24.0" : "24.0";
    return {"Python virtual environment in /opt/venv",
            {"python3 -m venv /opt/venv",
             "/opt/venv/bin/pip install --no-cache-dir --upgrade pip==" + pip + " wheel==0.37.1"},
            false};
}

/// `pip install` arguments for the framework's release wheel.
std::vector<std::string> pipPackages(const Inputs& in) {
    const std::string& v = in.frameworkVersion;
    bool latest = v.empty() || v == "latest";
    std::string pin = latest ? "" : (components(v) >= 3 ? "==" + v : "==" + v + ".*");
    bool gpu = in.accelerator == "nvidia";
    std::string cudaDigits;
    for (char ch : cudaBase(in.cuda).cuda)
        if (ch != '.')
            cudaDigits += ch;
    auto quoted = [](std::string spec) {
        return spec.find_first_of("*[]") != std::string::npos ? q(spec) : spec;
    };
    if (in.framework == "tensorflow" || in.framework == "keras") {
        bool split = gpu && !latest && older(v, "2.1");
        return {quoted((split ? "tensorflow-gpu" : "tensorflow") + pin)};
    }
    if (in.framework == "pytorch") {
        if (gpu)
            return {quoted("torch" + pin)};
        return {"--extra-index-url", "https://download.pytorch.org/whl/cpu", quoted("torch" + pin)};
    }
    if (in.framework == "mxnet")
        return {quoted((gpu ? "mxnet-cu" + cudaDigits : std::string("mxnet")) + pin)};
    if (in.framework == "jax")
        return {quoted((gpu ? std::string("jax[cuda12]") : std::string("jax[cpu]")) + pin)};
    if (in.framework == "cntk")
        return {quoted((gpu ? "cntk-gpu" : "cntk") + pin)};
    return {};
}

std::string importName(std::string_view framework) {
    if (framework == "pytorch")
        return "torch";
    if (framework == "keras")
        return "tensorflow";
    return std::string(framework);
}

struct BuildEnv {
    std::string ubuntu; ///< "18.04"
    int gcc = 11;
    std::string python;
    CpuFlags flags;
    int jobs = 0;
};

/// Builder steps for the MPI library (from its release tarball, into /opt/<name>); adds the
/// runtime stage's environment and packages.
void mpiSteps(const Inputs& in, const BuildEnv& env, Stage& builder,
              std::vector<EnvVar>& runtimeEnv, std::vector<std::string>& runtimePackages,
              std::vector<std::string>& copies) {
    if (in.mpi.empty())
        return;
    bool ib = onInfiniband(in);
    bool gpu = in.accelerator == "nvidia";
    std::string note = in.mpiNote.empty() ? "" : " (" + in.mpiNote + ")";
    std::string prefix;
    auto fromTarball = [&](std::string name, std::string version, std::string url,
                           std::string archive, std::string configure) {
        std::string dir = name + "-" + version;
        prefix = "/opt/" + name;
        builder.steps.push_back(
            {fmt::format("{} {} from the release tarball{}",
                         name == "openmpi" ? "Open MPI"
                         : name == "mpich" ? "MPICH"
                                           : "MVAPICH2",
                         version, note),
             {"mkdir -p /tmp/mpi", "cd /tmp/mpi", "wget -q " + url + "/" + archive,
              std::string("tar -x") +
                  (archive.size() > 4 && archive.substr(archive.size() - 4) == ".bz2" ? "j" : "z") +
                  "f " + archive,
              "cd " + dir, "./configure --prefix=" + prefix + configure, "make -j\"$(nproc)\"",
              "make install", "cd /", "rm -rf /tmp/mpi"},
             false});
    };
    std::string v = release(in.mpi, in.mpiVersion);
    if (!isToken(v))
        return;
    bool fortranMismatch =
        env.gcc >= 10; // gfortran 10 rejects the argument mismatches of older MPI Fortran bindings
    if (in.mpi == "openmpi") {
        std::string configure = " --disable-dependency-tracking";
        if (versionMajor(v) < 5)
            configure += " --enable-orterun-prefix-by-default";
        if (gpu)
            configure += " --with-cuda=/usr/local/cuda";
        if (in.scheduler == "slurm")
            configure += " --with-slurm";
        if (ib)
            configure += versionMajor(v) >= 4 && env.ubuntu != "18.04" ? " --with-ucx=/usr"
                                                                       : " --with-verbs";
        fromTarball("openmpi", v,
                    fmt::format("https://download.open-mpi.org/release/open-mpi/v{}", minorOf(v)),
                    "openmpi-" + v + ".tar.bz2", configure);
    } else if (in.mpi == "mpich" || in.mpi == "cray_mpich") {
        if (in.mpi == "cray_mpich")
            v = "3.4.3"; // Cray MPICH keeps MPICH 3.4's ABI: the host's library replaces this one
                         // at run time
        std::string configure = " --disable-dependency-tracking";
        if (fortranMismatch && versionMajor(v) < 4)
            configure += " FFLAGS=-fallow-argument-mismatch FCFLAGS=-fallow-argument-mismatch";
        if (versionMajor(v) == 3 && minorOf(v) == "3.4")
            configure += " --with-device=ch4:ofi";
        fromTarball("mpich", v, "https://www.mpich.org/static/downloads/" + v,
                    "mpich-" + v + ".tar.gz", configure);
    } else if (in.mpi == "mvapich") {
        std::string configure =
            " --disable-dependency-tracking --with-device=ch3:mrail --with-rdma=gen2";
        if (fortranMismatch)
            configure += " FFLAGS=-fallow-argument-mismatch FCFLAGS=-fallow-argument-mismatch";
        fromTarball("mvapich2", v, "https://mvapich.cse.ohio-state.edu/download/mvapich/mv2",
                    "mvapich2-" + v + ".tar.gz", configure);
    } else if (in.mpi == "intelmpi") {
        prefix = "/opt/intel/oneapi/mpi";
        builder.steps.push_back(
            {"Intel MPI " + v + " from Intel's oneAPI apt repository" + note,
             {"wget -q -O /tmp/intel.pub "
              "https://apt.repos.intel.com/intel-gpg-keys/GPG-PUB-KEY-INTEL-SW-PRODUCTS.PUB",
              "gpg --dearmor -o /usr/share/keyrings/oneapi-archive-keyring.gpg /tmp/intel.pub",
              "rm /tmp/intel.pub",
              "echo 'deb [signed-by=/usr/share/keyrings/oneapi-archive-keyring.gpg] "
              "https://apt.repos.intel.com/oneapi all "
              "main' > /etc/apt/sources.list.d/oneAPI.list",
              "apt-get update",
              "DEBIAN_FRONTEND=noninteractive " + aptInstall({"intel-oneapi-mpi-devel-" + v}),
              "rm -rf /var/lib/apt/lists/*"},
             false});
        copies.push_back(prefix);
        for (auto* e : {&builder.env, &runtimeEnv}) {
            e->push_back({"I_MPI_ROOT", prefix + "/" + v, false});
            prependPath(*e, "PATH", prefix + "/" + v + "/bin");
            prependPath(*e, "LD_LIBRARY_PATH", prefix + "/" + v + "/lib/release");
            prependPath(*e, "LD_LIBRARY_PATH", prefix + "/" + v + "/lib");
        }
        runtimePackages.push_back("openssh-client");
        return;
    } else {
        return;
    }
    copies.push_back(prefix);
    for (auto* e : {&builder.env, &runtimeEnv}) {
        prependPath(*e, "PATH", prefix + "/bin");
        prependPath(*e, "LD_LIBRARY_PATH", prefix + "/lib");
    }
    runtimePackages.push_back("openssh-client");
    runtimePackages.push_back(std::string(ubuntu(env.ubuntu).gfortranRuntime));
    if (ib) {
        runtimePackages.insert(runtimePackages.end(),
                               {"ibverbs-providers", "libibverbs1", "librdmacm1"});
        if (in.mpi == "openmpi" && versionMajor(v) >= 4 && env.ubuntu != "18.04")
            runtimePackages.push_back("libucx0");
    }
}

/// Builder steps for the framework from source, with its graph compiler, into /opt/venv.
void frameworkSteps(const Inputs& in, const BuildEnv& env, Stage& builder,
                    std::vector<std::string>& buildPackages,
                    std::vector<std::string>& runtimePackages, std::vector<std::string>& notes) {
    bool gpu = in.accelerator == "nvidia", rocm = in.accelerator == "amd";
    bool intel = in.cpuVendor == "intel" && in.cpuArch == "x86_64";
    std::string v =
        in.frameworkVersion.empty() || in.frameworkVersion == "latest" ? "" : in.frameworkVersion;
    std::string tag = v.empty() ? "" : (components(v) >= 3 ? v : v + ".0");
    std::string cc = in.computeCapability.empty() ? "7.0,8.0" : in.computeCapability;
    std::string march = env.flags.flags;
    const CudaBase& cuda = cudaBase(in.cuda);
    std::string nccl = libraryVersion(in, "nccl");
    std::string cudnn = libraryVersion(in, "cudnn");

    if (gpu && !nccl.empty()) {
        // The CUDA images hold their own NCCL; pin the one the catalogue's image has.
        std::string pkg = fmt::format("={}.*+cuda{}", nccl, cuda.cuda);
        builder.steps.push_back(aptStep("NCCL " + nccl + " for CUDA " + std::string(cuda.cuda),
                                        {"libnccl2" + pkg, "libnccl-dev" + pkg}));
        runtimePackages.push_back("libnccl2" + pkg);
    }

    if (in.framework == "tensorflow" || in.framework == "keras") {
        std::string bazel = "6.1.0"; // newer releases than the table knows
        for (const auto& p : kPins)
            if (p.library == "bazel" && !v.empty() && p.minor == minorOf(v))
                bazel = std::string(p.release);
        std::string bazelArch = in.cpuArch == "aarch64" ? "arm64" : "x86_64";
        builder.steps.push_back(
            {"Bazel " + bazel + " (the version TensorFlow " + (v.empty() ? "latest" : v) +
                 " is built with)",
             {fmt::format(
                  "wget -q -O /usr/local/bin/bazel https://github.com/bazelbuild/bazel/releases/"
                  "download/{0}/bazel-{0}-linux-{1}",
                  bazel, bazelArch),
              "chmod 0755 /usr/local/bin/bazel"},
             false});
        std::string deps =
            older(v, "2.4") ? "numpy==1.18.5 six==1.15.0 mock==3.0.5 keras_applications==1.0.8 "
                              "keras_preprocessing==1.1.0"
            : older(v, "2.13")
                ? "numpy==1.19.5 six==1.15.0 keras_preprocessing==1.1.2 packaging==20.9"
                : "numpy==1.24.3 packaging==23.2 requests==2.31.0";
        builder.steps.push_back({"TensorFlow's build dependencies",
                                 {"/opt/venv/bin/pip install --no-cache-dir --no-deps " + deps},
                                 false});
        std::vector<std::string> configs = {"--config=opt"};
        if (gpu)
            configs.push_back("--config=cuda");
        if (rocm)
            configs.push_back("--config=rocm");
        if (intel && !gpu && !rocm)
            configs.push_back("--config=mkl"); // MKL-DNN (oneDNN) kernels for the Intel CPU
        if (in.graphCompiler == "xla" && older(v, "2.0"))
            configs.push_back("--config=xla");
        std::string configure =
            fmt::format("PYTHON_BIN_PATH=/opt/venv/bin/python USE_DEFAULT_PYTHON_LIB_PATH=1 "
                        "TF_NEED_CUDA={} TF_NEED_ROCM={} "
                        "TF_ENABLE_XLA={} TF_NEED_MPI=0 TF_SET_ANDROID_WORKSPACE=0 "
                        "TF_NEED_OPENCL_SYCL=0 TF_NEED_TENSORRT=0 "
                        "CC_OPT_FLAGS={}",
                        gpu ? 1 : 0, rocm ? 1 : 0,
                        in.graphCompiler == "xla" || in.graphCompiler == "none" ? 1 : 0, q(march));
        if (gpu)
            configure += fmt::format(
                " TF_CUDA_VERSION={} TF_CUDNN_VERSION={} TF_CUDA_COMPUTE_CAPABILITIES={}{}",
                cuda.cuda, cudnn.empty() ? "7" : cudnn.substr(0, cudnn.find('.')), cc,
                nccl.empty() ? "" : " TF_NCCL_VERSION=" + nccl);
        std::string copts;
        for (const auto& f : splitLines(march))
            for (size_t s = 0, e; s < f.size(); s = e + 1) {
                e = f.find(' ', s);
                if (e == std::string::npos)
                    e = f.size();
                copts += " --copt=" + f.substr(s, e - s);
            }
        std::string configLine;
        for (const auto& x : configs)
            configLine += " " + x;
        builder.steps.push_back(
            {fmt::format("TensorFlow {} from source ({}{}{})", v.empty() ? "(newest release)" : tag,
                         gpu    ? "CUDA " + std::string(cuda.cuda) + ", compute capability " + cc
                         : rocm ? "ROCm"
                                : "CPU",
                         intel && !gpu && !rocm ? ", MKL-DNN" : "",
                         in.graphCompiler == "xla" ? ", XLA" : ""),
             {"git clone --depth 1" + (tag.empty() ? std::string() : " --branch v" + tag) +
                  " https://github.com/tensorflow/tensorflow.git /opt/src/tensorflow",
              "cd /opt/src/tensorflow", configure + " ./configure",
              "bazel build" + configLine + copts +
                  " --jobs=\"$(nproc)\" //tensorflow/tools/pip_package:build_pip_package",
              "./bazel-bin/tensorflow/tools/pip_package/build_pip_package /opt/wheels",
              "/opt/venv/bin/pip install --no-cache-dir /opt/wheels/tensorflow*.whl", "cd /",
              "rm -rf /opt/src/tensorflow /root/.cache/bazel"},
             false});
        buildPackages.insert(buildPackages.end(), {"unzip", "zip", "python3-dev"});
        if (in.graphCompiler == "ngraph") {
            std::string bridge = libraryVersion(in, "ngraph-tf");
            std::string pin =
                bridge.empty() ? ""
                               : (components(bridge) >= 3 ? "==" + bridge : "==" + bridge + ".0");
            builder.steps.push_back(
                {"nGraph bridge for TensorFlow (ngraph-tf " + (bridge.empty() ? "newest" : bridge) +
                     ")",
                 {"/opt/venv/bin/pip install --no-cache-dir --no-deps ngraph-tensorflow-bridge" +
                  pin},
                 false});
        }
    } else if (in.framework == "pytorch") {
        buildPackages.insert(buildPackages.end(), {"python3-dev", "libopenblas-dev"});
        std::vector<std::string> cmds = {
            "git clone --depth 1" + (tag.empty() ? std::string() : " --branch v" + tag) +
                " --recursive --shallow-submodules https://github.com/pytorch/pytorch.git "
                "/opt/src/pytorch",
            "cd /opt/src/pytorch", "/opt/venv/bin/pip install --no-cache-dir -r requirements.txt"};
        if (intel && !gpu && !rocm)
            cmds.push_back("/opt/venv/bin/pip install --no-cache-dir mkl-static==2021.4.0 "
                           "mkl-include==2021.4.0");
        if (rocm)
            cmds.push_back("/opt/venv/bin/python tools/amd_build/build_amd.py");
        std::string vars = fmt::format(
            "USE_CUDA={} USE_CUDNN={} USE_NCCL={} USE_ROCM={} USE_MKLDNN=1 BUILD_TEST=0 "
            "MAX_JOBS=\"$(nproc)\" CMAKE_PREFIX_PATH=/opt/venv",
            gpu ? 1 : 0, gpu ? 1 : 0, gpu ? 1 : 0, rocm ? 1 : 0);
        if (gpu)
            vars += " USE_SYSTEM_NCCL=1 TORCH_CUDA_ARCH_LIST=" + q([&] {
                        std::string list = cc;
                        std::replace(list.begin(), list.end(), ',', ';');
                        return list;
                    }());
        if (rocm && in.gpu)
            vars += " PYTORCH_ROCM_ARCH=" + in.gpu->computeCapability;
        if (intel && !gpu && !rocm)
            vars += " BLAS=MKL";
        if (!in.mpi.empty())
            vars += " USE_MPI=1";
        cmds.push_back(vars + " /opt/venv/bin/python setup.py bdist_wheel --dist-dir /opt/wheels");
        cmds.push_back("/opt/venv/bin/pip install --no-cache-dir /opt/wheels/torch-*.whl");
        cmds.push_back("cd /");
        cmds.push_back("rm -rf /opt/src/pytorch");
        builder.steps.push_back(
            {fmt::format("PyTorch {} from source ({}{})", v.empty() ? "(newest release)" : tag,
                         gpu    ? "CUDA " + std::string(cuda.cuda) + ", TORCH_CUDA_ARCH_LIST " + cc
                         : rocm ? "ROCm"
                                : "CPU",
                         intel && !gpu && !rocm ? ", MKL" : ""),
             cmds, false});
        runtimePackages.push_back(env.ubuntu == "18.04" ? "libopenblas-base" : "libopenblas0");
        if (in.graphCompiler == "glow")
            notes.push_back(
                "Glow has no release to pin: build torch_glow from https://github.com/pytorch/glow "
                "against this PyTorch when it is needed; the recipe builds PyTorch without it.");
    } else if (in.framework == "mxnet") {
        buildPackages.insert(buildPackages.end(), {"python3-dev", "libopenblas-dev"});
        std::string make = fmt::format(
            "make -j\"$(nproc)\" USE_OPENCV=0 USE_BLAS=openblas USE_MKLDNN={} USE_CUDA={} "
            "USE_CUDNN={} USE_NCCL={} ADD_CFLAGS={}",
            in.cpuArch == "x86_64" ? 1 : 0, gpu ? 1 : 0, gpu ? 1 : 0, gpu ? 1 : 0, q(march));
        if (gpu) {
            std::string arch;
            for (size_t s = 0, e; s < cc.size(); s = e + 1) {
                e = cc.find(',', s);
                if (e == std::string::npos)
                    e = cc.size();
                std::string one = cc.substr(s, e - s);
                one.erase(std::remove(one.begin(), one.end(), '.'), one.end());
                arch += (arch.empty() ? "" : " ") +
                        fmt::format("-gencode arch=compute_{0},code=sm_{0}", one);
            }
            make += " USE_CUDA_PATH=/usr/local/cuda CUDA_ARCH=" + q(arch);
        }
        builder.steps.push_back(
            {fmt::format("MXNet {} from source ({})", v.empty() ? "(newest release)" : tag,
                         gpu ? "CUDA " + std::string(cuda.cuda) + ", cuDNN, NCCL" : "CPU, MKL-DNN"),
             {"git clone --depth 1" + (tag.empty() ? std::string() : " --branch " + tag) +
                  " --recursive --shallow-submodules https://github.com/apache/incubator-mxnet.git "
                  "/opt/src/mxnet",
              "cd /opt/src/mxnet", make, "cd python",
              "/opt/venv/bin/python setup.py bdist_wheel --dist-dir /opt/wheels",
              "/opt/venv/bin/pip install --no-cache-dir /opt/wheels/mxnet-*.whl", "cd /",
              "rm -rf /opt/src/mxnet"},
             false});
        runtimePackages.push_back(env.ubuntu == "18.04" ? "libopenblas-base" : "libopenblas0");
    } else if (!in.framework.empty()) {
        std::string args;
        for (const auto& a : pipPackages(in))
            args += " " + a;
        builder.steps.push_back(
            {"modak has no from-source recipe for " + in.framework + ": its release wheel",
             {"/opt/venv/bin/pip install --no-cache-dir" + args},
             false});
    }
}

/// The application's `build` block: its commands written to /opt/modak/build.sh (their own step, so
/// tests can run it), then `src` fetched and the commands run there.
std::vector<Step> appBuildSteps(const JobSpec& s, std::string_view flags) {
    Step write{"The application's build commands (`build.command`)",
               {"mkdir -p /opt/modak", writeFile(s.buildCommand, "/opt/modak/build.sh")},
               true};
    Step step{"The application's build: fetch `build.src`, run the commands there", {}, true};
    bool git = s.buildSrc.size() > 4 && s.buildSrc.compare(s.buildSrc.size() - 4, 4, ".git") == 0;
    if (git) {
        step.commands.push_back("git clone --depth 1 " + q(s.buildSrc) + " /opt/app/src");
    } else {
        step.commands.push_back("mkdir -p /opt/app/src");
        step.commands.push_back("cd /opt/app/src");
        step.commands.push_back("wget --no-verbose " + q(s.buildSrc));
    }
    step.commands.push_back("cd /opt/app/src");
    std::string env = fmt::format("BUILD_PARALLELISM={}", std::max(1, s.buildParallelism));
    if (!flags.empty())
        env += fmt::format(" CFLAGS={0} CXXFLAGS={0} FCFLAGS={0}", q("-O2 " + std::string(flags)));
    step.commands.push_back(env + " bash -e /opt/modak/build.sh");
    step.commands.push_back("cd /");
    return {write, step};
}

/// NVIDIA replaced its CUDA repository key in April 2022: images built before then fail at
/// `apt-get update` until the old list is dropped and the cuda-keyring package installed.
std::optional<Step> cudaKeyStep(const CudaBase& cuda, std::string_view arch) {
    if (versionMajor(cuda.cuda) > 11 || cuda.cuda == "11.8")
        return std::nullopt;
    std::string release(cuda.ubuntu);
    release.erase(std::remove(release.begin(), release.end(), '.'), release.end());
    std::string repo =
        fmt::format("https://developer.download.nvidia.com/compute/cuda/repos/ubuntu{}/{}", release,
                    arch == "aarch64" ? "sbsa" : "x86_64");
    return Step{"NVIDIA's current CUDA repository key (the image predates the 2022 key change)",
                {"rm -f /etc/apt/sources.list.d/cuda.list /etc/apt/sources.list.d/nvidia-ml.list",
                 "apt-get update",
                 "DEBIAN_FRONTEND=noninteractive " + aptInstall({"ca-certificates", "wget"}),
                 "wget -q -O /tmp/cuda-keyring.deb " + repo + "/cuda-keyring_1.0-1_all.deb",
                 "dpkg -i /tmp/cuda-keyring.deb",
                 "rm -rf /tmp/cuda-keyring.deb /var/lib/apt/lists/*"},
                false};
}

// ---------------------------------------------------------------------------------------------
// Building the recipe.

std::optional<Recipe> makeRecipe(const DeploymentContext& c, Diagnostics& diags) {
    bool ok = true;
    Inputs in = gather(c, diags, ok);
    const JobSpec& s = c.spec;
    // Values that go into single-line contexts may not hold a line break.
    std::vector<EnvVar> userEnv;
    for (const auto& [name, value] : s.env) {
        SourceRange at = envValueRange(c.lowered.application, name, c.plan.range);
        if (!isEnvName(name)) {
            unsafe(diags, at,
                   fmt::format("'{}' is not an environment variable name: it cannot be set in a "
                               "container recipe",
                               flat(name)));
            ok = false;
        } else if (hasLineBreak(value)) {
            unsafe(diags, at,
                   fmt::format("environment variable '{}': a line break cannot be written into a "
                               "Dockerfile `ENV` or "
                               "a definition file's %environment; set it in the job instead (the "
                               "job scripts carry it)",
                               name));
            ok = false;
        } else {
            userEnv.push_back({name, value, false});
        }
    }
    if (!s.buildSrc.empty() && hasLineBreak(s.buildSrc)) {
        const auto& build = c.lowered.application.build;
        unsafe(diags, build && build->srcRange != SourceRange{} ? build->srcRange : c.plan.range,
               "the build's `src` cannot hold a line break in a container recipe");
        ok = false;
    }
    if (!ok)
        return std::nullopt;

    Recipe r;
    bool source = in.build == "source";
    bool pip = in.build == "pip";
    bool gpu = in.accelerator == "nvidia", rocm = in.accelerator == "amd";
    bool python = !in.framework.empty();

    // Base images and the compiler that comes with them.
    BuildEnv env;
    std::string develBase, runtimeBase;
    if (gpu) {
        const CudaBase& cb = cudaBase(in.cuda);
        env.ubuntu = std::string(cb.ubuntu);
        develBase = "nvidia/cuda:" + fmt::format(fmt::runtime(cb.tag), "devel");
        runtimeBase = "nvidia/cuda:" + fmt::format(fmt::runtime(cb.tag), "runtime");
    } else if (rocm) {
        env.ubuntu = "22.04";
        develBase = runtimeBase = "rocm/dev-ubuntu-22.04:5.7";
    } else {
        std::string py = in.image ? in.image->python : "";
        const std::string& v = in.frameworkVersion;
        if (py == "3.5" || py == "3.6")
            env.ubuntu = "18.04";
        else if (py == "3.7" || py == "3.8")
            env.ubuntu = "20.04";
        else if (!py.empty())
            env.ubuntu = "22.04";
        else if ((in.framework == "tensorflow" && older(v, "2.2")) ||
                 (in.framework == "pytorch" && older(v, "1.6")) ||
                 (in.framework == "mxnet" && older(v, "1.8")))
            env.ubuntu = "18.04";
        else if ((in.framework == "tensorflow" && older(v, "2.8")) ||
                 (in.framework == "pytorch" && older(v, "1.12")))
            env.ubuntu = "20.04";
        else
            env.ubuntu = "22.04";
        develBase = runtimeBase = "ubuntu:" + env.ubuntu;
    }
    env.gcc = ubuntu(env.ubuntu).gcc;
    env.python = std::string(ubuntu(env.ubuntu).python);
    env.flags = cpuFlags(in.cpu, in.cpuArch, env.gcc);

    // Header and labels.
    std::string what = in.chosen ? (in.image ? "image " + in.image->name + " (" + in.reference + ")"
                                             : in.reference)
                                 : "no plan";
    r.summary.push_back(
        fmt::format("Container recipe for deployment {}, generated by modak {} from {}.",
                    c.deployment.name, flat(s.version), flat(s.sourceName)));
    r.summary.push_back("Do not edit: change the .modak file and run `modak generate` again.");
    r.summary.push_back(fmt::format("Plan: {}, {} build, graph compiler {}.", flat(what), in.build,
                                    in.graphCompiler));
    if (source) {
        r.summary.push_back(
            fmt::format("Compiler flags {} for {}.", env.flags.flags, env.flags.note));
        if (!in.mpi.empty())
            r.summary.push_back(fmt::format("MPI: {} {}{}.", in.mpi, release(in.mpi, in.mpiVersion),
                                            in.mpiNote.empty() ? "" : ", " + in.mpiNote));
    }
    r.labels = {
        {"org.opencontainers.image.title", std::string(c.deployment.name)},
        {"org.opencontainers.image.description",
         flat(
             fmt::format("modak recipe for deployment {} of {}", c.deployment.name, s.sourceName))},
        {"dev.modak.deployment", std::string(c.deployment.name)},
        {"dev.modak.image", in.image ? in.image->name : ""},
        {"dev.modak.reference", in.reference},
        {"dev.modak.build", in.build},
        {"dev.modak.graph-compiler", in.graphCompiler},
    };
    if (python)
        r.labels.push_back(
            {"dev.modak.framework",
             in.framework + " " + (in.frameworkVersion.empty() ? "latest" : in.frameworkVersion)});
    if (source) {
        r.labels.push_back({"dev.modak.cpu-flags", env.flags.flags});
        if (!in.mpi.empty())
            r.labels.push_back({"dev.modak.mpi", in.mpi + " " + release(in.mpi, in.mpiVersion)});
        if (gpu)
            r.labels.push_back({"dev.modak.cuda", std::string(cudaBase(in.cuda).cuda)});
    }
    for (auto& l : r.labels)
        l.second = flat(l.second);

    std::vector<std::string> notes;
    bool appBuild = !s.buildSrc.empty() && !s.buildCommand.empty();
    Stage final;
    if (source) {
        // Builder: toolchain, MPI, framework, the application.
        Stage b;
        b.name = "build";
        b.base = develBase;
        b.env.push_back({"CFLAGS", "-O2 " + env.flags.flags, false});
        b.env.push_back({"CXXFLAGS", "-O2 " + env.flags.flags, false});
        b.env.push_back({"FCFLAGS", "-O2 " + env.flags.flags, false});
        std::vector<std::string> buildPackages = {"build-essential",
                                                  "ca-certificates",
                                                  "cmake",
                                                  "git",
                                                  "gfortran",
                                                  "pkg-config",
                                                  "wget",
                                                  "bzip2",
                                                  "file"};
        if (in.mpi == "intelmpi")
            buildPackages.push_back("gnupg");
        if (in.mpi == "mvapich" || (!in.mpi.empty() && onInfiniband(in)))
            buildPackages.insert(buildPackages.end(), {"libibverbs-dev", "librdmacm-dev"});
        if (in.mpi == "openmpi" && onInfiniband(in) && env.ubuntu != "18.04")
            buildPackages.push_back("libucx-dev");
        if (python)
            buildPackages.insert(buildPackages.end(), {"python3", "python3-venv", "python3-pip"});
        std::vector<std::string> runtimePackages = {"ca-certificates"};
        std::vector<EnvVar> runtimeEnv;
        std::vector<std::string> copies;
        Stage tmp; // steps after the toolchain, in order
        mpiSteps(in, env, tmp, runtimeEnv, runtimePackages, copies);
        b.env.insert(b.env.end(), tmp.env.begin(), tmp.env.end());
        if (python) {
            prependPath(b.env, "PATH", "/opt/venv/bin");
            tmp.steps.push_back(venvStep(env.python));
            frameworkSteps(in, env, tmp, buildPackages, runtimePackages, notes);
            copies.push_back("/opt/venv");
            runtimePackages.insert(runtimePackages.end(), {"python3", "libgomp1"});
        }
        std::optional<Step> key = gpu ? cudaKeyStep(cudaBase(in.cuda), in.cpuArch) : std::nullopt;
        if (key)
            b.steps.push_back(*key);
        b.steps.push_back(aptStep(
            fmt::format("Toolchain: GCC {} of Ubuntu {}", env.gcc, env.ubuntu), buildPackages));
        b.steps.insert(b.steps.end(), tmp.steps.begin(), tmp.steps.end());
        if (appBuild) {
            for (auto& step : appBuildSteps(s, "")) // CFLAGS etc. come from the stage's environment
                b.steps.push_back(std::move(step));
            copies.push_back("/opt/app");
            r.workdir = "/opt/app/src";
        }
        r.stages.push_back(std::move(b));

        final.name = "runtime";
        final.base = runtimeBase;
        final.copies = copies;
        final.env = runtimeEnv;
        if (python)
            prependPath(final.env, "PATH", "/opt/venv/bin");
        if (key)
            final.steps.push_back(*key);
        final.steps.push_back(aptStep("Run-time libraries", runtimePackages));
    } else {
        if (pip) {
            final.base = gpu || rocm ? runtimeBase : develBase;
            if (gpu)
                if (auto key = cudaKeyStep(cudaBase(in.cuda), in.cpuArch))
                    final.steps.push_back(*key);
            std::vector<std::string> packages = {"ca-certificates", "python3", "python3-venv",
                                                 "libgomp1"};
            if (appBuild) // the application is compiled in this one stage
                packages.insert(packages.end(), {"build-essential", "cmake", "git", "wget"});
            final.steps.push_back(
                aptStep("Python " + env.python + " of Ubuntu " + env.ubuntu, packages));
            final.steps.push_back(venvStep(env.python));
            std::string args;
            for (const auto& a : pipPackages(in))
                args += " " + a;
            if (!args.empty())
                final.steps.push_back(
                    {fmt::format("{} {} from its release wheel", in.framework,
                                 in.frameworkVersion.empty() ? "latest" : in.frameworkVersion),
                     {"/opt/venv/bin/pip install --no-cache-dir" + args},
                     false});
            prependPath(final.env, "PATH", "/opt/venv/bin");
            r.labels.push_back({"org.opencontainers.image.base.name", final.base});
        } else {
            final.bootstrap = in.scheme;
            final.base = in.base;
        }
        if (appBuild) {
            // The image may lack git or wget: install them when missing (Debian/Ubuntu images).
            final.steps.push_back(
                {"git and wget for the application's build, when the image lacks them",
                 {"if ! command -v git >/dev/null 2>&1 || ! command -v wget >/dev/null 2>&1; then "
                  "apt-get update && DEBIAN_FRONTEND=noninteractive " +
                  aptInstall({"ca-certificates", "git", "wget"}) +
                  " && rm -rf /var/lib/apt/lists/*; fi"},
                 false});
            for (auto& step : appBuildSteps(s, env.flags.flags))
                final.steps.push_back(std::move(step));
            r.workdir = "/opt/app/src";
            r.summary.push_back(fmt::format("The application is compiled with {} ({}).",
                                            env.flags.flags, env.flags.note));
        }
    }
    // The image's and the application's environment, then the command.
    final.env.insert(final.env.end(), userEnv.begin(), userEnv.end());
    if (!s.run.empty()) {
        final.steps.push_back(
            {"The application's command (`run`), for `docker run` and `apptainer run`",
             {"mkdir -p /opt/modak", writeFile(s.run, "/opt/modak/run.sh")},
             true});
        r.runScript = true;
    }
    r.stages.push_back(std::move(final));
    for (auto& n : notes)
        r.summary.push_back("Note: " + n);

    if (python)
        r.test = fmt::format("python3 -c {}", q("import " + importName(in.framework) + "; print(" +
                                                importName(in.framework) + ".__version__)"));
    else if (in.mpi == "openmpi")
        r.test = "ompi_info --version";
    else if (in.mpi == "mpich" || in.mpi == "cray_mpich" || in.mpi == "mvapich")
        r.test = "mpichversion";
    r.help = {fmt::format("Deployment {} ({}), generated by modak from {}.", c.deployment.name,
                          flat(what), flat(s.sourceName)),
              r.runScript ? "`apptainer run IMAGE` runs the application's command; `apptainer exec "
                            "IMAGE CMD` runs CMD."
                          : "`apptainer exec IMAGE CMD` runs CMD in the image."};
    return r;
}

// ---------------------------------------------------------------------------------------------
// Rendering.

std::string renderDockerfile(const Recipe& r, std::string_view deployment) {
    std::string out;
    for (const auto& line : r.summary)
        out += "# " + line + "\n";
    out += fmt::format("# Build from this directory: docker build -t {} .\n", deployment);
    for (size_t i = 0; i < r.stages.size(); ++i) {
        const Stage& st = r.stages[i];
        bool last = i + 1 == r.stages.size();
        out += "\n";
        if (r.stages.size() > 1)
            out +=
                fmt::format("# Stage {} of {}: {}\n", i + 1, r.stages.size(),
                            st.name == "build" ? "build everything with the compilers and headers"
                                               : "only what runs, copied from the build stage");
        out += "FROM " + st.base + (st.name.empty() ? "" : " AS " + st.name) + "\n";
        for (const auto& path : st.copies)
            out += fmt::format("COPY --from={} {} {}\n", r.stages[i - 1].name, path, path);
        if (!st.env.empty()) {
            out += "ENV ";
            for (size_t k = 0; k < st.env.size(); ++k) {
                const EnvVar& e = st.env[k];
                out += (k ? " \\\n    " : "") + e.name + "=" +
                       (e.expands ? "\"" + pathValue(e) + "\"" : dq(e.value));
            }
            out += "\n";
        }
        for (const auto& step : st.steps) {
            if (!step.comment.empty())
                out += "# " + flat(step.comment) + "\n";
            if (step.userValues) {
                std::string script = "set -euo pipefail";
                for (const auto& cmd : step.commands)
                    script += "; " + cmd;
                out += "RUN [\"/bin/bash\", \"-c\", " + jsonString(script) + "]\n";
            } else {
                out += "RUN ";
                for (size_t k = 0; k < step.commands.size(); ++k)
                    out += (k ? " && \\\n    " : "") + step.commands[k];
                out += "\n";
            }
        }
        if (last) {
            if (!r.labels.empty()) {
                out += "LABEL ";
                for (size_t k = 0; k < r.labels.size(); ++k)
                    out +=
                        (k ? " \\\n      " : "") + r.labels[k].first + "=" + dq(r.labels[k].second);
                out += "\n";
            }
            if (!r.workdir.empty())
                out += "WORKDIR " + r.workdir + "\n";
            if (r.runScript)
                out += "CMD [\"/bin/bash\", \"/opt/modak/run.sh\"]\n";
        }
    }
    return out;
}

std::string renderDef(const Recipe& r, std::string_view deployment) {
    std::string out;
    for (const auto& line : r.summary)
        out += "# " + line + "\n";
    out +=
        fmt::format("# Build from this directory: apptainer build {0}.sif {0}.def\n", deployment);
    auto exportLine = [](const EnvVar& e) {
        return "    export " + e.name + "=" +
               (e.expands ? "\"" + pathValue(e) + "\"" : q(e.value)) + "\n";
    };
    for (size_t i = 0; i < r.stages.size(); ++i) {
        const Stage& st = r.stages[i];
        bool last = i + 1 == r.stages.size();
        out += "\nBootstrap: " + st.bootstrap + "\nFrom: " + st.base + "\n";
        if (r.stages.size() > 1)
            out += "Stage: " + st.name + "\n";
        if (!st.copies.empty()) {
            out += "\n%files from " + r.stages[i - 1].name + "\n";
            for (const auto& path : st.copies)
                out += "    " + path + " " + path + "\n";
        }
        if (last && !st.env.empty()) {
            out += "\n%environment\n";
            for (const auto& e : st.env)
                out += exportLine(e);
        }
        if (!st.steps.empty()) {
            out += "\n%post\n    set -eu\n";
            for (const auto& e : st.env)
                out += exportLine(e);
            for (const auto& step : st.steps) {
                if (!step.comment.empty())
                    out += "    # " + flat(step.comment) + "\n";
                for (const auto& cmd : step.commands)
                    out += "    " + cmd + "\n";
            }
        }
        if (last) {
            if (r.runScript) {
                out += "\n%runscript\n";
                if (!r.workdir.empty())
                    out += "    cd " + r.workdir + " || exit 1\n";
                out += "    exec /bin/bash /opt/modak/run.sh \"$@\"\n";
            }
            if (!r.test.empty())
                out += "\n%test\n    " + r.test + "\n";
            if (!r.labels.empty()) {
                out += "\n%labels\n";
                for (const auto& [k, v] : r.labels)
                    out += "    " + k + " " + (v.empty() ? "-" : v) + "\n";
            }
            out += "\n%help\n";
            for (const auto& h : r.help)
                out += "    " + h + "\n";
        }
    }
    return out;
}

} // namespace

CpuFlags cpuFlags(const model::Cpu* cpu, std::string_view arch, int gccMajor) {
    std::string key;
    std::string note;
    if (cpu) {
        key = cpu->microarchitecture;
        if (key == "skylake" &&
            std::find(cpu->isa.begin(), cpu->isa.end(), "avx512f") != cpu->isa.end())
            key = "skylake-avx512"; // the server parts (Xeon Scalable)
        note = cpu->model + " (" + cpu->microarchitecture + ")";
        arch = cpu->arch;
    }
    const Tuning* t = tuning(key);
    std::string lowered;
    while (t && t->minGcc > gccMajor) {
        lowered = fmt::format(", lowered for GCC {}", gccMajor);
        key = std::string(t->fallback);
        t = tuning(key);
    }
    if (t) {
        std::string value(t->value);
        if (t->option == "march")
            return {fmt::format("-march={0} -mtune={0}", value), note + lowered};
        if (arch == "ppc64le")
            return {fmt::format("-mcpu={0} -mtune={0}", value), note + lowered};
        return {"-mcpu=" + value, note + lowered};
    }
    std::string why = cpu ? note + ": " : std::string("CPU not in the catalogue: ");
    if (key == "aarch64_sve")
        return {"-march=armv8.2-a+sve", note + lowered};
    if (arch == "aarch64")
        return {"-march=armv8-a", why + "the Armv8-A baseline"};
    if (arch == "ppc64le")
        return {"-mcpu=power8 -mtune=power8", why + "the POWER8 baseline"};
    if (gccMajor >= 11)
        return {"-march=x86-64-v2 -mtune=generic", why + "the x86-64-v2 baseline"};
    return {"-march=nehalem -mtune=generic",
            why + "the x86-64-v2 baseline (nehalem for GCC " + std::to_string(gccMajor) + ")"};
}

void emitDockerfile(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    if (!c.plan.chosen && c.spec.imageReference.empty())
        return; // planning failed and said why
    const std::string& ref = c.spec.imageReference;
    bool build = c.plan.chosen && c.plan.chosen->build == "source";
    if (!build && !ref.empty() && ref.find("://") != std::string::npos &&
        ref.rfind("docker://", 0) != 0) {
        diags.add(
            DiagCode::UnsupportedEmit, c.plan.range,
            fmt::format(
                "deployment '{}': a Dockerfile cannot start from `{}` (not a Docker image); the "
                "singularity recipe can",
                c.deployment.name, flat(ref)));
        return;
    }
    if (auto recipe = makeRecipe(c, diags))
        out.push_back(
            {"container/Dockerfile", renderDockerfile(*recipe, c.deployment.name), false});
}

void emitSingularityDef(const DeploymentContext& c, std::vector<Artefact>& out,
                        Diagnostics& diags) {
    if (!c.plan.chosen && c.spec.imageReference.empty())
        return;
    if (auto recipe = makeRecipe(c, diags))
        out.push_back({fmt::format("container/{}.def", c.deployment.name),
                       renderDef(*recipe, c.deployment.name), false});
}

} // namespace modak::codegen
