package scout

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scoutcode/scout/internal/imports"
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
// is the method of that type whose definition is in that package or
// module. A closure's frame (.func1, .gowrap2, -fm, .1) is its
// function's. A function so named (net/http.Serve) is the package's
// (http.Serve).

// packaged reads such a name: the package's path (as written: an
// import path, a package's or a module's dotted name), the type ("" for
// a function) and the method's or function's name. ok is false for any
// other name, which is read as before (Type.Method, pkg.Name, Name).
func packaged(name string) (pkg, typ, fn string, ok bool) {
	name = strings.ReplaceAll(strings.TrimSpace(name), "%2e", ".")
	name = strings.ReplaceAll(name, "[...]", "") // a generic's: Set[...]
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

// colonPath returns a name written with "::" (Type::method,
// crate::server::Server::run) or Ruby's "#" (Cart#total) written with
// dots, when each part is an identifier; ok is false for any other.
func colonPath(name string) (dotted string, ok bool) {
	name = strings.TrimSpace(name)
	var parts []string
	switch {
	case strings.Contains(name, "::"):
		parts = strings.Split(uncalled(name), "::")
	case strings.Count(name, "#") == 1:
		parts = strings.Split(uncalled(name), "#")
	default:
		return "", false
	}
	for _, p := range parts {
		if !isIdentifier(p) {
			return "", false
		}
	}
	return strings.Join(parts, "."), len(parts) > 1
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

// inPackage says how well the place of a file's package or module
// matches a package's path (an import path, a package's or a dotted
// module's name): 0 when it is not that package, more the more of the
// path's last elements it ends with. Go's major versions and gopkg.in's
// are the package's name too (bar/v2, yaml.v3), and so is "main", a
// program's package wherever it is. A Python module matches its own
// name best, and its package's next (asyncio.Queue is asyncio/queues.py's,
// as asyncio exports it). A JVM class is its directory's, a Rust type
// its module's.
func inPackage(file, pkg string) int {
	switch {
	case strings.HasSuffix(file, ".go"):
		have, want := strings.Split(path.Dir(file), "/"), strings.Split(pkg, "/")
		switch n := endsWith(have, want); {
		case pkg == "main" || n == 0 && goPackageName(have[len(have)-1]) == goPackageName(want[len(want)-1]):
			return 1
		default:
			return n
		}
	case strings.HasSuffix(file, ".java"), strings.HasSuffix(file, ".kt"), strings.HasSuffix(file, ".scala"):
		// A JVM package is its directory, by convention:
		// com.example.Foo.bar (a Java stack trace's frame) is
		// com/example/Foo.java's.
		want := strings.Split(strings.ReplaceAll(pkg, "/", "."), ".")
		if endsWith(strings.Split(path.Dir(file), "/"), want) == len(want) {
			return len(want) // a frame names the whole package
		}
	case strings.HasSuffix(file, ".rs"):
		// A Rust module is its file (src/server.rs, src/server/mod.rs);
		// the crate's name, first in a path, is no directory.
		m := strings.TrimSuffix(strings.TrimSuffix(file, ".rs"), "/mod")
		return endsWith(strings.Split(m, "/"), strings.Split(strings.ReplaceAll(pkg, "/", "."), "."))
	case strings.HasSuffix(file, ".py"), strings.HasSuffix(file, ".pyi"):
		m := strings.TrimSuffix(strings.TrimSuffix(file, ".pyi"), ".py")
		m = strings.TrimSuffix(m, "/__init__")
		have, want := strings.Split(m, "/"), strings.Split(strings.ReplaceAll(pkg, "/", "."), ".")
		if n := endsWith(have, want); n > 0 {
			return 2 * n
		}
		if n := endsWith(have[:len(have)-1], want); n > 0 {
			return 2*n - 1
		}
	}
	return 0
}

// endsWith returns how many of want's last elements have's last are.
func endsWith(have, want []string) int {
	n := 0
	for n < len(have) && n < len(want) && have[len(have)-1-n] == want[len(want)-1-n] {
		n++
	}
	return n
}

// packageCalled returns the name a package or module is called by in
// code: http for net/http, yaml for gopkg.in/yaml.v3; a dotted module's
// or JVM package's whole name, xml.etree.ElementTree, com.example.
func packageCalled(pkg string) string {
	if strings.Contains(pkg, "/") {
		return imports.GoName(pkg)
	}
	return pkg
}

// goPackageName is the name a directory's package is called by: bar for
// bar.v2, yaml for yaml.v3, sdk for go-sdk.
func goPackageName(elem string) string {
	if i := strings.LastIndex(elem, ".v"); i > 0 && strings.Trim(elem[i+2:], "0123456789") == "" {
		elem = elem[:i]
	}
	return strings.TrimPrefix(elem, "go-")
}
