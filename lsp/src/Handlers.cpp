// SPDX-License-Identifier: Apache-2.0
// The typed method table of the language features: each handler converts LSP positions to byte
// offsets (through the server, which owns the one conversion), calls a feature of features/, and
// converts its result back.
#include "ServerImpl.h"

#include "modak/codegen/Output.h"
#include "modak/lsp/Features.h"

#include <fmt/format.h>

namespace modak::lsp {

json Server::capabilities() const {
    json caps = {
        {"positionEncoding", client_.encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
        {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
        {"diagnosticProvider", {{"identifier", "modak"}, {"interFileDependencies", true}, {"workspaceDiagnostics", false}}},
        {"executeCommandProvider", {{"commands", {"modak.generate"}}}},
    };
    return caps;
}

void Server::registerFeatures() {
    // modak.generate {uri, deployment?, outputDir?}: what `modak generate` does, on the open (maybe
    // unsaved) text: plan, generate, write all files or none; answers the files written.
    onRequest("workspace/executeCommand", [this](const json& params) -> json {
        std::string command = stringMember(params, "command");
        if (command != "modak.generate")
            throw InvalidParams("unknown command " + command);
        const json& args = params.contains("arguments") && params["arguments"].is_array() && !params["arguments"].empty()
                               ? params["arguments"][0]
                               : json::object();
        json td = {{"textDocument", {{"uri", stringMember(args, "uri")}}}};
        OpenDocument& doc = document(td);
        auto a = analysis(doc);
        if (a->diagnostics().hasErrors())
            throw RequestFailed(fmt::format("{} has errors; nothing generated", doc.path.filename().string()));
        std::filesystem::path out = args.contains("outputDir") && args["outputDir"].is_string()
                                        ? std::filesystem::path(args["outputDir"].get<std::string>())
                                        : doc.path.parent_path() / "generated";
        std::string only = args.contains("deployment") && args["deployment"].is_string() ? args["deployment"].get<std::string>() : "";
        Diagnostics diags;
        codegen::GenerateOptions options;
        options.sourceName = doc.path.filename().string();
        options.version = options_.version;
        auto outputs = codegen::generateProgram(a->sources(), a->program(), a->file(), a->plan(), options, diags);
        if (!only.empty())
            std::erase_if(outputs, [&](const auto& o) { return o.name != only; });
        if (diags.hasErrors()) {
            for (const auto& d : diags)
                if (d.severity >= Severity::Error)
                    throw RequestFailed(d.message + "; nothing generated");
        }
        std::string error;
        if (!codegen::writeOutputs(out, outputs, error))
            throw RequestFailed(error + "; nothing generated");
        json files = json::array();
        for (const auto& o : outputs)
            for (const auto& f : o.files)
                files.push_back((out / o.name / f.path).string());
        return {{"outputDir", out.string()}, {"files", files}};
    });
}

} // namespace modak::lsp
