// SPDX-License-Identifier: Apache-2.0
#include "Protocol.h"

#include "JsonWriter.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::lsp {

namespace fs = std::filesystem;

namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

std::string percentDecode(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        int hi, lo;
        if (s[i] == '%' && i + 2 < s.size() && (hi = hexValue(s[i + 1])) >= 0 &&
            (lo = hexValue(s[i + 2])) >= 0) {
            out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

} // namespace

fs::path pathFromUri(std::string_view uri) {
    if (uri.starts_with("file://")) {
        std::string_view rest = uri.substr(7);
        auto slash = rest.find('/'); // skip an authority ("file://host/path")
        rest = slash == std::string_view::npos ? std::string_view("/") : rest.substr(slash);
        return fs::path(percentDecode(rest));
    }
    auto colon = uri.find(':');
    std::string scheme(colon == std::string_view::npos ? "unknown" : uri.substr(0, colon));
    std::string rest(colon == std::string_view::npos ? uri : uri.substr(colon + 1));
    while (!rest.empty() && rest.front() == '/')
        rest.erase(rest.begin());
    return fs::path("/" + scheme) / percentDecode(rest);
}

std::string uriFromPath(const fs::path& path) {
    static constexpr std::string_view kSafe = "-._~/!$&'()*+,;=:@";
    std::string out = "file://";
    for (unsigned char c : path.generic_string()) {
        if (std::isalnum(c) || kSafe.find(static_cast<char>(c)) != std::string_view::npos)
            out += static_cast<char>(c);
        else
            out += fmt::format("%{:02X}", c);
    }
    return out;
}

const json& member(const json& j, std::string_view key) {
    if (!j.is_object() || !j.contains(key))
        throw InvalidParams(fmt::format("missing `{}`", key));
    return j[std::string(key)];
}

namespace {
const json* optionalOf(const json& j, std::string_view key, bool (json::*is)() const noexcept,
                       const char* type) {
    if (!j.is_object())
        throw InvalidParams(fmt::format("`{}` must be a member of an object", key));
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return nullptr;
    if (!((*it).*is)())
        throw InvalidParams(fmt::format("`{}` must be {}", key, type));
    return &*it;
}
} // namespace

std::optional<std::string> optionalString(const json& j, std::string_view key) {
    const json* v = optionalOf(j, key, &json::is_string, "a string");
    return v ? std::optional<std::string>(v->get<std::string>()) : std::nullopt;
}

std::optional<bool> optionalBool(const json& j, std::string_view key) {
    const json* v = optionalOf(j, key, &json::is_boolean, "a boolean");
    return v ? std::optional<bool>(v->get<bool>()) : std::nullopt;
}

const json* optionalObject(const json& j, std::string_view key) {
    return optionalOf(j, key, &json::is_object, "an object");
}

const json* optionalArray(const json& j, std::string_view key) {
    return optionalOf(j, key, &json::is_array, "an array");
}

std::string stringMember(const json& j, std::string_view key) {
    const json& v = member(j, key);
    if (!v.is_string())
        throw InvalidParams(fmt::format("`{}` must be a string", key));
    return v.get<std::string>();
}

void from_json(const json& j, Position& p) {
    if (!j.is_object() || !j.contains("line") || !j.contains("character") ||
        !j["line"].is_number_integer() || !j["character"].is_number_integer())
        throw InvalidParams("a position needs integer `line` and `character`");
    auto line = j["line"].get<int64_t>(), character = j["character"].get<int64_t>();
    if (line < 0 || character < 0)
        throw InvalidParams("a position cannot be negative");
    auto clamp = [](int64_t v) { return static_cast<uint32_t>(std::min<int64_t>(v, UINT32_MAX)); };
    p = {clamp(line), clamp(character)};
}

void to_json(json& j, const Position& p) {
    j = {{"line", p.line}, {"character", p.character}};
}

namespace protocol {

namespace {

const char* markupKindName(MarkupKind kind) {
    return kind == MarkupKind::Markdown ? "markdown" : "plaintext";
}

/// Sets `j[key]` only when `value` is not empty: LSP's optional members are absent, not null.
template<class T>
void putIfNotEmpty(json& j, const char* key, const T& value) {
    if (!value.empty())
        j[key] = value;
}

/// An optional integer member kept only when it is one (a document version of another type is
/// ignored, as before the protocol was typed).
std::optional<int64_t> integerIfPresent(const json& j, std::string_view key) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        return std::nullopt;
    return it->get<int64_t>();
}

} // namespace

DiagnosticSeverity toDiagnosticSeverity(Severity severity) {
    switch (severity) {
    case Severity::Fatal:
    case Severity::Error:
        return DiagnosticSeverity::Error;
    case Severity::Warning:
        return DiagnosticSeverity::Warning;
    case Severity::Note:
        return DiagnosticSeverity::Information;
    case Severity::Ignored:
        return DiagnosticSeverity::Hint;
    }
    return DiagnosticSeverity::Error;
}

void from_json(const json& j, Range& r) {
    from_json(member(j, "start"), r.start);
    from_json(member(j, "end"), r.end);
}

void to_json(json& j, const Range& r) {
    j = {{"start", r.start}, {"end", r.end}};
}

void to_json(json& j, const Location& l) {
    j = {{"uri", l.uri}, {"range", l.range}};
}

void to_json(json& j, const TextEdit& e) {
    j = {{"range", e.range}, {"newText", e.newText}};
}

void to_json(json& j, const WorkspaceEdit& e) {
    json changes = json::object();
    for (const auto& [uri, edits] : e.changes)
        changes[uri] = edits;
    j = {{"changes", std::move(changes)}};
}

void to_json(json& j, const MarkupContent& m) {
    j = {{"kind", markupKindName(m.kind)}, {"value", m.value}};
}

void to_json(json& j, const Command& c) {
    j = {{"title", c.title}, {"command", c.command}};
    if (c.arguments)
        j["arguments"] = *c.arguments;
}

void from_json(const json& j, TextDocumentIdentifier& t) {
    t.uri = stringMember(j, "uri");
}

void from_json(const json& j, TextDocumentPositionParams& p) {
    from_json(member(j, "textDocument"), p.textDocument);
    from_json(member(j, "position"), p.position);
}

void from_json(const json& j, TextDocumentParams& p) {
    from_json(member(j, "textDocument"), p.textDocument);
}

void from_json(const json& j, TextDocumentRangeParams& p) {
    from_json(member(j, "textDocument"), p.textDocument);
    from_json(member(j, "range"), p.range);
}

// ---- lifecycle
// -------------------------------------------------------------------------------------

void from_json(const json& j, ClientCapabilities& c) {
    // Capabilities are what the client can do: one of an unexpected shape is one it cannot.
    auto at = [&](std::initializer_list<const char*> path) -> const json* {
        const json* node = &j;
        for (const char* key : path) {
            if (!node->is_object() || !node->contains(key))
                return nullptr;
            node = &(*node)[key];
        }
        return node;
    };
    auto isTrue = [&](std::initializer_list<const char*> path) {
        const json* v = at(path);
        return v && *v == true;
    };
    c = {};
    if (const json* encodings = at({"general", "positionEncodings"});
        encodings && encodings->is_array())
        for (const auto& e : *encodings)
            if (e == "utf-8") {
                c.encoding = PositionEncoding::Utf8;
                break;
            }
    c.snippets = isTrue({"textDocument", "completion", "completionItem", "snippetSupport"});
    const json* formats = at({"textDocument", "hover", "contentFormat"});
    c.markdown = !formats || !formats->is_array() ||
                 std::find(formats->begin(), formats->end(), "markdown") != formats->end();
    c.configuration = isTrue({"workspace", "configuration"});
    c.hierarchicalSymbols =
        isTrue({"textDocument", "documentSymbol", "hierarchicalDocumentSymbolSupport"});
    const json* documentSymbol = at({"textDocument", "documentSymbol"});
    c.documentSymbols = documentSymbol && documentSymbol->is_object();
    const json* semanticTokens = at({"textDocument", "semanticTokens"});
    c.semanticTokens = semanticTokens && semanticTokens->is_object();
    c.diagnosticVersion = isTrue({"textDocument", "publishDiagnostics", "versionSupport"});
    const json* diagnostic = at({"textDocument", "diagnostic"});
    c.pullDiagnostics = diagnostic && diagnostic->is_object();
    c.diagnosticRefresh = isTrue({"workspace", "diagnostics", "refreshSupport"});
}

void from_json(const json& j, InitializeParams& p) {
    const json* capabilities = optionalObject(j, "capabilities");
    from_json(capabilities ? *capabilities : json::object(), p.capabilities);
    const json* folders = optionalArray(j, "workspaceFolders");
    p.rootUri = optionalString(j, "rootUri");
    p.workspaceFolders.clear();
    if (folders)
        for (const auto& folder : *folders)
            p.workspaceFolders.push_back(stringMember(folder, "uri"));
    auto options = j.find("initializationOptions");
    p.initializationOptions =
        options != j.end() && options->is_object() ? *options : json::object();
}

void to_json(json& j, const InitializeResult& r) {
    j = {{"capabilities", r.capabilities},
         {"serverInfo", {{"name", r.serverName}, {"version", r.serverVersion}}}};
}

void from_json(const json& j, DidChangeConfigurationParams& p) {
    auto settings = j.find("settings");
    if (settings != j.end() && settings->is_object() && settings->contains("modak"))
        p.modakSettings = (*settings)["modak"];
    else
        p.modakSettings.reset();
}

// ---- document sync
// ---------------------------------------------------------------------------------

void from_json(const json& j, DidOpenTextDocumentParams& p) {
    const json& td = member(j, "textDocument");
    p.uri = stringMember(td, "uri");
    p.text = stringMember(td, "text");
    auto version = td.find("version");
    if (version != td.end() && !version->is_null() && !version->is_number_integer())
        throw InvalidParams("`version` must be an integer");
    p.version = integerIfPresent(td, "version").value_or(0);
}

void from_json(const json& j, TextDocumentContentChangeEvent& e) {
    if (!j.is_object() || !j.contains("text") || !j["text"].is_string())
        throw InvalidParams("a content change needs `text`");
    e.text = j["text"].get<std::string>();
    if (j.contains("range"))
        from_json(j["range"], e.range.emplace());
    else
        e.range.reset();
}

void from_json(const json& j, DidChangeTextDocumentParams& p) {
    const json& td = member(j, "textDocument");
    p.uri = stringMember(td, "uri");
    p.version = integerIfPresent(td, "version");
    const json& changes = member(j, "contentChanges");
    if (!changes.is_array())
        throw InvalidParams("contentChanges must be an array");
    // All or nothing: a malformed change later in the list must not leave the first ones applied.
    p.contentChanges = changes.get<std::vector<TextDocumentContentChangeEvent>>();
}

// ---- diagnostics
// -----------------------------------------------------------------------------------

void to_json(json& j, const Diagnostic& d) {
    j = {{"range", d.range},
         {"severity", d.severity},
         {"code", d.code},
         {"source", d.source},
         {"message", d.message}};
    if (!d.relatedInformation.empty()) {
        json related = json::array();
        for (const auto& r : d.relatedInformation)
            related.push_back({{"location", r.location}, {"message", r.message}});
        j["relatedInformation"] = std::move(related);
    }
}

void to_json(json& j, const PublishDiagnosticsParams& p) {
    j = {{"uri", p.uri}, {"diagnostics", p.diagnostics}};
    if (p.version)
        j["version"] = *p.version;
}

namespace {

void writeRange(JsonWriter& w, const Range& r) {
    w.beginObject().key("start").beginObject();
    w.key("line").value(r.start.line).key("character").value(r.start.character).endObject();
    w.key("end").beginObject();
    w.key("line").value(r.end.line).key("character").value(r.end.character).endObject();
    w.endObject();
}

} // namespace

std::string publishDiagnosticsText(const PublishDiagnosticsParams& p) {
    std::string out;
    out.reserve(128 + p.diagnostics.size() * 512);
    JsonWriter w(out);
    w.beginObject().key("uri").value(p.uri);
    if (p.version)
        w.key("version").value(*p.version);
    w.key("diagnostics").beginArray();
    for (const Diagnostic& d : p.diagnostics) {
        w.beginObject().key("range");
        writeRange(w, d.range);
        w.key("severity").value(static_cast<int>(d.severity));
        w.key("code").value(d.code).key("source").value(d.source).key("message").value(d.message);
        if (!d.relatedInformation.empty()) {
            w.key("relatedInformation").beginArray();
            for (const auto& r : d.relatedInformation) {
                w.beginObject().key("location").beginObject().key("uri").value(r.location.uri);
                w.key("range");
                writeRange(w, r.location.range);
                w.endObject().key("message").value(r.message).endObject();
            }
            w.endArray();
        }
        w.endObject();
    }
    w.endArray().endObject();
    return out;
}

void from_json(const json& j, DocumentDiagnosticParams& p) {
    from_json(member(j, "textDocument"), p.textDocument);
    p.previousResultId = optionalString(j, "previousResultId");
}

void to_json(json& j, const DocumentDiagnosticReport& r) {
    if (r.unchanged)
        j = {{"kind", "unchanged"}, {"resultId", r.resultId}};
    else
        j = {{"kind", "full"}, {"resultId", r.resultId}, {"items", r.items}};
}

// ---- completion and hover
// --------------------------------------------------------------------------

void to_json(json& j, const CompletionItem& c) {
    j = {{"label", c.label}, {"kind", c.kind}};
    putIfNotEmpty(j, "detail", c.detail);
    if (c.documentation)
        j["documentation"] = *c.documentation;
    j["textEdit"] = c.textEdit;
    j["insertTextFormat"] = c.insertTextFormat;
    putIfNotEmpty(j, "sortText", c.sortText);
    putIfNotEmpty(j, "filterText", c.filterText);
}

void to_json(json& j, const CompletionList& l) {
    j = {{"isIncomplete", l.isIncomplete}, {"items", l.items}};
}

void to_json(json& j, const Hover& h) {
    j = {{"contents", h.contents}, {"range", h.range}};
}

// ---- navigation
// ------------------------------------------------------------------------------------

void from_json(const json& j, ReferenceParams& p) {
    from_json(j, static_cast<TextDocumentPositionParams&>(p));
    const json* context = optionalObject(j, "context");
    p.includeDeclaration = context && optionalBool(*context, "includeDeclaration").value_or(false);
}

void to_json(json& j, const PrepareRenameResult& r) {
    j = {{"range", r.range}, {"placeholder", r.placeholder}};
}

void from_json(const json& j, RenameParams& p) {
    from_json(j, static_cast<TextDocumentPositionParams&>(p));
    p.newName = stringMember(j, "newName");
}

// ---- outline
// ---------------------------------------------------------------------------------------

void to_json(json& j, const SymbolInformation& s) {
    j = {{"name", s.name}, {"kind", s.kind}, {"location", s.location}};
    putIfNotEmpty(j, "containerName", s.containerName);
}

void from_json(const json& j, WorkspaceSymbolParams& p) {
    p.query = optionalString(j, "query").value_or("");
}

void to_json(json& j, const FoldingRange& f) {
    j = {{"startLine", f.startLine}, {"endLine", f.endLine}};
    putIfNotEmpty(j, "kind", f.kind);
}

void from_json(const json& j, SelectionRangeParams& p) {
    from_json(member(j, "textDocument"), p.textDocument);
    const json& positions = member(j, "positions");
    if (!positions.is_array())
        throw InvalidParams("positions must be an array");
    p.positions = positions.get<std::vector<Position>>();
}

void to_json(json& j, const SelectionRange& s) {
    j = {{"range", s.range}};
    if (s.parent)
        j["parent"] = *s.parent;
}

// ---- semantic tokens
// -------------------------------------------------------------------------------

void from_json(const json& j, SemanticTokensDeltaParams& p) {
    from_json(member(j, "textDocument"), p.textDocument);
    p.previousResultId = optionalString(j, "previousResultId").value_or("");
}

// ---- edits and actions
// -----------------------------------------------------------------------------

void to_json(json& j, const CodeAction& a) {
    j = {{"title", a.title}, {"kind", a.kind}, {"edit", a.edit}};
    if (a.isPreferred)
        j["isPreferred"] = true;
    if (!a.diagnostics.empty())
        j["diagnostics"] = a.diagnostics;
}

void to_json(json& j, const CodeLens& l) {
    j = {{"range", l.range}, {"command", l.command}};
}

void to_json(json& j, const InlayHint& h) {
    j = {{"position", h.position},
         {"label", h.label},
         {"paddingLeft", h.paddingLeft},
         {"tooltip", h.tooltip}};
}

// ---- modak's own
// -----------------------------------------------------------------------------------

void from_json(const json& j, ExecuteCommandParams& p) {
    p.command = stringMember(j, "command");
    const json* arguments = optionalArray(j, "arguments");
    p.argument = arguments && !arguments->empty() ? (*arguments)[0] : json::object();
}

void from_json(const json& j, GenerateArguments& a) {
    a.uri = stringMember(j, "uri");
    a.deployment = optionalString(j, "deployment").value_or("");
    a.outputDir = optionalString(j, "outputDir").value_or("generated");
}

void to_json(json& j, const GenerateResult& r) {
    j = {{"outputDir", r.outputDir}, {"files", r.files}};
}

void from_json(const json& j, ImportArguments& a) {
    a.source = stringMember(j, "source");
    a.output = optionalString(j, "output");
    a.name = optionalString(j, "name").value_or("");
    a.force = optionalBool(j, "force").value_or(false);
}

void to_json(json& j, const ImportResult& r) {
    j = {{"output", r.output}, {"uri", r.uri}, {"warnings", r.warnings}};
}

void to_json(json& j, const SyntaxTreeResult& r) {
    j = {{"version", r.version}, {"tree", r.tree}};
}

} // namespace protocol

} // namespace modak::lsp
