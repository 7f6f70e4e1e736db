package scout

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/scoutcode/scout/internal/concept"
)

// TestOldFiles pins the join of a search's paths with a kept index's
// files: sorted or not (an update appends what it adds), with files gone
// and files new.
func TestOldFiles(t *testing.T) {
	files := func(paths ...string) []concept.File {
		out := make([]concept.File, len(paths))
		for i, p := range paths {
			out[i].Path = p
		}
		return out
	}
	for _, c := range []struct {
		name  string
		old   []concept.File
		paths []string
		want  []int32
	}{
		{"same", files("a", "b/c", "b/d"), []string{"a", "b/c", "b/d"}, []int32{0, 1, 2}},
		{"gone and new", files("a", "b/c", "b/d", "e"), []string{"a0", "b/c", "e", "f"}, []int32{-1, 1, 3, -1}},
		{"appended by an update", files("b", "d", "a", "c"), []string{"a", "b", "c", "d", "e"}, []int32{2, 0, 3, 1, -1}},
		{"none kept", nil, []string{"a", "b"}, []int32{-1, -1}},
		{"none now", files("a"), nil, []int32{}},
		{"paths not in order", files("a", "b"), []string{"b", "a", "c"}, []int32{1, 0, -1}},
	} {
		scope := make([]scopeFile, len(c.paths))
		for i, p := range c.paths {
			scope[i].path = p
		}
		if got := oldFiles(c.old, scope); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestSlashFastPath holds slash's shortcut to Clean's answer.
func TestSlashFastPath(t *testing.T) {
	for _, p := range []string{"a", "a/b.go", "/abs/x", "a//b", "a/./b", "a/../b", "./a", "a/", ".", "..", "/", "a/.hidden", ".github/x", "a/b/..", "x.y/z"} {
		if got, want := slash(p), filepath.ToSlash(filepath.Clean(p)); got != want {
			t.Errorf("slash(%q) = %q, want %q", p, got, want)
		}
	}
}
