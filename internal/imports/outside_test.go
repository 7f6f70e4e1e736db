package imports

import "testing"

func TestOutsideOf(t *testing.T) {
	for _, c := range []struct{ lang, spec, want string }{
		{"Go", "net/http", "standard library"},
		{"Go", "C", "cgo"},
		{"Go", "github.com/x/y", ""},
		{"Go", "example.com/shop/price", ""},
		{"Python", "os.path", "standard library"},
		{"Python", "_thread", "standard library"},
		{"Python", ".os", ""}, // relative: the package's own
		{"Python", "requests", ""},
		{"JavaScript/TypeScript", "node:test", "Node built-in"},
		{"JavaScript/TypeScript", "fs/promises", "Node built-in"},
		{"JavaScript/TypeScript", "path", "Node built-in"},
		{"JavaScript/TypeScript", "react", ""},
		{"JavaScript/TypeScript", "./fs", ""},
		{"C/C++", "stdio.h", ""}, // cImports says it, by the brackets
	} {
		if got := outsideOf(c.lang, c.spec); got != c.want {
			t.Errorf("outsideOf(%s, %q) = %q, want %q", c.lang, c.spec, got, c.want)
		}
	}
}
