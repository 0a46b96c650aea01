// SPDX-License-Identifier: Apache-2.0
//! The subset of the Language Server Protocol 3.17 that modak speaks, as C++ types with nlohmann
//! `to_json` / `from_json` (clangd's Protocol.h, with nlohmann instead of llvm::json). No server
//! state here. Field names are LSP's (camelCase); only the fields modak reads or writes exist.
//!
//! Reading is strict about types and lenient about absence: a required member that is missing, or
//! any member present with the wrong type, throws InvalidParams naming it (the peer's mistake is
//! answered, never replaced by a default); an optional member that is absent or null takes its
//! default. Writing omits optional members that are empty (JSON null is not an absent key).
#pragma once

#include "Positions.h"
#include "modak/diag/Diagnostic.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace modak::lsp {

using json = nlohmann::json;

/// JSON-RPC and LSP error codes (as clangd's `ErrorCode`).
enum class ErrorCode : int {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    ServerNotInitialized = -32002,
    RequestFailed = -32803,
    ContentModified = -32801,
    RequestCancelled = -32800,
};

/// A request's parameters were not what the method expects (answered with InvalidParams).
struct InvalidParams : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The request was understood but cannot be done (the document has errors, a file cannot be
/// written): answered with RequestFailed and the reason.
struct RequestFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The error half of a reply: `{"code": …, "message": …}`.
struct ResponseError {
    ErrorCode code = ErrorCode::InternalError;
    std::string message;
};

/// What a typed handler answers: its result, or an error the binder sends as the reply's `error`.
template<class T>
class Reply {
public:
    template<class U>
    requires std::constructible_from<T, U&&> Reply(U&& value)
        : value_(std::in_place_index<0>, std::forward<U>(value)) {}
    Reply(ResponseError error) : value_(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return value_.index() == 0; }
    T& value() { return std::get<0>(value_); }
    const ResponseError& error() const { return std::get<1>(value_); }

private:
    std::variant<T, ResponseError> value_;
};

/// A result already written as JSON text (JsonWriter.h), sent as it is: the results that grow with
/// the document are not built as nlohmann trees.
struct RawJson {
    std::string text;
    /// Where not empty, the result is these one after the other and `text` is not used: a large
    /// result made of pieces kept elsewhere (an outline's fragments), written without being
    /// copied into one. What they view must outlive the reply.
    std::vector<std::string_view> pieces;
    /// The result's text (the pieces joined where there are pieces).
    std::string joined() const {
        if (pieces.empty())
            return text;
        std::string out;
        for (std::string_view piece : pieces)
            out += piece;
        return out;
    }
};
/// What a request handler of the method table answers.
using Answer = std::variant<json, RawJson>;

/// `file:///a%20b/c.modak` → `/a b/c.modak`. Other schemes (`untitled:`, `test:`) map to a path
/// under `/<scheme>/` so every document has one.
std::filesystem::path pathFromUri(std::string_view uri);
std::string uriFromPath(const std::filesystem::path& path);

/// Required member `key` of `j` (throws InvalidParams naming it).
const json& member(const json& j, std::string_view key);
std::string stringMember(const json& j, std::string_view key);
/// Optional members: nullopt/nullptr when absent or null; InvalidParams naming the key when present
/// with another type (a peer's wrong type is answered, never silently replaced by a default).
std::optional<std::string> optionalString(const json& j, std::string_view key);
std::optional<bool> optionalBool(const json& j, std::string_view key);
const json* optionalObject(const json& j, std::string_view key);
const json* optionalArray(const json& j, std::string_view key);

void from_json(const json& j, Position& p); ///< integer line and character, clamped to 2^32-1
void to_json(json& j, const Position& p);

/// LSP's types. Their names are the specification's, so several repeat a name of the features
/// (CompletionItem, DocumentSymbol, CodeAction, …) or of modak (Diagnostic, TextEdit): the
/// namespace keeps them apart, and the glue converts one into the other.
namespace protocol {

using lsp::Position;

// clang-format off
// NOLINTBEGIN(readability-identifier-naming): LSP's field names.

// ---- enumerations ----------------------------------------------------------------------------

enum class DiagnosticSeverity : int { Error = 1, Warning = 2, Information = 3, Hint = 4 };
/// LSP severity of a modak severity (Fatal and Error are errors; Ignored never reaches a client).
DiagnosticSeverity toDiagnosticSeverity(Severity severity);

enum class CompletionItemKind : int {
    Text = 1, Method, Function, Constructor, Field, Variable, Class, Interface, Module, Property,
    Unit, Value, Enum, Keyword, Snippet, Color, File, Reference, Folder, EnumMember, Constant,
    Struct, Event, Operator, TypeParameter,
};

enum class SymbolKind : int {
    File = 1, Module, Namespace, Package, Class, Method, Property, Field, Constructor, Enum,
    Interface, Function, Variable, Constant, String, Number, Boolean, Array, Object, Key, Null,
    EnumMember, Struct, Event, Operator, TypeParameter,
};

enum class InsertTextFormat : int { PlainText = 1, Snippet = 2 };
enum class TextDocumentSyncKind : int { None = 0, Full = 1, Incremental = 2 };
enum class MarkupKind : uint8_t { PlainText, Markdown };  ///< "plaintext", "markdown"
// clang-format on

// ---- basic structures
// ----------------------------------------------------------------------------

struct Range {
    Position start, end;
};
void from_json(const json& j, Range& r);
void to_json(json& j, const Range& r);

struct Location {
    std::string uri;
    Range range;
};
void to_json(json& j, const Location& l);

struct TextEdit {
    Range range;
    std::string newText;
};
void to_json(json& j, const TextEdit& e);

struct WorkspaceEdit {
    std::map<std::string, std::vector<TextEdit>> changes; ///< by document URI
};
void to_json(json& j, const WorkspaceEdit& e);

struct MarkupContent {
    MarkupKind kind = MarkupKind::Markdown;
    std::string value;
};
void to_json(json& j, const MarkupContent& m);

struct Command {
    std::string title;
    std::string command;           ///< "" for a lens that only shows its title
    std::optional<json> arguments; ///< an array
};
void to_json(json& j, const Command& c);

struct TextDocumentIdentifier {
    std::string uri;
};
void from_json(const json& j, TextDocumentIdentifier& t);

struct TextDocumentPositionParams {
    TextDocumentIdentifier textDocument;
    Position position;
};
void from_json(const json& j, TextDocumentPositionParams& p);

/// The parameters of a request about a whole document: `{textDocument}`.
struct TextDocumentParams {
    TextDocumentIdentifier textDocument;
};
void from_json(const json& j, TextDocumentParams& p);

/// The parameters of a request about a range of a document: `{textDocument, range}`.
struct TextDocumentRangeParams {
    TextDocumentIdentifier textDocument;
    Range range;
};
void from_json(const json& j, TextDocumentRangeParams& p);

/// A method without parameters (`shutdown`, `initialized`): whatever object is sent is accepted.
struct NoParams {};
inline void from_json(const json&, NoParams&) {}

// ---- lifecycle
// -------------------------------------------------------------------------------------

/// What the server takes from the client's capabilities (the rest of them are ignored).
struct ClientCapabilities {
    PositionEncoding encoding = PositionEncoding::Utf16; ///< utf-8 when the client offers it
    bool snippets = false;
    bool markdown = true;
    bool configuration = false;
    bool hierarchicalSymbols = false;
    bool documentSymbols = false; ///< textDocument.documentSymbol declared: outlines are asked for
    bool semanticTokens = false;  ///< textDocument.semanticTokens declared: tokens are asked for
    bool diagnosticVersion = false;
    bool pullDiagnostics = false; ///< the client pulls (textDocument/diagnostic): do not also push
    bool diagnosticRefresh = false; ///< workspace/diagnostic/refresh is understood
};
/// Lenient inside: a capability of an unexpected shape is "not supported".
void from_json(const json& j, ClientCapabilities& c);

struct InitializeParams {
    ClientCapabilities capabilities;
    std::vector<std::string> workspaceFolders; ///< their URIs
    std::optional<std::string> rootUri;
    json initializationOptions; ///< `modak.*` settings when an object
};
void from_json(const json& j, InitializeParams& p);

struct InitializeResult {
    json capabilities; ///< ServerCapabilities (built by the server, as clangd does)
    std::string serverName, serverVersion;
};
void to_json(json& j, const InitializeResult& r);

struct DidChangeConfigurationParams {
    std::optional<json> modakSettings; ///< `settings.modak`; absent: pull them from the client
};
void from_json(const json& j, DidChangeConfigurationParams& p);

// ---- document sync
// ---------------------------------------------------------------------------------

struct DidOpenTextDocumentParams {
    std::string uri, text;
    int64_t version = 0;
};
void from_json(const json& j, DidOpenTextDocumentParams& p);

struct TextDocumentContentChangeEvent {
    std::optional<Range> range; ///< absent: `text` replaces the whole document
    std::string text;
};
void from_json(const json& j, TextDocumentContentChangeEvent& e);

struct DidChangeTextDocumentParams {
    std::string uri;
    std::optional<int64_t> version; ///< kept only when an integer
    std::vector<TextDocumentContentChangeEvent> contentChanges;
};
void from_json(const json& j, DidChangeTextDocumentParams& p);

// ---- diagnostics
// -----------------------------------------------------------------------------------

struct DiagnosticRelatedInformation {
    Location location;
    std::string message;
};

struct Diagnostic {
    Range range;
    DiagnosticSeverity severity = DiagnosticSeverity::Error;
    std::string code; ///< the public kebab-case name (docs/diagnostics.md)
    std::string source = "modak";
    std::string message;
    std::vector<DiagnosticRelatedInformation> relatedInformation; ///< omitted when empty
};
void to_json(json& j, const Diagnostic& d);

struct PublishDiagnosticsParams {
    std::string uri;
    std::optional<int64_t> version;
    std::vector<Diagnostic> diagnostics;
};
void to_json(json& j, const PublishDiagnosticsParams& p);
/// The same params as JSON text, written directly: a document's diagnostics are published after
/// every edit (and again when its plans arrive), and building them as `json` objects first cost
/// more than the rest of the notification.
std::string publishDiagnosticsText(const PublishDiagnosticsParams& p);

struct DocumentDiagnosticParams {
    TextDocumentIdentifier textDocument;
    std::optional<std::string> previousResultId;
};
void from_json(const json& j, DocumentDiagnosticParams& p);

/// `{kind: "full", resultId, items}`, or `{kind: "unchanged", resultId}` when `unchanged`.
struct DocumentDiagnosticReport {
    bool unchanged = false;
    std::string resultId;
    std::vector<Diagnostic> items;
};
void to_json(json& j, const DocumentDiagnosticReport& r);

// ---- completion and hover
// --------------------------------------------------------------------------

struct CompletionParams : TextDocumentPositionParams {};

struct CompletionItem {
    std::string label;
    CompletionItemKind kind = CompletionItemKind::Property;
    std::string detail; ///< omitted when empty
    std::optional<MarkupContent> documentation;
    TextEdit textEdit;
    InsertTextFormat insertTextFormat = InsertTextFormat::PlainText;
    std::string sortText, filterText; ///< omitted when empty
};
void to_json(json& j, const CompletionItem& c);

struct CompletionList {
    bool isIncomplete = false;
    std::vector<CompletionItem> items;
};
void to_json(json& j, const CompletionList& l);

struct HoverParams : TextDocumentPositionParams {};

struct Hover {
    MarkupContent contents;
    Range range;
};
void to_json(json& j, const Hover& h);

// ---- navigation
// ------------------------------------------------------------------------------------

struct DefinitionParams : TextDocumentPositionParams {};

struct ReferenceParams : TextDocumentPositionParams {
    bool includeDeclaration = false; ///< `context.includeDeclaration`
};
void from_json(const json& j, ReferenceParams& p);

struct PrepareRenameParams : TextDocumentPositionParams {};

struct PrepareRenameResult {
    Range range;
    std::string placeholder;
};
void to_json(json& j, const PrepareRenameResult& r);

struct RenameParams : TextDocumentPositionParams {
    std::string newName;
};
void from_json(const json& j, RenameParams& p);

// ---- outline
// ---------------------------------------------------------------------------------------

// textDocument/documentSymbol is written by a JsonWriter (Handlers.cpp): DocumentSymbol, or
// SymbolInformation's form for clients without hierarchicalDocumentSymbolSupport.

/// workspace/symbol's answer.
struct SymbolInformation {
    std::string name;
    SymbolKind kind = SymbolKind::Object;
    Location location;
    std::string containerName; ///< omitted when empty
};
void to_json(json& j, const SymbolInformation& s);

struct WorkspaceSymbolParams {
    std::string query;
};
void from_json(const json& j, WorkspaceSymbolParams& p);

struct FoldingRange {
    uint32_t startLine = 0, endLine = 0;
    std::string kind; ///< "comment", "imports", "region"; omitted when empty
};
void to_json(json& j, const FoldingRange& f);

struct SelectionRangeParams {
    TextDocumentIdentifier textDocument;
    std::vector<Position> positions;
};
void from_json(const json& j, SelectionRangeParams& p);

struct SelectionRange {
    Range range;
    std::unique_ptr<SelectionRange> parent;
};
void to_json(json& j, const SelectionRange& s);

// ---- semantic tokens
// -------------------------------------------------------------------------------

struct SemanticTokensDeltaParams {
    TextDocumentIdentifier textDocument;
    std::string previousResultId;
};
void from_json(const json& j, SemanticTokensDeltaParams& p);

// SemanticTokens and SemanticTokensDelta are written by a JsonWriter (Handlers.cpp).

// ---- edits and actions
// -----------------------------------------------------------------------------

struct CodeAction {
    std::string title;
    std::string kind;                    ///< "quickfix", "source.fixAll"
    std::vector<Diagnostic> diagnostics; ///< the one it fixes; omitted when empty
    bool isPreferred = false;
    WorkspaceEdit edit;
};
void to_json(json& j, const CodeAction& a);

struct CodeLens {
    Range range;
    Command command;
};
void to_json(json& j, const CodeLens& l);

struct InlayHint {
    Position position;
    std::string label;
    bool paddingLeft = true;
    MarkupContent tooltip;
};
void to_json(json& j, const InlayHint& h);

// ---- modak's own
// -----------------------------------------------------------------------------------

struct ExecuteCommandParams {
    std::string command;
    json argument = json::object(); ///< the first of `arguments`, `{}` when there is none
};
void from_json(const json& j, ExecuteCommandParams& p);

/// `modak.generate` `{uri, deployment?, outputDir?}`.
struct GenerateArguments {
    std::string uri;
    std::string deployment; ///< empty: every deployment
    std::string outputDir = "generated";
};
void from_json(const json& j, GenerateArguments& a);

struct GenerateResult {
    std::string outputDir;
    std::vector<std::string> files;
};
void to_json(json& j, const GenerateResult& r);

/// `modak.import` `{source, output?, name?, force?}`.
struct ImportArguments {
    std::string source;
    std::optional<std::string> output;
    std::string name;
    bool force = false;
};
void from_json(const json& j, ImportArguments& a);

struct ImportResult {
    std::string output, uri;
    std::vector<std::string> warnings;
};
void to_json(json& j, const ImportResult& r);

/// `modak/syntaxTree`: the tree-sitter tree as an S-expression.
struct SyntaxTreeResult {
    int64_t version = 0;
    std::string tree;
};
void to_json(json& j, const SyntaxTreeResult& r);

// NOLINTEND(readability-identifier-naming)

} // namespace protocol
} // namespace modak::lsp
