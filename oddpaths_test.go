package scout_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// TestOddPathsShownOnce: every path a page shows of a file whose name is
// not printable UTF-8 (a tab, a newline, a byte that is no UTF-8) or
// begins with '"' is quoted once, as QuotePath gives it, in the text and
// in JSON alike, whichever part of the page shows it: a file's heading, a
// line's copies, a concept lead and its copies, the definitions a symbol
// or a name has, the definitions a callee has. Each such path names the
// file when given back (UnquotePath). Grep's copies were quoted twice in
// its text, and callers', refs', callees' and concept leads' JSON gave the
// name as it is, where grep's and outline's gave it quoted.
func TestOddPathsShownOnce(t *testing.T) {
	t.Chdir(t.TempDir())
	needle := "package p\n\n// Needle expires the old sessions of the pool.\nfunc Needle() {}\n"
	files := map[string]string{
		"odd\tname.go":   needle,
		"two\nlines.go":  needle, // a copy: folded under the first
		"bad\xffname.go": "package p\n\nfunc caller() {\n\tNeedle()\n}\n",
		"\"quoted.go":    "package p\n\nfunc other() {\n\tNeedle()\n}\n",
	}
	for name, src := range files {
		write(t, name, src)
	}
	ctx := context.Background()
	cache := scout.CacheOptions{CacheDir: t.TempDir()}
	type run struct {
		what string
		do   func() (*scout.Page, error)
	}
	for _, r := range []run{
		{"grep", func() (*scout.Page, error) {
			return scout.Grep(ctx, scout.GrepOptions{Options: scout.Options{Patterns: []string{"Needle"}}, Mode: scout.Content})
		}},
		{"find", func() (*scout.Page, error) { return scout.Find(ctx, scout.FindOptions{Pattern: "."}) }},
		{"outline", func() (*scout.Page, error) { return scout.Outline(ctx, scout.OutlineOptions{}) }},
		{"callers", func() (*scout.Page, error) {
			return scout.Callers(ctx, scout.CallersOptions{Name: "Needle", CacheOptions: cache})
		}},
		{"refs", func() (*scout.Page, error) {
			return scout.Refs(ctx, scout.RefsOptions{Name: "Needle", CacheOptions: cache})
		}},
		{"callees", func() (*scout.Page, error) {
			return scout.Callees(ctx, scout.CalleesOptions{Name: "caller", CacheOptions: cache})
		}},
		{"concept leads", func() (*scout.Page, error) {
			return scout.Concept(ctx, scout.ConceptOptions{Description: "expire old sessions in a pool", CacheOptions: cache})
		}},
		{"concept symbol", func() (*scout.Page, error) {
			return scout.Concept(ctx, scout.ConceptOptions{Description: "Needle", CacheOptions: cache})
		}},
	} {
		p, err := r.do()
		if err != nil {
			t.Fatalf("%s: %v", r.what, err)
		}
		js, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(js, &v); err != nil {
			t.Fatal(err)
		}
		n := 0
		eachPath(v, func(s string) {
			n++
			if scout.QuotePath(scout.UnquotePath(s)) != s {
				t.Errorf("%s: JSON path %q is not shown as QuotePath shows a path", r.what, s)
			} else if _, err := os.Lstat(scout.UnquotePath(s)); err != nil {
				t.Errorf("%s: JSON path %q names no file: %v", r.what, s, err)
			}
		})
		if n == 0 {
			t.Errorf("%s: no path in its JSON:\n%s", r.what, js)
		}
		for name := range files {
			if twice := scout.QuotePath(scout.QuotePath(name)); strings.Contains(p.Text, twice) {
				t.Errorf("%s: the text quotes %q twice (%s):\n%s", r.what, name, twice, p.Text)
			}
		}
	}
}

// eachPath calls f with each path in a page's JSON: the value of a "path"
// key, each of a "paths" list.
func eachPath(v any, f func(string)) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			switch s := x.(type) {
			case string:
				if k == "path" {
					f(s)
				}
			case []any:
				if k == "paths" {
					for _, p := range s {
						if ps, ok := p.(string); ok {
							f(ps)
						}
					}
				}
			}
			eachPath(x, f)
		}
	case []any:
		for _, x := range v {
			eachPath(x, f)
		}
	}
}
