package scout_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/fixture"
)

// BenchmarkConceptWarm is a description search whose kept index is
// current (issue 13's warm bar, 100 ms as a whole process; bench/bars
// times that side by side with rg --files): in one process, so that a
// CPU profile shows where a warm search goes (-cpuprofile). The tree is
// GOROOT/src, or SCOUT_BENCH_ROOT (a git copy of it, as agents' trees
// are: bench/vsrg makes one in /tmp/scout-corpus-git/src).
func BenchmarkConceptWarm(b *testing.B) {
	root := os.Getenv("SCOUT_BENCH_ROOT")
	if root == "" {
		root = filepath.Join(fixture.GoRoot(), "src")
	}
	o := scout.ConceptOptions{Scope: scout.Scope{Paths: []string{root}}, CacheOptions: scout.CacheOptions{CacheDir: b.TempDir()}}
	for _, desc := range []string{"the code that retries after a timeout", "http.Request"} {
		b.Run(desc, func(b *testing.B) {
			o.Description = desc
			if _, err := scout.Concept(context.Background(), o); err != nil { // builds the index
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := scout.Concept(context.Background(), o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkConceptSearch is the ranking alone: no walk, no page. The
// index is built once, written as it is kept and read back (so the search
// reads it as a kept one, checking its pages), and searched with the
// reader a search uses for phrases. Where BenchmarkConceptWarm's profile
// is mostly the walk's system calls, this one shows the ranker's share.
func BenchmarkConceptSearch(b *testing.B) {
	root := os.Getenv("SCOUT_BENCH_ROOT")
	if root == "" {
		root = filepath.Join(fixture.GoRoot(), "src")
	}
	built, err := scout.BuildConcept(context.Background(), root)
	if err != nil {
		b.Fatal(err)
	}
	ix, err := concept.Decode(built.Encode())
	if err != nil {
		b.Fatal(err)
	}
	for _, desc := range []string{"where sessions expire", "the code that retries after a timeout"} {
		b.Run(desc, func(b *testing.B) {
			q := concept.Query{Text: desc, Read: scout.PhraseText}
			for b.Loop() {
				if leads, _ := ix.SearchFound(q, scout.MaxConceptLeads); len(leads) == 0 {
					b.Fatal("no leads")
				}
			}
		})
	}
}
