package imports

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// Compiled on first use (as the other patterns of this package are): at
// start-up they cost every command, most of which never read an import.
var (
	pyImport = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\s*import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)`)
	})
	pyFrom = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\s*from\s+(\.*[\w.]*)\s+import\s+\(?\s*([\w\s,*]+)`)
	})
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

// PyModule returns the dotted name of a Python file's module.
func PyModule(p string) string {
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
				return filepath.ToSlash(c)
			}
		}
	}
	return ""
}

// pyImportsOf returns the imports a line of Python makes: each module,
// and for "from M import a, b" the submodules a and b of M where they are
// files of the tree.
func pyImportsOf(dir, line string, n int, roots ...string) []Import {
	var out []Import
	if m := pyImport().FindStringSubmatch(line); m != nil {
		for _, part := range strings.Split(m[1], ",") {
			spec := strings.Fields(part)[0]
			out = append(out, Import{Line: n, Spec: spec, To: pyResolve(dir, spec, roots...)})
		}
		return out
	}
	m := pyFrom().FindStringSubmatch(line)
	if m == nil {
		return nil
	}
	mod := m[1]
	base := Import{Line: n, Spec: mod, To: pyResolve(dir, mod, roots...)}
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
			out = append(out, Import{Line: n, Spec: spec, To: to})
			sub = true
		}
	}
	if !sub || base.To != "" && !strings.HasSuffix(base.To, "__init__.py") {
		out = append([]Import{base}, out...)
	}
	return out
}

func pyImports(p string, data []byte, roots ...string) []Import {
	var out []Import
	dir := filepath.Dir(p)
	for n, line := range bytes.Split(data, []byte{'\n'}) {
		if t := bytes.TrimLeft(line, " \t"); bytes.HasPrefix(t, []byte("import ")) || bytes.HasPrefix(t, []byte("from ")) {
			out = append(out, pyImportsOf(dir, string(line), n+1, roots...)...)
		}
	}
	return out
}
