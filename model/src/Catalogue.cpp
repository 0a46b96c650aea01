// SPDX-License-Identifier: Apache-2.0
#include "modak/model/Catalogue.h"

#include "modak/model/CatalogueNames.h"
#include "modak/model/EmbeddedData.h"
#include "modak/model/Schema.h"
#include "modak/model/Transformer.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <span>

namespace modak::model {
namespace {

using nlohmann::json;

/// Reads one catalogue document, reporting the first problem of each entry with its JSON pointer.
/// Entries are located in the text by their `"name"` so a diagnostic points at the entry.
class Reader {
public:
    Reader(std::string_view text, FileId file, Diagnostics& diags)
        : text_(text), file_(file), diags_(diags) {}

    void error(const std::string& pointer, const std::string& entryName,
               const std::string& message) {
        SourceRange range{file_, 0, 0};
        if (!entryName.empty()) {
            std::string needle = fmt::format("\"{}\"", entryName);
            if (auto at = text_.find(needle); at != std::string_view::npos)
                range = {file_, static_cast<uint32_t>(at),
                         static_cast<uint32_t>(at + needle.size())};
        }
        diags_.add(DiagCode::CatalogInvalid, range, fmt::format("{}: {}", pointer, message));
        ok_ = false;
    }
    bool ok() const { return ok_; }

    std::string_view text_;
    FileId file_;
    Diagnostics& diags_;
    bool ok_ = true;
};

/// Typed access to one entry object; every getter reports a wrong type or a missing required field.
class Entry {
public:
    Entry(Reader& reader, const json& object, std::string pointer)
        : r_(reader), j_(object), pointer_(std::move(pointer)) {
        if (auto it = j_.find("name"); it != j_.end() && it->is_string())
            name_ = it->get<std::string>();
    }

    const std::string& name() const { return name_; }
    bool valid() const { return valid_; }

    void fail(std::string_view key, const std::string& message) {
        if (valid_) // one message per entry: the first problem
            r_.error(fmt::format("{}/{}", pointer_, key), name_, message);
        valid_ = false;
    }

    std::string str(std::string_view key, bool required = false) {
        auto it = j_.find(key);
        if (it == j_.end() || it->is_null()) {
            if (required)
                fail(key, "missing required string");
            return {};
        }
        if (!it->is_string()) {
            fail(key, "expected a string");
            return {};
        }
        return it->get<std::string>();
    }

    double num(std::string_view key, bool required = false, bool positive = true) {
        auto it = j_.find(key);
        if (it == j_.end() || it->is_null()) {
            if (required)
                fail(key, "missing required number");
            return 0;
        }
        if (!it->is_number()) {
            fail(key, "expected a number");
            return 0;
        }
        double v = it->get<double>();
        if (!std::isfinite(v) || (positive && required && v <= 0) || v < 0) {
            fail(key, fmt::format("expected a {} number, found {}",
                                  positive ? "positive" : "non-negative", v));
            return 0;
        }
        return v;
    }

    std::optional<double> optNum(std::string_view key) {
        if (auto it = j_.find(key); it == j_.end() || it->is_null())
            return std::nullopt;
        return num(key);
    }

    bool boolean(std::string_view key) {
        auto it = j_.find(key);
        if (it == j_.end() || it->is_null())
            return false;
        if (!it->is_boolean()) {
            fail(key, "expected true or false");
            return false;
        }
        return it->get<bool>();
    }

    std::vector<std::string> strings(std::string_view key) {
        std::vector<std::string> out;
        auto it = j_.find(key);
        if (it == j_.end() || it->is_null())
            return out;
        if (!it->is_array()) {
            fail(key, "expected an array of strings");
            return out;
        }
        for (const auto& v : *it) {
            if (!v.is_string()) {
                fail(key, "expected an array of strings");
                return {};
            }
            out.push_back(v.get<std::string>());
        }
        return out;
    }

    EnvList env(const json& object, std::string_view key) {
        EnvList out;
        if (!object.is_object()) {
            fail(key, "expected an object of NAME: value");
            return out;
        }
        for (const auto& [k, v] : object.items()) {
            if (v.is_string())
                out.emplace_back(k, v.get<std::string>());
            else if (v.is_number() || v.is_boolean())
                out.emplace_back(k, v.dump());
            else
                fail(key,
                     fmt::format("environment variable {} must be a string, number or boolean", k));
        }
        return out;
    }

    std::optional<VersionedName> versioned(std::string_view key) {
        auto it = j_.find(key);
        if (it == j_.end() || it->is_null())
            return std::nullopt;
        if (!it->is_object() || !it->contains("name") || !(*it)["name"].is_string()) {
            fail(key, "expected {\"name\": …, \"version\": …}");
            return std::nullopt;
        }
        VersionedName v{(*it)["name"].get<std::string>(), ""};
        if (auto ver = it->find("version"); ver != it->end() && ver->is_string())
            v.version = ver->get<std::string>();
        return v;
    }

    void oneOf(std::string_view key, const std::string& value,
               std::initializer_list<std::string_view> allowed) {
        oneOf(key, value, std::span<const std::string_view>(allowed.begin(), allowed.size()));
    }
    void oneOf(std::string_view key, const std::string& value,
               std::span<const std::string_view> allowed) {
        if (value.empty())
            return;
        if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
            std::string list;
            for (auto a : allowed)
                list += (list.empty() ? "" : ", ") + std::string(a);
            fail(key, fmt::format("'{}' is not one of {}", value, list));
        }
    }

    void checkName() {
        if (name_.empty()) {
            fail("name", "missing required string");
            return;
        }
        bool ok = std::islower(static_cast<unsigned char>(name_[0])) != 0;
        for (char c : name_)
            ok = ok && (std::islower(static_cast<unsigned char>(c)) ||
                        std::isdigit(static_cast<unsigned char>(c)) || c == '_');
        if (!ok)
            fail("name",
                 fmt::format("'{}' is not a name: use lower-case letters, digits and '_'", name_));
    }

    const json& raw() const { return j_; }
    Reader& reader() { return r_; }
    const std::string& pointer() const { return pointer_; }
    /// A nested object already reported its problem.
    void invalidate() { valid_ = false; }

private:
    Reader& r_;
    const json& j_;
    std::string pointer_;
    std::string name_;
    bool valid_ = true;
};

/// The catalogue's graph compilers (vocabulary.json), which an image may list.
std::span<const std::string_view> graphCompilerNames() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> v;
        for (const auto& c : data::graphCompilers())
            v.push_back(c.name);
        return v;
    }();
    return names;
}

Image readImage(Entry& e) {
    Image img;
    img.name = e.name();
    img.reference = e.str("reference", true);
    img.imageType = e.str("image_type");
    if (img.imageType.empty())
        img.imageType = "docker";
    e.oneOf("image_type", img.imageType, {"docker", "shub", "library", "oras"});
    img.framework = e.versioned("framework");
    img.mpi = e.versioned("mpi");
    img.app = e.str("app");
    img.arch = e.str("arch", true);
    e.oneOf("arch", img.arch, {"x86_64", "aarch64", "ppc64le"});
    img.accelerator = e.str("accelerator", true);
    e.oneOf("accelerator", img.accelerator, {"nvidia", "amd", "none"});
    img.cuda = e.str("cuda");
    img.build = e.str("build", true);
    e.oneOf("build", img.build, {"hub", "pip", "source"});
    img.flags = e.str("flags");
    img.graphCompilers = e.strings("graph_compilers");
    for (const auto& c : img.graphCompilers)
        e.oneOf("graph_compilers", c, graphCompilerNames());
    img.libraries = e.strings("libraries");
    img.features = e.strings("features");
    img.python = e.str("python");
    if (auto it = e.raw().find("env"); it != e.raw().end() && !it->is_null())
        img.env = e.env(*it, "env");
    if (auto it = e.raw().find("compiler_env"); it != e.raw().end() && !it->is_null()) {
        if (!it->is_object())
            e.fail("compiler_env", "expected an object of compiler: {NAME: value}");
        else
            for (const auto& [compiler, vars] : it->items())
                img.compilerEnv[compiler] = e.env(vars, "compiler_env");
    }
    img.doc = e.str("doc");
    img.source = e.str("source");
    return img;
}

Cpu readCpu(Entry& e) {
    Cpu c;
    c.name = e.name();
    c.model = e.str("model", true);
    c.aliases = e.strings("aliases");
    c.vendor = e.str("vendor", true);
    c.arch = e.str("arch", true);
    e.oneOf("arch", c.arch, {"x86_64", "aarch64", "ppc64le"});
    c.microarchitecture = e.str("microarchitecture");
    c.cores = static_cast<int>(e.num("cores", true));
    c.threadsPerCore = std::max(1, static_cast<int>(e.num("threads_per_core")));
    c.baseGhz = e.num("base_ghz", true);
    c.turboGhz = e.num("turbo_ghz");
    c.fp64FlopsPerCycle = e.num("fp64_flops_per_cycle", true);
    c.fp32FlopsPerCycle = e.num("fp32_flops_per_cycle", true);
    c.isa = e.strings("isa");
    c.memoryBandwidthGBs = e.num("memory_bandwidth_gbs", true);
    c.doc = e.str("doc");
    c.source = e.str("source");
    return c;
}

Gpu readGpu(Entry& e) {
    Gpu g;
    g.name = e.name();
    g.model = e.str("model", true);
    g.aliases = e.strings("aliases");
    g.vendor = e.str("vendor", true);
    g.architecture = e.str("architecture");
    g.computeCapability = e.str("compute_capability");
    g.memoryGiB = e.num("memory_gib", true);
    g.memoryBandwidthGBs = e.num("memory_bandwidth_gbs", true);
    if (auto it = e.raw().find("peak_tflops"); it != e.raw().end() && it->is_object()) {
        for (const auto& [precision, v] : it->items()) {
            if (!v.is_number() || v.get<double>() <= 0)
                e.fail("peak_tflops",
                       fmt::format("peak for {} must be a positive number", precision));
            else
                g.peakTflops[precision] = v.get<double>();
        }
        if (!g.peakTflops.contains("fp32"))
            e.fail("peak_tflops", "the fp32 peak is required");
    } else {
        e.fail("peak_tflops", "missing required object {\"fp32\": TFLOP/s, …}");
    }
    g.tensorCores = e.boolean("tensor_cores");
    if (double sms = e.num("multiprocessors"); sms != std::floor(sms) || sms < 0)
        e.fail("multiprocessors", "expected a whole number of multiprocessors");
    else
        g.multiprocessors = static_cast<int>(sms);
    g.peerBandwidthGBs = e.num("peer_bandwidth_gbs", true);
    if (double domain = e.num("peer_domain_gpus"); domain != std::floor(domain))
        e.fail("peer_domain_gpus", "expected a whole number of GPUs");
    else
        g.peerDomainGpus = static_cast<int>(domain);
    g.peerLink = e.str("peer_link");
    g.hostLink = e.str("host_link");
    g.tdpWatts = e.num("tdp_w");
    g.doc = e.str("doc");
    g.source = e.str("source");
    return g;
}

} // namespace

std::span<const std::string_view> interconnectFabrics() {
    static constexpr std::array<std::string_view, 6> kFabrics = {
        "pcie", "nvlink", "ethernet", "infiniband", "slingshot", "other"};
    return kFabrics;
}

std::span<const std::string_view> instanceClouds() {
    static constexpr std::array<std::string_view, 3> kClouds = {"aws", "gcp", "azure"};
    return kClouds;
}

namespace {

Interconnect readInterconnect(Entry& e) {
    Interconnect i;
    i.name = e.name();
    i.scope = e.str("scope", true);
    e.oneOf("scope", i.scope, {"intra_node", "inter_node"});
    if (std::string fabric = e.str("fabric"); !fabric.empty()) {
        i.fabric = fabric;
        e.oneOf("fabric", i.fabric, interconnectFabrics());
    }
    i.bandwidthGBs = e.num("bandwidth_gbs", true);
    i.latencyUs = e.num("latency_us", true);
    i.doc = e.str("doc");
    i.source = e.str("source");
    return i;
}

StorageClass readStorage(Entry& e) {
    StorageClass s;
    s.name = e.name();
    s.readGBsPerNode = e.num("read_gbs_per_node", true);
    s.aggregateReadGBs = e.optNum("aggregate_read_gbs");
    s.latencyMs = e.num("latency_ms", true, false);
    s.shared = e.boolean("shared");
    s.doc = e.str("doc");
    s.source = e.str("source");
    return s;
}

Workload readWorkload(Entry& e) {
    Workload w;
    w.name = e.name();
    w.kind = e.str("kind", true);
    e.oneOf("kind", w.kind, {"cnn", "transformer", "mlp", "rnn", "other"});
    w.doc = e.str("doc");
    // A transformer may be given by its shape; the figures it does not state follow from it.
    if (auto it = e.raw().find("shape"); it != e.raw().end()) {
        if (!it->is_object()) {
            e.fail("shape", "expected an object {\"layers\": …, \"hidden\": …, …}");
            return w;
        }
        Entry shape(e.reader(), *it, e.pointer() + "/shape");
        auto count = [&](const char* key, bool required) {
            double v = shape.num(key, required);
            if (v > 1e9 || v != static_cast<double>(static_cast<long long>(v))) {
                shape.fail(key, "expected a whole number up to 10^9");
                return 0;
            }
            return static_cast<int>(v);
        };
        TransformerShape t;
        t.layers = count("layers", true);
        t.hidden = count("hidden", true);
        t.heads = count("heads", true);
        t.kvHeads = count("kv_heads", false);
        t.ffn = count("ffn", false);
        t.vocabulary = count("vocabulary", false);
        t.sequence = count("sequence", true);
        t.experts = count("experts", false);
        t.activeExperts = count("active_experts", false);
        t.gatedFfn = shape.boolean("gated_ffn");
        t.causal = !shape.raw().contains("causal") || shape.boolean("causal");
        t.tiedEmbeddings = shape.boolean("tied_embeddings");
        t.meanSequence = shape.num("mean_sequence", false);
        if (!shape.valid()) {
            e.invalidate();
            return w;
        }
        if (auto problem = shapeProblem(t); !problem.empty()) {
            e.fail("shape", problem);
            return w;
        }
        w.shape = t;
    }
    w.parameters = e.num("parameters", !w.shape);
    w.flopsPerSample = e.num("flops_per_sample", !w.shape);
    w.activationsPerSample = e.num("activations_per_sample");
    w.sampleBytes = e.num("sample_bytes", !w.shape);
    w.datasetSamples = e.num("dataset_samples");
    w.source = e.str("source");
    deriveFromShape(w);
    return w;
}

/// Whether `s` is a date written YYYY-MM-DD with a month 01-12 and a day 01-31.
bool isIsoDate(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (!std::isdigit(static_cast<unsigned char>(s[i])))
            return false;
    int month = (s[5] - '0') * 10 + (s[6] - '0'), day = (s[8] - '0') * 10 + (s[9] - '0');
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/// " (did you mean a, b?)" for the candidates, "" when there are none.
std::string didYouMean(const std::vector<std::string>& near) {
    std::string out;
    for (const auto& n : near)
        out += (out.empty() ? " (did you mean " : ", ") + n;
    return out.empty() ? out : out + "?)";
}

/// The names of the three nearest (edit distance, name) pairs, nearest first: what an unknown
/// name suggests.
std::vector<std::string> nearestThree(std::vector<std::pair<size_t, std::string>> near) {
    std::stable_sort(near.begin(), near.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> out;
    for (size_t i = 0; i < near.size() && i < 3; ++i)
        out.push_back(std::move(near[i].second));
    return out;
}

/// The names of `entries` that `keep` takes and that are a few edits (about one in four
/// characters) from `name`, nearest first, at most three.
template<typename T, typename Keep>
std::vector<std::string> namesNear(const std::vector<T>& entries, std::string_view name,
                                   Keep keep) {
    std::vector<std::pair<size_t, std::string>> near;
    for (const auto& e : entries)
        if (keep(e))
            if (size_t d = editDistance(name, e.name); d <= std::max<size_t>(2, name.size() / 4))
                near.emplace_back(d, e.name);
    return nearestThree(std::move(near));
}

/// The inter-node interconnects whose name is a few edits from `name`.
std::vector<std::string> interconnectsNear(const Catalogue& cat, std::string_view name) {
    return namesNear(cat.interconnects, name,
                     [](const Interconnect& i) { return i.scope == "inter_node"; });
}

/// A count that must be a whole number (GPUs, vCPUs).
int wholeNumber(Entry& e, std::string_view key, bool required) {
    double v = e.num(key, required);
    if (v != std::floor(v) || v > 1e6) {
        e.fail(key, "expected a whole number");
        return 0;
    }
    return static_cast<int>(v);
}

/// An instance type; the GPU, CPU and interconnect it names must be in `cat` (the built-in
/// catalogue plus the sections merged before this one), and are stored by their catalogue names.
InstanceType readInstance(Entry& e, const Catalogue& cat) {
    InstanceType it;
    it.name = e.name();
    it.cloud = e.str("cloud", true);
    e.oneOf("cloud", it.cloud, instanceClouds());
    if (std::string gpu = e.str("gpu"); !gpu.empty()) {
        if (const Gpu* g = cat.gpu(gpu))
            it.gpu = g->name;
        else
            e.fail("gpu", fmt::format("unknown GPU '{}'{}", gpu, didYouMean(cat.gpusNear(gpu))));
    }
    it.gpus = wholeNumber(e, "gpus", false);
    if (it.gpu.empty() != (it.gpus == 0))
        e.fail(it.gpu.empty() ? "gpu" : "gpus", "give gpu and gpus together, or neither");
    if (std::string cpu = e.str("cpu"); !cpu.empty()) {
        if (const Cpu* c = cat.cpu(cpu))
            it.cpu = c->name;
        else
            e.fail("cpu", fmt::format("unknown CPU '{}'; known: {}", cpu, knownNames(cat.cpus)));
    }
    it.vcpus = wholeNumber(e, "vcpus", true);
    it.memoryGiB = e.num("memory_gib", true);
    if (std::string ic = e.str("interconnect"); !ic.empty()) {
        const Interconnect* i = cat.interconnect(ic);
        if (!i)
            e.fail("interconnect", fmt::format("unknown interconnect '{}'{}", ic,
                                               didYouMean(interconnectsNear(cat, ic))));
        else if (i->scope != "inter_node")
            e.fail("interconnect",
                   fmt::format("'{}' links GPUs within a node; an instance names the network "
                               "between instances",
                               ic));
        else
            it.interconnect = i->name;
    }
    it.networkPorts = wholeNumber(e, "network_ports", false);
    if (it.networkPorts < 0 || (it.networkPorts > 0 && it.interconnect.empty()))
        e.fail("network_ports", "counts the instance's ports on its interconnect: give "
                                "`interconnect` with it, and at least 1");
    it.currency = e.str("currency", true);
    if (!it.currency.empty() &&
        (it.currency.size() != 3 || !std::all_of(it.currency.begin(), it.currency.end(),
                                                 [](char c) { return c >= 'A' && c <= 'Z'; })))
        e.fail("currency",
               fmt::format("'{}' is not an ISO 4217 code such as USD or EUR", it.currency));
    it.onDemandPerHour = e.num("on_demand_per_hour", true);
    it.spotPerHour = e.optNum("spot_per_hour");
    if (it.spotPerHour && *it.spotPerHour <= 0)
        e.fail("spot_per_hour", "expected a positive price; leave it out where none is offered");
    it.spotInterruptionsPerMonth = e.optNum("spot_interruptions_per_month");
    if (it.spotInterruptionsPerMonth && *it.spotInterruptionsPerMonth > 1)
        e.fail("spot_interruptions_per_month", "expected a fraction between 0 and 1");
    it.region = e.str("region");
    it.priceDate = e.str("price_date", true);
    if (!it.priceDate.empty() && !isIsoDate(it.priceDate))
        e.fail("price_date", fmt::format("'{}' is not a date YYYY-MM-DD", it.priceDate));
    it.source = e.str("source", true);
    it.doc = e.str("doc");
    return it;
}

/// Instance types are named as the clouds spell them (p5.48xlarge, Standard_ND96isr_H100_v5).
void checkInstanceName(Entry& e) {
    const std::string& name = e.name();
    if (name.empty()) {
        e.fail("name", "missing required string");
        return;
    }
    if (!std::all_of(name.begin(), name.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_';
        }))
        e.fail("name", fmt::format("'{}' is not an instance type name: use letters, digits, '.', "
                                   "'-' and '_'",
                                   name));
}

/// Whether two entries of a section are the same entry: instance types ignore case.
template<typename T>
bool sameEntry(const std::string& a, const std::string& b) {
    if constexpr (std::is_same_v<T, InstanceType>)
        return a.size() == b.size() &&
               std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
                   return std::tolower(static_cast<unsigned char>(x)) ==
                          std::tolower(static_cast<unsigned char>(y));
               });
    else
        return a == b;
}

template<typename T, typename ReadFn>
void mergeSection(Reader& reader, const json& doc, std::string_view section, std::vector<T>& into,
                  ReadFn read, std::string_view origin) {
    auto it = doc.find(section);
    if (it == doc.end())
        return;
    if (!it->is_array()) {
        reader.error(fmt::format("/{}", section), "", "expected an array of entries");
        return;
    }
    std::vector<std::string> seen;
    for (size_t i = 0; i < it->size(); ++i) {
        const json& item = (*it)[i];
        std::string pointer = fmt::format("/{}/{}", section, i);
        if (!item.is_object()) {
            reader.error(pointer, "", "expected an object");
            continue;
        }
        Entry entry(reader, item, pointer);
        if constexpr (std::is_same_v<T, InstanceType>)
            checkInstanceName(entry);
        else
            entry.checkName();
        T value = read(entry);
        if constexpr (std::is_same_v<T, Image>)
            value.origin = std::string(origin);
        if (std::any_of(seen.begin(), seen.end(),
                        [&](const std::string& s) { return sameEntry<T>(s, value.name); }))
            entry.fail("name", fmt::format("'{}' appears twice in this file", value.name));
        if (!entry.valid())
            continue;
        seen.push_back(value.name);
        auto existing = std::find_if(into.begin(), into.end(),
                                     [&](const T& t) { return sameEntry<T>(t.name, value.name); });
        if (existing != into.end())
            *existing = std::move(value); // a user entry replaces the built-in one
        else
            into.push_back(std::move(value));
    }
}

/// Whether `want` (already normalised) is `model` or one of `aliases`, spelled as tools print them.
bool namesModel(const std::string& want, std::string_view model,
                const std::vector<std::string>& aliases) {
    if (data::normalisedModelName(model) == want)
        return true;
    return std::any_of(aliases.begin(), aliases.end(),
                       [&](const std::string& a) { return data::normalisedModelName(a) == want; });
}

template<typename T>
const T* byName(const std::vector<T>& v, std::string_view name) {
    for (const auto& e : v)
        if (e.name == name)
            return &e;
    return nullptr;
}

/// The entry (a CPU or GPU) `nameOrModel` names: its name, else its model or an alias as tools
/// print them, compared by data::normalisedModelName.
template<typename T>
const T* bySpelling(const std::vector<T>& v, std::string_view nameOrModel) {
    if (const T* e = byName(v, nameOrModel))
        return e;
    const std::string want = data::normalisedModelName(nameOrModel);
    if (want.empty())
        return nullptr;
    for (const auto& e : v)
        if (data::normalisedModelName(e.name) == want || namesModel(want, e.model, e.aliases))
            return &e;
    return nullptr;
}

std::vector<long> versionParts(std::string_view v, bool& numeric) {
    std::vector<long> parts;
    numeric = true;
    while (!v.empty()) {
        long n = 0;
        auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc()) {
            numeric = false;
            break;
        }
        parts.push_back(n);
        v.remove_prefix(static_cast<size_t>(p - v.data()));
        if (v.empty() || v.front() != '.')
            break;
        v.remove_prefix(1);
    }
    return parts;
}

} // namespace

bool Image::supportsCompiler(std::string_view compiler) const {
    return compiler == "none" || std::find(graphCompilers.begin(), graphCompilers.end(),
                                           compiler) != graphCompilers.end();
}

double Cpu::peakFlops(bool fp64) const {
    return cores * baseGhz * 1e9 * (fp64 ? fp64FlopsPerCycle : fp32FlopsPerCycle);
}

namespace {

/// Reports a GPU of `doc` whose model or an alias already names another GPU of `cat`.
void checkGpuSpellings(const Catalogue& cat, Reader& reader, const json& doc) {
    // One spelling names one GPU: a model or alias another GPU has would make gpu() answer by the
    // order of the entries.
    auto section = doc.find("gpus");
    if (section == doc.end() || !section->is_array())
        return;
    for (size_t i = 0; i < section->size(); ++i) {
        const json& item = (*section)[i];
        auto name = item.is_object() ? item.find("name") : item.end();
        if (!item.is_object() || name == item.end() || !name->is_string())
            continue;
        const Gpu* g = byName(cat.gpus, name->get<std::string>());
        if (!g)
            continue; // refused, and reported, by readGpu
        std::vector<std::string> spellings = g->aliases;
        spellings.push_back(g->model);
        for (const std::string& spelling : spellings)
            if (const Gpu* other = cat.gpu(spelling); other && other != g) {
                reader.error(fmt::format("/gpus/{}/aliases", i), g->name,
                             fmt::format("'{}' already names the GPU '{}'", spelling, other->name));
                break;
            }
    }
}

} // namespace

bool Catalogue::merge(std::string_view text, FileId file, std::string_view origin,
                      Diagnostics& diags) {
    Reader reader(text, file, diags);
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        auto at =
            static_cast<uint32_t>(std::min<size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size()));
        std::string what = e.what();
        if (auto colon = what.rfind(": "); colon != std::string::npos)
            what = what.substr(colon + 2);
        diags.add(DiagCode::CatalogInvalid, {file, at, at},
                  fmt::format("malformed JSON: {}", what));
        return false;
    }
    if (!doc.is_object()) {
        reader.error("", "",
                     "a catalogue is a JSON object with the sections images, cpus, gpus, "
                     "interconnects, storage, workloads and instances");
        return false;
    }
    static constexpr std::string_view kSections[] = {
        "$schema", "version",       "doc",     "images",    "cpus",
        "gpus",    "interconnects", "storage", "workloads", "instances"};
    // The vocabulary is compiled into the language (CatalogueNames.h): a file cannot add a word.
    static constexpr std::string_view kBuiltIn[] = {"precisions", "graph_compilers", "runtimes"};
    for (const auto& [key, value] : doc.items())
        if (std::find(std::begin(kBuiltIn), std::end(kBuiltIn), key) != std::end(kBuiltIn))
            reader.error("/" + key, "",
                         "the language's vocabulary is built in (schemas/catalog/vocabulary.json); "
                         "a catalogue file cannot change it");
        else if (std::find(std::begin(kSections), std::end(kSections), key) == std::end(kSections))
            reader.error(
                "/" + key, "",
                "unknown section; known: images, cpus, gpus, interconnects, storage, workloads, "
                "instances");
    if (auto v = doc.find("version");
        v != doc.end() && !(v->is_number_integer() && v->get<int>() == 1))
        reader.error("/version", "", "only catalogue version 1 is supported");
    if (auto d = doc.find("doc"); d != doc.end() && !d->is_string())
        reader.error("/doc", "", "expected a string");
    mergeSection(reader, doc, "images", images, readImage, origin);
    mergeSection(reader, doc, "cpus", cpus, readCpu, origin);
    mergeSection(reader, doc, "gpus", gpus, readGpu, origin);
    checkGpuSpellings(*this, reader, doc);
    mergeSection(reader, doc, "interconnects", interconnects, readInterconnect, origin);
    mergeSection(reader, doc, "storage", storage, readStorage, origin);
    mergeSection(reader, doc, "workloads", workloads, readWorkload, origin);
    // Last: an instance names GPUs, CPUs and interconnects this file may add.
    mergeSection(
        reader, doc, "instances", instances, [this](Entry& e) { return readInstance(e, *this); },
        origin);
    return reader.ok();
}

const Catalogue& Catalogue::builtin() {
    static const Catalogue catalogue = [] {
        Catalogue c;
        Diagnostics ignored; // tests assert the embedded files load without diagnostics
        for (const auto& f : data::files())
            if (f.path.starts_with("catalog/"))
                c.merge(f.content, FileId{}, "built-in", ignored);
        return c;
    }();
    return catalogue;
}

const Image* Catalogue::image(std::string_view name) const {
    return byName(images, name);
}
const Gpu* Catalogue::gpu(std::string_view nameOrModel) const {
    return bySpelling(gpus, nameOrModel);
}
std::vector<std::string> Catalogue::gpusNear(std::string_view name) const {
    const std::string want = data::normalisedModelName(name);
    // About one edit in four characters; "h100" and "nvidiah10080gbhbm" are near their entries.
    const size_t limit = std::max<size_t>(2, want.size() / 4);
    std::vector<std::pair<size_t, std::string>> near;
    for (const auto& g : gpus) {
        size_t best = editDistance(want, data::normalisedModelName(g.name));
        for (std::string_view spelling : g.aliases)
            best = std::min(best, editDistance(want, data::normalisedModelName(spelling)));
        best = std::min(best, editDistance(want, data::normalisedModelName(g.model)));
        if (best <= limit)
            near.emplace_back(best, g.name);
    }
    return nearestThree(std::move(near));
}

std::vector<std::string> Catalogue::workloadsNear(std::string_view name) const {
    return namesNear(workloads, name, [](const Workload&) { return true; });
}

std::string unknownWorkload(const Catalogue& cat, std::string_view name) {
    std::string near;
    for (const std::string& w : cat.workloadsNear(name))
        near += (near.empty() ? "" : ", ") + w;
    return fmt::format("unknown workload '{}'{}; known: {}", name,
                       near.empty() ? "" : "; did you mean " + near + "?",
                       knownNames(cat.workloads));
}

const Interconnect* Catalogue::interconnect(std::string_view name) const {
    return byName(interconnects, name);
}
const StorageClass* Catalogue::storageClass(std::string_view name) const {
    return byName(storage, name);
}
const Workload* Catalogue::workload(std::string_view name) const {
    return byName(workloads, name);
}
const InstanceType* Catalogue::instance(std::string_view name) const {
    for (const auto& i : instances)
        if (sameEntry<InstanceType>(i.name, std::string(name)))
            return &i;
    return nullptr;
}

const Cpu* Catalogue::cpu(std::string_view nameOrModel) const {
    return bySpelling(cpus, nameOrModel);
}

int compareVersions(std::string_view a, std::string_view b) {
    if (a == b)
        return 0;
    if (a == "latest")
        return 1;
    if (b == "latest")
        return -1;
    bool na = false, nb = false;
    auto pa = versionParts(a, na), pb = versionParts(b, nb);
    for (size_t i = 0; i < std::max(pa.size(), pb.size()); ++i) {
        long x = i < pa.size() ? pa[i] : 0, y = i < pb.size() ? pb[i] : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    if (na && nb)
        return 0; // "2.1" and "2.1.0" are the same version
    return a < b ? -1 : (a > b ? 1 : 0);
}

bool versionMatches(std::string_view want, std::string_view have) {
    if (want.empty())
        return true;
    if (want == "latest" || have == "latest")
        return want == have;
    bool nw = false, nh = false;
    auto pw = versionParts(want, nw), ph = versionParts(have, nh);
    if (pw.empty() || ph.size() < pw.size())
        return want == have;
    return std::equal(pw.begin(), pw.end(), ph.begin());
}

} // namespace modak::model
