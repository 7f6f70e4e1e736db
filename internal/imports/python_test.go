package imports

import (
	"bytes"
	"maps"
	"slices"
	"testing"
)

// TestPyBindings: the names a Python file's imports bind, in order: a
// module by its first part or its alias, a from-import's names (in a
// parenthesised list over lines, after a "\" line, with aliases), not "*"
// nor the words of a comment.
func TestPyBindings(t *testing.T) {
	src := `import os.path, json as j
from . import util
from ..pkg.mod import (
    a,  # first
    b as bee,
)
from x import *
from y import c, \
    d
    import z  # inside a function
x = 1  # import nothing
`
	want := []PyBinding{
		{Name: "os", Module: "os"}, {Name: "j", Module: "json"},
		{Name: "util", Module: ".", Attr: "util"},
		{Name: "a", Module: "..pkg.mod", Attr: "a"}, {Name: "bee", Module: "..pkg.mod", Attr: "b"},
		{Name: "c", Module: "y", Attr: "c"}, {Name: "d", Module: "y", Attr: "d"},
		{Name: "z", Module: "z"},
	}
	if got := PyBindings([]byte(src)); !slices.Equal(got, want) {
		t.Errorf("PyBindings:\n got %v\nwant %v", got, want)
	}
}

// TestParsePyTop: the names a module's top defines (def, async def,
// class, an assignment; in an if, else, try or except block there too),
// each with its lines, not a method's nor a function's local, nor a
// comparison, an attribute or a keyword; and its star imports, in order.
func TestParsePyTop(t *testing.T) {
	src := `"""Doc."""
from .base import *
import os
try:
    from ._speedups import *
except ImportError:
    speedups = None
x = 1
y: int = 2
y == 3
os.sep = "/"
async def run():
    local = 1
class Box:
    size = 4
    def save(self):
        pass
if os.name == "nt":
    def save(x):
        return x
        def inner(): pass
else:
    def save(x):
        return None
for i in range(3):
    looped = i
def later(): pass
match = None
`
	got := ParsePyTop([]byte(src))
	want := map[string][]int{"speedups": {7}, "x": {8}, "y": {9}, "run": {12}, "Box": {14}, "save": {19, 23}, "later": {27}, "match": {28}}
	if !maps.EqualFunc(got.Defines, want, slices.Equal) {
		t.Errorf("ParsePyTop defines\n got %v\nwant %v", got.Defines, want)
	}
	if stars := []string{".base", "._speedups"}; !slices.Equal(got.Stars, stars) {
		t.Errorf("ParsePyTop stars %v, want %v", got.Stars, stars)
	}
	if len(got.Bindings) != 1 || got.Bindings[0].Name != "os" {
		t.Errorf("ParsePyTop bindings %v, want os's alone", got.Bindings)
	}
}

// FuzzPyBindings: any bytes are read without a panic, every binding has
// a name and a module, made of what the source holds; so is every name
// ParsePyTop finds defined, on a line the source has, and every module it
// finds star-imported.
func FuzzPyBindings(f *testing.F) {
	f.Add([]byte("import a.b as c, d\nfrom .e import (f,\n g as h)\nfrom i import j, \\\n k\n"))
	f.Add([]byte("from x import (\n"))
	f.Add([]byte("import \\"))
	f.Add([]byte("if x:\n    def f(): pass\n    from .m import *\nclass C:\n  a: int = 1\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, b := range PyBindings(src) {
			if b.Name == "" || b.Module == "" || !bytes.Contains(src, []byte(b.Name)) {
				t.Fatalf("PyBindings(%q): %+v", src, b)
			}
		}
		top := ParsePyTop(src)
		lines := bytes.Count(src, []byte("\n")) + 1
		for n, at := range top.Defines {
			if !isPyName(n) || !bytes.Contains(src, []byte(n)) || len(at) == 0 || at[0] < 1 || at[len(at)-1] > lines {
				t.Fatalf("ParsePyTop(%q) defines %q at %v", src, n, at)
			}
		}
		for _, m := range top.Stars {
			if m == "" || !bytes.Contains(src, []byte("from "+m+" import *")) && !bytes.Contains(src, []byte(m)) {
				t.Fatalf("ParsePyTop(%q): star import of %q", src, m)
			}
		}
	})
}
