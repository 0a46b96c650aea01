// SPDX-License-Identifier: Apache-2.0
//! The language features, as functions of an Analysis and byte offsets. They know nothing of LSP,
//! JSON or UTF-16: ranges are byte SourceRanges (in the document or in an imported file), text is
//! markdown where it is documentation. The server (Server.cpp) converts both ways.
//! Every feature must cope with any offset (0..text().size() inclusive) and any half-typed input.
#pragma once

#include "modak/lsp/Analysis.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace modak::lsp {

// ---- completion (features/Completion.cpp) ---------------------------------------------------
struct CompletionItem {
    enum class Kind : uint8_t { Keyword, Block, Property, Value, Enum, Reference, Unit, Snippet, File };
    std::string label;
    Kind kind = Kind::Property;
    std::string detail;         ///< one line: the type or where it comes from ("int ≥1", "catalogue")
    std::string documentation;  ///< markdown
    std::string insertText;     ///< plain text, or a snippet (`$1`, `${2:name}`) when `snippet`
    bool snippet = false;
    SourceRange replace;        ///< the text the item replaces (the word being typed); empty = insert at offset
    std::string sortText, filterText;
};
struct CompletionOptions {
    bool snippets = false;  ///< the client supports snippet syntax
};
std::vector<CompletionItem> complete(const Analysis& analysis, uint32_t offset, const CompletionOptions& options);

// ---- hover (features/Hover.cpp) -----------------------------------------------------------------
struct HoverResult {
    std::string markdown;
    SourceRange range;  ///< what the hover is about
};
/// Keys and values: their documentation; a reference: the block it names; a deployment: the model's
/// choice and predicted time per epoch.
std::optional<HoverResult> hover(const Analysis& analysis, uint32_t offset);

// ---- navigation (features/Navigation.cpp) -----------------------------------------------------
/// Where the name at `offset` is defined (a reference, or a block's own name).
std::vector<SourceRange> definition(const Analysis& analysis, uint32_t offset);
/// Every mention of the block named at `offset` in the program (this file and its imports).
std::vector<SourceRange> references(const Analysis& analysis, uint32_t offset, bool includeDeclaration);
struct RenameTarget {
    SourceRange range;        ///< the name under the cursor
    std::string placeholder;  ///< its current text
};
std::optional<RenameTarget> prepareRename(const Analysis& analysis, uint32_t offset);
struct RenameResult {
    std::vector<TextEdit> edits;  ///< across files: each edit's range names its file
    std::string error;            ///< non-empty: why the rename is refused (invalid name, clash)
};
RenameResult rename(const Analysis& analysis, uint32_t offset, std::string_view newName);

// ---- outline (features/Outline.cpp) -----------------------------------------------------------
struct DocumentSymbol {
    enum class Kind : uint8_t { Deployment, Application, Target, Workload, Image, Block, Property, Import };
    std::string name, detail;
    Kind kind = Kind::Block;
    SourceRange range, selectionRange;
    std::vector<DocumentSymbol> children;
};
std::vector<DocumentSymbol> documentSymbols(const Analysis& analysis);
struct WorkspaceSymbol {
    std::string name, container;  ///< container: the file name
    DocumentSymbol::Kind kind = DocumentSymbol::Kind::Block;
    std::filesystem::path path;
    SourceRange range;  ///< in `analyses[i].sources()` of the analysis it came from
    size_t analysis = 0;  ///< index into the span given
};
/// Named top-level blocks of every analysis whose name matches `query` (case-insensitive subsequence).
std::vector<WorkspaceSymbol> workspaceSymbols(std::span<const Analysis* const> analyses, std::string_view query);

struct FoldingRange {
    uint32_t begin = 0, end = 0;  ///< byte offsets of the first and last folded characters
    enum class Kind : uint8_t { Region, Comment, Imports } kind = Kind::Region;
};
std::vector<FoldingRange> foldingRanges(const Analysis& analysis);
/// Innermost first: word, value, statement, enclosing blocks, whole file.
std::vector<SourceRange> selectionRanges(const Analysis& analysis, uint32_t offset);

struct SemanticToken {
    uint32_t begin = 0, end = 0;  ///< bytes, on one line
    enum class Type : uint8_t { Keyword, Type, Property, EnumMember, Variable, String, Number, Comment, Operator, Namespace } type;
    uint32_t modifiers = 0;  ///< bit 0 declaration, bit 1 readonly, bit 2 defaultLibrary (catalogue names)
};
/// In document order, non-overlapping, never spanning lines.
std::vector<SemanticToken> semanticTokens(const Analysis& analysis);

// ---- edits (features/Edits.cpp) ------------------------------------------------------------------
/// The whole document formatted like `modak fmt`; nullopt when it has syntax errors.
std::optional<std::string> formatDocument(const Analysis& analysis);
/// Minimal edits that format the lines overlapping [begin, end); empty when nothing changes or the
/// document has syntax errors.
std::vector<TextEdit> formatRange(const Analysis& analysis, uint32_t begin, uint32_t end);
struct CodeAction {
    std::string title;
    std::string kind = "quickfix";  ///< quickfix, source.fixAll
    std::vector<TextEdit> edits;
    std::optional<size_t> diagnostic;  ///< index into analysis.diagnostics() it fixes
    bool preferred = false;
};
/// The fixes diagnostics overlapping [begin, end) carry, and a fix-all when there are several.
std::vector<CodeAction> codeActions(const Analysis& analysis, uint32_t begin, uint32_t end);

// ---- model (features/ModelLens.cpp) ---------------------------------------------------------------
struct DeploymentLens {
    std::string deployment;
    SourceRange range;  ///< the deployment's name
    std::string title;  ///< "ngc_pytorch_23_10 + inductor · 2×4 A100 · 41 min/epoch"
    std::string tooltip;  ///< markdown: the explanation and the best alternatives
};
/// One per deployment of the document with a plan (inlay hints and code lenses show these).
std::vector<DeploymentLens> deploymentLenses(const Analysis& analysis);

} // namespace modak::lsp
