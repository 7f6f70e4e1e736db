//go:build cgo

package syntax

import (
	"testing"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// TestNodeLayout: walk.go reads the binding's Node as tree-sitter's
// TSNode, declared there by hand; a binding that changed the layout would
// fail here, not in a parse.
func TestNodeLayout(t *testing.T) {
	if got := unsafe.Sizeof(sitter.Node{}); got != nodeSize {
		t.Fatalf("sitter.Node is %d bytes, walk.go's TSNode %d: update walk.go to the binding's api.h", got, nodeSize)
	}
}

// TestEveryRuleNamesAKind: each rule's node kind exists in its grammar
// (a misspelt kind would silently find nothing).
func TestEveryRuleNamesAKind(t *testing.T) {
	for g, rs := range rules {
		gr := loaded[g]()
		have := map[string]bool{}
		for _, k := range gr.kindNames {
			have[k] = true
		}
		for k := range rs {
			if !have[k] {
				t.Errorf("%s: no node kind %q", g, k)
			}
		}
		for _, f := range []string{"name", "body"} {
			if gr.fields[f] == 0 {
				t.Errorf("%s: no field %q", g, f)
			}
		}
	}
}
