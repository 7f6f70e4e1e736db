//go:build cgo

package syntax

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
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
		for _, ranges := range [][]sitter.Range{nil, regions(f.Data, []uint32{uint32(len(f.Data) / 2)}, g, true)} {
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

// TestParseCStopsWhenDone: a context done while the parser works on 4 MB
// of source stops it (the flag parse_c.go hands the parser is read as it
// goes): no tree, and parseRanges says why.
func TestParseCStopsWhenDone(t *testing.T) {
	src := []byte("package p\n")
	for len(src) < MaxSize-100 {
		src = append(src, "func f() { x := []int{1, 2, 3}; for i := range x { g(i) } }\n"...)
	}
	p := getParser()
	defer putParser(p)
	if err := p.SetLanguage(loaded["go"]().lang); err != nil {
		t.Fatal(err)
	}
	// Parsing 4 MB takes a good part of a second; the context is done
	// after 10 ms.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	tree, err := parseRanges(ctx, p, src, nil)
	if tree != nil {
		tree.Close()
		t.Fatal("a tree from a parse whose context was done")
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's", err)
	}
	// The parser is usable again (renewed: its language is set again, as
	// before every parse).
	if err := p.SetLanguage(loaded["go"]().lang); err != nil {
		t.Fatal(err)
	}
	if tree, err := parseRanges(context.Background(), p, []byte("package p\nfunc g() {}\n"), nil); err != nil || tree.RootNode().HasError() {
		t.Fatalf("after a stopped parse: %v", err)
	} else {
		tree.Close()
	}
}

// TestParseCWhenDoneAsItEnds: contexts done at every moment around the end
// of a parse, many parses at once (run with -race in CI). The watcher that
// stops the parser may write its flag after the parse returned, so the
// flag must outlive it (it was C memory freed on return once, and the heap
// broke: "malloc(): unaligned tcache chunk detected"); and a parse stopped
// while balancing its tree must not be resumed by the next (see renew:
// an assertion in tree-sitter aborted the process).
func TestParseCWhenDoneAsItEnds(t *testing.T) {
	src := []byte("package p\n")
	for len(src) < 20<<10 {
		src = append(src, "func f() { x := []int{1, 2, 3}; for i := range x { g(i) } }\n"...)
	}
	lang := loaded["go"]().lang
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := getParser()
			defer putParser(p)
			if err := p.SetLanguage(lang); err != nil {
				t.Error(err)
				return
			}
			for i := range 100 {
				ctx, cancel := context.WithTimeout(context.Background(), time.Duration((w*100+i)%40)*50*time.Microsecond)
				if tree, err := parseRanges(ctx, p, src, nil); err == nil {
					tree.Close()
				} else if ctx.Err() == nil {
					t.Errorf("parse %d: %v", i, err)
				}
				cancel()
				if err := p.SetLanguage(lang); err != nil { // a stopped parse renews the parser
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
