package scout

import (
	"path"
	"slices"
	"strings"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
)

// home returns where a file's definitions are its package's or module's
// (page.Home: a Go file's directory, a Python, JavaScript or TypeScript
// file itself); "" for another language.
func home(p string) string {
	switch imports.Lang(p) {
	case "Go", "Python", "JavaScript/TypeScript":
		return page.Home(p)
	}
	return ""
}

// homeOf returns where a package is in the tree: a Go package's
// directory, a Python module's file; "" when it is not in the tree.
func homeOf(p *page.Package) string { return p.Dir + p.File }

// homePackage returns the Package of a home: its directory, or its file.
func homePackage(h string) *page.Package {
	if l := imports.Lang(h); l == "Python" || l == "JavaScript/TypeScript" {
		return &page.Package{File: h}
	}
	return &page.Package{Dir: h}
}

// ownHomes returns the homes of the definitions a use not qualified at
// all may be of: every Go definition's directory; a Python definition's
// file, when it is at the module's top (no method, no nested function).
func ownHomes(defs []page.File) (homes map[string]bool, list []string) {
	homes = map[string]bool{}
	for _, f := range defs {
		h := home(f.Path)
		if h == "" || homes[h] {
			continue
		}
		for _, l := range f.Lines {
			if strings.HasSuffix(f.Path, ".go") || l.Depth == 0 {
				homes[h] = true
				list = append(list, h)
				break
			}
		}
	}
	return homes, list
}

// ownPackage marks each call or use of name not qualified at all (Local)
// that sits in a home of a definition of the name with that home:
// Sum256(x) in crypto/sha256 is crypto/sha256's Sum256, loads(s) in
// json/__init__.py the module's own. When the definitions are in one
// place, that says nothing new, and the lines are left as they are. One
// in no such home, of a built-in's name, is the built-in's: len(b),
// open(f).
func ownPackage(name string, defs []page.File, files []page.File) {
	homes, list := ownHomes(defs)
	places := map[string]bool{}
	for _, f := range defs {
		places[home(f.Path)] = true
	}
	// A Python module's "import *" may bring name only when a module
	// defines it at its top (a stub's, builtins.pyi, is no module's).
	stars := starFiles{}
	if builtins["Python"][name] && slices.ContainsFunc(list, func(h string) bool { return strings.HasSuffix(h, ".py") }) {
		var ps []string
		for _, f := range files {
			if !homes[home(f.Path)] && slices.ContainsFunc(f.Lines, func(l page.Line) bool { return l.Local }) {
				ps = append(ps, f.Path)
			}
		}
		stars.read(ps)
	} else {
		for _, f := range files {
			stars[f.Path] = false
		}
	}
	for _, f := range files {
		h := home(f.Path)
		for i, l := range f.Lines {
			switch {
			case l.Local && homes[h] && len(places) > 1:
				f.Lines[i].Package = homePackage(h)
			case l.Local && isBuiltin(f.Path, name, homes[h], stars):
				f.Lines[i].Package = builtinPackage(f.Path)
			case l.Package != nil && homeOf(l.Package) == "" && l.Package.Outside == "" && strings.HasSuffix(f.Path, ".go"):
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

// packageName returns the name a package or module is called by, as a
// use in file at names it: a Go import path's (see imports.GoName), a
// Python module's last part, a JavaScript or TypeScript module's
// specifier's last part without its extension (./lib/index.js is lib,
// node:fs is fs, require('.') the directory's name: not the file's, which
// may be another module's that the one imported re-exports); one known
// by its place alone, its directory's or file's name.
func packageName(p *page.Package, at string) string {
	lang := imports.Lang(at)
	switch {
	case p.Import != "" && lang == "Python":
		return p.Import[strings.LastIndexByte(p.Import, '.')+1:]
	case lang == "JavaScript/TypeScript" && p.Import != "":
		spec := strings.TrimPrefix(p.Import, "node:")
		if strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") {
			spec = path.Join(path.Dir(at), spec) // require('.') is the directory's
		}
		return moduleBase(spec)
	case p.Import != "":
		return imports.GoName(p.Import)
	case p.File != "":
		return moduleBase(p.File)
	}
	return path.Base(p.Dir)
}

// moduleBase returns the name a module's file or specifier is called by:
// its last part without its extension, the directory's for an index
// (__init__.py, index.js).
func moduleBase(p string) string {
	base := path.Base(p)
	python := false
	for _, ext := range []string{".d.ts", ".py", ".pyi", ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts"} {
		if b, ok := strings.CutSuffix(base, ext); ok {
			base, python = b, strings.HasPrefix(ext, ".py")
			break
		}
	}
	if python && base == "__init__" || !python && base == "index" {
		return path.Base(path.Dir(p))
	}
	return base
}

// ofPackage keeps, for a search of pkg.Name (qual is pkg), the
// definitions of Name in a package or module named pkg (no method's) and
// the calls or uses marked with such a package, or not qualified at all
// where one of those definitions is (marking them with it). It returns
// how many calls or uses it left out.
func ofPackage(files, defs []page.File, qual string) (kept, keptDefs []page.File, left int) {
	homes := map[string]bool{}
	for _, f := range files {
		for _, l := range f.Lines {
			if p := l.Package; p != nil && homeOf(p) != "" && packageName(p, f.Path) == qual {
				homes[homeOf(p)] = true
			}
		}
	}
	for _, f := range defs {
		h := home(f.Path)
		if h == "" || !homes[h] && packageName(homePackage(h), h) != qual {
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
			homes[h] = true
			keptDefs = append(keptDefs, page.File{Path: f.Path, Lines: lines})
		}
	}
	for _, f := range files {
		var lines []page.Line
		h := home(f.Path)
		for _, l := range f.Lines {
			switch {
			case l.Package != nil && packageName(l.Package, f.Path) == qual:
			case l.Local && homes[h] && keptDefs != nil:
				l.Package = homePackage(h)
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

// ownFirst orders the places a page lists (the definitions of a name,
// the files that call it) as grep ranks files, so that the ones it lists
// first are where the project's code is: the project's own (0), then
// stubs that only declare it (.pyi, .d.ts: 1), tests, examples and docs
// (2), vendored copies (4), and what is several of those after each of
// them.
func ownFirst(p string) int {
	n := 0
	if strings.HasSuffix(p, ".pyi") || strings.HasSuffix(p, ".d.ts") {
		n++
	}
	if rank.Test(p) || rank.Docs(p) {
		n += 2
	}
	if rank.Vendored(p) {
		n += 4
	}
	return n
}
