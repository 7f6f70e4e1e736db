package scout_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/scoutcode/scout"
)

func findAll(t testing.TB, o scout.FindOptions) *scout.FindResult {
	t.Helper()
	res, err := scout.FindAll(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func paths(fs []*scout.Found) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Path
	}
	return out
}

// TestFindSamePolicyAsGrep: on GOROOT/src, scout find with no pattern
// lists exactly the files scout grep is given by the walk, and exactly
// rg --files --hidden (when rg is installed).
func TestFindSamePolicyAsGrep(t *testing.T) {
	root := goroot(t)
	if testing.Short() {
		// CI runs -short under the race detector, where grep's walk of
		// all of GOROOT/src takes 40 s: a part of it, with its testdata.
		root = filepath.Join(root, "cmd", "go")
	}
	found := paths(findAll(t, scout.FindOptions{Scope: scout.Scope{Paths: []string{root}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true}}).Files)
	grep, err := scout.SearchedFiles(context.Background(), scout.Options{Patterns: []string{"x"}, Scope: scout.Scope{Paths: []string{root}}, RankOptions: scout.RankOptions{Sort: scout.ByPath}})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(found)
	slices.Sort(grep)
	if diff := cmp.Diff(grep, found); diff != "" {
		t.Errorf("find and grep list different files (-grep +find):\n%s", diff)
	}
	if _, err := exec.LookPath("rg"); err != nil {
		t.Logf("rg is not installed; compared with grep only (%d files)", len(found))
		return
	}
	out, err := exec.Command("rg", "--files", "--hidden", "-g", "!.git", root).Output()
	if err != nil {
		t.Fatal(err)
	}
	rg := strings.Split(strings.TrimSpace(string(out)), "\n")
	slices.Sort(rg)
	if diff := cmp.Diff(rg, found); diff != "" {
		t.Errorf("find and rg --files list different files (-rg +find):\n%s", diff)
	}
	t.Logf("%d files: scout find = scout grep's walk = rg --files --hidden", len(found))
}

var updateFindRank = flag.Bool("update-find-rank", false, "rewrite testdata/rank/find_stats.txt")

// TestFindRankEvalGoRoot samples 200 files of GOROOT/src whose name
// without its extension is unique in the tree, looks each up by that name
// with default options, and reports where it lands: hit@1, hit@3, MRR and
// how often it is on the first page. Bar: hit@3 ≥ 0.90, first page always.
func TestFindRankEvalGoRoot(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 200 finds over GOROOT/src; skipped with -short")
	}
	root := goroot(t)
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	all := findAll(t, scout.FindOptions{RankOptions: scout.RankOptions{Sort: scout.ByPath, NoFrecency: true, NoGit: true}})
	stems := map[string]int{}
	for _, f := range all.Files {
		stems[stem(f.Path)]++
	}
	var candidates []string
	for _, f := range all.Files {
		s := stem(f.Path)
		if stems[s] == 1 && len(s) >= 3 && !strings.ContainsAny(s, "*?[ \t") {
			candidates = append(candidates, f.Path)
		}
	}
	if len(candidates) < 200 {
		t.Fatalf("only %d files with a unique name", len(candidates))
	}
	var sample []string
	for i := range 200 {
		sample = append(sample, candidates[i*len(candidates)/200])
	}
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	var st, byPath stats
	firstPage := 0
	var misses []string
	for _, want := range sample {
		q := stem(want)
		p, err := scout.Find(context.Background(), scout.FindOptions{Pattern: q, RankOptions: scout.RankOptions{Now: now, NoFrecency: true, NoGit: true}})
		if err != nil {
			t.Fatal(err)
		}
		res := findAll(t, scout.FindOptions{Pattern: q, RankOptions: scout.RankOptions{Now: now, NoFrecency: true, NoGit: true}, NoSignals: true})
		r := slices.Index(paths(res.Files), want) + 1
		st.add(r)
		plain := findAll(t, scout.FindOptions{Pattern: q, RankOptions: scout.RankOptions{Sort: scout.ByPath, NoFrecency: true, NoGit: true}, NoSignals: true})
		byPath.add(slices.Index(paths(plain.Files), want) + 1)
		if slices.ContainsFunc(p.Files, func(f scout.PageFile) bool { return f.Path == want }) {
			firstPage++
		}
		if r != 1 {
			misses = append(misses, fmt.Sprintf("%s: rank %d, first %s", q, r, res.Files[0].Path))
		}
	}
	got := fmt.Sprintf("# %s, 200 files of $GOROOT/src with a unique name, found by that name without its extension\nscout find  %s  first page %.3f\npath order  %s\n",
		runtime.Version(), st.String(), float64(firstPage)/200, byPath.String())
	t.Logf("\n%s", got)
	for _, m := range misses {
		t.Log("miss:", m)
	}
	file := filepath.Join(here, "testdata", "rank", "find_stats.txt")
	if *updateFindRank {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update-find-rank)", err)
	}
	if !strings.HasPrefix(string(want), "# "+runtime.Version()+",") {
		t.Logf("%s was recorded with another Go version; figures not compared", file)
	} else if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("find ranking figures changed; if intended, rerun with -update-find-rank and review (-want +got):\n%s", diff)
	}
	if st.hit(3) < 0.90 || firstPage != 200 {
		t.Errorf("hit@3 %.3f (want ≥ 0.90), first page %d/200 (want all)", st.hit(3), firstPage)
	}
}

func stem(p string) string {
	b := path.Base(p)
	if i := strings.LastIndexByte(b, '.'); i > 0 {
		return b[:i]
	}
	return b
}

// TestFindPagesExhaustive: following find's cursor from the first page to
// the last lists every path once, in FindAll's order, for several budgets
// and page sizes.
func TestFindPagesExhaustive(t *testing.T) {
	for seed := range uint64(4) {
		dir := genCorpus(t, 300+seed, t.TempDir())
		for _, pattern := range []string{"", "f1", "*.go", "b f", "zzz"} {
			base := scout.FindOptions{Pattern: pattern, Scope: scout.Scope{Paths: []string{dir}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true, Now: testNow}}
			want := paths(findAll(t, base).Files)
			for _, c := range []struct{ budget, maxFiles int }{{300, 0}, {300, 3}, {1500, 7}, {5000, 100}} {
				o := base
				o.Budget, o.MaxFiles = c.budget, c.maxFiles
				var got []string
				pages := 0
				for {
					p, err := scout.Find(context.Background(), o)
					if err != nil {
						t.Fatal(err)
					}
					pages++
					if len(p.Text) > c.budget*4 {
						t.Errorf("page %d: %d bytes over %d tokens", p.Number, len(p.Text), c.budget)
					}
					for _, f := range p.Files {
						got = append(got, f.Path)
					}
					if p.Cursor == "" {
						break
					}
					o.Cursor = p.Cursor
				}
				if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("seed %d %q budget %d max %d (%d pages): pages differ from FindAll (-want +got):\n%s", seed, pattern, c.budget, c.maxFiles, pages, diff)
				}
			}
		}
	}
	// GOROOT/src, every page of a name that many files share.
	root := goroot(t)
	base := scout.FindOptions{Pattern: "doc", Scope: scout.Scope{Paths: []string{root}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true, Now: time.Now().Truncate(time.Second)}}
	want := paths(findAll(t, base).Files)
	var got []string
	o := base
	for {
		p, err := scout.Find(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range p.Files {
			got = append(got, f.Path)
		}
		if p.Cursor == "" {
			break
		}
		o.Cursor = p.Cursor
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("GOROOT \"doc\": pages differ from FindAll (-want +got):\n%s", diff)
	}
	t.Logf("GOROOT \"doc\": %d paths, every one once, in order", len(got))
}

// TestFindStaleCursor: a file added between pages makes find's cursor
// stale; a cursor from grep is refused.
func TestFindStaleCursor(t *testing.T) {
	dir, _ := staleCorpus(t)
	o := scout.FindOptions{Scope: scout.Scope{Paths: []string{dir}}, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true}, PageOptions: scout.PageOptions{Budget: 300, MaxFiles: 2}}
	p, err := scout.Find(context.Background(), o)
	if err != nil || p.Cursor == "" {
		t.Fatalf("first page: %v, cursor %q", err, p.Cursor)
	}
	o.Cursor = p.Cursor
	write(t, filepath.Join(dir, "added.txt"), "x\n")
	_, err = scout.Find(context.Background(), o)
	if !errors.Is(err, scout.ErrStaleCursor) || !strings.Contains(err.Error(), "added.txt") {
		t.Errorf("err = %v, want a stale cursor naming added.txt", err)
	}
	_, g := staleCorpus(t)
	g.Cursor = firstCursor(t, g)
	o.Cursor = g.Cursor
	if _, err := scout.Find(context.Background(), o); !errors.Is(err, scout.ErrCursorMismatch) {
		t.Errorf("grep's cursor given to find: err = %v", err)
	}
}

// TestFindPatterns pins what a pattern means.
func TestFindPatterns(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{
		"internal/http/handler.go", "internal/http/request_handler_test.go", "internal/http/requestHandler.go",
		"handlers/x.go", "src/app/a.spec.ts", "src/b.spec.ts", "lib/a.spec.ts", "README.md", "docs/Handler.md",
	} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, p), "x\n")
	}
	t.Chdir(dir)
	for _, c := range []struct {
		pattern string
		dirs    bool
		want    []string
	}{
		{"handler", false, []string{"internal/http/handler.go", "docs/Handler.md", "internal/http/requestHandler.go", "internal/http/request_handler_test.go", "handlers/x.go"}},
		{"Handler", false, []string{"docs/Handler.md", "internal/http/requestHandler.go"}},
		{"http handler", false, []string{"internal/http/handler.go", "internal/http/requestHandler.go", "internal/http/request_handler_test.go"}},
		{"src/**/*.spec.ts", false, []string{"src/b.spec.ts", "src/app/a.spec.ts"}},
		{"*.spec.ts", false, []string{"lib/a.spec.ts", "src/b.spec.ts", "src/app/a.spec.ts"}},
		{"*.md", false, []string{"README.md", "docs/Handler.md"}},
		{"*.MD", false, []string{}}, // smart case: an upper-case letter makes the glob case-sensitive
		{"http", true, []string{"internal/http"}},
	} {
		res := findAll(t, scout.FindOptions{Pattern: c.pattern, Dirs: c.dirs, RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true, Now: testNow}})
		if diff := cmp.Diff(c.want, paths(res.Files)); diff != "" {
			t.Errorf("find %q (-want +got):\n%s", c.pattern, diff)
		}
	}
}
