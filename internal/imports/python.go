package imports

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
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

// PyBinding is a name a Python file's imports bind. Name is what the
// file calls it by. "import a.b as n" binds n to Module a.b; "import a.b"
// binds a to Module a (a.b is reached through it); "from m import x as
// n" binds n to Attr x of Module m (a function, a class, or a submodule).
type PyBinding struct {
	Name, Module, Attr string
}

// Bound returns the name the binding binds.
func (b PyBinding) Bound() string { return b.Name }

// PyBindings reads the names the import statements of a Python file
// bind, in line order (a name bound twice is listed twice). A "from …
// import (" list may go on over the lines that follow, to its ")".
func PyBindings(data []byte) []PyBinding {
	var out []PyBinding
	pos := 0
	next := func() []byte { // the line at pos, which goes past it
		line := data[pos:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
			pos += i + 1
		} else {
			pos = len(data)
		}
		return line
	}
	// Only the lines that hold "import" are looked at, found as one
	// search finds them (most lines of a file hold none).
	for {
		i := bytes.Index(data[pos:], []byte("import"))
		if i < 0 {
			break
		}
		pos = bytes.LastIndexByte(data[:pos+i], '\n') + 1
		raw := next()
		if t := bytes.TrimLeft(raw, " \t"); !bytes.HasPrefix(t, []byte("import ")) && !bytes.HasPrefix(t, []byte("from ")) {
			continue
		}
		line := strings.TrimSpace(pyCode(raw))
		for continued(raw) && pos < len(data) { // a "\" joins the next line
			raw = next()
			line += " " + strings.TrimSpace(pyCode(raw))
		}
		switch {
		case strings.HasPrefix(line, "import "):
			for _, part := range strings.Split(line[len("import "):], ",") {
				switch f := strings.Fields(part); {
				case len(f) == 3 && f[1] == "as":
					out = append(out, PyBinding{Name: f[2], Module: f[0]})
				case len(f) == 1:
					first, _, _ := strings.Cut(f[0], ".")
					out = append(out, PyBinding{Name: first, Module: first})
				}
			}
		case strings.HasPrefix(line, "from "):
			mod, names, ok := strings.Cut(line[len("from "):], " import ")
			if !ok {
				continue
			}
			mod, names = strings.TrimSpace(mod), strings.TrimSpace(names)
			if mod == "" {
				continue
			}
			if strings.HasPrefix(names, "(") {
				for !strings.Contains(names, ")") && pos < len(data) {
					names += " " + strings.TrimSpace(pyCode(next()))
				}
				names = strings.Trim(names, "() ")
			}
			for _, part := range strings.Split(names, ",") {
				switch f := strings.Fields(part); {
				case len(f) == 3 && f[1] == "as":
					out = append(out, PyBinding{Name: f[2], Module: mod, Attr: f[0]})
				case len(f) == 1 && f[0] != "*":
					out = append(out, PyBinding{Name: f[0], Module: mod, Attr: f[0]})
				}
			}
		}
	}
	return slices.DeleteFunc(out, func(b PyBinding) bool { return !isPyName(b.Name) })
}

// isPyModule reports whether s is a module as an import names one:
// names joined by ".", after any "." of a relative import ("." alone too).
func isPyModule(s string) bool {
	rest := strings.TrimLeft(s, ".")
	if rest == "" {
		return s != ""
	}
	for p := range strings.SplitSeq(rest, ".") {
		if !isPyName(p) {
			return false
		}
	}
	return true
}

// isPyName reports whether s is a name as Python writes one: letters,
// digits and "_", not starting with a digit.
func isPyName(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// continued reports whether a line of Python ends with a "\\": the next
// line goes on with its statement.
func continued(line []byte) bool {
	if bytes.IndexByte(line, '#') >= 0 {
		return false // a comment runs to the line's end
	}
	return bytes.HasSuffix(bytes.TrimRight(line, " \t\r"), []byte{'\\'})
}

// pyCode returns a line of Python without its comment and line
// continuation (a "#" in a string is taken for a comment: import lines
// hold no strings).
func pyCode(line []byte) string {
	if i := bytes.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSuffix(strings.TrimRight(string(line), " \t\r"), "\\")
}

// PyResolve returns the file of the tree a Python module's dotted name
// resolves to, seen from file p (relative names from its package), as
// Import.To names it: "" when it is not in the tree. Roots are where to
// look last (a project's top, which Python's path holds when it runs).
func PyResolve(p, spec string, roots ...string) string {
	return pyResolve(filepath.Dir(p), spec, roots...)
}

// PyTop is what a Python module's text says of the names at its top:
// those it defines, and the imports that may bring others (a package's
// __init__.py that re-exports its submodules' functions: "from .tasks
// import *", "from .tasks import sleep").
type PyTop struct {
	Defines  map[string][]int // the lines (from 1) where a def, a class or an assignment at its top, or in an if or try block there, defines each name
	Bindings []PyBinding      // as PyBindings reads them
	Stars    []string         // the modules of its "from m import *", in line order
}

// ReadPyTop reads the Python module at path (a regular file of at
// most 4 MiB) for ParsePyTop.
func ReadPyTop(path string) (PyTop, error) {
	data, err := readConfig(path)
	if err != nil {
		return PyTop{}, err
	}
	return ParsePyTop(data), nil
}

// ParsePyTop reads the names a module's text defines at its top and
// the imports that bind others, by its lines: a statement at the start of
// a line, or indented once under one there that opens an if, elif, else,
// try, except, finally or with block. A function's or a class's body is
// not the module's top.
func ParsePyTop(data []byte) PyTop {
	m := PyTop{Defines: map[string][]int{}, Bindings: PyBindings(data)}
	block := false // the last line at the start opens an if or try block
	body := -1     // the indentation of that block's body; -1: not seen yet
	number := 0
	for line := range bytes.Lines(data) {
		number++
		t := bytes.TrimLeft(line, " \t")
		if len(t) == 0 || t[0] == '#' || t[0] == '\n' || t[0] == '\r' {
			continue
		}
		indent := len(line) - len(t)
		if indent == 0 {
			first, _, _ := bytes.Cut(t, []byte(" "))
			first = bytes.TrimRight(first, ":\r\n")
			block = slices.Contains([]string{"if", "elif", "else", "try", "except", "finally", "with"}, string(first))
			body = -1
		} else {
			if !block {
				continue
			}
			if body < 0 {
				body = indent
			}
			if indent != body {
				continue
			}
		}
		if n := pyDefined(t); n != "" {
			m.Defines[n] = append(m.Defines[n], number)
		}
		// The suffix is cut from what follows "from " alone: in "from
		// import *" the two overlap.
		if rest, ok := strings.CutPrefix(strings.TrimSpace(pyCode(t)), "from "); ok {
			if mod, ok := strings.CutSuffix(rest, " import *"); ok && isPyModule(strings.TrimSpace(mod)) {
				m.Stars = append(m.Stars, strings.TrimSpace(mod))
			}
		}
	}
	return m
}

// pyDefined returns the name a statement defines: def's, async def's or
// class's, or the one name an assignment sets ("x = …", "x: T = …"; not
// "x == y", "x.y = …" nor "a, b = …"); "" for none.
func pyDefined(t []byte) string {
	for _, kw := range []string{"def ", "async def ", "class "} {
		if rest, ok := bytes.CutPrefix(t, []byte(kw)); ok {
			return pyNameAt(bytes.TrimLeft(rest, " \t"))
		}
	}
	n := pyNameAt(t)
	rest := bytes.TrimLeft(t[len(n):], " \t")
	switch {
	case n == "" || len(rest) == 0:
		return ""
	case rest[0] == ':' && !bytes.HasPrefix(rest, []byte(":=")),
		rest[0] == '=' && !bytes.HasPrefix(rest, []byte("==")):
		return n
	}
	return ""
}

// pyNameAt returns the name at the start of b, "" when none is there.
func pyNameAt(b []byte) string {
	end := 0
	for end < len(b) && (b[end] == '_' || b[end] >= 'a' && b[end] <= 'z' || b[end] >= 'A' && b[end] <= 'Z' || b[end] >= 0x80 || end > 0 && b[end] >= '0' && b[end] <= '9') {
		end++
	}
	if n := string(b[:end]); isPyName(n) && !pyKeywords[n] {
		return n
	}
	return ""
}

// pyKeywords are the words that open a statement, never a name it sets.
var pyKeywords = map[string]bool{"if": true, "elif": true, "else": true, "try": true, "except": true, "finally": true, "with": true,
	"for": true, "while": true, "return": true, "import": true, "from": true, "def": true, "class": true, "pass": true, "raise": true,
	"del": true, "global": true, "nonlocal": true, "assert": true, "lambda": true, "yield": true, "async": true, "await": true,
	"not": true, "and": true, "or": true, "in": true, "is": true, "break": true, "continue": true} // not match nor case: "match = …" sets a name
