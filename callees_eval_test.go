package scout_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// call is a call inside a definition: where, what it calls, and the first
// line of the definition it is in.
type call struct {
	path   string
	line   int
	callee string
	def    int
}

// TestCalleesMatchGoAST compares scout callees with go/ast on 60 Go
// functions and methods sampled from five packages of GOROOT/src: for each
// name, every CallExpr whose function is an identifier or a selector, in
// the body of every FuncDecl of that name. scout must find at least 0.98
// of them, each with its line, callee and definition.
//
// Where a call of a plain identifier calls a function declared in the
// same package (go/ast: a FuncDecl without a receiver in the same
// directory), the first place scout gives for the callee must be that
// declaration, for at least 0.98 of such calls (a call not qualified at
// all is of its own package's function, no method).
func TestCalleesMatchGoAST(t *testing.T) {
	if testing.Short() {
		t.Skip("60 callees searches over five packages; run without -short")
	}
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo has no parser: its callees come from the line classifier, which this bar is not for")
	}
	t.Chdir(goroot(t))
	dirs := []string{"net/http", "go/types", "encoding/json", "strings", "crypto/tls"}
	type decl struct {
		path string
		fd   *ast.FuncDecl
		fset *token.FileSet
	}
	var decls []decl
	funcs := map[string]map[string][]int{} // dir → function name → lines of its FuncDecls (no receiver)
	for _, g := range parseGoFiles(dirs...) {
		for _, d := range g.file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, decl{g.path, fd, g.fset})
				if fd.Recv == nil {
					m := funcs[path.Dir(g.path)]
					if m == nil {
						m = map[string][]int{}
						funcs[path.Dir(g.path)] = m
					}
					m[fd.Name.Name] = append(m[fd.Name.Name], g.line(fd.Pos()))
				}
			}
		}
	}
	var all []string
	seen := map[string]bool{}
	for _, d := range decls {
		if n := d.fd.Name.Name; !seen[n] && n != "_" && n != "init" {
			seen[n] = true
			all = append(all, n)
		}
	}
	slices.Sort(all)
	r := rand.New(rand.NewPCG(5, 23))
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	names := all[:60]
	total, hit, local, nearest := 0, 0, 0, 0
	var missed, wrong []string
	for _, n := range names {
		want := map[call]bool{}
		plain := map[call]bool{} // calls of a function of the same package
		for _, d := range decls {
			if d.fd.Name.Name != n {
				continue
			}
			start := d.fset.PositionFor(d.fd.Pos(), false).Line
			ast.Inspect(d.fd.Body, func(x ast.Node) bool {
				c, ok := x.(*ast.CallExpr)
				if !ok {
					return true
				}
				name := ""
				switch fn := c.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
					if len(funcs[path.Dir(d.path)][name]) > 0 {
						plain[call{d.path, d.fset.PositionFor(fn.Pos(), false).Line, name, start}] = true
					}
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				default:
					return true
				}
				pos := c.Fun.End() - token.Pos(len(name))
				want[call{d.path, d.fset.PositionFor(pos, false).Line, name, start}] = true
				return true
			})
		}
		o := scout.CalleesOptions{Name: n, Scope: scout.Scope{Paths: dirs}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}}
		pages := everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Callees(context.Background(), o)
		})
		have := map[call][]scout.Place{}
		for _, p := range pages {
			for _, f := range p.Files {
				for _, l := range f.Lines {
					if l.Callee == nil || l.In == nil {
						t.Fatalf("callees %s: %s:%d has no callee or definition", n, f.Path, l.Number)
					}
					have[call{f.Path, l.Number, l.Callee.Name, l.In.Number}] = l.Callee.At
				}
			}
		}
		for c := range want {
			total++
			if _, ok := have[c]; ok {
				hit++
			} else if len(missed) < 10 {
				missed = append(missed, fmt.Sprintf("%s: %s:%d %s", n, c.path, c.line, c.callee))
			}
		}
		for c := range plain {
			at, ok := have[c]
			if !ok {
				continue
			}
			local++
			if len(at) > 0 && path.Dir(at[0].Path) == path.Dir(c.path) && slices.Contains(funcs[path.Dir(c.path)][c.callee], at[0].Line) {
				nearest++
			} else if len(wrong) < 10 {
				wrong = append(wrong, fmt.Sprintf("%s: %s:%d %s → %v", n, c.path, c.line, c.callee, at))
			}
		}
	}
	recall, near := float64(hit)/float64(total), float64(nearest)/float64(local)
	t.Logf("%d names, %d calls by go/ast; scout found %d (%.4f)", len(names), total, hit, recall)
	t.Logf("%d calls of a function of the same package: scout's first place is its declaration for %d (%.4f)", local, nearest, near)
	t.Logf("missed, e.g.: %s", strings.Join(missed, "; "))
	t.Logf("other first place, e.g.: %s", strings.Join(wrong, "; "))
	if total < 300 || local < 50 {
		t.Errorf("only %d calls (%d of the same package): the sample is too thin to judge", total, local)
	}
	if recall < 0.98 {
		t.Errorf("scout found %.4f of go/ast's calls; at least 0.98", recall)
	}
	if near < 0.98 {
		t.Errorf("scout's first place is the declaration for %.4f of the calls of a function of the same package; at least 0.98", near)
	}
}
