// SPDX-License-Identifier: Apache-2.0
#include "modak/model/FileScope.h"

#include <fmt/format.h>

#include <algorithm>

namespace modak::model {

namespace fs = std::filesystem;

fs::path canonicalOrLexical(const fs::path& path) {
    std::error_code ec;
    fs::path abs = fs::absolute(path, ec);
    if (ec)
        abs = path;
    fs::path canon = fs::weakly_canonical(abs, ec);
    return ec ? abs.lexically_normal() : canon.lexically_normal();
}

namespace {

/// `path` lies in `root` or below it (both canonical): a component-wise prefix.
bool under(const fs::path& path, const fs::path& root) {
    auto p = path.begin(), r = root.begin();
    for (; r != root.end(); ++r, ++p) {
        if (r->empty() && std::next(r) == root.end())
            break; // a trailing separator
        if (p == path.end() || *p != *r)
            return false;
    }
    return true;
}

} // namespace

fs::path FileScope::projectRootOf(const fs::path& folder) {
    fs::path start = canonicalOrLexical(folder);
    std::error_code ec;
    for (fs::path dir = start;; dir = dir.parent_path()) {
        if (fs::exists(dir / "modak.toml", ec) || fs::exists(dir / ".git", ec))
            return dir;
        if (dir == dir.parent_path() || dir.empty())
            break;
    }
    return start;
}

FileScope FileScope::around(const fs::path& rootFile, const std::vector<fs::path>& extraRoots) {
    FileScope scope;
    // The folder the root file is named in, not the one a symbolic link may lead to: the link's
    // target is checked against the project (checkRootFile), not taken as it.
    scope.roots_.push_back(
        projectRootOf(rootFile.has_parent_path() ? rootFile.parent_path() : fs::path(".")));
    for (const auto& r : extraRoots) {
        fs::path root = canonicalOrLexical(r);
        if (std::find(scope.roots_.begin(), scope.roots_.end(), root) == scope.roots_.end())
            scope.roots_.push_back(root);
    }
    return scope;
}

FileScope FileScope::ofRoots(const std::vector<fs::path>& roots) {
    FileScope scope;
    for (const auto& r : roots)
        scope.roots_.push_back(canonicalOrLexical(r));
    return scope;
}

bool FileScope::lexicallyInside(const fs::path& canonical) const {
    return std::any_of(roots_.begin(), roots_.end(),
                       [&](const fs::path& r) { return under(canonical, r); });
}

bool FileScope::contains(const fs::path& path) const {
    return lexicallyInside(canonicalOrLexical(path));
}

std::string FileScope::rootsText() const {
    if (roots_.empty())
        return "no folder may be read";
    if (roots_.size() == 1)
        return fmt::format("the project root is '{}'", roots_.front().generic_string());
    std::string out =
        fmt::format("the project root is '{}'; import roots:", roots_.front().generic_string());
    for (size_t i = 1; i < roots_.size(); ++i)
        out += fmt::format(" '{}'", roots_[i].generic_string());
    return out;
}

std::optional<FileScope::Resolved> FileScope::resolve(const fs::path& fromDir,
                                                      std::string_view written,
                                                      std::string_view extension, Refusal& refusal,
                                                      std::string& error) const {
    refusal = Refusal::None;
    error.clear();
    if (written.find('\0') != std::string_view::npos) {
        refusal = Refusal::WrongKind;
        error = "a path cannot contain a NUL character";
        return std::nullopt;
    }
    fs::path w{std::string(written)};
    if (w.is_absolute() || w.has_root_name() || w.has_root_directory()) {
        refusal = Refusal::Absolute;
        error = fmt::format(
            "absolute paths are not allowed: write a path relative to this file ({})", rootsText());
        return std::nullopt;
    }
    // Relative to the file's folder first, then to each named root (an include path).
    std::vector<fs::path> bases{canonicalOrLexical(fromDir.empty() ? fs::path(".") : fromDir)};
    for (size_t i = 1; i < roots_.size(); ++i)
        bases.push_back(roots_[i]);
    std::optional<Resolved> firstInside;
    for (size_t i = 0; i < bases.size(); ++i) {
        fs::path lexical = (bases[i] / w).lexically_normal();
        if (!lexicallyInside(lexical))
            continue;
        if (w.extension().string() != extension) {
            refusal = Refusal::WrongKind;
            error = fmt::format("only {} files can be named here", extension);
            return std::nullopt;
        }
        // The file system is consulted only for paths inside: nothing is learnt of the rest.
        fs::path real = canonicalOrLexical(lexical);
        if (!lexicallyInside(real)) {
            refusal = Refusal::LinkOutside;
            error = fmt::format("a symbolic link on the way leads out of the project ({})",
                                rootsText());
            return std::nullopt;
        }
        Resolved r{i == 0 ? (fromDir / w).lexically_normal() : lexical, real};
        std::error_code ec;
        auto st = fs::status(real, ec);
        if (!ec && fs::exists(st)) {
            if (!fs::is_regular_file(st) || real.extension().string() != extension) {
                refusal = Refusal::WrongKind;
                error = fs::is_regular_file(st)
                            ? fmt::format("it links to a file that is not a {} file", extension)
                            : "it is not a regular file";
                return std::nullopt;
            }
            return r;
        }
        if (!firstInside)
            firstInside = r;
    }
    if (firstInside)
        return firstInside; // inside, but missing: the reader says so
    refusal = Refusal::Outside;
    error = fmt::format("the path escapes the project ({})", rootsText());
    return std::nullopt;
}

std::optional<std::string> FileScope::checkRootFile(const fs::path& rootFile) const {
    if (contains(rootFile))
        return std::nullopt;
    return fmt::format("'{}' is a symbolic link out of its project ({}); it was not read",
                       rootFile.generic_string(), rootsText());
}

} // namespace modak::model
