// SPDX-License-Identifier: Apache-2.0
// The language server on an arbitrary byte stream (framing, JSON, lifecycle, every handler with
// whatever parameters): no crash, no leak, no UB, no hang; it always ends when the input does.
#include "modak/lsp/Server.h"

#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::FILE* in = fmemopen(const_cast<uint8_t*>(data), size, "rb");
    if (!in)
        return 0;
    std::FILE* out = std::fopen("/dev/null", "wb");
    modak::lsp::ServerOptions options;
    options.in = in;
    options.out = out;
    options.log = nullptr;
    options.writeFiles =
        false; // the input names the workspace: it could be any folder of this machine
    options.litTest = size > 0 && data[0] == '#'; // both readers: framed and delimited
    modak::lsp::runServer(options);
    std::fclose(in);
    std::fclose(out);
    return 0;
}
