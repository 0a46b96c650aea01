; Scopes, definitions and references for tree-sitter's local-variable highlighting.
; Named blocks (`application mnist`, `target hlrs`, `partition gpu`) define names; identifier values
; (`application = mnist`) may refer to them. Names defined in a block body are visible in it and in
; the blocks it contains. Cross-file references (imports) are resolved by the language server.

(source_file) @local.scope
(block_body) @local.scope

(block name: (identifier) @local.definition)

(attribute value: (identifier) @local.reference)
(list (identifier) @local.reference)
(range (identifier) @local.reference)
