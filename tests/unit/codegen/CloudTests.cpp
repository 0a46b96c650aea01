// SPDX-License-Identifier: Apache-2.0
// Terraform modules and Kubernetes manifests: goldens for every deployment of every example and of
// tests/data/cloud/ (tests/golden/terraform/, tests/golden/k8s/; MODAK_UPDATE_GOLDEN=1 rewrites
// them), escaping of hostile values, refusals and warnings. The real parsers run over the same
// output in tests/codegen/terraform.sh and k8s.sh.
#include "ModelTest.h"
#include "modak/codegen/Generate.h"
#include "modak/model/Plan.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>

using namespace modak;
namespace fs = std::filesystem;

namespace {

/// A planned program and what generating `emit` for each of its deployments gave.
struct Cloud {
    SourceManager sm;
    Diagnostics diags;
    model::Program program;
    model::Plan plan;
    std::vector<std::pair<std::string, std::vector<codegen::Artefact>>> deployments;

    std::string report() const { return test::report(sm, diags); }
    const std::vector<codegen::Artefact>& files(std::string_view deployment) const {
        for (const auto& [name, files] : deployments)
            if (name == deployment)
                return files;
        FAIL("no deployment " << deployment);
        throw std::logic_error("unreachable");
    }
    const std::string& file(std::string_view deployment, std::string_view path) const {
        for (const auto& f : files(deployment))
            if (f.path == path)
                return f.content;
        FAIL("deployment " << deployment << " has no " << path);
        throw std::logic_error("unreachable");
    }
};

std::unique_ptr<Cloud> generateCloud(const std::function<FileId(SourceManager&)>& add,
                                     const std::string& sourceName, bool requireClean = true) {
    auto c = std::make_unique<Cloud>();
    FileId id = add(c->sm);
    c->program = model::loadProgram(c->sm, id, c->diags);
    c->plan = model::planProgram(c->sm, c->program, {}, c->diags);
    if (requireClean) {
        INFO(c->report());
        REQUIRE_FALSE(c->diags.hasErrors());
    }
    codegen::GenerateOptions options;
    options.emit = {"terraform", "k8s"};
    options.sourceName = sourceName;
    options.version = "test";
    for (const auto& d : c->plan.deployments)
        for (const auto& sym : c->program.symbols)
            if (sym.kind == "deployment" && sym.name == d.name && sym.file == id)
                c->deployments.emplace_back(
                    d.name,
                    codegen::generateDeployment(c->sm, c->program, sym, d, options, c->diags));
    return c;
}

std::unique_ptr<Cloud> fromFile(const fs::path& file, const std::string& sourceName) {
    return generateCloud(
        [&](SourceManager& sm) {
            std::string error;
            auto id = sm.readFile(file, error);
            REQUIRE(id);
            return *id;
        },
        sourceName);
}

std::unique_ptr<Cloud> fromText(std::string text, bool requireClean = true) {
    return generateCloud([&](SourceManager& sm) { return sm.addBuffer("test.modak", text); },
                         "test.modak", requireClean);
}

/// Every `${…}` (or `%{…}` with `introducer` '%') of HCL text that is a template sequence, as its
/// expression. Read left to right as HCL's scanner does: `$${` is an escaped literal `${`.
std::set<std::string> interpolations(const std::string& hcl, char introducer = '$') {
    std::set<std::string> out;
    const std::string open = std::string(1, introducer) + "{";
    const std::string escaped = std::string(1, introducer) + open;
    for (size_t i = 0; i < hcl.size();) {
        if (hcl.compare(i, 3, escaped) == 0) {
            i += 3;
        } else if (hcl.compare(i, 2, open) == 0) {
            out.insert(hcl.substr(i + 2, hcl.find('}', i) - i - 2));
            i += 2;
        } else {
            ++i;
        }
    }
    return out;
}

/// What a virtual-machine module's values interpolate: its variables, the index of a node, node
/// 0's address.
const std::set<std::string> kNodeInterpolations = {"count.index + 1", "var.name_prefix",
                                                   "var.node_count", "var.keep_nodes",
                                                   "var.rendezvous_port"};
const std::set<std::string> kOwnInterpolations = [] {
    auto own = kNodeInterpolations;
    own.insert({"aws_instance.first.private_ip",
                "openstack_compute_instance_v2.first.network[0].fixed_ip_v4"});
    return own;
}();

std::set<std::string> withAddress(std::string address) {
    auto out = kNodeInterpolations;
    out.insert(std::move(address));
    return out;
}

} // namespace

TEST_CASE("golden: tests/golden/terraform and tests/golden/k8s (every example and cloud input)",
          "[codegen][golden][cloud]") {
    const auto inputs = test::sourceInputs({"examples", "tests/data/cloud"});
    REQUIRE(inputs.size() >= 10);
    for (const auto& [input, sourceName] : inputs) {
        DYNAMIC_SECTION(input.filename().string()) {
            auto c = fromFile(input, sourceName);
            CHECK_FALSE(c->diags.hasErrors());
            for (const auto& [deployment, files] : c->deployments) {
                INFO(deployment);
                CHECK_FALSE(files.empty()); // at least the manifest: every example has an OCI image
                for (const auto& f : files) {
                    auto slash = f.path.find('/');
                    REQUIRE(slash != std::string::npos);
                    std::string kind = f.path.substr(0, slash); // terraform, k8s
                    fs::path expected = fs::path(MODAK_TEST_DATA_DIR) / "golden" / kind /
                                        input.stem() / deployment / f.path.substr(slash + 1);
                    INFO(expected.string());
                    CHECK(f.content == test::goldenText(expected, f.content));
                    CHECK_FALSE(f.executable);
                    if (f.path.ends_with(".tf")) {
                        // No value interpolates anything but the module's own expressions.
                        for (const auto& e : interpolations(f.content))
                            CHECK(kOwnInterpolations.count(e) == 1);
                        CHECK(interpolations(f.content, '%').empty());
                    }
                }
            }
        }
    }
}

TEST_CASE("terraform: hostile values are escaped for HCL", "[codegen][escaping][cloud]") {
    auto c = fromFile(fs::path(MODAK_TEST_DATA_DIR) / "data" / "cloud" / "hostile.modak",
                      "hostile.modak");
    const std::string& vars = c->file("os_d", "terraform/variables.tf");
    // Quotes and backslashes escaped, template sequences doubled, line breaks as \n.
    CHECK_THAT(
        vars,
        Catch::Contains(
            R"(default     = "m1.\"big\" $${var.flavor} %%{ if true }x%%{ endif } \\ `id` $(id) ü")"));
    CHECK_THAT(
        vars, Catch::Contains(R"(default     = "ubuntu\n22.04 $$${path.module} # not a comment")"));
    CHECK_THAT(vars, Catch::Contains(R"(default     = "Région-Ωne ✓")"));
    const std::string& aws = c->file("aws_d", "terraform/variables.tf");
    CHECK_THAT(aws, Catch::Contains(R"(default     = "ami-$${data.evil.id}")"));
    CHECK_THAT(aws, Catch::Contains(R"(default     = "subnet-%%{x}\"q\nEOT")"));
    // Control characters in the cloud-init: no heredoc can hold them, so a quoted string with
    // escapes.
    const std::string& main = c->file("os_d", "terraform/main.tf");
    CHECK_THAT(main, Catch::Contains(R"(\u2028)"));
    CHECK(main.find("\xe2\x80\xa8") == std::string::npos);
    CHECK(interpolations(main) ==
          withAddress("openstack_compute_instance_v2.first.network[0].fixed_ip_v4"));
    // Kubernetes through Terraform: env blocks with escaped values.
    const std::string& k8s = c->file("k8s_d", "terraform/main.tf");
    CHECK_THAT(
        k8s,
        Catch::Contains(
            R"(value = "a'b\"c$HOME`x`$${y}%%{z}\nnext line ü \\ $(touch /tmp/pwned) yes: no # c")"));
    CHECK(interpolations(k8s).empty());
}

TEST_CASE("k8s: hostile values are quoted for every YAML parser", "[codegen][escaping][cloud]") {
    auto c = fromFile(fs::path(MODAK_TEST_DATA_DIR) / "data" / "cloud" / "hostile.modak",
                      "hostile.modak");
    const std::string& job = c->file("k8s_d", "k8s/job.yaml");
    // Strings YAML 1.1 would read as numbers or booleans stay strings.
    CHECK_THAT(job, Catch::Contains("value: \"0755\"\n"));
    CHECK_THAT(job, Catch::Contains("value: \"on\"\n"));
    CHECK_THAT(
        job,
        Catch::Contains(
            R"(value: "a'b\"c$HOME`x`${y}%{z}\nnext line ü \\ $(touch /tmp/pwned) yes: no # c")"));
    // Characters YAML 1.1 folds as line breaks are escaped, never written raw.
    CHECK_THAT(job, Catch::Contains(R"(nel\x85 ls\u2028 end")"));
    CHECK(job.find("\xe2\x80\xa8") == std::string::npos);
    CHECK(job.find("\xc2\x85") == std::string::npos);
    // A multi-line command that a literal block holds exactly is one.
    CHECK_THAT(job, Catch::Contains("            - |\n\n              printf '%s\\n' \"$EVIL\" > "
                                    "seen.txt\n              EOT\n"));
    // Unicode and `$(…)` in the job name become a Kubernetes name.
    CHECK_THAT(c->file("os_d", "k8s/job.yaml"), Catch::Contains("  name: n-code-x\n"));
}

TEST_CASE("terraform: the heredoc delimiter is one no line of the content equals",
          "[codegen][escaping][cloud]") {
    auto c = fromText(R"M(modak 1
target vm { scheduler = none, cloud = openstack, runtime = docker, flavor = "f", image = "i", network = "n" }
application app {
  kind = hpc
  container = "docker://example.org/app:1"
  run = """
cat <<EOT
${HOME} %{x}
EOT
"""
}
deployment d { application = app, target = vm }
)M");
    CHECK_FALSE(c->diags.hasErrors());
    const std::string& main = c->file("d", "terraform/main.tf");
    CHECK_THAT(main, Catch::Contains("  user_data = <<EOT1\n#cloud-config\n"));
    CHECK_THAT(main, Catch::Contains("\nEOT1\n"));
    CHECK_THAT(main, Catch::Contains("      $${HOME} %%{x}\n"));
    CHECK(interpolations(main) ==
          withAddress("openstack_compute_instance_v2.first.network[0].fixed_ip_v4"));
}

TEST_CASE("terraform: node 0 first, the others meet at its address and every node ends",
          "[codegen][cloud]") {
    auto c = fromFile(fs::path(MODAK_TEST_DATA_DIR) / "data" / "cloud" / "ddp_nodes.modak",
                      "ddp_nodes.modak");
    const std::string& main = c->file("ddp_two_ranks_per_node", "terraform/main.tf");
    auto first = main.find("resource \"aws_instance\" \"first\" {");
    auto others = main.find("resource \"aws_instance\" \"others\" {");
    REQUIRE(first != std::string::npos);
    REQUIRE(others != std::string::npos);
    const std::string node0 = main.substr(first, others - first), rest = main.substr(others);
    // Node 0 cannot name its own address: it finds it at boot. The others name it.
    CHECK_THAT(node0, Catch::Contains("      MODAK_NODE_INDEX=0\n"
                                      "      MODAK_NODE_COUNT=${var.node_count}\n"
                                      "      MODAK_RENDEZVOUS=\n"
                                      "      MODAK_RENDEZVOUS_PORT=${var.rendezvous_port}\n"
                                      "      MODAK_KEEP_NODE=${var.keep_nodes}\n"));
    CHECK(rest.starts_with("resource \"aws_instance\" \"others\" {\n  count "));
    CHECK_THAT(rest, Catch::Contains("= var.node_count - 1\n"));
    CHECK_THAT(rest, Catch::Contains("MODAK_NODE_INDEX=${count.index + 1}\n"));
    CHECK_THAT(rest, Catch::Contains("MODAK_RENDEZVOUS=${aws_instance.first.private_ip}\n"));
    CHECK(interpolations(main) == withAddress("aws_instance.first.private_ip"));
    // The node's own shutdown terminates it; Docker runs on the node's network and IPC.
    CHECK_THAT(node0, Catch::Contains("instance_initiated_shutdown_behavior = var.keep_nodes ? "
                                      "\"stop\" : \"terminate\""));
    CHECK_THAT(node0, Catch::Contains("exec docker run --network host --ipc host -e "
                                      "MODAK_NODE_INDEX -e MODAK_NODE_COUNT -e NODE_RANK"));
    CHECK_THAT(node0, Catch::Contains("timeout --kill-after=60 300 ./job.sh"));
    CHECK_THAT(node0, Catch::Contains("  shutdown -h now\n"));
    const std::string& vars = c->file("ddp_two_ranks_per_node", "terraform/variables.tf");
    CHECK_THAT(vars, Catch::Contains("variable \"keep_nodes\" {"));
    CHECK_THAT(vars, Catch::Contains("default     = 29500"));
}

TEST_CASE("terraform: HPC targets get a warning saying why, and no files", "[codegen][cloud]") {
    auto c = fromText(R"(modak 1
target cluster { scheduler = slurm, runtime = apptainer }
application app { kind = hpc, container = "docker://example.org/app:1", run = "./solver" }
deployment d { application = app, target = cluster, emit = [terraform, k8s] }
)");
    CHECK_FALSE(c->diags.hasErrors());
    const auto& files = c->files("d");
    REQUIRE(files.size() == 1);
    CHECK(files.front().path ==
          "k8s/job.yaml"); // generated anyway: the manifest runs the OCI image
    CHECK_THAT(c->report(),
               Catch::Contains(
                   "test.modak:4:12: warning: deployment 'd': no Terraform module is generated for "
                   "target 'cluster': it is a slurm cluster without `cloud` (openstack, aws), so "
                   "there is nothing for Terraform to create; run the job script instead (`emit = "
                   "[slurm]`) [unsupported-emit]"));
}

TEST_CASE("k8s: a namespace Kubernetes cannot take is an error at the value",
          "[codegen][escaping][cloud]") {
    auto c = fromText(R"(modak 1
target k { scheduler = kubernetes, runtime = docker, namespace = "Bad Namespace" }
application app { kind = hpc, container = "docker://example.org/app:1", run = "./solver" }
deployment d { application = app, target = k }
)",
                      false);
    CHECK_THAT(c->report(),
               Catch::Contains(
                   "test.modak:2:66: error: namespace 'Bad Namespace' is not a Kubernetes name"));
    CHECK_THAT(c->report(), Catch::Contains("[unsafe-value]"));
}

TEST_CASE("k8s: images Kubernetes cannot pull are a warning, not a manifest", "[codegen][cloud]") {
    auto c = fromText(R"(modak 1
target k { scheduler = kubernetes, runtime = docker }
application app { kind = hpc, container = "library://sylabs/app:1", run = "./solver" }
deployment d { application = app, target = k, emit = [k8s] }
)");
    CHECK(c->files("d").empty());
    CHECK_THAT(
        c->report(),
        Catch::Contains(
            "image 'library://sylabs/app:1' is a library image, which Kubernetes cannot pull"));
}

TEST_CASE("terraform and k8s output is deterministic", "[codegen][cloud]") {
    auto path = fs::path(MODAK_TEST_DATA_DIR) / "data" / "cloud" / "kubernetes.modak";
    auto a = fromFile(path, "k.modak");
    auto b = fromFile(path, "k.modak");
    REQUIRE(a->deployments.size() == b->deployments.size());
    for (size_t i = 0; i < a->deployments.size(); ++i) {
        REQUIRE(a->deployments[i].second.size() == b->deployments[i].second.size());
        for (size_t k = 0; k < a->deployments[i].second.size(); ++k)
            CHECK(a->deployments[i].second[k].content == b->deployments[i].second[k].content);
    }
}

TEST_CASE("terraform: the instance type without one named fits the node's CPUs, not more",
          "[codegen][cloud]") {
    // `cores` counts the node's cores (all sockets): 2 sockets × 8 cores × 2 threads = 16 vCPUs.
    auto c = fromText(R"(modak 1
target aws_cpu {
  scheduler = none
  cloud = aws
  runtime = podman
  nodes = 2
  cpu { arch = x86_64, model = "Intel Xeon Platinum 8275CL", sockets = 2, cores = 8, threads_per_core = 2 }
  accelerator = none
  region = "us-east-1"
}
application mnist_tf {
  kind = ai_training
  framework = tensorflow "2.1"
  workload = mnist_cnn
  batch_size = 128
  run = "python3 mnist_cnn_keras.py"
}
deployment mnist_on_aws_cpu {
  application = mnist_tf
  target = aws_cpu
  build = hub
  scale { nodes = 1 }
  emit = [terraform]
}
)");
    std::string variables = c->file("mnist_on_aws_cpu", "terraform/variables.tf");
    CHECK(variables.find("default     = \"c5.4xlarge\"") != std::string::npos);
}
