package cli

import (
	"testing"
)

// TestWantHugeHeap: huge pages are asked for only in the kernel's
// "madvise" mode, and never against GODEBUG=disablethp=1.
func TestWantHugeHeap(t *testing.T) {
	for _, c := range []struct {
		mode, godebug string
		want          bool
	}{
		{"always [madvise] never\n", "", true},
		{"always [madvise] never\n", "disablethp=0", true},
		{"always [madvise] never\n", "gctrace=1, disablethp=1", false},
		{"always [madvise] never\n", "disablethp=1", false},
		{"[always] madvise never\n", "", false},
		{"always madvise [never]\n", "", false},
		{"", "", false}, // not Linux, or no /sys
	} {
		if got := wantHugeHeap(c.mode, c.godebug); got != c.want {
			t.Errorf("wantHugeHeap(%q, %q) = %v, want %v", c.mode, c.godebug, got, c.want)
		}
	}
}
