// SPDX-License-Identifier: Apache-2.0
// The typed method table of the language features: each handler converts LSP positions to byte
// offsets (through the server, which owns the one conversion), calls a feature of features/, and
// converts its result back.
#include "ServerImpl.h"

#include "modak/lsp/Features.h"

namespace modak::lsp {

json Server::capabilities() const {
    json caps = {
        {"positionEncoding", client_.encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
        {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
        {"diagnosticProvider", {{"identifier", "modak"}, {"interFileDependencies", true}, {"workspaceDiagnostics", false}}},
    };
    return caps;
}

void Server::registerFeatures() {}

} // namespace modak::lsp
