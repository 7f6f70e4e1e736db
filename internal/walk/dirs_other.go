//go:build !unix

package walk

import "os"

// dirHandle is only used on unix (see dirs_unix.go).
type dirHandle struct{}

func readDir(dir string, keep bool) ([]os.DirEntry, *dirHandle, error) {
	entries, err := os.ReadDir(dir)
	return entries, nil, err
}

func (h *dirHandle) adopt(n int) {}
func (h *dirHandle) release()    {}

// Stat returns the entry's file information, following a symlink.
func (e *Entry) Stat() (os.FileInfo, error) { return os.Stat(e.Path) }
