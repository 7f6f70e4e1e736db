package scout_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scoutcode/scout"
)

// cutTree writes files Go files (and one that holds the description as
// written, zz.go: last, past where the tests cut a build) and returns the options of a concept search of them, kept in
// cache.
func cutTree(t *testing.T, files int) func(cache string) scout.ConceptOptions {
	t.Helper()
	dir := t.TempDir()
	words := []string{"retry", "timeout", "socket", "buffer", "parser", "token", "cache", "expire", "session", "handler"}
	for i := range files {
		src := fmt.Sprintf("package p\n\n// F%d %ss the %s and the %s.\nfunc F%d() {}\n", i, words[i%len(words)], words[i/len(words)%len(words)], words[(i/7)%len(words)], i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%04d.go", i)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "zz.go"), []byte("package p\n\n// Expire drops the session after the timeout.\nfunc Expire() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return func(cache string) scout.ConceptOptions {
		return scout.ConceptOptions{Description: "session after the timeout", CacheOptions: scout.CacheOptions{CacheDir: cache},
			Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}}
	}
}

// cutAt returns a Progress that calls end once a build has indexed n
// files.
func cutAt(n int, end func()) func(done, total int) {
	var once sync.Once
	return func(done, _ int) {
		if done >= n {
			once.Do(end)
		}
	}
}

// indexLine matches a page's line that says what the index did.
var indexLine = regexp.MustCompile(`(?m)^index: .*$`)

// TestConceptCutKeeps: a build cut short by its caller keeps the files it
// read whole, and the next search reads only the rest, to the same leads
// as a search that built its index in one go.
func TestConceptCutKeeps(t *testing.T) {
	opts := cutTree(t, 600)
	cache := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o := opts(cache)
	o.Progress = cutAt(256, cancel)
	_, err := scout.Concept(ctx, o)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "256 of 601 files of the concept index read; those are kept") {
		t.Fatalf("a cancelled build: %v, want context.Canceled, and the 256 files read kept", err)
	}
	if read, of, ok := scout.ConceptIndexKept(err); !ok || read != 256 || of != 601 {
		t.Errorf("ConceptIndexKept: %d of %d, %v; want 256 of 601, true", read, of, ok)
	}
	if _, _, ok := scout.ConceptIndexKept(context.Canceled); ok {
		t.Error("ConceptIndexKept(context.Canceled) is true")
	}
	if of := keptOf(t, cache); !strings.HasSuffix(of, "; partial: 256 of 601 files read before a search was cut short, the next search reads the rest") {
		t.Errorf("scout cache lists the cut build as %q, want it said partial", of)
	}
	p, err := scout.Concept(context.Background(), opts(cache))
	if err != nil {
		t.Fatal(err)
	}
	if got := indexLine.FindString(p.Text); got != "index: 601 files, kept from an earlier search; 345 read again" {
		t.Errorf("the search after: %q, want the 345 files not read before read now", got)
	}
	if of := keptOf(t, cache); strings.Contains(of, "partial") {
		t.Errorf("scout cache lists the whole index as %q", of)
	}
	whole := opts(t.TempDir())
	q, err := scout.Concept(context.Background(), whole)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := indexLine.ReplaceAllString(p.Text, ""), indexLine.ReplaceAllString(q.Text, ""); a != b {
		t.Errorf("built in two goes:\n%s\nin one:\n%s", a, b)
	}
}

// TestConceptCutExact: a build that runs out of its time (the part of the
// search's time limit it has) gives a page all the same: the exact hits,
// no leads, and why, while what it read is kept for the next search.
func TestConceptCutExact(t *testing.T) {
	opts := cutTree(t, 600)
	o := opts(t.TempDir())
	p := cutSearch(t, o)
	holds(t, p.Text,
		"exact: 1 line in 1 file",
		"leads: skipped: the concept index was not done in the time allowed: 256 of 601 files read, and kept, so the next search goes on from there: search again, or raise --timeout",
		"index: 256 of 601 files read when the search was cut short, and kept for the next search, which goes on from there")
	if len(p.Brief().Leads) != 0 {
		t.Errorf("a cut build's page has %d leads", len(p.Brief().Leads))
	}
	// An update cut short too, of files changed and new: the list of
	// kept indexes counts what it holds as the page does.
	for i := range 10 {
		f, err := os.OpenFile(filepath.Join(o.Paths[0], fmt.Sprintf("f%04d.go", i)), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(f, "// changed")
		f.Close()
	}
	m := regexp.MustCompile(`index: (\d+) of 601 files read when the search was cut short, and kept`).FindStringSubmatch(cutSearch(t, o).Text)
	if m == nil {
		t.Fatal("a cut update's page does not say what it kept")
	}
	if n, _ := strconv.Atoi(m[1]); n <= 256 {
		t.Fatalf("a cut update: %q, want more than the 256 files of the cut build kept", m)
	}
	if of, want := keptOf(t, o.CacheDir), "; partial: "+m[1]+" of 601 files read"; !strings.Contains(of, want) {
		t.Errorf("scout cache lists the cut update as %q, want %q", of, want)
	}
	p, err := scout.Concept(context.Background(), o) // the hook is set, but nothing ends the build's time
	if err != nil || !regexp.MustCompile(`kept from an earlier search; \d+ read again`).MatchString(p.Text) || len(p.Brief().Leads) == 0 {
		t.Errorf("the search after: %v\n%v", err, p)
	}
}

// TestConceptCutWaiting: a search that waits for another's build for all
// of its time gives the exact hits, and says the leads wait for that
// build.
func TestConceptCutWaiting(t *testing.T) {
	opts := cutTree(t, 20)
	cache := t.TempDir()
	var mu sync.Mutex
	var ends []func()
	scout.OnIndexBuild(t, func(f func()) {
		mu.Lock()
		ends = append(ends, f)
		mu.Unlock()
	})
	waited := make(chan struct{})
	scout.OnIndexWait(t, func() {
		mu.Lock()
		ends[len(ends)-1]() // the waiting search's time runs out
		mu.Unlock()
		close(waited)
	})
	first := make(chan error, 1)
	building := make(chan struct{})
	go func() {
		o := opts(cache)
		var once sync.Once
		o.Progress = func(int, int) {
			once.Do(func() {
				close(building)
				select { // held until the second has waited, or 10 s
				case <-waited:
				case <-time.After(10 * time.Second):
				}
			})
		}
		_, err := scout.Concept(context.Background(), o)
		first <- err
	}()
	<-building
	p, err := scout.Concept(context.Background(), opts(cache))
	if err != nil {
		t.Fatal(err)
	}
	holds(t, p.Text, "exact: 1 line in 1 file", "leads: skipped: another search was building the concept index of these paths for all of the time allowed: search again once it is done, or raise --timeout", "index: being built by another search")
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}

// TestConceptCutUnkept: a cut build whose files cannot be kept (a full
// disk) says so: the page names what was read and that it was not kept.
func TestConceptCutUnkept(t *testing.T) {
	opts := cutTree(t, 600)
	scout.FailIndexWrites(t)
	holds(t, cutSearch(t, opts(t.TempDir())).Text,
		"exact: 1 line in 1 file",
		"leads: skipped: the concept index was not done in the time allowed (256 of 601 files read, not kept): narrow it with a PATH, -g GLOB or -t TYPE, or raise --timeout",
		"the concept index could not be kept:",
		"index: 256 of 601 files read when the search was cut short, not kept")
}

// TestConceptCutThenCancelled: a search whose cut build was kept, and
// that is then cancelled while it finds the exact hits, still says what
// its index kept (Ctrl-C there said only "interrupted").
func TestConceptCutThenCancelled(t *testing.T) {
	opts := cutTree(t, 600)
	cache := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var end func()
	scout.OnIndexBuild(t, func(f func()) { end = f })
	scout.OnCutExact(t, cancel)
	o := opts(cache)
	o.Progress = cutAt(256, func() { end() })
	_, err := scout.Concept(ctx, o)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled while finding the exact hits: %v, want context.Canceled", err)
	}
	if read, of, ok := scout.ConceptIndexKept(err); !ok || read != 256 || of != 601 {
		t.Errorf("ConceptIndexKept(%v): %d of %d, %v; want 256 of 601, true", err, read, of, ok)
	}
}

// keptOf returns what scout cache says the one index kept in cache is of.
func keptOf(t *testing.T, cache string) string {
	t.Helper()
	_, all, err := scout.ConceptCache(cache)
	if err != nil {
		t.Fatal(err)
	}
	var of []string
	for _, x := range all {
		if strings.HasSuffix(x.Path, ".idx") {
			of = append(of, x.Of)
		}
	}
	if len(of) != 1 {
		t.Fatalf("%d indexes kept, want 1: %q", len(of), of)
	}
	return of[0]
}

// cutSearch runs a concept search with o whose build's time ends once it
// has indexed 256 files, and returns its page.
func cutSearch(t *testing.T, o scout.ConceptOptions) *scout.Page {
	t.Helper()
	var end func()
	scout.OnIndexBuild(t, func(f func()) { end = f })
	o.Progress = cutAt(256, func() { end() })
	p, err := scout.Concept(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// holds fails t for each of want that text does not hold.
func holds(t *testing.T, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("want %q in\n%s", w, text)
		}
	}
}
