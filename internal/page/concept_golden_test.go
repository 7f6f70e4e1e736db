package page

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestConceptCutGolden: the bytes of a concept page whose exact hits were
// cut and whose leads are the best of more chunks, on its first page and
// its last, in each face.
func TestConceptCutGolden(t *testing.T) {
	faces := map[string]Face{"cli": CLI, "mcp": {Cursor: `cursor "%s"`, Exact: "the grep tool, literal and case insensitive", Narrow: "send a path"}}
	for _, name := range []string{"cli", "mcp"} {
		var got []byte
		for _, start := range []int{0, 5} {
			in := ConceptInput{
				Description: "wait for the lock",
				Exact: []File{
					{Path: "sync/mutex.go", Lines: []Line{{Number: 12, Text: "\t// wait for the lock"}, {Number: 40, Text: "// wait for the lock, then spin"}}},
					{Path: "os/file.go", Lines: []Line{{Number: 7, Text: "// wait for the lock"}, {Number: 9, Text: "// wait for the lock"}}},
					{Path: "a b.go", Lines: []Line{{Number: 3, Text: "// Wait for the lock."}}},
				},
				ExactFound: Totals{Matches: 812, Files: 57},
				LeadsFound: 9120, LeadsRanked: 2, // one left out for holding an exact hit
				Leads: []Lead{{Path: "sync/rwmutex.go", Start: 20, End: 31, Kind: "method", Name: "RLock", Score: 90476, Terms: []string{"wait", "lock"},
					Lines: []Line{{Number: 20, Text: "func (rw *RWMutex) RLock() {"}}}},
				Searched: 120, Number: 1 + start/5, Start: start, Budget: 4000, Face: faces[name],
				Cursor: func(next int, _ Key) string { return fmt.Sprintf("c%d", next) },
			}
			p := PlanConcept(in)
			got = fmt.Appendf(got, "== from unit %d\n%s", start+1, p.Text)
		}
		fixture.Golden(t, filepath.Join("testdata", "golden", "concept-cut-"+name+".txt"), got, *update, "go test ./internal/page -run TestConceptCutGolden -update")
	}
}

// TestConceptLeadsInExactGolden: a page whose every chunk that shares the
// description's words holds an exact hit says so, not that no chunk
// shares a word with it (as it said).
func TestConceptLeadsInExactGolden(t *testing.T) {
	var got []byte
	for _, n := range []int{1, 3} {
		p := PlanConcept(ConceptInput{
			Description:  "ends the session",
			Exact:        []File{{Path: "a.go", Lines: []Line{{Number: 3, Text: "// Close ends the session."}}}},
			LeadsInExact: n, Searched: 1, Number: 1, Budget: 4000, Face: CLI,
			Cursor: func(next int, _ Key) string { return fmt.Sprintf("c%d", next) },
		})
		got = fmt.Appendf(got, "== LeadsInExact %d\n%s", n, p.Text)
	}
	fixture.Golden(t, filepath.Join("testdata", "golden", "concept-leads-in-exact.txt"), got, *update, "go test ./internal/page -run TestConceptLeadsInExactGolden -update")
}

// TestConceptLongLines: a line longer than a concept page shows is cut to
// a window around what brought it, in the text and the JSON alike: the
// exact hit's words (they were cut out of the middle of the line), a
// lead's terms by their stem ("retries" brought "retry"); a short line is
// left whole.
func TestConceptLongLines(t *testing.T) {
	long := strings.Repeat("x", 300) + " Retry after a TIMEOUT " + strings.Repeat("y", 300)
	p := PlanConcept(ConceptInput{
		Description: "retry after a timeout",
		Exact:       []File{{Path: "a.go", Lines: []Line{{Number: 3, Text: "\t" + long}, {Number: 4, Text: "short: retry after a timeout"}}}},
		Leads: []Lead{{Path: "b.js", Start: 1, End: 1, Score: 9, Terms: []string{"retries"},
			Lines: []Line{{Number: 1, Text: strings.Repeat("z", 500) + "function retryLater(){}" + strings.Repeat("z", 500)}}}},
		Searched: 2, Number: 1, Budget: 4000, Face: CLI,
		Cursor: func(next int, _ Key) string { return fmt.Sprintf("c%d", next) },
	})
	exact, lead := p.Files[0].Lines[0], p.Leads[0].Lines[0]
	for _, c := range []struct {
		l      Line
		words  string
		column int
	}{{exact, "Retry after a TIMEOUT", 1 + 301 + 1}, {lead, "function retryLater", 500 + len("function ") + 1}} {
		if !strings.Contains(c.l.Text, c.words) || len(c.l.Text) > maxConceptLine+2*len("…") || c.l.Column != c.column {
			t.Errorf("line %d: column %d, %q; want %q at column %d, within %d bytes", c.l.Number, c.l.Column, c.l.Text, c.words, c.column, maxConceptLine)
		}
		if !strings.Contains(p.Text, strings.TrimSpace(c.l.Text)) {
			t.Errorf("the text does not show line %d's window:\n%s", c.l.Number, p.Text)
		}
	}
	if short := p.Files[0].Lines[1]; short.Column != 0 || short.Text != "short: retry after a timeout" {
		t.Errorf("a short line: %+v", short)
	}
}
