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
		{"net/http.(*conn).serve.func1(0xc0001b2000, {0x7dd3a8, 0xc000112f30})", "[http conn] serve"},
		{"gopkg.in/yaml%2ev3.(*Decoder).Decode", "[yaml Decoder] Decode"},
		{"example.com/bar/v2.New", "[bar] New"},
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
		// Namesakes that say http and request more often than the
		// definition: a function of another package whose result is an
		// http.Request, a type of a package below http.
		"net/http/request.go": {
			{"Request", "// A Request represents an HTTP request.\ntype Request struct { Method string }"},
			{"Server", "// Server defines parameters for running an HTTP server.\ntype Server struct { Addr string }"},
		},
		"net/http/cgi/child.go": {
			{"Request", "// Request returns the HTTP request as represented in the current\n// environment: an http.Request, as an http request of the net/http package.\nfunc Request() (*http.Request, error) { return RequestFromMap(envMap(os.Environ())) }"},
		},
		"net/http/httptest/server.go": {
			{"Server", "// A Server is an HTTP server listening on a loopback port, for\n// end-to-end HTTP tests: an http.Server, an http server.\ntype Server struct { Config *http.Server }"},
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
		{"http.Request", "net/http/request.go Request"},
		{"http.Server", "net/http/request.go Server"},
		{"httptest.Server", "net/http/httptest/server.go Server"},
	} {
		if got := first(c.q); got != c.want {
			t.Errorf("%q: first lead %s, want %s", c.q, got, c.want)
		}
	}
}

// TestQualified: what makes a qualifier name where a definition is, and
// what does not.
func TestQualified(t *testing.T) {
	names := func(ns ...string) func() []string { return func() []string { return ns } }
	for _, c := range []struct {
		sym, head, path, wd string
		others              []string
		want                bool
	}{
		{"Resolver.Names", "func (r *Resolver) Names(cand string) bool", "imports/imports.go", "/src", nil, true},
		{"http.Request", "type Request struct", "net/http/request.go", "/src", nil, true},
		// A parameter's or a result's type is not where the name is.
		{"http.Request", "func Request() (*http.Request, error)", "net/http/cgi/child.go", "/src", nil, false},
		{"Request.Write", "func Write(r *Request) error", "net/http/transfer.go", "/src", nil, false},
		// A package is the file's directory, not one above it.
		{"http.Server", "type Server struct", "net/http/httptest/server.go", "/src", nil, false},
		{"httptest.Server", "type Server struct", "net/http/httptest/server.go", "/src", nil, true},
		// At the root of the search, the root's own directory.
		{"http.Request", "type Request struct", "request.go", "/src/net/http", nil, true},
		{"http.Request", "type Request struct", "./request.go", "/src/net/http", nil, true},
		{"http.Request", "type Request struct", "/src/net/http/request.go", "/elsewhere", nil, true},
		{"http.Request", "func Request() (*http.Request, error)", "cgi/child.go", "/src/net/http", nil, false},
		// A Go package in a major version's directory is named before it.
		{"bar.New", "func New() *Bar", "github.com/foo/bar/v2/bar.go", "/src", nil, true},
		{"bar.New", "func New() *Bar", "github.com/foo/bar/v2/client.go", "/src", nil, true},
		{"yaml.Marshal", "func Marshal(in interface{}) (out []byte, err error)", "gopkg.in/yaml.v3/yaml.go", "/src", nil, true},
		{"yaml.Marshal", "func Marshal(in interface{}) (out []byte, err error)", "gopkg.in/yaml.v3/encode.go", "/src", nil, true},
		{"foo.New", "func New() *Bar", "github.com/foo/bar/v2/client.go", "/src", nil, false},
		{"json.Marshal", "func Marshal(v any) ([]byte, error)", "encoding/json/internal/v2/arshal.go", "/src", nil, false},
		// A module path: its directories down to the file's name.
		{"xml.etree.ElementTree.parse", "def parse(source, parser=None):", "xml/etree/ElementTree.py", "/lib", nil, true},
		{"json.JSONDecoder.decode", "def decode(self, s):", "json/decoder.py", "/lib", []string{"JSONDecoder", "decode"}, true},
		{"json.decoder.decode", "def decode(self, s):", "json/decoder.py", "/lib", nil, true},
		{"asyncio.Queue", "class Queue(mixins._LoopBoundMixin):", "asyncio/queues.py", "/lib", nil, true},
		{"os.path.join", "def join(a, *p):", "posixpath.py", "/lib", nil, false},
		{"xml.parse", "def parse(source):", "xml/etree/ElementTree.py", "/lib", nil, false},
		// A class of the file names it, wherever the file is.
		{"Cart.total", "def total(self):", "shop/models.py", "/app", []string{"Cart", "total"}, true},
		{"shop.Cart.total", "def total(self):", "shop/models.py", "/app", []string{"Cart", "total"}, true},
		{"store.Cart.total", "def total(self):", "shop/models.py", "/app", []string{"Cart", "total"}, false},
	} {
		s, ok := symbolOf(c.sym)
		if !ok {
			t.Fatalf("%q is no symbol", c.sym)
		}
		if got := s.qualified(c.head, c.path, c.wd, names(c.others...)); got != c.want {
			t.Errorf("%q defined by %q in %s (in %s): qualified %v, want %v", c.sym, c.head, c.path, c.wd, got, c.want)
		}
	}
}
