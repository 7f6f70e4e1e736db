package scout

import (
	"path"
	"strings"

	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/imports"
)

// packaged reads a type's method, or a function, named with its package
// or module (see concept.Frame).
func packaged(name string) (pkg, typ, fn string, ok bool) { return concept.Frame(name) }

// colonPath returns a name written with "::" (Type::method,
// crate::server::Server::run) or Ruby's "#" (Cart#total) written with
// dots, when each part is an identifier; ok is false for any other.
func colonPath(name string) (dotted string, ok bool) {
	name = strings.TrimSpace(name)
	var parts []string
	switch {
	case strings.Contains(name, "::"):
		parts = strings.Split(uncalled(name), "::")
	case strings.Count(name, "#") == 1:
		parts = strings.Split(uncalled(name), "#")
	default:
		return "", false
	}
	for _, p := range parts {
		if !isIdentifier(p) {
			return "", false
		}
	}
	return strings.Join(parts, "."), len(parts) > 1
}

// inPackage says how well the place of a file's package or module
// matches a package's path (an import path, a package's or a dotted
// module's name): 0 when it is not that package, more the more of the
// path's last elements it ends with. Go's major versions and gopkg.in's
// are the package's name too (bar/v2, yaml.v3), and so is "main", a
// program's package wherever it is. A Python module matches its own
// name best, and its package's next (asyncio.Queue is asyncio/queues.py's,
// as asyncio exports it). A JVM class is its directory's, a Rust type
// its module's.
func inPackage(file, pkg string) int {
	switch {
	case strings.HasSuffix(file, ".go"):
		have, want := strings.Split(path.Dir(file), "/"), strings.Split(pkg, "/")
		switch n := endsWith(have, want); {
		case pkg == "main" || n == 0 && imports.GoName(have[len(have)-1]) == imports.GoName(want[len(want)-1]):
			return 1
		default:
			return n
		}
	case strings.HasSuffix(file, ".java"), strings.HasSuffix(file, ".kt"), strings.HasSuffix(file, ".scala"):
		// A JVM package is its directory, by convention:
		// com.example.Foo.bar (a Java stack trace's frame) is
		// com/example/Foo.java's.
		want := strings.Split(strings.ReplaceAll(pkg, "/", "."), ".")
		if endsWith(strings.Split(path.Dir(file), "/"), want) == len(want) {
			return len(want) // a frame names the whole package
		}
	case strings.HasSuffix(file, ".rs"):
		// A Rust module is its file (src/server.rs, src/server/mod.rs);
		// the crate's name, first in a path, is no directory.
		m := strings.TrimSuffix(strings.TrimSuffix(file, ".rs"), "/mod")
		return endsWith(strings.Split(m, "/"), strings.Split(strings.ReplaceAll(pkg, "/", "."), "."))
	case strings.HasSuffix(file, ".py"), strings.HasSuffix(file, ".pyi"):
		m := strings.TrimSuffix(strings.TrimSuffix(file, ".pyi"), ".py")
		m = strings.TrimSuffix(m, "/__init__")
		have, want := strings.Split(m, "/"), strings.Split(strings.ReplaceAll(pkg, "/", "."), ".")
		if n := endsWith(have, want); n > 0 {
			return 2 * n
		}
		if n := endsWith(have[:len(have)-1], want); n > 0 {
			return 2*n - 1
		}
	}
	return 0
}

// endsWith returns how many of want's last elements have's last are.
func endsWith(have, want []string) int {
	n := 0
	for n < len(have) && n < len(want) && have[len(have)-1-n] == want[len(want)-1-n] {
		n++
	}
	return n
}

// packageCalled returns the name a package or module is called by in
// code: http for net/http, yaml for gopkg.in/yaml.v3; a dotted module's
// or JVM package's whole name, xml.etree.ElementTree, com.example.
func packageCalled(pkg string) string {
	if strings.Contains(pkg, "/") {
		return imports.GoName(pkg)
	}
	return pkg
}
