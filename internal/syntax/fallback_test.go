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
		// The classifier takes a constant's or a variable's line (a blank
		// one's too) for a definition's, a name assigned again as well.
		"go/h.go":       "3 Version, 6 A, 7 _, 11 ErrNone, 14 x, 17 Handler, 18 ID, 21 Server, 25 Serve, 26 local, 30 New",
		"python/svc.py": "3 TIMEOUT, 4 LIMIT, 5 a, 7 __all__, 12 TIMEOUT, 15 Service, 20 __init__, 24 label, 27 run, 28 inner, 34 handle_timeout, 38 retry",
		// No extension: Python by its "#!" line.
		"bin/deploy": "6 main, 11 run, 15 Site, 16 flush, 20 flush",
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
