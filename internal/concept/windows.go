package concept

// A definition longer than a chunk is cut into windows that overlap, each
// a chunk that defines it (so that nothing after its first lines goes
// unranked). For a reader they are one place: a search gives the
// definition once, as its best window, and the page shows the
// definition's lines from its first window to its last (Span).

// Windows returns the first and last chunk of the definition chunk c is
// a window of: the run of chunks around it in its file at the same
// definition's line (At), each starting after the one before and no later
// than the line after its end, as the chunker cuts a definition's
// windows. (A definition nested on its parent's line starts no later than
// the parent: a minified file's definitions, all on line 1, are not one.)
// A chunk that is not a window (a whole definition, or lines between
// definitions) is its own: c, c.
func (ix *Index) Windows(c int) (first, last int) {
	first, last = c, c
	for first > 0 && ix.continues(first-1, first) {
		first--
	}
	for last+1 < ix.NumChunks() && ix.continues(last, last+1) {
		last++
	}
	return first, last
}

// Span returns the lines of the definition chunk c is a window of, from
// its first window's first line to its last window's last; a chunk that
// is not a window, its own lines.
func (ix *Index) Span(c int) (start, end int) {
	first, last := ix.Windows(c)
	return ix.Chunk(first).Start, ix.Chunk(last).End
}

// continues says whether chunk b (a+1) is the window of a definition
// after chunk a: see Windows. It reads the chunks' lines only, kept beside
// the lengths a search has read already.
//
// Most pairs differ in file or definition line, and a search asks of
// every chunk it ranks: those two are read first, the line alone.
func (ix *Index) continues(a, b int) bool {
	if ix.fileOf[a] != ix.fileOf[b] {
		return false
	}
	if at := ix.at(a); at == 0 || at != ix.at(b) {
		return false
	}
	ca, cb := ix.Chunk(a), ix.Chunk(b)
	return ca.At != 0 && ca.At == cb.At && cb.Start > ca.Start && cb.Start <= ca.End+1
}

// oneWindowEach leaves out, of candidates sorted best first, each
// window of a definition after its best: the definition is one lead.
func (ix *Index) oneWindowEach(top []cand) []cand {
	seen := map[int]bool{}
	out := top[:0]
	for _, c := range top {
		if !ix.laterWindow(seen, c.chunk) {
			out = append(out, c)
		}
	}
	return out
}

// definitions returns how many definitions the candidates are, a
// definition's windows counting once.
func (ix *Index) definitions(cands []cand) int {
	n := len(cands)
	seen := map[int]bool{}
	for _, c := range cands {
		if ix.laterWindow(seen, c.chunk) {
			n--
		}
	}
	return n
}

// laterWindow reports whether chunk c is a window of a definition another
// of whose windows seen holds (definitions cut into windows, by their
// first), and adds c's.
func (ix *Index) laterWindow(seen map[int]bool, c uint32) bool {
	first, last := ix.Windows(int(c))
	if first == last {
		return false // most chunks: not a window
	}
	if seen[first] {
		return true
	}
	seen[first] = true
	return false
}
