// SPDX-License-Identifier: Apache-2.0
//! The language server's plans, off the request path. Planning one deployment takes 1–30 ms (a
//! layout search the most), a document of two hundred several seconds: far too long for a request
//! or for the diagnostics after an edit. So each analysed version is given to the Planner, which
//!
//! - keys every deployment of the document by the text of what its plan is made from: its block,
//!   its application, target and workload blocks, and the catalogue's sources (every image and
//!   workload block, catalogue files). An edit elsewhere leaves the key, and the plan, as they
//!   were: where it left all of a deployment's blocks alone (they lie before it, or after it),
//!   the last version's key and plan are taken without their text being copied or hashed;
//! - keeps, per key, only what requests show (DeploymentView) and the diagnostics checkLaunch made,
//!   their ranges anchored to those blocks, so they follow the blocks when an edit moves them;
//! - plans the keys it does not have on a worker thread, newest version first, and hands the
//!   results to the server's thread (`collect`), which republishes that version's diagnostics.
//!
//! Nothing is kept that the current versions of the open documents do not use. In lit-test mode
//! (`synchronous`) everything is planned at once on the caller's thread, so transcripts are
//! deterministic.
#pragma once

#include "Foreground.h"
#include "modak/diag/Diagnostic.h"
#include "modak/lsp/Analysis.h"
#include "modak/model/Plan.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace modak::model {
class Catalogue;
struct Symbol;
} // namespace modak::model

namespace modak::lsp {

class Planner {
public:
    /// `wake` is called from the worker when results are ready for `collect`. The worker gives
    /// way to `foreground` (may be null) at every candidate of its searches.
    Planner(bool synchronous, std::shared_ptr<Foreground> foreground, std::function<void()> wake);
    ~Planner();
    Planner(const Planner&) = delete;
    Planner& operator=(const Planner&) = delete;

    /// The new analysis of the open document `uri`: what is known is set on it at once
    /// (Analysis::setPlans), the rest is planned.
    void submit(const std::string& uri, const std::shared_ptr<const Analysis>& analysis);
    /// The document was closed: its plans are dropped.
    void forget(const std::string& uri);
    /// Takes the worker's results (server's thread); returns the documents whose analyses got
    /// diagnostics from them (to be republished).
    std::vector<std::string> collect();

    /// What one key's plan leaves for requests. Ranges of `diagnostics` are relative to the
    /// key's blocks: `file` holds the block's index, `begin` and `end` count from its start.
    struct Record {
        std::shared_ptr<const DeploymentView> view;
        std::vector<Diagnostic> diagnostics;
    };

private:
    struct Slot {
        std::string name, key;
        /// The key's blocks in this version, in the key's order; an empty range for a name
        /// that names none.
        std::vector<SourceRange> blocks;
        const model::Symbol* symbol = nullptr;
        std::shared_ptr<const Record> record; ///< null while planned
        bool calibrated = false; ///< a target reads a calibration file: planned every version
        bool multiSite = false;  ///< names several targets: planned with the program's sources
    };
    /// The catalogue a document's plans read (the built-in one with its image, workload and target
    /// blocks lowered, ~8 M instructions for the benchmark's 10 000 lines): built by the first job
    /// that needs it, on the worker, not on the thread that publishes the edit's diagnostics. Built
    /// at once where the program names catalogue files, whose reading adds buffers to the
    /// analysis's sources while requests read them.
    class CatalogueCell {
    public:
        explicit CatalogueCell(std::shared_ptr<const Analysis> analysis);
        const model::Catalogue& get();

    private:
        std::once_flag once_;
        std::shared_ptr<const Analysis> analysis_; ///< released once built
        std::shared_ptr<const model::Catalogue> catalogue_;
    };
    struct DocumentPlans {
        std::shared_ptr<const Analysis> analysis;
        std::vector<Slot> slots;
        std::string catalogueSources; ///< what `catalogue` was built from
        std::string images;           ///< the image blocks' text
        uint64_t imagesGeneration = 0;
        /// Where the texts above came from (the image blocks; the workload blocks, top-level and
        /// nested), so that a version whose edit left them alone need not copy them again.
        std::vector<SourceRange> imageBlocks, workloadBlocks;
        bool catalogueFiles = false; ///< whether `catalogue` read catalogue files (never kept)
        std::shared_ptr<CatalogueCell> catalogue;
        /// While the document has errors (a user typing passes through them all the time), the
        /// plan keys of its last version without: their plans stay cached, and those still
        /// being planned are kept when they arrive, so fixing the error re-plans nothing.
        std::vector<std::string> kept;
    };
    struct Job {
        std::string key;
        std::shared_ptr<const Analysis> analysis; ///< keeps `symbol` alive
        const model::Symbol* symbol = nullptr;
        std::vector<SourceRange> blocks;
        std::shared_ptr<CatalogueCell> catalogue;
        /// A deployment over several targets is planned as `modak plan` plans it, which may read
        /// catalogue files into its SourceManager: a copy of the document's, made on the
        /// server's thread. Null for one target.
        std::shared_ptr<SourceManager> sources;
    };

    static std::shared_ptr<const Record> plan(const Job& job, const model::SearchPause& pause);
    void apply(DocumentPlans& doc) const;
    void prune();
    void work();

    bool synchronous_;
    std::shared_ptr<Foreground> foreground_;
    std::function<void()> wake_;
    std::map<std::string, DocumentPlans> documents_;                       ///< server's thread only
    std::unordered_map<std::string, std::shared_ptr<const Record>> cache_; ///< by key

    std::mutex mutex_; ///< guards what follows, shared with the worker
    std::condition_variable work_;
    std::deque<Job> queue_;
    std::set<std::string> running_; ///< keys the worker is planning now
    std::vector<std::pair<std::string, std::shared_ptr<const Record>>> done_;
    bool stop_ = false;
    std::thread worker_;
};

} // namespace modak::lsp
