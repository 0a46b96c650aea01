// SPDX-License-Identifier: Apache-2.0
// The server glue: lifecycle, the message loop, document sync and diagnostics. The method table is
// built in Handlers.cpp; the features live in features/ and know nothing of LSP.
#include "ServerImpl.h"

#include <fmt/format.h>
#include <time.h>
#if defined(__GLIBC__)
#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>
#endif
#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdlib>

extern "C" const TSLanguage* tree_sitter_modak();

namespace modak::lsp {

namespace fs = std::filesystem;

namespace {
/// The CPU time of the calling thread, in ms: what the server itself spent, apart from waiting for
/// a core (the machine may be busy with other work).
double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}
} // namespace

Server::Server(const ServerOptions& options) : options_(options) {
    if (options_.litTest)
        inbox_->reader = std::make_unique<DelimitedReader>(options_.in);
    else
        inbox_->reader = std::make_unique<FramedReader>(options_.in);
    inbox_->log = options_.log;
    parser_ = ts_parser_new();
    ts_parser_set_language(parser_, tree_sitter_modak());
    std::weak_ptr<Inbox> inbox = inbox_;
    // The planner's worker gives way to this thread (Foreground.h); lit tests plan synchronously.
    std::shared_ptr<Foreground> foreground;
    if (!options_.litTest)
        foreground = std::shared_ptr<Foreground>(inbox_, &inbox_->foreground);
    planner_ = std::make_unique<Planner>(options_.litTest, std::move(foreground), [inbox] {
        if (auto in = inbox.lock()) {
            std::lock_guard lock(in->mutex);
            Incoming item;
            item.plansReady = true;
            in->queue.push_back(std::move(item));
            in->foreground.busy();
            in->wake.notify_all();
        }
    });
    registerMethods();
}

Server::~Server() {
    planner_.reset(); // its worker holds analyses and wakes the inbox
    if (readerThread_.joinable()) {
        // Stop the reader; join it when it returns soon (input at its end, or in memory), else
        // leave it blocked on stdin holding its own share of the inbox (the process is ending).
        std::unique_lock lock(inbox_->mutex);
        inbox_->stop = true;
        bool done = inbox_->wake.wait_for(lock, std::chrono::milliseconds(500),
                                          [&] { return inbox_->readerDone; });
        lock.unlock();
        if (done)
            readerThread_.join();
        else
            readerThread_.detach();
    }
    for (auto& [uri, doc] : documents_)
        if (doc->tree)
            ts_tree_delete(doc->tree);
    ts_parser_delete(parser_);
}

void Server::log(const std::string& message) {
    if (options_.log) {
        std::fprintf(options_.log, "modak lsp: %s\n", message.c_str());
        std::fflush(options_.log);
    }
}

void Server::onRequest(std::string method, RequestHandler handler, bool staleOnEdit) {
    if (staleOnEdit)
        staleOnEdit_.insert(method);
    requests_[std::move(method)] = std::move(handler);
}

void Server::onNotification(std::string method, NotificationHandler handler) {
    notifications_[std::move(method)] = std::move(handler);
}

// ---- the message loop
// -----------------------------------------------------------------------------

namespace {

/// `j[key]` when `j` is an object whose `key` is a string, else nullptr: what a peer sends is read
/// without assuming its types (a `method` that is an object must not throw in the reader thread).
const std::string* stringField(const json& j, const char* key) {
    if (!j.is_object())
        return nullptr;
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? &it->get_ref<const std::string&>() : nullptr;
}

const json* objectField(const json& j, const char* key) {
    if (!j.is_object())
        return nullptr;
    auto it = j.find(key);
    return it != j.end() && it->is_object() ? &*it : nullptr;
}

/// The reader thread: messages into the inbox until the input ends or the server stops.
void readMessages(std::shared_ptr<Inbox> inbox) {
    for (;;) {
        {
            std::lock_guard lock(inbox->mutex);
            if (inbox->stop)
                break;
        }
        std::string body, error;
        ReadResult r = inbox->reader->read(body, error);
        if (!error.empty() && inbox->log) {
            std::fprintf(inbox->log, "modak lsp: %s\n", error.c_str());
            std::fflush(inbox->log);
        }
        if (r == ReadResult::Skipped)
            continue;
        std::lock_guard lock(inbox->mutex);
        if (r == ReadResult::End) {
            inbox->inputEnded = true;
            break;
        }
        Incoming item; // its `read` time is now, before parsing: queueing counts in the latency
        try {
            item.message = json::parse(body);
        } catch (const json::exception& e) {
            item.parseError = e.what();
        }
        // Cancellation is noted here, as soon as it is read, so a queued request it names is
        // dropped without running.
        const std::string* method = stringField(item.message, "method");
        const json* params = objectField(item.message, "params");
        if (method && *method == "$/cancelRequest" && params && params->contains("id"))
            inbox->cancelled.insert(
                (*params)["id"].dump(-1, ' ', false, json::error_handler_t::replace));
        inbox->queue.push_back(std::move(item));
        inbox->foreground.busy();
        inbox->wake.notify_all();
    }
    std::lock_guard lock(inbox->mutex);
    inbox->readerDone = true;
    inbox->wake.notify_all();
}

} // namespace

bool Server::next(Incoming& item, bool waitForever) {
    if (options_.litTest) {
        std::string body, error;
        for (;;) {
            ReadResult r = inbox_->reader->read(body, error);
            if (r == ReadResult::End)
                return false;
            if (r == ReadResult::Skipped)
                continue;
            item = {};
            try {
                item.message = json::parse(body);
            } catch (const json::exception& e) {
                item.parseError = e.what();
            }
            return true;
        }
    }
    std::unique_lock lock(inbox_->mutex);
    auto ready = [&] { return !inbox_->queue.empty() || inbox_->inputEnded; };
    if (inbox_->queue.empty())
        inbox_->foreground.idle();
    if (waitForever)
        inbox_->wake.wait(lock, ready);
    else
        inbox_->wake.wait_for(lock, std::chrono::milliseconds(settings_.diagnosticsDelayMs), ready);
    inbox_->foreground.busy(); // a message, or the diagnostics that were waiting for a pause
    if (inbox_->queue.empty())
        return false;
    item = std::move(inbox_->queue.front());
    inbox_->queue.pop_front();
    return true;
}

int Server::run() {
    if (!options_.litTest)
        readerThread_ = std::thread(readMessages, inbox_);
    for (;;) {
        bool due = std::any_of(documents_.begin(), documents_.end(),
                               [](auto& d) { return d.second->diagnosticsDue; });
        if (!due)
            makeAhead();
        Incoming item;
        if (!next(item, !due)) {
            if (due) {
                publishDue();
                continue;
            }
            break; // end of input
        }
        dispatch(item);
        if (exitRequested_)
            break;
        if (options_.litTest) {
            publishDue();
        } else if (settings_.diagnosticsDelayMs == 0) {
            std::unique_lock lock(inbox_->mutex);
            bool idle = inbox_->queue.empty();
            lock.unlock();
            if (idle) // a burst of edits is analysed once, after its last message
                publishDue();
        }
    }
    return exitRequested_ && state_ == State::ShuttingDown ? 0 : 1;
}

void Server::dispatch(Incoming& item) {
    messageRead_ = item.read;
    if (item.plansReady) {
        for (const std::string& uri : planner_->collect())
            if (auto it = documents_.find(uri); it != documents_.end())
                it->second->diagnosticsDue = true; // the same version, with its plans' warnings
        return;
    }
    if (!item.parseError.empty()) {
        replyError(nullptr, ErrorCode::ParseError, "the message is not JSON: " + item.parseError);
        return;
    }
    const json& m = item.message;
    if (!m.is_object()) {
        replyError(nullptr, ErrorCode::InvalidRequest, "a message must be a JSON object");
        return;
    }
    bool hasId = m.contains("id") && (m["id"].is_number_integer() || m["id"].is_string());
    if (m.contains("method") && m["method"].is_string()) {
        if (hasId)
            handleRequest(m);
        else if (!m.contains("id"))
            handleNotification(m);
        else
            replyError(nullptr, ErrorCode::InvalidRequest,
                       "a request id must be an integer or a string");
    } else if (hasId && (m.contains("result") || m.contains("error"))) {
        handleResponse(m);
    } else {
        replyError(hasId ? m["id"] : json(nullptr), ErrorCode::InvalidRequest,
                   "neither a request, a notification nor a response");
    }
}

void Server::handleRequest(const json& m) {
    const json& id = m["id"];
    std::string method = m["method"].get<std::string>();
    json params = m.contains("params") && !m["params"].is_null() ? m["params"] : json::object();
    auto started = messageRead_;
    double cpu = threadCpuMs();
    {
        std::lock_guard lock(inbox_->mutex);
        if (inbox_->cancelled.erase(id.dump(-1, ' ', false, json::error_handler_t::replace))) {
            replyError(id, ErrorCode::RequestCancelled, "cancelled");
            return;
        }
    }
    if (state_ == State::Uninitialized && method != "initialize") {
        replyError(id, ErrorCode::ServerNotInitialized, "the server has not been initialized");
        return;
    }
    if (state_ == State::ShuttingDown) {
        replyError(id, ErrorCode::InvalidRequest, "the server is shutting down");
        return;
    }
    auto it = requests_.find(method);
    if (it == requests_.end()) {
        replyError(id, ErrorCode::MethodNotFound, "unknown method " + method);
        return;
    }
    if (!params.is_object()) { // every method modak serves takes named parameters (or none)
        replyError(id, ErrorCode::InvalidParams,
                   fmt::format("the parameters of {} must be an object", method));
        return;
    }
    if (staleOnEdit_.count(method) && params.contains("textDocument") &&
        params["textDocument"].is_object() && params["textDocument"].contains("uri") &&
        params["textDocument"]["uri"].is_string() &&
        editQueuedFor(params["textDocument"]["uri"].get<std::string>())) {
        replyError(id, ErrorCode::ContentModified, "the document changed");
        return;
    }
    try {
        Reply<Answer> result = it->second(params);
        if (!result.ok())
            replyError(id, result.error().code, result.error().message);
        else if (auto* raw = std::get_if<RawJson>(&result.value())) {
            reply(id, *raw);
            if (raw->pieces.empty())
                spare_ = std::move(raw->text); // the next large answer is written into it
        } else
            reply(id, std::move(std::get<json>(result.value())));
    } catch (const InvalidParams& e) {
        replyError(id, ErrorCode::InvalidParams, e.what());
    } catch (const RequestFailed& e) {
        replyError(id, ErrorCode::RequestFailed, e.what());
    } catch (const json::exception& e) {
        // Parameters are read by their from_json (Protocol.cpp), which names what is wrong; one
        // read otherwise with the wrong type lands here, and is the peer's error too.
        replyError(id, ErrorCode::InvalidParams,
                   fmt::format("a parameter of {} has the wrong type ({})", method, e.what()));
    } catch (const std::exception& e) {
        // A bug must not take the editor's server down: answer, log, live on.
        log(fmt::format("internal error in {}: {}", method, e.what()));
        replyError(id, ErrorCode::InternalError,
                   fmt::format("internal error in {}: {}", method, e.what()));
    }
    if (options_.verbose) {
        auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
        log(fmt::format("{} {} answered in {:.2f} ms (cpu {:.2f} ms)", method,
                        id.dump(-1, ' ', false, json::error_handler_t::replace), us / 1000.0,
                        threadCpuMs() - cpu));
    }
}

void Server::handleNotification(const json& m) {
    std::string method = m["method"].get<std::string>();
    if (method == "exit") {
        exitRequested_ = true;
        return;
    }
    if (state_ == State::Uninitialized && method != "initialized")
        return; // notifications before initialize are dropped, as the protocol says
    auto it = notifications_.find(method);
    if (it == notifications_.end())
        return; // unknown notifications ($/… included) are ignored
    json params = m.contains("params") && !m["params"].is_null() ? m["params"] : json::object();
    if (!params.is_object()) {
        log(fmt::format("notification {} ignored: its parameters are not an object", method));
        return;
    }
    try {
        it->second(params);
    } catch (const std::exception& e) {
        log(fmt::format("error in notification {}: {}", method, e.what()));
    }
}

void Server::handleResponse(const json& m) {
    if (!m["id"].is_number_integer())
        return;
    auto it = pending_.find(m["id"].get<int64_t>());
    if (it == pending_.end())
        return;
    auto callback = std::move(it->second);
    pending_.erase(it);
    if (m.contains("result"))
        callback(m["result"]);
}

bool Server::editQueuedFor(const std::string& uri) {
    std::lock_guard lock(inbox_->mutex);
    for (const auto& item : inbox_->queue) {
        const std::string* method = stringField(item.message, "method");
        const json* params = objectField(item.message, "params");
        const json* td = params ? objectField(*params, "textDocument") : nullptr;
        const std::string* changed = td ? stringField(*td, "uri") : nullptr;
        if (method && *method == "textDocument/didChange" && changed && *changed == uri)
            return true;
    }
    return false;
}

void Server::send(const json& message) {
    if (options_.litTest) {
        std::string text = message.dump(2, ' ', false, json::error_handler_t::replace);
        std::fprintf(options_.out, "%s\n", text.c_str());
        std::fflush(options_.out);
    } else {
        writeFramed(options_.out, message.dump(-1, ' ', false, json::error_handler_t::replace));
    }
}

void Server::reply(const json& id, json result) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void Server::reply(const json& id, const RawJson& result) {
    if (options_.litTest) { // pretty-printed like every other reply
        reply(id, json::parse(result.joined()));
        return;
    }
    std::string head = R"({"jsonrpc":"2.0","id":)";
    head += id.dump(-1, ' ', false, json::error_handler_t::replace);
    head += R"(,"result":)";
    if (!result.pieces.empty())
        writeFramed(options_.out, head, result.pieces, "}");
    else
        writeFramed(options_.out, {head, result.text, "}"});
}

void Server::replyError(const json& id, ErrorCode code, const std::string& message) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void Server::notify(const std::string& method, json params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

void Server::notify(const std::string& method, const RawJson& params) {
    if (options_.litTest) { // pretty-printed like every other message
        notify(method, json::parse(params.text));
        return;
    }
    std::string head = R"({"jsonrpc":"2.0","method":)";
    head += json(method).dump();
    head += R"(,"params":)";
    writeFramed(options_.out, {head, params.text, "}"});
}

void Server::request(const std::string& method, json params,
                     std::function<void(const json&)> onResult) {
    int64_t id = nextRequestId_++;
    pending_[id] = std::move(onResult);
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
}

// ---- lifecycle and configuration
// ----------------------------------------------------------------------

Reply<protocol::InitializeResult> Server::onInitialize(const protocol::InitializeParams& params) {
    if (state_ != State::Uninitialized)
        return ResponseError{ErrorCode::InvalidParams, "initialize was already received"};
    client_ = params.capabilities;
    workspaceFolders_.clear();
    for (const auto& uri : params.workspaceFolders)
        workspaceFolders_.push_back(pathFromUri(uri));
    if (workspaceFolders_.empty() && params.rootUri)
        workspaceFolders_.push_back(pathFromUri(*params.rootUri));
    applySettings(params.initializationOptions);
    state_ = State::Running;
    return protocol::InitializeResult{capabilities(), "modak", options_.version};
}

void Server::onInitialized(const protocol::NoParams&) {
    pullConfiguration();
}

Reply<std::nullptr_t> Server::onShutdown(const protocol::NoParams&) {
    state_ = State::ShuttingDown;
    return nullptr;
}

void Server::onDidChangeConfiguration(const protocol::DidChangeConfigurationParams& params) {
    if (params.modakSettings)
        applySettings(*params.modakSettings);
    else
        pullConfiguration();
}

void Server::onDidOpen(const protocol::DidOpenTextDocumentParams& params) {
    openDocument(params.uri, params.text, params.version);
}

void Server::onDidChange(const protocol::DidChangeTextDocumentParams& params) {
    auto it = documents_.find(params.uri);
    if (it == documents_.end())
        return; // a change to a document that is not open: nothing to apply it to
    OpenDocument& doc = *it->second;
    if (!doc.changedAt)
        doc.changedAt = messageRead_;
    double cpu = threadCpuMs();
    applyChanges(doc, params.contentChanges);
    if (params.version)
        doc.version = *params.version;
    doc.changeCpuMs += threadCpuMs() - cpu;
}

void Server::onDidClose(const protocol::TextDocumentParams& params) {
    closeDocument(params.textDocument.uri);
}

// modak's own: the document's incrementally maintained tree-sitter tree as an S-expression (for
// debugging editors' highlighting, and for tests that compare it with a fresh parse).
Reply<protocol::SyntaxTreeResult> Server::onSyntaxTree(const protocol::TextDocumentParams& params) {
    OpenDocument& doc = document(params.textDocument);
    char* sexp = ts_node_string(ts_tree_root_node(syntaxTree(doc)));
    std::string text = sexp ? sexp : "";
    std::free(sexp);
    return protocol::SyntaxTreeResult{doc.version, std::move(text)};
}

Reply<protocol::DocumentDiagnosticReport>
Server::onDocumentDiagnostic(const protocol::DocumentDiagnosticParams& params) {
    OpenDocument& doc = document(params.textDocument);
    protocol::DocumentDiagnosticReport report;
    report.resultId = std::to_string(doc.version);
    report.unchanged = params.previousResultId == report.resultId && !doc.stale;
    if (!report.unchanged)
        report.items = documentDiagnostics(doc);
    return report;
}

void Server::applySettings(const json& modak) {
    if (!modak.is_object())
        return;
    if (modak.contains("diagnostics") && modak["diagnostics"].is_object()) {
        const json& d = modak["diagnostics"];
        if (d.contains("delayMs") && d["delayMs"].is_number_integer())
            settings_.diagnosticsDelayMs = std::clamp(d["delayMs"].get<int>(), 0, 5000);
    }
    if (modak.contains("inlayHints") && modak["inlayHints"].is_object() &&
        modak["inlayHints"].contains("enabled") && modak["inlayHints"]["enabled"].is_boolean())
        settings_.inlayHints = modak["inlayHints"]["enabled"].get<bool>();
    if (modak.contains("codeLens") && modak["codeLens"].is_object() &&
        modak["codeLens"].contains("enabled") && modak["codeLens"]["enabled"].is_boolean())
        settings_.codeLens = modak["codeLens"]["enabled"].get<bool>();
    if (modak.contains("importRoots") && modak["importRoots"].is_array()) {
        std::vector<fs::path> roots;
        for (const auto& r : modak["importRoots"])
            if (r.is_string() && !r.get_ref<const std::string&>().empty()) {
                fs::path p = r.get<std::string>();
                if (p.is_relative() && !workspaceFolders_.empty())
                    p = workspaceFolders_.front() / p;
                if (p.is_absolute())
                    roots.push_back(p.lexically_normal());
            }
        if (roots != settings_.importRoots) {
            settings_.importRoots = std::move(roots);
            for (auto& [uri, doc] : documents_) { // what imports may read has changed
                doc->stale = true;
                doc->diagnosticsDue = true;
            }
        }
    }
}

void Server::pullConfiguration() {
    if (!client_.configuration)
        return;
    request("workspace/configuration", {{"items", json::array({{{"section", "modak"}}})}},
            [this](const json& result) {
                if (result.is_array() && !result.empty())
                    applySettings(result[0]);
            });
}

// ---- documents
// -----------------------------------------------------------------------------------------

OpenDocument& Server::document(const protocol::TextDocumentIdentifier& id) {
    // Every request about a document needs it open: thrown (answered InvalidParams) rather than
    // returned, so that each handler reads as its feature.
    auto it = documents_.find(id.uri);
    if (it == documents_.end())
        throw InvalidParams("the document " + id.uri + " is not open");
    return *it->second;
}

void Server::openDocument(const std::string& uri, std::string text, int64_t version) {
    auto& slot = documents_[uri];
    if (slot && slot->tree)
        ts_tree_delete(slot->tree);
    slot = std::make_unique<OpenDocument>();
    OpenDocument& doc = *slot;
    doc.uri = uri;
    doc.path = pathFromUri(uri);
    doc.text = std::move(text);
    doc.version = version;
    doc.index = std::make_unique<LineIndex>(doc.text);
    changed(doc);
    overlay_[doc.path] = doc.text;
    markImportersStale(doc.path);
}

void Server::closeDocument(const std::string& uri) {
    auto it = documents_.find(uri);
    if (it == documents_.end())
        return;
    fs::path path = it->second->path;
    if (it->second->tree)
        ts_tree_delete(it->second->tree);
    documents_.erase(it);
    planner_->forget(uri);
    overlay_.erase(path);
    markImportersStale(path);
    // Clear what was shown for it: a closed document keeps no squiggles.
    if (!client_.pullDiagnostics)
        notify("textDocument/publishDiagnostics",
               protocol::PublishDiagnosticsParams{uri, std::nullopt, {}});
}

void Server::markImportersStale(const fs::path& changed) {
    for (auto& [uri, doc] : documents_) {
        if (doc->path == changed || !doc->analysis)
            continue;
        for (const auto& d : doc->analysis->program().documents)
            if (d->path == changed) {
                doc->stale = true;
                doc->diagnosticsDue = true;
                doc->importsChanged = true;
                break;
            }
    }
}

void Server::changed(OpenDocument& doc) {
    doc.treeStale = true;
    doc.stale = true;
    doc.diagnosticsDue = true;
}

TSTree* Server::syntaxTree(OpenDocument& doc) {
    // Parsed when asked for, from the tree the edits since were applied to (ts_tree_edit): no
    // feature reads it, so an edit does not wait for it.
    if (doc.treeStale || !doc.tree) {
        TSTree* old = doc.tree;
        doc.tree = ts_parser_parse_string(parser_, old, doc.text.data(),
                                          static_cast<uint32_t>(doc.text.size()));
        if (old)
            ts_tree_delete(old);
        doc.treeStale = false;
    }
    return doc.tree;
}

namespace {
/// tree-sitter's point: rows end at '\n' only, columns are bytes (unlike LSP lines).
TSPoint pointAt(std::string_view text, uint32_t offset) {
    std::string_view before = text.substr(0, offset);
    auto row = static_cast<uint32_t>(std::count(before.begin(), before.end(), '\n'));
    auto nl = before.rfind('\n');
    return {row, static_cast<uint32_t>(nl == std::string_view::npos ? offset : offset - nl - 1)};
}
} // namespace

void Server::applyChanges(OpenDocument& doc,
                          const std::vector<protocol::TextDocumentContentChangeEvent>& changes) {
    // All changes were read before any is applied (a malformed one drops the notification).
    bool full = false;
    for (const auto& change : changes) {
        if (!change.range) {
            doc.text = change.text;
            full = true;
            doc.checkpoints.reset();
            doc.index = std::make_unique<LineIndex>(doc.text);
            continue;
        }
        uint32_t begin = doc.index->offset(change.range->start, client_.encoding);
        uint32_t end = doc.index->offset(change.range->end, client_.encoding);
        if (end < begin)
            std::swap(begin, end);
        TSInputEdit edit{};
        edit.start_byte = begin;
        edit.old_end_byte = end;
        edit.new_end_byte = begin + static_cast<uint32_t>(change.text.size());
        // tree-sitter's points only for its tree (parsed on demand; usually there is none).
        const bool editTree = !full && doc.tree;
        if (editTree) {
            edit.start_point = pointAt(doc.text, begin);
            edit.old_end_point = pointAt(doc.text, end);
        }
        doc.text.replace(begin, end - begin, change.text);
        doc.checkpoints.edited(begin, end, edit.new_end_byte);
        doc.index->edited(doc.text, begin, end, edit.new_end_byte);
        if (editTree) {
            edit.new_end_point = pointAt(doc.text, edit.new_end_byte);
            ts_tree_edit(doc.tree, &edit);
        }
    }
    if (full) {
        if (doc.tree)
            ts_tree_delete(doc.tree);
        doc.tree = nullptr;
    }
    changed(doc); // each change above left the index of the text it made
    overlay_[doc.path] = doc.text;
    markImportersStale(doc.path);
}

std::shared_ptr<const Analysis> Server::analysis(OpenDocument& doc) {
    if (doc.stale || !doc.analysis) {
        doc.analysis =
            Analysis::build(doc.path, doc.text, &overlay_, /*tsTree=*/nullptr,
                            settings_.importRoots, {}, /*planHere=*/false, doc.analysis.get());
        doc.stale = false;
        planner_->submit(doc.uri, doc.analysis);
    }
    return doc.analysis;
}

uint32_t Server::offset(const OpenDocument& doc, protocol::Position position) const {
    return doc.index->offset(position, client_.encoding);
}

std::string Server::uriOf(const Analysis& a, FileId file) const {
    if (file == a.file()) {
        for (const auto& [uri, doc] : documents_)
            if (doc->path == a.path())
                return uri;
    }
    return uriFromPath(fs::path(std::string(a.sources().path(file))));
}

// ---- conversions to LSP
// ------------------------------------------------------------------------------

ToLsp::ToLsp(const Server& server, const Analysis& analysis, const LineIndex* documentIndex)
    : server_(server), analysis_(analysis), documentIndex_(documentIndex) {}

const LineIndex& ToLsp::index(FileId file) {
    if (file == analysis_.file() && documentIndex_)
        return *documentIndex_;
    for (const auto& [id, index] : indexes_)
        if (id == file)
            return *index;
    indexes_.emplace_back(file, std::make_unique<LineIndex>(analysis_.sources().text(file)));
    return *indexes_.back().second;
}

protocol::Position ToLsp::position(uint32_t offset) {
    return index(analysis_.file()).position(offset, server_.client_.encoding, line_);
}

protocol::Range ToLsp::range(SourceRange r) {
    FileId file = r.file.valid() ? r.file : analysis_.file();
    const LineIndex& lines = index(file);
    uint32_t other = 0;
    uint32_t& line = file == analysis_.file() ? line_ : other;
    return {lines.position(r.begin, server_.client_.encoding, line),
            lines.position(std::max(r.begin, r.end), server_.client_.encoding, line)};
}

std::string ToLsp::uri(FileId file) {
    return server_.uriOf(analysis_, file.valid() ? file : analysis_.file());
}

protocol::Location ToLsp::location(SourceRange r) {
    return {uri(r.file), range(r)};
}

protocol::Diagnostic ToLsp::diagnostic(const Diagnostic& d) {
    protocol::Diagnostic out;
    out.range = range(d.range);
    out.severity = protocol::toDiagnosticSeverity(d.severity);
    out.code = std::string(diagInfo(d.code).name);
    out.message = d.message;
    for (const auto& note : d.notes)
        if (note.range.file.valid()) // a note without a place is part of no file
            out.relatedInformation.push_back({location(note.range), note.message});
    return out;
}

protocol::WorkspaceEdit ToLsp::workspaceEdit(const std::vector<TextEdit>& edits) {
    protocol::WorkspaceEdit out;
    for (const auto& e : edits)
        out.changes[uri(e.range.file)].push_back({range(e.range), e.text});
    return out;
}

// ---- diagnostics
// -------------------------------------------------------------------------------------

std::vector<protocol::Diagnostic> Server::documentDiagnostics(OpenDocument& doc) {
    auto a = analysis(doc);
    ToLsp convert(*this, *a, doc.index.get());
    std::vector<protocol::Diagnostic> items;
    for (const auto& d : a->diagnostics()) // after the policy (Analysis): what `modak check` shows
        if (d.range.file == a->file())
            items.push_back(convert.diagnostic(d));
    return items;
}

void Server::publish(OpenDocument& doc) {
    double cpu = threadCpuMs();
    protocol::PublishDiagnosticsParams params{doc.uri, std::nullopt, documentDiagnostics(doc)};
    if (client_.diagnosticVersion || options_.litTest)
        params.version = doc.version;
    notify("textDocument/publishDiagnostics",
           RawJson{protocol::publishDiagnosticsText(params), {}});
    doc.diagnosticsDue = false;
    if (options_.verbose && doc.changedAt) {
        auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                      std::chrono::steady_clock::now() - *doc.changedAt)
                      .count();
        log(fmt::format("diagnostics of version {} published in {:.2f} ms (cpu {:.2f} ms)",
                        doc.version, us / 1000.0, doc.changeCpuMs + threadCpuMs() - cpu));
    }
    doc.changedAt.reset();
    doc.changeCpuMs = 0;
}

void Server::publishDue() {
    if (client_.pullDiagnostics) {
        // The client asks when it wants them; an edit to an imported file changes other documents'
        // diagnostics, which only a refresh makes it ask for again.
        bool others = false;
        for (auto& [uri, doc] : documents_) {
            if (doc->diagnosticsDue && doc->importsChanged)
                others = true;
            doc->diagnosticsDue = false;
            doc->importsChanged = false;
        }
        if (others && client_.diagnosticRefresh)
            request("workspace/diagnostic/refresh", nullptr, [](const json&) {});
        return;
    }
    for (auto& [uri, doc] : documents_)
        if (doc->diagnosticsDue) {
            try {
                publish(*doc);
            } catch (const std::exception& e) {
                doc->diagnosticsDue = false;
                log(fmt::format("could not publish diagnostics for {}: {}", uri, e.what()));
            }
        }
}

namespace {

/// The server lives as long as the editor and replaces its large buffers on every edit (the text,
/// the answers, a plan's candidates on the planner's thread). glibc raises its mmap threshold to
/// the size of each large block freed, after which such blocks come from the heap and their freed
/// space stays resident, fragmented: 11 MiB of the 33 MiB after 1 000 edits (issue 20). Fixed
/// thresholds keep blocks over 128 KiB in their own mappings, given back when freed, and return
/// a heap's free top past 256 KiB.
void keepFreedMemoryReturnable() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 256 * 1024);
#endif
}

/// An answer is written whole to the editor's pipe, whose 64 KiB buffer would make a large one
/// (a 10 000-line document's outline is 2.6 MB) forty rounds of writing and waiting for the
/// reader. Linux lets a pipe grow to /proc/sys/fs/pipe-max-size (1 MiB by default) unprivileged;
/// where it cannot, the pipe stays as it is.
void widenOutputPipe() {
#if defined(F_SETPIPE_SZ)
    fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1 << 20);
#endif
}

} // namespace

int runServer(const ServerOptions& options) {
    keepFreedMemoryReturnable();
    widenOutputPipe();
    Server server(options);
    return server.run();
}

} // namespace modak::lsp
