package concept

import (
	"fmt"
	"slices"
	"testing"
)

// TestBoost: a file's signals add to its leads' scores and the leads are
// ordered again, ties by path and line; a signal of 0 is not shown.
func TestBoost(t *testing.T) {
	ix := build(map[string][][2]string{
		"a.go": {{"Retry", "retries after a timeout"}, {"Wait", "waits"}},
		"b.go": {{"Again", "retries after a timeout"}},
		"c.go": {{"Later", "retries after a timeout"}},
	})
	chunk := func(path string, n int) int {
		f := slices.IndexFunc(ix.Files, func(f File) bool { return f.Path == path })
		return ix.Files[f].first + n
	}
	leads := []Lead{
		{Chunk: chunk("a.go", 0), Score: 100},
		{Chunk: chunk("a.go", 1), Score: 90},
		{Chunk: chunk("b.go", 0), Score: 100},
		{Chunk: chunk("c.go", 0), Score: 95},
	}
	ix.Boost(leads, func(file int) []Signal {
		switch ix.Files[file].Path {
		case "c.go":
			return []Signal{{"git", 10}, {"recency", 0}}
		case "a.go":
			return []Signal{{"recency", 0}}
		}
		return nil
	})
	var got []string
	for _, l := range leads {
		c := ix.Chunk(l.Chunk)
		got = append(got, fmt.Sprintf("%s:%d score %d, %d signals", ix.Files[c.File].Path, c.Start, l.Score, len(l.Signals)))
	}
	want := []string{"c.go:1 score 105, 1 signals", "a.go:1 score 100, 0 signals", "b.go:1 score 100, 0 signals", "a.go:11 score 90, 0 signals"}
	if !slices.Equal(got, want) {
		t.Errorf("after Boost: %v, want %v", got, want)
	}
}
