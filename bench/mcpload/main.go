//go:build linux

// Command mcpload puts one scout mcp under load: several MCP clients at
// once (streamable HTTP, scout mcp --http), each making many calls of every
// tool but concept, then the same number of callers sharing one stdio
// session. It
// checks that no call fails and that every page's text fits its budget,
// and reports the server's peak memory (VmHWM) and the calls' latencies.
// Last, one concept call per client at once on an empty cache: one builds
// the index, the others must wait and read it back.
//
//	go run ./bench/mcpload                         # 8 clients × 200 calls, GOROOT/src
//	go run ./bench/mcpload -clients 16 -calls 500 -root DIR
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/scoutcode/scout/bench/internal/kit"
	"github.com/scoutcode/scout/internal/fixture"
)

// call is one kind of call the clients make, with the budget its page must
// fit (0: none).
type call struct {
	tool   string
	args   map[string]any
	budget int
}

var calls = []call{
	{"grep", map[string]any{"pattern": "func ServeHTTP", "budget": 800}, 800},
	{"grep", map[string]any{"pattern": "err != nil", "budget": 1500}, 1500},
	{"grep", map[string]any{"pattern": "Handler", "output_mode": "files", "budget": 400}, 400},
	{"grep", map[string]any{"pattern": `\bctx\b`, "context": 2, "budget": 2000}, 2000},
	{"grep", map[string]any{"pattern": "TODO", "output_mode": "count", "budget": 600}, 600},
	{"grep", map[string]any{"pattern": "zzz_no_such_thing"}, 1500},
	{"find", map[string]any{"pattern": "server", "budget": 500}, 500},
	{"find", map[string]any{"pattern": "*_test.go", "budget": 1000}, 1000},
	{"read", map[string]any{"path": "net/http/server.go", "limit": 200, "budget": 2000}, 2000},
	{"read", map[string]any{"path": "net/http/request.go", "offset": 100, "limit": 50}, 4000},
	{"touch", map[string]any{"paths": []string{"net/http/server.go"}}, 0},
	{"outline", map[string]any{"path": []string{"net/http/server.go"}, "budget": 1500}, 1500},
	{"callers", map[string]any{"name": "ServeHTTP", "budget": 1500}, 1500},
	{"callees", map[string]any{"name": "Serve", "budget": 1000}, 1000},
	{"refs", map[string]any{"name": "ErrBodyNotAllowed", "budget": 1000}, 1000},
	{"related", map[string]any{"path": "net/http/server.go", "budget": 1000}, 1000},
}

type result struct {
	latency time.Duration
	err     string
}

func main() {
	root := flag.String("root", filepath.Join(fixture.GoRoot(), "src"), "the tree to serve")
	clients := flag.Int("clients", 8, "clients (and stdio callers) at once")
	per := flag.Int("calls", 200, "calls per client")
	concept := flag.Bool("concept", true, "then one cold concept call per client at once (builds the index: ~13 s and ~600 MB on GOROOT/src)")
	flag.Parse()
	bin := kit.Build("")
	state, _ := os.MkdirTemp("", "mcpload-state")
	defer os.RemoveAll(state)
	cache, _ := os.MkdirTemp("", "mcpload-cache") // the parses callers, callees and refs keep
	defer os.RemoveAll(cache)

	fmt.Printf("scout mcp over %s; %d clients × %d calls, %d kinds of call\n\n", *root, *clients, *per, len(calls))
	// HTTP: one server, many sessions.
	cmd := exec.Command(bin, "mcp", "--http", "127.0.0.1:0", "--root", *root)
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+state, "XDG_CACHE_HOME="+cache)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		kit.Fail(err.Error())
	}
	url := endpoint(stderr)
	results := load(*clients, *per, func(ctx context.Context) (*mcp.ClientSession, error) {
		c := mcp.NewClient(&mcp.Implementation{Name: "mcpload", Version: "1"}, nil)
		return c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	}, false)
	report(fmt.Sprintf("HTTP, %d sessions", *clients), results, peak(cmd.Process.Pid))
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()

	// stdio: one session, many callers at once.
	session, cmd := stdioSession(bin, *root, state, cache)
	results = load(*clients, *per, func(context.Context) (*mcp.ClientSession, error) { return session, nil }, true)
	report(fmt.Sprintf("stdio, 1 session, %d callers", *clients), results, peak(cmd.Process.Pid))
	session.Close()

	if *concept {
		coldConcept(bin, *root, state, *clients)
	}
}

// coldConcept makes one concept call per caller at once over one stdio
// session whose cache is empty: the index must be built once, the other
// calls waiting for it and reading it back, not built by each.
func coldConcept(bin, root, state string, callers int) {
	cache, _ := os.MkdirTemp("", "mcpload-cache")
	defer os.RemoveAll(cache)
	session, cmd := stdioSession(bin, root, state, cache)
	defer session.Close()
	ctx := context.Background()
	descs := []string{"where sessions expire", "the code that retries after a timeout", "parse a duration string", "close idle connections"}
	var mu sync.Mutex
	var built, kept int
	var rs []result
	var wg sync.WaitGroup
	for c := range callers {
		wg.Go(func() {
			// A limit above any build's, so that all wait for the one
			// build (the 30 s default may cut it on a loaded machine).
			raw, _ := json.Marshal(map[string]any{"description": descs[c%len(descs)], "budget": 800, "timeout_ms": 300000})
			start := time.Now()
			res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "concept", Arguments: json.RawMessage(raw)})
			r := result{latency: time.Since(start), err: failure("concept", raw, res, err, 0)}
			mu.Lock()
			defer mu.Unlock()
			switch {
			case r.err != "":
			case strings.Contains(fixture.Text(res), "built and kept for the next search"):
				built++
			case strings.Contains(fixture.Text(res), "kept from an earlier search"):
				kept++
			}
			rs = append(rs, r)
		})
	}
	wg.Wait()
	report(fmt.Sprintf("concept, cold cache, %d callers at once (%d built the index, %d read it back)", callers, built, kept), rs, peak(cmd.Process.Pid))
	if built != 1 {
		kit.Fail(fmt.Sprintf("%d concept calls built the index; want 1", built))
	}
}

// stdioSession starts `scout mcp` over root with its own state and cache
// directories, and connects to it over stdio.
func stdioSession(bin, root, state, cache string) (*mcp.ClientSession, *exec.Cmd) {
	cmd := exec.Command(bin, "mcp", "--root", root)
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+state, "XDG_CACHE_HOME="+cache)
	session, err := mcp.NewClient(&mcp.Implementation{Name: "mcpload", Version: "1"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		kit.Fail(err.Error())
	}
	return session, cmd
}

// failure says what went wrong with a call of tool with args, "" when
// nothing did: an error, a tool error, or a page over budget (in tokens,
// 4 bytes each; 0: none).
func failure(tool string, args []byte, res *mcp.CallToolResult, err error, budget int) string {
	switch {
	case err != nil:
		return fmt.Sprintf("%s %s: %v", tool, args, err)
	case res.IsError:
		return fmt.Sprintf("%s %s: tool error %s", tool, args, fixture.Text(res))
	case budget > 0 && len(fixture.Text(res)) > budget*4:
		return fmt.Sprintf("%s %s: %d bytes, over the budget of %d", tool, args, len(fixture.Text(res)), budget*4)
	}
	return ""
}

// load runs clients at once, each making per calls, and returns every
// call's result.
func load(clients, per int, connect func(context.Context) (*mcp.ClientSession, error), shared bool) []result {
	var mu sync.Mutex
	var out []result
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			s, err := connect(ctx)
			if err != nil {
				mu.Lock()
				out = append(out, result{err: "connect: " + err.Error()})
				mu.Unlock()
				return
			}
			if !shared {
				defer s.Close()
			}
			for i := range per {
				k := calls[(c*7+i)%len(calls)]
				raw, _ := json.Marshal(k.args)
				start := time.Now()
				res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: k.tool, Arguments: json.RawMessage(raw)})
				r := result{latency: time.Since(start), err: failure(k.tool, raw, res, err, k.budget)}
				mu.Lock()
				out = append(out, r)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return out
}

func report(name string, rs []result, peakKB int64) {
	var lat []time.Duration
	failed := 0
	for _, r := range rs {
		if r.err != "" {
			if failed < 5 {
				fmt.Println("  FAIL", r.err)
			}
			failed++
			continue
		}
		lat = append(lat, r.latency)
	}
	slices.Sort(lat)
	q := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	fmt.Printf("%s: %d calls, %d failed or over budget; latency p50 %s, p90 %s, p99 %s, max %s; server peak RSS %.1f MB\n",
		name, len(rs), failed, q(0.5).Round(time.Millisecond), q(0.9).Round(time.Millisecond), q(0.99).Round(time.Millisecond), q(1).Round(time.Millisecond), float64(peakKB)/1024)
}

// endpoint reads the server's URL from its stderr.
func endpoint(stderr interface{ Read([]byte) (int, error) }) string {
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if _, url, ok := strings.Cut(sc.Text(), " at "); ok && strings.HasPrefix(url, "http://") {
			go func() {
				for sc.Scan() {
					fmt.Fprintln(os.Stderr, "server:", sc.Text())
				}
			}()
			return url
		}
		fmt.Fprintln(os.Stderr, "server:", sc.Text())
	}
	kit.Fail("the server did not say where it serves")
	return ""
}

// peak returns a process's peak resident memory, in KiB (VmHWM).
func peak(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}
