package rank

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestParentRemembersAsItScans: parent asked about lines in order (as
// hits come, a line again for a second match) answers as a classifier
// asked afresh, on text with deep and shallow lines, blank lines, and
// stretches longer than maxParent.
func TestParentRemembersAsItScans(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for round := range 20 {
		var b strings.Builder
		depth := 0
		for range 3000 {
			switch x := r.IntN(100); {
			case x < 8:
				b.WriteString("\n")
				continue
			case round%4 == 0 && r.IntN(800) == 0, round%4 != 0 && x < 10+round:
				depth = r.IntN(11) // rarely, in every fourth round: stretches past maxParent
			}
			b.WriteString(strings.Repeat("\t", depth) + "x\n")
		}
		buf := []byte(b.String())
		var starts []int
		for i := 0; i < len(buf); i++ {
			if i == 0 || buf[i-1] == '\n' {
				starts = append(starts, i)
			}
		}
		c := NewClassifier(Go, buf)
		width := 1
		for k := 0; k < len(starts); k += r.IntN(41) {
			// k may stay: a line asked again, as for two matches in its
			// first name; widths past the memo's table are asked too
			if r.IntN(5) == 0 {
				width = 1 + r.IntN(3)
				if r.IntN(10) == 0 {
					width = len(c.pm) + r.IntN(3)
				}
			}
			got := c.parent(starts[k], width)
			want := NewClassifier(Go, buf).parent(starts[k], width)
			if !bytes.Equal(got, want) || (got == nil) != (want == nil) || len(got) > 0 && &got[0] != &want[0] {
				t.Fatalf("round %d, line %d, width %d: %q, want %q", round, k+1, width, got, want)
			}
		}
	}
}
