package concept

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A method named with its package, as a Go stack trace, panic or profile
// prints it, or as docs write it:
//
//	github.com/modelcontextprotocol/go-sdk/mcp.(*ServerSession).Close
//	net/http.(*conn).serve.func1(0xc0001b2000, {0x7dd3a8, 0xc000112f30})
//	gopkg.in/yaml%2ev3.(*Decoder).Decode
//	net/http.HandlerFunc.ServeHTTP
//	mcp.ServerSession.Close, queue.Queue.put, xml.etree.ElementTree.XMLParser.feed
//	com.example.Pool.join(Pool.java:42)
//
// names the method of that type whose definition is in that package or
// module (callers, refs and callees keep that one's; a concept search
// reads it as a symbol, its package and type its qualifiers). A closure's frame (.func1, .gowrap2, -fm, .1) is its
// function's. A function so named (net/http.Serve) is the package's
// (http.Serve).

// Frame reads such a name: the package's path (as written: an
// import path, a package's or a module's dotted name), the type ("" for
// a function) and the method's or function's name. ok is false for any
// other name, which is read as before (Type.Method, pkg.Name, Name).
func Frame(name string) (pkg, typ, fn string, ok bool) {
	if !utf8.ValidString(name) {
		return "", "", "", false
	}
	name = strings.ReplaceAll(strings.TrimSpace(name), "%2e", ".")
	for _, after := range []string{")", ".", "(", "-"} { // a generic's: (*Set[...]).Add, Map[...](…)
		name = strings.ReplaceAll(name, "[...]"+after, after)
	}
	name = strings.TrimSuffix(name, "[...]")
	if i := strings.Index(name, " +0x"); i > 0 { // a frame's pc offset
		name = strings.TrimSpace(name[:i])
	}
	name = withoutArgs(name)
	slash := strings.LastIndexByte(name, '/')
	prefix, rest := name[:slash+1], name[slash+1:]
	for j := 0; j < len(rest); j++ {
		if rest[j] != '.' {
			continue
		}
		elem := rest[:j]
		if !packageElem(elem, prefix != "") {
			return "", "", "", false
		}
		typ, fn, explicit, ok := receiverForm(rest[j+1:])
		switch {
		case !ok:
			continue
		case explicit, prefix != "":
		case typ == "" || !startsUpper(typ):
			// Without a path or parentheses, a.B.c is a type's method
			// only when B is named as types are (os.path.join is no
			// type's join); a.b is pkg.Name, read as before.
			continue
		}
		return prefix + elem, typ, fn, true
	}
	return "", "", "", false
}

// withoutArgs drops the arguments a frame prints after its function:
// "serve(0xc0001b2000, {0x7dd3a8})" is serve. A receiver's parentheses,
// "(*conn)", are no arguments.
func withoutArgs(s string) string {
	if !strings.HasSuffix(s, ")") {
		return s
	}
	depth := 0
	for i := len(s) - 1; i >= 0; i-- {
		switch s[i] {
		case ')', '}':
			depth++
		case '(', '{':
			depth--
			if depth == 0 {
				if i > 0 && s[i-1] != '.' && s[i-1] != '/' && s[i] == '(' {
					return strings.TrimSpace(s[:i])
				}
				return s
			}
		}
	}
	return s
}

// packageElem reports whether s can be a package's last element (Go's,
// with a path before it: dots and dashes too, yaml.v3, go-sdk) or a
// module's dotted name.
func packageElem(s string, path bool) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return false
		}
		if path {
			part = strings.ReplaceAll(part, "-", "_")
		}
		if !isIdentifier(part) && !(path && isIdentifier("_"+part)) {
			return false
		}
	}
	return true
}

// receiverForm reads what follows a package: "(*T).M", "(T).M", "T.M" or
// "F", each with a closure's suffix or none, and a type's parameters
// ("(*Set[...]).Add") or none. explicit is true for the parenthesized
// receiver.
func receiverForm(s string) (typ, fn string, explicit, ok bool) {
	if rest, found := strings.CutPrefix(s, "("); found {
		t, after, found := strings.Cut(strings.TrimPrefix(rest, "*"), ").")
		if !found {
			return "", "", false, false
		}
		t = withoutTypeArgs(t)
		m := closureOf(after)
		if !isIdentifier(t) || !isIdentifier(m) {
			return "", "", false, false
		}
		return t, m, true, true
	}
	s = closureOf(s)
	first, second, two := strings.Cut(s, ".")
	first = withoutTypeArgs(first)
	switch {
	case !two && isIdentifier(first):
		return "", first, false, true
	case two && isIdentifier(first) && isIdentifier(second):
		return first, second, false, true
	}
	return "", "", false, false
}

// withoutTypeArgs drops a generic type's arguments: Set[...] is Set.
func withoutTypeArgs(t string) string {
	if i := strings.IndexByte(t, '['); i > 0 && strings.HasSuffix(t, "]") {
		return t[:i]
	}
	return t
}

// closureOf drops what Go's runtime adds to the name of a function
// literal, a goroutine's wrapper or a method value: serve.func1.2 is
// serve, Close-fm is Close.
func closureOf(s string) string {
	s = strings.TrimSuffix(s, "-fm")
	for {
		i := strings.LastIndexByte(s, '.')
		if i < 0 {
			return s
		}
		last := s[i+1:]
		for _, p := range []string{"func", "gowrap", "deferwrap"} {
			last = strings.TrimPrefix(last, p)
		}
		if last == "" || strings.Trim(last, "0123456789") != "" {
			return s
		}
		s = s[:i]
	}
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// pathName returns the name a Go package's path calls it by: http for
// net/http, yaml for gopkg.in/yaml.v3, bar for example.com/bar/v2.
func pathName(pkg string) string {
	elems := strings.Split(pkg, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2] // a major version's directory
	}
	if i := strings.LastIndex(name, ".v"); i > 0 && strings.Trim(name[i+2:], "0123456789") == "" {
		name = name[:i]
	}
	return strings.TrimPrefix(name, "go-")
}
