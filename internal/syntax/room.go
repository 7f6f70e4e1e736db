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
// Measured on those six files, with giveBack: room for two, 817-821 MB
// and 984-1,070 MB, in about the time they took before (13.4-14.7 s and
// 15.6-18.7 s, from 13.3 s and 14.9 s); room for one, 446 MB and 731 MB,
// but in 25 s. Eight MCP calls at once over them (outlines, concept,
// callers, refs, grep): 1.07 GB, from 3.81 GB. A file's tree follows its
// tokens more than its bytes; MaxTokens and MaxNesting keep a dense file
// from taking several times its share (see parsable).
var room = newGate(2 * MaxSize)

// gate hands out a fixed amount of room, first come first served: a
// request waits for its turn, then for its room. A small request (an
// eighth of the room or less: a region around a name, most whole files)
// takes room out of turn when there is some, so a question about a name
// does not wait behind an outline's large files; a large one waiting its
// turn still gets room as soon as the small parses in flight leave enough.
type gate struct {
	size int64
	turn chan struct{} // held by the request waiting for room

	mu    sync.Mutex
	free  int64
	freed chan struct{} // made when a request finds too little room; closed when room is next given back
}

func newGate(size int64) *gate {
	return &gate{size: size, turn: make(chan struct{}, 1), free: size}
}

// acquire waits for n of the room (all of it when n is more), or until
// ctx is done, and returns what it took, for release.
func (g *gate) acquire(ctx context.Context, n int64) (int64, error) {
	n = min(max(n, 1), g.size)
	if n <= g.size/8 {
		if ok, _ := g.take(n); ok {
			return n, nil
		}
	}
	select {
	case g.turn <- struct{}{}:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	defer func() { <-g.turn }()
	for {
		ok, freed := g.take(n)
		if ok {
			return n, nil
		}
		select {
		case <-freed:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

// take takes n of the room if it is free; if not, it returns a channel
// closed when room is next given back, to wait on.
func (g *gate) take(n int64) (bool, <-chan struct{}) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.free >= n {
		g.free -= n
		return true, nil
	}
	if g.freed == nil {
		g.freed = make(chan struct{})
	}
	return false, g.freed
}

// release gives back n taken by acquire.
func (g *gate) release(n int64) {
	if n == 0 {
		return
	}
	g.mu.Lock()
	g.free += n
	if g.freed != nil { // someone waits: wake them
		close(g.freed)
		g.freed = nil
	}
	g.mu.Unlock()
}
