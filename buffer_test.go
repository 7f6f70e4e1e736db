package scout

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSmallBuffer: a search whose workers set aside a buffer smaller than
// a file (request.buffer, as exactHits sizes it from the index) still
// reads the file whole: the hit on its last line is found, with its
// number.
func TestSmallBuffer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.txt")
	lines := strings.Repeat("filler line of text\n", 20_000) + "the needle at the end\n" // ~400 KB
	if err := os.WriteFile(path, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, buffer := range []int64{0, 1, 100, 70_000} {
		res, _, err := run(context.Background(), request{Options: Options{
			Patterns: []string{"needle"}, Fixed: true, Scope: Scope{Paths: []string{path}},
		}, buffer: buffer}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Files) != 1 || len(res.Files[0].Lines) != 1 || res.Files[0].Lines[0].Number != 20_001 {
			t.Errorf("buffer %d: %+v, want one hit on line 20001", buffer, res.Files)
		}
	}
}
