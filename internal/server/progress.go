package server

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A concept call's first search of a tree builds its index: seconds on
// GOROOT/src, a minute or more on a larger tree or a loaded machine. A
// host that sends a progress token with the call (MCP's _meta.progressToken)
// is sent notifications/progress as the build goes, so that it can show
// how far it is and, where it gives up on a silent call after a while (the
// TypeScript SDK's client can reset its timeout on progress), knows the
// call is alive. A call that is given up on anyway loses nothing: what the
// build read is kept, and the next call goes on from there.

// progressEvery is the least time between two notifications of a call,
// but for its first and the last of each phase.
const progressEvery = 250 * time.Millisecond

// progress sends one call's progress notifications: the phases of its
// work (files indexed, then chunks embedded) as one count that only grows,
// as the protocol asks.
type progress struct {
	ctx   context.Context
	send  func(context.Context, *mcp.ProgressNotificationParams) error
	token any
	now   func() time.Time

	mu   sync.Mutex
	end  float64 // where the phases begun so far end
	last float64 // the last progress sent; -1 before the first
	at   time.Time
}

type progressKey struct{}

// withProgress returns ctx carrying the progress of the call req, when
// its host asked for notifications (sent a progress token).
func withProgress(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	if req == nil || req.Params == nil || req.Session == nil {
		return ctx
	}
	token := req.Params.GetProgressToken()
	if token == nil {
		return ctx
	}
	return context.WithValue(ctx, progressKey{}, &progress{ctx: ctx, send: req.Session.NotifyProgress, token: token, now: time.Now, last: -1})
}

// phase returns the function that reports a phase of ctx's call's work
// (doing, units: "indexing", "files"), for scout.ConceptOptions.Progress;
// nil when the host asked for no notifications.
func phase(ctx context.Context, doing, units string) func(done, total int) {
	p, _ := ctx.Value(progressKey{}).(*progress)
	if p == nil {
		return nil
	}
	base := -1.0 // set by the phase's first report
	return func(done, total int) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if base < 0 {
			base = p.end
			p.end = base + float64(total)
		}
		at := base + float64(done)
		now := p.now()
		switch {
		case at <= p.last: // the protocol's count must grow
			return
		case p.last >= 0 && done < total && now.Sub(p.at) < progressEvery:
			return
		}
		p.last, p.at = at, now
		// A host that stopped reading is no reason to stop the work: the
		// error is not the call's.
		_ = p.send(p.ctx, &mcp.ProgressNotificationParams{
			ProgressToken: p.token, Progress: at, Total: p.end,
			Message: fmt.Sprintf("%s %d of %d %s", doing, done, total, units),
		})
	}
}
