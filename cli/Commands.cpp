// SPDX-License-Identifier: Apache-2.0
#include "Commands.h"

#include "Parallel.h"
#include "Support.h"
#include "modak/codegen/Output.h"
#include "modak/diag/DiagnosticEngine.h"
#include "modak/diag/Printers.h"
#include "modak/importer/Launchers.h"
#include "modak/importer/ModakJson.h"
#include "modak/model/Catalogue.h"
#include "modak/model/LaunchCheck.h"
#include "modak/model/Performance.h"
#include "modak/model/Plan.h"
#include "modak/model/Program.h"
#include "modak/syntax/Formatter.h"
#include "modak/syntax/Parser.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <system_error>
#include <thread>

namespace modak::cli {

namespace fs = std::filesystem;

void printError(const std::string& message) {
    fmt::print(stderr, "modak: error: {}\n", message);
}

bool useColor(ColorMode mode) {
    if (mode != ColorMode::Auto)
        return mode == ColorMode::Always;
    const char* term = std::getenv("TERM");
    return isatty(fileno(stderr)) && !std::getenv("NO_COLOR") && term &&
           std::string_view(term) != "dumb";
}

// Expands directories to the *.modak files below them, in sorted order so output is deterministic.
bool expandPaths(const std::vector<std::string>& inputs, std::vector<std::string>& out) {
    bool ok = true;
    for (const std::string& input : inputs) {
        std::error_code ec;
        if (input != "-" && fs::is_directory(input, ec)) {
            std::vector<std::string> found;
            fs::recursive_directory_iterator it(input,
                                                fs::directory_options::skip_permission_denied, ec),
                end;
            for (; !ec && it != end; it.increment(ec)) {
                if (it->is_regular_file(ec) && it->path().extension() == ".modak")
                    found.push_back(it->path().string());
            }
            if (ec) {
                printError(fmt::format("cannot read directory '{}': {}", input, ec.message()));
                ok = false;
            }
            std::sort(found.begin(), found.end());
            if (found.empty() && !ec) {
                // Checking nothing would pass silently; in CI that hides a wrong path.
                printError(fmt::format("no .modak files under '{}'", input));
                ok = false;
            }
            out.insert(out.end(), found.begin(), found.end());
        } else {
            out.push_back(input);
        }
    }
    return ok;
}

model::LoadOptions loadOptions(const std::vector<std::string>& importRoots) {
    model::LoadOptions options;
    options.importRoots.assign(importRoots.begin(), importRoots.end());
    return options;
}

std::optional<FileId> readInput(SourceManager& sm, const std::string& path) {
    if (path == "-") {
        std::string text{std::istreambuf_iterator<char>(std::cin),
                         std::istreambuf_iterator<char>()};
        return sm.addBuffer("<stdin>", std::move(text));
    }
    std::string error;
    // Reading stops just past the parser's limit: a huge file costs no more memory than that.
    auto id = sm.readFile(path, error, syntax::ParseOptions{}.maxBytes + 1);
    if (!id)
        printError(fmt::format("cannot read '{}': {}", path, error));
    return id;
}

bool writeAtomically(const std::string& path, std::string_view text) {
    std::string error;
    if (codegen::writeFileAtomically(path, text, error))
        return true;
    printError(error);
    return false;
}

namespace {

/// Writes diagnostics as text to `out` a few at a time: a file with thousands of warnings never
/// holds its whole rendered text (issue 20: that text was most of `check`'s memory over 3x). With
/// `threads` above 1 the next few chunks are rendered while one is written.
void writeText(std::FILE* out, const SourceManager& sm, std::span<const Diagnostic> diags,
               const TextPrintOptions& options, unsigned threads = 1) {
    constexpr size_t chunk = 256;
    const size_t chunks = (diags.size() + chunk - 1) / chunk;
    forEachOrdered<std::string>(
        chunks, threads,
        [&](size_t i) {
            const size_t at = i * chunk;
            return renderText(sm, diags.subspan(at, std::min(chunk, diags.size() - at)), options);
        },
        [&](size_t, std::string& text) { std::fwrite(text.data(), 1, text.size(), out); });
}

} // namespace

void printDiagnostics(const SourceManager& sm, const std::vector<Diagnostic>& diags,
                      ColorMode color) {
    TextPrintOptions options;
    options.color = useColor(color);
    writeText(stderr, sm, diags, options);
}

namespace {

/// What checking one file produced, rendered in the requested format (the file's SourceManager is
/// gone by then: memory is bounded by the largest file, not the sum). A sequential run's text is
/// written as it is rendered instead.
struct CheckedFile {
    bool ioError = false;
    std::string rendered; ///< text: diagnostics; json: the array's items; sarif: the whole log
    size_t errors = 0, warnings = 0;
    std::string readError;
};

/// `fn` on a thread of its own; none where no thread can be had (a process or container limit).
/// Only for work that may be skipped: the check's side threads warm a cache up or free memory
/// (what `fn` captured is then freed here).
template<class Fn>
std::jthread sideThread(Fn&& fn) {
    try {
        return std::jthread(std::forward<Fn>(fn));
    } catch (const std::system_error&) {
        return {};
    }
}

/// The size from which `modak check` of one file reads the built-in catalogue on another thread
/// (~7 ms of a core): a smaller file's check may be over before that thread would be.
constexpr size_t kWarmCatalogueBytes = 64 * 1024;

/// What `modak check` runs on a loaded file (loadProgram without its checks): the semantic checks,
/// the catalogue files, and, when none of them found an error, the launch checks, appended to
/// `diags` in that order. With `threads` above 1 the launch checks run in parts beside the semantic
/// checks, speculatively (they are dropped when the others find an error); the diagnostics are the
/// same as one thread's.
void checkLoaded(SourceManager& sm, const model::Program& program, Diagnostics& diags,
                 unsigned threads) {
    if (threads <= 1 || diags.hasErrors()) {
        // The catalogue a plan reads is built only if a launcher needs a plan.
        model::checkProgram(sm, program, diags);
        model::checkCatalogFiles(sm, program, diags);
        if (!diags.hasErrors())
            model::checkProgramLaunches(sm, program, diags);
        return;
    }
    // What reads files into `sm` runs before the threads: it is read, never written, while they
    // run.
    Diagnostics catalogues;
    model::checkCatalogFiles(sm, program, catalogues);
    model::ProgramLaunchChecks launches(sm, program);
    // Task 0 is the semantic checks; tasks 1..parts the launch checks of consecutive deployments.
    // Parts of at least 64 deployments, and no more than forEachOrdered runs ahead of task 0.
    const size_t parts = std::clamp<size_t>(launches.size() / 64, 1, 8 * threads - 1);
    auto bounds = [&](size_t part) { return part * launches.size() / parts; };
    std::atomic<bool> abandoned{false}; // the semantic checks found an error
    std::vector<std::optional<Diagnostics>> found(parts);
    forEachOrdered<std::optional<Diagnostics>>(
        parts + 1, launches.size() == 0 ? 1 : threads, // no deployment: no thread
        [&](size_t task) -> std::optional<Diagnostics> {
            Diagnostics out;
            if (task == 0) {
                model::checkProgram(sm, program, out);
                if (out.hasErrors() || catalogues.hasErrors())
                    abandoned = true;
                return out;
            }
            if (abandoned || !launches.check(bounds(task - 1), bounds(task), out))
                return std::nullopt; // not needed, or checked below on this thread
            return out;
        },
        [&](size_t task, std::optional<Diagnostics>& out) {
            if (task == 0) {
                diags.append(std::move(*out));
                diags.append(std::move(catalogues));
            } else {
                found[task - 1] = std::move(out);
            }
        });
    if (diags.hasErrors())
        return;
    // Room for them all at once: growing the list part by part would hold it twice at the peak.
    size_t total = diags.size();
    for (const auto& part : found)
        total += part ? part->size() : 0;
    diags.items().reserve(total);
    for (size_t part = 0; part < parts; ++part) {
        if (found[part])
            diags.append(std::move(*found[part]));
        else // a deployment planned as planProgram plans it, which may read files
            launches.check(sm, bounds(part), bounds(part + 1), diags);
        found[part].reset();
    }
}

/// The items of a rendered JSON array, without its brackets ("" for an empty one).
std::string arrayItems(const std::string& array) {
    size_t open = array.find('['), close = array.rfind(']');
    if (open == std::string::npos || close == std::string::npos || close <= open)
        return {};
    std::string inner = array.substr(open + 1, close - open - 1);
    size_t b = inner.find_first_not_of(" \n"), e = inner.find_last_not_of(" \n");
    return b == std::string::npos ? std::string() : inner.substr(b, e - b + 1);
}

/// What a check of one file has finished with as the process ends: kept rather than freed piece
/// by piece, as clang's -disable-free does. Freeing the 10 MB bench file's 11 545 warnings (seven
/// allocations each) and its text took ~5 ms of a ~140 ms check, on one core (issue 20). The
/// objects stay reachable from a static pointer, so leak checkers do not report them. Called only
/// by a check of one file, whose one task runs on the calling thread.
template<class T>
void keepUntilExit(T&& value) {
    static auto* kept = new std::vector<std::shared_ptr<void>>;
    kept->push_back(std::make_shared<std::decay_t<T>>(std::forward<T>(value)));
}

} // namespace

int runCheck(const CheckOptions& options) {
    std::vector<std::string> paths;
    bool ioOk = expandPaths(options.paths, paths);
    DiagnosticPolicy policy;
    policy.warningsAsErrors = options.werror;
    TextPrintOptions textOptions;
    textOptions.color = useColor(options.color);
    // stdin cannot be shared between threads; a run reading it is sequential.
    bool readsStdin = std::find(paths.begin(), paths.end(), "-") != paths.end();
    unsigned threads = readsStdin ? 1 : workerCount(paths.size());
    // One file at a time, each file's text can go straight to stderr: nothing is printed between.
    bool streamText = options.format != "json" && options.format != "sarif" &&
                      (threads <= 1 || paths.size() <= 1);
    Progress progress("checked", paths.size());

    auto check = [&](size_t i) {
        CheckedFile out;
        const unsigned inner = threads <= 1 ? workerCount(2) : 1;
        std::jthread warm;
        SourceManager sm;
        // Read once and exited from: a large file is mapped, not copied (the copy, its zeroed
        // pages and their faults were ~8 ms of a 10 MB file's ~105 ms, before the parse could
        // start).
        sm.mapLargeFiles = UsageOrIoError;
        std::optional<FileId> id;
        if (paths[i] == "-") {
            id = readInput(sm, paths[i]);
        } else {
            std::string error;
            id = sm.readFile(paths[i], error, syntax::ParseOptions{}.maxBytes + 1);
            if (!id)
                out.readError = fmt::format("cannot read '{}': {}", paths[i], error);
        }
        if (!id) {
            out.ioError = true;
            return out;
        }
        // A file checked alone has the cores to itself: the built-in catalogue and calibration,
        // which a launcher's plan reads, are read beside the file's parsing.
        if (inner > 1 && sm.text(*id).size() >= kWarmCatalogueBytes)
            warm = sideThread([] {
                model::Catalogue::builtin();
                model::Calibration::builtin();
            });
        Diagnostics diags;
        std::jthread dropping; // frees the program's trees and symbols beside the rendering
        {
            model::LoadOptions load = loadOptions(options.importRoots);
            load.check = false; // checkLoaded runs them
            load.parseThreads = inner;
            model::Program program = model::loadProgram(sm, *id, diags, load);
            // A launcher in `run` is read against the plan's scale: only then does check plan,
            // and only the deployments whose launcher the plan could contradict.
            checkLoaded(sm, program, diags, inner);
            if (warm.joinable())
                warm.join();
            if (inner > 1)
                dropping = sideThread([dropped = std::move(program)] {});
        } // the trees and symbols go here: rendering reads only the source and the diagnostics
        std::vector<Diagnostic> shown = applyPolicy(std::move(diags), policy);
        for (const Diagnostic& d : shown)
            if (d.severity >= Severity::Warning)
                ++(d.severity >= Severity::Error ? out.errors : out.warnings);
        if (options.format == "json")
            out.rendered = arrayItems(renderJson(sm, shown));
        else if (options.format == "sarif")
            out.rendered = renderSarif(sm, shown, MODAK_VERSION);
        else if (streamText && !shown.empty()) {
            progress.finish();
            writeText(stderr, sm, shown, textOptions, inner);
        } else if (!shown.empty())
            out.rendered = renderText(sm, shown, textOptions);
        if (dropping.joinable())
            dropping.join();
        if (paths.size() == 1) { // nothing follows but the summary line and the exit
            keepUntilExit(std::move(shown));
            keepUntilExit(std::move(sm));
        }
        return out;
    };

    size_t errors = 0, warnings = 0;
    std::string jsonItems;
    nlohmann::json sarif;
    forEachOrdered<CheckedFile>(paths.size(), threads, check, [&](size_t i, CheckedFile& f) {
        if (f.ioError) {
            if (!f.readError.empty())
                printError(f.readError);
            ioOk = false;
        }
        errors += f.errors;
        warnings += f.warnings;
        if (options.format == "json") {
            if (!f.rendered.empty())
                jsonItems += (jsonItems.empty() ? "" : ",\n  ") + f.rendered;
        } else if (options.format == "sarif") {
            if (!f.rendered.empty()) {
                nlohmann::json log = nlohmann::json::parse(f.rendered);
                if (sarif.is_null())
                    sarif = std::move(log);
                else
                    for (auto& r : log["runs"][0]["results"])
                        sarif["runs"][0]["results"].push_back(std::move(r));
            }
        } else if (!f.rendered.empty()) {
            progress.finish();
            std::fwrite(f.rendered.data(), 1, f.rendered.size(), stderr);
        }
        progress.update(i + 1);
    });
    progress.finish();
    if (options.format == "json") {
        fmt::print("{}", jsonItems.empty() ? std::string("[]\n") : "[\n  " + jsonItems + "\n]\n");
    } else if (options.format == "sarif") {
        if (sarif.is_null())
            sarif = nlohmann::json::parse(renderSarif(SourceManager{}, {}, MODAK_VERSION));
        fmt::print("{}\n", sarif.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } else if (errors || warnings) {
        fmt::print(stderr, "{} error{}, {} warning{} in {} file{}\n", errors,
                   errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s", paths.size(),
                   paths.size() == 1 ? "" : "s");
    }
    if (!ioOk)
        return UsageOrIoError;
    return errors ? InputErrors : Success;
}

int runFmt(const FmtOptions& options) {
    std::vector<std::string> paths;
    bool ioOk = expandPaths(options.paths, paths);
    bool problems = false;
    for (const std::string& path : paths) {
        SourceManager sm;
        auto id = readInput(sm, path);
        if (!id) {
            ioOk = false;
            continue;
        }
        Diagnostics diags;
        syntax::File tree = syntax::parse(sm, *id, diags);
        if (diags.hasErrors()) {
            printDiagnostics(sm, applyPolicy(diags, {}), options.color);
            printError(fmt::format("'{}' has syntax errors; not formatted", sm.path(*id)));
            problems = true;
            continue;
        }
        std::string formatted = syntax::format(tree, sm.text(*id));
        bool changed = formatted != sm.text(*id);
        if (options.check) {
            if (changed) {
                fmt::print("{}\n", sm.path(*id));
                problems = true;
            }
        } else if (options.toStdout || path == "-") {
            fmt::print("{}", formatted);
        } else if (changed && !writeAtomically(path, formatted)) {
            ioOk = false;
        }
    }
    if (!ioOk)
        return UsageOrIoError;
    return problems ? InputErrors : Success;
}

int runImport(const ImportOptions& options) {
    SourceManager sm;
    auto id = readInput(sm, options.input);
    if (!id)
        return UsageOrIoError;
    if (!options.output.empty() && !options.force && fs::exists(options.output)) {
        printError(fmt::format("'{}' exists; use --force to overwrite it", options.output));
        return UsageOrIoError;
    }
    Diagnostics diags;
    importer::ImportOptions importOptions;
    importOptions.name = options.name;
    // A SkyPilot or dstack YAML file by its extension, else an original MODAK JSON job.
    std::optional<std::string> text =
        importer::isLauncherYaml(options.input)
            ? importer::importLauncherYaml(sm, *id, diags, importOptions)
            : importer::importModakJson(sm, *id, diags, importOptions);
    if (text) {
        // The result must itself be a valid program: check it before anything is written.
        std::string shownPath = options.output.empty() ? "<imported>" : options.output;
        FileId generated = sm.addBuffer(shownPath, *text);
        model::LoadOptions load;
        fs::path base = options.output.empty() ? fs::current_path()
                                               : fs::absolute(options.output).parent_path();
        (void)base;
        model::loadProgram(sm, generated, diags, load);
    }
    printDiagnostics(sm, applyPolicy(diags, {}), options.color);
    if (!text || diags.hasErrors())
        return InputErrors;
    if (options.output.empty()) {
        fmt::print("{}", *text);
        return Success;
    }
    return writeAtomically(options.output, *text) ? Success : UsageOrIoError;
}

} // namespace modak::cli
