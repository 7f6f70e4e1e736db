package suggest

import (
	"strings"
	"testing"
)

func TestClosest(t *testing.T) {
	known := []string{"go", "js", "ts", "typescript", "python", "rust", "markdown"}
	for _, c := range []struct{ name, want string }{
		{"golang", ""},
		{"pyhton", "python"},
		{"type", "typescript"},
		{"rs", "js,ts"},
		{"markdwon", "markdown"},
		{"zzzzzz", ""},
	} {
		if got := strings.Join(Closest(c.name, known, 2), ","); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
