package match

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestFindPlainEqualsIndex: a plain literal found by its rarest byte is
// found where bytes.Index finds it, from every offset, in text made of the
// literal's own bytes (so near misses abound).
func TestFindPlainEqualsIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, s := range []string{"net.Listen", "strconv.Atoi", "eLe", "aaaaZ", "aZ", "oQ"} {
		p := newPrefilter([]lit{{s: s}})
		if !p.items[0].rare {
			t.Fatalf("%q: not found by its rarest byte", s)
		}
		for range 200 {
			buf := make([]byte, r.IntN(200))
			for i := range buf {
				buf[i] = s[r.IntN(len(s))]
				if r.IntN(20) == 0 {
					buf[i] = '\n'
				}
			}
			if r.IntN(3) == 0 && len(buf) > len(s) {
				copy(buf[r.IntN(len(buf)-len(s)):], s)
			}
			for at := 0; at <= len(buf); at++ {
				want := bytes.Index(buf[at:], []byte(s))
				if want >= 0 {
					want += at
				}
				if got := p.items[0].findPlain(buf, at); got != want {
					t.Fatalf("%q in %q from %d: %d, want %d", s, buf, at, got, want)
				}
			}
		}
	}
}
