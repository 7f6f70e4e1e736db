package walk

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/scoutcode/scout/internal/safe"
)

// panicker panics on the file named bad; it counts the files it visits.
type panicker struct{ collector }

func (p *panicker) Visit(e Entry) error {
	if filepath.Base(e.Path) == "bad" {
		panic("a visitor's bug")
	}
	return p.collector.Visit(e)
}

// TestPanicRaisedOnCaller: a visitor's panic on one of the walk's
// goroutines is raised on the caller's goroutine (where the MCP server
// recovers a call's panic), not left to end the process; the other
// goroutines stop instead of waiting for ever for the tasks of the one
// that panicked. Revisit does the same.
func TestPanicRaisedOnCaller(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for j := range 20 {
			name := fmt.Sprintf("f%02d", j)
			if i == 17 && j == 3 {
				name = "bad"
			}
			if err := os.WriteFile(filepath.Join(sub, name), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, n := range []int{1, 2, 4} {
		got := make(chan *safe.Panic, 1)
		go func() {
			got <- safe.Catch(func() {
				Parallel(context.Background(), []string{dir}, Options{}, n, func(int) Visitor { return &panicker{} })
			})
		}()
		select {
		case p := <-got:
			if p == nil || p.Value != "a visitor's bug" {
				t.Errorf("%d goroutines: the walk raised %v, want the visitor's panic", n, p)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%d goroutines: the walk did not return in 30 s after a visitor panicked", n)
		}

		var entries []Entry
		Parallel(context.Background(), []string{dir}, Options{}, 1, func(int) Visitor {
			return visitFunc(func(e Entry) error { entries = append(entries, e.Detach()); return nil })
		})
		p := safe.Catch(func() {
			Revisit(context.Background(), entries, n, func(int) Visitor { return &panicker{} })
		})
		if p == nil || p.Value != "a visitor's bug" {
			t.Errorf("%d goroutines: Revisit raised %v, want the visitor's panic", n, p)
		}
	}
}
