package server_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/server"
)

// TestCallsTakeTurns: a server runs at most Calls searching calls at once;
// the next waits its turn, and runs when one ends; a call cancelled while
// it waits never runs and holds no turn; read, touch and concept never
// wait.
func TestCallsTakeTurns(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // concept keeps its index there
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("needle\n"), 0o644)
	entered := make(chan struct{}, 8)
	release := make(chan struct{})
	let := sync.OnceFunc(func() { close(release) })
	defer let() // a failure must not leave calls blocked
	s := server.NewBlocking(server.Options{Roots: roots(t, dir), StateDir: t.TempDir(), Calls: 2}, "grep", func(ctx context.Context) {
		entered <- struct{}{}
		select {
		case <-release:
		case <-ctx.Done():
		}
	})
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
