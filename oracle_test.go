package scout_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
)

// oracleCase is one search over Go's source tree, said both ways.
type oracleCase struct {
	opts scout.Options // Paths are set by the test
	rg   []string      // ripgrep's arguments for the same search
}

// oracleCases cover literals, regexes, case modes, word matching, several
// patterns, globs, types and context. Each runs with ripgrep's policy made
// to match scout's defaults (hidden files searched, smart case).
var oracleCases = []oracleCase{
	{scout.Options{Patterns: []string{"Unmarshal"}}, []string{"Unmarshal"}},
	{scout.Options{Patterns: []string{"unmarshal"}}, []string{"unmarshal"}},
	{scout.Options{Patterns: []string{`func \w+Marshal\w*\(`}}, []string{`func \w+Marshal\w*\(`}},
	{scout.Options{Patterns: []string{`[A-Z][a-z]+[0-9]{2,}`}}, []string{`[A-Z][a-z]+[0-9]{2,}`}},
	{scout.Options{Patterns: []string{"zqxjkvbw_nomatch"}}, []string{"zqxjkvbw_nomatch"}},
	{scout.Options{Patterns: []string{"ERROR"}, Case: scout.CaseInsensitive}, []string{"-i", "ERROR"}},
	{scout.Options{Patterns: []string{"error"}, Case: scout.CaseSensitive}, []string{"-s", "error"}},
	{scout.Options{Patterns: []string{"err"}, Word: true}, []string{"-w", "err"}},
	{scout.Options{Patterns: []string{"EOF"}, Word: true, Case: scout.CaseInsensitive}, []string{"-w", "-i", "EOF"}},
	{scout.Options{Patterns: []string{"[]byte("}, Fixed: true}, []string{"-F", "[]byte("}},
	{scout.Options{Patterns: []string{"^package main$"}}, []string{"^package main$"}},
	{scout.Options{Patterns: []string{`\bTODO\b`}}, []string{`\bTODO\b`}},
	{scout.Options{Patterns: []string{`(?i)copyright \d{4}`}}, []string{`(?i)copyright \d{4}`}},
	{scout.Options{Patterns: []string{"Deprecated:", "BUG("}, Fixed: true}, []string{"-F", "-e", "Deprecated:", "-e", "BUG("}},
	{scout.Options{Patterns: []string{`context\.Context\)`}, Scope: scout.Scope{Types: []string{"go"}}}, []string{"-t", "go", `context\.Context\)`}},
	{scout.Options{Patterns: []string{"TEXT"}, Scope: scout.Scope{Types: []string{"c", "asm"}}}, []string{"-t", "c", "-t", "asm", "TEXT"}},
	{scout.Options{Patterns: []string{"func"}, Scope: scout.Scope{NotTypes: []string{"go"}}}, []string{"-T", "go", "func"}},
	{scout.Options{Patterns: []string{"MOVQ"}, Scope: scout.Scope{Globs: []string{"*.s"}}}, []string{"-g", "*.s", "MOVQ"}},
	{scout.Options{Patterns: []string{"TEXT"}, Scope: scout.Scope{Globs: []string{"*.{s,h}", "!**/{runtime,crypto}/**"}}}, []string{"-g", "*.{s,h}", "-g", "!**/{runtime,crypto}/**", "TEXT"}},
	{scout.Options{Patterns: []string{`panic\(`}, Scope: scout.Scope{Globs: []string{"!**/testdata/**"}}}, []string{"-g", "!**/testdata/**", `panic\(`}},
	{scout.Options{Patterns: []string{"Handler"}, Scope: scout.Scope{Globs: []string{"net/http/**"}}}, []string{"-g", "net/http/**", "Handler"}},
	{scout.Options{Patterns: []string{"go:linkname"}, Before: 2, After: 2}, []string{"-C", "2", "go:linkname"}},
	{scout.Options{Patterns: []string{"^// Deprecated:"}, After: 1}, []string{"-A", "1", "^// Deprecated:"}},
	{scout.Options{Patterns: []string{`func TestMain\(`}, Before: 3}, []string{"-B", "3", `func TestMain\(`}},
	{scout.Options{Patterns: []string{`[[:upper:]]{5,}_[[:digit:]]+`}}, []string{`[[:upper:]]{5,}_[[:digit:]]+`}},
	// Case-sensitive: Go folds U+00B5 MICRO SIGN into Greek mu, ripgrep 13 does not.
	{scout.Options{Patterns: []string{`\p{Greek}+`}, Case: scout.CaseSensitive}, []string{"-s", `\p{Greek}+`}},
	{scout.Options{Patterns: []string{"readme"}, Scope: scout.Scope{Globs: []string{"*.md"}, MaxDepth: 3}}, []string{"-g", "*.md", "--max-depth", "3", "readme"}},
}

// TestGoRootAgainstRipgrep runs every oracle case over $GOROOT/src with
// scout and with ripgrep and requires the same (path, line) lines, context
// lines included.
func TestGoRootAgainstRipgrep(t *testing.T) {
	if testing.Short() {
		t.Skip("searches Go's whole source tree many times; not in -short mode")
	}
	fixture.NeedRg(t, "the other tests of grep still run")
	root := filepath.Join(fixture.GoRoot(), "src")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no Go source tree at %s", root)
	}
	t.Chdir(root)
	for _, c := range oracleCases {
		t.Run(strings.Join(c.rg, " "), func(t *testing.T) {
			opts := c.opts
			opts.Paths = []string{"."}
			res, err := scout.Search(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			got := scoutKeys(res)
			want := ripgrepKeys(t, root, c.rg)
			if len(got) != len(want) {
				t.Errorf("scout found %d lines, rg %d", len(got), len(want))
			}
			showDiff(t, want, got)
		})
	}
}

func scoutKeys(res *scout.Result) []string {
	var keys []string
	for _, f := range res.Files {
		for _, l := range f.Lines {
			sep := ":"
			if l.Context {
				sep = "-"
			}
			keys = append(keys, fmt.Sprintf("%s%s%d", f.Path, sep, l.Number))
		}
	}
	sort.Strings(keys)
	return keys
}

func ripgrepKeys(t *testing.T, dir string, args []string) []string {
	t.Helper()
	lines, err := fixture.Rg(dir, nil, append([]string{"--hidden", "-S", "-g", "!.git"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, len(lines))
	for i, l := range lines {
		keys[i] = l.Key()
	}
	sort.Strings(keys)
	return keys
}

// showDiff reports up to ten lines only one side found.
func showDiff(t *testing.T, want, got []string) {
	t.Helper()
	w, g := map[string]bool{}, map[string]bool{}
	for _, k := range want {
		w[k] = true
	}
	for _, k := range got {
		g[k] = true
	}
	n := 0
	for _, k := range want {
		if !g[k] && n < 10 {
			t.Errorf("only rg: %s", k)
			n++
		}
	}
	for _, k := range got {
		if !w[k] && n < 20 {
			t.Errorf("only scout: %s", k)
			n++
		}
	}
}
