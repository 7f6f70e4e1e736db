//go:build cgo

package syntax

import (
	"context"
	"sync"
)

// room bounds how many bytes of source the trees alive at once were
// parsed from, over the whole process: twice MaxSize, two of the largest
// files.
//
// Why: a tree takes far more memory than its source, in C, where Go's
// collector neither sees nor limits it: a 3.6 MB file of JavaScript
// calls took 408 MB to parse. Parsed one per CPU, six such files (a
// bundled project) took an outline to 1.96 GB and a concept index build
// to 1.86 GB on 2 CPUs, and would take more with every CPU added. Most
// files are small, and many of them still parse side by side; a large
// one waits for room, and those after it wait their turn behind it.
// Measured on those six files, with giveBack: room for two, 821 MB and
// 984 MB, in about the time they took before (14.7 s and 18.7 s, from
// 13.3 s and 14.9 s); room for one, 446 MB and 731 MB, but in 25 s.
var room = newGate(2 * MaxSize)

// gate hands out a fixed amount of room, first come first served: a
// request waits for its turn, then for its room.
type gate struct {
	size int64
	turn chan struct{} // held by the request waiting for room

	mu    sync.Mutex
	free  int64
	freed chan struct{} // closed, and made again, when room is given back
}

func newGate(size int64) *gate {
	return &gate{size: size, turn: make(chan struct{}, 1), free: size, freed: make(chan struct{})}
}

// acquire waits for n of the room (all of it when n is more), or until
// ctx is done, and returns what it took, for release.
func (g *gate) acquire(ctx context.Context, n int64) (int64, error) {
	n = min(max(n, 1), g.size)
	select {
	case g.turn <- struct{}{}:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	defer func() { <-g.turn }()
	for {
		g.mu.Lock()
		if g.free >= n {
			g.free -= n
			g.mu.Unlock()
			return n, nil
		}
		freed := g.freed
		g.mu.Unlock()
		select {
		case <-freed:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

// release gives back n taken by acquire.
func (g *gate) release(n int64) {
	if n == 0 {
		return
	}
	g.mu.Lock()
	g.free += n
	close(g.freed)
	g.freed = make(chan struct{})
	g.mu.Unlock()
}
