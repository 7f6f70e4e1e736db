//go:build unix

package gitstatus

import (
	"os"
	"syscall"
)

// StatOf returns a file's stat data as Changed compares it (nil when the
// system does not give it).
func StatOf(fi os.FileInfo) *FileStat {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	return statOf(st)
}

// StatOfRaw is StatOf for a stat structure the caller filled (fstat).
func StatOfRaw(st *syscall.Stat_t) *FileStat { return statOf(st) }
