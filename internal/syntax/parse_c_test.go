//go:build cgo

package syntax

import (
	"context"
	"testing"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
	"golang.org/x/tools/txtar"
)

// TestParseLayout: parse_c.go reads the binding's Parser and writes its
// Tree as the one C pointer each holds; a binding that changed them would
// fail here, not in a parse.
func TestParseLayout(t *testing.T) {
	ptr := unsafe.Sizeof(unsafe.Pointer(nil))
	if a, b := unsafe.Sizeof(sitter.Parser{}), unsafe.Sizeof(sitter.Tree{}); a != ptr || b != ptr {
		t.Fatalf("sitter.Parser is %d bytes and sitter.Tree %d, not one pointer: update parse_c.go to the binding", a, b)
	}
}

// TestParseCAsTheBinding: the tree parseC makes of each outline fixture,
// whole and with included ranges, is the one the binding's own parse
// makes; a done context parses nothing.
func TestParseCAsTheBinding(t *testing.T) {
	a, err := txtar.ParseFile("testdata/outline.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range a.Files {
		g := Grammar(f.Name)
		if g == "" {
			continue
		}
		p := getParser()
		if err := p.SetLanguage(loaded[g]().lang); err != nil {
			t.Fatal(err)
		}
		for _, ranges := range [][]sitter.Range{nil, regions(f.Data, []uint32{uint32(len(f.Data) / 2)})} {
			if err := p.SetIncludedRanges(ranges); err != nil {
				t.Fatal(err)
			}
			want := p.Parse(f.Data, nil)
			got := parseC(context.Background(), p, f.Data)
			if got == nil {
				t.Fatalf("%s: no tree", f.Name)
			}
			if w, g := want.RootNode().ToSexp(), got.RootNode().ToSexp(); w != g {
				t.Errorf("%s (ranges %v): parseC gives\n%s\nthe binding\n%s", f.Name, ranges, g, w)
			}
			want.Close()
			got.Close()
		}
		p.SetIncludedRanges(nil)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if tree := parseC(ctx, p, f.Data); tree != nil {
			tree.Close()
			t.Errorf("%s: parsed with a done context", f.Name)
		}
		p.Reset()
		putParser(p)
	}
}
