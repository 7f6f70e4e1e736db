package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/server"
)

// TestCallsTakeTurns: a server runs at most Calls searching calls at once;
// the next waits its turn, and runs when one ends; a call cancelled while
// it waits never runs and holds no turn; read, touch, concept and an
// outline of a file never wait for it (concept and read take turns of
// their own: TestOwnTurns); an outline of a directory does.
func TestCallsTakeTurns(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // concept keeps its index there
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("needle\n"), 0o644)
	entered := make(chan struct{}, 8)
	hold, let := holder(entered)
	defer let() // a failure must not leave calls blocked
	s := server.NewBlocking(server.Options{Roots: roots(t, dir), StateDir: t.TempDir(), Calls: 2}, "grep", hold)
	cs := inProcess(t, s)
	// Each call its own: the client writes into them.
	grep := func() *mcp.CallToolParams {
		return &mcp.CallToolParams{Name: "grep", Arguments: json.RawMessage(`{"pattern":"needle"}`)}
	}
	calls, stop := context.WithCancel(context.Background())
	defer stop() // nor waiting
	done := make(chan error, 3)
	for range 3 {
		go func() {
			res, err := cs.CallTool(calls, grep())
			if err == nil && res.IsError {
				err = &toolError{fixture.Text(res)}
			}
			done <- err
		}()
	}
	<-entered
	<-entered
	select {
	case <-entered:
		t.Fatal("a third grep ran while two ran, with Calls 2")
	case <-time.After(200 * time.Millisecond):
	}
	// Cancelled while it waits: it never runs.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	if _, err := cs.CallTool(ctx, grep()); err == nil {
		t.Error("a grep cancelled while it waited returned no error")
	}
	cancel()
	for _, c := range []struct{ tool, args string }{
		{"read", `{"path":"a.txt"}`},
		{"touch", `{"paths":["a.txt"]}`},
		{"concept", `{"description":"the needle"}`},
		{"outline", `{"path":"a.txt"}`},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
		cancel()
		switch {
		case err != nil:
			t.Errorf("%s while two greps ran: %v (it waited its turn?)", c.tool, err)
		case r.IsError:
			t.Errorf("%s while two greps ran: %s", c.tool, fixture.Text(r))
		}
	}
	// An outline of a directory walks it: it waits like the searches.
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Second)
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "outline", Arguments: json.RawMessage(`{"path":".","timeout_ms":200}`)})
	cancel()
	if err != nil || !r.IsError || !strings.Contains(fixture.Text(r), "which is all of the time limit (200ms)") {
		t.Errorf("outline of a directory while two greps ran: %v %v; want it to wait its turn, and its time limit to pass", err, r)
	}
	let()
	select {
	case <-entered: // the third, in its turn
	case <-time.After(20 * time.Second):
		t.Fatal("the third grep did not run after the two before it ended")
	}
	for range 3 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
	select {
	case <-entered:
		t.Error("the grep cancelled while it waited ran after all")
	case <-time.After(100 * time.Millisecond):
	}
}

type toolError struct{ text string }

func (e *toolError) Error() string { return e.text }

// TestWaitCountsTowardTimeout: the time a call waits for its turn counts
// toward its timeout_ms. A call whose limit passes while it waits fails at
// once, having searched nothing; one that waited long gets the rest of its
// limit and a page that says it waited. Arguments that do not decode are
// refused without waiting.
func TestWaitCountsTowardTimeout(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("needle\n"), 0o644)
	entered := make(chan struct{}, 1)
	hold, let := holder(entered)
	defer let() // a failure must not leave calls blocked
	queued := make(chan string, 8)
	limits := make(chan time.Duration, 8) // of the greps that start
	s := server.NewHooked(server.Options{Roots: roots(t, dir), StateDir: t.TempDir(), Calls: 1}, server.Hooks{
		Tool:   "outline",
		Wait:   hold,
		Queued: func(tool string) { queued <- tool },
		Started: func(tool string, limit time.Duration) {
			if tool == "grep" {
				limits <- limit
			}
		},
	})
	cs := inProcess(t, s)
	call := func(tool, arguments string) (*mcp.CallToolResult, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		return cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(arguments)})
	}
	outlined := make(chan error, 1)
	go func() { _, err := call("outline", `{"path":"."}`); outlined <- err }()
	waitFor(t, entered, "the outline of a directory to take the only turn")

	r, err := call("grep", `{"pattern": 5}`)
	if err != nil || !r.IsError || !strings.Contains(fixture.Text(r), "pattern must be a string") {
		t.Errorf("grep with a bad pattern while the only turn was taken: %v %v; want its argument refused", err, r)
	}
	r, err = call("grep", `{"pattern":"needle","timeout_ms":300}`)
	switch {
	case err != nil:
		t.Fatalf("grep with timeout_ms 300 behind a call that holds the only turn: %v (it waited past its limit?)", err)
	case !r.IsError || !strings.Contains(fixture.Text(r), "which is all of the time limit (300ms); nothing was searched"):
		t.Errorf("grep with timeout_ms 300 behind a call that holds the only turn: %q; want the limit spent waiting", fixture.Text(r))
	}
	if q := waitFor(t, queued, "the grep to wait for its turn"); q != "grep" {
		t.Errorf("%s waited for its turn; want only the grep with a good pattern", q)
	}

	type result struct {
		r   *mcp.CallToolResult
		err error
	}
	grepped := make(chan result, 1)
	go func() {
		r, err := call("grep", `{"pattern":"needle","timeout":60000}`)
		grepped <- result{r, err}
	}()
	if q := waitFor(t, queued, "the grep to wait for its turn"); q != "grep" {
		t.Errorf("%s waited for its turn; want the grep", q)
	}
	time.Sleep(server.NotedWait + 100*time.Millisecond)
	let()
	g := waitFor(t, grepped, "the grep to end")
	switch {
	case g.err != nil:
		t.Fatal(g.err)
	case g.r.IsError:
		t.Fatalf("grep that waited %v of its 60 s: %s", server.NotedWait, fixture.Text(g.r))
	}
	text := fixture.Text(g.r)
	var waited float64
	var left float64
	if i := strings.Index(text, "note: this call waited "); i < 0 {
		t.Errorf("the page of a grep that waited over %v does not say so:\n%s", server.NotedWait, text)
	} else if _, err := fmt.Sscanf(text[i:], "note: this call waited %f s for a turn (this server runs one searching call at a time); the wait counts toward timeout_ms, and %f s", &waited, &left); err != nil || waited < server.NotedWait.Seconds() || waited+left < 59.9 || waited+left > 60.1 || !strings.Contains(text, "a.txt") {
		t.Errorf("waited %v s (%v), left %v s; want the wait of over %v noted below the hit:\n%s", waited, err, left, server.NotedWait, text)
	}
	// The search had what was left of the 60 s, as the note says.
	if l := waitFor(t, limits, "the grep to start"); l >= 60*time.Second-server.NotedWait || math.Abs(l.Seconds()-left) > 0.051 {
		t.Errorf("the grep that waited %.1f s of its 60 s searched with a limit of %v; the note says %.1f s was left", waited, l, left)
	}
	if err := waitFor(t, outlined, "the outline to end"); err != nil {
		t.Error(err)
	}
	select {
	case q := <-queued:
		t.Errorf("%s waited for its turn; want no more", q)
	default:
	}
}

// waitFor receives from ch, or fails the test after 20 s: a call that
// never comes must not hang it.
func waitFor[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(20 * time.Second):
		t.Fatalf("waited 20 s for %s", what)
	}
	var zero T
	return zero
}

// holder returns a hook that says on entered that a call came, then holds
// it until let is called (or the call ends).
func holder(entered chan<- struct{}) (hold func(context.Context), let func()) {
	release := make(chan struct{})
	return func(ctx context.Context) {
		entered <- struct{}{}
		select {
		case <-release:
		case <-ctx.Done():
		}
	}, sync.OnceFunc(func() { close(release) })
}

// TestOwnTurns: concept and read calls take turns of their own, concept
// as many at once as the searching tools (Calls), read twice as many: the
// next waits while those run, and runs when they end, while a grep runs
// beside them. All at once, a hundred warm concept calls took a server to
// 2.08 GB, two hundred reads of a 9 MB file to 1.15 GB.
func TestOwnTurns(t *testing.T) {
	for _, c := range []struct {
		tool, args string
		calls, n   int // Calls; how many run at once
		// timed is a call with a time limit that passes while it waits
		// (read takes none), and says is what it must say.
		timed, says string
	}{
		{"concept", `{"description":"the needle"}`, 2, 2, `{"description":"the needle","timeout_ms":200}`, "(this server runs 2 concept searches at once)"},
		{"read", `{"path":"a.txt"}`, 1, 2, "", ""},
	} {
		t.Run(c.tool, func(t *testing.T) {
			t.Setenv("XDG_CACHE_HOME", t.TempDir())
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "a.txt"), []byte("needle\n"), 0o644)
			entered := make(chan struct{}, 8)
			hold, let := holder(entered)
			defer let()
			var queued atomic.Int32
			s := server.NewHooked(server.Options{Roots: roots(t, dir), StateDir: t.TempDir(), Calls: c.calls}, server.Hooks{
				Tool: c.tool, Wait: hold,
				Queued: func(tool string) {
					if tool == c.tool {
						queued.Add(1)
					}
				},
			})
			cs := inProcess(t, s)
			done := make(chan error, c.n+1)
			for range c.n + 1 {
				go func() {
					res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
					if err == nil && res.IsError {
						err = &toolError{fixture.Text(res)}
					}
					done <- err
				}()
			}
			for range c.n {
				<-entered
			}
			select {
			case <-entered:
				t.Fatalf("%d %s calls ran at once, with Calls %d; want %d", c.n+1, c.tool, c.calls, c.n)
			case <-time.After(200 * time.Millisecond):
			}
			if queued.Load() != 1 {
				t.Errorf("%d %s calls waited for a turn; want 1", queued.Load(), c.tool)
			}
			if c.timed != "" {
				r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.timed)})
				if err != nil {
					t.Errorf("%s with a time limit that passes as it waits: %v", c.tool, err)
				} else if text := fixture.Text(r); !r.IsError || !strings.Contains(text, c.says) {
					t.Errorf("%s with a time limit that passes as it waits: %q; want an error saying %q", c.tool, text, c.says)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "grep", Arguments: json.RawMessage(`{"pattern":"needle"}`)})
			cancel()
			if err != nil || r.IsError {
				t.Errorf("grep while %d %s calls ran: %v %v (it waited for their turns?)", c.n, c.tool, err, r)
			}
			let()
			select {
			case <-entered:
			case <-time.After(20 * time.Second):
				t.Fatalf("the last %s call did not run after the others ended", c.tool)
			}
			for range c.n + 1 {
				if err := <-done; err != nil {
					t.Error(err)
				}
			}
		})
	}
}
