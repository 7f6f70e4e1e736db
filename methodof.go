package scout

import (
	"bytes"
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// A search of Type.Method (callers, refs, callees of ServerSession.Close,
// Queue.join) when no package or module is named Type: the definitions
// of Method that are Type's, and the calls of Method by name, less those
// whose receiver is known not to be a Type. Without types, what a
// receiver is is known only from the code around the call
// (receivers.of); ofType keeps, drops and marks the calls by it.

// ownerOf returns the type definition i is a method of: a Go method's
// receiver type, else the class, struct, impl, trait or interface it sits
// in; "" for none.
func ownerOf(defs []syntax.Def, i int) string {
	if o := holderOf(defs, i); o >= 0 {
		return defs[o].Name
	}
	if strings.HasPrefix(defs[i].Signature, "func (") {
		_, t := goReceiver(defs[i].Signature)
		return t
	}
	if q := qualifierOf(defs[i].Name); q != "" {
		return lastScope(q) // void Pool::join(int n) { … }: Pool's
	}
	return ""
}

// qualifierOf returns what qualifies a C++ definition's name defined
// outside its class or namespace: net::Pool of net::Pool::join; "" for a
// name with none.
func qualifierOf(name string) string {
	name = untemplated(name)
	if i := strings.LastIndex(name, "::"); i >= 0 {
		return name[:i]
	}
	return ""
}

// lastScope returns the last of a qualifier's scopes (Pool of net::Pool).
func lastScope(q string) string {
	if i := strings.LastIndex(q, "::"); i >= 0 {
		return strings.TrimSpace(q[i+len("::"):])
	}
	return strings.TrimSpace(q)
}

// untemplated returns a C++ name without its template arguments
// (Pool::join of Pool<T>::join).
func untemplated(name string) string {
	if !strings.Contains(name, "<") {
		return name
	}
	var b strings.Builder
	depth := 0
	for _, r := range name {
		switch {
		case r == '<':
			depth++
		case r == '>' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// spaceOf returns the namespaces definition i is in, outermost first,
// each as its code writes it (net, db::detail, Shop.Orders), with those of
// a name defined outside them (net::Pool::join's net): where C++ and C#
// keep a type, whatever the directory.
func spaceOf(defs []syntax.Def, i int) string {
	var scopes []string
	if q := qualifierOf(defs[i].Name); strings.Contains(q, "::") {
		scopes = append(scopes, q[:strings.LastIndex(q, "::")])
	}
	for j := defs[i].Parent; j >= 0 && j < i; i, j = j, defs[j].Parent {
		if defs[j].Kind == "namespace" && defs[j].Name != "" {
			scopes = append(scopes, defs[j].Name)
		}
	}
	slices.Reverse(scopes)
	return strings.Join(scopes, "::")
}

// inSpace says how well a definition's namespaces (spaceOf) match a
// package's path as a frame names it (net, db.detail): 0 when they are
// not that namespace, more the more of the path's last elements they end
// with.
func inSpace(space, pkg string) int {
	split := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return r == ':' || r == '.' || r == '/' || r == '\\' })
	}
	return endsWith(split(space), split(pkg))
}

// holderOf returns the definition that holds definition i as its method
// (a class, struct, impl, trait or interface; -1 for none: a Go method,
// whose type is its receiver's).
func holderOf(defs []syntax.Def, i int) int {
	for j := defs[i].Parent; j >= 0 && j < i; i, j = j, defs[j].Parent { // a parent is before its child
		switch {
		case syntax.Holder(defs[j].Kind):
			return j
		case syntax.Callable(defs[j].Kind):
			return -1 // a function's local class is not what a method call names
		}
	}
	return -1
}

// goReceiver reads a Go method's head, "func (ss *ServerSession) Close()
// error": the receiver's name (ss; "" when it has none) and its type's
// name, without pointer or type parameters (ServerSession).
func goReceiver(sig string) (name, typ string) {
	rest, ok := strings.CutPrefix(sig, "func (")
	if !ok {
		return "", ""
	}
	r, _, ok := strings.Cut(rest, ")")
	if !ok {
		return "", ""
	}
	r, _, _ = strings.Cut(r, "[")
	f := strings.Fields(strings.ReplaceAll(r, "*", " "))
	switch len(f) {
	case 1:
		return "", f[0]
	case 2:
		return f[0], f[1]
	}
	return "", ""
}

// selfName returns the name a method calls its own receiver by: a Go
// method's receiver, Python's self or cls (its first parameter, when so
// named), this or self in the languages that have them; "" when it has
// none.
func selfName(d syntax.Def, grammar string) string {
	switch grammar {
	case "go":
		n, _ := goReceiver(d.Signature)
		return n
	case "python":
		_, params, _ := strings.Cut(d.Signature, "(")
		first, _, _ := strings.Cut(params, ",")
		first, _, _ = strings.Cut(first, ")")
		if first = strings.TrimSpace(first); first == "self" || first == "cls" {
			return first
		}
		return ""
	case "rust", "ruby":
		return "self"
	case "php":
		return "$this"
	}
	return "this"
}

// receivers tells, for a search of Type.Method, what each call of a
// file says of its receiver (see of). The line classifier's
// parse (no grammar) says little: its calls are known only when a
// package qualifies them.
type receivers struct {
	grammar string
	file    string
	dir     string // the file's directory
	data    []byte
	defs    []syntax.Def
	q       qualifier
	attrs   map[string]string // "class.attr" → its type, as attributeType found it
}

func newReceivers(file string, p parsedFile, data []byte, q qualifier) *receivers {
	return &receivers{grammar: p.grammar, file: file, dir: path.Dir(file), data: data, defs: p.defs, q: q, attrs: map[string]string{}}
}

// of says what the receiver of the use at byte start, in definition in
// (its caller: -1 for none), is: none (a function's call, a package's
// function, a literal's method: no type's method), or the type it is
// known to be ("" when the code around it does not say): the method's own
// receiver's type, a type named itself (Type.method, Type::new), a
// parameter's or variable's declared type; or, in Go, the calls that
// made it, when a call did (see madeBy).
func (r *receivers) of(start, in int) (none bool, typ string, made *page.MadeBy) {
	qual, dotted := qualifierAt(r.data, start)
	own, self := "", ""
	if in >= 0 {
		own, self = ownerOf(r.defs, in), selfName(r.defs[in], r.grammar)
	}
	if !dotted {
		if before, ok := colons(r.data, start); ok { // Type::method, Self::method
			if before == "Self" {
				return false, own, nil
			}
			return false, before, nil
		}
		switch r.grammar {
		case "go", "python", "javascript", "typescript", "tsx", "rust":
			return true, "", nil // a function's call: a method is called on its receiver
		case "":
			return false, "", nil
		}
		return false, own, nil // this.method() may be written method() in Java, C#, C++, Ruby
	}
	if pkg, _ := r.q.at(start); pkg != nil {
		return true, "", nil // a package's or module's function (os.path.join too)
	}
	switch {
	case qual == "" && literalBefore(r.data, start):
		return true, "", nil // ", ".join(x), 'a'.concat(b)
	case qual == "" && r.grammar == "go":
		return false, "", r.fieldsMade(start, in) // self.f.M(), x.f.M(): the package's structs say
	case qual == "" && self != "" && in >= 0:
		return false, r.attributeType(start, self, in), nil
	case qual == "":
		return false, "", nil
	case self != "" && strings.TrimPrefix(qual, "$") == strings.TrimPrefix(self, "$"):
		return false, own, nil
	}
	if in >= 0 {
		t, literal := r.declaredType(qual, in, start)
		if r.grammar == "go" {
			// Made by a call: what its definition returns, when the
			// search finds that; else what the code says, if it does.
			if m := r.madeBy(qual, in, start, 0); m != nil {
				return false, t, m
			}
		}
		if t != "" || literal {
			return literal, t, nil
		}
	}
	if r.grammar != "go" && qual[0] >= 'A' && qual[0] <= 'Z' {
		return false, qual, nil // a class's own (Queue.join(q)), when it is one
	}
	if r.grammar == "go" && in >= 0 && r.onlyReceiver(qual, in, start) {
		return false, "", &page.MadeBy{Dir: r.dir, Var: qual} // the package's variable, when it has one
	}
	return false, "", nil // a variable named like a type (conn.Write), in Go most of all
}

// attributeType returns the type of the attribute a call at byte start
// is on, self.attr.method() (this.attr in JavaScript and TypeScript), as
// the class its method sits in (definition in's) makes it: an assignment
// self.attr = Type(…), self.attr: Type = …, this.attr = new Type(…); ""
// when the call is on no such attribute, or the class says nothing (or
// two things) of it.
func (r *receivers) attributeType(start int, self string, in int) string {
	dot := start
	for dot > 0 && isSpace(r.data[dot-1]) {
		dot--
	}
	dot-- // the "." before the method's name
	i := dot
	for i > 0 && isIdentByte(r.data[i-1]) {
		i--
	}
	attr := string(r.data[i:dot]) // an identifier (so valid UTF-8) or nothing: it goes into a pattern
	if !isIdentifier(attr) || i <= len(self) || r.data[i-1] != '.' || string(r.data[i-1-len(self):i-1]) != self ||
		i-1-len(self) > 0 && isIdentByte(r.data[i-2-len(self)]) {
		return ""
	}
	class := holderOf(r.defs, in)
	if class < 0 {
		return ""
	}
	k := strconv.Itoa(class) + "." + attr
	if typ, ok := r.attrs[k]; ok {
		return typ
	}
	d := r.defs[class]
	body := r.data[max(0, min(d.StartByte, len(r.data))):max(0, min(d.EndByte, len(r.data)))]
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(self) + `\.` + regexp.QuoteMeta(attr) + `\s*(?::\s*['"]?((?:\w+\.)*[A-Za-z_]\w*)[^=\n]*)?=\s*(?:new\s+)?((?:\w+\.)*[A-Za-z_]\w*)\s*\(`)
	typ := ""
	for _, m := range re.FindAllSubmatchIndex(body, -1) {
		t := string(body[m[4]:m[5]]) // what it is made of
		if m[2] >= 0 {
			t = string(body[m[2]:m[3]]) // what it is declared
		}
		if r.grammar != "python" { // a Python type keeps its modules: queue.Queue (see pyType)
			t = t[strings.LastIndexByte(t, '.')+1:]
		}
		if typ != "" && t != typ {
			typ = "" // made of two things
			break
		}
		typ = t
	}
	r.attrs[k] = typ
	return typ
}

// fieldType returns the type's name of a struct's field line that
// declares attr ("attr *pkg.Type", "a, attr Type // …"): Type; "" for a
// line that does not, or a type that is no name (a slice, a map, a
// function).
func fieldType(line, attr string) string {
	rest := strings.TrimLeft(line, " \t")
	found := false
	for {
		j := 0
		for j < len(rest) && isIdentByte(rest[j]) {
			j++
		}
		if j == 0 {
			return ""
		}
		found = found || rest[:j] == attr
		rest = strings.TrimLeft(rest[j:], " \t")
		if !strings.HasPrefix(rest, ",") {
			break
		}
		rest = strings.TrimLeft(rest[1:], " \t")
	}
	if !found {
		return ""
	}
	rest = strings.TrimPrefix(rest, "*")
	j := 0
	for j < len(rest) && (isIdentByte(rest[j]) || rest[j] == '.') {
		j++
	}
	t := rest[:j]
	if k := strings.LastIndexByte(t, '.'); k >= 0 {
		t = t[strings.LastIndexByte(t[:k], '.')+1:] // pkg.Type: its package, for the callees of a call on it
	}
	if n := typeName(t); n == "" || n[0] >= '0' && n[0] <= '9' || strings.HasPrefix(t, ".") {
		return ""
	}
	return t
}

// declaredType returns the type variable v is declared, in definition in
// before byte start: a parameter of its head (v *Type, v Type, v: Type,
// Type v; in Go, var v *Type in the body too), or a variable of its body
// made of one (v := &Type{, v = Type(, v = new Type(), the last before
// start (in Go, pkg.Type with its package's name); "" when none is, and
// literal when that last is a literal's (v = ", ", v := []string{…}),
// which is no type's here. A parameter's form in the body (a closure's
// own v) hides what came before: "" again.
func (r *receivers) declaredType(v string, in, start int) (typ string, literal bool) {
	d := r.defs[in]
	head, body := max(0, min(d.StartByte, start)), max(0, min(d.HeadEnd, start))
	typed := r.grammar != "go" && r.grammar != "python" // Type v
	src := r.data[:start]
	for i := head; ; {
		k := bytes.Index(src[i:], []byte(v))
		if k < 0 {
			return typ, literal
		}
		at, end := i+k, i+k+len(v)
		i = end
		if at > 0 && isIdentByte(src[at-1]) || end < len(src) && isIdentByte(src[end]) {
			continue // part of another word
		}
		inHead := end <= body
		m := afterVariable.FindSubmatchIndex(src[end:])
		switch {
		case m != nil && m[2] >= 0:
			typ, literal = "", true
		case m != nil && m[4] >= 0:
			typ, literal = r.qualified(src, end+m[4], end+m[5]), false
		case m != nil && m[6] >= 0 && notType[string(src[end+m[6]:end+m[7]])]:
			// "v in items", "v is None": no declaration
		case m != nil && m[6] >= 0 && (inHead || r.grammar == "go" && goVarBefore(src[head:at])):
			typ, literal = r.qualified(src, end+m[6], end+m[7]), false
		case m != nil && m[6] >= 0:
			typ, literal = "", false // a closure's parameter, or a variable declared again
		case typed:
			b := beforeVariable.FindSubmatchIndex(src[max(head, at-80):at])
			if b == nil || notType[string(src[max(head, at-80)+b[2]:max(head, at-80)+b[3]])] {
				continue
			}
			if t := string(src[max(head, at-80)+b[2] : max(head, at-80)+b[3]]); inHead {
				typ, literal = t, false
			} else {
				typ, literal = "", false
			}
		}
	}
}

// goVarBefore reports whether src ends with the keyword var (and
// blanks): var v T declares v.
func goVarBefore(src []byte) bool {
	src = bytes.TrimRight(src, " \t")
	return bytes.HasSuffix(src, []byte("var")) && (len(src) == 3 || !isIdentByte(src[len(src)-4]))
}

// qualified returns the type named src[from:to], in Go with the package
// that qualifies it (http.Handler): what package a callee is of.
func (r *receivers) qualified(src []byte, from, to int) string {
	if r.grammar == "go" && from > 1 && src[from-1] == '.' {
		i := from - 1
		for i > 0 && isIdentByte(src[i-1]) {
			i--
		}
		if i < from-1 {
			return string(src[i:to])
		}
	}
	if r.grammar == "python" { // its modules too: queue.Queue, xml.etree.ElementTree.XMLParser
		if chain, dotted := pyChainAt(src, from); dotted && chain != "" {
			return chain + "." + string(src[from:to])
		}
	}
	return string(src[from:to])
}

// afterVariable reads what follows a variable's name where it is
// declared: a literal (1) or a type's value (2) it is made of, or the type
// it is declared (3; Rust's s: &Server, s: &'a mut server::Server too).
var afterVariable = regexp.MustCompile(`^\s*(?::?=\s*(?:([rbfuRBFU]{0,2}['"\x60]|\[|\d)|&?(?:new\s+)?(?:\w+\.)*([A-Za-z_]\w*)\s*[({])|(?:\*\s*|[ \t]+|:\s*['"]?(?:&\s*(?:'\w+\s+)?(?:mut\s+)?)?)(?:\w+(?:\.|::))*([A-Za-z_]\w*))`)

// beforeVariable reads the type before a variable's name, where it is
// declared so (Java, C#, C++: Pool p, Pool *p, Pool& p).
var beforeVariable = regexp.MustCompile(`\b([A-Za-z_]\w*)[ \t]*[*&]?[ \t]+$`)

// notType holds the words that come before a variable and are no type.
var notType = map[string]bool{"return": true, "new": true, "throw": true, "else": true, "case": true, "in": true, "of": true, "not": true,
	"and": true, "or": true, "yield": true, "await": true, "delete": true, "typeof": true, "instanceof": true, "do": true, "goto": true, "sizeof": true,
	"is": true, "if": true, "as": true, "for": true, "while": true, "with": true}

// colons returns the name before "::" ahead of byte start (Type::new).
func colons(src []byte, start int) (string, bool) {
	i := start
	if i < 2 || src[i-1] != ':' || src[i-2] != ':' {
		return "", false
	}
	i -= 2
	end := i
	for i > 0 && isIdentByte(src[i-1]) {
		i--
	}
	return string(src[i:end]), true
}

// literalBefore reports whether the "." ahead of byte start follows a
// string literal's closing quote.
func literalBefore(src []byte, start int) bool {
	i := start
	for i > 0 && isSpace(src[i-1]) {
		i--
	}
	if i < 2 || src[i-1] != '.' {
		return false
	}
	c := src[i-2]
	return c == '"' || c == '\'' || c == '`'
}

// ofType keeps, for a search of typ.Name (no package or module typ
// being named), the definitions of Name that are typ's methods, and the
// calls or uses of Name but those known to be no typ's: no method's, on
// a receiver of another type that has a method Name (not an interface, a
// trait, nor a base typ's head names: open holds the interfaces and
// traits that mention Name, by name and by typeAt), or in a language
// none of typ's definitions is in (on a callees
// page, the calls in typ's definitions). A call on a receiver known to
// be a typ is marked so, and among the files of each kind (see ownFirst:
// the project's own, tests, vendored copies…) those with such a call come
// first. It returns how many calls or uses it left out.
func ofType(files, defs []page.File, typ, pkg string, mode Mode, open map[string]bool) (kept, keptDefs []page.File, left int) {
	// The types with a method Name, but those a typ may be held in (open):
	// an interface or a trait (any type with the method may be behind one;
	// those that mention Name are open already), and the types typ's head
	// names (its bases: class Queue(Base)).
	owners := map[string]bool{} // by name, and by typeAt
	bases := map[string]bool{}  // the words of typ's heads: its bases, by name
	for _, f := range defs {
		var lines []page.Line
		for _, l := range f.Lines {
			owners[l.Owner] = l.Owner != ""
			if l.Owner != "" {
				owners[typeAt(typeHome(f.Path), l.Owner)] = true
			}
			if l.Owner == typ {
				lines = append(lines, l)
				for _, w := range identifiersOf(l.OwnerHead) {
					bases[w] = w != typ
				}
			}
		}
		if len(lines) > 0 {
			keptDefs = append(keptDefs, page.File{Path: f.Path, Lines: lines})
		}
	}
	var homes, others map[string]bool
	if pkg != "" {
		keptDefs, homes, others = ofPackageOnly(keptDefs, pkg)
	}
	if len(keptDefs) == 0 {
		return nil, nil, 0
	}
	// A receiver's type, known by its package too when it is known:
	// jsonrpc2's Connection struct is not mcp's Connection interface. A
	// Python module's that has no such method may only be where the
	// imports led (multiprocessing.Pool is made by a context's method,
	// multiprocessing/pool.py's): by name then.
	placed := func(l page.Line) bool {
		return l.RecvDir != "" && (owners[typeAt(l.RecvDir, l.RecvType)] || imports.Lang(l.RecvDir) != "Python")
	}
	recv := func(l page.Line) string {
		if placed(l) {
			return typeAt(l.RecvDir, l.RecvType)
		}
		return l.RecvType
	}
	named := typ // as the page marks a call known to be on one
	if pkg != "" {
		named = packageCalled(pkg) + "." + typ
	}
	langs := map[string]bool{}
	for _, f := range keptDefs {
		langs[family(f.Path)] = true
	}
	for _, f := range files {
		var lines []page.Line
		other := !langs[family(f.Path)]
		for _, l := range f.Lines {
			switch {
			case other, // a call in another language is no call of this type's method
				mode == page.Callees && (l.In == nil || l.RecvType != typ || pkg != "" && !homes[typeHome(f.Path)]),
				// pkg.Type.Method: a receiver known to be another
				// package's Type: by its package in Go, elsewhere
				// because the caller's own package (module) has one.
				pkg != "" && l.RecvType == typ && placed(l) && !homes[l.RecvDir],
				pkg != "" && l.RecvType == typ && l.RecvDir == "" && others[typeHome(f.Path)] && !homes[typeHome(f.Path)]:
				left++
				continue
			case mode == page.Callees:
			case l.NotMethod, l.RecvType != typ && owners[recv(l)] && !open[recv(l)] && !bases[l.RecvType]:
				left++
				continue
			case l.RecvType == typ && (pkg == "" || homes[l.RecvDir] || l.RecvDir == "" && homes[typeHome(f.Path)]):
				// Of pkg's Type: known so by its package, or in that
				// package's (module's) own files; elsewhere a Type of
				// no package known stays unmarked.
				l.Receiver = named
			}
			lines = append(lines, l)
		}
		if len(lines) > 0 {
			kept = append(kept, page.File{Path: f.Path, Lines: lines})
		}
	}
	slices.SortStableFunc(kept, func(a, b page.File) int {
		return cmp.Or(ownFirst(a.Path)-ownFirst(b.Path), unknownOnly(a)-unknownOnly(b))
	})
	return kept, keptDefs, left
}

// ofPackageOnly keeps, for pkg.Type.Method, the files of Type's
// definitions in the package whose path ends with the most of pkg's, and
// returns the homes (typeHome) of those kept, and of those not.
func ofPackageOnly(defs []page.File, pkg string) (kept []page.File, homes, others map[string]bool) {
	// A file's match: its place's, or its definitions' namespaces'.
	in := func(f page.File) int {
		n := inPackage(f.Path, pkg)
		for _, l := range f.Lines {
			n = max(n, inSpace(l.Space, pkg))
		}
		return n
	}
	best := 0
	for _, f := range defs {
		best = max(best, in(f))
	}
	homes, others = map[string]bool{}, map[string]bool{}
	for _, f := range defs {
		if best > 0 && in(f) == best {
			kept = append(kept, f)
			homes[typeHome(f.Path)] = true
		} else {
			others[typeHome(f.Path)] = true
		}
	}
	return kept, homes, others
}

// typeHome is where a type named alone is the one defined: a Go or JVM
// file's package, its directory; elsewhere the file (a Python module).
func typeHome(p string) string {
	for _, ext := range []string{".go", ".java", ".kt", ".scala"} {
		if strings.HasSuffix(p, ext) {
			return path.Dir(p)
		}
	}
	return p
}

// typeAt keys a type by its package's directory, for the maps that
// otherwise know it by name alone.
func typeAt(dir, name string) string { return dir + "\x00" + name }

// placesOf returns the files of the definitions that are owner's methods.
func placesOf(defs []page.File, owner string) []string {
	var places []string
	for _, f := range defs {
		if slices.ContainsFunc(f.Lines, func(l page.Line) bool { return l.Owner == owner }) {
			places = append(places, f.Path)
		}
	}
	return places
}

// ownersOf returns the types whose methods the definitions are, sorted.
func ownersOf(defs []page.File) []string {
	var owners []string
	for _, f := range defs {
		for _, l := range f.Lines {
			if l.Owner != "" && !slices.Contains(owners, l.Owner) {
				owners = append(owners, l.Owner)
			}
		}
	}
	slices.Sort(owners)
	return owners
}

// nameList names at most five types: "Queue and Thread", "A, B, C, D, E
// and 4 more".
func nameList(ns []string) string {
	const most = 5
	switch n := len(ns); {
	case n == 1:
		return ns[0]
	case n <= most:
		return strings.Join(ns[:n-1], ", ") + " and " + ns[n-1]
	default:
		return strings.Join(ns[:most], ", ") + fmt.Sprintf(" and %d more", n-most)
	}
}

// identifiersOf returns the words of a definition's head.
func identifiersOf(head string) []string {
	return strings.FieldsFunc(head, func(r rune) bool { return !(r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)) })
}

// otherLanguage reports whether two files are in languages of different
// families, both parsed (a ".kt" file, which scout does not parse, may be
// called from Java).
func otherLanguage(a, b string) bool {
	fa, fb := family(a), family(b)
	return fa != "" && fb != "" && fa != fb
}

// family returns the language of a file's grammar, one for C and C++,
// one for JavaScript and TypeScript: calls in one are of its own
// definitions.
func family(p string) string {
	switch g := syntax.Grammar(p); g {
	case "cpp":
		return "c"
	case "typescript", "tsx":
		return "javascript"
	default:
		return g
	}
}

// unknownOnly is 1 for a file none of whose calls is known to be on the
// type, 0 for one with such a call.
func unknownOnly(f page.File) int {
	if slices.ContainsFunc(f.Lines, func(l page.Line) bool { return l.Receiver != "" }) {
		return 0
	}
	return 1
}
