package scout_test

// Pages: auto mode with context, the JSON's size, stale cursors that name
// what changed, and the calls a query takes to its end.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/syntax"
)

// TestAutoModeKeepsContext: with context lines asked for, auto shows lines
// at every budget (one match per file when that shows more files), where
// without them it lists files or only the map.
func TestAutoModeKeepsContext(t *testing.T) {
	t.Chdir(goroot(t))
	for _, budget := range []int{300, 600, 1500} {
		for _, ctx := range [][2]int{{3, 3}, {2, 0}, {0, 1}} {
			p, err := scout.Grep(context.Background(), scout.GrepOptions{
				Options: scout.Options{
					Patterns: []string{"err != nil"}, Fixed: true, Before: ctx[0], After: ctx[1],
					RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true},
				},
				PageOptions: scout.PageOptions{Budget: budget},
			})
			if err != nil {
				t.Fatal(err)
			}
			context := 0
			for _, f := range p.Files {
				for _, l := range f.Lines {
					if l.Context {
						context++
					}
				}
			}
			if p.Mode != scout.Content || len(p.Files) == 0 || context == 0 {
				t.Errorf("budget %d, -B %d -A %d: %s mode, %d files, %d context lines; want content with context", budget, ctx[0], ctx[1], p.Mode, len(p.Files), context)
			}
		}
	}
}

// TestJSONWithinBudget: a page's JSON, without explain, holds what its
// text holds and about twice its bytes at most, at every budget and in
// every mode, for grep and find. The goal is 2×; pages of very short,
// indented lines ("return nil" in net/http: 2.05×) pass it, since each
// line costs {"line":N,"text":""} and an escape per tab against the
// text's "N:", so the bound asserted is 2.1×.
func TestJSONWithinBudget(t *testing.T) {
	root := filepath.Join(goroot(t), "net", "http")
	r := rand.New(rand.NewPCG(7, 11))
	patterns := []string{"Handler", "err != nil", "func", "TODO", "ServeHTTP", `\bctx\b`, "x", "Content-Type", "return nil", "zzz_none"}
	modes := []scout.Mode{scout.Auto, scout.Content, scout.Files, scout.Count, scout.Map}
	worst := 0.0
	for range 300 {
		q := patterns[r.IntN(len(patterns))]
		budget := scout.MinBudget + r.IntN(5000)
		o := scout.GrepOptions{
			Options:     scout.Options{Patterns: []string{q}, Scope: scout.Scope{Paths: []string{root}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true}},
			PageOptions: scout.PageOptions{Budget: budget},
			Mode:        modes[r.IntN(len(modes))],
		}
		if r.IntN(3) == 0 {
			o.Before, o.After = 1, 2
		}
		p, err := scout.Grep(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		worst = max(worst, checkJSON(t, fmt.Sprintf("grep %q budget %d mode %s", q, budget, o.Mode), p))
		f, err := scout.Find(context.Background(), scout.FindOptions{
			Pattern: strings.ToLower(q[:1]), Scope: scout.Scope{Paths: []string{root}},
			RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true}, PageOptions: scout.PageOptions{Budget: budget},
		})
		if err != nil {
			t.Fatal(err)
		}
		worst = max(worst, checkJSON(t, fmt.Sprintf("find %q budget %d", q[:1], budget), f))
	}
	t.Logf("worst JSON/text ratio: %.2f", worst)
}

func checkJSON(t *testing.T, what string, p *scout.Page) float64 {
	t.Helper()
	b, err := p.JSON()
	if err != nil {
		t.Fatal(err)
	}
	ratio := float64(len(b)) / float64(len(p.Text))
	if ratio > 2 {
		t.Errorf("%s: JSON %d bytes, text %d: %.2f× (at most 2×)", what, len(b), len(p.Text), ratio)
	}
	if bytes.Contains(b, []byte(`\u003c`)) || bytes.Contains(b, []byte(`\u003e`)) || bytes.Contains(b, []byte(`\u0026`)) {
		t.Errorf("%s: JSON escapes HTML", what)
	}
	return ratio
}

// TestStaleCursorNamesOnlyChangedFiles: a file edited just before the
// first page (in the same second) is not named as changed since; a file
// whose content changed after it is; a file only touched after it is
// named apart, as modified with the same content.
func TestStaleCursorNamesOnlyChangedFiles(t *testing.T) {
	dir, o := staleCorpus(t)
	t.Chdir(dir)
	o.Paths = nil // paths relative to ".", so that their buckets are the same on every run
	// A file in the same bucket as a changed one would be named too: the
	// cursor keeps 16 digests, not one per file.
	bucket := func(p string) uint32 { return crc32.Checksum([]byte(p), crc32.MakeTable(crc32.Castagnoli)) % 16 }
	if b := bucket("f3.txt"); b == bucket("f2.txt") || b == bucket("f6.txt") {
		t.Fatalf("f3.txt shares its bucket with f2.txt or f6.txt: pick other files")
	}
	write(t, "f2.txt", strings.Repeat("needle here\n", 3)+"needle, edited just before\n")
	o.Cursor = firstCursor(t, o)
	write(t, "f3.txt", "needle\nneedle moved\n")
	// A touch 5 ms after the first page: a cursor keeps the first page's
	// time to the millisecond, rounded up (so that f2.txt, written in the
	// same millisecond before it, is not named), and a touch in that same
	// millisecond after it would not be told apart.
	now := time.Now().Add(5 * time.Millisecond)
	os.Chtimes("f6.txt", now, now)
	_, err := scout.Grep(context.Background(), o)
	var stale *scout.StaleCursorError
	if !errors.As(err, &stale) {
		t.Fatalf("err = %v, want a stale cursor", err)
	}
	if !slices.Equal(stale.Changed, []string{"f3.txt"}) || !slices.Equal(stale.Touched, []string{"f6.txt"}) {
		t.Errorf("changed %q, touched %q; want f3.txt changed and f6.txt touched (f2.txt changed before the first page)\n%v", stale.Changed, stale.Touched, err)
	}
}

// TestCallsPerQuery: following a query's pages to the end takes about as
// many calls as its hits' text needs budgets. For queries over GOROOT/src
// with 40 to 400 hits: at most ⌈tokens ÷ budget⌉ + 1 calls in all, and at
// most 2 more than that for any one query. The text of the hits includes,
// where a parser finds the definitions (the default build), one line per
// definition holding hits, "in Name 10-20", as pages show them; go/parser
// says which definitions hold the hits of Go files.
func TestCallsPerQuery(t *testing.T) {
	if testing.Short() {
		t.Skip("GOROOT queries (-short)")
	}
	t.Chdir(goroot(t))
	candidates := []string{
		"ServeHTTP", "ReadFull", "Marshal", "sync.Once", "os.Getenv", "strings.Builder", "bufio.NewReader", "ctx.Done()",
		"http.StatusOK", "time.Sleep", "atomic.Int64", "errors.Join", "fmt.Sprint(", "sort.Slice(", "TODO(", "filepath.Walk",
		"json.Unmarshal", "io.EOF", "NewRequest", "slices.Sort", "t.Helper()", "utf8.RuneError", "bytes.Equal", "runtime.GC()",
		"math.MaxInt", "strconv.Itoa", "template.HTML", "ParseInt", "Lstat", "Chtimes", "strings.Cut(", "os.ReadFile(",
		"http.Handler", "sync.WaitGroup", "binary.BigEndian", "unsafe.Pointer(&", "bytes.NewReader(", "io.Copy(",
	}
	const budget = scout.DefaultBudget
	type row struct {
		q            string
		hits, tokens int
		calls, bound int
	}
	var rows []row
	total, totalBound := 0, 0
	for _, q := range candidates {
		base := scout.Options{Patterns: []string{q}, Fixed: true, Scope: scout.Scope{Paths: []string{"."}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true}}
		res, err := scout.Search(context.Background(), base)
		if err != nil {
			t.Fatal(err)
		}
		if n := res.Stats.MatchedLines; n < 40 || n > 400 {
			continue
		}
		// The text of every hit: each file's path, then "N:line" for each.
		bytes := 0
		for _, f := range res.Files {
			bytes += len(f.Path) + 2
			var lines []int
			for _, l := range f.Lines {
				bytes += len(strconv.Itoa(l.Number)) + 2 + min(len(l.Text), 400)
				lines = append(lines, l.Number)
			}
			if syntax.By == syntax.ByParser && strings.HasSuffix(f.Path, ".go") {
				bytes += inLines(t, f.Path, lines)
			}
		}
		tokens := (bytes + 3) / 4
		bound := (tokens+budget-1)/budget + 1
		_, pages := follow(t, scout.GrepOptions{Options: base})
		calls := len(pages)
		rows = append(rows, row{q, res.Stats.MatchedLines, tokens, calls, bound})
		total, totalBound = total+calls, totalBound+bound
		if calls > bound+2 {
			t.Errorf("%q: %d hits, %d tokens: %d calls, more than %d + 2", q, res.Stats.MatchedLines, tokens, calls, bound)
		}
		if len(rows) == 20 {
			break
		}
	}
	for _, r := range rows {
		t.Logf("%-18q %4d hits %6d tokens: %2d calls (bound %d)", r.q, r.hits, r.tokens, r.calls, r.bound)
	}
	t.Logf("%d queries: %d calls, bound %d", len(rows), total, totalBound)
	if len(rows) < 20 {
		t.Errorf("only %d candidate queries have 40 to 400 hits: add more", len(rows))
	}
	if total > totalBound {
		t.Errorf("%d calls in all, over the bound of %d", total, totalBound)
	}
}

// inLines returns the bytes of the lines "in Name 10-20" a page needs to
// say which definitions (funcs, methods, types; by go/parser) hold lines
// of a Go file: one per definition.
func inLines(t *testing.T, path string, lines []int) int {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return 0 // testdata written not to parse
	}
	type def struct {
		name       string
		start, end int
	}
	var defs []def
	line := func(p token.Pos) int { return fset.PositionFor(p, false).Line }
	ast.Inspect(af, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			name := n.Name.Name
			if n.Recv != nil && len(n.Recv.List) > 0 {
				typ := n.Recv.List[0].Type
				if s, ok := typ.(*ast.StarExpr); ok {
					typ = s.X
				}
				for {
					switch x := typ.(type) {
					case *ast.IndexExpr:
						typ = x.X
						continue
					case *ast.IndexListExpr:
						typ = x.X
						continue
					case *ast.Ident:
						name = x.Name + "." + name
					}
					break
				}
			}
			defs = append(defs, def{name, line(n.Pos()), line(n.End())})
		case *ast.TypeSpec:
			defs = append(defs, def{n.Name.Name, line(n.Pos()), line(n.End())})
		}
		return true
	})
	seen := map[int]bool{}
	bytes := 0
	for _, l := range lines {
		in := -1
		for i, d := range defs {
			if d.start < l && l <= d.end {
				in = i
			}
		}
		if in >= 0 && !seen[in] {
			seen[in] = true
			d := defs[in]
			bytes += len(fmt.Sprintf("in %s %d-%d\n", d.name, d.start, d.end))
		}
	}
	return bytes
}

// TestBroadPagesShowDefinitions: the first page of a broad query over
// GOROOT/src still shows 20 files within the default budget, and, where a
// parser finds the definitions, its hits in Go files say which one they
// sit in.
func TestBroadPagesShowDefinitions(t *testing.T) {
	if testing.Short() {
		t.Skip("GOROOT queries (-short)")
	}
	t.Chdir(goroot(t))
	for _, q := range []string{"err != nil", "return nil", "TODO", "fmt.Errorf", "if err", "func New", "ctx.Done()", "Copyright 2009 The Go Authors"} {
		p, err := scout.Grep(context.Background(), scout.GrepOptions{
			Options: scout.Options{Patterns: []string{q}, Fixed: true, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true}},
		})
		if err != nil {
			t.Fatal(err)
		}
		goHits, in, heads := 0, 0, strings.Count(p.Text, "\nin ")
		for _, f := range p.Files {
			for _, l := range f.Lines {
				if !l.Context && strings.HasSuffix(f.Path, ".go") {
					goHits++
					if l.In != nil {
						in++
					}
				}
			}
		}
		t.Logf("%-31q %d files, %4d of %d tokens; %d hits in Go files, %d of them in a definition; %d lines \"in …\"", q, p.Shown.Files, len(p.Text)/4, scout.DefaultBudget, goHits, in, heads)
		if p.Shown.Files < 20 || len(p.Text) > scout.DefaultBudget*4 {
			t.Errorf("%q: %d files in %d bytes; want 20 within %d", q, p.Shown.Files, len(p.Text), scout.DefaultBudget*4)
		}
		top := q == "Copyright 2009 The Go Authors" || q == "func New" // hits at the top level: in no definition
		if syntax.By == syntax.ByParser && !top && (in == 0 || heads == 0) {
			t.Errorf("%q: none of the %d hits in Go files says which definition it is in:\n%s", q, goHits, p.Text)
		}
	}
}
