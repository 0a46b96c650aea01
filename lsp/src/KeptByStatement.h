// SPDX-License-Identifier: Apache-2.0
//! What the server makes of each top-level statement's text — an outline fragment, semantic
//! tokens — kept from one answer to the next, so that an answer after an edit makes only the
//! edited statement's afresh.
#pragma once

#include "modak/text/Affixes.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace modak::lsp {

/// What is made of a top-level statement depends on: the text from its first line's start (the
/// columns of that line count from there) to where the next statement begins, and where in that
/// text the statement begins and ends (a statement at another column of the same text, as another
/// statement before it can leave it, has other symbols). The client's options (the outline's form,
/// the position encoding) are the session's.
struct StatementKey {
    uint32_t from = 0;          ///< where `text` begins in the document
    int64_t begin = 0, end = 0; ///< the statement's range, from `from`
    std::string_view text;
};

/// One answer's values by statement, in document order, and the text they were made for. The
/// next answer takes a statement's value from the last where its key is the same: a statement the
/// edit between the two texts left alone is found at its place in the last text (its key's bytes
/// lie before the edit, or after it, moved), without hashing its text; another by the hash of its
/// text (a statement moved elsewhere, or repeated); the rest are made afresh. What an answer does
/// not take is dropped with it: a long session keeps one answer's values.
template<class T>
class KeptByStatement {
public:
    /// Starts an answer for `text`.
    void begin(std::string_view text) {
        edit_ = editBetween(text_, text);
        next_.clear();
        next_.reserve(last_.size());
    }

    /// The value of the statement `key`, taken from the last answer or made by `make(T&)`. The
    /// reference is good until the next call.
    template<class Make>
    T& get(const StatementKey& key, Make&& make) {
        Entry* found = atPlace(key);
        uint64_t hash = found ? found->hash : std::hash<std::string_view>{}(key.text);
        if (!found)
            found = byText(key, hash);
        Entry& made = next_.emplace_back();
        made.from = key.from;
        made.begin = key.begin;
        made.end = key.end;
        made.length = static_cast<uint32_t>(key.text.size());
        made.hash = hash;
        if (found) {
            made.value = std::move(found->value);
            found->taken = true;
        } else {
            make(made.value);
        }
        return made.value;
    }

    /// Ends the answer for `text` (as begun): its values are kept for the next.
    void end(std::string_view text) {
        // In document order for atPlace (an outline takes the imports before the statements).
        auto byFrom = [](const Entry& a, const Entry& b) { return a.from < b.from; };
        if (!std::is_sorted(next_.begin(), next_.end(), byFrom))
            std::stable_sort(next_.begin(), next_.end(), byFrom);
        last_.swap(next_);
        next_.clear();
        text_.assign(text);
    }

    size_t size() const { return last_.size(); }
    /// The kept values, in document order.
    template<class F>
    void forEach(F&& f) const {
        for (const Entry& e : last_)
            f(e.value);
    }

private:
    struct Entry {
        uint32_t from = 0, length = 0;
        int64_t begin = 0, end = 0;
        uint64_t hash = 0;
        bool taken = false;
        T value;
    };

    bool same(const Entry& e, const StatementKey& key) const {
        return !e.taken && e.begin == key.begin && e.end == key.end && e.length == key.text.size();
    }
    /// The last answer's entry at the key's place, where the edit left the key's bytes alone.
    Entry* atPlace(const StatementKey& key) {
        const auto at = edit_.wasAt(key.from, uint64_t{key.from} + key.text.size());
        if (!at)
            return nullptr;
        const int64_t was = *at;
        auto it = std::lower_bound(last_.begin(), last_.end(), was,
                                   [](const Entry& e, int64_t at) { return e.from < at; });
        for (; it != last_.end() && it->from == was; ++it)
            if (same(*it, key))
                return &*it;
        return nullptr;
    }
    /// The last answer's entry of the same text anywhere. A scan: only the statements an edit
    /// changed are looked up so.
    Entry* byText(const StatementKey& key, uint64_t hash) {
        for (Entry& e : last_)
            if (e.hash == hash && same(e, key) &&
                std::string_view(text_).substr(e.from, e.length) == key.text)
                return &e;
        return nullptr;
    }

    std::vector<Entry> last_, next_;
    std::string text_; ///< the last answer's text
    EditSpan edit_;    ///< between the last answer's text and this one's
};

} // namespace modak::lsp
