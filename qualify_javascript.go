package scout

import (
	"context"
	"sync"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
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
	x := string(q.data[i:end])
	b, ok := q.binding(x)
	switch {
	case !ok && jsGlobalObjects[x]:
		return &page.Package{Import: x, Outside: "JavaScript built-in"}, false // JSON.parse
	case !ok || b.Attr != "" && b.Attr != "default":
		return nil, false
	}
	return q.module(b.Spec, nameAt(q.data[start:])), false
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
	return q.module(b.Spec, b.Attr), false
}

// binding returns the import that binds name in the file, if one does.
func (q *jsQualifier) binding(name string) (imports.JSBinding, bool) {
	return q.names.get(name, func() []imports.JSBinding { return imports.JSBindings(q.data) })
}

// module returns the module a specifier names, for a use of its export
// name: the file of the module that defines name when it is in the tree
// (the one the specifier resolves to, or one whose name that file's
// exports bring), else what it is (a Node built-in), or only its name.
func (q *jsQualifier) module(spec, name string) *page.Package {
	if f := q.r.resolve(q.path, spec); f != "" {
		return &page.Package{Import: spec, File: q.r.jsDefiner(f, name)}
	}
	return &page.Package{Import: spec, Outside: imports.Outside("JavaScript/TypeScript", spec)}
}

// jsModule is what a JavaScript or TypeScript module's file defines and
// what its exports bring from other modules.
type jsModule struct {
	exports  imports.JSExports
	bindings map[string]imports.JSBinding // the last binding of each name its imports bind
	defines  func() map[string]bool       // the names its definitions have, at any depth (a class's methods too): parsed on the first question
	data     []byte
}

// jsModule returns the module in file f, read once per search (nothing,
// when it cannot be read or parsed).
func (r *resolver) jsModule(f string) *jsModule {
	r.mu.Lock()
	m, ok := r.jsMods[f]
	r.mu.Unlock()
	if ok {
		return m
	}
	m = &jsModule{bindings: map[string]imports.JSBinding{}}
	if data, err := imports.ReadModule(f); err == nil {
		m.data = data
		m.exports = imports.ParseJSExports(data)
		for _, b := range imports.JSBindings(data) {
			m.bindings[b.Name] = b
		}
	}
	m.defines = sync.OnceValue(func() map[string]bool {
		defs := map[string]bool{}
		if pf, err := syntax.Outline(context.Background(), f, m.data); err == nil {
			for _, d := range pf.Defs {
				defs[d.Name] = true
			}
		}
		return defs
	})
	r.mu.Lock()
	if r.jsMods == nil {
		r.jsMods = map[string]*jsModule{}
	}
	r.jsMods[f] = m
	r.mu.Unlock()
	return m
}

// define reports whether the module has a definition of name (one not
// bound by an import). It parses the module only when name is in it.
func (m *jsModule) define(name string) bool {
	if _, imported := m.bindings[name]; imported || len(syntax.Occurrences(m.data, name)) == 0 {
		return false
	}
	return m.defines()[name]
}

// jsDefiner is pyDefiner for a JavaScript or TypeScript module's export
// name: the file of the module that defines it, followed through the
// exports that bring it from another ("export {name} from './x'",
// "export * from './x'", "module.exports = require('./x')",
// "module.exports = {name: require('./x')}", a local bound by an import
// exported as name); f when none on the way defines it.
func (r *resolver) jsDefiner(f, name string) string {
	return r.definedIn(f, name, r.jsDefinerWalk)
}

// jsDefinerWalk is jsDefiner's walk, depth exports from where it started;
// seen holds the modules it went through.
func (r *resolver) jsDefinerWalk(f, name string, depth int, seen map[string]bool) (string, bool) {
	if seen[f] || depth > maxReexports || name == "" {
		return "", false
	}
	seen[f] = true
	m := r.jsModule(f)
	// It follows an import: to its module when it is the module itself or
	// its default export, else to the export it names there.
	follow := func(spec, attr string) (string, bool) {
		g := r.resolve(f, spec)
		switch {
		case g == "":
			return "", false
		case attr == "" || attr == "default":
			return g, true
		}
		return r.jsDefinerWalk(g, attr, depth+1, seen)
	}
	for i := len(m.exports.Names) - 1; i >= 0; i-- { // the last export of a name wins
		e := m.exports.Names[i]
		switch {
		case e.Name != name:
			continue
		case e.Spec != "":
			return follow(e.Spec, e.Attr)
		}
		b, imported := m.bindings[e.Local]
		switch {
		case imported && e.Attr == "":
			return follow(b.Spec, b.Attr) // const {a} = require('./x'); module.exports = {name: a}
		case imported && (b.Attr == "" || b.Attr == "default"):
			return follow(b.Spec, e.Attr) // const x = require('./x'); exports.name = x.a
		case imported || e.Attr != "" && !m.define(e.Attr):
			return "", false // a property of an import's export, or of a local
		}
		return f, true // a local of its own, exported under a name of its own
	}
	if depth == 0 && len(m.exports.Stars) == 0 {
		return "", false // f, whether it defines name or not: no need to parse it
	}
	if m.define(name) {
		return f, true
	}
	for _, s := range m.exports.Stars {
		if g := r.resolve(f, s); g != "" {
			if to, ok := r.jsDefinerWalk(g, name, depth+1, seen); ok {
				return to, true
			}
		}
	}
	return "", false
}
