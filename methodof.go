package scout

import (
	"bytes"
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// A search of Type.Method (callers, refs, callees of ServerSession.Close,
// Queue.join) when no package or module is named Type: the definitions
// of Method that are Type's, and the calls of Method by name, less those
// whose receiver is known not to be a Type. Without types, what a
// receiver is is known only from the code around the call; each call
// says which of these it is (page.Line.Recv).

// ownerOf returns the type definition i is a method of: a Go method's
// receiver type, else the class, struct, impl, trait or interface it sits
// in; "" for none.
func ownerOf(defs []syntax.Def, i int, grammar string) string {
	d := defs[i]
	if grammar == "go" || strings.HasPrefix(d.Signature, "func (") {
		_, t := goReceiver(d.Signature)
		return t
	}
	for j := d.Parent; j >= 0 && j < i; i, j = j, defs[j].Parent { // a parent is before its child
		switch defs[j].Kind {
		case "class", "struct", "interface", "impl", "trait", "enum", "record", "union", "protocol", "object":
			return defs[j].Name
		case "function", "method", "constructor":
			return "" // a function's local class is not what a method call names
		}
	}
	return ""
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

// receivers tells, for a search of Type.Method (name is Method), what
// each call of a file says of its receiver (see of), and which types the
// file's definitions of name are methods of. The line classifier's
// parse (no grammar) says little: its calls are known only when a
// package qualifies them.
type receivers struct {
	name    string
	grammar string
	data    []byte
	defs    []syntax.Def
	q       qualifier
	attrs   map[string]string // "class.attr" → its type, as attributeType found it
}

func newReceivers(name string, p parsedFile, data []byte, q qualifier) *receivers {
	return &receivers{name: name, grammar: p.grammar, data: data, defs: p.defs, q: q}
}

// of says what the receiver of the use at byte start, in definition in
// (its caller: -1 for none), is: none (a function's call, a package's
// function, a literal's method: no type's method), or the type it is
// known to be ("" when the code around it does not say): the method's own
// receiver's type, a type named itself (Type.method, Type::new), a
// parameter's or variable's declared type.
func (r *receivers) of(start, in int) (none bool, typ string) {
	qual, dotted := qualifierAt(r.data, start)
	own, self := "", ""
	if in >= 0 {
		own, self = ownerOf(r.defs, in, r.grammar), selfName(r.defs[in], r.grammar)
	}
	if !dotted {
		if before, ok := colons(r.data, start); ok { // Type::method, Self::method
			if before == "Self" {
				return false, own
			}
			return false, before
		}
		switch r.grammar {
		case "go", "python", "javascript", "typescript", "tsx", "rust":
			return true, "" // a function's call: a method is called on its receiver
		case "":
			return false, ""
		}
		return false, own // this.method() may be written method() in Java, C#, C++, Ruby
	}
	if pkg, _ := r.q.at(start); pkg != nil {
		return true, "" // a package's or module's function (os.path.join too)
	}
	switch {
	case qual == "" && literalBefore(r.data, start):
		return true, "" // ", ".join(x), 'a'.concat(b)
	case qual == "" && self != "" && in >= 0:
		return false, r.attributeType(start, self, in)
	case qual == "":
		return false, ""
	case self != "" && strings.TrimPrefix(qual, "$") == strings.TrimPrefix(self, "$"):
		return false, own
	}
	if in >= 0 {
		if t, literal := r.declaredType(qual, in, start); t != "" || literal {
			return literal, t
		}
	}
	return false, qual // a type's own (Type.method), when qual is one
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
	attr := string(r.data[i:dot])
	if attr == "" || i <= len(self) || r.data[i-1] != '.' || string(r.data[i-1-len(self):i-1]) != self ||
		i-1-len(self) > 0 && isIdentByte(r.data[i-2-len(self)]) {
		return ""
	}
	class := -1 // the class that holds the method
	for j := r.defs[in].Parent; j >= 0 && j < len(r.defs); j = r.defs[j].Parent {
		if syntax.Holder(r.defs[j].Kind) {
			class = j
			break
		}
	}
	if class < 0 {
		return ""
	}
	k := strconv.Itoa(class) + "." + attr
	if typ, ok := r.attrs[k]; ok {
		return typ
	}
	d := r.defs[class]
	body := r.data[max(0, min(d.StartByte, len(r.data))):max(0, min(d.EndByte, len(r.data)))]
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(self) + `\.` + regexp.QuoteMeta(attr) + `\s*(?::\s*['"]?(?:\w+\.)*([A-Za-z_]\w*)[^=\n]*)?=\s*(?:new\s+)?(?:\w+\.)*([A-Za-z_]\w*)\s*\(`)
	typ := ""
	for _, m := range re.FindAllSubmatchIndex(body, -1) {
		t := string(body[m[4]:m[5]]) // what it is made of
		if m[2] >= 0 {
			t = string(body[m[2]:m[3]]) // what it is declared
		}
		if typ != "" && t != typ {
			typ = "" // made of two things
			break
		}
		typ = t
	}
	if r.attrs == nil {
		r.attrs = map[string]string{}
	}
	r.attrs[k] = typ
	return typ
}

// declaredType returns the type variable v is declared, in definition in
// before byte start: a parameter of its head (v *Type, v Type, v: Type,
// Type v), or a variable of its body made of one (v := &Type{, v =
// Type(, v = new Type(), the last before start; "" when none is, and
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
			typ, literal = string(src[end+m[4]:end+m[5]]), false
		case m != nil && m[6] >= 0 && notType[string(src[end+m[6]:end+m[7]])]:
			// "v in items", "v is None": no declaration
		case m != nil && m[6] >= 0 && inHead:
			typ, literal = string(src[end+m[6]:end+m[7]]), false
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

// afterVariable reads what follows a variable's name where it is
// declared: a literal (1) or a type's value (2) it is made of, or the type
// it is declared (3).
var afterVariable = regexp.MustCompile(`^\s*(?::?=\s*(?:([rbfuRBFU]{0,2}['"\x60]|\[|\d)|&?(?:new\s+)?(?:\w+\.)*([A-Za-z_]\w*)\s*[({])|(?:\*\s*|[ \t]+|:\s*['"]?)(?:\w+\.)*([A-Za-z_]\w*))`)

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
// a receiver of another type that has a method Name, or in a language
// none of typ's definitions is in (on a callees
// page, the calls in typ's definitions). A call on a receiver known to
// be a typ is marked so, and among the files of each kind (see ownFirst:
// the project's own, tests, vendored copies…) those with such a call come
// first. It returns how many calls or uses it left out.
func ofType(files, defs []page.File, typ string, mode Mode) (kept, keptDefs []page.File, left int) {
	owners := map[string]bool{} // the types with a method Name
	for _, f := range defs {
		var lines []page.Line
		for _, l := range f.Lines {
			owners[l.Owner] = l.Owner != ""
			if l.Owner == typ {
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			keptDefs = append(keptDefs, page.File{Path: f.Path, Lines: lines})
		}
	}
	if len(keptDefs) == 0 {
		return nil, nil, 0
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
				mode == page.Callees && (l.In == nil || l.RecvType != typ):
				left++
				continue
			case mode == page.Callees:
			case l.NotMethod, l.RecvType != typ && owners[l.RecvType]:
				left++
				continue
			case l.RecvType == typ:
				l.Receiver = typ
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
