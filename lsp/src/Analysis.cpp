// SPDX-License-Identifier: Apache-2.0
#include "modak/lsp/Analysis.h"

#include "modak/lsp/Features.h"
#include "modak/model/LaunchCheck.h"

#include <tree_sitter/api.h>

extern "C" const TSLanguage* tree_sitter_modak();

namespace modak::lsp {

namespace fs = std::filesystem;

std::shared_ptr<const Analysis> Analysis::build(fs::path path, std::string text,
                                                const Overlay* overlay, const TSTree* tsTree,
                                                const std::vector<fs::path>& importRoots,
                                                const DiagnosticPolicy& policy, bool planHere,
                                                const Analysis* previous) {
    std::shared_ptr<Analysis> a(new Analysis());
    a->path_ = std::move(path);
    a->sm_ = std::make_unique<SourceManager>();
    if (tsTree)
        a->tsTree_ = ts_tree_copy(tsTree);
    const bool edited = previous && previous->path_ == a->path_;
    a->file_ = edited ? a->sm_->addBuffer(a->path_.string(), std::move(text),
                                          previous->sm_->buffer(previous->file_))
                      : a->sm_->addBuffer(a->path_.string(), std::move(text));
    model::LoadOptions options;
    options.importRoots = importRoots;
    options.rootReadFromPath = false; // the text is the editor's (or was read by the caller)
    if (overlay) {
        // Open editor buffers win over the files on disk, so imports see unsaved edits.
        options.reader = [overlay](SourceManager& sm, const fs::path& p,
                                   std::string& error) -> std::optional<FileId> {
            std::error_code ec;
            fs::path key = fs::weakly_canonical(fs::absolute(p), ec);
            if (auto it = overlay->find(ec ? p : key); it != overlay->end())
                return sm.addBuffer(p.string(), it->second);
            return sm.readFile(p, error);
        };
    }
    options.keepForNextVersion = true;
    if (previous && previous->path_ == a->path_ && previous->program_.root()) {
        options.previousRoot.emplace(
            syntax::PreviousParse{previous->program_.root()->tree, previous->text(),
                                  previous->program_.root()->parseDiagnostics});
        options.previousChecks = previous->program_.blockChecks;
    }
    Diagnostics& found = a->found_;
    a->policy_ = policy;
    a->program_ = model::loadProgram(*a->sm_, a->file_, found, options);
    // Once, here, for every feature: push and pull diagnostics, code actions and the plan's "has
    // errors" all read the same list the CLI prints.
    a->diags_.items() = applyPolicy(found, policy);
    // A launcher in `run` is read against the plan (as `modak check` does), with its quick fix.
    if (planHere && !a->diags_.hasErrors() && model::startsLauncher(a->program_)) {
        model::checkLaunches(a->plan(), found);
        a->diags_.items() = applyPolicy(found, policy);
    }
    return a;
}

Analysis::~Analysis() {
    if (tsTree_)
        ts_tree_delete(tsTree_);
}

const TSTree* Analysis::syntaxTree() const {
    if (!tsTree_) { // parsed on first use: the language server's requests never read it
        TSParser* parser = ts_parser_new();
        ts_parser_set_language(parser, tree_sitter_modak());
        std::string_view source = text();
        tsTree_ = ts_parser_parse_string(parser, nullptr, source.data(),
                                         static_cast<uint32_t>(source.size()));
        ts_parser_delete(parser);
    }
    return tsTree_;
}

const syntax::File& Analysis::tree() const {
    return program_.root()->tree;
}

const model::Plan& Analysis::plan() const {
    if (!plan_) {
        if (diags_.hasErrors())
            plan_.emplace();
        else
            plan_ = model::planProgram(*sm_, program_, {}, planDiags_);
    }
    return *plan_;
}

const Diagnostics& Analysis::planDiagnostics() const {
    plan();
    return planDiags_;
}

std::shared_ptr<const model::Catalogue> Analysis::buildCatalogue() const {
    Diagnostics ignored; // the checks already reported what is wrong with catalogue files
    return std::make_shared<const model::Catalogue>(
        model::programCatalogue(*sm_, program_, {}, ignored));
}

std::shared_ptr<const DeploymentView> Analysis::deploymentView(std::string_view name) const {
    if (!viewsGiven_) {
        for (const auto& d : plan().deployments)
            if (d.name == name)
                views_.try_emplace(d.name, std::make_shared<const DeploymentView>(viewOf(d)));
    }
    auto it = views_.find(name);
    return it == views_.end() ? nullptr : it->second;
}

bool Analysis::planPending(std::string_view name) const {
    return pending_.count(name) > 0;
}

void Analysis::setPlans(
    std::map<std::string, std::shared_ptr<const DeploymentView>, std::less<>> views,
    std::set<std::string, std::less<>> pending, std::vector<Diagnostic> planDiagnostics) const {
    viewsGiven_ = true;
    views_ = std::move(views);
    pending_ = std::move(pending);
    Diagnostics all = found_;
    for (auto& d : planDiagnostics)
        all.items().push_back(std::move(d));
    diags_.items() = applyPolicy(all, policy_);
}

} // namespace modak::lsp
