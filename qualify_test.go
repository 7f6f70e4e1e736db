package scout_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
)

// TestCallsNamePackages: a Go call that names a package by its import
// (a.Sum, an alias's hb.Sum, a call split after the "."), or that is not
// qualified in a package defining the name, is marked with that package
// on callers pages; one through a value (t.Sum) is not. An import the
// tree's go.mod does not resolve is matched by the directories its path
// ends with. A Python call is marked with the module its imports name
// (import a.b, from a import b, over a "\" line; json, outside the tree,
// by name), or its own module. A JavaScript call is marked with the
// module its import or require names, or the one that module's exports
// bring the name from (export * from, export {a as b} from,
// module.exports = require(…), an object of requires and imported
// locals, exports.a = x.b). On a callees page, each callee counts only
// the definitions in the package or module it names, no method, and one
// outside the tree says what it is.
func TestCallsNamePackages(t *testing.T) {
	f := fixture.Enter(t, "testdata/packages/packages.txtar")
	ctx := context.Background()
	for _, name := range []string{"Sum", "New", "save", "fetchIt", "readFile", "load", "len", "open"} {
		p, got := callersMarks(t, name)
		if want := f.Expect[strings.ToLower(name)]; got != want {
			t.Errorf("callers %s, each call's package:\n%s\nwant\n%s", name, got, want)
		}
		if len(p.Definitions) > 0 && !strings.Contains(p.Text, "a call marked → is of the package it names") {
			t.Errorf("callers %s: the header does not say what → means:\n%s", name, p.Text)
		}
	}

	for _, q := range []struct{ name, path, exp string }{{"Total", "", "callees"}, {"run", "py", "callees-run"}, {"run", "js", "callees-run-js"}, {"start", "js", "callees-start-js"}, {"use", "js", "callees-use-js"}, {"starred", "py", "callees-starred"}, {"opener", "py", "callees-opener"}} {
		name, exp := q.name, q.exp
		var sc scout.Scope
		if q.path != "" {
			sc.Paths = []string{q.path}
		}
		p, err := scout.Callees(ctx, scout.CalleesOptions{Name: name, Scope: sc, PageOptions: scout.PageOptions{Budget: 20000}})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, f := range p.Files {
			for _, l := range f.Lines {
				c := l.Callee
				switch {
				case c.Count == 0 && c.Builtin != "":
					fmt.Fprintf(&b, "%s: a %s built-in\n", c.Name, c.Builtin)
				case c.Count == 0 && c.Package != nil && c.Package.Dir+c.Package.File != "":
					fmt.Fprintf(&b, "%s: in %s, not found\n", c.Name, c.Package)
				case c.Count == 0 && c.Package != nil:
					fmt.Fprintf(&b, "%s: in %s\n", c.Name, c.Package)
				case c.Count == 1:
					fmt.Fprintf(&b, "%s: %s:%d\n", c.Name, c.At[0].Path, c.At[0].Line)
				default:
					fmt.Fprintf(&b, "%s: %d definitions\n", c.Name, c.Count)
				}
			}
		}
		if got, want := b.String(), f.Expect[exp]; got != want {
			t.Errorf("callees %s, each callee:\n%s\nwant\n%s\npage:\n%s", name, got, want, p.Text)
		}
	}
}

// TestCallersOfPackageName: callers and refs take pkg.Name in Go: the
// calls (uses) marked with a package named pkg (by its path, whatever the
// file's alias), and its definitions, no method's; the page counts what
// it left out; in Python, a module that imports the name from another
// (a package's __init__.py) stands for the other's, and in JavaScript
// a module that re-exports it (require('.') of js/index.js) for the
// module that defines it. A qualifier no
// package is named is refused, as a cursor of Name alone is for pkg.Name.
func TestCallersOfPackageName(t *testing.T) {
	f := fixture.Enter(t, "testdata/packages/packages.txtar")
	ctx := context.Background()
	if p, got := callersMarks(t, "util.fetchIt"); got != want(f, "util.fetchIt") || len(p.Definitions) != 1 || p.Definitions[0].Path != "js/util.js" {
		t.Errorf("callers util.fetchIt:\n%s definitions %v; want\n%s and js/util.js's alone\npage:\n%s", got, p.Definitions, want(f, "util.fetchIt"), p.Text)
	}
	// A module named by its specifier: require('.') is the module js,
	// js/index.js, which exports js/util.js's names: the calls of fetchIt
	// in js/util.js are of js.fetchIt too.
	if p, got := callersMarks(t, "js.fetchIt"); got != "js/main.js:4 js/util.js\njs/util.js:2 js/util.js\n" || len(p.Definitions) != 1 || p.Definitions[0].Path != "js/util.js" {
		t.Errorf("callers js.fetchIt:\n%s definitions %v; want the call through require('.') and js/util.js's own, js/util.js's definition alone\npage:\n%s", got, p.Definitions, p.Text)
	}
	for _, q := range []string{"a.Sum", "b.Sum"} {
		p, got := callersMarks(t, q)
		if want := f.Expect[strings.ToLower(q)]; got != want {
			t.Errorf("callers %s:\n%s\nwant\n%s\npage:\n%s", q, got, want, p.Text)
		}
		dir := "hash/" + q[:1]
		if len(p.Definitions) != 1 || p.Definitions[0].Path != dir+"/"+q[:1]+".go" {
			t.Errorf("callers %s: definitions %v, want %s's alone", q, p.Definitions, dir)
		}
		left := strings.Count(f.Expect["sum"], "\n") - strings.Count(want(f, q), "\n")
		if !strings.Contains(p.Text, fmt.Sprintf("not shown: %d calls of Sum that name no package or module %s", left, q[:1])) {
			t.Errorf("callers %s: the page does not count the %d calls left out:\n%s", q, left, p.Text)
		}
	}
	// A module that brings the name from another (py/kit's __init__.py
	// with "from .impl import *", wrap.py with "from .impl import save"):
	// the definition is the other's.
	for q, line := range map[string]string{"kit.save": "py/app.py:17 py/kit/impl.py\n", "wrap.save": "py/app.py:18 py/kit/impl.py\n"} {
		p, got := callersMarks(t, q)
		if got != line || len(p.Definitions) != 1 || p.Definitions[0].Path != "py/kit/impl.py" || len(p.Definitions[0].Lines) != 2 {
			t.Errorf("callers %s: calls\n%s definitions %v; want\n%s and the 2 of py/kit/impl.py\npage:\n%s", q, got, p.Definitions, line, p.Text)
		}
	}
	if p, err := scout.Refs(ctx, scout.RefsOptions{Name: "a.Sum", PageOptions: scout.PageOptions{Budget: 20000}}); err != nil || p.Total.Matches != 4 {
		t.Errorf("refs a.Sum: %v, err %v; want the 4 uses of callers a.Sum", p, err)
	}
	if p, err := scout.Callers(ctx, scout.CallersOptions{Name: "a.Sum()"}); err != nil || !strings.HasPrefix(p.Text, "a.Sum: 1 definition") {
		t.Errorf("callers a.Sum(): %v; want the page of a.Sum, so named", err)
	}
	if _, err := scout.Callers(ctx, scout.CallersOptions{Name: "x.a.Sum"}); !errors.Is(err, scout.ErrPattern) || !strings.Contains(err.Error(), `give "Sum", or "a.Sum" for the package's, module's or type's a`) {
		t.Errorf("callers x.a.Sum: %v; want a pattern error that offers a.Sum", err)
	}
	// A type, not a package: its method, and the call on a parameter
	// declared one is marked so; the package-qualified calls are not its.
	p, err := scout.Callers(ctx, scout.CallersOptions{Name: "totals.Sum", PageOptions: scout.PageOptions{Budget: 20000}})
	if err != nil || p.Total.Matches != 1 || len(p.Definitions) != 1 || !strings.Contains(p.Text, "18: return a.Sum(x) + hb.Sum(x) + t.Sum(x) + a.  → on a totals") {
		t.Errorf("callers totals.Sum (a type, not a package): %v; want its one call, on a parameter declared a totals, and its definition alone:\n%s", err, textOf(p))
	}
	all, err := scout.Callers(ctx, scout.CallersOptions{Name: "Mix", PageOptions: scout.PageOptions{Budget: scout.MinBudget}})
	if err != nil || all.Cursor == "" {
		t.Fatalf("callers Mix at the least budget: %v, cursor %q; want a second page", err, all.Cursor)
	}
	if _, err := scout.Callers(ctx, scout.CallersOptions{Name: "a.Mix", PageOptions: scout.PageOptions{Cursor: all.Cursor}}); err == nil {
		t.Error("callers a.Mix took the cursor of callers Mix")
	}
}

func want(f *fixture.Fixture, q string) string { return f.Expect[strings.ToLower(q)] }

// markOf names the package a line is marked with: its place in the tree,
// else its import; "-" for none.
func markOf(p *scout.Package) string {
	switch {
	case p == nil:
		return "-"
	case p.Dir+p.File != "":
		return p.Dir + p.File
	}
	return p.Import
}

// callersMarks returns the page of callers of name (at a budget that
// holds every call) and each of its calls as "path:line mark" (see
// markOf), one per line.
func callersMarks(t *testing.T, name string) (*scout.Page, string) {
	t.Helper()
	return callersMarksIn(t, name, scout.Scope{})
}

// callersMarksIn is callersMarks over a scope, its paths and marks
// relative to the scope's directory when that is absolute (scopeRel).
func callersMarksIn(t *testing.T, name string, sc scout.Scope) (*scout.Page, string) {
	t.Helper()
	p, err := scout.Callers(context.Background(), scout.CallersOptions{Name: name, Scope: sc, PageOptions: scout.PageOptions{Budget: 20000}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, f := range p.Files {
		for _, l := range f.Lines {
			fmt.Fprintf(&b, "%s:%d %s\n", scopeRel(sc, f.Path), l.Number, scopeRel(sc, markOf(l.Package)))
		}
	}
	return p, b.String()
}

// TestCallsNamePackagesFromElsewhere: a search of a tree named by its
// absolute path, run from another directory, marks each call with the
// module it names as a search run in the tree does: a Python script in
// a directory with no __init__.py (py/app.py) imports the modules at the
// tree's top (py.store is py/store.py), not the working directory's.
func TestCallsNamePackagesFromElsewhere(t *testing.T) {
	f := fixture.Enter(t, "testdata/packages/packages.txtar")
	root := f.Root
	elsewhere := t.TempDir()
	// A module of the same name where the search runs is none of the tree's.
	if err := os.MkdirAll(filepath.Join(elsewhere, "py"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(elsewhere, "py", "store.py"), "def save(x):\n    return x\n")
	t.Chdir(elsewhere)
	for _, name := range []string{"save", "len", "open"} {
		if _, got := callersMarksIn(t, name, scout.Scope{Paths: []string{root}}); got != f.Expect[name] {
			t.Errorf("callers %s over %s from %s, each call's package:\n%s\nwant, as from the tree's top,\n%s", name, root, elsewhere, got, f.Expect[name])
		}
	}
}

// TestDefinitionsOwnFirst: a callers page lists the project's own
// definitions of a name before a stub's, a test's and a vendored copy's,
// each group in path order (the page shows the first few).
func TestDefinitionsOwnFirst(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, p := range []string{"a_vendor/vendor/x/load.go", "b/load_test.go", "c/load.go", "d/load.pyi", "e/site-packages/m/load.py", "f/load.py"} {
		def := "package x\n\nfunc Load() {}\n"
		if !strings.HasSuffix(p, ".go") {
			def = "def Load(): ...\n"
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, p, def)
	}
	p, err := scout.Callers(context.Background(), scout.CallersOptions{Name: "Load"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range p.Definitions {
		got = append(got, f.Path)
	}
	want := []string{"c/load.go", "f/load.py", "d/load.pyi", "b/load_test.go", "a_vendor/vendor/x/load.go"}
	if !slices.Equal(got, want) {
		t.Errorf("definitions listed %v, want %v (the 6th, counted, is e/site-packages)", got, want)
	}
}
