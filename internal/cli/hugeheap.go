package cli

import (
	"runtime"
	"strings"
	"sync"
)

// hugeHeapBytes is how much of the heap hugeHeap asks to be backed by
// huge pages: what a warm concept search over Go's source tree allocates
// before its page is out, roughly (4 MiB and 8 MiB gave less; 32 MiB and
// 64 MiB no more).
const hugeHeapBytes = 16 << 20

var hugeHeapOnce sync.Once

// hugeHeap asks the kernel to back the next hugeHeapBytes of Go's heap with
// transparent huge pages, once per process, where the system leaves them
// to a program's asking (Linux's "madvise" mode, the usual default), and
// returns what takes the advice back.
//
// Why: a command is a fresh process, and every page of heap it touches
// for the first time is a page fault. On a virtual machine a fault costs
// far more than on bare metal (6-15 µs measured on 2-CPU Firecracker
// VMs), and a warm concept search took ~3,300 of them, a third of its
// CPU. With its heap in 2 MiB pages they fall to ~1,300-1,500: over a git
// copy of GOROOT/src, "where sessions expire" took 82 ms instead of 100 ms
// and "the code that retries after a timeout" 91 ms instead of 113 ms (21
// runs alternating; `fd -t f .` 85 ms).
//
// What it costs: ~7 ms (the allocation and a collection), so it pays only
// for a command that allocates tens of MiB (`scout version` took 7 ms
// more, a grep nothing less): only the concept command asks. And it costs
// an index build dear: cold builds took 10.3-16.8 s instead of 10.4-10.5
// s, even with the advice taken back as the build began (the pages
// already huge stay so). So a search asks only when an index is kept, and
// takes the advice back (undo) when files are read again.
// GODEBUG=disablethp=1 (Go's own switch for huge pages) turns it off.
func hugeHeap(getenv func(string) string) (undo func()) {
	undo = func() {}
	hugeHeapOnce.Do(func() {
		if !wantHugeHeap(thpMode(), getenv("GODEBUG")) {
			return
		}
		// The runtime maps fresh heap for the allocation; the advice
		// stays on those pages; the collection frees them for the
		// allocations that follow.
		b := make([]byte, hugeHeapBytes)
		undo = adviseHuge(b)
		runtime.KeepAlive(b)
		b = nil
		runtime.GC()
	})
	return sync.OnceFunc(undo)
}

// wantHugeHeap reports whether to ask for huge pages, given the kernel's
// mode (the contents of /sys/kernel/mm/transparent_hugepage/enabled, the
// chosen one in brackets) and GODEBUG: only in "madvise" mode ("always"
// gives them unasked, "never" refuses them), and not when GODEBUG turns
// them off.
func wantHugeHeap(mode, godebug string) bool {
	for _, kv := range strings.Split(godebug, ",") {
		if strings.TrimSpace(kv) == "disablethp=1" {
			return false
		}
	}
	return strings.Contains(mode, "[madvise]")
}
