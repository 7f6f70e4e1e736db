package match

// litTrie holds a large set of literals, matched with case: it finds the
// lines that hold one, and their spans as the regexp of their alternation
// does (leftmost first, and at one position the literal given first).
type litTrie struct {
	root [256]int32 // the root's children (0: none): every position starts there
	kids [][]edge   // by node: its children, in the order added (the root's are in root)
	term []int32    // by node: 1 + the index of the first literal ending there; 0 for none
}

type edge struct {
	c    byte
	node int32
}

func newLitTrie(lits []string) *litTrie {
	t := &litTrie{kids: [][]edge{nil}, term: []int32{0}}
	add := func() int32 {
		t.kids = append(t.kids, nil)
		t.term = append(t.term, 0)
		return int32(len(t.term) - 1)
	}
	for i, l := range lits {
		n := int32(0)
		for j := 0; j < len(l); j++ {
			c := l[j]
			if n == 0 {
				if t.root[c] == 0 {
					t.root[c] = add()
				}
				n = t.root[c]
				continue
			}
			k := t.child(n, c)
			if k == 0 {
				k = add()
				t.kids[n] = append(t.kids[n], edge{c, k})
			}
			n = k
		}
		if t.term[n] == 0 {
			t.term[n] = int32(i) + 1
		}
	}
	return t
}

// child returns node n's child for byte c, or 0.
func (t *litTrie) child(n int32, c byte) int32 {
	for _, e := range t.kids[n] {
		if e.c == c {
			return e.node
		}
	}
	return 0
}

// at returns the end of the match that starts at i, if one does: of the
// literals that occur there, the one given first.
func (t *litTrie) at(line []byte, i int) (int, bool) {
	if i >= len(line) || t.root[line[i]] == 0 {
		return 0, false
	}
	best, end := int32(0), 0
	for n, j := t.root[line[i]], i+1; ; j++ {
		if t.term[n] != 0 && (best == 0 || t.term[n] < best) {
			best, end = t.term[n], j
		}
		if j >= len(line) {
			break
		}
		if n = t.child(n, line[j]); n == 0 {
			break
		}
	}
	return end, best != 0
}

// find returns where the first match at or after i starts, or -1: one
// table lookup a byte, and a walk down the trie where a literal may
// start.
func (t *litTrie) find(buf []byte, i int) int {
	for ; i < len(buf); i++ {
		if t.root[buf[i]] != 0 {
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
