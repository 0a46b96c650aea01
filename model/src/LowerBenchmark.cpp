// SPDX-License-Identifier: Apache-2.0
// Lowering of what `modak bench` reads beyond the typed deployment: the autotune parameters, the
// places its diagnostics point at, and the blocks `bench best` edits. Like Lower.cpp, a reader of
// keys of the checked tree, so calibrate/ does not have to be.
#include "modak/model/Benchmark.h"
#include "modak/model/TreeAccess.h"

#include <algorithm>
#include <set>

namespace modak::model {
namespace {

using syntax::Statement;
using syntax::Value;
using namespace tree;

/// A value as written in the file: a number keeps its spelling; nullopt for a list, a range, ….
std::optional<std::string> spelling(const SourceManager& sm, const Value& v) {
    if (v.kind == Value::Kind::String || v.kind == Value::Kind::Identifier)
        return std::string(v.text());
    if (v.kind == Value::Kind::Integer || v.kind == Value::Kind::Float)
        return std::string(
            sm.text(v.range.file).substr(v.range.begin, v.range.end - v.range.begin));
    return std::nullopt;
}

TuneParameter lowerParameter(const SourceManager& sm, const Statement& p) {
    TuneParameter out;
    out.name = {std::string(p.name()->name), p.name()->range, true};
    out.block = p.range();
    if (const Value* values = attr(&p, "values")) {
        std::vector<TuneValue> listed;
        if (values->kind == Value::Kind::List)
            for (const Value& v : values->items())
                listed.push_back({spelling(sm, v), v.range});
        else
            listed.push_back({spelling(sm, *values), values->range});
        out.values = std::move(listed);
    }
    if (const Value* range = attr(&p, "range")) {
        out.range.present = true;
        out.range.range = range->range;
        if (range->kind == Value::Kind::Range && range->items().size() == 2 &&
            range->items()[0].kind == Value::Kind::Integer &&
            range->items()[1].kind == Value::Kind::Integer)
            out.range.value =
                IntegerInterval{range->items()[0].integer(), range->items()[1].integer()};
        else if (range->kind == Value::Kind::Integer)
            out.range.value = IntegerInterval{range->integer(), range->integer()};
    }
    return out;
}

SourceRange nameOr(const Statement* block, SourceRange fallback) {
    return block && block->name() ? block->name()->range : fallback;
}

EditableBlock editable(const Statement* block) {
    EditableBlock out;
    if (!block || block->kind() != Statement::Kind::Block)
        return out;
    out.present = true;
    out.closeBrace = block->closeBrace().begin;
    // The first statement of a key is the one a reader sees (tree::child).
    std::set<std::string_view> seen;
    for (const Statement& s : block->body())
        if (seen.insert(s.key().name).second && s.kind() == Statement::Kind::Attribute)
            out.values.emplace(std::string(s.key().name), s.value().range);
    return out;
}

} // namespace

Benchmark lowerBenchmark(const SourceManager& sm, const Deployment& deployment) {
    Benchmark out;
    const Statement* d = deployment.symbol ? deployment.symbol->block : nullptr;
    if (const Statement* tune = child(d, "autotune")) {
        noteRead(tune, "parameter");
        for (const Statement& p : tune->body())
            if (p.key().name == "parameter" && p.kind() == Statement::Kind::Block && p.name())
                out.autotune.push_back(lowerParameter(sm, p));
    }
    out.nodes = static_cast<int>(
        std::clamp<int64_t>(integer(child(d, "scale"), "nodes").value_or(1), 1, 100000));
    const Statement* t = deployment.target.symbol ? deployment.target.symbol->block : nullptr;
    const Value* scheduler = attr(t, "scheduler");
    out.schedulerAt = scheduler ? scheduler->range : deployment.range;
    out.targetAt = nameOr(t, deployment.range);
    const Value* cpuModel = attr(child(t, "cpu"), "model");
    out.cpuModelAt = cpuModel ? cpuModel->range : out.targetAt;
    out.applicationAt =
        nameOr(deployment.application.symbol ? deployment.application.symbol->block : nullptr,
               deployment.range);
    return out;
}

ConfigurationBlocks configurationBlocks(const Program& program, const Symbol& deployment) {
    ConfigurationBlocks out;
    out.deployment = editable(deployment.block);
    out.scale = editable(child(deployment.block, "scale"));
    out.applicationName = word(deployment.block, "application");
    out.applicationSymbol = program.lookup(deployment.file, "application", out.applicationName);
    if (out.applicationSymbol) {
        out.application = editable(out.applicationSymbol->block);
        out.env = editable(child(out.applicationSymbol->block, "env"));
    }
    return out;
}

} // namespace modak::model
