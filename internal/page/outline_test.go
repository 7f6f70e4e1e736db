package page

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestOutlineOneLineForNamesOfOneSpan: the names one line declares
// (const Fail, Stop = 2, 3) print that line once, every page it is on;
// each is counted and in the page's files.
func TestOutlineOneLineForNamesOfOneSpan(t *testing.T) {
	line := func(name string) Line {
		return Line{Number: 11, End: 11, Kind: "constant", Name: name, Text: "const Fail, Stop = 2, 3"}
	}
	defs := []Line{{Number: 3, End: 3, Kind: "constant", Name: "Retry", Text: "const Retry = 1"}, line("Fail"), line("Stop")}
	in := func(start, budget int) OutlineInput {
		return OutlineInput{
			Files: []OutlineFile{{Path: "codes.go", Grammar: "go", Defs: defs}}, By: "tree-sitter",
			Searched: 1, Start: start, Number: 1, Budget: budget, Face: CLI,
			Cursor: func(int, Key) string { return "c2.x" },
		}
	}
	p := PlanOutline(in(0, 4000))
	if got := strings.Count(p.Text, "const Fail, Stop = 2, 3"); got != 1 {
		t.Errorf("the line of two names printed %d times, want once:\n%s", got, p.Text)
	}
	if p.Shown.Matches != 3 || len(p.Files) != 1 || len(p.Files[0].Lines) != 3 {
		t.Errorf("shown %d definitions (%+v), want 3", p.Shown.Matches, p.Files)
	}
	// A page that begins with the second name prints the line again.
	p = PlanOutline(in(2, 4000))
	if !strings.Contains(p.Text, "11 const Fail, Stop = 2, 3") {
		t.Errorf("a page from the second name does not show its line:\n%s", p.Text)
	}
}

// TestOutlineWindowSamePages: every page of an outline planned from files
// an OutlineWindow kept is the page planned from all of them, byte for
// byte; and the window lets go of most definitions of a long outline.
func TestOutlineWindowSamePages(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 13))
	for round := range 40 {
		var files []OutlineFile
		for f := range 1 + rng.IntN(40) {
			var defs []Line
			for d := range rng.IntN(30) {
				l := Line{Number: 1 + 3*d, End: 2 + 3*d + rng.IntN(5), Kind: "function", Depth: rng.IntN(3), Name: fmt.Sprintf("f%d", d)}
				l.Text = fmt.Sprintf("func f%d(%s)", d, strings.Repeat("x", rng.IntN(120)))
				if d > 0 && rng.IntN(5) == 0 { // another name of the line above
					l = defs[d-1]
					l.Name += "b"
				}
				defs = append(defs, l)
			}
			files = append(files, OutlineFile{Path: fmt.Sprintf("dir/f%02d.go", f), Grammar: "go", Defs: defs})
		}
		budget := 300 + rng.IntN(4000)
		in := func(files []OutlineFile, start int) OutlineInput {
			return OutlineInput{Files: files, By: "tree-sitter", Searched: len(files), Start: start, Number: 1, Budget: budget, Face: CLI,
				Cursor: func(next int, last Key) string { return fmt.Sprintf("c2.%d.%d.%d", next, last.Path, last.Line) }}
		}
		for start := 0; ; {
			w := OutlineWindow{Start: start, Budget: budget}
			kept := make([]OutlineFile, len(files))
			held := 0
			for i, f := range files {
				kept[i] = f
				kept[i].Defs = slices.Clone(f.Defs)
				w.Keep(&kept[i])
				held += len(kept[i].Defs)
			}
			want, got := PlanOutline(in(files, start)), PlanOutline(in(kept, start))
			if got.Text != want.Text || got.Cursor != want.Cursor {
				t.Fatalf("round %d, page from %d: with the window\n%s\nwithout\n%s", round, start, got.Text, want.Text)
			}
			// Held: the page's, the rest of the file it ends in and the
			// start of the one it begins in (under 30 each), and what the
			// room its headers took would hold.
			if shown := want.Shown.Matches; held > 2*shown+60 {
				t.Errorf("round %d, page from %d: %d definitions held for a page of %d (of %d)", round, start, held, shown, want.Total.Matches)
			}
			if want.Cursor == "" {
				break
			}
			start += want.Shown.Matches
		}
	}
}
