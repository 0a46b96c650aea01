// SPDX-License-Identifier: Apache-2.0
#include "modak/calibrate/Kernel.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <thread>

namespace modak::calibrate {
namespace {

constexpr int kWidth = 256; ///< layer width: a 256×256 weight matrix per layer

using Clock = std::chrono::steady_clock;

/// y = x·W for rows [begin, end) of a batch, through every layer (rows are independent).
void forward(const std::vector<float>& weights, int layers, std::vector<float>& a,
             std::vector<float>& b, int begin, int end) {
    for (int l = 0; l < layers; ++l) {
        const float* __restrict w = weights.data() + static_cast<size_t>(l) * kWidth * kWidth;
        for (int r = begin; r < end; ++r) {
            const float* __restrict x = a.data() + static_cast<size_t>(r) * kWidth;
            float* __restrict y = b.data() + static_cast<size_t>(r) * kWidth;
            std::fill(y, y + kWidth, 0.0f);
            for (int k = 0; k < kWidth; ++k) {
                const float xk = x[k];
                const float* __restrict wk = w + static_cast<size_t>(k) * kWidth;
                for (int j = 0; j < kWidth; ++j)
                    y[j] += xk * wk[j];
            }
            // Keep the values bounded (a cheap normalisation, not counted).
            for (int j = 0; j < kWidth; ++j)
                y[j] = y[j] * (1.0f / 16.0f);
        }
        std::swap_ranges(a.begin() + static_cast<long>(begin) * kWidth,
                         a.begin() + static_cast<long>(end) * kWidth,
                         b.begin() + static_cast<long>(begin) * kWidth);
    }
}

/// A closed-on-destruction socket.
struct Fd {
    int fd = -1;
    Fd() = default;
    explicit Fd(int f) : fd(f) {}
    Fd(Fd&& o) noexcept : fd(std::exchange(o.fd, -1)) {}
    Fd& operator=(Fd&& o) noexcept {
        std::swap(fd, o.fd);
        return *this;
    }
    ~Fd() {
        if (fd >= 0)
            ::close(fd);
    }
};

void setTimeouts(int fd, double seconds) {
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(seconds);
    tv.tv_usec = static_cast<suseconds_t>((seconds - std::floor(seconds)) * 1e6);
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

bool sendAll(int fd, const void* data, size_t n, std::string& error) {
    auto* p = static_cast<const char*>(data);
    while (n > 0) {
        ssize_t k = ::send(fd, p, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            error = fmt::format("sending to a peer task failed: {}",
                                k < 0 ? std::strerror(errno) : "connection closed");
            return false;
        }
        p += k;
        n -= static_cast<size_t>(k);
    }
    return true;
}

bool recvAll(int fd, void* data, size_t n, std::string& error) {
    auto* p = static_cast<char*>(data);
    while (n > 0) {
        ssize_t k = ::recv(fd, p, n, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            error = fmt::format("receiving from a peer task failed: {}",
                                k < 0 ? (errno == EAGAIN ? "timed out" : std::strerror(errno))
                                      : "connection closed");
            return false;
        }
        p += k;
        n -= static_cast<size_t>(k);
    }
    return true;
}

bool sendString(int fd, const std::string& s, std::string& error) {
    uint32_t n = htonl(static_cast<uint32_t>(std::min<size_t>(s.size(), 255)));
    return sendAll(fd, &n, 4, error) && sendAll(fd, s.data(), ntohl(n), error);
}

bool recvString(int fd, std::string& s, std::string& error) {
    uint32_t n = 0;
    if (!recvAll(fd, &n, 4, error))
        return false;
    n = ntohl(n);
    if (n > 255) {
        error = "a peer task sent a malformed greeting";
        return false;
    }
    s.assign(n, '\0');
    return recvAll(fd, s.data(), n, error);
}

/// The tasks of one run, connected in a star through task 0.
struct Star {
    /// Task 0: one per other task, by rank; others: the connection to task 0
    std::vector<Fd> peers;
    std::vector<std::string> hosts;

    bool connect(const Rendezvous& o, std::string& error) {
        const auto deadline = Clock::now() + std::chrono::duration<double>(o.timeoutSeconds);
        if (o.rank == 0) {
            Fd listener(::socket(AF_INET6, SOCK_STREAM, 0));
            bool v6 = listener.fd >= 0;
            if (!v6)
                listener = Fd(::socket(AF_INET, SOCK_STREAM, 0));
            int one = 1, zero = 0;
            setsockopt(listener.fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
            int bound = -1;
            if (v6) {
                setsockopt(listener.fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
                sockaddr_in6 a{};
                a.sin6_family = AF_INET6;
                a.sin6_addr = in6addr_any;
                a.sin6_port = htons(static_cast<uint16_t>(o.masterPort));
                bound = ::bind(listener.fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
            } else {
                sockaddr_in a{};
                a.sin_family = AF_INET;
                a.sin_addr.s_addr = htonl(INADDR_ANY);
                a.sin_port = htons(static_cast<uint16_t>(o.masterPort));
                bound = ::bind(listener.fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
            }
            if (bound != 0 || ::listen(listener.fd, o.tasks) != 0) {
                error = fmt::format("task 0 cannot listen on port {}: {}", o.masterPort,
                                    std::strerror(errno));
                return false;
            }
            setTimeouts(listener.fd, o.timeoutSeconds);
            peers.resize(static_cast<size_t>(o.tasks));
            hosts.assign(static_cast<size_t>(o.tasks), "");
            hosts[0] = o.host;
            for (int got = 1; got < o.tasks;) {
                Fd c(::accept(listener.fd, nullptr, nullptr));
                if (c.fd < 0) {
                    if (errno == EINTR)
                        continue;
                    error = fmt::format("task 0 waited {} s for {} other task(s), {} came: {}",
                                        o.timeoutSeconds, o.tasks - 1, got - 1,
                                        errno == EAGAIN ? "timed out" : std::strerror(errno));
                    return false;
                }
                setTimeouts(c.fd, o.timeoutSeconds);
                int32_t rank = 0;
                std::string host;
                if (!recvAll(c.fd, &rank, 4, error) || !recvString(c.fd, host, error))
                    return false;
                rank = static_cast<int32_t>(ntohl(static_cast<uint32_t>(rank)));
                if (rank < 1 || rank >= o.tasks || peers[static_cast<size_t>(rank)].fd >= 0) {
                    error = fmt::format("task 0 got a connection claiming rank {} (of {} tasks)",
                                        rank, o.tasks);
                    return false;
                }
                hosts[static_cast<size_t>(rank)] = host;
                peers[static_cast<size_t>(rank)] = std::move(c);
                ++got;
            }
            return true;
        }
        addrinfo hints{}, *found = nullptr;
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        std::string port = std::to_string(o.masterPort);
        if (int rc = ::getaddrinfo(o.masterAddr.c_str(), port.c_str(), &hints, &found); rc != 0) {
            error =
                fmt::format("cannot resolve MASTER_ADDR '{}': {}", o.masterAddr, gai_strerror(rc));
            return false;
        }
        std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> guard(found, freeaddrinfo);
        for (;;) {
            for (addrinfo* a = found; a; a = a->ai_next) {
                Fd s(::socket(a->ai_family, a->ai_socktype, a->ai_protocol));
                if (s.fd >= 0 && ::connect(s.fd, a->ai_addr, a->ai_addrlen) == 0) {
                    setTimeouts(s.fd, o.timeoutSeconds);
                    int32_t rank = static_cast<int32_t>(htonl(static_cast<uint32_t>(o.rank)));
                    if (!sendAll(s.fd, &rank, 4, error) || !sendString(s.fd, o.host, error))
                        return false;
                    peers.push_back(std::move(s));
                    return true;
                }
            }
            if (Clock::now() > deadline) {
                error = fmt::format("task {} could not reach task 0 at {}:{} within {} s", o.rank,
                                    o.masterAddr, o.masterPort, o.timeoutSeconds);
                return false;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }

    /// Sums `buffer` over all tasks, in place, everywhere.
    bool allReduce(std::vector<float>& buffer, std::vector<float>& scratch, std::string& error) {
        return allReduce(buffer.data(), buffer.size(), scratch, error);
    }
    bool allReduce(float* buffer, size_t floats, std::vector<float>& scratch, std::string& error) {
        const size_t bytes = floats * sizeof(float);
        if (peers.size() == 1 && hosts.empty()) // not task 0
            return sendAll(peers[0].fd, buffer, bytes, error) &&
                   recvAll(peers[0].fd, buffer, bytes, error);
        scratch.resize(floats);
        for (size_t r = 1; r < peers.size(); ++r) {
            if (!recvAll(peers[r].fd, scratch.data(), bytes, error))
                return false;
            for (size_t i = 0; i < floats; ++i)
                buffer[i] += scratch[i];
        }
        for (size_t r = 1; r < peers.size(); ++r)
            if (!sendAll(peers[r].fd, buffer, bytes, error))
                return false;
        return true;
    }
};

} // namespace

std::pair<int, double> trainStepLayers(const model::Workload& w, double scale) {
    const double perLayer = 2.0 * kWidth * kWidth;
    int layers = static_cast<int>(
        std::clamp(std::round(w.flopsPerSample * scale / perLayer), 1.0, 100000.0));
    return {layers, layers * perLayer / w.flopsPerSample};
}

std::optional<TrainStepResult> runTrainStep(const TrainStepOptions& o, std::string& error) {
    if (!o.workload || !(o.workload->flopsPerSample > 0) || !(o.workload->parameters > 0)) {
        error = "the kernel needs a workload with positive FLOPs per sample and parameters";
        return std::nullopt;
    }
    if (o.tasks > 1 && o.masterAddr.empty()) {
        error = fmt::format("{} tasks need MASTER_ADDR (task 0's host) to meet", o.tasks);
        return std::nullopt;
    }
    TrainStepResult result;
    // Plain variables, not a structured binding: the worker threads' lambdas capture them (clang
    // before 16 refuses to capture bindings).
    const auto layersAndScale = trainStepLayers(*o.workload, o.scale);
    const int layers = layersAndScale.first;
    result.layers = layers;
    result.scale = layersAndScale.second;
    result.gradientFloats =
        static_cast<size_t>(std::max(1.0, std::round(o.workload->parameters * result.scale)));

    std::vector<float> weights(static_cast<size_t>(layers) * kWidth * kWidth);
    for (size_t i = 0; i < weights.size(); ++i)
        weights[i] = static_cast<float>((i * 2654435761u) % 1000) / 1000.0f - 0.5f;
    std::vector<float> a(static_cast<size_t>(o.batch) * kWidth, 0.5f), b(a.size());
    std::vector<float> gradients(result.gradientFloats, 1.0f), scratch,
        parameters(result.gradientFloats, 0.0f);

    Star star;
    if (o.tasks > 1 && !star.connect(o, error))
        return std::nullopt;
    const int threads = std::clamp(o.threads, 1, std::max(1, o.batch));
    auto step = [&]() -> bool {
        std::vector<std::thread> pool;
        for (int t = 1; t < threads; ++t)
            pool.emplace_back(forward, std::cref(weights), layers, std::ref(a), std::ref(b),
                              o.batch * t / threads, o.batch * (t + 1) / threads);
        forward(weights, layers, a, b, 0, o.batch / threads);
        for (auto& th : pool)
            th.join();
        // The "gradient": a value derived from this step's output, so the compute cannot be
        // skipped.
        std::fill(gradients.begin(), gradients.end(), a[0] * 1e-6f);
        if (o.tasks > 1 && !star.allReduce(gradients, scratch, error))
            return false;
        for (size_t i = 0; i < parameters.size(); ++i)
            parameters[i] -= 0.01f * gradients[i];
        return true;
    };
    if (!step()) // warm-up: page in the buffers, settle the connections
        return std::nullopt;
    // The median step: robust against the odd step a busy machine preempts.
    std::vector<double> times;
    for (int i = 0; i < o.steps; ++i) {
        auto start = Clock::now();
        if (!step())
            return std::nullopt;
        times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    std::nth_element(times.begin(), times.begin() + static_cast<long>(times.size() / 2),
                     times.end());
    result.stepSeconds = times[times.size() / 2];
    result.throughput = static_cast<double>(o.batch) * o.tasks / result.stepSeconds;
    result.hosts = o.rank == 0 && o.tasks > 1 ? star.hosts : std::vector<std::string>{o.host};
    if (!std::isfinite(parameters[0])) { // uses the result; never true for these bounded values
        error = "the kernel produced a non-finite value";
        return std::nullopt;
    }
    return result;
}

std::optional<StreamResult> runStream(const StreamOptions& o, std::string& error) {
    const size_t n = o.arrayBytes / sizeof(double);
    if (n < 1024 || o.arrayBytes > (size_t{64} << 30)) {
        error = "the stream arrays must hold between 8 KiB and 64 GiB each";
        return std::nullopt;
    }
    const int threads = std::max(1, o.threads);
    // Not std::vector: its value-initialisation would touch every page on this thread.
    std::unique_ptr<double[]> a(new double[n]), b(new double[n]), c(new double[n]);
    auto slice = [&](int t) {
        return std::pair{n * static_cast<size_t>(t) / threads,
                         n * static_cast<size_t>(t + 1) / threads};
    };
    auto parallel = [&](auto body) {
        std::vector<std::thread> pool;
        for (int t = 1; t < threads; ++t)
            pool.emplace_back([&, t] { body(slice(t)); });
        body(slice(0));
        for (auto& th : pool)
            th.join();
    };
    parallel([&](std::pair<size_t, size_t> r) {
        for (size_t i = r.first; i < r.second; ++i)
            a[i] = 1.0, b[i] = 2.0, c[i] = 0.5;
    });
    const double scalar = 3.0;
    double best = 0;
    for (int step = 0; step <= std::max(1, o.steps); ++step) { // step 0 warms up
        auto start = Clock::now();
        parallel([&](std::pair<size_t, size_t> r) {
            double* __restrict x = a.get();
            const double* __restrict y = b.get();
            const double* __restrict z = c.get();
            for (size_t i = r.first; i < r.second; ++i)
                x[i] = y[i] + scalar * z[i];
        });
        double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (step > 0 && (best == 0 || seconds < best))
            best = seconds;
    }
    // STREAM's check: every element is b + s·c; the compiler cannot drop the loops.
    if (a[n / 2] != 2.0 + scalar * 0.5 || !(best > 0)) {
        error = "the triad produced a wrong value";
        return std::nullopt;
    }
    StreamResult r;
    r.bestSeconds = best;
    r.arrayBytes = n * sizeof(double);
    r.bandwidthGBs = 3.0 * static_cast<double>(r.arrayBytes) / best / 1e9;
    return r;
}

std::optional<AllReduceResult> runAllReduce(const AllReduceOptions& o, std::string& error) {
    if (o.tasks < 2) {
        error = "the all-reduce benchmark needs at least two tasks (one per node)";
        return std::nullopt;
    }
    if (o.masterAddr.empty()) {
        error = fmt::format("{} tasks need MASTER_ADDR (task 0's host) to meet", o.tasks);
        return std::nullopt;
    }
    if (o.minBytes < sizeof(float) || o.maxBytes < o.minBytes || o.maxBytes > (size_t{1} << 32)) {
        error = "message sizes must be 4 B to 4 GiB, smallest first";
        return std::nullopt;
    }
    Star star;
    if (!star.connect(o, error))
        return std::nullopt;
    // The sums grow without bound (to inf): float addition costs the same for any value but
    // subnormals, which sums of ones never reach.
    std::vector<float> buffer(o.maxBytes / sizeof(float), 1.0f), scratch;
    AllReduceResult result;
    result.hosts = o.rank == 0 ? star.hosts : std::vector<std::string>{o.host};
    for (size_t bytes = o.minBytes; bytes <= o.maxBytes; bytes *= 2) {
        const size_t floats = std::max<size_t>(1, bytes / sizeof(float));
        // Every task derives the same count from the size, so they stay in step without talking.
        const int reps =
            o.repetitions > 0
                ? o.repetitions
                : static_cast<int>(std::clamp<size_t>((size_t{64} << 20) / bytes, 5, 200));
        std::vector<double> times;
        for (int i = 0; i <= reps; ++i) {
            auto start = Clock::now();
            if (!star.allReduce(buffer.data(), floats, scratch, error))
                return std::nullopt;
            if (i > 0) // the first one warms the connection's buffers
                times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
        }
        std::nth_element(times.begin(), times.begin() + static_cast<long>(times.size() / 2),
                         times.end());
        result.points.push_back({floats * sizeof(float), times[times.size() / 2]});
    }
    return result;
}

} // namespace modak::calibrate
