//go:build unix && !linux

package walk

import (
	"os"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// readDir lists dir sorted by name. With keep, it also returns a handle on
// the open directory; the caller owns one reference per file task it hands
// the handle to, and must call adopt with their number.
func readDir(dir string, keep bool) ([]os.DirEntry, *dirHandle, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, nil, err
	}
	entries, err := f.ReadDir(-1)
	slices.SortFunc(entries, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	if !keep || err != nil {
		f.Close()
		return entries, nil, err
	}
	// The handle owns a duplicate of the descriptor, so the os.File can go.
	fd := -1
	if rc, err := f.SyscallConn(); err == nil {
		rc.Control(func(raw uintptr) {
			if d, err := unix.FcntlInt(raw, unix.F_DUPFD_CLOEXEC, 0); err == nil {
				fd = d
			}
		})
	}
	f.Close()
	if fd < 0 {
		return entries, nil, nil
	}
	return entries, &dirHandle{fd: fd}, nil
}
