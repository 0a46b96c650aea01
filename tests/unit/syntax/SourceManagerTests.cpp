// SPDX-License-Identifier: Apache-2.0
// The source manager's line tables, built for a text and carried to an edited version of it, and
// its texts, copied or mapped.
#include "Test.h"
#include "modak/text/SourceManager.h"

#include <catch2/catch.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace modak;

TEST_CASE("a line table carried through edits equals one built for the edited text",
          "[syntax][sources]") {
    // An editor's document is added once per edit with the last version's buffer: its table is
    // kept where the texts agree and found again between. Random edits of a text of many short
    // lines (runs of newlines, "\r\n", multi-byte characters), at either end too.
    const std::vector<std::string> snippets = {
        "\n", "\n\n", "\r\n", "a = 1\n", "é", "x", "target t {\n  nodes = 2\n}\n", ""};
    std::mt19937 rng(3);
    for (int round = 0; round < 40; ++round) {
        std::string text;
        for (int i = round * 7; i > 0; --i)
            text += snippets[std::uniform_int_distribution<size_t>(0, snippets.size() - 1)(rng)];
        SourceManager sm;
        FileId last = sm.addBuffer("doc.modak", text);
        for (int edit = 0; edit < 25; ++edit) {
            text = test::randomEdit(text, rng, snippets, 12, /*wholeCharacters=*/false);
            if (edit % 9 == 0)
                text = edit % 2 ? text + "\n" : "\n" + text; // at either end
            FileId now = sm.addBuffer("doc.modak", text, sm.buffer(last));
            SourceManager fresh;
            FileId alone = fresh.addBuffer("doc.modak", text);
            INFO(round << " " << edit);
            REQUIRE(sm.buffer(now).lineStarts == fresh.buffer(alone).lineStarts);
            CHECK(sm.text(now) == text);
            CHECK(sm.buffer(now).fileSize == text.size());
            last = now;
        }
    }
}

namespace {
namespace fs = std::filesystem;

/// A file of `size` bytes of short lines in a directory of this test's own.
fs::path writeLines(const fs::path& dir, const std::string& name, size_t size) {
    fs::create_directories(dir);
    std::string text;
    for (int i = 0; text.size() < size; ++i)
        text += "key_" + std::to_string(i) + " = " + std::to_string(i * 7) + "\n";
    text.resize(size);
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
}
} // namespace

TEST_CASE("a large file is mapped where asked, and reads as its copy would", "[syntax][sources]") {
    const fs::path dir = fs::temp_directory_path() / ("modak-map-" + std::to_string(::getpid()));
    const auto page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    struct Case {
        size_t size;
        bool mapLarge;
        size_t maxBytes;
        bool mapped;
    };
    const std::vector<Case> cases = {
        {SourceManager::kMapFromBytes + 123, true, SIZE_MAX, true},
        {3 * SourceManager::kMapFromBytes + 1, true, SIZE_MAX, true},
        {SourceManager::kMapFromBytes + 123, false, SIZE_MAX, false}, // not asked
        {SourceManager::kMapFromBytes - 1, true, SIZE_MAX, false},    // small: copied
        {16 * page, true, SIZE_MAX, false}, // no room after the text for its ending zero byte
        {SourceManager::kMapFromBytes + 123, true, 60000, false}, // longer than asked: cut short
    };
    for (const Case& c : cases) {
        INFO(c.size << " " << c.mapLarge << " " << c.maxBytes);
        const fs::path path = writeLines(dir, "f" + std::to_string(c.size) + ".modak", c.size);
        std::ifstream in(path, std::ios::binary);
        const std::string expected((std::istreambuf_iterator<char>(in)), {});
        SourceManager sm;
        if (c.mapLarge)
            sm.mapLargeFiles = 2;
        std::string error;
        auto id = sm.readFile(path, error, c.maxBytes);
        REQUIRE(id);
        const SourceBuffer& b = sm.buffer(*id);
        CHECK(b.text.mapped() == c.mapped);
        CHECK(sm.text(*id) == std::string_view(expected).substr(0, c.maxBytes));
        CHECK(b.fileSize == c.size);
        CHECK(b.text.data()[b.text.size()] == '\0'); // as after a std::string's text
        SourceManager copied;
        FileId alone = copied.addBuffer("x", std::string(sm.text(*id)));
        CHECK(b.lineStarts == copied.buffer(alone).lineStarts);
        // Copies share the text: it outlives the manager that read it.
        SourceText kept = b.text;
        sm = SourceManager();
        CHECK(kept.view() == std::string_view(expected).substr(0, c.maxBytes));
    }
    fs::remove_all(dir);
}

TEST_CASE("a path that is no file to read says why", "[syntax][sources]") {
    const fs::path dir = fs::temp_directory_path() / ("modak-nofile-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    for (bool mapLarge : {false, true}) {
        SourceManager sm;
        if (mapLarge)
            sm.mapLargeFiles = 2;
        std::string error;
        CHECK_FALSE(sm.readFile(dir, error));
        CHECK(error == "is a directory");
        CHECK_FALSE(sm.readFile(dir / "missing.modak", error));
        CHECK(error == "No such file or directory");
        CHECK(sm.size() == 0);
    }
    fs::remove_all(dir);
}

TEST_CASE("a mapped file cut short while it is read ends the process with an error naming it",
          "[syntax][sources]") {
    // Truncating a mapped file takes its pages away: reading them raises SIGBUS, which would
    // otherwise kill the process without a word. The map is made here, the truncation and the
    // read in a child process, whose exit status and error output are checked.
    const fs::path dir = fs::temp_directory_path() / ("modak-cut-" + std::to_string(::getpid()));
    const fs::path path = writeLines(dir, "cut.modak", 5 * SourceManager::kMapFromBytes + 77);
    SourceManager sm;
    sm.mapLargeFiles = 7;
    std::string error;
    auto id = sm.readFile(path, error);
    REQUIRE(id);
    REQUIRE(sm.buffer(*id).text.mapped());
    const std::string_view text = sm.text(*id);
    int out[2];
    REQUIRE(::pipe(out) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) { // only system calls and reads of the map here
        ::dup2(out[1], STDERR_FILENO);
        if (::truncate(path.c_str(), 100) != 0)
            ::_exit(90);
        unsigned sum = 0;
        for (char c : text)
            sum += static_cast<unsigned char>(c);
        ::_exit(sum == 0 ? 91 : 92); // not reached: the pages past the first are gone
    }
    ::close(out[1]);
    std::string said;
    char chunk[256];
    for (ssize_t n; (n = ::read(out[0], chunk, sizeof chunk)) > 0;)
        said.append(chunk, static_cast<size_t>(n));
    ::close(out[0]);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 7);
    CHECK(said == "modak: error: cannot read '" + path.string() +
                      "': it was cut short, or its storage failed, while it was read\n");
    sm = SourceManager(); // unmaps it
    fs::remove_all(dir);
}
