package match

import (
	"bytes"
)

// maxScanFreq is how common (per million bytes, both cases) the rarest byte
// of a folded literal may be for scanning with bytes.IndexByte; above it
// the pair filter's steady three bytes per nanosecond win over IndexByte
// restarting every hundred bytes or less.
const maxScanFreq = 10000

// prefilter finds the next place where one of a few required literals
// starts. A plain literal is found with bytes.Index (bytes.IndexByte for one
// byte), which run at memory speed. A folded literal of two bytes or more is
// found by scanning for its rarest byte in both cases with bytes.IndexByte
// when that byte is rare, else by a word-at-a-time filter on the rarest
// byte and a neighbour (see pairFilter); the whole literal is then
// compared, ASCII case-insensitively, around each hit.
//
// Positions found ahead are cached per epoch (one buffer, searched
// forward), so with several literals no stretch is scanned twice for the
// same one.
type prefilter struct {
	items []item
	epoch uint64
}

type item struct {
	lit   lit
	pair  *pairFilter // for a folded literal of two bytes or more
	scan  [2]byte     // the rarest byte of a folded literal, in both cases
	nscan int         // 1 when that byte has no case
	at    int         // its offset in the literal
	rare  bool        // a plain literal found by its rarest byte (scan[0], at offset at)
	next  int         // cached next start at or after the last query; -1: none left
	hits  [2]int      // cached next offset of each scan byte; -1: none left
}

func newPrefilter(lits []lit) *prefilter {
	p := &prefilter{}
	for _, l := range lits {
		it := item{lit: l}
		if l.fold {
			it.at, _ = rarest(l)
			c := l.s[it.at]
			it.scan[0], it.nscan = c, 1
			if u := upper(c); u != c {
				it.scan[1], it.nscan = u, 2
			}
			if _, freq := rarest(l); len(l.s) >= 2 && freq > maxScanFreq {
				it.pair = newPairFilter(l.s, it.at)
			}
		} else if at, freq := rarest(l); len(l.s) >= 2 && freq <= maxScanFreq && 2*freq < byteFreq[l.s[0]] {
			// bytes.Index restarts at every occurrence of the first
			// byte ("n" of net.Listen, every ~35 bytes of code); the
			// rarest ("L", every ~230) restarts less.
			it.rare, it.at, it.scan[0], it.nscan = true, at, l.s[at], 1
		}
		p.items = append(p.items, it)
	}
	return p
}

// find returns the first offset at or after at where a literal starts, or
// -1. epoch identifies the buffer and search; it changes for a new one.
func (p *prefilter) find(buf []byte, at int, epoch uint64) int {
	if len(p.items) == 1 && (!p.items[0].lit.fold || p.items[0].nscan == 1) {
		if it := &p.items[0]; it.lit.fold {
			return it.findFold(buf, at, false)
		}
		return p.items[0].findPlain(buf, at)
	}
	if p.epoch != epoch {
		p.epoch = epoch
		for i := range p.items {
			p.items[i].next = -2
			p.items[i].hits = [2]int{-2, -2}
		}
	}
	best := -1
	for i := range p.items {
		it := &p.items[i]
		if it.next != -1 && it.next < at {
			if it.lit.fold {
				it.next = it.findFold(buf, at, true)
			} else {
				it.next = it.findPlain(buf, at)
			}
		}
		if it.next >= 0 && (best < 0 || it.next < best) {
			best = it.next
		}
	}
	return best
}

// findPlain returns the first start at or after at of the plain literal:
// by its rarest byte when it was chosen (see newPrefilter), else with
// bytes.Index.
func (it *item) findPlain(buf []byte, at int) int {
	if !it.rare {
		return index(buf, at, it.lit.s)
	}
	s, c := it.lit.s, it.scan[0]
	for from := at + it.at; from < len(buf); {
		j := bytes.IndexByte(buf[from:], c)
		if j < 0 {
			return -1
		}
		start := from + j - it.at
		if start+len(s) > len(buf) {
			return -1
		}
		if string(buf[start:start+len(s)]) == s {
			return start
		}
		from += j + 1
	}
	return -1
}

func index(buf []byte, at int, s string) int {
	var i int
	if len(s) == 1 {
		i = bytes.IndexByte(buf[at:], s[0])
	} else {
		i = bytes.Index(buf[at:], []byte(s))
	}
	if i < 0 {
		return -1
	}
	return at + i
}

// findFold returns the first start at or after at of the folded literal.
// With cached set, the scan positions of the two cases are kept between
// calls (see prefilter); otherwise they are searched afresh.
func (it *item) findFold(buf []byte, at int, cached bool) int {
	s := it.lit.s
	if it.pair != nil {
		return it.pair.find(buf, at, s)
	}
	if !cached {
		it.hits = [2]int{-2, -2}
	}
	for from := at + it.at; from < len(buf); {
		hit := -1
		for k := 0; k < it.nscan; k++ {
			h := it.hits[k]
			if h != -1 && h < from {
				h = -1
				if j := bytes.IndexByte(buf[from:], it.scan[k]); j >= 0 {
					h = from + j
				}
				it.hits[k] = h
			}
			if h >= 0 && (hit < 0 || h < hit) {
				hit = h
			}
		}
		if hit < 0 {
			return -1
		}
		start := hit - it.at
		if start+len(s) <= len(buf) && equalFold(buf[start:start+len(s)], s) {
			return start
		}
		from = hit + 1
	}
	return -1
}

// equalFold compares b with the lower-case ASCII string s, ignoring ASCII
// case in b.
func equalFold(b []byte, s string) bool {
	for i := 0; i < len(s); i++ {
		if lower(b[i]) != s[i] {
			return false
		}
	}
	return true
}

// pairFilter finds a folded literal by two of its bytes at once: the rarest
// one (at offset at in the literal) and its neighbour (offset at+d, d = ±1).
// It reads the input eight bytes at a time, sets bit 0x20 in every byte (which
// maps an ASCII upper-case letter onto its lower case, and leaves the lower
// case alone), and marks the lanes equal to the wanted byte, in the word at
// p and in the word at p+d; a lane marked in both is a candidate. With two
// bytes of one word tested per lane, candidates are rare (for "unmar" in Go
// source, about one per ten thousand bytes), and each is confirmed by
// comparing the whole literal.
type pairFilter struct {
	at, d      int
	want, next uint64 // the two bytes (with 0x20 set) repeated in every lane
}

const (
	lanes7F = 0x7F7F7F7F7F7F7F7F
	lanes20 = 0x2020202020202020
	lanes01 = 0x0101010101010101
)

func newPairFilter(s string, at int) *pairFilter {
	d := 1
	if at+1 >= len(s) {
		d = -1
	}
	return &pairFilter{at: at, d: d, want: uint64(s[at]|0x20) * lanes01, next: uint64(s[at+d]|0x20) * lanes01}
}

// zeroLanes returns x with the high bit set in exactly the lanes that are 0.
func zeroLanes(x uint64) uint64 {
	return ^((x&lanes7F + lanes7F) | x | lanes7F)
}

// find returns the first start at or after from of the folded literal s.
func (f *pairFilter) find(buf []byte, from int, s string) int {
	// The pair is the bytes at q and q+1 of a match's place: q is the
	// rarest byte's offset, or its neighbour's when that comes first.
	q := f.at
	a, b := byte(f.want), byte(f.next)
	if f.d < 0 {
		q, a, b = f.at-1, byte(f.next), byte(f.want)
	}
	for p := from + q; p+1 < len(buf); {
		i := pairScan(buf[p:], a, b)
		if i < 0 {
			break
		}
		start := p + i - q
		if start+len(s) <= len(buf) && equalFold(buf[start:start+len(s)], s) {
			return start
		}
		p += i + 1
	}
	return -1
}
