package concept

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestDeclares(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"const Limit = 1 << 20 // 1 MB", true},
		{"var Limit = errors.New(\"x\")", true},
		{"\tLimit = 100 // in a const block", true},
		{"\tLimit FileMode = 1 << iota", true},
		{"\tLimit *Thing", true},
		{"\tLimit", true},                   // Go's iota, in a block
		{"\tLimit // the next", true},       // the same, with a comment
		{"Limit = 30", true},                // Python, module level
		{"Limit: int = 30", true},           // annotated
		{"export const Limit = 3", true},    // JavaScript
		{"  Limit: constants.Limit,", true}, // an export object's key
		{"let Limit", true},
		{"pub static Limit: u32 = 3;", true}, // Rust: "static" after "pub"
		{"#define Limit 10", true},
		{"#  define Limit(x) (x)", true},
		{"Limit := 3", true},
		{"Limit", false},                                      // not in a block
		{"Limit == 3", false},                                 // a comparison
		{"Limit(3)", false},                                   // a call
		{"Limit.x = 3", false},                                // a field
		{"Limit += 1", false},                                 // a change, not a declaration
		{"LimitMore = 3", false},                              // another name
		{"MyLimit = 3", false},                                // another name
		{"// Limit = 3", false},                               // a comment
		{"# Limit = 3", false},                                // a comment
		{"#define LimitMore 10", false},                       // another name
		{"#include Limit", false},                             // no define
		{"return Limit", false},                               // a use
		{"Limit::new()", false},                               // a path
		{"const Other = Limit", false},                        // a use in another's declaration
		{"\tfoo(Limit)", false},                               // a use
		{"x = Limit", false},                                  // a use
		{"\tLimit(x)", false},                                 // a call in a block
		{"var LimitX, Limit = 1, 2", false},                   // not found past the first name
		{"Limit:    Special value that limits a pipe", false}, // a docstring's list
		{"Limit: the most there may be.", false},
		{"  Limit: string;", true},                // TypeScript
		{"  Limit: Dict[str, int]", true},         // an annotation
		{"  Limit: function (a, b) {", true},      // an object's method
		{"  Limit: 3,", true},                     // an object's value
		{"\tLimit string `json:\"limit\"`", true}, // a struct's field
	} {
		if got := declares(c.line, "Limit", true); got != c.want {
			t.Errorf("declares(%q, Limit) = %v; want %v", c.line, got, c.want)
		}
	}
}

// TestDeclaresNoColon: in Go and C, "Name:" is a composite literal's
// field or a label, not a declaration; the other forms are.
func TestDeclaresNoColon(t *testing.T) {
	for line, want := range map[string]bool{"\t\tLimit: 8080,": false, "Limit:": false, "\tLimit = 3": true, "#define Limit 3": true} {
		if got := declares(line, "Limit", false); got != want {
			t.Errorf("declares(%q, Limit) without colons = %v; want %v", line, got, want)
		}
	}
	if colonDeclares("net/http/doc.go") || colonDeclares("x.h") || !colonDeclares("a.py") || !colonDeclares("b.ts") {
		t.Error("colonDeclares: want false for Go and C, true for Python and TypeScript")
	}
}

func TestDeclaration(t *testing.T) {
	data := []byte("package x\n\nconst (\n\tA = iota\n\tLimit\n)\n\nvar Limit2 = 3\n")
	for _, c := range []struct {
		start, end int
		name, want string
		n          int
		ok         bool
	}{
		{1, 8, "Limit", "Limit", 5, true},
		{1, 4, "Limit", "", 0, false}, // outside the lines
		{6, 8, "Limit2", "var Limit2 = 3", 8, true},
		{1, 8, "Nope", "", 0, false},
	} {
		got, n, ok := declaration(data, c.start, c.end, c.name, false)
		if got != c.want || n != c.n || ok != c.ok {
			t.Errorf("declaration(lines %d-%d, %s) = %q, %d, %v; want %q, %d, %v", c.start, c.end, c.name, got, n, ok, c.want, c.n, c.ok)
		}
	}
}

// TestDeclaredQualifiedFirst: of the chunks that may declare a symbol,
// those in the files its qualifiers name are read first, so that more
// files than are read (maxDeclaredFiles) holding the name with more of
// the description's words (their paths hold "subprocess" too, as a part
// of a name, not as a file's or directory's name) do not hide its
// declaration.
func TestDeclaredQualifiedFirst(t *testing.T) {
	b := NewBuilder()
	src := map[string]string{}
	add := func(p, body string) {
		src[p] = body
		b.Add(Tokenize(p, p, Source, []Text{{Chunk: Chunk{Start: 1, End: 2}, Body: body}}))
	}
	for i := range maxDeclaredFiles + 4 {
		add(fmt.Sprintf("other%02d/subprocess_pipes.py", i), "PIPE = 'a subprocess pipe'\nx = PIPE # subprocess\n")
	}
	add("proc/subprocess.py", "import os\nPIPE = -1 # and many other words that make this chunk long and its score lower\n")
	ix := b.Index()
	read := func(p string) ([]byte, error) { return []byte(src[p]), nil }
	for _, l := range ix.Search(Query{Text: "subprocess.PIPE", Read: read}, 30) {
		if ix.Files[ix.Chunk(l.Chunk).File].Path != "proc/subprocess.py" {
			continue
		}
		if !slices.ContainsFunc(l.Signals, func(s Signal) bool { return s.Name == "defines" }) {
			t.Errorf("proc/subprocess.py's lead has signals %+v; want defines, its declaration found", l.Signals)
		}
		return
	}
	t.Error("no lead in proc/subprocess.py")
}

// TestSearchReadsEachFileOnce: a description that is one symbol has its
// best files read for the phrase signal and for the lines that declare
// it; a file both want is read once.
func TestSearchReadsEachFileOnce(t *testing.T) {
	b := NewBuilder()
	src := map[string]string{}
	for i := range 6 {
		p := fmt.Sprintf("proc%d/subprocess.py", i)
		src[p] = "import os\nPIPE = -1 # a subprocess pipe\n"
		b.Add(Tokenize(p, p, Source, []Text{{Chunk: Chunk{Start: 1, End: 2}, Body: src[p]}}))
	}
	ix := b.Index()
	var mu sync.Mutex
	reads := map[string]int{}
	read := func(p string) ([]byte, error) {
		mu.Lock()
		reads[p]++
		mu.Unlock()
		return []byte(src[p]), nil
	}
	leads := ix.Search(Query{Text: "subprocess.PIPE", Read: read}, 10)
	if len(leads) == 0 || !slices.ContainsFunc(leads[0].Signals, func(s Signal) bool { return s.Name == "defines" }) {
		t.Fatalf("the first lead does not define PIPE: %+v", leads)
	}
	if len(reads) == 0 {
		t.Fatal("no file read")
	}
	for p, n := range reads {
		if n != 1 {
			t.Errorf("%s read %d times", p, n)
		}
	}
}

// FuzzDeclares: any line, any name (an identifier, as symbolOf gives),
// any lines of any data: no panic, and a line found to declare a name
// holds it.
func FuzzDeclares(f *testing.F) {
	f.Add("const Limit = 3", "Limit", []byte("a\nconst Limit = 3\n"), 1, 2, true)
	f.Add("\tLimit: 8080,", "Limit", []byte("#define Limit 3"), 0, 9, false)
	f.Fuzz(func(t *testing.T, line, name string, data []byte, start, end int, colon bool) {
		if !isIdentifier(name) {
			return
		}
		if declares(line, name, colon) && !strings.Contains(line, name) {
			t.Errorf("declares(%q, %q) without the name in it", line, name)
		}
		if got, _, ok := declaration(data, start, end, name, colon); ok && !strings.Contains(got, name) {
			t.Errorf("declaration(%q, %d, %d, %q) = %q, without the name", data, start, end, name, got)
		}
	})
}
