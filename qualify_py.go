package scout

import (
	"strings"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
)

// pyQualifier tells, for the calls and uses of a name in one Python
// file, which module each names by the file's imports: json.loads is of
// the module imported as json, urllib.request.urlopen of urllib.request
// (after "import urllib.request"), urlopen alone of urllib.request after
// "from urllib.request import urlopen". The imports are read on the
// first use that may name one.
type pyQualifier struct {
	path  string
	data  []byte
	r     *resolver
	names lastBindings[imports.PyBinding]
}

// at says what module the use of a name at byte start names: pkg, with
// the module's file when it is in the tree; or, when it is not qualified
// and no import binds it, local (a function of the file, a builtin, a
// local). A use through anything else (self.x, a value) is neither.
func (q *pyQualifier) at(start int) (pkg *page.Package, local bool) {
	chain, dotted := pyChainAt(q.data, start)
	name := nameAt(q.data[start:])
	if !dotted {
		b, ok := q.binding(name)
		if !ok {
			return nil, true
		}
		if q.r.resolve(q.path, pyJoin(b.Module, b.Attr)) != "" {
			return nil, false // a submodule, not what it holds
		}
		pkg, _ := q.imported("", name)
		return pkg, false
	}
	if first, _, _ := strings.Cut(chain, "."); chain == "" || first == "self" || first == "cls" {
		return nil, false // a method's own object, never a module: no need to read the imports
	}
	pkg, _ = q.imported(chain, name)
	return pkg, false
}

// imported returns the module a name written after chain (the dotted
// names before it, "" for none) is of, as the file's imports say: the
// file that defines it when it is in the tree (see defining); bound is
// false when no import binds the chain's first name (or the name).
func (q *pyQualifier) imported(chain, name string) (pkg *page.Package, bound bool) {
	first, rest, _ := strings.Cut(chain, ".")
	if chain == "" {
		first = name
	}
	b, ok := q.binding(first)
	switch {
	case !ok:
		return nil, false
	case chain == "":
		return q.defining(q.module(b.Module), b.Module, b.Attr), true
	}
	mod := pyJoin(b.Module, b.Attr)
	if rest != "" {
		mod += "." + rest
	}
	return q.defining(q.module(mod), mod, name), true
}

// defining returns pkg, the module a use names as mod, with the file of
// the module that defines name in its stead when mod's file only imports
// it from there (asyncio.sleep is defined in asyncio/tasks.py, which
// asyncio/__init__.py imports with "from .tasks import *"). A module
// found for a part of mod alone (a.b.name, where only a is a file) is
// left as it is.
func (q *pyQualifier) defining(pkg *page.Package, mod, name string) *page.Package {
	if pkg.File != "" && pkg.Import == mod && name != "" {
		pkg.File = q.r.pyDefiner(pkg.File, name)
	}
	return pkg
}

// nameAt returns the name (identifier bytes) that starts src.
func nameAt(src []byte) string {
	end := 0
	for end < len(src) && isIdentByte(src[end]) {
		end++
	}
	return string(src[:end])
}

// binding returns the import that binds name in the file, if one does.
func (q *pyQualifier) binding(name string) (imports.PyBinding, bool) {
	return q.names.get(name, func() []imports.PyBinding { return imports.PyBindings(q.data) })
}

// module returns the module a dotted name is in: the longest part of it
// that is a module's file in the tree (json.decoder.JSONDecoder is in
// json/decoder.py), else the name itself, outside the tree.
func (q *pyQualifier) module(name string) *page.Package {
	for m := name; m != "" && strings.Trim(m, ".") != ""; {
		if f := q.r.resolve(q.path, m); f != "" {
			return &page.Package{Import: m, File: f}
		}
		i := strings.LastIndexByte(m, '.')
		if i <= 0 || strings.Trim(m[:i], ".") == "" {
			break
		}
		m = m[:i]
	}
	return &page.Package{Import: name, Outside: imports.Outside("Python", name)}
}

// pyJoin joins a module and a name in it ("" for none): "a.b" and "c" is
// "a.b.c"; "." and "c" (from . import c) is ".c".
func pyJoin(mod, attr string) string {
	switch {
	case attr == "":
		return mod
	case strings.HasSuffix(mod, "."):
		return mod + attr
	}
	return mod + "." + attr
}

// pyChainAt returns the dotted names written just before the name at
// byte start of a Python source ("urllib.request" for
// urllib.request.urlopen): dotted when a "." precedes it; chain is ""
// when what precedes that "." is no plain chain of names (f().x, a[0].x,
// "s".join).
func pyChainAt(src []byte, start int) (chain string, dotted bool) {
	if start == 0 || src[start-1] != '.' {
		return "", false
	}
	end := start - 1
	i := end
	for i > 0 && (isIdentByte(src[i-1]) || src[i-1] == '.') {
		i--
	}
	c := string(src[i:end])
	if c == "" || c[0] == '.' || c[0] >= '0' && c[0] <= '9' || strings.Contains(c, "..") || strings.HasSuffix(c, ".") {
		return "", true
	}
	if i > 0 && strings.IndexByte(")]}'\"", src[i-1]) >= 0 {
		return "", true
	}
	return c, true
}
