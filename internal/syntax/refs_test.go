//go:build cgo

package syntax

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var wantLabels = regexp.MustCompile(`(?://|#) want: ([a-z ]+)$`)

// TestRefsLabels: each use of a name gets the label the parser's tree
// says (testdata/refs.txtar marks the expected labels line by line).
func TestRefsLabels(t *testing.T) {
	a, err := txtar.ParseFile("testdata/refs.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range a.Files {
		_, refs, err := Refs(context.Background(), f.Name, f.Data, "Conn")
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		got := map[int][]string{}
		for _, r := range refs {
			got[r.Line] = append(got[r.Line], r.Kind)
		}
		for i, line := range strings.Split(string(f.Data), "\n") {
			m := wantLabels.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			want := strings.Join(strings.Fields(m[1]), " ")
			if g := strings.Join(got[i+1], " "); g != want {
				t.Errorf("%s:%d: %s\n\tgot  %s\n\twant %s", f.Name, i+1, strings.TrimSpace(line), g, want)
			}
		}
	}
}
