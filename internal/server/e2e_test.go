package server_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/tools/txtar"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/cli"
	"github.com/scoutcode/scout/internal/fixture"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden/mcp")

// The test binary doubles as the server: with SCOUT_TEST_SERVE set it runs
// scout's command line with the arguments in SCOUT_TEST_ARGS, so the tests
// talk to "scout mcp" in a subprocess over stdio, as a host does.
func TestMain(m *testing.M) {
	if os.Getenv("SCOUT_TEST_SERVE") == "1" {
		var args []string
		if err := json.Unmarshal([]byte(os.Getenv("SCOUT_TEST_ARGS")), &args); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(cli.Main(context.Background(), args, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(fixture.RunWithOwnCache(m.Run)) // the servers' caches are the tests' own
}

// serverCmd returns the command that runs "scout mcp args..." in dir.
func serverCmd(t *testing.T, dir string, env []string, args ...string) *exec.Cmd {
	t.Helper()
	b, _ := json.Marshal(append([]string{"mcp"}, args...))
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "SCOUT_TEST_SERVE=1", "SCOUT_TEST_ARGS="+string(b)), env...)
	return cmd
}

// connect starts the server and returns a client session to it.
func connect(t *testing.T, dir string, env []string, args ...string) *mcp.ClientSession {
	t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "scout-test", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	s, err := client.Connect(ctx, &mcp.CommandTransport{Command: serverCmd(t, dir, env, args...)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// repo writes the CLI's fixture repository, dated long ago so that the
// recency signal is the same on every run, and returns its root and the
// environment for the server (a home and an empty state directory).
func repo(t *testing.T) (string, []string) {
	t.Helper()
	f, err := fixture.Load("../../testdata/cli/repo.txtar", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := fixture.Date(f.Root, fixture.Old); err != nil {
		t.Fatal(err)
	}
	return f.Root, []string{"HOME=" + f.Home, "XDG_CONFIG_HOME=", "XDG_STATE_HOME=" + t.TempDir(), "XDG_CACHE_HOME=" + t.TempDir()}
}

// call calls a tool with arguments given as JSON.
func call(t *testing.T, s *mcp.ClientSession, tool, arguments string) *mcp.CallToolResult {
	t.Helper()
	res, err := s.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(arguments)})
	if err != nil {
		t.Fatalf("%s %s: %v", tool, arguments, err)
	}
	return res
}

// structured decodes a result's structured content into v.
func structured(t *testing.T, r *mcp.CallToolResult, v any) {
	t.Helper()
	b, err := json.Marshal(r.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
}

// cursors matches the cursors in a result; they hold the clock of the
// first page, so golden files show them as c2.<cursor> and r1.<cursor>.
var cursors = regexp.MustCompile(`\b(c2|r1)\.[A-Za-z0-9_-]+`)

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	fixture.Golden(t, filepath.Join("../../testdata/golden/mcp", name), got, *update, "go test ./internal/server -update")
}

// TestToolsGolden pins the tool list: names, descriptions, annotations,
// input and output schemas.
func TestToolsGolden(t *testing.T) {
	root, env := repo(t)
	s := connect(t, root, env)
	res, err := s.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.OutputSchema == nil || tool.Description == "" {
			t.Errorf("%s: no output schema or description", tool.Name)
		}
	}
	if want := []string{"callees", "callers", "concept", "find", "grep", "implementations", "outline", "read", "refs", "related", "touch"}; !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
	// What the model reads of the list: names, descriptions and input
	// schemas (the output schemas go to the host).
	var visible []any
	for _, tool := range res.Tools {
		visible = append(visible, []any{tool.Name, tool.Description, tool.InputSchema})
	}
	vb, _ := json.Marshal(visible)
	t.Logf("tools/list: %d tokens (bytes/4) visible to the model", len(vb)/4)
	if len(vb)/4 > 3500 {
		t.Errorf("tools/list shows the model %d tokens; at most 3500", len(vb)/4)
	}
	b, err := json.MarshalIndent(res.Tools, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "tools.json", append(b, '\n'))
}

// resultCases are tool calls on the fixture repository; each one's text
// and structured content must equal its golden file.
var resultCases = []struct {
	name, tool, args string
	next             bool // also follow the cursor once
}{
	{"grep", "grep", `{"pattern": "handler"}`, false},
	{"grep-explain", "grep", `{"pattern": "Handler", "explain": true}`, false},
	{"grep-context", "grep", `{"pattern": "NewHandler", "context": 1}`, false},
	{"grep-files", "grep", `{"pattern": "handler", "output_mode": "files"}`, false},
	{"grep-count", "grep", `{"pattern": "handler", "output_mode": "count"}`, false},
	{"grep-map", "grep", `{"pattern": "handler", "output_mode": "map"}`, false},
	{"grep-pages", "grep", `{"pattern": "handler", "budget": 300, "per_file": 1, "max_files": 2}`, true},
	{"grep-tolerant", "grep", `{"query": "handler", "-i": true, "head_limit": "2", "output_mode": "files_with_matches", "-n": true}`, false},
	{"grep-elsewhere", "grep", `{"pattern": "zebra", "no_hidden": true}`, false},
	{"grep-one-file", "grep", `{"pattern": "func", "path": "server/handler.go"}`, false},
	{"grep-bad-regex", "grep", `{"pattern": "NewHandler("}`, false},
	{"grep-unknown-arg", "grep", `{"pattern": "x", "patern": "y"}`, false},
	{"grep-no-pattern", "grep", `{"path": "server"}`, false},
	{"grep-bad-number", "grep", `{"pattern": "x", "max_files": "many"}`, false},
	{"grep-bad-mode", "grep", `{"pattern": "x", "output_mode": "lines_with_matches"}`, false},
	{"grep-twice", "grep", `{"pattern": "x", "query": "y"}`, false},
	{"grep-multiline", "grep", `{"pattern": "x", "multiline": true}`, false},
	{"grep-bad-cursor", "grep", `{"pattern": "handler", "cursor": "c2.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}`, false},
	{"grep-outside", "grep", `{"pattern": "x", "path": "../"}`, false},
	{"find", "find", `{"pattern": "handler"}`, false},
	{"find-all", "find", `{}`, false},
	{"find-glob", "find", `{"pattern": "*.go"}`, false},
	{"find-dirs", "find", `{"type_of": "directory"}`, false},
	{"find-pages", "find", `{"budget": 300, "max_files": 3}`, true},
	{"find-none", "find", `{"query": "index"}`, false},
	{"find-path", "find", `{"pattern": "server/handler.go"}`, false},
	{"find-glob-outside", "find", `{"glob": "../**"}`, false},
	{"read", "read", `{"path": "server/handler.go"}`, false},
	{"read-range", "read", `{"file_path": "server/handler.go", "offset": "3", "limit": 4}`, false},
	{"read-pages", "read", `{"path": "notes/long.txt", "budget": 300}`, true},
	{"read-end-line", "read", `{"path": "README.md", "start_line": 2, "end_line": 3}`, false},
	{"read-binary", "read", `{"path": "logo.png"}`, false},
	{"read-dir", "read", `{"path": "server"}`, false},
	{"read-missing", "read", `{"path": "nope.go"}`, false},
	{"read-outside", "read", `{"path": "/etc/passwd"}`, false},
	{"outline", "outline", `{"path": "server/handler.go"}`, false},
	{"outline-dir", "outline", `{"paths": ["."], "budget": 300}`, false},
	{"outline-missing", "outline", `{"file": "nope.go"}`, false},
	{"outline-outside", "outline", `{"path": "../x.go"}`, false},
	{"outline-no-path", "outline", `{}`, false},
	{"callers", "callers", `{"name": "NewHandler"}`, false},
	{"callers-tolerant", "callers", `{"symbol": "Serve", "path": ["cmd"]}`, false},
	{"callers-not-a-name", "callers", `{"name": "a.b("}`, false},
	{"callers-qualified", "callers", `{"name": "http.Get"}`, false},
	{"implementations", "implementations", `{"name": "Handler", "depth": 2}`, false},
	{"callees", "callees", `{"function": "main"}`, false},
	{"related", "related", `{"file": "server/handler.go"}`, false},
	{"concept", "concept", `{"description": "returns a handler"}`, false},
	{"concept-tolerant", "concept", `{"query": "serves requests", "paths": ["server"]}`, false},
	{"concept-empty", "concept", `{"description": "  "}`, false},
	{"concept-tests", "concept", `{"description": "returns a handler", "tests": true}`, false}, // the test's lead is not lowered
	{"grep-all", "grep", `{"pattern": "NewHandler", "literal": true, "all": ["nil"]}`, false},
	{"grep-near", "grep", `{"and": ["NewHandler()", "return"], "literal": true, "near": 1}`, false},
	{"grep-all-none", "grep", `{"all": ["Handler", "func"], "not": "testing"}`, false},
	{"grep-none-only", "grep", `{"none": ["testing"]}`, false},
	{"grep-near-one-term", "grep", `{"pattern": "Handler", "near": 2}`, false},
	{"refs", "refs", `{"name": "Handler"}`, false},
	{"touch", "touch", `{"paths": ["server/handler.go", "nope.go"]}`, false},
	{"touch-one", "touch", `{"file_path": "README.md"}`, false},
	// Reads record a use, which ranks later cases: these come last.
	{"read-path-lines", "read", `{"path": "server/handler.go:3-5"}`, false},
	{"read-path-line-end-line", "read", `{"path": "README.md:2", "end_line": 3}`, false},
}

func TestResultsGolden(t *testing.T) {
	root, env := repo(t)
	var long strings.Builder
	for i := 1; i <= 120; i++ {
		fmt.Fprintf(&long, "line %d of a long file\n", i)
	}
	os.MkdirAll(filepath.Join(root, "notes"), 0o755)
	os.WriteFile(filepath.Join(root, "notes", "long.txt"), []byte(long.String()), 0o644)
	os.Chtimes(filepath.Join(root, "notes", "long.txt"), fixture.Old, fixture.Old)
	os.Chtimes(filepath.Join(root, "notes"), fixture.Old, fixture.Old)
	s := connect(t, root, env)
	// Every structured result must match its tool's output schema.
	list, err := s.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]*jsonschema.Resolved{}
	for _, tool := range list.Tools {
		b, _ := json.Marshal(tool.OutputSchema)
		var sc jsonschema.Schema
		if err := json.Unmarshal(b, &sc); err != nil {
			t.Fatal(err)
		}
		r, err := sc.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		schemas[tool.Name] = r
	}
	valid := func(t *testing.T, tool string, r *mcp.CallToolResult) {
		t.Helper()
		if r.IsError {
			return
		}
		b, _ := json.Marshal(r.StructuredContent)
		var v any
		json.Unmarshal(b, &v)
		if err := schemas[tool].Validate(v); err != nil {
			t.Errorf("the structured content does not match the output schema: %v", err)
		}
	}
	for _, c := range resultCases {
		t.Run(c.name, func(t *testing.T) {
			res := call(t, s, c.tool, c.args)
			valid(t, c.tool, res)
			files := resultFiles(root, "", res)
			if c.next {
				var page struct {
					Cursor string `json:"cursor"`
				}
				structured(t, res, &page)
				if page.Cursor == "" {
					t.Fatalf("no cursor in %s", fixture.Text(res))
				}
				var a map[string]any
				json.Unmarshal([]byte(c.args), &a)
				a["cursor"] = page.Cursor
				b, _ := json.Marshal(a)
				next := call(t, s, c.tool, string(b))
				valid(t, c.tool, next)
				files = append(files, resultFiles(root, "next ", next)...)
			}
			got := txtar.Format(&txtar.Archive{Comment: []byte(c.tool + " " + c.args + "\n"), Files: files})
			// A build without cgo outlines with the line classifier, and its
			// grep pages do not say which definition a hit is in.
			fixture.GoldenOfBuild(t, filepath.Join("../../testdata/golden/mcp", c.name+".txtar"), got, *update, scout.OutlineBy != "tree-sitter", "go test ./internal/server -update")
		})
	}
}

// resultFiles returns a result's text and structured content, with the
// cursors and the root's path (a temporary directory) normalized.
func resultFiles(root, prefix string, r *mcp.CallToolResult) []txtar.File {
	files := []txtar.File{{Name: prefix + "text", Data: []byte(strings.ReplaceAll(cursors.ReplaceAllString(fixture.Text(r), "$1.<cursor>"), root, "<root>"))}}
	if r.IsError {
		return append(files, txtar.File{Name: prefix + "error", Data: []byte("true\n")})
	}
	b, _ := json.MarshalIndent(r.StructuredContent, "", "  ")
	return append(files, txtar.File{Name: prefix + "structured", Data: append([]byte(cursors.ReplaceAllString(string(b), "$1.<cursor>")), '\n')})
}

// TestEscapes: every way out of the root is refused, by every tool that
// takes a path or a glob.
func TestEscapes(t *testing.T) {
	root, env := repo(t)
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("password=hunter2\n"), 0o644)
	os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(root, "secret-link"))
	os.Symlink(outside, filepath.Join(root, "out-dir"))
	s := connect(t, root, env)
	secret := filepath.Join(outside, "secret.txt")
	cases := []struct{ tool, args string }{
		{"grep", `{"pattern": "password", "path": "../"}`},
		{"grep", `{"pattern": "password", "path": "server/../../"}`},
		{"grep", fmt.Sprintf(`{"pattern": "password", "path": %q}`, outside)},
		{"grep", fmt.Sprintf(`{"pattern": "password", "path": %q}`, secret)},
		{"grep", `{"pattern": "password", "path": "secret-link"}`},
		{"grep", `{"pattern": "password", "path": "out-dir"}`},
		{"grep", `{"pattern": "password", "glob": "../**"}`},
		{"grep", `{"pattern": "password", "glob": ["*.go", "!server/../../x"]}`},
		{"find", `{"path": "../"}`},
		{"find", fmt.Sprintf(`{"path": %q}`, outside)},
		{"find", `{"path": "out-dir"}`},
		{"find", `{"glob": "../*"}`},
		{"find", `{"pattern": "../*.txt"}`},
		{"read", `{"path": "../secret.txt"}`},
		{"read", fmt.Sprintf(`{"path": %q}`, secret)},
		{"read", `{"path": "secret-link"}`},
		{"read", `{"path": "out-dir/secret.txt"}`},
		{"read", `{"path": "/etc/passwd"}`},
		{"touch", fmt.Sprintf(`{"paths": [%q]}`, secret)},
		{"touch", `{"paths": ["secret-link"]}`},
	}
	for _, c := range cases {
		res := call(t, s, c.tool, c.args)
		msg := fixture.Text(res)
		if !res.IsError || !strings.Contains(msg, "outside the root") || strings.Contains(msg, "hunter2") {
			t.Errorf("%s %s: not refused: %s", c.tool, c.args, msg)
		}
	}
	// The walk does not follow the links either: a search of the root
	// never reaches the secret.
	res := call(t, s, "grep", `{"pattern": "hunter2"}`)
	if res.IsError || strings.Contains(fixture.Text(res), "secret.txt:") || !strings.Contains(fixture.Text(res), "0 matches") {
		t.Errorf("a search of the root reached outside it:\n%s", fixture.Text(res))
	}
}

// TestBroadRoot: the server refuses / and the home directory as roots
// unless told otherwise, and says why.
func TestBroadRoot(t *testing.T) {
	home := t.TempDir()
	for _, c := range []struct {
		args []string
		fail bool
	}{
		{[]string{"--root", "/"}, true},
		{[]string{"--root", home}, true},
		{[]string{"--root", filepath.Dir(home)}, true},
		{[]string{"--root", filepath.Join(home, "nope")}, true},
	} {
		cmd := serverCmd(t, home, []string{"HOME=" + home}, c.args...)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "root") {
			t.Errorf("scout mcp %v: %v: %s", c.args, err, out)
		}
		if c.args[1] == "/" && !strings.Contains(string(out), "--allow-broad-root") {
			t.Errorf("the refusal does not name the way around it: %s", out)
		}
	}
	// With --allow-broad-root it serves.
	s := connect(t, home, []string{"HOME=" + home, "XDG_STATE_HOME=" + t.TempDir(), "XDG_CACHE_HOME=" + t.TempDir()}, "--root", home, "--allow-broad-root")
	os.WriteFile(filepath.Join(home, "f.txt"), []byte("hello\n"), 0o644)
	if res := call(t, s, "grep", `{"pattern": "hello"}`); res.IsError {
		t.Errorf("with --allow-broad-root: %s", fixture.Text(res))
	}
}

// TestMaxIndex: a server started with --max-index below what its root
// holds answers a concept call with the exact hits, and says the leads
// were skipped and why; without it, the same call has leads.
func TestMaxIndex(t *testing.T) {
	root, env := repo(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--max-index", "1K"}, "leads: skipped: the paths hold"},
		{nil, "leads: "},
	} {
		s := connect(t, root, env, c.args...)
		res := call(t, s, "concept", `{"description": "handle one request"}`)
		text := fixture.Text(res)
		if res.IsError || !strings.Contains(text, "exact: 1 line in 1 file") || !strings.Contains(text, c.want) {
			t.Errorf("scout mcp %v: want the exact hit and %q:\n%s", c.args, c.want, text)
		}
		if skipped := strings.Contains(text, "leads: skipped"); skipped != (c.args != nil) {
			t.Errorf("scout mcp %v: leads skipped %v:\n%s", c.args, skipped, text)
		}
	}
}

// TestTolerance: the names and values other tools send give the same page
// as the canonical ones.
func TestTolerance(t *testing.T) {
	root, env := repo(t)
	s := connect(t, root, env)
	same := []struct{ tool, canonical, other string }{
		{"grep", `{"pattern": "handler", "max_files": 2, "case": "insensitive", "output_mode": "files"}`,
			`{"query": "handler", "head_limit": "2", "-i": true, "output_mode": "files_with_matches"}`},
		{"grep", `{"pattern": "handler", "max_files": 1, "case": "sensitive", "output_mode": "count"}`,
			`{"pattern": "handler", "maxResults": 1, "case_sensitive": "true", "output_mode": "count"}`},
		{"grep", `{"pattern": "handler", "case": "insensitive"}`, `{"pattern": "handler", "ignoreCase": true}`},
		{"grep", `{"pattern": "handler", "case": "insensitive"}`, `{"pattern": "handler", "case_sensitive": false}`},
		{"grep", `{"pattern": "NewHandler", "context": 2}`, `{"pattern": "NewHandler", "-C": "2"}`},
		{"grep", `{"pattern": "NewHandler", "before": 1, "after": 3}`, `{"pattern": "NewHandler", "-B": 1, "-A": "3"}`},
		{"grep", `{"pattern": "handler", "max_files": 3}`, `{"pattern": "handler", "limit": 3}`},
		{"grep", `{"pattern": "handler", "glob": ["*.go", "!*_test.go"]}`, `{"pattern": "handler", "include": "*.go", "exclude": "*_test.go"}`},
		{"grep", `{"pattern": "handler", "glob": ["*.go", "*.md"]}`, `{"pattern": "handler", "glob": "*.{go,md}"}`},
		{"grep", `{"pattern": "Handler()", "literal": true}`, `{"pattern": "Handler()", "fixed_strings": "true"}`},
		{"find", `{"pattern": "handler", "max_files": 2}`, `{"query": "handler", "limit": 2}`},
		{"find", `{"type_of": "d"}`, `{"type_of": "directory"}`},
		{"read", `{"path": "server/handler.go", "offset": 2, "limit": 3}`, `{"file_path": "./server/handler.go", "offset": "2", "end_line": 4}`},
	}
	for _, c := range same {
		a, b := call(t, s, c.tool, c.canonical), call(t, s, c.tool, c.other)
		ta, tb := cursors.ReplaceAllString(fixture.Text(a), "$1.<cursor>"), cursors.ReplaceAllString(fixture.Text(b), "$1.<cursor>")
		if a.IsError || b.IsError || ta != tb {
			t.Errorf("%s %s and %s differ:\n%s\n---\n%s", c.tool, c.canonical, c.other, fixture.Text(a), fixture.Text(b))
		}
	}
	wrong := []struct{ tool, args, want string }{
		{"grep", `{"pattern": "x", "ignore": true}`, "grep takes: pattern, path"},
		{"grep", `{"pattern": "x", "contxt": 2}`, "did you mean context"},
		{"grep", `{"pattern": "x", "context": -1}`, "whole number from 0"},
		{"grep", `{"pattern": "x", "context": 1.5}`, "whole number"},
		{"grep", `{"all": ["x", "y"], "near": 0}`, "near 0: give a number of lines, 1 or more"},
		{"grep", `{"pattern": "x", "word": "maybe"}`, "true or false"},
		{"grep", `{"pattern": ["x"]}`, "must be a string"},
		{"grep", `[1, 2]`, "JSON object"},
		{"find", `{"type_of": "link"}`, "f, d"},
		{"read", `{"path": "README.md", "limit": 2, "end_line": 3}`, "not both"},
		{"touch", `{"paths": []}`, "paths is empty"},
	}
	for _, c := range wrong {
		res := call(t, s, c.tool, c.args)
		if !res.IsError || !strings.Contains(fixture.Text(res), c.want) {
			t.Errorf("%s %s: want an error saying %q, got %s", c.tool, c.args, c.want, fixture.Text(res))
		}
	}
}

// TestCursorToEnd follows grep's and find's cursors from the first page to
// the last over a real tree and checks the union against one unpaged
// search, and reads a long file page by page.
func TestCursorToEnd(t *testing.T) {
	root := filepath.Join(goroot(t), "src", "net", "http")
	env := []string{"XDG_STATE_HOME=" + t.TempDir(), "XDG_CACHE_HOME=" + t.TempDir()}
	s := connect(t, root, env, "--root", root)

	res, err := scout.Search(context.Background(), scout.Options{Patterns: []string{`func \(\w+ \*?Request\)`}, Scope: scout.Scope{Paths: []string{root}}, RankOptions: scout.RankOptions{NoFrecency: true}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, f := range res.Files {
		rel, _ := filepath.Rel(root, filepath.FromSlash(f.Path))
		for _, l := range f.Lines {
			want[fmt.Sprintf("%s:%d", filepath.ToSlash(rel), l.Number)] = true
		}
	}
	got := map[string]bool{}
	args := map[string]any{"pattern": `func \(\w+ \*?Request\)`, "budget": 400, "per_file": 2, "max_files": 3, "output_mode": "content"}
	pages := follow(t, s, "grep", args, func(p *scout.Page) string {
		for _, f := range p.Files {
			for _, l := range f.Lines {
				if l.Context {
					continue
				}
				k := fmt.Sprintf("%s:%d", f.Path, l.Number)
				if got[k] {
					t.Fatalf("%s shown twice", k)
				}
				got[k] = true
			}
		}
		return p.Cursor
	})
	if len(got) != len(want) || len(want) < 20 {
		t.Errorf("grep: %d hits in %d pages, an unpaged search has %d", len(got), pages, len(want))
	}
	for k := range want {
		if !got[k] {
			t.Errorf("grep: %s missing from the pages", k)
		}
	}

	// find, every file, in pages.
	all, err := scout.FindAll(context.Background(), scout.FindOptions{Scope: scout.Scope{Paths: []string{root}}, RankOptions: scout.RankOptions{NoFrecency: true}})
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	follow(t, s, "find", map[string]any{"max_files": 40}, func(p *scout.Page) string {
		for _, f := range p.Files {
			if found[f.Path] {
				t.Fatalf("find: %s listed twice", f.Path)
			}
			found[f.Path] = true
		}
		return p.Cursor
	})
	if len(found) != len(all.Files) {
		t.Errorf("find: %d paths in pages, %d unpaged", len(found), len(all.Files))
	}

	// read, a long file, page by page.
	data, err := os.ReadFile(filepath.Join(root, "server.go"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var read []string
	rpages := follow(t, s, "read", map[string]any{"path": "server.go"}, func(p *scout.ReadPage) string {
		for _, l := range p.Content {
			if l.Number != len(read)+1 {
				t.Fatalf("read: line %d after %d", l.Number, len(read))
			}
			read = append(read, l.Text)
		}
		return p.Cursor
	})
	if !slices.Equal(read, lines) || rpages < 5 {
		t.Errorf("read: %d lines in %d pages, the file has %d", len(read), rpages, len(lines))
	}
}

// follow calls tool with args, then again with the cursor each page
// gives (each returns it), until a page gives none; it returns the number
// of pages.
func follow[P any](t *testing.T, s *mcp.ClientSession, tool string, args map[string]any, each func(*P) string) int {
	t.Helper()
	pages := 0
	for {
		b, _ := json.Marshal(args)
		r := call(t, s, tool, string(b))
		if r.IsError {
			t.Fatalf("%s %s: %s", tool, b, fixture.Text(r))
		}
		var p P
		structured(t, r, &p)
		pages++
		cursor := each(&p)
		if cursor == "" {
			return pages
		}
		args["cursor"] = cursor
	}
}

func goroot(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}
