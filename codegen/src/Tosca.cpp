// SPDX-License-Identifier: Apache-2.0
#include "Tosca.h"

#include "Csar.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <initializer_list>
#include <utility>

namespace modak::codegen {
namespace tosca {
namespace {

constexpr std::string_view kTypes = "modak-types.yaml";
constexpr std::string_view kService = "service.yaml";

/// The job script's file name inside the package, by the target's scheduler.
std::string scriptName(const std::string& scheduler) {
    return scheduler == "none" ? "job.sh" : "job." + scheduler + ".sh";
}

/// The image's local name the job scripts use (JobScripts.cpp): the reference's last path segment
/// without its scheme, ':' → '_', plus ".sif" for Singularity and Apptainer; "" for Docker and
/// Podman, which keep images in their own store. Must match the job script, which looks for the
/// same file.
std::string imageFile(const JobSpec& s) {
    if (s.imageReference.empty() ||
        !(s.runtime == "singularity" || s.runtime == "apptainer" || s.runtime == "charliecloud"))
        return {};
    std::string_view ref = s.imageReference;
    if (auto scheme = ref.find("://"); scheme != std::string_view::npos)
        ref.remove_prefix(scheme + 3);
    if (auto slash = ref.rfind('/'); slash != std::string_view::npos)
        ref.remove_prefix(slash + 1);
    std::string name(ref);
    std::replace(name.begin(), name.end(), ':', '_');
    return s.runtime == "charliecloud" ? name : name + ".sif";
}

/// A TOSCA scalar-unit.time in the largest unit that divides it: "2 d", "6 h", "20 m", "90 s".
std::string timeUnit(int64_t seconds) {
    if (seconds > 0 && seconds % 86400 == 0)
        return fmt::format("{} d", seconds / 86400);
    if (seconds > 0 && seconds % 3600 == 0)
        return fmt::format("{} h", seconds / 3600);
    if (seconds > 0 && seconds % 60 == 0)
        return fmt::format("{} m", seconds / 60);
    return fmt::format("{} s", seconds);
}

/// A TOSCA scalar-unit.size in the largest binary unit that divides it: "512 GiB".
std::string sizeUnit(int64_t bytes) {
    constexpr std::pair<int64_t, std::string_view> units[] = {{int64_t(1) << 40, "TiB"},
                                                              {int64_t(1) << 30, "GiB"},
                                                              {int64_t(1) << 20, "MiB"},
                                                              {int64_t(1) << 10, "KiB"}};
    for (const auto& [size, unit] : units)
        if (bytes > 0 && bytes % size == 0)
            return fmt::format("{} {}", bytes / size, unit);
    return fmt::format("{} B", bytes);
}

/// Ansible evaluates Jinja in every variable it is given, operation inputs included, so a value
/// holding a Jinja delimiter would run code on the orchestrator: no quoting prevents it.
bool ansibleSafe(std::string_view value) {
    return value.find("{{") == std::string_view::npos &&
           value.find("{%") == std::string_view::npos && value.find("{#") == std::string_view::npos;
}

std::optional<SourceRange> where(const model::Located<std::string>& value) {
    return value.present ? std::optional(value.range) : std::nullopt;
}

/// Where a value was written: the first of `places` that is known, else `fallback`.
SourceRange firstWritten(std::initializer_list<std::optional<SourceRange>> places,
                         SourceRange fallback) {
    for (const auto& place : places)
        if (place)
            return *place;
    return fallback;
}

/// Strings are written plain when YAML cannot read them as anything else, double-quoted (with
/// escapes) otherwise, and as literal blocks when they are readable multi-line text.
bool plainSafe(std::string_view s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '/'))
        return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '/' ||
              c == '-' || c == '+' || c == '@'))
            return false;
    std::string lower(s);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    for (std::string_view word : {"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
        if (lower == word)
            return false;
    return true;
}

/// yaml-cpp writes literal blocks with the default ("clip") chomping: only text ending in exactly
/// one line break reads back the same.
bool literalSafe(std::string_view s) {
    if (s.empty() || s.front() == ' ' || !s.ends_with('\n') || s.ends_with("\n\n"))
        return false;
    for (size_t i = 0; i < s.size(); ++i) {
        auto c = static_cast<unsigned char>(s[i]);
        if ((c < 0x20 && c != '\n') || c == 0x7f)
            return false;
        if ((c == ' ' || c == '\t') && (i + 1 == s.size() || s[i + 1] == '\n'))
            return false; // trailing blanks
        if (c == '\n' && i + 1 < s.size() && s[i + 1] == ' ' && i == 0)
            return false;
    }
    return true;
}

YAML::Emitter& str(YAML::Emitter& e, std::string_view s) {
    if (plainSafe(s))
        return e << std::string(s);
    if (literalSafe(s))
        return e << YAML::Literal << std::string(s);
    return e << YAML::DoubleQuoted << std::string(s);
}

/// Keys are quoted like values (environment names such as `YES` or `ON` are booleans in YAML 1.1).
void key(YAML::Emitter& e, std::string_view k) {
    e << YAML::Key;
    if (plainSafe(k))
        e << std::string(k);
    else
        e << YAML::DoubleQuoted << std::string(k);
    e << YAML::Value;
}

void strProperty(YAML::Emitter& e, std::string_view k, std::string_view v) {
    key(e, k);
    str(e, v);
}

void getInput(YAML::Emitter& e, std::string_view k, std::string_view input) {
    key(e, k);
    e << YAML::Flow << YAML::BeginMap << YAML::Key << "get_input" << YAML::Value
      << std::string(input) << YAML::EndMap;
}

void input(YAML::Emitter& e, std::string_view name, std::string_view type,
           std::string_view description, const std::function<void()>& writeDefault) {
    key(e, name);
    e << YAML::BeginMap;
    key(e, "type");
    e << std::string(type);
    key(e, "description");
    e << std::string(description);
    key(e, "default");
    writeDefault();
    e << YAML::EndMap;
}

/// Opens node template `name` of `type` and its properties map.
void beginNode(YAML::Emitter& e, std::string_view name, std::string_view type) {
    key(e, name);
    e << YAML::BeginMap;
    strProperty(e, "type", type);
    key(e, "properties");
    e << YAML::BeginMap;
}

/// Closes the properties map, writes the requirements (name → node template), and closes the node
/// unless more follows.
void requirements(YAML::Emitter& e,
                  std::initializer_list<std::pair<std::string_view, std::string_view>> list,
                  bool close = true) {
    e << YAML::EndMap;
    key(e, "requirements");
    e << YAML::BeginSeq;
    for (const auto& [name, node] : list) {
        e << YAML::BeginMap;
        strProperty(e, name, node);
        e << YAML::EndMap;
    }
    e << YAML::EndSeq;
    if (close)
        e << YAML::EndMap;
}

std::string headerComment(const JobSpec& s, std::string_view what) {
    // The source name is the user's path: keep the comment on one line whatever it holds.
    std::string source = s.sourceName;
    for (char& c : source)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return fmt::format("# {} for deployment {}, generated by modak {} from {}.\n"
                       "# Do not edit: change the .modak file and run `modak generate` again.\n",
                       what, s.deployment, s.version, source);
}

struct Names {
    std::string host, hostType, hostInput;
};

/// A node template's name: the plain name for one host, `name_i` for host i of several.
std::string nodeName(std::string_view name, int hosts, int i) {
    return hosts > 1 ? fmt::format("{}_{}", name, i) : std::string(name);
}

std::string serviceTemplate(const DeploymentContext& c, const std::string& script) {
    const JobSpec& s = c.spec;
    const bool cloud = s.scheduler == "none";
    const model::Target& t = c.lowered.target;
    const std::string cloudName = t.cloud.empty() ? "openstack" : t.cloud;
    const model::Candidate* chosen = c.plan.chosen ? &*c.plan.chosen : nullptr;
    Names n = cloud ? Names{"vm", "modak.nodes.Cloud.VirtualMachine", "vm_address"}
                    : Names{"frontend", "modak.nodes.HPC.Frontend", "login_host"};
    const int64_t waitTimeout = s.walltimeSeconds ? *s.walltimeSeconds + 86400 : 7 * 86400;
    // Without a batch system each of the plan's nodes is a machine of the template, which runs its
    // part of the job (the plain script with its node rank); a batch system spreads one job itself.
    const int hosts = cloud ? std::max(1, s.nodes) : 1;
    const bool several = hosts > 1;
    auto name = [&](std::string_view base, int i) { return nodeName(base, hosts, i); };

    YAML::Emitter e;
    e.SetIndent(2);
    e << YAML::BeginMap;
    key(e, "tosca_definitions_version");
    e << "tosca_simple_yaml_1_3";
    key(e, "metadata");
    e << YAML::BeginMap;
    strProperty(e, "template_name", s.deployment);
    strProperty(e, "template_author", "modak");
    key(e, "template_version");
    e << YAML::DoubleQuoted << s.version;
    e << YAML::EndMap;
    key(e, "description");
    str(e, fmt::format("Deployment {}: application {} on target {} ({})", s.deployment,
                       c.plan.application, c.plan.target,
                       !cloud    ? s.scheduler + " batch system"
                       : several ? fmt::format("{} cloud virtual machines", hosts)
                                 : std::string("a cloud virtual machine")));
    key(e, "imports");
    e << YAML::BeginSeq << std::string(kTypes) << YAML::EndSeq;

    key(e, "topology_template");
    e << YAML::BeginMap;

    // Inputs: what differs between sites and users, with the .modak file's values as defaults.
    key(e, "inputs");
    e << YAML::BeginMap;
    if (several) {
        for (int i = 0; i < hosts; ++i)
            input(e, name(n.hostInput, i), "string",
                  fmt::format("address of virtual machine {0} (node {0} of the job), where the "
                              "orchestrator connects (an output of modak's Terraform)",
                              i),
                  [&] { e << "localhost"; });
        input(e, "rendezvous_address", "string",
              fmt::format("address of {} as the other virtual machines reach it, where the "
                          "nodes meet (MASTER_ADDR; modak's Terraform output rendezvous_address)",
                          name("vm", 0)),
              [&] { e << "localhost"; });
        input(e, "rendezvous_port", "integer",
              fmt::format("port on {} where the nodes meet (MASTER_PORT)", name("vm", 0)),
              [&] { e << 29500; });
    } else if (cloud)
        input(e, n.hostInput, "string",
              "address of the virtual machine (an output of modak's Terraform)",
              [&] { e << "localhost"; });
    else
        input(e, n.hostInput, "string",
              "the HPC system's login node (localhost: the orchestrator runs there)",
              [&] { e << "localhost"; });
    input(e, "workdir", "string",
          "working directory on the host; the job script is written and submitted there",
          [&] { str(e, "~/modak/" + s.deployment); });
    if (!cloud) {
        input(e, "queue", "string", "partition or queue for the job (\"\": as the job script says)",
              [&] { str(e, s.queue); });
        input(e, "account", "string",
              "account the job is charged to (\"\": as the job script says)",
              [&] { str(e, s.account); });
    }
    input(e, "poll_interval", "integer", "seconds between two looks at the job's state",
          [&] { e << (cloud ? 30 : 60); });
    input(e, "wait_timeout", "integer", "seconds to wait for the job to finish, queueing included",
          [&] { e << waitTimeout; });
    e << YAML::EndMap;

    key(e, "node_templates");
    e << YAML::BeginMap;

    std::optional<int> cores;
    if (t.cpu && t.cpu->cores > 0)
        cores = t.cpu->cores;
    const std::optional<int64_t>& memory = t.memoryBytes;
    const std::string arch = t.cpu ? t.cpu->arch : std::string();
    for (int i = 0; i < hosts; ++i) {
        const std::string host = name(n.host, i), runtime = name("runtime", i),
                          application = name("application", i), job = name("job", i);
        // The host.
        key(e, host);
        e << YAML::BeginMap;
        strProperty(e, "type", n.hostType);
        key(e, "properties");
        e << YAML::BeginMap;
        if (cloud) {
            strProperty(e, "cloud", cloudName);
            for (const auto& [k, v] : {std::pair{"flavor", &t.flavor},
                                       {"image", &t.image},
                                       {"network", &t.network},
                                       {"region", &t.region}})
                if (!v->value.empty())
                    strProperty(e, k, v->value);
        } else {
            strProperty(e, "scheduler", s.scheduler);
            if (!t.site.empty())
                strProperty(e, "site", t.site);
            getInput(e, "login_host", n.hostInput);
        }
        e << YAML::EndMap;
        key(e, "attributes");
        e << YAML::BeginMap;
        getInput(e, "public_address", name(n.hostInput, i));
        if (several && i == 0)
            getInput(e, "private_address", "rendezvous_address");
        e << YAML::EndMap;
        if (cores || memory || !arch.empty()) {
            key(e, "capabilities");
            e << YAML::BeginMap;
            if (cores || memory) {
                key(e, "host");
                e << YAML::BeginMap;
                key(e, "properties");
                e << YAML::BeginMap;
                if (cores) {
                    key(e, "num_cpus");
                    e << *cores;
                }
                if (memory)
                    strProperty(e, "mem_size", sizeUnit(*memory));
                e << YAML::EndMap << YAML::EndMap;
            }
            key(e, "os");
            e << YAML::BeginMap;
            key(e, "properties");
            e << YAML::BeginMap;
            strProperty(e, "type", "linux");
            if (!arch.empty())
                strProperty(e, "architecture", arch);
            e << YAML::EndMap << YAML::EndMap;
            e << YAML::EndMap;
        }
        e << YAML::EndMap;

        // The container runtime on it.
        beginNode(e, runtime, "modak.nodes.ContainerRuntime");
        strProperty(e, "runtime", s.runtime);
        key(e, "modules");
        e << (s.modules.empty() ? YAML::Flow : YAML::Block) << YAML::BeginSeq;
        for (const auto& m : s.modules)
            str(e, m);
        e << YAML::EndSeq;
        strProperty(e, "image_dir", s.imageDir);
        requirements(e, {{"host", host}});

        // The containerised application: the image the optimiser chose.
        beginNode(e, application, "modak.nodes.ContainerApplication");
        strProperty(e, "image", s.imageReference);
        strProperty(e, "image_file", imageFile(s));
        strProperty(e, "command", s.run);
        key(e, "env");
        e << (s.env.empty() ? YAML::Flow : YAML::Block) << YAML::BeginMap;
        for (const auto& [k, v] : s.env)
            strProperty(e, k, v);
        e << YAML::EndMap;
        if (chosen && chosen->image && chosen->image->framework)
            strProperty(e, "framework",
                        chosen->image->framework->name + " " + chosen->image->framework->version);
        requirements(e, {{"host", runtime}});

        // The batch job (on one of several machines: this node's part, started without waiting,
        // so that every node's part runs before anything waits: xOpera deploys one node template
        // at a time by default).
        beginNode(e, job, "modak.nodes.BatchJob");
        strProperty(e, "scheduler", s.scheduler);
        strProperty(e, "script", script);
        getInput(e, "workdir", "workdir");
        if (!cloud) {
            getInput(e, "queue", "queue");
            getInput(e, "account", "account");
        }
        getInput(e, "poll_interval", "poll_interval");
        getInput(e, "wait_timeout", "wait_timeout");
        if (several) {
            key(e, "wait");
            e << false;
            key(e, "node_rank");
            e << i;
            getInput(e, "rendezvous_address", "rendezvous_address");
            getInput(e, "rendezvous_port", "rendezvous_port");
        }
        key(e, "job_options");
        e << YAML::BeginMap;
        strProperty(e, "name", s.name);
        key(e, "nodes");
        e << s.nodes;
        if (s.tasks) {
            key(e, "tasks");
            e << *s.tasks;
        }
        key(e, "tasks_per_node");
        e << std::max(1, s.tasksPerNode);
        if (s.cpusPerTask > 0) {
            key(e, "cpus_per_task");
            e << s.cpusPerTask;
        }
        key(e, "gpus_per_node");
        e << s.gpusPerNode;
        if (s.walltimeSeconds)
            strProperty(e, "walltime", timeUnit(*s.walltimeSeconds));
        if (s.memoryBytes)
            strProperty(e, "memory", sizeUnit(*s.memoryBytes));
        const std::pair<std::string_view, const std::string*> optional[] = {
            {"queue", &s.queue},   {"account", &s.account}, {"qos", &s.qos},    {"array", &s.array},
            {"output", &s.output}, {"error", &s.error},     {"email", &s.email}};
        for (const auto& [k, v] : optional)
            if (!v->empty())
                strProperty(e, k, *v);
        key(e, "exclusive");
        e << s.exclusive;
        e << YAML::EndMap; // job_options
        requirements(e, {{"host", host}, {"application", application}}, false);
        // The script is this deployment's: the create operation carries it as a dependency
        // (copied next to the playbook by the orchestrator; playbooks/files/ when the playbook is
        // run by hand).
        key(e, "interfaces");
        e << YAML::BeginMap;
        key(e, "Standard");
        e << YAML::BeginMap;
        key(e, "operations");
        e << YAML::BeginMap;
        key(e, "create");
        e << YAML::BeginMap;
        key(e, "implementation");
        e << YAML::BeginMap;
        strProperty(e, "primary", "playbooks/job-write.yml");
        key(e, "dependencies");
        e << YAML::BeginSeq;
        str(e, "playbooks/files/" + script);
        e << YAML::EndSeq;
        e << YAML::EndMap << YAML::EndMap << YAML::EndMap << YAML::EndMap << YAML::EndMap;
        e << YAML::EndMap;
    }

    // Several machines: each waits for its node's part once every part has started (wait_0 after
    // every job), in node order (wait_i after wait_{i-1}, which fails unless its node completed):
    // the last wait's COMPLETED is every node's.
    for (int i = 0; several && i < hosts; ++i) {
        beginNode(e, name("wait", i), "modak.nodes.JobWait");
        strProperty(e, "script", script);
        getInput(e, "workdir", "workdir");
        key(e, "node_rank");
        e << i;
        getInput(e, "poll_interval", "poll_interval");
        getInput(e, "wait_timeout", "wait_timeout");
        e << YAML::EndMap;
        key(e, "requirements");
        e << YAML::BeginSeq;
        auto requirement = [&](std::string_view k, const std::string& node) {
            e << YAML::BeginMap;
            strProperty(e, k, node);
            e << YAML::EndMap;
        };
        requirement("host", name(n.host, i));
        requirement("job", name("job", i));
        if (i == 0)
            for (int j = 1; j < hosts; ++j)
                requirement("after", name("job", j));
        else
            requirement("after", name("wait", i - 1));
        e << YAML::EndSeq << YAML::EndMap;
    }

    e << YAML::EndMap; // node_templates

    key(e, "outputs");
    e << YAML::BeginMap;
    auto output = [&](std::string_view name, std::string_view description,
                      std::string_view function, std::string_view node, std::string_view what) {
        key(e, name);
        e << YAML::BeginMap;
        strProperty(e, "description", description);
        key(e, "value");
        e << YAML::Flow << YAML::BeginMap << YAML::Key << std::string(function) << YAML::Value
          << YAML::BeginSeq << std::string(node) << std::string(what) << YAML::EndSeq
          << YAML::EndMap;
        e << YAML::EndMap;
    };
    if (several) {
        for (int i = 0; i < hosts; ++i) {
            output(name("job_id", i),
                   fmt::format("the id of node {}'s part of the job (Ansible's async job id: "
                               "there is no scheduler)",
                               i),
                   "get_attribute", name("job", i), "job_id");
            output(name("job_state", i), fmt::format("node {}'s last state (COMPLETED, FAILED)", i),
                   "get_attribute", name("wait", i), "job_state");
        }
        output("job_state",
               "the job's state: COMPLETED once every node's part has completed (the nodes are "
               "waited for in order, and a wait fails unless its node completed)",
               "get_attribute", name("wait", hosts - 1), "job_state");
        output("image", "the container image the optimiser chose", "get_property",
               name("application", 0), "image");
    } else {
        output("job_id",
               cloud ? "the job's id (Ansible's async job id: there is no scheduler)"
                     : "the scheduler's job id",
               "get_attribute", "job", "job_id");
        output("job_state", "the job's last state (COMPLETED, FAILED, ...)", "get_attribute", "job",
               "job_state");
        output("image", "the container image the optimiser chose", "get_property", "application",
               "image");
    }
    e << YAML::EndMap;

    key(e, "policies");
    e << YAML::BeginSeq << YAML::BeginMap;
    key(e, "placement");
    e << YAML::BeginMap;
    strProperty(e, "type", "tosca.policies.Placement");
    std::string where =
        !cloud
            ? fmt::format("the {} system {}", s.scheduler, t.site.empty() ? c.plan.target : t.site)
        : several ? fmt::format("{} virtual machines in the {} cloud, one a node", hosts, cloudName)
                  : fmt::format("a virtual machine in the {} cloud", cloudName);
    if (!cloud && !s.queue.empty())
        where += fmt::format(", partition or queue {}", s.queue);
    strProperty(
        e, "description",
        fmt::format(
            "The job runs on {}: {} node(s), {} task(s) and {} GPU(s) per node, as planned.", where,
            s.nodes, std::max(1, s.tasksPerNode), s.gpusPerNode));
    key(e, "targets");
    e << YAML::Flow << YAML::BeginSeq;
    for (int i = 0; i < hosts; ++i)
        e << name(n.host, i);
    e << YAML::EndSeq;
    e << YAML::EndMap;
    e << YAML::EndMap << YAML::EndSeq;

    e << YAML::EndMap; // topology_template
    e << YAML::EndMap;
    return headerComment(s, "TOSCA service template") + e.c_str() + "\n";
}

std::string jobScript(const JobSpec& s) {
    const BatchScheduler* scheduler = findBatchScheduler(s.scheduler);
    return applicationScript(scheduler ? *scheduler : *findBatchScheduler("none"), s);
}

/// Refuses what Ansible would evaluate: every value the playbooks receive as a variable.
bool checkAnsibleValues(const DeploymentContext& c, Diagnostics& diags) {
    const JobSpec& s = c.spec;
    const model::Deployment& d = c.lowered;
    bool ok = true;
    auto check = [&](const std::string& value, SourceRange range, std::string_view what) {
        if (ansibleSafe(value))
            return;
        diags.add(DiagCode::UnsafeValue, range,
                  fmt::format("{} cannot be passed to the TOSCA package's Ansible playbooks: "
                              "Ansible would evaluate "
                              "its '{{{{', '{{%' or '{{#' as a template",
                              what));
        ok = false;
    };
    check(s.imageReference,
          firstWritten({where(d.pinnedImage), d.application.containerRange}, c.plan.range),
          "the image reference");
    check(s.imageDir, firstWritten({where(d.target.imageDir)}, c.plan.range), "'image_dir'");
    for (const auto& module : d.target.modules)
        check(module.value, module.range, "the module name");
    check(s.queue,
          firstWritten({where(d.job.queue), d.partitionRange, where(d.target.queue)}, c.plan.range),
          "the queue");
    check(s.account, firstWritten({where(d.job.account), where(d.target.account)}, c.plan.range),
          "the account");
    return ok;
}

} // namespace

std::vector<Artefact> package(const DeploymentContext& c, Diagnostics& diags) {
    const JobSpec& s = c.spec;
    if (s.scheduler != "slurm" && s.scheduler != "torque" && s.scheduler != "pbs" &&
        s.scheduler != "none") {
        diags.add(DiagCode::UnsupportedEmit, c.plan.range,
                  fmt::format("deployment '{}': TOSCA is generated for batch systems (slurm, "
                              "torque, pbs) and cloud "
                              "machines (scheduler none), not for a {} target",
                              c.deployment.name, s.scheduler));
        return {};
    }
    // `emit tosca` and `emit csar` both build the package: report each refused value once.
    Diagnostics refused;
    const bool safe = checkAnsibleValues(c, refused);
    for (const auto& d : refused)
        if (std::none_of(diags.begin(), diags.end(), [&](const Diagnostic& x) {
                return x.code == d.code && x.range == d.range && x.message == d.message;
            }))
            diags.items().push_back(d);
    if (!safe)
        return {};
    std::string script = scriptName(s.scheduler);
    std::vector<Artefact> files;
    files.push_back({std::string(kService), serviceTemplate(c, script), false});
    for (const auto& f : templateFiles())
        if (f.path.ends_with(".yaml") || f.path.ends_with(".yml"))
            files.push_back({std::string(f.path), std::string(f.content), false});
    files.push_back({"playbooks/files/" + script, jobScript(s), true});
    return files;
}

} // namespace tosca

void emitTosca(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    for (auto& f : tosca::package(c, diags))
        out.push_back({"tosca/" + f.path, std::move(f.content), f.executable});
}

void emitCsar(const DeploymentContext& c, std::vector<Artefact>& out, Diagnostics& diags) {
    // With `emit tosca` before it, the package is already in `out`: zip that rather than build it
    // again.
    std::vector<Artefact> files;
    for (const auto& a : out)
        if (a.path.starts_with("tosca/"))
            files.push_back({a.path.substr(6), a.content, a.executable});
    if (files.empty())
        files = tosca::package(c, diags);
    if (files.empty())
        return;
    std::vector<csar::Entry> entries;
    entries.reserve(files.size() + 1);
    entries.push_back({"TOSCA-Metadata/TOSCA.meta",
                       csar::toscaMeta("modak " + c.spec.version, tosca::kService), false});
    for (auto& f : files)
        entries.push_back({std::move(f.path), std::move(f.content), f.executable});
    out.push_back(
        {fmt::format("{}.csar", c.deployment.name), csar::zip(std::move(entries)), false});
}

} // namespace modak::codegen
