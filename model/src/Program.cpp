// SPDX-License-Identifier: Apache-2.0
// Loading a program: the root file, its imports (docs/language.md §3), and the symbol table.
#include "modak/model/Program.h"

#include "SymbolIndex.h"
#include "modak/model/Catalogue.h"
#include "modak/model/Deployment.h"
#include "modak/model/Schema.h"
#include "modak/syntax/Parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <unordered_map>

namespace modak::model {

namespace fs = std::filesystem;

FileReader diskReader() {
    return [](SourceManager& sm, const fs::path& path, std::string& error) {
        return sm.readFile(path, error);
    };
}

// ------------------------------------------------------------------------------------------------
// Program queries.

const Symbol* Program::find(std::string_view kind, std::string_view name) const {
    if (!symbolSlots.empty())
        return SymbolIndex::find(symbols, symbolSlots, kind, name);
    for (const Symbol& s : symbols)
        if (s.kind == kind && s.name == name)
            return &s;
    return nullptr;
}

const Document* Program::document(FileId file) const {
    for (const auto& d : documents)
        if (d->file == file)
            return d.get();
    return nullptr;
}

namespace {

/// FileIds of `from` and every file it imports, transitively.
std::set<uint32_t> reachableFiles(const Program& program, FileId from) {
    std::set<uint32_t> seen;
    std::vector<const Document*> todo;
    if (const Document* d = program.document(from))
        todo.push_back(d);
    while (!todo.empty()) {
        const Document* d = todo.back();
        todo.pop_back();
        if (!seen.insert(d->file.value).second)
            continue;
        for (size_t i : d->imports)
            if (i < program.documents.size())
                todo.push_back(program.documents[i].get());
    }
    return seen;
}

} // namespace

const Symbol* Program::lookup(FileId from, std::string_view kind, std::string_view name) const {
    // A kind and name is defined once in the whole program (a second is a duplicate-name error and
    // no symbol), so the one found is the one, if `from` sees its file.
    const Symbol* s = find(kind, name);
    if (!s)
        return nullptr;
    if (documents.size() == 1)
        return documents.front()->file == from ? s : nullptr;
    return reachableFiles(*this, from).count(s->file.value) ? s : nullptr;
}

std::vector<const Symbol*> Program::visibleSymbols(FileId from, std::string_view kind) const {
    std::set<uint32_t> files = reachableFiles(*this, from);
    std::vector<const Symbol*> out;
    for (const Symbol& s : symbols)
        if (s.kind == kind && files.count(s.file.value))
            out.push_back(&s);
    return out;
}

// ------------------------------------------------------------------------------------------------
// Loading.

namespace {

/// An OS reason as a message tail: "No such file or directory" → "no such file or directory".
std::string lowerFirst(std::string s) {
    if (s.size() > 1 && std::isupper(static_cast<unsigned char>(s[0])) &&
        std::islower(static_cast<unsigned char>(s[1])))
        s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
    return s;
}

/// Why the text of an imported file is not a .modak source, or nullopt when it is one: binary
/// (NUL or control bytes), not UTF-8, or neither a header nor a well-formed first statement.
std::optional<std::string> notModakSource(std::string_view text, const syntax::File& tree,
                                          const Diagnostics& parsed) {
    for (const Diagnostic& d : parsed) {
        if (d.code == DiagCode::NulByte)
            return "it is a binary file";
        if (d.code == DiagCode::InvalidUtf8)
            return "it is not UTF-8 text";
    }
    for (unsigned char c : text)
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7f)
            return "it is a binary file";
    if (tree.version)
        return std::nullopt;
    uint32_t firstStatementEnd = tree.statements.size() ? tree.statements.begin()->range().end : 0;
    if (!tree.imports.empty())
        firstStatementEnd = std::max(firstStatementEnd, tree.imports.front().pathRange.end);
    for (const Diagnostic& d : parsed)
        if (d.severity >= Severity::Error && d.code != DiagCode::FileTooLarge &&
            (firstStatementEnd == 0 || d.range.begin < firstStatementEnd))
            return "it does not start with a `modak` header or a statement";
    return std::nullopt;
}

class Loader {
public:
    Loader(SourceManager& sm, Diagnostics& diags, const LoadOptions& options, Program& program)
        : sm_(sm), diags_(diags), options_(options), program_(program) {}

    void run(FileId root) {
        auto doc = std::make_unique<Document>();
        doc->file = root;
        doc->path = fs::path(std::string(sm_.path(root)));
        if (auto refused = options_.rootReadFromPath ? program_.scope.checkRootFile(doc->path)
                                                     : std::nullopt) {
            // Not located in the file: its text is not to be shown.
            diags_.add(DiagCode::PathOutsideProject, SourceRange{}, std::move(*refused));
            doc->tree.file = root;
            program_.documents.push_back(std::move(doc));
            return;
        }
        const size_t before = diags_.size();
        syntax::ParseOptions parsing;
        parsing.marks = options_.keepForNextVersion;
        parsing.threads = options_.parseThreads;
        doc->tree = options_.previousRoot
                        ? syntax::reparse(sm_, root, *options_.previousRoot, diags_, parsing)
                        : syntax::parse(sm_, root, diags_, parsing);
        doc->parseDiagnostics.assign(diags_.begin() + static_cast<std::ptrdiff_t>(before),
                                     diags_.end());
        byKey_[canonicalOrLexical(doc->path).generic_string()] = 0;
        program_.documents.push_back(std::move(doc));
        load(0, 0);
    }

private:
    std::string display(size_t doc) const {
        return std::string(sm_.path(program_.documents[doc]->file));
    }

    void load(size_t docIndex, uint32_t depth) {
        stack_.push_back(docIndex);
        // Copy what we need: documents may grow (and the vector reallocate) while we recurse.
        const Document& doc = *program_.documents[docIndex];
        const fs::path dir = doc.path.parent_path();
        const std::vector<syntax::Import> imports = doc.tree.imports;
        for (const syntax::Import& imp : imports) {
            if (imp.path.empty()) {
                diags_.add(DiagCode::ImportNotFound, imp.pathRange, "empty import path");
                continue;
            }
            FileScope::Refusal refusal;
            std::string why;
            std::optional<FileScope::Resolved> path =
                program_.scope.resolve(dir, imp.path, ".modak", refusal, why);
            if (!path) {
                diags_.add(refusal == FileScope::Refusal::WrongKind ? DiagCode::NotModakSource
                                                                    : DiagCode::PathOutsideProject,
                           imp.pathRange,
                           fmt::format("cannot import '{}': {}; it was not read", imp.path, why));
                continue;
            }
            const fs::path& resolved = path->shown;
            std::string key = path->real.generic_string();
            if (auto it = byKey_.find(key); it != byKey_.end()) {
                size_t existing = it->second;
                auto onStack = std::find(stack_.begin(), stack_.end(), existing);
                if (onStack != stack_.end())
                    reportCycle(onStack - stack_.begin(), imp);
                else
                    program_.documents[docIndex]->imports.push_back(existing);
                continue;
            }
            if (depth + 1 > options_.maxImportDepth) {
                diags_.add(
                    DiagCode::ImportTooDeep, imp.pathRange,
                    fmt::format("cannot import '{}': imports are nested more than {} levels deep",
                                imp.path, options_.maxImportDepth));
                continue;
            }
            std::string error;
            std::optional<FileId> id =
                options_.reader ? options_.reader(sm_, resolved, error) : std::nullopt;
            if (!id) {
                if (error.empty())
                    error = "cannot be read";
                std::string shown = resolved.generic_string();
                diags_.add(DiagCode::ImportNotFound, imp.pathRange,
                           shown == imp.path
                               ? fmt::format("cannot import '{}': {}", imp.path, lowerFirst(error))
                               : fmt::format("cannot import '{}' ('{}'): {}", imp.path, shown,
                                             lowerFirst(error)));
                continue;
            }
            // What is not a .modak source is reported once, at the import, never line by line:
            // its text is not shown anywhere.
            Diagnostics parsed;
            syntax::File tree = syntax::parse(sm_, *id, parsed);
            if (auto notSource = notModakSource(sm_.text(*id), tree, parsed)) {
                diags_.add(DiagCode::NotModakSource, imp.pathRange,
                           fmt::format("cannot import '{}': {}; it was not read further", imp.path,
                                       *notSource));
                continue;
            }
            diags_.append(parsed);
            auto child = std::make_unique<Document>();
            child->file = *id;
            child->path = resolved;
            child->tree = std::move(tree);
            size_t childIndex = program_.documents.size();
            program_.documents.push_back(std::move(child));
            program_.documents[docIndex]->imports.push_back(childIndex);
            byKey_[key] = childIndex;
            via_.push_back(imp);
            load(childIndex, depth + 1);
            via_.pop_back();
        }
        stack_.pop_back();
    }

    /// The import `closing` (in the file on top of the stack) names the file at stack_[from].
    void reportCycle(size_t from, const syntax::Import& closing) {
        const size_t top = stack_.size() - 1;
        std::string message;
        if (from == top) {
            message = fmt::format("import cycle: '{}' imports itself", display(stack_[top]));
        } else {
            message = "import cycle: ";
            for (size_t i = from; i <= top; ++i)
                message += fmt::format("'{}' -> ", display(stack_[i]));
            message += fmt::format("'{}'", display(stack_[from]));
        }
        Diagnostic& d = diags_.add(DiagCode::ImportCycle, closing.pathRange, std::move(message));
        // via_[i] is the import in stack_[i] that loaded stack_[i + 1].
        for (size_t i = from; i < top; ++i)
            d.notes.push_back(
                {via_[i].pathRange, fmt::format("'{}' imports '{}' here", display(stack_[i]),
                                                display(stack_[i + 1]))});
    }

    SourceManager& sm_;
    Diagnostics& diags_;
    const LoadOptions& options_;
    Program& program_;
    std::unordered_map<std::string, size_t> byKey_;
    std::vector<size_t> stack_;
    std::vector<syntax::Import> via_;
};

/// Documents in post-order (a file's imports before the file), each once.
void postOrder(const Program& program, size_t index, std::vector<bool>& seen,
               std::vector<size_t>& out) {
    if (seen[index])
        return;
    seen[index] = true;
    for (size_t i : program.documents[index]->imports)
        postOrder(program, i, seen, out);
    out.push_back(index);
}

void collectSymbols(Program& program, Diagnostics& diags) {
    if (program.documents.empty())
        return;
    std::vector<bool> seen(program.documents.size());
    std::vector<size_t> order;
    postOrder(program, 0, seen, order);
    size_t blocks = 0;
    for (size_t index : order)
        blocks += program.documents[index]->tree.statements.size();
    program.symbols.reserve(
        blocks); // at most one a top-level statement; no regrowth on large files
    SymbolIndex byName(program.symbols, blocks);
    for (size_t index : order) {
        const Document& doc = *program.documents[index];
        for (const syntax::Statement& st : doc.tree.statements) {
            if (st.kind() != syntax::Statement::Kind::Block || !topLevelBlock(st.key().name))
                continue;
            if (!st.name()) {
                diags.add(DiagCode::MissingName, st.key().range,
                          fmt::format("'{0}' block needs a name, as in `{0} my_{0} {{ … }}`",
                                      st.key().name));
                continue;
            }
            if (const Symbol* first = byName.find(st.key().name, st.name()->name)) {
                Diagnostic& d =
                    diags.add(DiagCode::DuplicateName, st.name()->range,
                              fmt::format("duplicate {} '{}'", st.key().name, st.name()->name));
                d.notes.push_back({first->block->name()->range,
                                   fmt::format("'{}' first defined here", first->name)});
                continue;
            }
            program.symbols.push_back({st.key().name, st.name()->name, doc.file, &st});
            byName.set(program.symbols.size() - 1);
        }
    }
    program.symbolSlots = std::move(byName).takeSlots();
}

/// The workloads `program`'s catalogue files define, read through `reader` (the language server's
/// prefers open buffers). A file that cannot be resolved, read or parsed defines none here: the
/// plan and `modak check` report it.
std::vector<std::string> catalogueWorkloadNames(SourceManager& sm, const Program& program,
                                                const FileReader& reader) {
    std::vector<std::string> names;
    for (const auto& [doc, written] : catalogFileReferences(program)) {
        FileScope::Refusal refusal;
        std::string why;
        auto path =
            program.scope.resolve(doc->path.parent_path(), written.value, ".json", refusal, why);
        std::string error;
        std::optional<FileId> id = path ? reader(sm, path->shown, error) : std::nullopt;
        if (!id)
            continue;
        Catalogue entries;
        Diagnostics reportedElsewhere;
        entries.merge(sm.text(*id), *id, path->shown.string(), reportedElsewhere);
        for (const Workload& w : entries.workloads)
            names.push_back(w.name);
    }
    return names;
}

} // namespace

Program loadProgram(SourceManager& sm, FileId root, Diagnostics& diags,
                    const LoadOptions& options) {
    Program program;
    program.scope = FileScope::around(fs::path(std::string(sm.path(root))), options.importRoots);
    Loader(sm, diags, options, program).run(root);
    collectSymbols(program, diags);
    program.catalogueWorkloads = catalogueWorkloadNames(sm, program, options.reader);
    if (!options.check)
        return program;
    if (options.keepForNextVersion)
        program.blockChecks = checkProgram(sm, program, diags, options.previousChecks.get());
    else
        checkProgram(sm, program, diags);
    return program;
}

} // namespace modak::model
