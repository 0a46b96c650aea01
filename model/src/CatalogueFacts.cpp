// SPDX-License-Identifier: Apache-2.0
// Lookups over the tables cmake/CatalogueNames.cmake generates from schemas/catalog/.
#include "modak/model/CatalogueNames.h"

#include <algorithm>

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

const GpuFacts* gpuFacts(std::string_view name) {
    auto gpus = gpuModels();
    auto it =
        std::find_if(gpus.begin(), gpus.end(), [&](const GpuFacts& g) { return g.name() == name; });
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
