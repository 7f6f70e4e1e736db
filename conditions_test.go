package scout_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// TestConditionsPagesExhaustive: on the generated corpora, for queries of
// each scope, following the cursor at small budgets shows exactly what one
// page of the largest budget shows, in the same order, each unit once;
// every page fits its budget (a page holds at least one unit, which may be
// over it), and every page states the same totals.
func TestConditionsPagesExhaustive(t *testing.T) {
	queries := []scout.Query{
		{All: []scout.Term{{Pattern: "needle"}, {Pattern: "line"}}},
		{All: []scout.Term{{Pattern: "needle"}, {Pattern: "nothing"}}, None: []scout.Term{{Pattern: "Needle", Case: scout.CaseSensitive}}},
		{All: []scout.Term{{Pattern: "needle"}, {Pattern: "line"}}, Near: 2},
		{All: []scout.Term{{Pattern: "func"}, {Pattern: "needle", Word: true}}, Near: 5, None: []scout.Term{{Pattern: "import"}}},
		{All: []scout.Term{{Pattern: "needle"}, {Pattern: `\(`}}, Any: []scout.Term{{Pattern: "x :="}, {Pattern: "func"}}, Scope: scout.ScopeLine},
		{Any: []scout.Term{{Pattern: "pins"}, {Pattern: "haystack"}}, None: []scout.Term{{Pattern: "call"}}, Scope: scout.ScopeLine},
		{All: []scout.Term{{Pattern: "needle"}, {Pattern: "x"}}, Scope: scout.ScopeDef},
		{All: []scout.Term{{Pattern: "line"}, {Pattern: "nothing"}}, None: []scout.Term{{Pattern: "pad"}}, Scope: scout.ScopeDef},
	}
	r := rand.New(rand.NewPCG(9, 4))
	seeds := uint64(4)
	if testing.Short() {
		seeds = 2 // CI runs -short under the race detector, where each seed takes 15 s
	}
	for seed := range seeds {
		dir := genCorpus(t, 200+seed, t.TempDir())
		for qi, q := range queries {
			for _, q := range []scout.Query{q, fixedOf(q)} {
				base := scout.ConditionsOptions{Query: q, Scope: scout.Scope{Paths: []string{dir}}, RankOptions: scout.RankOptions{NoGit: true, Now: testNow}}
				all := base
				all.Budget = scout.MaxBudget
				whole, err := scout.Conditions(context.Background(), all)
				if err != nil {
					t.Fatal(err)
				}
				if whole.Cursor != "" {
					t.Fatalf("query %d: the largest page has a cursor", qi)
				}
				want := units(whole)
				budget := scout.MinBudget + r.IntN(700)
				o := base
				o.Budget = budget
				var got []string
				pages := everyPage(t, func(cursor string) (*scout.Page, error) {
					o.Cursor = cursor
					return scout.Conditions(context.Background(), o)
				})
				for _, p := range pages {
					u := units(p)
					if len(p.Text) > budget*4 && len(u) > 1 {
						t.Errorf("seed %d query %d: a page of %d units is %d bytes, over its budget of %d", seed, qi, len(u), len(p.Text), budget*4)
					}
					if p.Total != whole.Total {
						t.Errorf("seed %d query %d: totals %+v, want %+v", seed, qi, p.Total, whole.Total)
					}
					got = append(got, u...)
				}
				if !slices.Equal(got, want) {
					t.Errorf("seed %d query %d %v at budget %d: %d pages show %d units, the whole page %d\n got %v\nwant %v", seed, qi, q, budget, len(pages), len(got), len(want), got, want)
				}
			}
		}
	}
}

// fixedOf returns q with every term literal: the search then takes the
// terms' shared settings, not their regular expressions.
func fixedOf(q scout.Query) scout.Query {
	fix := func(ts []scout.Term) []scout.Term {
		out := slices.Clone(ts)
		for i := range out {
			out[i].Fixed = true
		}
		return out
	}
	q.All, q.Any, q.None = fix(q.All), fix(q.Any), fix(q.None)
	return q
}

// units lists a page's units as "path:line".
func units(p *scout.Page) []string {
	var out []string
	for _, f := range p.Files {
		for _, l := range f.Lines {
			out = append(out, fmt.Sprintf("%s:%d", f.Path, l.Number))
		}
	}
	return out
}

// TestConditionsDefScopeFallback: in a file no parser reads, the def
// scope falls back to blocks that start at column 0.
func TestConditionsDefScopeFallback(t *testing.T) {
	dir := t.TempDir()
	src := "function a()\n  lock()\n  close()\nend\nfunction b()\n  lock()\nend\n-- lock() in a comment at column 0\n"
	if err := os.WriteFile(filepath.Join(dir, "x.lua"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	q := scout.Query{All: []scout.Term{{Pattern: "lock()", Fixed: true}, {Pattern: "close()", Fixed: true}}, Scope: scout.ScopeDef}
	p, err := scout.Conditions(context.Background(), scout.ConditionsOptions{Query: q, Scope: scout.Scope{Paths: []string{dir}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := units(p); p.Total.Matches != 1 || len(got) != 2 || !strings.HasSuffix(got[0], "x.lua:2") || !strings.HasSuffix(got[1], "x.lua:3") {
		t.Errorf("%d qualified, units %v; want the block of lines 1-4 with lines 2 and 3\n%s", p.Total.Matches, got, p.Text)
	}
	if in := p.Files[0].Lines[0].In; in == nil || in.Number != 1 || in.End != 4 {
		t.Errorf("the block is %+v; want lines 1-4", in)
	}
}

// TestConditionsSeeSecretsAsTheSearchDoes: a term is matched against a
// line as it is, not as it is shown with its secrets masked: "Sup3r"
// finds the line whose password it is (as grep Sup3r does), and a None
// term excludes it; the line is still shown masked unless ShowSecrets.
// Matched against the masked text, the first found nothing and the
// second let the line through.
func TestConditionsSeeSecretsAsTheSearchDoes(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "c.yaml"), []byte("db:\n  url: postgres://admin:Sup3rS3cret@db.example.com/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	term := func(p string) scout.Term { return scout.Term{Pattern: p, Fixed: true} }
	for _, c := range []struct {
		q     scout.Query
		show  bool
		units int
	}{
		{scout.Query{All: []scout.Term{term("Sup3r"), term("admin")}, Scope: scout.ScopeLine}, false, 1},
		{scout.Query{All: []scout.Term{term("Sup3r"), term("admin")}, Scope: scout.ScopeLine}, true, 1},
		{scout.Query{All: []scout.Term{term("admin")}, None: []scout.Term{term("Sup3r")}, Scope: scout.ScopeLine}, false, 0},
	} {
		p, err := scout.Conditions(context.Background(), scout.ConditionsOptions{Query: c.q, Scope: scout.Scope{Paths: []string{dir}}, ShowSecrets: c.show})
		if err != nil {
			t.Fatal(err)
		}
		got := units(p)
		if len(got) != c.units {
			t.Errorf("%+v: units %v; want %d\n%s", c.q, got, c.units, p.Text)
			continue
		}
		if c.units > 0 && strings.Contains(p.Text, "Sup3rS3cret") != c.show {
			t.Errorf("%+v: the page shows the password: %v, want %v\n%s", c.q, !c.show, c.show, p.Text)
		}
	}
}

// TestConditionsTakeTextAndMaxFileSize: a query of conditions searches
// the files grep would with the same Text and MaxFileSize: a binary file
// only with Text, a file over the limit only with a larger one, and the
// page counts what it left out, as grep's does. They were left out of its
// options, so --text and --max-filesize said nothing and did nothing, and
// the page said "searched 0 files" with no word of the files skipped.
func TestConditionsTakeTextAndMaxFileSize(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "blob.bin"), []byte("alpha beta\x00\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("filler line\n", 2000) + "alpha beta\n"
	if err := os.WriteFile(filepath.Join(dir, "big.txt"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	q := scout.Query{All: []scout.Term{{Pattern: "alpha", Fixed: true}, {Pattern: "beta", Fixed: true}}}
	for _, c := range []struct {
		text  bool
		max   int64
		files string
	}{
		{false, 1000, ""},
		{true, 1000, "blob.bin"},
		{false, 0, "big.txt"},
		{true, -1, "big.txt blob.bin"},
	} {
		p, err := scout.Conditions(context.Background(), scout.ConditionsOptions{Query: q, Scope: scout.Scope{Paths: []string{dir}}, Text: c.text, MaxFileSize: c.max, RankOptions: scout.RankOptions{Sort: scout.ByPath}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range p.Files {
			got = append(got, filepath.Base(f.Path))
		}
		if strings.Join(got, " ") != c.files {
			t.Errorf("text %v, max file size %d: files %v; want %q\n%s", c.text, c.max, got, c.files, p.Text)
		}
		// What was left out is counted, as grep counts it.
		left := map[string]int{}
		for _, r := range p.NotSearched {
			left[r.Reason] = r.Count
		}
		if wantBinary := !c.text; (left["binary file"] == 1) != wantBinary || wantBinary && !strings.Contains(p.Text, "not searched: 1 binary file") {
			t.Errorf("text %v: not searched %v; want the binary file counted: %v\n%s", c.text, p.NotSearched, wantBinary, p.Text)
		}
		if wantBig := c.max == 1000; (left["file over the size limit"] == 1) != wantBig {
			t.Errorf("max file size %d: not searched %v; want big.txt counted: %v", c.max, p.NotSearched, wantBig)
		}
	}
}
