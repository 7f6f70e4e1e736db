package imports

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGoName: the name a package is called by where it is imported with
// none, as goimports guesses it from the import path.
func TestGoName(t *testing.T) {
	for spec, want := range map[string]string{
		"fmt":                        "fmt",
		"net/http":                   "http",
		"math/rand/v2":               "rand",
		"gopkg.in/yaml.v3":           "yaml",
		"github.com/mattn/go-isatty": "isatty",
		"k8s.io/client-go":           "client",
		"example.com/mod/v10":        "mod",
		"v2":                         "v2",
		"example.com/v2x":            "v2x",
	} {
		if got := GoName(spec); got != want {
			t.Errorf("GoName(%q) = %q, want %q", spec, got, want)
		}
	}
}

// TestGoModulesResolveAsGoResolve: GoModules, which reads each
// directory's go.mod once, resolves as GoResolve does, in nested modules
// with a vendor directory, asked again and from several directories.
func TestGoModulesResolveAsGoResolve(t *testing.T) {
	t.Chdir(t.TempDir())
	for name, data := range map[string]string{
		"go.mod":                        "module example.com/outer\n",
		"a/a.go":                        "package a\n",
		"vendor/example.com/dep/dep.go": "package dep\n",
		"inner/go.mod":                  "module \"example.com/inner\"\n",
		"inner/x/x.go":                  "package x\n",
		"inner/cmd/tool/main.go":        "package main\n",
		"nomod/go.mod":                  "go 1.22\n", // declares no module: decides, resolves nothing
		"nomod/y/y.go":                  "package y\n",
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g := NewGoModules()
	resolved := 0
	for range 2 {
		for _, from := range []string{"a/a.go", "inner/cmd/tool/main.go", "inner/x/x.go", "nomod/y/y.go"} {
			for _, spec := range []string{"example.com/outer/a", "example.com/inner/x", "example.com/dep", "example.com/outer", "fmt", "example.com/inner/nope"} {
				want := GoResolve(from, spec)
				if got := g.Resolve(from, spec); got != want {
					t.Errorf("from %s, %s: GoModules says %q, GoResolve %q", from, spec, got, want)
				}
				if want != "" {
					resolved++
				}
			}
		}
	}
	if resolved < 8 {
		t.Errorf("only %d of the imports asked resolved: the tree does not test much", resolved)
	}
}
