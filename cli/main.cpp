// SPDX-License-Identifier: Apache-2.0
// The `modak` command line: argument parsing only; the work is in Commands.cpp and the libraries.
#include "Commands.h"

#include <CLI/CLI.hpp>

#include <map>

int main(int argc, char** argv) {
    using namespace modak::cli;
    CLI::App app{"modak: typed deployment descriptions for AI training and HPC, checked, formatted "
                 "and turned into infrastructure code.\nExit codes: 0 success, 1 problems in the "
                 "input, 2 usage or I/O error.",
                 "modak"};
    app.set_version_flag("--version", std::string("modak ") + MODAK_VERSION + " (language 1)");
    app.require_subcommand(1);
    app.fallthrough();

    const std::map<std::string, ColorMode> colors{
        {"auto", ColorMode::Auto}, {"always", ColorMode::Always}, {"never", ColorMode::Never}};

    // Every command that prints diagnostics takes the same --color option.
    auto addColor = [&](CLI::App* cmd, ColorMode& mode) {
        cmd->add_option("--color", mode, "Colour diagnostics: auto, always, never")
            ->transform(CLI::CheckedTransformer(colors, CLI::ignore_case));
    };

    CheckOptions check;
    auto* checkCmd = app.add_subcommand("check", "Check .modak files: syntax, schema, imports and "
                                                 "references. Exit 0 clean, 1 errors, 2 usage/I-O.");
    checkCmd->add_option("paths", check.paths, "Files or directories (searched for *.modak); - reads stdin")
        ->required();
    checkCmd->add_option("--format", check.format, "Output format")
        ->check(CLI::IsMember({"text", "json", "sarif"}))
        ->capture_default_str();
    checkCmd->add_flag("--werror", check.werror, "Treat warnings as errors");
    addColor(checkCmd, check.color);

    FmtOptions fmtOpts;
    auto* fmtCmd = app.add_subcommand("fmt", "Format .modak files in place (canonical style, comments "
                                             "kept). Exit 1 with --check if a file would change.");
    fmtCmd->add_option("paths", fmtOpts.paths, "Files or directories (searched for *.modak); - reads stdin")
        ->required();
    fmtCmd->add_flag("--check", fmtOpts.check, "Write nothing; list files that are not formatted, exit 1 if any");
    fmtCmd->add_flag("--stdout", fmtOpts.toStdout, "Print the formatted text instead of rewriting files");
    addColor(fmtCmd, fmtOpts.color);

    ImportOptions importOpts;
    auto* importCmd = app.add_subcommand("import", "Convert an original MODAK JSON job into a formatted "
                                                   ".modak file.");
    importCmd->add_option("input", importOpts.input, "MODAK JSON job file; - reads stdin")->required();
    importCmd->add_option("-o,--output", importOpts.output, "Write here instead of standard output");
    importCmd->add_option("--name", importOpts.name, "Base name of the generated blocks (default: job_name)");
    importCmd->add_flag("-f,--force", importOpts.force, "Overwrite an existing output file");
    addColor(importCmd, importOpts.color);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        // --help and --version are successes; every other parse error is a usage error.
        return code == 0 ? Success : UsageOrIoError;
    }
    if (checkCmd->parsed())
        return runCheck(check);
    if (fmtCmd->parsed())
        return runFmt(fmtOpts);
    if (importCmd->parsed())
        return runImport(importOpts);
    return UsageOrIoError;
}
