package server

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewPanicking returns a server whose tool named tool panics when called,
// as a bug would.
func NewPanicking(o Options, tool string) *mcp.Server {
	return newServer(&handlers{o: o, hook: func(_ context.Context, t string, _ time.Duration) {
		if t == tool {
			var files []string
			_ = files[len(t)] // an index out of range, as a real bug would
		}
	}})
}

// NewPanickingWith returns a server whose tool named tool panics with v
// when called.
func NewPanickingWith(o Options, tool string, v any) *mcp.Server {
	return newServer(&handlers{o: o, hook: func(_ context.Context, t string, _ time.Duration) {
		if t == tool {
			panic(v)
		}
	}})
}

// NewBlocking returns a server whose tool named tool first calls wait with
// the call's context.
func NewBlocking(o Options, tool string, wait func(context.Context)) *mcp.Server {
	return NewHooked(o, Hooks{Tool: tool, Wait: wait})
}

// Hooks are what a test's server calls as its calls run.
type Hooks struct {
	Tool    string                                   // the tool Wait is for
	Wait    func(context.Context)                    // called as a call of Tool starts
	Queued  func(tool string)                        // a call found no turn free and waits
	Started func(tool string, timeout time.Duration) // a call starts, with what is left of its time limit
}

// NewHooked returns a server that calls hk's functions.
func NewHooked(o Options, hk Hooks) *mcp.Server {
	return newServer(&handlers{o: o, queued: hk.Queued, hook: func(ctx context.Context, t string, limit time.Duration) {
		if hk.Started != nil {
			hk.Started(t, limit)
		}
		if t == hk.Tool && hk.Wait != nil {
			hk.Wait(ctx)
		}
	}})
}
