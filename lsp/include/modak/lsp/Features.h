// SPDX-License-Identifier: Apache-2.0
//! The language features, as functions of an Analysis and byte offsets. They know nothing of LSP,
//! JSON or UTF-16: ranges are byte SourceRanges (in the document or in an imported file), text is
//! markdown where it is documentation. The server (Server.cpp) converts both ways.
//! Every feature must cope with any offset (0..text().size() inclusive) and any half-typed input.
#pragma once

#include "modak/lsp/Analysis.h"
#include "modak/model/FileScope.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace modak::lsp {

// ---- completion (features/Completion.cpp) ---------------------------------------------------
struct CompletionItem {
    enum class Kind : uint8_t {
        Keyword,
        Block,
        Property,
        Value,
        Enum,
        Reference,
        Unit,
        Snippet,
        File
    };
    std::string label;
    Kind kind = Kind::Property;
    std::string detail; ///< one line: the type or where it comes from ("int ≥1", "catalogue")
    std::string documentation; ///< markdown
    std::string insertText;    ///< plain text, or a snippet (`$1`, `${2:name}`) when `snippet`
    bool snippet = false;
    /// The text the item replaces (the word being typed); empty = insert at offset
    SourceRange replace;
    std::string sortText, filterText;
};
/// Where completion's lexical scan of the text before the cursor may start, kept per open document
/// across its versions: the line starts outside every block (and bracket, string and comment) with
/// the top-level keys given before each. Without them the scan starts at the top of the document
/// (on a 10 000-line document, 4 ms at its end); an edit rescans from the last checkpoint before it
/// until the old checkpoints hold again (usually the edited block).
class ScanCheckpoints {
public:
    struct Checkpoint {
        uint32_t offset = 0;
        std::set<std::string> keys; ///< the top-level keys given before `offset`
    };
    /// Bytes [begin, oldEnd) of the text were replaced by [begin, newEnd).
    void edited(uint32_t begin, uint32_t oldEnd, uint32_t newEnd);
    /// The whole text was replaced.
    void reset() { built_ = dirty_ = false; }
    /// Brings the checkpoints up to `text` (the text after the edits told to `edited`).
    void update(std::string_view text);
    /// The last checkpoint at or before `offset`, or null.
    const Checkpoint* before(uint32_t offset) const;

private:
    std::vector<Checkpoint> points_;
    bool built_ = false, dirty_ = false;
    uint32_t dirtyBegin_ = 0, dirtyEnd_ = 0; ///< what the edits changed, in the current text
    int64_t delta_ = 0;                      ///< how far the edits moved what follows them
};

struct CompletionOptions {
    bool snippets = false; ///< the client supports snippet syntax
    /// The document's checkpoints (ScanCheckpoints), for the text of `complete`'s analysis; null:
    /// the scan starts at the top.
    ScanCheckpoints* checkpoints = nullptr;
};
std::vector<CompletionItem> complete(const Analysis& analysis, uint32_t offset,
                                     const CompletionOptions& options);

// ---- hover (features/Hover.cpp) -----------------------------------------------------------------
struct HoverResult {
    std::string markdown;
    SourceRange range; ///< what the hover is about
};
/// Keys and values: their documentation; a reference: the block it names; a deployment: the model's
/// choice and predicted time per epoch.
std::optional<HoverResult> hover(const Analysis& analysis, uint32_t offset);

// ---- navigation (features/Navigation.cpp) -----------------------------------------------------
/// Where the name at `offset` is defined (a reference, or a block's own name).
std::vector<SourceRange> definition(const Analysis& analysis, uint32_t offset);
/// Every mention of the block named at `offset` in the program (this file and its imports).
std::vector<SourceRange> references(const Analysis& analysis, uint32_t offset,
                                    bool includeDeclaration);
struct RenameTarget {
    SourceRange range;       ///< the name under the cursor
    std::string placeholder; ///< its current text
};
std::optional<RenameTarget> prepareRename(const Analysis& analysis, uint32_t offset);
struct RenameResult {
    std::vector<TextEdit> edits; ///< across files: each edit's range names its file
    std::string error;           ///< non-empty: why the rename is refused (invalid name, clash)
};
RenameResult rename(const Analysis& analysis, uint32_t offset, std::string_view newName);

// ---- outline (features/Outline.cpp) -----------------------------------------------------------
struct DocumentSymbol {
    enum class Kind : uint8_t {
        Deployment,
        Application,
        Target,
        Workload,
        Image,
        Block,
        Property,
        Import
    };
    std::string name, detail;
    Kind kind = Kind::Block;
    SourceRange range, selectionRange;
    std::vector<DocumentSymbol> children;
};
std::vector<DocumentSymbol> documentSymbols(const Analysis& analysis);
/// The symbol of one top-level statement of the document (what documentSymbols gives for it): it
/// depends on the statement's text alone.
DocumentSymbol statementSymbol(const Analysis& analysis, const syntax::Statement& statement);
DocumentSymbol importSymbol(const syntax::Import& import);
/// The symbols of a statement's tree as they are made, in document order: `enter` for each, then
/// its children, then `leave`. The symbol given has no children and is good only during the call
/// (its strings are reused): a writer of the outline's ~11 000 symbols (a 10 000-line document)
/// needs none of them built as a tree.
class SymbolVisitor {
public:
    virtual ~SymbolVisitor() = default;
    virtual void enter(const DocumentSymbol& symbol) = 0;
    virtual void leave() = 0;

    /// Where the symbols given are made, one a depth: kept with the visitor, so that their strings
    /// are reused from one statement to the next.
    std::vector<DocumentSymbol> levels;
};
/// What statementSymbol builds, given to `visitor` (statementSymbol is built from it).
void visitStatementSymbols(const Analysis& analysis, const syntax::Statement& statement,
                           SymbolVisitor& visitor);
struct WorkspaceSymbol {
    std::string name, container; ///< container: the file name
    DocumentSymbol::Kind kind = DocumentSymbol::Kind::Block;
    std::filesystem::path path;
    SourceRange range;   ///< in `analyses[i].sources()` of the analysis it came from
    size_t analysis = 0; ///< index into the span given
};
/// Named top-level blocks of every analysis whose name matches `query` (case-insensitive
/// subsequence).
std::vector<WorkspaceSymbol> workspaceSymbols(std::span<const Analysis* const> analyses,
                                              std::string_view query);

struct FoldingRange {
    uint32_t begin = 0, end = 0; ///< byte offsets of the first and last folded characters
    enum class Kind : uint8_t { Region, Comment, Imports } kind = Kind::Region;
};
std::vector<FoldingRange> foldingRanges(const Analysis& analysis);
/// Innermost first: word, value, statement, enclosing blocks, whole file.
std::vector<SourceRange> selectionRanges(const Analysis& analysis, uint32_t offset);

// ---- semantic tokens (features/SemanticTokens.cpp)
// ------------------------------------------------
struct SemanticToken {
    uint32_t begin = 0, end = 0; ///< bytes, on one line
    /// The server's legend lists these in this order (the type's number is its index there).
    enum class Type : uint8_t {
        Keyword,
        Type,
        Property,
        EnumMember,
        Variable,
        String,
        Number,
        Comment,
        Operator,
        Namespace
    };
    static constexpr size_t kTypeCount = static_cast<size_t>(Type::Namespace) + 1;
    /// Bits of `modifiers`, in the legend's order.
    enum Modifier : uint32_t {
        Declaration = 1u << 0,
        Readonly = 1u << 1,
        DefaultLibrary = 1u << 2
    };
    static constexpr size_t kModifierCount = 3;
    Type type = Type::Keyword;
    uint32_t modifiers =
        0; ///< Modifier bits; DefaultLibrary marks the language's and the catalogue's names
};
/// The name of a token type or a modifier bit's index in the LSP legend ("keyword", "declaration").
std::string_view semanticTokenTypeName(SemanticToken::Type type);
std::string_view semanticTokenModifierName(size_t bit);
/// In document order, non-overlapping, never spanning lines.
std::vector<SemanticToken> semanticTokens(const Analysis& analysis);
/// The same into `out`, replacing what it held and reusing its storage (a server asks for the
/// whole document's tokens after every edit).
void semanticTokens(const Analysis& analysis, std::vector<SemanticToken>& out);
/// The part of them that begins in [from, to): the header's, imports' and comments' there, and the
/// top-level `statement`'s (may be null), which must lie there. A document's parts, from its start
/// to the first statement's and from each top-level statement's start to the next one's, make
/// up its tokens: a server keeps a statement's while its text is unchanged.
void semanticTokensBetween(const Analysis& analysis, const syntax::Statement* statement,
                           uint32_t from, uint32_t to, std::vector<SemanticToken>& out);

/// One edit turning an encoded token array into another: the common prefix and suffix stay, the
/// middle `[start, start + deleteCount)` is replaced by `data`.
struct TokenDataEdit {
    size_t start = 0, deleteCount = 0;
    std::vector<uint32_t> data;
};
/// nullopt when the arrays are equal.
std::optional<TokenDataEdit> diffTokenData(std::span<const uint32_t> previous,
                                           std::span<const uint32_t> current);

// ---- edits (features/Edits.cpp)
// ------------------------------------------------------------------
/// The whole document formatted like `modak fmt`; nullopt when it has syntax errors.
std::optional<std::string> formatDocument(const Analysis& analysis);
/// Minimal edits that format the lines overlapping [begin, end); empty when nothing changes or the
/// document has syntax errors.
std::vector<TextEdit> formatRange(const Analysis& analysis, uint32_t begin, uint32_t end);
struct CodeAction {
    std::string title;
    std::string kind = "quickfix"; ///< quickfix, source.fixAll
    std::vector<TextEdit> edits;
    std::optional<size_t> diagnostic; ///< index into analysis.diagnostics() it fixes
    bool preferred = false;
};
/// The fixes diagnostics overlapping [begin, end) carry, and a fix-all when there are several.
std::vector<CodeAction> codeActions(const Analysis& analysis, uint32_t begin, uint32_t end);

// ---- model (features/ModelLens.cpp)
// ---------------------------------------------------------------
struct DeploymentLens {
    std::string deployment;
    SourceRange range;   ///< the deployment's name
    std::string title;   ///< "ngc_pytorch_23_10 + inductor · 2×4 A100 · 41 min/epoch"
    std::string tooltip; ///< markdown: the explanation and the best alternatives
};
/// One per deployment of the document with a plan (inlay hints and code lenses show these).
std::vector<DeploymentLens> deploymentLenses(const Analysis& analysis);
/// What a hover and a lens show of one deployment's plan (made once per plan, Analysis.h).
DeploymentView viewOf(const model::DeploymentPlan& plan);

// ---- workspace (features/Workspace.cpp)
// ----------------------------------------------------------------
/// The `.modak` files under `folders` that are not in `skip` (already open), read from disk and
/// analysed, at most `budget` of them. Links out of a folder are not followed.
std::vector<std::shared_ptr<const Analysis>>
analyseWorkspaceFiles(const std::vector<std::filesystem::path>& folders,
                      const std::set<std::filesystem::path>& skip, size_t budget);

// ---- commands (features/Commands.cpp)
// ------------------------------------------------------------------
/// `modak generate` on an analysed (maybe unsaved) document: plan, generate, write all files or
/// none.
struct GenerateRequest {
    std::string deployment;          ///< empty: every deployment of the document
    std::filesystem::path outputDir; ///< absolute
    std::string version;             ///< modak's, for the generated headers
    model::FileScope writable;       ///< where files may be written
    bool write = true;               ///< false: check everything, write nothing (refused)
};
struct GenerateOutcome {
    std::vector<std::filesystem::path> files; ///< written
    std::string error;                        ///< non-empty: why nothing was written
};
GenerateOutcome generateAndWrite(const Analysis& analysis, const GenerateRequest& request);

/// `modak import` of an original MODAK JSON job, checked, then written atomically.
struct ImportRequest {
    std::filesystem::path source, output; ///< absolute
    std::string name;                     ///< of the application, when given
    bool force = false;                   ///< overwrite an existing `output`
    std::vector<std::filesystem::path> importRoots;
    model::FileScope writable;
    bool write = true;
};
struct ImportOutcome {
    std::vector<std::string> warnings;
    std::string error; ///< non-empty: why nothing was written
};
ImportOutcome importAndWrite(const ImportRequest& request);

} // namespace modak::lsp
