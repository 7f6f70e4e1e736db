package page

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
)

// MaxDefinitions is how many definitions of a name a callers page lists;
// the rest are counted.
const MaxDefinitions = 5

// CallersInput is what a callers or refs page is planned from.
type CallersInput struct {
	Mode        Mode // Callers, Refs or Callees
	Name        string
	Definitions []File  // the definitions of Name, each file with its definition lines
	Files       []File  // the files with calls (uses), in order, each a Line with In set (and Kind, its label, on a refs page; Callee on a callees page; Depth, its level less 1, on a callers page that follows callers)
	Levels      []Level // callers with a depth: where each level after the first starts in Files
	Mentions    int     // refs: occurrences in comments and strings, counted, not shown
	Of          string  // for pkg.Name (Name is so written): pkg, the Go package or Python module the calls or uses kept name
	NotOf       int     // for pkg.Name: the calls or uses of the name left out, not of pkg
	OfType      bool    // Of is a type (Type.Method), not a package: NotOf counts the calls whose receiver is known to be no Type
	By          string  // how calls were found: "tree-sitter" or "line classifier"
	Parsed      int     // files that mention Name, parsed
	Searched    int     // files searched for Name
	NotParsed   []Reason
	Warnings    []string
	Failed      bool // a warning is a failure (a path not there), not a notice
	Start       int  // calls shown on earlier pages
	Number      int
	Budget      int // bytes
	Face        Face
	Cursor      func(next int, last Key) string
}

// Level is a level of callers after the first: the calls of the
// functions the calls of the level before sit in (Names), from file Start
// of CallersInput.Files on.
type Level struct {
	Start int
	Names []string
}

// PlanCallers fills a page with the calls after in.Start that fit the
// budget, file by file, each under the definition it sits in.
func PlanCallers(in CallersInput) *Page {
	if in.Mode == 0 {
		in.Mode = Callers
	}
	unit := unitOf(in.Mode)
	p := &Page{Mode: in.Mode, Number: in.Number, Searched: in.Searched, NotSearched: in.NotParsed, Warnings: in.Warnings, Failed: in.Failed}
	total := 0
	for _, f := range in.Files {
		total += len(f.Lines)
	}
	p.Total = Totals{Matches: total, Files: len(in.Files)}
	n := 0
	for _, f := range in.Definitions {
		if n >= MaxDefinitions {
			break
		}
		if len(f.Lines) > MaxDefinitions-n {
			f.Lines = f.Lines[:MaxDefinitions-n]
		}
		n += len(f.Lines)
		f.Path = Quote(f.Path)
		p.Definitions = append(p.Definitions, f)
	}
	head := callersHeader(in)
	only := soleHome(in.Definitions)
	same := in.Of != "" && onePackage(in.Files) // pkg.Name: each line would say the same
	units := make([]unitFile, len(in.Files))
	for i, f := range in.Files {
		units[i] = unitFile{path: f.Path, units: f.Lines}
	}
	room := in.Budget - len(head) - len(callersFooter(p, in, total, total-in.Start, in.Cursor(total, longestKey(units))))
	header := func(f, _ int, first bool) []byte {
		var h []byte
		if k := levelOf(in.Levels, f); k >= 0 && (first || in.Levels[k].Start == f) {
			h = fmt.Appendf(h, "\n── level %d: the %ss of %s ──\n", k+2, unit, nameList(in.Levels[k].Names))
		}
		return fmt.Appendf(h, "\n%s: %s\n", Quote(in.Files[f].Path), plural(len(in.Files[f].Lines), unit))
	}
	b, files := fill(units, in.Start, room, header, func(f, i, prev int) []byte {
		l := in.Files[f].Lines[i]
		var line []byte
		if in.Mode == Implementations {
			return appendImplementation(line, l)
		}
		if prev < 0 || !sameDef(in.Files[f].Lines[prev].In, l.In) {
			line = appendIn(line, l.In) // the definition, when it changes
		}
		if same {
			l.Package = nil
		}
		return appendReceiver(appendPackage(appendCallee(appendCall(line, l), l.Callee), l.Package, only), l.Receiver)
	})
	p.Files = files
	for _, f := range p.Files {
		for i, l := range f.Lines {
			if t := l.Callee; t != nil && len(t.At) > 0 { // as the page shows them (Quote), in JSON too
				c := *t
				c.At = slices.Clone(t.At)
				for k := range c.At {
					c.At[k].Path = Quote(c.At[k].Path)
				}
				f.Lines[i].Callee = &c
			}
		}
	}
	finish(p, in.Start, total, unit, in.Face, in.Cursor)
	shown := p.Shown.Matches
	p.Text = head + string(b) + callersFooter(p, in, in.Start+shown, shown, p.Cursor)
	return p
}

// Home returns the place whose definitions a file's are: a Go file's
// directory (its package), any other file itself (a Python module).
func Home(p string) string {
	if strings.HasSuffix(p, ".go") {
		return path.Dir(p)
	}
	return p
}

// soleHome returns the Home that holds every definition of the name, ""
// when they are in several (or there are none).
func soleHome(defs []File) string {
	one := ""
	for _, f := range defs {
		h := Home(f.Path)
		switch {
		case one == "":
			one = h
		case h != one:
			return ""
		}
	}
	return one
}

// appendPackage ends a call's line with the package it names by an
// import ("  → crypto/sha256", "  → os (standard library)"), unless that
// is where every definition is (only), which says no more.
func appendPackage(b []byte, p *Package, only string) []byte {
	if !showsMark(p, only) {
		return b
	}
	b = b[:len(b)-1] // the newline
	b = append(b, "  → "...)
	b = append(b, p.String()...)
	return append(b, '\n')
}

// appendReceiver ends a call's line, on a page of Type.Method, with "→ on
// a Type" when its receiver is known to be one.
func appendReceiver(b []byte, typ string) []byte {
	if typ == "" {
		return b
	}
	b = b[:len(b)-1] // the newline
	b = append(b, "  → on a "...)
	b = append(b, typ...)
	return append(b, '\n')
}

// showsMark reports whether a call marked with package p shows it, when
// only is where every definition is (see appendPackage).
func showsMark(p *Package, only string) bool {
	return p != nil && (p.Dir+p.File == "" || path.Clean(p.Dir+p.File) != only)
}

// onePackage reports whether the calls or uses of the files that are
// marked with a package are all marked with one.
func onePackage(files []File) bool {
	one := ""
	for _, f := range files {
		for _, l := range f.Lines {
			if l.Package == nil {
				continue
			}
			switch s := l.Package.String(); {
			case one == "":
				one = s
			case s != one:
				return false
			}
		}
	}
	return true
}

// markedElsewhere reports whether a call or use of the files is marked
// with a package other than home, where the one definition is: the page
// shows that mark (see appendPackage).
func markedElsewhere(files []File, home string) bool {
	for _, f := range files {
		for _, l := range f.Lines {
			if showsMark(l.Package, home) {
				return true
			}
		}
	}
	return false
}

// marked reports whether a call or use of the files names its package.
func marked(files []File) bool {
	for _, f := range files {
		for _, l := range f.Lines {
			if l.Package != nil {
				return true
			}
		}
	}
	return false
}

// definitions counts the definitions of the name.
func definitions(in CallersInput) int {
	n := 0
	for _, f := range in.Definitions {
		n += len(f.Lines)
	}
	return n
}

// levelOf returns the level (an index into levels) file f is in, -1 for
// the first.
func levelOf(levels []Level, f int) int {
	k := -1
	for i, l := range levels {
		if l.Start <= f {
			k = i
		}
	}
	return k
}

// nameList names up to 8 functions: "A, B and C", "A, B, … and 12 more".
func nameList(names []string) string {
	if len(names) > 8 {
		return strings.Join(names[:7], ", ") + fmt.Sprintf(", … and %d more", len(names)-7)
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func sameDef(a, b *Def) bool {
	return a == nil && b == nil || a != nil && b != nil && a.Number == b.Number && a.Name == b.Name
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// callersHeader says where the name is defined: how many times, and the
// first MaxDefinitions places.
func callersHeader(in CallersInput) string {
	var b strings.Builder
	n := definitions(in)
	switch {
	case n == 0 && in.Mode == Callees:
		fmt.Fprintf(&b, "%s: no function or method of this name found in the files searched\n", in.Name)
		return b.String()
	case n == 0:
		fmt.Fprintf(&b, "%s: no definition found in the files searched\n", in.Name)
		return b.String()
	case in.OfType && in.Mode != Callees:
		fmt.Fprintf(&b, "%s: %s (a %s marked → on a %s is known to be on one; the others' receivers are not known)\n", in.Name, plural(n, "definition"), unitOf(in.Mode), in.Of)
	case n == 1 && in.Mode != Callees && markedElsewhere(in.Files, soleHome(in.Definitions)):
		fmt.Fprintf(&b, "%s: 1 definition (a %s marked → is of the package it names, not of this one)\n", in.Name, unitOf(in.Mode))
	case n == 1:
		fmt.Fprintf(&b, "%s: 1 definition\n", in.Name)
	case in.Mode == Callees:
		fmt.Fprintf(&b, "%s: %d definitions (the calls in each below)\n", in.Name, n)
	case in.Mode == Refs && marked(in.Files):
		fmt.Fprintf(&b, "%s: %d definitions (a use marked → is of the package it names; the others may be of any of them)\n", in.Name, n)
	case in.Mode == Refs || in.Mode == Implementations:
		fmt.Fprintf(&b, "%s: %d definitions (the %ss below may be of any of them)\n", in.Name, n, unitOf(in.Mode))
	case marked(in.Files):
		fmt.Fprintf(&b, "%s: %d definitions (a call marked → is of the package it names; the others may be of any of them)\n", in.Name, n)
	default:
		fmt.Fprintf(&b, "%s: %d definitions (the calls below may be of any of them)\n", in.Name, n)
	}
	listed := 0
	for _, f := range in.Definitions {
		for _, l := range f.Lines {
			if listed == MaxDefinitions {
				fmt.Fprintf(&b, "  … and %d more\n", n-listed)
				return b.String()
			}
			fmt.Fprintf(&b, "  %s:%s %s\n", Quote(f.Path), lineRange(l), l.Text)
			listed++
		}
	}
	return b.String()
}

func lineRange(l Line) string {
	if l.End > l.Number {
		return strconv.Itoa(l.Number) + "-" + strconv.Itoa(l.End)
	}
	return strconv.Itoa(l.Number)
}

// appendIn writes the definition calls or hits sit in: its lines and its
// signature, or (on a grep page, which has no signature) its kind and
// name.
func appendIn(b []byte, in *Def) []byte {
	if in == nil {
		return append(b, "in (top level)\n"...)
	}
	b = append(b, "in "...)
	if in.Text == "" {
		b = append(b, in.Name...)
		b = append(b, ' ')
		b = append(b, lineRange(Line{Number: in.Number, End: in.End})...)
		return append(b, '\n')
	}
	b = append(b, lineRange(Line{Number: in.Number, End: in.End})...)
	b = append(b, ' ')
	b = append(b, in.Text...)
	return append(b, '\n')
}

// unitOf is what a page of mode lists: calls, uses or implementations.
func unitOf(m Mode) string {
	switch m {
	case Refs:
		return "use"
	case Implementations:
		return "implementation"
	}
	return "call"
}

// appendImplementation writes an implementation's line: its lines, how it
// was found, and its signature ("  51-57 base: class Dog(Animal):").
func appendImplementation(b []byte, l Line) []byte {
	b = append(b, "  "...)
	b = append(b, lineRange(l)...)
	b = append(b, ' ')
	b = append(b, l.Kind...)
	b = append(b, ": "...)
	b = append(b, l.Text...)
	return append(b, '\n')
}

// appendCall writes a call's line, indented under its definition.
func appendCall(b []byte, l Line) []byte {
	b = append(b, "  "...)
	b = strconv.AppendInt(b, int64(l.Number), 10)
	if l.Kind != "" {
		b = append(b, ' ')
		b = append(b, l.Kind...)
	}
	b = append(b, ": "...)
	b = append(b, l.Text...)
	return append(b, '\n')
}

// appendCallee ends a call's line, on a callees page, with where what it
// calls is defined: "→ Name net/net.go:345", "→ Name: 14 definitions:
// net/net.go:345, net/fd.go:20, …", "→ Name: not found" or "→ len: not
// found, a Go built-in".
func appendCallee(b []byte, t *Target) []byte {
	if t == nil {
		return b
	}
	b = b[:len(b)-1] // the newline
	b = append(b, "  → "...)
	if t.Type != "" {
		b = append(b, t.Type...)
		b = append(b, '.')
	}
	b = append(b, t.Name...)
	switch {
	case t.Count == 0 && t.Package != nil:
		b = append(b, ": in "...)
		b = append(b, t.Package.String()...)
		if t.Package.Dir+t.Package.File != "" {
			b = append(b, ", not found in the files searched"...)
		}
	case t.Count == 0 && t.Builtin != "":
		b = append(b, ": not found, a "...)
		b = append(b, t.Builtin...)
		b = append(b, " built-in"...)
	case t.Count == 0:
		b = append(b, ": not found"...)
	case t.Count == 1:
	default:
		b = fmt.Appendf(b, ": %d definitions:", t.Count)
	}
	for i, at := range t.At {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, " %s:%d", Quote(at.Path), at.Line)
	}
	if t.Count > len(t.At) && len(t.At) > 0 {
		b = append(b, ", …"...)
	}
	return append(b, '\n')
}

func callersFooter(p *Page, in CallersInput, shownTo, shown int, cursor string) string {
	unit, what := "call", "calls matched by name, not by type"
	switch in.Mode {
	case Refs:
		unit, what = "use", "uses matched by name, not by type, each labelled by what the parser says it is"
	case Callees:
		what = "where each callee is defined is found by the line classifier's definition lines over the files searched, matched by name, not by type"
	case Implementations:
		unit, what = "implementation", "matched by name, not by type; \"base\": a definition that names it, or a name an import binds it to, as a base (extends, implements, a Rust impl, a Go embedding); \"methods\": a Go type with each method of the interface, by name and by parameter and result types as written; \"promoted\": a Go struct with them, some through the types it embeds"
	}
	pkgs := ""
	if marked(in.Files) || in.Mode == Callees && calleePackages(in.Files) {
		pkgs = "; a call naming a package or module by an import (sha256.Sum256, json.loads, fs.readFile) is of that one's, one not qualified of its own"
	}
	if in.Mode == Callees && calleeTypes(in.Files) {
		pkgs += "; a callee shown as Type.Name is a Go method of the type its receiver is known to be from the code around the call"
	}
	bare := in.Name[strings.LastIndexByte(in.Name, '.')+1:] // pkg.Name: the files mention Name
	if i := strings.LastIndex(bare, "::"); i >= 0 {
		bare = bare[i+2:] // Type::name too
	}
	var b strings.Builder
	switch n := definitions(in); {
	case in.Mode == Callees && n == 0:
		b.WriteString("\n0 calls")
	case in.Mode == Callees:
		fmt.Fprintf(&b, "\n%s in the %s of %s", plural(p.Total.Matches, unit), plural(n, "definition"), in.Name)
	case len(in.Levels) > 0 && in.Mode == Implementations:
		fmt.Fprintf(&b, "\n%s of %s and of its implementations, %d levels, in %s", plural(p.Total.Matches, unit), in.Name, len(in.Levels)+1, plural(p.Total.Files, "file"))
	case len(in.Levels) > 0:
		fmt.Fprintf(&b, "\n%s of %s and of its callers, %d levels, in %s", plural(p.Total.Matches, unit), in.Name, len(in.Levels)+1, plural(p.Total.Files, "file"))
	default:
		fmt.Fprintf(&b, "\n%s of %s in %s", plural(p.Total.Matches, unit), in.Name, plural(p.Total.Files, "file"))
	}
	if shown > 0 {
		fmt.Fprintf(&b, "; page %d: %ss %d-%d", in.Number, unit, shownTo-shown+1, shownTo)
	}
	b.WriteString("\n")
	if in.Mentions > 0 {
		fmt.Fprintf(&b, "not shown: %s of %s in comments and strings\n", plural(in.Mentions, "mention"), bare)
	}
	if in.NotOf > 0 {
		verb := "name"
		if in.NotOf == 1 {
			verb = "names"
		}
		switch {
		case in.OfType && in.Mode == Callees:
			fmt.Fprintf(&b, "not shown: %s in the other definitions of %s, not %s's (ask for %s alone for them)\n", plural(in.NotOf, unit), bare, in.Of, bare)
		case in.OfType:
			fmt.Fprintf(&b, "not shown: %s of %s known not to be a %s's (a function's or a package's, on a literal, on the receiver of another type's %s, or in another language; ask for %s alone for them)\n", plural(in.NotOf, unit), bare, in.Of, bare, bare)
		case in.Mode == Implementations:
			fmt.Fprintf(&b, "not shown: %s of a %s not written %s.%s, nor in %s's own files (ask for %s alone for them)\n", plural(in.NotOf, unit), bare, in.Of, bare, in.Of, bare)
		default:
			fmt.Fprintf(&b, "not shown: %s of %s that %s no package or module %s (through a value, or in another language; ask for %s alone for them)\n", plural(in.NotOf, unit), bare, verb, in.Of, bare)
		}
	}
	if in.By == "tree-sitter" {
		name := bare
		if len(in.Levels) > 0 && in.Mode == Implementations {
			name += " or an implementation followed"
		} else if len(in.Levels) > 0 {
			name += " or a caller followed"
		}
		fmt.Fprintf(&b, "found by tree-sitter in the %s %s (of %d searched): %s%s\n", plural(in.Parsed, "file"), mention(in.Parsed, name), in.Searched, what, pkgs)
	} else {
		how := "a call is the name followed by \"(\", in the last definition that starts before it"
		switch in.Mode {
		case Refs:
			how = "each use labelled by the line classifier; a call when \"(\" follows, in the last definition that starts before it"
		case Callees:
			how = "a call is a word followed by \"(\", from a definition's line to the next definition's"
		case Implementations:
			how = "\"base\": a class, interface, struct or trait whose first line names it after its own name and \"extends\", \"implements\", \"(\", \":\" or \"<\"; \"methods\": a Go type with each method of the interface, by name and by parameter and result types as written"
		}
		fmt.Fprintf(&b, "found by the %s (this scout was built without cgo, so without a parser) in the %s %s: %s%s\n", in.By, plural(in.Parsed, "file"), mention(in.Parsed, bare), how, pkgs)
	}
	b.WriteString(notParsed(in.NotParsed))
	b.Write(appendWarnings(nil, in.Warnings, MaxWarnings))
	b.WriteString("next: ")
	if cursor != "" {
		fmt.Fprintf(&b, "page %d with "+in.Face.Cursor+" (%ss %d-%d remain)", in.Number+1, cursor, unit, shownTo+1, p.Total.Matches)
	} else {
		b.WriteString("none; this is everything")
	}
	b.WriteString("\n")
	return b.String()
}

func mention(n int, name string) string {
	if n == 1 {
		return "that mentions " + name
	}
	return "that mention " + name
}

// calleeTypes reports whether any callee was told by its receiver's type.
func calleeTypes(files []File) bool {
	for _, f := range files {
		for _, l := range f.Lines {
			if l.Callee != nil && l.Callee.Type != "" {
				return true
			}
		}
	}
	return false
}

// calleePackages reports whether a call on a callees page names its
// package, or is a Go call not qualified at all.
func calleePackages(files []File) bool {
	for _, f := range files {
		for _, l := range f.Lines {
			if l.Callee != nil && (l.Callee.Package != nil || l.Callee.Local) {
				return true
			}
		}
	}
	return false
}
