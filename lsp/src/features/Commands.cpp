// SPDX-License-Identifier: Apache-2.0
// What the server's commands do, without LSP: `modak.generate` (plan and generate the open text,
// then write all files or none) and `modak.import` (convert an original MODAK JSON job, check the
// result, write it atomically). Both write only inside the scope they are given, and nothing when
// asked not to.
#include "modak/codegen/Output.h"
#include "modak/importer/ModakJson.h"
#include "modak/lsp/Features.h"

#include <fmt/format.h>

namespace modak::lsp {

namespace fs = std::filesystem;

GenerateOutcome generateAndWrite(const Analysis& a, const GenerateRequest& request) {
    GenerateOutcome outcome;
    auto fail = [&](std::string why) {
        outcome.files.clear();
        outcome.error = std::move(why);
        return outcome;
    };
    if (a.diagnostics().hasErrors())
        return fail(fmt::format("{} has errors; nothing generated", a.path().filename().string()));
    Diagnostics diags;
    codegen::GenerateOptions options;
    options.sourceName = a.path().filename().string();
    options.version = request.version;
    auto outputs =
        codegen::generateProgram(a.sources(), a.program(), a.file(), a.plan(), options, diags);
    if (!request.deployment.empty())
        std::erase_if(outputs, [&](const auto& o) { return o.name != request.deployment; });
    for (const auto& d : diags)
        if (d.severity >= Severity::Error)
            return fail(d.message + "; nothing generated");
    // A command a client sends on a stranger's repository must not write outside the scope, nor
    // through a link out of it.
    const fs::path& out = request.outputDir;
    bool confined = request.writable.contains(out);
    for (const auto& o : outputs)
        for (const auto& f : o.files)
            confined = confined && request.writable.contains(out / o.name / f.path);
    if (!confined)
        return fail(fmt::format(
            "{} is outside the workspace folder (or leads out of it through a symbolic link); "
            "modak.generate writes only inside it; nothing generated",
            out.string()));
    if (!request.write)
        return fail("this server writes no files; nothing generated");
    std::string error;
    if (!codegen::writeOutputs(out, outputs, error))
        return fail(error + "; nothing generated");
    for (const auto& o : outputs)
        for (const auto& f : o.files)
            outcome.files.push_back(out / o.name / f.path);
    return outcome;
}

ImportOutcome importAndWrite(const ImportRequest& request) {
    ImportOutcome outcome;
    auto fail = [&](std::string why) {
        outcome.warnings.clear();
        outcome.error = std::move(why);
        return outcome;
    };
    const fs::path& output = request.output;
    if (output.extension() != ".modak")
        return fail(fmt::format("{} is not a .modak file; nothing written", output.string()));
    if (!request.writable.contains(output))
        return fail(fmt::format(
            "{} is outside the workspace folder (or leads out of it through a symbolic link); "
            "modak.import writes only inside it; nothing written",
            output.string()));
    std::error_code ec;
    if (fs::exists(fs::symlink_status(output, ec)) && !request.force)
        return fail(
            fmt::format("{} exists; nothing written (force: true overwrites it)", output.string()));
    // The JSON the client names is read (the user picked it); only the result is confined.
    SourceManager sm;
    std::string error;
    auto id = sm.readFile(request.source, error, size_t{64} << 20);
    if (!id)
        return fail(fmt::format("cannot read {}: {}", request.source.string(), error));
    Diagnostics diags;
    importer::ImportOptions options;
    options.name = request.name;
    std::optional<std::string> text = importer::importModakJson(sm, *id, diags, options);
    if (text) { // the result must itself be a valid program before anything is written
        model::LoadOptions load;
        load.importRoots = request.importRoots;
        model::loadProgram(sm, sm.addBuffer(output.string(), *text), diags, load);
    }
    for (const auto& d : diags) {
        if (d.severity >= Severity::Error)
            return fail(fmt::format("{} [{}]; nothing written", d.message, diagInfo(d.code).name));
        if (d.severity == Severity::Warning)
            outcome.warnings.push_back(d.message);
    }
    if (!request.write)
        return fail("this server writes no files; nothing written");
    fs::create_directories(output.parent_path(), ec); // inside the writable scope: checked above
    if (!text || !codegen::writeFileAtomically(output, *text, error))
        return fail(error + "; nothing written");
    return outcome;
}

} // namespace modak::lsp
