package walk

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// statter checks, during the walk, that SizeTime says what os.Stat does.
type statter struct {
	collector
	t       *testing.T
	checked int
}

func (s *statter) Visit(e Entry) error {
	if e.IsDir {
		return nil
	}
	size, mtime, err := e.SizeTime()
	fi, serr := os.Stat(e.Path)
	if err != nil || serr != nil {
		s.t.Errorf("%s: %v, %v", e.Path, err, serr)
		return nil
	}
	if size != fi.Size() || !mtime.Equal(fi.ModTime()) {
		s.t.Errorf("%s: SizeTime %d %v, stat %d %v", e.Path, size, mtime, fi.Size(), fi.ModTime())
	}
	s.checked++
	return nil
}

// TestSizeTime holds SizeTime to os.Stat, with and without open
// directories, for files of different sizes and times.
func TestSizeTime(t *testing.T) {
	dir := t.TempDir()
	for i := range 12 {
		p := filepath.Join(dir, "d"+strconv.Itoa(i%3), "f"+strconv.Itoa(i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, make([]byte, 100*i), 0o644); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2020, 1, 1, 0, 0, i, 123456789*i%1000000000, time.UTC)
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	for _, handles := range []bool{true, false} {
		s := &statter{t: t}
		if err := Parallel(context.Background(), []string{dir}, Options{DirHandles: handles}, 1, func(int) Visitor { return s }); err != nil {
			t.Fatal(err)
		}
		if s.checked != 12 {
			t.Errorf("handles %v: %d files checked, want 12", handles, s.checked)
		}
	}
}
