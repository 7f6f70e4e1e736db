package walk

import (
	"golang.org/x/sys/unix"
	"testing"
)

// statMode reads a stat mode as readdir reads a d_type: one table for both.
func TestStatModeIFTODT(t *testing.T) {
	for _, c := range []struct {
		st uint32
		dt uint8
	}{{unix.S_IFDIR, unix.DT_DIR}, {unix.S_IFLNK, unix.DT_LNK}, {unix.S_IFREG, unix.DT_REG}, {unix.S_IFIFO, unix.DT_FIFO}, {unix.S_IFSOCK, unix.DT_SOCK}, {unix.S_IFCHR, unix.DT_CHR}, {unix.S_IFBLK, unix.DT_BLK}} {
		if statMode(c.st|0o644) != direntMode(c.dt) || direntMode(c.dt) == direntMode(0) {
			t.Errorf("%o", c.st)
		}
	}
}
