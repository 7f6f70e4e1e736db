//go:build !unix

package scout

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/scoutcode/scout/internal/gitstatus"
	"github.com/scoutcode/scout/internal/walk"
)

// openFile is an open file of the walk (see read.go).
type openFile struct {
	f     *os.File
	mtime time.Time
}

func openEntry(e *walk.Entry) (openFile, error) {
	f, err := os.Open(filepath.FromSlash(e.Path))
	if err != nil {
		return openFile{}, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return openFile{}, err
	}
	return openFile{f: f, mtime: info.ModTime()}, nil
}

func (f openFile) read(b []byte) (int, error) {
	n, err := f.f.Read(b)
	if n == 0 && errors.Is(err, io.EOF) {
		err = nil
	}
	return n, err
}

func (f openFile) size(n int) int64 {
	if info, err := f.f.Stat(); err == nil && info.Size() > int64(n) {
		return info.Size()
	}
	return int64(n)
}

func (f openFile) close() {
	if f.f != nil {
		f.f.Close()
	}
}

// info returns the file's modification time (and no stat data for the git
// signal: it then hashes the content).
func (f openFile) info() (time.Time, *gitstatus.FileStat, bool) {
	return f.mtime, nil, !f.mtime.IsZero()
}
