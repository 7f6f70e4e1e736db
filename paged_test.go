package scout

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scoutcode/scout/internal/safe"
)

// TestParallelInOrderLead: the work never runs more than its lead ahead
// of the fold, though the first item is slow and the workers are free;
// every item is made once and folded once, in order; and a context ended
// midway stops it without waiting for the rest.
func TestParallelInOrderLead(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4)) // workers to spare, on any machine
	for _, lead := range []int{1, 3, 8} {
		const n = 40
		var folded atomic.Int64
		var made [n]atomic.Int64
		var ahead atomic.Int64 // the furthest an item started past what the lead allows
		// The first item waits for those its lead lets run beside it,
		// then a little longer for one past the lead, which must not come.
		var beside sync.WaitGroup
		beside.Add(lead - 1)
		past := make(chan struct{})
		var pastOnce sync.Once
		var order []int
		parallelInOrderLead(context.Background(), n, lead, func(i int) {
			made[i].Add(1)
			over := int64(i-lead+1) - folded.Load()
			for old := ahead.Load(); over > old && !ahead.CompareAndSwap(old, over); old = ahead.Load() {
			}
			switch {
			case i == 0:
				beside.Wait()
				select {
				case <-past:
				case <-time.After(100 * time.Millisecond):
				}
			case i < lead:
				beside.Done()
			case i == lead:
				pastOnce.Do(func() { close(past) })
			}
		}, func(i int) {
			order = append(order, i)
			folded.Add(1)
		})
		if a := ahead.Load(); a > 0 {
			t.Errorf("lead %d: an item started %d past the lead, before the items ahead of it were folded", lead, a)
		}
		for i := range made {
			if m := made[i].Load(); m != 1 {
				t.Errorf("lead %d: item %d made %d times", lead, i, m)
			}
		}
		for i, got := range order {
			if got != i {
				t.Fatalf("lead %d: folded in the order %v", lead, order)
			}
		}
		if len(order) != n {
			t.Errorf("lead %d: %d of %d items folded", lead, len(order), n)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	var folds atomic.Int64
	parallelInOrderLead(ctx, 1000, 4, func(i int) {
		if i == 5 {
			cancel()
		}
	}, func(int) { folds.Add(1) })
	if f := folds.Load(); f >= 1000 {
		t.Errorf("the context ended at item 5, and yet all %d items were folded", f)
	}
}

// TestParallelPanicRaisedOnCaller: a panic in a worker of parallel, or in
// the making or the fold of parallelInOrder, is raised on the caller's
// goroutine, where a recover catches it (the MCP server's, per call); the
// call returns instead of waiting for ever, and no item is handed out
// long after it.
func TestParallelPanicRaisedOnCaller(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	const n = 1000
	for _, c := range []struct {
		name string
		run  func(f, then func(i int))
	}{
		{"parallel", func(f, _ func(int)) { parallel(context.Background(), n, f) }},
		{"parallelInOrder f", func(f, then func(int)) { parallelInOrderLead(context.Background(), n, 8, f, then) }},
		{"parallelInOrder then", func(f, then func(int)) { parallelInOrderLead(context.Background(), n, 8, then, f) }},
	} {
		var made atomic.Int64
		panicking := make(chan struct{})
		boom := func(i int) {
			made.Add(1)
			switch {
			case i == 10:
				close(panicking)
				panic("bug at 10")
			case i > 10: // after the panic, and slow: the rest would take 500 ms
				<-panicking
				time.Sleep(2 * time.Millisecond)
			}
		}
		got := make(chan any, 1)
		go func() {
			defer func() { got <- recover() }()
			c.run(boom, func(int) {})
		}()
		select {
		case v := <-got:
			p, ok := v.(*safe.Panic)
			if !ok || p.Value != "bug at 10" {
				t.Errorf("%s: the caller recovered %v, want the panic of item 10", c.name, v)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: did not return in 30 s after a worker panicked", c.name)
		}
		if m := made.Load(); m > n/2 {
			t.Errorf("%s: %d items of %d were made though item 10 panicked; the handing out goes on", c.name, m, n)
		}
	}
}
