package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scoutcode/scout/internal/confine"
	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/server"
)

// rawServer starts "scout mcp" in dir and returns a function that sends
// one line and one that reads the next response line (failing after a
// minute: a hang).
func rawServer(t *testing.T, dir string) (send func(string), recv func() string) {
	t.Helper()
	cmd := serverCmd(t, dir, []string{"XDG_STATE_HOME=" + t.TempDir()})
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send = func(s string) {
		if _, err := io.WriteString(in, s+"\n"); err != nil {
			t.Fatalf("write: %v (the server is gone)", err)
		}
	}
	recv = func() string {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the server closed its output: it exited")
			}
			return l
		case <-time.After(time.Minute):
			t.Fatal("no response within a minute")
		}
		return ""
	}
	return send, recv
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`

// TestHostileWire: lines that are not JSON-RPC messages, and a message over
// the size limit, each get a JSON-RPC error, and the session goes on.
// See: #14.
func TestHostileWire(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("needle\n"), 0o644)
	send, recv := rawServer(t, dir)
	send(initialize)
	if r := recv(); !strings.Contains(r, `"serverInfo"`) {
		t.Fatalf("initialize: %s", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for _, c := range []struct{ name, line, want string }{
		{"garbage", "hello world", `"code":-32700`},
		{"truncated", `{"jsonrpc":"2.0","id":7,"method":"tools/ca`, `"code":-32700`},
		{"not a request", `{"jsonrpc":"2.0","id":8,"method":5}`, `"id":8,"error":{"code":-32600`},
		{"wrong version", `{"jsonrpc":"1.0","id":9,"method":"ping"}`, `"id":9,"error":{"code":-32600`},
		{"duplicated argument", `{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"grep","arguments":{"pattern":"x","pattern":"y"}}}`, `pattern is given twice`},
		{"batch", `[{"jsonrpc":"2.0","id":9,"method":"ping"}]`, `batches are not supported`},
		{"oversized", `{"jsonrpc":"2.0","id":10,"method":"ping","params":{"x":"` + strings.Repeat("a", server.MaxMessage) + `"}}`, `message too large`},
		{"unknown method", `{"jsonrpc":"2.0","id":11,"method":"tools/explode"}`, `"id":11,"error"`},
		{"unknown tool", `{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"rm","arguments":{}}}`, `"id":12`},
	} {
		t.Run(c.name, func(t *testing.T) {
			send(c.line)
			if r := recv(); !strings.Contains(r, c.want) {
				t.Errorf("got %.300s, want %s", r, c.want)
			}
		})
	}
	send(`{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"grep","arguments":{"pattern":"needle"}}}`)
	if r := recv(); !strings.Contains(r, `"id":20,"result"`) || !strings.Contains(r, "1 match in 1 file") {
		t.Errorf("a call after the bad lines: %.400s", r)
	}
}

// inProcess connects a client to a server in this process.
func inProcess(t *testing.T, s *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func roots(t *testing.T, dir string) *confine.Roots {
	t.Helper()
	r, err := confine.New([]string{dir}, false, "/nonexistent-home")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(r.Dir())
	return r
}

// TestHostileHandlerPanic: a tool that panics costs its call, reported as a
// tool error, and the server answers the next call. See: #14.
func TestHostileHandlerPanic(t *testing.T) {
	cs, logged := panickingServer(t, func(o server.Options) *mcp.Server { return server.NewPanicking(o, "grep") })
	r := call(t, cs, "grep", `{"pattern":"needle"}`)
	if !r.IsError || !strings.Contains(fixture.Text(r), "grep: internal error (a bug in scout") {
		t.Errorf("the panicking call: error %v, %q", r.IsError, fixture.Text(r))
	}
	if log := logged(); !strings.Contains(log, "index out of range") || !strings.Contains(log, "goroutine") {
		t.Errorf("the log has no stack: %q", log)
	}
	if r := call(t, cs, "find", `{"pattern":"a.txt"}`); r.IsError || !strings.Contains(fixture.Text(r), "a.txt") {
		t.Errorf("the next call: %q", fixture.Text(r))
	}
}

// panickingServer serves a directory holding a.txt ("needle") with the
// server serve makes, and returns the session and what the server logged.
func panickingServer(t *testing.T, serve func(server.Options) *mcp.Server) (*mcp.ClientSession, func() string) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("needle\n"), 0o644)
	var log strings.Builder
	var mu sync.Mutex
	s := serve(server.Options{Roots: roots(t, dir), StateDir: t.TempDir(), Log: writerFunc(func(b []byte) {
		mu.Lock()
		log.Write(b)
		mu.Unlock()
	})})
	return inProcess(t, s), func() string {
		mu.Lock()
		defer mu.Unlock()
		return log.String()
	}
}

type writerFunc func([]byte)

func (f writerFunc) Write(b []byte) (int, error) { f(b); return len(b), nil }

// TestHostileConcurrentCalls: one session, eight callers at once, mixed
// tools; every call answered as it would be alone. See: #14.
func TestHostileConcurrentCalls(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", i)), []byte(fmt.Sprintf("package p\n\nfunc F%d() {}\n// needle %d\n", i, i)), 0o644)
	}
	cs := inProcess(t, server.New(server.Options{Roots: roots(t, dir), StateDir: t.TempDir()}))
	calls := []struct{ tool, args, want string }{
		{"grep", `{"pattern":"needle"}`, "40 matches in 40 files"},
		{"find", `{"pattern":"f1"}`, "f1"},
		{"read", `{"path":"f07.go"}`, "3:func F7() {}"},
		{"grep", `{"pattern":"func F3\\(","output_mode":"files"}`, "f03.go"},
		{"touch", `{"paths":["f01.go"]}`, "recorded 1 file"},
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*25)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 25 {
				c := calls[(g+i)%len(calls)]
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
				switch {
				case err != nil:
					errs <- fmt.Sprintf("%s %s: %v", c.tool, c.args, err)
				case res.IsError || !strings.Contains(fixture.Text(res), c.want):
					errs <- fmt.Sprintf("%s %s: %q", c.tool, c.args, fixture.Text(res))
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestHostileCancelledCall: a call the client cancels
// (notifications/cancelled) has its context cancelled in the server, which
// stops the search (the library's cancellation is tested in
// TestHostileLibrary). See: #14.
func TestHostileCancelledCall(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("needle\n"), 0o644)
	cancelled := make(chan bool, 1)
	s := server.NewBlocking(server.Options{Roots: roots(t, dir), StateDir: t.TempDir()}, "grep", func(ctx context.Context) {
		select {
		case <-ctx.Done():
			cancelled <- true
		case <-time.After(time.Minute):
			cancelled <- false
		}
	})
	cs := inProcess(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(100 * time.Millisecond)
		cancel()
	}()
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "grep", Arguments: json.RawMessage(`{"pattern":"needle"}`)}); err == nil {
		t.Error("the cancelled call returned no error to the client")
	}
	if !<-cancelled {
		t.Fatal("the server's handler was not told of the cancellation")
	}
	if r := call(t, cs, "find", `{"pattern":"a.txt"}`); r.IsError {
		t.Errorf("the next call: %q", fixture.Text(r))
	}
}

// TestSecretsMaskedOverMCP: a secret is masked in the text and the
// structured content of every tool that shows what a file holds (grep,
// read, outline, callers, refs, callees, related, concept), unless the
// server was started to show them; no argument of a call shows them.
// See: #14.
func TestSecretsMaskedOverMCP(t *testing.T) {
	dir := t.TempDir()
	value := "correct-" + "horse-battery-staple"
	os.WriteFile(filepath.Join(dir, ".env"), []byte("DB_PASSWORD="+value+"\nDEBUG=1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "db.py"), []byte("def connect(password=\""+value+"\"):\n    return password\n\n\nconnect(password=\""+value+"\")\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "app.js"), []byte("import db from 'https://app:"+value+"@example.com/db.js';\nexport const x = db;\n"), 0o644)
	r := roots(t, dir)
	for _, show := range []bool{false, true} {
		cs := inProcess(t, server.New(server.Options{Roots: r, StateDir: t.TempDir(), ShowSecrets: show}))
		for _, c := range []struct{ tool, args string }{
			{"grep", `{"pattern":"DB_PASSWORD"}`},
			{"grep", `{"pattern":"DEBUG","context":2}`},
			{"grep", `{"pattern":"DB_PASSWORD","explain":true}`},
			{"read", `{"path":".env"}`},
			{"outline", `{"path":"db.py"}`},
			{"callers", `{"name":"connect"}`},
			{"refs", `{"name":"connect"}`},
			{"callees", `{"name":"connect"}`},
			{"related", `{"path":"app.js"}`},
			{"concept", `{"description":"connect with the password"}`},
		} {
			res := call(t, cs, c.tool, c.args)
			b, _ := json.Marshal(res.StructuredContent)
			all := fixture.Text(res) + string(b)
			if strings.Contains(all, value) != show {
				t.Errorf("show %v: %s %s: holds the value: %v\n%s", show, c.tool, c.args, !show, all)
			}
			if !show && !strings.Contains(fixture.Text(res), "[REDACTED:") {
				t.Errorf("%s %s: no mask in %q", c.tool, c.args, fixture.Text(res))
			}
		}
		if res := call(t, cs, "grep", `{"pattern":"DB_PASSWORD","show_secrets":true}`); !res.IsError {
			t.Errorf("a call asked to show secrets and was not refused: %s", fixture.Text(res))
		}
	}
}

// TestHostileArguments: absurd, mistyped, unknown, duplicated and escaping
// arguments each get a tool error that names the problem, or a sensible
// outcome; none ends the session. See: #14.
func TestHostileArguments(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("needle\n"), 0o644)
	os.Symlink("/etc", filepath.Join(dir, "out"))
	cs := inProcess(t, server.New(server.Options{Roots: roots(t, dir), StateDir: t.TempDir()}))
	for _, c := range []struct {
		name, tool, args string
		isErr            bool
		want             string
	}{
		{"budget negative", "grep", `{"pattern":"needle","budget":-5}`, true, "budget must be a whole number from 0"},
		{"budget overflow", "grep", `{"pattern":"needle","budget":1e30}`, true, "budget must be a whole number"},
		{"budget huge", "grep", `{"pattern":"needle","budget":2147483648}`, false, "1 match in 1 file"},
		{"budget too small", "grep", `{"pattern":"needle","budget":10}`, true, "too small for a page: use at least 300"},
		{"budget as text", "grep", `{"pattern":"needle","budget":"lots"}`, true, `budget must be a whole number (such as 5), not "lots"`},
		{"budget as float", "grep", `{"pattern":"needle","budget":"2000.0"}`, false, "1 match in 1 file"},
		{"max_files zero", "grep", `{"pattern":"needle","max_files":0}`, true, "max_files must be 1 or more"},
		{"per_file zero", "grep", `{"pattern":"needle","per_file":0}`, true, "per_file must be 1 or more"},
		{"context huge", "grep", `{"pattern":"needle","context":2147483647}`, false, "1 match in 1 file"},
		{"timeout negative", "grep", `{"pattern":"needle","timeout_ms":-1}`, true, "timeout_ms must be a whole number"},
		{"pattern missing", "grep", `{}`, true, "pattern is required"},
		{"pattern wrong type", "grep", `{"pattern":5}`, true, "pattern must be a string, not a number"},
		{"pattern invalid", "grep", `{"pattern":"a(b"}`, true, "missing closing ); to search for the text literally, use literal: true"},
		{"pattern too large", "grep", `{"pattern":"` + bigPattern() + `"}`, false, ""},
		{"unknown argument", "grep", `{"pattern":"needle","contxt":2}`, true, "unknown argument \"contxt\" (did you mean context?)"},
		{"duplicated argument", "grep", `{"pattern":"needle","pattern":"x"}`, true, "pattern is given twice"},
		{"alias and name", "grep", `{"pattern":"needle","query":"x"}`, true, "both set pattern"},
		{"arguments not an object", "grep", `["needle"]`, true, "the arguments must be a JSON object"},
		{"null argument", "grep", `{"pattern":"needle","glob":null}`, false, "1 match in 1 file"},
		{"path outside", "grep", `{"pattern":"needle","path":"/etc"}`, true, "outside"},
		{"path escape", "read", `{"path":"../../etc/passwd"}`, true, "outside"},
		{"symlink escape", "read", `{"path":"out/passwd"}`, true, "outside"},
		{"glob escape", "grep", `{"pattern":"needle","glob":"../*"}`, true, ".."},
		{"path with NUL", "read", `{"path":"a.txt\u0000b"}`, true, "a.txt"},
		{"read offset past end", "read", `{"path":"a.txt","offset":100}`, true, "offset 100 is past the end of a.txt"},
		{"read end before offset", "read", `{"path":"a.txt","offset":5,"end_line":2}`, true, "end_line 2 is before the first line, 5"},
		{"read limit huge", "read", `{"path":"a.txt","limit":2147483647}`, false, "1:needle"},
		{"read fifo", "read", `{"path":"pipe"}`, true, "not a regular file (a named pipe)"},
		{"cursor garbage", "grep", `{"pattern":"needle","cursor":"c2.!!"}`, true, "damaged or cut"},
		{"touch nothing", "touch", `{"paths":[]}`, true, "paths is empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "read fifo" {
				if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
					t.Skip(err)
				}
			}
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
			if err != nil {
				t.Fatalf("protocol error %v: the session is broken", err)
			}
			if c.name == "pattern too large" {
				if !res.IsError || !strings.Contains(fixture.Text(res), "more than 200000 instructions") || len(fixture.Text(res)) > 600 {
					t.Errorf("%v %q", res.IsError, fixture.Text(res))
				}
				return
			}
			if res.IsError != c.isErr || !strings.Contains(fixture.Text(res), c.want) {
				t.Errorf("error %v, %q; want error %v with %q", res.IsError, fixture.Text(res), c.isErr, c.want)
			}
		})
	}
}

// bigPattern is a pattern past the size limit: 250 alternatives of 1000
// repeats.
func bigPattern() string {
	var alts []string
	for i := range 250 {
		alts = append(alts, fmt.Sprintf(`x%d\\w{1000}`, i))
	}
	return strings.Join(alts, "|")
}

// TestServeHTTP: several clients at once over streamable HTTP, on a
// loopback address only.
func TestServeHTTP(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("needle\n"), 0o644)
	s := server.New(server.Options{Roots: roots(t, dir), StateDir: t.TempDir()})
	for _, addr := range []string{"0.0.0.0:0", "192.0.2.1:80", "example.com:80", "nonsense"} {
		if err := server.ServeHTTP(context.Background(), s, addr, func(string) {}); err == nil || !strings.Contains(err.Error(), addr) {
			t.Errorf("%s: %v, want a refusal", addr, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- server.ServeHTTP(ctx, s, "127.0.0.1:0", func(u string) { urls <- u }) }()
	url := <-urls
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
			if err != nil {
				t.Error(err)
				return
			}
			defer cs.Close()
			if r := call(t, cs, "grep", `{"pattern":"needle"}`); !strings.Contains(fixture.Text(r), "1 match in 1 file") {
				t.Errorf("got %q", fixture.Text(r))
			}
		}()
	}
	wg.Wait()
	cancel()
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
}

// raised is a panic carried from another goroutine, as package safe's
// Panic is: its value and the stack where it happened.
type raised struct{}

func (raised) Error() string { return "the value\n\ngoroutine 7 [running]:\nwhere.it.happened()" }
func (raised) Origin() (any, []byte) {
	return "the value", []byte("goroutine 7 [running]:\nwhere.it.happened()")
}

// TestHostilePanicElsewhere: a panic raised again on the call's goroutine
// from one of the search's own (package safe) costs its call as any
// other: the model reads its value, not a stack, and the log has the
// stack where it happened.
func TestHostilePanicElsewhere(t *testing.T) {
	cs, logged := panickingServer(t, func(o server.Options) *mcp.Server { return server.NewPanickingWith(o, "find", raised{}) })
	r := call(t, cs, "find", `{"pattern":"a.txt"}`)
	if text := fixture.Text(r); !r.IsError || !strings.Contains(text, "find: internal error (a bug in scout, not in your call): the value;") || strings.Contains(text, "goroutine") {
		t.Errorf("the panicking call: error %v, %q", r.IsError, text)
	}
	if log := logged(); !strings.Contains(log, "find panicked: the value\ngoroutine 7 [running]:\nwhere.it.happened()") {
		t.Errorf("the log has not the stack where it happened: %q", log)
	}
	if r := call(t, cs, "grep", `{"pattern":"needle"}`); r.IsError || !strings.Contains(fixture.Text(r), "a.txt") {
		t.Errorf("the next call: %q", fixture.Text(r))
	}
}
