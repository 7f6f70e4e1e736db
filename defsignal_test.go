package scout_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/syntax"
)

// A "definition" in a string or comment that spans lines (a Go program in
// a raw string, an example in a docstring) reads as code to the line
// classifier; where there is a parser, grep's definition signal comes from
// it there (defsignal.go), and the real definition alone is marked. The
// build without cgo has no parser, and keeps the classifier's word.
func TestDefinitionSignalFromTheParser(t *testing.T) {
	tree(t, map[string]string{
		"a/prog_test.go": "package a\n\nvar src = `\npackage main\n\nfunc Serve() {}\n`\n",
		"b/serve.go":     "package b\n\nfunc Serve() {}\n",
		"c/doc.py":       "def helper():\n    \"\"\"For example:\n\n        def Serve():\n            pass\n    \"\"\"\n\n\nclass Serve:\n    pass\n",
		"d/note.go":      "package d\n\n/*\nfunc Serve() {}\n*/\nvar x = 1\n",
		"e/page.js":      "const src = `\nfunction Serve() {}\n`;\nfunction Serve() {}\n",
		"f/quote.py":     "def helper():\n    '''\n    def Serve(): pass\n    '''\n",
	})
	p, err := scout.Grep(context.Background(), scout.GrepOptions{Options: quiet(scout.Options{Patterns: []string{"Serve"}, Fixed: true}), NoCollapse: true})
	if err != nil {
		t.Fatal(err)
	}
	parser := syntax.By == syntax.ByParser
	want := map[string]bool{"a/prog_test.go:6": !parser, "b/serve.go:3": true, "c/doc.py:4": !parser, "c/doc.py:9": true, "d/note.go:4": !parser, "e/page.js:2": !parser, "e/page.js:4": true, "f/quote.py:3": !parser}
	got := map[string]bool{}
	for _, f := range p.Files {
		for _, l := range f.Lines {
			if !l.Context {
				got[fmt.Sprintf("%s:%d", f.Path, l.Number)] = l.Definition
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("definition marks (parser %v):\n got %v\nwant %v\n%s", parser, got, want, p.Text)
	}
}
