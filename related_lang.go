package scout

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// What related knows of each language: how a file names what it imports,
// how an import resolves to a file or directory of the tree, how to find
// the files that import a file, and how its tests are named.

// imp is an import: the line it is on, what it names, and the file or
// directory of the tree it resolves to ("" when it is not in the tree: a
// third-party package, the system's headers).
type imp struct {
	line    int
	spec    string
	to      string
	outside string // when to is "": what it is, if its name tells ("standard library"); see outsideOf
}

// langOf names the language related reads a file as, by its extension.
func langOf(p string) string {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".go":
		return "Go"
	case ".py", ".pyi":
		return "Python"
	case ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts":
		return "JavaScript/TypeScript"
	case ".c", ".h", ".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx":
		return "C/C++"
	}
	return ""
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// slash is a path as pages show it: slash-separated, clean. A path a walk
// gives is both already; it is returned as it is, unchecked by Clean (a
// search of a large tree asks for thousands).
func slash(p string) string {
	if filepath.Separator == '/' && p != "" && p[0] != '.' && p[len(p)-1] != '/' && !strings.Contains(p, "/.") && !strings.Contains(p, "//") {
		return p
	}
	return filepath.ToSlash(filepath.Clean(p))
}

// --- Go -----------------------------------------------------------------

// goModule returns the directory of the nearest go.mod above dir and its
// module path; root is "" when there is none. As with go, the nearest
// decides: when it cannot be read (a named pipe, no permission) or
// declares no module, err says so, and the search goes no further up.
func goModule(dir string) (root, module string, err error) {
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
		case !errors.Is(err, ErrIsDir):
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

// goImportPath returns the import path of the package in dir: its
// module's path and the directory below the module (the standard
// library's module "std" has no prefix; below a vendor directory, the
// path after it).
func goImportPath(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	root, mod, _ := goModule(abs)
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
		root, mod, _ := goModule(d)
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
		return slash(target)
	}
	rel, err := filepath.Rel(dirAbs, target)
	if err != nil {
		return slash(target)
	}
	return slash(filepath.Join(dir, rel))
}

// goImports reads a Go file's imports with go/parser.
func goImports(p string, data []byte) ([]imp, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p, data, parser.ImportsOnly)
	if f == nil {
		return nil, err
	}
	var out []imp
	for _, s := range f.Imports {
		spec, err := strconv.Unquote(s.Path.Value)
		if err != nil || spec == "C" {
			continue
		}
		out = append(out, imp{line: fset.PositionFor(s.Pos(), false).Line, spec: spec, to: goResolve(filepath.Dir(p), spec)})
	}
	return out, nil
}

// goTests returns the test files of a Go file's package: its own
// (name_test.go) first.
func goTests(p string) []string {
	dir := filepath.Dir(p)
	entries, _ := os.ReadDir(dir)
	own := strings.TrimSuffix(filepath.Base(p), ".go") + "_test.go"
	var out []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, "_test.go") && e.Type().IsRegular() && n != filepath.Base(p) {
			out = append(out, slash(filepath.Join(dir, n)))
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

// --- Python -------------------------------------------------------------

var (
	pyImport = regexp.MustCompile(`^\s*import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)`)
	pyFrom   = regexp.MustCompile(`^\s*from\s+(\.*[\w.]*)\s+import\s+\(?\s*([\w\s,*]+)`)
)

// pyRoot returns the directory Python would import the package holding
// dir from: above the last of its parents that has an __init__.py.
func pyRoot(dir string) string {
	for isFile(filepath.Join(dir, "__init__.py")) {
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return dir
}

// pyModule returns the dotted name of a Python file's module.
func pyModule(p string) string {
	root := pyRoot(filepath.Dir(p))
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return ""
	}
	rel = strings.TrimSuffix(strings.TrimSuffix(filepath.ToSlash(rel), ".py"), ".pyi")
	rel = strings.TrimSuffix(rel, "/__init__")
	return strings.ReplaceAll(rel, "/", ".")
}

// pyResolve returns the file a module's dotted name resolves to, seen from
// a file in dir: relative ("." and "..") from dir's package, else from the
// root of dir's package, else from dir itself (a script's directory), else
// from the roots given (where a test run would put the package under
// test on the path).
func pyResolve(dir, spec string, roots ...string) string {
	dots := len(spec) - len(strings.TrimLeft(spec, "."))
	name := strings.ReplaceAll(spec[dots:], ".", string(filepath.Separator))
	var bases []string
	if dots > 0 {
		b := dir
		for range dots - 1 {
			b = filepath.Dir(b)
		}
		bases = []string{b}
	} else {
		bases = append([]string{pyRoot(dir), dir}, roots...)
	}
	for _, b := range bases {
		for _, c := range []string{filepath.Join(b, name+".py"), filepath.Join(b, name, "__init__.py")} {
			if name == "" {
				c = filepath.Join(b, "__init__.py")
			}
			if isFile(c) {
				return slash(c)
			}
		}
	}
	return ""
}

// pyImportsOf returns the imports a line of Python makes: each module,
// and for "from M import a, b" the submodules a and b of M where they are
// files of the tree.
func pyImportsOf(dir, line string, n int, roots ...string) []imp {
	var out []imp
	if m := pyImport.FindStringSubmatch(line); m != nil {
		for _, part := range strings.Split(m[1], ",") {
			spec := strings.Fields(part)[0]
			out = append(out, imp{line: n, spec: spec, to: pyResolve(dir, spec, roots...)})
		}
		return out
	}
	m := pyFrom.FindStringSubmatch(line)
	if m == nil {
		return nil
	}
	mod := m[1]
	base := imp{line: n, spec: mod, to: pyResolve(dir, mod, roots...)}
	sub := false
	for _, part := range strings.Split(m[2], ",") {
		f := strings.Fields(part)
		if len(f) == 0 || f[0] == "*" {
			continue
		}
		spec := mod + "." + f[0]
		if strings.HasSuffix(mod, ".") {
			spec = mod + f[0]
		}
		if to := pyResolve(dir, spec, roots...); to != "" {
			out = append(out, imp{line: n, spec: spec, to: to})
			sub = true
		}
	}
	if !sub || base.to != "" && !strings.HasSuffix(base.to, "__init__.py") {
		out = append([]imp{base}, out...)
	}
	return out
}

func pyImports(p string, data []byte, roots ...string) []imp {
	var out []imp
	dir := filepath.Dir(p)
	for n, line := range bytes.Split(data, []byte{'\n'}) {
		if t := bytes.TrimLeft(line, " \t"); bytes.HasPrefix(t, []byte("import ")) || bytes.HasPrefix(t, []byte("from ")) {
			out = append(out, pyImportsOf(dir, string(line), n+1, roots...)...)
		}
	}
	return out
}

// --- C and C++ ----------------------------------------------------------

var cInclude = regexp.MustCompile(`^\s*#\s*include\s*([<"])([^>"]+)[>"]`)

// cLookup is where the includes of one file are looked for: found once,
// at its first include that needs them, for all the rest (the walk up to
// the project's top, the project's compilation database).
type cLookup struct {
	file   string
	looked bool
	dirs   []string // the file's directory and those above it to the top, named as file is
	dbDirs []string // the include directories the database gives the file (absolute)
}

// resolve returns the file an include names, looked for as the project's
// build looks: a quoted one first beside the including file; then in the
// include directories the project's compilation database gives the file
// (see ccdbFor); then, as a build most often has its compiler look, in
// each directory from the file's up to the project's top, and in the
// include/ and src/ beside each (-I., -Iinclude, -Isrc). An include found
// nowhere there is not resolved; in angle brackets, it is a system header.
func (l *cLookup) resolve(spec string, quoted bool) string {
	spec = filepath.FromSlash(spec)
	if quoted {
		if c := filepath.Join(filepath.Dir(l.file), spec); isFile(c) {
			return slash(c)
		}
	}
	if !l.looked {
		l.looked = true
		var top string
		l.dirs, top = cSearchDirs(filepath.Dir(l.file))
		if db := ccdbFor(top); db != nil {
			if abs, err := filepath.Abs(l.file); err == nil {
				l.dbDirs = db.dirsFor(abs)
			}
		}
	}
	for _, d := range l.dbDirs {
		if c := filepath.Join(d, spec); isFile(c) {
			return slash(namedAs(c, l.file))
		}
	}
	for _, d := range l.dirs {
		for _, sub := range [...]string{"", "include", "src"} {
			if c := filepath.Join(d, sub, spec); isFile(c) {
				return slash(c)
			}
		}
	}
	return ""
}

// namedAs returns abs, an absolute path, named as like is: relative to the
// working directory when like is relative.
func namedAs(abs, like string) string {
	if filepath.IsAbs(like) {
		return abs
	}
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, abs); err == nil {
			return r
		}
	}
	return abs
}

// cSearchDirs returns dir and the directories above it up to the top of
// its project: the nearest that holds .git; without one, the working
// directory when it holds dir, else dir alone. Never above: a tree under
// /usr/src must not find /usr/include's headers its own. They are named as
// dir is; top, the last, is absolute.
func cSearchDirs(dir string) (dirs []string, top string) {
	abs, err := filepath.Abs(dir)
	wd, werr := os.Getwd()
	if err != nil || werr != nil {
		return []string{dir}, dir
	}
	for d := abs; ; {
		dirs = append(dirs, d)
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			break
		}
		up := filepath.Dir(d)
		if up == d || len(dirs) == 32 {
			// No .git above: as far as the working directory, when the
			// file is below it.
			if i := slices.Index(dirs, wd); i >= 0 {
				dirs = dirs[:i+1]
			} else {
				dirs = dirs[:1]
			}
			break
		}
		d = up
	}
	top = dirs[len(dirs)-1]
	if !filepath.IsAbs(dir) {
		for i, d := range dirs {
			if r, err := filepath.Rel(wd, d); err == nil {
				dirs[i] = r
			}
		}
	}
	return dirs, top
}

// cImports reads a C or C++ file's includes; when only is not "", only
// the includes of a file of that name are resolved (the importers of a
// header need no others).
func cImports(p string, data []byte, only ...string) []imp {
	var out []imp
	look := cLookup{file: p}
	for n, line := range bytes.Split(data, []byte{'\n'}) {
		if m := cInclude.FindSubmatch(line); m != nil {
			spec := string(m[2])
			i := imp{line: n + 1, spec: spec}
			if len(only) == 0 || path.Base(spec) == only[0] {
				i.to = look.resolve(spec, m[1][0] == '"')
			}
			if i.to == "" && m[1][0] == '<' {
				i.outside = "system header"
			}
			out = append(out, i)
		}
	}
	return out
}

// importsOf reads the imports of a file in one of the languages related
// knows.
func importsOf(lang, p string, data []byte, js *jsResolver) ([]imp, error) {
	switch lang {
	case "Go":
		return goImports(p, data)
	case "Python":
		return pyImports(p, data), nil
	case "JavaScript/TypeScript":
		return js.imports(p, data), nil
	case "C/C++":
		return cImports(p, data), nil
	}
	return nil, nil
}

// sameFile reports whether two paths name one file (or directory).
func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// importersSearch is the search that finds the candidate importers of a
// file: the pattern and the file types; each candidate's imports are then
// read and resolved, and kept when one is the file (or, in Go, its
// package's directory).
func importersSearch(lang, p string) (pattern string, fixed bool, types []string, target string) {
	base := filepath.Base(p)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	switch lang {
	case "Go":
		ip := goImportPath(filepath.Dir(p))
		if ip == "" {
			return "", false, nil, ""
		}
		return strconv.Quote(ip), true, []string{"go"}, filepath.Dir(p)
	case "Python":
		if stem == "__init__" {
			stem = filepath.Base(filepath.Dir(p))
		}
		return `^\s*(from|import)\s.*\b` + regexp.QuoteMeta(stem) + `\b`, false, []string{"py"}, p
	case "JavaScript/TypeScript":
		if stem == "index" {
			stem = filepath.Base(filepath.Dir(p))
		}
		stem = strings.TrimSuffix(stem, ".d")
		named := `[^'"]*\b` + regexp.QuoteMeta(stem) + `(\.[a-z]+)?`
		if name := jsPackageOf(p); name != "" {
			named = "(" + named + "|" + regexp.QuoteMeta(name) + ")" // the package's entry, imported by its name
		}
		return `['"]` + named + `['"]`, false, []string{"js", "ts"}, p
	case "C/C++":
		return `^\s*#\s*include\s*[<"]([^">]*/)?` + regexp.QuoteMeta(base) + `[">]`, false, []string{"c", "cpp"}, p
	}
	return "", false, nil, ""
}

// testsGlob returns the glob, on base names, of the tests of a file in
// Python or JavaScript/TypeScript (Go's are its package's _test files).
func testsGlob(lang, p string) string {
	base := filepath.Base(p)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	switch lang {
	case "Python":
		if stem == "__init__" {
			stem = filepath.Base(filepath.Dir(p))
		}
		return "{test_" + stem + ".py,test_" + stem + "_*.py," + stem + "_test.py}"
	case "JavaScript/TypeScript":
		if stem == "index" {
			stem = filepath.Base(filepath.Dir(p))
		}
		return "{" + stem + ".test.*," + stem + ".spec.*}"
	}
	return ""
}

// keepImporter reports whether a candidate importer's imports name the
// target, and on which line.
func keepImporter(ctx context.Context, lang, cand, target string, js *jsResolver) (int, bool) {
	if ctx.Err() != nil {
		return 0, false
	}
	data, err := readRegular(cand, maxConfig)
	if err != nil {
		return 0, false
	}
	var imps []imp
	switch lang {
	case "Python":
		// A test imports the package under test from its root.
		imps = pyImports(cand, data, pyRoot(filepath.Dir(target)))
	case "C/C++":
		imps = cImports(cand, data, filepath.Base(target))
	default:
		imps, _ = importsOf(lang, cand, data, js)
	}
	for _, i := range imps {
		if sameFile(i.to, target) {
			return i.line, true
		}
	}
	return 0, false
}
