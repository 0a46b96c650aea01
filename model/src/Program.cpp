// STUB: replaced by the semantic-analysis work.
#include "modak/model/Program.h"
#include "modak/syntax/Parser.h"
namespace modak::model {
FileReader diskReader() {
    return [](SourceManager& sm, const std::filesystem::path& p, std::string& error) { return sm.readFile(p, error); };
}
const Symbol* Program::find(std::string_view, std::string_view) const { return nullptr; }
Program loadProgram(SourceManager& sm, FileId root, Diagnostics& diags, const LoadOptions&) {
    Program program;
    auto doc = std::make_unique<Document>();
    doc->file = root;
    doc->path = std::string(sm.path(root));
    doc->tree = syntax::parse(sm, root, diags);
    program.documents.push_back(std::move(doc));
    return program;
}
void checkProgram(const SourceManager&, const Program&, Diagnostics&) {}
}
