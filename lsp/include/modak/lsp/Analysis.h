// SPDX-License-Identifier: Apache-2.0
//! One analysed version of a document: the parsed and checked program rooted at it (imports read
//! from open editor buffers first, then disk), its diagnostics, the error-tolerant tree-sitter
//! tree, and — on first use — the optimiser's plan. Features read an Analysis and know nothing of
//! LSP: they take and return byte offsets and SourceRanges; the server converts positions
//! (Positions.h).
#pragma once

#include "modak/diag/Diagnostic.h"
#include "modak/diag/DiagnosticEngine.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

struct TSTree;

namespace modak::lsp {

/// Texts of open documents by absolute path, so imports see unsaved edits.
using Overlay = std::map<std::filesystem::path, std::string>;

/// What requests show of one deployment's plan, made once when it is planned (hover and lenses
/// then format nothing and keep no plan).
struct DeploymentView {
    std::string hover; ///< markdown: the model's choice, its prediction and best alternatives
    std::string title; ///< the lens: "ngc_pytorch_23_10 · 2×4 GPU · 41 min/epoch"; "" without one
};

class Analysis {
public:
    /// Parses and checks `text` as the file `path` (absolute). `overlay` (optional) supplies open
    /// documents for imports; `tsTree`, when given, is the document's current tree-sitter tree (the
    /// Analysis keeps its own copy); without it the text is parsed by tree-sitter when first asked
    /// for (syntaxTree).
    /// Imports resolve inside the document's project and `importRoots` (docs/security.md).
    /// `policy` is applied to the diagnostics as the CLI applies it, so the editor shows what
    /// `modak check` prints. `planHere` false: the plan's diagnostics (launchers read against the
    /// chosen scale) and views are not made here but given later by `setPlans` (the language
    /// server plans off the request path, lsp/src/Planner.h). `previous`, an analysis of an
    /// earlier version of the same file, lends the statements the edit left alone to the parse
    /// (syntax::reparse); the result is the same.
    static std::shared_ptr<const Analysis>
    build(std::filesystem::path path, std::string text, const Overlay* overlay = nullptr,
          const TSTree* tsTree = nullptr,
          const std::vector<std::filesystem::path>& importRoots = {},
          const DiagnosticPolicy& policy = {}, bool planHere = true,
          const Analysis* previous = nullptr);
    ~Analysis();
    Analysis(const Analysis&) = delete;
    Analysis& operator=(const Analysis&) = delete;

    const std::filesystem::path& path() const { return path_; }
    const SourceManager& sources() const { return *sm_; }
    SourceManager& sources() { return *sm_; }
    FileId file() const { return file_; } ///< the document itself
    std::string_view text() const { return sm_->text(file_); }
    const model::Program& program() const { return program_; }
    /// The document's tree (program().root()->tree).
    const syntax::File& tree() const;
    /// Every diagnostic of the program, all files (filter by `file()` for this document's), after
    /// the policy: sorted by place, ignored ones dropped, severities as `--werror` makes them.
    const Diagnostics& diagnostics() const { return diags_; }
    /// The error-tolerant tree-sitter tree of the document (never null): the one given to build,
    /// else parsed on the first call.
    const TSTree* syntaxTree() const;
    /// The optimiser's plan for the document's deployments (computed on first call; warnings of
    /// planning are in `planDiagnostics()`). Empty when the program has errors.
    const model::Plan& plan() const;
    const Diagnostics& planDiagnostics() const;
    /// The catalogue this program plans with (built-in, catalogue files, its image and workload
    /// blocks), built on each call.
    std::shared_ptr<const model::Catalogue> buildCatalogue() const;

    /// What requests show of deployment `name`'s plan: null when it has none (errors, no such
    /// deployment) or, after `setPlans`, when it is not planned yet (`planPending`).
    std::shared_ptr<const DeploymentView> deploymentView(std::string_view name) const;
    bool planPending(std::string_view name) const;
    /// The plans known so far (views by deployment name, `pending` names still being planned) and
    /// the diagnostics they carry; diagnostics() is then the program's and these, after the policy.
    /// Called on the server's thread only, like every reader of an Analysis but the planner's.
    void setPlans(std::map<std::string, std::shared_ptr<const DeploymentView>, std::less<>> views,
                  std::set<std::string, std::less<>> pending,
                  std::vector<Diagnostic> planDiagnostics) const;

private:
    Analysis() = default;
    std::filesystem::path path_;
    std::unique_ptr<SourceManager> sm_;
    FileId file_;
    model::Program program_;
    Diagnostics found_; ///< the program's, before the policy
    DiagnosticPolicy policy_;
    mutable Diagnostics diags_; ///< found_ and the plans' (setPlans), after the policy
    mutable TSTree* tsTree_ = nullptr;
    mutable bool viewsGiven_ = false; ///< setPlans was called: views_ and pending_ are the server's
    mutable std::map<std::string, std::shared_ptr<const DeploymentView>, std::less<>> views_;
    mutable std::set<std::string, std::less<>> pending_;
    mutable std::optional<model::Plan> plan_;
    mutable Diagnostics planDiags_;
};

} // namespace modak::lsp
