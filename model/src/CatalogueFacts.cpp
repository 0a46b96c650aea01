// SPDX-License-Identifier: Apache-2.0
// Lookups over the tables cmake/CatalogueNames.cmake generates from schemas/catalog/.
#include "modak/model/CatalogueNames.h"

#include <algorithm>
#include <cctype>

namespace modak::model::data {

bool GpuFacts::hasNativePrecision(std::string_view precision) const {
    std::string_view rest = precisions;
    while (!rest.empty()) {
        size_t blank = rest.find(' ');
        if (rest.substr(0, blank) == precision)
            return true;
        rest = blank == std::string_view::npos ? std::string_view() : rest.substr(blank + 1);
    }
    return false;
}

std::string normalisedModelName(std::string_view s) {
    if (auto paren = s.find('('); paren != std::string_view::npos)
        s = s.substr(0, paren); // "Intel Xeon Gold 6230 (virtual)"
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

const GpuFacts* gpuFacts(std::string_view name) {
    auto gpus = gpuModels();
    auto it =
        std::find_if(gpus.begin(), gpus.end(), [&](const GpuFacts& g) { return g.name() == name; });
    if (it != gpus.end())
        return &*it;
    const std::string want = normalisedModelName(name);
    if (want.empty())
        return nullptr;
    auto spells = [&](const GpuFacts& g) {
        if (normalisedModelName(g.name()) == want || normalisedModelName(g.model) == want)
            return true;
        for (std::string_view rest = g.aliases; !rest.empty();) {
            size_t end = rest.find('\n');
            if (normalisedModelName(rest.substr(0, end)) == want)
                return true;
            rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        }
        return false;
    };
    it = std::find_if(gpus.begin(), gpus.end(), spells);
    return it == gpus.end() ? nullptr : &*it;
}

const RuntimeFacts* runtimeFacts(std::string_view name) {
    auto all = runtimes();
    auto it = std::find_if(all.begin(), all.end(),
                           [&](const RuntimeFacts& r) { return r.name() == name; });
    return it == all.end() ? nullptr : &*it;
}

bool isGraphCompiler(std::string_view name) {
    auto all = graphCompilers();
    return std::any_of(all.begin(), all.end(), [&](const NamedEntry& c) { return c.name == name; });
}

} // namespace modak::model::data
