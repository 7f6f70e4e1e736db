// Package imports knows, for each language scout's related search reads
// (Go, Python, JavaScript and TypeScript, C and C++), how a file names
// what it imports, how an import resolves to a file or directory of the
// tree, how to find the files that may import a file, and how its tests
// are named. Go imports are read with go/parser; the others from their
// import lines, resolved as the language's own tools resolve them.
//
// Paths are named as the file they start from is: relative to the working
// directory when it is relative, absolute when it is absolute;
// slash-separated. Configuration files (go.mod, package.json,
// tsconfig.json, compile_commands.json) are opened without waiting, so
// that a named pipe in their place is passed over, never waited on.
package imports

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/scoutcode/scout/internal/filetype"
	"github.com/scoutcode/scout/internal/regular"
)

// Import is an import: the line it is on, what it names, and the file or
// directory of the tree it resolves to ("" when it is not in the tree: a
// third-party package, the system's headers).
type Import struct {
	Line int
	Spec string
	To   string
	// Outside says, when To is "", what the import is if its name
	// tells ("standard library", "system header"); see outsideOf.
	Outside string
	// Name is, in Go, the name the file calls the package by: the one
	// the import gives it, or the name its path suggests (see GoName);
	// "_" or "." when the import gives those.
	Name string
}

// Lang names the language a file is read as, by its extension: "Go",
// "Python", "JavaScript/TypeScript", "C/C++", or "" for any other.
func Lang(p string) string {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".go":
		return "Go"
	case ".py", ".pyi", ".pyw":
		return "Python"
	case ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts":
		return "JavaScript/TypeScript"
	case ".c", ".h", ".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp", ".tcc", ".tpp", ".txx":
		return "C/C++"
	}
	return ""
}

// LangOfText is Lang, and for a file whose name has no extension and
// gives no language (filetype.BySource), the language of the type its
// first lines name (filetype.Sniff): libstdc++'s "vector" ("// <vector>
// -*- C++ -*-") is C/C++, a "#!/usr/bin/env python3" script Python.
func LangOfText(p string, head []byte) string {
	if !filetype.BySource(p) {
		return Lang(p)
	}
	return sniffedLang[filetype.Sniff(head)]
}

// sniffedLang is the language of each type Sniff finds that Lang names
// by extension.
var sniffedLang = map[string]string{
	"go": "Go", "py": "Python", "js": "JavaScript/TypeScript", "ts": "JavaScript/TypeScript", "c": "C/C++", "cpp": "C/C++",
}

// Resolver reads and resolves imports, keeping what it read of each
// directory's JavaScript configuration for the next file: one related
// search resolves the imports of many candidate importers, in parallel.
// Its methods are safe to call at once.
type Resolver struct {
	js *jsResolver
}

// NewResolver returns a Resolver for files named from the current
// working directory.
func NewResolver() *Resolver {
	return &Resolver{js: newJSResolver()}
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// maxConfig is the size past which a project file (package.json,
// tsconfig.json) or a candidate importer is not read: 4 MiB, scout's
// parsers' limit too, past any file written by hand.
const maxConfig = 4 << 20

// errTooLarge is wrapped by the error for a file over maxConfig bytes.
var errTooLarge = errors.New("file is larger than the size limit")

// openRegular opens a file to read, refusing without waiting what is no
// regular file (a named pipe named go.mod). A directory's error wraps
// syscall.EISDIR.
func openRegular(path string) (*os.File, fs.FileInfo, error) {
	f, fi, err := regular.OpenStat(path)
	if errors.Is(err, regular.ErrNotRegular) {
		return nil, nil, fmt.Errorf("%s: %w (%s)", path, regular.ErrNotRegular, regular.Kind(fi.Mode()))
	}
	return f, fi, err
}

// readConfig reads a regular file whole, refusing one over maxConfig
// bytes (or that grows past them while read).
func readConfig(path string) ([]byte, error) {
	f, fi, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > maxConfig {
		return nil, fmt.Errorf("%s: %w (%d bytes, the limit is %d)", path, errTooLarge, fi.Size(), maxConfig)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxConfig+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxConfig {
		return nil, fmt.Errorf("%s: %w (it grew past %d bytes while read)", path, errTooLarge, maxConfig)
	}
	return data, nil
}

// Of reads the imports of file p, whose content is data, in language
// lang (see Lang), in line order. Each import not in the tree says what
// it is when its name tells (Outside). Only a Go file can fail to be
// read (a syntax error before its imports end); the imports read before
// it are returned with the error.
func (r *Resolver) Of(lang, p string, data []byte) ([]Import, error) {
	imps, err := r.of(lang, p, data)
	for k, i := range imps {
		if i.To == "" && i.Outside == "" {
			imps[k].Outside = outsideOf(lang, i.Spec)
		}
	}
	return imps, err
}

func (r *Resolver) of(lang, p string, data []byte) ([]Import, error) {
	switch lang {
	case "Go":
		return goImports(p, data)
	case "Python":
		return pyImports(p, data), nil
	case "JavaScript/TypeScript":
		return r.js.imports(p, data), nil
	case "C/C++":
		return cImports(p, data), nil
	}
	return nil, nil
}

// SameFile reports whether two paths name one file (or directory).
func SameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// Search is the search that finds the candidate importers of a file: the
// lines that may import it, in the files of its language's types (and,
// but in Go, the files with no extension: LangOfText); each candidate is
// then kept when Resolver.Names finds Target among its imports (and, for
// a file with no extension, its first lines name the language).
type Search struct {
	Pattern string   // a regular expression, or a literal when Fixed
	Fixed   bool     // Pattern is a literal string
	Types   []string // the file types searched (scout's -t names)
	Target  string   // the file, or in Go its package's directory
}

// Importers returns the search for the candidate importers of file p in
// language lang; its Pattern is "" when none can be made (a Go package
// with no import path: no go.mod above it).
func Importers(lang, p string) Search {
	base := filepath.Base(p)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	switch lang {
	case "Go":
		ip := GoImportPath(filepath.Dir(p))
		if ip == "" {
			return Search{}
		}
		return Search{strconv.Quote(ip), true, []string{"go"}, filepath.Dir(p)}
	case "Python":
		if stem == "__init__" {
			stem = filepath.Base(filepath.Dir(p))
		}
		return Search{`^\s*(from|import)\s.*\b` + regexp.QuoteMeta(stem) + `\b`, false, []string{"py"}, p}
	case "JavaScript/TypeScript":
		if stem == "index" {
			stem = filepath.Base(filepath.Dir(p))
		}
		stem = strings.TrimSuffix(stem, ".d")
		named := `[^'"]*\b` + regexp.QuoteMeta(stem) + `(\.[a-z]+)?`
		if name := jsPackageOf(p); name != "" {
			named = "(" + named + "|" + regexp.QuoteMeta(name) + ")" // the package's entry, imported by its name
		}
		return Search{`['"]` + named + `['"]`, false, []string{"js", "ts"}, p}
	case "C/C++":
		return Search{`^\s*#\s*include\s*[<"]([^">]*/)?` + regexp.QuoteMeta(base) + `[">]`, false, []string{"c", "cpp"}, p}
	}
	return Search{}
}

// TestsGlob returns the glob, on base names, of the tests of a file in
// Python or JavaScript/TypeScript; "" in the other languages (Go's are its
// package's _test files: GoTests).
func TestsGlob(lang, p string) string {
	base := filepath.Base(p)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	switch lang {
	case "Python":
		if stem == "__init__" {
			stem = filepath.Base(filepath.Dir(p))
		}
		return "{test_" + stem + ".py,test_" + stem + "_*.py," + stem + "_test.py}"
	case "JavaScript/TypeScript":
		if stem == "index" {
			stem = filepath.Base(filepath.Dir(p))
		}
		return "{" + stem + ".test.*," + stem + ".spec.*}"
	}
	return ""
}

// Names reports whether the imports of cand, a candidate importer found by
// an Importers search, name its Target, and on which line. A candidate
// that cannot be read (or is over maxConfig) names nothing.
func (r *Resolver) Names(ctx context.Context, lang, cand, target string) (line int, ok bool) {
	if ctx.Err() != nil {
		return 0, false
	}
	data, err := readConfig(cand)
	if err != nil || filetype.BySource(cand) && LangOfText(cand, data) != lang {
		return 0, false // a file with no extension in another language
	}
	var imps []Import
	switch lang {
	case "Python":
		// A test imports the package under test from its root.
		imps = pyImports(cand, data, pyRoot(filepath.Dir(target)))
	case "C/C++":
		imps = cImports(cand, data, filepath.Base(target))
	default:
		imps, _ = r.of(lang, cand, data)
	}
	for _, i := range imps {
		if SameFile(i.To, target) {
			return i.Line, true
		}
	}
	return 0, false
}
