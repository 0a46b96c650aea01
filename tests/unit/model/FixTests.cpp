// SPDX-License-Identifier: Apache-2.0
// Quick fixes attached to semantic diagnostics: applying them yields the intended text.
#include "ModelTest.h"

#include <catch2/catch.hpp>

using namespace modak;
using test::applyFix;
using test::firstWith;

namespace {

/// Loads `text`, takes the first diagnostic with `code`, applies its first fix, returns the text.
std::string fixed(const std::string& text, DiagCode code) {
    auto l = test::load(text);
    const Diagnostic* d = firstWith(l->diags, code);
    REQUIRE(d);
    REQUIRE_FALSE(d->fixes.empty());
    return applyFix(text, d->fixes.front());
}

} // namespace

TEST_CASE("fix: replace an unknown key by the suggestion") {
    CHECK(fixed("modak 1\napplication a {\n  kind = hpc\n  run = \"x\"\n  epoch = 3\n}\n",
                DiagCode::UnknownKey) ==
          "modak 1\napplication a {\n  kind = hpc\n  run = \"x\"\n  epochs = 3\n}\n");
    CHECK(fixed("modak 1\ndeployment d { job { wall_time_limit = 2h } }\n", DiagCode::UnknownKey) ==
          "modak 1\ndeployment d { job { walltime = 2h } }\n");
    auto l = test::load("modak 1\naplication a { kind = hpc, run = \"x\" }\n");
    const Diagnostic* d = firstWith(l->diags, DiagCode::UnknownBlock);
    REQUIRE(d);
    REQUIRE(d->fixes.size() == 1);
    CHECK(d->fixes[0].title == "replace with 'application'");
}

TEST_CASE("fix: remove a duplicate key") {
    // Alone on its line: the whole line goes.
    CHECK(fixed("modak 1\napplication a {\n  kind = hpc\n  run = \"x\"\n  threads = 2\n  threads = "
                "4\n}\n",
                DiagCode::DuplicateKey) ==
          "modak 1\napplication a {\n  kind = hpc\n  run = \"x\"\n  threads = 2\n}\n");
    // Inside a one-line block: the statement and its comma.
    CHECK(fixed("modak 1\ndeployment d { job { nodes = 1, nodes = 2, walltime = 1h } }\n",
                DiagCode::DuplicateKey) ==
          "modak 1\ndeployment d { job { nodes = 1, walltime = 1h } }\n");
    CHECK(fixed("modak 1\ndeployment d { job { nodes = 1, nodes = 2 } }\n",
                DiagCode::DuplicateKey) == "modak 1\ndeployment d { job { nodes = 1, } }\n");
}

TEST_CASE("fix: insert a missing required key") {
    // Multi-line block: a new line with the indentation of the last statement, after its comment.
    CHECK(fixed("modak 1\ntarget t {\n    nodes = 4 // four\n}\n", DiagCode::MissingKey) ==
          "modak 1\ntarget t {\n    nodes = 4 // four\n    scheduler = slurm\n}\n");
    // Empty multi-line block: indented one level deeper than the block.
    CHECK(fixed("modak 1\ntarget t {\n}\n", DiagCode::MissingKey) ==
          "modak 1\ntarget t {\n  scheduler = slurm\n}\n");
    // One-line blocks stay on one line.
    CHECK(fixed("modak 1\ntarget t { nodes = 4 }\n", DiagCode::MissingKey) ==
          "modak 1\ntarget t { nodes = 4, scheduler = slurm }\n");
    CHECK(fixed("modak 1\ntarget t {}\n", DiagCode::MissingKey) ==
          "modak 1\ntarget t { scheduler = slurm }\n");
    CHECK(fixed("modak 1\ntarget t { }\n", DiagCode::MissingKey) ==
          "modak 1\ntarget t { scheduler = slurm }\n");
    // References use a visible name of the right kind.
    CHECK(fixed("modak 1\ntarget hlrs { scheduler = slurm }\ndeployment d { application = a }\n"
                "application a { kind = hpc, run = \"x\" }\n",
                DiagCode::MissingKey) == "modak 1\ntarget hlrs { scheduler = slurm }\ndeployment d "
                                         "{ application = a, target = hlrs }\n"
                                         "application a { kind = hpc, run = \"x\" }\n");
    // Conditional requirements have fixes too.
    CHECK(fixed("modak 1\napplication a {\n  kind = ai_training\n}\n", DiagCode::MissingKey) ==
          "modak 1\napplication a {\n  kind = ai_training\n  framework = pytorch \"2.1\"\n}\n");
    CHECK(fixed("modak 1\napplication a { kind = hpc }\n", DiagCode::MissingKey) ==
          "modak 1\napplication a { kind = hpc, parallelisation = [mpi] }\n");
    // A block with a syntax error may have lost the key to it: no missing-key at all.
    CHECK(firstWith(test::load("modak 1\ntarget t {\n")->diags, DiagCode::MissingKey) == nullptr);
    CHECK(firstWith(test::load("modak 1\ntarget t {\n  scheduler slurm\n}\n")->diags,
                    DiagCode::MissingKey) == nullptr);
}

TEST_CASE("fix: type mismatches") {
    CHECK(fixed("modak 1\ntarget t { scheduler = \"slurm\" }\n", DiagCode::TypeMismatch) ==
          "modak 1\ntarget t { scheduler = slurm }\n");
    CHECK(fixed("modak 1\ntarget t { scheduler = slurm, site = hlrs }\n", DiagCode::TypeMismatch) ==
          "modak 1\ntarget t { scheduler = slurm, site = \"hlrs\" }\n");
    CHECK(fixed("modak 1\ndeployment d { job { notify = end } }\n", DiagCode::TypeMismatch) ==
          "modak 1\ndeployment d { job { notify = [end] } }\n");
    CHECK(fixed("modak 1\napplication a { kind = ai_training, framework = \"tensorflow 2.1\" }\n",
                DiagCode::TypeMismatch) ==
          "modak 1\napplication a { kind = ai_training, framework = tensorflow \"2.1\" }\n");
}

TEST_CASE("fix: invalid values and references") {
    CHECK(fixed("modak 1\ntarget t { scheduler = slrum }\n", DiagCode::InvalidEnumValue) ==
          "modak 1\ntarget t { scheduler = slurm }\n");
    CHECK(fixed("modak 1\napplication a { kind = ai_training, framework = pytorh \"2.1\" }\n",
                DiagCode::InvalidEnumValue) ==
          "modak 1\napplication a { kind = ai_training, framework = pytorch \"2.1\" }\n");
    CHECK(fixed("modak 1\ntarget hlrs { scheduler = slurm }\napplication a { kind = hpc, run = "
                "\"x\" }\n"
                "deployment d { application = a, target = hrls }\n",
                DiagCode::UnresolvedReference) ==
          "modak 1\ntarget hlrs { scheduler = slurm }\napplication a { kind = hpc, run = \"x\" }\n"
          "deployment d { application = a, target = hlrs }\n");
    CHECK(
        fixed(
            "modak 1\napplication a { kind = ai_training, framework = jax, workload = resnet5 }\n",
            DiagCode::UnresolvedReference) ==
        "modak 1\napplication a { kind = ai_training, framework = jax, workload = resnet50 }\n");
    CHECK(fixed("modak 1\ntarget t { scheduler = slurm, partition gpu { nodes = 2 } }\n"
                "application a { kind = hpc, run = \"x\" }\n"
                "deployment d { application = a, target = t, partition = \"gpus\" }\n",
                DiagCode::UnresolvedReference) ==
          "modak 1\ntarget t { scheduler = slurm, partition gpu { nodes = 2 } }\n"
          "application a { kind = hpc, run = \"x\" }\n"
          "deployment d { application = a, target = t, partition = \"gpu\" }\n");
}

TEST_CASE("fix: remove a name from a block that takes none") {
    CHECK(fixed("modak 1\napplication a { kind = hpc, run = \"x\", dataset d { samples = 1 } }\n",
                DiagCode::UnexpectedName) ==
          "modak 1\napplication a { kind = hpc, run = \"x\", dataset { samples = 1 } }\n");
}

TEST_CASE("fixed files check clean") {
    // Applying every fix of a file with one typo per line yields a clean file.
    std::string text = "modak 1\n"
                       "target t {\n  scheduler = slrum\n  nodes = 4\n}\n"
                       "application a {\n  kind = hpc\n  run = \"./a\"\n  epoch = 3\n}\n"
                       "deployment d {\n  application = a\n  target = t\n  job { notify = end, "
                       "walltime = 1h }\n}\n";
    for (int round = 0; round < 5; ++round) {
        auto l = test::load(text);
        const Diagnostic* withFix = nullptr;
        for (const Diagnostic& d : l->diags)
            if (!d.fixes.empty()) {
                withFix = &d;
                break;
            }
        if (!withFix)
            break;
        text = applyFix(text, withFix->fixes.front());
    }
    CHECK(test::check(text) == "");
}

TEST_CASE("fix: export_env words and names") {
    CHECK(fixed("modak 1\ndeployment d { job { export_env = [\"ALL\", \"PATH\"] } }\n",
                DiagCode::QuestionableSetting) ==
          "modak 1\ndeployment d { job { export_env = [all, \"PATH\"] } }\n");
    CHECK(fixed("modak 1\ndeployment d { job { export_env = [all, PATH] } }\n",
                DiagCode::TypeMismatch) ==
          "modak 1\ndeployment d { job { export_env = [all, \"PATH\"] } }\n");
    // A missing image reference gets a placeholder.
    CHECK(fixed("modak 1\nimage i {}\n", DiagCode::MissingKey) ==
          "modak 1\nimage i { reference = \"docker://registry/repository:tag\" }\n");
}
