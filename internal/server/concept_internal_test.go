package server

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scoutcode/scout"
)

// TestPhases: the phases of a call's work are reported as one count that
// only grows (the protocol's rule), at most one notification a
// progressEvery but the first and each phase's last.
func TestPhases(t *testing.T) {
	var sent []string
	clock := time.Unix(0, 0)
	p := &progress{token: "t", last: -1, now: func() time.Time { return clock },
		send: func(_ context.Context, n *mcp.ProgressNotificationParams) error {
			sent = append(sent, fmt.Sprintf("%v/%v %s", n.Progress, n.Total, n.Message))
			return nil
		}}
	ctx := context.WithValue(context.Background(), progressKey{}, p)
	if phase(context.Background(), "indexing", "files") != nil {
		t.Error("a call without a progress token has a phase to report")
	}
	index, embed := phase(ctx, "indexing", "files"), phase(ctx, "embedding", "chunks")
	index(0, 600)
	index(256, 600) // too soon after the first
	clock = clock.Add(progressEvery)
	index(512, 600)
	index(600, 600) // the phase's last: sent however soon
	clock = clock.Add(progressEvery)
	embed(0, 40) // where the count stands: not sent again
	embed(40, 40)
	want := []string{"0/600 indexing 0 of 600 files", "512/600 indexing 512 of 600 files", "600/600 indexing 600 of 600 files", "640/640 embedding 40 of 40 chunks"}
	if fmt.Sprint(sent) != fmt.Sprint(want) {
		t.Errorf("sent\n%q\nwant\n%q", sent, want)
	}
}

// TestConceptTimeout: a concept call has grep's time limit unless it sends
// its own, so that a first call over a tree whose index takes minutes
// answers (with the exact hits) instead of holding the agent.
func TestConceptTimeout(t *testing.T) {
	h := &handlers{}
	for _, c := range []struct {
		raw  string
		want time.Duration
	}{
		{`{"description": "expire sessions"}`, DefaultTimeout},
		{`{"description": "expire sessions", "timeout_ms": 90000}`, 90 * time.Second},
	} {
		a, err := toolSpecs().concept.decode(json.RawMessage(c.raw))
		if err != nil {
			t.Fatal(err)
		}
		if got := h.conceptOptions(context.Background(), a, scout.Scope{}).Timeout; got != c.want {
			t.Errorf("%s: timeout %v, want %v", c.raw, got, c.want)
		}
	}
}
