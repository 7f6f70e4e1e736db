//go:build !unix

package walk

import (
	"os"
	"time"
)

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

// SizeTime is Stat's size and modification time.
func (e *Entry) SizeTime() (int64, time.Time, error) {
	fi, err := os.Stat(e.Path)
	if err != nil {
		return 0, time.Time{}, err
	}
	return fi.Size(), fi.ModTime(), nil
}

// StatLong is os.Stat (os.Lstat when !follow).
func StatLong(path string, follow bool) (os.FileInfo, error) {
	if follow {
		return os.Stat(path)
	}
	return os.Lstat(path)
}
