package concept

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// windowed is an index of one file: a header, a long function cut into
// three windows (the description's words in its first and last), a short
// function at a line of its own, and a class whose own windows share its
// line with a method on that line (a one-line class body): not the
// class's windows; and a minified file.
func windowed(t *testing.T) *Index {
	t.Helper()
	filler := strings.Repeat("step := step + 1\n", 20)
	ts := []Text{
		{Chunk: Chunk{Start: 1, End: 5}, Body: "package fetch\nimport \"io\"\n"},
		{Chunk: Chunk{Start: 6, End: 65, At: 7}, Named: Named{Kind: "function", Name: "Fetch"}, Body: "// Fetch sends the request\n" + filler},
		{Chunk: Chunk{Start: 36, End: 95, At: 7}, Named: Named{Kind: "function", Name: "Fetch"}, Body: filler},
		{Chunk: Chunk{Start: 66, End: 110, At: 7}, Named: Named{Kind: "function", Name: "Fetch"}, Body: filler + "// after a timeout retry the request\n"},
		{Chunk: Chunk{Start: 112, End: 115, At: 113}, Named: Named{Kind: "function", Name: "Once"}, Body: "// Once sends the request once, no retry\n"},
		{Chunk: Chunk{Start: 120, End: 179, At: 120}, Named: Named{Kind: "class", Name: "Pool"}, Body: "class Pool: holds the request\n" + filler},
		{Chunk: Chunk{Start: 150, End: 200, At: 120}, Named: Named{Kind: "class", Name: "Pool"}, Body: filler},
		{Chunk: Chunk{Start: 120, End: 120, At: 120}, Named: Named{Kind: "method", Name: "get"}, Body: "def get(self): return the request\n"},
	}
	b := NewBuilder()
	b.Add(Tokenize("fetch.go", "fetch.go", Source, ts))
	// A minified file: two functions on its one line, not one.
	b.Add(Tokenize("min.js", "min.js", Source, []Text{
		{Chunk: Chunk{Start: 1, End: 1, At: 1}, Named: Named{Kind: "function", Name: "a"}, Body: "function a(){return x}"},
		{Chunk: Chunk{Start: 1, End: 1, At: 1}, Named: Named{Kind: "function", Name: "b"}, Body: "function b(){return a()}"},
	}))
	return b.Index()
}

func TestWindows(t *testing.T) {
	built := windowed(t)
	kept, err := Decode(built.Encode())
	if err != nil {
		t.Fatal(err)
	}
	for name, ix := range map[string]*Index{"built": built, "kept": kept} {
		want := map[int][4]int{ // chunk: first and last window, span's lines
			0: {0, 0, 1, 5},
			1: {1, 3, 6, 110}, 2: {1, 3, 6, 110}, 3: {1, 3, 6, 110},
			4: {4, 4, 112, 115},
			5: {5, 6, 120, 200}, 6: {5, 6, 120, 200},
			7: {7, 7, 120, 120},
			8: {8, 8, 1, 1}, 9: {9, 9, 1, 1},
		}
		for c, w := range want {
			first, last := ix.Windows(c)
			start, end := ix.Span(c)
			if got := [4]int{first, last, start, end}; got != w {
				t.Errorf("%s: chunk %d: windows %d-%d, span %d-%d; want windows %d-%d, span %d-%d", name, c, got[0], got[1], got[2], got[3], w[0], w[1], w[2], w[3])
			}
		}
	}
}

// TestOneLeadPerDefinition: a definition cut into windows is one lead,
// its best window; its other windows are not leads, do not lower the
// file's further chunks (same-file), and are not counted as chunks
// ranked.
func TestOneLeadPerDefinition(t *testing.T) {
	ix := windowed(t)
	leads, found := ix.SearchFound(Query{Text: "retry the request after a timeout"}, 10)
	var got []string
	for i, l := range leads {
		_, name, _ := ix.Strings(l.Chunk)
		got = append(got, fmt.Sprintf("%d %s", l.Chunk, name))
		// One file: the i-th lead is its i-th chunk, lowered by (2/3)^i.
		cut := 0
		for _, s := range l.Signals {
			if s.Name == "same-file" {
				cut = -s.Value
			}
		}
		before := l.Score + cut
		if want := before - int(float64(before)*math.Pow(2.0/3, float64(i))); cut != want {
			t.Errorf("lead %d (%s) is cut %d; want %d, as the file's chunk %d", i+1, name, cut, want, i+1)
		}
	}
	if want := "3 Fetch"; len(got) == 0 || got[0] != want {
		t.Fatalf("leads %q; want the window of Fetch holding the most of the description first (%s)", got, want)
	}
	fetch := 0
	for _, l := range leads {
		if first, _ := ix.Windows(l.Chunk); first == 1 {
			fetch++
		}
	}
	if fetch != 1 {
		t.Errorf("leads %q: Fetch is %d of them; want 1", got, fetch)
	}
	// Every chunk but the header holds a word of it ("request"); Fetch's
	// three windows and Pool's two count once each.
	if found != 4 {
		t.Errorf("%d chunks ranked; want 4 (Fetch, Once, Pool, get)", found)
	}
}
