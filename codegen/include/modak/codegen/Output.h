// SPDX-License-Identifier: Apache-2.0
//! Generating a whole program and writing it: all deployments' artefacts in memory, then all files
//! or none (`modak generate`, the language server's generate command).
#pragma once

#include "modak/codegen/Generate.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace modak::codegen {

struct DeploymentOutput {
    std::string name;
    std::vector<Artefact> files;
};

/// The artefacts of every planned deployment defined in `root` (imported files' deployments are
/// theirs to generate), each with its `modak.lock`: the modak version, a digest of the embedded
/// catalogue and calibration, and the plan's choice with its prediction — so that a catalogue or
/// model update shows up in `generate --check` as a reviewed diff, never as silent drift.
std::vector<DeploymentOutput> generateProgram(const SourceManager& sm,
                                              const model::Program& program, FileId root,
                                              const model::Plan& plan,
                                              const GenerateOptions& options, Diagnostics& diags);

/// The `modak.lock` of one planned deployment (JSON, stable key order, no timestamps).
Artefact lockFile(const model::DeploymentPlan& plan, const std::string& version);

/// All or nothing over many files: `stage` writes deployments' files into a staging directory
/// inside `out` (disk, not memory), `commit` moves each staged deployment directory into place with
/// rename(2), replacing the previous one whole. Destroyed without a commit, it removes the staging
/// directory and `out` is as it was.
class StagedOutput {
public:
    explicit StagedOutput(std::filesystem::path out);
    ~StagedOutput();
    StagedOutput(const StagedOutput&) = delete;
    StagedOutput& operator=(const StagedOutput&) = delete;
    /// Stages `outputs` under `out/prefix/<deployment>/`. False with `error` set on failure.
    bool stage(const std::filesystem::path& prefix, const std::vector<DeploymentOutput>& outputs,
               std::string& error);
    bool commit(std::string& error);

private:
    std::filesystem::path out_, staging_;
    std::vector<std::filesystem::path> staged_; ///< prefix/deployment, relative to out_
};

/// Writes one file atomically: a temporary file in the same folder, renamed over `path` only once
/// fully written and synced, keeping an existing file's permissions (else 0644). Nothing
/// half-written remains. False with `error` ("cannot write 'path': reason") on failure.
bool writeFileAtomically(const std::filesystem::path& path, std::string_view text,
                         std::string& error);

/// Stages and commits `outputs` under `out/<deployment>/`. False with `error` set on failure.
bool writeOutputs(const std::filesystem::path& out, const std::vector<DeploymentOutput>& outputs,
                  std::string& error);

/// One difference between what would be generated and what is in the output directory.
struct Drift {
    /// Link: the file, or a folder on its way below `out`, is a symbolic link. Generation never
    /// writes links, and --check does not follow one (it could show any file in a diff).
    enum class Kind { Changed, Missing, Unexpected, Mode, Link };
    Kind kind = Kind::Changed;
    std::string path; ///< "<label prefix>/<deployment>/<artefact>"
    std::string diff; ///< Changed: a unified diff (`--- a/path`, `+++ b/path`, hunks with 3 lines
                      ///< of context)
};

/// Compares `outputs` with the files under `out` (`modak generate --check`): changed or missing
/// artefacts, files in a generated deployment's directory that generation would not write, and
/// executable bits that differ. Reads only; the result is sorted by path. `labelPrefix` is put
/// before each path (and in the diff headers) to name where `out` is below the whole output
/// directory.
std::vector<Drift> compareOutputs(const std::filesystem::path& out,
                                  const std::vector<DeploymentOutput>& outputs,
                                  const std::filesystem::path& labelPrefix = {});

/// A unified diff of two texts with `a/label` and `b/label` headers (empty when equal).
std::string unifiedDiff(const std::string& label, std::string_view before, std::string_view after);

} // namespace modak::codegen
