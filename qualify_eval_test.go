package scout_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// pkgSite is a call marked with the package it is of: the import's path
// when it names one, else the directory of its own package.
type pkgSite struct {
	path string
	line int
	pkg  string
}

// TestCallsPackagesMatchGoAST compares the packages scout's callers pages
// mark calls with against go/parser's answer, over GOROOT/src, for 40
// functions sampled from the names that more than one package defines
// (where the mark tells which): a call X.Name whose X go/parser leaves
// unresolved (no local declares it) and that names an import of the file
// (by its alias, or the package clause of the directory it resolves to)
// is of that import; a call Name alone, in a directory that defines a
// function Name (and no local of the file names another), is of that
// directory's. scout must mark at least 0.995 of
// those with the same package, and mark no more than 0.005 others.
func TestCallsPackagesMatchGoAST(t *testing.T) {
	if testing.Short() {
		t.Skip("parses all of GOROOT/src and runs 40 callers searches over it; run without -short")
	}
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo finds calls with the line classifier, whose extra sites (in comments, definitions) this bar is not for; the marks themselves are checked by TestCallsNamePackages")
	}
	// With object resolution (a local shadowing an import is resolved),
	// and comments, for go:build lines.
	paths, files, _ := goRootFiles(t, parser.ParseComments)
	for i := range paths {
		paths[i] = filepath.ToSlash(paths[i])
	}
	parsed := map[string]bool{}
	for i, f := range files {
		parsed[paths[i]] = f != nil
	}
	// The package clause of each directory, and the directories that
	// define each function (no method).
	clause := map[string]string{}
	defines := map[string]map[string]bool{}
	for i, f := range files {
		if f == nil {
			continue
		}
		dir := path.Dir(paths[i])
		if !strings.HasSuffix(paths[i], "_test.go") && !ignored(f) {
			clause[dir] = f.Name.Name
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name != "_" && fd.Name.Name != "init" && fd.Name.Name != "main" {
				if defines[fd.Name.Name] == nil {
					defines[fd.Name.Name] = map[string]bool{}
				}
				defines[fd.Name.Name][dir] = true
			}
		}
	}
	var all []string
	for n, dirs := range defines {
		if len(dirs) > 1 {
			all = append(all, n)
		}
	}
	slices.Sort(all)
	r := rand.New(rand.NewPCG(5, 23))
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	names := all[:40]
	// An import path's directory, as go resolves it in GOROOT/src: its
	// own, or the vendor directory of the file's module (cmd's, or the
	// standard library's).
	dirOf := func(file, spec string) string {
		vendor := "vendor/"
		if strings.HasPrefix(file, "cmd/") {
			vendor = "cmd/vendor/"
		}
		for _, d := range []string{spec, vendor + spec} {
			if _, ok := clause[d]; ok {
				return d
			}
		}
		return ""
	}
	want := map[string]map[pkgSite]bool{}
	for _, n := range names {
		want[n] = map[pkgSite]bool{}
	}
	for i, f := range files {
		if f == nil {
			continue
		}
		imported := map[string]string{} // name → import path
		for _, s := range f.Imports {
			spec, _ := strconv.Unquote(s.Path.Value)
			name := ""
			if s.Name != nil {
				name = s.Name.Name
			} else if d := dirOf(paths[i], spec); d != "" {
				name = clause[d]
			}
			if name != "" && name != "_" && name != "." {
				imported[name] = spec
			}
		}
		dir := path.Dir(paths[i])
		src, _ := os.ReadFile(paths[i])
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch fn := c.Fun.(type) {
			case *ast.Ident:
				if sites, ok := want[fn.Name]; ok && defines[fn.Name][dir] && (fn.Obj == nil || fn.Obj.Kind == ast.Fun) {
					sites[pkgSite{paths[i], posLine(src, fn.Pos()), dir}] = true
				}
			case *ast.SelectorExpr:
				x, ok := fn.X.(*ast.Ident)
				if sites, named := want[fn.Sel.Name]; named && ok && x.Obj == nil && imported[x.Name] != "" {
					sites[pkgSite{paths[i], posLine(src, fn.Sel.Pos()), imported[x.Name]}] = true
				}
			}
			return true
		})
	}
	comparePackages(t, "go/parser", names, want, parsed, scout.Scope{}, 200, 0.995, 0.005)
}

// comparePackages runs scout callers for each name over the working
// directory (in scope), following the cursor to the end, and compares the
// calls it marks with a package, in the files the oracle parsed, with the
// oracle's (want, by name): a mark is the import (a Python module's
// file, when it is in the tree) or, for a call in its own package, the
// directory (the file). It fails when the oracle has fewer than least
// calls, when scout marks fewer than recall of them alike, or when more
// than wrong of its marks are not the oracle's.
func comparePackages(t *testing.T, oracle string, names []string, want map[string]map[pkgSite]bool, parsed map[string]bool, sc scout.Scope, least int, recall, wrong float64) {
	t.Helper()
	total, hit, marked, extra := 0, 0, 0, 0
	var missed, more []string
	for _, n := range names {
		have := map[pkgSite]bool{}
		o := scout.CallersOptions{Name: n, Scope: sc, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}}
		for _, p := range everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Callers(context.Background(), o)
		}) {
			for _, f := range p.Files {
				for _, l := range f.Lines {
					rel := scopeRel(sc, f.Path)
					if l.Package == nil || !parsed[rel] {
						continue
					}
					pkg := l.Package.Import
					if pkg == "" || l.Package.File != "" {
						pkg = scopeRel(sc, l.Package.Dir+l.Package.File)
					}
					have[pkgSite{rel, l.Number, pkg}] = true
				}
			}
		}
		for s := range want[n] {
			total++
			if have[s] {
				hit++
			} else if len(missed) < 10 {
				missed = append(missed, fmt.Sprintf("%s %s:%d %s", n, s.path, s.line, s.pkg))
			}
		}
		for s := range have {
			marked++
			if !want[n][s] {
				extra++
				if len(more) < 10 {
					more = append(more, fmt.Sprintf("%s %s:%d %s", n, s.path, s.line, s.pkg))
				}
			}
		}
	}
	got, other := float64(hit)/float64(max(total, 1)), float64(extra)/float64(max(marked, 1))
	t.Logf("%d names, %d calls %s ties to a package; scout marked %d of them with it (%.4f), and %d others of its %d marks (%.4f)", len(names), total, oracle, hit, got, extra, marked, other)
	t.Logf("missed, e.g.: %s", strings.Join(missed, "; "))
	t.Logf("more, e.g.: %s", strings.Join(more, "; "))
	if total < least {
		t.Errorf("only %d calls: the sample is too thin to judge", total)
	}
	if got < recall || other > wrong {
		t.Errorf("scout marked %.4f of %s's calls with their package (at least %.3f), and %.4f of its marks were not %s's (at most %.3f)", got, oracle, recall, other, oracle, wrong)
	}
}

// TestCallsModulesMatchPythonAST compares the modules scout's callers
// pages mark Python calls with against Python's ast, over this machine's
// standard library, for 40 functions sampled from the names more than one
// module defines (testdata/pymodules.py says how ast ties a call to a
// module by the file's imports).
func TestCallsModulesMatchPythonAST(t *testing.T) {
	if testing.Short() {
		t.Skip("parses the Python standard library and runs 40 callers searches over it; run without -short")
	}
	t.Parallel() // a long evaluation: see TestMain
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo finds calls with the line classifier, whose extra sites this bar is not for; the marks themselves are checked by TestCallsNamePackages")
	}
	stdlib, oracle, parsed := runPyOracle(t, "testdata/pymodules.py")
	comparePackages(t, "ast", oracle.Names, oracleMarks(oracle), parsed, scout.Scope{Paths: []string{stdlib}, Globs: []string{"!site-packages/"}}, 200, 0.995, 0.005)
}

// posLine returns the line of a token.Pos of a file parsed alone (its
// byte offset plus 1) in src.
func posLine(src []byte, pos token.Pos) int {
	return strings.Count(string(src[:int(pos)-1]), "\n") + 1
}

// ignored reports whether a Go file is left out of every build by
// "//go:build ignore" (a generator's package main beside the package).
func ignored(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build ") && strings.Contains(c.Text, "ignore") {
				return true
			}
		}
	}
	return false
}

// TestCallsModulesMatchTypeScript compares the modules scout's callers
// pages mark JavaScript calls with against the TypeScript compiler's
// checker, over npm's own code (this machine's global npm, lib/), for 100
// callee names sampled from those called through an import or a require
// (testdata/jsmodules.js says how the checker ties a call to a module).
// It needs node and the typescript package: SCOUT_TYPESCRIPT names the
// package's directory (.ci/run installs typescript@5.6.3 and sets it).
func TestCallsModulesMatchTypeScript(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks npm's code and runs 100 callers searches over it; run without -short")
	}
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo finds calls with the line classifier, whose extra sites this bar is not for; the marks themselves are checked by TestCallsNamePackages")
	}
	npmDir, oracle, parsed := runTSOracle(t, "testdata/jsmodules.js", "lib")
	t.Chdir(npmDir)
	comparePackages(t, "tsc", oracle.Names, oracleMarks(oracle), parsed, scout.Scope{Paths: []string{"lib"}}, 300, 0.98, 0.02)
}

// runTSOracle runs a script of the TypeScript compiler over npm's tree
// (this machine's global npm) with node, as "node script TYPESCRIPT
// NPMDIR args…", and returns the tree's directory, what the script
// printed and the files it parsed. It skips the test when
// SCOUT_TYPESCRIPT does not name the typescript package.
func runTSOracle(t *testing.T, script string, args ...string) (npmDir string, oracle pyOracle, parsed map[string]bool) {
	t.Helper()
	tsDir := os.Getenv("SCOUT_TYPESCRIPT")
	if tsDir == "" {
		t.Skip("SCOUT_TYPESCRIPT is not set: install the oracle with `npm install --prefix DIR typescript@5.6.3` and set SCOUT_TYPESCRIPT=DIR/node_modules/typescript (.ci/run does)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is needed to run the TypeScript compiler: %v", err)
	}
	out, err := exec.Command("npm", "root", "-g").Output()
	if err != nil {
		t.Fatalf("npm root -g: %v", err)
	}
	npmDir = filepath.Join(strings.TrimSpace(string(out)), "npm")
	if _, err := os.Stat(filepath.Join(npmDir, "lib")); err != nil {
		t.Fatalf("no npm code to check against: %v", err)
	}
	abs, _ := filepath.Abs(script)
	oracle, parsed = runOracle(t, exec.Command(node, append([]string{abs, tsDir, npmDir}, args...)...))
	return npmDir, oracle, parsed
}

// oracleMarks returns an oracle's sites [name, file, line, module] as the
// marked calls comparePackages wants, by name (paths slash-separated).
func oracleMarks(oracle pyOracle) map[string]map[pkgSite]bool {
	want := map[string]map[pkgSite]bool{}
	for _, n := range oracle.Names {
		want[n] = map[pkgSite]bool{}
	}
	for _, s := range oracle.Sites {
		want[s[0].(string)][pkgSite{filepath.ToSlash(s[1].(string)), int(s[2].(float64)), filepath.ToSlash(s[3].(string))}] = true
	}
	return want
}
