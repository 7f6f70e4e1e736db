package page

import (
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
