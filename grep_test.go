package scout_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
)

// testNow is the clock of the generated corpora's searches: their files
// are dated before it, so recency takes several values.
var testNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// genCorpus writes a random tree whose files mention "needle" in many ways
// (definitions, uses, comments, long lines) under dir, dated before
// testNow, and returns dir.
func genCorpus(t testing.TB, seed uint64, dir string) string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	dirs := []string{"", "a", "a/b", "a/b/c", "lib", "lib/x", "vendor/dep", "docs", "cmd/tool"}
	exts := []string{".go", ".py", ".ts", ".md", ".txt"}
	kinds := []func(int) string{
		func(i int) string { return fmt.Sprintf("func needle%d() {", i) },
		func(int) string { return "func needle() {" },
		func(int) string { return "\tx := needle(y)" },
		func(int) string { return "// needle is mentioned here" },
		func(int) string { return "import needle" },
		func(int) string { return "class Needle:" },
		func(int) string { return "\tcall(needle, needle, haystack)" },
		func(int) string { return strings.Repeat("pad ", 150) + "needle" + strings.Repeat(" tail", 100) },
		func(int) string { return "plain line" },
		func(int) string { return "needles and pins" },
	}
	files := 5 + r.IntN(40)
	for i := range files {
		name := filepath.Join(dir, dirs[r.IntN(len(dirs))], fmt.Sprintf("f%02d%s", i, exts[r.IntN(len(exts))]))
		var b strings.Builder
		lines := 1 + r.IntN(60)
		for j := range lines {
			if r.IntN(3) == 0 {
				b.WriteString(kinds[r.IntN(len(kinds))](j))
			} else {
				fmt.Fprintf(&b, "line %d of nothing", j)
			}
			b.WriteByte('\n')
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		mtime := testNow.Add(-time.Duration(r.IntN(90*24)) * time.Hour)
		if err := os.Chtimes(name, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// hitID names a matching line.
type hitID struct {
	path string
	line int
}

// tiered is the reference order of a search's hits for a per-file quota,
// from an exhaustive ranked Search: tier t holds each file's hits ranked
// [tM, (t+1)M), files in rank order.
func tiered(res *scout.Result, perFile int) []hitID {
	var out []hitID
	for tier := 0; ; tier++ {
		added := false
		for _, f := range res.Files {
			var hits []hitID
			for _, l := range f.Lines {
				if !l.Context {
					hits = append(hits, hitID{f.Path, l.Number})
				}
			}
			for h := tier * perFile; h < min(len(hits), (tier+1)*perFile); h++ {
				out = append(out, hits[h])
				added = true
			}
		}
		if !added {
			return out
		}
	}
}

// follow pages a search from its first page to its last, checking every
// page against its limits, and returns each page's hits (or, in files and
// count modes, its files) in the order the page showed them.
func follow(t *testing.T, o scout.GrepOptions) (hits [][]hitID, pages []*scout.Page) {
	t.Helper()
	for n := 1; ; n++ {
		p, err := scout.Grep(context.Background(), o)
		if err != nil {
			t.Fatalf("page %d: %v", n, err)
		}
		checkPage(t, o, p)
		pages = append(pages, p)
		var page []hitID
		for _, f := range p.Files {
			if p.Mode == scout.Files || p.Mode == scout.Count {
				page = append(page, hitID{f.Path, 0})
				continue
			}
			for _, l := range f.Lines {
				if !l.Context {
					page = append(page, hitID{f.Path, l.Number})
				}
				for _, c := range l.Copies { // a copy's file shows under the line it repeats
					for _, n := range c.Lines {
						page = append(page, hitID{c.Path, n})
					}
				}
			}
		}
		hits = append(hits, page)
		if p.Cursor == "" {
			return hits, pages
		}
		if n > 10000 {
			t.Fatal("more than 10000 pages")
		}
		o.Cursor = p.Cursor
	}
}

// checkPage checks a page against its budget, its quota and its file limit.
func checkPage(t *testing.T, o scout.GrepOptions, p *scout.Page) {
	t.Helper()
	budget := o.Budget
	if budget == 0 {
		budget = scout.DefaultBudget
	}
	if len(p.Text) > budget*4 {
		t.Errorf("page %d: %d bytes, over the budget of %d tokens (%d bytes)", p.Number, len(p.Text), budget, budget*4)
	}
	maxFiles := o.MaxFiles
	if maxFiles == 0 {
		maxFiles = scout.DefaultMaxFiles
		if p.Mode == scout.Files || p.Mode == scout.Count {
			maxFiles = scout.DefaultMaxListed
		}
		if p.Number > 1 {
			maxFiles = scout.MaxPageFiles // later pages fill their budget
		}
	}
	if len(p.Files) > maxFiles {
		t.Errorf("page %d: %d files, over %d", p.Number, len(p.Files), maxFiles)
	}
	// A page shows a file's hits up to the quota asked for; with none, it
	// fills from the next deals up to the budget, to at most MaxPerPage.
	perPage := o.PerFile
	if perPage == 0 {
		perPage = scout.MaxPerPage
	}
	shown := 0
	for _, f := range p.Files {
		if p.Mode == scout.Content && f.Shown > perPage {
			t.Errorf("page %d: %s shows %d matches, over %d", p.Number, f.Path, f.Shown, perPage)
		}
		shown += f.Shown
		for _, l := range f.Lines {
			for _, c := range l.Copies {
				shown += len(c.Lines) // hits of files folded into this line
			}
		}
	}
	if shown != p.Shown.Matches {
		t.Errorf("page %d: files show %d matches, the page says %d", p.Number, shown, p.Shown.Matches)
	}
}

// equalHits checks pages against the unpaged order: each page shows the
// next units of want, each once, a file's hits in want's order (a page
// groups them by file: when it takes several deals of a file's hits, they
// show together), and the pages together show all of want.
func equalHits(t *testing.T, what string, pages [][]hitID, want []hitID) {
	t.Helper()
	seen := map[hitID]bool{}
	off := 0
	for n, page := range pages {
		if off+len(page) > len(want) {
			t.Errorf("%s: page %d shows hits past the %d of the unpaged search", what, n+1, len(want))
			return
		}
		pos := map[hitID]int{}
		for i, h := range want[off : off+len(page)] {
			pos[h] = off + i
		}
		last := map[string]int{}
		for _, h := range page {
			p, ok := pos[h]
			switch {
			case seen[h]:
				t.Errorf("%s: %v shown twice", what, h)
				return
			case !ok:
				t.Errorf("%s: page %d shows %v, not among units %d-%d of the order", what, n+1, h, off+1, off+len(page))
				return
			case p < last[h.path]:
				t.Errorf("%s: page %d shows %v of %s out of its order", what, n+1, h, h.path)
				return
			}
			seen[h], last[h.path] = true, p
		}
		off += len(page)
	}
	if off != len(want) {
		t.Errorf("%s: pages showed %d hits, the unpaged search has %d", what, off, len(want))
	}
}

func TestPagesExhaustiveGenerated(t *testing.T) {
	for seed := range uint64(6) {
		dir := genCorpus(t, seed, t.TempDir())
		base := scout.Options{Patterns: []string{"needle"}, Scope: scout.Scope{Paths: []string{dir}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true, Now: testNow}}
		res, err := scout.Search(context.Background(), base)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ budget, perFile, maxFiles int }{
			{300, 1, 0}, {300, 3, 5}, {800, 2, 0}, {1500, 0, 0}, {4000, 5, 3}, {20000, 10, 50},
		} {
			o := scout.GrepOptions{Options: base, Mode: scout.Content, PageOptions: scout.PageOptions{Budget: c.budget, MaxFiles: c.maxFiles}, PerFile: c.perFile}
			got, pages := follow(t, o)
			m := c.perFile
			if m == 0 {
				m = scout.DefaultPerFile
			}
			what := fmt.Sprintf("seed %d budget %d per-file %d max-files %d (%d pages)", seed, c.budget, c.perFile, c.maxFiles, len(pages))
			equalHits(t, what, got, tiered(res, m))
			if last := pages[len(pages)-1]; last.Total.Matches != res.Stats.MatchedLines || last.Total.Files != res.Stats.FilesMatched {
				t.Errorf("%s: totals %+v, want %d matches in %d files", what, last.Total, res.Stats.MatchedLines, res.Stats.FilesMatched)
			}
		}
		// Files and count modes page the files in rank order.
		for _, m := range []scout.Mode{scout.Files, scout.Count} {
			got, _ := follow(t, scout.GrepOptions{Options: base, Mode: m, PageOptions: scout.PageOptions{Budget: 300, MaxFiles: 4}})
			var want []hitID
			for _, f := range res.Files {
				want = append(want, hitID{f.Path, 0})
			}
			equalHits(t, fmt.Sprintf("seed %d %s mode", seed, m), got, want)
		}
	}
}

func TestPagesExhaustiveGOROOT(t *testing.T) {
	if testing.Short() {
		t.Skip("pages through GOROOT/src many times; skipped with -short")
	}
	root := goroot(t)
	for _, c := range []struct {
		pattern string
		budget  int
		perFile int
	}{
		{`func \w+Marshal\w*\(`, 1500, 0},
		{`func \w+Marshal\w*\(`, 400, 1},
		{`ctx.Done\(\)`, 3000, 5},
	} {
		base := scout.Options{Patterns: []string{c.pattern}, Scope: scout.Scope{Paths: []string{root}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true}}
		res, err := scout.Search(context.Background(), base)
		if err != nil {
			t.Fatal(err)
		}
		base.Now = res.Ranking.Now.Truncate(time.Second)
		res, err = scout.Search(context.Background(), base)
		if err != nil {
			t.Fatal(err)
		}
		got, pages := follow(t, scout.GrepOptions{Options: base, Mode: scout.Content, PageOptions: scout.PageOptions{Budget: c.budget}, PerFile: c.perFile})
		m := max(c.perFile, 1)
		if c.perFile == 0 {
			m = scout.DefaultPerFile
		}
		what := fmt.Sprintf("%q budget %d per-file %d (%d pages)", c.pattern, c.budget, m, len(pages))
		equalHits(t, what, got, tiered(res, m))
		t.Logf("%s: %d hits in %d files, all shown once, in order", what, len(got), res.Stats.FilesMatched)
	}
}

func goroot(t *testing.T) string {
	t.Helper()
	root := filepath.Join(fixture.GoRoot(), "src")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no GOROOT/src: %v", err)
	}
	return root
}

func TestPageBudgetRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 1))
	patterns := []string{"needle", "line", "e", `\w+`, "Needle", "pad needle", "tail$", "^func", "x"}
	for seed := range uint64(4) {
		dir := genCorpus(t, 100+seed, t.TempDir())
		for range 40 {
			o := scout.GrepOptions{
				Options: scout.Options{
					Patterns:    []string{patterns[r.IntN(len(patterns))]},
					Scope:       scout.Scope{Paths: []string{dir}},
					RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true, Now: testNow},
				},
				Mode:        scout.Mode(r.IntN(5)),
				PageOptions: scout.PageOptions{Budget: scout.MinBudget + r.IntN(3000), MaxFiles: r.IntN(25), Explain: r.IntN(3) == 0},
				PerFile:     r.IntN(6),
			}
			if r.IntN(3) == 0 {
				o.Before, o.After = r.IntN(4), r.IntN(4)
			}
			for n := 0; n < 4; n++ {
				p, err := scout.Grep(context.Background(), o)
				if err != nil {
					t.Fatalf("%+v: %v", o, err)
				}
				checkPage(t, o, p)
				if p.Cursor == "" {
					break
				}
				o.Cursor = p.Cursor
			}
		}
	}
}

// TestBroadQueriesGOROOT: broad queries on GOROOT/src with default options
// show at least 20 files within 1,500 tokens, state the exact totals, and
// their map accounts for every matching file not shown.
func TestBroadQueriesGOROOT(t *testing.T) {
	root := goroot(t)
	for _, pat := range []string{`err != nil`, `context.Context`, `func (`} {
		opts := scout.Options{Patterns: []string{pat}, Scope: scout.Scope{Paths: []string{root}}, Fixed: true}
		p, err := scout.Grep(context.Background(), scout.GrepOptions{Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		res, err := scout.Search(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if p.Shown.Files < 20 {
			t.Errorf("%q: the first page shows %d files, want at least 20", pat, p.Shown.Files)
		}
		if len(p.Text) > scout.DefaultBudget*4 {
			t.Errorf("%q: %d bytes, over %d tokens", pat, len(p.Text), scout.DefaultBudget)
		}
		if p.Total.Matches != res.Stats.MatchedLines || p.Total.Files != res.Stats.FilesMatched {
			t.Errorf("%q: totals %+v, want %d matches in %d files", pat, p.Total, res.Stats.MatchedLines, res.Stats.FilesMatched)
		}
		summary := fmt.Sprintf("%d matches in %d files; page 1: matches 1-%d in %d files\n", p.Total.Matches, p.Total.Files, p.Shown.To, p.Shown.Files)
		if !strings.Contains(p.Text, summary) {
			t.Errorf("%q: the text does not say %q", pat, summary)
		}
		// Every hit after the page is in the map, and every file with one.
		restFiles := 0
		shown := shownByPath(p)
		for _, f := range res.Files {
			if shown[f.Path] < f.MatchedLines {
				restFiles++
			}
		}
		var mapped scout.Totals
		for _, d := range p.Rest {
			mapped.Matches += d.Matches
			mapped.Files += d.Files
		}
		if mapped.Matches != p.Total.Matches-p.Shown.Matches || mapped.Files != restFiles {
			t.Errorf("%q: the map holds %+v, want %d matches in %d files", pat, mapped, p.Total.Matches-p.Shown.Matches, restFiles)
		}
		t.Logf("%q: %d matches in %d files; page 1 shows %d matches in %d files in %d bytes (%d tokens); map: %d lines for %d matches in %d files",
			pat, p.Total.Matches, p.Total.Files, p.Shown.Matches, p.Shown.Files, len(p.Text), len(p.Text)/4, len(p.Rest), mapped.Matches, mapped.Files)
	}
}

// shownByPath counts the hits a page shows of each file, the copies folded
// under another file's line included.
func shownByPath(p *scout.Page) map[string]int {
	n := map[string]int{}
	for _, f := range p.Files {
		n[f.Path] += f.Shown
		for _, l := range f.Lines {
			for _, c := range l.Copies {
				n[c.Path] += len(c.Lines)
			}
		}
	}
	return n
}

// staleCorpus writes a small tree for the cursor tests and the options that
// page it in small pages.
func staleCorpus(t *testing.T) (string, scout.GrepOptions) {
	dir := t.TempDir()
	for i := range 8 {
		write(t, filepath.Join(dir, fmt.Sprintf("f%d.txt", i)), strings.Repeat("needle here\n", 4))
	}
	old := time.Now().Add(-time.Hour)
	for i := range 8 {
		os.Chtimes(filepath.Join(dir, fmt.Sprintf("f%d.txt", i)), old, old)
	}
	return dir, scout.GrepOptions{
		Options:     scout.Options{Patterns: []string{"needle"}, Scope: scout.Scope{Paths: []string{dir}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true}},
		Mode:        scout.Content,
		PageOptions: scout.PageOptions{Budget: 300, MaxFiles: 2},
	}
}

func write(t *testing.T, name, data string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func firstCursor(t *testing.T, o scout.GrepOptions) string {
	t.Helper()
	p, err := scout.Grep(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if p.Cursor == "" {
		t.Fatal("the first page has no cursor")
	}
	return p.Cursor
}

// TestIssue4StaleCursor: a file modified, added or deleted between pages
// makes the cursor stale, with a message that says what changed and what
// to do. See: #4
func TestIssue4StaleCursor(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(dir string)
		want   []string
	}{
		{"modify", func(dir string) { write(t, filepath.Join(dir, "f3.txt"), "needle\nneedle moved\n") }, []string{"changed since: " + "%DIR%/f3.txt", "the first page counted 32 matches in 8 files, now there are 30 in 8"}},
		{"add", func(dir string) { write(t, filepath.Join(dir, "new.txt"), "a needle\n") }, []string{"changed since: %DIR%/new.txt", "now there are 33 in 9"}},
		{"delete", func(dir string) { os.Remove(filepath.Join(dir, "f5.txt")) }, []string{"files were deleted", "now there are 28 in 7"}},
		// A new modification time that changes no score and no byte
		// changes nothing the pages show: they go on.
		{"touch", func(dir string) { now := time.Now(); os.Chtimes(filepath.Join(dir, "f6.txt"), now, now) }, nil},
		// A change to a file without matches changes nothing either.
		{"unrelated", func(dir string) { write(t, filepath.Join(dir, "other.txt"), "hay\n") }, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, o := staleCorpus(t)
			o.Cursor = firstCursor(t, o)
			if _, err := scout.Grep(context.Background(), o); err != nil {
				t.Fatalf("before the change: %v", err)
			}
			c.change(dir)
			_, err := scout.Grep(context.Background(), o)
			if c.want == nil {
				if err != nil {
					t.Fatalf("err = %v, want the next page", err)
				}
				return
			}
			var stale *scout.StaleCursorError
			if !errors.Is(err, scout.ErrStaleCursor) || !errors.As(err, &stale) {
				t.Fatalf("err = %v, want a stale cursor", err)
			}
			for _, w := range c.want {
				w = strings.ReplaceAll(w, "%DIR%", filepath.ToSlash(dir))
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q\ndoes not say %q", err, w)
				}
			}
			if !strings.Contains(err.Error(), "run the search again without the cursor") {
				t.Errorf("message %q does not say what to do", err)
			}
		})
	}
}

// TestIssue4BadCursor: a tampered cursor and a cursor from another search
// are rejected with messages that say so. See: #4
func TestIssue4BadCursor(t *testing.T) {
	_, o := staleCorpus(t)
	cur := firstCursor(t, o)
	for i := len("c2."); i < len(cur); i++ {
		b := []byte(cur)
		b[i] ^= 1
		if b[i] == '.' || b[i] == '/' || b[i] == '+' || b[i] == '=' {
			continue
		}
		o.Cursor = string(b)
		_, err := scout.Grep(context.Background(), o)
		if !errors.Is(err, scout.ErrBadCursor) {
			t.Fatalf("cursor with byte %d changed: err = %v, want ErrBadCursor", i, err)
		}
	}
	for _, c := range []struct {
		name string
		edit func(*scout.GrepOptions)
		want error
		text string
	}{
		{"other pattern", func(o *scout.GrepOptions) { o.Patterns = []string{"here"} }, scout.ErrCursorMismatch, "belongs to another search"},
		{"other case", func(o *scout.GrepOptions) { o.Case = scout.CaseSensitive }, scout.ErrCursorMismatch, "pass it with the search that printed it"},
		{"other quota", func(o *scout.GrepOptions) { o.PerFile = 7 }, scout.ErrCursorMismatch, "another search"},
		{"other mode", func(o *scout.GrepOptions) { o.Mode = scout.Files }, scout.ErrCursorMismatch, "its pages are in content mode, not files"},
		{"cut", func(o *scout.GrepOptions) { o.Cursor = o.Cursor[:len(o.Cursor)-3] }, scout.ErrBadCursor, "pass it exactly as printed"},
		{"not a cursor", func(o *scout.GrepOptions) { o.Cursor = "page2" }, scout.ErrBadCursor, `does not start with "c2."`},
		{"other version", func(o *scout.GrepOptions) { o.Cursor = "c9.AAAA" }, scout.ErrBadCursor, `version "c9"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := o
			q.Cursor = cur
			c.edit(&q)
			_, err := scout.Grep(context.Background(), q)
			if !errors.Is(err, c.want) || !strings.Contains(fmt.Sprint(err), c.text) {
				t.Errorf("err = %v, want %v saying %q", err, c.want, c.text)
			}
		})
	}
	// Budget and files per page are not part of the order: a cursor
	// accepts others.
	q := o
	q.Cursor, q.Budget, q.MaxFiles = cur, 2000, 10
	if _, err := scout.Grep(context.Background(), q); err != nil {
		t.Errorf("a larger page: %v", err)
	}
}

// TestIssue4CursorKeepsScores: a later page is scored with the first
// page's clock and frecency, even when the store changed in between.
// See: #4
func TestIssue4CursorKeepsScores(t *testing.T) {
	dir, o := staleCorpus(t)
	state := t.TempDir()
	o.NoFrecency, o.StateDir = false, state
	if err := scout.Touch([]string{filepath.Join(dir, "f7.txt")}, scout.TouchOptions{StateDir: state}); err != nil {
		t.Fatal(err)
	}
	o.Cursor = firstCursor(t, o)
	// The agent reads other files between pages: their frecency rises,
	// but the pages go on in the first page's order.
	for i := range 7 {
		if err := scout.Touch([]string{filepath.Join(dir, fmt.Sprintf("f%d.txt", i))}, scout.TouchOptions{StateDir: state, Weight: 5}); err != nil {
			t.Fatal(err)
		}
	}
	p, err := scout.Grep(context.Background(), o)
	if err != nil {
		t.Fatalf("after touches: %v", err)
	}
	if p.Number != 2 || !strings.Contains(p.Ranking, "as the first page had it") {
		t.Errorf("page %d ranked %q", p.Number, p.Ranking)
	}
}

// TestScoresDoNotDependOnSpans: a hit scores the same whether match
// positions were asked for (JSON, colour) or not (pages, plain text).
func TestScoresDoNotDependOnSpans(t *testing.T) {
	root := filepath.Join(goroot(t), "net")
	for _, p := range []struct {
		pattern string
		fixed   bool
	}{{"Conn", true}, {"conn", true}, {`func \w+Conn\w*\(`, false}, {`[A-Z][a-z]+Addr`, false}} {
		scores := func(noSpans bool) map[hitID]int {
			res, err := scout.Search(context.Background(), scout.Options{
				Patterns:    []string{p.pattern},
				Fixed:       p.fixed,
				Scope:       scout.Scope{Paths: []string{root}},
				NoSpans:     noSpans,
				RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true, Now: testNow},
			})
			if err != nil {
				t.Fatal(err)
			}
			m := map[hitID]int{}
			for _, f := range res.Files {
				for _, l := range f.Lines {
					m[hitID{f.Path, l.Number}] = l.Score
				}
			}
			return m
		}
		with, without := scores(false), scores(true)
		if len(with) != len(without) || len(with) == 0 {
			t.Fatalf("%q: %d hits with spans, %d without", p.pattern, len(with), len(without))
		}
		for h, s := range with {
			if without[h] != s {
				t.Errorf("%q: %s:%d scores %d with spans, %d without", p.pattern, h.path, h.line, s, without[h])
			}
		}
	}
}

// TestIssue4Timeout: a search stopped by its time limit says so, marks its
// counts as partial and gives no cursor. See: #4
func TestIssue4Timeout(t *testing.T) {
	root := goroot(t)
	p, err := scout.Grep(context.Background(), scout.GrepOptions{
		Options:     scout.Options{Patterns: []string{"err != nil"}, Fixed: true, Scope: scout.Scope{Paths: []string{root}}},
		PageOptions: scout.PageOptions{Timeout: time.Nanosecond},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p.Partial == "" || p.Cursor != "" {
		t.Fatalf("partial %q, cursor %q", p.Partial, p.Cursor)
	}
	for _, want := range []string{"at least ", "stopped early: the time limit (1ns) ran out", "raise --timeout"} {
		if !strings.Contains(p.Text, want) {
			t.Errorf("the page does not say %q:\n%s", want, p.Text)
		}
	}
}

// TestAutoMode: auto shows lines while 20 files fit, one per file when
// three do not, the list of files when lines do not fit at all.
func TestAutoMode(t *testing.T) {
	t.Chdir(goroot(t))
	root := "."
	for _, c := range []struct {
		budget  int
		mode    scout.Mode
		perFile int
		note    string
	}{
		{1500, scout.Content, 3, ""},
		{450, scout.Content, 1, "1 match per file"},
		{300, scout.Files, 0, "too broad to show lines"},
	} {
		p, err := scout.Grep(context.Background(), scout.GrepOptions{
			Options:     scout.Options{Patterns: []string{"err != nil"}, Fixed: true, Scope: scout.Scope{Paths: []string{root}}},
			PageOptions: scout.PageOptions{Budget: c.budget},
		})
		if err != nil {
			t.Fatal(err)
		}
		if p.Mode != c.mode || p.Shown.Files < 20 || !strings.Contains(p.Note, c.note) {
			t.Errorf("budget %d: %s mode, %d files, note %q; want %s mode, 20 files, note %q", c.budget, p.Mode, p.Shown.Files, p.Note, c.mode, c.note)
		}
		for _, f := range p.Files {
			if c.mode == scout.Content && f.Shown > c.perFile {
				t.Errorf("budget %d: %s shows %d", c.budget, f.Path, f.Shown)
			}
		}
	}
}
