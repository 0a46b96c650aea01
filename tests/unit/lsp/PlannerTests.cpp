// SPDX-License-Identifier: Apache-2.0
// The language server's background planner (lsp/src/Planner.h): what it keeps between versions.
#include "LspTest.h"
#include "Planner.h"

#include <catch2/catch.hpp>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

using namespace modak;
namespace fs = std::filesystem;

namespace {

constexpr const char* kDocument = R"(modak 1
target site {
  scheduler = slurm
  runtime = none
  nodes = 4
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 8 }
  gpu { model = v100_sxm2, count = 4 }
  interconnect = infiniband_edr
}
application app {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = ddp
  batch_size = 64
}
deployment d {
  application = app
  target = site
  scale { nodes = 1..4 }
}
)";

} // namespace

TEST_CASE("plans outlive a version with errors: fixing the error shows them at once",
          "[lsp][planner]") {
    std::atomic<int> woken{0};
    lsp::Planner planner(/*synchronous=*/false, /*foreground=*/nullptr, [&] { ++woken; });
    const std::string uri = "file:///virtual/test.modak";
    auto planned = [&](const std::shared_ptr<const lsp::Analysis>& a) {
        for (int i = 0; i < 2000 && a->planPending("d"); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            planner.collect();
        }
        return !a->planPending("d");
    };
    auto first = test::analyse(kDocument);
    planner.submit(uri, first);
    CHECK(first->planPending("d"));
    REQUIRE(planned(first));
    auto view = first->deploymentView("d");
    REQUIRE(view);

    // A half-typed value: nothing is planned for this version, and nothing is forgotten.
    std::string broken = kDocument;
    broken.replace(broken.find("batch_size = 64"), 15, "batch_size = ");
    auto typing = test::analyse(broken);
    REQUIRE(typing->diagnostics().hasErrors());
    planner.submit(uri, typing);

    // The value typed back: the plan is the one made before, there as soon as the version is.
    const int wakesBefore = woken;
    auto fixed = test::analyse(kDocument);
    planner.submit(uri, fixed);
    CHECK_FALSE(fixed->planPending("d"));
    CHECK(fixed->deploymentView("d") == view);
    CHECK(woken == wakesBefore); // nothing was planned again

    // A real change of what the plan reads is planned anew.
    std::string rescaled = kDocument;
    rescaled.replace(rescaled.find("1..4"), 4, "1..2");
    auto other = test::analyse(rescaled);
    planner.submit(uri, other);
    REQUIRE(planned(other));
    CHECK(other->deploymentView("d") != view);
}

TEST_CASE("the planner's worker gives way while the server's thread is busy", "[lsp][planner]") {
    using std::chrono::milliseconds;
    using Clock = std::chrono::steady_clock;
    lsp::Foreground foreground;
    // Idle: no waiting.
    auto start = Clock::now();
    for (int i = 0; i < 1000; ++i)
        foreground.giveWay();
    CHECK(Clock::now() - start < milliseconds(20));

    // Busy: the worker waits until the server's thread is idle again.
    foreground.busy();
    std::atomic<bool> returned{false};
    std::thread worker([&] {
        foreground.giveWay();
        returned = true;
    });
    std::this_thread::sleep_for(milliseconds(15));
    CHECK_FALSE(returned);
    foreground.idle();
    worker.join();
    CHECK(returned);

    // Busy for longer than the longest wait: the worker goes on, then runs that long again
    // without waiting (a server kept busy still plans).
    foreground.busy();
    start = Clock::now();
    foreground.giveWay();
    CHECK(Clock::now() - start >= lsp::Foreground::kLongestWait);
    start = Clock::now();
    foreground.giveWay();
    CHECK(Clock::now() - start < milliseconds(20));

    // The server ends: a waiting worker returns at once, and never waits again.
    std::this_thread::sleep_for(lsp::Foreground::kLongestWait);
    returned = false;
    std::thread last([&] {
        foreground.giveWay();
        returned = true;
    });
    std::this_thread::sleep_for(milliseconds(5));
    foreground.stop();
    last.join();
    CHECK(returned);
    foreground.busy();
    start = Clock::now();
    foreground.giveWay();
    CHECK(Clock::now() - start < milliseconds(20));
}

TEST_CASE("a plan made while the server's thread is busy waits for it, then completes",
          "[lsp][planner]") {
    auto foreground = std::make_shared<lsp::Foreground>();
    foreground->busy();
    std::atomic<int> woken{0};
    lsp::Planner planner(/*synchronous=*/false, foreground, [&] { ++woken; });
    auto analysis = test::analyse(kDocument);
    planner.submit("file:///virtual/test.modak", analysis);
    // The worker waits at its first candidate, up to kLongestWait: no plan yet.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(woken == 0);
    foreground->idle();
    for (int i = 0; i < 2000 && woken == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(woken == 1);
    planner.collect();
    CHECK_FALSE(analysis->planPending("d"));
}

constexpr const char* kBertBlock = "workload bert_large {\n  kind = transformer\n  layers = 4\n"
                                   "  hidden = 512\n  heads = 8\n  ffn = 2048\n"
                                   "  vocabulary = 30522\n  sequence = 128\n}\n";

TEST_CASE("plans kept through edits are the plans a fresh planner makes", "[lsp][planner]") {
    // The planner takes a deployment's key and plan from the last version where the edit left
    // its blocks alone (before the edit, or after it, moved). Here a planner kept through a run
    // of edits, each one's analysis reparsed from the last as the server does, is held to a
    // planner that sees each version alone: same views, same diagnostics. The edits change what
    // plans read before, inside and after the deployments (same-length ones too), add and remove
    // deployments and images, and pass through errors.
    std::string text = R"(modak 1
// the cluster
target big {
  scheduler = slurm
  runtime = apptainer
  nodes = 8
  cpu { arch = x86_64, cores = 32 }
  gpu { model = a100_sxm4_40gb, count = 4 }
  interconnect = infiniband_hdr
}
target small {
  scheduler = slurm
  runtime = none
  nodes = 4
  cpu { arch = x86_64, cores = 16 }
  gpu { model = v100_sxm2, count = 4 }
  interconnect = infiniband_edr
}
image mine {
  reference = "docker://registry.example.org/train:1"
  framework = pytorch "2.1"
  arch = x86_64
  accelerator = nvidia
  cuda = "12.1"
  build = hub
}
application resnet {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = ddp
  batch_size = 64
}
application bert {
  kind = ai_training
  framework = pytorch "2.1"
  workload = bert_large
  distributed = ddp
  batch_size = 32
}
deployment one {
  application = resnet
  target = big
  scale { nodes = 1..4 }
}
deployment two {
  application = bert
  target = small
  scale { nodes = 1..2 }
}
deployment three {
  application = resnet
  target = small
  scale { nodes = 1..2 }
}
)";
    // Each edit: the first occurrence of `from` (after `after`, when given) becomes `to`.
    struct Edit {
        std::string after, from, to;
    };
    const std::vector<Edit> edits = {
        {"", "// the cluster", "// the cluster, edited"},          // before all: moves them
        {"target big", "nodes = 8", "nodes = 6"},                  // one's target
        {"deployment two", "1..2", "1..1"},                        // same length, inside two
        {"application bert", "batch_size = 32", "batch_size = 3"}, // two's application
        {"application bert", "batch_size = 3", "batch_size = "},   // an error
        {"application bert", "batch_size = ", "batch_size = 16"},  // fixed, another value
        {"deployment three", "}\n", "}\n// after three\n"},        // after all
        {"", "deployment two {",
         "deployment four {\n  application = bert\n  target = big\n}\n"
         "deployment two {"},                  // a deployment added
        {"image mine", "train:1", "train:2"},  // the images
        {"", "image mine {", "image yours {"}, // an image renamed
        {"", "deployment four {\n  application = bert\n  target = big\n}\n", ""}, // removed
        {"deployment one", "target = big", "target = small"},                     // one moves site
        {"target small", "count = 4", "count = 8"}, // two and three's target
        {"deployment three", "1..2", "1..3"},       // same length, last block
        // A block named as what bert's `workload = bert_large` found in the catalogue: the name
        // now finds the block, though no block the deployments name was edited; then removed.
        {"", "application resnet {", std::string(kBertBlock) + "application resnet {"},
        {"", kBertBlock, ""},
    };
    const std::string uri = "file:///virtual/test.modak";
    lsp::Planner kept(/*synchronous=*/true, nullptr, [] {});
    std::shared_ptr<const lsp::Analysis> last;
    auto describe = [](const lsp::Analysis& a) {
        std::string out;
        for (const char* name : {"one", "two", "three", "four"}) {
            auto view = a.deploymentView(name);
            out +=
                std::string(name) + ": " + (view ? view->title + "\n" + view->hover : "-") + "\n";
        }
        for (const Diagnostic& d : a.diagnostics().items())
            out += std::to_string(static_cast<int>(d.code)) + " " + std::to_string(d.range.begin) +
                   "-" + std::to_string(d.range.end) + " " + d.message + "\n";
        return out;
    };
    for (size_t i = 0; i <= edits.size(); ++i) {
        if (i > 0) {
            const Edit& e = edits[i - 1];
            const size_t at = text.find(e.from, e.after.empty() ? 0 : text.find(e.after));
            REQUIRE(at != std::string::npos);
            text.replace(at, e.from.size(), e.to);
        }
        INFO("after edit " << i);
        auto now = lsp::Analysis::build("/virtual/test.modak", text, nullptr, nullptr, {}, {},
                                        /*planHere=*/false, last.get());
        kept.submit(uri, now);
        lsp::Planner fresh(/*synchronous=*/true, nullptr, [] {});
        auto alone = lsp::Analysis::build("/virtual/test.modak", text, nullptr, nullptr, {}, {},
                                          /*planHere=*/false);
        fresh.submit(uri, alone);
        CHECK(describe(*now) == describe(*alone));
        last = now;
    }
}

TEST_CASE("a plan still being made when an edit elsewhere comes is given to the new version",
          "[lsp][planner]") {
    // The new version takes the deployment's key from the last one; its plan not made yet, the
    // job being made is not made again (its key is being planned), and the new version gets it.
    auto foreground = std::make_shared<lsp::Foreground>();
    foreground->busy(); // the worker waits at its first candidate
    std::atomic<int> woken{0};
    lsp::Planner planner(/*synchronous=*/false, foreground, [&] { ++woken; });
    const std::string uri = "file:///virtual/test.modak";
    auto build = [](const std::string& text, const lsp::Analysis* previous) {
        return lsp::Analysis::build("/virtual/test.modak", text, nullptr, nullptr, {}, {},
                                    /*planHere=*/false, previous);
    };
    auto first = build(kDocument, nullptr);
    planner.submit(uri, first);
    CHECK(first->planPending("d"));
    const std::string edited = std::string(kDocument) + "// a comment after everything\n";
    auto second = build(edited, first.get());
    planner.submit(uri, second);
    CHECK(second->planPending("d"));
    foreground->idle();
    for (int i = 0; i < 2000 && second->planPending("d"); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        planner.collect();
    }
    REQUIRE_FALSE(second->planPending("d"));
    CHECK(woken == 1); // one plan, for both versions
    lsp::Planner fresh(/*synchronous=*/true, nullptr, [] {});
    auto alone = build(edited, nullptr);
    fresh.submit(uri, alone);
    REQUIRE(second->deploymentView("d"));
    CHECK(second->deploymentView("d")->hover == alone->deploymentView("d")->hover);
}

TEST_CASE("plans still queued when an edit elsewhere comes arrive for the new version",
          "[lsp][planner]") {
    // Two deployments, both waiting for the worker when an edit after them comes: the new
    // version takes both slots from the last one, and both plans arrive for it.
    auto foreground = std::make_shared<lsp::Foreground>();
    foreground->busy(); // the worker waits at its first candidate
    lsp::Planner planner(/*synchronous=*/false, foreground, [] {});
    const std::string uri = "file:///virtual/test.modak";
    const std::string text = std::string(kDocument) +
                             "deployment e {\n  application = app\n  target = site\n"
                             "  scale { nodes = 1..2 }\n}\n";
    auto build = [](const std::string& t, const lsp::Analysis* previous) {
        return lsp::Analysis::build("/virtual/test.modak", t, nullptr, nullptr, {}, {},
                                    /*planHere=*/false, previous);
    };
    auto first = build(text, nullptr);
    planner.submit(uri, first);
    auto second = build(text + "// a comment after everything\n", first.get());
    planner.submit(uri, second);
    CHECK(second->planPending("d"));
    CHECK(second->planPending("e"));
    foreground->idle();
    for (int i = 0; i < 600 && (second->planPending("d") || second->planPending("e")); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        planner.collect();
    }
    CHECK_FALSE(second->planPending("d"));
    CHECK_FALSE(second->planPending("e"));
    CHECK(second->deploymentView("e"));
}

TEST_CASE("a catalogue file no longer named is not planned with", "[lsp][planner]") {
    // A catalogue file's text is not the document's, so nothing planned with it is kept: the
    // version that drops `catalog = …` (no image or workload block changed, there being none) is
    // planned with the built-in catalogue, as a fresh planner plans it.
    const fs::path dir =
        fs::temp_directory_path() / ("modak-planner-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "site.json") << R"({"version": 1, "images": [{"name": "site_pytorch_2_1",
  "reference": "docker://registry.example.edu/pytorch:2.1",
  "framework": {"name": "pytorch", "version": "2.1"}, "arch": "x86_64", "accelerator": "nvidia",
  "cuda": "12.1", "build": "source", "graph_compilers": ["inductor"], "source": "a site build"}]})";
    const std::string body = R"(target big {
  scheduler = slurm
  runtime = apptainer
  nodes = 8
  cpu { arch = x86_64, cores = 32 }
  gpu { model = a100_sxm4_40gb, count = 4 }
  interconnect = infiniband_hdr
}
application resnet {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = ddp
  batch_size = 64
}
deployment one {
  application = resnet
  target = big
  scale { nodes = 1..4 }
}
)";
    const fs::path path = dir / "test.modak";
    auto build = [&](const std::string& text, const lsp::Analysis* previous) {
        return lsp::Analysis::build(path, text, nullptr, nullptr, {}, {}, /*planHere=*/false,
                                    previous);
    };
    const std::string uri = "file://" + path.string();
    lsp::Planner kept(/*synchronous=*/true, nullptr, [] {});
    auto named = build("modak 1\ncatalog = \"site.json\"\n" + body, nullptr);
    kept.submit(uri, named);
    REQUIRE(named->deploymentView("one"));
    CHECK(named->deploymentView("one")->title.find("site_pytorch_2_1") != std::string::npos);
    auto dropped = build("modak 1\n" + body, named.get());
    kept.submit(uri, dropped);
    lsp::Planner fresh(/*synchronous=*/true, nullptr, [] {});
    auto alone = build("modak 1\n" + body, nullptr);
    fresh.submit(uri, alone);
    REQUIRE(dropped->deploymentView("one"));
    CHECK(dropped->deploymentView("one")->title == alone->deploymentView("one")->title);
    CHECK(dropped->deploymentView("one")->title.find("site_pytorch_2_1") == std::string::npos);
    fs::remove_all(dir);
}
