// SPDX-License-Identifier: Apache-2.0
//! Work over many files on every core, with results delivered in input order (so output is the same
//! as a sequential run) and memory bounded: workers run at most a small window ahead of the file
//! being printed, and each file's results are dropped once printed.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace modak::cli {

/// Threads to use: MODAK_JOBS if set, else the cores.
inline unsigned workerCount(size_t tasks) {
    unsigned n = std::max(1u, std::thread::hardware_concurrency());
    if (const char* jobs = std::getenv("MODAK_JOBS"); jobs && std::atoi(jobs) > 0)
        n = static_cast<unsigned>(std::atoi(jobs));
    return static_cast<unsigned>(std::min<size_t>(n, std::max<size_t>(1, tasks)));
}

/// "checked 120/10000 files" on stderr, rewritten in place — only when stderr is a terminal and
/// there is more than one item, so CI logs stay quiet.
class Progress {
public:
    Progress(const char* verb, size_t total, const char* unit = "files")
        : verb_(verb), unit_(unit), total_(total), shown_(total > 1 && isatty(2)) {}
    void update(size_t done) {
        if (shown_ && (done == total_ || done % 16 == 0))
            std::fprintf(stderr, "\r%s %zu/%zu %s", verb_, done, total_, unit_);
    }
    void finish() {
        if (shown_)
            std::fprintf(stderr, "\r\033[K"); // clear the line before the summary
    }

private:
    const char* verb_;
    const char* unit_;
    size_t total_;
    bool shown_;
};

/// Calls `work(i)` for i in [0, n) on `threads` threads (those that can be started; this one alone
/// if none can) and `emit(i, result)` on this thread in index order. `work` must not throw.
template<class Result>
void forEachOrdered(size_t n, unsigned threads, const std::function<Result(size_t)>& work,
                    const std::function<void(size_t, Result&)>& emit) {
    auto alone = [&] {
        for (size_t i = 0; i < n; ++i) {
            Result r = work(i);
            emit(i, r);
        }
    };
    if (threads <= 1 || n <= 1)
        return alone();
    const size_t window = 8 * threads; // how far workers may run ahead of the printed file
    std::vector<std::optional<Result>> results(n);
    std::mutex mutex;
    std::condition_variable changed;
    size_t next = 0, printed = 0;
    auto worker = [&] {
        for (;;) {
            size_t i;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return next >= n || next < printed + window; });
                if (next >= n)
                    return;
                i = next++;
            }
            Result r = work(i);
            std::lock_guard lock(mutex);
            results[i] = std::move(r);
            changed.notify_all();
        }
    };
    std::vector<std::thread> pool;
    try {
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back(worker);
    } catch (const std::system_error&) {
        // No more threads to be had (a process or container limit): those started do the work;
        // with none, this thread does it all.
        if (pool.empty())
            return alone();
    }
    for (size_t i = 0; i < n; ++i) {
        std::optional<Result> r;
        {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return results[i].has_value(); });
            r = std::move(results[i]);
            results[i].reset();
        }
        emit(i, *r);
        {
            std::lock_guard lock(mutex);
            printed = i + 1;
        }
        changed.notify_all();
    }
    for (auto& t : pool)
        t.join();
}

} // namespace modak::cli
