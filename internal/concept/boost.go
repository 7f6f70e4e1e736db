package concept

import "slices"

// Boost adds to each lead the signals of its file (given in the units of
// a lead's score; none is 0) and orders the leads again: by score, then
// path, then line, the total order Search gives. It is how signals that
// know nothing of the words (a file being worked on, changed lately,
// used lately) re-order the leads the words brought, and only them: a
// chunk Search left out stays out.
func (ix *Index) Boost(leads []Lead, signals func(file int) []Signal) {
	for i := range leads {
		l := &leads[i]
		for _, s := range signals(int(ix.fileOf[l.Chunk])) {
			if s.Value != 0 {
				l.Signals = append(l.Signals, s)
				l.Score += s.Value
			}
		}
	}
	slices.SortStableFunc(leads, func(a, b Lead) int {
		return ix.leadOrder(a.Score, uint32(a.Chunk), b.Score, uint32(b.Chunk))
	})
}
