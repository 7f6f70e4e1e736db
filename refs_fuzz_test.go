package scout

import (
	"errors"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/page"
)

// FuzzStructuralName: for any name, callers', callees' and refs' reading
// of it does not panic ("x()" did), and either refuses it as a pattern or
// gives an identifier to search for, with its qualifier, when any, an
// identifier too, both written in what was given.
func FuzzStructuralName(f *testing.F) {
	for _, s := range []string{"Close", "Close()", "x()", "$x()", "fmt.Println()", "Println(a, b)", "(*Buffer).Write", "(T).M", "a.b.c()",
		"Foo::bar", "Foo#bar", "()", ".", "x.", "(a", "f(g(x))", "new Foo()", "é()", " Close ",
		"net/http.(*conn).serve.func1(0xc0001b2000, {0x7dd3a8, 0xc000112f30})", "gopkg.in/yaml%2ev3.(*Decoder).Decode", "mcp.ServerSession.Close",
		"a/b.(*Set[...]).Add-fm", "net/http.Serve +0x1f", "xml.etree.ElementTree.XMLParser.feed", "os.path.join",
		"Server::run", "crate::server::Server::run()", "Cart#total", "a::", "::b", "a#b#c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		for _, mode := range []Mode{page.Callers, page.Callees, page.Refs} {
			searched, asked, qual, _, err := structuralName(mode, name)
			if err != nil {
				if !errors.Is(err, ErrPattern) {
					t.Fatalf("%s %q: %v, not ErrPattern", mode, name, err)
				}
				continue
			}
			if !isIdentifier(searched) || !strings.Contains(name, searched) || asked == "" {
				t.Fatalf("%s %q: searched %q, asked %q: not an identifier of the name", mode, name, searched, asked)
			}
			if dotted, ok := colonPath(name); ok {
				name = dotted // Type::method is Type.method
			}
			if _, _, _, framed := packaged(name); framed && qual != "" && (!isIdentifier(qual) || !strings.Contains(name, qual)) {
				t.Fatalf("%s %q: qualifier %q of %q: not an identifier in the name", mode, name, qual, searched)
			} else if !framed && qual != "" && (!isIdentifier(qual) || !strings.Contains(name, qual+"."+searched) && !strings.Contains(name, qual+")."+searched)) {
				t.Fatalf("%s %q: qualifier %q of %q: not an identifier before it in the name", mode, name, qual, searched)
			}
		}
	})
}
