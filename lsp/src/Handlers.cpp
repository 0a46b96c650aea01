// SPDX-License-Identifier: Apache-2.0
// The method table and the typed handlers of the language features: each converts LSP positions to
// byte offsets, calls a feature of features/, and converts its result to protocol types (ToLsp).
#include "Binder.h"
#include "JsonWriter.h"
#include "ServerImpl.h"
#include "modak/lsp/Features.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <functional>

namespace modak::lsp {

namespace fs = std::filesystem;

namespace {

protocol::CompletionItemKind completionKind(CompletionItem::Kind kind) {
    using K = protocol::CompletionItemKind;
    switch (kind) {
    case CompletionItem::Kind::Keyword:
        return K::Keyword;
    case CompletionItem::Kind::Block:
        return K::Class;
    case CompletionItem::Kind::Property:
        return K::Property;
    case CompletionItem::Kind::Value:
        return K::Value;
    case CompletionItem::Kind::Enum:
        return K::EnumMember;
    case CompletionItem::Kind::Reference:
        return K::Reference;
    case CompletionItem::Kind::Unit:
        return K::Unit;
    case CompletionItem::Kind::Snippet:
        return K::Snippet;
    case CompletionItem::Kind::File:
        return K::File;
    }
    return K::Text;
}

protocol::SymbolKind symbolKind(DocumentSymbol::Kind kind) {
    using K = protocol::SymbolKind;
    switch (kind) {
    case DocumentSymbol::Kind::Deployment:
        return K::Function; // what runs
    case DocumentSymbol::Kind::Application:
        return K::Class;
    case DocumentSymbol::Kind::Target:
        return K::Namespace;
    case DocumentSymbol::Kind::Workload:
        return K::Struct;
    case DocumentSymbol::Kind::Image:
        return K::Module;
    case DocumentSymbol::Kind::Block:
        return K::Object;
    case DocumentSymbol::Kind::Property:
        return K::Property;
    case DocumentSymbol::Kind::Import:
        return K::File;
    }
    return K::Object;
}

/// The semantic tokens legend, in the order of SemanticToken::Type and of the modifier bits.
json semanticTokensLegend() {
    json types = json::array(), modifiers = json::array();
    for (size_t i = 0; i < SemanticToken::kTypeCount; ++i)
        types.push_back(semanticTokenTypeName(static_cast<SemanticToken::Type>(i)));
    for (size_t bit = 0; bit < SemanticToken::kModifierCount; ++bit)
        modifiers.push_back(semanticTokenModifierName(bit));
    return {{"tokenTypes", std::move(types)}, {"tokenModifiers", std::move(modifiers)}};
}

/// The top-level statements of `tree` as the outline and the semantic tokens keep what is made of
/// them: `f(index, until, keep)`, `until` being where the next statement begins (the text's end,
/// `end`, after the last). What follows from a statement's text may be kept for the next version
/// (`keep`) where the parse began it as an item of the file and found no error in it (reparse
/// resumes at such statements too); one recovered after a broken line, or broken itself, can be
/// parsed otherwise after an edit elsewhere, so it is made afresh (it is usually the one being
/// typed). Its symbols and tokens lie before `until` but not always within its range (one that
/// error recovery left empty can hold blocks down to the end of the text).
template<class F>
void forEachTopStatement(const syntax::File& tree, uint32_t end, F&& f) {
    const auto& statements = tree.statements;
    const auto& marks = tree.marks;
    const bool marked = marks.size() == statements.size() + 1;
    for (size_t i = 0; i < statements.size(); ++i) {
        const uint32_t until = i + 1 < statements.size() ? statements[i + 1].range().begin : end;
        const bool keep = marked && marks[i].start != syntax::ParseMark::noStart &&
                          marks[i + 1].errors == marks[i].errors;
        f(i, until, keep);
    }
}

/// Whether work that a message may stop (an answer made ahead) stops before statement `i`:
/// `interrupted` is asked before every 16th (a lock each time; ~0.2 ms of work between), and once
/// it says so the rest is left.
bool stopsAt(size_t i, const std::function<bool()>& interrupted, bool& stopped) {
    if (!stopped && interrupted && i % 16 == 15)
        stopped = interrupted();
    return stopped;
}

/// What is made of a top-level statement depends on (StatementKey): its text from the start of its
/// first line, `firstLine`, to where the next statement begins.
StatementKey statementKey(std::string_view text, const LineIndex& index, SourceRange whole,
                          uint32_t until, uint32_t firstLine) {
    const uint32_t from = index.lineStart(firstLine);
    return {from, int64_t{whole.begin} - from, int64_t{whole.end} - from,
            text.substr(from, std::max({whole.end, whole.begin, until}) - from)};
}

/// Writes the symbols visited into an OutlineFragment for its statement's first line being
/// `firstLine`: the line numbers written, and where each is and which line it is relative to
/// `firstLine` kept (`number` rewrites them where the statement moves). As LSP's DocumentSymbol
/// with its children, or in the flat form (SymbolInformation, for clients without
/// hierarchicalDocumentSymbolSupport) where `flatUri` (the document's; every symbol is in it) is
/// given. The text is what JsonWriter would write, its constant parts appended as they are (an
/// outline is ~20 keys a symbol, ten thousand symbols).
class FragmentWriter final : public SymbolVisitor {
public:
    FragmentWriter(const LineIndex& index, PositionEncoding encoding, std::string_view flatUri)
        : index_(index), encoding_(encoding), flatUri_(flatUri) {}

    /// Writes what is visited next into `fragment` (emptied), for a statement of `textSize` bytes.
    void begin(OutlineFragment& fragment, uint32_t firstLine, size_t textSize) {
        fragment.text.clear();
        // An outline is ~11 bytes a byte of text (230 bytes a symbol): room made once, not grown
        // by copying.
        fragment.text.reserve(textSize * 12);
        fragment.numbers.clear();
        // Line numbers: four a symbol (two ranges), two in the flat form; most statements have
        // under a dozen symbols.
        fragment.numbers.reserve(48);
        fragment_ = &fragment;
        firstLine_ = firstLine;
        first_ = true;
        containers_.clear();
        fragment.line = firstLine;
    }

    void enter(const DocumentSymbol& s) override {
        using namespace std::string_view_literals;
        std::string& text = fragment_->text;
        if (!first_)
            text += ',';
        if (!flatUri_.empty()) {
            flat(s);
            return;
        }
        text += R"({"name":)"sv;
        JsonWriter(text).string(s.name);
        if (!s.detail.empty()) {
            text += R"(,"detail":)"sv;
            JsonWriter(text).string(s.detail);
        }
        // The rest in one append (at most 261 bytes).
        char buffer[320];
        char* at = buffer;
        at = put(at, R"(,"kind":)"sv);
        at = std::to_chars(at, buffer + sizeof buffer, static_cast<int>(symbolKind(s.kind))).ptr;
        at = put(at, R"(,"range":)"sv);
        at = range(buffer, at, text.size(), s.range);
        at = put(at, R"(,"selectionRange":)"sv);
        at = range(buffer, at, text.size(), s.selectionRange);
        at = put(at, R"(,"children":[)"sv);
        text.append(buffer, at);
        first_ = true;
    }
    void leave() override {
        if (flatUri_.empty())
            fragment_->text += "]}";
        else
            containers_.pop_back();
        first_ = false;
    }

private:
    /// SymbolInformation, its container the symbol entered last and not left.
    void flat(const DocumentSymbol& s) {
        using namespace std::string_view_literals;
        std::string& text = fragment_->text;
        text += R"({"name":)"sv;
        JsonWriter(text).string(s.name);
        char buffer[64];
        char* at = put(buffer, R"(,"kind":)"sv);
        at = std::to_chars(at, buffer + sizeof buffer, static_cast<int>(symbolKind(s.kind))).ptr;
        at = put(at, R"(,"location":{"uri":)"sv);
        text.append(buffer, at);
        JsonWriter(text).string(flatUri_);
        char rest[128];
        at = put(rest, R"(,"range":)"sv);
        at = range(rest, at, text.size(), s.range);
        *at++ = '}';
        text.append(rest, at);
        if (!containers_.empty() && !containers_.back().empty()) {
            text += R"(,"containerName":)"sv;
            JsonWriter(text).string(containers_.back());
        }
        text += '}';
        containers_.emplace_back(s.name);
        first_ = false;
    }
    static char* put(char* at, std::string_view s) {
        std::memcpy(at, s.data(), s.size());
        return at + s.size();
    }
    /// A Range's text at `at` in `buffer`, to be appended to the fragment's text at `base`; the
    /// line numbers recorded. Room: 101 bytes.
    char* range(const char* buffer, char* at, size_t base, SourceRange r) {
        using namespace std::string_view_literals;
        // The start found from the last start's line, the end from the start's (mostly the same
        // line: a property's).
        const Position start = index_.position(r.begin, encoding_, hint_);
        uint32_t endHint = start.line;
        const Position end = index_.position(std::max(r.begin, r.end), encoding_, endHint);
        auto line = [&](uint32_t number) {
            char* const digits = at;
            at = std::to_chars(at, at + 10, number).ptr;
            fragment_->numbers.push_back({static_cast<uint32_t>(base + (digits - buffer)),
                                          static_cast<uint32_t>(at - digits),
                                          static_cast<int32_t>(number - firstLine_)});
        };
        at = put(at, R"({"start":{"line":)"sv);
        line(start.line);
        at = put(at, R"(,"character":)"sv);
        at = std::to_chars(at, at + 10, start.character).ptr;
        at = put(at, R"(},"end":{"line":)"sv);
        line(end.line);
        at = put(at, R"(,"character":)"sv);
        at = std::to_chars(at, at + 10, end.character).ptr;
        return put(at, "}}"sv);
    }

    const LineIndex& index_;
    PositionEncoding encoding_;
    std::string_view flatUri_;
    OutlineFragment* fragment_ = nullptr;
    uint32_t firstLine_ = 0;
    uint32_t hint_ = 0; ///< the line of the last range's start
    bool first_ = true; ///< no symbol written yet at this level (hierarchical) or at all (flat)
    std::vector<std::string> containers_; ///< the names entered and not left (flat form)
};

/// Writes `f`'s line numbers for its statement's first line being `firstLine`, unless they are
/// (`scratch`: a buffer to write into, swapped with the fragment's).
void number(OutlineFragment& f, uint32_t firstLine, std::string& scratch) {
    if (f.line == firstLine)
        return;
    // Sized once for the longest numbers, written through a pointer and trimmed: an answer has
    // ~45 000 numbers, and two appends each cost more than the copying.
    constexpr size_t kLongestNumber = 11; // a sign and ten digits
    scratch.resize(f.text.size() + f.numbers.size() * kLongestNumber);
    char* const start = scratch.data();
    char* at = start;
    const char* text = f.text.data();
    size_t from = 0;
    for (OutlineFragment::Number& n : f.numbers) {
        at = std::copy(text + from, text + n.at, at);
        from = n.at + n.digits;
        n.at = static_cast<uint32_t>(at - start);
        at = std::to_chars(at, at + kLongestNumber, static_cast<int64_t>(firstLine) + n.relative)
                 .ptr;
        n.digits = static_cast<uint32_t>(at - start) - n.at;
    }
    at = std::copy(text + from, text + f.text.size(), at);
    scratch.resize(static_cast<size_t>(at - start));
    std::swap(f.text, scratch);
    f.line = firstLine;
}

/// SemanticTokens of LSP, or SemanticTokensDelta when `edit` is given.
RawJson tokensJson(RawJson out, std::string_view resultId, std::span<const uint32_t> data,
                   const std::optional<TokenDataEdit>* edit = nullptr) {
    out.text.reserve(32 + data.size() * 4);
    JsonWriter w(out.text);
    w.beginObject().key("resultId").value(resultId);
    if (edit) {
        w.key("edits").beginArray();
        if (*edit) {
            w.beginObject().key("start").value((*edit)->start);
            w.key("deleteCount").value((*edit)->deleteCount).key("data");
            w.numbers((*edit)->data);
            w.endObject();
        }
        w.endArray();
    } else {
        w.key("data").numbers(data);
    }
    w.endObject();
    return out;
}

std::vector<protocol::Location> locations(ToLsp& convert, const std::vector<SourceRange>& ranges) {
    std::vector<protocol::Location> out;
    out.reserve(ranges.size());
    for (const auto& r : ranges)
        out.push_back(convert.location(r));
    return out;
}

} // namespace

void Server::registerMethods() {
    Binder bind(*this, *this);
    bind.request("initialize", &Server::onInitialize);
    bind.notification("initialized", &Server::onInitialized);
    bind.request("shutdown", &Server::onShutdown);
    bind.notification("workspace/didChangeConfiguration", &Server::onDidChangeConfiguration);
    bind.notification("$/setTrace", &Server::onIgnored);
    bind.notification("textDocument/didOpen", &Server::onDidOpen);
    bind.notification("textDocument/didChange", &Server::onDidChange);
    bind.notification("textDocument/didClose", &Server::onDidClose);
    bind.notification("textDocument/didSave", &Server::onIgnored);
    bind.request("modak/syntaxTree", &Server::onSyntaxTree);
    bind.request("textDocument/diagnostic", &Server::onDocumentDiagnostic);

    // Requests whose result describes a whole document are stale once an edit of it is queued.
    constexpr bool staleOnEdit = true;
    bind.request("textDocument/completion", &Server::onCompletion);
    bind.request("textDocument/hover", &Server::onHover);
    bind.request("textDocument/definition", &Server::onDefinition);
    bind.request("textDocument/references", &Server::onReferences);
    bind.request("textDocument/prepareRename", &Server::onPrepareRename);
    bind.request("textDocument/rename", &Server::onRename);
    bind.request("textDocument/documentSymbol", &Server::onDocumentSymbol, staleOnEdit);
    bind.request("workspace/symbol", &Server::onWorkspaceSymbol);
    bind.request("textDocument/foldingRange", &Server::onFoldingRange, staleOnEdit);
    bind.request("textDocument/selectionRange", &Server::onSelectionRange);
    bind.request("textDocument/semanticTokens/full", &Server::onSemanticTokens, staleOnEdit);
    bind.request("textDocument/semanticTokens/full/delta", &Server::onSemanticTokensDelta,
                 staleOnEdit);
    bind.request("textDocument/formatting", &Server::onFormatting);
    bind.request("textDocument/rangeFormatting", &Server::onRangeFormatting);
    bind.request("textDocument/codeAction", &Server::onCodeAction);
    bind.request("textDocument/codeLens", &Server::onCodeLens, staleOnEdit);
    bind.request("textDocument/inlayHint", &Server::onInlayHint, staleOnEdit);
    bind.request("workspace/executeCommand", &Server::onExecuteCommand);
}

json Server::capabilities() const {
    using protocol::TextDocumentSyncKind;
    return {
        {"positionEncoding", client_.encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
        {"textDocumentSync",
         {{"openClose", true},
          {"change", TextDocumentSyncKind::Incremental},
          {"save", {{"includeText", false}}}}},
        {"diagnosticProvider",
         {{"identifier", "modak"},
          {"interFileDependencies", true},
          {"workspaceDiagnostics", false}}},
        {"executeCommandProvider", {{"commands", {"modak.generate", "modak.import"}}}},
        {"completionProvider",
         {{"triggerCharacters", {"=", " ", "\"", "{", ","}}, {"resolveProvider", false}}},
        {"hoverProvider", true},
        {"definitionProvider", true},
        {"referencesProvider", true},
        {"renameProvider", {{"prepareProvider", true}}},
        {"documentSymbolProvider", true},
        {"workspaceSymbolProvider", true},
        {"foldingRangeProvider", true},
        {"selectionRangeProvider", true},
        {"semanticTokensProvider",
         {{"legend", semanticTokensLegend()}, {"full", {{"delta", true}}}, {"range", false}}},
        {"documentFormattingProvider", true},
        {"documentRangeFormattingProvider", true},
        {"codeActionProvider", {{"codeActionKinds", {"quickfix", "source.fixAll"}}}},
        {"codeLensProvider", {{"resolveProvider", false}}},
        {"inlayHintProvider", true},
    };
}

void Server::encodeTokens(OpenDocument& doc, const Analysis& analysis,
                          std::vector<uint32_t>& data) {
    data.reserve(doc.semanticTokens.size() + 64);
    encodeSemanticTokens(analysis, *doc.index, client_.encoding, tokenScratch_, doc.tokenPieces,
                         data);
    doc.tokensMade = true;
}

bool encodeSemanticTokens(const Analysis& analysis, const LineIndex& index,
                          PositionEncoding encoding, std::vector<SemanticToken>& tokens,
                          TokenPieces& pieces, std::vector<uint32_t>& data,
                          const std::function<bool()>& interrupted) {
    data.clear();
    uint32_t hint = 0; // positions are asked in order: each is found from the last
    // `tokens` as a piece whose statement's first line is `firstLine`.
    auto encode = [&](TokenPiece& piece, uint32_t firstLine) {
        piece.data.clear();
        Position last{firstLine, 0};
        for (const auto& t : tokens) {
            Position b = index.position(t.begin, encoding, hint);
            Position e = index.position(t.end, encoding, hint);
            if (e.line != b.line || e.character <= b.character)
                continue;
            piece.data.push_back(b.line - last.line);
            piece.data.push_back(b.line == last.line ? b.character - last.character : b.character);
            piece.data.push_back(e.character - b.character);
            piece.data.push_back(static_cast<uint32_t>(t.type));
            piece.data.push_back(t.modifiers);
            last = b;
        }
        piece.lastLine = last.line - firstLine;
        piece.lastCharacter = last.character;
    };
    // A piece appended: its first token made relative to the last one before it.
    Position last{0, 0};
    auto append = [&](const TokenPiece& piece, uint32_t firstLine) {
        if (piece.data.empty())
            return;
        const uint32_t line = firstLine + piece.data[0], character = piece.data[1];
        data.push_back(line - last.line);
        data.push_back(line == last.line ? character - last.character : character);
        data.insert(data.end(), piece.data.begin() + 2, piece.data.end());
        last = {firstLine + piece.lastLine, piece.lastCharacter};
    };
    const syntax::File& tree = analysis.tree();
    const auto& statements = tree.statements;
    const std::string_view text = analysis.text();
    const auto end = static_cast<uint32_t>(text.size());
    TokenPiece scratch;
    // Before the first statement: the header, imports and comments, written afresh.
    semanticTokensBetween(analysis, nullptr, 0,
                          statements.empty() ? end : statements.front().range().begin, tokens);
    encode(scratch, 0);
    append(scratch, 0);
    pieces.begin(text);
    bool stopped = false;
    forEachTopStatement(tree, end, [&](size_t i, uint32_t until, bool keep) {
        if (stopsAt(i, interrupted, stopped))
            return;
        const syntax::Statement& s = statements[i];
        const SourceRange whole = s.range();
        // From the last statement's line: a kept piece's tokens are not placed, so the hint
        // would stay where the last piece made afresh left it (a search for every statement).
        const uint32_t firstLine = index.position(whole.begin, encoding, hint).line;
        auto write = [&](TokenPiece& piece) {
            semanticTokensBetween(analysis, &s, whole.begin, until, tokens);
            encode(piece, firstLine);
        };
        if (!keep) {
            write(scratch);
            append(scratch, firstLine);
            return;
        }
        append(pieces.get(statementKey(text, index, whole, until, firstLine), write), firstLine);
    });
    // Interrupted, the pieces made are kept all the same: the next encoding takes them up.
    pieces.end(text);
    return !stopped;
}

// ---- completion and hover
// ------------------------------------------------------------------------------

Reply<protocol::CompletionList> Server::onCompletion(const protocol::CompletionParams& params) {
    OpenDocument& doc = document(params.textDocument);
    uint32_t at = offset(doc, params.position);
    auto a = analysis(doc);
    ToLsp convert(*this, *a, doc.index.get());
    CompletionOptions options;
    options.snippets = client_.snippets;
    options.checkpoints = &doc.checkpoints; // the analysis is of doc.text
    protocol::MarkupKind markup =
        client_.markdown ? protocol::MarkupKind::Markdown : protocol::MarkupKind::PlainText;
    protocol::CompletionList list;
    for (auto& item : complete(*a, at, options)) {
        protocol::CompletionItem& out = list.items.emplace_back();
        out.label = std::move(item.label);
        out.kind = completionKind(item.kind);
        out.detail = std::move(item.detail);
        if (!item.documentation.empty())
            out.documentation = protocol::MarkupContent{markup, std::move(item.documentation)};
        SourceRange replaced =
            item.replace.file.valid() ? item.replace : SourceRange{a->file(), at, at};
        out.textEdit = {convert.range(replaced), std::move(item.insertText)};
        out.insertTextFormat = item.snippet ? protocol::InsertTextFormat::Snippet
                                            : protocol::InsertTextFormat::PlainText;
        out.sortText = std::move(item.sortText);
        out.filterText = std::move(item.filterText);
    }
    return list;
}

Reply<std::optional<protocol::Hover>> Server::onHover(const protocol::HoverParams& params) {
    OpenDocument& doc = document(params.textDocument);
    uint32_t at = offset(doc, params.position);
    auto a = analysis(doc);
    auto h = hover(*a, at);
    if (!h)
        return std::nullopt;
    ToLsp convert(*this, *a, doc.index.get());
    protocol::MarkupKind markup =
        client_.markdown ? protocol::MarkupKind::Markdown : protocol::MarkupKind::PlainText;
    return protocol::Hover{{markup, std::move(h->markdown)}, convert.range(h->range)};
}

// ---- navigation
// ----------------------------------------------------------------------------------------

Reply<std::vector<protocol::Location>>
Server::onDefinition(const protocol::DefinitionParams& params) {
    OpenDocument& doc = document(params.textDocument);
    uint32_t at = offset(doc, params.position);
    auto a = analysis(doc);
    ToLsp convert(*this, *a, doc.index.get());
    return locations(convert, definition(*a, at));
}

Reply<std::vector<protocol::Location>>
Server::onReferences(const protocol::ReferenceParams& params) {
    OpenDocument& doc = document(params.textDocument);
    uint32_t at = offset(doc, params.position);
    auto a = analysis(doc);
    ToLsp convert(*this, *a, doc.index.get());
    return locations(convert, references(*a, at, params.includeDeclaration));
}

Reply<std::optional<protocol::PrepareRenameResult>>
Server::onPrepareRename(const protocol::PrepareRenameParams& params) {
    OpenDocument& doc = document(params.textDocument);
    uint32_t at = offset(doc, params.position);
    auto a = analysis(doc);
    auto target = prepareRename(*a, at);
    if (!target)
        return std::nullopt;
    ToLsp convert(*this, *a, doc.index.get());
    return protocol::PrepareRenameResult{convert.range(target->range), target->placeholder};
}

Reply<protocol::WorkspaceEdit> Server::onRename(const protocol::RenameParams& params) {
    OpenDocument& doc = document(params.textDocument);
    uint32_t at = offset(doc, params.position);
    auto a = analysis(doc);
    RenameResult renamed = rename(*a, at, params.newName);
    if (!renamed.error.empty())
        return ResponseError{ErrorCode::RequestFailed, renamed.error};
    return ToLsp(*this, *a, doc.index.get()).workspaceEdit(renamed.edits);
}

// ---- outline
// -------------------------------------------------------------------------------------------

std::optional<uint32_t> Server::makeOutline(OpenDocument& doc, const Analysis& a,
                                            const std::function<bool()>& interrupted) {
    // Each top-level statement's symbols are written once and kept while its text stays the same
    // (an edit rewrites the edited block's): the answer is then the fragments, their lines filled
    // in. Only the fragments of this version are kept.
    doc.outline.begin(doc.text);
    doc.outlineAfresh.clear();
    uint32_t line = 0;
    uint32_t places = 0; // the fragments made so far
    bool stopped = false;
    // `until`: where the next top-level statement begins. A statement's symbols lie before it but
    // not always within the statement's range (one that error recovery left empty can hold blocks
    // down to the end of the text).
    // `keep`: whether the fragment may be kept for the next answer and taken from the last.
    std::string numbered;
    FragmentWriter writer(*doc.index, client_.encoding,
                          client_.hierarchicalSymbols ? std::string_view{} : doc.uri);
    auto add = [&](SourceRange whole, uint32_t until, bool keep, auto&& visit) {
        if (stopsAt(places, interrupted, stopped))
            return;
        Position start = doc.index->position(whole.begin, client_.encoding, line);
        auto write = [&](OutlineFragment& fragment) {
            writer.begin(fragment, start.line,
                         std::max({whole.begin, whole.end, until}) - whole.begin);
            visit();
        };
        OutlineFragment* fragment = nullptr;
        if (!keep) {
            fragment = &doc.outlineAfresh.emplace_back();
            write(*fragment);
        } else {
            fragment = &doc.outline.get(
                statementKey(doc.text, *doc.index, whole, until, start.line), write);
            // Where the statement kept its line (above an edit, or below one that added or
            // removed no line), the fragment's text is the answer's as it is.
            number(*fragment, start.line, numbered);
        }
        fragment->place = places++;
    };
    const syntax::File& tree = a.tree();
    for (const auto& imp : tree.imports)
        add(imp.range, imp.range.end, true, [&] {
            writer.enter(importSymbol(imp));
            writer.leave();
        });
    forEachTopStatement(
        tree, static_cast<uint32_t>(doc.text.size()), [&](size_t i, uint32_t until, bool keep) {
            const syntax::Statement& s = tree.statements[i];
            add(s.range(), until, keep, [&] { visitStatementSymbols(a, s, writer); });
        });
    // Interrupted, what was made is kept all the same: the next answer takes it up.
    doc.outline.end(doc.text);
    if (stopped)
        return std::nullopt;
    doc.outlineMade = true;
    return places;
}

void Server::makeAhead() {
    if (options_.litTest || (!client_.documentSymbols && !client_.semanticTokens))
        return;
    auto inputWaiting = [&] {
        std::lock_guard lock(inbox_->mutex);
        return !inbox_->queue.empty() || inbox_->inputEnded;
    };
    for (auto& [uri, doc] : documents_) {
        if (doc->stale || !doc->analysis)
            continue;
        auto a = doc->analysis;
        // Outside any request's handler: what would have been its error is logged, and not
        // tried again (the answer, when asked for, makes it and reports it).
        try {
            makeDocumentAhead(uri, *doc, *a, inputWaiting);
        } catch (const std::exception& e) {
            doc->outlineMade = doc->tokensMade = true;
            log(fmt::format("internal error making {}'s outline or tokens ahead: {}", uri,
                            e.what()));
        }
    }
}

void Server::makeDocumentAhead(const std::string& uri, OpenDocument& doc, const Analysis& a,
                               const std::function<bool()>& inputWaiting) {
    if (client_.documentSymbols && !doc.outlineMade && !inputWaiting()) {
        const size_t kept = doc.outline.size();
        const std::optional<uint32_t> made = makeOutline(doc, a, inputWaiting);
        if (options_.verbose)
            log(made ? fmt::format("outline of {} made ahead: {} fragments", uri, *made)
                     : fmt::format("outline of {} made ahead: interrupted, {} fragments kept "
                                   "(were {})",
                                   uri, doc.outline.size(), kept));
    }
    if (client_.semanticTokens && !doc.tokensMade && !inputWaiting()) {
        // Into the delta's buffer, which each answer clears.
        const size_t kept = doc.tokenPieces.size();
        doc.tokensMade = encodeSemanticTokens(a, *doc.index, client_.encoding, tokenScratch_,
                                              doc.tokenPieces, tokenDataScratch_, inputWaiting);
        if (options_.verbose)
            log(doc.tokensMade ? fmt::format("semantic tokens of {} made ahead: {} pieces", uri,
                                             doc.tokenPieces.size())
                               : fmt::format("semantic tokens of {} made ahead: interrupted, {} "
                                             "pieces kept (were {})",
                                             uri, doc.tokenPieces.size(), kept));
    }
}

Reply<RawJson> Server::onDocumentSymbol(const protocol::TextDocumentParams& params) {
    OpenDocument& doc = document(params.textDocument);
    auto a = analysis(doc);
    const uint32_t places = *makeOutline(doc, *a, {});
    // The answer is the fragments where they are kept, in their places, between brackets and
    // commas: written to the editor without being copied into one text (2.6 MB for the
    // 10 000-line benchmark).
    RawJson out;
    out.pieces.assign(2 * size_t{places} + 1, ",");
    out.pieces.front() = "[";
    out.pieces.back() = "]";
    auto place = [&](const OutlineFragment& f) { out.pieces[2 * size_t{f.place} + 1] = f.text; };
    doc.outline.forEach(place);
    for (const OutlineFragment& f : doc.outlineAfresh)
        place(f);
    if (places == 0)
        out.pieces = {"[]"};
    return out;
}

Reply<std::vector<protocol::SymbolInformation>>
Server::onWorkspaceSymbol(const protocol::WorkspaceSymbolParams& params) {
    std::vector<std::shared_ptr<const Analysis>> keep;
    std::set<fs::path> open;
    for (auto& [uri, doc] : documents_) {
        keep.push_back(analysis(*doc));
        open.insert(doc->path);
    }
    // Files of the workspace folders that are not open, parsed from disk (bounded).
    for (auto& a : analyseWorkspaceFiles(workspaceFolders_, open, 2000))
        keep.push_back(std::move(a));
    std::vector<const Analysis*> analyses;
    for (const auto& a : keep)
        analyses.push_back(a.get());
    std::vector<ToLsp> converters;
    converters.reserve(analyses.size());
    for (const Analysis* a : analyses)
        converters.emplace_back(*this, *a);
    std::vector<protocol::SymbolInformation> out;
    for (const auto& s : workspaceSymbols(analyses, params.query))
        out.push_back(
            {s.name, symbolKind(s.kind), converters[s.analysis].location(s.range), s.container});
    return out;
}

Reply<std::vector<protocol::FoldingRange>>
Server::onFoldingRange(const protocol::TextDocumentParams& params) {
    OpenDocument& doc = document(params.textDocument);
    auto a = analysis(doc);
    std::vector<protocol::FoldingRange> out;
    for (const auto& f : foldingRanges(*a)) {
        // Folding ranges are in lines only: the encoding of characters does not matter.
        Position b = doc.index->position(f.begin, PositionEncoding::Utf16);
        Position e = doc.index->position(f.end, PositionEncoding::Utf16);
        if (e.line <= b.line)
            continue;
        // A region folds up to the line of its closing brace, which stays visible.
        uint32_t endLine = e.line - (f.kind == FoldingRange::Kind::Region ? 1 : 0);
        if (endLine < b.line)
            continue;
        std::string kind = f.kind == FoldingRange::Kind::Comment   ? "comment"
                           : f.kind == FoldingRange::Kind::Imports ? "imports"
                                                                   : "";
        out.push_back({b.line, endLine, std::move(kind)});
    }
    return out;
}

Reply<std::vector<protocol::SelectionRange>>
Server::onSelectionRange(const protocol::SelectionRangeParams& params) {
    OpenDocument& doc = document(params.textDocument);
    auto a = analysis(doc);
    ToLsp convert(*this, *a, doc.index.get());
    std::vector<protocol::SelectionRange> out;
    for (const auto& p : params.positions) {
        auto ranges = selectionRanges(*a, offset(doc, p));
        // Innermost first from the feature; each range's parent is the next one out.
        std::unique_ptr<protocol::SelectionRange> node;
        for (auto it = ranges.rbegin(); it != ranges.rend(); ++it) {
            auto inner = std::make_unique<protocol::SelectionRange>();
            inner->range = convert.range(*it);
            inner->parent = std::move(node);
            node = std::move(inner);
        }
        out.push_back(node ? std::move(*node) : protocol::SelectionRange{});
    }
    return out;
}

// ---- semantic tokens
// -----------------------------------------------------------------------------------

Reply<RawJson> Server::onSemanticTokens(const protocol::TextDocumentParams& params) {
    OpenDocument& doc = document(params.textDocument);
    auto a = analysis(doc);
    encodeTokens(doc, *a, doc.semanticTokens);
    doc.semanticTokensId = std::to_string(++semanticTokensVersion_);
    return tokensJson(rawAnswer(), doc.semanticTokensId, doc.semanticTokens);
}

Reply<RawJson> Server::onSemanticTokensDelta(const protocol::SemanticTokensDeltaParams& params) {
    OpenDocument& doc = document(params.textDocument);
    auto a = analysis(doc);
    // Encoded into the buffer the tokens before last were in; the last ones stay for the diff.
    std::vector<uint32_t>& data = tokenDataScratch_;
    encodeTokens(doc, *a, data);
    bool known = !doc.semanticTokensId.empty() && params.previousResultId == doc.semanticTokensId;
    std::string id = std::to_string(++semanticTokensVersion_);
    RawJson result;
    if (known) {
        // Only what changed since the tokens the client has (VS Code asks so after every edit).
        std::optional<TokenDataEdit> edit = diffTokenData(doc.semanticTokens, data);
        result = tokensJson(rawAnswer(), id, {}, &edit);
    } else {
        result = tokensJson(rawAnswer(), id, data);
    }
    std::swap(doc.semanticTokens, data);
    doc.semanticTokensId = std::move(id);
    return result;
}

// ---- edits and actions
// ---------------------------------------------------------------------------------

Reply<std::vector<protocol::TextEdit>>
Server::onFormatting(const protocol::TextDocumentParams& params) {
    OpenDocument& doc = document(params.textDocument);
    auto a = analysis(doc);
    auto formatted = formatDocument(*a);
    if (!formatted)
        return ResponseError{ErrorCode::RequestFailed,
                             "the document has syntax errors; it is not formatted"};
    if (*formatted == doc.text)
        return std::vector<protocol::TextEdit>{};
    ToLsp convert(*this, *a, doc.index.get());
    SourceRange whole{a->file(), 0, static_cast<uint32_t>(doc.text.size())};
    return std::vector<protocol::TextEdit>{{convert.range(whole), std::move(*formatted)}};
}

Reply<std::vector<protocol::TextEdit>>
Server::onRangeFormatting(const protocol::TextDocumentRangeParams& params) {
    OpenDocument& doc = document(params.textDocument);
    uint32_t b = offset(doc, params.range.start), e = offset(doc, params.range.end);
    auto a = analysis(doc);
    ToLsp convert(*this, *a, doc.index.get());
    std::vector<protocol::TextEdit> out;
    for (const auto& edit : formatRange(*a, std::min(b, e), std::max(b, e)))
        out.push_back({convert.range(edit.range), edit.text});
    return out;
}

Reply<std::vector<protocol::CodeAction>>
Server::onCodeAction(const protocol::TextDocumentRangeParams& params) {
    OpenDocument& doc = document(params.textDocument);
    uint32_t b = offset(doc, params.range.start), e = offset(doc, params.range.end);
    auto a = analysis(doc);
    ToLsp convert(*this, *a, doc.index.get());
    std::vector<protocol::CodeAction> out;
    for (const auto& action : codeActions(*a, std::min(b, e), std::max(b, e))) {
        protocol::CodeAction& lsp = out.emplace_back();
        lsp.title = action.title;
        lsp.kind = action.kind;
        lsp.isPreferred = action.preferred;
        lsp.edit = convert.workspaceEdit(action.edits);
        if (action.diagnostic) // as it was published, so the client matches the two
            lsp.diagnostics.push_back(convert.diagnostic(a->diagnostics()[*action.diagnostic]));
    }
    return out;
}

Reply<std::vector<protocol::CodeLens>>
Server::onCodeLens(const protocol::TextDocumentParams& params) {
    OpenDocument& doc = document(params.textDocument);
    std::vector<protocol::CodeLens> out;
    if (!settings_.codeLens)
        return out;
    auto a = analysis(doc);
    ToLsp convert(*this, *a, doc.index.get());
    for (const auto& lens : deploymentLenses(*a)) {
        protocol::Range at = convert.range(lens.range);
        out.push_back({at, {lens.title, "", std::nullopt}});
        json arguments = json::array({{{"uri", doc.uri}, {"deployment", lens.deployment}}});
        out.push_back({at, {"generate", "modak.generate", std::move(arguments)}});
    }
    return out;
}

Reply<std::vector<protocol::InlayHint>>
Server::onInlayHint(const protocol::TextDocumentRangeParams& params) {
    OpenDocument& doc = document(params.textDocument);
    uint32_t b = offset(doc, params.range.start), e = offset(doc, params.range.end);
    std::vector<protocol::InlayHint> out;
    if (!settings_.inlayHints)
        return out;
    auto a = analysis(doc);
    ToLsp convert(*this, *a, doc.index.get());
    for (const auto& lens : deploymentLenses(*a)) {
        // After the block's opening brace: `deployment x {  ‹ngc + inductor · 2×4 GPU · 3
        // min/epoch›`
        const syntax::Statement* block = nullptr;
        for (const auto& s : a->tree().statements)
            if (s.name() && s.name()->range == lens.range)
                block = &s;
        uint32_t at = block && block->openBrace().end > 0 ? block->openBrace().end : lens.range.end;
        if (at < std::min(b, e) || at > std::max(b, e))
            continue; // the client asked for the hints of a range only
        out.push_back({convert.position(at),
                       " " + lens.title,
                       true,
                       {protocol::MarkupKind::Markdown, lens.tooltip}});
    }
    return out;
}

// ---- commands
// ------------------------------------------------------------------------------------------

Reply<json> Server::onExecuteCommand(const protocol::ExecuteCommandParams& params) {
    auto answer = [](auto reply) -> Reply<json> {
        if (!reply.ok())
            return reply.error();
        return json(reply.value());
    };
    if (params.command == "modak.generate")
        return answer(generateCommand(params.argument.get<protocol::GenerateArguments>()));
    if (params.command == "modak.import")
        return answer(importCommand(params.argument.get<protocol::ImportArguments>()));
    return ResponseError{ErrorCode::InvalidParams, "unknown command " + params.command};
}

model::FileScope Server::writableScope(const fs::path& near) const {
    // A command a client sends while a stranger's repository is open must not write outside the
    // workspace, nor through a link out of it.
    return model::FileScope::ofRoots(
        workspaceFolders_.empty() ? std::vector<fs::path>{model::FileScope::projectRootOf(near)}
                                  : workspaceFolders_);
}

// modak.generate {uri, deployment?, outputDir?}: what `modak generate` does, on the open (maybe
// unsaved) text: plan, generate, write all files or none; answers the files written.
Reply<protocol::GenerateResult> Server::generateCommand(const protocol::GenerateArguments& args) {
    OpenDocument& doc = document({args.uri});
    auto a = analysis(doc);
    GenerateRequest request;
    request.deployment = args.deployment;
    request.outputDir = (doc.path.parent_path() / args.outputDir).lexically_normal();
    request.version = options_.version;
    request.writable = writableScope(doc.path.parent_path());
    request.write = options_.writeFiles;
    GenerateOutcome outcome = generateAndWrite(*a, request);
    if (!outcome.error.empty())
        return ResponseError{ErrorCode::RequestFailed, outcome.error};
    protocol::GenerateResult result{request.outputDir.string(), {}};
    for (const auto& f : outcome.files)
        result.files.push_back(f.string());
    return result;
}

// modak.import {source, output?, name?, force?}: what `modak import` does. The source is a path or
// a file: URI, relative to the first workspace folder; the output is relative to the source's
// folder.
Reply<protocol::ImportResult> Server::importCommand(const protocol::ImportArguments& args) {
    fs::path source =
        args.source.rfind("file://", 0) == 0 ? pathFromUri(args.source) : fs::path(args.source);
    if (source.is_relative() && !workspaceFolders_.empty())
        source = workspaceFolders_.front() / source;
    fs::path output =
        args.output ? fs::path(*args.output) : fs::path(source).replace_extension(".modak");
    if (output.is_relative())
        output = source.parent_path() / output;
    ImportRequest request;
    request.source = source;
    request.output = output.lexically_normal();
    request.name = args.name;
    request.force = args.force;
    request.importRoots = settings_.importRoots;
    request.writable = writableScope(source.parent_path());
    request.write = options_.writeFiles;
    ImportOutcome outcome = importAndWrite(request);
    if (!outcome.error.empty())
        return ResponseError{ErrorCode::RequestFailed, outcome.error};
    return protocol::ImportResult{request.output.string(), uriFromPath(request.output),
                                  std::move(outcome.warnings)};
}

} // namespace modak::lsp
