package scout

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// In Go, most receivers are made by a call, not declared with their type:
// ss, err := server.Connect(ctx, t, nil) then ss.Close(). Without types,
// what ss is can still be read from the tree: Connect's definition says
// what it returns, once server is known to be a *Server (its own call,
// mcp.NewServer(…), says so in turn). A search of Type.Method (and
// callees, for each call) notes on each such call what made its receiver
// (madeBy, fieldsMade, a package's variable), then reads the declarations
// of those functions, methods, structs and variables in their packages,
// and types the receivers they tell (typeMadeBy, goheads.go).

// maxMadeBy is how many calls back a receiver's making is followed
// (ss from server.Connect, server from mcp.NewServer: two).
const maxMadeBy = 3

// madeBy returns, for a Go receiver v used at byte start in definition
// in, the calls that made it, when the last statement of the definition
// before start that gives v a value is v, … := f(…) (or =: in an
// interface, the value's type is what its methods are called on; x, v :=
// f() takes f's second result): nil when it is another (a literal, a
// parameter, a range), or a call this cannot follow (a builtin's, a
// field's method, a package's outside the tree), where declaredType's
// reading stands.
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
		made = &page.MadeBy{Dir: r.dir, Type: ownerOf(r.defs, in), Steps: []page.Step{{Name: f}}}
	default:
		if made = r.madeBy(x, in, from, depth+1); made != nil {
			if made.Result != 0 {
				return nil // x, y := f(); y.M(): the methods follow first results only
			}
			made.Steps = append(made.Steps, page.Step{Name: f})
		} else if t, literal := r.declaredType(x, in, from); t != "" && !literal {
			name, dir := r.goType(t)
			made = &page.MadeBy{Dir: dir, Type: name, Steps: []page.Step{{Name: f}}}
		} else if r.onlyReceiver(x, in, from) {
			made = &page.MadeBy{Dir: r.dir, Var: x, Steps: []page.Step{{Name: f}}}
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
		made.Steps = append(made.Steps, page.Step{Name: string(r.data[i+m[2] : i+m[3]])})
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

// pyType returns a Python type as written (Queue, queue.Queue) without
// its modules, and home, the file of the tree that defines it (see
// typeHome): where the file's imports say it is from (asyncio.Queue is
// asyncio/queues.py's, as asyncio/__init__.py imports it from there),
// or this file, when nothing imports the name and the file defines a
// class of it; "" when that is not known.
func (r *receivers) pyType(t string) (name, home string) {
	mods, name, dotted := "", t, false
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		mods, name, dotted = t[:i], t[i+1:], true
	}
	q, ok := r.q.(*pyQualifier)
	if !ok {
		return name, ""
	}
	pkg, bound := q.imported(mods, name)
	switch {
	case bound:
		return name, pkg.File
	case !dotted && slices.ContainsFunc(r.defs, func(d syntax.Def) bool { return d.Depth == 0 && d.Name == name && syntax.Holder(d.Kind) }):
		return name, r.file
	}
	return name, ""
}

// goThen reads what follows a call's closing parenthesis when it is no
// end of the value: a selector, (1) a method's name when it is called.
var goThen = regexp.MustCompile(`^[ \t]*(?:\.[ \t]*\n?[ \t]*(?:([A-Za-z_]\w*)[ \t]*\(|)|\[)`)

// fieldsMade returns, for a Go call x.f.g.M() whose method's name is at
// byte start, in definition in, what made its receiver x.f.g: x's type
// (its method's own receiver's, or as madeBy or declaredType read it),
// then the fields; nil when the receiver is no such chain (a call's
// result, an index, an imported package's variable).
func (r *receivers) fieldsMade(start, in int) *page.MadeBy {
	if in < 0 || in >= len(r.defs) {
		return nil
	}
	var names []string // x.f.g, last first
	i := start
	for {
		at := i
		for i > 0 && isSpace(r.data[i-1]) {
			i--
		}
		if i == 0 || r.data[i-1] != '.' {
			i = at
			break
		}
		if bytes.IndexByte(r.data[i:at], '\n') >= 0 {
			// A "." that ends the line before: a selector split after it,
			// or the end of a sentence in a comment (as qualifierAt reads it).
			if ls := bytes.LastIndexByte(r.data[:i], '\n') + 1; bytes.Contains(r.data[ls:i], []byte("//")) {
				i = at
				break
			}
		}
		i--
		for i > 0 && isSpace(r.data[i-1]) {
			i--
		}
		end := i
		for i > 0 && isIdentByte(r.data[i-1]) {
			i--
		}
		if i == end || r.data[i] >= '0' && r.data[i] <= '9' {
			return nil // f().g.M(), a[i].g.M()
		}
		names = append(names, string(r.data[i:end]))
	}
	if len(names) < 2 {
		return nil
	}
	slices.Reverse(names)
	base := names[0]
	var made *page.MadeBy
	if base == selfName(r.defs[in], r.grammar) {
		made = &page.MadeBy{Dir: r.dir, Type: ownerOf(r.defs, in)}
	} else if gq, isGo := r.q.(*goQualifier); isGo && gq.named(base) != nil {
		return nil // a package's variable
	} else if made = r.madeBy(base, in, i, 1); made != nil {
		if made.Result != 0 {
			return nil // the methods and fields follow first results only
		}
	} else if t, literal := r.declaredType(base, in, i); t != "" && !literal {
		name, dir := r.goType(t)
		made = &page.MadeBy{Dir: dir, Type: name}
	} else if r.onlyReceiver(base, in, i) {
		made = &page.MadeBy{Dir: r.dir, Var: base} // the package's variable, when it has one
	} else {
		return nil
	}
	for _, f := range names[1:] {
		made.Steps = append(made.Steps, page.Step{Name: f, Field: true})
	}
	return made
}

// onlyReceiver reports whether v, before byte start in definition in,
// is only ever a receiver (v.M(), v.f): neither a parameter nor given a
// value there, so a variable of the package when it is one.
func (r *receivers) onlyReceiver(v string, in, start int) bool {
	d := r.defs[in]
	src := r.data[:start]
	for i := max(0, min(d.StartByte, start)); ; {
		k := bytes.Index(src[i:], []byte(v))
		if k < 0 {
			return true
		}
		at, end := i+k, i+k+len(v)
		i = end
		if at > 0 && (isIdentByte(src[at-1]) || src[at-1] == '.') || end < len(src) && isIdentByte(src[end]) {
			continue
		}
		if j := skipSpace(src, end); j >= len(src) || src[j] != '.' {
			return false
		}
	}
}
