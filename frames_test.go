package scout

import (
	"errors"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/page"
)

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

// TestColonNameOffersTypeMethod: a C++ name with its namespace and a type
// that Go's conventions would not call one (std::vector::push_back) is
// refused with what callers, callees and refs take offered as written,
// with "::" (a Rust module's function, crate::server::helper, reads the
// same); the type's method is then taken.
func TestColonNameOffersTypeMethod(t *testing.T) {
	for _, mode := range []page.Mode{page.Callers, page.Callees, page.Refs} {
		_, _, _, _, err := structuralName(mode, "std::vector::push_back")
		if !errors.Is(err, ErrPattern) || !strings.Contains(err.Error(), `give "push_back", or "vector::push_back" for vector's`) {
			t.Errorf("%s std::vector::push_back: %v; want ErrPattern offering vector::push_back", mode, err)
		}
		searched, asked, qual, _, err := structuralName(mode, "vector::push_back")
		if err != nil || searched != "push_back" || asked != "vector::push_back" || qual != "vector" {
			t.Errorf("%s vector::push_back: %q %q %q, %v; want push_back of the type vector", mode, searched, asked, qual, err)
		}
	}
}
