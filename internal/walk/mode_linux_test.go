package walk

import (
	"testing"

	"golang.org/x/sys/unix"
)

// statMode reads a stat mode as readdir reads a d_type: one table for both.
func TestStatModeIFTODT(t *testing.T) {
	types := map[uint32]uint8{
		unix.S_IFDIR: unix.DT_DIR, unix.S_IFLNK: unix.DT_LNK, unix.S_IFREG: unix.DT_REG, unix.S_IFIFO: unix.DT_FIFO,
		unix.S_IFSOCK: unix.DT_SOCK, unix.S_IFCHR: unix.DT_CHR, unix.S_IFBLK: unix.DT_BLK,
	}
	for st, dt := range types {
		if got, want := statMode(st|0o644), direntMode(dt); got != want || (want == 0 && st != unix.S_IFREG) {
			t.Errorf("mode %o: %v, want %v", st, got, want)
		}
	}
}
