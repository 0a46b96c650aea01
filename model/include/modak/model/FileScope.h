// SPDX-License-Identifier: Apache-2.0
//! Where a program may read files from (docs/security.md). A `.modak` file may come from a
//! stranger's pull request, so the paths it writes — imports, `catalog`, `calibration` — resolve
//! only inside its roots: the project root of the root file (the nearest folder upwards holding
//! `modak.toml` or
//! `.git`, else the root file's folder) and the roots the user named (`--import-root`, the language
//! server's `modak.importRoots`). Absolute paths are refused, `..` may not climb out, and symbolic
//! links are resolved before the check. The refusals name paths only, never a byte of a file.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace modak::model {

class FileScope {
public:
    /// Why a path was refused.
    enum class Refusal {
        None,
        Absolute,    ///< an absolute path
        Outside,     ///< `..` leaves every root
        LinkOutside, ///< a symbolic link on the way leads out of every root
        WrongKind,   ///< not the extension asked for, or not a regular file
    };

    /// A path as written in a file, resolved.
    struct Resolved {
        /// The importing file's folder joined with the path (for messages)
        std::filesystem::path shown;
        /// Symbolic links resolved: what is read, and the file's identity
        std::filesystem::path real;
    };

    FileScope() = default; ///< no roots: every path is outside

    /// The scope of a program whose root file is `rootFile` (as given; it need not exist, as with
    /// an editor's unsaved buffer), plus `extraRoots`. Relative paths are taken from the working
    /// folder.
    static FileScope around(const std::filesystem::path& rootFile,
                            const std::vector<std::filesystem::path>& extraRoots = {});

    /// Exactly these folders (the language server's workspace folders, where it may write).
    static FileScope ofRoots(const std::vector<std::filesystem::path>& roots);

    /// The project root of a file: the nearest folder at or above `folder` holding `modak.toml` or
    /// `.git`, else `folder` itself (canonical).
    static std::filesystem::path projectRootOf(const std::filesystem::path& folder);

    /// Resolves `written` (a path written in a file of folder `fromDir`) relative to that folder,
    /// then relative to each extra root in order (an include path), and checks that it stays inside
    /// the roots and names a regular file (if it exists) with extension `extension` (".modak",
    /// ".json"). On refusal returns nullopt, sets `refusal` and `error` (a message tail: "… escapes
    /// the project"); a path that merely does not exist is returned, to be reported by whoever
    /// reads it.
    std::optional<Resolved> resolve(const std::filesystem::path& fromDir, std::string_view written,
                                    std::string_view extension, Refusal& refusal,
                                    std::string& error) const;

    /// Whether `path`, with its symbolic links resolved, lies inside a root.
    bool contains(const std::filesystem::path& path) const;

    /// Why the root file itself may not be read (a symbolic link out of its project), or nullopt.
    std::optional<std::string> checkRootFile(const std::filesystem::path& rootFile) const;

    const std::vector<std::filesystem::path>& roots() const {
        return roots_;
    } ///< project root first

private:
    bool lexicallyInside(const std::filesystem::path& canonical) const;
    std::string rootsText() const;

    std::vector<std::filesystem::path> roots_;
};

/// `path` absolute, with `.`/`..` and symbolic links of its existing part resolved; lexical where
/// the file system cannot tell.
std::filesystem::path canonicalOrLexical(const std::filesystem::path& path);

} // namespace modak::model
