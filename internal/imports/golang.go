package imports

import (
	"bufio"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unicode"
)

// GoModule returns the directory of the nearest go.mod above dir and its
// module path; root is "" when there is none. As with go, the nearest
// decides: when it cannot be read (a named pipe, no permission) or
// declares no module, err says so, and the search goes no further up.
func GoModule(dir string) (root, module string, err error) {
	for d := dir; ; {
		if m, found := modIn(d); found {
			return m.root, m.module, m.err
		}
		up := filepath.Dir(d)
		if up == d {
			return "", "", nil
		}
		d = up
	}
}

// goMod is what GoModule returns.
type goMod struct {
	root, module string
	err          error
}

// modIn reads the go.mod in directory d: found is false when there is
// none, or one that cannot be looked at, which does not decide.
func modIn(d string) (m goMod, found bool) {
	name := filepath.Join(d, "go.mod")
	f, _, err := openRegular(name)
	switch {
	case err == nil:
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if mod, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
				return goMod{root: d, module: strings.Trim(strings.TrimSpace(mod), `"`)}, true
			}
		}
		return goMod{err: fmt.Errorf("%s declares no module", name)}, true
	case !errors.Is(err, syscall.EISDIR):
		// One that is there (a named pipe, no permission to read it)
		// decides; one that is not, or cannot be looked at, does not.
		if _, serr := os.Lstat(name); serr == nil {
			return goMod{err: err}, true
		}
	}
	return goMod{}, false
}

// GoModules resolves Go imports as GoResolve does, reading each
// directory's go.mod once: one search resolves the imports of many files
// in a few modules. Its methods are safe to call at once.
type GoModules struct {
	mu   sync.Mutex
	near map[string]goMod // by directory, absolute: GoModule's answer
}

// NewGoModules returns an empty GoModules.
func NewGoModules() *GoModules { return &GoModules{near: map[string]goMod{}} }

// module is GoModule, remembered for dir and the directories above it.
func (g *GoModules) module(dir string) (root, module string, err error) {
	g.mu.Lock()
	m, ok := g.near[dir]
	g.mu.Unlock()
	if ok {
		return m.root, m.module, m.err
	}
	m, found := modIn(dir)
	if !found {
		if up := filepath.Dir(dir); up != dir {
			m.root, m.module, m.err = g.module(up)
		}
	}
	g.mu.Lock()
	g.near[dir] = m
	g.mu.Unlock()
	return m.root, m.module, m.err
}

// Resolve is GoResolve.
func (g *GoModules) Resolve(p, spec string) string {
	return goResolveBy(filepath.Dir(p), spec, g.module)
}

// GoImportPath returns the import path of the package in dir: its
// module's path and the directory below the module (the standard
// library's module "std" has no prefix; below a vendor directory, the
// path after it).
func GoImportPath(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	root, mod, _ := GoModule(abs)
	if root == "" {
		return ""
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return ""
	}
	rel = filepath.ToSlash(rel)
	if i := strings.LastIndex("/"+rel, "/vendor/"); i >= 0 {
		return rel[i+len("/vendor/")-1:]
	}
	switch {
	case mod == "std" && rel == ".":
		return ""
	case mod == "std":
		return rel
	case rel == ".":
		return mod
	}
	return mod + "/" + rel
}

// goResolve returns the directory of the tree an import path names, seen
// from a file in dir: in its module, its module's vendor directory, or
// the standard library's (a go.mod of module "std" above it, as in
// GOROOT/src).
func goResolve(dir, spec string) string { return goResolveBy(dir, spec, GoModule) }

// goResolveBy is goResolve, finding each directory's module with module.
func goResolveBy(dir, spec string, module func(string) (string, string, error)) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	var cands []string
	for d := abs; ; {
		root, mod, _ := module(d)
		if root == "" {
			break
		}
		switch {
		case mod == "std":
			cands = append(cands, filepath.Join(root, spec))
		case spec == mod:
			cands = append(cands, root)
		case strings.HasPrefix(spec, mod+"/"):
			cands = append(cands, filepath.Join(root, spec[len(mod)+1:]))
		}
		cands = append(cands, filepath.Join(root, "vendor", spec))
		d = filepath.Dir(root)
		if d == root {
			break
		}
	}
	for _, c := range cands {
		if isDir(c) {
			return relTo(dir, c, abs) + "/"
		}
	}
	return ""
}

// relTo returns target, an absolute path, as a path like dir's: relative
// when dir is (dirAbs is dir made absolute).
func relTo(dir, target, dirAbs string) string {
	if filepath.IsAbs(dir) {
		return filepath.ToSlash(target)
	}
	rel, err := filepath.Rel(dirAbs, target)
	if err != nil {
		return filepath.ToSlash(target)
	}
	return filepath.ToSlash(filepath.Join(dir, rel))
}

// goImports reads a Go file's imports with go/parser.
func goImports(p string, data []byte) ([]Import, error) {
	out, err := GoImportsOf(p, data)
	for i := range out {
		out[i].To = goResolve(filepath.Dir(p), out[i].Spec)
	}
	return out, err
}

// GoResolve returns the directory of the tree a Go import path names,
// seen from file p, as Import.To names it: "" when it is not in the tree.
func GoResolve(p, spec string) string { return goResolve(filepath.Dir(p), spec) }

// GoImportsOf reads a Go file's imports with go/parser, without
// resolving them (To is ""; see GoResolve): those read before a syntax
// error are returned with it. "C" (cgo) is left out.
func GoImportsOf(p string, data []byte) ([]Import, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p, data, parser.ImportsOnly)
	if f == nil {
		return nil, err
	}
	var out []Import
	for _, s := range f.Imports {
		spec, err := strconv.Unquote(s.Path.Value)
		if err != nil || spec == "C" {
			continue
		}
		name := GoName(spec)
		if s.Name != nil {
			name = s.Name.Name
		}
		out = append(out, Import{Line: fset.PositionFor(s.Pos(), false).Line, Spec: spec, Name: name})
	}
	return out, nil
}

// GoName returns the name a Go package is called by where it is imported
// without one, as its import path suggests (goimports' guess; the
// package clause may say otherwise): the last element, without a major
// version ("/v2", "yaml.v3"), a "go-" prefix, or what follows its first
// character that is no letter, digit or "_" ("go-isatty" is isatty,
// "mod-extra" mod).
func GoName(spec string) string {
	elem := path.Base(spec)
	if isMajor(elem) && strings.Contains(spec, "/") {
		elem = path.Base(path.Dir(spec))
	}
	if i := strings.LastIndex(elem, ".v"); i > 0 && isMajor(elem[i+1:]) {
		elem = elem[:i]
	}
	elem = strings.TrimPrefix(elem, "go-")
	for i, r := range elem {
		if !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return elem[:i]
		}
	}
	return elem
}

// isMajor reports whether a path element is a major version: v2, v10.
func isMajor(e string) bool {
	if len(e) < 2 || e[0] != 'v' {
		return false
	}
	for _, c := range e[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// GoTests returns the test files of a Go file's package: its own
// (name_test.go) first.
func GoTests(p string) []string {
	dir := filepath.Dir(p)
	entries, _ := os.ReadDir(dir)
	own := strings.TrimSuffix(filepath.Base(p), ".go") + "_test.go"
	var out []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, "_test.go") && e.Type().IsRegular() && n != filepath.Base(p) {
			out = append(out, filepath.ToSlash(filepath.Join(dir, n)))
		}
	}
	slices.SortStableFunc(out, func(a, b string) int {
		return boolInt(path.Base(b) == own) - boolInt(path.Base(a) == own)
	})
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
