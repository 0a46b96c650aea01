; Syntax highlighting for .modak (capture names from the tree-sitter CLI's default theme).
; When several patterns capture the same node, the later one wins (tree-sitter CLI 0.22, Neovim), so
; general patterns come first and more specific ones after them.

(comment) @comment

; Literals.
(string) @string
(escape_sequence) @string.escape
(text_block) @string
(integer) @number
(float) @number
(size) @number
(amount) @number
(duration) @number
(boolean) @constant.builtin

; Identifiers in value position: enumeration values, `auto`/`none`, or references to named blocks.
(attribute value: (identifier) @constant)
(list (identifier) @constant)
(range (identifier) @constant)

; `tensorflow "2.1"`: a versioned name.
(versioned name: (identifier) @constant)
(versioned version: (string) @string.special)

; Structure keywords and the imported path.
"modak" @keyword
"import" @keyword
(import path: (string) @string.special)

; `application mnist { … }`: the block kind and the name it defines.
(block kind: (identifier) @type)
(block name: (identifier) @module)

; `key = value`
(attribute key: (identifier) @property)

["{" "}" "[" "]"] @punctuation.bracket
["," "="] @punctuation.delimiter
".." @operator
