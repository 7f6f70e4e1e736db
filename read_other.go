//go:build !unix

package scout

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/scoutcode/scout/internal/walk"
)

// readFile reads the file of entry e into buf, grown as needed, and returns
// the data, the file's size and the offset of the first NUL byte in its
// first firstChunk bytes (-1 for none). See the unix version for the
// details.
func readFile(e *walk.Entry, buf []byte, max int64) (data []byte, size int64, nul int, of openFile, err error) {
	f, err := os.Open(filepath.FromSlash(e.Path))
	if err != nil {
		return buf[:0], 0, -1, openFile{}, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return buf[:0], 0, -1, openFile{}, err
	}
	of = openFile{info.ModTime()}
	size = info.Size()
	if max > 0 && size > max {
		return buf[:0], size, -1, of, errTooLarge
	}
	if cap(buf) < int(size)+1 {
		buf = make([]byte, grow(cap(buf), int(size)+1))
	}
	buf = buf[:cap(buf)]
	n := 0
	for {
		m, err := f.Read(buf[n:])
		n += m
		if err == io.EOF {
			break
		}
		if err != nil {
			return buf[:0], int64(n), -1, of, err
		}
		if n == len(buf) {
			if max > 0 && int64(n) > max {
				return buf[:0], int64(n), -1, of, errTooLarge
			}
			bigger := make([]byte, grow(cap(buf), n+1)) // the file grew while read
			copy(bigger, buf[:n])
			buf = bigger
		}
	}
	return buf[:n], int64(n), bytes.IndexByte(buf[:min(n, firstChunk)], 0), of, nil
}

// openFile holds what readFile learned of the file (here the file is
// already closed).
type openFile struct{ mtime time.Time }

func (f openFile) close() {}

func (f openFile) modTime() (time.Time, bool) { return f.mtime, !f.mtime.IsZero() }
