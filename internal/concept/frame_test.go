package concept

import (
	"strings"
	"testing"
)

// TestFrame: a method named with its package, as Go's stack traces,
// panics and profiles print it or as docs write it, is read as that
// package's type's method; other names are left to be read as before.
func TestFrame(t *testing.T) {
	for _, c := range []struct{ name, pkg, typ, fn string }{
		{"github.com/modelcontextprotocol/go-sdk/mcp.(*ServerSession).Close", "github.com/modelcontextprotocol/go-sdk/mcp", "ServerSession", "Close"},
		{"net/http.(*conn).serve.func1(0xc0001b2000, {0x7dd3a8, 0xc000112f30})", "net/http", "conn", "serve"},
		{"net/http.(*conn).serve(0xc0001b2000, {0x7dd3a8, 0xc000112f30}) +0x5f8", "net/http", "conn", "serve"},
		{"gopkg.in/yaml%2ev3.(*Decoder).Decode", "gopkg.in/yaml.v3", "Decoder", "Decode"},
		{"net/http.HandlerFunc.ServeHTTP", "net/http", "HandlerFunc", "ServeHTTP"},
		{"net/http.(HandlerFunc).ServeHTTP", "net/http", "HandlerFunc", "ServeHTTP"},
		{"example.com/m/gen/v2.(*Set[...]).Add-fm", "example.com/m/gen/v2", "Set", "Add"},
		{"net/http.Serve", "net/http", "", "Serve"},
		{"example.com/m/a.New.gowrap1", "example.com/m/a", "", "New"},
		{"mcp.ServerSession.Close", "mcp", "ServerSession", "Close"},
		{"http.(*Server).Serve", "http", "Server", "Serve"},
		{"queue.Queue.put", "queue", "Queue", "put"},
		{"xml.etree.ElementTree.XMLParser.feed", "xml.etree.ElementTree", "XMLParser", "feed"},
		{"com.example.Pool.join(Pool.java:42)", "com.example", "Pool", "join"},
		// Read as before: Type.Method, pkg.Name, a module's function.
		{"os.path.join", "", "", ""},
		{"Session.Close", "", "", ""},
		{"fmt.Println", "", "", ""},
		{"(*Buffer).Write", "", "", ""},
		{"Close()", "", "", ""},
		{"a.b.c()", "", "", ""},
	} {
		pkg, typ, fn, ok := Frame(c.name)
		if ok != (c.fn != "") || pkg != c.pkg || typ != c.typ || fn != c.fn {
			t.Errorf("Frame(%q) = %q, %q, %q, %v; want %q, %q, %q", c.name, pkg, typ, fn, ok, c.pkg, c.typ, c.fn)
		}
	}
}

// FuzzFrame: for any text, Frame does not panic, and what it reads is
// written in the text: the method's or function's name, the type, and
// the package's last part (%2e read as a dot).
func FuzzFrame(f *testing.F) {
	for _, s := range []string{"net/http.(*conn).serve.func1(0xc0001b2000, {0x7dd3a8, 0xc000112f30})", "gopkg.in/yaml%2ev3.(*Decoder).Decode",
		"a/b.(*Set[...]).Add-fm", "net/http.Serve +0x1f", "mcp.ServerSession.Close", "os.path.join", "(*Buffer).Write", "x.(", "a/.b", "a/b.(c).", ")"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		pkg, typ, fn, ok := Frame(text)
		if !ok {
			return
		}
		clean := strings.ReplaceAll(text, "%2e", ".")
		if !isIdentifier(fn) || !strings.Contains(clean, fn) || typ != "" && (!isIdentifier(typ) || !strings.Contains(clean, typ)) {
			t.Fatalf("Frame(%q) = %q, %q, %q: not identifiers of the text", text, pkg, typ, fn)
		}
		if last := pkg[strings.LastIndexByte(pkg, '/')+1:]; pkg == "" || !strings.Contains(clean, last) {
			t.Fatalf("Frame(%q) = package %q: not in the text", text, pkg)
		}
	})
}
