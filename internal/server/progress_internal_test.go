package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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
