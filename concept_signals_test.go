package scout_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/scoutcode/scout"
)

// signalsTree is a git repository of n files whose one definition each
// says the same words (so the words tie them, and path order decides),
// committed, every file dated a year ago (no recency), and the options of
// a concept search of it with its own cache and frecency store.
func signalsTree(t *testing.T, n int) (o scout.ConceptOptions, dir string, git func(args ...string)) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir = t.TempDir()
	git = func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	for i := range n {
		name := fmt.Sprintf("f%02d.go", i)
		body := fmt.Sprintf("package p\n\n// Fn%02d retries the request after a timeout.\nfunc Fn%02d() {}\n", i, i)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q", ".")
	git("add", ".")
	git("commit", "-q", "-m", "x")
	for i := range n {
		old(t, filepath.Join(dir, fmt.Sprintf("f%02d.go", i)))
	}
	o = scout.ConceptOptions{
		Description:  "retry a request on timeout",
		Scope:        scout.Scope{Paths: []string{dir}},
		CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()},
		RankOptions:  scout.RankOptions{StateDir: t.TempDir()},
	}
	return o, dir, git
}

// old dates a file a year ago.
func old(t *testing.T, path string) {
	t.Helper()
	then := time.Now().AddDate(-1, 0, 0)
	if err := os.Chtimes(path, then, then); err != nil {
		t.Fatal(err)
	}
}

// leadFiles returns the base names of a concept page's leads, in order,
// and the signals of each, by name.
func leadFiles(t *testing.T, o scout.ConceptOptions) ([]string, map[string][]string) {
	t.Helper()
	p, err := scout.Concept(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	signals := map[string][]string{}
	for _, l := range p.Leads {
		n := filepath.Base(l.Path)
		for _, s := range l.Signals {
			signals[n] = append(signals[n], fmt.Sprintf("%s %+d", s.Name, s.Value))
		}
	}
	return baseNames(p), signals
}

// baseNames returns the base names of a page's leads' files, in order.
func baseNames(p *scout.Page) []string {
	var names []string
	for _, l := range p.Leads {
		names = append(names, filepath.Base(l.Path))
	}
	return names
}

// TestConceptFileSignals: leads get the file signals of grep's ranking on
// top of their words: a file changed in git, one changed lately, one the
// agent used, each rises above leads its words tie it with; each can be
// turned off; --explain names them.
func TestConceptFileSignals(t *testing.T) {
	o, dir, _ := signalsTree(t, 3)
	o.PageOptions = scout.PageOptions{Budget: scout.MaxBudget, Explain: true}
	check := func(what string, want []string, wantSignals map[string][]string) {
		t.Helper()
		got, signals := leadFiles(t, o)
		if !slices.Equal(got, want) {
			t.Errorf("%s: leads %v, want %v (signals %v)", what, got, want, signals)
		}
		for n, w := range wantSignals {
			if s := signals[n]; !slices.ContainsFunc(s, func(x string) bool { return slices.Contains(w, x) }) {
				t.Errorf("%s: %s has signals %v, want one of %v", what, n, s, w)
			}
		}
	}
	check("words alone", []string{"f00.go", "f01.go", "f02.go"}, nil)

	// f02.go changed in the working tree (a line more; the same words).
	f2 := filepath.Join(dir, "f02.go")
	data, _ := os.ReadFile(f2)
	os.WriteFile(f2, append(data, '\n'), 0o644)
	old(t, f2)
	check("f02.go changed in git", []string{"f02.go", "f00.go", "f01.go"}, map[string][]string{"f02.go": {"git +5000"}})
	o.NoGit = true
	check("--no-git", []string{"f00.go", "f01.go", "f02.go"}, nil)

	// f01.go used by the agent.
	if err := scout.Touch([]string{filepath.Join(dir, "f01.go")}, scout.TouchOptions{StateDir: o.StateDir}); err != nil {
		t.Fatal(err)
	}
	check("f01.go used", []string{"f01.go", "f00.go", "f02.go"}, map[string][]string{"f01.go": {"frecency +2000"}})
	o.NoFrecency = true
	check("--no-frecency", []string{"f00.go", "f01.go", "f02.go"}, nil)

	// f02.go written just now.
	now := time.Now()
	os.Chtimes(f2, now, now)
	check("f02.go recent", []string{"f02.go", "f00.go", "f01.go"}, map[string][]string{"f02.go": {"recency +2000", "recency +1950"}})
}

// pages follows a concept search's cursors to its end and returns the
// base names of its leads, page by page; between pages it calls between
// with the page's number.
func pages(t *testing.T, o scout.ConceptOptions, between func(int)) ([][]string, error) {
	t.Helper()
	var out [][]string
	for n := 1; ; n++ {
		p, err := scout.Concept(context.Background(), o)
		if err != nil {
			return out, err
		}
		out = append(out, baseNames(p))
		if p.Cursor == "" || n > 50 {
			return out, nil
		}
		o.Cursor = p.Cursor
		between(n)
	}
}

// TestConceptSignalsAcrossPages: a later page scores with the first
// page's frecency (the cursor carries it), so a file used between pages
// moves nothing; a change git sees but the files do not (a commit) makes
// the cursor stale instead of mixing two orders.
func TestConceptSignalsAcrossPages(t *testing.T) {
	o, dir, git := signalsTree(t, 12)
	o.NoGit, o.Budget = true, scout.MinBudget
	touch := func(name string) {
		t.Helper()
		if err := scout.Touch([]string{filepath.Join(dir, name)}, scout.TouchOptions{StateDir: o.StateDir}); err != nil {
			t.Fatal(err)
		}
	}
	touch("f07.go")
	got, err := pages(t, o, func(n int) {
		if n == 1 {
			for range 3 {
				touch("f03.go") // now above f07.go, for a new search
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 2 {
		t.Fatalf("one page (%v): the test needs more leads than a page holds", got)
	}
	want := []string{"f07.go", "f00.go", "f01.go", "f02.go", "f03.go", "f04.go", "f05.go", "f06.go", "f08.go", "f09.go", "f10.go", "f11.go"}
	if all := slices.Concat(got...); !slices.Equal(all, want) {
		t.Errorf("pages %v, want the first page's order %v", got, want)
	}

	// The git signal: f05.go changed, then committed between pages.
	o.NoGit, o.NoFrecency = false, true
	f5 := filepath.Join(dir, "f05.go")
	data, _ := os.ReadFile(f5)
	os.WriteFile(f5, append(data, '\n'), 0o644)
	old(t, f5)
	got, err = pages(t, o, func(n int) {
		if n == 1 {
			git("commit", "-q", "-am", "f05")
		}
	})
	if !errors.Is(err, scout.ErrStaleCursor) {
		t.Fatalf("pages %v after a commit between them: error %v, want a stale cursor", got, err)
	}
	if len(got) != 1 || len(got[0]) == 0 || got[0][0] != "f05.go" {
		t.Errorf("first page %v, want f05.go first (changed in git)", got)
	}
}
