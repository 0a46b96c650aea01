// SPDX-License-Identifier: Apache-2.0
// The language server's background planner (lsp/src/Planner.h): what it keeps between versions.
#include "LspTest.h"
#include "Planner.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

using namespace modak;

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
    lsp::Planner planner(/*synchronous=*/false, [&] { ++woken; });
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
