package walk

import (
	"context"
	"sync/atomic"
)

// Detach returns e without the open directory it may hold: an entry to
// keep past its walk, whose file is then opened by its path.
func (e Entry) Detach() Entry {
	e.dir = nil
	return e
}

// Revisit visits files a walk gave before, without walking again: n
// goroutines share entries, each with its own visitor, as in Parallel
// (newVisitor is called for every index). Each file is opened by its path
// (see Detach). A visitor's error or a cancelled context stops it, as it
// stops a walk, and is returned.
func Revisit(ctx context.Context, entries []Entry, n int, newVisitor func(int) Visitor) error {
	visitors := newVisitors(n, newVisitor)
	var next atomic.Int64
	var stopped atomic.Bool
	visit := func(v Visitor) error {
		for !stopped.Load() {
			k := int(next.Add(1) - 1)
			if k >= len(entries) {
				return nil
			}
			err := ctx.Err()
			if err == nil {
				err = v.Visit(entries[k].Detach())
			}
			if err != nil {
				stopped.Store(true)
				return err
			}
		}
		return nil
	}
	return each(visitors, visit)
}
