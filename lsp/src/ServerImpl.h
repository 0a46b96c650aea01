// SPDX-License-Identifier: Apache-2.0
//! The server's state and glue, shared by Server.cpp (lifecycle, transport, documents, diagnostics)
//! and Handlers.cpp (the typed method table of the language features).
#pragma once

#include "Positions.h"
#include "Protocol.h"
#include "Transport.h"

#include "modak/lsp/Analysis.h"
#include "modak/lsp/Features.h"
#include "modak/lsp/Server.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

struct TSParser;
struct TSTree;

namespace modak::lsp {

/// An open document: its text, version, incrementally maintained tree-sitter tree, and the latest
/// analysis (rebuilt on demand after edits).
struct OpenDocument {
    std::string uri;
    std::filesystem::path path;
    std::string text;
    int64_t version = 0;
    TSTree* tree = nullptr;
    std::shared_ptr<const Analysis> analysis;  ///< null or stale after an edit
    bool stale = true;                         ///< text changed since `analysis` was built
    bool diagnosticsDue = true;                ///< diagnostics not yet published for this version
    bool importsChanged = false;               ///< stale because a file it imports changed
    std::unique_ptr<LineIndex> index;          ///< of `text`
    std::vector<uint32_t> semanticTokens;      ///< the last tokens sent, for deltas
    std::string semanticTokensId;
};

struct Settings {
    int diagnosticsDelayMs = 0;  ///< quiet period before publishing (edits arriving meanwhile coalesce)
    bool inlayHints = true;
    bool codeLens = true;
    /// `modak.importRoots`: folders imports may read beside each document's project (absolute, or
    /// relative to the first workspace folder).
    std::vector<std::filesystem::path> importRoots;
};

struct ClientCapabilities {
    PositionEncoding encoding = PositionEncoding::Utf16;
    bool snippets = false;
    bool markdown = true;
    bool configuration = false;
    bool hierarchicalSymbols = false;
    bool diagnosticVersion = false;
    bool pullDiagnostics = false;   ///< the client pulls (textDocument/diagnostic): do not also push
    bool diagnosticRefresh = false; ///< workspace/diagnostic/refresh is understood
};

/// A message read from the client, or why its body was not JSON.
struct Incoming {
    json message;
    std::string parseError;
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
    std::set<std::string> cancelled;  ///< request ids (dumped JSON) cancelled before they ran
    bool inputEnded = false;
    bool stop = false;        ///< the server has ended: read no more
    bool readerDone = false;  ///< the reader thread has returned
};

class Server {
public:
    explicit Server(const ServerOptions& options);
    ~Server();
    int run();

    using Handler = std::function<json(const json& params)>;
    using NotificationHandler = std::function<void(const json& params)>;
    /// Registers a request handler. `staleOnEdit`: answered with ContentModified when an edit of the
    /// same document is already queued behind it (its result would be outdated at once).
    void onRequest(std::string method, Handler handler, bool staleOnEdit = false);
    void onNotification(std::string method, NotificationHandler handler);

    // ---- for handlers ----
    OpenDocument& document(const json& params);  ///< by params.textDocument.uri; throws InvalidParams
    std::shared_ptr<const Analysis> analysis(OpenDocument& doc);
    uint32_t offset(OpenDocument& doc, const json& position);
    json range(const Analysis& a, SourceRange r);  ///< in whichever file of the analysis `r` is
    json location(const Analysis& a, SourceRange r);
    std::string uriOf(const Analysis& a, FileId file);
    const ClientCapabilities& client() const { return client_; }
    const Settings& settings() const { return settings_; }
    json capabilities() const;
    json diagnosticsJson(OpenDocument& doc);
    json workspaceEdit(const Analysis& a, const std::vector<TextEdit>& edits);
    std::map<std::string, std::unique_ptr<OpenDocument>>& documents() { return documents_; }
    std::vector<std::filesystem::path> workspaceFolders() const { return workspaceFolders_; }
    void log(const std::string& message);
    json symbolJson(const Analysis& a, const DocumentSymbol& s) const;
    std::vector<uint32_t> encodeTokens(OpenDocument& doc, const std::vector<SemanticToken>& tokens);

private:
    bool next(Incoming& item, bool waitForever);
    void dispatch(Incoming& item);
    void handleRequest(const json& message);
    void handleNotification(const json& message);
    void handleResponse(const json& message);
    void send(const json& message);
    void reply(const json& id, json result);
    void replyError(const json& id, int code, const std::string& message);
    void request(const std::string& method, json params, std::function<void(const json&)> onResult);
    void publishDue();
    void publish(OpenDocument& doc);
    bool editQueuedFor(const std::string& uri);
    void registerCore();
    void registerFeatures();  ///< Handlers.cpp
    json generateCommand(const json& args);  ///< modak.generate (Handlers.cpp)
    json importCommand(const json& args);    ///< modak.import (Handlers.cpp)
    /// Where the server's commands may write: the workspace folders, else the project of `near`.
    model::FileScope writableScope(const std::filesystem::path& near) const;
    void applyChanges(OpenDocument& doc, const json& changes);
    void reparse(OpenDocument& doc, TSTree* old);
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
    ClientCapabilities client_;
    Settings settings_;
    std::vector<std::filesystem::path> workspaceFolders_;
    std::map<std::string, Handler> requests_;
    std::set<std::string> staleOnEdit_;
    std::map<std::string, NotificationHandler> notifications_;
    std::map<std::string, std::unique_ptr<OpenDocument>> documents_;  ///< by URI
    Overlay overlay_;  ///< open documents' texts by path, for imports
    TSParser* parser_ = nullptr;
    int64_t nextRequestId_ = 1;
    std::map<int64_t, std::function<void(const json&)>> pending_;
    uint64_t semanticTokensVersion_ = 0;
};

} // namespace modak::lsp
