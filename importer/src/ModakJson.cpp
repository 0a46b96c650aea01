// SPDX-License-Identifier: Apache-2.0
// Original MODAK JSON job -> .modak. The field-by-field mapping is documented next to each handler;
// docs/modak.md §1 describes the original schema, §9 the IDE form, docs/language.md §4 the target.
#include "modak/importer/ModakJson.h"

#include "JsonTree.h"
#include "Output.h"
#include "Values.h"
#include "modak/model/CatalogueNames.h"
#include "modak/model/Schedulers.h"
#include "modak/model/Schema.h"
#include "modak/syntax/Lexical.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <functional>
#include <memory>

namespace modak::importer {

namespace {

using json::Member;
using json::Value;
using out::Block;
using VT = json::Value::Type;

// ---------------------------------------------------------------------------------------------
// Canonical key orders (docs/language.md §4).

const std::vector<std::string_view> kApplicationOrder = {"kind",
                                                         "task",
                                                         "layers",
                                                         "parameters",
                                                         "framework",
                                                         "keras_backend",
                                                         "workload",
                                                         "dataset",
                                                         "batch_size",
                                                         "epochs",
                                                         "steps_per_epoch",
                                                         "precision",
                                                         "distributed",
                                                         "parallelisation",
                                                         "mpi",
                                                         "mpi_tuning",
                                                         "openmp",
                                                         "openacc",
                                                         "opencl",
                                                         "ranks",
                                                         "threads",
                                                         "executable",
                                                         "arguments",
                                                         "run",
                                                         "tag",
                                                         "container",
                                                         "type",
                                                         "build",
                                                         "pre",
                                                         "post",
                                                         "env"};
const std::vector<std::string_view> kTargetOrder = {
    "scheduler", "site",        "cloud",   "runtime",      "nodes",     "cpu",
    "gpu",       "accelerator", "memory",  "interconnect", "partition", "storage",
    "queue",     "account",     "modules", "registry",     "image_dir"};
const std::vector<std::string_view> kDeploymentOrder = {
    "application", "target", "build", "graph_compiler", "runtime", "partition",
    "storage",     "scale",  "job",   "autotune",       "emit"};
const std::vector<std::string_view> kJobOrder = {
    "name",     "walltime",       "queue",          "account",    "qos",    "nodes",
    "tasks",    "tasks_per_node", "cpus_per_task",  "gpus",       "memory", "memory_per_cpu",
    "output",   "error",          "combine_output", "notify",     "email",  "export_env",
    "nodelist", "constraint",     "array",          "dependency", "begin",  "exclusive"};
const std::vector<std::string_view> kDatasetOrder = {"path",     "samples",  "size",  "storage",
                                                     "basedata", "prefetch", "cache", "format"};
const std::vector<std::string_view> kScaleOrder = {"nodes",   "gpus_per_node",  "tasks_per_node",
                                                   "threads", "min_efficiency", "max_nodes"};
const std::vector<std::string_view> kOpenmpOrder = {"threads", "affinity", "scaling_efficiency"};
const std::vector<std::string_view> kAcceleratorOrder = {"compiler", "version", "accelerators"};
const std::vector<std::string_view> kBuildOrder = {"src", "command", "parallelism"};
const std::vector<std::string_view> kAutotuneOrder = {"tuner", "input", "metric", "budget"};
const std::vector<std::string_view> kCpuOrder = {"arch",    "vendor", "model",
                                                 "sockets", "cores",  "threads_per_core"};
const std::vector<std::string_view> kMpiTuningOrder = {"core_subscription", "message_size",
                                                       "scaling_efficiency"};

// ---------------------------------------------------------------------------------------------
// Small helpers.

std::string lower(std::string_view s) {
    std::string r(s);
    for (char& c : r)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return r;
}

std::string_view trimView(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

// Case-insensitive Levenshtein distance.
/// The edit distance of `a` and `b`, or `bound` as soon as it is certain to be at least that (a
/// row's minimum never decreases).
size_t editDistance(std::string_view a, std::string_view b, size_t bound) {
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        size_t rowMin = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
            rowMin = std::min(rowMin, cur[j]);
        }
        if (rowMin >= bound)
            return bound;
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::optional<std::string_view> closest(std::string_view word,
                                        const std::vector<std::string_view>& candidates) {
    std::optional<std::string_view> best;
    size_t bestDistance = std::max<size_t>(2, word.size() / 3) + 1;
    for (std::string_view c : candidates) {
        if (std::max(word.size(), c.size()) - std::min(word.size(), c.size()) >= bestDistance)
            continue; // the distance is at least the difference in length: no closer
        size_t d = editDistance(word, c, bestDistance);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    return best;
}

// A .modak identifier made from an arbitrary name ("hlrs-testbed" -> hlrs_testbed).
std::string sanitizeName(std::string_view s) {
    std::string r;
    for (char c : trimView(s)) {
        bool ok =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        r.push_back(ok ? c : '_');
    }
    if (r.empty())
        return {};
    if (r[0] >= '0' && r[0] <= '9')
        r.insert(0, "job_");
    // Words that are keywords or values with a fixed meaning cannot name a referenced block.
    static const std::vector<std::string_view> reserved = {"modak", "import", "true",
                                                           "false", "auto",   "none"};
    if (std::find(reserved.begin(), reserved.end(), r) != reserved.end())
        r += "_job";
    return r;
}

std::string withArticle(VT t) {
    switch (t) {
    case VT::Null:
        return "null";
    case VT::Bool:
        return "a boolean";
    case VT::Integer:
        return "an integer";
    case VT::Float:
        return "a number";
    case VT::String:
        return "a string";
    case VT::Array:
        return "an array";
    case VT::Object:
        return "an object";
    }
    return "a value";
}

bool isModakFloat(std::string_view raw) {
    // -?[0-9]+\.[0-9]+([eE][+-]?[0-9]+)?  or  -?[0-9]+[eE][+-]?[0-9]+
    size_t i = 0;
    if (i < raw.size() && raw[i] == '-')
        ++i;
    size_t d = i;
    while (i < raw.size() && std::isdigit(static_cast<unsigned char>(raw[i])))
        ++i;
    if (i == d)
        return false;
    bool fraction = false, exponent = false;
    if (i < raw.size() && raw[i] == '.') {
        size_t f = ++i;
        while (i < raw.size() && std::isdigit(static_cast<unsigned char>(raw[i])))
            ++i;
        if (i == f)
            return false;
        fraction = true;
    }
    if (i < raw.size() && (raw[i] == 'e' || raw[i] == 'E')) {
        ++i;
        if (i < raw.size() && (raw[i] == '+' || raw[i] == '-'))
            ++i;
        size_t e = i;
        while (i < raw.size() && std::isdigit(static_cast<unsigned char>(raw[i])))
            ++i;
        if (i == e)
            return false;
        exponent = true;
    }
    return i == raw.size() && (fraction || exponent);
}

// A float literal for a JSON number: the token as written when it is a .modak float, else "N.0".
std::string floatLiteral(const Value& v) {
    if (isModakFloat(v.raw))
        return v.raw;
    if (v.type == VT::Integer)
        return fmt::format("{}.0", v.integer);
    std::string s = fmt::format("{}", v.number);
    if (s.find_first_of(".eE") == std::string::npos)
        s += ".0";
    return s;
}

std::string quote(std::string_view s) {
    return syntax::quoteString(s);
}

// ---------------------------------------------------------------------------------------------
// Enumerations of the original schema and their .modak spelling.

struct EnumSpec {
    std::string_view what; ///< "a CPU type"
    /// Original spelling -> .modak
    std::vector<std::pair<std::string_view, std::string_view>> values;
    /// Older/IDE spellings -> .modak
    std::vector<std::pair<std::string_view, std::string_view>> legacy;
};

/// MODAK's schedulers; the language's other batch systems (pbs, lsf, flux:
/// modak/model/Schedulers.h) are read as themselves, with a warning that MODAK did not know them.
const EnumSpec kSchedulers = [] {
    EnumSpec spec{"a scheduler", {{"slurm", "slurm"}, {"torque", "torque"}, {"none", "none"}}, {}};
    for (const auto& s : model::schedulers())
        if (s.batch && s.name != "slurm" && s.name != "torque")
            spec.legacy.emplace_back(s.name, s.name);
    return spec;
}();
const EnumSpec kAppKinds{
    "an application type", {{"ai_training", "ai_training"}, {"hpc", "hpc"}}, {}};
const EnumSpec kLaunchTypes{
    "an application type", {{"mpi", "mpi"}, {"hpc", "hpc"}, {"python", "python"}}, {}};
const EnumSpec kCpuTypes{
    "a CPU type",
    {{"x86", "x86_64"}, {"arm", "aarch64"}, {"amd", "x86_64"}, {"power", "ppc64le"}},
    {{"x86_64", "x86_64"},
     {"aarch64", "aarch64"},
     {"arm64", "aarch64"},
     {"ppc64le", "ppc64le"},
     {"intelx86", "x86_64"}}};
const EnumSpec kAccTypes{"an accelerator type",
                         {{"nvidia", "nvidia"}, {"amd", "amd"}, {"fpga", "fpga"}},
                         {{"none", "none"}}};
/// The values of the language's `application.<key>` (model/src/Schema.cpp).
std::span<const model::EnumValue> languageValues(std::string_view key) {
    return model::topLevelBlock("application")->key(key)->enumValues();
}

// The language's frameworks and Keras backends, which MODAK spells the same way. Built on first
// use, not at start-up: the schema's tables are globals of another file.
const EnumSpec& frameworks() {
    static const EnumSpec spec = [] {
        constexpr std::string_view newerThanModak[] = {"jax"}; // read with a warning
        EnumSpec s{"an AI framework", {}, {}};
        for (const model::EnumValue& v : languageValues("framework"))
            (std::ranges::find(newerThanModak, v.name) == std::end(newerThanModak) ? s.values
                                                                                   : s.legacy)
                .emplace_back(v.name, v.name);
        return s;
    }();
    return spec;
}
bool isFramework(std::string_view name) {
    return std::ranges::any_of(languageValues("framework"),
                               [&](const model::EnumValue& v) { return v.name == name; });
}
const EnumSpec& kerasBackends() {
    static const EnumSpec spec = [] {
        EnumSpec s{"a Keras backend", {}, {}};
        for (const model::EnumValue& v : languageValues("keras_backend"))
            s.values.emplace_back(v.name, v.name);
        return s;
    }();
    return spec;
}
const EnumSpec kParallelisations{
    "a parallelisation",
    {{"mpi", "mpi"}, {"openmp", "openmp"}, {"opencc", "openacc"}, {"opencl", "opencl"}},
    {{"openacc", "openacc"}, {"cuda", "cuda"}}};
const EnumSpec kMpiLibraries{"an MPI library",
                             {{"mpich", "mpich"},
                              {"openmpi", "openmpi"},
                              {"mvapich", "mvapich"},
                              {"intelmpi", "intelmpi"},
                              {"cray_mpich", "cray_mpich"}},
                             {{"mvapch", "mvapich"},
                              {"opnmpi", "openmpi"},
                              {"mvapich2", "mvapich"},
                              {"open-mpi", "openmpi"},
                              {"ompi", "openmpi"},
                              {"impi", "intelmpi"},
                              {"intel-mpi", "intelmpi"},
                              {"intel_mpi", "intelmpi"},
                              {"cray-mpich", "cray_mpich"}}};
const EnumSpec kAffinities{"an OpenMP affinity",
                           {{"block", "block"},
                            {"simple", "simple"},
                            {"close", "close"},
                            {"spread", "spread"},
                            {"compact", "compact"},
                            {"scatter", "scatter"}},
                           {{"simpe", "simple"}}};
const EnumSpec kCompilers{"a compiler",
                          {{"pgi", "pgi"},
                           {"cray", "cray"},
                           {"nvhpc", "nvhpc"},
                           {"gcc", "gcc"},
                           {"clang", "clang"},
                           {"intel", "intel"}},
                          {}};
const EnumSpec kTasks{"a task",
                      {{"image_classification", "image_classification"},
                       {"object_detection", "object_detection"},
                       {"translation", "translation"},
                       {"recommendation", "recommendation"},
                       {"reinforcement_learning", "reinforcement_learning"}},
                      {{"reinforncement_learning", "reinforcement_learning"},
                       {"segmentation", "segmentation"},
                       {"language_modeling", "language_modeling"},
                       {"speech", "speech"},
                       {"other", "other"}}};
const EnumSpec kMessageSizes{
    "a message size", {{"small", "small"}, {"medium", "medium"}, {"large", "large"}}, {}};
const EnumSpec kTuners{"a tuner",
                       {{"cresta", "cresta"},
                        {"grid", "grid"},
                        {"random", "random"},
                        {"bayesian", "bayesian"},
                        {"autotune", "autotune"}},
                       {{"creata", "cresta"}}};
/// MODAK's storage classes: the catalogue's entries with a MODAK spelling (hardware.json). Their
/// .modak spelling, and one variant seen in MODAK jobs, are read with a warning.
const EnumSpec kStorageClasses = [] {
    EnumSpec spec{"a storage class", {}, {}};
    for (const auto& s : model::data::storageClasses())
        if (!s.modakName.empty()) {
            spec.values.emplace_back(s.modakName, s.name());
            spec.legacy.emplace_back(s.name(), s.name());
        }
    spec.legacy.emplace_back("default-ultra-high", "default_ultra_high");
    return spec;
}();

std::string valueList(const EnumSpec& spec) {
    std::string r;
    for (size_t i = 0; i < spec.values.size(); ++i) {
        if (i)
            r += i + 1 == spec.values.size() ? " or " : ", ";
        r += spec.values[i].first;
    }
    return r;
}

// ---------------------------------------------------------------------------------------------
// The importer.

class Importer {
public:
    Importer(const SourceManager& sm, FileId file, const ImportOptions& options)
        : sm_(sm), file_(file), options_(options) {}

    std::optional<std::string> run(Diagnostics& diags);

private:
    // One handler per known field of an object; `walk` reports every other field.
    struct Field {
        std::string name;
        std::function<void(const Member&)> handle;
    };

    // -- diagnostics --------------------------------------------------------------------------
    SourceRange range(uint32_t b, uint32_t e) const { return {file_, b, e}; }
    SourceRange keyRange(const Member& m) const { return range(m.keyBegin, m.keyEnd); }
    SourceRange valueRange(const Value& v) const { return range(v.begin, v.end); }

    Diagnostic& error(DiagCode code, SourceRange r, std::string message) {
        Diagnostic& d = diags_.add(code, r, std::move(message));
        d.severity = Severity::Error;
        return d;
    }
    void warn(DiagCode code, SourceRange r, std::string message) {
        if (muted_ > 0)
            return;
        diags_.add(code, r, std::move(message)).severity = Severity::Warning;
    }

    void walk(const Value& object, std::string_view where, const std::vector<Field>& fields);
    void unknownField(const Member& m, std::string_view where,
                      const std::vector<std::string_view>& names);
    void legacy(const Member& m, std::string_view message) {
        warn(DiagCode::JsonLegacyField, keyRange(m),
             fmt::format("legacy field '{}' {}", m.key, message));
    }
    void missing(const Member& parent, std::string_view field, bool isError,
                 std::string_view consequence);

    // -- typed reads (null reads as "absent", like pydantic's Optional) -------------------------
    bool typeError(const Member& m, std::string_view expected) {
        error(DiagCode::JsonTypeMismatch, valueRange(m.value),
              fmt::format("'{}' must be {}, not {}", m.key, expected, withArticle(m.value.type)));
        return false;
    }
    const Value* object(const Member& m);
    std::optional<std::string> string(const Member& m);
    void nulBytes(const Value& v); ///< an error at every string that holds a NUL character
    std::optional<bool> boolean(const Member& m);
    std::optional<int64_t> positiveInt(const Member& m, int64_t min = 1);
    std::optional<std::string> fraction(const Member& m, bool zeroAllowed);
    std::optional<std::string> enumValue(const Member& m, const std::string& value,
                                         const EnumSpec& spec, bool invalidIsError);
    std::optional<std::string> enumField(const Member& m, const EnumSpec& spec,
                                         bool invalidIsError) {
        auto s = string(m);
        if (!s)
            return std::nullopt;
        return enumValue(m, *s, spec, invalidIsError);
    }
    /// A non-empty string, or nullopt for an absent, null, empty or blank one (MODAK's templates
    /// skip falsy values).
    std::optional<std::string> text(const Member& m) {
        auto s = string(m);
        if (!s || trimView(*s).empty())
            return std::nullopt;
        return s;
    }

    // -- the parts of a job ---------------------------------------------------------------------
    void document(const Value& root);
    void containerMapping(const Value& root);
    void job(const Member& job);
    void jobOptions(const Member& m);
    void target(const Member& m);
    void application(const Member& m);
    void applicationBuild(const Member& m);
    void optimisation(const Member& m);
    void optBuild(const Member& m);
    void autotuning(const Member& m);
    void aiTraining(const Member& m);
    void aiConfig(const Member& m);
    void frameworkBlock(const Member& m, std::string_view framework);
    void hpc(const Member& m);
    void hpcConfig(const Member& m);
    void mpiBlock(const Member& m);
    void openmpBlock(const Member& m);
    void acceleratorBlock(const Member& m, std::string_view kind);
    void data(const Member& m);
    void legacyApp(const Member& appName, const Member* appBuild);

    /// Processes `m` into scratch blocks and returns what it would have produced as comment lines;
    /// used for blocks that the chosen app_type or framework leaves out.
    void dropped(const Member& m, std::string_view reason, const std::function<void()>& process);

    Block& job() {
        Block& b = deployment_->child("job", kJobOrder);
        b.setMultiLine(true);
        return b;
    }
    Block& scale() { return deployment_->child("scale", kScaleOrder); }
    Block& dataset() { return app_->child("dataset", kDatasetOrder); }
    void setJob(std::string_view key, std::string value) { job().set(key, std::move(value)); }

    std::string render();
    std::string baseName(const Value& root) const;

    const SourceManager& sm_;
    FileId file_;
    const ImportOptions& options_;
    Diagnostics diags_;
    int muted_ = 0;

    std::string name_;
    std::string targetName_;
    std::unique_ptr<Block> app_, target_, deployment_;
    std::unique_ptr<Block> image_; ///< set when the document is a container mapping
    std::vector<std::string> headerComments_;

    // Facts gathered before or while walking.
    bool hasOptimisation_ = false;
    bool hasBuild_ = false;
    bool autotuningEnabled_ = false;
    bool hasMinimalEfficiency_ = false;
    std::string kind_;      ///< ai_training or hpc ("" when unknown)
    std::string framework_; ///< chosen ai_framework
    std::string scheduler_;
    const Member* applicationMember_ = nullptr;
    bool hasJob_ = false; ///< the document is a job (not a bare optimisation)
    bool exportAll_ = false;
    bool exportList_ = false;
};

// ---------------------------------------------------------------------------------------------
// Walking and typed reads.

void Importer::walk(const Value& object, std::string_view where, const std::vector<Field>& fields) {
    for (const Member& m : object.members) {
        auto it = std::find_if(fields.begin(), fields.end(),
                               [&](const Field& f) { return f.name == m.key; });
        if (it != fields.end()) {
            it->handle(m);
            continue;
        }
        std::vector<std::string_view> names;
        for (const Field& f : fields)
            names.push_back(f.name);
        unknownField(m, where, names);
    }
}

void Importer::unknownField(const Member& m, std::string_view where,
                            const std::vector<std::string_view>& names) {
    std::string message = fmt::format("unknown field '{}' in {}", m.key, where);
    auto suggestion = closest(m.key, names);
    if (suggestion)
        message += fmt::format("; did you mean '{}'?", *suggestion);
    Diagnostic& d = error(DiagCode::JsonUnknownField, keyRange(m), std::move(message));
    if (suggestion)
        d.fixes.push_back(
            {fmt::format("replace with '{}'", *suggestion), {{keyRange(m), quote(*suggestion)}}});
}

void Importer::missing(const Member& parent, std::string_view field, bool isError,
                       std::string_view consequence) {
    std::string message = fmt::format("'{}' has no '{}'", parent.key, field);
    if (!consequence.empty())
        message += fmt::format("; {}", consequence);
    if (isError)
        error(DiagCode::JsonMissingField, keyRange(parent), std::move(message));
    else
        warn(DiagCode::JsonMissingField, keyRange(parent), std::move(message));
}

const Value* Importer::object(const Member& m) {
    if (m.value.type == VT::Null)
        return nullptr;
    if (m.value.type != VT::Object) {
        typeError(m, "an object");
        return nullptr;
    }
    return &m.value;
}

std::optional<std::string> Importer::string(const Member& m) {
    switch (m.value.type) {
    case VT::Null:
        return std::nullopt;
    case VT::String:
        return m.value.string;
    case VT::Integer:
    case VT::Float:
        // pydantic v1 turns numbers into strings (`str(1.1)`); keep the token as written.
        warn(DiagCode::JsonTypeMismatch, valueRange(m.value),
             fmt::format("'{}' should be a string; the number {} is read as \"{}\"", m.key,
                         m.value.raw, m.value.raw));
        return m.value.raw;
    default:
        typeError(m, "a string");
        return std::nullopt;
    }
}

std::optional<bool> Importer::boolean(const Member& m) {
    const Value& v = m.value;
    if (v.type == VT::Null)
        return std::nullopt;
    if (v.type == VT::Bool)
        return v.boolean;
    // pydantic v1 also accepts 0/1 and "true"/"false"-like strings.
    std::optional<bool> converted;
    if (v.type == VT::Integer && (v.integer == 0 || v.integer == 1))
        converted = v.integer == 1;
    if (v.type == VT::String) {
        std::string s = lower(trimView(v.string));
        if (s == "true" || s == "yes" || s == "on" || s == "1")
            converted = true;
        else if (s == "false" || s == "no" || s == "off" || s == "0")
            converted = false;
    }
    if (converted) {
        warn(DiagCode::JsonTypeMismatch, valueRange(v),
             fmt::format("'{}' should be a boolean; read as {}", m.key,
                         *converted ? "true" : "false"));
        return converted;
    }
    typeError(m, "a boolean");
    return std::nullopt;
}

std::optional<int64_t> Importer::positiveInt(const Member& m, int64_t min) {
    const Value& v = m.value;
    std::optional<int64_t> n;
    switch (v.type) {
    case VT::Null:
        return std::nullopt;
    case VT::Integer:
        n = v.integer;
        break;
    case VT::Float:
        if (!v.bigInteger && std::fabs(v.number) < 9e15 && v.number == std::trunc(v.number)) {
            n = static_cast<int64_t>(v.number);
            break;
        }
        if (v.bigInteger) {
            error(DiagCode::JsonInvalidValue, valueRange(v),
                  fmt::format("'{}' is {}, which does not fit in 64 bits", m.key, v.raw));
            return std::nullopt;
        }
        typeError(m, "an integer");
        return std::nullopt;
    case VT::String: {
        std::string_view s = trimView(v.string);
        if (!s.empty() && s.size() < 16 &&
            std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            n = std::stoll(std::string(s));
            warn(DiagCode::JsonTypeMismatch, valueRange(v),
                 fmt::format("'{}' should be an integer; the string is read as {}", m.key, *n));
            break;
        }
        typeError(m, "an integer");
        return std::nullopt;
    }
    default:
        typeError(m, "an integer");
        return std::nullopt;
    }
    if (*n < min) {
        error(DiagCode::JsonInvalidValue, valueRange(v),
              fmt::format("'{}' must be {} (it is {})", m.key,
                          min == 1 ? "at least 1" : fmt::format("at least {}", min), *n));
        return std::nullopt;
    }
    return n;
}

// A float in (0, 1] (or [0, 1]) as a .modak float literal.
std::optional<std::string> Importer::fraction(const Member& m, bool zeroAllowed) {
    const Value& v = m.value;
    if (v.type == VT::Null)
        return std::nullopt;
    if (!v.isNumber()) {
        typeError(m, "a number");
        return std::nullopt;
    }
    if (v.number > 1 || v.number < 0 || (!zeroAllowed && v.number == 0)) {
        error(DiagCode::JsonInvalidValue, valueRange(v),
              fmt::format("'{}' must be {} 0 and at most 1 (it is {})", m.key,
                          zeroAllowed ? "at least" : "above", v.raw));
        return std::nullopt;
    }
    return floatLiteral(v);
}

std::optional<std::string> Importer::enumValue(const Member& m, const std::string& value,
                                               const EnumSpec& spec, bool invalidIsError) {
    auto lookup = [&](std::string_view word, bool& isLegacy) -> std::optional<std::string> {
        for (auto& [from, to] : spec.values)
            if (word == from)
                return std::string(to);
        isLegacy = true;
        std::string l = lower(word);
        for (auto& [from, to] : spec.values)
            if (l == from)
                return std::string(to);
        for (auto& [from, to] : spec.legacy)
            if (l == from)
                return std::string(to);
        return std::nullopt;
    };
    bool isLegacy = false;
    std::string_view word = trimView(value);
    if (auto r = lookup(word, isLegacy)) {
        if (isLegacy || word.size() != value.size())
            warn(DiagCode::JsonLegacyField, valueRange(m.value),
                 fmt::format("\"{}\" is not one of MODAK's values for '{}' ({}); read as {}", value,
                             m.key, valueList(spec), *r));
        return r;
    }
    // Documentation examples list the alternatives, e.g. "x86/arm/amd/power": use the first.
    if (word.find('/') != std::string_view::npos) {
        std::string_view first = trimView(word.substr(0, word.find('/')));
        bool ignored = false;
        if (auto r = lookup(first, ignored)) {
            warn(DiagCode::JsonInvalidValue, valueRange(m.value),
                 fmt::format("'{}' is \"{}\", a list of alternatives rather than a value; using "
                             "the first, {}",
                             m.key, value, *r));
            return r;
        }
    }
    std::string message = fmt::format("'{}' is \"{}\", which is not {} (expected {})", m.key, value,
                                      spec.what, valueList(spec));
    std::vector<std::string_view> names;
    for (auto& [from, to] : spec.values)
        names.push_back(from);
    if (auto s = closest(word, names))
        message += fmt::format("; did you mean \"{}\"?", *s);
    if (invalidIsError)
        error(DiagCode::JsonInvalidValue, valueRange(m.value), std::move(message));
    else
        warn(DiagCode::JsonInvalidValue, valueRange(m.value), message + "; not imported");
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Document forms.

std::string Importer::baseName(const Value& root) const {
    if (auto n = sanitizeName(options_.name); !n.empty())
        return n;
    if (const Member* job = root.find("job"); job && job->value.type == VT::Object)
        if (const Member* opts = job->value.find("job_options");
            opts && opts->value.type == VT::Object)
            if (const Member* name = opts->value.find("job_name");
                name && name->value.type == VT::String)
                if (auto n = sanitizeName(name->value.string); !n.empty())
                    return n;
    if (const Member* name = root.find("name"); name && name->value.type == VT::String)
        if (auto n = sanitizeName(name->value.string); !n.empty())
            return n;
    if (auto n = sanitizeName(std::filesystem::path(std::string(sm_.path(file_))).stem().string());
        !n.empty())
        return n;
    return "job";
}

std::optional<std::string> Importer::run(Diagnostics& diags) {
    std::string_view text = sm_.text(file_);
    json::ParseResult parsed = json::parse(text);
    if (parsed.error) {
        error(DiagCode::JsonSyntax, range(parsed.error->begin, parsed.error->end),
              fmt::format("invalid JSON: {}", parsed.error->message));
        diags.append(diags_);
        return std::nullopt;
    }
    for (const json::DuplicateKey& d : parsed.duplicates) {
        if (muted_ > 0)
            break;
        Diagnostic& w =
            diags_.add(DiagCode::JsonInvalidValue, range(d.begin, d.end),
                       fmt::format("duplicate field '{}'; the last one is used", d.key));
        w.severity = Severity::Warning;
        w.notes.push_back({range(d.firstBegin, d.firstEnd), "first given here"});
    }
    const Value& root = *parsed.root;
    if (parsed.bareMembers && !root.members.empty())
        warn(DiagCode::JsonSyntax, keyRange(root.members.front()),
             "the document is a bare JSON member list without the enclosing braces; read as if it "
             "had them");

    if (root.type != VT::Object) {
        error(DiagCode::JsonTypeMismatch, valueRange(root),
              fmt::format("a MODAK job must be a JSON object {{\"job\": {{…}}}}, not {}",
                          withArticle(root.type)));
        diags.append(diags_);
        return std::nullopt;
    }

    size_t errorsBefore = diags_.errorCount();
    nulBytes(root);
    name_ = baseName(root);
    app_ = std::make_unique<Block>("application", name_, kApplicationOrder);
    target_ = std::make_unique<Block>("target", "", kTargetOrder);
    deployment_ = std::make_unique<Block>("deployment", name_, kDeploymentOrder);
    for (Block* b : {app_.get(), target_.get(), deployment_.get()})
        b->setMultiLine(true);

    document(root);
    std::string result = render(); // may add the last warnings

    bool failed = diags_.errorCount() > errorsBefore;
    diags_.sortByLocation();
    diags.append(diags_);
    if (failed)
        return std::nullopt;
    return result;
}

void Importer::nulBytes(const Value& v) {
    // JSON can write NUL ("\u0000"); a .modak string cannot hold it, so no value with one is
    // imported.
    if (v.type == VT::String && v.string.find('\0') != std::string::npos)
        error(DiagCode::JsonInvalidValue, valueRange(v),
              "this string holds a NUL character (\\u0000), which a .modak file cannot hold");
    for (const Member& m : v.members)
        nulBytes(m.value);
    for (const Value& item : v.items)
        nulBytes(item);
}

void Importer::document(const Value& root) {
    const Member* jobMember = root.find("job");
    const Member* optMember = root.find("optimisation");
    if (!optMember)
        optMember = root.find("optimization");

    if (!jobMember) {
        // Other MODAK documents (the admin side of the REST API) are recognised by their fields.
        auto has = [&](std::string_view k) { return root.find(k) != nullptr; };
        const Member* first = root.members.empty() ? nullptr : &root.members.front();
        SourceRange where =
            first ? keyRange(*first) : range(root.begin, std::min(root.begin + 1, root.end));
        std::string what;
        if (has("container_file") || has("image_hub") || has("opt_dsl_code") ||
            has("container_name")) {
            containerMapping(root);
            return;
        } else if (has("configuration"))
            what = "a MODAK infrastructure description (POST /infrastructures), not a job; write "
                   "it as a "
                   "`target` block";
        else if (has("conditions"))
            what = "a MODAK optimisation script (POST /scripts), not a job";
        else if (has("model"))
            what = "a MODAK scaling model (POST /scaling_models), not a job";
        if (!what.empty()) {
            error(DiagCode::JsonInvalidValue, where, "this document is " + what);
            return;
        }
        if (!first && !optMember) {
            error(DiagCode::JsonMissingField, where,
                  "the document has no 'job'; a MODAK job is {\"job\": {…}}");
            return;
        }
    }

    if (jobMember) {
        headerComments_.push_back(fmt::format(
            "Imported by `modak import` from {} (an original MODAK job).", sm_.path(file_)));
        walk(root, "the document", {{"job", [&](const Member& m) { job(m); }}});
        return;
    }

    // An optimisation document: the IDE's `{"name", "optimization"}` or a bare `{"optimisation"}`.
    headerComments_.push_back(
        fmt::format("Imported by `modak import` from {} (a MODAK optimisation without a job).",
                    sm_.path(file_)));
    if (optMember)
        warn(DiagCode::JsonMissingField, keyRange(*optMember),
             "the document holds only an optimisation, not a job; the deployment gets no job "
             "options and a "
             "target without a scheduler");
    scheduler_ = "none";
    targetName_ = name_;
    auto optimisationHandler = [&](const Member& m) {
        if (m.key == "optimization")
            legacy(m, "(the IDE's spelling) read as 'optimisation'");
        optimisation(m);
    };
    walk(root, "the document",
         {{"name", [&](const Member& m) { string(m); }},
          {"optimisation", optimisationHandler},
          {"optimization", optimisationHandler},
          {"job", [&](const Member& m) { job(m); }}});
}

// A container mapping (a row of MODAK's container catalogue, both the example file's form and the
// REST form of POST /container_mappings) becomes an `image` block.
void Importer::containerMapping(const Value& root) {
    headerComments_.push_back(
        fmt::format("Imported by `modak import` from {} (an original MODAK container mapping).",
                    sm_.path(file_)));
    image_ = std::make_unique<Block>(
        "image", name_,
        std::vector<std::string_view>{"reference", "image_type", "framework", "mpi", "app", "arch",
                                      "accelerator", "cuda", "build", "graph_compilers",
                                      "libraries", "flags", "features", "env"});
    image_->setMultiLine(true);
    std::string file, hub, appName, version, imageType;
    std::vector<std::string> features;
    auto str = [&](std::string& into) {
        return [this, &into](const Member& f) {
            if (auto s = text(f))
                into = std::string(trimView(*s));
        };
    };
    auto optBuildFlag = [&](const Member& g) {
        if (auto b = boolean(g))
            image_->set("build", *b ? "source" : "hub");
    };
    auto build = [&](const Member& f) {
        const Value* v = object(f);
        if (!v)
            return;
        walk(*v, "the mapping's build",
             {{"enable_opt_build", optBuildFlag},
              {"cpu_type",
               [&](const Member& g) {
                   if (auto s = text(g))
                       if (auto arch = enumValue(g, *s, kCpuTypes, true))
                           image_->set("arch", *arch);
               }},
              {"acc_type", [&](const Member& g) {
                   if (auto s = text(g))
                       if (auto acc = enumValue(g, *s, kAccTypes, true))
                           image_->set("accelerator", *acc);
               }}});
    };
    // Selector maps ({"mpicc": "true", "version": "2.2"}): true flags become features.
    auto selectors = [&](const Member& f) {
        const Value* v = object(f);
        if (!v)
            return;
        for (const Member& s : v->members) {
            if (s.key == "version")
                continue;
            bool on = s.value.type == VT::Bool
                          ? s.value.boolean
                          : s.value.type == VT::String && lower(trimView(s.value.string)) == "true";
            if (on)
                features.push_back(quote(s.key));
        }
    };
    walk(root, "a container mapping",
         {{"name", [&](const Member&) {}},
          {"container_file", str(file)},
          {"container_name", str(file)},
          {"image_type", str(imageType)},
          {"container_type", str(imageType)},
          {"image_hub", str(hub)},
          {"container_registry", str(hub)},
          {"src",
           [&](const Member& f) {
               if (auto s = text(f); s && lower(trimView(*s)) != "none")
                   image_->comment("reference", fmt::format("built from source: {}", *s));
           }},
          {"app_name", str(appName)},
          {"version", str(version)},
          {"opt_dsl_code",
           [&](const Member& f) {
               if (auto s = text(f))
                   image_->comment("reference", fmt::format("MODAK optimisation code: {}", *s));
           }},
          {"enable_opt_build", optBuildFlag},
          {"build", build},
          {"target", build},
          {"optimisation", selectors},
          {"selectors", selectors}});
    if (file.empty()) {
        error(DiagCode::JsonMissingField, range(root.begin, std::min(root.begin + 1, root.end)),
              "the container mapping has no 'container_file' (or 'container_name'): the image "
              "reference");
        return;
    }
    if (imageType.empty())
        imageType = "docker";
    std::string type = lower(imageType);
    if (type == "docker" || type == "shub" || type == "library" || type == "oras")
        image_->set("image_type", type);
    // MODAK pulled `docker://<hub>/<file>`; a reference with a scheme is kept as written.
    std::string reference = file;
    if (reference.find("://") == std::string::npos) {
        std::string h = lower(hub);
        std::string prefix = h.empty() || h == "docker" || h == "dockerhub" ? "" : hub + "/";
        reference = (type == "shub"      ? "shub://"
                     : type == "library" ? "library://"
                                         : "docker://") +
                    prefix + reference;
    }
    image_->set("reference", quote(reference));
    std::string app = lower(appName);
    bool isMpi = false, isFramework = false;
    for (auto& [spelling, name] : kMpiLibraries.values)
        isMpi |= app == spelling;
    for (auto& [spelling, name] : kMpiLibraries.legacy)
        isMpi |= app == spelling;
    for (auto& [spelling, name] : frameworks().values)
        isFramework |= app == spelling;
    auto versioned = [&](std::string_view name) {
        return version.empty() ? std::string(name) : fmt::format("{} {}", name, quote(version));
    };
    if (isMpi) {
        for (auto& [spelling, name] : kMpiLibraries.values)
            if (app == spelling)
                image_->set("mpi", versioned(name));
        for (auto& [spelling, name] : kMpiLibraries.legacy)
            if (app == spelling)
                image_->set("mpi", versioned(name));
    } else if (isFramework) {
        image_->set("framework", versioned(app));
    } else if (!appName.empty()) {
        image_->set("app", quote(version.empty() ? appName : appName + " " + version));
    }
    if (!features.empty())
        image_->set("features", out::list(features));
}

void Importer::job(const Member& m) {
    const Value* v = object(m);
    if (!v) {
        if (m.value.type == VT::Null)
            error(DiagCode::JsonTypeMismatch, valueRange(m.value),
                  "'job' must be an object, not null");
        return;
    }
    hasJob_ = true;
    hasOptimisation_ = v->find("optimisation") || v->find("optimization");
    if (const Member* app = v->find("application"); app && app->value.type == VT::Object)
        if (const Member* eff = app->value.find("minimal_efficiency");
            eff && eff->value.type != VT::Null)
            hasMinimalEfficiency_ = true;
    if (!v->find("job_options"))
        missing(m, "job_options", true, "MODAK requires the queueing options");
    if (!v->find("application"))
        missing(m, "application", true, "MODAK requires the application to run");
    if (!v->find("target")) {
        missing(m, "target", false,
                "MODAK needs it to generate a job script; the target gets `scheduler = none` (a "
                "plain script)");
        targetName_ = name_;
        scheduler_ = "none";
    }
    auto output = [&](const Member& f) {
        warn(DiagCode::JsonLegacyField, keyRange(f),
             fmt::format("'{}' is an output of MODAK, not an input; not imported", f.key));
    };
    walk(*v, "job",
         {{"job_options", [&](const Member& f) { jobOptions(f); }},
          {"target", [&](const Member& f) { target(f); }},
          {"application", [&](const Member& f) { application(f); }},
          {"optimisation", [&](const Member& f) { optimisation(f); }},
          {"optimization",
           [&](const Member& f) {
               legacy(f, "(the IDE's spelling) read as 'optimisation'");
               optimisation(f);
           }},
          {"job_script", output},
          {"build_script", output},
          {"job_content", output},
          {"build_content", output}});
}

// ---------------------------------------------------------------------------------------------
// job_options -> deployment.job

void Importer::jobOptions(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    auto str = [&](std::string_view key) {
        return [this, key](const Member& f) {
            if (auto s = text(f))
                setJob(key, quote(*s));
        };
    };
    auto count = [&](std::string_view key) {
        return [this, key](const Member& f) {
            if (auto n = positiveInt(f))
                setJob(key, std::to_string(*n));
        };
    };
    auto legacyAs = [&](std::string_view key, std::function<void(const Member&)> convert) {
        return [this, key, convert](const Member& f) {
            legacy(f, fmt::format("(MODAK's schema rejects it) imported as job.{}", key));
            convert(f);
        };
    };
    auto size = [&](std::string_view key) {
        return [this, key](const Member& f) {
            std::optional<std::string> s;
            if (f.value.isNumber())
                s = f.value.raw;
            else
                s = text(f);
            if (!s)
                return;
            auto parsed = parseSize(trimView(*s));
            if (!parsed) {
                warn(DiagCode::JsonInvalidValue, valueRange(f.value),
                     fmt::format("'{}' is \"{}\", which is not a memory size; not imported", f.key,
                                 *s));
                job().comment(key, fmt::format("not imported: {} = {}", f.key, quote(*s)));
                return;
            }
            if (parsed->guessedUnit)
                warn(DiagCode::JsonInvalidValue, valueRange(f.value),
                     fmt::format("'{}' is \"{}\"; read with the scheduler's binary units as {} {}",
                                 f.key, *s, parsed->number, parsed->unit));
            setJob(key, parsed->number + " " + parsed->unit);
        };
    };
    auto constraint = [this](const Member& f) {
        auto s = text(f);
        if (!s)
            return;
        if (job().has("constraint")) {
            warn(DiagCode::JsonInvalidValue, keyRange(f),
                 fmt::format("'{}' sets the node constraint a second time; the first one is kept",
                             f.key));
            job().comment("constraint", fmt::format("not imported: {} = {}", f.key, quote(*s)));
            return;
        }
        setJob("constraint", quote(*s));
    };

    walk(
        *v, "job_options",
        {{"job_name", str("name")},
         {"queue", str("queue")},
         // MODAK renders `partition` as `-C` (Slurm) and `-l partition=` (Torque): a node
         // constraint.
         {"partition", constraint},
         {"wall_time_limit",
          [this](const Member& f) {
              std::optional<DurationValue> d;
              std::string shown;
              if (f.value.type == VT::Integer || f.value.type == VT::Float) {
                  // pydantic reads a number as seconds.
                  if (f.value.number >= 0 && f.value.number < 1e15)
                      d = DurationValue{static_cast<int64_t>(std::llround(f.value.number)),
                                        f.value.number != std::trunc(f.value.number)};
                  shown = f.value.raw;
              } else if (auto s = string(f)) {
                  shown = *s;
                  std::string_view t = trimView(*s);
                  d = parseDuration(t);
                  if (d && t.size() != s->size())
                      warn(DiagCode::JsonLegacyField, valueRange(f.value),
                           fmt::format("'wall_time_limit' \"{}\" has surrounding spaces, which "
                                       "MODAK rejects; "
                                       "read as {}",
                                       *s, t));
              } else {
                  return;
              }
              if (!d) {
                  error(
                      DiagCode::JsonInvalidValue, valueRange(f.value),
                      fmt::format(
                          "'wall_time_limit' is \"{}\", which is not a duration (expected H:MM:SS, "
                          "\"D day[s], H:MM:SS\" or seconds)",
                          shown));
                  return;
              }
              if (d->fraction)
                  warn(DiagCode::JsonInvalidValue, valueRange(f.value),
                       fmt::format("'wall_time_limit' \"{}\" has fractional seconds; rounded to {}",
                                   shown, syntax::formatDuration(d->seconds)));
              if (d->seconds <= 0) {
                  error(DiagCode::JsonInvalidValue, valueRange(f.value),
                        fmt::format("'wall_time_limit' \"{}\" is not a positive duration", shown));
                  return;
              }
              setJob("walltime", syntax::formatDuration(d->seconds));
          }},
         {"node_count", count("nodes")},
         {"request_gpus", count("gpus")},
         {"core_count", count("tasks")},
         {"process_count_per_node", count("tasks_per_node")},
         {"standard_output_file", str("output")},
         {"standard_error_file", str("error")},
         {"combine_stdout_stderr",
          [this](const Member& f) {
              if (auto b = boolean(f))
                  setJob("combine_output", *b ? "true" : "false");
          }},
         {"request_event_notification",
          [this](const Member& f) {
              auto s = text(f);
              if (!s)
                  return;
              NotifyValue n = parseNotify(trimView(*s));
              auto join = [](const std::vector<std::string>& words) {
                  std::string r;
                  for (const std::string& w : words)
                      r += (r.empty() ? "" : ", ") + w;
                  return r;
              };
              std::string consequence = n.events.empty() ? "not imported" : "ignored";
              if (!n.unknown.empty())
                  warn(DiagCode::JsonInvalidValue, valueRange(f.value),
                       fmt::format("'request_event_notification' is \"{}\": {} {} no Torque "
                                   "(abefn) or Slurm mail "
                                   "option; {}",
                                   *s, join(n.unknown), n.unknown.size() == 1 ? "is" : "are",
                                   consequence));
              if (n.events.empty()) {
                  job().comment(
                      "notify",
                      fmt::format("not imported: request_event_notification = {}", quote(*s)));
                  return;
              }
              std::vector<std::string> events(n.events.begin(), n.events.end());
              setJob("notify", out::list(events));
          }},
         {"email_address",
          [this](const Member& f) {
              auto s = text(f);
              if (!s)
                  return;
              if (s->find('@') == std::string::npos) {
                  warn(DiagCode::JsonInvalidValue, valueRange(f.value),
                       fmt::format("'email_address' \"{}\" is not an e-mail address; not imported",
                                   *s));
                  job().comment("email",
                                fmt::format("not imported: email_address = {}", quote(*s)));
                  return;
              }
              setJob("email", quote(*s));
          }},
         {"copy_environment",
          [this](const Member& f) {
              auto b = boolean(f);
              // MODAK emits `--export=ALL` / `-V` only when true.
              if (!b || !*b)
                  return;
              exportAll_ = true;
              if (!exportList_)
                  setJob("export_env", "true");
          }},
         {"copy_environment_variable",
          [this](const Member& f) {
              auto s = text(f);
              if (!s)
                  return;
              std::vector<std::string> names;
              std::string cur;
              for (char c : *s + ",") {
                  if (c == ',') {
                      // Slurm's --export=ALL,VAR: ALL is the whole environment, written `all`.
                      if (auto t = trimView(cur); !t.empty()) {
                          std::string item = lower(t) == "all" ? std::string("all") : quote(t);
                          if (std::find(names.begin(), names.end(), item) == names.end())
                              names.push_back(std::move(item));
                      }
                      cur.clear();
                  } else {
                      cur.push_back(c);
                  }
              }
              exportList_ = true;
              setJob("export_env", out::list(names));
          }},
         {"request_specific_nodes", str("nodelist")},
         // Keys of MODAK's templates that its schema rejects (docs/modak.md §1.2).
         {"account", legacyAs("account", str("account"))},
         {"qos", legacyAs("qos", str("qos"))},
         {"core_count_per_process", legacyAs("cpus_per_task", count("cpus_per_task"))},
         {"memory_limit", legacyAs("memory", size("memory"))},
         {"minimum_memory_per_processor", legacyAs("memory_per_cpu", size("memory_per_cpu"))},
         {"job_array",
          legacyAs("array",
                   [this](const Member& f) {
                       std::optional<std::string> s;
                       if (f.value.type == VT::Integer)
                           s = f.value.raw;
                       else
                           s = text(f);
                       if (!s)
                           return;
                       std::string_view t = trimView(*s);
                       // "1,2,3" -> [1, 2, 3]; "1-10" -> 1..10; anything else as a string.
                       std::vector<std::string> items;
                       bool ints = true;
                       std::string cur;
                       for (char c : std::string(t) + ",") {
                           if (c == ',') {
                               auto w = trimView(cur);
                               if (w.empty() || w.size() > 15 ||
                                   !std::all_of(w.begin(), w.end(),
                                                [](char x) { return x >= '0' && x <= '9'; }))
                                   ints = false;
                               items.emplace_back(w);
                               cur.clear();
                           } else {
                               cur.push_back(c);
                           }
                       }
                       auto dash = t.find('-');
                       auto isNum = [](std::string_view w) {
                           return !w.empty() && w.size() < 16 &&
                                  std::all_of(w.begin(), w.end(),
                                              [](char x) { return x >= '0' && x <= '9'; });
                       };
                       if (ints && items.size() == 1)
                           setJob("array", items[0]);
                       else if (ints)
                           setJob("array", out::list(items));
                       else if (dash != std::string_view::npos && isNum(t.substr(0, dash)) &&
                                isNum(t.substr(dash + 1)) &&
                                std::stoll(std::string(t.substr(0, dash))) <=
                                    std::stoll(std::string(t.substr(dash + 1))))
                           setJob("array",
                                  fmt::format("{}..{}", t.substr(0, dash), t.substr(dash + 1)));
                       else
                           setJob("array", quote(t));
                   })},
         {"job_dependency", legacyAs("dependency", str("dependency"))},
         {"defer_job", legacyAs("begin", str("begin"))},
         {"node_exclusive", legacyAs("exclusive",
                                     [this](const Member& f) {
                                         if (auto b = boolean(f))
                                             setJob("exclusive", *b ? "true" : "false");
                                     })},
         {"architecture_constraint", legacyAs("constraint", constraint)}});
    if (exportAll_ && exportList_)
        warn(DiagCode::JsonInvalidValue, keyRange(m),
             "both 'copy_environment' and 'copy_environment_variable' are set; the scheduler "
             "honours the later "
             "--export, so only the variable list is imported");
}

// ---------------------------------------------------------------------------------------------
// target -> target

void Importer::target(const Member& m) {
    const Value* v = object(m);
    if (!v) {
        targetName_ = name_;
        scheduler_ = "none";
        return;
    }
    const Member* name = v->find("name");
    const Member* scheduler = v->find("job_scheduler_type");
    const Member* queueType = v->find("queue_type");
    if (name && name->value.type == VT::String && !sanitizeName(name->value.string).empty())
        targetName_ = sanitizeName(name->value.string);
    else
        targetName_ = name_;
    auto schedulerHandler = [this](const Member& f) {
        if (f.key == "queue_type")
            legacy(f, "(older MODAK documentation) read as 'job_scheduler_type'");
        if (auto s = enumField(f, kSchedulers, true))
            scheduler_ = *s;
    };
    walk(*v, "target",
         {{"name",
           [this](const Member& f) {
               if (auto s = text(f))
                   target_->set("site", quote(*s));
           }},
          {"job_scheduler_type", schedulerHandler},
          {"queue_type", schedulerHandler}});
    if (!scheduler && !queueType) {
        if (name)
            missing(
                m, "job_scheduler_type", false,
                fmt::format("MODAK took the scheduler of \"{}\" from its infrastructure database; "
                            "the target "
                            "gets `scheduler = none`",
                            name->value.type == VT::String ? name->value.string : std::string()));
        else
            missing(m, "job_scheduler_type", true, "MODAK needs 'name' or 'job_scheduler_type'");
        if (scheduler_.empty()) {
            scheduler_ = "none";
            target_->comment("scheduler",
                             "the JSON gives no job_scheduler_type; set the site's scheduler here");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// application -> application (and deployment.scale / deployment.storage)

void Importer::application(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    applicationMember_ = &m;
    auto str = [this](std::string_view key) {
        return [this, key](const Member& f) {
            if (auto s = text(f))
                app_->set(key, quote(*s));
        };
    };
    auto count = [this](std::string_view key) {
        return [this, key](const Member& f) {
            if (auto n = positiveInt(f))
                app_->set(key, std::to_string(*n));
        };
    };
    walk(*v, "application",
         {{"app_tag", str("tag")},
          {"app_type",
           [this](const Member& f) {
               if (auto s = text(f))
                   if (auto t = enumValue(f, *s, kLaunchTypes, true))
                       app_->set("type", *t);
           }},
          {"executable", str("executable")},
          {"arguments", str("arguments")},
          {"container_runtime",
           [this](const Member& f) {
               auto s = text(f);
               if (!s)
                   return;
               if (hasOptimisation_) {
                   // MODAK overwrites the input container with its image selection whenever the job
                   // has an optimisation block (and with nothing when no image matches).
                   warn(DiagCode::JsonLegacyField, keyRange(f),
                        "'container_runtime' is replaced by MODAK's image selection when the job "
                        "has an "
                        "'optimisation'; not imported (set `container` to force this image)");
                   app_->comment(
                       "container",
                       fmt::format("not imported: container_runtime = {} (MODAK selects the "
                                   "image from the optimisation)",
                                   quote(*s)));
                   return;
               }
               std::string image(trimView(*s));
               if (image.find("://") == std::string::npos) {
                   warn(DiagCode::JsonInvalidValue, valueRange(f.value),
                        fmt::format("'container_runtime' \"{}\" names no registry scheme; read as "
                                    "docker://{}",
                                    *s, image));
                   image = "docker://" + image;
               }
               app_->set("container", quote(image));
           }},
          {"mpi_ranks", count("ranks")},
          {"threads", count("threads")},
          {"minimal_efficiency",
           [this](const Member& f) {
               if (auto x = fraction(f, false))
                   scale().set("min_efficiency", *x);
           }},
          {"storage_class_pref",
           [this](const Member& f) {
               if (auto s = enumField(f, kStorageClasses, true))
                   deployment_->set("storage", quote(*s));
           }},
          {"build", [this](const Member& f) { applicationBuild(f); }},
          {"pre-execution",
           [this](const Member& f) {
               legacy(f, "(MODAK's schema rejects it) imported as pre");
               if (auto s = text(f))
                   app_->set("pre", quote(*s));
           }},
          {"post-execution", [this](const Member& f) {
               legacy(f, "(MODAK's schema rejects it) imported as post");
               if (auto s = text(f))
                   app_->set("post", quote(*s));
           }}});
}

void Importer::applicationBuild(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    Block& build = app_->child("build", kBuildOrder);
    hasBuild_ = true;
    if (!v->find("src"))
        missing(m, "src", true, "");
    if (!v->find("build_command"))
        missing(m, "build_command", true, "");
    walk(*v, "application.build",
         {{"src",
           [&](const Member& f) {
               if (auto s = string(f))
                   build.set("src", quote(*s));
           }},
          {"build_command",
           [&](const Member& f) {
               if (auto s = string(f))
                   build.set("command", quote(*s));
           }},
          {"build_parallelism", [&](const Member& f) {
               if (auto n = positiveInt(f))
                   build.set("parallelism", std::to_string(*n));
           }}});
}

// ---------------------------------------------------------------------------------------------
// optimisation -> application kind/framework/parallelisation, deployment
// build/graph_compiler/autotune, target cpu/accelerator

void Importer::optimisation(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    hasOptimisation_ = true;

    // The app_type decides which of the app_type-* blocks is imported; read it first.
    const Member* appType = v->find("app_type");
    auto blockFor = [&](std::string_view kind) -> const Member* {
        if (const Member* b = v->find(fmt::format("app_type-{}", kind)))
            return b;
        return v->find(kind); // the IDE's form
    };
    if (appType && appType->value.type != VT::Null) {
        if (auto s = string(*appType)) {
            std::string l = lower(trimView(*s));
            if (l == "big_data" || l == "ai_inference") {
                warn(DiagCode::JsonInvalidValue, valueRange(appType->value),
                     fmt::format("'app_type' \"{}\" was never supported by MODAK; imported as kind "
                                 "{}, which the "
                                 "performance model does not cover yet",
                                 *s, l));
                kind_ = l;
            } else if (auto k = enumValue(*appType, *s, kAppKinds, true))
                kind_ = *k;
        }
    } else {
        const Member* ai = blockFor("ai_training");
        const Member* hpcBlock = blockFor("hpc");
        if (ai && !hpcBlock)
            kind_ = "ai_training";
        else if (hpcBlock && !ai)
            kind_ = "hpc";
        if (kind_.empty())
            missing(m, "app_type", true,
                    "the application kind (ai_training or hpc) cannot be told");
        else
            missing(m, "app_type", true,
                    fmt::format("MODAK requires it (the blocks suggest {})", kind_));
    }
    if (!kind_.empty() && !blockFor(kind_) && !v->find("app_name"))
        missing(m, fmt::format("app_type-{}", kind_), false,
                "MODAK requires the settings of the app_type");

    const Member* enable = v->find("enable_autotuning");
    if (enable) {
        // The same leniency as `boolean` (which reports the conversion when the field is walked).
        const Value& e = enable->value;
        autotuningEnabled_ =
            (e.type == VT::Bool && e.boolean) || (e.type == VT::Integer && e.integer == 1) ||
            (e.type == VT::String &&
             (lower(trimView(e.string)) == "true" || lower(trimView(e.string)) == "yes" ||
              lower(trimView(e.string)) == "on" || trimView(e.string) == "1"));
    }
    if (autotuningEnabled_ && !v->find("autotuning"))
        missing(m, "autotuning", false,
                "enable_autotuning is true but there is no tuner to import");
    if (!v->find("enable_opt_build"))
        missing(m, "enable_opt_build", true, "");
    const Member* appName = v->find("app_name");
    const Member* appBuild = v->find("app_build");

    auto kindBlock = [this](std::string_view kind) {
        return [this, kind](const Member& f) {
            if (f.key.find('-') == std::string::npos)
                legacy(f, fmt::format("(the IDE's form) read as 'app_type-{}'", kind));
            if (kind_ == kind) {
                if (kind == "hpc")
                    hpc(f);
                else
                    aiTraining(f);
                return;
            }
            dropped(f, fmt::format("app_type is {}", kind_.empty() ? "unknown" : kind_),
                    [this, &f, kind] {
                        std::string saved = kind_;
                        kind_ = std::string(kind);
                        if (kind == "hpc")
                            hpc(f);
                        else
                            aiTraining(f);
                        kind_ = saved;
                    });
        };
    };
    auto unsupported = [this](const Member& f) {
        warn(DiagCode::JsonInvalidValue, keyRange(f),
             fmt::format(
                 "'{}' was never supported by MODAK and has no .modak equivalent; not imported",
                 f.key));
        if (const Value* o = object(f); o && !o->members.empty())
            app_->comment(
                "",
                fmt::format("not imported: optimisation.{} (unsupported application type)", f.key));
    };
    auto optBuildHandler = [this](const Member& f) {
        if (f.key == "arch_build")
            legacy(f, "(an older MODAK schema) read as 'opt_build'");
        optBuild(f);
    };

    walk(*v, "optimisation",
         {{"enable_opt_build",
           [this](const Member& f) {
               if (auto b = boolean(f))
                   deployment_->set("build", *b ? "source" : "hub");
           }},
          {"enable_autotuning", [this](const Member& f) { boolean(f); }},
          {"app_type",
           [this](const Member&) {
               if (!kind_.empty())
                   app_->set("kind", kind_);
           }},
          {"opt_build", optBuildHandler},
          {"autotuning", [this](const Member& f) { autotuning(f); }},
          {"app_type-ai_training", kindBlock("ai_training")},
          {"app_type-hpc", kindBlock("hpc")},
          {"ai_training", kindBlock("ai_training")},
          {"hpc", kindBlock("hpc")},
          {"app_type-ai_inference", unsupported},
          {"app_type-big_data", unsupported},
          {"ai_inference", unsupported},
          {"big_data", unsupported},
          // An older schema (examples/mpi/*_cirrus.json, *_daint.json).
          {"arch_build", optBuildHandler},
          {"app_name",
           [this, appBuild](const Member& f) {
               legacy(f, "(an older MODAK schema) imported with 'app_build' as the framework or "
                         "MPI library");
               legacyApp(f, appBuild);
           }},
          {"app_build", [this, appName](const Member& f) {
               legacy(f, "(an older MODAK schema) imported with 'app_name'");
               const Value* o = object(f);
               if (!o)
                   return;
               walk(*o, "optimisation.app_build",
                    {{"version", [this](const Member& g) { string(g); }}});
               if (!appName)
                   missing(f, "app_name", false,
                           "the version has nothing to apply to; not imported");
           }}});
    if (!kind_.empty())
        app_->set("kind", kind_);
}

void Importer::legacyApp(const Member& appName, const Member* appBuild) {
    auto name = text(appName);
    if (!name)
        return;
    std::string version;
    if (appBuild && appBuild->value.type == VT::Object) {
        if (const Member* ver = appBuild->value.find("version")) {
            if (ver->value.type == VT::String)
                version = std::string(trimView(ver->value.string));
            else if (ver->value.isNumber())
                version = ver->value.raw;
        }
    }
    auto versioned = [&](const std::string& n) {
        return version.empty() ? n : n + " " + quote(version);
    };
    ++muted_;
    std::optional<std::string> lib, fw;
    if (kind_ == "hpc")
        lib = enumValue(appName, *name, kMpiLibraries, false);
    else if (kind_ == "ai_training")
        fw = enumValue(appName, *name, frameworks(), false);
    --muted_;
    if (lib) {
        if (!app_->has("mpi"))
            app_->set("mpi", versioned(*lib));
        if (!app_->has("parallelisation"))
            app_->set("parallelisation", "[mpi]");
    } else if (fw) {
        if (!app_->has("framework"))
            app_->set("framework", versioned(*fw));
    } else {
        warn(DiagCode::JsonInvalidValue, valueRange(appName.value),
             fmt::format(
                 "'app_name' \"{}\" is neither an MPI library nor an AI framework; not imported",
                 *name));
        app_->comment("", fmt::format("not imported: optimisation.app_name = {}", quote(*name)));
    }
}

void Importer::optBuild(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    if (!v->find("cpu_type"))
        missing(m, "cpu_type", false, "the target gets no CPU architecture");
    walk(*v, m.key == "arch_build" ? "optimisation.arch_build" : "optimisation.opt_build",
         {{"cpu_type",
           [this](const Member& f) {
               auto s = string(f);
               if (!s)
                   return;
               auto arch = enumValue(f, *s, kCpuTypes, true);
               if (!arch)
                   return;
               target_->child("cpu", kCpuOrder).set("arch", *arch);
               std::string word = lower(trimView(*s));
               if (word.starts_with("amd"))
                   target_->child("cpu", kCpuOrder).set("vendor", "amd");
           }},
          {"acc_type", [this](const Member& f) {
               auto s = string(f);
               if (!s)
                   return;
               if (trimView(*s).empty()) {
                   warn(DiagCode::JsonLegacyField, valueRange(f.value),
                        "'acc_type' is empty, which MODAK rejects; read as no accelerator");
                   target_->set("accelerator", "none");
                   return;
               }
               if (auto acc = enumValue(f, *s, kAccTypes, true))
                   target_->set("accelerator", *acc);
           }}});
}

void Importer::autotuning(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    if (!autotuningEnabled_) {
        warn(DiagCode::JsonInvalidValue, keyRange(m),
             "'autotuning' is given but 'enable_autotuning' is not true; not imported");
        std::string summary;
        if (const Member* t = v->find("tuner"); t && t->value.type == VT::String)
            summary = fmt::format(" (tuner {})", quote(t->value.string));
        deployment_->comment("autotune", "not imported: optimisation.autotuning" + summary +
                                             ", because enable_autotuning is not true");
        ++muted_;
        walk(*v, "optimisation.autotuning",
             {{"tuner", [this](const Member& f) { string(f); }},
              {"input", [this](const Member& f) { string(f); }}});
        --muted_;
        return;
    }
    Block& tune = deployment_->child("autotune", kAutotuneOrder);
    if (!v->find("tuner"))
        missing(m, "tuner", false, "MODAK requires it");
    if (!v->find("input"))
        missing(m, "input", false, "MODAK requires it");
    walk(*v, "optimisation.autotuning",
         {{"tuner",
           [&](const Member& f) {
               if (auto t = enumField(f, kTuners, false))
                   tune.set("tuner", *t);
               else if (auto s = string(f))
                   tune.comment("tuner", fmt::format("not imported: tuner = {}", quote(*s)));
           }},
          {"input", [&](const Member& f) {
               if (auto s = string(f))
                   tune.set("input", quote(*s));
           }}});
}

// ---------------------------------------------------------------------------------------------
// app_type-ai_training

void Importer::aiTraining(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    // The framework decides which ai_framework-* block is imported.
    framework_.clear();
    const Member* config = v->find("config");
    if (!config) {
        missing(m, "config", true, "the AI framework is unknown");
    } else if (config->value.type == VT::Object) {
        if (const Member* fw = config->value.find("ai_framework")) {
            if (auto s = string(*fw))
                if (auto f = enumValue(*fw, *s, frameworks(), true))
                    framework_ = *f;
        } else {
            missing(*config, "ai_framework", true, "");
        }
    }
    if (!framework_.empty())
        app_->set("framework", framework_);

    auto frameworkHandler = [this](std::string_view fw) {
        return [this, fw](const Member& f) {
            if (!f.key.starts_with("ai_framework-"))
                legacy(f, fmt::format("(the IDE's form) read as 'ai_framework-{}'", fw));
            else if (fw != "tensorflow" && framework_ == fw)
                legacy(f, "(MODAK's schema only has ai_framework-tensorflow) imported");
            if (framework_ == fw) {
                frameworkBlock(f, fw);
                return;
            }
            dropped(f,
                    fmt::format("ai_framework is {}", framework_.empty() ? "unknown" : framework_),
                    [this, &f, fw] {
                        std::string saved = framework_;
                        framework_ = std::string(fw);
                        app_->set("framework", framework_);
                        frameworkBlock(f, fw);
                        framework_ = saved;
                    });
        };
    };
    // One block per framework of the language, in MODAK's form and in the IDE's (the bare name).
    std::vector<Field> fields = {{"config", [this](const Member& f) { aiConfig(f); }},
                                 {"data", [this](const Member& f) { data(f); }}};
    for (const model::EnumValue& fw : languageValues("framework")) {
        fields.push_back({"ai_framework-" + fw.name, frameworkHandler(fw.name)});
        fields.push_back({fw.name, frameworkHandler(fw.name)});
    }
    walk(*v, "app_type-ai_training", fields);
}

void Importer::aiConfig(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    walk(*v, "app_type-ai_training.config",
         {{"ai_framework",
           [](const Member&) {}}, // read above
                                  // Without FLOPs per sample a workload block cannot be written:
                                  // these become the application's task and size hints.
          {"type",
           [this](const Member& f) {
               legacy(f, "(MODAK's schema rejects it) imported as task");
               if (auto t = enumField(f, kTasks, false))
                   app_->set("task", *t);
           }},
          {"layers",
           [this](const Member& f) {
               legacy(f, "(MODAK's schema rejects it) imported as layers");
               if (auto n = positiveInt(f))
                   app_->set("layers", std::to_string(*n));
           }},
          {"parameters",
           [this](const Member& f) {
               legacy(f, "(MODAK's schema rejects it) imported as parameters");
               if (auto n = positiveInt(f))
                   app_->set("parameters", std::to_string(*n));
           }},
          {"distributed_training", [this](const Member& f) {
               legacy(f, "(MODAK's schema rejects it) imported as distributed");
               if (auto b = boolean(f))
                   app_->set("distributed", *b ? "auto" : "none");
           }}});
}

void Importer::frameworkBlock(const Member& m, std::string_view framework) {
    const Value* v = object(m);
    if (!v)
        return;
    std::string where = fmt::format("ai_framework-{}", framework);
    std::vector<Field> fields = {{"version", [this](const Member& f) {
                                      if (auto s = text(f))
                                          app_->set("framework",
                                                    framework_ + " " + quote(trimView(*s)));
                                  }}};
    if (framework == "tensorflow")
        fields.push_back({"xla", [this](const Member& f) {
                              if (auto b = boolean(f))
                                  deployment_->set("graph_compiler", *b ? "xla" : "none");
                          }});
    if (framework == "pytorch")
        fields.push_back({"glow", [this](const Member& f) {
                              if (auto b = boolean(f))
                                  deployment_->set("graph_compiler", *b ? "glow" : "none");
                          }});
    if (framework == "keras")
        fields.push_back({"backend", [this](const Member& f) {
                              if (auto b = enumField(f, kerasBackends(), true))
                                  app_->set("keras_backend", *b);
                          }});
    walk(*v, where, fields);
}

// ---------------------------------------------------------------------------------------------
// app_type-hpc

void Importer::hpc(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    if (!v->find("config"))
        missing(m, "config", false, "the parallelisation is unknown");
    auto parallelisation = [this](std::string_view kind,
                                  std::function<void(const Member&)> handle) {
        return [this, kind, handle](const Member& f) {
            std::string original = f.key.starts_with("parallelisation-") ? f.key.substr(16) : f.key;
            if (!f.key.starts_with("parallelisation-"))
                legacy(f, fmt::format("(the IDE's form) read as 'parallelisation-{}'", original));
            else if (kind != "mpi")
                legacy(f,
                       fmt::format("(MODAK's schema only has parallelisation-mpi) imported as {}",
                                   kind));
            handle(f);
        };
    };
    auto mpi = [this](const Member& f) { mpiBlock(f); };
    auto openmp = [this](const Member& f) { openmpBlock(f); };
    auto openacc = [this](const Member& f) { acceleratorBlock(f, "openacc"); };
    auto opencl = [this](const Member& f) { acceleratorBlock(f, "opencl"); };
    walk(*v, "app_type-hpc",
         {{"config", [this](const Member& f) { hpcConfig(f); }},
          {"data", [this](const Member& f) { data(f); }},
          {"parallelisation-mpi", parallelisation("mpi", mpi)},
          {"parallelisation-openmp", parallelisation("openmp", openmp)},
          {"parallelisation-opencc", parallelisation("openacc", openacc)},
          {"parallelisation-openacc", parallelisation("openacc", openacc)},
          {"parallelisation-opencl", parallelisation("opencl", opencl)},
          {"mpi", parallelisation("mpi", mpi)},
          {"openmp", parallelisation("openmp", openmp)},
          {"opencc", parallelisation("openacc", openacc)},
          {"openacc", parallelisation("openacc", openacc)},
          {"opencl", parallelisation("opencl", opencl)}});
}

void Importer::hpcConfig(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    if (!v->find("parallelisation"))
        missing(m, "parallelisation", false, "");
    walk(*v, "app_type-hpc.config",
         {{"parallelisation", [this](const Member& f) {
               std::vector<std::string> kinds;
               auto add = [&](const std::string& k) {
                   if (std::find(kinds.begin(), kinds.end(), k) == kinds.end())
                       kinds.push_back(k);
               };
               if (f.value.type == VT::String) {
                   // "mpi", or the documentation's alternatives "mpi/openmp/opencc/opencl" (the
                   // target is a list, so all of them are kept).
                   std::string_view s = f.value.string;
                   if (s.find('/') != std::string_view::npos) {
                       warn(DiagCode::JsonInvalidValue, valueRange(f.value),
                            fmt::format("'parallelisation' is \"{}\", a list of alternatives "
                                        "rather than a value; "
                                        "all of them are imported",
                                        f.value.string));
                       ++muted_;
                   }
                   size_t start = 0;
                   while (start <= s.size()) {
                       size_t slash = s.find('/', start);
                       std::string word(s.substr(
                           start, slash == std::string_view::npos ? s.npos : slash - start));
                       if (auto k = enumValue(f, word, kParallelisations, true))
                           add(*k);
                       if (slash == std::string_view::npos)
                           break;
                       start = slash + 1;
                   }
                   if (s.find('/') != std::string_view::npos)
                       --muted_;
               } else if (f.value.type == VT::Array) {
                   // The IDE writes a list, e.g. ["MPI"].
                   for (const Value& item : f.value.items) {
                       Member element{f.key, item.begin, item.end, item};
                       if (item.type != VT::String) {
                           typeError(element, "a string");
                           continue;
                       }
                       if (auto k = enumValue(element, item.string, kParallelisations, true))
                           add(*k);
                   }
               } else if (f.value.type != VT::Null) {
                   typeError(f, "a string");
               }
               if (!kinds.empty())
                   app_->set("parallelisation", out::list(kinds));
           }}});
}

void Importer::mpiBlock(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    std::string library, version;
    if (!v->find("library"))
        missing(m, "library", true, "");
    if (!v->find("version"))
        missing(m, "version", false, "MODAK requires it");
    walk(*v, "parallelisation-mpi",
         {{"library",
           [&](const Member& f) {
               if (auto l = enumField(f, kMpiLibraries, true))
                   library = *l;
           }},
          {"version",
           [&](const Member& f) {
               if (auto s = text(f))
                   version = std::string(trimView(*s));
           }},
          {"scaling_efficiency",
           [this](const Member& f) {
               legacy(f, "(MODAK's schema rejects it) imported as mpi_tuning.scaling_efficiency");
               if (auto x = fraction(f, false))
                   app_->child("mpi_tuning", kMpiTuningOrder).set("scaling_efficiency", *x);
           }},
          {"core_subscription",
           [this](const Member& f) {
               legacy(f, "(MODAK's schema rejects it) imported as mpi_tuning.core_subscription");
               if (auto n = positiveInt(f))
                   app_->child("mpi_tuning", kMpiTuningOrder)
                       .set("core_subscription", std::to_string(*n));
           }},
          {"message_size", [this](const Member& f) {
               legacy(f, "(MODAK's schema rejects it) imported as mpi_tuning.message_size");
               if (auto m = enumField(f, kMessageSizes, false))
                   app_->child("mpi_tuning", kMpiTuningOrder).set("message_size", *m);
           }}});
    if (!library.empty())
        app_->set("mpi", version.empty() ? library : library + " " + quote(version));
}

void Importer::openmpBlock(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    Block& omp = app_->child("openmp", kOpenmpOrder);
    walk(*v, "parallelisation-openmp",
         {{"number_of_threads",
           [&](const Member& f) {
               if (auto n = positiveInt(f))
                   omp.set("threads", std::to_string(*n));
           }},
          {"scaling_efficiency",
           [&](const Member& f) {
               if (auto x = fraction(f, true))
                   omp.set("scaling_efficiency", *x);
           }},
          {"affinity", [&](const Member& f) {
               if (auto a = enumField(f, kAffinities, true))
                   omp.set("affinity", *a);
           }}});
}

void Importer::acceleratorBlock(const Member& m, std::string_view kind) {
    const Value* v = object(m);
    if (!v)
        return;
    Block& block = app_->child(kind, kAcceleratorOrder);
    walk(
        *v,
        fmt::format("parallelisation-{}", m.key.ends_with("opencc") ? "opencc" : std::string(kind)),
        {{"compiler",
          [&](const Member& f) {
              if (auto c = enumField(f, kCompilers, true))
                  block.set("compiler", *c);
          }},
         {"version",
          [&](const Member& f) {
              if (auto s = text(f))
                  block.set("version", quote(trimView(*s)));
          }},
         {"number_of_acc", [&](const Member& f) {
              if (auto n = positiveInt(f))
                  block.set("accelerators", std::to_string(*n));
          }}});
}

// `data` is a free dictionary in MODAK's schema; the IDE fills location/basedata/size/count/etl.
void Importer::data(const Member& m) {
    const Value* v = object(m);
    if (!v)
        return;
    for (const Member& f : v->members) {
        if (f.key == "location") {
            if (auto s = text(f))
                dataset().set("path", quote(*s));
        } else if (f.key == "basedata") {
            auto s = text(f);
            if (!s)
                continue;
            std::string_view b = trimView(*s);
            if (b.find('/') != std::string_view::npos) {
                std::string first = lower(trimView(b.substr(0, b.find('/'))));
                warn(DiagCode::JsonInvalidValue, valueRange(f.value),
                     fmt::format("'basedata' is \"{}\", a list of alternatives rather than a "
                                 "value; using the "
                                 "first, \"{}\"",
                                 *s, first));
                dataset().set("basedata", quote(first));
            } else {
                dataset().set("basedata", quote(b));
            }
        } else if (f.key == "count") {
            if (auto n = positiveInt(f))
                dataset().set("samples", std::to_string(*n));
        } else if (f.key == "size") {
            if (f.value.type == VT::String) {
                if (auto sz = parseSize(trimView(f.value.string)); sz && !sz->guessedUnit) {
                    dataset().set("size", sz->number + " " + sz->unit);
                    continue;
                }
            }
            if (f.value.type == VT::Null)
                continue;
            std::string shown = f.value.type == VT::String ? quote(f.value.string)
                                : f.value.isNumber()       ? f.value.raw
                                                           : withArticle(f.value.type);
            warn(DiagCode::JsonInvalidValue, valueRange(f.value),
                 fmt::format("'data.size' is {}, a size without a unit; not imported (write e.g. "
                             "size = {} GB)",
                             shown, f.value.isNumber() ? f.value.raw : "52"));
            dataset().comment("size", fmt::format("not imported: data.size = {} (no unit)", shown));
        } else if (f.key == "etl") {
            const Value* etl = object(f);
            if (!etl)
                continue;
            auto intOrBool = [this](std::string_view key) {
                return [this, key](const Member& g) {
                    if (g.value.type == VT::Bool)
                        dataset().set(key, g.value.boolean ? "true" : "false");
                    else if (g.value.type != VT::Null)
                        if (auto n = positiveInt(g, 0))
                            dataset().set(key, std::to_string(*n));
                };
            };
            walk(*etl, "data.etl",
                 {{"prefetch", intOrBool("prefetch")}, {"cache", intOrBool("cache")}});
        } else {
            warn(DiagCode::JsonInvalidValue, keyRange(f),
                 fmt::format("'data.{}' has no .modak equivalent; not imported", f.key));
            std::string shown = f.value.type == VT::String ? quote(f.value.string)
                                : f.value.isNumber()       ? f.value.raw
                                : f.value.type == VT::Bool ? (f.value.boolean ? "true" : "false")
                                                           : withArticle(f.value.type);
            dataset().comment("", fmt::format("not imported: data.{} = {}", f.key, shown));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Blocks that app_type / ai_framework leave out.

void Importer::dropped(const Member& m, std::string_view reason,
                       const std::function<void()>& process) {
    warn(DiagCode::JsonInvalidValue, keyRange(m),
         fmt::format("'{}' does not apply because {}; not imported", m.key, reason));
    // Convert into scratch blocks so that errors are still found and the comment shows what the
    // block would have meant.
    auto app = std::make_unique<Block>("application", "", kApplicationOrder);
    auto deployment = std::make_unique<Block>("deployment", "", kDeploymentOrder);
    std::swap(app, app_);
    std::swap(deployment, deployment_);
    ++muted_;
    process();
    --muted_;
    std::swap(app, app_);
    std::swap(deployment, deployment_);
    std::string anchor = m.key.starts_with("ai_framework-") || isFramework(m.key)
                             ? "keras_backend" // just after the framework
                             : "";
    app_->comment(anchor,
                  fmt::format("not imported ({}): optimisation.{} would give", reason, m.key));
    for (const Block* b : {app.get(), deployment.get()})
        for (const std::string& line : b->bodyLines()) {
            if (trimView(line).starts_with("//"))
                continue; // what the scratch conversion itself left out
            app_->comment(anchor, "  " + line);
        }
}

// ---------------------------------------------------------------------------------------------
// Output.

std::string Importer::render() {
    if (image_)
        return out::file(headerComments_, {image_.get()});
    // A container alone runs its image's default command (MODAK's `singularity run`), as in .modak.
    if (applicationMember_ && kind_ != "ai_training" && !app_->has("executable") &&
        !app_->has("parallelisation") && !app_->has("ranks") && !app_->has("run") &&
        !app_->has("container"))
        warn(DiagCode::JsonMissingField, keyRange(*applicationMember_),
             "'application' has no 'executable'; add `executable` or `run` to the result");
    if (kind_.empty() && !hasOptimisation_) {
        app_->set("kind", "hpc");
        app_->comment("kind",
                      "the JSON has no optimisation: MODAK ran it as a plain (container) job");
    }

    // MODAK honoured combine_stdout_stderr on Torque only (`-j oe`, which makes `-e` moot) and
    // always wrote Slurm's error file; keep whichever of the two took effect.
    if (Block* job = deployment_->findChild("job");
        job && job->get("combine_output") == "true" && job->has("error")) {
        if (scheduler_ == "slurm") {
            job->erase("combine_output");
            job->comment(
                "combine_output",
                "not imported: combine_stdout_stderr = true (MODAK applied it to Torque only)");
        } else {
            job->comment(
                "error",
                fmt::format(
                    "not imported: standard_error_file = {} (combine_stdout_stderr merges it "
                    "into the output)",
                    job->get("error")));
            job->erase("error");
        }
    }

    target_->setLabel(targetName_.empty() ? name_ : targetName_);
    target_->set("scheduler", scheduler_.empty() ? "none" : scheduler_);
    target_->set("runtime", "singularity"); // MODAK ran every containerised job with Singularity

    deployment_->set("application", name_);
    deployment_->set("target", target_->label());
    std::vector<std::string> emit;
    if (model::isBatchScheduler(scheduler_))
        emit.push_back(scheduler_);
    else if (hasJob_ && (scheduler_.empty() || scheduler_ == "none"))
        emit.emplace_back(
            "script"); // for a job without a scheduler MODAK wrote a plain `#!/bin/bash` script
    if (hasBuild_)
        emit.emplace_back("build");
    if (!emit.empty())
        deployment_->set("emit", out::list(emit));

    return out::file(headerComments_, {app_.get(), target_.get(), deployment_.get()});
}

} // namespace

std::optional<std::string> importModakJson(const SourceManager& sm, FileId json, Diagnostics& diags,
                                           const ImportOptions& options) {
    Importer importer(sm, json, options);
    return importer.run(diags);
}

} // namespace modak::importer
