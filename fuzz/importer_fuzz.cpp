// SPDX-License-Identifier: Apache-2.0
// The MODAK JSON importer on arbitrary bytes: no crash, no leak, no UB; whatever it converts is a
// .modak text that parses without syntax errors.
#include "modak/importer/ModakJson.h"
#include "modak/syntax/Parser.h"

#include <cstdio>
#include <cstdlib>

using namespace modak;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    SourceManager sm;
    FileId id =
        sm.addBuffer("/fuzz/job.json", std::string(reinterpret_cast<const char*>(data), size));
    Diagnostics diags;
    auto text = importer::importModakJson(sm, id, diags);
    if (text) {
        FileId out = sm.addBuffer("/fuzz/imported.modak", *text);
        Diagnostics syntaxDiags;
        syntax::parse(sm, out, syntaxDiags);
        if (syntaxDiags.hasErrors()) {
            std::fprintf(stderr, "the importer wrote text that does not parse:\n%s\n",
                         text->c_str());
            std::abort();
        }
    }
    return 0;
}
