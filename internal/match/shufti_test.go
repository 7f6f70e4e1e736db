package match

import (
	"bytes"
	"testing"
)

// FuzzByteSets: the AVX2 mask (where the CPU has it) and the Go loop
// agree, and both hold every position whose two bytes are in the sets
// (exactly those when each set spans at most eight high nibbles).
func FuzzByteSets(f *testing.F) {
	f.Add([]byte("ABCabc"), []byte("abcdefghijklmnopqrstuvwxyz"), bytes.Repeat([]byte("Hello World, Unmarshal it. "), 4))
	f.Add([]byte{0, 0x80, 0xff, 0x0f, 0xf0}, []byte{0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90, 0xa0}, bytes.Repeat([]byte{0, 0x80, 0xff, 0x0f, 0xf0, 0x10, 0x90, 0xa0}, 10))
	f.Fuzz(func(t *testing.T, in0, in1, buf []byte) {
		var s0, s1 [256]bool
		for _, c := range in0 {
			s0[c] = true
		}
		for _, c := range in1 {
			s1[c] = true
		}
		exact := nibbles(&s0) <= 8 && nibbles(&s1) <= 8
		b := newByteSets(&s0, &s1)
		for len(buf) < 65 {
			buf = append(buf, buf...)
			if len(buf) == 0 {
				buf = []byte{'A'}
			}
		}
		for i := 0; i+65 <= len(buf); i++ {
			got, slow := b.mask(buf[i:]), b.maskGo(buf[i:])
			if got != slow {
				t.Fatalf("at %d: mask %064b, the Go loop %064b", i, got, slow)
			}
			for j := range 64 {
				in := s0[buf[i+j]] && s1[buf[i+j+1]]
				if bit := got>>j&1 == 1; in && !bit || exact && bit != in {
					t.Fatalf("at %d+%d (%#x %#x): bit %v, in the sets %v", i, j, buf[i+j], buf[i+j+1], bit, in)
				}
			}
		}
	})
}

// nibbles counts the high nibbles of the bytes in s.
func nibbles(s *[256]bool) int {
	var seen [16]bool
	n := 0
	for c, in := range s {
		if in && !seen[c>>4] {
			seen[c>>4] = true
			n++
		}
	}
	return n
}
