package scout_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// TestCalleeTypesMatchGoTypes holds the callees that a page names
// Type.Name (a method of the type its receiver is known to be, from the
// code around the call) to go/types: over 80 methods and functions
// sampled from three packages of GOROOT/src, type-checked from source,
// each such callee must be the method go/types resolves the call to, for
// at least 0.98 of them; how many method calls on a concrete type get a
// type is reported.
func TestCalleeTypesMatchGoTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks three packages of GOROOT/src from source; run without -short")
	}
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo has no parser: its callees come from the line classifier")
	}
	t.Chdir(goroot(t))
	dirs := []string{"net/http", "encoding/json", "go/printer"}
	fset := token.NewFileSet()
	// where is each method's declaration: its file and line.
	type site struct {
		path string
		line int
	}
	type methodCall struct {
		site   // the call
		callee string
		def    int  // the line of the function it is in
		at     site // the method go/types resolves it to
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil), Error: func(error) {}}
	byName := map[string][]methodCall{}
	for _, dir := range dirs {
		ents, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var files []*ast.File
		for _, e := range ents {
			if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
				f, err := parser.ParseFile(fset, path.Join(dir, n), nil, parser.SkipObjectResolution)
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, f)
			}
		}
		info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf.Check(dir, fset, files, info) // build-tagged files may clash; what checks serves
		for _, f := range files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				def := fset.Position(fd.Pos()).Line
				ast.Inspect(fd.Body, func(x ast.Node) bool {
					c, ok := x.(*ast.CallExpr)
					if !ok {
						return true
					}
					sel, ok := c.Fun.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					s := info.Selections[sel]
					if s == nil || s.Kind() != types.MethodVal || types.IsInterface(s.Recv()) {
						return true
					}
					decl := fset.Position(s.Obj().Pos()) // in GOROOT/src, relative to it as opened
					p := fset.Position(sel.Sel.Pos())
					byName[fd.Name.Name] = append(byName[fd.Name.Name], methodCall{site{p.Filename, p.Line}, sel.Sel.Name, def, site{decl.Filename, decl.Line}})
					return true
				})
			}
		}
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	slices.Sort(names)
	r := rand.New(rand.NewPCG(7, 11))
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	names = names[:min(80, len(names))]
	calls, typed, right := 0, 0, 0
	var wrong []string
	for _, n := range names {
		o := scout.CalleesOptions{Name: n, Scope: scout.Scope{Paths: dirs}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}}
		have := map[string]*scout.Target{}
		for _, p := range everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Callees(context.Background(), o)
		}) {
			for _, f := range p.Files {
				for _, l := range f.Lines {
					if l.In != nil && l.Callee != nil {
						have[fmt.Sprintf("%s:%d:%s:%d", f.Path, l.Number, l.Callee.Name, l.In.Number)] = l.Callee
					}
				}
			}
		}
		for _, c := range byName[n] {
			// go/types' file names are as opened: relative to GOROOT/src.
			k := fmt.Sprintf("%s:%d:%s:%d", c.path, c.line, c.callee, c.def)
			target, ok := have[k]
			if !ok {
				continue // several calls of one name on a line: one is enough here
			}
			calls++
			if target.Type == "" {
				continue
			}
			typed++
			if len(target.At) == 1 && target.At[0].Path == c.at.path && target.At[0].Line == c.at.line {
				right++
			} else if len(wrong) < 10 {
				wrong = append(wrong, fmt.Sprintf("%s → %s.%s %v, go/types: %s:%d", k, target.Type, target.Name, target.At, c.at.path, c.at.line))
			}
		}
	}
	t.Logf("%d method calls on a concrete type (go/types) in %d functions; scout typed %d (%.3f), and named go/types' method for %d of them (%.4f)", calls, len(names), typed, float64(typed)/float64(max(1, calls)), right, float64(right)/float64(max(1, typed)))
	t.Logf("other, e.g.: %s", strings.Join(wrong, "; "))
	if calls < 200 || typed < 50 {
		t.Errorf("only %d calls, %d typed: the sample is too thin to judge", calls, typed)
	}
	if float64(right) < 0.98*float64(typed) {
		t.Errorf("scout named go/types' method for %d of the %d calls it typed, want at least 0.98", right, typed)
	}
}
