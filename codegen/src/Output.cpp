// SPDX-License-Identifier: Apache-2.0
#include "modak/codegen/Output.h"

#include <fmt/format.h>

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


} // namespace modak::codegen
