//go:build cgo

package syntax

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestHiddenByAsAScanner: hiddenBy, which keeps each mark's next opening,
// answers as a scan byte by byte that tries every mark at every place, on
// text of marks, halves of marks and other bytes.
func TestHiddenByAsAScanner(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"/*", "*/", `"""`, "'''", "`", "*", "/", `"`, "'", "x", "\n", " "}
	for _, marks := range [][][2]string{blockMarks, pythonMarks, jsMarks} {
		for range 2000 {
			var b strings.Builder
			for range r.IntN(40) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			src := []byte(b.String())
			if got, want := hiddenBy(src, marks), marksByScanning(src, marks); !slices.Equal(got, want) {
				t.Fatalf("%q in %q: %v, scanning %v", marks, src, got, want)
			}
		}
	}
}

// marksByScanning is hiddenBy as a plain scan: at each byte, the first
// mark (in the order given) that opens there.
func marksByScanning(src []byte, marks [][2]string) []int {
	var out []int
	for i := 0; i < len(src); {
		k := slices.IndexFunc(marks, func(m [2]string) bool { return strings.HasPrefix(string(src[i:]), m[0]) })
		if k < 0 {
			i++
			continue
		}
		out = append(out, i)
		e := strings.Index(string(src[i+len(marks[k][0]):]), marks[k][1])
		if e < 0 {
			return append(out, len(src))
		}
		i += len(marks[k][0]) + e + len(marks[k][1])
		out = append(out, i)
	}
	return out
}
