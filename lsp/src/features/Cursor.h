// SPDX-License-Identifier: Apache-2.0
//! What is at a byte offset, for the features: in the syntax tree (hover, navigation, selection),
//! and — for completion on half-typed text, where the tree is partial — by a lexical scan of the
//! text before the cursor (the enclosing blocks, the key being given a value, the word being
//! typed).
#pragma once

#include "modak/lsp/Analysis.h"
#include "modak/lsp/Features.h"
#include "modak/model/Schema.h"
#include "modak/syntax/Ast.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace modak::lsp::features {

/// The innermost node of a syntax tree at an offset (a touching end counts, as for a cursor right
/// after a word).
struct TreeCursor {
    std::vector<const syntax::Statement*> blocks; ///< enclosing blocks, outermost first
    const syntax::Statement* statement = nullptr; ///< the innermost statement holding the offset
    enum class On { Nothing, Key, Name, Value, Version, Import } on = On::Nothing;
    const syntax::Value* value = nullptr; ///< the innermost value (a list item, …)
    const syntax::Import* import = nullptr;
    SourceRange range; ///< of what the cursor is on
};
TreeCursor locate(const syntax::File& file, uint32_t offset);

/// Block kinds from the file level to `statement`'s block (the statement itself when it is a
/// block).
std::vector<std::string_view> pathOf(const TreeCursor& cursor, bool includeStatement);

/// The schema of the block at `path` (the file's when empty), or nullptr.
const model::BlockSchema* blockSchemaFor(std::span<const std::string_view> path);
/// The schema of key `key` in `block` (its `anyKey` when it names none), or nullptr.
const model::KeySchema* keySchemaIn(const model::BlockSchema* block, std::string_view key);
/// The schema of key `key` in the block at `path`, or nullptr.
const model::KeySchema* keySchema(std::span<const std::string_view> path, std::string_view key);
/// The kind a reference key names (`target` → "target"), or "" when `key` takes no reference.
std::string referenceKind(const model::KeySchema* key);

/// The lexical context at the cursor, from the text alone.
struct TextContext {
    std::vector<std::string> path;     ///< enclosing block keys, outermost first
    std::set<std::string> keysInBlock; ///< keys already given in the innermost block
    bool inValue = false;              ///< after `key =`
    std::string key;                   ///< the key whose value is typed
    /// Identifiers of the value so far (`pytorch` in `pytorch "`)
    std::vector<std::string> valueWords;
    bool afterNumber = false;  ///< the value so far ends with a number: a unit may follow
    bool inString = false;     ///< inside "…"
    std::string stringPrefix;  ///< the string's text before the cursor
    size_t statementWords = 0; ///< words of the statement before the cursor (key position)
    std::string firstWord;     ///< the statement's first word (`partition` in `partition gpu`)
    uint32_t wordBegin = 0;    ///< start of the word (or string text) being typed
    bool inComment = false;
};
/// `checkpoints` (optional, of `text`): where the scan may start instead of the text's top.
TextContext scanContext(std::string_view text, uint32_t offset,
                        ScanCheckpoints* checkpoints = nullptr);

/// The statements of a tree that are references, with the kind they name, for navigation and
/// semantic tokens. `visit(value, kind)` is called for every identifier value of a reference key.
void forEachReference(
    const syntax::File& file,
    const std::function<void(const syntax::Value& value, const std::string& kind)>& visit);

} // namespace modak::lsp::features
