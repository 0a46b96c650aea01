// SPDX-License-Identifier: Apache-2.0
#include "modak/codegen/Output.h"

#include <dtl/dtl.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <sstream>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace modak::codegen {

namespace fs = std::filesystem;

std::vector<DeploymentOutput> generateProgram(const SourceManager& sm, const model::Program& program, FileId root,
                                              const model::Plan& plan, const GenerateOptions& options, Diagnostics& diags) {
    std::vector<DeploymentOutput> outputs;
    for (const auto& d : plan.deployments) {
        const model::Symbol* sym = nullptr;
        for (const auto& s : program.symbols)
            if (s.kind == "deployment" && s.name == d.name && s.file == root)
                sym = &s;
        if (sym)
            outputs.push_back({d.name, generateDeployment(sm, program, *sym, d, options, diags)});
    }
    return outputs;
}

bool writeOutputs(const fs::path& out, const std::vector<DeploymentOutput>& outputs, std::string& error) {
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) {
        error = fmt::format("cannot create '{}': {}", out.string(), ec.message());
        return false;
    }
    std::string tmpl = (out / ".modak-generate-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) {
        error = fmt::format("cannot write into '{}': {}", out.string(), std::strerror(errno));
        return false;
    }
    fs::path staging(tmpl);
    auto fail = [&](std::string message) {
        fs::remove_all(staging, ec);
        error = std::move(message);
        return false;
    };
    for (const auto& d : outputs) {
        fs::create_directories(staging / d.name, ec);
        if (ec)
            return fail(fmt::format("cannot create '{}': {}", (staging / d.name).string(), ec.message()));
        for (const auto& f : d.files) {
            fs::path path = staging / d.name / f.path;
            if (path.has_parent_path())
                fs::create_directories(path.parent_path(), ec);  // artefacts may live in subfolders
            std::ofstream file(path, std::ios::binary);
            file << f.content;
            file.close();
            if (!file)
                return fail(fmt::format("cannot write '{}'", path.string()));
            fs::permissions(path, f.executable ? fs::perms(0755) : fs::perms(0644), ec);
        }
    }
    for (const auto& d : outputs) {
        fs::path target = out / d.name, old = staging / (".old-" + d.name);
        bool hadOld = fs::exists(target, ec);
        if (hadOld)
            fs::rename(target, old, ec);
        if (!ec)
            fs::rename(staging / d.name, target, ec);
        if (ec) {
            if (hadOld && !fs::exists(target))
                fs::rename(old, target, ec);  // put the previous output back
            return fail(fmt::format("cannot replace '{}': {}", target.string(), ec.message()));
        }
    }
    fs::remove_all(staging, ec);
    return true;
}


namespace {

std::vector<std::string> splitLines(std::string_view text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) {
            lines.emplace_back(text.substr(start));
            lines.back() += "\n\\ No newline at end of file";  // as diff(1) marks it
            break;
        }
        lines.emplace_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
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

std::vector<Drift> compareOutputs(const fs::path& out, const std::vector<DeploymentOutput>& outputs) {
    std::vector<Drift> drifts;
    std::error_code ec;
    for (const auto& d : outputs) {
        std::set<std::string> generated;
        for (const auto& f : d.files) {
            std::string label = d.name + "/" + f.path;
            generated.insert(f.path);
            fs::path path = out / d.name / f.path;
            std::string existing;
            if (!readWhole(path, existing)) {
                drifts.push_back({Drift::Kind::Missing, label, {}});
                continue;
            }
            if (existing != f.content) {
                drifts.push_back({Drift::Kind::Changed, label, unifiedDiff(label, existing, f.content)});
                continue;
            }
            bool executable = (fs::status(path, ec).permissions() & fs::perms::owner_exec) != fs::perms::none;
            if (!ec && executable != f.executable)
                drifts.push_back({Drift::Kind::Mode, label, {}});
        }
        // Files generation would not write, inside a deployment directory it owns.
        fs::path dir = out / d.name;
        if (fs::is_directory(dir, ec))
            for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
                 it.increment(ec))
                if (it->is_regular_file(ec)) {
                    std::string rel = fs::relative(it->path(), dir, ec).generic_string();
                    if (!generated.count(rel))
                        drifts.push_back({Drift::Kind::Unexpected, d.name + "/" + rel, {}});
                }
    }
    std::sort(drifts.begin(), drifts.end(), [](const Drift& a, const Drift& b) { return a.path < b.path; });
    return drifts;
}

} // namespace modak::codegen
