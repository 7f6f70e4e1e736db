//go:build unix

package scout

import (
	"bytes"
	"syscall"
	"time"

	"github.com/scoutcode/scout/internal/walk"
)

// readFile reads the file of entry e into buf, grown as needed, and returns
// the data, the file's size, and the offset of the first NUL byte in its
// first firstChunk bytes (-1 for none). A file whose first chunk holds a
// NUL is binary and is not read further (as ripgrep does): data is then
// only that chunk. A file over max bytes (max > 0) is errTooLarge, with its
// size.
//
// The work per file is three system calls: openat (relative to the open
// directory, see walk.Entry.OpenFD), read, close. Two usual ones are left
// out, because on a machine where a system call costs microseconds they
// are a tenth of the time of a search:
//
//   - No fstat for a file smaller than the first chunk (most files): the
//     walk already knows the entry is a regular file, and the size comes
//     from reading. A larger file is asked its size, to be refused before it
//     is read when over the limit and to be read into a buffer of the right
//     size at once.
//   - No read that returns 0 to confirm the end. A read of a regular file
//     returns less than asked for only at the end of the file: the kernel
//     fills the request from the page cache and is not interrupted by
//     signals short of fatal ones (Linux filemap_read). When a read fills
//     the buffer, the buffer grows and reading goes on.
//
// os.Open is not used either: it makes four fcntl calls and an epoll_ctl
// per file to try the network poller, which regular files never use.
func readFile(e *walk.Entry, buf []byte, max int64) (data []byte, size int64, nul int, f openFile, err error) {
	data, size, nul, f, err = readFD(e, buf, max)
	if err != nil {
		f.close()
		f = openFile{}
	}
	return data, size, nul, f, err
}

// openFile is a file readFile left open, so that its modification time can
// be asked without resolving its path again. Close it (once); the zero
// value holds nothing.
type openFile struct {
	fd   int
	open bool
}

func (f openFile) close() {
	if f.open {
		syscall.Close(f.fd)
	}
}

// modTime returns the file's modification time.
func (f openFile) modTime() (time.Time, bool) {
	var st syscall.Stat_t
	if !f.open || syscall.Fstat(f.fd, &st) != nil {
		return time.Time{}, false
	}
	return time.Unix(st.Mtim.Unix()), true
}

func readFD(e *walk.Entry, buf []byte, max int64) (data []byte, size int64, nul int, f openFile, err error) {
	fd, err := e.OpenFD()
	if err != nil {
		return buf[:0], 0, -1, openFile{}, err
	}
	f = openFile{fd: fd, open: true}
	if cap(buf) < firstChunk {
		buf = make([]byte, grow(cap(buf), firstChunk))
	}
	buf = buf[:cap(buf)]
	n, err := read(fd, buf[:firstChunk])
	if err != nil {
		return buf[:0], 0, -1, f, err
	}
	if i := bytes.IndexByte(buf[:n], 0); i >= 0 {
		return buf[:n], int64(n), i, f, nil
	}
	if n < firstChunk {
		return buf[:n], int64(n), -1, f, checkMax(n, max)
	}
	// A file of firstChunk bytes or more: ask its size once, to refuse one
	// over the limit before reading it and to read the rest in one go.
	size = fileSize(fd, n)
	if max > 0 && size > max {
		return buf[:0], size, -1, f, errTooLarge
	}
	if int64(cap(buf)) <= size {
		bigger := make([]byte, grow(cap(buf), int(size)+1))
		copy(bigger, buf[:n])
		buf = bigger
	}
	buf = buf[:cap(buf)]
	for {
		m, err := read(fd, buf[n:])
		if err != nil {
			return buf[:0], int64(n), -1, f, err
		}
		n += m
		if n < len(buf) {
			break // a short read: the end of the file
		}
		if err := checkMax(n, max); err != nil { // the file grew while read
			return buf[:0], int64(n), -1, f, err
		}
		bigger := make([]byte, grow(cap(buf), n+1))
		copy(bigger, buf[:n])
		buf = bigger
	}
	return buf[:n], int64(n), -1, f, checkMax(n, max)
}

func checkMax(n int, max int64) error {
	if max > 0 && int64(n) > max {
		return errTooLarge
	}
	return nil
}

func read(fd int, b []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, b)
		if err != syscall.EINTR {
			return max(n, 0), err
		}
	}
}

// fileSize returns the size of the open file, or at least n when the
// system cannot say.
func fileSize(fd, n int) int64 {
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err == nil && st.Size > int64(n) {
		return st.Size
	}
	return int64(n)
}
