package scout_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scoutcode/scout"
)

// lockTree is a small tree for the tests of concurrent builds, and the
// options of a concept search of it with cache as the cache directory.
func lockTree(t *testing.T) (dir string, opts func(cache string) scout.ConceptOptions) {
	t.Helper()
	dir = t.TempDir()
	for name, src := range map[string]string{
		"a.go": "package a\n\n// Retry retries after a timeout.\nfunc Retry() {}\n",
		"b.go": "package a\n\n// Close closes the idle connections.\nfunc Close() {}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, func(cache string) scout.ConceptOptions {
		return scout.ConceptOptions{Description: "idle connection closer", CacheOptions: scout.CacheOptions{CacheDir: cache},
			Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}}
	}
}

// holdFirstBuild returns a Progress that holds the first build it reports
// until want searches wait for it (or, should none ever wait, 10 s), and
// a count of the searches that waited.
func holdFirstBuild(t *testing.T, want int32) (progress func(int, int), waiting *atomic.Int32) {
	waiting = new(atomic.Int32)
	scout.OnIndexWait(t, func() { waiting.Add(1) })
	var once sync.Once
	return func(int, int) {
		once.Do(func() {
			for deadline := time.Now().Add(10 * time.Second); waiting.Load() < want && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
		})
	}, waiting
}

// atOnce runs n concept searches with o at once and returns their pages.
func atOnce(t *testing.T, n int, o scout.ConceptOptions) []*scout.Page {
	t.Helper()
	pages := make([]*scout.Page, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { pages[i], errs[i] = scout.Concept(context.Background(), o) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("search %d: %v", i, err)
		}
	}
	return pages
}

// TestConceptBuildsOnce: searches of one scope that all find no index
// build it once: the first builds, the others wait for it and read what
// it kept, and every page is the same but for that.
func TestConceptBuildsOnce(t *testing.T) {
	_, opts := lockTree(t)
	cache := t.TempDir()
	const n = 3
	progress, waiting := holdFirstBuild(t, n-1)
	o := opts(cache)
	o.Progress = progress
	pages := atOnce(t, n, o)
	built := 0
	for i, p := range pages {
		switch {
		case strings.Contains(p.Text, "index: 2 files, built and kept for the next search"):
			built++
		case !strings.Contains(p.Text, "index: 2 files, kept from an earlier search; none changed"):
			t.Errorf("search %d neither built nor read the kept index:\n%s", i, p.Text)
		}
		if len(p.Leads) == 0 || p.Leads[0].Path != pages[0].Leads[0].Path || len(p.Leads) != len(pages[0].Leads) {
			t.Errorf("search %d's leads differ from the first's:\n%s\n---\n%s", i, p.Text, pages[0].Text)
		}
	}
	if built != 1 || waiting.Load() != n-1 {
		t.Errorf("%d of %d searches built the index and %d waited; want 1 and %d", built, n, waiting.Load(), n-1)
	}
}

// TestConceptWaitCancelled: a search waiting for another's build stops
// when its context is cancelled; the build goes on and keeps its index.
func TestConceptWaitCancelled(t *testing.T) {
	_, opts := lockTree(t)
	cache := t.TempDir()
	var waiting atomic.Int32
	scout.OnIndexWait(t, func() { waiting.Add(1) })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	building := make(chan struct{})
	first := make(chan error, 1)
	go func() {
		o := opts(cache)
		var once sync.Once
		o.Progress = func(int, int) {
			once.Do(func() {
				close(building)
				for deadline := time.Now().Add(10 * time.Second); waiting.Load() == 0 && time.Now().Before(deadline); {
					time.Sleep(time.Millisecond)
				}
				cancel()
				time.Sleep(100 * time.Millisecond) // still building while the second is cancelled
			})
		}
		_, err := scout.Concept(context.Background(), o)
		first <- err
	}()
	select {
	case <-building:
	case err := <-first:
		t.Fatalf("the first search ended (%v) without building", err)
	}
	// The first holds the lock, building: the second waits for it, and
	// must come back with its context's error, not a page.
	_, err := scout.Concept(ctx, opts(cache))
	if !errors.Is(err, context.Canceled) || waiting.Load() != 1 {
		t.Errorf("a cancelled wait: %v after %d waits, want context.Canceled after 1", err, waiting.Load())
	}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if p, err := scout.Concept(context.Background(), opts(cache)); err != nil || !strings.Contains(p.Text, "none changed") {
		t.Errorf("after the build: %v\n%v", err, p)
	}
}

// TestConceptEmbedsOnce: searches with a provider that all find the
// chunks' vectors missing send them to it once: the first embeds, the
// others wait for it and read what it kept (a provider may be paid by
// the text).
func TestConceptEmbedsOnce(t *testing.T) {
	dir := embedTree(t)
	prov := newProvider(t)
	e := scout.EmbedOptions{Provider: "openai", URL: prov.srv.URL, Model: "test-model"}
	embedSearch(t, dir, t.TempDir(), e)
	_, one := prov.counts() // the texts of one search: the description and the chunks
	cache := t.TempDir()
	embedSearch(t, dir, cache, scout.EmbedOptions{}) // the index kept, no vectors yet
	prov.counts()
	const n = 3
	progress, waiting := holdFirstBuild(t, n-1)
	pages := atOnce(t, n, scout.ConceptOptions{
		Description: embedDescription, Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{CacheDir: cache},
		Embed: e, EmbedProgress: progress, PageOptions: scout.PageOptions{Budget: scout.MaxBudget},
	})
	for i, p := range pages {
		if !strings.Contains(p.Text, "by their embeddings' similarity") {
			t.Errorf("search %d's leads are not ranked by embeddings:\n%s", i, p.Text)
		}
	}
	if _, texts := prov.counts(); texts != one+n-1 || waiting.Load() != n-1 {
		t.Errorf("%d searches sent %d texts and %d waited; want %d (the chunks once, each description) and %d", n, texts, waiting.Load(), one+n-1, n-1)
	}
}

// TestConceptEmbedWaitFailsSoft: a search whose embedding budget runs out
// while another embeds the same chunks answers with its exact hits and
// word leads, and says why the embeddings were skipped.
func TestConceptEmbedWaitFailsSoft(t *testing.T) {
	dir := embedTree(t)
	prov := newProvider(t)
	cache := t.TempDir()
	embedSearch(t, dir, cache, scout.EmbedOptions{}) // the index kept, no vectors yet
	e := scout.EmbedOptions{Provider: "openai", URL: prov.srv.URL, Model: "test-model"}
	holding, release := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		var once sync.Once
		_, err := scout.Concept(context.Background(), scout.ConceptOptions{
			Description: embedDescription, Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{CacheDir: cache}, Embed: e,
			EmbedProgress: func(int, int) { once.Do(func() { close(holding); <-release }) },
		})
		first <- err
	}()
	select {
	case <-holding:
	case err := <-first:
		t.Fatalf("the first search ended (%v) without embedding", err)
	}
	e.Budget = 100 * time.Millisecond
	p, err := scout.Concept(context.Background(), scout.ConceptOptions{
		Description: embedDescription, Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{CacheDir: cache}, Embed: e,
		PageOptions: scout.PageOptions{Budget: scout.MaxBudget},
	})
	close(release)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Files) != 1 || len(p.Leads) == 0 || !strings.Contains(p.Text, "another search was embedding this scope's chunks") {
		t.Errorf("want the exact hit, word leads and why the embeddings were skipped:\n%s", p.Text)
	}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}
