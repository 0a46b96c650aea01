// SPDX-License-Identifier: Apache-2.0
#include "Planner.h"

#include "modak/lsp/Features.h"
#include "modak/model/Deployment.h"
#include "modak/model/LaunchCheck.h"
#include "modak/model/Plan.h"
#include "modak/model/TreeAccess.h"
#include "modak/text/Affixes.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <unordered_set>

namespace modak::lsp {

namespace {

/// Appends a range's block index and offsets relative to it; false when it lies in none.
bool anchor(SourceRange& r, const std::vector<SourceRange>& blocks) {
    if (!r.file.valid())
        return true; // a diagnostic or note without a place
    for (size_t i = 0; i < blocks.size(); ++i) {
        const SourceRange& b = blocks[i];
        if (b.file == r.file && b.begin <= r.begin && r.end <= b.end) {
            r = {FileId{static_cast<uint32_t>(i + 1)}, r.begin - b.begin, r.end - b.begin};
            return true;
        }
    }
    return false;
}

void rebase(SourceRange& r, const std::vector<SourceRange>& blocks) {
    if (!r.file.valid())
        return;
    const SourceRange& b = blocks.at(r.file.value - 1);
    r = {b.file, b.begin + r.begin, b.begin + r.end};
}

/// Anchors every range of `d` (forEachRange); false when one lies in none of `blocks`.
bool anchorAll(Diagnostic& d, const std::vector<SourceRange>& blocks) {
    bool ok = true;
    forEachRange(d, [&](SourceRange& r) { ok = anchor(r, blocks) && ok; });
    return ok;
}

/// The range of a symbol's block in its file; empty for none.
SourceRange blockOf(const model::Symbol* s) {
    if (!s || !s->block)
        return {};
    SourceRange r = s->block->range();
    r.file = s->file;
    return r;
}

/// Whether `now`'s symbols are `before`'s, in the same order: the same kinds and names, each in
/// the root or in the same other file, with a block or without.
bool sameNames(const Analysis& before, const Analysis& now) {
    const model::Program& was = before.program();
    const model::Program& is = now.program();
    if (was.symbols.size() != is.symbols.size() || !was.root() || !is.root())
        return false;
    const FileId wasRoot = was.root()->file, isRoot = is.root()->file;
    for (size_t i = 0; i < is.symbols.size(); ++i) {
        const model::Symbol& b = was.symbols[i];
        const model::Symbol& n = is.symbols[i];
        if (n.name != b.name || n.kind != b.kind || !n.block != !b.block ||
            (n.file == isRoot) != (b.file == wasRoot))
            return false;
        if (n.file != isRoot && before.sources().path(b.file) != now.sources().path(n.file))
            return false;
    }
    return true;
}

/// The text of a block, prefixed by its file's path (the same text in another file is another
/// block: relative paths in it mean something else).
void appendBlock(std::string& key, const Analysis& a, const SourceRange& r) {
    if (r.file.valid()) {
        key += a.sources().path(r.file);
        key += '\x1e';
        key += a.sources().text(r.file).substr(r.begin, r.end - r.begin);
    }
    key += '\x1f';
}

/// Where a document's new version holds the same bytes as its last: before the edit, and after
/// it (moved by the edit's change in length). Blocks wholly in either have the text they had, so
/// what was made from them (a plan key) can be taken as it was rather than copied again.
class Unchanged {
public:
    Unchanged() = default;
    Unchanged(const Analysis& before, const Analysis& now)
        : known_(true), before_(before.file()), now_(now.file()),
          edit_(editBetween(before.text(), now.text())) {}

    /// Whether `now`, a range of the new version, holds the bytes `before` held in the last one
    /// (two empty ranges: both named nothing).
    bool same(const SourceRange& now, const SourceRange& before) const {
        if (!now.file.valid() || !before.file.valid())
            return known_ && !now.file.valid() && !before.file.valid();
        if (!known_ || now.file != now_ || before.file != before_)
            return false; // another file: its text is not compared here
        const auto was = edit_.wasAt(now.begin, now.end);
        return was && before.begin == *was && before.end - before.begin == now.end - now.begin;
    }
    bool same(const std::vector<SourceRange>& now, const std::vector<SourceRange>& before) const {
        if (now.size() != before.size())
            return false;
        for (size_t i = 0; i < now.size(); ++i)
            if (!same(now[i], before[i]))
                return false;
        return true;
    }
    /// Where the bytes of `before`, a range of the last version's root, are in the new one, where
    /// the edit left them alone; nothing where it did not or they are in another file (an empty
    /// range, naming nothing, stays empty).
    std::optional<SourceRange> moved(const SourceRange& before) const {
        if (!before.file.valid())
            return known_ ? std::optional<SourceRange>(before) : std::nullopt;
        if (!known_ || before.file != before_)
            return std::nullopt;
        const auto at = edit_.nowAt(before.begin, before.end);
        if (!at)
            return std::nullopt;
        return SourceRange{now_, *at, *at + (before.end - before.begin)};
    }
    bool known() const { return known_; }

private:
    bool known_ = false;
    FileId before_, now_;
    EditSpan edit_;
};

} // namespace

Planner::Planner(bool synchronous, std::shared_ptr<Foreground> foreground,
                 std::function<void()> wake)
    : synchronous_(synchronous), foreground_(std::move(foreground)), wake_(std::move(wake)) {
    if (!synchronous_)
        worker_ = std::thread([this] { work(); });
}

Planner::~Planner() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    if (foreground_)
        foreground_->stop();
    work_.notify_all();
    if (worker_.joinable())
        worker_.join();
}

namespace {

/// The plan's errors the editor shows, besides checkLaunch's: those at the deployment's `budget`
/// or `deadline` (what would fit, by how much each candidate misses, with their quick fixes), and
/// that none of its several targets can run it (each one's reason a note). The plan's other
/// findings are `modak plan`'s.
bool aboutLimits(const Diagnostic& d, const model::DeploymentPlan& p) {
    if (!p.spec || d.code != DiagCode::NoCandidate)
        return false;
    const model::CostRequest& want = p.spec->cost;
    return (want.budget && d.range == want.budget->range) ||
           (want.deadlineSeconds && d.range == want.deadlineRange) ||
           (!p.sites.empty() && d.range == p.range);
}

} // namespace

Planner::CatalogueCell::CatalogueCell(std::shared_ptr<const Analysis> analysis)
    : analysis_(std::move(analysis)) {}

const model::Catalogue& Planner::CatalogueCell::get() {
    std::call_once(once_, [this] {
        catalogue_ = analysis_->buildCatalogue();
        analysis_.reset();
    });
    return *catalogue_;
}

std::shared_ptr<const Planner::Record> Planner::plan(const Job& job,
                                                     const model::SearchPause& pause) {
    const model::Program& program = job.analysis->program();
    Diagnostics planned;
    model::DeploymentPlan p;
    if (job.sources) {
        // Several targets: weighed against each other as `modak plan` does.
        model::PlanOptions options;
        options.deployment = std::string(job.symbol->name);
        options.pause = pause;
        model::Plan whole = model::planProgram(*job.sources, program, options, planned);
        if (!whole.deployments.empty())
            p = std::move(whole.deployments.front());
    } else {
        auto spec = std::make_shared<const model::Deployment>(
            model::lowerDeployment(program, *job.symbol, job.catalogue->get()));
        p = model::planDeployment(spec, job.catalogue->get(), model::Calibration::builtin(), 24,
                                  planned, pause);
    }
    Diagnostics launches;
    model::checkLaunch(p, launches);
    for (Diagnostic& d : planned.items())
        if (aboutLimits(d, p))
            launches.items().push_back(std::move(d));
    auto record = std::make_shared<Record>();
    record->view = std::make_shared<const DeploymentView>(viewOf(p));
    for (Diagnostic& d : launches.items()) {
        if (!anchorAll(d, job.blocks))
            continue; // not within the blocks the key covers: cannot happen for these
        record->diagnostics.push_back(std::move(d));
    }
    return record;
}

void Planner::submit(const std::string& uri, const std::shared_ptr<const Analysis>& analysis) {
    DocumentPlans& doc = documents_[uri];
    const Analysis& a = *analysis;
    const model::Program& program = a.program();
    const model::Document* root = program.root();
    const bool plannable = root && !a.diagnostics().hasErrors();
    if (plannable) {
        doc.kept.clear();
    } else if (!doc.slots.empty()) { // the last version without errors
        doc.kept.clear();
        for (const Slot& slot : doc.slots)
            doc.kept.push_back(slot.key);
    }
    // The last version's slots, where it had any (it was plannable): what its edit left alone
    // is taken from them.
    std::vector<Slot> before = std::move(doc.slots);
    const Unchanged unchanged =
        plannable && !before.empty() && doc.analysis && doc.analysis->path() == a.path()
            ? Unchanged(*doc.analysis, a)
            : Unchanged();
    // Names resolve as in the last version where its symbols were these, in this order: a
    // deployment whose own and application's blocks the edit left alone then names the same
    // blocks, and its slot is the last one's with its ranges moved (no name looked up again).
    const bool sameSymbols = unchanged.known() && sameNames(*doc.analysis, a);
    doc.analysis = analysis;
    doc.slots.clear();
    std::vector<Job> jobs;
    if (plannable) {
        // The catalogue is rebuilt when its sources change (the image and workload blocks); a
        // plan depends on every image (any may be chosen) but only on its own workload, which
        // its key holds (a nested `workload { }` is in its application's text).
        std::vector<SourceRange> imageBlocks, workloadBlocks;
        for (const auto& s : program.symbols) {
            if (s.kind == "image")
                imageBlocks.push_back(blockOf(&s));
            else if (s.kind == "workload")
                workloadBlocks.push_back(blockOf(&s));
            else if (s.kind == "application" && s.block)
                if (const auto* nested = model::tree::child(s.block, "workload"))
                    workloadBlocks.push_back({s.file, nested->range().begin, nested->range().end});
        }
        // Catalogue files are read from disk: their text is not here, so nothing planned with
        // them is kept for the next version.
        static uint64_t unique = 0;
        const bool catalogueFiles = !model::catalogFileReferences(program).empty();
        const uint64_t generationBefore = doc.imagesGeneration;
        if (catalogueFiles || doc.catalogueFiles || !doc.catalogue ||
            !unchanged.same(imageBlocks, doc.imageBlocks) ||
            !unchanged.same(workloadBlocks, doc.workloadBlocks)) {
            std::string images, sources;
            for (const SourceRange& r : imageBlocks)
                appendBlock(images, a, r);
            for (const SourceRange& r : workloadBlocks)
                appendBlock(sources, a, r);
            if (catalogueFiles)
                images += "\x1d" + std::to_string(++unique);
            sources += images; // a copy: images is kept below
            if (sources != doc.catalogueSources || !doc.catalogue) {
                doc.catalogueSources = std::move(sources);
                doc.catalogue = std::make_shared<CatalogueCell>(analysis);
                if (catalogueFiles)
                    doc.catalogue->get();
            }
            // The images by a number that changes with their text (a hash could collide).
            static uint64_t generations = 0;
            if (images != doc.images || doc.imagesGeneration == 0) {
                doc.images = std::move(images);
                doc.imagesGeneration = ++generations;
            }
        }
        // Else the edit left every image and workload block alone: the catalogue, its sources'
        // text and the images' generation are those of the last version.
        doc.imageBlocks = std::move(imageBlocks);
        doc.workloadBlocks = std::move(workloadBlocks);
        doc.catalogueFiles = catalogueFiles;
        const bool sameImages = doc.imagesGeneration == generationBefore;
        std::string catalogueKey = "\x1d" + std::to_string(doc.imagesGeneration);
        std::vector<size_t> calibrated; // slots whose target reads a calibration file
        size_t next = 0;                // where the last version's slot for the next one may be
        for (const auto& s : program.symbols) {
            if (s.kind != "deployment" || s.file != root->file || !s.block)
                continue;
            if (sameSymbols && sameImages && next < before.size() && before[next].name == s.name &&
                !before[next].calibrated) {
                Slot& last = before[next];
                Slot slot;
                slot.blocks.reserve(last.blocks.size());
                for (const SourceRange& r : last.blocks) {
                    const std::optional<SourceRange> now = unchanged.moved(r);
                    if (!now)
                        break;
                    slot.blocks.push_back(*now);
                }
                if (slot.blocks.size() == last.blocks.size()) {
                    slot.name = std::move(last.name);
                    slot.key = std::move(last.key);
                    slot.symbol = &s;
                    slot.record = last.record;
                    slot.multiSite = last.multiSite;
                    if (!slot.record) // still being planned: again, with this version's analysis
                        jobs.push_back({slot.key, analysis, &s, slot.blocks, doc.catalogue,
                                        slot.multiSite
                                            ? std::make_shared<SourceManager>(a.sources())
                                            : nullptr});
                    doc.slots.push_back(std::move(slot));
                    ++next;
                    continue;
                }
            }
            Slot slot;
            slot.name = std::string(s.name);
            slot.symbol = &s;
            auto referenced = [&](const model::Symbol* from,
                                  std::string_view kind) -> const model::Symbol* {
                if (!from || !from->block)
                    return nullptr;
                std::string name = model::tree::word(from->block, kind);
                return name.empty() ? nullptr : program.lookup(from->file, kind, name);
            };
            const model::Symbol* app = referenced(&s, "application");
            // Every target it names (`target = [a, b, c]` is weighed across all of them).
            const auto sites = model::deploymentSites(*s.block);
            std::vector<const model::Symbol*> keyed{&s, app};
            for (const auto& site : sites)
                keyed.push_back(program.lookup(s.file, "target", site.value));
            keyed.push_back(referenced(app, "workload"));
            bool calibration = false;
            slot.blocks.reserve(keyed.size());
            for (size_t i = 0; i < keyed.size(); ++i) {
                slot.blocks.push_back(blockOf(keyed[i]));
                const bool target = i >= 2 && i + 1 < keyed.size();
                calibration = calibration || (target && keyed[i] && keyed[i]->block &&
                                              model::tree::attr(keyed[i]->block, "calibration"));
            }
            // The last version's slot of this name, usually the next one in order.
            Slot* last = nullptr;
            if (next < before.size() && before[next].name == slot.name)
                last = &before[next];
            else
                for (Slot& b : before) // names are unique in a version without errors
                    if (b.name == slot.name) {
                        last = &b;
                        break;
                    }
            if (last)
                next = static_cast<size_t>(last - before.data()) + 1;
            bool pending = false; // not planned yet in the last version: not in the cache
            if (!calibration && sameImages && last && unchanged.same(slot.blocks, last->blocks)) {
                // Blocks the edit left alone: the key is the one they made, and so is the plan.
                slot.key = std::move(last->key);
                slot.record = last->record;
                pending = !slot.record;
            } else {
                // The key is sized once: appending block after block would copy it again and
                // again.
                size_t size = catalogueKey.size() + 32;
                for (const SourceRange& r : slot.blocks)
                    if (r.file.valid())
                        size += a.sources().path(r.file).size() + r.end - r.begin + 2;
                slot.key.reserve(size);
                for (const SourceRange& r : slot.blocks)
                    appendBlock(slot.key, a, r);
                slot.key += catalogueKey;
                if (calibration)
                    slot.key += "\x1d" + std::to_string(++unique); // read from disk, as above
            }
            slot.calibrated = calibration;
            slot.multiSite = sites.size() > 1;
            if (calibration) {
                calibrated.push_back(doc.slots.size());
            } else if (!slot.record) {
                if (auto it = pending ? cache_.end() : cache_.find(slot.key); it != cache_.end())
                    slot.record = it->second;
                else // also for a pending key: its queued job then plans with this version's
                     // analysis, and the last version's (its tree and text) can go
                    jobs.push_back(
                        {slot.key, analysis, &s, slot.blocks, doc.catalogue,
                         slot.multiSite ? std::make_shared<SourceManager>(a.sources()) : nullptr});
            }
            doc.slots.push_back(std::move(slot));
        }
        // A site calibration is read with the program's sources, on this thread: the whole plan
        // (rare: `calibration = "…"` on a target).
        if (!calibrated.empty()) {
            const model::Plan& full = a.plan();
            for (size_t i : calibrated) {
                Slot& slot = doc.slots[i];
                for (const auto& p : full.deployments)
                    if (p.name == slot.name) {
                        auto record = std::make_shared<Record>();
                        record->view = std::make_shared<const DeploymentView>(viewOf(p));
                        Diagnostics launches;
                        model::checkLaunch(p, launches);
                        for (Diagnostic& d : launches.items())
                            if (anchorAll(d, slot.blocks))
                                record->diagnostics.push_back(std::move(d));
                        slot.record = record;
                        cache_[slot.key] = record;
                    }
            }
        }
    }
    if (synchronous_) {
        for (const Job& job : jobs) {
            auto record = plan(job, {});
            cache_[job.key] = record;
            for (Slot& slot : doc.slots)
                if (slot.key == job.key)
                    slot.record = record;
        }
        jobs.clear();
    }
    prune();
    apply(doc);
    if (jobs.empty())
        return;
    {
        std::lock_guard lock(mutex_);
        // The newest version first; queued jobs it no longer needs are dropped, and those it still
        // needs keep only its analysis (the older one can go).
        std::set<std::string_view> wanted;
        for (const auto& [u, d] : documents_)
            for (const Slot& slot : d.slots)
                if (!slot.record)
                    wanted.insert(slot.key);
        std::deque<Job> queue;
        std::set<std::string_view> queued; // of the jobs in `queue` (a deque's push keeps them)
        for (Job& job : jobs)
            if (!running_.count(job.key) && !queued.count(job.key))
                queued.insert(queue.emplace_back(std::move(job)).key);
        for (Job& job : queue_)
            if (wanted.count(job.key) && !queued.count(job.key))
                queued.insert(queue.emplace_back(std::move(job)).key);
        queue_ = std::move(queue);
    }
    work_.notify_one();
}

void Planner::forget(const std::string& uri) {
    documents_.erase(uri);
    prune();
}

void Planner::prune() {
    // Keep what the open documents' current versions use, nothing else: the memory of a long
    // session is that of its last version.
    // A slot's record is its key's entry (its key's text need not be compared again).
    std::unordered_set<const Record*> used;
    std::set<std::string_view> kept;
    for (const auto& [uri, doc] : documents_) {
        for (const Slot& slot : doc.slots)
            used.insert(slot.record.get());
        kept.insert(doc.kept.begin(), doc.kept.end());
    }
    for (auto it = cache_.begin(); it != cache_.end();)
        it = used.count(it->second.get()) || kept.count(it->first) ? std::next(it)
                                                                   : cache_.erase(it);
}

void Planner::apply(DocumentPlans& doc) const {
    std::map<std::string, std::shared_ptr<const DeploymentView>, std::less<>> views;
    std::set<std::string, std::less<>> pending;
    std::vector<Diagnostic> diagnostics;
    for (const Slot& slot : doc.slots) {
        if (!slot.record) {
            pending.insert(slot.name);
            continue;
        }
        views.emplace(slot.name, slot.record->view);
        for (Diagnostic d : slot.record->diagnostics) {
            forEachRange(d, [&](SourceRange& r) { rebase(r, slot.blocks); });
            diagnostics.push_back(std::move(d));
        }
    }
    doc.analysis->setPlans(std::move(views), std::move(pending), std::move(diagnostics));
}

std::vector<std::string> Planner::collect() {
    std::vector<std::pair<std::string, std::shared_ptr<const Record>>> done;
    {
        std::lock_guard lock(mutex_);
        done.swap(done_);
    }
    std::vector<std::string> changed;
    for (auto& [uri, doc] : documents_) {
        bool got = false, diagnostics = false;
        for (Slot& slot : doc.slots) {
            if (slot.record)
                continue;
            for (const auto& [key, record] : done)
                if (key == slot.key) {
                    // A slot's record is always its key's entry (the others are there already).
                    slot.record = cache_.try_emplace(slot.key, record).first->second;
                    got = true;
                    diagnostics = diagnostics || !slot.record->diagnostics.empty();
                }
        }
        if (got)
            apply(doc);
        if (diagnostics)
            changed.push_back(uri);
        for (const auto& [key, record] : done) // planned for a version before an error
            if (std::find(doc.kept.begin(), doc.kept.end(), key) != doc.kept.end())
                cache_.try_emplace(key, record);
    }
    return changed;
}

void Planner::work() {
    // Planning is background work: on a machine with few cores (an editor's laptop, the CI's two)
    // it must not take the CPU from the thread that answers requests. Linux gives each thread its
    // own nice value; where it cannot be lowered, the worker runs as it is.
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
    model::SearchPause giveWay;
    if (foreground_)
        giveWay = [fg = foreground_.get()] { fg->giveWay(); };
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            work_.wait(lock, [&] { return stop_ || !queue_.empty(); });
            if (stop_)
                return;
            job = std::move(queue_.front());
            queue_.pop_front();
            running_.insert(job.key);
        }
        std::shared_ptr<const Record> record;
        try {
            record = plan(job, giveWay);
        } catch (const std::exception&) {
            auto none = std::make_shared<Record>(); // planning never throws; if it did, no plan
            none->view = std::make_shared<const DeploymentView>();
            record = std::move(none);
        }
        job.analysis.reset(); // freed here if the server has moved on
        {
            std::lock_guard lock(mutex_);
            running_.erase(job.key);
            done_.emplace_back(job.key, std::move(record));
        }
        wake_();
    }
}

} // namespace modak::lsp
