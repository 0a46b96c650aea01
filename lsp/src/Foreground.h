// SPDX-License-Identifier: Apache-2.0
//! Whether the server's thread has messages to handle, for the planner's worker to give way to
//! it. The worker runs at nice 10, but on a machine with two cores (an editor's laptop under load,
//! the CI's) the editor itself takes one, and a thread woken to answer an edit waited for a core
//! behind a plan: the diagnostics' wall time at the 99th percentile was twice their CPU time, each
//! slow one preempted once or twice (issue 20). Lowering the worker further cannot be undone
//! without privileges (Linux's RLIMIT_NICE), so it waits by itself: at every candidate of a search
//! (model::SearchPause) while a message is queued or being handled.
//!
//! Otherwise it still yields its core every kYieldEvery. Linux's scheduler (EEVDF, 6.6 on) lets a
//! running thread finish its slice before a woken one takes the core, whatever their nice values:
//! the server's thread woken by an edit, and the editor's own threads reading the answer, waited
//! up to a slice behind a plan. Measured (`lsp_bench.py`, 400 edits, 2 cores, Linux 6.18): the
//! diagnostics' p99 at the client 6.1–7.6 ms without yielding, 2.9–4.1 yielding, the server's
//! CPU p99 the same in both (2.5–3.6 ms; bench/README.md, issue 20). A yield with no other
//! thread waiting returns at once, so the worker is never starved, as it would be in SCHED_IDLE.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace modak::lsp {

class Foreground {
public:
    /// The longest the worker waits at once; after a wait that long it runs as long again
    /// without waiting, so that a server kept busy without a pause still plans.
    static constexpr std::chrono::milliseconds kLongestWait{50};
    /// The longest the worker runs without yielding its core.
    static constexpr std::chrono::microseconds kYieldEvery{200};

    /// A message was queued for the server's thread (the reader, the planner's wake).
    void busy() { busy_.store(true, std::memory_order_release); }
    /// The server's thread waits for input: the worker may go on.
    void idle() {
        {
            std::lock_guard lock(mutex_);
            busy_.store(false, std::memory_order_release);
        }
        resumed_.notify_all();
    }
    /// The server ends: the worker never waits again.
    void stop() {
        {
            std::lock_guard lock(mutex_);
            stopped_ = true;
            busy_.store(false, std::memory_order_release);
        }
        resumed_.notify_all();
    }

    /// The worker, between candidates: while the server's thread is busy, returns when it
    /// becomes idle or kLongestWait has passed; else yields the core if it has run kYieldEvery
    /// since it last gave way. Worker's thread only.
    void giveWay() {
        const auto now = std::chrono::steady_clock::now();
        if (busy_.load(std::memory_order_acquire) && now >= runUntil_) {
            std::unique_lock lock(mutex_);
            if (!resumed_.wait_for(lock, kLongestWait, [&] { return !busy_.load() || stopped_; }))
                runUntil_ = std::chrono::steady_clock::now() + kLongestWait;
            gaveWayAt_ = std::chrono::steady_clock::now();
            return;
        }
        if (now - gaveWayAt_ >= kYieldEvery) {
            std::this_thread::yield();
            gaveWayAt_ = std::chrono::steady_clock::now();
        }
    }

private:
    std::atomic<bool> busy_{false};
    std::mutex mutex_;
    std::condition_variable resumed_;
    bool stopped_ = false;
    std::chrono::steady_clock::time_point runUntil_{};  ///< worker's own: no waiting before this
    std::chrono::steady_clock::time_point gaveWayAt_{}; ///< worker's own: its last wait or yield
};

} // namespace modak::lsp
