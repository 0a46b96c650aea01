// SPDX-License-Identifier: Apache-2.0
// A message written in parts arrives whole and framed, however the descriptor takes it.
#include "Transport.h"

#include <catch2/catch.hpp>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

using namespace modak::lsp;

namespace {

/// Everything readable from `fd` until its other end closes, read in small pieces with pauses
/// (a slow editor), so that the writer's calls stop part of the way.
std::string readSlowly(int fd) {
    std::string out;
    char buffer[4096];
    for (int n = 0;; ++n) {
        ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got <= 0)
            return out;
        out.append(buffer, static_cast<size_t>(got));
        if (n % 16 == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

} // namespace

TEST_CASE("a message written in parts arrives whole through a socket that takes it in parts",
          "[lsp][transport]") {
    // More parts than one writev takes (IOV_MAX), empty ones among them, 2.5 MB in all.
    std::mt19937 random(11);
    std::vector<std::string> texts;
    for (int i = 0; i < 3 * IOV_MAX + 7; ++i) {
        const size_t size = i % 97 == 0 ? 0 : random() % 1600;
        std::string text(size, '\0');
        for (size_t k = 0; k < size; ++k)
            text[k] = static_cast<char>('a' + (i + k) % 26);
        texts.push_back(std::move(text));
    }
    std::vector<std::string_view> parts(texts.begin(), texts.end());
    std::string expected = "{\"result\":";
    for (std::string_view part : parts)
        expected += part;
    expected += "}";

    int fds[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
    int small = 8192;
    ::setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
    SECTION("a send timeout: writev returns having written part") {
        timeval timeout{0, 1000};
        ::setsockopt(fds[0], SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    }
    SECTION("non-blocking: writev finds it full (EAGAIN)") {
        ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    }
    std::string received;
    std::thread reader([&] { received = readSlowly(fds[1]); });
    std::FILE* out = ::fdopen(fds[0], "w");
    REQUIRE(out);
    writeFramed(out, "{\"result\":", parts, "}");
    std::fclose(out);
    reader.join();
    ::close(fds[1]);

    const std::string header = "Content-Length: " + std::to_string(expected.size()) + "\r\n\r\n";
    REQUIRE(received.size() == header.size() + expected.size());
    CHECK(received.substr(0, header.size()) == header);
    CHECK(received.substr(header.size()) == expected);
}

TEST_CASE("a message of a few parts and one of many are framed alike", "[lsp][transport]") {
    // The few-part path goes through the stream, the many-part one around it: both in order.
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    std::string received;
    std::thread reader([&] { received = readSlowly(fds[0]); });
    std::FILE* out = ::fdopen(fds[1], "w");
    REQUIRE(out);
    writeFramed(out, {"{\"a\":", "1", "}"});
    std::vector<std::string_view> many(20, "2,");
    writeFramed(out, "[", many, "2]");
    writeFramed(out, std::string("{}"));
    std::fclose(out);
    reader.join();
    ::close(fds[0]);
    CHECK(received == "Content-Length: 7\r\n\r\n{\"a\":1}"
                      "Content-Length: 43\r\n\r\n[2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2]"
                      "Content-Length: 2\r\n\r\n{}");
}
