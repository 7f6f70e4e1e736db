package server

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewPanicking returns a server whose tool named tool panics when called,
// as a bug would.
func NewPanicking(o Options, tool string) *mcp.Server {
	return newServer(&handlers{o: o, hook: func(_ context.Context, t string) {
		if t == tool {
			var files []string
			_ = files[len(t)] // an index out of range, as a real bug would
		}
	}})
}

// NewBlocking returns a server whose tool named tool first calls wait with
// the call's context.
func NewBlocking(o Options, tool string, wait func(context.Context)) *mcp.Server {
	return newServer(&handlers{o: o, hook: func(ctx context.Context, t string) {
		if t == tool {
			wait(ctx)
		}
	}})
}
