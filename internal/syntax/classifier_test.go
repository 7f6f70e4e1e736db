//go:build cgo

package syntax

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/rank"
)

// TestClassifierAgreesWithParser measures how often grep's ranking, which
// marks definitions with the line classifier while it searches (a parse
// of every matching file would cost a broad search too much), calls the
// name of a definition tree-sitter finds a definition: on every 10th Go
// file of GOROOT/src and every 10th Python file of the standard library,
// each definition's name on its first line. It must agree on at least
// 0.97 of them in each language.
func TestClassifierAgreesWithParser(t *testing.T) {
	t.Parallel()
	for _, c := range sampledTrees(t) {
		paths := c.paths
		type tally struct{ defs, agree int }
		tallies := make([]tally, len(paths))
		misses := make([]string, len(paths))
		fixture.Parallel(len(paths), func(i int) {
			src, err := os.ReadFile(paths[i])
			if err != nil {
				return
			}
			f, err := Parse(context.Background(), paths[i], src)
			if err != nil || f.Errors {
				return
			}
			starts := lineStarts(src)
			cl := rank.NewClassifier(rank.LangOf(paths[i]), src)
			for _, d := range f.Defs {
				s := starts[d.Start-1]
				e := len(src)
				if d.Start < len(starts) {
					e = starts[d.Start] - 1
				}
				from := 0
				if line := src[s:e]; bytes.HasPrefix(line, []byte("func (")) {
					from = bytes.IndexByte(line, ')') + 1 // after a method's receiver
				}
				a := wordAt(src[s+from:e], d.Name)
				if a >= 0 {
					a += from
				}
				if a < 0 {
					continue // the name is not on the first line (a decorator, a comment above)
				}
				tallies[i].defs++
				if cl.Classify(s, e, a, a+len(d.Name)).Kind == rank.Definition {
					tallies[i].agree++
				} else if misses[i] == "" {
					misses[i] = paths[i] + ":" + strings.TrimSpace(string(src[s:e]))
				}
			}
		})
		var all tally
		var some []string
		for i, x := range tallies {
			all.defs += x.defs
			all.agree += x.agree
			if misses[i] != "" && len(some) < 5 {
				some = append(some, misses[i])
			}
		}
		share := float64(all.agree) / float64(all.defs)
		t.Logf("%s: %d files, %d definitions by tree-sitter; the line classifier marks %d of their names a definition (%.4f); e.g. not: %s", c.lang, len(paths), all.defs, all.agree, share, strings.Join(some, " | "))
		if all.defs < 1000 || share < 0.97 {
			t.Errorf("%s: the classifier agrees on %.4f of %d definitions; want at least 0.97 of 1000 or more", c.lang, share, all.defs)
		}
	}
}

// sampledTree is every 10th file of a language's tree: GOROOT/src, the
// Python standard library (without site-packages).
type sampledTree struct {
	lang  string
	paths []string
}

// sampledTrees returns the Go and Python samples; a language without a
// tree on this machine is logged and left out.
func sampledTrees(t *testing.T) []sampledTree {
	var pyRoot string
	if out, err := exec.Command("python3", "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))").Output(); err == nil {
		pyRoot = strings.TrimSpace(string(out))
	}
	var trees []sampledTree
	for _, c := range []struct{ lang, root, ext string }{{"Go", filepath.Join(fixture.GoRoot(), "src"), ".go"}, {"Python", pyRoot, ".py"}} {
		if c.root == "" {
			t.Logf("%s: no tree to measure", c.lang)
			continue
		}
		tr := sampledTree{lang: c.lang}
		n := 0
		filepath.WalkDir(c.root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, c.ext) && !strings.Contains(p, "site-packages") {
				if n++; n%10 == 0 {
					tr.paths = append(tr.paths, p)
				}
			}
			return nil
		})
		trees = append(trees, tr)
	}
	return trees
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// wordAt returns where name first occurs in line as a whole word, or -1.
func wordAt(line []byte, name string) int {
	for i := 0; ; {
		j := bytes.Index(line[i:], []byte(name))
		if j < 0 {
			return -1
		}
		a, b := i+j, i+j+len(name)
		if (a == 0 || !isIdent(line[a-1])) && (b == len(line) || !isIdent(line[b])) {
			return a
		}
		i = a + 1
	}
}

// TestDefinitionSignalAgrees measures the other way round what grep's
// definition signal rests on (see defsignal.go at the root): of the names
// the line classifier calls definitions, on every 10th Go file of
// GOROOT/src and every 10th Python file of the standard library (the first
// such name of each line), how many a parse of the region around the line
// finds in a string or a comment. A search asks the parser only about
// lines a fast scan puts in a string or comment that spans lines (Hidden):
// at least 0.95 of those the parser rejects must be on such lines, or the
// check misses what it is for.
func TestDefinitionSignalAgrees(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("parses around every definition of 950 files (-short)")
	}
	for _, c := range sampledTrees(t) {
		paths := c.paths
		// per file: definitions, confirmed by name, no answer, in text on
		// a hidden line, in text elsewhere
		type tally struct{ defs, named, failed, caught, missed int }
		tallies := make([]tally, len(paths))
		misses := make([]string, len(paths))
		fixture.Parallel(len(paths), func(i int) {
			src, err := os.ReadFile(paths[i])
			if err != nil {
				return
			}
			cl := rank.NewClassifier(rank.LangOf(paths[i]), src)
			marks := Hidden(paths[i], src)
			starts := lineStarts(src)
			for li, s := range starts {
				e := len(src)
				if li+1 < len(starts) {
					e = starts[li+1] - 1
				}
				a, b, ok := firstDefinition(cl, src, s, e)
				if !ok {
					continue
				}
				x := &tallies[i]
				x.defs++
				names, inText, ok := DefinedOn(context.Background(), paths[i], src, s, e, s+a)
				k, _ := slices.BinarySearch(marks, s+1)
				hidden := k%2 == 1 || k < len(marks) && marks[k] < e
				switch {
				case !ok:
					x.failed++
				case slices.ContainsFunc(names, func(n [2]int) bool { return n[0] <= s+a && s+b <= n[1] }):
					x.named++
				case inText && hidden:
					x.caught++
				case inText:
					x.missed++
					if misses[i] == "" {
						misses[i] = paths[i] + ": " + strings.TrimSpace(string(src[s:e]))
					}
				}
			}
		})
		var all tally
		var some []string
		for i, x := range tallies {
			all.defs, all.named, all.failed, all.caught, all.missed = all.defs+x.defs, all.named+x.named, all.failed+x.failed, all.caught+x.caught, all.missed+x.missed
			if misses[i] != "" && len(some) < 5 {
				some = append(some, misses[i])
			}
		}
		t.Logf("%s: %d files, %d definitions by the line classifier: the parser names %d, has no rule for %d (a var, a const, an assignment), cannot tell %d; puts %d in a string or comment on a line Hidden marks, %d elsewhere (e.g. %s)",
			c.lang, len(paths), all.defs, all.named, all.defs-all.named-all.failed-all.caught-all.missed, all.failed, all.caught, all.missed, strings.Join(some, " | "))
		if all.defs < 1000 || all.caught+all.missed == 0 || float64(all.caught) < 0.95*float64(all.caught+all.missed) {
			t.Errorf("%s: %d of %d rejected definitions are on lines the check asks about; want at least 0.95 of them, of 1000 or more definitions", c.lang, all.caught, all.caught+all.missed)
		}
	}
}

// firstDefinition returns the first name of a line the classifier calls a
// definition.
func firstDefinition(cl *rank.Classifier, src []byte, s, e int) (a, b int, ok bool) {
	line := src[s:e]
	isWord := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	for a := 0; a < len(line); {
		if !isWord(line[a]) {
			a++
			continue
		}
		b := a
		for b < len(line) && isWord(line[b]) {
			b++
		}
		if cl.Classify(s, e, a, b).Kind == rank.Definition {
			return a, b, true
		}
		a = b
	}
	return 0, 0, false
}
