package imports

import (
	"bytes"
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

// FuzzPyBindings: any bytes are read without a panic, and every binding
// has a name and a module, made of what the source holds.
func FuzzPyBindings(f *testing.F) {
	f.Add([]byte("import a.b as c, d\nfrom .e import (f,\n g as h)\nfrom i import j, \\\n k\n"))
	f.Add([]byte("from x import (\n"))
	f.Add([]byte("import \\"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, b := range PyBindings(src) {
			if b.Name == "" || b.Module == "" || !bytes.Contains(src, []byte(b.Name)) {
				t.Fatalf("PyBindings(%q): %+v", src, b)
			}
		}
	})
}
