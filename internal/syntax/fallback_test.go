//go:build !cgo

package syntax

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestFallbackFindsDefinitionLines: without cgo, Parse says it used the
// line classifier and finds where the Go and Python definitions of
// testdata/outline.txtar start, with their names and no ends, and that a
// comment ending a definition's line is no part of its signature.
func TestFallbackFindsDefinitionLines(t *testing.T) {
	a, err := txtar.ParseFile("testdata/outline.txtar")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"go/h.go":       "4 Handler, 5 ID, 8 Server, 12 Serve, 13 local, 17 New",
		"python/svc.py": "4 Service, 9 __init__, 13 label, 16 run, 17 inner, 23 handle_timeout, 27 retry",
	}
	for _, f := range a.Files {
		w, ok := want[f.Name]
		if !ok {
			continue
		}
		pf, err := Parse(context.Background(), f.Name, f.Data)
		if err != nil {
			t.Fatal(err)
		}
		if pf.By != ByClassifier {
			t.Errorf("%s: By = %q, want %q", f.Name, pf.By, ByClassifier)
		}
		var got []string
		for _, d := range pf.Defs {
			if d.End != 0 || d.Kind != "definition" {
				t.Errorf("%s: %+v: a classifier's definition has no end and no kind", f.Name, d)
			}
			got = append(got, fmt.Sprintf("%d %s", d.Start, d.Name))
			if d.Name == "retry" && d.Signature != "def retry(n)" {
				t.Errorf("%s: retry's signature is %q, want %q", f.Name, d.Signature, "def retry(n)")
			}
		}
		if g := strings.Join(got, ", "); g != w {
			t.Errorf("%s: definitions %s, want %s", f.Name, g, w)
		}
	}
}
