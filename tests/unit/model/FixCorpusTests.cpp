// SPDX-License-Identifier: Apache-2.0
// Every quick fix in the test corpus, applied, yields a file that parses and no longer has that
// diagnostic (issue 15). Each .modak file of the tests, the examples and the fix fixtures
// (tests/data/fixes/) is checked; each fix of each diagnostic in it is applied alone, as an
// editor's code action would, and the result parsed and checked again.
#include "ModelTest.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

using namespace modak;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> corpusFiles() {
    std::vector<fs::path> out;
    const fs::path root(MODAK_SOURCE_DIR);
    for (const char* dir : {"examples", "tests"})
        for (auto it = fs::recursive_directory_iterator(root / dir);
             it != fs::recursive_directory_iterator(); ++it) {
            if (it->is_directory() && it->path().filename() == "node_modules")
                it.disable_recursion_pending();
            else if (it->is_regular_file() && it->path().extension() == ".modak")
                out.push_back(it->path());
        }
    std::sort(out.begin(), out.end());
    return out;
}

/// A file loaded from `text` under `path` (so that its imports resolve beside it).
struct Checked {
    SourceManager sm;
    Diagnostics diags;
    FileId file;
    model::Program program;

    Checked(const fs::path& path, std::string text) {
        file = sm.addBuffer(path.string(), std::move(text));
        program = model::loadProgram(sm, file, diags);
    }
};

/// The syntax errors of `text` alone (the parser's diagnostics), as byte ranges.
std::vector<SourceRange> syntaxErrors(const std::string& text) {
    SourceManager sm;
    Diagnostics diags;
    test::parseText(sm, text, diags);
    std::vector<SourceRange> out;
    for (const Diagnostic& d : diags)
        if (d.severity >= Severity::Error)
            out.push_back(d.range);
    return out;
}

/// Where offset `at` of the original text is after `fix` (an offset inside a replaced range moves
/// to its start).
uint32_t mapOffset(uint32_t at, const Fix& fix) {
    int64_t shift = 0;
    for (const TextEdit& e : fix.edits) {
        if (e.range.end <= at && !(e.range.begin == e.range.end && e.range.begin == at))
            shift += static_cast<int64_t>(e.text.size()) - (e.range.end - e.range.begin);
        else if (e.range.begin <= at && at < e.range.end)
            return static_cast<uint32_t>(static_cast<int64_t>(e.range.begin) + shift);
    }
    return static_cast<uint32_t>(static_cast<int64_t>(at) + shift);
}

size_t lineOf(const std::string& text, uint32_t offset) {
    return static_cast<size_t>(
        std::count(text.begin(), text.begin() + std::min<size_t>(offset, text.size()), '\n'));
}

/// Diagnostics like `like` (code and message) in the root file whose range starts on `line`.
size_t countOnLine(const Checked& c, const std::string& text, const Diagnostic& like, size_t line) {
    size_t n = 0;
    for (const Diagnostic& d : c.diags)
        if (d.code == like.code && d.message == like.message && d.range.file == c.file &&
            lineOf(text, d.range.begin) == line)
            ++n;
    return n;
}

} // namespace

TEST_CASE("fixes: every quick fix in the corpus yields a file that parses without that diagnostic",
          "[fix][corpus]") {
    size_t files = 0, fixes = 0;
    bool sawEmailFix = false;
    for (const fs::path& path : corpusFiles()) {
        ++files;
        const std::string text = test::readFile(path.string());
        Checked before(path, text);
        const size_t syntaxBefore = syntaxErrors(text).size();
        for (const Diagnostic& d : before.diags) {
            if (d.range.file != before.file)
                continue; // checked where that file is the one opened
            for (const Fix& fix : d.fixes) {
                bool local =
                    std::all_of(fix.edits.begin(), fix.edits.end(),
                                [&](const TextEdit& e) { return e.range.file == before.file; });
                if (!local)
                    continue;
                ++fixes;
                const std::string fixed = test::applyFix(text, fix);
                INFO(path.string()
                     << ":" << lineOf(text, d.range.begin) + 1 << ": [" << diagInfo(d.code).name
                     << "] " << d.message << "\nfix: " << fix.title << "\nfixed text:\n"
                     << fixed);
                sawEmailFix = sawEmailFix || (path.filename() == "email_unquoted.modak" &&
                                              d.code == DiagCode::TypeMismatch);

                // It parses: no syntax error more than before, and none in or right after what the
                // fix wrote (where quoting half a value would leave one).
                std::vector<SourceRange> syntaxAfter = syntaxErrors(fixed);
                CHECK(syntaxAfter.size() <= syntaxBefore);
                for (const TextEdit& e : fix.edits) {
                    uint32_t begin = mapOffset(e.range.begin, fix);
                    uint32_t end = begin + static_cast<uint32_t>(e.text.size());
                    for (const SourceRange& r : syntaxAfter)
                        CHECK_FALSE((r.begin >= begin && r.begin <= end));
                }

                // The diagnostic is gone: fewer like it (code and message) on its line.
                Checked after(path, fixed);
                CHECK(countOnLine(after, fixed, d, lineOf(fixed, mapOffset(d.range.begin, fix))) <
                      countOnLine(before, text, d, lineOf(text, d.range.begin)));
            }
        }
    }
    CHECK(files >= 100);
    CHECK(fixes >= 20);
    CHECK(sawEmailFix); // the fixture of the unquoted e-mail address still has its fix
}
