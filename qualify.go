package scout

import (
	"bytes"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// goQualifier tells, for the calls and uses of a name in one Go file,
// which package each names: sha256.Sum256 names the package the file
// imports as sha256, Sum256 alone the file's own. The file's imports
// are read on the first qualified use, each resolved to the tree on its
// first use: a file of a thousand calls of methods reads them once, and
// most files name one package.
type goQualifier struct {
	path  string
	data  []byte
	gr    *resolver
	read  bool
	names map[string]*imports.Import // by the name the file calls each
	pkgs  map[string]*page.Package   // resolved, by name
}

// resolver resolves the imports of Go and Python files to the tree for
// one search, each once for each directory that imports it: many files
// of a directory import one package, and resolving a Go import walks up
// to the go.mod. Its methods are safe to call at once.
type resolver struct {
	mods   *imports.GoModules
	js     *imports.Resolver // JavaScript's and TypeScript's configurations read so far
	mu     sync.Mutex
	dir    map[[3]string]string      // language, directory and import → where it resolves
	tops   map[string]*imports.PyTop // a Python module's file → what its top defines and imports
	defs   map[[2]string]string      // a Python or JavaScript module's file and a name → the module that defines it
	jsMods map[string]*jsModule      // a JavaScript or TypeScript module's file → what it defines and exports
	roots  []string                  // the search's paths, cleaned and slash-separated
}

// newResolver returns a resolver for a search of paths (none: ".").
func newResolver(paths []string) *resolver {
	r := &resolver{mods: imports.NewGoModules(), js: imports.NewResolver(), dir: map[[3]string]string{}, tops: map[string]*imports.PyTop{}, defs: map[[2]string]string{}}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	for _, p := range paths {
		r.roots = append(r.roots, path.Clean(filepath.ToSlash(p)))
	}
	return r
}

// pyTops returns where an absolute import of Python file p is looked for
// last, as on Python's path when the project's code runs (a script in a
// directory with no __init__.py imports the project's modules so): the
// search path p was found under (its directory, when that path is the
// file), then, for a path relative to the working directory, that
// directory, where a project's code is run from. Not the working
// directory of a search of an absolute path: it may be anywhere, and
// nothing outside the search names a call's module.
func (r *resolver) pyTops(p string) []string {
	var tops []string
	if root, ok := r.rootOf(p); ok {
		tops = append(tops, root)
	}
	if !path.IsAbs(p) && !slices.Contains(tops, ".") {
		tops = append(tops, ".")
	}
	return tops
}

// rootOf returns the directory of the first search path that holds file
// p: the path itself, or its directory when the path is the file.
func (r *resolver) rootOf(p string) (string, bool) {
	for _, root := range r.roots {
		switch {
		case p == root:
			return path.Dir(root), true
		case root == "." && !path.IsAbs(p), strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/"):
			return root, true
		}
	}
	return "", false
}

// resolve returns where an import of file p resolves in the tree: a Go
// import's directory (see imports.GoResolve), a Python module's file
// (imports.PyResolve), a JavaScript or TypeScript module's file (as
// related resolves it); "" when it is not in the tree.
func (r *resolver) resolve(p, spec string) string {
	lang := imports.Lang(p)
	k := [3]string{lang, path.Dir(p), spec}
	r.mu.Lock()
	to, ok := r.dir[k]
	r.mu.Unlock()
	if !ok {
		switch lang {
		case "Go":
			to = r.mods.Resolve(p, spec)
		case "JavaScript/TypeScript":
			to = r.js.JSResolve(p, spec)
		default:
			to = imports.PyResolve(p, spec, r.pyTops(p)...)
		}
		r.mu.Lock()
		r.dir[k] = to
		r.mu.Unlock()
	}
	return to
}

// qualifier tells what package or module each use of a name in a file
// names (see goQualifier.at).
type qualifier interface {
	at(start int) (pkg *page.Package, local bool)
}

// noQualifier is a file's in a language whose uses name no package here.
type noQualifier struct{}

func (noQualifier) at(int) (*page.Package, bool) { return nil, false }

// qualifier returns the qualifier of file p, whose content is data.
func (r *resolver) qualifier(p string, data []byte) qualifier {
	switch {
	case strings.HasSuffix(p, ".go"):
		return &goQualifier{path: p, data: data, gr: r}
	case strings.HasSuffix(p, ".py") || strings.HasSuffix(p, ".pyi") || strings.HasSuffix(p, ".pyw") || syntax.GrammarOf(p, data) == "python":
		// A script with no extension, its "#!" line running Python
		// (syntax.GrammarOf), too: its imports resolve as a module's.
		return &pyQualifier{path: p, data: data, r: r}
	case imports.Lang(p) == "JavaScript/TypeScript":
		return &jsQualifier{path: p, data: data, r: r}
	}
	return noQualifier{}
}

// at says what the use of a name at byte start is qualified by: the
// package it names by an import (pkg), or, when it is not qualified at
// all (Get(x), not c.Get(x) nor f().Get(x)), local. A use qualified by
// anything else (a value, a type, a package the file does not import by
// that name) is neither: it is matched by name alone.
func (q *goQualifier) at(start int) (pkg *page.Package, local bool) {
	qual, dotted := qualifierAt(q.data, start)
	if !dotted {
		return nil, true
	}
	if qual == "" {
		return nil, false
	}
	return q.named(qual), false
}

// named returns the package the file imports as name; nil when it
// imports none so.
func (q *goQualifier) named(qual string) *page.Package {
	if !q.read {
		q.read = true
		imps, _ := imports.GoImportsOf(q.path, q.data) // those before a syntax error serve
		for i := range imps {
			if n := imps[i].Name; n != "_" && n != "." && n != "" {
				if q.names == nil {
					q.names = map[string]*imports.Import{}
				}
				q.names[n] = &imps[i]
			}
		}
	}
	imp := q.names[qual]
	if imp == nil {
		return nil
	}
	if p, ok := q.pkgs[qual]; ok {
		return p
	}
	p := &page.Package{Import: imp.Spec}
	if to := q.gr.resolve(q.path, imp.Spec); to != "" {
		p.Dir = path.Clean(to)
	} else {
		p.Outside = imports.Outside("Go", imp.Spec)
	}
	if q.pkgs == nil {
		q.pkgs = map[string]*page.Package{}
	}
	q.pkgs[qual] = p
	return p
}

// qualifierAt returns what is written just before the name at byte start
// of a Go source: dotted when a "." precedes it (spaces and line breaks
// between them allowed, as Go allows them), with the identifier before
// that "." (qual; "" when something else is there: a call's ")", an
// index's "]").
func qualifierAt(src []byte, start int) (qual string, dotted bool) {
	i := start
	for i > 0 && isSpace(src[i-1]) {
		i--
	}
	if i == 0 || src[i-1] != '.' {
		return "", false
	}
	if i < start && bytes.IndexByte(src[i:start], '\n') >= 0 {
		// A "." that ends the line before: a selector split after it, or
		// the end of a sentence in a comment.
		if ls := bytes.LastIndexByte(src[:i], '\n') + 1; bytes.Contains(src[ls:i], []byte("//")) {
			return "", false
		}
	}
	i--
	for i > 0 && isSpace(src[i-1]) {
		i--
	}
	end := i
	for i > 0 && isIdentByte(src[i-1]) {
		i--
	}
	if i == end || src[i] >= '0' && src[i] <= '9' {
		return "", true
	}
	if i > 0 && src[i-1] == '.' { // a.b.Name: b is a field, not a package
		return "", true
	}
	return string(src[i:end]), true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// pyDefiner returns the file of the module that defines name, seen from
// the module in file f: f itself when its top defines name, else the
// module its imports bring name from ("from .tasks import sleep", "from
// .tasks import *" in asyncio/__init__.py), followed to where name is
// defined. It is f when no module on the way defines name (or one cannot
// be read): a name it sets some other way stays its own.
func (r *resolver) pyDefiner(f, name string) string {
	return r.definedIn(f, name, r.definer)
}

// definedIn returns what walk finds for name from the module in file f
// (f when it finds nothing), once per search for each.
func (r *resolver) definedIn(f, name string, walk func(f, name string, depth int, seen map[string]bool) (string, bool)) string {
	k := [2]string{f, name}
	r.mu.Lock()
	to, ok := r.defs[k]
	r.mu.Unlock()
	if ok {
		return to
	}
	to, found := walk(f, name, 0, map[string]bool{})
	if !found {
		to = f
	}
	r.mu.Lock()
	r.defs[k] = to
	r.mu.Unlock()
	return to
}

// maxReexports is the most imports pyDefiner follows a name through, one
// from another.
const maxReexports = 8

// definer is pyDefiner's walk, depth imports from where it started; seen
// holds the modules it went through.
func (r *resolver) definer(f, name string, depth int, seen map[string]bool) (string, bool) {
	if seen[f] || depth > maxReexports {
		return "", false
	}
	seen[f] = true
	top := r.pyTop(f)
	if len(top.Defines[name]) > 0 {
		return f, true
	}
	for i := len(top.Bindings) - 1; i >= 0; i-- { // the last binding of a name wins
		b := top.Bindings[i]
		if b.Name != name {
			continue
		}
		if b.Attr == "" || r.resolve(f, pyJoin(b.Module, b.Attr)) != "" {
			return "", false // a module, not a name in one
		}
		if g := r.resolve(f, b.Module); g != "" {
			return r.definer(g, b.Attr, depth+1, seen)
		}
		return "", false
	}
	if strings.HasPrefix(name, "_") {
		return "", false // "import *" leaves out the names starting with _
	}
	for _, m := range top.Stars {
		if g := r.resolve(f, m); g != "" {
			if to, ok := r.definer(g, name, depth+1, seen); ok {
				return to, true
			}
		}
	}
	return "", false
}

// pyTop returns what the top of the Python module in file f defines and
// imports, read once per search (nothing, when it cannot be read).
func (r *resolver) pyTop(f string) *imports.PyTop {
	r.mu.Lock()
	t, ok := r.tops[f]
	r.mu.Unlock()
	if ok {
		return t
	}
	top, err := imports.ReadPyTop(f)
	if err != nil {
		top = imports.PyTop{}
	}
	r.mu.Lock()
	r.tops[f] = &top
	r.mu.Unlock()
	return &top
}

// lastBindings holds the last binding of each name a file's imports
// bind, read on the first question.
type lastBindings[B interface{ Bound() string }] struct {
	read  bool
	names map[string]B
}

// get returns the last binding of name among those list reads.
func (l *lastBindings[B]) get(name string, list func() []B) (B, bool) {
	if !l.read {
		l.read = true
		for _, b := range list() {
			if l.names == nil {
				l.names = map[string]B{}
			}
			l.names[b.Bound()] = b
		}
	}
	b, ok := l.names[name]
	return b, ok
}
