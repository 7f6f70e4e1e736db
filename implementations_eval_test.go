package scout_test

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	scout "github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/syntax"
)

// implPackages are the packages of GOROOT/src the implementations oracle
// type-checks: the interfaces asked of are declared in them, and their
// named types are the candidates.
var implPackages = []string{
	"io", "fmt", "sort", "container/heap", "hash", "flag", "image", "bytes", "bufio", "strings", "os",
	"compress/gzip", "compress/flate", "compress/zlib", "archive/tar", "archive/zip", "crypto/sha256", "crypto/md5",
	"hash/crc32", "hash/fnv", "hash/adler32", "text/tabwriter", "encoding/csv", "mime/multipart", "time",
	"image/color", "math/big", "net/netip", "strconv", "regexp", "unicode/utf8", "encoding/json",
}

// TestImplementationsMatchGoTypes checks implementations of Go interfaces
// against go/types over implPackages: every named type go/types says
// implements the interface with methods the type declares itself (value
// or pointer receiver) is listed (recall: by its methods, or as one that
// embeds it), and go/types confirms each type listed by its methods
// (precision).
func TestImplementationsMatchGoTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks 32 packages of GOROOT/src from source; run without -short")
	}
	if syntax.By == syntax.ByClassifier {
		t.Log("without a parser: the methods come from the same line scan; the bases are not compared here")
	}
	t.Chdir(goroot(t))
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	pkgs := map[string]*types.Package{}
	for _, p := range implPackages {
		pkg, err := imp.Import(p)
		if err != nil {
			t.Fatalf("type-checking %s: %v", p, err)
		}
		pkgs[p] = pkg
	}
	names := []string{"Reader", "Writer", "Closer", "ReadWriteCloser", "ReaderAt", "WriterTo", "ByteScanner", "Stringer", "Interface", "Hash", "Hash32", "Value", "Image", "Color", "Formatter", "State", "FileInfo"}
	var found, want, listed, confirmed int
	for _, name := range names {
		// The interfaces of that name in the packages, and the types
		// that implement one of them with methods of their own.
		var ifaces []*types.Interface
		for _, p := range implPackages {
			if o, ok := pkgs[p].Scope().Lookup(name).(*types.TypeName); ok {
				if it, ok := o.Type().Underlying().(*types.Interface); ok && it.NumMethods() > 0 && it.IsMethodSet() {
					ifaces = append(ifaces, it)
				}
			}
		}
		if len(ifaces) == 0 {
			t.Fatalf("no interface %s with methods in the packages", name)
		}
		own := map[string]bool{} // "dir.Type": implements one with its own methods, or those of the types it embeds
		all := map[string]bool{} // implements one, by go/types
		for _, p := range implPackages {
			sc := pkgs[p].Scope()
			for _, n := range sc.Names() {
				tn, ok := sc.Lookup(n).(*types.TypeName)
				if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
					continue
				}
				for _, it := range ifaces {
					ptr := types.NewPointer(tn.Type())
					if !types.Implements(ptr, it) {
						continue
					}
					all[p+"."+n] = true
					ms := types.NewMethodSet(ptr)
					direct := true
					for i := range it.NumMethods() {
						if sel := ms.Lookup(tn.Pkg(), it.Method(i).Name()); sel == nil || !byEmbedding(tn, sel) {
							direct = false // promoted from outside the packages, or not exported to look up
						}
					}
					if direct {
						own[p+"."+n] = true
					}
				}
			}
		}
		pg, err := scout.Implementations(context.Background(), scout.ImplementationsOptions{Name: name, Scope: scout.Scope{Paths: implPackages, Types: []string{"go"}}, PageOptions: scout.PageOptions{Budget: 1 << 20}})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{} // a type listed: true by its methods, false as one that embeds a type of the name
		for _, f := range pg.Files {
			if strings.HasSuffix(f.Path, "_test.go") {
				continue
			}
			for _, l := range f.Lines {
				got[path.Dir(f.Path)+"."+l.Name] = got[path.Dir(f.Path)+"."+l.Name] || l.Kind == "methods" || l.Kind == "promoted"
			}
		}
		var missed, wrong []string
		for k := range own {
			want++
			if _, ok := got[k]; ok {
				found++
			} else {
				missed = append(missed, k)
			}
		}
		for k, byMethods := range got {
			dir, n, _ := strings.Cut(k, ".")
			if !byMethods {
				continue // it embeds a type of the name: which one, the page does not say
			}
			if pkgs[dir] == nil || pkgs[dir].Scope().Lookup(n) == nil || types.IsInterface(pkgs[dir].Scope().Lookup(n).Type()) {
				continue // a type of a file go/types leaves out here (another GOOS), not in these packages, or an interface that embeds it
			}
			listed++
			if all[k] {
				confirmed++
			} else {
				wrong = append(wrong, k)
			}
		}
		slices.Sort(missed)
		slices.Sort(wrong)
		if len(missed) > 0 {
			t.Errorf("implementations %s: %d types go/types says implement it with their own methods or those of the types they embed are not listed: %v", name, len(missed), missed)
		}
		if len(wrong) > 0 {
			t.Errorf("implementations %s: %d listed that go/types says do not implement it (same method names, other signatures?): %v", name, len(wrong), wrong)
		}
	}
	t.Logf("%d interface names; %d types implement one with their own methods or those of the types they embed by go/types, scout lists %d (%.4f); of its %d listed, go/types confirms %d (%.4f)",
		len(names), want, found, float64(found)/float64(max(want, 1)), listed, confirmed, float64(confirmed)/float64(max(listed, 1)))
	if float64(confirmed) < 0.99*float64(listed) || float64(found) < 0.99*float64(want) {
		t.Errorf("recall %d of %d, precision %d of %d: the bar is 0.99 for each", found, want, confirmed, listed)
	}
}

// byEmbedding reports whether a method of type tn's method set is its
// own, or promoted to it through embedded fields whose types are named
// types of implPackages (structs or interfaces: scout resolves embedded
// names in the files searched).
func byEmbedding(tn *types.TypeName, sel *types.Selection) bool {
	deref := func(t types.Type) types.Type {
		if p, ok := t.(*types.Pointer); ok {
			return p.Elem()
		}
		return t
	}
	in := func(pkg *types.Package) bool { return pkg != nil && slices.Contains(implPackages, pkg.Path()) }
	if !in(sel.Obj().Pkg()) {
		return false
	}
	t := tn.Type()
	idx := sel.Index()
	for _, i := range idx[:len(idx)-1] {
		st, ok := deref(t).Underlying().(*types.Struct)
		if !ok {
			return false
		}
		ft, ok := deref(st.Field(i).Type()).(*types.Named)
		if !ok || !in(ft.Obj().Pkg()) {
			return false
		}
		if types.IsInterface(ft) {
			return true // the method is the interface's, or one it embeds
		}
		t = ft
	}
	return true
}

// TestImplementationsMatchPythonAST checks implementations of Python
// classes against Python's ast over this machine's standard library: for
// 60 sampled class names that other classes name as a base
// (testdata/pybases.py), every class whose bases name it (by the name, or
// an attribute ending in it; not metaclass=) in the files ast parses.
// scout must list at least 0.99 of them (recall), and ast must name each
// class scout lists (precision).
func TestImplementationsMatchPythonAST(t *testing.T) {
	if testing.Short() {
		t.Skip("parses the Python standard library and runs 60 implementations searches over it; run without -short")
	}
	t.Parallel() // a long evaluation: see TestMain
	if syntax.By == syntax.ByClassifier {
		t.Skip("a build without cgo has no parser: its bases come from a definition's first line, which this bar is not for")
	}
	stdlib, oracle, parsed := runPyOracle(t, "testdata/pybases.py")
	compareImplementations(t, "ast", oracle.Names, classesByName(oracle), parsed, scout.Scope{Paths: []string{stdlib}, Globs: []string{"!site-packages/"}, Types: []string{"py"}}, 100)
}

// classesByName returns an oracle's sites [name, file, line, class] as
// "path:line" by name.
func classesByName(oracle pyOracle) map[string]map[string]bool {
	want := map[string]map[string]bool{}
	for _, s := range oracle.Sites {
		n := s[0].(string)
		if want[n] == nil {
			want[n] = map[string]bool{}
		}
		want[n][fmt.Sprintf("%s:%d", filepath.ToSlash(s[1].(string)), int(s[2].(float64)))] = true
	}
	return want
}

// compareImplementations runs implementations of each name over the
// scope and compares the classes it lists, in the files the oracle
// parsed, with the oracle's (by name: "path:line"): at least 0.99 of the
// oracle's listed (recall), and at least 0.99 of those listed the
// oracle's (precision), over at least least classes.
func compareImplementations(t *testing.T, oracle string, names []string, want map[string]map[string]bool, parsed map[string]bool, sc scout.Scope, least int) {
	t.Helper()
	var total, found, listed, confirmed int
	for _, name := range names {
		p, err := scout.Implementations(context.Background(), scout.ImplementationsOptions{Name: name, Scope: sc, PageOptions: scout.PageOptions{Budget: 1 << 20}})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, f := range p.Files {
			rel := scopeRel(sc, f.Path)
			if !parsed[rel] {
				continue // a file the oracle refuses
			}
			for _, l := range f.Lines {
				got[fmt.Sprintf("%s:%d", rel, l.Number)] = true
			}
		}
		for k := range want[name] {
			total++
			if got[k] {
				found++
			} else {
				t.Logf("implementations %s: %s's %s not listed", name, oracle, k)
			}
		}
		for k := range got {
			listed++
			if want[name][k] {
				confirmed++
			} else {
				t.Logf("implementations %s: %s listed; %s names no such base there", name, k, oracle)
			}
		}
	}
	t.Logf("%d names, %d classes by %s; scout lists %d (%.4f); of its %d, %s confirms %d (%.4f)", len(names), total, oracle, found, float64(found)/float64(max(total, 1)), listed, oracle, confirmed, float64(confirmed)/float64(max(listed, 1)))
	if total < least {
		t.Errorf("only %d classes: the sample is too thin to judge", total)
	}
	if float64(found) < 0.99*float64(total) || float64(confirmed) < 0.99*float64(listed) {
		t.Errorf("recall %d of %d, precision %d of %d: the bar is 0.99 for each", found, total, confirmed, listed)
	}
}

// TestImplementationsMatchTypeScript checks implementations of
// JavaScript and TypeScript classes against the TypeScript compiler's
// parse of npm's tree (node_modules too; testdata/jsbases.js): for 60
// sampled base names, every class or interface whose extends or
// implements clauses name it, or a name an import binds to it. It needs
// node and the typescript package (SCOUT_TYPESCRIPT, as
// TestCallsModulesMatchTypeScript).
func TestImplementationsMatchTypeScript(t *testing.T) {
	if testing.Short() {
		t.Skip("parses npm's tree with the TypeScript compiler and runs 60 implementations searches over it; run without -short")
	}
	if syntax.By == syntax.ByClassifier {
		t.Skip("a build without cgo has no parser: its bases come from a definition's first line, which this bar is not for")
	}
	npmDir, oracle, parsed := runTSOracle(t, "testdata/jsbases.js")
	t.Chdir(npmDir)
	compareImplementations(t, "tsc", oracle.Names, classesByName(oracle), parsed, scout.Scope{Types: []string{"js", "ts"}}, 200)
}

// TestGoMethodsMatchGoParser checks the line scan that finds the methods
// of Go types (lines that start with "func (", as gofmt writes them)
// against go/parser over every Go file of GOROOT/src that it parses: the
// same receiver type, name and line for at least 0.999 of go/parser's
// methods.
func TestGoMethodsMatchGoParser(t *testing.T) {
	if testing.Short() {
		t.Skip("parses all of GOROOT/src; run without -short")
	}
	var want, found, extra int
	n := parsedGoRoot(t, func(p string, f *ast.File, fset *token.FileSet, src []byte) {
		oracle := map[string]bool{}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) == 1 {
				if id, ok := namedIn(fd.Recv.List[0].Type).(*ast.Ident); ok {
					oracle[fmt.Sprintf("%s.%s:%d", id.Name, fd.Name.Name, fset.Position(fd.Pos()).Line)] = true
				}
			}
		}
		got := scout.GoMethods(src)
		for m := range oracle {
			if !slices.Contains(got, m) {
				t.Logf("%s: go/parser's %s not found by the scan", p, m)
			}
		}
		for _, m := range got {
			if oracle[m] {
				found++
			} else {
				extra++
			}
		}
		want += len(oracle)
	})
	t.Logf("%d methods by go/parser in %d files; the scan finds %d (%.5f), and %d others", want, n, found, float64(found)/float64(max(want, 1)), extra)
	// The others are lines in raw strings (code a test or generator
	// holds): the types they would add are checked with go/parser.
	if float64(found) < 0.999*float64(want) {
		t.Errorf("the scan finds %d of %d methods: the bar is 0.999", found, want)
	}
}

// TestEmbeddedNamesMatchGoParser checks the line scan that finds the Go
// files a type could embed a type in, or an interface declare a method in
// (embeddedNames), against go/parser over GOROOT/src: each type a
// top-level struct or interface type embeds, and each method a top-level
// interface declares, must be among the names the scan gives for its file
// (a file it misses is never parsed, and its types never listed as
// promoted). Files with "/* ERROR" marks, Go's tests of invalid code, are
// left out.
func TestEmbeddedNamesMatchGoParser(t *testing.T) {
	if testing.Short() {
		t.Skip("parses all of GOROOT/src; run without -short")
	}
	var want, found, scanned int
	n := parsedGoRoot(t, func(p string, f *ast.File, _ *token.FileSet, src []byte) {
		if bytes.Contains(src, []byte("/* ERROR")) {
			return // the parser's and type checker's tests of invalid Go (m[P any]() in an interface)
		}
		embeds, methods := scout.EmbeddedNames(src)
		scanned += len(embeds) + len(methods)
		check := func(what, name, in string, got []string) {
			want++
			if slices.Contains(got, name) {
				found++
			} else {
				t.Logf("%s: go/parser's %s %s (type %s) not found by the scan", p, what, name, in)
			}
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				var fields []*ast.Field
				_, iface := ts.Type.(*ast.InterfaceType)
				switch x := ts.Type.(type) {
				case *ast.StructType:
					fields = x.Fields.List
				case *ast.InterfaceType:
					fields = x.Methods.List
				}
				for _, fl := range fields {
					if _, ok := fl.Type.(*ast.FuncType); ok && iface {
						for _, id := range fl.Names {
							check("method", id.Name, ts.Name.Name, methods)
						}
						continue
					}
					if len(fl.Names) > 0 {
						continue
					}
					typ := namedIn(fl.Type)
					if sel, ok := typ.(*ast.SelectorExpr); ok {
						typ = sel.Sel
					}
					if id, ok := typ.(*ast.Ident); ok {
						check("embedded", id.Name, ts.Name.Name, embeds)
					}
				}
			}
		}
	})
	t.Logf("%d embedded types and interface methods by go/parser in %d files (less those with ERROR marks); the scan finds %d (%.5f), and gives %d names in all", want, n, found, float64(found)/float64(max(want, 1)), scanned)
	if float64(found) < 0.999*float64(want) {
		t.Errorf("the scan finds %d of %d: the bar is 0.999", found, want)
	}
}

// parsedGoRoot calls each with every Go file of GOROOT/src that go/parser
// parses, its parse and its bytes, and returns how many.
func parsedGoRoot(t *testing.T, each func(p string, f *ast.File, fset *token.FileSet, src []byte)) int {
	paths, files, fsets := goRootFiles(t, parser.SkipObjectResolution)
	n := 0
	for i, f := range files {
		if f == nil {
			continue
		}
		src, err := os.ReadFile(paths[i])
		if err != nil {
			t.Fatal(err)
		}
		each(paths[i], f, fsets[i], src)
		n++
	}
	return n
}

// namedIn is the oracles' own reading of the named type in a receiver or
// an embedded field: without its pointers, type arguments and
// parentheses.
func namedIn(e ast.Expr) ast.Expr {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return e
		}
	}
}
