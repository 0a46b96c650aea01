// SPDX-License-Identifier: Apache-2.0
// The typed method table of the language features: each handler converts LSP positions to byte
// offsets (through the server, which owns the one conversion), calls a feature of features/, and
// converts its result back.
#include "ServerImpl.h"

#include "modak/codegen/Output.h"
#include "modak/importer/ModakJson.h"
#include "modak/lsp/Features.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>

namespace modak::lsp {

namespace fs = std::filesystem;

namespace {

int completionKind(CompletionItem::Kind k) {
    switch (k) {
    case CompletionItem::Kind::Keyword: return 14;
    case CompletionItem::Kind::Block: return 7;       // Class
    case CompletionItem::Kind::Property: return 10;
    case CompletionItem::Kind::Value: return 12;
    case CompletionItem::Kind::Enum: return 20;       // EnumMember
    case CompletionItem::Kind::Reference: return 18;  // Reference
    case CompletionItem::Kind::Unit: return 11;
    case CompletionItem::Kind::Snippet: return 15;
    case CompletionItem::Kind::File: return 17;
    }
    return 1;
}

int symbolKind(DocumentSymbol::Kind k) {
    switch (k) {
    case DocumentSymbol::Kind::Deployment: return 12;   // Function: what runs
    case DocumentSymbol::Kind::Application: return 5;   // Class
    case DocumentSymbol::Kind::Target: return 3;        // Namespace
    case DocumentSymbol::Kind::Workload: return 23;     // Struct
    case DocumentSymbol::Kind::Image: return 2;         // Module
    case DocumentSymbol::Kind::Block: return 19;        // Object
    case DocumentSymbol::Kind::Property: return 7;      // Property
    case DocumentSymbol::Kind::Import: return 1;        // File
    }
    return 19;
}

const std::vector<std::string>& tokenTypes() {
    static const std::vector<std::string> t = {"keyword", "type", "property", "enumMember", "variable",
                                               "string", "number", "comment", "operator", "namespace"};
    return t;
}
const std::vector<std::string>& tokenModifiers() {
    static const std::vector<std::string> m = {"declaration", "readonly", "defaultLibrary"};
    return m;
}

} // namespace

json Server::capabilities() const {
    json caps = {
        {"positionEncoding", client_.encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
        {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
        {"diagnosticProvider", {{"identifier", "modak"}, {"interFileDependencies", true}, {"workspaceDiagnostics", false}}},
        {"executeCommandProvider", {{"commands", {"modak.generate", "modak.import"}}}},
        {"completionProvider", {{"triggerCharacters", {"=", " ", "\"", "{", ","}}, {"resolveProvider", false}}},
        {"hoverProvider", true},
        {"definitionProvider", true},
        {"referencesProvider", true},
        {"renameProvider", {{"prepareProvider", true}}},
        {"documentSymbolProvider", true},
        {"workspaceSymbolProvider", true},
        {"foldingRangeProvider", true},
        {"selectionRangeProvider", true},
        {"semanticTokensProvider",
         {{"legend", {{"tokenTypes", tokenTypes()}, {"tokenModifiers", tokenModifiers()}}}, {"full", {{"delta", true}}}, {"range", false}}},
        {"documentFormattingProvider", true},
        {"documentRangeFormattingProvider", true},
        {"codeActionProvider", {{"codeActionKinds", {"quickfix", "source.fixAll"}}}},
        {"codeLensProvider", {{"resolveProvider", false}}},
        {"inlayHintProvider", true},
    };
    return caps;
}

json Server::symbolJson(const Analysis& a, const DocumentSymbol& s) const {
    json children = json::array();
    for (const auto& c : s.children)
        children.push_back(symbolJson(a, c));
    json j = {{"name", s.name}, {"kind", symbolKind(s.kind)}, {"range", const_cast<Server*>(this)->range(a, s.range)},
              {"selectionRange", const_cast<Server*>(this)->range(a, s.selectionRange)}, {"children", std::move(children)}};
    if (!s.detail.empty())
        j["detail"] = s.detail;
    return j;
}

std::vector<uint32_t> Server::encodeTokens(OpenDocument& doc, const std::vector<SemanticToken>& tokens) {
    std::vector<uint32_t> data;
    data.reserve(tokens.size() * 5);
    Position last{0, 0};
    for (const auto& t : tokens) {
        Position b = doc.index->position(t.begin, client_.encoding);
        Position e = doc.index->position(t.end, client_.encoding);
        if (e.line != b.line || e.character <= b.character)
            continue;
        data.push_back(b.line - last.line);
        data.push_back(b.line == last.line ? b.character - last.character : b.character);
        data.push_back(e.character - b.character);
        data.push_back(static_cast<uint32_t>(t.type));
        data.push_back(t.modifiers);
        last = b;
    }
    return data;
}

void Server::registerFeatures() {
    onRequest("textDocument/completion", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        uint32_t at = offset(doc, member(params, "position"));
        auto a = analysis(doc);
        CompletionOptions options;
        options.snippets = client_.snippets;
        json items = json::array();
        for (const auto& item : complete(*a, at, options)) {
            json j = {{"label", item.label}, {"kind", completionKind(item.kind)}};
            if (!item.detail.empty())
                j["detail"] = item.detail;
            if (!item.documentation.empty())
                j["documentation"] = {{"kind", client_.markdown ? "markdown" : "plaintext"}, {"value", item.documentation}};
            SourceRange r = item.replace.file.valid() ? item.replace : SourceRange{a->file(), at, at};
            j["textEdit"] = {{"range", range(*a, r)}, {"newText", item.insertText}};
            j["insertTextFormat"] = item.snippet ? 2 : 1;
            if (!item.sortText.empty())
                j["sortText"] = item.sortText;
            if (!item.filterText.empty())
                j["filterText"] = item.filterText;
            items.push_back(std::move(j));
        }
        return {{"isIncomplete", false}, {"items", std::move(items)}};
    });
    onRequest("textDocument/hover", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        uint32_t at = offset(doc, member(params, "position"));
        auto a = analysis(doc);
        auto h = hover(*a, at);
        if (!h)
            return nullptr;
        return {{"contents", {{"kind", client_.markdown ? "markdown" : "plaintext"}, {"value", h->markdown}}},
                {"range", range(*a, h->range)}};
    });
    onRequest("textDocument/definition", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        uint32_t at = offset(doc, member(params, "position"));
        auto a = analysis(doc);
        json out = json::array();
        for (const auto& r : definition(*a, at))
            out.push_back(location(*a, r));
        return out;
    });
    onRequest("textDocument/references", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        uint32_t at = offset(doc, member(params, "position"));
        const json* context = optionalObject(params, "context");
        bool declaration = context && optionalBool(*context, "includeDeclaration").value_or(false);
        auto a = analysis(doc);
        json out = json::array();
        for (const auto& r : references(*a, at, declaration))
            out.push_back(location(*a, r));
        return out;
    });
    onRequest("textDocument/prepareRename", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        uint32_t at = offset(doc, member(params, "position"));
        auto a = analysis(doc);
        auto t = prepareRename(*a, at);
        if (!t)
            return nullptr;
        return {{"range", range(*a, t->range)}, {"placeholder", t->placeholder}};
    });
    onRequest("textDocument/rename", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        uint32_t at = offset(doc, member(params, "position"));
        std::string newName = stringMember(params, "newName");
        auto a = analysis(doc);
        RenameResult r = rename(*a, at, newName);
        if (!r.error.empty())
            throw RequestFailed(r.error);
        return workspaceEdit(*a, r.edits);
    });
    onRequest(
        "textDocument/documentSymbol",
        [this](const json& params) -> json {
            OpenDocument& doc = document(params);
            auto a = analysis(doc);
            json out = json::array();
            auto symbols = documentSymbols(*a);
            if (client_.hierarchicalSymbols) {
                for (const auto& s : symbols)
                    out.push_back(symbolJson(*a, s));
                return out;
            }
            std::function<void(const DocumentSymbol&, const std::string&)> flat = [&](const DocumentSymbol& s, const std::string& container) {
                json j = {{"name", s.name}, {"kind", symbolKind(s.kind)}, {"location", location(*a, s.range)}};
                if (!container.empty())
                    j["containerName"] = container;
                out.push_back(std::move(j));
                for (const auto& c : s.children)
                    flat(c, s.name);
            };
            for (const auto& s : symbols)
                flat(s, "");
            return out;
        },
        true);
    onRequest("workspace/symbol", [this](const json& params) -> json {
        std::string query = optionalString(params, "query").value_or("");
        std::vector<std::shared_ptr<const Analysis>> keep;
        std::vector<const Analysis*> analyses;
        std::set<fs::path> seen;
        for (auto& [uri, doc] : documents_) {
            keep.push_back(analysis(*doc));
            analyses.push_back(keep.back().get());
            seen.insert(doc->path);
        }
        // Files of the workspace folders that are not open: parsed from disk (bounded).
        size_t budget = 2000;
        for (const auto& folder : workspaceFolders_) {
            model::FileScope readable = model::FileScope::ofRoots({folder});
            std::error_code ec;
            for (auto it = fs::recursive_directory_iterator(folder, fs::directory_options::skip_permission_denied, ec);
                 !ec && it != fs::recursive_directory_iterator() && budget > 0; it.increment(ec)) {
                if (it->path().extension() != ".modak" || seen.count(it->path()) ||
                    !it->is_regular_file(ec) || !readable.contains(it->path()))
                    continue;  // a link out of the workspace is not read
                std::ifstream in(it->path(), std::ios::binary);
                std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
                keep.push_back(Analysis::build(it->path(), std::move(text)));
                analyses.push_back(keep.back().get());
                --budget;
            }
        }
        json out = json::array();
        for (const auto& s : workspaceSymbols(analyses, query))
            out.push_back({{"name", s.name}, {"kind", symbolKind(s.kind)}, {"containerName", s.container},
                           {"location", location(*analyses[s.analysis], s.range)}});
        return out;
    });
    onRequest(
        "textDocument/foldingRange",
        [this](const json& params) -> json {
            OpenDocument& doc = document(params);
            auto a = analysis(doc);
            json out = json::array();
            for (const auto& f : foldingRanges(*a)) {
                Position b = doc.index->position(f.begin, PositionEncoding::Utf16);
                Position e = doc.index->position(f.end, PositionEncoding::Utf16);
                if (e.line <= b.line)
                    continue;
                json j = {{"startLine", b.line}, {"endLine", e.line - (f.kind == FoldingRange::Kind::Region ? 1 : 0)}};
                if (f.kind == FoldingRange::Kind::Comment)
                    j["kind"] = "comment";
                else if (f.kind == FoldingRange::Kind::Imports)
                    j["kind"] = "imports";
                if (j["endLine"].get<uint32_t>() >= b.line)
                    out.push_back(std::move(j));
            }
            return out;
        },
        true);
    onRequest("textDocument/selectionRange", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        auto a = analysis(doc);
        json out = json::array();
        const json& positions = member(params, "positions");
        if (!positions.is_array())
            throw InvalidParams("positions must be an array");
        for (const auto& p : positions) {
            auto ranges = selectionRanges(*a, offset(doc, p));
            json node = nullptr;
            for (auto it = ranges.rbegin(); it != ranges.rend(); ++it) {
                json n = {{"range", range(*a, *it)}};
                if (!node.is_null())
                    n["parent"] = std::move(node);
                node = std::move(n);
            }
            out.push_back(node.is_null() ? json{{"range", {{"start", toJson(Position{})}, {"end", toJson(Position{})}}}} : node);
        }
        return out;
    });
    onRequest(
        "textDocument/semanticTokens/full",
        [this](const json& params) -> json {
            OpenDocument& doc = document(params);
            auto a = analysis(doc);
            std::vector<uint32_t> data = encodeTokens(doc, semanticTokens(*a));
            std::string id = std::to_string(++semanticTokensVersion_);
            doc.semanticTokens = data;
            doc.semanticTokensId = id;
            return {{"resultId", id}, {"data", data}};
        },
        true);
    onRequest(
        "textDocument/semanticTokens/full/delta",
        [this](const json& params) -> json {
            OpenDocument& doc = document(params);
            auto a = analysis(doc);
            std::vector<uint32_t> data = encodeTokens(doc, semanticTokens(*a));
            std::string previous = optionalString(params, "previousResultId").value_or("");
            std::string id = std::to_string(++semanticTokensVersion_);
            json result;
            if (previous == doc.semanticTokensId && !doc.semanticTokensId.empty()) {
                // One edit: the common prefix and suffix stay, the middle is replaced.
                const auto& old = doc.semanticTokens;
                size_t prefix = 0;
                while (prefix < old.size() && prefix < data.size() && old[prefix] == data[prefix])
                    ++prefix;
                size_t suffix = 0;
                while (suffix < old.size() - prefix && suffix < data.size() - prefix &&
                       old[old.size() - 1 - suffix] == data[data.size() - 1 - suffix])
                    ++suffix;
                json edits = json::array();
                if (prefix != old.size() || prefix != data.size())
                    edits.push_back({{"start", prefix},
                                     {"deleteCount", old.size() - prefix - suffix},
                                     {"data", std::vector<uint32_t>(data.begin() + static_cast<long>(prefix),
                                                                    data.end() - static_cast<long>(suffix))}});
                result = {{"resultId", id}, {"edits", std::move(edits)}};
            } else {
                result = {{"resultId", id}, {"data", data}};
            }
            doc.semanticTokens = std::move(data);
            doc.semanticTokensId = id;
            return result;
        },
        true);
    onRequest("textDocument/formatting", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        auto a = analysis(doc);
        auto formatted = formatDocument(*a);
        if (!formatted)
            throw RequestFailed("the document has syntax errors; it is not formatted");
        if (*formatted == doc.text)
            return json::array();
        return json::array({{{"range", rangeJson(*doc.index, 0, static_cast<uint32_t>(doc.text.size()), client_.encoding)},
                             {"newText", *formatted}}});
    });
    onRequest("textDocument/rangeFormatting", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        const json& r = member(params, "range");
        uint32_t b = offset(doc, member(r, "start")), e = offset(doc, member(r, "end"));
        auto a = analysis(doc);
        json out = json::array();
        for (const auto& edit : formatRange(*a, std::min(b, e), std::max(b, e)))
            out.push_back({{"range", range(*a, edit.range)}, {"newText", edit.text}});
        return out;
    });
    onRequest("textDocument/codeAction", [this](const json& params) -> json {
        OpenDocument& doc = document(params);
        const json& r = member(params, "range");
        uint32_t b = offset(doc, member(r, "start")), e = offset(doc, member(r, "end"));
        auto a = analysis(doc);
        json out = json::array();
        for (const auto& action : codeActions(*a, std::min(b, e), std::max(b, e))) {
            json j = {{"title", action.title}, {"kind", action.kind}, {"edit", workspaceEdit(*a, action.edits)}};
            if (action.preferred)
                j["isPreferred"] = true;
            if (action.diagnostic) {
                const Diagnostic& d = a->diagnostics()[*action.diagnostic];
                j["diagnostics"] = json::array({{{"range", range(*a, d.range)},
                                                 {"severity", severityNumber(d.severity)},
                                                 {"code", std::string(diagInfo(d.code).name)},
                                                 {"source", "modak"},
                                                 {"message", d.message}}});
            }
            out.push_back(std::move(j));
        }
        return out;
    });
    onRequest(
        "textDocument/codeLens",
        [this](const json& params) -> json {
            OpenDocument& doc = document(params);
            json out = json::array();
            if (!settings_.codeLens)
                return out;
            auto a = analysis(doc);
            for (const auto& lens : deploymentLenses(*a)) {
                out.push_back({{"range", range(*a, lens.range)}, {"command", {{"title", lens.title}, {"command", ""}}}});
                out.push_back({{"range", range(*a, lens.range)},
                               {"command",
                                {{"title", "generate"},
                                 {"command", "modak.generate"},
                                 {"arguments", json::array({{{"uri", doc.uri}, {"deployment", lens.deployment}}})}}}});
            }
            return out;
        },
        true);
    onRequest(
        "textDocument/inlayHint",
        [this](const json& params) -> json {
            OpenDocument& doc = document(params);
            const json& r = member(params, "range");
            uint32_t b = offset(doc, member(r, "start")), e = offset(doc, member(r, "end"));
            json out = json::array();
            if (!settings_.inlayHints)
                return out;
            auto a = analysis(doc);
            for (const auto& lens : deploymentLenses(*a)) {
                // After the block's opening brace line: `deployment x {  ‹ngc + inductor · 2×4 GPU · 3 min/epoch›`
                const syntax::Statement* block = nullptr;
                for (const auto& s : a->tree().statements)
                    if (s.name() && s.name()->range == lens.range)
                        block = &s;
                uint32_t at = block && block->openBrace().end > 0 ? block->openBrace().end : lens.range.end;
                if (at < std::min(b, e) || at > std::max(b, e))
                    continue;  // the client asked for the hints of a range only
                out.push_back({{"position", toJson(doc.index->position(at, client_.encoding))},
                               {"label", " " + lens.title},
                               {"paddingLeft", true},
                               {"tooltip", {{"kind", "markdown"}, {"value", lens.tooltip}}}});
            }
            return out;
        },
        true);

    // modak.generate {uri, deployment?, outputDir?}: what `modak generate` does, on the open (maybe
    // unsaved) text: plan, generate, write all files or none; answers the files written.
    // modak.import {source, output?, name?, force?}: what `modak import` does.
    onRequest("workspace/executeCommand", [this](const json& params) -> json {
        std::string command = stringMember(params, "command");
        if (command != "modak.generate" && command != "modak.import")
            throw InvalidParams("unknown command " + command);
        const json* arguments = optionalArray(params, "arguments");
        const json& args = arguments && !arguments->empty() ? (*arguments)[0] : json::object();
        return command == "modak.generate" ? generateCommand(args) : importCommand(args);
    });
}

model::FileScope Server::writableScope(const fs::path& near) const {
    // A command a client sends while a stranger's repository is open must not write outside the
    // workspace, nor through a link out of it.
    return model::FileScope::ofRoots(workspaceFolders_.empty() ? std::vector<fs::path>{model::FileScope::projectRootOf(near)}
                                                               : workspaceFolders_);
}

json Server::generateCommand(const json& args) {
        json td = {{"textDocument", {{"uri", stringMember(args, "uri")}}}};
        OpenDocument& doc = document(td);
        auto a = analysis(doc);
        if (a->diagnostics().hasErrors())
            throw RequestFailed(fmt::format("{} has errors; nothing generated", doc.path.filename().string()));
        std::filesystem::path out = doc.path.parent_path() / optionalString(args, "outputDir").value_or("generated");
        out = out.lexically_normal();
        std::string only = optionalString(args, "deployment").value_or("");
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
        // Only under the workspace (or, without one, the document's project): a command a client
        // sends on a stranger's repository must not write outside it, nor through a link out of it.
        model::FileScope writable = writableScope(doc.path.parent_path());
        bool confined = writable.contains(out);
        for (const auto& o : outputs)
            for (const auto& f : o.files)
                confined = confined && writable.contains(out / o.name / f.path);
        if (!confined)
            throw RequestFailed(fmt::format("{} is outside the workspace folder (or leads out of it through a "
                                            "symbolic link); modak.generate writes only inside it; nothing generated",
                                            out.string()));
        if (!options_.writeFiles)
            throw RequestFailed("this server writes no files; nothing generated");
        std::string error;
        if (!codegen::writeOutputs(out, outputs, error))
            throw RequestFailed(error + "; nothing generated");
        json files = json::array();
        for (const auto& o : outputs)
            for (const auto& f : o.files)
                files.push_back((out / o.name / f.path).string());
        return {{"outputDir", out.string()}, {"files", files}};
}

json Server::importCommand(const json& args) {
    std::string sourceArg = stringMember(args, "source");
    fs::path source = sourceArg.rfind("file://", 0) == 0 ? pathFromUri(sourceArg) : fs::path(sourceArg);
    if (source.is_relative() && !workspaceFolders_.empty())
        source = workspaceFolders_.front() / source;
    std::optional<std::string> outputArg = optionalString(args, "output");
    fs::path output = outputArg ? fs::path(*outputArg) : fs::path(source).replace_extension(".modak");
    if (output.is_relative())
        output = source.parent_path() / output;
    output = output.lexically_normal();
    if (output.extension() != ".modak")
        throw RequestFailed(fmt::format("{} is not a .modak file; nothing written", output.string()));
    if (!writableScope(source.parent_path()).contains(output))
        throw RequestFailed(fmt::format("{} is outside the workspace folder (or leads out of it through a symbolic "
                                        "link); modak.import writes only inside it; nothing written",
                                        output.string()));
    std::error_code ec;
    if (fs::exists(fs::symlink_status(output, ec)) && !optionalBool(args, "force").value_or(false))
        throw RequestFailed(fmt::format("{} exists; nothing written (force: true overwrites it)", output.string()));
    // The JSON the client names is read (the user picked it); only the result is confined.
    SourceManager sm;
    std::string error;
    auto id = sm.readFile(source, error, size_t{64} << 20);
    if (!id)
        throw RequestFailed(fmt::format("cannot read {}: {}", source.string(), error));
    Diagnostics diags;
    importer::ImportOptions options;
    options.name = optionalString(args, "name").value_or("");
    std::optional<std::string> text = importer::importModakJson(sm, *id, diags, options);
    if (text) {  // the result must itself be a valid program before anything is written
        model::LoadOptions load;
        load.importRoots = settings_.importRoots;
        model::loadProgram(sm, sm.addBuffer(output.string(), *text), diags, load);
    }
    json warnings = json::array();
    for (const auto& d : diags) {
        if (d.severity >= Severity::Error)
            throw RequestFailed(fmt::format("{} [{}]; nothing written", d.message, diagInfo(d.code).name));
        if (d.severity == Severity::Warning)
            warnings.push_back(d.message);
    }
    if (!options_.writeFiles)
        throw RequestFailed("this server writes no files; nothing written");
    fs::create_directories(output.parent_path(), ec);  // inside the workspace: checked above
    if (!text || !codegen::writeFileAtomically(output, *text, error))
        throw RequestFailed(error + "; nothing written");
    return {{"output", output.string()}, {"uri", uriFromPath(output)}, {"warnings", std::move(warnings)}};
}

} // namespace modak::lsp
