package concept

import (
	"fmt"
	"testing"
)

func TestSymbolOf(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"imports.Resolver", "[imports] Resolver"},
		{"Resolver.Names", "[Resolver] Names"},
		{"  parse_args()  ", "[] parse_args"},
		{"http::Client", "[http] Client"},
		{"Cart#total", "[Cart] total"},
		{"$el->find", "[$el] find"},
		{"newProjectPaths", "[] newProjectPaths"},
		{"a.b.c", "[a b] c"},
		{"where sessions expire", "not a symbol"},
		{"net/http", "not a symbol"},
		{"a..b", "not a symbol"},
		{"x.", "not a symbol"},
		{"42", "not a symbol"},
		{"2fa", "not a symbol"},
		{"a+b", "not a symbol"},
		{"", "not a symbol"},
		{"()", "not a symbol"},
	} {
		got := "not a symbol"
		if s, ok := symbolOf(c.in); ok {
			got = fmt.Sprintf("%v %s", s.quals, s.name)
		}
		if got != c.want {
			t.Errorf("symbolOf(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestSymbolLeadsWithItsDefinition: a description that is one symbol
// ranks the chunk that defines it first, over chunks that say its words
// more often (in its own file and others); the qualifier picks the
// package's or the receiver's definition over a namesake's.
func TestSymbolLeadsWithItsDefinition(t *testing.T) {
	ix := buildWith(map[string][][2]string{
		"imports/imports.go": {
			{"Resolver", "// Resolver resolves imports.\ntype Resolver struct { js *jsResolver }"},
			{"Of", "// Of reads the imports of a file with the resolver: imports, imports, imports.\nfunc (r *Resolver) Of(p string) []Import { return r.imports(p) }"},
			{"Names", "// Names reports whether the imports name the target.\nfunc (r *Resolver) Names(cand string) bool { return false }"},
		},
		"dns/resolver.go": {
			{"Resolver", "// Resolver looks up hosts.\ntype Resolver struct{}"},
		},
		"related.go": {
			{"related", "// related lists imports through an imports resolver: imports.Resolver, imports.Resolver.\nfunc related(r *imports.Resolver) { r.Of(p); r.Of(q) }"},
		},
		"json/decoder.py": {
			{"JSONDecoder", "class JSONDecoder(object):"},
			{"decode", "def decode(self, s, _w=WHITESPACE.match):\n    obj, end = self.raw_decode(s, idx=_w(s, 0).end())"},
		},
		"jose/jwt.py": {
			{"decode", "def decode(value, key, algorithms=None):\n    # decode a JSON web token: decode the json of the token, json decoder\n    return json_decode(value)"},
		},
		"names.go": {
			{"names", "// names of the imports the resolver names: names names names.\nfunc names() {}"},
		},
	}, true)
	first := func(q string) string {
		leads := ix.Search(Query{Text: q}, 10)
		if len(leads) == 0 {
			return "none"
		}
		c := leads[0].Chunk
		_, name, _ := ix.Strings(c)
		return ix.Files[ix.Chunk(c).File].Path + " " + name
	}
	for _, c := range []struct{ q, want string }{
		{"imports.Resolver", "imports/imports.go Resolver"},
		{"dns.Resolver", "dns/resolver.go Resolver"},
		{"Resolver.Names", "imports/imports.go Names"},
		{"Resolver.Names()", "imports/imports.go Names"},
		{"resolver.names", "imports/imports.go Names"},
		{"JSONDecoder.decode", "json/decoder.py decode"}, // a Python method's class: a definition of its file
		{"jwt.decode", "jose/jwt.py decode"},
	} {
		if got := first(c.q); got != c.want {
			t.Errorf("%q: first lead %s, want %s", c.q, got, c.want)
		}
	}
}
