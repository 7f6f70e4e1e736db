//go:build !purego

package match

// setMask64AVX2 is in shufti_amd64.s.
//
//go:noescape
func setMask64AVX2(p *byte, tab *[4][16]byte) uint64

// mask returns bit j set for each j in [0, 64) with p[j] in set 0 and
// p[j+1] in set 1; p holds at least 65 bytes. With AVX2, 32 positions a
// step; the Go loop agrees (FuzzByteSets).
func (b *byteSets) mask(p []byte) uint64 {
	if !haveAVX2 {
		return b.maskGo(p)
	}
	_ = p[64]
	return setMask64AVX2(&p[0], &b.tab)
}

// setScanFast says whether mask is worth calling: the CPU tests 32 bytes a
// step.
var setScanFast = haveAVX2
