package scout

import (
	"bytes"
	"path"
	"strings"
	"sync"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
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
	gr    *goResolver
	read  bool
	names map[string]*imports.Import // by the name the file calls each
	pkgs  map[string]*page.Package   // resolved, by name
}

// goResolver resolves Go imports to the tree for one search, each import
// path once for each directory that imports it: many files of a
// directory import one package, and resolving it walks up to the go.mod.
// Its methods are safe to call at once.
type goResolver struct {
	mods *imports.GoModules
	mu   sync.Mutex
	dir  map[[2]string]string // directory and import path → Import.To
}

func newGoResolver() *goResolver {
	return &goResolver{mods: imports.NewGoModules(), dir: map[[2]string]string{}}
}

// resolve returns the directory of the tree an import of the Go file p
// names (see imports.GoResolve).
func (r *goResolver) resolve(p, spec string) string {
	k := [2]string{path.Dir(p), spec}
	r.mu.Lock()
	to, ok := r.dir[k]
	r.mu.Unlock()
	if !ok {
		to = r.mods.Resolve(p, spec)
		r.mu.Lock()
		r.dir[k] = to
		r.mu.Unlock()
	}
	return to
}

// qualifier returns the qualifier of a file, nil when it is not Go.
func (r *goResolver) qualifier(p string, data []byte) *goQualifier {
	if !strings.HasSuffix(p, ".go") {
		return nil
	}
	return &goQualifier{path: p, data: data, gr: r}
}

// at says what the use of a name at byte start is qualified by: the
// package it names by an import (pkg), or, when it is not qualified at
// all (Get(x), not c.Get(x) nor f().Get(x)), local. A use qualified by
// anything else (a value, a type, a package the file does not import by
// that name) is neither: it is matched by name alone.
func (q *goQualifier) at(start int) (pkg *page.Package, local bool) {
	if q == nil {
		return nil, false
	}
	qual, dotted := qualifierAt(q.data, start)
	if !dotted {
		return nil, true
	}
	if qual == "" {
		return nil, false
	}
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
		return nil, false
	}
	if p, ok := q.pkgs[qual]; ok {
		return p, false
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
	return p, false
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

// ownPackage marks each Go call or use not qualified at all (Local) that
// sits in a directory holding a definition of the name with that
// directory: Sum256(x) in crypto/sha256 is crypto/sha256's Sum256. When
// the definitions are in one directory, that says nothing new, and the
// lines are left as they are.
func ownPackage(defs []page.File, files []page.File) {
	dirs := map[string]bool{}
	var list []string
	for _, f := range defs {
		if d := path.Dir(f.Path); !dirs[d] {
			dirs[d] = true
			list = append(list, d)
		}
	}
	for _, f := range files {
		d := path.Dir(f.Path)
		for i, l := range f.Lines {
			switch {
			case l.Local && dirs[d] && len(dirs) > 1:
				f.Lines[i].Package = &page.Package{Dir: d}
			case l.Package != nil && l.Package.Dir == "" && l.Package.Outside == "":
				// Not resolved (no go.mod): the definitions' directory
				// its import path ends with, when one does best.
				if at := byTail(l.Package.Import, list, func(d string) string { return d }); len(at) == 1 {
					p := *l.Package
					p.Dir = at[0]
					f.Lines[i].Package = &p
				}
			}
		}
	}
}

// byTail returns the items whose directory (dir of each) ends with the
// most path elements of a Go import path, at least its last one: where a
// package whose import was not resolved (a tree with no go.mod) may be.
func byTail[T any](spec string, items []T, dir func(T) string) []T {
	var best []T
	most := 0
	for _, it := range items {
		n := tail(spec, dir(it))
		switch {
		case n == 0 || n < most:
		case n > most:
			best, most = []T{it}, n
		default:
			best = append(best, it)
		}
	}
	return best
}

// tail counts the last path elements of a and b that are the same.
func tail(a, b string) int {
	n := 0
	for a != "" && b != "" && a != "." && b != "." {
		ea, eb := path.Base(a), path.Base(b)
		if ea != eb || ea == "/" || ea == ".." {
			break
		}
		n++
		a, b = path.Dir(a), path.Dir(b)
	}
	return n
}

// ofPackage keeps, for a search of pkg.Name (qual is pkg), the Go
// definitions of Name in a package named pkg and the calls or uses marked
// with such a package, or not qualified at all in a directory that holds
// one of those definitions (marking them with it). It returns how many
// calls or uses it left out.
func ofPackage(files, defs []page.File, qual string) (kept, keptDefs []page.File, left int) {
	named := func(p *page.Package) bool {
		if p.Import != "" {
			return imports.GoName(p.Import) == qual || path.Base(p.Import) == qual
		}
		return path.Base(p.Dir) == qual
	}
	dirs := map[string]bool{}
	for _, f := range files {
		for _, l := range f.Lines {
			if l.Package != nil && l.Package.Dir != "" && named(l.Package) {
				dirs[l.Package.Dir] = true
			}
		}
	}
	for _, f := range defs {
		d := path.Dir(f.Path)
		if !strings.HasSuffix(f.Path, ".go") || !dirs[d] && path.Base(d) != qual {
			continue
		}
		// pkg.Name is no method: only the package's own names.
		var lines []page.Line
		for _, l := range f.Lines {
			if l.Kind != "method" && l.Depth == 0 {
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			dirs[d] = true
			keptDefs = append(keptDefs, page.File{Path: f.Path, Lines: lines})
		}
	}
	for _, f := range files {
		var lines []page.Line
		d := path.Dir(f.Path)
		for _, l := range f.Lines {
			switch {
			case l.Package != nil && named(l.Package):
			case l.Local && dirs[d] && keptDefs != nil:
				l.Package = &page.Package{Dir: d}
			default:
				left++
				continue
			}
			lines = append(lines, l)
		}
		if len(lines) > 0 {
			kept = append(kept, page.File{Path: f.Path, Lines: lines})
		}
	}
	return kept, keptDefs, left
}
