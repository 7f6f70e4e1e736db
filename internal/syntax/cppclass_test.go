//go:build cgo

package syntax

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/rank"
)

// TestCppClassifierAgreesWithParser measures grep's definition signal on
// C++ against tree-sitter over libstdc++'s headers, which indent all of
// namespace std and put a method's type on the line above its name:
// recall, of the functions and methods Parse finds, those whose name the
// line classifier calls a definition; precision, of the indented names
// followed by "(" it calls definitions (outside strings and comments
// that span lines, which grep asks the parser about), those at a name
// Outline lists. Column 0 alone, recall was 0.103.
func TestCppClassifierAgreesWithParser(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("parses libstdc++'s 581 headers (-short)")
	}
	matches, _ := filepath.Glob("/usr/include/c++/*/bits/stl_vector.h")
	if len(matches) == 0 {
		t.Skip("no libstdc++ headers in /usr/include/c++ (Debian's g++ installs them)")
	}
	root := filepath.Dir(filepath.Dir(matches[0]))
	var paths []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if g := Grammar(p); err == nil && !d.IsDir() && (g == "cpp" || g == "c") { // a .h is C++ by its lines (headerGrammar)
			paths = append(paths, p)
		}
		return nil
	})
	type tally struct{ defs, found, marked, named int }
	tallies := make([]tally, len(paths))
	fixture.Parallel(len(paths), func(i int) {
		src, err := os.ReadFile(paths[i])
		if err != nil {
			return
		}
		parsed, err1 := Parse(context.Background(), paths[i], src)
		outlined, err2 := Outline(context.Background(), paths[i], src)
		if err1 != nil || err2 != nil {
			return
		}
		starts := lineStarts(src)
		lineOf := func(off int) (s, e int) {
			k, found := slices.BinarySearch(starts, off)
			if !found {
				k--
			}
			s, e = starts[k], len(src)
			if k+1 < len(starts) {
				e = starts[k+1] - 1
			}
			return s, e
		}
		lastWord := func(d Def) int { // where the last word of d's name starts
			a := d.NameEnd
			for a > d.NameStart && isIdent(src[a-1]) {
				a--
			}
			return a
		}
		cl := rank.NewClassifier(rank.LangOf(paths[i]), src)
		x := &tallies[i]
		for _, d := range parsed.Defs {
			if a := lastWord(d); Callable(d.Kind) && a < d.NameEnd {
				s, e := lineOf(a)
				x.defs++
				if cl.Classify(s, e, a-s, d.NameEnd-s).Kind == rank.Definition {
					x.found++
				}
			}
		}
		names := map[int]bool{}
		for _, d := range outlined.Defs {
			names[lastWord(d)] = true
		}
		hidden := Hidden(paths[i], src)
		for li, s := range starts {
			e := len(src)
			if li+1 < len(starts) {
				e = starts[li+1] - 1
			}
			if s == e || src[s] != ' ' && src[s] != '\t' {
				continue // column 0 is the rule of before
			}
			if k, _ := slices.BinarySearch(hidden, s+1); k%2 == 1 || k < len(hidden) && hidden[k] < e {
				continue
			}
			a, b, ok := firstDefinition(cl, src, s, e)
			if !ok || !strings.HasPrefix(strings.TrimLeft(string(src[s+b:e]), " \t"), "(") {
				continue
			}
			x.marked++
			if names[s+a] {
				x.named++
			}
		}
	})
	var all tally
	for _, x := range tallies {
		all.defs, all.found, all.marked, all.named = all.defs+x.defs, all.found+x.found, all.marked+x.marked, all.named+x.named
	}
	recall, precision := float64(all.found)/float64(all.defs), float64(all.named)/float64(all.marked)
	t.Logf("%s: %d files; of %d functions and methods the classifier calls %d definitions (recall %.3f); of %d indented names it calls definitions, %d are names Outline lists (precision %.3f)",
		root, len(paths), all.defs, all.found, recall, all.marked, all.named, precision)
	if all.defs < 5000 || recall < 0.62 || precision < 0.9 {
		t.Errorf("recall %.3f (want at least 0.62), precision %.3f (want at least 0.9), over %d definitions (want 5000 or more)", recall, precision, all.defs)
	}
}
