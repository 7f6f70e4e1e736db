package match

// A byteSets holds two sets of bytes, one for a position and one for the
// next, as the nibble tables of the "shufti" test: byte c is in set k when
// lo[k][c&15] & hi[k][c>>4] != 0. Each high nibble present gets a bit of
// its own when there are at most eight; past that, high nibbles share
// bits and the sets grow (a superset is still a sound filter).
type byteSets struct {
	tab [4][16]byte // lo0, hi0, lo1, hi1
}

// newByteSets makes the tables of the sets s0 and s1.
func newByteSets(s0, s1 *[256]bool) *byteSets {
	b := &byteSets{}
	for k, s := range []*[256]bool{s0, s1} {
		lo, hi := &b.tab[2*k], &b.tab[2*k+1]
		var bit [16]byte
		next := 0
		for c := range 256 {
			if !s[c] {
				continue
			}
			h := c >> 4
			if bit[h] == 0 {
				bit[h] = 1 << (next % 8)
				next++
			}
			lo[c&15] |= bit[h]
			hi[h] = bit[h]
		}
	}
	return b
}

// has reports whether c is in set k (0 or 1).
func (b *byteSets) has(k int, c byte) bool {
	return b.tab[2*k][c&15]&b.tab[2*k+1][c>>4] != 0
}

// maskGo is setMask64 in Go: bit j of the result is set when p[j] is in
// set 0 and p[j+1] in set 1, for j in [0, 64); p holds at least 65 bytes.
func (b *byteSets) maskGo(p []byte) uint64 {
	var m uint64
	for j := range 64 {
		if b.has(0, p[j]) && b.has(1, p[j+1]) {
			m |= 1 << j
		}
	}
	return m
}
