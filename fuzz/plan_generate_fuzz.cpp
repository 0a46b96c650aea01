// SPDX-License-Identifier: Apache-2.0
// Planning and code generation on arbitrary .modak files: bytes parsed and checked (imports resolve
// to nothing), and when the program has no errors, `planProgram` then `generateProgram` with every
// emit kind this version generates. No crash, no leak, no UB; every artefact lands inside its
// deployment's folder (a relative path without `..`, under a deployment name that is one plain path
// component); planning and generating twice gives the same bytes.
#include "Offline.h"
#include "modak/codegen/Generate.h"
#include "modak/codegen/Output.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace modak;

namespace {

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "%s\n", what.c_str());
    std::abort();
}

/// A path that stays inside the folder it is joined to: relative, non-empty, no `..`, no root name.
bool staysInside(const std::string& path) {
    if (path.empty() || path.find('\0') != std::string::npos)
        return false;
    std::filesystem::path p(path);
    if (p.is_absolute() || p.has_root_name() || p.has_root_directory())
        return false;
    for (const auto& part : p)
        if (part == "..")
            return false;
    return true;
}

std::vector<codegen::DeploymentOutput> planAndGenerate(SourceManager& sm,
                                                       const model::Program& program, FileId id) {
    Diagnostics diags;
    model::Plan plan = model::planProgram(sm, program, {}, diags);
    codegen::GenerateOptions options;
    options.emit = codegen::supportedEmits(); // every kind, whatever the deployment asks for
    options.sourceName = "fuzz.modak";
    options.version = "fuzz";
    return codegen::generateProgram(sm, program, id, plan, options, diags);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    SourceManager sm;
    FileId id =
        sm.addBuffer("/fuzz/input.modak", std::string(reinterpret_cast<const char*>(data), size));
    Diagnostics diags;
    model::Program program = model::loadProgram(sm, id, diags, fuzz::offlineLoad());
    if (diags.hasErrors())
        return 0; // `modak generate` stops here too
    auto first = planAndGenerate(sm, program, id);
    for (const auto& d : first) {
        if (d.name.empty() || d.name == "." || d.name == ".." ||
            d.name.find('/') != std::string::npos || d.name.find('\\') != std::string::npos)
            fail("a deployment's output folder is not one plain path component: '" + d.name + "'");
        for (const auto& f : d.files)
            if (!staysInside(f.path))
                fail("deployment '" + d.name + "': an artefact's path leaves its folder: '" +
                     f.path + "'");
    }
    auto second = planAndGenerate(sm, program, id);
    if (second.size() != first.size())
        fail("planning twice gives a different number of deployments");
    for (size_t i = 0; i < first.size(); ++i) {
        const auto &a = first[i], &b = second[i];
        if (a.name != b.name || a.files.size() != b.files.size())
            fail("generating twice gives different deployments: '" + a.name + "' and '" + b.name +
                 "'");
        for (size_t j = 0; j < a.files.size(); ++j)
            if (a.files[j].path != b.files[j].path || a.files[j].content != b.files[j].content ||
                a.files[j].executable != b.files[j].executable)
                fail("generating twice gives different bytes: " + a.name + "/" + a.files[j].path +
                     "\n--- first\n" + a.files[j].content + "\n--- second\n" + b.files[j].content);
    }
    return 0;
}
