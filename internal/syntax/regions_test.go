//go:build cgo

package syntax

import (
	"context"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// TestRegionsLineSoup checks that the parts regions cuts from a file of
// Python, JavaScript, C, Rust or Java answer as the whole file does, where
// both parse without errors: the calls of f with the definitions they sit
// in, and each occurrence of f labelled. The sources are lines drawn at
// random (seeded, so a failure repeats) from ones that open and close
// blocks at column 0 and inside, and hold f in code, strings and comments.
func TestRegionsLineSoup(t *testing.T) {
	t.Parallel()
	soups := map[string][]string{
		"python": {"def g():", "def f():", "class C:", "    def f(self):", "    pass", "    return f()", "    f(1)", "@f", "@g", `"""`, "'''", "x = '''f()",
			"if x:", "x = [", "f(),", "1]", "x = (", "f())", "f()", "h()", "# f()", "'f()'", "    x = f", "x = (  # (", "f(1)  # ,", "y = '#'  # :", ""},
		"javascript": {"function g() {", "function f() {}", "const g = () => {", "class C {", "  f() {", "  }", "  m() { f() }", "g(function() {", "});", "x = `${f()}`",
			"if (x) {", "} else {", "let f = 1", "}", "f()", "h()", "  f()", "x = [", "f(),", "]", "// f()", "/* f() */", "/*", "*/", "`", "'f()'", "export default {", "f: 1,", "};", "x = f", "  .then(f)", "import { f } from 'f'", "async function g() {", "await f()", "x = a", "let y = f", "export function g() {", "export const f = () => {", "const r = /[(]/g", "x = a / f(b) / 2", "if (/\\{/.test(f)) {", "x = a  // ;", "f()  /* } */", "}  // f", "let s = '//' + f()", ""},
		"c": {"int g(void) {", "void f(void) {}", "int f(int);", "struct s {", "};", "int x = f(1);", "#define F(x) f(x)", "static int h(void)", "char c = '(';",
			"if (x) {", "} else {", "}", "{", "f();", "h();", "  f();", "int a[] = {", "f(1),", "// f()", "/* f() */", `"f()";`, "do {", "} while (f());", "while (f());", "typedef struct {", "} T;", "static int", "g(void)", "enum e {", "#define G \\", "  f()", "int y = a  // ;", "  + f(2);", "int z;  /* f() */", "}  /* ; */", "char *s = \"//\"; f();", ""},
		"cpp": {"namespace n {", "namespace {", "}  // namespace n", "}", "int g() {", "void f() {}", "f();", "  f();", `extern "C" {`, "class C {", "};", "struct S {",
			"template <typename T>", "T h(T x) {", "  return f(x);", "int x = f();", "#include <f>", "// f()", "using F = int;", "namespace m", "{", "};  // class C", "int y = a  // ;", "  + f(2);", ""},
		"rust": {"fn g() {", "fn f() {}", "impl S {", "    fn f(&self) {}", "fn h<'a>(x: &'a str) {", "let c = '{';", "let f = 1;", "f!();", "mod m {",
			"struct S {", "match x {", "    _ => f(),", "}", "f();", "h();", "    f();", "// f()", "/* f() */", `"f()";`, "#[f]", "let c = 1; // }", "}  // mod m", ""},
		"java": {"class C {", "  void g() {", "  void f() {}", "interface I {", "  int f();", "char c = '{';", "@Override", "  }", "}", "public class D {",
			"    f();", "f();", "h();", "  static { f(); }", "// f()", "/* f() */", `"f()";`, "int x = f();", "}  // class D", "int y = a  // ;", "  + f();", ""},
	}
	n := 40000
	if testing.Short() {
		n = 4000
	}
	for g, lines := range soups {
		ext := map[string]string{"python": "py", "javascript": "js", "c": "c", "cpp": "cpp", "rust": "rs", "java": "java"}[g]
		if Grammar("x."+ext) != g {
			t.Fatalf("x.%s: grammar %q, want %q", ext, Grammar("x."+ext), g)
		}
		gr := loaded[g]()
		parser := getParser()
		if err := parser.SetLanguage(gr.lang); err != nil {
			t.Fatal(err)
		}
		rng := soupRand()
		cut, same := 0, 0
		for range n {
			src := soup(rng, lines, "")
			whole, err := parseRanges(context.Background(), parser, src, nil)
			if err != nil {
				t.Fatal(err)
			}
			if whole.RootNode().HasError() {
				whole.Close()
				continue
			}
			for _, q := range []struct {
				name string
				occ  []uint32
				ask  func(root *sitter.Node, occ []uint32) any
			}{
				{"callers", callish(src, Occurrences(src, "f"), 1, g), func(root *sitter.Node, occ []uint32) any {
					f := &File{}
					return []any{gr.callsIn(f, root, src, occ, "f"), f}
				}},
				{"refs", Occurrences(src, "f"), func(root *sitter.Node, occ []uint32) any {
					f := gr.defsAround(root, src, occ, nil)
					return []any{f, gr.refsIn(f, root, src, occ, "f")}
				}},
			} {
				ranges := regions(src, q.occ, g, false)
				if len(q.occ) == 0 || ranges == nil {
					continue
				}
				tree, err := parseRanges(context.Background(), parser, src, ranges)
				if err != nil {
					t.Fatal(err)
				}
				if !tree.RootNode().HasError() {
					cut++
					if reflect.DeepEqual(q.ask(whole.RootNode(), q.occ), q.ask(tree.RootNode(), q.occ)) {
						same++
					} else {
						t.Errorf("%s: %s: %q: the cut %+v answers otherwise than the whole file", g, q.name, src, ranges)
					}
				}
				tree.Close()
			}
			whole.Close()
		}
		putParser(parser)
		t.Logf("%s: %d cuts parsed without errors, %d answered as the whole file", g, cut, same)
		if cut == 0 {
			t.Errorf("%s: no cut parsed without errors: the soup tests nothing", g)
		}
	}
}

// soupRand returns the random source of the line-soup tests: seeded, so
// that a failure repeats; SCOUT_SOUP_SEED=N draws other soups, for a
// longer hunt.
func soupRand() *rand.Rand {
	seed := uint64(1)
	if s, err := strconv.ParseUint(os.Getenv("SCOUT_SOUP_SEED"), 10, 64); err == nil {
		seed = s
	}
	return rand.New(rand.NewPCG(seed, 2))
}

// soup draws a source of 2 to 9 lines from lines, after the line head
// two times in three when head is not empty.
func soup(rng *rand.Rand, lines []string, head string) []byte {
	var b strings.Builder
	if head != "" && rng.IntN(3) > 0 {
		b.WriteString(head + "\n")
	}
	for range 2 + rng.IntN(8) {
		b.WriteString(lines[rng.IntN(len(lines))])
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// TestLineCode: the comment that ends a line goes, what is inside strings
// and Rust lifetimes stays.
func TestLineCode(t *testing.T) {
	for _, c := range []struct{ g, line, want string }{
		{"cpp", "}  // namespace n", "}"},
		{"c", "int x;  /* why */", "int x;"},
		{"c", `char *s = "//"; f();`, `char *s = "//"; f();`},
		{"c", `x = "/*"; y = 1; /* a */`, `x = "/*"; y = 1;`},
		{"javascript", "x = a  // ;", "x = a"},
		{"python", "x = '#'  # c", "x = '#'"},
		{"php", "#[Route('/x')]", "#[Route('/x')]"},
		{"rust", "fn h<'a>(x: &'a str) {  // c", "fn h<'a>(x: &'a str) {"},
		{"java", "// only a comment", ""},
	} {
		if got := string(lineCode([]byte(c.line), c.g)); got != c.want {
			t.Errorf("%s %q: got %q, want %q", c.g, c.line, got, c.want)
		}
	}
}
