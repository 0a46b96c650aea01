module github.com/tree-sitter/tree-sitter-modak

go 1.22

require github.com/smacker/go-tree-sitter v0.0.0-20230720070738-0d0a9f78d8f8
