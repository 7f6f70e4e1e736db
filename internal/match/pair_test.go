package match

import (
	"bytes"
	"testing"
)

// pairScanRef is the definition pairScan and pairScanGo must agree with.
func pairScanRef(buf []byte, a, b byte) int {
	for i := 0; i+1 < len(buf); i++ {
		if buf[i]|0x20 == a && buf[i+1]|0x20 == b {
			return i
		}
	}
	return -1
}

func TestPairScan(t *testing.T) {
	for n := range 200 {
		buf := bytes.Repeat([]byte("xy"), n)[:n]
		for _, at := range []int{0, 1, n / 2, n - 2, n - 1} {
			if at < 0 || at+1 >= n {
				continue
			}
			b := append([]byte(nil), buf...)
			b[at], b[at+1] = 'U', 'n'
			want := pairScanRef(b, 'u', 'n')
			if got := pairScan(b, 'u', 'n'); got != want {
				t.Fatalf("len %d, pair at %d: pairScan %d, want %d", n, at, got, want)
			}
			if got := pairScanGo(b, 'u', 'n'); got != want {
				t.Fatalf("len %d, pair at %d: pairScanGo %d, want %d", n, at, got, want)
			}
		}
	}
}

// FuzzPairScan: the AVX2 scan (where the CPU has it), the word-at-a-time
// one and the definition agree.
func FuzzPairScan(f *testing.F) {
	f.Add([]byte("hello Unmarshal world"), byte('u'), byte('n'))
	f.Add(bytes.Repeat([]byte("aUnA"), 50), byte('u'), byte('n'))
	f.Fuzz(func(t *testing.T, buf []byte, a, b byte) {
		want := pairScanRef(buf, a, b)
		if got := pairScan(buf, a, b); got != want {
			t.Fatalf("pairScan = %d, want %d", got, want)
		}
		if got := pairScanGo(buf, a, b); got != want {
			t.Fatalf("pairScanGo = %d, want %d", got, want)
		}
	})
}
