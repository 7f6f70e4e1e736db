package scout

import (
	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
)

// jsQualifier tells, for the calls and uses of a name in one JavaScript
// or TypeScript file, which module each names by the file's imports:
// fs.readFile after "import * as fs from 'fs'" or "const fs =
// require('fs')" is of module fs, readFile alone after "import
// {readFile} from 'fs/promises'" or "const {readFile} =
// require('fs/promises')" of fs/promises. The imports are read on the
// first use that may name one.
type jsQualifier struct {
	path  string
	data  []byte
	r     *resolver
	names lastBindings[imports.JSBinding]
}

// at says what module the use of a name at byte start names (pkg), or,
// when it is not qualified and no import binds it, that it is local. A
// use through anything else (this.x, a value, a.b.x, a default export
// called itself) is neither.
func (q *jsQualifier) at(start int) (pkg *page.Package, local bool) {
	if start == 0 {
		return q.bare(start)
	}
	switch c := q.data[start-1]; {
	case c == '#' || isIdentByte(c):
		return nil, false // a private name (this.#x), or inside another
	case c != '.':
		return q.bare(start)
	}
	end := start - 1
	i := end
	for i > 0 && isIdentByte(q.data[i-1]) {
		i--
	}
	if i == end || i > 0 && (q.data[i-1] == '.' || q.data[i-1] == '#') {
		return nil, false // f().x, a?.x, a.b.x, this.#a.x
	}
	b, ok := q.binding(string(q.data[i:end]))
	if !ok || b.Attr != "" && b.Attr != "default" {
		return nil, false
	}
	return q.module(b.Spec), false
}

// bare is at for a name not after a ".".
func (q *jsQualifier) bare(start int) (*page.Package, bool) {
	b, ok := q.binding(nameAt(q.data[start:]))
	switch {
	case !ok:
		return nil, true
	case b.Attr == "" || b.Attr == "default":
		return nil, false // the module or its default export, called itself
	}
	return q.module(b.Spec), false
}

// binding returns the import that binds name in the file, if one does.
func (q *jsQualifier) binding(name string) (imports.JSBinding, bool) {
	return q.names.get(name, func() []imports.JSBinding { return imports.JSBindings(q.data) })
}

// module returns the module a specifier names: its file when it is in
// the tree, else what it is (a Node built-in), or only its name.
func (q *jsQualifier) module(spec string) *page.Package {
	if f := q.r.resolve(q.path, spec); f != "" {
		return &page.Package{Import: spec, File: f}
	}
	return &page.Package{Import: spec, Outside: imports.Outside("JavaScript/TypeScript", spec)}
}
