package cli

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestAdviseHuge: after adviseHuge, the kernel marks the mapping that
// holds the buffer's first whole 2 MiB page as advised for huge pages
// ("hg" among its VmFlags in /proc/self/smaps).
func TestAdviseHuge(t *testing.T) {
	if !strings.Contains(thpMode(), "[madvise]") {
		t.Skipf("transparent huge pages are not in madvise mode here (%q): the advice would change nothing", strings.TrimSpace(thpMode()))
	}
	// Memory of its own, not the heap's: a concept command run by an
	// earlier test may have advised part of the heap already.
	b, err := unix.Mmap(-1, 0, 8<<20, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(b)
	const huge = 2 << 20
	at := (uintptr(unsafe.Pointer(unsafe.SliceData(b))) + huge - 1) &^ (huge - 1)
	if flags := vmFlags(t, at); strings.Contains(flags, " hg") {
		t.Fatalf("the heap was advised before adviseHuge (VmFlags:%s): the test proves nothing", flags)
	}
	adviseHuge(b)
	if flags := vmFlags(t, at); !strings.Contains(flags, " hg") {
		t.Errorf("after adviseHuge, the mapping at %#x has VmFlags:%s, without hg", at, flags)
	}
}

// vmFlags returns the VmFlags line of the mapping of this process that
// holds address at.
func vmFlags(t *testing.T, at uintptr) string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			in = lo <= at && at < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimPrefix(line, "VmFlags:")
		}
	}
	t.Fatalf("no mapping holds %#x", at)
	return ""
}

// mappingRange parses the first line of a mapping in smaps
// ("7f0000000000-7f0000200000 rw-p ...").
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	r, _, _ := strings.Cut(line, " ")
	a, b, found := strings.Cut(r, "-")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(x), uintptr(y), true
}
