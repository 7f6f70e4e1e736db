//go:build unix

package walk

import (
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/scoutcode/scout/internal/regular"
	"golang.org/x/sys/unix"
)

// dirHandle keeps a directory open while its files are visited, so that
// they can be opened relative to it (openat): the kernel then resolves one
// path component instead of walking the whole path, permission checks
// included, for every file.
type dirHandle struct {
	fd   int
	refs atomic.Int32 // file tasks not yet visited
}

// adopt records n references; with none, the directory is closed now.
func (h *dirHandle) adopt(n int) {
	if h == nil {
		return
	}
	if n == 0 {
		unix.Close(h.fd)
		return
	}
	h.refs.Store(int32(n))
}

// release drops one reference, closing the directory after the last.
func (h *dirHandle) release() {
	if h != nil && h.refs.Add(-1) == 0 {
		unix.Close(h.fd)
	}
}

// OpenFD opens the entry's file read-only and returns its descriptor. For a
// file inside a directory walked with Options.DirHandles it opens the file
// relative to that directory; it must then be called during Visit. The file
// is opened non-blocking: one replaced by a named pipe since the walk saw
// it reads as empty instead of waiting for a writer (for a regular file the
// flag changes nothing).
func (e *Entry) OpenFD() (int, error) {
	for {
		var fd int
		var err error
		if e.dir != nil {
			fd, err = unix.Openat(e.dir.fd, e.name(), unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
		} else {
			fd, err = regular.OpenLong(e.Path, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NONBLOCK)
		}
		if err != unix.EINTR {
			return fd, err
		}
	}
}

func (e *Entry) name() string {
	return e.Path[strings.LastIndexByte(e.Path, '/')+1:]
}

// Stat returns the entry's file information, following a symlink. For a
// file inside a directory walked with Options.DirHandles it asks relative
// to that directory; it must then be called during Visit.
func (e *Entry) Stat() (os.FileInfo, error) {
	if e.dir == nil {
		return os.Stat(e.Path)
	}
	var st unix.Stat_t
	if err := e.fstatat(&st); err != nil {
		return nil, err
	}
	return statInfo{name: e.name(), st: st}, nil
}

// SizeTime is Stat's size and modification time, without an os.FileInfo
// made for each file (a walk that stats every file of a large tree spends
// a fifth of its allocations on them).
func (e *Entry) SizeTime() (int64, time.Time, error) {
	if e.dir == nil {
		fi, err := os.Stat(e.Path)
		if err != nil {
			return 0, time.Time{}, err
		}
		return fi.Size(), fi.ModTime(), nil
	}
	var st unix.Stat_t
	if err := e.fstatat(&st); err != nil {
		return 0, time.Time{}, err
	}
	return st.Size, time.Unix(st.Mtim.Unix()), nil
}

// fstatat stats the entry relative to its open directory.
func (e *Entry) fstatat(st *unix.Stat_t) error {
	for {
		err := unix.Fstatat(e.dir.fd, e.name(), st, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return &os.PathError{Op: "stat", Path: e.Path, Err: err}
		}
		return nil
	}
}

// statInfo is an os.FileInfo over a unix.Stat_t.
type statInfo struct {
	name string
	st   unix.Stat_t
}

func (s statInfo) Name() string { return s.name }
func (s statInfo) Size() int64  { return s.st.Size }
func (s statInfo) Mode() os.FileMode {
	m := os.FileMode(s.st.Mode & 0o777)
	switch s.st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
		m |= os.ModeDir
	case unix.S_IFLNK:
		m |= os.ModeSymlink
	}
	return m
}
func (s statInfo) ModTime() time.Time {
	sec, nsec := s.st.Mtim.Unix()
	return time.Unix(sec, nsec)
}
func (s statInfo) IsDir() bool { return s.st.Mode&unix.S_IFMT == unix.S_IFDIR }
func (s statInfo) Sys() any    { return &s.st }

// StatLong is os.Stat (os.Lstat when !follow) for a path too long for one
// system call (see OpenLong). A symbolic link is not followed only where
// the system can open a link itself; elsewhere it is reported as an error.
func StatLong(path string, follow bool) (os.FileInfo, error) {
	flags := unix.O_RDONLY | unix.O_NONBLOCK | unix.O_CLOEXEC
	if !follow {
		flags |= unix.O_NOFOLLOW
	}
	fd, err := regular.OpenLong(path, flags)
	if err != nil {
		return nil, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	f := os.NewFile(uintptr(fd), path)
	defer f.Close()
	return f.Stat()
}
