//go:build !purego

package embed

import "golang.org/x/sys/cpu"

// dotInt8AVX2 is in dot_amd64.s.
//
//go:noescape
func dotInt8AVX2(a, b *byte, n int) int32

var haveAVX2 = cpu.X86.HasAVX2

// dotInt8 returns the dot product of a and b (of one length), their bytes
// read as int8: 16 values a step with AVX2 where the CPU has it, else
// dotInt8Go. The two agree (TestDotInt8, FuzzDotInt8).
func dotInt8(a, b []byte) int32 {
	if !haveAVX2 || len(a) < 16 || len(a) > 1<<16 {
		return dotInt8Go(a, b)
	}
	b = b[:len(a)]
	n := len(a) &^ 15
	s := dotInt8AVX2(&a[0], &b[0], n)
	return s + dotInt8Go(a[n:], b[n:])
}
