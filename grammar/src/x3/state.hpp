// SPDX-License-Identifier: Apache-2.0
// Parse state shared by the X3 value grammar and the statement driver (Parser.cpp). Private to
// grammar/.
#pragma once

#include "modak/diag/Diagnostic.h"
#include "modak/syntax/Ast.h"

#include <vector>

namespace modak::syntax::parser {

struct ParseState {
    const char* base = nullptr; ///< start of the buffer: ranges are offsets from here
    FileId file;
    Diagnostics* diags = nullptr;
    std::vector<Comment>* comments = nullptr;
    Arena* arena = nullptr;            ///< where values' out-of-line parts go (the File's)
    const char* stringStart = nullptr; ///< opening quote of the string being lexed (for errors)

    SourceRange range(const char* b, const char* e) const {
        return {file, static_cast<uint32_t>(b - base), static_cast<uint32_t>(e - base)};
    }
    /// Comments are found both by the driver and by X3's skipper, which may revisit text when it
    /// backtracks; a comment is recorded only the first time its start is seen.
    void recordComment(const char* b, const char* e, bool isBlock) {
        auto begin = static_cast<uint32_t>(b - base);
        if (!comments->empty() && comments->back().range.begin >= begin)
            return;
        comments->push_back({range(b, e), isBlock});
    }
};

/// Whitespace and comments from `p`, each comment recorded: the value grammar's skipper, also run
/// by the driver's value scanner after a value (as X3 runs it after the values it reads). An
/// unterminated block comment is not trivia: the skip stops at its `/*` (the driver reports it).
inline const char* skipTrivia(ParseState& st, const char* p, const char* last) {
    while (p != last) {
        char c = *p;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            ++p;
        } else if (c == '/' && p + 1 != last && p[1] == '/') {
            const char* b = p;
            while (p != last && *p != '\n' && *p != '\r')
                ++p;
            st.recordComment(b, p, false);
        } else if (c == '/' && p + 1 != last && p[1] == '*') {
            const char* q = p + 2;
            while (q + 1 < last && !(q[0] == '*' && q[1] == '/'))
                ++q;
            if (q + 1 >= last)
                break;
            st.recordComment(p, q + 2, true);
            p = q + 2;
        } else {
            break;
        }
    }
    return p;
}

/// X3's skipper is called without a context, so its actions reach the state through this pointer,
/// which Parser.cpp sets (and clears) around each parse on the calling thread.
extern thread_local ParseState* currentState;

} // namespace modak::syntax::parser
