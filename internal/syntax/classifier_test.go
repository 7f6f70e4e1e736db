//go:build cgo

package syntax

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
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
	goRoot := filepath.Join(fixture.GoRoot(), "src")
	var pyRoot string
	if out, err := exec.Command("python3", "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))").Output(); err == nil {
		pyRoot = strings.TrimSpace(string(out))
	}
	for _, c := range []struct{ lang, root, ext string }{{"Go", goRoot, ".go"}, {"Python", pyRoot, ".py"}} {
		if c.root == "" {
			t.Logf("%s: no tree to measure", c.lang)
			continue
		}
		var paths []string
		n := 0
		filepath.WalkDir(c.root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, c.ext) && !strings.Contains(p, "site-packages") {
				if n++; n%10 == 0 {
					paths = append(paths, p)
				}
			}
			return nil
		})
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
