package scout_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
)

// site is a call: where, and the function or method it sits in ("" at
// the top level).
type site struct {
	path   string
	line   int
	caller string
}

// TestCallersMatchGoAST compares scout callers with go/ast on 100 Go
// functions and methods sampled from GOROOT/src: for each name, every
// CallExpr whose function is that identifier or a selector of it, under
// its enclosing FuncDecl, in every file go/parser parses. scout must find
// at least 0.98 of those call sites, each with the same line and caller.
func TestCallersMatchGoAST(t *testing.T) {
	if testing.Short() {
		t.Skip("parses all of GOROOT/src and runs 100 callers searches over it; run without -short")
	}
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo has no parser: its callers come from the line classifier, which this bar is not for")
	}
	paths, files, fsets := goRootFiles(t, parser.SkipObjectResolution)
	// The names: 100 distinct FuncDecl names, sampled with a fixed seed.
	var all []string
	seen := map[string]bool{}
	for _, f := range files {
		if f == nil {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && !seen[fd.Name.Name] && fd.Name.Name != "_" {
				seen[fd.Name.Name] = true
				all = append(all, fd.Name.Name)
			}
		}
	}
	slices.Sort(all)
	r := rand.New(rand.NewPCG(11, 17))
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	names := all[:100]
	want := map[string]map[site]bool{}
	parsed := map[string]bool{}
	for _, n := range names {
		want[n] = map[site]bool{}
	}
	for i, f := range files {
		if f == nil {
			continue
		}
		p := filepath.ToSlash(paths[i])
		parsed[p] = true
		goCalls(f, fsets[i], p, want)
	}
	total, recall := compareCallers(t, "go/ast", names, want, parsed, scout.Scope{})
	if total < 500 {
		t.Errorf("only %d call sites: the sample is too thin to judge", total)
	}
	if recall < 0.98 {
		t.Errorf("scout found %.4f of go/ast's call sites with their callers; at least 0.98", recall)
	}
}

// goRootFiles runs the rest of the test in GOROOT/src and parses its Go
// files there with go/parser in mode: each file's path (as the walk
// names it), its tree (nil when go/parser refuses it) and its FileSet.
func goRootFiles(t *testing.T, mode parser.Mode) (paths []string, files []*ast.File, fsets []*token.FileSet) {
	t.Helper()
	t.Chdir(goroot(t))
	filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			paths = append(paths, p)
		}
		return nil
	})
	files = make([]*ast.File, len(paths))
	fsets = make([]*token.FileSet, len(paths))
	fixture.Parallel(len(paths), func(i int) {
		fsets[i] = token.NewFileSet()
		files[i], _ = parser.ParseFile(fsets[i], paths[i], nil, mode)
	})
	return paths, files, fsets
}

// goCalls adds the calls of the names in want found in f, each under its
// enclosing FuncDecl.
func goCalls(f *ast.File, fset *token.FileSet, path string, want map[string]map[site]bool) {
	for _, d := range f.Decls {
		caller := ""
		if fd, ok := d.(*ast.FuncDecl); ok {
			caller = fd.Name.Name
		}
		ast.Inspect(d, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := ""
			switch fn := c.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			}
			if sites, ok := want[name]; ok {
				pos := c.Fun.End() - token.Pos(len(name))
				sites[site{path, fset.PositionFor(pos, false).Line, caller}] = true
			}
			return true
		})
	}
}

// scopeRel returns a path a page names relative to the scope's one
// directory when that is absolute (as a test running in that directory
// would see it: a parallel test cannot change directory), else as it is.
func scopeRel(sc scout.Scope, p string) string {
	if len(sc.Paths) != 1 || !filepath.IsAbs(sc.Paths[0]) || p == "" {
		return p
	}
	root := filepath.ToSlash(sc.Paths[0])
	if p == root {
		return "."
	}
	return strings.TrimPrefix(p, strings.TrimSuffix(root, "/")+"/")
}

// compareCallers runs scout callers for each name over the working
// directory (in scope), following the cursor to the end, and compares its
// call sites, in the files the oracle parsed, with the oracle's (want, by
// name). It logs what it found and returns the oracle's count and the
// share of it scout found with the same line and caller.
func compareCallers(t *testing.T, oracle string, names []string, want map[string]map[site]bool, parsed map[string]bool, sc scout.Scope) (total int, recall float64) {
	t.Helper()
	hit, extra := 0, 0
	var missed, more []string
	for _, n := range names {
		have := map[site]bool{}
		o := scout.CallersOptions{Name: n, Scope: sc, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}}
		pages := everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Callers(context.Background(), o)
		})
		for _, p := range pages {
			for _, f := range p.Files {
				rel := scopeRel(sc, f.Path)
				if !parsed[rel] {
					continue // the oracle refused it: not comparable
				}
				for _, l := range f.Lines {
					s := site{rel, l.Number, ""}
					if l.In != nil {
						s.caller = l.In.Name
					}
					have[s] = true
				}
			}
		}
		for s := range want[n] {
			total++
			if have[s] {
				hit++
			} else if len(missed) < 10 {
				missed = append(missed, fmt.Sprintf("%s %s:%d in %q", n, s.path, s.line, s.caller))
			}
		}
		for s := range have {
			if !want[n][s] {
				extra++
				if len(more) < 10 {
					more = append(more, fmt.Sprintf("%s %s:%d in %q", n, s.path, s.line, s.caller))
				}
			}
		}
	}
	recall = float64(hit) / float64(total)
	t.Logf("%d names, %d call sites by %s; scout found %d of them (%.4f), and %d more", len(names), total, oracle, hit, recall, extra)
	t.Logf("missed, e.g.: %s", strings.Join(missed, "; "))
	t.Logf("more, e.g.: %s", strings.Join(more, "; "))
	return total, recall
}

// TestCallersDepthMatchesGoAST follows callers two levels in net/http for
// a few names and compares each level with go/ast: level 1, the calls of
// the name; level 2, the calls of the functions the level-1 calls sit in
// (each function once, the name itself left out). scout must find at
// least 0.98 of go/ast's sites at each level, with their callers.
func TestCallersDepthMatchesGoAST(t *testing.T) {
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo has no parser: its callers come from the line classifier")
	}
	t.Chdir(goroot(t))
	files := parseGoFiles("net/http")
	sitesOf := func(names []string) map[site]bool {
		want := map[string]map[site]bool{}
		for _, n := range names {
			want[n] = map[site]bool{}
		}
		for _, f := range files {
			goCalls(f.file, f.fset, f.path, want)
		}
		all := map[site]bool{}
		for _, s := range want {
			maps.Copy(all, s)
		}
		return all
	}
	total, hit := 0, 0
	for _, name := range []string{"ListenAndServeTLS", "readRequest", "shouldSendContentLength", "newTransferWriter", "validMethod"} {
		level1 := sitesOf([]string{name})
		callers := map[string]bool{}
		for s := range level1 {
			if s.caller != "" && s.caller != name {
				callers[s.caller] = true
			}
		}
		level2 := sitesOf(slices.Sorted(maps.Keys(callers)))
		o := scout.CallersOptions{Name: name, Depth: 2, Scope: scout.Scope{Paths: []string{"net/http"}}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}}
		got := [2]map[site]bool{{}, {}}
		for _, p := range everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Callers(context.Background(), o)
		}) {
			for _, f := range p.Files {
				for _, l := range f.Lines {
					s := site{f.Path, l.Number, ""}
					if l.In != nil {
						s.caller = l.In.Name
					}
					if l.Depth > 1 {
						t.Fatalf("%s: a call at depth %d with --depth 2", name, l.Depth)
					}
					got[l.Depth][s] = true
				}
			}
		}
		for lv, want := range []map[site]bool{level1, level2} {
			n := 0
			for s := range want {
				if got[lv][s] {
					n++
				} else {
					t.Logf("%s level %d: missed %s:%d in %s", name, lv+1, s.path, s.line, s.caller)
				}
			}
			t.Logf("%-24s level %d: go/ast %3d sites, scout found %3d of them, and %d others", name, lv+1, len(want), n, len(got[lv])-n)
			total, hit = total+len(want), hit+n
		}
	}
	if share := float64(hit) / float64(total); total < 30 || share < 0.98 {
		t.Errorf("scout found %d of go/ast's %d sites over both levels (%.4f); want at least 0.98 of 30 or more", hit, total, share)
	}
}

// goFile is a Go file go/parser parsed.
type goFile struct {
	path string // slash-separated
	fset *token.FileSet
	file *ast.File
}

// line returns the line of pos, as the file has it (not //line directives).
func (g goFile) line(pos token.Pos) int { return g.fset.PositionFor(pos, false).Line }

// parseGoFiles parses the Go files under dirs (relative to the working
// directory) with go/parser, leaving out those it refuses (testdata
// written not to parse).
func parseGoFiles(dirs ...string) []goFile {
	var out []goFile
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
				return nil
			}
			fset := token.NewFileSet()
			if f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution); err == nil {
				out = append(out, goFile{filepath.ToSlash(p), fset, f})
			}
			return nil
		})
	}
	return out
}
