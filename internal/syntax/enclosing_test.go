//go:build cgo

package syntax

import (
	"context"
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
