//go:build cgo

package syntax

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/scoutcode/scout/internal/fixture"
)

// TestGoRegionsParseAsTheWholeFile checks that the parts goRegions cuts
// from a Go file (a function's head, the statement around an occurrence,
// its closing brace) answer as the whole file does: over every 7th Go file
// of GOROOT/src, for up to six names called in it, the calls of the name
// with the definitions around them (callers), each occurrence labelled
// (refs), and the calls inside the name's definitions (callees, whose cut
// keeps those definitions whole). It also checks that the cut parses
// without errors for nearly every file that parses without them whole, so
// a cut grown wrong (and falling back to a bigger parse each time) fails
// here, not just slows.
func TestGoRegionsParseAsTheWholeFile(t *testing.T) {
	t.Parallel()
	paths := sampleGoFiles(t, 7, 1000)
	called := regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*)\(`)
	gr := loaded["go"]()
	type tally struct{ asked, cut, same int }
	tallies := make([]tally, len(paths))
	fixture.Parallel(len(paths), func(i int) {
		p := paths[i]
		src, err := os.ReadFile(p)
		if err != nil || len(src) > MaxSize {
			return
		}
		parser := getParser()
		defer putParser(parser)
		if err := parser.SetLanguage(gr.lang); err != nil {
			t.Error(err)
			return
		}
		whole, err := parseRanges(context.Background(), parser, src, nil)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return
		}
		defer whole.Close()
		if whole.RootNode().HasError() {
			return // testdata written not to parse
		}
		var names []string
		seen := map[string]bool{}
		ms := called.FindAllSubmatch(src, -1)
		for k := 0; k < len(ms) && len(names) < 6; k += max(1, len(ms)/6) {
			if nm := string(ms[k][1]); !seen[nm] && !defKeywords[nm] {
				seen[nm] = true
				names = append(names, nm)
			}
		}
		for _, name := range names {
			for _, q := range questions {
				if len(q.uses(src, name)) == 0 {
					continue
				}
				tallies[i].asked++
				same, cut := q.sameAsWhole(gr, parser, whole, src, name)
				switch {
				case cut && same:
					tallies[i].cut++
					tallies[i].same++
				case cut:
					tallies[i].cut++
					t.Errorf("%s: %s (%s): the cut parse answers otherwise than the whole file", p, name, q.name)
				case tallies[i].asked-tallies[i].cut <= 1:
					t.Logf("%s: %s (%s): the cut parses with errors", p, name, q.name)
				}
			}
		}
	})
	var all tally
	for _, x := range tallies {
		all.asked += x.asked
		all.cut += x.cut
		all.same += x.same
	}
	t.Logf("%d files, %d questions: %d parsed from the cut without errors, %d of them answered as the whole file", len(paths), all.asked, all.cut, all.same)
	if share := float64(all.cut) / float64(all.asked); share < 0.98 {
		t.Errorf("the cut parsed without errors for %.4f of the questions; want at least 0.98", share)
	}
}

// FuzzGoRegions checks on any source that the cut goRegions makes never
// changes an answer: where both the cut and the whole file parse without
// errors, the answers of callers, refs and callees about f are the same,
// and the cut's ranges are in order inside the source; and goHidden agrees
// with a plain scanner.
func FuzzGoRegions(f *testing.F) {
	f.Add([]byte("package p\n\nfunc g() {\n\tif a {\n\t\tf(1)\n\t} else {\n\t\tf(2)\n\t}\n\tswitch {\n\tcase f(3):\n\t\tx()\n\t// c\n\tdefault:\n\t\tf(4)\n\t}\nretry:\n\tfor {\n\tL:\n\t\tf(5)\n\t\tgoto L\n\t}\n\tgoto retry\n}\n"))
	f.Add([]byte("package p\n\nvar s = `\nfunc f() {\n\tf()\n`\n\n/*\nfunc h() {\n*/\nfunc h(a,\n\tb int,\n) {\n\tx := []T{\n\t\t{f(1)},\n\t}\n\tdefer func() {\n\t\tf()\n\t}()\n}\n\nfunc f() {}\n"))
	f.Add([]byte("package p\n\nfunc k() { f() }\n\nfunc m() {\n\tv := T{\n\t\ta: f(),\n\t}\n\t_ = v // f(\n\tif x { // f()\n\t\tf()\n\t}\n}\n"))
	// Found by the fuzzer and TestGoRegionsLineSoup: a comment line
	// before the first declaration, inside a statement (tree-sitter takes
	// statements at the top level); a body that closes one tab in; a
	// declaration at column 0 inside a function.
	f.Add([]byte("\tgo func() {\n//f\n}\n"))
	f.Add([]byte("package p\n//\nfunc (f) m() {\n\t}\n\tswitch {\n}\n"))
	f.Add([]byte("func g() {\ntype f int\nvar f = 1\n// c\n}\n"))
	gr := loaded["go"]()
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 {
			return
		}
		if want, got := hiddenByScanning(src), goHidden(src); !slices.Equal(want, got) {
			t.Fatalf("goHidden says %v, a scanner %v", got, want)
		}
		parser := getParser()
		defer putParser(parser)
		if err := parser.SetLanguage(gr.lang); err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		whole, err := parseRanges(ctx, parser, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer whole.Close()
		if whole.RootNode().HasError() {
			return
		}
		for _, q := range questions {
			if same, _ := q.sameAsWhole(gr, parser, whole, src, "f"); !same {
				t.Fatalf("%s: the cut %+v answers otherwise than the whole file", q.name, q.ranges(src, "f"))
			}
		}
	})
}

// TestGoRegionsLineSoup does what FuzzGoRegions does, on sources made of
// lines drawn at random from ones that open, close and label blocks, hold
// occurrences of f in code and comments, and lie outside gofmt's layout:
// a fuzzer needs long to write such lines; drawn, they find a cut that
// answers otherwise in seconds. The draw is seeded, so a failure repeats.
func TestGoRegionsLineSoup(t *testing.T) {
	t.Parallel()
	lines := []string{"package p", "package p // x", "", "func f() {", "func g() {", "func f() {}", "func f()", "func (f) m() {", "func g(", ") {",
		"func (", "\tf T,", ") f() {", "}", "}{", "} else {", "\t}", "\t})", "\t}()", "\t}, f)", "\t)", "\t\t}", "\t{", "\t} else {",
		"\tf()", "\tx := f", "\tf := 1", "\tf", "\treturn f", "\tf //", "\tvar f int", "\ty, f := 1, 2", "\t\"f\"", "\t`f`", "f()", "\t\tf()", "\t\tf,",
		"\t\tf(),", "\t\tgo f()", "\t\tx", "\tx", "\tx := f(", "\tx := []int{", "\tif a {", "\tswitch {", "\tcase f:", "\tcase 1:", "\tdefault:",
		"\tgo func() {", "package p; go func() {", "f:", "L:", "\tgoto f", "\tbreak L", "var f = 1", "var x = f", "var f = func() {", "var (", "\tf int",
		"\tf = 1", "type f int", "type T struct {", "type f struct {", "\tf()}", "const (", ")", "import \"f\"", "//f", "// c", "//", "// f {", "\t// f",
		"\t\t// f", "\t/*", "*/", "/*", "/* {", "} */", "f */", "/* f */", "`", "\tx := `"}
	gr := loaded["go"]()
	parser := getParser()
	defer putParser(parser)
	if err := parser.SetLanguage(gr.lang); err != nil {
		t.Fatal(err)
	}
	n := 100000
	if testing.Short() {
		n = 10000
	}
	rng := soupRand()
	for range n {
		src := soup(rng, lines, "package p")
		whole, err := parseRanges(context.Background(), parser, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !whole.RootNode().HasError() {
			for _, q := range questions {
				if same, _ := q.sameAsWhole(gr, parser, whole, src, "f"); !same {
					t.Errorf("%s: %q: the cut %+v answers otherwise than the whole file", q.name, src, q.ranges(src, "f"))
				}
			}
		}
		whole.Close()
	}
}

// A question answered from a cut of a Go file: callers, refs, callees.
type question struct {
	name   string
	uses   func(src []byte, name string) []uint32
	bodies bool
	answer func(gr *grammar, root *sitter.Node, src []byte, occ []uint32, name string) any
}

var questions = []question{
	{"callers", func(src []byte, name string) []uint32 { return callish(src, Occurrences(src, name), len(name), "go") }, false,
		func(gr *grammar, root *sitter.Node, src []byte, occ []uint32, name string) any {
			f := &File{}
			return []any{gr.callsIn(f, root, src, occ, name), f}
		}},
	{"refs", Occurrences, false,
		func(gr *grammar, root *sitter.Node, src []byte, occ []uint32, name string) any {
			f := gr.defsAround(root, src, occ, nil)
			return []any{f, gr.refsIn(f, root, src, occ, name)}
		}},
	{"callees", func(src []byte, name string) []uint32 { return callish(src, Occurrences(src, name), len(name), "go") }, true,
		func(gr *grammar, root *sitter.Node, src []byte, occ []uint32, name string) any {
			f := gr.defsAround(root, src, occ, func(d Def) bool { return d.Name == name && Callable(d.Kind) })
			return []any{f, gr.callsInside(f, root, src)}
		}},
}

func (q question) ranges(src []byte, name string) []sitter.Range {
	return goRegions(src, q.uses(src, name), true, q.bodies)
}

// sameAsWhole reports whether the cut of src for the question parses
// without errors (cut), and if so whether it answers as the whole file
// does (same); a question about no occurrence is the same.
func (q question) sameAsWhole(gr *grammar, parser *sitter.Parser, whole *sitter.Tree, src []byte, name string) (same, cut bool) {
	occ := q.uses(src, name)
	if len(occ) == 0 {
		return true, true
	}
	ranges := q.ranges(src, name)
	for k, r := range ranges {
		if r.StartByte >= r.EndByte || r.EndByte > uint(len(src)) || k > 0 && ranges[k-1].EndByte >= r.StartByte {
			return false, true // out of order or outside the source
		}
	}
	tree, err := parseRanges(context.Background(), parser, src, ranges)
	if err != nil {
		return false, true
	}
	defer tree.Close()
	if tree.RootNode().HasError() {
		return true, false
	}
	return reflect.DeepEqual(q.answer(gr, whole.RootNode(), src, occ, name), q.answer(gr, tree.RootNode(), src, occ, name)), true
}

// hiddenByScanning is goHidden written as a plain scanner, byte by byte:
// the reference it is checked against.
func hiddenByScanning(src []byte) []int {
	var marks []int
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == '`' || c == '/' && i+1 < len(src) && src[i+1] == '*':
			closer := "`"
			if c == '/' {
				closer = "*/"
			}
			e := strings.Index(string(src[i+len(closer):]), closer)
			if e < 0 {
				return append(marks, i, len(src))
			}
			e += i + 2*len(closer)
			if strings.Contains(string(src[i:e]), "\n") {
				marks = append(marks, i, e)
			}
			i = e
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			i = lineEnd(src, i)
		case c == '"' || c == '\'':
			i = quoted(src, i)
		default:
			i++
		}
	}
	return marks
}

// TestGoHiddenAsAScanner checks goHidden against a plain scanner over
// every Go file of GOROOT/src.
func TestGoHiddenAsAScanner(t *testing.T) {
	root := filepath.Join(fixture.GoRoot(), "src")
	files, spans := 0, 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
			return nil
		}
		files++
		want, got := hiddenByScanning(src), goHidden(src)
		spans += len(want) / 2
		if !slices.Equal(want, got) {
			t.Errorf("%s: goHidden says %v, a scanner %v", p, got, want)
		}
		return nil
	})
	t.Logf("%d files, %d raw strings and comments over several lines", files, spans)
	if files < 5000 || spans < 1000 {
		t.Fatalf("only %d files, %d spans under %s", files, spans, root)
	}
}

// BenchmarkGoCut shows what the checks of goRegions cost beside the parse
// they save, on net/http/server.go: goHidden and goNested (each a pass
// over the file), the cut for the calls of Close, and parsing that cut.
func BenchmarkGoCut(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(fixture.GoRoot(), "src", "net", "http", "server.go"))
	if err != nil {
		b.Skip(err)
	}
	occ := callish(src, Occurrences(src, "Close"), len("Close"), "go")
	b.Run("goHidden", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			goHidden(src)
		}
	})
	b.Run("goNested", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if goNested(src) {
				b.Fatal("server.go: goNested says a declaration is nested")
			}
		}
	})
	b.Run("goRegions", func(b *testing.B) {
		for b.Loop() {
			goRegions(src, occ, true, false)
		}
	})
	b.Run("parse-cut", func(b *testing.B) {
		gr := loaded["go"]()
		parser := getParser()
		defer putParser(parser)
		if err := parser.SetLanguage(gr.lang); err != nil {
			b.Fatal(err)
		}
		ranges := goRegions(src, occ, true, false)
		for b.Loop() {
			tree, err := parseRanges(context.Background(), parser, src, ranges)
			if err != nil {
				b.Fatal(err)
			}
			tree.Close()
		}
	})
}
