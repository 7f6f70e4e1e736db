package scout

import "testing"

// TestPackaged: a method named with its package, as Go's stack traces,
// panics and profiles print it or as docs write it, is read as that
// package's type's method; other names are left to be read as before.
func TestPackaged(t *testing.T) {
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
		pkg, typ, fn, ok := packaged(c.name)
		if ok != (c.fn != "") || pkg != c.pkg || typ != c.typ || fn != c.fn {
			t.Errorf("packaged(%q) = %q, %q, %q, %v; want %q, %q, %q", c.name, pkg, typ, fn, ok, c.pkg, c.typ, c.fn)
		}
	}
}

func TestInPackage(t *testing.T) {
	for _, c := range []struct {
		file, pkg string
		want      int
	}{
		{"/usr/local/go/src/net/http/server.go", "net/http", 2},
		{"/usr/local/go/src/net/http/server.go", "http", 1},
		{"net/http/server.go", "github.com/x/net/http", 2},
		{"/usr/local/go/src/net/rpc/server.go", "net/http", 0},
		{"mcp/server.go", "github.com/modelcontextprotocol/go-sdk/mcp", 1},
		{"yaml.v3/decode.go", "gopkg.in/yaml.v3", 1},
		{"gen/v2/set.go", "example.com/m/gen/v2", 2},
		{"cmd/tool/main.go", "main", 1},
		{"rs/src/server.rs", "crate.server", 1},
		{"rs/src/server/mod.rs", "myapp.server", 1},
		{"rs/src/client.rs", "crate.server", 0},
		{"queue.py", "queue", 2},
		{"asyncio/queues.py", "asyncio.queues", 4},
		{"asyncio/queues.py", "asyncio", 1},
		{"asyncio/__init__.py", "asyncio", 2},
		{"multiprocessing/queues.py", "asyncio", 0},
		{"xml/etree/ElementTree.py", "xml.etree.ElementTree", 6},
		{"src/main/java/com/example/Pool.java", "com.example", 2},
		{"src/main/java/org/example/Pool.java", "com.example", 0},
		{"README.md", "x", 0},
	} {
		if got := inPackage(c.file, c.pkg); got != c.want {
			t.Errorf("inPackage(%q, %q) = %d, want %d", c.file, c.pkg, got, c.want)
		}
	}
}

// TestColonPath: Type::method, a::b::Type::method and Ruby's Type#method
// are read with dots; anything else is not.
func TestColonPath(t *testing.T) {
	for name, want := range map[string]string{
		"Server::run": "Server.run", "crate::server::Server::run()": "crate.server.Server.run", "Cart#total": "Cart.total",
		"Server.run": "", "a::": "", "::b": "", "a#b#c": "", "a::b c": "", "x#": "",
	} {
		got, ok := colonPath(name)
		if ok != (want != "") || got != want && ok {
			t.Errorf("colonPath(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
}
