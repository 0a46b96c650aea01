// SPDX-License-Identifier: Apache-2.0
//! A checked .modak program: a root file, the files it imports, and the named blocks of all of
//! them. Loading resolves imports (relative to the importing file, inside the program's FileScope),
//! detects cycles, missing files and files that are not `.modak` sources, and runs the schema
//! checks of docs/language.md §3–§5. Nothing here needs the performance model.
#pragma once

#include "modak/diag/Diagnostic.h"
#include "modak/model/FileScope.h"
#include "modak/syntax/Ast.h"
#include "modak/syntax/Parser.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace modak::model {

/// One parsed file of a program.
struct Document {
    FileId file;
    std::filesystem::path path; ///< as resolved (for cycle detection and relative imports)
    syntax::File tree;
    /// Indices into Program::documents of the files this one imports and that could be loaded (an
    /// import closing a cycle is not listed).
    std::vector<size_t> imports;
    /// The root's: what parsing it reported, in order (a later version's syntax::reparse reads
    /// them).
    std::vector<Diagnostic> parseDiagnostics;
};

/// A named top-level block (`application mnist`) and where it lives. Like the block, its kind and
/// name are views into the source.
struct Symbol {
    std::string_view kind; ///< application, target, deployment, workload, image
    std::string_view name;
    FileId file;
    const syntax::Statement* block = nullptr;
};

/// Reads a file into the SourceManager; returns nullopt and sets `error` when it cannot. The LSP
/// substitutes one that prefers open editor buffers.
using FileReader = std::function<std::optional<FileId>(SourceManager&, const std::filesystem::path&,
                                                       std::string& error)>;

/// Reads from disk via SourceManager::readFile.
FileReader diskReader();

/// What the checks found in each top-level block of a program's root (model/src/Sema.cpp): the
/// next version's checks repeat them for a block whose text, and the names the program defines, are
/// the same (the language server checks a document after every edit; an edit changes one block).
struct BlockChecks;

struct Program {
    std::vector<std::unique_ptr<Document>> documents; ///< root first, then imports depth-first
    std::vector<Symbol> symbols;                      ///< all named top-level blocks
    /// find's and lookup's hash table over `symbols` (model/src/SymbolIndex.h), filled by
    /// loadProgram; empty: they scan `symbols`.
    std::vector<uint64_t> symbolSlots;
    /// Where the program's paths may lead: imports were resolved in it, and so are the `catalog`
    /// and `calibration` files the plan reads.
    FileScope scope;
    /// The workloads the program's `catalog = "…"` files define: `workload = NAME` may name them
    /// as it names a built-in one.
    std::vector<std::string> catalogueWorkloads;
    /// Kept when LoadOptions::keepForNextVersion asks for it, else null.
    std::shared_ptr<const BlockChecks> blockChecks;

    const Document* root() const { return documents.empty() ? nullptr : documents.front().get(); }
    /// The block `kind name` anywhere in the program, or nullptr.
    const Symbol* find(std::string_view kind, std::string_view name) const;
    /// The document of `file`, or nullptr.
    const Document* document(FileId file) const;
    /// The block `kind name` visible from `from`: defined in that file or in a file it imports,
    /// directly or transitively. nullptr if there is none.
    const Symbol* lookup(FileId from, std::string_view kind, std::string_view name) const;
    /// Every block of `kind` visible from `from`, in definition order (imports first).
    std::vector<const Symbol*> visibleSymbols(FileId from, std::string_view kind) const;
};

struct LoadOptions {
    FileReader reader = diskReader();
    uint32_t maxImportDepth = 32;
    /// Folders the user trusts beside the root file's project (`--import-root`,
    /// `modak.importRoots`).
    std::vector<std::filesystem::path> importRoots;
    /// Whether the root's text was read from its path, which then may not be a symbolic link out of
    /// its project. False for an editor's buffer: its text is the client's, whatever the path.
    bool rootReadFromPath = true;
    /// An earlier version of the root (the language server's last analysis of the buffer): the
    /// statements its edit left alone are moved rather than parsed (syntax::reparse).
    std::optional<syntax::PreviousParse> previousRoot;
    /// The root will be loaded again after an edit (the language server's buffer): keep what that
    /// load reuses, the parse's marks (ParseOptions::marks) and Program::blockChecks. The checks of
    /// `previousChecks`, the last version's (alive, with the text it was checked in, during the
    /// load), are repeated where a block is unchanged. The diagnostics are the same either way.
    bool keepForNextVersion = false;
    std::shared_ptr<const BlockChecks> previousChecks;
    /// Whether loadProgram runs checkProgram. `modak check` of one file calls it itself, on one
    /// thread while another checks the launchers.
    bool check = true;
    /// Threads to parse the root with (syntax::ParseOptions::threads).
    unsigned parseThreads = 1;
};

/// Parses `root` (already in `sm`), loads its imports recursively, builds the symbol table and runs
/// every semantic check (unless `options.check` leaves them to the caller). Never throws; all
/// problems are appended to `diags`.
Program loadProgram(SourceManager& sm, FileId root, Diagnostics& diags,
                    const LoadOptions& options = {});

/// Runs the schema and fact checks on an already loaded program (loadProgram calls this).
void checkProgram(const SourceManager& sm, const Program& program, Diagnostics& diags);
/// The same, repeating `previous`'s findings for unchanged blocks of the root; returns this run's
/// (for the next).
std::shared_ptr<const BlockChecks> checkProgram(const SourceManager& sm, const Program& program,
                                                Diagnostics& diags, const BlockChecks* previous);

} // namespace modak::model
