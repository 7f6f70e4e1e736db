package cli

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// thpMode returns the kernel's transparent huge page mode, "" when it
// cannot be read.
func thpMode() string {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil {
		return ""
	}
	return string(b)
}

// adviseHuge advises the kernel to back the whole 2 MiB pages inside b
// with huge pages, and returns what takes the advice back. Advice refused
// changes nothing: it is ignored.
func adviseHuge(b []byte) (undo func()) {
	const huge = 2 << 20
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	start := (p + huge - 1) &^ (huge - 1)
	end := (p + uintptr(len(b))) &^ (huge - 1)
	if end <= start {
		return func() {}
	}
	unix.Madvise(b[start-p:end-p], unix.MADV_HUGEPAGE)
	// The undo names the pages by address, not by b: they are the heap's,
	// for whatever it puts there once b is collected.
	return func() { unix.Syscall(unix.SYS_MADVISE, start, end-start, unix.MADV_NOHUGEPAGE) }
}
