; Indentation (nvim-treesitter conventions): block bodies and lists indent their contents by one
; level; the closing bracket goes back.
(block_body) @indent.begin
(block_body "}" @indent.branch)
(list) @indent.begin
(list "]" @indent.branch)

(text_block) @indent.ignore
(comment) @indent.auto
