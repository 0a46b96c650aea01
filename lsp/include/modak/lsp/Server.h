// SPDX-License-Identifier: Apache-2.0
//! `modak lsp`: the language server over stdio.
#pragma once

#include <cstdio>
#include <string>

namespace modak::lsp {

struct ServerOptions {
    /// `--lit-test`: messages delimited by `---` lines instead of framed, replies pretty-printed,
    /// everything handled synchronously in order (diagnostics published right after each message).
    bool litTest = false;
    std::FILE* in = stdin;
    std::FILE* out = stdout;
    std::FILE* log = stderr;
    std::string version;  ///< reported in serverInfo
    bool verbose = false; ///< log every message and its latency
    /// false: modak.generate and modak.import check everything, then write nothing (the fuzzer,
    /// whose client names any workspace it likes).
    bool writeFiles = true;
};

/// Runs until `exit` (or end of input); returns the process exit status: 0 after `shutdown` then
/// `exit`, 1 otherwise.
int runServer(const ServerOptions& options);

} // namespace modak::lsp
