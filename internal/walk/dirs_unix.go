//go:build unix

package walk

import (
	"os"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// dirHandle keeps a directory open while its files are visited, so that
// they can be opened relative to it (openat): the kernel then resolves one
// path component instead of walking the whole path, permission checks
// included, for every file.
type dirHandle struct {
	f    *os.File
	fd   int
	refs atomic.Int32 // file tasks not yet visited
}

// readDir lists dir sorted by name. With keep, it also returns a handle on
// the open directory (nil if that fails); the caller owns one reference per
// file task it hands the handle to, and must call adopt with their number.
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
	h := &dirHandle{f: f, fd: -1}
	rc, err := f.SyscallConn()
	if err == nil {
		rc.Control(func(fd uintptr) { h.fd = int(fd) })
	}
	if h.fd < 0 {
		f.Close()
		return entries, nil, nil
	}
	return entries, h, nil
}

// adopt records n references; with none, the directory is closed now.
func (h *dirHandle) adopt(n int) {
	if h == nil {
		return
	}
	if n == 0 {
		h.f.Close()
		return
	}
	h.refs.Store(int32(n))
}

// release drops one reference, closing the directory after the last.
func (h *dirHandle) release() {
	if h != nil && h.refs.Add(-1) == 0 {
		h.f.Close()
	}
}

// OpenFD opens the entry's file read-only and returns its descriptor. For a
// file inside a directory walked with Options.DirHandles it opens the file
// relative to that directory; it must then be called during Visit.
func (e *Entry) OpenFD() (int, error) {
	for {
		var fd int
		var err error
		if e.dir != nil {
			fd, err = unix.Openat(e.dir.fd, e.name(), unix.O_RDONLY|unix.O_CLOEXEC, 0)
		} else {
			fd, err = unix.Open(e.Path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
		}
		if err != unix.EINTR {
			return fd, err
		}
	}
}

func (e *Entry) name() string {
	return e.Path[strings.LastIndexByte(e.Path, '/')+1:]
}
