// SPDX-License-Identifier: Apache-2.0
#include "modak/codegen/Output.h"

#include "modak/model/EmbeddedData.h"

#include <dtl/dtl.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace modak::codegen {

namespace fs = std::filesystem;

std::vector<DeploymentOutput> generateProgram(const SourceManager& sm,
                                              const model::Program& program, FileId root,
                                              const model::Plan& plan,
                                              const GenerateOptions& options, Diagnostics& diags) {
    std::vector<DeploymentOutput> outputs;
    for (const auto& d : plan.deployments) {
        const model::Symbol* sym = nullptr;
        for (const auto& s : program.symbols)
            if (s.kind == "deployment" && s.name == d.name && s.file == root)
                sym = &s;
        if (!sym)
            continue;
        if (d.sites.empty()) {
            outputs.push_back({d.name, generateDeployment(sm, program, *sym, d, options, diags)});
        } else {
            // Several targets: every site that can run it has its artefacts in its own folder,
            // so a fallback is ready to submit; the lock records the order.
            outputs.push_back({d.name, {}});
            for (size_t i = 0; i < d.sites.size() && i < d.sitePlans.size(); ++i) {
                if (d.sites[i].rank == 0)
                    continue;
                for (auto& a :
                     generateDeployment(sm, program, *sym, d.sitePlans[i], options, diags)) {
                    a.path = d.sites[i].target + "/" + a.path;
                    outputs.back().files.push_back(std::move(a));
                }
            }
        }
        outputs.back().files.push_back(lockFile(d, options.version));
    }
    return outputs;
}

namespace {

/// FNV-1a, 64 bits: detects that the embedded data changed (not a security hash).
std::string digest(std::string_view data, uint64_t h = 0xcbf29ce484222325ULL) {
    for (unsigned char c : data) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return fmt::format("{:016x}", h);
}

/// Rounded to 4 significant digits, so that the lock changes when a prediction really does.
std::string rounded(double v) {
    return fmt::format("{:.4g}", v);
}

} // namespace

Artefact lockFile(const model::DeploymentPlan& plan, const std::string& version) {
    nlohmann::ordered_json lock;
    lock["lock_version"] = 1;
    lock["modak"] = version;
    lock["language"] = 1;
    // The embedded data never changes while modak runs: digested once, not once per deployment.
    static const nlohmann::ordered_json data = [] {
        nlohmann::ordered_json d = nlohmann::ordered_json::object();
        for (const auto& f : model::data::files())
            d[std::string(f.path)] = digest(f.content);
        return d;
    }();
    lock["embedded_data"] = data;
    lock["deployment"] = plan.name;
    lock["application"] = plan.application;
    lock["target"] = plan.target;
    if (plan.chosen) {
        const model::Candidate& c = *plan.chosen;
        nlohmann::ordered_json chosen;
        chosen["image"] = c.imageName;
        chosen["reference"] = c.reference;
        chosen["build"] = c.build;
        chosen["graph_compiler"] = c.graphCompiler;
        chosen["runtime"] = c.runtime;
        chosen["nodes"] = c.nodes;
        chosen["gpus_per_node"] = c.gpusPerNode;
        if (c.ranksPerNode)
            chosen["ranks_per_node"] = c.ranksPerNode;
        if (c.predicted) {
            chosen["predicted_throughput"] = rounded(c.predicted->throughput);
            chosen["predicted_epoch_seconds"] = rounded(c.predicted->epochSeconds);
            chosen["predicted_efficiency"] = rounded(c.predicted->efficiency);
        }
        lock["chosen"] = chosen;
    } else {
        lock["chosen"] = nullptr;
    }
    if (!plan.sites.empty()) {
        // The fallback order: the chosen site first, then the others as the plan ranked them;
        // sites that cannot run it last, with the reason.
        std::vector<const model::SiteOption*> order;
        for (const auto& s : plan.sites)
            order.push_back(&s);
        std::stable_sort(order.begin(), order.end(), [](auto* a, auto* b) {
            return (a->rank == 0 ? INT32_MAX : a->rank) < (b->rank == 0 ? INT32_MAX : b->rank);
        });
        nlohmann::ordered_json sites = nlohmann::ordered_json::array();
        for (const auto* s : order) {
            nlohmann::ordered_json j;
            j["target"] = s->target;
            if (s->rank == 0) {
                j["runs"] = false;
                j["reason"] = s->rejectedBecause;
            } else {
                j["runs"] = true;
                j["directory"] = s->target;
                j["nodes"] = s->nodes;
                j["gpus_per_node"] = s->gpusPerNode;
                j["predicted_seconds"] = rounded(s->totalSeconds);
                if (s->cost && s->cost->hasMoney())
                    j["predicted_cost"] = rounded(s->cost->amount) + " " + s->cost->currency;
                if (s->cost && !s->cost->unit.empty())
                    j["predicted_units"] = rounded(s->cost->units) + " " + s->cost->unit;
            }
            sites.push_back(j);
        }
        lock["failover"] = sites;
    }
    return {"modak.lock", lock.dump(2) + "\n", false};
}

StagedOutput::StagedOutput(fs::path out) : out_(std::move(out)) {}

StagedOutput::~StagedOutput() {
    if (!staging_.empty()) {
        std::error_code ec;
        fs::remove_all(staging_, ec);
    }
}

bool StagedOutput::stage(const fs::path& prefix, const std::vector<DeploymentOutput>& outputs,
                         std::string& error) {
    std::error_code ec;
    if (staging_.empty()) {
        fs::create_directories(out_, ec);
        if (ec) {
            error = fmt::format("cannot create '{}': {}", out_.string(), ec.message());
            return false;
        }
        std::string tmpl = (out_ / ".modak-generate-XXXXXX").string();
        if (!mkdtemp(tmpl.data())) {
            error = fmt::format("cannot write into '{}': {}", out_.string(), std::strerror(errno));
            return false;
        }
        staging_ = tmpl;
    }
    for (const auto& d : outputs) {
        fs::path rel = prefix / d.name;
        fs::create_directories(staging_ / "new" / rel, ec);
        if (ec) {
            error = fmt::format("cannot create '{}': {}", (staging_ / "new" / rel).string(),
                                ec.message());
            return false;
        }
        for (const auto& f : d.files) {
            fs::path path = staging_ / "new" / rel / f.path;
            if (path.has_parent_path())
                fs::create_directories(path.parent_path(), ec); // artefacts may live in subfolders
            std::ofstream file(path, std::ios::binary);
            file << f.content;
            file.close();
            if (!file) {
                error = fmt::format("cannot write '{}'", path.string());
                return false;
            }
            fs::permissions(path, f.executable ? fs::perms(0755) : fs::perms(0644), ec);
        }
        staged_.push_back(rel);
    }
    return true;
}

bool StagedOutput::commit(std::string& error) {
    std::error_code ec;
    for (const auto& rel : staged_) {
        fs::path target = out_ / rel, old = staging_ / "old" / rel;
        fs::create_directories(target.parent_path(), ec);
        fs::create_directories(old.parent_path(), ec);
        bool hadOld = fs::exists(target, ec);
        if (hadOld)
            fs::rename(target, old, ec);
        if (!ec)
            fs::rename(staging_ / "new" / rel, target, ec);
        if (ec) {
            if (hadOld && !fs::exists(target))
                fs::rename(old, target, ec); // put the previous output back
            error = fmt::format("cannot replace '{}': {}", target.string(), ec.message());
            return false;
        }
    }
    return true;
}

bool writeFileAtomically(const fs::path& path, std::string_view text, std::string& error) {
    fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::string tmpl = (dir / ("." + path.filename().string() + ".modak-tmp-XXXXXX")).string();
    int fd = mkstemp(tmpl.data());
    if (fd < 0) {
        error = fmt::format("cannot write '{}': {}", path.string(), std::strerror(errno));
        return false;
    }
    struct stat st {};
    mode_t mode = ::stat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0644;
    int failure = ::fchmod(fd, mode) == 0 ? 0 : errno;
    size_t written = 0;
    while (!failure && written < text.size()) {
        ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            failure = n < 0 ? errno : EIO;
        else
            written += static_cast<size_t>(n);
    }
    if (!failure && ::fsync(fd) != 0)
        failure = errno;
    if (::close(fd) != 0 && !failure)
        failure = errno;
    if (!failure && std::rename(tmpl.c_str(), path.c_str()) != 0)
        failure = errno;
    if (!failure)
        return true;
    std::remove(tmpl.c_str());
    error = fmt::format("cannot write '{}': {}", path.string(), std::strerror(failure));
    return false;
}

bool writeOutputs(const fs::path& out, const std::vector<DeploymentOutput>& outputs,
                  std::string& error) {
    StagedOutput staged(out);
    return staged.stage({}, outputs, error) && staged.commit(error);
}

namespace {

std::vector<std::string> splitLines(std::string_view text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) {
            lines.emplace_back(text.substr(start));
            lines.back() += "\n\\ No newline at end of file"; // as diff(1) marks it
            break;
        }
        lines.emplace_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

/// Whether `rel`, a path below `out`, passes through a symbolic link (itself included).
bool linkBelow(const fs::path& out, const fs::path& rel) {
    fs::path at = out;
    std::error_code ec;
    for (const auto& part : rel) {
        at /= part;
        if (fs::is_symlink(fs::symlink_status(at, ec)))
            return true;
    }
    return false;
}

bool readWhole(const fs::path& path, std::string& text) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    text = ss.str();
    return true;
}

} // namespace

std::string unifiedDiff(const std::string& label, std::string_view before, std::string_view after) {
    if (before == after)
        return {};
    std::vector<std::string> a = splitLines(before), b = splitLines(after);
    dtl::Diff<std::string, std::vector<std::string>> diff(a, b);
    diff.onHuge();
    diff.compose();
    diff.composeUnifiedHunks();
    std::ostringstream body;
    diff.printUnifiedFormat(body);
    return fmt::format("--- a/{0}\n+++ b/{0}\n{1}", label, body.str());
}

std::vector<Drift> compareOutputs(const fs::path& out, const std::vector<DeploymentOutput>& outputs,
                                  const fs::path& labelPrefix) {
    std::vector<Drift> drifts;
    std::error_code ec;
    for (const auto& d : outputs) {
        std::set<std::string> generated;
        for (const auto& f : d.files) {
            std::string label = (labelPrefix / d.name / f.path).generic_string();
            generated.insert(f.path);
            fs::path path = out / d.name / f.path;
            if (linkBelow(out, fs::path(d.name) / f.path)) {
                drifts.push_back({Drift::Kind::Link, label, {}});
                continue;
            }
            std::string existing;
            if (!readWhole(path, existing)) {
                drifts.push_back({Drift::Kind::Missing, label, {}});
                continue;
            }
            if (existing != f.content) {
                drifts.push_back(
                    {Drift::Kind::Changed, label, unifiedDiff(label, existing, f.content)});
                continue;
            }
            bool executable =
                (fs::status(path, ec).permissions() & fs::perms::owner_exec) != fs::perms::none;
            if (!ec && executable != f.executable)
                drifts.push_back({Drift::Kind::Mode, label, {}});
        }
        // Files generation would not write, inside a deployment directory it owns.
        fs::path dir = out / d.name;
        if (!linkBelow(out, d.name) && fs::is_directory(dir, ec))
            for (auto it = fs::recursive_directory_iterator(dir, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
                if (it->is_regular_file(ec) || it->is_symlink(ec)) {
                    std::string rel = fs::relative(it->path(), dir, ec).generic_string();
                    if (!generated.count(rel))
                        drifts.push_back({Drift::Kind::Unexpected,
                                          (labelPrefix / d.name / rel).generic_string(),
                                          {}});
                }
    }
    std::sort(drifts.begin(), drifts.end(),
              [](const Drift& a, const Drift& b) { return a.path < b.path; });
    return drifts;
}

} // namespace modak::codegen
