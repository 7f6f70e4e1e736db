// Package regular opens and reads the files a tree holds that must be
// regular files (ignore files, git's HEAD, refs, index and objects)
// without waiting: a named pipe in their place makes a plain open wait for
// a writer, forever. A tree is input like any other, and may hold one.
package regular

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ErrNotRegular is the error for a path that is a named pipe, a socket
// or a device (a directory gets EISDIR, as os.ReadFile gives it).
var ErrNotRegular = errors.New("not a regular file")

// Open opens a regular file for reading. O_NONBLOCK lets the open of a
// named pipe return at once (it changes nothing for a regular file); the
// open file's mode then decides. A path longer than the system takes in
// one call is opened a part at a time (see OpenLong).
func Open(path string) (*os.File, error) {
	f, _, err := OpenStat(path)
	return f, err
}

// OpenStat is Open that also returns the file's information: the open
// file's, or, when it is no regular file, the information that refused it
// (a directory gets EISDIR, as os.ReadFile gives it; anything else wraps
// ErrNotRegular).
func OpenStat(path string) (*os.File, fs.FileInfo, error) {
	f, err := openFile(path, os.O_RDONLY|syscall.O_NONBLOCK)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	switch {
	case fi.IsDir():
		// Callers that pass over a directory named like the file they
		// want test for EISDIR.
		f.Close()
		return nil, fi, &fs.PathError{Op: "read", Path: path, Err: syscall.EISDIR}
	case !fi.Mode().IsRegular():
		f.Close()
		return nil, fi, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, Kind(fi.Mode()))}
	}
	return f, fi, nil
}

// ReadFile is os.ReadFile for a regular file only (see Open), read into
// a buffer of the file's size.
func ReadFile(path string) ([]byte, error) {
	f, fi, err := OpenStat(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadSized(f, fi.Size())
}

// ReadSized reads r to its end into a buffer made for size bytes (a
// file's, as stat gave it; it may have grown since), with room for the
// read that finds the end (ReadFrom grows a buffer with less than MinRead
// free, copying it): io.ReadAll starts from 512 bytes and doubles, copying
// and clearing ~2.5 times what it reads (a 9 MB file: 22.5 MB; git's
// 350 KB pack index, read by every search of a repository, 2 ms of a warm
// concept search).
func ReadSized(r io.Reader, size int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, max(0, min(size, 1<<30))+bytes.MinRead))
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Kind names what a file that is not regular is ("a named pipe"), for
// messages.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}
