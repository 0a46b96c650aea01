// SPDX-License-Identifier: Apache-2.0
#include "modak/calibrate/Best.h"

#include "modak/model/Benchmark.h"
#include "modak/model/Program.h"
#include "modak/syntax/Formatter.h"
#include "modak/syntax/Parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace modak::calibrate {
namespace {

struct Edit {
    uint32_t begin, end;
    std::string text;
};

bool numeric(std::string_view v) {
    return !v.empty() &&
           std::all_of(v.begin(), v.end(),
                       [](unsigned char c) { return std::isdigit(c) || c == '.'; }) &&
           v.front() != '.' && v.back() != '.';
}

std::string literal(std::string_view v) {
    if (numeric(v))
        return std::string(v);
    std::string out = "\"";
    for (char c : v) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

/// Sets `key = value` in `block`: replaces the value when the key is there, else inserts a line
/// before the closing brace (the formatter places it).
void setAttribute(const model::EditableBlock& block, const std::string& key,
                  const std::string& value, std::vector<Edit>& edits) {
    if (auto it = block.values.find(key); it != block.values.end()) {
        edits.push_back({it->second.begin, it->second.end, value});
        return;
    }
    edits.push_back({block.closeBrace, block.closeBrace, fmt::format("\n{} = {}\n", key, value)});
}

/// Sets several keys of `nested`, the block `kind` of `parent`, creating it when it is missing.
void setNested(const model::EditableBlock& parent, const model::EditableBlock& nested,
               std::string_view kind, const std::vector<std::pair<std::string, std::string>>& kv,
               std::vector<Edit>& edits) {
    if (kv.empty())
        return;
    if (nested.present) {
        for (const auto& [k, v] : kv)
            setAttribute(nested, k, v, edits);
        return;
    }
    std::string body;
    for (const auto& [k, v] : kv)
        body += fmt::format("  {} = {}\n", k, v);
    edits.push_back(
        {parent.closeBrace, parent.closeBrace, fmt::format("\n{} {{\n{}}}\n", kind, body)});
}

} // namespace

const std::vector<std::string>& bestMetrics() {
    static const std::vector<std::string> m = {"throughput", "time_per_epoch",
                                               "throughput_per_node"};
    return m;
}

std::map<std::string, std::string> parseConfigurationKey(std::string_view key) {
    std::map<std::string, std::string> out;
    size_t start = 0;
    while (start < key.size()) {
        size_t end = key.find(';', start);
        if (end == std::string_view::npos)
            end = key.size();
        std::string_view part = key.substr(start, end - start);
        if (auto eq = part.find('='); eq != std::string_view::npos)
            out[std::string(part.substr(0, eq))] = std::string(part.substr(eq + 1));
        start = end + 1;
    }
    return out;
}

std::vector<BestConfiguration> bestConfigurations(const model::MeasurementSet& data,
                                                  std::string_view metric) {
    // Mean throughput per (deployment, configuration), in a deterministic order.
    std::map<std::pair<std::string, std::string>, std::pair<double, int>> sums;
    std::map<std::pair<std::string, std::string>, int> nodes;
    for (const auto& m : data.throughput) {
        if (m.configuration.empty())
            continue;
        auto& s = sums[{m.dataset, m.configuration}];
        s.first += m.throughput;
        s.second++;
        nodes[{m.dataset, m.configuration}] = m.nodes;
    }
    std::map<std::string, BestConfiguration> best;
    for (const auto& [key, s] : sums) {
        double throughput = s.first / s.second;
        double value =
            metric == "throughput_per_node" ? throughput / std::max(1, nodes[key]) : throughput;
        BestConfiguration& b = best[key.first];
        b.configurations++;
        if (b.values.empty() || value > b.metric) {
            b.deployment = key.first;
            b.values = parseConfigurationKey(key.second);
            b.throughput = throughput;
            b.metric = value;
        }
    }
    std::vector<BestConfiguration> out;
    for (auto& [name, b] : best)
        out.push_back(std::move(b));
    return out;
}

std::optional<std::string> applyConfiguration(SourceManager& sm, FileId file,
                                              const std::string& deployment,
                                              const std::map<std::string, std::string>& values,
                                              Diagnostics& diags) {
    model::Program program = model::loadProgram(sm, file, diags);
    if (diags.hasErrors())
        return std::nullopt;
    const model::Document* root = program.root();
    const model::Symbol* dep = program.lookup(file, "deployment", deployment);
    if (!dep || dep->file != file) {
        diags.add(
            DiagCode::UnresolvedReference, root->tree.headerRange,
            fmt::format("no deployment '{}' in this file to write the best configuration into",
                        deployment));
        return std::nullopt;
    }
    const model::ConfigurationBlocks blocks = model::configurationBlocks(program, *dep);
    const model::Symbol* app = blocks.applicationSymbol;
    std::vector<std::pair<std::string, std::string>> scale, appKeys, env;
    for (const auto& [k, v] : values) {
        if (k == "nodes" || k == "threads")
            scale.emplace_back(k, literal(v));
        else if (k == "batch_size")
            appKeys.emplace_back(k, literal(v));
        else {
            std::string name = "MODAK_" + k;
            std::transform(name.begin(), name.end(), name.begin(),
                           [](unsigned char c) { return std::toupper(c); });
            env.emplace_back(name, fmt::format("\"{}\"", v));
        }
    }
    std::vector<Edit> edits;
    setNested(blocks.deployment, blocks.scale, "scale", scale, edits);
    if (!appKeys.empty() || !env.empty()) {
        if (!app || app->file != file) {
            diags.add(DiagCode::UnresolvedReference,
                      dep->block->name() ? dep->block->name()->range : dep->block->range(),
                      fmt::format("the best configuration sets application values ({}), and "
                                  "application '{}' is not "
                                  "defined in this file: edit it where it is",
                                  appKeys.empty() ? env.front().first : appKeys.front().first,
                                  blocks.applicationName));
            return std::nullopt;
        }
        for (const auto& [k, v] : appKeys)
            setAttribute(blocks.application, k, v, edits);
        setNested(blocks.application, blocks.env, "env", env, edits);
    }
    std::string text(sm.text(file));
    std::stable_sort(edits.begin(), edits.end(),
                     [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
    for (const auto& e : edits)
        text.replace(e.begin, e.end - e.begin, e.text);
    // The formatter gives the inserted lines the file's canonical layout.
    FileId edited = sm.addBuffer(std::string(sm.path(file)), text);
    Diagnostics parseDiags;
    syntax::File tree = syntax::parse(sm, edited, parseDiags);
    if (parseDiags.hasErrors()) {
        diags.add(DiagCode::UnexpectedToken, root->tree.headerRange,
                  "the edited file does not parse (a modak bug)");
        return std::nullopt;
    }
    return syntax::format(tree, sm.text(edited));
}

} // namespace modak::calibrate
