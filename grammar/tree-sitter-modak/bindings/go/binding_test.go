package tree_sitter_modak_test

import (
	"testing"

	tree_sitter "github.com/smacker/go-tree-sitter"
	"github.com/tree-sitter/tree-sitter-modak"
)

func TestCanLoadGrammar(t *testing.T) {
	language := tree_sitter.NewLanguage(tree_sitter_modak.Language())
	if language == nil {
		t.Errorf("Error loading Modak grammar")
	}
}
