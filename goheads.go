package scout

import (
	"bytes"
	"context"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
)

// This file reads what the Go files of a package declare of their
// functions, methods and structs, from their text (the heads, as gofmt
// lays them out): for typing a receiver that calls made (madeby.go).

// goHead is a Go function's or method's definition, as its head says:
// its file, receiver's type ("" for a function), name, and its results'
// types as rawType gives them ("" for one that is no named type: a
// slice, a map, a func…).
type goHead struct {
	path, recv, name string
	results          []string
}

// goField is a field of a Go struct, as its declaration says: its file,
// the struct's type, the field's name ("" for a type embedded) and its
// type as rawType gives it.
type goField struct {
	path, typ, name, raw string
}

// goHeadRE reads the head of a Go function or method at the start of a
// line "func": (1) the receiver's parentheses, (2) the name.
var goHeadRE = regexp.MustCompile(`^func[ \t]*(\([^)\n]*\))?[ \t]*([A-Za-z_]\w*)[ \t]*[\[(]`)

// goStructRE reads the first line of a Go struct's declaration laid out
// over lines: (1) its type's name.
var goStructRE = regexp.MustCompile(`^type[ \t]+([A-Za-z_]\w*)(?:\[[^\]\n]*\])?[ \t]+struct[ \t]*\{[ \t]*(?://.*)?$`)

// goHeadsIn returns the heads of the functions and methods of a Go file
// (path p), and the fields of its structs (those laid out a field to a
// line, as gofmt does; embedded ones left out).
func goHeadsIn(p string, data []byte) (heads []goHead, fields []goField, vars []goVar) {
	// Where the next line that starts "func", "type" or "var" is
	// (len(data) when there is none), each found again only once passed.
	next := func(from int, word string) int {
		if from == 0 && bytes.HasPrefix(data, []byte(word)) {
			return 0
		}
		if k := bytes.Index(data[from:], []byte("\n"+word)); k >= 0 {
			return from + k + 1
		}
		return len(data)
	}
	nf, nt, nv := next(0, "func"), next(0, "type"), next(0, "var")
	for i := 0; i < len(data); {
		if nf < i {
			nf = next(i, "func")
		}
		if nt < i {
			nt = next(i, "type")
		}
		if nv < i {
			nv = next(i, "var")
		}
		if i = min(nf, nt, nv); i >= len(data) {
			break
		}
		line := data[i:]
		if k := bytes.IndexByte(line, '\n'); k >= 0 {
			line = line[:k]
		}
		i += len(line)
		if line[0] == 'v' {
			if bytes.HasPrefix(line, []byte("var (")) { // a block: a variable a line
				i = blockLines(data, i, ')', func(f []byte) {
					if v, ok := goVarOf(p, bytes.TrimLeft(f, " \t")); ok {
						vars = append(vars, v)
					}
				})
			} else if v, ok := goVarOf(p, bytes.TrimPrefix(line, []byte("var "))); ok {
				vars = append(vars, v)
			}
			continue
		}
		if line[0] == 't' {
			m := goStructRE.FindSubmatch(line)
			if m == nil {
				continue
			}
			typ := string(m[1])
			i = blockLines(data, i, '}', func(f []byte) {
				for _, name := range fieldNames(string(f)) {
					if raw := rawType(fieldType(string(f), name)); raw != "" {
						fields = append(fields, goField{path: p, typ: typ, name: name, raw: raw})
					}
				}
				if raw := embedded(string(f)); raw != "" {
					fields = append(fields, goField{path: p, typ: typ, raw: raw})
				}
			})
			continue
		}
		m := goHeadRE.FindSubmatchIndex(line)
		if m == nil {
			continue
		}
		recv, rparams := "", ""
		if m[2] >= 0 {
			_, recv = goReceiver("func " + string(line[m[2]:m[3]]))
			if _, ps, ok := strings.Cut(string(line[m[2]:m[3]]), "["); ok { // (s *Set[T])
				rparams, _, _ = strings.Cut(ps, "]")
			}
		}
		at := i - len(line) + m[5]
		results, fparams := goResults(data[at:])
		for _, p := range strings.Split(rparams+","+fparams, ",") {
			for i, r := range results {
				if f := strings.Fields(p); len(f) > 0 && f[0] == r {
					results[i] = "" // a type parameter: no type of the tree
				}
			}
		}
		heads = append(heads, goHead{path: p, recv: recv, name: string(line[m[4]:m[5]]), results: results})
	}
	return heads, fields, vars
}

// blockLines calls each with the lines of a block whose first line ends
// at data[i] (its newline), up to the line that starts with end, and
// returns where that line starts (len(data) when none does).
func blockLines(data []byte, i int, end byte, each func(line []byte)) int {
	for i < len(data) {
		i++ // the newline
		f := data[i:]
		if k := bytes.IndexByte(f, '\n'); k >= 0 {
			f = f[:k]
		}
		if len(f) > 0 && f[0] == end {
			break
		}
		each(f)
		i += len(f)
	}
	return i
}

// goVar is a Go package's variable, as its declaration says: its file,
// name, and its type as rawType gives it, or the call that makes it (F,
// pkg.F).
type goVar struct {
	path, name, raw, call string
}

// goVarRE reads a variable's declaration after "var": (1) its name, (2)
// its type, (3) the type of what it is made of (&T{…}, pkg.T{…},
// new(T)), or (4) the function it is the result of.
var goVarRE = regexp.MustCompile(`^([A-Za-z_]\w*)[ \t]+(?:(\*?(?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*)[ \t]*(?:$|//|=)|=[ \t]*(?:&?((?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*)[ \t]*\{|new\(((?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*)\)|((?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*)[ \t]*\())`)

// goVarOf reads a variable's declaration, after "var".
func goVarOf(p string, decl []byte) (goVar, bool) {
	m := goVarRE.FindSubmatch(decl)
	if m == nil {
		return goVar{}, false
	}
	v := goVar{path: p, name: string(m[1])}
	switch {
	case m[2] != nil:
		v.raw = rawType(string(m[2]))
	case m[3] != nil:
		v.raw = rawType(string(m[3]))
	case m[4] != nil:
		v.raw = rawType(string(m[4]))
	case !goBuiltins[string(m[5])] && string(m[5]) != "func":
		v.call = string(m[5])
	}
	return v, v.raw != "" || v.call != ""
}

// fieldNames returns the names a struct's field line declares ("a, b
// int": a and b); none for an embedded type, a comment, a blank line.
func fieldNames(line string) []string {
	rest := strings.TrimLeft(line, " \t")
	var names []string
	for {
		j := 0
		for j < len(rest) && isIdentByte(rest[j]) {
			j++
		}
		if j == 0 || !isIdentifier(rest[:j]) {
			return nil
		}
		names = append(names, rest[:j])
		rest = strings.TrimLeft(rest[j:], " \t")
		if !strings.HasPrefix(rest, ",") {
			break
		}
		rest = strings.TrimLeft(rest[1:], " \t")
	}
	if rest == "" || strings.HasPrefix(rest, "//") || strings.HasPrefix(rest, "`") || strings.HasPrefix(rest, ".") {
		return nil // an embedded type (T, pkg.T)
	}
	return names
}

// embedded returns the type a struct's field line embeds (T, *T, pkg.T,
// *pkg.T, with a comment or a tag after it), as rawType gives it; "" for
// any other line.
func embedded(line string) string {
	t := strings.TrimLeft(line, " \t")
	if i := strings.IndexAny(t, " \t`"); i >= 0 {
		rest := strings.TrimLeft(t[i:], " \t")
		if rest != "" && !strings.HasPrefix(rest, "//") && !strings.HasPrefix(rest, "`") {
			return "" // a name and a type
		}
		t = t[:i]
	}
	if strings.HasPrefix(t, "//") || strings.Contains(t, ",") {
		return ""
	}
	return rawType(t)
}

// goResults returns the names of the types of the results of a Go
// function whose head goes on from just after its name ("" for one that
// is no named type), and its type parameters as written between their
// brackets.
func goResults(src []byte) (results []string, tparams string) {
	i := skipSpace(src, 0)
	if i < len(src) && src[i] == '[' { // type parameters
		end := closing(src, i)
		tparams = string(src[i+1 : min(len(src), end-1)])
		i = skipSpace(src, end)
	}
	if i >= len(src) || src[i] != '(' {
		return nil, tparams
	}
	i = skipSpace(src, closing(src, i)) // the parameters
	if i >= len(src) || src[i] == '{' || src[i] == '\n' {
		return nil, tparams // no result
	}
	if src[i] != '(' { // one result, unnamed
		end := i
		for end < len(src) && src[end] != '{' && src[end] != '\n' {
			end++
		}
		return []string{rawType(string(src[i:end]))}, tparams
	}
	end := closing(src, i)
	if end > len(src) || end-1 <= i {
		return nil, tparams
	}
	var parts []string // the results, split at the commas of their list
	depth, last := 0, i+1
	for j := i + 1; j < end-1; j++ {
		switch src[j] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, string(src[last:j]))
				last = j + 1
			}
		}
	}
	parts = append(parts, string(src[last:end-1]))
	named := slices.ContainsFunc(parts, func(p string) bool { return len(strings.Fields(p)) >= 2 })
	waiting := 0 // (a, b T, err error): a waits for b's type
	for _, p := range parts {
		f := strings.Fields(p)
		switch {
		case !named:
			results = append(results, rawType(p))
		case len(f) >= 2:
			t := rawType(strings.Join(f[1:], " "))
			for range waiting + 1 {
				results = append(results, t)
			}
			waiting = 0
		default:
			waiting++
		}
	}
	return results, tparams
}

// skipSpace returns the first byte at or after i that is no space.
func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r') {
		i++
	}
	return i
}

// closing returns the byte after the bracket that closes the one at
// src[i] (len(src)+1 when none does).
func closing(src []byte, i int) int {
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return len(src) + 1
}

// rawType returns a Go type as written without pointer or type
// arguments (*pkg.Name[T]: pkg.Name); "" for one that is no named type.
func rawType(t string) string {
	t = strings.TrimPrefix(strings.TrimSpace(t), "*")
	if t, _, _ = strings.Cut(t, "["); !isIdentifier(strings.Replace(t, ".", "", 1)) {
		return ""
	}
	switch t {
	case "func", "chan", "map", "interface", "struct":
		return ""
	}
	return t
}

// typeName returns the name of a type as rawType gives it: Name of
// pkg.Name.
func typeName(t string) string { return t[strings.LastIndexByte(t, '.')+1:] }

// goDecls are what a directory's files declare: the heads by name, the
// fields by "Type.field".
type goDecls struct {
	heads  map[string][]goHead
	fields map[string]goField
	embeds map[string][]goField // by the struct's type: the types it embeds
	vars   map[string][]goVar   // the package's variables, by name
}

// typeMadeBy types the receivers of in's calls that calls or fields
// made (see madeBy, fieldsMade): it reads the declarations of the
// functions, methods and structs of the packages (directories) those are
// in, and sets each such call's RecvType (a callee's On) to what they
// make, when they say. A receiver whose type has no method of the name
// called (name on a callers page; each callee's own on a callees page)
// but embeds a type that has one is that type (the method is promoted).
// Only directories inside the scope's paths are read, and their tests
// only for a call in a test.
func typeMadeBy(ctx context.Context, in *page.CallersInput, sc Scope, gr *resolver, name string) {
	type slot struct {
		made     *page.MadeBy
		typ, dir *string
		method   string
		tests    bool
	}
	owners := map[string]bool{} // the types that have a method name (callers), by typeAt
	for _, f := range in.Definitions {
		for _, l := range f.Lines {
			owners[typeAt(path.Dir(f.Path), l.Owner)] = true
		}
	}
	var slots, typed []slot
	for _, f := range in.Files {
		if !strings.HasSuffix(f.Path, ".go") {
			continue
		}
		tests := strings.HasSuffix(f.Path, "_test.go")
		for i := range f.Lines {
			l := &f.Lines[i]
			switch {
			case l.Callee != nil && l.Callee.MadeBy != nil:
				slots = append(slots, slot{l.Callee.MadeBy, &l.Callee.On, &l.Callee.OnDir, l.Callee.Name, tests})
			case l.Callee != nil && l.Callee.On != "" && l.Callee.OnDir != "":
				typed = append(typed, slot{nil, &l.Callee.On, &l.Callee.OnDir, l.Callee.Name, tests})
			case l.Callee != nil:
			case l.MadeBy != nil:
				slots = append(slots, slot{l.MadeBy, &l.RecvType, &l.RecvDir, name, tests})
			case l.RecvType != "" && l.RecvDir != "" && !owners[typeAt(l.RecvDir, l.RecvType)]:
				typed = append(typed, slot{nil, &l.RecvType, &l.RecvDir, name, tests})
			}
		}
	}
	hs := &dirHeads{ctx: ctx, paths: sc.Paths, gr: gr, dirs: map[headsOf]*goDecls{}, imps: map[string]map[string]string{}}
	var first []headsOf // the first calls' directories, read at once
	for _, s := range slices.Concat(slots, typed) {
		dir := *s.dir
		if s.made != nil {
			dir = s.made.Dir
		}
		for _, k := range keysOf(dir, s.tests) {
			if !slices.Contains(first, k) {
				first = append(first, k)
			}
		}
	}
	hs.read(first)
	for _, s := range slots {
		if t, dir := hs.typeOf(s.made, s.tests); t != "" {
			*s.typ, *s.dir = t, dir
			if dir != "" && !owners[typeAt(dir, t)] {
				typed = append(typed, s)
			}
		}
	}
	for _, s := range typed { // promoted methods
		if _, _, owner, dir, found := hs.method(*s.dir, s.tests, *s.typ, s.method, 0, 0); found && owner != *s.typ {
			*s.typ, *s.dir = owner, dir
		}
	}
}

// headsOf names the declarations of a directory's files: its tests', or
// the others'.
type headsOf struct {
	dir   string
	tests bool
}

// dirHeads reads the declarations of the Go files of a directory on
// their first use, and keeps them.
type dirHeads struct {
	ctx   context.Context
	paths []string // the scope's
	gr    *resolver
	dirs  map[headsOf]*goDecls
	imps  map[string]map[string]string // by file: the name of each package it imports → its import path
}

// keysOf returns the keys of directory dir's declarations, its tests'
// too when tests is true.
func keysOf(dir string, tests bool) []headsOf {
	if tests {
		return []headsOf{{dir, false}, {dir, true}}
	}
	return []headsOf{{dir, false}}
}

// keys is keysOf, the declarations read.
func (d *dirHeads) keys(dir string, tests bool) []headsOf {
	keys := keysOf(dir, tests)
	d.read(keys)
	return keys
}

// result returns the type of result k that the heads of name whose
// receiver's type is recv ("": functions) in directory dir agree on, as
// written ("T", "pkg.T"), the file of one, and whether any is so.
func (d *dirHeads) result(dir string, tests bool, name string, k int, recv string) (raw, file string, found bool) {
	for _, key := range d.keys(dir, tests) {
		for _, h := range d.dirs[key].heads[name] {
			if h.recv != recv {
				continue
			}
			t := ""
			if k < len(h.results) {
				t = h.results[k]
			}
			if found && t != raw {
				return "", "", true
			}
			raw, file, found = t, h.path, true
		}
	}
	return raw, file, found
}

// method returns what method name of type typ (of directory dir's
// package) returns as its result k, as result does, and the type and
// directory that declare it: typ's own, or, when typ has none, one a
// type it embeds declares (promoted), followed two embeddings deep.
func (d *dirHeads) method(dir string, tests bool, typ, name string, k, depth int) (raw, file, owner, odir string, found bool) {
	if raw, file, found = d.result(dir, tests, name, k, typ); found {
		return raw, file, typ, dir, true
	}
	if depth >= 2 {
		return "", "", "", "", false
	}
	for _, key := range d.keys(dir, tests) {
		for _, e := range d.dirs[key].embeds[typ] {
			if en, ed := d.resolve(e.raw, e.path); ed != "" {
				if raw, file, owner, odir, found = d.method(ed, tests && ed == dir, en, name, k, depth+1); found {
					return raw, file, owner, odir, true
				}
			}
		}
	}
	return "", "", "", "", false
}

// field returns the type of field name of the struct typ that directory
// dir declares, as written, and its file ("" when it declares none): a
// field of its own, an embedded type's name (s.Mutex), or a field of a
// type it embeds (promoted), depth embeddings down at most 2.
func (d *dirHeads) field(dir string, tests bool, typ, name string, depth int) (raw, file string) {
	keys := d.keys(dir, tests)
	for _, key := range keys {
		if f, ok := d.dirs[key].fields[typ+"."+name]; ok {
			return f.raw, f.path
		}
		for _, e := range d.dirs[key].embeds[typ] {
			if typeName(e.raw) == name {
				return e.raw, e.path
			}
		}
	}
	if depth >= 2 {
		return "", ""
	}
	for _, key := range keys {
		for _, e := range d.dirs[key].embeds[typ] {
			if en, ed := d.resolve(e.raw, e.path); ed != "" {
				if raw, file = d.field(ed, tests && ed == dir, en, name, depth+1); raw != "" {
					return raw, file
				}
			}
		}
	}
	return "", ""
}

// resolve returns the name of a type as file writes it (T, pkg.T), and
// the directory of its package: file's own for T, the one file imports
// as pkg for pkg.T ("" when it is not in the tree).
func (d *dirHeads) resolve(raw, file string) (name, dir string) {
	q, n, ok := strings.Cut(raw, ".")
	if !ok {
		return raw, path.Dir(file)
	}
	names, read := d.imps[file]
	if !read {
		names = map[string]string{}
		if data, _, why := readParsable(file); why == "" {
			imps, _ := imports.GoImportsOf(file, data)
			for _, imp := range imps {
				names[imp.Name] = imp.Spec
			}
		}
		d.imps[file] = names
	}
	if spec, ok := names[q]; ok && d.gr != nil {
		if to := d.gr.resolve(file, spec); to != "" {
			return n, path.Clean(to)
		}
	}
	return n, ""
}

// read reads the declarations of the directories not read yet, their
// files in parallel.
func (d *dirHeads) read(keys []headsOf) {
	var files []string
	for _, key := range keys {
		if _, ok := d.dirs[key]; ok {
			continue
		}
		d.dirs[key] = &goDecls{heads: map[string][]goHead{}, fields: map[string]goField{}, embeds: map[string][]goField{}, vars: map[string][]goVar{}}
		if !within(key.dir, d.paths) {
			continue
		}
		ents, err := os.ReadDir(key.dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".go") && strings.HasSuffix(e.Name(), "_test.go") == key.tests {
				files = append(files, path.Join(key.dir, e.Name()))
			}
		}
	}
	type decls struct {
		heads  []goHead
		fields []goField
		vars   []goVar
	}
	found := make([]decls, len(files))
	parallel(d.ctx, len(files), func(i int) {
		if data, _, why := readParsable(files[i]); why == "" {
			found[i].heads, found[i].fields, found[i].vars = goHeadsIn(files[i], data)
		}
	})
	for i, f := range found {
		g := d.dirs[headsOf{path.Dir(files[i]), strings.HasSuffix(files[i], "_test.go")}]
		for _, h := range f.heads {
			g.heads[h.name] = append(g.heads[h.name], h)
		}
		for _, v := range f.vars {
			g.vars[v.name] = append(g.vars[v.name], v)
		}
		for _, fl := range f.fields {
			if fl.name == "" {
				g.embeds[fl.typ] = append(g.embeds[fl.typ], fl)
			} else {
				g.fields[fl.typ+"."+fl.name] = fl
			}
		}
	}
}

// within reports whether directory dir is one of paths or under one
// (none: ".", the working directory).
func within(dir string, paths []string) bool {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	dir = path.Clean(dir)
	for _, p := range paths {
		p = path.Clean(filepath.ToSlash(p))
		if p == "." && !path.IsAbs(dir) && dir != ".." && !strings.HasPrefix(dir, "../") || dir == p || strings.HasPrefix(dir, strings.TrimSuffix(p, "/")+"/") {
			return true
		}
	}
	return false
}

// typeOf returns the name of the type of what m makes, and the
// directory of its package ("" when it is not in the tree), for a call in
// a test when tests is true: "" when a call has no definition in its
// package's heads, or several that disagree, or a type has no such field,
// or a step is taken on a type of a package not in the tree. A first
// call that no function of its package is called so is a conversion,
// T(x), as declaredType reads it.
func (d *dirHeads) typeOf(m *page.MadeBy, tests bool) (name, dir string) {
	typ, dir := m.Type, m.Dir
	last := len(m.Steps) - 1
	pick := func(i int) int { // the result taken of call i (-1: the function's)
		if i == last {
			return m.Result
		}
		return 0
	}
	if m.Var != "" { // a package's variable: its type, or what the call that makes it returns
		var vs []goVar
		for _, key := range d.keys(dir, tests) {
			vs = append(vs, d.dirs[key].vars[m.Var]...)
		}
		if len(vs) != 1 {
			return "", "" // none, or declared in files for other platforms
		}
		v := vs[0]
		if v.raw != "" {
			typ, dir = d.resolve(v.raw, v.path)
		} else {
			f, fdir := d.resolve(v.call, v.path)
			raw, file, _ := d.result(fdir, false, f, 0, "")
			if raw == "" || fdir == "" {
				return "", ""
			}
			typ, dir = d.resolve(raw, file)
		}
	}
	if m.Func != "" {
		raw, file, found := d.result(dir, tests, m.Func, pick(-1), "")
		if !found && last < 0 && m.Result == 0 {
			return typeName(m.Func), dir
		}
		if raw == "" {
			return "", ""
		}
		typ, dir = d.resolve(raw, file)
	}
	for i, st := range m.Steps {
		if typ == "" || dir == "" {
			return "", ""
		}
		var raw, file string
		if st.Field {
			raw, file = d.field(dir, tests, typ, st.Name, 0)
		} else {
			raw, file, _, _, _ = d.method(dir, tests, typ, st.Name, pick(i), 0)
		}
		if raw == "" {
			return "", ""
		}
		typ, dir = d.resolve(raw, file)
	}
	return typ, dir
}
