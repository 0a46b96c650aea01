// SPDX-License-Identifier: Apache-2.0
// TOSCA and CSAR output: golden service templates for every example (MODAK_UPDATE_GOLDEN=1 rewrites
// tests/golden/tosca/), the checks tosca-parser does not make (operation names, implementation
// files, host requirement targets), the CSAR's ZIP structure read back entry by entry, hostile
// values read back with yaml-cpp, and values Ansible would evaluate refused. tests/codegen/tosca.sh
// runs the real checkers (tosca-parser, ansible-playbook --syntax-check, yamllint, unzip) on the
// same output.
#include "Csar.h"
#include "ModelTest.h"
#include "modak/codegen/Generate.h"
#include "modak/model/Plan.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

using namespace modak;
namespace fs = std::filesystem;

namespace {

const fs::path kGolden = fs::path(MODAK_TEST_DATA_DIR) / "golden" / "tosca";

struct Output {
    SourceManager sm;
    Diagnostics diags;
    model::Program program;
    model::Plan plan;
    /// Deployment → path → file
    std::map<std::string, std::map<std::string, codegen::Artefact>> files;
    std::string report() const { return test::report(sm, diags); }
};

std::unique_ptr<Output> run(const std::string& path, const std::string* text,
                            std::vector<std::string> emit) {
    auto g = std::make_unique<Output>();
    FileId id;
    if (text) {
        id = g->sm.addBuffer(path, *text);
    } else {
        std::string error;
        auto read = g->sm.readFile(path, error);
        REQUIRE(read);
        id = *read;
    }
    g->program = model::loadProgram(g->sm, id, g->diags);
    INFO(g->report());
    REQUIRE_FALSE(g->diags.hasErrors());
    g->plan = model::planProgram(g->sm, g->program, {}, g->diags);
    codegen::GenerateOptions options;
    options.emit = std::move(emit);
    options.sourceName =
        text ? path : fs::path(path).lexically_relative(MODAK_SOURCE_DIR).generic_string();
    options.version = "test";
    for (const auto& d : g->plan.deployments)
        for (const auto& sym : g->program.symbols)
            if (sym.kind == "deployment" && sym.name == d.name && sym.file == id)
                for (auto& a :
                     codegen::generateDeployment(g->sm, g->program, sym, d, options, g->diags))
                    g->files[d.name][a.path] = std::move(a);
    return g;
}

std::unique_ptr<Output> runText(const std::string& text, std::vector<std::string> emit) {
    return run("test.modak", &text, std::move(emit));
}

uint32_t le16(const std::string& s, size_t at) {
    return static_cast<uint8_t>(s.at(at)) | static_cast<uint8_t>(s.at(at + 1)) << 8;
}
uint32_t le32(const std::string& s, size_t at) {
    return le16(s, at) | le16(s, at + 2) << 16;
}

/// Reads a stored ZIP back through its central directory, checking every header against it and
/// every CRC; returns name → (content, Unix mode).
std::map<std::string, std::pair<std::string, uint32_t>> unzip(const std::string& zip) {
    std::map<std::string, std::pair<std::string, uint32_t>> out;
    REQUIRE(zip.size() >= 22);
    const size_t end = zip.size() - 22;
    REQUIRE(le32(zip, end) == 0x06054b50);
    const uint32_t count = le16(zip, end + 10);
    size_t at = le32(zip, end + 16);
    REQUIRE(at + le32(zip, end + 12) == end);
    std::string previous;
    for (uint32_t i = 0; i < count; ++i) {
        REQUIRE(le32(zip, at) == 0x02014b50);
        const uint32_t crc = le32(zip, at + 16), size = le32(zip, at + 20),
                       nameLength = le16(zip, at + 28);
        CHECK(le16(zip, at + 10) == 0);              // stored
        CHECK(le16(zip, at + 12) == 0);              // 00:00:00
        CHECK(le16(zip, at + 14) == ((1 << 5) | 1)); // 1980-01-01
        const uint32_t mode = le32(zip, at + 38) >> 16;
        const size_t local = le32(zip, at + 42);
        std::string name = zip.substr(at + 46, nameLength);
        CHECK(previous < name); // sorted, no duplicates
        previous = name;
        REQUIRE(le32(zip, local) == 0x04034b50);
        CHECK(le32(zip, local + 14) == crc);
        CHECK(zip.substr(local + 30, le16(zip, local + 26)) == name);
        std::string content = zip.substr(local + 30 + nameLength + le16(zip, local + 28), size);
        CHECK(codegen::csar::crc32(content) == crc);
        out[name] = {content, mode};
        at += 46 + nameLength + le16(zip, at + 30) + le16(zip, at + 32);
    }
    return out;
}

/// What tosca-parser does not check (shared/tools/README.md): operation names are the Standard
/// interface's, every implementation file (primary and dependencies) is in the package, and host
/// requirements point at nodes of the right type.
void checkPackage(const std::map<std::string, std::string>& package) {
    REQUIRE(package.count("service.yaml"));
    REQUIRE(package.count("modak-types.yaml"));
    YAML::Node service = YAML::Load(package.at("service.yaml"));
    YAML::Node types = YAML::Load(package.at("modak-types.yaml"));
    const std::set<std::string> standard = {"create", "configure", "start", "stop", "delete"};
    auto checkOperations = [&](const YAML::Node& interfaces, const std::string& where) {
        for (const auto& interface : interfaces) {
            INFO(where);
            CHECK(interface.first.as<std::string>() == "Standard");
            for (const auto& op : interface.second["operations"]) {
                CHECK(standard.count(op.first.as<std::string>()));
                YAML::Node impl = op.second.IsScalar() ? op.second : op.second["implementation"];
                std::vector<std::string> files;
                if (impl.IsScalar()) {
                    files.push_back(impl.as<std::string>());
                } else {
                    files.push_back(impl["primary"].as<std::string>());
                    for (const auto& dep : impl["dependencies"])
                        files.push_back(dep.as<std::string>());
                }
                for (const auto& f : files) {
                    INFO(f);
                    CHECK(package.count(f));
                }
            }
        }
    };
    for (const auto& type : types["node_types"])
        checkOperations(type.second["interfaces"], type.first.as<std::string>());
    const YAML::Node nodes = service["topology_template"]["node_templates"];
    for (const auto& node : nodes)
        checkOperations(node.second["interfaces"], node.first.as<std::string>());
    // The derivation chain of a node template's type, within the library and the normative types.
    auto derives = [&](const std::string& node, const std::string& base) {
        std::string type = nodes[node]["type"].as<std::string>();
        for (int depth = 0; depth < 8 && !type.empty(); ++depth) {
            if (type == base)
                return true;
            YAML::Node t = types["node_types"][type];
            type = t                                         ? t["derived_from"].as<std::string>()
                   : type == "tosca.nodes.Container.Runtime" ? "tosca.nodes.SoftwareComponent"
                                                             : "";
        }
        return false;
    };
    auto requirement = [&](const std::string& node, const std::string& name) {
        for (const auto& r : nodes[node]["requirements"])
            if (r[name])
                return r[name].as<std::string>();
        return std::string();
    };
    // Every node template by its type: each stands on the right kind of node, and a job's (or a
    // wait's) application and runtime are on its own machine.
    size_t jobs = 0;
    for (const auto& node : nodes) {
        const auto name = node.first.as<std::string>();
        const auto type = node.second["type"].as<std::string>();
        INFO(name);
        if (type == "modak.nodes.ContainerRuntime") {
            CHECK(derives(requirement(name, "host"), "tosca.nodes.Compute"));
        } else if (type == "modak.nodes.ContainerApplication") {
            CHECK(derives(requirement(name, "host"), "modak.nodes.ContainerRuntime"));
        } else if (type == "modak.nodes.BatchJob") {
            ++jobs;
            const std::string application = requirement(name, "application");
            CHECK(derives(requirement(name, "host"), "tosca.nodes.Compute"));
            CHECK(derives(application, "modak.nodes.ContainerApplication"));
            CHECK(requirement(requirement(application, "host"), "host") ==
                  requirement(name, "host"));
        } else if (type == "modak.nodes.JobWait") {
            CHECK(derives(requirement(name, "host"), "tosca.nodes.Compute"));
            CHECK(derives(requirement(name, "job"), "modak.nodes.BatchJob"));
            CHECK(requirement(requirement(name, "job"), "host") == requirement(name, "host"));
        } else {
            CHECK(derives(name, "tosca.nodes.Compute"));
        }
    }
    CHECK(jobs >= 1);
    for (const auto& target : service["topology_template"]["policies"][0]["placement"]["targets"])
        CHECK(derives(target.as<std::string>(), "tosca.nodes.Compute"));
    // Every topology input has a default (tosca-parser and xOpera deploy without an inputs file).
    for (const auto& in : service["topology_template"]["inputs"])
        CHECK(in.second["default"]);
}

} // namespace

TEST_CASE("CRC-32 of the check string", "[codegen][csar]") {
    CHECK(codegen::csar::crc32("123456789") == 0xCBF43926u);
    CHECK(codegen::csar::crc32("") == 0u);
}

TEST_CASE("golden: tests/golden/tosca (every example, every deployment)",
          "[codegen][golden][tosca]") {
    std::vector<fs::path> examples;
    for (const auto& e : fs::directory_iterator(fs::path(MODAK_SOURCE_DIR) / "examples"))
        if (e.path().extension() == ".modak")
            examples.push_back(e.path());
    std::sort(examples.begin(), examples.end());
    REQUIRE(examples.size() >= 7);
    // A plan of several cloud machines without a batch system: one machine template a node.
    examples.push_back(fs::path(MODAK_SOURCE_DIR) / "tests" / "data" / "tosca" /
                       "tosca_nodes.modak");
    const fs::path templates = fs::path(MODAK_SOURCE_DIR) / "tosca-templates";
    size_t templateFiles = 0;
    for (const auto& f : fs::recursive_directory_iterator(templates))
        if (f.path().extension() == ".yaml" || f.path().extension() == ".yml")
            ++templateFiles;
    for (const auto& example : examples) {
        DYNAMIC_SECTION(example.filename().string()) {
            auto g = run(example.string(), nullptr,
                         {"tosca", "csar", "slurm", "torque", "pbs", "script"});
            CHECK_FALSE(g->diags.hasErrors());
            REQUIRE_FALSE(g->files.empty());
            for (const auto& [deployment, files] : g->files) {
                INFO(deployment);
                std::map<std::string, std::string> package;
                for (const auto& [path, f] : files)
                    if (path.starts_with("tosca/"))
                        package[path.substr(6)] = f.content;
                // The service template is this deployment's; the rest are tosca-templates/ as they
                // are and the job script the job-script emitters write.
                fs::path expected = kGolden / example.stem() / deployment / "service.yaml";
                CHECK(package.at("service.yaml") ==
                      test::goldenText(expected, package.at("service.yaml")));
                size_t copies = 0;
                for (const auto& [path, content] : package)
                    if (path == "modak-types.yaml" ||
                        (path.starts_with("playbooks/") && !path.starts_with("playbooks/files/"))) {
                        INFO(path);
                        CHECK(content == test::readFile((templates / path).string()));
                        ++copies;
                    }
                CHECK(copies == templateFiles);
                std::string scheduler = package.count("playbooks/files/job.slurm.sh")    ? "slurm"
                                        : package.count("playbooks/files/job.torque.sh") ? "torque"
                                        : package.count("playbooks/files/job.pbs.sh")    ? "pbs"
                                                                                         : "script";
                std::string script = scheduler == "script" ? "job.sh" : "job." + scheduler + ".sh";
                REQUIRE(package.count("playbooks/files/" + script));
                CHECK(package.at("playbooks/files/" + script) == files.at(script).content);
                CHECK(files.at("tosca/playbooks/files/" + script).executable);
                checkPackage(package);

                // The CSAR: the same files plus TOSCA.meta, readable entry by entry.
                const auto& csar = files.at(deployment + ".csar");
                auto entries = unzip(csar.content);
                CHECK(entries.size() == package.size() + 1);
                CHECK(entries.at("TOSCA-Metadata/TOSCA.meta").first ==
                      "TOSCA-Meta-File-Version: 1.1\nCSAR-Version: 1.1\nCreated-By: modak "
                      "test\nEntry-Definitions: service.yaml\n");
                for (const auto& [path, content] : package) {
                    INFO(path);
                    REQUIRE(entries.count(path));
                    CHECK(entries.at(path).first == content);
                    CHECK(entries.at(path).second ==
                          (path.starts_with("playbooks/files/") ? 0100755u : 0100644u));
                }
            }
        }
    }
}

TEST_CASE("the CSAR is byte-identical run after run", "[codegen][csar]") {
    const std::string example =
        (fs::path(MODAK_SOURCE_DIR) / "examples" / "pytorch_ddp_a100.modak").string();
    auto a = run(example, nullptr, {"csar"});
    auto b = run(example, nullptr, {"csar"});
    REQUIRE(a->files.at("vit_ddp_a100").size() == 1);
    CHECK(a->files.at("vit_ddp_a100").at("vit_ddp_a100.csar").content ==
          b->files.at("vit_ddp_a100").at("vit_ddp_a100.csar").content);
}

TEST_CASE("hostile values round-trip through the service template", "[codegen][tosca][escaping]") {
    const std::string evil =
        "a'b\"c $(touch /tmp/pwned) `id` ${HOME} \\n\nsecond line: # not a comment\n- ü ✓";
    const std::string run = "\necho \"$EVIL\" | tr a b\n  indented: {x}\n";
    std::string text = R"M(modak 1
target box {
  scheduler = slurm
  site = "Zürich \"HPC\" $(reboot) `id` ${X}\nline two"
  runtime = apptainer
  image_dir = "/images/$(touch /tmp/pwned)`id`'q ü"
  modules = ["gcc/12 $(reboot)", "it's: yes"]
  queue = "batch"
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 2, cores = 20 }
}
application app {
  kind = ai_training
  framework = pytorch "1.4"
  workload = mnist_cnn
  container = "docker://registry.example.org/team/img:1.0"
  env { EVIL = "a'b\"c $(touch /tmp/pwned) `id` ${HOME} \\n\nsecond line: # not a comment\n- ü ✓", YES = "yes", NUM = 3 }
  run = """
echo "$EVIL" | tr a b
  indented: {x}
"""
}
deployment d {
  application = app
  target = box
  job { name = "d", walltime = 90s, email = "a@b.c" }
}
)M";
    auto g = runText(text, {"tosca"});
    INFO(g->report());
    CHECK_FALSE(g->diags.hasErrors());
    const auto& service = g->files.at("d").at("tosca/service.yaml").content;
    YAML::Node doc = YAML::Load(service);
    YAML::Node nodes = doc["topology_template"]["node_templates"];
    CHECK(nodes["application"]["properties"]["env"]["EVIL"].as<std::string>() == evil);
    CHECK(nodes["application"]["properties"]["env"]["YES"].as<std::string>() == "yes");
    CHECK_THAT(service, Catch::Contains(
                            "\"YES\": \"yes\"")); // quoted: YAML 1.1 reads YES and yes as booleans
    CHECK(nodes["application"]["properties"]["env"]["NUM"].as<std::string>() == "3");
    CHECK(nodes["application"]["properties"]["command"].as<std::string>() == run);
    CHECK(nodes["application"]["properties"]["image"].as<std::string>().starts_with("docker://"));
    CHECK(nodes["frontend"]["properties"]["site"].as<std::string>() ==
          "Zürich \"HPC\" $(reboot) `id` ${X}\nline two");
    CHECK(nodes["runtime"]["properties"]["image_dir"].as<std::string>() ==
          "/images/$(touch /tmp/pwned)`id`'q ü");
    CHECK(nodes["runtime"]["properties"]["modules"][0].as<std::string>() == "gcc/12 $(reboot)");
    CHECK(nodes["runtime"]["properties"]["modules"][1].as<std::string>() == "it's: yes");
    CHECK(nodes["job"]["properties"]["job_options"]["walltime"].as<std::string>() == "90 s");
    // The header comment stays one comment whatever the source is called.
    CHECK(service.starts_with(
        "# TOSCA service template for deployment d, generated by modak test from test.modak.\n"));
    std::map<std::string, std::string> package;
    for (const auto& [path, f] : g->files.at("d"))
        package[path.substr(6)] = f.content;
    checkPackage(package);
}

TEST_CASE("values Ansible would evaluate are refused where they are written",
          "[codegen][tosca][escaping]") {
    std::string text = R"M(modak 1
target box {
  scheduler = slurm, runtime = apptainer, accelerator = none
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 2, cores = 20 }
  image_dir = "/images/{{ lookup('pipe', 'id') }}"
  modules = ["ok/1", "bad/{% raw %}"]
}
application app {
  kind = ai_training
  framework = pytorch "1.4"
  workload = mnist_cnn
  run = "python3 train.py {{ fine in the script }}"
}
deployment d {
  application = app
  target = box
  job { account = "{{acct}}" }
}
)M";
    auto g = runText(text, {"tosca", "csar"});
    std::string report = g->report();
    CHECK_THAT(
        report,
        Catch::Contains(
            "test.modak:5:15: error: 'image_dir' cannot be passed to the TOSCA package's "
            "Ansible playbooks: Ansible would evaluate its '{{', '{%' or '{#' as a template"));
    CHECK_THAT(report, Catch::Contains("test.modak:6:22: error: the module name cannot be passed"));
    CHECK_THAT(report, Catch::Contains("test.modak:17:19: error: the account cannot be passed"));
    CHECK_THAT(report, Catch::Contains("[unsafe-value]"));
    CHECK_THAT(report, !Catch::Contains(
                           "run")); // the command travels in the script file, never as a variable
    CHECK(g->files["d"].empty());
}

TEST_CASE("a Kubernetes target gets a warning, not a TOSCA package", "[codegen][tosca]") {
    std::string text = R"(modak 1
target k { scheduler = kubernetes, runtime = none }
application app { kind = hpc, run = "./solver" }
deployment d { application = app, target = k }
)";
    auto g = runText(text, {"tosca", "script"});
    CHECK_FALSE(g->diags.hasErrors());
    CHECK_THAT(g->report(),
               Catch::Contains("warning: deployment 'd': TOSCA is generated for batch systems"));
    REQUIRE(g->files.at("d").size() == 1);
    CHECK(g->files.at("d").count("job.sh"));
}

TEST_CASE("several cloud machines: a chain a machine, each part with its node rank, node 0 the "
          "rendezvous, waits after every start",
          "[codegen][tosca]") {
    auto g = run(
        (fs::path(MODAK_SOURCE_DIR) / "tests" / "data" / "tosca" / "tosca_nodes.modak").string(),
        nullptr, {"tosca", "script"});
    INFO(g->report());
    CHECK_FALSE(g->diags.hasErrors());
    for (const auto& d : g->plan.deployments) {
        INFO(d.name);
        REQUIRE(d.chosen);
        const int hosts = d.chosen->nodes;
        REQUIRE(hosts == 2);
        const auto& files = g->files.at(d.name);
        // The plain script each machine runs asks for its node rank and node 0's address.
        CHECK_THAT(files.at("tosca/playbooks/files/job.sh").content,
                   Catch::Contains("MASTER_ADDR=${MASTER_ADDR:?"));
        YAML::Node service = YAML::Load(files.at("tosca/service.yaml").content);
        YAML::Node topology = service["topology_template"];
        YAML::Node nodes = topology["node_templates"];
        auto requirements = [&](const std::string& node, const std::string& name) {
            std::vector<std::string> out;
            for (const auto& r : nodes[node]["requirements"])
                if (r[name])
                    out.push_back(r[name].as<std::string>());
            return out;
        };
        CHECK_FALSE(nodes["vm"]);
        CHECK_FALSE(nodes["job"]);
        CHECK(topology["inputs"]["rendezvous_port"]["default"].as<int>() == 29500);
        for (int i = 0; i < hosts; ++i) {
            const std::string vm = fmt::format("vm_{}", i), job = fmt::format("job_{}", i),
                              wait = fmt::format("wait_{}", i);
            INFO(vm);
            CHECK(topology["inputs"][fmt::format("vm_address_{}", i)]["description"]);
            CHECK(nodes[vm]["attributes"]["public_address"]["get_input"].as<std::string>() ==
                  fmt::format("vm_address_{}", i));
            YAML::Node props = nodes[job]["properties"];
            CHECK(props["node_rank"].as<int>() == i);
            CHECK_FALSE(props["wait"].as<bool>());
            // Node 0's address is the rendezvous input, written once: no address in the jobs.
            CHECK(props["rendezvous_address"]["get_input"].as<std::string>() ==
                  "rendezvous_address");
            CHECK(props["rendezvous_port"]["get_input"].as<std::string>() == "rendezvous_port");
            CHECK(requirements(job, "host") == std::vector<std::string>{vm});
            CHECK(nodes[wait]["properties"]["node_rank"].as<int>() == i);
            CHECK(requirements(wait, "host") == std::vector<std::string>{vm});
            CHECK(requirements(wait, "job") == std::vector<std::string>{job});
            CHECK(topology["outputs"][fmt::format("job_state_{}", i)]["value"]["get_attribute"][0]
                      .as<std::string>() == wait);
        }
        CHECK(nodes["vm_0"]["attributes"]["private_address"]["get_input"].as<std::string>() ==
              "rendezvous_address");
        // Every part has started before the first wait; the waits follow in node order, and the
        // last one's state is the job's.
        CHECK(requirements("wait_0", "after") == std::vector<std::string>{"job_1"});
        CHECK(requirements("wait_1", "after") == std::vector<std::string>{"wait_0"});
        CHECK(topology["outputs"]["job_state"]["value"]["get_attribute"][0].as<std::string>() ==
              "wait_1");
        CHECK(topology["policies"][0]["placement"]["targets"].size() == 2);
        std::map<std::string, std::string> package;
        for (const auto& [path, f] : files)
            if (path.starts_with("tosca/"))
                package[path.substr(6)] = f.content;
        checkPackage(package);
    }
}
