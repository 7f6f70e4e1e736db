//go:build unix

package scout

import (
	"syscall"

	"time"

	"golang.org/x/sys/unix"

	"github.com/scoutcode/scout/internal/gitstatus"
	"github.com/scoutcode/scout/internal/walk"
)

// openFile is a file of the walk, open for reading (see read.go). Its
// modification time is asked of the open file, without resolving its path
// again. Close it (once); the zero value holds nothing.
//
// os.Open is not used: it makes four fcntl calls and an epoll_ctl per file
// to try the network poller, which regular files never use.
type openFile struct {
	fd   int
	open bool
}

// openEntry opens the entry's file: openat relative to the open directory
// (see walk.Entry.OpenFD).
func openEntry(e *walk.Entry) (openFile, error) {
	fd, err := e.OpenFD()
	if err != nil {
		return openFile{}, err
	}
	return openFile{fd: fd, open: true}, nil
}

func (f openFile) read(b []byte) (int, error) {
	for {
		n, err := unix.Read(f.fd, b)
		if err != unix.EINTR {
			return max(n, 0), err
		}
	}
}

// size returns the size of the open file, or at least n when the system
// cannot say.
func (f openFile) size(n int) int64 {
	var st unix.Stat_t
	if err := unix.Fstat(f.fd, &st); err == nil && st.Size > int64(n) {
		return st.Size
	}
	return int64(n)
}

func (f openFile) close() {
	if f.open {
		unix.Close(f.fd)
	}
}

// info returns the file's modification time and its stat data as the git
// signal compares it, from one fstat.
func (f openFile) info() (time.Time, *gitstatus.FileStat, bool) {
	var st syscall.Stat_t
	if !f.open || syscall.Fstat(f.fd, &st) != nil {
		return time.Time{}, nil, false
	}
	gs := gitstatus.StatOfRaw(&st)
	return time.Unix(gs.MtimeSec, gs.MtimeNsec), gs, true
}
