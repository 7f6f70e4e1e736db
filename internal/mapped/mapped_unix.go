//go:build unix

// Package mapped maps files into memory read-only, for the readers of
// large files that look at only part of them (git's index, the concept
// index): no copy, and only the pages touched are read.
package mapped

import (
	"os"
	"syscall"

	"github.com/scoutcode/scout/internal/regular"
)

// File maps the file at path read-only; with populate, its pages are made
// present at once (on Linux: a page fault costs microseconds here, so a
// reader of every page gains). It falls back to reading the file where
// mapping fails. The bytes must be given back with Unmap, and never
// written.
func File(path string, populate bool) ([]byte, os.FileInfo, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if fi.Size() == 0 {
		return []byte{}, fi, nil
	}
	flags := syscall.MAP_SHARED
	if populate {
		flags |= mapPopulate
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, flags)
	if err != nil {
		data, err := regular.ReadFile(path)
		return data, fi, err
	}
	return b, fi, nil
}

// Unmap gives back what File mapped (bytes it read instead are left to
// the collector).
func Unmap(b []byte) {
	if len(b) > 0 {
		syscall.Munmap(b)
	}
}
