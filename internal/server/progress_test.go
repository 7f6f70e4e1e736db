package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestProgress: a concept call that sends a progress token is sent
// notifications/progress as its index is built, from 0 to every file, the
// count growing; one that sends none, or whose index is kept, is sent none.
func TestProgress(t *testing.T) {
	root, env := repo(t)
	var mu sync.Mutex
	var got []*mcp.ProgressNotificationParams
	client := mcp.NewClient(&mcp.Implementation{Name: "scout-test", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			got = append(got, r.Params)
			mu.Unlock()
		},
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := client.Connect(ctx, &mcp.CommandTransport{Command: serverCmd(t, root, env)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	callWith := func(token any, description string) {
		t.Helper()
		p := &mcp.CallToolParams{Name: "concept", Arguments: json.RawMessage(`{"description": "` + description + `"}`)}
		if token != nil {
			p.SetProgressToken(token)
		}
		res, err := s.CallTool(ctx, p)
		if err != nil || res.IsError {
			t.Fatalf("concept: %v %v", err, res)
		}
	}
	// The notifications are handled apart from the call's result: wait
	// for the last (all files done), or a while.
	settled := func(want int) []*mcp.ProgressNotificationParams {
		for range 100 {
			mu.Lock()
			n := len(got)
			done := n > 0 && got[n-1].Progress == got[n-1].Total
			mu.Unlock()
			if want == 0 || n >= want && done {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		mu.Lock()
		defer mu.Unlock()
		return append([]*mcp.ProgressNotificationParams(nil), got...)
	}

	callWith(nil, "handle one request") // builds the index, silently
	if n := settled(0); len(n) != 0 {
		t.Fatalf("a call with no progress token was sent %d notifications", len(n))
	}
	// Another description of the same tree: its index is kept, nothing to report.
	callWith("kept", "serve requests")
	if n := settled(0); len(n) != 0 {
		t.Fatalf("a call whose index was kept was sent %d notifications: %+v", len(n), n[0])
	}

	// A new scope (one directory) is built: reported.
	p := &mcp.CallToolParams{Name: "concept", Arguments: json.RawMessage(`{"description": "handle one request", "paths": ["server"]}`)}
	p.SetProgressToken(7)
	if res, err := s.CallTool(ctx, p); err != nil || res.IsError {
		t.Fatalf("concept: %v %v", err, res)
	}
	n := settled(2)
	if len(n) < 2 {
		t.Fatalf("want notifications from 0 to the files indexed, got %d: %+v", len(n), n)
	}
	last := -1.0
	for _, x := range n {
		if tok, ok := x.ProgressToken.(float64); !ok || tok != 7 {
			t.Errorf("progress token %v (%T), want the call's, 7", x.ProgressToken, x.ProgressToken)
		}
		if x.Progress <= last {
			t.Errorf("progress %v after %v: the count must grow", x.Progress, last)
		}
		last = x.Progress
		if !strings.HasPrefix(x.Message, "indexing ") || !strings.HasSuffix(x.Message, " files") {
			t.Errorf("message %q, want \"indexing N of M files\"", x.Message)
		}
	}
	if n[0].Progress != 0 || n[len(n)-1].Progress != n[len(n)-1].Total || n[len(n)-1].Total < 1 {
		t.Errorf("want the first at 0 and the last at its total, got %+v ... %+v", n[0], n[len(n)-1])
	}
}
