// SPDX-License-Identifier: Apache-2.0
// SkyPilot task YAML and dstack task configuration -> .modak. The YAML is read into a small tree of
// its own (with each node's place in the file) by yaml-cpp's event parser, which refuses aliases,
// tags, collections as keys and repeated keys before anything is converted; the fields are then
// mapped one by one (docs/codegen.md, "SkyPilot and dstack").
#include "modak/importer/Launchers.h"

#include "Output.h"
#include "modak/codegen/LauncherNames.h"
#include "modak/model/Catalogue.h"
#include "modak/model/Schema.h"
#include "modak/syntax/Lexical.h"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <cctype>
#include <sstream>

namespace modak::importer {

namespace {

/// Larger files are refused: a task file is a few KiB.
constexpr size_t kMaxBytes = 1 << 20;
/// Deeper nesting is refused (a task file nests four levels).
constexpr size_t kMaxDepth = 64;

struct MapEntry;

struct Node {
    enum class Kind { Null, Scalar, Seq, Map } kind = Kind::Null;
    std::string text;
    size_t line = 0, column = 0; ///< yaml-cpp's, from 0
    std::vector<MapEntry> map;   ///< in document order
    std::vector<Node> seq;

    const Node* find(std::string_view key) const;
};

/// A key and its value. A struct of its own, not std::pair<Node, Node>: libstdc++'s pair checks
/// its members' traits while Node, which holds pairs, is still incomplete (clang rejects that).
struct MapEntry {
    Node first, second;
};

const Node* Node::find(std::string_view key) const {
    for (const auto& [k, v] : map)
        if (k.text == key)
            return &v;
    return nullptr;
}

/// Why the YAML is not read: the message and where.
struct Refused {
    YAML::Mark mark;
    std::string message;
};

/// Builds the tree from the parser's events; refuses what could make a small file a large
/// document (aliases), what has a meaning beyond data (tags), and keys that are not strings.
class TreeBuilder : public YAML::EventHandler {
public:
    Node root;

    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { place(Node{}, mark); }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
        throw Refused{mark, "YAML aliases (`*name`) are not read: an alias can make a small file a "
                            "huge document; write the value out"};
    }
    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t,
                  const std::string& value) override {
        checkTag(mark, tag);
        Node n;
        n.kind = Node::Kind::Scalar;
        n.text = value;
        place(std::move(n), mark);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t,
                         YAML::EmitterStyle::value) override {
        checkTag(mark, tag);
        Node n;
        n.kind = Node::Kind::Seq;
        stack_.push_back({place(std::move(n), mark)});
    }
    void OnSequenceEnd() override { stack_.pop_back(); }
    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t,
                    YAML::EmitterStyle::value) override {
        checkTag(mark, tag);
        Node n;
        n.kind = Node::Kind::Map;
        stack_.push_back({place(std::move(n), mark)});
    }
    void OnMapEnd() override { stack_.pop_back(); }

private:
    struct Frame {
        Node* node;
        bool expectKey = true;
    };
    std::vector<Frame> stack_;
    bool haveRoot_ = false;

    static void checkTag(const YAML::Mark& mark, const std::string& tag) {
        // "?": untagged plain; "!": untagged quoted; the core schema's own tags are data too.
        if (tag.empty() || tag == "?" || tag == "!" ||
            (tag.starts_with("tag:yaml.org,2002:") &&
             std::string_view("str int float bool null map seq").find(tag.substr(18)) !=
                 std::string_view::npos))
            return;
        throw Refused{mark, fmt::format("the YAML tag '{}' is not read: a task file holds plain "
                                        "strings, numbers, lists and maps",
                                        tag)};
    }

    Node* place(Node n, const YAML::Mark& mark) {
        n.line = static_cast<size_t>(std::max(0, mark.line));
        n.column = static_cast<size_t>(std::max(0, mark.column));
        if (stack_.size() >= kMaxDepth)
            throw Refused{mark, fmt::format("the YAML is nested more than {} levels deep: a task "
                                            "file nests a few",
                                            kMaxDepth)};
        if (stack_.empty()) {
            if (haveRoot_)
                throw Refused{mark, "a second document: import one task at a time"};
            haveRoot_ = true;
            root = std::move(n);
            return &root;
        }
        Frame& top = stack_.back();
        if (top.node->kind == Node::Kind::Seq) {
            top.node->seq.push_back(std::move(n));
            return &top.node->seq.back();
        }
        if (top.expectKey) {
            if (n.kind != Node::Kind::Scalar)
                throw Refused{mark, "a key that is not a string (a list, a map or null)"};
            for (const auto& [k, v] : top.node->map)
                if (k.text == n.text)
                    throw Refused{mark, fmt::format("'{}' is set twice in one map", n.text)};
            top.expectKey = false;
            top.node->map.push_back(MapEntry{std::move(n), Node{}});
            return &top.node->map.back().first;
        }
        top.expectKey = true;
        top.node->map.back().second = std::move(n);
        return &top.node->map.back().second;
    }
};

/// The keys of a .modak block kind in the schema's order (what the formatter's readers expect).
std::vector<std::string_view> orderOf(std::initializer_list<std::string_view> path) {
    std::vector<std::string_view> order;
    std::vector<std::string_view> p(path);
    if (const model::BlockSchema* b = model::blockSchemaAt(p))
        for (const auto& k : b->keys)
            order.emplace_back(k.name);
    return order;
}

std::string quote(std::string_view s) {
    return syntax::quoteString(s);
}

/// A .modak identifier from a launcher's name ("llm-spot" -> llm_spot).
std::string identifier(std::string_view s) {
    std::string r;
    for (char c : s)
        r.push_back(std::isalnum(static_cast<unsigned char>(c)) ? c : '_');
    if (r.empty() || std::isdigit(static_cast<unsigned char>(r[0])))
        r.insert(0, "task_");
    if (r == "modak" || r == "import" || r == "true" || r == "false" || r == "auto" || r == "none")
        r += "_task";
    return r;
}

bool wholeNumber(std::string_view s, int64_t& out, int64_t max = 1'000'000) {
    if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        }))
        return false;
    out = std::stoll(std::string(s));
    return out <= max;
}

/// The application's command from a file modak wrote: the `command='…'` line of its node script,
/// unquoted; nullopt for a command someone else wrote.
std::optional<std::string> modakCommand(std::string_view script) {
    constexpr std::string_view kLine = "\ncommand='";
    if (!script.starts_with(codegen::kNodeScriptMarker))
        return std::nullopt;
    auto at = script.find(kLine);
    if (at == std::string_view::npos)
        return std::nullopt;
    std::string out;
    // shellQuote's form: '…' with each ' written '\''.
    for (size_t i = at + kLine.size(); i < script.size(); ++i) {
        if (script[i] != '\'') {
            out += script[i];
        } else if (script.substr(i, 4) == "'\\''") {
            out += '\'';
            i += 3;
        } else {
            return out;
        }
    }
    return std::nullopt;
}

class Importer {
public:
    Importer(const SourceManager& sm, FileId file, Diagnostics& diags, const ImportOptions& options)
        : sm_(sm), file_(file), diags_(diags), options_(options),
          app_("application", "", orderOf({"application"})),
          target_("target", "", orderOf({"target"})),
          deployment_("deployment", "", orderOf({"deployment"})) {
        std::string_view text = sm.text(file);
        lineStarts_.push_back(0);
        for (size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n')
                lineStarts_.push_back(i + 1);
    }

    std::optional<std::string> run() {
        std::string_view text = sm_.text(file_);
        if (text.size() > kMaxBytes) {
            diags_.add(DiagCode::LauncherSyntax, {file_, 0, 0},
                       fmt::format("the file has {} bytes; a task file of more than {} is not read",
                                   text.size(), kMaxBytes));
            return std::nullopt;
        }
        TreeBuilder tree;
        try {
            std::istringstream in{std::string(text)};
            YAML::Parser parser(in);
            parser.HandleNextDocument(tree);
            if (parser.HandleNextDocument(tree))
                throw Refused{{}, "a second document: import one task at a time"};
        } catch (const Refused& r) {
            diags_.add(DiagCode::LauncherSyntax, at(r.mark), r.message);
            return std::nullopt;
        } catch (const YAML::Exception& e) {
            diags_.add(DiagCode::LauncherSyntax, at(e.mark), "the YAML cannot be read: " + e.msg);
            return std::nullopt;
        }
        const Node& root = tree.root;
        if (root.kind != Node::Kind::Map) {
            diags_.add(DiagCode::LauncherSyntax, range(root),
                       "a SkyPilot task or a dstack configuration is a map of fields");
            return std::nullopt;
        }
        dstack_ = root.find("type") != nullptr;
        const Node* name = root.find("name");
        std::string base = options_.name;
        if (base.empty() && name && name->kind == Node::Kind::Scalar)
            base = name->text;
        if (base.empty())
            base = dstack_ ? "dstack_task" : "skypilot_task";
        name_ = identifier(base);
        bool ok = dstack_ ? dstackTask(root) : skypilotTask(root);
        if (!ok || diags_.hasErrors())
            return std::nullopt;
        return render();
    }

private:
    const SourceManager& sm_;
    FileId file_;
    Diagnostics& diags_;
    const ImportOptions& options_;
    std::vector<size_t> lineStarts_;
    out::Block app_, target_, deployment_;
    std::string name_;
    bool dstack_ = false;
    bool modakFile_ = false; ///< written by modak generate: its own derived values are left out
    std::string cloud_, scheduler_ = "none", image_;
    int64_t nodes_ = 1, gpus_ = 0;
    std::string gpuModel_;
    std::vector<std::string> mounts_;

    std::string_view launcher() const { return dstack_ ? "dstack" : "SkyPilot"; }

    // Places.
    SourceRange at(const YAML::Mark& m) const { return at(m.line, m.column, 1); }
    SourceRange at(int line, int column, size_t length) const {
        std::string_view text = sm_.text(file_);
        if (line < 0 || static_cast<size_t>(line) >= lineStarts_.size())
            return {file_, static_cast<uint32_t>(text.size()), static_cast<uint32_t>(text.size())};
        size_t pos = lineStarts_[line];
        // yaml-cpp counts characters: step over whole UTF-8 sequences.
        for (int c = 0; c < column && pos < text.size() && text[pos] != '\n'; ++c) {
            ++pos;
            while (pos < text.size() && (static_cast<unsigned char>(text[pos]) & 0xC0) == 0x80)
                ++pos;
        }
        size_t end = std::min(text.size(), pos + length);
        return {file_, static_cast<uint32_t>(pos), static_cast<uint32_t>(end)};
    }
    SourceRange range(const Node& n) const {
        return at(static_cast<int>(n.line), static_cast<int>(n.column),
                  n.kind == Node::Kind::Scalar ? std::max<size_t>(1, n.text.size()) : 1);
    }

    /// A field modak does not take: a warning at its key and a comment in the result.
    void dropped(out::Block& block, const Node& key, std::string_view why) {
        diags_.add(DiagCode::LauncherField, range(key),
                   fmt::format("{} field '{}' not imported: {}", launcher(), key.text, why));
        block.comment("", fmt::format("not imported: {} ({})", key.text, why));
    }
    void converted(const Node& key, std::string_view what) {
        diags_.add(DiagCode::LauncherField, range(key),
                   fmt::format("{} field '{}' imported as {}", launcher(), key.text, what));
    }
    bool invalid(const Node& at, std::string message) {
        diags_.add(DiagCode::LauncherInvalidValue, range(at), std::move(message));
        return false;
    }
    const std::string* scalar(const Node& key, const Node& value) {
        if (value.kind == Node::Kind::Scalar)
            return &value.text;
        invalid(value, fmt::format("'{}' must be a string or a number", key.text));
        return nullptr;
    }
    bool count(const Node& key, const Node& value, int64_t& out) {
        const std::string* s = scalar(key, value);
        if (s && wholeNumber(*s, out) && out >= 1)
            return true;
        if (s)
            invalid(value, fmt::format("'{}' must be a whole number from 1 to 1000000", key.text));
        return false;
    }
    bool flag(const Node& key, const Node& value, bool& out) {
        const std::string* s = scalar(key, value);
        if (!s)
            return false;
        if (*s == "true" || *s == "True" || *s == "TRUE")
            out = true;
        else if (*s == "false" || *s == "False" || *s == "FALSE")
            out = false;
        else
            return invalid(value, fmt::format("'{}' must be true or false", key.text));
        return true;
    }

    // The shared parts.
    /// The catalogue GPU of a launcher's GPU name (dstack's may carry the memory: "A100:80GB";
    /// a name alone is its first row), or null.
    const codegen::LauncherGpuName* gpuRow(std::string_view name) const {
        auto same = [](std::string_view a, std::string_view b) {
            return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                              [](char x, char y) { return std::toupper(x) == std::toupper(y); });
        };
        for (const auto& row : codegen::launcherGpuNames()) {
            std::string_view n = dstack_ ? row.dstack : row.skypilot;
            if (same(n, name) || (dstack_ && same(n.substr(0, n.find(':')), name)))
                return &row;
        }
        return nullptr;
    }

    void gpu(const Node& at, std::string_view name, int64_t n) {
        const codegen::LauncherGpuName* row = gpuRow(name);
        // A memory the table does not know: the name alone.
        if (!row && name.find(':') != std::string_view::npos)
            row = gpuRow(name.substr(0, name.find(':')));
        if (!row) {
            diags_.add(DiagCode::LauncherInvalidValue, range(at),
                       fmt::format("{} GPU '{}' is not one modak's catalogue knows; name the "
                                   "catalogue's GPU in the target's `gpu` block",
                                   launcher(), name));
            return;
        }
        gpuModel_ = std::string(row->catalogue);
        gpus_ = n;
    }

    /// The job's name, which batch directives also carry: blanks, quotes, '#' and backslashes
    /// become '-' (a warning says so).
    void jobName(const Node& key, std::string name) {
        bool changed = false;
        for (char& c : name)
            if (std::string_view(" \t\r\n#'\"\\").find(c) != std::string_view::npos) {
                c = '-';
                changed = true;
            }
        if (changed)
            converted(key, fmt::format("the job's name '{}' (a job name has no blanks, quotes, "
                                       "'#' or backslashes)",
                                       name));
        deployment_.child("job", orderOf({"deployment", "job"})).set("name", quote(name));
    }

    void env(const Node& key, const std::string& name, const Node& value) {
        out::Block& e = app_.child("env", orderOf({"application", "env"}));
        if (!syntax::isIdentifier(name))
            return (void)invalid(key, fmt::format("'{}' is not a variable name", name));
        // What modak derives from the plan (the layout, the contract) is written again by modak.
        if (modakFile_ && name.starts_with("MODAK_"))
            return;
        if (value.kind != Node::Kind::Scalar)
            return (void)invalid(value, fmt::format("the value of '{}' must be a string", name));
        e.set(name, quote(value.text));
    }

    void image(const Node& key, std::string ref) {
        // The catalogue's image of this reference says the framework, for the prediction.
        image_ = "docker://" + ref;
        app_.set("container", quote(image_));
        for (const auto& img : model::Catalogue::builtin().images)
            if (img.reference == image_ && img.framework) {
                app_.set("kind", "ai_training");
                app_.set("framework",
                         fmt::format("{} {}", img.framework->name, quote(img.framework->version)));
                return;
            }
        (void)key;
    }

    void command(const Node& key, const std::string& script) {
        if (auto cmd = modakCommand(script)) {
            modakFile_ = true;
            app_.set("run", quote(*cmd));
            return;
        }
        app_.set("run", quote(script));
        (void)key;
    }

    void mount(const Node& key, const Node& at, std::string_view source, std::string_view target) {
        // What the job's mounts accept (codegen's mountsOf): absolute, no ',', ':' or control
        // characters.
        auto plain = [](std::string_view p) {
            return p.starts_with('/') && std::none_of(p.begin(), p.end(), [](char c) {
                       return c == ',' || c == ':' || static_cast<unsigned char>(c) < 0x20 ||
                              c == 0x7f;
                   });
        };
        if (!plain(source) || !plain(target)) {
            diags_.add(DiagCode::LauncherField, range(at),
                       fmt::format("{} field '{}': '{}' is not imported: modak mounts absolute "
                                   "paths of the node (a bucket or a local path to upload is "
                                   "the launcher's)",
                                   launcher(), key.text, source));
            return;
        }
        // The data set (both paths the same: on the node as on the machine that launches).
        if (source == target && !app_.findChild("dataset")) {
            app_.child("dataset", orderOf({"application", "dataset"}))
                .set("path", quote(std::string(target)));
            return;
        }
        mounts_.push_back(source == target ? std::string(source)
                                           : fmt::format("{}:{}", source, target));
    }

    /// A region or instance type the launchers (and so the generated files) can name.
    bool siteName(const Node& at, std::string_view what, std::string_view name) {
        if (codegen::launcherName(name))
            return true;
        return invalid(at, fmt::format("{} '{}' is not a name (letters, digits, '-', '_' and '.')",
                                       what, name));
    }

    void site(const Node& key, const Node& value, std::string_view cloud, std::string_view region) {
        if (codegen::launcherCloud(cloud)) {
            cloud_ = std::string(cloud);
            if (!region.empty() && siteName(value, "region", region))
                target_.set("region", quote(std::string(region)));
        } else if (cloud == "k8s" || cloud == "kubernetes") {
            scheduler_ = "kubernetes";
        } else if (cloud == "slurm") {
            scheduler_ = "slurm";
        } else {
            diags_.add(DiagCode::LauncherField, range(value),
                       fmt::format("{} field '{}': '{}' is no target modak plans for (aws, gcp, "
                                   "azure, Kubernetes, Slurm): the target names no cloud",
                                   launcher(), key.text, cloud));
        }
    }

    // SkyPilot.
    bool skypilotTask(const Node& root) {
        // The run first: whether modak wrote the file decides what the other fields mean.
        if (const Node* run = root.find("run"); run && run->kind == Node::Kind::Scalar)
            modakFile_ = modakCommand(run->text).has_value();
        for (const auto& [key, value] : root.map) {
            const std::string& k = key.text;
            if (k == "name") {
                if (const std::string* s = scalar(key, value))
                    jobName(key, *s);
            } else if (k == "num_nodes") {
                count(key, value, nodes_);
            } else if (k == "resources") {
                skypilotResources(key, value);
            } else if (k == "envs") {
                if (value.kind != Node::Kind::Map && value.kind != Node::Kind::Null)
                    invalid(value, "'envs' must be a map of variables");
                for (const auto& [n, v] : value.map)
                    if (v.kind == Node::Kind::Null)
                        dropped(app_, n, "a variable SkyPilot asks for at launch: set it in `env`");
                    else
                        env(n, n.text, v);
            } else if (k == "file_mounts") {
                if (value.kind != Node::Kind::Map)
                    invalid(value, "'file_mounts' must be a map of paths");
                for (const auto& [dst, src] : value.map) {
                    if (src.kind == Node::Kind::Scalar)
                        mount(key, src, src.text, dst.text);
                    else
                        dropped(deployment_, dst, "a storage object: mount it with SkyPilot");
                }
            } else if (k == "setup") {
                if (modakFile_)
                    continue; // modak's build job: written again from `build`
                if (const std::string* s = scalar(key, value)) {
                    app_.set("pre", quote(*s));
                    converted(key, "the application's `pre` (it runs before the command, on "
                                   "every run, not once per cluster)");
                }
            } else if (k == "run") {
                if (const std::string* s = scalar(key, value))
                    command(key, *s);
            } else if (k == "workdir") {
                dropped(deployment_, key,
                        "modak runs the job in its folder: sync the workdir "
                        "with SkyPilot or in `pre`");
            } else {
                dropped(deployment_, key, "modak has no such setting");
            }
        }
        return true;
    }

    void skypilotResources(const Node& key, const Node& res) {
        if (res.kind != Node::Kind::Map)
            return (void)invalid(res, "'resources' must be a map");
        std::string cloud, region;
        const Node* cloudAt = nullptr;
        for (const auto& [k, v] : res.map) {
            const std::string& n = k.text;
            if (n == "infra") {
                if (const std::string* s = scalar(k, v)) {
                    std::string_view infra = *s;
                    auto slash = infra.find('/');
                    cloud = std::string(infra.substr(0, slash));
                    std::transform(cloud.begin(), cloud.end(), cloud.begin(), ::tolower);
                    if (slash != std::string_view::npos && cloud != "k8s" &&
                        cloud != "kubernetes") {
                        std::string_view rest = infra.substr(slash + 1);
                        region = std::string(rest.substr(0, rest.find('/')));
                        if (rest.find('/') != std::string_view::npos)
                            converted(k, "the region alone (modak plans no zone)");
                    } else if (slash != std::string_view::npos) {
                        converted(k, "Kubernetes (the context is SkyPilot's to choose)");
                    }
                    cloudAt = &v;
                }
            } else if (n == "cloud") {
                if (const std::string* s = scalar(k, v))
                    cloud = *s, cloudAt = &v;
            } else if (n == "region") {
                if (const std::string* s = scalar(k, v))
                    region = *s;
            } else if (n == "accelerators") {
                std::string name;
                int64_t count = 1;
                if (v.kind == Node::Kind::Scalar) {
                    std::string_view a = v.text;
                    name = std::string(a.substr(0, a.find(':')));
                    if (a.find(':') != std::string_view::npos &&
                        !wholeNumber(a.substr(a.find(':') + 1), count)) {
                        invalid(v, fmt::format("'{}' is not NAME:COUNT with a whole count", a));
                        continue;
                    }
                } else if (v.kind == Node::Kind::Map && v.map.size() == 1 &&
                           v.map[0].second.kind == Node::Kind::Scalar) {
                    name = v.map[0].first.text;
                    if (!wholeNumber(v.map[0].second.text, count)) {
                        invalid(v.map[0].second, "the count must be a whole number");
                        continue;
                    }
                } else {
                    converted(k, "nothing: modak plans one GPU model, not a choice of several");
                    continue;
                }
                gpu(v, name, count);
            } else if (n == "instance_type") {
                if (const std::string* s = scalar(k, v); s && siteName(v, "instance_type", *s))
                    target_.set("instance_type", quote(*s));
            } else if (n == "use_spot") {
                bool spot = false;
                if (flag(k, v, spot) && spot)
                    deployment_.set("spot", "true");
            } else if (n == "image_id") {
                const std::string* s = scalar(k, v);
                if (s && s->starts_with("docker:"))
                    image(k, s->substr(7));
                else if (s)
                    dropped(target_, k, "a VM image: modak runs the job in a container image");
            } else {
                dropped(target_, k, "modak plans the resources itself");
            }
        }
        (void)key;
        if (!cloud.empty())
            site(key, cloudAt ? *cloudAt : res, cloud, region);
    }

    // dstack.
    bool dstackTask(const Node& root) {
        const Node* type = root.find("type");
        if (type->kind != Node::Kind::Scalar || type->text != "task")
            return invalid(*type, fmt::format("a dstack `type: {}` is not imported: only tasks "
                                              "(`type: task`) are jobs modak plans",
                                              type->kind == Node::Kind::Scalar ? type->text : "?"));
        if (const Node* cmds = root.find("commands"); cmds && cmds->kind == Node::Kind::Seq)
            for (const Node& c : cmds->seq)
                if (c.kind == Node::Kind::Scalar && modakCommand(c.text))
                    modakFile_ = true;
        for (const auto& [key, value] : root.map) {
            const std::string& k = key.text;
            if (k == "type") {
                continue;
            } else if (k == "name") {
                if (const std::string* s = scalar(key, value))
                    jobName(key, *s);
            } else if (k == "image") {
                if (const std::string* s = scalar(key, value))
                    image(key, *s);
            } else if (k == "nodes") {
                count(key, value, nodes_);
            } else if (k == "commands") {
                if (value.kind != Node::Kind::Seq)
                    invalid(value, "'commands' must be a list of commands");
                std::string script;
                for (const Node& c : value.seq) {
                    if (c.kind != Node::Kind::Scalar) {
                        invalid(c, "a command must be a string");
                        continue;
                    }
                    if (auto cmd = modakCommand(c.text)) {
                        script = *cmd; // modak's node script: its command; its build job is not
                        break;         // imported (written again from `build`)
                    }
                    script += (script.empty() ? "" : "\n") + c.text;
                }
                // dstack stops at the first command that fails.
                if (value.seq.size() > 1 && !modakFile_)
                    script = "set -e\n" + script;
                if (!script.empty())
                    app_.set("run", quote(script));
            } else if (k == "env") {
                if (value.kind == Node::Kind::Map) {
                    for (const auto& [n, v] : value.map)
                        env(n, n.text, v);
                } else if (value.kind == Node::Kind::Seq) {
                    for (const Node& item : value.seq) {
                        if (item.kind != Node::Kind::Scalar) {
                            invalid(item, "an `env` item must be NAME=VALUE");
                            continue;
                        }
                        auto eq = item.text.find('=');
                        if (eq == std::string::npos) {
                            dropped(app_, item,
                                    "a variable dstack takes from the environment at "
                                    "`dstack apply`: set it in `env`");
                            continue;
                        }
                        Node v;
                        v.kind = Node::Kind::Scalar;
                        v.text = item.text.substr(eq + 1);
                        v.line = item.line, v.column = item.column;
                        env(item, item.text.substr(0, eq), v);
                    }
                } else {
                    invalid(value, "'env' must be a map or a list of NAME=VALUE");
                }
            } else if (k == "resources") {
                dstackResources(value);
            } else if (k == "spot_policy") {
                const std::string* s = scalar(key, value);
                if (s && (*s == "spot" || *s == "auto")) {
                    deployment_.set("spot", "true");
                    if (*s == "auto")
                        converted(key, "`spot = true` (modak prices spot capacity; dstack's "
                                       "`auto` falls back to on-demand)");
                } else if (s && *s != "on-demand") {
                    invalid(value, "'spot_policy' is spot, on-demand or auto");
                }
            } else if (k == "backends" || k == "regions" || k == "instance_types") {
                if (value.kind != Node::Kind::Seq || value.seq.empty() ||
                    value.seq[0].kind != Node::Kind::Scalar) {
                    invalid(value, fmt::format("'{}' must be a list of names", k));
                    continue;
                }
                if (value.seq.size() > 1)
                    converted(key, "its first item: a target is one site (name the others as "
                                   "targets of `target = [a, b]`)");
                const std::string& first = value.seq[0].text;
                if (k == "backends")
                    site(key, value.seq[0], first, "");
                else if (k == "regions" && siteName(value.seq[0], "region", first))
                    target_.set("region", quote(first));
                else if (k == "instance_types" && siteName(value.seq[0], "instance_type", first))
                    target_.set("instance_type", quote(first));
            } else if (k == "volumes") {
                if (value.kind != Node::Kind::Seq)
                    invalid(value, "'volumes' must be a list");
                for (const Node& v : value.seq) {
                    auto colon = v.text.find(':');
                    if (v.kind != Node::Kind::Scalar || colon == std::string::npos ||
                        !v.text.starts_with('/')) {
                        diags_.add(DiagCode::LauncherField, range(v),
                                   "dstack field 'volumes': a network volume is not imported: "
                                   "attach it with dstack");
                        deployment_.comment("", "not imported: a network volume of `volumes`");
                        continue;
                    }
                    mount(key, v, v.text.substr(0, colon), v.text.substr(colon + 1));
                }
            } else if (k == "shell") {
                const std::string* s = scalar(key, value);
                if (s && *s != "bash" && *s != "/bin/bash")
                    dropped(app_, key, "modak's job runs its command with bash");
            } else if (k == "max_price") {
                dropped(deployment_, key,
                        "a price per instance-hour; modak's `budget` is the whole run's (modak "
                        "writes max_price from it)");
            } else if (k == "max_duration") {
                dropped(deployment_, key,
                        "modak predicts the run and writes max_duration from "
                        "the prediction");
            } else {
                dropped(deployment_, key, "modak has no such setting");
            }
        }
        return true;
    }

    void dstackResources(const Node& res) {
        if (res.kind != Node::Kind::Map)
            return (void)invalid(res, "'resources' must be a map");
        for (const auto& [k, v] : res.map) {
            if (k.text != "gpu") {
                dropped(target_, k, "modak plans the resources itself");
                continue;
            }
            std::string name;
            int64_t n = 1;
            if (v.kind == Node::Kind::Scalar) {
                // NAME[:MEMORY][:COUNT] or COUNT; a range is not a plan.
                std::vector<std::string> parts;
                for (size_t from = 0;;) {
                    size_t colon = v.text.find(':', from);
                    parts.push_back(v.text.substr(from, colon - from));
                    if (colon == std::string::npos)
                        break;
                    from = colon + 1;
                }
                if (wholeNumber(parts.back(), n)) {
                    parts.pop_back();
                } else if (parts.back().find("..") != std::string::npos) {
                    invalid(v, fmt::format("'{}': a range of GPUs; modak plans the count itself "
                                           "(`scale {{ gpus_per_node = auto }}`): write one count",
                                           v.text));
                    continue;
                }
                if (parts.empty()) {
                    gpus_ = n; // any GPU: the target names none
                    continue;
                }
                name = parts[0];
                if (parts.size() > 1)
                    name += ":" + parts[1];
            } else if (v.kind == Node::Kind::Map) {
                const Node* nm = v.find("name");
                const Node* c = v.find("count");
                if (c && !(c->kind == Node::Kind::Scalar && wholeNumber(c->text, n))) {
                    invalid(*c, "the GPU count must be one whole number");
                    continue;
                }
                if (nm && nm->kind == Node::Kind::Seq && !nm->seq.empty())
                    nm = &nm->seq[0];
                if (nm && nm->kind == Node::Kind::Scalar)
                    name = nm->text;
                if (const Node* mem = v.find("memory"); mem && mem->kind == Node::Kind::Scalar)
                    name += ":" + mem->text;
                if (name.empty()) {
                    gpus_ = n;
                    continue;
                }
            } else {
                invalid(v, "'gpu' must be a string, a number or a map");
                continue;
            }
            gpu(v, name, n);
        }
    }

    std::string render() {
        app_.setLabel(name_);
        if (!app_.has("kind"))
            app_.set("kind", "hpc");
        if (!app_.has("run"))
            diags_.add(DiagCode::LauncherField, {file_, 0, 0},
                       fmt::format("the {} file has no command: the application runs its "
                                   "image's default",
                                   launcher()));
        target_.setLabel(name_);
        target_.set("scheduler", scheduler_);
        if (!cloud_.empty())
            target_.set("cloud", cloud_);
        target_.set("runtime", image_.empty() ? "none" : "docker");
        target_.set("nodes", std::to_string(nodes_));
        if (gpus_ > 0) {
            out::Block& g = target_.child("gpu", orderOf({"target", "gpu"}));
            if (!gpuModel_.empty())
                g.set("model", gpuModel_);
            g.set("count", std::to_string(gpus_)); // its vendor is the catalogue's
            if (gpuModel_.empty())                 // any GPU: dstack's default vendor
                target_.set("accelerator", "nvidia");
        }
        deployment_.setLabel(name_);
        deployment_.set("application", name_);
        deployment_.set("target", name_);
        out::Block& scale = deployment_.child("scale", orderOf({"deployment", "scale"}));
        scale.set("nodes", std::to_string(nodes_));
        if (gpus_ > 0)
            scale.set("gpus_per_node", std::to_string(gpus_));
        if (!mounts_.empty()) {
            std::vector<std::string> quoted;
            for (const auto& m : mounts_)
                quoted.push_back(quote(m));
            deployment_.set("mounts", out::list(quoted));
        }
        deployment_.set("emit", out::list({dstack_ ? "dstack" : "skypilot"}));
        std::string from = std::string(sm_.path(file_));
        return out::file({fmt::format("Imported by `modak import` from {} (a {} {}).", from,
                                      launcher(), dstack_ ? "task configuration" : "task")},
                         {&app_, &target_, &deployment_});
    }
};

} // namespace

bool isLauncherYaml(std::string_view path) {
    return path.ends_with(".yaml") || path.ends_with(".yml");
}

std::optional<std::string> importLauncherYaml(const SourceManager& sm, FileId yaml,
                                              Diagnostics& diags, const ImportOptions& options) {
    Importer importer(sm, yaml, diags, options);
    return importer.run();
}

} // namespace modak::importer
