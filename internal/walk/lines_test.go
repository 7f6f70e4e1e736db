package walk

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLineInPath: the ways tools name lines of a file split into the file
// and its lines, only when the path itself is not there and the file is.
func TestLineInPath(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"f.go", "notes", "notes:12", "a:b"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path     string
		file     string // "": not split
		from, to int
	}{
		{"f.go:120", "f.go", 120, 0},
		{"f.go:120-140", "f.go", 120, 140},
		{"f.go:120:7", "f.go", 120, 0},
		{"f.go:120:7:", "f.go", 120, 0},
		{"f.go:120:", "f.go", 120, 0},
		{"f.go#L120", "f.go", 120, 0},
		{"f.go#L120-L140", "f.go", 120, 140},
		{"f.go#L120-140", "f.go", 120, 140},
		{"a:b:3", "a:b", 3, 0},
		{"f.go:0", "", 0, 0},                    // no line 0
		{"f.go:20-10", "", 0, 0},                // a range that ends before it starts
		{"f.go:x", "", 0, 0},                    // not a number
		{"f.go:99999999999999999999", "", 0, 0}, // past int
		{"nope.go:3", "", 0, 0},                 // no such file either
		{"d:3", "", 0, 0},                       // a directory has no lines
		{"notes:12", "", 0, 0},                  // a file of that name is that file
		{"f.go", "", 0, 0},
	} {
		file, from, to, ok := LineInPath(filepath.Join(dir, c.path))
		want := c.file != ""
		if ok != want || ok && (file != filepath.Join(dir, c.file) || from != c.from || to != c.to) {
			t.Errorf("LineInPath(%q) = %q, %d, %d, %v; want %q, %d, %d, %v", c.path, strings.TrimPrefix(file, dir), from, to, ok, c.file, c.from, c.to, want)
		}
	}

	// A root that names lines says how to read them, and is still "not there".
	err := NotThere(filepath.Join(dir, "f.go:3-4"), syscall.ENOENT)
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "read "+filepath.Join(dir, "f.go")+":3-4 shows lines 3-4") {
		t.Errorf("NotThere(f.go:3-4) = %v", err)
	}
	if err := NotThere(filepath.Join(dir, "nope.go:3"), syscall.ENOENT); err != syscall.ENOENT {
		t.Errorf("NotThere(nope.go:3) = %v, want the error as it was", err)
	}
}

// TestBadLines: lines no file has, of a file that is there, are named as
// such (read said "no such file" of a file that is there); other paths
// are not.
func TestBadLines(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"f.go", "notes:0"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for path, want := range map[string]string{
		"f.go:0":                      "lines are counted from 1",
		"f.go#L0":                     "lines are counted from 1",
		"f.go:20-10":                  "the lines 20-10 end before they start",
		"f.go#L20-L10":                "the lines 20-10 end before they start",
		"f.go:99999999999999999999":   "line 99999999999999999999 is past any file's end",
		"f.go:3-99999999999999999999": "line 99999999999999999999 is past any file's end",
		"f.go:3":                      "", // good lines
		"nope.go:0":                   "", // no such file either
		"notes:0":                     "", // a file of that name
		"f.go":                        "",
	} {
		file, why := BadLines(filepath.Join(dir, path))
		if why != want || (want != "") != (file == filepath.Join(dir, "f.go")) {
			t.Errorf("BadLines(%q) = %q, %q; want %q", path, strings.TrimPrefix(file, dir), why, want)
		}
	}
	err := NotThere(filepath.Join(dir, "f.go:0"), syscall.ENOENT)
	if !errors.Is(err, fs.ErrNotExist) || !strings.HasSuffix(err.Error(), "(a path here takes no line: name "+filepath.Join(dir, "f.go")+")") {
		t.Errorf("NotThere(f.go:0) = %v", err)
	}
}
