// SPDX-License-Identifier: Apache-2.0
//! The `modak` subcommands as plain functions over option structs; main.cpp only wires CLI11 to them.
//! Exit codes (stable, documented in docs/cli.md): 0 success, 1 problems found in the input (errors,
//! or files that need formatting with --check), 2 usage or I/O errors.
#pragma once

#include <string>
#include <vector>

namespace modak::cli {

enum ExitCode : int { Success = 0, InputErrors = 1, UsageOrIoError = 2 };

enum class ColorMode { Auto, Always, Never };

struct CheckOptions {
    std::vector<std::string> paths;  ///< files or directories (recursing over *.modak); "-" is stdin
    std::string format = "text";     ///< text | json | sarif
    bool werror = false;
    ColorMode color = ColorMode::Auto;
};
int runCheck(const CheckOptions& options);

struct FmtOptions {
    std::vector<std::string> paths;
    bool check = false;   ///< report files that would change, write nothing
    bool toStdout = false;
    ColorMode color = ColorMode::Auto;
};
int runFmt(const FmtOptions& options);

struct ImportOptions {
    std::string input;
    std::string output;  ///< empty: stdout
    std::string name;
    bool force = false;  ///< overwrite an existing output file
    ColorMode color = ColorMode::Auto;
};
int runImport(const ImportOptions& options);

} // namespace modak::cli
