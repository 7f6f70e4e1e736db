//go:build !purego

package match

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// pairScanAVX2 is in pair_amd64.s.
//
//go:noescape
func pairScanAVX2(p *byte, n int, a, b byte) int

var haveAVX2 = cpu.X86.HasAVX2

// pairScan returns the first i ≥ 0 with buf[i]|0x20 == a and
// buf[i+1]|0x20 == b, or -1: 32 positions a step with AVX2, where the CPU
// has it, else pairScanGo. The two agree (FuzzPairScan).
func pairScan(buf []byte, a, b byte) int {
	if !haveAVX2 || len(buf) < 64 {
		return pairScanGo(buf, a, b)
	}
	n := (len(buf) - 33) &^ 31 // whole blocks whose reads stay in buf
	if i := pairScanAVX2(unsafe.SliceData(buf), n, a, b); i >= 0 {
		return i
	}
	if i := pairScanGo(buf[n:], a, b); i >= 0 {
		return n + i
	}
	return -1
}
