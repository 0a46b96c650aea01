// SPDX-License-Identifier: Apache-2.0
//! The server's state and glue, shared by Server.cpp (lifecycle, transport, documents, diagnostics)
//! and Handlers.cpp (the typed handlers of the language features). Handlers take and return the
//! protocol types of Protocol.h; Binder.h makes them the method table. What a handler computes is a
//! feature's (features/, no LSP): the glue converts positions in, and results out through ToLsp.
#pragma once

#include "Foreground.h"
#include "KeptByStatement.h"
#include "Planner.h"
#include "Positions.h"
#include "Protocol.h"
#include "Transport.h"
#include "modak/lsp/Analysis.h"
#include "modak/lsp/Features.h"
#include "modak/lsp/Server.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <variant>
#include <vector>

struct TSParser;
struct TSTree;

namespace modak::lsp {

/// One top-level statement's outline (its document symbols) as JSON, its line numbers written for
/// the line the statement began on when last answered and known relative to it: it depends on the
/// statement's text alone, so it is reused while that text is unchanged — as it is while the
/// statement stays on its line, renumbered where an edit above moved it.
struct OutlineFragment {
    static constexpr uint32_t noLine = UINT32_MAX;
    struct Number {
        uint32_t at = 0;      ///< where in `text` it is written
        uint32_t digits = 0;  ///< its length
        int32_t relative = 0; ///< its line, from the statement's first
    };
    std::string text;
    uint32_t line = noLine; ///< the statement's first line, as `text` numbers it
    std::vector<Number> numbers;
    uint32_t place = 0; ///< its place among the last answer's fragments
};

/// One top-level statement's semantic tokens (semanticTokensBetween) as LSP encodes them, the first
/// relative to the start of the statement's first line: each token after it is relative to the one
/// before, so only the first changes where the statement moves (Server::encodeTokens).
struct TokenPiece {
    std::vector<uint32_t> data;
    uint32_t lastLine = 0;      ///< the last token's line, from the statement's first
    uint32_t lastCharacter = 0; ///< and its character
};

using OutlineFragments = KeptByStatement<OutlineFragment>;
using TokenPieces = KeptByStatement<TokenPiece>;

/// A document's semantic tokens in LSP's relative encoding, into `data` (replaced): each top-level
/// statement's taken from `pieces` where what it depends on is unchanged (features'
/// semanticTokensBetween makes the rest, in `scratch`); `pieces` keeps this version's. Where
/// `interrupted` is given and says so (asked between statements), stops and returns false: `data`
/// is then a part, and the pieces made are kept for the next time.
bool encodeSemanticTokens(const Analysis& analysis, const LineIndex& index,
                          PositionEncoding encoding, std::vector<SemanticToken>& scratch,
                          TokenPieces& pieces, std::vector<uint32_t>& data,
                          const std::function<bool()>& interrupted = {});

/// An open document: its text, version, incrementally maintained tree-sitter tree, and the latest
/// analysis (rebuilt on demand after edits).
struct OpenDocument {
    std::string uri;
    std::filesystem::path path;
    std::string text;
    int64_t version = 0;
    TSTree* tree = nullptr; ///< edited with the text, parsed when asked for (treeStale)
    bool treeStale = true;
    std::shared_ptr<const Analysis> analysis; ///< null or stale after an edit
    bool stale = true;                        ///< text changed since `analysis` was built
    bool diagnosticsDue = true;               ///< diagnostics not yet published for this version
    bool importsChanged = false;              ///< stale because a file it imports changed
    std::unique_ptr<LineIndex> index;         ///< of `text`
    ScanCheckpoints checkpoints;              ///< of `text`, for completion
    std::vector<uint32_t> semanticTokens;     ///< the last tokens sent, for deltas
    /// The outline's fragments of the last documentSymbol answer, by the text they depend on.
    OutlineFragments outline;
    /// The last outline's fragments made afresh and not kept (statements after a broken line):
    /// the answer views them until it is written.
    std::deque<OutlineFragment> outlineAfresh;
    /// A whole outline was made for some version (answered, or made ahead while the server was
    /// idle): from then on each answer makes only what an edit changed.
    bool outlineMade = false;
    bool tokensMade = false; ///< the same for the semantic tokens' pieces
    /// The semantic tokens of the last answer's top-level statements, by the text they depend on.
    TokenPieces tokenPieces;
    std::string semanticTokensId;
    /// When the first change not yet published was read (`--verbose` logs the diagnostics'
    /// latency).
    std::optional<std::chrono::steady_clock::time_point> changedAt;
    double changeCpuMs = 0; ///< the server's CPU time on those changes so far
};

struct Settings {
    int diagnosticsDelayMs =
        0; ///< quiet period before publishing (edits arriving meanwhile coalesce)
    bool inlayHints = true;
    bool codeLens = true;
    /// `modak.importRoots`: folders imports may read beside each document's project (absolute, or
    /// relative to the first workspace folder).
    std::vector<std::filesystem::path> importRoots;
};

/// A message read from the client, or why its body was not JSON.
struct Incoming {
    json message;
    std::string parseError;
    bool plansReady = false; ///< not a message: the planner has results (Planner::collect)
    std::chrono::steady_clock::time_point read = std::chrono::steady_clock::now();
};

/// What the reader thread shares with the server, owned by both: when the server ends while the
/// reader is still blocked on input (stdin stays open until the editor closes it), the reader never
/// touches freed memory, and stops at its next message.
struct Inbox {
    std::unique_ptr<MessageReader> reader;
    std::FILE* log = nullptr;
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<Incoming> queue;
    std::set<std::string> cancelled; ///< request ids (dumped JSON) cancelled before they ran
    bool inputEnded = false;
    bool stop = false;       ///< the server has ended: read no more
    bool readerDone = false; ///< the reader thread has returned
    /// Busy from a message queued until the server's thread waits again (guarded by `mutex`).
    Foreground foreground;
};

class Server;

/// Byte ranges of one analysis as LSP ranges and locations, and modak's diagnostics as LSP's. Line
/// indexes are built once per file and conversion (a completion list converts hundreds of ranges).
class ToLsp {
public:
    /// `documentIndex`: the open document's index, when it indexes the analysis' own text.
    ToLsp(const Server& server, const Analysis& analysis, const LineIndex* documentIndex = nullptr);
    protocol::Position position(uint32_t offset); ///< in the document
    protocol::Range range(SourceRange r);         ///< in whichever file of the analysis `r` is
    protocol::Location location(SourceRange r);
    std::string uri(FileId file);
    /// The one conversion of a diagnostic, for push, pull and code actions: notes in a file become
    /// `relatedInformation`.
    protocol::Diagnostic diagnostic(const Diagnostic& d);
    protocol::WorkspaceEdit workspaceEdit(const std::vector<TextEdit>& edits);

private:
    const LineIndex& index(FileId file);
    const Server& server_;
    const Analysis& analysis_;
    const LineIndex* documentIndex_;
    uint32_t line_ = 0; ///< of the last position in the document (the next is often near it)
    std::vector<std::pair<FileId, std::unique_ptr<LineIndex>>> indexes_; ///< of the other files
};

class Server {
public:
    explicit Server(const ServerOptions& options);
    ~Server();
    int run();

    /// An entry of the method table: the parameters as sent (an object), the result or an error.
    /// Parameters it cannot read throw InvalidParams (or nlohmann's exceptions); handleRequest
    /// answers those with InvalidParams.
    using RequestHandler = std::function<Reply<Answer>(const json& params)>;
    using NotificationHandler = std::function<void(const json& params)>;
    /// Registers a request handler. `staleOnEdit`: answered with ContentModified when an edit of
    /// the same document is already queued behind it (its result would be outdated at once).
    void onRequest(std::string method, RequestHandler handler, bool staleOnEdit = false);
    void onNotification(std::string method, NotificationHandler handler);

    const protocol::ClientCapabilities& client() const { return client_; }
    /// The URI of a file of `a`: the open document's own URI for the document itself.
    std::string uriOf(const Analysis& a, FileId file) const;

private:
    friend class ToLsp;

    // ---- lifecycle and documents (Server.cpp) ----
    Reply<protocol::InitializeResult> onInitialize(const protocol::InitializeParams& params);
    void onInitialized(const protocol::NoParams&);
    Reply<std::nullptr_t> onShutdown(const protocol::NoParams&);
    void onDidChangeConfiguration(const protocol::DidChangeConfigurationParams& params);
    void onDidOpen(const protocol::DidOpenTextDocumentParams& params);
    void onDidChange(const protocol::DidChangeTextDocumentParams& params);
    void onDidClose(const protocol::TextDocumentParams& params);
    void onIgnored(const protocol::NoParams&) {} ///< didSave, $/setTrace
    Reply<protocol::SyntaxTreeResult> onSyntaxTree(const protocol::TextDocumentParams& params);
    Reply<protocol::DocumentDiagnosticReport>
    onDocumentDiagnostic(const protocol::DocumentDiagnosticParams& params);

    // ---- language features (Handlers.cpp) ----
    Reply<protocol::CompletionList> onCompletion(const protocol::CompletionParams& params);
    Reply<std::optional<protocol::Hover>> onHover(const protocol::HoverParams& params);
    Reply<std::vector<protocol::Location>> onDefinition(const protocol::DefinitionParams& params);
    Reply<std::vector<protocol::Location>> onReferences(const protocol::ReferenceParams& params);
    Reply<std::optional<protocol::PrepareRenameResult>>
    onPrepareRename(const protocol::PrepareRenameParams& params);
    Reply<protocol::WorkspaceEdit> onRename(const protocol::RenameParams& params);
    Reply<RawJson> onDocumentSymbol(const protocol::TextDocumentParams& params);
    /// Makes `doc`'s outline fragments for its analysis `a`, each in its place among them
    /// (OutlineFragment::place), in `doc.outline` or `doc.outlineAfresh`; returns how many. Where
    /// `interrupted` is given and says so (asked between statements), stops and returns nothing;
    /// what it made is kept for the next time.
    std::optional<uint32_t> makeOutline(OpenDocument& doc, const Analysis& a,
                                        const std::function<bool()>& interrupted);
    /// While no message waits: the first outline and semantic tokens of each open document whose
    /// analysis is made (the first answers after opening a 10 000-line document write 2.6 MB of
    /// symbols and 300 000 token numbers), until a message comes.
    void makeAhead();
    /// makeAhead's work for one document, its analysis `a`.
    void makeDocumentAhead(const std::string& uri, OpenDocument& doc, const Analysis& a,
                           const std::function<bool()>& inputWaiting);
    Reply<std::vector<protocol::SymbolInformation>>
    onWorkspaceSymbol(const protocol::WorkspaceSymbolParams& params);
    Reply<std::vector<protocol::FoldingRange>>
    onFoldingRange(const protocol::TextDocumentParams& params);
    Reply<std::vector<protocol::SelectionRange>>
    onSelectionRange(const protocol::SelectionRangeParams& params);
    Reply<RawJson> onSemanticTokens(const protocol::TextDocumentParams& params);
    Reply<RawJson> onSemanticTokensDelta(const protocol::SemanticTokensDeltaParams& params);
    Reply<std::vector<protocol::TextEdit>> onFormatting(const protocol::TextDocumentParams& params);
    Reply<std::vector<protocol::TextEdit>>
    onRangeFormatting(const protocol::TextDocumentRangeParams& params);
    Reply<std::vector<protocol::CodeAction>>
    onCodeAction(const protocol::TextDocumentRangeParams& params);
    Reply<std::vector<protocol::CodeLens>> onCodeLens(const protocol::TextDocumentParams& params);
    Reply<std::vector<protocol::InlayHint>>
    onInlayHint(const protocol::TextDocumentRangeParams& params);
    /// modak.generate and modak.import.
    Reply<json> onExecuteCommand(const protocol::ExecuteCommandParams& params);
    Reply<protocol::GenerateResult> generateCommand(const protocol::GenerateArguments& args);
    Reply<protocol::ImportResult> importCommand(const protocol::ImportArguments& args);

    void registerMethods(); ///< the method table (Handlers.cpp)
    json capabilities() const;
    OpenDocument&
    document(const protocol::TextDocumentIdentifier& id); ///< throws InvalidParams when not open
    std::shared_ptr<const Analysis> analysis(OpenDocument& doc);
    uint32_t offset(const OpenDocument& doc, protocol::Position position) const;
    std::vector<protocol::Diagnostic> documentDiagnostics(OpenDocument& doc);
    /// The document's semantic tokens in LSP's relative encoding, into `data` (replaced; its
    /// storage reused).
    void encodeTokens(OpenDocument& doc, const Analysis& analysis, std::vector<uint32_t>& data);
    /// Where the server's commands may write: the workspace folders, else the project of `near`.
    model::FileScope writableScope(const std::filesystem::path& near) const;
    void log(const std::string& message);

    bool next(Incoming& item, bool waitForever);
    void dispatch(Incoming& item);
    void handleRequest(const json& message);
    void handleNotification(const json& message);
    void handleResponse(const json& message);
    void send(const json& message);
    void reply(const json& id, json result);
    void reply(const json& id, const RawJson& result);
    void replyError(const json& id, ErrorCode code, const std::string& message);
    void notify(const std::string& method, json params);
    void notify(const std::string& method, const RawJson& params);
    void request(const std::string& method, json params, std::function<void(const json&)> onResult);
    void publishDue();
    void publish(OpenDocument& doc);
    bool editQueuedFor(const std::string& uri);
    void applyChanges(OpenDocument& doc,
                      const std::vector<protocol::TextDocumentContentChangeEvent>& changes);
    void changed(OpenDocument& doc); ///< its text changed (and `doc.index` was made for it)
    TSTree* syntaxTree(OpenDocument& doc);
    void openDocument(const std::string& uri, std::string text, int64_t version);
    void closeDocument(const std::string& uri);
    void markImportersStale(const std::filesystem::path& changed);
    void pullConfiguration();
    void applySettings(const json& modak);

    ServerOptions options_;
    std::shared_ptr<Inbox> inbox_ = std::make_shared<Inbox>();
    std::thread readerThread_;

    enum class State { Uninitialized, Running, ShuttingDown } state_ = State::Uninitialized;
    bool exitRequested_ = false;
    protocol::ClientCapabilities client_;
    Settings settings_;
    std::vector<std::filesystem::path> workspaceFolders_;
    std::map<std::string, RequestHandler> requests_;
    std::set<std::string> staleOnEdit_;
    std::map<std::string, NotificationHandler> notifications_;
    std::map<std::string, std::unique_ptr<OpenDocument>> documents_; ///< by URI
    Overlay overlay_; ///< open documents' texts by path, for imports
    TSParser* parser_ = nullptr;
    int64_t nextRequestId_ = 1;
    std::chrono::steady_clock::time_point messageRead_; ///< when the message being handled was read
    /// The buffer of the last RawJson answer, for the next (megabytes of outline, allocated and
    /// page-faulted afresh each time, cost as much as writing them).
    std::string spare_;
    RawJson rawAnswer() {
        RawJson out{std::move(spare_), {}};
        out.text.clear();
        return out;
    }
    std::map<int64_t, std::function<void(const json&)>> pending_;
    uint64_t semanticTokensVersion_ = 0;
    /// Storage kept between semantic-token requests: a 10 000-line document has about 60 000
    /// tokens, and buffers that size allocated afresh are page-faulted afresh on every edit.
    std::vector<SemanticToken> tokenScratch_;
    std::vector<uint32_t> tokenDataScratch_;
    std::unique_ptr<Planner> planner_; ///< last: its worker ends before what it wakes
};

} // namespace modak::lsp
