//go:build cgo

package syntax

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestGateBounds: requests of many sizes at once never hold more than the
// gate's room together, each gets its room in the end (one larger than
// the room gets all of it), and a wait ended by its context gives its
// turn to the next.
func TestGateBounds(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	g := newGate(100)
	var held, most atomic.Int64
	var wg sync.WaitGroup
	// Bounded, so that a waiter never woken fails the test instead of hanging it.
	bound, stop := context.WithTimeout(context.Background(), 30*time.Second)
	defer stop()
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := int64(1 + rand.IntN(150))
			if i%50 == 0 {
				n = 1000 // more than the room
			}
			took, err := g.acquire(bound, n)
			if err != nil || took != min(n, 100) {
				t.Errorf("acquire(%d) = %d, %v (a wait never woken, when the context's 30 s ran out)", n, took, err)
				return
			}
			now := held.Add(took)
			for old := most.Load(); now > old && !most.CompareAndSwap(old, now); old = most.Load() {
			}
			runtime.Gosched()
			held.Add(-took)
			g.release(took)
		}()
	}
	wg.Wait()
	if m := most.Load(); m > 100 {
		t.Errorf("%d held at once, in a room of 100", m)
	}
	if free := g.available(); free != g.size {
		t.Errorf("%d of %d free after every request gave its room back", free, g.size)
	}

	all, _ := g.acquire(context.Background(), 100)
	ctx, cancel := context.WithCancel(context.Background())
	waited := make(chan error)
	go func() {
		_, err := g.acquire(ctx, 1)
		waited <- err
	}()
	cancel()
	if err := <-waited; !errors.Is(err, context.Canceled) {
		t.Errorf("a wait whose context ended: %v, want context.Canceled", err)
	}
	g.release(all)
	if took, err := g.acquire(context.Background(), 100); err != nil || took != 100 {
		t.Errorf("after an ended wait, acquire(100) = %d, %v: the turn was not given back", took, err)
	}
}

// TestGateSmallOutOfTurn: while a large request waits its turn for room,
// a small one takes room that is free at once, and a large one waits in
// line behind it.
func TestGateSmallOutOfTurn(t *testing.T) {
	g := newGate(100)
	held, _ := g.acquire(context.Background(), 60)
	large := make(chan int64)
	go func() {
		took, _ := g.acquire(context.Background(), 50)
		large <- took
	}()
	for len(g.turn) == 0 { // the large request holds the turn, waiting
		runtime.Gosched()
	}
	// A broken gate would wait for ever: bounded, so it fails instead.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if took, err := g.acquire(ctx, 10); err != nil || took != 10 {
		t.Errorf("a small request while a large one waits: %d, %v; want its room at once", took, err)
	}
	short, cancelShort := context.WithCancel(context.Background())
	cancelShort()
	if _, err := g.acquire(short, 20); err == nil {
		t.Errorf("a request over an eighth of the room took it out of turn")
	}
	g.release(held)
	g.release(10)
	if took := <-large; took != 50 {
		t.Errorf("the large request got %d, want 50", took)
	}
}

// TestParseGivesRoomBack: parses of every kind, side by side, some
// canceled, give back all the room their trees held.
func TestParseGivesRoomBack(t *testing.T) {
	src := []byte(strings.Repeat("function f(a) { return g(a) }\nclass C extends B { m() { g(1) } }\n", 500))
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			if i%4 == 3 {
				ctx = canceled
			}
			name := fmt.Sprintf("f%d.js", i)
			Parse(ctx, name, src)
			Calls(ctx, name, src, "g")
			Callees(ctx, name, src, "m")
			CallsOf(ctx, name, src, []string{"g"})
			Bases(ctx, name, src, []string{"B"})
			Refs(ctx, name, src, "g")
			Enclosing(ctx, name, src, []int{2, 40}, true)
		}()
	}
	wg.Wait()
	if free := room.available(); free != room.size {
		t.Errorf("%d of %d bytes of room free after every parse ended", free, room.size)
	}
}

// available is the room not taken.
func (g *gate) available() int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.free
}
