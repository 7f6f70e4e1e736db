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

	"github.com/scoutcode/scout/internal/page"
)

// In Go, most receivers are made by a call, not declared with their type:
// ss, err := server.Connect(ctx, t, nil) then ss.Close(). Without types,
// what ss is can still be read from the tree: Connect's definition says
// what it returns, once server is known to be a *Server (its own call,
// mcp.NewServer(…), says so in turn). A search of Type.Method notes on
// each such call what made its receiver (madeBy), then reads the heads of
// those functions and methods in the tree, and types the receivers whose
// calls all have one definition's result, or several that agree
// (resolveMadeBy).

// maxMadeBy is how many calls back a receiver's making is followed
// (ss from server.Connect, server from mcp.NewServer: two).
const maxMadeBy = 3

// madeBy returns, for a Go receiver v used at byte start in definition
// in, the calls that made it, when the last statement of the definition
// before start that gives v a value is v, … := f(…) (or =: in an
// interface, the value's type is what its methods are called on): nil
// when it is another
// (a literal, a parameter, a range, v as a second result), or a call this
// cannot follow (a builtin's, a field's method, a package's outside the
// tree), where declaredType's reading stands.
func (r *receivers) madeBy(v string, in, start, depth int) *page.MadeBy {
	if depth >= maxMadeBy || in < 0 || in >= len(r.defs) {
		return nil
	}
	d := r.defs[in]
	from, body := max(0, min(d.StartByte, start)), max(0, min(d.HeadEnd, start))
	src := r.data[:start]
	var made *page.MadeBy
	for i := from; ; {
		k := bytes.Index(src[i:], []byte(v))
		if k < 0 {
			return made
		}
		at, end := i+k, i+k+len(v)
		i = end
		if at > 0 && isIdentByte(src[at-1]) || end < len(src) && isIdentByte(src[end]) || at > 0 && src[at-1] == '.' {
			continue // part of another word, or a field of another value
		}
		if end <= body {
			made = nil // a parameter, a named result, or the receiver
			continue
		}
		m := goDeclared.FindSubmatchIndex(src[end:])
		switch {
		case m == nil:
			continue // used, not given a value
		case m[4] < 0:
			made = nil // a literal, a channel's receive…
			continue
		}
		if made = r.callMade(end+m[4], end+m[5], in, depth); made != nil {
			made.Result = lhsBefore(src[from:at]) // x, v := f(): f's second result
		}
	}
}

// lhsBefore returns how many names of a left-hand side come before the
// end of src: 1 for "x, ", 0 for "\t".
func lhsBefore(src []byte) int {
	n := 0
	for {
		src = bytes.TrimRight(src, " \t")
		if len(src) == 0 || src[len(src)-1] != ',' {
			return n
		}
		src = bytes.TrimRight(src[:len(src)-1], " \t")
		i := len(src)
		for i > 0 && isIdentByte(src[i-1]) {
			i--
		}
		if i == len(src) {
			return n
		}
		src, n = src[:i], n+1
	}
}

// goDeclared reads what follows a variable given a value: the rest of
// its left-hand side and the operator, (1) ":" when it declares, then (2)
// the callee, a name or x.Name, when the value is a call ("&" before it
// is allowed).
var goDeclared = regexp.MustCompile(`^[ \t]*(?:,[ \t]*[A-Za-z_]\w*[ \t]*)*(:)?=[ \t]*(?:&?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)[ \t]*\(|[^=])`)

// goBuiltins are Go's builtin functions that make a value: of a type no
// name gives, or given in their arguments (new(T): see callMade).
var goBuiltins = map[string]bool{"new": true, "make": true, "len": true, "cap": true, "append": true, "copy": true, "min": true, "max": true, "complex": true, "real": true, "imag": true, "recover": true}

// callMade returns what made a value the call whose callee is
// data[from:to] (F, pkg.F or x.M) makes, in definition in: with the
// methods called on its result after it (NewClient(…).Connect(…)).
func (r *receivers) callMade(from, to, in, depth int) *page.MadeBy {
	callee := string(r.data[from:to])
	open := skipSpace(r.data, to)
	if callee == "new" { // new(T), new(pkg.T)
		t := goNewArg.FindSubmatch(r.data[open:])
		if t == nil {
			return nil
		}
		name, dir := r.goType(string(t[1]))
		return &page.MadeBy{Dir: dir, Type: name}
	}
	if goBuiltins[callee] {
		return nil
	}
	var made *page.MadeBy
	x, f, dotted := strings.Cut(callee, ".")
	switch pkg, _ := r.q.at(to - len(f)); {
	case !dotted:
		made = &page.MadeBy{Dir: r.dir, Func: x}
	case pkg != nil && pkg.Dir == "":
		return nil // a package's outside the tree
	case pkg != nil:
		made = &page.MadeBy{Dir: pkg.Dir, Func: f}
	case x == selfName(r.defs[in], r.grammar):
		made = &page.MadeBy{Dir: r.dir, Type: ownerOf(r.defs, in), Methods: []string{f}}
	default:
		if made = r.madeBy(x, in, from, depth+1); made != nil {
			if made.Result != 0 {
				return nil // x, y := f(); y.M(): the methods follow first results only
			}
			made.Methods = append(made.Methods, f)
		} else if t, literal := r.declaredType(x, in, from); t != "" && !literal {
			name, dir := r.goType(t)
			made = &page.MadeBy{Dir: dir, Type: name, Methods: []string{f}}
		} else {
			return nil
		}
	}
	// The methods called on the result, each on the one before's.
	for i := closing(r.data, open); i < len(r.data); {
		m := goThen.FindSubmatchIndex(r.data[i:])
		if m == nil {
			break
		}
		if m[2] < 0 {
			return nil // a field of the result, an index, a type assertion
		}
		made.Methods = append(made.Methods, string(r.data[i+m[2]:i+m[3]]))
		i = closing(r.data, i+m[1]-1)
	}
	return made
}

// goNewArg reads the type new's argument names: (1) its name, with its
// package's.
var goNewArg = regexp.MustCompile(`^\([ \t]*((?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*)[ \t]*\)`)

// goType returns the name of a Go type as the code writes it (T,
// pkg.T), and the directory of the package that declares it: the file's
// own for T, the one the file imports as pkg for pkg.T ("" when that is
// not in the tree, or not known).
func (r *receivers) goType(t string) (name, dir string) {
	q, n, ok := strings.Cut(t, ".")
	if !ok {
		return t, r.dir
	}
	if gq, isGo := r.q.(*goQualifier); isGo {
		if pkg := gq.named(q); pkg != nil {
			return n, pkg.Dir
		}
	}
	return n, ""
}

// goThen reads what follows a call's closing parenthesis when it is no
// end of the value: a selector, (1) a method's name when it is called.
var goThen = regexp.MustCompile(`^[ \t]*(?:\.[ \t]*\n?[ \t]*(?:([A-Za-z_]\w*)[ \t]*\(|)|\[)`)

// goHead is a Go function's or method's definition, as its head says:
// its directory, receiver's type ("" for a function), name, and its
// results' types as rawType gives them ("" for one that is no named
// type: a slice, a map, a func…).
type goHead struct {
	dir, recv, name string
	results         []string
}

// goHeadRE reads the head of a Go function or method at the start of a
// line "func": (1) the receiver's parentheses, (2) the name.
var goHeadRE = regexp.MustCompile(`^func[ \t]*(\([^)\n]*\))?[ \t]*([A-Za-z_]\w*)[ \t]*[\[(]`)

// goHeadsIn returns the heads of the functions and methods of a Go file
// (path p).
func goHeadsIn(p string, data []byte) []goHead {
	var out []goHead
	for i := 0; i < len(data); {
		if !bytes.HasPrefix(data[i:], []byte("func")) {
			k := bytes.Index(data[i:], []byte("\nfunc"))
			if k < 0 {
				break
			}
			i += k + 1
		}
		line := data[i:]
		if k := bytes.IndexByte(line, '\n'); k >= 0 {
			line = line[:k]
		}
		m := goHeadRE.FindSubmatchIndex(line)
		if m == nil {
			i += len(line)
			continue
		}
		recv, rparams := "", ""
		if m[2] >= 0 {
			_, recv = goReceiver("func " + string(line[m[2]:m[3]]))
			if _, ps, ok := strings.Cut(string(line[m[2]:m[3]]), "["); ok { // (s *Set[T])
				rparams, _, _ = strings.Cut(ps, "]")
			}
		}
		results, fparams := goResults(data[i+m[5]:])
		for _, p := range strings.Split(rparams+","+fparams, ",") {
			for i, r := range results {
				if f := strings.Fields(p); len(f) > 0 && f[0] == r {
					results[i] = "" // a type parameter: no type of the tree
				}
			}
		}
		out = append(out, goHead{dir: path.Dir(p), recv: recv, name: string(line[m[4]:m[5]]), results: results})
		i += len(line)
	}
	return out
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

// goHeads are the heads of a directory's files, by name.
type goHeads map[string][]goHead

// result returns the type of result k that the heads of name whose
// receiver's type is recv ("": functions) agree on, as written ("T",
// "pkg.T"), and whether any is so.
func (hs goHeads) result(name string, k int, recv string) (typ string, found bool) {
	for _, h := range hs[name] {
		if h.recv != recv {
			continue
		}
		t := ""
		if k < len(h.results) {
			t = h.results[k]
		}
		if found && t != typ {
			return "", true
		}
		typ, found = t, true
	}
	return typ, found
}

// typeMadeBy types the receivers of in's calls that calls made (see
// madeBy): it reads the heads of the functions and methods of the
// packages (directories) those calls are in, and sets each such call's
// RecvType (a callee's On) to what they make, when they say. Only
// directories inside the scope's paths are read, and their tests only for
// a call in a test.
func typeMadeBy(ctx context.Context, in *page.CallersInput, sc Scope) {
	type slot struct {
		made     *page.MadeBy
		typ, dir *string
		tests    bool
	}
	var slots []slot
	for _, f := range in.Files {
		tests := strings.HasSuffix(f.Path, "_test.go")
		for i := range f.Lines {
			l := &f.Lines[i]
			if l.MadeBy != nil {
				slots = append(slots, slot{l.MadeBy, &l.RecvType, nil, tests})
			}
			if l.Callee != nil && l.Callee.MadeBy != nil {
				slots = append(slots, slot{l.Callee.MadeBy, &l.Callee.On, &l.Callee.OnDir, tests})
			}
		}
	}
	hs := &dirHeads{ctx: ctx, paths: sc.Paths, dirs: map[headsOf]goHeads{}}
	var first []headsOf // the first calls' directories, read at once
	for _, s := range slots {
		for _, k := range []headsOf{{s.made.Dir, false}, {s.made.Dir, true}}[:1+b2i(s.tests)] {
			if !slices.Contains(first, k) {
				first = append(first, k)
			}
		}
	}
	hs.read(first)
	for _, s := range slots {
		if t, dir := hs.typeOf(s.made, s.tests); t != "" {
			*s.typ = t
			if s.dir != nil {
				*s.dir = dir
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// headsOf names the heads of a directory's files: its tests', or the
// others'.
type headsOf struct {
	dir   string
	tests bool
}

// dirHeads reads the heads of the Go files of a directory on their first
// use, and keeps them.
type dirHeads struct {
	ctx   context.Context
	paths []string // the scope's
	dirs  map[headsOf]goHeads
}

// result is goHeads.result over the heads of directory dir, with its
// tests' when tests is true.
func (d *dirHeads) result(dir string, tests bool, name string, k int, recv string) (typ string, found bool) {
	keys := []headsOf{{dir, false}, {dir, true}}[:1+b2i(tests)]
	d.read(keys)
	for _, key := range keys {
		t, ok := d.dirs[key].result(name, k, recv)
		if ok && found && t != typ {
			return "", true
		}
		if ok {
			typ, found = t, true
		}
	}
	return typ, found
}

// read reads the heads of the directories not read yet, their files in
// parallel.
func (d *dirHeads) read(keys []headsOf) {
	var files []string
	for _, key := range keys {
		if _, ok := d.dirs[key]; ok {
			continue
		}
		d.dirs[key] = goHeads{}
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
	found := make([][]goHead, len(files))
	parallel(d.ctx, len(files), func(i int) {
		if data, _, why := readParsable(files[i]); why == "" {
			found[i] = goHeadsIn(files[i], data)
		}
	})
	for i, list := range found {
		key := headsOf{path.Dir(files[i]), strings.HasSuffix(files[i], "_test.go")}
		for _, h := range list {
			d.dirs[key][h.name] = append(d.dirs[key][h.name], h)
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
// directory of its package ("" when not known), for a call in a test when
// tests is true: "" when a call has no definition in its package's
// heads, or several that disagree, or a method is called on a type of a
// package whose directory is not known. A first call that no function of
// its package is called so is a conversion, T(x), as declaredType reads
// it.
func (d *dirHeads) typeOf(m *page.MadeBy, tests bool) (name, dir string) {
	typ, dir := m.Type, m.Dir
	last := len(m.Methods) - 1
	pick := func(i int) int { // the result taken of call i (-1: the function's)
		if i == last {
			return m.Result
		}
		return 0
	}
	// A result's type: its package's, when it is written without one.
	in := func(t string) (string, string) {
		if q, n, ok := strings.Cut(t, "."); ok && q != "" {
			return n, ""
		}
		return t, dir
	}
	if m.Func != "" {
		var found bool
		if typ, found = d.result(dir, tests, m.Func, pick(-1), ""); !found && last < 0 && m.Result == 0 {
			return typeName(m.Func), dir
		}
		typ, dir = in(typ)
	}
	for i, method := range m.Methods {
		if typ == "" || dir == "" {
			return "", ""
		}
		typ, _ = d.result(dir, tests, method, pick(i), typ)
		typ, dir = in(typ)
	}
	if typ == "" {
		return "", ""
	}
	return typ, dir
}
