package scout_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
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
// all is of its own package's function, no method). Where it calls a
// predeclared function or type (an identifier go/ast leaves unresolved,
// which the universe declares: len, append, string), scout must say it
// is a Go built-in (or give builtin/builtin.go), for at least 0.98.
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
	total, hit, local, nearest, builtinCalls, builtins := 0, 0, 0, 0, 0, 0
	var missed, wrong []string
	for _, n := range names {
		want := map[call]bool{}
		plain := map[call]bool{}   // calls of a function of the same package
		builtin := map[call]bool{} // calls of a Go built-in (len, append, string)
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
					} else if fn.Obj == nil && isUniverse(name) { // not declared in the file: the universe's
						builtin[call{d.path, d.fset.PositionFor(fn.Pos(), false).Line, name, start}] = true
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
		have := map[call]*scout.Target{}
		for _, p := range pages {
			for _, f := range p.Files {
				for _, l := range f.Lines {
					if l.Callee == nil || l.In == nil {
						t.Fatalf("callees %s: %s:%d has no callee or definition", n, f.Path, l.Number)
					}
					have[call{f.Path, l.Number, l.Callee.Name, l.In.Number}] = l.Callee
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
		for c := range builtin {
			if t, ok := have[c]; ok {
				builtinCalls++
				if t.Builtin == "Go" || len(t.At) > 0 && strings.HasSuffix(t.At[0].Path, "builtin/builtin.go") {
					builtins++
				}
			}
		}
		for c := range plain {
			target, ok := have[c]
			if !ok {
				continue
			}
			at := target.At
			local++
			if len(at) > 0 && path.Dir(at[0].Path) == path.Dir(c.path) && slices.Contains(funcs[path.Dir(c.path)][c.callee], at[0].Line) {
				nearest++
			} else if len(wrong) < 10 {
				wrong = append(wrong, fmt.Sprintf("%s: %s:%d %s → %v", n, c.path, c.line, c.callee, at))
			}
		}
	}
	recall, near, saysBuiltin := float64(hit)/float64(total), float64(nearest)/float64(local), float64(builtins)/float64(max(1, builtinCalls))
	t.Logf("%d calls of a Go built-in: scout says so (or gives builtin/builtin.go) for %d (%.4f)", builtinCalls, builtins, saysBuiltin)
	if builtinCalls < 50 || saysBuiltin < 0.98 {
		t.Errorf("scout said %d of %d calls of a Go built-in were one (at least 50 calls, and 0.98 of them)", builtins, builtinCalls)
	}
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

// isUniverse reports whether name is one of Go's predeclared functions
// or types.
func isUniverse(name string) bool {
	switch types.Universe.Lookup(name).(type) {
	case *types.Builtin, *types.TypeName:
		return true
	}
	return false
}
