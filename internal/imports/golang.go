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
	"syscall"
)

// GoModule returns the directory of the nearest go.mod above dir and its
// module path; root is "" when there is none. As with go, the nearest
// decides: when it cannot be read (a named pipe, no permission) or
// declares no module, err says so, and the search goes no further up.
func GoModule(dir string) (root, module string, err error) {
	for d := dir; ; {
		name := filepath.Join(d, "go.mod")
		f, _, err := openRegular(name)
		switch {
		case err == nil:
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if m, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					f.Close()
					return d, strings.Trim(strings.TrimSpace(m), `"`), nil
				}
			}
			f.Close()
			return "", "", fmt.Errorf("%s declares no module", name)
		case !errors.Is(err, syscall.EISDIR):
			// One that is there (a named pipe, no permission to read it)
			// decides; one that is not, or cannot be looked at, does not.
			if _, serr := os.Lstat(name); serr == nil {
				return "", "", err
			}
		}
		up := filepath.Dir(d)
		if up == d {
			return "", "", nil
		}
		d = up
	}
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
func goResolve(dir, spec string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	var cands []string
	for d := abs; ; {
		root, mod, _ := GoModule(d)
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
		out = append(out, Import{Line: fset.PositionFor(s.Pos(), false).Line, Spec: spec, To: goResolve(filepath.Dir(p), spec)})
	}
	return out, nil
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
