; Folding ranges: block bodies, lists, multi-line text blocks and comments.
(block_body) @fold
(list) @fold
(text_block) @fold
(comment) @fold
