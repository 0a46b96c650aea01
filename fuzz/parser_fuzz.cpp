// SPDX-License-Identifier: Apache-2.0
// The parser, the checks and the formatter on arbitrary bytes: no crash, no leak, no UB; every
// diagnostic range inside the buffer; and for files without syntax errors, formatting is idempotent
// and loses no token (format(parse(format(x))) == format(x)); and the parser's value scanner gives
// the tree and diagnostics the X3 grammar gives (ParseOptions::scanValues).
#include "Offline.h"
#include "ParseDump.h"
#include "modak/model/Program.h"
#include "modak/syntax/Formatter.h"
#include "modak/syntax/Parser.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace modak;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    SourceManager sm;
    std::string text(reinterpret_cast<const char*>(data), size);
    FileId id = sm.addBuffer("/fuzz/input.modak", text);
    Diagnostics diags;
    model::Program program = model::loadProgram(sm, id, diags, fuzz::offlineLoad());
    for (const auto& d : diags)
        if (d.range.file == id && (d.range.begin > d.range.end || d.range.end > size)) {
            std::fprintf(stderr, "diagnostic range %u..%u outside a %zu-byte buffer: %s\n",
                         d.range.begin, d.range.end, size, d.message.c_str());
            std::abort();
        }
    {
        Diagnostics scannedDiags, x3Diags;
        syntax::ParseOptions x3Only;
        x3Only.scanValues = false;
        std::string scanned = test::dumpParse(syntax::parse(sm, id, scannedDiags), scannedDiags);
        std::string x3 = test::dumpParse(syntax::parse(sm, id, x3Diags, x3Only), x3Diags);
        if (scanned != x3) {
            std::fprintf(stderr, "the value scanner and X3 differ:\n--- scanner\n%s\n--- X3\n%s\n",
                         scanned.c_str(), x3.c_str());
            std::abort();
        }
    }
    // The root's tree is the one loadProgram parsed (parsing it again would cost a third of a run);
    // its syntax errors are the diagnostics of the grammar's codes, listed first in DiagCodes.def.
    const model::Document* root = program.root();
    bool syntaxErrors = !root || root->file != id;
    for (const auto& d : diags)
        if (d.code <= DiagCode::TooManyErrors && d.severity >= Severity::Error)
            syntaxErrors = true;
    if (!syntaxErrors) {
        std::string once = syntax::format(root->tree, sm.text(id));
        FileId again = sm.addBuffer("/fuzz/formatted.modak", once);
        Diagnostics d2;
        syntax::File tree2 = syntax::parse(sm, again, d2);
        if (d2.hasErrors()) {
            std::fprintf(stderr, "formatted output does not parse:\n%s\n", once.c_str());
            std::abort();
        }
        std::string twice = syntax::format(tree2, sm.text(again));
        if (twice != once) {
            std::fprintf(stderr, "formatting is not idempotent:\n--- once\n%s\n--- twice\n%s\n",
                         once.c_str(), twice.c_str());
            std::abort();
        }
    }
    return 0;
}
