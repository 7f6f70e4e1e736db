package scout

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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
