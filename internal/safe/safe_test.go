package safe

import (
	"errors"
	"strings"
	"testing"
)

// TestGroupRaisesOnWaiter: a panic on a goroutine of a Group is raised by
// Wait, on the waiting goroutine, after every goroutine stopped, with the
// stack of where it happened; a recover there catches it.
func TestGroupRaisesOnWaiter(t *testing.T) {
	var g Group
	done := make(chan struct{})
	g.Go(func() { panic("boom") })
	g.Go(func() { close(done) })
	p := Catch(g.Wait)
	select {
	case <-done:
	default:
		t.Error("Wait returned before every goroutine stopped")
	}
	if p == nil || p.Value != "boom" || !strings.Contains(string(p.Stack), "safe_test.go") {
		t.Fatalf("Catch(Wait) = %v, want the panic \"boom\" with the stack of its goroutine", p)
	}
	if q := Catch(func() { Raise(p) }); q != p {
		t.Errorf("a *Panic raised again is caught as itself (%p), not wrapped (%p)", p, q)
	}
	if Catch(func() {}) != nil {
		t.Error("Catch of a function that does not panic is not nil")
	}
	err := errors.New("inner")
	if p := Catch(func() { panic(err) }); !errors.Is(p, err) {
		t.Errorf("a panic with an error unwraps to it: %v", p)
	}
}
