// Package server is scout's MCP face: the tools grep, find, read, outline, callers, callees, refs, implementations, related, concept and touch
// over the Model Context Protocol, as thin adapters over the scout
// library. Arguments are read tolerantly (the names other search tools use
// are accepted; see specs.go), every path is confined to the server's
// roots (see internal/confine), and each result comes twice: as
// structured content matching the tool's output schema, and as the same
// compact text the command line prints.
package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/confine"
)

// DefaultTimeout bounds a grep or find that gives no timeout_ms, so that
// an agent always gets an answer.
const DefaultTimeout = 30 * time.Second

// Face is how the text of a page spells what to send next.
var Face = scout.Face{
	Cursor:   `cursor "%s"`,
	NoIgnore: "send no_ignore: true",
	Hidden:   "send no_hidden: false",
	Binary:   "send text: true",
	Timeout:  "send a larger timeout_ms",
	Narrow:   "narrow it with path, glob or type",
	Mode:     `output_mode "%s"`,
	PerFile:  "per_file %d",
	Exact:    `grep with the description as its pattern, literal true and case "insensitive"`,
	MaxIndex: "start scout mcp with a larger --max-index",
}

// Options configures a server.
type Options struct {
	Roots    *confine.Roots
	Version  string
	StateDir string // the frecency store's directory; "" for the default
	Workers  int    // files searched at once; 0: the library's default
	// ShowSecrets shows values that look like secrets; by default they are
	// masked, and no argument of a call can change that.
	ShowSecrets bool
	// Embed is the embedding provider concept search asks, if any.
	Embed scout.EmbedOptions
	// MaxIndexBytes bounds what one concept index reads (see
	// scout.ConceptOptions.MaxIndexBytes); 0: the library's default.
	MaxIndexBytes int64
	// Log receives the stack of a handler that panicked (the caller gets a
	// tool error and the server goes on); nil: none.
	Log io.Writer
	// Calls is how many calls of the searching tools run at once; the
	// others wait their turn (see handlers.turn); 0: DefaultCalls().
	Calls int
	// The process must be working in the first root (see cli's mcp
	// command): the library resolves relative paths against the working
	// directory, and Roots.Path returns paths relative to the first root.
}

var errMultiline = errors.New("multiline matching is not supported: a match stays within one line; search for one line of the text, then read around the hit")

const instructions = `scout searches and reads code under the server's root. grep searches contents, find lists files by name or glob, read pages through a file, outline lists the definitions in files, callers lists the calls of a function, callees the calls it makes, refs the uses of a name, implementations what implements a type, related a file's imports, importers and tests, concept finds code by a description in words, touch records files you used with other tools. Results come best first in pages that fit a token budget, with exact totals and what was not searched; to see more, call again with the same arguments plus the cursor the page printed.`

// New returns an MCP server with scout's tools.
func New(o Options) *mcp.Server { return newServer(&handlers{o: o}) }

func newServer(h *handlers) *mcp.Server {
	o := h.o
	n := o.Calls
	if n <= 0 {
		n = DefaultCalls()
	}
	h.slots = make(chan struct{}, n)
	h.conceptSlots = make(chan struct{}, n)
	h.readSlots = make(chan struct{}, 2*n)
	s := mcp.NewServer(&mcp.Implementation{Name: "scout", Title: "scout", Version: o.Version}, &mcp.ServerOptions{Instructions: instructions})
	sp := toolSpecs()
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: jsonschema.Ptr(false)}
	add := func(sp *spec, title, desc string, out *jsonschema.Schema, ann *mcp.ToolAnnotations, f func(context.Context, args) (any, string, error)) {
		s.AddTool(&mcp.Tool{Name: sp.tool, Title: title, Description: desc, InputSchema: sp.schema(), OutputSchema: out, Annotations: ann}, h.tool(sp, f))
	}
	add(sp.grep, "Search file contents", grepDescription, outputSchema[scout.Page]("a page of results; its text is the content block"), readOnly, h.grep)
	add(sp.find, "Find files by name", findDescription, outputSchema[scout.Page]("a page of paths; its text is the content block"), readOnly, h.find)
	add(sp.read, "Read a file", readDescription, outputSchema[scout.ReadPage]("a page of the file; its text is the content block"), readOnly, h.read)
	add(sp.outline, "Outline files", outlineDescription, outputSchema[scout.Page]("a page of definitions; its text is the content block"), readOnly, h.outline)
	add(sp.callers, "Find the calls of a function", callersDescription, outputSchema[scout.Page]("a page of calls; its text is the content block"), readOnly, h.callers)
	add(sp.callees, "Find the calls a function makes", calleesDescription, outputSchema[scout.Page]("a page of calls; its text is the content block"), readOnly, h.callees)
	add(sp.refs, "Find the uses of a name", refsDescription, outputSchema[scout.Page]("a page of uses; its text is the content block"), readOnly, h.refs)
	add(sp.implementations, "Find the implementations of a type", implementationsDescription, outputSchema[scout.Page]("a page of implementations; its text is the content block"), readOnly, h.implementations)
	add(sp.related, "Find a file's imports, importers and tests", relatedDescription, outputSchema[scout.Page]("a page of related files; its text is the content block"), readOnly, h.related)
	add(sp.concept, "Find code by a description", conceptDescription, outputSchema[scout.Page]("exact hits, then concept leads; its text is the content block"), readOnly, h.concept)
	writes := &mcp.ToolAnnotations{IdempotentHint: false, DestructiveHint: jsonschema.Ptr(false), OpenWorldHint: jsonschema.Ptr(false)}
	add(sp.touch, "Record files used", touchDescription, outputSchema[TouchResult]("what was recorded"), writes, h.touch)
	return s
}

const grepDescription = `Search file contents under the root (RE2 regex; literal: true for plain text). Best first: definitions of what you searched for, files you work on, then the rest; vendored and generated last. A page fits budget tokens (default 1500): max_files files (20), per_file hits each (3), exact totals, what was not searched, and a directory map of the rest; call again with the cursor for more. ripgrep's ignore rules apply; hidden files are searched, .git never. Lines: "N:text", "*N:" a definition, "N-" context; "in Server.Serve 3120-3240" names the function the hits below sit in.`

const findDescription = `List files whose path matches pattern: a glob ("*.go", "src/**/*.{ts,tsx}") or name words ("http handler" finds internal/http/handler.go). Best match first, then files you work on. No pattern lists everything. Pages fit budget tokens (default 1500) and max_files paths (50), with exact totals, a map of the rest and a cursor. Same ignore rules as grep.`

const readDescription = `Read a text file, or limit lines from offset, in pages of budget tokens (default 4000). Lines come as "N:text"; lines over 2000 bytes are cut and marked. Each page gives the file's sha256 and the tree revision (a commit, checkout or staging changes it), to tell whether what you read may be stale; a cursor works only while the file is unchanged. Reading ranks the file higher in later searches.`

const outlineDescription = `List the definitions in files (functions, methods, classes, types, constants, variables, C prototypes…; Markdown sections), nested, each as "start-end signature": what a file holds unread. A directory outlines its files. By go/parser and tree-sitter, for 13 languages. Pages fit budget tokens (default 4000), with a cursor.`

const callersDescription = `List the calls of a function or method: each call's line under the function it sits in ("in 3051-3066 func (srv *Server) ListenAndServe() error"), after where the name is defined. Matched by name, not type-checked: the page lists the definitions; a call may be of any unless marked → with its package.`

const calleesDescription = `List the calls inside a function or method, each with where the callee is defined ("3462: c := s.newConn(rw)  → newConn net/http/server.go:634"; for a name defined many times, how many and the nearest two). Matched by name, not type-checked.`

const refsDescription = `List the uses of a name: its definitions, then each use's line under the definition it sits in, labelled call, import, type or other ("84 type: func (h *Handler) stderr() io.Writer"). Mentions in comments and strings are counted, not shown. Matched by name, not type-checked.`

const conceptDescription = `Find code by what it does, in words ("where sessions expire"): lines holding the words as written, then leads: definitions sharing the most words, with score and terms. A lead is a place to look, not proof.`

const implementationsDescription = `List what implements a type: classes extending or implementing it, Rust impls, Go types embedding it or with each method of the interface. By name, not type-checked.`

const relatedDescription = `List what a file imports (resolved to files of the tree), the files that import it (Go: its package), and its tests. Go, Python, JS/TS, C/C++.`

const touchDescription = `Record files you used (read or edited with other tools) so that grep and find rank them higher. Paths relative to the root.`

// TouchResult is what touch returns.
type TouchResult struct {
	Recorded []string `json:"recorded"`
	Missing  []string `json:"missing,omitempty"` // paths that do not exist, not recorded
}

// outputSchema infers a tool's output schema from the type its structured
// content marshals from.
func outputSchema[T any](desc string) *jsonschema.Schema {
	modes := []any{"auto", "content", "files", "count", "map", "list", "outline", "callers", "refs", "callees", "related", "concept", "implementations"}
	s, err := jsonschema.For[T](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[scout.Mode](): {Type: "string", Enum: modes},
	}})
	if err != nil {
		panic(fmt.Sprintf("output schema of %T: %v", *new(T), err))
	}
	s.Description = desc
	return s
}

// DefaultCalls is how many calls of the searching tools a server runs at
// once by default: two per CPU. Each search already uses every CPU, so
// more at once finish no sooner, and each holds its own memory: sixteen
// `callees ServeHTTP` at once over GOROOT/src took a server to 843 MB.
func DefaultCalls() int { return 2 * runtime.GOMAXPROCS(0) }

type handlers struct {
	o Options
	// Tests: hook is called as each call starts, with its time limit
	// (what is left of it after the wait; 0: none); queued when a call
	// waits for its turn.
	hook   func(ctx context.Context, tool string, limit time.Duration)
	queued func(tool string)
	slots  chan struct{} // one per searching call running
	// conceptSlots are concept's own: a call holds one from its index's
	// build (or its wait for another call's) to its page, so a build that
	// takes seconds holds up no other tool, and calls at once are as many
	// as the searching tools'. Each holds its ranking's memory: a hundred
	// warm calls at once over GOROOT/src took a server to 2.08 GB.
	conceptSlots chan struct{}
	// readSlots are read's own, twice as many: a read holds its file (up
	// to 10 MiB) until its page is out, and two hundred reads of a 9 MB
	// file at once took a server to 1.15 GB.
	readSlots chan struct{}
}

// unqueued are the tools whose calls never wait for a searching call's
// slot: touch records a use; read works on one file, and concept holds up
// no searching call while it builds: both wait for their own (slotsFor).
var unqueued = map[string]bool{"read": true, "touch": true, "concept": true}

// maxQuickOutline is how many files an outline may name and not wait its
// turn.
const maxQuickOutline = 16

// queues reports whether a call of s waits for a searching call's turn:
// the calls that walk a tree do; read, touch and concept (see unqueued) do
// not, nor an outline of a few files, which only parses them ("what is in
// this file" should not wait behind searches of the whole tree).
func (h *handlers) queues(s *spec, a args) bool {
	if unqueued[s.tool] {
		return false
	}
	if s.tool != "outline" {
		return true
	}
	paths := a.strs("path")
	if len(paths) == 0 || len(paths) > maxQuickOutline {
		return true
	}
	for _, p := range paths {
		c, err := h.o.Roots.Path(scout.UnquotePath(p))
		if err != nil {
			return true // refused in its turn, as any call is
		}
		if fi, err := os.Stat(c); err != nil || fi.IsDir() {
			return true
		}
	}
	return false
}

// slotsFor returns the slots a call of s waits for: concept's and read's
// own, else the searching calls' when it queues; nil: none.
func (h *handlers) slotsFor(s *spec, a args) chan struct{} {
	switch {
	case s.tool == "concept":
		return h.conceptSlots
	case s.tool == "read":
		return h.readSlots
	case h.queues(s, a):
		return h.slots
	}
	return nil
}

// turn waits for one of slots, at most limit (none: 0), and returns what
// gives it back; an error when ctx ends or limit passes first.
func (h *handlers) turn(ctx context.Context, slots chan struct{}, tool string, limit time.Duration) (func(), error) {
	select {
	case slots <- struct{}{}:
		return func() { <-slots }, nil
	default:
	}
	if h.queued != nil {
		h.queued(tool)
	}
	var expired <-chan time.Time
	if limit > 0 {
		t := time.NewTimer(limit)
		defer t.Stop()
		expired = t.C
	}
	select {
	case slots <- struct{}{}:
		return func() { <-slots }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("cancelled while waiting for one of the %d calls running at once to finish: %w", cap(slots), ctx.Err())
	case <-expired:
		return nil, h.noTimeLeft(slots, limit, limit)
	}
}

// limitOf is the time limit of a call of s, which its wait for a turn
// counts toward: timeout_ms (or DefaultTimeout) for a tool that lists it;
// for the others, the timeout_ms sent, else 0.
func limitOf(s *spec, a args) time.Duration {
	if s.param("timeout_ms") == nil {
		return sentTimeout(a)
	}
	return timeoutOf(a)
}

func (h *handlers) noTimeLeft(slots chan struct{}, waited, limit time.Duration) error {
	return fmt.Errorf("waited %s for a turn (%s), which is all of the time limit (%s); nothing was searched: call again, or send a larger timeout_ms", waited.Round(time.Millisecond), h.atOnce(slots), limit)
}

// atOnce says how many calls that take slots the server runs at once.
func (h *handlers) atOnce(slots chan struct{}) string {
	one, many := "searching call", "searching calls"
	switch slots {
	case h.conceptSlots:
		one, many = "concept search", "concept searches"
	case h.readSlots:
		one, many = "read", "reads"
	}
	if cap(slots) == 1 {
		return "this server runs one " + one + " at a time"
	}
	return fmt.Sprintf("this server runs %d %s at once", cap(slots), many)
}

// tool wraps a handler: it decodes the arguments and turns errors into
// tool errors the model can read.
func (h *handlers) tool(s *spec, f func(context.Context, args) (any, string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, _ error) {
		// A bug must cost one call, not the session: the SDK would let the
		// panic end the process, and every later call of the host would
		// fail with "not connected".
		defer func() {
			if v := recover(); v != nil {
				stack := debug.Stack()
				// A panic on one of the search's own goroutines is raised
				// again here with the stack where it happened.
				if o, ok := v.(interface{ Origin() (any, []byte) }); ok {
					v, stack = o.Origin()
				}
				if h.o.Log != nil {
					fmt.Fprintf(h.o.Log, "scout mcp: %s panicked: %v\n%s", s.tool, v, stack)
				}
				res = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{
					Text: fmt.Sprintf("%s: internal error (a bug in scout, not in your call): %v; the server goes on, and the stack is in its log; try other arguments, or another tool", s.tool, v)}}}
			}
		}()
		failed := func(err error) *mcp.CallToolResult {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: s.tool + ": " + err.Error()}}}
		}
		arrived := time.Now()
		// Arguments that do not decode are refused before the call waits.
		a, err := s.decode(req.Params.Arguments)
		if err != nil {
			return failed(err), nil
		}
		note := ""
		if slots := h.slotsFor(s, a); slots != nil {
			limit := limitOf(s, a)
			done, err := h.turn(ctx, slots, s.tool, limit)
			if err != nil {
				return failed(err), nil
			}
			defer done()
			if note, err = h.waited(slots, a, limit, time.Since(arrived)); err != nil {
				return failed(err), nil
			}
		}
		if h.hook != nil {
			h.hook(ctx, s.tool, limitOf(s, a))
		}
		out, text, err := f(withProgress(ctx, req), a)
		if err != nil {
			return failed(err), nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text + note}}, StructuredContent: out}, nil
	}
}

// NotedWait is how long a call must wait for its turn before its page
// says so.
const NotedWait = time.Second

// waited counts the time a call waited for its turn toward its time limit
// (none: 0), so that a host's limit holds for the wait and the search
// together: the search gets what is left. It returns a line for the page
// when the wait was long enough to notice.
func (h *handlers) waited(slots chan struct{}, a args, limit, waited time.Duration) (string, error) {
	if limit <= 0 {
		return "", nil
	}
	left := limit - waited
	if left <= 0 {
		return "", h.noTimeLeft(slots, waited, limit)
	}
	from := "timeout_ms"
	if prev, ok := a["timeout_ms"]; ok {
		from = prev.from
	}
	// In whole milliseconds, rounded up: a limit of 1 ms less the
	// microseconds the arguments took to read still leaves the search 1.
	a["timeout_ms"] = arg{v: int((left + time.Millisecond - 1) / time.Millisecond), from: from}
	if waited < NotedWait {
		return "", nil
	}
	return fmt.Sprintf("\nnote: this call waited %.1f s for a turn (%s); the wait counts toward timeout_ms, and %.1f s of it was left for the search\n", waited.Seconds(), h.atOnce(slots), left.Seconds()), nil
}

// paths confines the paths an agent sent.
func (h *handlers) paths(list []string) ([]string, error) {
	out := make([]string, 0, len(list))
	for _, p := range list {
		c, err := h.o.Roots.Path(scout.UnquotePath(p))
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// globList returns the globs sent, those sent as exclude last.
func globList(a args) []string {
	return append(append([]string(nil), a.strs("glob")...), a.strs(excludeKey)...)
}

func globs(list []string) error {
	for _, g := range list {
		if err := confine.Glob(g); err != nil {
			return err
		}
	}
	return nil
}

func caseOf(a args) scout.Case {
	switch a.str("case") {
	case "sensitive":
		return scout.CaseSensitive
	case "insensitive":
		return scout.CaseInsensitive
	}
	return scout.SmartCase
}

func sortOf(a args) scout.Sort {
	if a.str("sort") == "path" {
		return scout.ByPath
	}
	return scout.ByRank
}

func timeoutOf(a args) time.Duration {
	if t := sentTimeout(a); t > 0 {
		return t
	}
	return DefaultTimeout
}

// sentTimeout is the timeout_ms a call sent; 0 for none.
func sentTimeout(a args) time.Duration {
	if a.has("timeout_ms") && a.num("timeout_ms") > 0 {
		return time.Duration(a.num("timeout_ms")) * time.Millisecond
	}
	return 0
}

func (h *handlers) grep(ctx context.Context, a args) (any, string, error) {
	scope, err := h.scopeOf(a)
	if err != nil {
		return nil, "", err
	}
	if a.has("all") || a.has("any") || a.has("none") || a.has("near") || a.has("scope") {
		return h.conditions(ctx, a, scope)
	}
	if !a.has("pattern") {
		return nil, "", errors.New(`pattern is required: send it as a string, such as {"pattern": "…"} (or all, any and none for several conditions)`)
	}
	before, after := a.num("context"), a.num("context")
	if a.has("before") {
		before = a.num("before")
	}
	if a.has("after") {
		after = a.num("after")
	}
	mode := scout.Auto
	if a.has("output_mode") {
		mode, _ = scout.ParseMode(a.str("output_mode"))
	}
	o := scout.GrepOptions{
		Options: scout.Options{
			Patterns: []string{a.str("pattern")}, Scope: scope, RankOptions: h.rankOf(a),
			Fixed: a.flag("literal"), Case: caseOf(a), Word: a.flag("word"), Before: before, After: after,
			Text: a.flag("text"), MaxFileSize: maxFileSizeOf(a), Workers: h.o.Workers, ShowSecrets: h.o.ShowSecrets,
		},
		PageOptions: pageOf(a), Mode: mode, PerFile: a.num("per_file"), NoCollapse: a.flag("no_collapse"),
	}
	if a.has("per_file") && o.PerFile == 0 {
		return nil, "", errors.New("per_file must be 1 or more")
	}
	if a.has("max_files") && o.MaxFiles == 0 {
		return nil, "", errors.New("max_files must be 1 or more")
	}
	p, err := scout.Grep(ctx, o)
	if err != nil {
		var pe *scout.PatternError
		if errors.As(err, &pe) && !o.Fixed {
			mcpErr := *pe // the hint in the MCP's words
			mcpErr.Hint = strings.Replace(mcpErr.Hint, "fixed strings", "literal: true", 1)
			return nil, "", &mcpErr
		}
		return nil, "", h.relative(err)
	}
	return p.Brief(), p.Text, nil
}

// maxFileSizeOf is grep's max_filesize as Options takes it: unsent, the
// library's default (0); 0 sent, no limit (-1).
func maxFileSizeOf(a args) int64 {
	if !a.has("max_filesize") {
		return 0
	}
	if n := int64(a.num("max_filesize")); n != 0 {
		return n
	}
	return -1
}

// conditions runs a grep of several conditions: the pattern (if sent)
// and all must each occur within the scope, one of any must, none of none
// may.
func (h *handlers) conditions(ctx context.Context, a args, scope scout.Scope) (any, string, error) {
	for _, k := range []string{"output_mode", "context", "before", "after"} {
		if a.has(k) {
			return nil, "", fmt.Errorf("%s does not go with all, any, none, near or scope: such a search shows its evidence lines", k)
		}
	}
	for _, k := range []string{"max_files", "per_file", "explain", "no_collapse"} {
		if a.has(k) {
			return nil, "", fmt.Errorf("%s does not go with all, any, none, near or scope: such a search pages its evidence by budget alone, with no scores to explain or copies to fold", k)
		}
	}
	term := func(p string) scout.Term {
		return scout.Term{Pattern: p, Fixed: a.flag("literal"), Word: a.flag("word"), Case: caseOf(a)}
	}
	var q scout.Query
	if a.has("pattern") {
		q.All = append(q.All, term(a.str("pattern")))
	}
	for _, p := range a.strs("all") {
		q.All = append(q.All, term(p))
	}
	for _, p := range a.strs("any") {
		q.Any = append(q.Any, term(p))
	}
	for _, p := range a.strs("none") {
		q.None = append(q.None, term(p))
	}
	q.Near = a.num("near")
	if a.has("near") && q.Near == 0 {
		// 0 is Query's unset value: taken as given, it would search
		// without the condition and say nothing.
		return nil, "", errors.New("near 0: give a number of lines, 1 or more (scope \"line\" for the patterns on one line)")
	}
	if a.has("scope") {
		s, err := scout.ParseQueryScope(a.str("scope"))
		if err != nil {
			return nil, "", err
		}
		q.Scope = s
	}
	ro := h.rankOf(a)
	p, err := scout.Conditions(ctx, scout.ConditionsOptions{Query: q, Scope: scope, RankOptions: ro, PageOptions: pageOf(a), ShowSecrets: h.o.ShowSecrets,
		Text: a.flag("text"), MaxFileSize: maxFileSizeOf(a)})
	if err != nil {
		return nil, "", h.relative(err)
	}
	return p.Brief(), p.Text, nil
}

func (h *handlers) find(ctx context.Context, a args) (any, string, error) {
	scope, err := h.scopeOf(a)
	if err != nil {
		return nil, "", err
	}
	if p := a.str("pattern"); strings.Contains(p, "/") {
		if err := confine.Glob(p); err != nil {
			return nil, "", err
		}
	}
	if a.has("max_files") && a.num("max_files") == 0 {
		return nil, "", errors.New("max_files must be 1 or more")
	}
	o := scout.FindOptions{
		Pattern: a.str("pattern"), Case: caseOf(a), Dirs: a.str("type_of") == "d",
		Scope: scope, RankOptions: h.rankOf(a), PageOptions: pageOf(a), Workers: h.o.Workers,
	}
	p, err := scout.Find(ctx, o)
	if err != nil {
		return nil, "", h.relative(err)
	}
	return p.Brief(), p.Text, nil
}

func (h *handlers) read(ctx context.Context, a args) (any, string, error) {
	p, err := h.o.Roots.Path(scout.UnquotePath(a.str("path")))
	if err != nil {
		return nil, "", err
	}
	o := scout.ReadOptions{
		Path: p, Offset: a.num("offset"), Limit: a.num("limit"), Budget: a.num("budget"), Cursor: a.str("cursor"),
		StateDir: h.o.StateDir, Face: Face, ShowSecrets: h.o.ShowSecrets,
	}
	if a.has("end_line") {
		end := a.num("end_line")
		from := max(o.Offset, 1)
		if _, at, _, ok := scout.LineInPath(p); ok && o.Offset == 0 { // "handler.go:120", as Read takes it
			from = at
		}
		switch {
		case a.has("limit"):
			return nil, "", errors.New("send limit or end_line, not both")
		case end < from:
			return nil, "", fmt.Errorf("end_line %d is before the first line, %d", end, from)
		}
		o.Limit = end - from + 1
	}
	page, err := scout.Read(ctx, o)
	if err != nil {
		return nil, "", h.relative(err)
	}
	return page, page.Text, nil
}

func (h *handlers) outline(ctx context.Context, a args) (any, string, error) {
	scope, err := h.scopeOf(a)
	if err != nil {
		return nil, "", err
	}
	o := scout.OutlineOptions{
		Scope:       scope,
		PageOptions: scout.PageOptions{Budget: a.num("budget"), Cursor: a.str("cursor"), Timeout: timeoutOf(a), Face: Face},
		ShowSecrets: h.o.ShowSecrets,
	}
	p, err := scout.Outline(ctx, o)
	if err != nil {
		return nil, "", h.relative(err)
	}
	return p.Brief(), p.Text, nil
}

func (h *handlers) callers(ctx context.Context, a args) (any, string, error) {
	return h.named(ctx, a, func(o scout.RefsOptions) (*scout.Page, error) {
		return scout.Callers(ctx, scout.CallersOptions{Name: o.Name, Scope: o.Scope, PageOptions: o.PageOptions, ShowSecrets: o.ShowSecrets, Depth: a.num("depth")})
	})
}

func (h *handlers) callees(ctx context.Context, a args) (any, string, error) {
	return h.named(ctx, a, func(o scout.RefsOptions) (*scout.Page, error) { return scout.Callees(ctx, scout.CalleesOptions(o)) })
}

func (h *handlers) related(ctx context.Context, a args) (any, string, error) {
	paths, err := h.paths([]string{a.str("path")})
	if err != nil {
		return nil, "", err
	}
	roots, err := h.paths(nil)
	if err != nil {
		return nil, "", err
	}
	p, err := scout.Related(ctx, scout.RelatedOptions{
		Path: paths[0], Scope: scout.Scope{Paths: roots},
		PageOptions: scout.PageOptions{Budget: a.num("budget"), Cursor: a.str("cursor"), Timeout: sentTimeout(a), Face: Face},
		ShowSecrets: h.o.ShowSecrets,
	})
	if err != nil {
		return nil, "", h.relative(err)
	}
	return p.Brief(), p.Text, nil
}

func (h *handlers) concept(ctx context.Context, a args) (any, string, error) {
	scope, err := h.scopeOf(a)
	if err != nil {
		return nil, "", err
	}
	p, err := scout.Concept(ctx, h.conceptOptions(ctx, a, scope))
	if err != nil {
		return nil, "", h.relative(err)
	}
	return p.Brief(), p.Text, nil
}

// conceptOptions are the options of the concept search a call asks for.
func (h *handlers) conceptOptions(ctx context.Context, a args, scope scout.Scope) scout.ConceptOptions {
	return scout.ConceptOptions{
		Description: a.str("description"), Tests: a.flag("tests"), Scope: scope, Embed: h.o.Embed, ShowSecrets: h.o.ShowSecrets, MaxIndexBytes: h.o.MaxIndexBytes,
		Progress: phase(ctx, "indexing", "files"), EmbedProgress: phase(ctx, "embedding", "chunks"),
		RankOptions: scout.RankOptions{StateDir: h.o.StateDir},
		// Bounded like grep, so that an agent always gets an answer: a
		// first call whose index takes longer answers with the exact
		// hits, and what its build read is kept for the next call.
		PageOptions: scout.PageOptions{Budget: a.num("budget"), Cursor: a.str("cursor"), Timeout: timeoutOf(a), Face: Face},
	}
}

func (h *handlers) implementations(ctx context.Context, a args) (any, string, error) {
	return h.named(ctx, a, func(o scout.RefsOptions) (*scout.Page, error) {
		return scout.Implementations(ctx, scout.ImplementationsOptions{Name: o.Name, Scope: o.Scope, PageOptions: o.PageOptions, ShowSecrets: o.ShowSecrets, Depth: a.num("depth")})
	})
}

func (h *handlers) refs(ctx context.Context, a args) (any, string, error) {
	return h.named(ctx, a, func(o scout.RefsOptions) (*scout.Page, error) { return scout.Refs(ctx, o) })
}

// named runs a tool that takes a name (callers, callees, refs).
func (h *handlers) named(ctx context.Context, a args, run func(scout.RefsOptions) (*scout.Page, error)) (any, string, error) {
	scope, err := h.scopeOf(a)
	if err != nil {
		return nil, "", err
	}
	p, err := run(scout.RefsOptions{
		Name: a.str("name"), Scope: scope,
		PageOptions: scout.PageOptions{Budget: a.num("budget"), Cursor: a.str("cursor"), Timeout: timeoutOf(a), Face: Face},
		ShowSecrets: h.o.ShowSecrets,
	})
	if err != nil {
		return nil, "", h.relative(err)
	}
	return p.Brief(), p.Text, nil
}

func (h *handlers) touch(ctx context.Context, a args) (any, string, error) {
	paths, err := h.paths(a.strs("paths"))
	if err != nil {
		return nil, "", err
	}
	if len(paths) == 0 {
		return nil, "", errors.New(`paths is empty: send the files you used, such as {"paths": ["src/main.go"]}`)
	}
	res := TouchResult{Recorded: []string{}}
	err = scout.Touch(paths, scout.TouchOptions{StateDir: h.o.StateDir})
	var te *scout.TouchError
	switch {
	case errors.As(err, &te):
		res.Missing = te.Missing
	case err != nil:
		return nil, "", err
	}
	for _, p := range paths {
		if !slices.Contains(res.Missing, p) {
			res.Recorded = append(res.Recorded, p)
		}
	}
	text := fmt.Sprintf("recorded %d file%s", len(res.Recorded), plural(len(res.Recorded)))
	if len(res.Missing) > 0 {
		text += fmt.Sprintf("; not recorded, no such file: %s", strings.Join(res.Missing, ", "))
	}
	return res, text + "\n", nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// scopeOf reads the arguments that choose the files, the same for grep
// and find: paths inside the roots, globs that stay inside them.
func (h *handlers) scopeOf(a args) (scout.Scope, error) {
	paths, err := h.paths(a.strs("path"))
	if err != nil {
		return scout.Scope{}, err
	}
	if err := globs(globList(a)); err != nil {
		return scout.Scope{}, err
	}
	return scout.Scope{
		Paths: paths, Globs: globList(a), Types: a.strs("type"), NotTypes: a.strs("not_type"),
		MaxDepth: a.num("max_depth"), NoIgnore: a.flag("no_ignore"), NoHidden: a.flag("no_hidden"),
	}, nil
}

// rankOf reads the arguments that choose the order.
func (h *handlers) rankOf(a args) scout.RankOptions {
	return scout.RankOptions{Sort: sortOf(a), StateDir: h.o.StateDir}
}

// pageOf reads the arguments that lay out a page.
func pageOf(a args) scout.PageOptions {
	return scout.PageOptions{
		MaxFiles: a.num("max_files"), Budget: a.num("budget"), Cursor: a.str("cursor"),
		Timeout: timeoutOf(a), Explain: a.flag("explain"), Face: Face,
	}
}

// relative shortens the root's absolute path in an error to ".", so
// messages name paths as the agent sends them. It changes only the words:
// the error it wraps is still there for errors.Is and errors.As.
func (h *handlers) relative(err error) error {
	dir := h.o.Roots.Dir() + string(os.PathSeparator)
	return &reworded{msg: strings.ReplaceAll(err.Error(), dir, ""), err: err}
}

// reworded is an error with other words for the same error.
type reworded struct {
	msg string
	err error
}

func (e *reworded) Error() string { return e.msg }
func (e *reworded) Unwrap() error { return e.err }

// Serve runs the server over a transport until the client hangs up.
func Serve(ctx context.Context, s *mcp.Server, t mcp.Transport) error {
	err := s.Run(ctx, t)
	if err != nil && (errors.Is(err, context.Canceled) || errors.Is(err, io.EOF)) {
		return nil
	}
	return err
}
