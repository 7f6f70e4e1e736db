package scout_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/walk"
)

// TestRankFixtures checks, for hand-made projects in every language the
// classifier knows (testdata/rank/*.txtar), that a definition outranks its
// uses, imports and mentions in comments.
//
// Each "-- >order PATTERN --" section lists lines as "kind path:line" for
// that search: the first must be the top hit, the others must rank below
// it, and each must be classified as its kind says (definition, member,
// import, comment, or use for none of these). (Among the others, file
// signals may change the order: the file that holds the definition comes
// first, with all its lines.)
func TestRankFixtures(t *testing.T) {
	fixture.Each(t, "testdata/rank", func(t *testing.T, f *fixture.Fixture) {
		t.Chdir(f.Root)
		checked := 0
		for name, want := range f.Expect {
			pattern, ok := strings.CutPrefix(name, "order ")
			if !ok {
				continue
			}
			checked++
			checkOrder(t, pattern, fixture.Lines(want))
		}
		if checked == 0 {
			t.Fatal("no >order sections")
		}
	})
}

func checkOrder(t *testing.T, pattern string, want []string) {
	t.Helper()
	res, err := scout.Search(context.Background(), scout.Options{
		Patterns:    []string{pattern},
		RankOptions: scout.RankOptions{Now: time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC), NoFrecency: true, NoGit: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	type hit struct {
		rank int
		kind string
	}
	hits := map[string]hit{}
	n := 0
	var order []string
	for _, f := range res.Files {
		for _, l := range f.Lines {
			n++
			key := fmt.Sprintf("%s:%d", f.Path, l.Number)
			hits[key] = hit{n, kindOf(l.Signals)}
			order = append(order, fmt.Sprintf("%s %s [%d]", key, kindOf(l.Signals), l.Score))
		}
	}
	first := 0
	for i, w := range want {
		kind, key, _ := strings.Cut(w, " ")
		h, ok := hits[key]
		switch {
		case !ok:
			t.Errorf("%q: %s is not a hit; ranked: %s", pattern, key, strings.Join(order, ", "))
		case h.kind != kind:
			t.Errorf("%q: %s is a %s, want %s", pattern, key, h.kind, kind)
		case i == 0 && h.rank != 1:
			t.Errorf("%q: %s ranks %d, want first; ranked: %s", pattern, key, h.rank, strings.Join(order, ", "))
		case i > 0 && h.rank <= first:
			t.Errorf("%q: %s ranks %d, not below the first line (%d); ranked: %s", pattern, key, h.rank, first, strings.Join(order, ", "))
		}
		if i == 0 {
			first = h.rank
		}
	}
}

func kindOf(signals []scout.Signal) string {
	for _, s := range signals {
		switch s.Name {
		case "definition", "member", "import", "comment", "definition-part", "member-part", "comment-marker":
			return s.Name
		}
	}
	return "use"
}

// TestRankedOrderIsTotal checks the documented order on a real tree: files
// by best score (descending), then path; lines of a file by score
// (descending), then line number.
func TestRankedOrderIsTotal(t *testing.T) {
	root := filepath.Join(fixture.GoRoot(), "src", "net", "http")
	res, err := scout.Search(context.Background(), scout.Options{Patterns: []string{"Handler", `\bconn\b`}, Scope: scout.Scope{Paths: []string{root}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) < 10 {
		t.Fatalf("only %d files", len(res.Files))
	}
	for i, f := range res.Files {
		if i > 0 {
			p := res.Files[i-1]
			if p.Score < f.Score || p.Score == f.Score && walk.ComparePaths(p.Path, f.Path) >= 0 {
				t.Fatalf("files out of order: %s (%d) before %s (%d)", p.Path, p.Score, f.Path, f.Score)
			}
		}
		for j := 1; j < len(f.Lines); j++ {
			a, b := f.Lines[j-1], f.Lines[j]
			if a.Score < b.Score || a.Score == b.Score && a.Number >= b.Number {
				t.Fatalf("%s: line %d (%d) before line %d (%d)", f.Path, a.Number, a.Score, b.Number, b.Score)
			}
		}
	}
}
