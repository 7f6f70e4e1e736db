//go:build cgo

package syntax

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

// TestEnclosingMatchesGoParser checks Enclosing against go/parser on a
// sample of GOROOT/src: for every 5th line of every 20th Go file, the
// innermost func, method or type declaration that holds the line without
// starting on it, by name and first line. It parses only the regions
// around the lines asked about, so this also checks that a region parses
// as the whole file does.
func TestEnclosingMatchesGoParser(t *testing.T) {
	paths := sampleGoFiles(t, 20, 250)
	type tally struct{ lines, same int }
	tallies := make([]tally, len(paths))
	fixture.Parallel(len(paths), func(i int) {
		p := paths[i]
		src, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
			return
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			return // testdata written not to parse
		}
		line := func(pos token.Pos) int { return fset.PositionFor(pos, false).Line }
		type span struct {
			name       string
			start, end int
		}
		var decls []span // in the order they start: outer before inner
		seen := map[string]bool{}
		ast.Inspect(af, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				decls = append(decls, span{n.Name.Name, line(n.Pos()), line(n.End())})
			case *ast.TypeSpec:
				decls = append(decls, span{n.Name.Name, line(n.Pos()), line(n.End())})
			case *ast.GenDecl: // a package-level const or var holds its value's lines
				if n.Tok != token.CONST && n.Tok != token.VAR || !slices.Contains(af.Decls, ast.Decl(n)) {
					break
				}
				for _, s := range n.Specs {
					from, to := s.Pos(), s.End()
					if !n.Lparen.IsValid() {
						from, to = n.Pos(), n.End()
					}
					for _, id := range s.(*ast.ValueSpec).Names {
						if id.Name != "_" && !seen[id.Name] && beginsLine(src, fset.Position(from).Offset) {
							seen[id.Name] = true
							decls = append(decls, span{id.Name, line(from), line(to)})
						}
					}
				}
			}
			return true
		})
		var lines []int
		for l := 5; l <= strings.Count(string(src), "\n"); l += 5 {
			lines = append(lines, l)
		}
		f, in, err := Enclosing(context.Background(), p, src, lines, true)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return
		}
		for k, l := range lines {
			want := span{name: "(top level)"}
			for _, d := range decls {
				if d.start < l && l <= d.end {
					want = d
				}
			}
			got := span{name: "(top level)"}
			if j := in[k]; j >= 0 {
				got = span{f.Defs[j].Name, f.Defs[j].Start, f.Defs[j].End}
			}
			tallies[i].lines++
			if got.name == want.name && got.start == want.start {
				tallies[i].same++
			} else if tallies[i].lines-tallies[i].same <= 2 {
				t.Logf("%s:%d: go/parser says in %s:%d, Enclosing %s:%d", p, l, want.name, want.start, got.name, got.start)
			}
		}
	})
	var all tally
	for _, x := range tallies {
		all.lines += x.lines
		all.same += x.same
	}
	share := float64(all.same) / float64(all.lines)
	t.Logf("%d files, %d lines: the same definition for %d (%.4f)", len(paths), all.lines, all.same, share)
	if share < 0.995 {
		t.Errorf("Enclosing agrees with go/parser on %.4f of the lines; want at least 0.995", share)
	}
}

// sampleGoFiles returns every nth Go file of GOROOT/src, in walk order,
// and fails the test when there are fewer than least of them.
func sampleGoFiles(t *testing.T, every, least int) []string {
	t.Helper()
	root := filepath.Join(fixture.GoRoot(), "src")
	var paths []string
	n := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			if n++; n%every == 0 {
				paths = append(paths, p)
			}
		}
		return nil
	})
	if len(paths) < least {
		t.Fatalf("only %d Go files sampled under %s", len(paths), root)
	}
	return paths
}

// TestEnclosingSpanningClass: a line in a class that spans most of a file
// (libstdc++'s basic_string.h, 77% of its bytes one class) is found in a
// parse of the whole file at once, not in one of the class first, which
// with the file's macros parses with errors and is then parsed again
// whole: in C++ each of those two parses is two (parseMasked), so the
// line cost four parses instead of two. (The "#if" that splits a
// declaration leaves an error either way, as in libstdc++.)
func TestEnclosingSpanningClass(t *testing.T) {
	var b strings.Builder
	b.WriteString("#include <cstddef>\nnamespace std _GLIBCXX_VISIBILITY(default)\n{\n_GLIBCXX_BEGIN_NAMESPACE_VERSION\n  template<typename _Tp>\n    class big\n    {\n    public:\n#if __cplusplus >= 201103L\n      void assign(int __a)\n#else\n      void assign(long __a)\n#endif\n      { }\n")
	for i := range 60 {
		fmt.Fprintf(&b, "      _GLIBCXX20_CONSTEXPR\n      size_type\n      size%d() const _GLIBCXX_NOEXCEPT\n      { return this->_M_n + %d; }\n\n", i, i)
	}
	b.WriteString("    };\n_GLIBCXX_END_NAMESPACE_VERSION\n}\n")
	for i := range 20 { // more after it: the cut is not the whole file
		fmt.Fprintf(&b, "inline int\nhelper%d(int __x)\n{ return __x + %d; }\n\n", i, i)
	}
	src := []byte(b.String())
	line := 15 + 5*30 + 2 // size30's name
	if !strings.HasPrefix(strings.Split(b.String(), "\n")[line-1], "      size30()") {
		t.Fatalf("line %d is %q", line, strings.Split(b.String(), "\n")[line-1])
	}
	before := parses.Load()
	f, in, err := Enclosing(context.Background(), "big.h", src, []int{line}, true)
	if err != nil {
		t.Fatal(err)
	}
	if n := parses.Load() - before; n != 2 {
		t.Errorf("%d parses, want 2 (the whole file, raw and masked)", n)
	}
	if in[0] < 0 || f.Defs[in[0]].Name != "size30" {
		t.Fatalf("line %d in %v of %+v, want size30", line, in, f.Defs)
	}
}
