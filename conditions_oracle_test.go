package scout_test

import (
	"context"
	"fmt"
	"go/ast"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/match"
)

// condCase is a query of several conditions: literal, case-sensitive
// terms.
type condCase struct {
	all, none []string
	scope     scout.QueryScope
	near      int
}

func (c condCase) String() string {
	s := "all " + strings.Join(c.all, " & ")
	if len(c.none) > 0 {
		s += " none " + strings.Join(c.none, " & ")
	}
	if c.scope == scout.ScopeNear {
		return s + fmt.Sprintf(" near %d", c.near)
	}
	return s + " " + c.scope.String()
}

// TestConditionsMatchRipgrep runs 30 queries of several conditions over
// GOROOT/src, 10 at file scope, 10 near N lines and 10 at line scope,
// follows each one's pages to the end, and compares what qualified with
// what the test computes on its own from ripgrep's hits for each term
// alone, by set operations:
//   - file scope: the files with a hit of every all term and none of a
//     none term; each file's evidence shows a hit of every all term;
//   - line scope: the lines that are hits of every all term and of no none
//     term;
//   - near N: the hits that some window of N+1 lines holds together with a
//     hit of every all term and no hit of a none term, and the regions
//     they make (qualifying hits at most N lines apart).
func TestConditionsMatchRipgrep(t *testing.T) {
	if testing.Short() {
		t.Skip("30 queries over GOROOT/src, each against ripgrep; run without -short")
	}
	fixture.NeedRg(t, "TestConditionsPagesExhaustive still checks the paging of conditions")
	root := goroot(t)
	t.Chdir(root)
	cases := []condCase{
		{all: []string{"net.Listen", "Close()"}, scope: scout.ScopeFile},
		{all: []string{"sync.Mutex", "time.Now()"}, scope: scout.ScopeFile},
		{all: []string{"json.Marshal", "http.Status"}, scope: scout.ScopeFile},
		{all: []string{"os.Getenv", "strconv.Atoi"}, scope: scout.ScopeFile},
		{all: []string{"bufio.NewScanner", "os.Stdin"}, none: []string{"testing"}, scope: scout.ScopeFile},
		{all: []string{"context.WithTimeout", "http.NewRequest"}, scope: scout.ScopeFile},
		{all: []string{"errors.Is", "io.EOF"}, none: []string{"t.Fatal"}, scope: scout.ScopeFile},
		{all: []string{"regexp.MustCompile", "strings.Split"}, none: []string{"func Test"}, scope: scout.ScopeFile},
		{all: []string{"atomic.AddInt64", "sync.WaitGroup"}, scope: scout.ScopeFile},
		{all: []string{"sort.Slice", "strings.ToLower", "fmt.Sprintf"}, scope: scout.ScopeFile},

		{all: []string{"Lock()", "Unlock()"}, scope: scout.ScopeNear, near: 3},
		{all: []string{"err != nil", "return err"}, scope: scout.ScopeNear, near: 1},
		{all: []string{"os.Open(", "Close()"}, scope: scout.ScopeNear, near: 5},
		{all: []string{"http.NewRequest", "Header.Set"}, scope: scout.ScopeNear, near: 5},
		{all: []string{"make(chan", "go func"}, scope: scout.ScopeNear, near: 3},
		{all: []string{"json.Unmarshal", "err != nil"}, scope: scout.ScopeNear, near: 2},
		{all: []string{"time.Sleep", "for "}, scope: scout.ScopeNear, near: 3},
		{all: []string{"select {", "case <-ctx.Done()"}, scope: scout.ScopeNear, near: 4},
		{all: []string{"Lock()", "Unlock()"}, none: []string{"defer"}, scope: scout.ScopeNear, near: 5},
		{all: []string{"bytes.Buffer", "WriteString", "String()"}, scope: scout.ScopeNear, near: 6},

		{all: []string{"fmt.Errorf", "%w"}, scope: scout.ScopeLine},
		{all: []string{"strings.Contains", "!"}, scope: scout.ScopeLine},
		{all: []string{"append(", "...)"}, scope: scout.ScopeLine},
		{all: []string{"make(", "map["}, scope: scout.ScopeLine},
		{all: []string{"t.Fatalf", "err"}, none: []string{"Unexpected"}, scope: scout.ScopeLine},
		{all: []string{"if err := ", "; err != nil {"}, none: []string{"return"}, scope: scout.ScopeLine},
		{all: []string{"defer", "Close()"}, scope: scout.ScopeLine},
		{all: []string{"go func", "()"}, scope: scout.ScopeLine},
		{all: []string{"len(", "== 0"}, scope: scout.ScopeLine},
		{all: []string{"ctx", "Done()"}, none: []string{"select"}, scope: scout.ScopeLine},
	}
	hitsOf := map[string]map[string]map[int]bool{} // term → path → lines
	hits := func(term string) map[string]map[int]bool {
		if h, ok := hitsOf[term]; ok {
			return h
		}
		lines, err := fixture.Rg(".", nil, "--hidden", "-g", "!.git", "-F", "-s", "-e", term)
		if err != nil {
			t.Fatal(err)
		}
		h := map[string]map[int]bool{}
		for _, l := range lines {
			if h[l.Path] == nil {
				h[l.Path] = map[int]bool{}
			}
			h[l.Path][l.Line] = true
		}
		hitsOf[term] = h
		return h
	}
	for _, c := range cases {
		q := scout.Query{Scope: c.scope, Near: c.near}
		for _, p := range c.all {
			q.All = append(q.All, scout.Term{Pattern: p, Fixed: true, Case: match.Sensitive})
		}
		for _, p := range c.none {
			q.None = append(q.None, scout.Term{Pattern: p, Fixed: true, Case: match.Sensitive})
		}
		o := scout.ConditionsOptions{Query: q, PageOptions: scout.PageOptions{Budget: 20000}}
		got := map[string][]int{} // path → unit lines
		qualified := -1
		for _, p := range everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Conditions(context.Background(), o)
		}) {
			qualified = p.Total.Matches
			for _, f := range p.Files {
				for _, l := range f.Lines {
					got[f.Path] = append(got[f.Path], l.Number)
				}
			}
		}
		want, regions := oracle(c, hits)
		switch c.scope {
		case scout.ScopeFile:
			if !slices.Equal(slices.Sorted(maps.Keys(got)), want) || qualified != len(want) {
				t.Errorf("%s: scout %d files (total %d), the oracle %d", c, len(got), qualified, len(want))
				showDiff(t, want, slices.Sorted(maps.Keys(got)))
				continue
			}
			// The evidence: a hit of every all term in each file.
			for path, ls := range got {
				for _, term := range c.all {
					if !slices.ContainsFunc(ls, func(n int) bool { return hits(term)[path][n] }) {
						t.Errorf("%s: %s shows no line of %q: %v", c, path, term, ls)
					}
				}
			}
		default:
			var keys []string
			for path, ls := range got {
				for _, n := range ls {
					keys = append(keys, fmt.Sprintf("%s:%d", path, n))
				}
			}
			slices.Sort(keys)
			if !slices.Equal(keys, want) || c.scope == scout.ScopeNear && qualified != regions || c.scope == scout.ScopeLine && qualified != len(want) {
				t.Errorf("%s: scout %d lines (total %d), the oracle %d lines (%d regions)", c, len(keys), qualified, len(want), regions)
				showDiff(t, want, keys)
				continue
			}
		}
		t.Logf("%-62s %5d qualified, as the oracle", c, qualified)
	}
}

// oracle computes what qualifies for c from ripgrep's hits of each term:
// the sorted paths at file scope, else the sorted "path:line" of the
// qualifying hits, and the number of regions (near).
func oracle(c condCase, hits func(string) map[string]map[int]bool) ([]string, int) {
	paths := map[string]bool{}
	for _, term := range c.all {
		for p := range hits(term) {
			paths[p] = true
		}
	}
	var out []string
	regions := 0
	for _, path := range slices.Sorted(maps.Keys(paths)) {
		in := func(terms []string, n int) []bool {
			r := make([]bool, len(terms))
			for i, term := range terms {
				r[i] = hits(term)[path][n]
			}
			return r
		}
		switch c.scope {
		case scout.ScopeFile:
			ok := true
			for _, term := range c.all {
				ok = ok && len(hits(term)[path]) > 0
			}
			for _, term := range c.none {
				ok = ok && len(hits(term)[path]) == 0
			}
			if ok {
				out = append(out, path)
			}
		case scout.ScopeLine:
			lines := map[int]bool{}
			for n := range hits(c.all[0])[path] {
				lines[n] = true
			}
			for _, n := range slices.Sorted(maps.Keys(lines)) {
				if !slices.Contains(in(c.all, n), false) && !slices.Contains(in(c.none, n), true) {
					out = append(out, fmt.Sprintf("%s:%d", path, n))
				}
			}
		case scout.ScopeNear:
			lines := map[int]bool{}
			for _, term := range slices.Concat(c.all, c.none) {
				for n := range hits(term)[path] {
					lines[n] = true
				}
			}
			sorted := slices.Sorted(maps.Keys(lines))
			last := -1
			for _, n := range sorted {
				if !slices.Contains(in(c.all, n), true) {
					continue // a line of none terms alone qualifies nothing
				}
				qualifies := false
				for s := n - c.near; s <= n && !qualifies; s++ {
					all, none := make([]bool, len(c.all)), false
					for m := s; m <= s+c.near; m++ {
						for i, h := range in(c.all, m) {
							all[i] = all[i] || h
						}
						none = none || slices.Contains(in(c.none, m), true)
					}
					qualifies = !slices.Contains(all, false) && !none
				}
				if qualifies {
					out = append(out, fmt.Sprintf("%s:%d", path, n))
					if last < 0 || n-last > c.near {
						regions++
					}
					last = n
				}
			}
		}
	}
	slices.Sort(out)
	return out, regions
}

// TestConditionsDefScopeMatchesGoParser: at def scope, the functions and
// methods of net/http that qualify are those go/parser says hold a hit of
// every all term (by ripgrep) and none of a none term, between their first
// and last lines; and each shows under its own name and lines.
func TestConditionsDefScopeMatchesGoParser(t *testing.T) {
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo has no parser: the def scope falls back to indentation blocks")
	}
	fixture.NeedRg(t, "the def scope is checked against go/parser only with it")
	t.Chdir(goroot(t))
	type fn struct {
		path       string
		start, end int
	}
	var fns []fn
	for _, g := range parseGoFiles("net/http") {
		for _, decl := range g.file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
				fns = append(fns, fn{g.path, g.line(fd.Pos()), g.line(fd.End())})
			}
		}
	}
	for _, c := range []condCase{
		{all: []string{"Lock()", "Close()"}, scope: scout.ScopeDef},
		{all: []string{"err != nil", "return nil, err", "ctx"}, scope: scout.ScopeDef},
		{all: []string{"Header.Get(", "strings."}, none: []string{"t.Fatal"}, scope: scout.ScopeDef},
		{all: []string{"for ", "range", "append("}, scope: scout.ScopeDef},
	} {
		hits := map[string]map[string]map[int]bool{}
		for _, term := range slices.Concat(c.all, c.none) {
			lines, err := fixture.Rg("net/http", nil, "--hidden", "-F", "-s", "-e", term)
			if err != nil {
				t.Fatal(err)
			}
			hits[term] = map[string]map[int]bool{}
			for _, l := range lines {
				p := "net/http/" + l.Path
				if hits[term][p] == nil {
					hits[term][p] = map[int]bool{}
				}
				hits[term][p][l.Line] = true
			}
		}
		in := func(term string, f fn) bool {
			for n := f.start; n <= f.end; n++ {
				if hits[term][f.path][n] {
					return true
				}
			}
			return false
		}
		var want []string
		for _, f := range fns {
			ok := true
			for _, term := range c.all {
				ok = ok && in(term, f)
			}
			for _, term := range c.none {
				ok = ok && !in(term, f)
			}
			if ok {
				want = append(want, fmt.Sprintf("%s:%d-%d", f.path, f.start, f.end))
			}
		}
		slices.Sort(want)
		q := scout.Query{Scope: scout.ScopeDef}
		for _, p := range c.all {
			q.All = append(q.All, scout.Term{Pattern: p, Fixed: true, Case: match.Sensitive})
		}
		for _, p := range c.none {
			q.None = append(q.None, scout.Term{Pattern: p, Fixed: true, Case: match.Sensitive})
		}
		o := scout.ConditionsOptions{Query: q, Scope: scout.Scope{Paths: []string{"net/http"}}, PageOptions: scout.PageOptions{Budget: 20000}}
		var got []string
		for _, p := range everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Conditions(context.Background(), o)
		}) {
			for _, f := range p.Files {
				for _, l := range f.Lines {
					if l.In != nil {
						got = append(got, fmt.Sprintf("%s:%d-%d", f.Path, l.In.Number, l.In.End))
					}
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: scout %d definitions, go/parser %d", c, len(got), len(want))
			showDiff(t, want, got)
			continue
		}
		t.Logf("%-50s %4d functions qualify, as go/parser says", c, len(got))
	}
}
