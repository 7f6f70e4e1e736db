package match

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
)

// litTrie holds a large set of literals: it finds the lines that hold
// one, and their spans as the regexp of their alternation does (leftmost
// first, and at one position the literal given first). Literals matched
// with case go in one trie; ASCII literals matched either case (smart
// case: no capital) go lowered in another, read with the text lowered.
type litTrie struct {
	exact, folded trie
	// special: a folded literal holds k or s, which Unicode also folds
	// with the Kelvin sign and the long s: text holding those is left to
	// the regexp (see safe).
	special bool
	// pairs has a bit for each two bytes a literal may start with, as
	// the text has them (both cases for a folded literal; any second byte
	// for a literal of one byte): find walks the tries only where one is
	// set.
	pairs [1 << 16 / 64]uint64
	// sets, when not nil, holds the first and second bytes of the pairs
	// for a vector test of 64 positions a step (see setsFor).
	sets *byteSets
	// grams, when gramLen > 0, tell where no literal can start by the
	// first gramLen bytes (the shortest literal's length, at most 8):
	// a bit for each hash of a literal's first gramLen bytes, as the text
	// has them (exact) or with bit 0x20 set in every byte (folded). A
	// position that passes the pairs but not these needs no walk down the
	// tries: most do not (see mayAt).
	gramLen               int
	gramMask              uint64
	exactGrams, foldGrams bitSet
	// exact2 and fold2 test again a position that passed a trie's
	// grams, before the trie is walked, when its literals are not all
	// short: by their first secondLen bytes for those that long, by their
	// first gramLen for the others. Where the shortest literal has 4
	// bytes, most positions that pass hold the first 4 of a longer one
	// and no more of it.
	exact2, fold2 secondGrams
}

// secondGrams are a trie's second gram test (see litTrie.exact2); long
// is nil when there is none.
type secondGrams struct {
	short, long bitSet
}

// secondLen is the length of the second gram test's grams.
const secondLen = 6

// pass reports whether a literal may start at buf[i:], whose gram (first
// gramLen bytes, with or bit 0x20 in every byte) is x, by the second gram
// test.
func (sg *secondGrams) pass(buf []byte, i int, x, or uint64) bool {
	if sg.long == nil || i+8 > len(buf) || sg.short != nil && sg.short.has(gramHash(x)) {
		return true
	}
	y := (binary.LittleEndian.Uint64(buf[i:]) | or) & (1<<(8*secondLen) - 1)
	return sg.long.has(gramHash(y))
}

// gramBits is the size of the gram bit sets, as a power of two: 8 KiB,
// so that a thousand literals' prefixes mark 1.5% of the bits.
const gramBits = 16

// minGram is the shortest literal length worth the gram test: with fewer
// bytes it tests little more than the pairs do.
const minGram = 4

// gramHash spreads the first bytes of a literal over the gram bits.
func gramHash(x uint64) uint64 { return x * 0x9E3779B97F4A7C15 >> (64 - gramBits) }

// fold20 sets bit 0x20 in every byte: an ASCII letter becomes lower case,
// and text that matches a lowered literal either case matches it here too.
const fold20 = 0x2020202020202020

// grams makes the gram bit sets of the literals (fold[i]: lits[i] is
// matched either case, lowered).
func (t *litTrie) grams(lits []string, fold []bool) {
	n := 8
	for _, l := range lits {
		if l != "" {
			n = min(n, len(l))
		}
	}
	if n < minGram {
		return
	}
	t.gramLen, t.gramMask = n, ^uint64(0)>>(64-8*n)
	add := func(set *bitSet, x uint64) {
		if *set == nil {
			*set = make(bitSet, 1<<gramBits/64)
		}
		set.add(gramHash(x))
	}
	for i, l := range lits {
		if l == "" {
			continue
		}
		var b [8]byte
		copy(b[:], l)
		x := binary.LittleEndian.Uint64(b[:])
		set, sg := &t.exactGrams, &t.exact2
		if fold[i] { // bit 0x20 lowers the ASCII letters the trie lowers
			x, set, sg = x|fold20, &t.foldGrams, &t.fold2
		}
		add(set, x&t.gramMask)
		switch {
		case n >= secondLen:
		case len(l) >= secondLen:
			add(&sg.long, x&(1<<(8*secondLen)-1))
		default:
			add(&sg.short, x&t.gramMask)
		}
	}
	for _, sg := range []*secondGrams{&t.exact2, &t.fold2} {
		if sg.long == nil { // all short: the first test was the whole of it
			sg.short = nil
		}
	}
}

// bitSet is a set of small numbers, a bit each.
type bitSet []uint64

func (s bitSet) add(h uint64)      { s[h>>6] |= 1 << (h & 63) }
func (s bitSet) has(h uint64) bool { return s[h>>6]&(1<<(h&63)) != 0 }

// mayAt reports whether a literal may start at i by the gram test: false
// only when none can.
func (t *litTrie) mayAt(b []byte, i int) bool {
	if t.gramLen == 0 || i+8 > len(b) {
		return true
	}
	x := binary.LittleEndian.Uint64(b[i:]) & t.gramMask
	return t.exactGrams != nil && t.exactGrams.has(gramHash(x)) ||
		t.foldGrams != nil && t.foldGrams.has(gramHash((x|fold20)&t.gramMask))
}

// pair marks the two bytes a, b as a start.
func (t *litTrie) pair(a, b byte) {
	k := uint16(a)<<8 | uint16(b)
	t.pairs[k>>6] |= 1 << (k & 63)
}

// starts marks the first two bytes of l (matched either case when fold).
func (t *litTrie) starts(l string, fold bool) {
	cases := func(c byte) []byte {
		if fold && lowerASCII[c] != upper(lowerASCII[c]) {
			return []byte{lowerASCII[c], upper(lowerASCII[c])}
		}
		return []byte{c}
	}
	for _, a := range cases(l[0]) {
		if len(l) == 1 {
			for b := range 256 {
				t.pair(a, byte(b))
			}
			continue
		}
		for _, b := range cases(l[1]) {
			t.pair(a, b)
		}
	}
}

// trie is one of litTrie's tries. It is built with kids and term, then
// frozen (see freeze) into nodes and edges, which the searches read.
type trie struct {
	root [256]int32 // the root's children (0: none): every position starts there
	fold bool       // read the text lowered (ASCII)
	// While it is built: by node, its children in the order added (the
	// root's are in root), and 1 + the index of the first literal ending
	// there (0: none).
	kids [][]edge
	term []int32
	// Frozen: by node, its record; the children of all nodes, each node's
	// together; for a node with many children, 1 + the index of the table
	// of them in dense.
	nodes []tnode
	edges []edge
	dense [][256]int32
	// two, for a big trie, maps the first two bytes to the node they lead
	// to (0: none), in place of a search of the first node's children.
	two []int32
}

// tnode is a frozen node of a trie: the literal ending there (as term),
// where its children are in edges, and its table of them (as above).
type tnode struct {
	term int32
	off  uint32
	n    uint32
	wide int32
}

type edge struct {
	c    byte
	node int32
}

// lowerASCII maps each byte to its ASCII lower case.
var lowerASCII = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
		if i >= 'A' && i <= 'Z' {
			t[i] = byte(i) + 'a' - 'A'
		}
	}
	return t
}()

// newLitTrie builds the set; fold[i] says literal i is matched either
// case (and is ASCII: see literalSet).
func newLitTrie(lits []string, fold []bool) *litTrie {
	t := &litTrie{}
	t.exact.init(false)
	t.folded.init(true)
	for i, l := range lits {
		if l == "" {
			continue
		}
		if fold[i] {
			l = strings.ToLower(l)
			t.folded.add(l, i)
			t.special = t.special || strings.ContainsAny(l, "ks")
		} else {
			t.exact.add(l, i)
		}
		t.starts(l, fold[i])
	}
	t.sets = t.setsFor()
	t.grams(lits, fold)
	t.exact.freeze()
	t.folded.freeze()
	return t
}

// minTwo is the fewest nodes a trie has for freeze to make its table of
// two bytes (256 KiB): a big set's first nodes have many children.
const minTwo = 1024

// minWide is the fewest children a node has for freeze to give it a table
// of them (1 KiB), in a big trie.
const minWide = 8

// freeze lays the trie out for searching: one record a node, the
// children of each node side by side; for a big trie, the tables of the
// first two bytes and of the children of each node with many.
func (t *trie) freeze() {
	big := len(t.term) >= minTwo
	t.nodes = make([]tnode, len(t.term))
	for n, kids := range t.kids {
		t.nodes[n] = tnode{term: t.term[n], off: uint32(len(t.edges)), n: uint32(len(kids))}
		t.edges = append(t.edges, kids...)
		if big && len(kids) >= minWide {
			var d [256]int32
			for _, e := range kids {
				d[e.c] = e.node
			}
			t.dense = append(t.dense, d)
			t.nodes[n].wide = int32(len(t.dense))
		}
	}
	if big {
		t.two = make([]int32, 1<<16)
		for a, n := range t.root {
			if n != 0 {
				for _, e := range t.kids[n] {
					t.two[a<<8|int(e.c)] = e.node
				}
			}
		}
	}
	t.kids, t.term = nil, nil
}

// maxFirstShare is the most of the text (in parts per million of source
// code's bytes, byteFreq) the literals' first bytes may make up for find to
// test 64 positions a step: past it, most steps hold a candidate anyway.
const maxFirstShare = 200_000

// setsFor returns the byte sets of the pairs when the vector test pays:
// when the CPU has it and the first bytes are rare enough in source code.
func (t *litTrie) setsFor() *byteSets {
	if !setScanFast {
		return nil
	}
	var s0, s1 [256]bool
	share := uint32(0)
	for k := range 1 << 16 {
		if t.pairs[k>>6]&(1<<(k&63)) != 0 {
			if a := k >> 8; !s0[a] {
				s0[a] = true
				share += byteFreq[a]
			}
			s1[k&0xff] = true
		}
	}
	if share > maxFirstShare {
		return nil
	}
	return newByteSets(&s0, &s1)
}

func (t *trie) init(fold bool) {
	t.kids, t.term, t.fold = [][]edge{nil}, []int32{0}, fold
}

func (t *trie) add(l string, i int) {
	node := func() int32 {
		t.kids = append(t.kids, nil)
		t.term = append(t.term, 0)
		return int32(len(t.term) - 1)
	}
	n := int32(0)
	for j := 0; j < len(l); j++ {
		c := l[j]
		if n == 0 {
			if t.root[c] == 0 {
				t.root[c] = node()
			}
			n = t.root[c]
			continue
		}
		k := t.kid(n, c)
		if k == 0 {
			k = node()
			t.kids[n] = append(t.kids[n], edge{c, k})
		}
		n = k
	}
	if t.term[n] == 0 {
		t.term[n] = int32(i) + 1
	}
}

// The UTF-8 of the two letters outside ASCII that Unicode folds with ASCII
// ones: the Kelvin sign (k) and the long s (s).
var (
	kelvin = []byte("\u212a")
	longS  = []byte("\u017f")
)

// safe reports whether the set's answer for b is the regexp's: always,
// unless a folded literal holds k or s and b holds a letter that folds
// with them.
func (t *litTrie) safe(b []byte) bool {
	return !t.special || !bytes.Contains(b, kelvin) && !bytes.Contains(b, longS)
}

// kid returns node n's child for byte c, or 0, while the trie is built.
func (t *trie) kid(n int32, c byte) int32 {
	for _, e := range t.kids[n] {
		if e.c == c {
			return e.node
		}
	}
	return 0
}

// child returns node n's child for byte c, or 0, once the trie is frozen.
func (t *trie) child(n int32, c byte) int32 {
	nd := &t.nodes[n]
	if nd.wide != 0 {
		return t.dense[nd.wide-1][c]
	}
	for _, e := range t.edges[nd.off : nd.off+nd.n] {
		if e.c == c {
			return e.node
		}
	}
	return 0
}

// at returns the end of the match that starts at i, if one does: of the
// literals that occur there, the one given first.
func (t *litTrie) at(line []byte, i int) (int, bool) {
	e1, b1 := t.exact.at(line, i)
	if len(t.folded.nodes) == 1 { // only the root: no literal matched either case
		return e1, b1 != 0
	}
	e2, b2 := t.folded.at(line, i)
	switch {
	case b1 == 0 && b2 == 0:
		return 0, false
	case b2 == 0 || b1 != 0 && b1 < b2:
		return e1, true
	}
	return e2, true
}

// at returns the end of the match at i and 1 + its literal's index, or
// 0, 0.
func (t *trie) at(line []byte, i int) (int, int32) {
	if i >= len(line) {
		return 0, 0
	}
	c := line[i]
	if t.fold {
		c = lowerASCII[c]
	}
	if t.root[c] == 0 {
		return 0, 0
	}
	best, end := int32(0), 0
	for n, j := t.root[c], i+1; ; j++ {
		if tm := t.nodes[n].term; tm != 0 && (best == 0 || tm < best) {
			best, end = tm, j
		}
		if j >= len(line) {
			break
		}
		prev := c
		c = line[j]
		if t.fold {
			c = lowerASCII[c]
		}
		if j == i+1 && t.two != nil {
			n = t.two[uint16(prev)<<8|uint16(c)]
		} else {
			n = t.child(n, c)
		}
		if n == 0 {
			break
		}
	}
	return end, best
}

// found reports whether a literal starts at buf[i:].
func (t *trie) found(buf []byte, i int) bool {
	_, lit := t.at(buf, i)
	return lit != 0
}

// mayStart reports whether a literal may start at i: by its first two
// bytes (see pairs), or by the first alone at the end.
func (t *litTrie) mayStart(b []byte, i int) bool {
	if i+1 < len(b) {
		k := uint16(b[i])<<8 | uint16(b[i+1])
		return t.pairs[k>>6]&(1<<(k&63)) != 0
	}
	return t.exact.root[b[i]] != 0 || t.folded.root[lowerASCII[b[i]]] != 0
}

// find returns where the first match at or after i starts, or -1: one
// table lookup a byte (or, with sets, a vector test of 64 positions and a
// lookup for each that may start a literal), and a walk down the trie
// where a literal may start.
func (t *litTrie) find(buf []byte, i int) int {
	if t.sets != nil {
		for ; i+65 <= len(buf); i += 64 {
			for m := t.sets.mask(buf[i:]); m != 0; m &= m - 1 {
				j := i + bits.TrailingZeros64(m)
				if k := uint16(buf[j])<<8 | uint16(buf[j+1]); t.pairs[k>>6]&(1<<(k&63)) != 0 && t.mayAt(buf, j) {
					if _, ok := t.at(buf, j); ok {
						return j
					}
				}
			}
		}
	}
	if t.gramLen > 0 {
		// The gram test alone (it costs about what the pairs' does, and
		// lets fewer positions by), four positions from one load: their
		// grams are its first gramLen bytes, then the same a byte further
		// on, and so on. Only the trie whose grams let a position by is
		// walked, after the second test: a literal found there is one
		// (find wants no more).
		exact, folded, mask := t.exactGrams, t.foldGrams, t.gramMask
		switch {
		case t.gramLen > 5:
		case folded == nil || exact == nil: // one trie
			set, tr, sg, or := exact, &t.exact, &t.exact2, uint64(0)
			if set == nil {
				set, tr, sg, or = folded, &t.folded, &t.fold2, fold20
			}
			for ; i+8 <= len(buf); i += 4 {
				w := binary.LittleEndian.Uint64(buf[i:]) | or
				switch {
				case set.has(gramHash(w&mask)) && sg.pass(buf, i, w&mask, or) && tr.found(buf, i):
					return i
				case set.has(gramHash(w>>8&mask)) && sg.pass(buf, i+1, w>>8&mask, or) && tr.found(buf, i+1):
					return i + 1
				case set.has(gramHash(w>>16&mask)) && sg.pass(buf, i+2, w>>16&mask, or) && tr.found(buf, i+2):
					return i + 2
				case set.has(gramHash(w>>24&mask)) && sg.pass(buf, i+3, w>>24&mask, or) && tr.found(buf, i+3):
					return i + 3
				}
			}
		default:
			for ; i+8 <= len(buf); i += 4 {
				w := binary.LittleEndian.Uint64(buf[i:])
				f := w | fold20
				switch {
				case exact.has(gramHash(w&mask)) && t.exact2.pass(buf, i, w&mask, 0) && t.exact.found(buf, i) ||
					folded.has(gramHash(f&mask)) && t.fold2.pass(buf, i, f&mask, fold20) && t.folded.found(buf, i):
					return i
				case exact.has(gramHash(w>>8&mask)) && t.exact2.pass(buf, i+1, w>>8&mask, 0) && t.exact.found(buf, i+1) ||
					folded.has(gramHash(f>>8&mask)) && t.fold2.pass(buf, i+1, f>>8&mask, fold20) && t.folded.found(buf, i+1):
					return i + 1
				case exact.has(gramHash(w>>16&mask)) && t.exact2.pass(buf, i+2, w>>16&mask, 0) && t.exact.found(buf, i+2) ||
					folded.has(gramHash(f>>16&mask)) && t.fold2.pass(buf, i+2, f>>16&mask, fold20) && t.folded.found(buf, i+2):
					return i + 2
				case exact.has(gramHash(w>>24&mask)) && t.exact2.pass(buf, i+3, w>>24&mask, 0) && t.exact.found(buf, i+3) ||
					folded.has(gramHash(f>>24&mask)) && t.fold2.pass(buf, i+3, f>>24&mask, fold20) && t.folded.found(buf, i+3):
					return i + 3
				}
			}
		}
		for ; i+8 <= len(buf); i++ {
			x := binary.LittleEndian.Uint64(buf[i:]) & mask
			if exact != nil && exact.has(gramHash(x)) && t.exact.found(buf, i) || folded != nil && folded.has(gramHash((x|fold20)&mask)) && t.folded.found(buf, i) {
				return i
			}
		}
	}
	for ; i+1 < len(buf); i++ {
		if k := uint16(buf[i])<<8 | uint16(buf[i+1]); t.pairs[k>>6]&(1<<(k&63)) != 0 && t.mayAt(buf, i) {
			if _, ok := t.at(buf, i); ok {
				return i
			}
		}
	}
	for ; i < len(buf); i++ { // the last byte: a literal of one byte
		if c := buf[i]; t.exact.root[c] != 0 || t.folded.root[lowerASCII[c]] != 0 {
			if _, ok := t.at(buf, i); ok {
				return i
			}
		}
	}
	return -1
}

// spans appends the matches in line, leftmost first, without overlaps;
// with first, only the first.
func (t *litTrie) spans(line []byte, dst []Span, first bool) []Span {
	for i := 0; i < len(line); {
		if !t.mayStart(line, i) || !t.mayAt(line, i) {
			i++
			continue
		}
		if e, ok := t.at(line, i); ok {
			dst = append(dst, Span{i, e})
			if first {
				return dst
			}
			i = e
			continue
		}
		i++
	}
	return dst
}

// isWordByte reports whether c is a word character as word mode's
// boundaries take it: [0-9A-Za-z_] (a byte of a character outside ASCII
// is not).
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// wordAt returns the end of the literal that word mode's regexp matches
// at i: of the literals that occur there and end at a word boundary, the
// one given first.
func (t *litTrie) wordAt(line []byte, i int) (int, bool) {
	best, end := int32(0), 0
	for _, tr := range []*trie{&t.exact, &t.folded} {
		tr.each(line, i, func(e int, lit int32) {
			if (e == len(line) || !isWordByte(line[e])) && (best == 0 || lit < best) {
				best, end = lit, e
			}
		})
	}
	return end, best != 0
}

// each calls f with the end and 1 + the index of every literal that
// occurs at i.
func (t *trie) each(line []byte, i int, f func(end int, lit int32)) {
	if i >= len(line) {
		return
	}
	c := line[i]
	if t.fold {
		c = lowerASCII[c]
	}
	n := t.root[c]
	for j := i + 1; n != 0; j++ {
		if tm := t.nodes[n].term; tm != 0 {
			f(j, tm)
		}
		if j >= len(line) {
			return
		}
		c = line[j]
		if t.fold {
			c = lowerASCII[c]
		}
		n = t.child(n, c)
	}
}

// wordSpans is spans in word mode, as Matcher.wordMatches finds them with
// the regexp: a match starts at the line's start or after a non-word
// byte, and ends at its end or before one; at one start the literal given
// first wins; the next is looked for from the end of the last.
func (t *litTrie) wordSpans(line []byte, dst []Span, first bool) []Span {
	for i := 0; i < len(line); i++ {
		if i > 0 && isWordByte(line[i-1]) || !t.mayStart(line, i) || !t.mayAt(line, i) {
			continue
		}
		if e, ok := t.wordAt(line, i); ok {
			dst = append(dst, Span{i, e})
			if first {
				return dst
			}
			i = e - 1 // the loop steps to e
		}
	}
	return dst
}
