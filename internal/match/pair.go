package match

import (
	"encoding/binary"
	"math/bits"
)

// pairScanGo returns the first i ≥ 0 with buf[i]|0x20 == a and
// buf[i+1]|0x20 == b, or -1, eight positions a step: each word gets bit
// 0x20 set in every byte (an ASCII upper-case letter becomes its lower
// case), and the lanes equal to a in the word at i and to b in the word at
// i+1 are marked; a lane marked in both is a hit.
func pairScanGo(buf []byte, a, b byte) int {
	want, next := uint64(a)*lanes01, uint64(b)*lanes01
	i := 0
	for ; i+9 <= len(buf); i += 8 {
		w := binary.LittleEndian.Uint64(buf[i:]) | lanes20
		v := binary.LittleEndian.Uint64(buf[i+1:]) | lanes20
		if m := zeroLanes(w^want) & zeroLanes(v^next); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i+1 < len(buf); i++ {
		if buf[i]|0x20 == a && buf[i+1]|0x20 == b {
			return i
		}
	}
	return -1
}
