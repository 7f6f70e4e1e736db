package mapped

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestFile: a mapped file holds the file's bytes, with or without its
// pages made present; an empty file maps to no bytes; a missing one is
// the error os.Open gives.
func TestFile(t *testing.T) {
	dir := t.TempDir()
	want := bytes.Repeat([]byte("scout maps this file\n"), 1000)
	path := filepath.Join(dir, "f")
	os.WriteFile(path, want, 0o644)
	for _, populate := range []bool{false, true} {
		got, fi, err := File(path, populate)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) || fi.Size() != int64(len(want)) {
			t.Errorf("populate %v: %d bytes, want %d", populate, len(got), len(want))
		}
		Unmap(got)
	}
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, nil, 0o644)
	if got, _, err := File(empty, false); err != nil || len(got) != 0 {
		t.Errorf("an empty file: %d bytes, %v", len(got), err)
	}
	if _, _, err := File(filepath.Join(dir, "missing"), false); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}
