package concept

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// A description that is one symbol, as an agent pastes it from code
// ("imports.Resolver", "Resolver.Names", "http::Client", "Cart#total",
// "parse_args()"), asks where that symbol is defined. Its words alone
// rank every chunk that mentions Resolver beside the definition, and
// lower the definition when another chunk of its file says the words more
// often; so a chunk whose definition bears the symbol's name gets the
// signal "defines" on top of its words: a whole first place's worth of
// fusion (see definesWeight) when the name is the same as written, half
// when it differs only in case, and a whole more when the qualifiers
// ("imports", "Resolver") name where it is (see qualified: its package's
// directory, its module, its receiver or class): the qualifier says which
// of the namesakes is meant more surely than the case of a name typed.

// symbolQuery is a description read as a symbol: its name (the last
// part) and the qualifiers before it.
type symbolQuery struct {
	quals []string
	name  string
	wd    string // the directory relative paths are in, for the qualifiers
}

// symbolOf reads text as a symbol: one token of identifiers joined by
// ".", "::", "#" or "->", with an optional "()" after; ok is false for
// anything else (a space, an operator, a path, a word of no letters).
func symbolOf(text string) (s symbolQuery, ok bool) {
	// A frame of a Go stack trace (net/http.(*conn).serve.func1(0xc0…)):
	// its package's name and its type are the qualifiers.
	if strings.ContainsAny(text, "/(") {
		if pkg, typ, fn, ok := Frame(text); ok {
			quals := []string{pathName(pkg)}
			if typ != "" {
				quals = append(quals, typ)
			}
			return symbolQuery{quals: quals, name: fn}, isIdentifier(quals[0])
		}
	}
	t := strings.TrimSuffix(strings.TrimSpace(text), "()")
	if t == "" || strings.ContainsAny(t, " \t\n") {
		return s, false
	}
	for _, sep := range []string{"::", "->", "#"} {
		t = strings.ReplaceAll(t, sep, ".")
	}
	parts := strings.Split(t, ".")
	for _, p := range parts {
		if !isIdentifier(p) {
			return s, false
		}
	}
	return symbolQuery{quals: parts[:len(parts)-1], name: parts[len(parts)-1]}, true
}

// Symbol returns the qualifiers and the name of the symbol a description
// is ("imports" and "Resolver" of "imports.Resolver"), whose definitions
// lead; ok is false for a description that is no symbol.
func Symbol(text string) (quals []string, name string, ok bool) {
	s, ok := symbolOf(text)
	return s.quals, s.name, ok
}

// isIdentifier reports whether s is an identifier with a letter in it:
// letters, digits, "_" and "$", not starting with a digit.
func isIdentifier(s string) bool {
	letter := false
	for i, r := range s {
		switch {
		case r == '_' || r == '$':
		case r >= '0' && r <= '9':
			if i == 0 {
				return false
			}
		case r < 0x80 && (r|0x20 >= 'a' && r|0x20 <= 'z'), r >= 0x80:
			letter = true
		default:
			return false
		}
	}
	return letter
}

// definesWeight is the "defines" signal of a chunk whose name is the
// symbol as written: a first place in one of the fused rankings (1/(k+1)
// at k 20, in millionths), so that the definition leads unless the words
// all but ignore it.
const definesWeight = 47_619

// defines returns the "defines" signal of a chunk named name, whose
// signature is head, in the file at p whose definitions' names others
// gives: 0 when its name is not the symbol's.
func (s symbolQuery) defines(name, head, p string, others func() []string) int {
	v := 0
	switch {
	case name == s.name:
		v = definesWeight
	case strings.EqualFold(name, s.name):
		v = definesWeight / 2
	default:
		return 0
	}
	if len(s.quals) > 0 && s.qualified(head, p, s.wd, others) {
		v += definesWeight
	}
	return v
}

// qualified reports whether every qualifier names where the definition
// is, ignoring case: an identifier of head before the name (a Go
// method's receiver, a C++ or Rust namespace; not a parameter's type nor
// the result's: cgi's "func Request() (*http.Request, error)" is no
// http.Request), the name of a definition of the same file (a Python or
// JavaScript method's class, whose signature does not name it), or a
// directory of the file's path or the file's name without its extension
// (a package, a module). Path qualifiers must reach the file: one of them
// is its directory (or the name a Go package there has, see
// packageNames) or its name ("http" names net/http/server.go but not
// net/http/httptest/server.go, "xml.etree.ElementTree" names
// xml/etree/ElementTree.py). The path is made absolute against wd, so
// that a file at the root of the search is in its root's directory
// however the root was written ("." in net/http).
func (s symbolQuery) qualified(head, p, wd string, others func() []string) bool {
	var before []string
	stop := false
	identifiers(head, func(w string) {
		if stop = stop || strings.EqualFold(w, s.name); !stop {
			before = append(before, w)
		}
	})
	if !filepath.IsAbs(p) && wd != "" {
		p = filepath.Join(wd, p)
	}
	dirs, stem := pathParts(p)
	var names []string
	above, reached := false, false // a qualifier only a directory above the file's names; one that names the file's own
	for _, q := range s.quals {
		switch {
		case hasFold(before, q):
		case strings.EqualFold(q, stem), hasFold(packageNames(dirs), q):
			reached = true
		default:
			if names == nil {
				names = others()
			}
			switch {
			case hasFold(names, q):
			case hasFold(dirs, q):
				above = true
			default:
				return false
			}
		}
	}
	return !above || reached
}

// pathParts returns the directories a file's path names (slash or OS
// separated) and its name without its extension.
func pathParts(p string) (dirs []string, stem string) {
	p = filepath.ToSlash(p)
	return strings.Split(path.Dir(p), "/"), strings.TrimSuffix(path.Base(p), path.Ext(p))
}

// hasFold reports whether words holds w, case folded.
func hasFold(words []string, w string) bool {
	return slices.ContainsFunc(words, func(x string) bool { return strings.EqualFold(x, w) })
}

// packageNames returns the names the directory a file is in gives its
// package: the directory's own name, and by Go's conventions for major
// versions the name before the version: bar for bar/v2 (a module's
// major version directory), yaml for yaml.v3 (gopkg.in's).
func packageNames(dirs []string) []string {
	own := dirs[len(dirs)-1]
	names := []string{own}
	if majorVersion(own) && len(dirs) > 1 {
		names = append(names, dirs[len(dirs)-2])
	}
	if i := strings.LastIndex(own, ".v"); i > 0 && majorVersion(own[i+1:]) {
		names = append(names, own[:i])
	}
	return names
}

// majorVersion reports whether s is "v" and digits, as Go's major
// version suffixes are (v2, v10).
func majorVersion(s string) bool {
	return len(s) > 1 && s[0] == 'v' && strings.Trim(s[1:], "0123456789") == ""
}
