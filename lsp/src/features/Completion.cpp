// SPDX-License-Identifier: Apache-2.0
// Completion from the lexical context (works on half-typed text) and the schema: keys of the block,
// values of the key, catalogue names, references to named blocks, units, import paths.
#include "Cursor.h"
#include "modak/lsp/Features.h"
#include "modak/model/Catalogue.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

namespace modak::lsp {

using namespace features;
namespace fs = std::filesystem;

namespace {

std::string keyDoc(const model::KeySchema& k) {
    std::string doc = k.doc;
    std::string type = model::typeText(k);
    if (!type.empty())
        doc += fmt::format("\n\n`{}`", type);
    if (k.required)
        doc += "\n\nrequired";
    else if (!k.requiredWhen.empty())
        doc += "\n\nrequired when " + k.requiredWhen;
    if (!k.original.empty())
        doc += fmt::format("\n\nMODAK: `{}`", k.original);
    return doc;
}

void addKeys(const model::BlockSchema& block, const TextContext& c,
             const CompletionOptions& options, SourceRange replace,
             std::vector<CompletionItem>& out) {
    for (const auto& k : block.keys) {
        if (c.keysInBlock.count(k.name) && !k.named)
            continue; // already given (named blocks such as `partition gpu` repeat)
        CompletionItem item;
        item.label = k.name;
        item.detail = model::typeText(k);
        item.documentation = keyDoc(k);
        item.replace = replace;
        item.sortText = (k.required ? "0" : "1") + k.name;
        if (k.isAttribute()) {
            item.kind = CompletionItem::Kind::Property;
            item.insertText = options.snippets ? k.name + " = $0" : k.name + " = ";
            item.snippet = options.snippets;
        } else {
            item.kind = CompletionItem::Kind::Block;
            if (options.snippets) {
                item.insertText =
                    k.named ? k.name + " ${1:name} {\n\t$0\n}" : k.name + " {\n\t$0\n}";
                item.snippet = true;
            } else {
                item.insertText = k.name + (k.named ? " " : " { ");
            }
        }
        out.push_back(std::move(item));
    }
}

void addTopLevel(const TextContext& c, const CompletionOptions& options, SourceRange replace,
                 std::vector<CompletionItem>& out) {
    static const std::map<std::string_view, std::string_view> kSnippets = {
        {"application",
         "application ${1:name} {\n\tkind = ${2|ai_training,hpc|}\n\tframework = ${3:pytorch} "
         "\"${4:2.1}\"\n\tworkload = ${5:resnet50}\n\trun = \"${6:python3 train.py}\"\n}"},
        {"target",
         "target ${1:name} {\n\tscheduler = "
         "${2|slurm,pbs,torque,lsf,flux,kubernetes,none|}\n\truntime = "
         "${3|apptainer,singularity,docker,podman,charliecloud,none|}\n\tnodes = ${4:1}\n}"},
        {"deployment",
         "deployment ${1:name} {\n\tapplication = $2\n\ttarget = $3\n\temit = [${4:slurm}]\n}"},
        {"workload", "workload ${1:name} {\n\tflops_per_sample = $2\n\tparameters = $3\n}"},
        {"image", "image ${1:name} {\n\treference = \"docker://$2\"\n}"},
    };
    for (std::string_view kind : model::topLevelKinds()) {
        const model::BlockSchema* block = model::topLevelBlock(kind);
        CompletionItem item;
        item.label = std::string(kind);
        item.kind = CompletionItem::Kind::Keyword;
        item.detail = "block";
        item.documentation = block ? block->doc : "";
        item.replace = replace;
        auto it = kSnippets.find(kind);
        if (options.snippets && it != kSnippets.end()) {
            item.insertText = std::string(it->second);
            item.snippet = true;
        } else {
            item.insertText = std::string(kind) + " ";
        }
        out.push_back(std::move(item));
    }
    if (!c.keysInBlock.count("import")) {
        CompletionItem imp;
        imp.label = "import";
        imp.kind = CompletionItem::Kind::Keyword;
        imp.detail = "import \"file.modak\"";
        imp.documentation =
            "Makes the named blocks of another file (targets, usually) visible here.";
        imp.insertText = options.snippets ? "import \"$1\"" : "import \"";
        imp.snippet = options.snippets;
        imp.replace = replace;
        out.push_back(std::move(imp));
    }
    addKeys(model::fileSchema(), c, options, replace, out);
}

void addValues(const Analysis& a, const model::KeySchema& key, const TextContext& c,
               SourceRange replace, std::vector<CompletionItem>& out) {
    auto add = [&](std::string label, CompletionItem::Kind kind, std::string detail,
                   std::string doc) {
        if (std::any_of(out.begin(), out.end(),
                        [&](const CompletionItem& i) { return i.label == label; }))
            return;
        CompletionItem item;
        item.label = label;
        item.insertText = std::move(label);
        item.kind = kind;
        item.detail = std::move(detail);
        item.documentation = std::move(doc);
        item.replace = replace;
        out.push_back(std::move(item));
    };
    if (key.allowsAuto)
        add("auto", CompletionItem::Kind::Keyword, "let the model choose",
            "The embedded performance model chooses this value.");
    for (const auto& t : key.types) {
        switch (t.kind) {
        case model::ValueKind::Enum:
        case model::ValueKind::Versioned:
            for (const auto& v : t.values)
                add(v.name, CompletionItem::Kind::Enum, model::typeText(t), v.doc);
            break;
        case model::ValueKind::Bool:
            add("true", CompletionItem::Kind::Value, "bool", "");
            add("false", CompletionItem::Kind::Value, "bool", "");
            break;
        case model::ValueKind::Reference:
            for (const model::Symbol* s : a.program().visibleSymbols(a.file(), t.refKind))
                add(std::string(s->name), CompletionItem::Kind::Reference, t.refKind,
                    fmt::format(
                        "{} `{}` ({})", t.refKind, s->name,
                        fs::path(std::string(a.sources().path(s->file))).filename().string()));
            break;
        case model::ValueKind::List:
        case model::ValueKind::Range:
            if (t.element)
                for (const auto& v : t.element->values)
                    add(v.name, CompletionItem::Kind::Enum, model::typeText(t), v.doc);
            break;
        case model::ValueKind::Size:
            if (c.afterNumber)
                for (std::string_view unit : syntax::sizeUnitNames())
                    add(std::string(unit), CompletionItem::Kind::Unit, "size unit", "");
            break;
        case model::ValueKind::Amount:
            if (c.afterNumber)
                for (std::string_view unit : syntax::amountUnitNames())
                    add(std::string(unit), CompletionItem::Kind::Unit,
                        syntax::isAllocationUnit(unit) ? "allocation unit" : "currency", "");
            break;
        default:
            break;
        }
    }
}

} // namespace

std::vector<CompletionItem> complete(const Analysis& a, uint32_t offset,
                                     const CompletionOptions& options) {
    std::vector<CompletionItem> out;
    std::string_view text = a.text();
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    TextContext c = scanContext(text, offset, options.checkpoints);
    if (c.inComment)
        return out;
    SourceRange replace{a.file(), c.wordBegin, offset};
    std::vector<std::string_view> path(c.path.begin(), c.path.end());

    if (c.inString) {
        // `import "…"`: .modak files next to the document (and in its subfolders, one level) that
        // resolve inside its project.
        bool isImport = c.path.empty() && c.firstWord == "import";
        if (isImport) {
            fs::path dir = a.path().parent_path();
            std::error_code ec;
            std::vector<std::string> files;
            for (auto it = fs::recursive_directory_iterator(
                     dir, fs::directory_options::skip_permission_denied, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
                if (it.depth() > 1)
                    it.disable_recursion_pending();
                // Only what the import could read: not a link out of the project.
                if (it->path().extension() == ".modak" && it->path() != a.path() &&
                    a.program().scope.contains(it->path()))
                    files.push_back(fs::relative(it->path(), dir, ec).generic_string());
            }
            std::sort(files.begin(), files.end());
            for (auto& f : files) {
                CompletionItem item;
                item.label = f;
                item.insertText = f;
                item.kind = CompletionItem::Kind::File;
                item.replace = replace;
                out.push_back(std::move(item));
            }
            return out;
        }
        // `framework = pytorch "…"`: the versions the catalogue has images of.
        if (c.inValue && !c.valueWords.empty() && (c.key == "framework" || c.key == "mpi")) {
            const std::string& name = c.valueWords.front();
            std::vector<std::string> versions;
            for (const auto& img : model::Catalogue::builtin().images) {
                const auto& v = c.key == "framework" ? img.framework : img.mpi;
                if (v && v->name == name &&
                    std::find(versions.begin(), versions.end(), v->version) == versions.end())
                    versions.push_back(v->version);
            }
            // Newest first, by numeric components; "latest" and other words last.
            auto parts = [](const std::string& v) {
                std::vector<long> out;
                size_t i = 0;
                while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) {
                    size_t j = i;
                    while (j < v.size() && std::isdigit(static_cast<unsigned char>(v[j])))
                        ++j;
                    out.push_back(std::stol(v.substr(i, j - i)));
                    i = j < v.size() && v[j] == '.' ? j + 1 : v.size();
                }
                return out;
            };
            std::sort(versions.begin(), versions.end(),
                      [&](const std::string& x, const std::string& y) {
                          auto px = parts(x), py = parts(y);
                          if (px.empty() != py.empty())
                              return !px.empty();
                          return px != py ? px > py : x < y;
                      });
            for (size_t i = 0; i < versions.size(); ++i) {
                CompletionItem item;
                item.label = versions[i];
                item.insertText = versions[i];
                item.kind = CompletionItem::Kind::Value;
                item.detail = fmt::format("{} {} (catalogue)", name, versions[i]);
                item.sortText = fmt::format("{:04}", i);
                item.replace = replace;
                out.push_back(std::move(item));
            }
        }
        return out;
    }

    if (c.inValue) {
        const model::KeySchema* key = keySchema(path, c.key);
        if (!key)
            return out;
        if (!c.valueWords.empty() && !c.afterNumber && c.valueWords.back() != "\"")
            return out; // the value is complete (`framework = pytorch ‸` wants a version string)
        addValues(a, *key, c, replace, out);
        return out;
    }
    if (c.statementWords > 0)
        return out; // a block's name is being typed (`application ‸`)
    if (path.empty()) {
        addTopLevel(c, options, replace, out);
        return out;
    }
    const model::BlockSchema* block = model::blockSchemaAt(path);
    if (!block && path.size() == 1)
        block = model::topLevelBlock(path.front());
    if (block)
        addKeys(*block, c, options, replace, out);
    return out;
}

} // namespace modak::lsp
