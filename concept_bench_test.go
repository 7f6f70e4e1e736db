package scout_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/scoutcode/scout"
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
