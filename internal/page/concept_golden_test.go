package page

import (
	"flag"
	"fmt"
	"path/filepath"
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
