// SPDX-License-Identifier: Apache-2.0
// The workspace's `.modak` files that are not open, read from disk for workspace-wide features
// (workspace/symbol). Bounded, and confined to the folders: a link out of one is not read.
#include "modak/lsp/Features.h"

#include <fstream>
#include <iterator>

namespace modak::lsp {

namespace fs = std::filesystem;

std::vector<std::shared_ptr<const Analysis>>
analyseWorkspaceFiles(const std::vector<fs::path>& folders, const std::set<fs::path>& skip,
                      size_t budget) {
    std::vector<std::shared_ptr<const Analysis>> out;
    for (const auto& folder : folders) {
        model::FileScope readable = model::FileScope::ofRoots({folder});
        std::error_code ec;
        for (auto it = fs::recursive_directory_iterator(
                 folder, fs::directory_options::skip_permission_denied, ec);
             !ec && it != fs::recursive_directory_iterator() && out.size() < budget;
             it.increment(ec)) {
            if (it->path().extension() != ".modak" || skip.count(it->path()) ||
                !it->is_regular_file(ec) || !readable.contains(it->path()))
                continue;
            std::ifstream in(it->path(), std::ios::binary);
            std::string text((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
            out.push_back(Analysis::build(it->path(), std::move(text)));
        }
    }
    return out;
}

} // namespace modak::lsp
