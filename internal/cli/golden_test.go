package cli

import (
	"flag"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden/cli")

// goldenCases are command lines run in the testdata/cli/repo fixture; each
// one's exit status, stdout and stderr must equal its golden file, byte for
// byte: these are the bytes people and agents read.
// cliCase is a command line a golden file holds the output of.
type cliCase struct {
	name string
	args []string
	next bool // also follow the page's cursor once
}

var goldenCases = []cliCase{
	// Pages (the default).
	{"grep-text", []string{"grep", "handler"}, false},
	{"grep-sort-path", []string{"grep", "--sort", "path", "handler"}, false},
	{"grep-explain", []string{"grep", "--explain", "Handler"}, false},
	{"grep-explain-context", []string{"grep", "--explain", "-C", "1", "-w", "NewHandler"}, false},
	{"grep-explain-path", []string{"grep", "--explain", "--sort", "path", "x"}, false},
	{"grep-case-sensitive", []string{"grep", "-s", "Handler", "server"}, false},
	{"grep-context", []string{"grep", "-C", "1", "NewHandler"}, false},
	{"grep-json", []string{"grep", "--json", "-w", "Handler"}, false},
	{"grep-json-context", []string{"grep", "--json", "-C", "1", "-w", "NewHandler"}, false},
	{"outline", []string{"outline", "server/handler.go", "cmd/demo/main.go"}, false},
	{"outline-dir-json", []string{"outline", "--json", "."}, false},
	{"outline-missing", []string{"outline", "nope.go"}, false},
	{"outline-missing-among", []string{"outline", "server/handler.go", "nope.go"}, false},
	{"outline-path-names-line", []string{"outline", "server/handler.go:3"}, false},
	{"outline-no-path", []string{"outline"}, false},
	{"outline-help", []string{"outline", "--help"}, false},
	{"callers", []string{"callers", "NewHandler"}, false},
	{"callers-json", []string{"callers", "--json", "Serve"}, false},
	{"callers-not-a-name", []string{"callers", "h.Serve()"}, false},
	{"callers-package", []string{"callers", "server.NewHandler"}, false},
	{"callers-missing-path", []string{"callers", "NewHandler", ".", "nope/"}, false},
	{"callers-help", []string{"callers", "--help"}, false},
	{"callers-depth", []string{"callers", "--depth", "2", "Serve"}, false},
	{"callers-depth-bad", []string{"callers", "--depth", "0", "Serve"}, false},
	{"implementations", []string{"implementations", "Handler"}, false},
	{"implementations-help", []string{"implementations", "--help"}, false},
	{"implementations-qualified", []string{"implementations", "io.Reader"}, false},
	{"implementations-depth-bad", []string{"implementations", "--depth", "9", "Handler"}, false},
	{"callees", []string{"callees", "main"}, false},
	{"callees-json", []string{"callees", "--json", "TestNewHandler"}, false},
	{"callees-none", []string{"callees", "Handler"}, false},
	{"related", []string{"related", "server/handler.go"}, false},
	{"concept", []string{"concept", "returns a handler"}, false},
	{"concept-json", []string{"concept", "--json", "serves requests"}, false},
	{"concept-explain", []string{"concept", "--explain", "handle one request"}, false},
	{"concept-empty", []string{"concept", " "}, false},
	{"concept-none", []string{"concept", "quantum flux capacitor"}, false},
	{"concept-missing-path", []string{"concept", "handle one request", "server", "nope/"}, false},
	{"concept-no-words", []string{"concept", "where is the code that does it"}, false},
	{"concept-over-index-limit", []string{"concept", "--max-index", "1K", "handle one request"}, false}, // the exact hits, no leads, and why
	{"concept-over-index-limit-json", []string{"concept", "--json", "--max-index", "1K", "handle one request"}, false},
	{"concept-max-index-invalid", []string{"concept", "--max-index", "lots", "handle one request"}, false},
	{"cache-argument", []string{"cache", "clear"}, false},                              // the flag is --clear: refused, nothing removed
	{"mcp-root-argument", []string{"mcp", "."}, false},                                 // a root is given with --root
	{"concept-symbol", []string{"concept", "--explain", "server.Handler"}, false},      // the struct leads, with defines
	{"concept-symbol-after-exact", []string{"concept", "server.NewHandler"}, false},    // where the definition is, the leads being after an exact hit
	{"concept-symbol-in-exact", []string{"concept", "NewHandler"}, false},              // the definition's lines are exact hits
	{"concept-symbol-undefined", []string{"concept", "server.Handlerr"}, false},        // no lead defines it
	{"concept-symbol-json", []string{"concept", "--json", "server.NewHandler"}, false}, // the same, for a program
	{"concept-embed", []string{"concept", "--embed", "hashing", "--explain", "take care of a single request"}, false},
	{"concept-embed-down", []string{"concept", "--embed", "ollama", "--embed-url", "http://127.0.0.1:1", "--embed-model", "nomic-embed-text", "handle one request"}, false},
	{"concept-embed-down-json", []string{"concept", "--json", "--embed", "ollama", "--embed-url", "http://127.0.0.1:1", "--embed-model", "nomic-embed-text", "handle one request"}, false},
	{"concept-embed-no-model", []string{"concept", "--embed", "model", "handle one request"}, false},
	{"concept-embed-unknown", []string{"concept", "--embed", "bert", "handle one request"}, false},
	{"concept-embed-timeout", []string{"concept", "--embed", "ollama", "--embed-timeout", "0", "handle one request"}, false},
	{"concept-embed-onnx", []string{"concept", "--embed", "onnx", "--embed-model", ".", "handle one request"}, false}, // the default build has no ONNX Runtime
	// Several conditions (grep --and, --not, --near, --scope).
	{"grep-and", []string{"grep", "-F", "NewHandler", "--and", "nil"}, false},
	{"grep-and-missing-path", []string{"grep", "-F", "NewHandler", "--and", "nil", ".", "nope/"}, false},
	{"grep-and-not", []string{"grep", "Handler", "--and", "func", "--not", "testing"}, false},
	{"grep-near", []string{"grep", "-F", "NewHandler()", "--near", "1", "--and", "return"}, false},
	{"grep-and-line", []string{"grep", "Handler", "--and", "func", "--scope", "line"}, false},
	{"grep-near-one-term", []string{"grep", "Handler", "--near", "2"}, false},
	{"grep-near-and-scope", []string{"grep", "Handler", "--and", "func", "--near", "2", "--scope", "file"}, false},
	{"grep-scope-def", []string{"grep", "Handler", "--and", "func", "--scope", "def"}, false},
	{"grep-scope-bad", []string{"grep", "Handler", "--and", "func", "--scope", "module"}, false},
	{"grep-and-mode", []string{"grep", "-l", "Handler", "--and", "func"}, false},
	{"grep-and-max-files", []string{"grep", "Serve", "--and", "Handler", "--max-files", "1"}, false},
	{"grep-pattern-file-empty", []string{"grep", "-f", "/dev/null"}, false},
	{"related-missing", []string{"related", "server/nope.go"}, false},
	{"related-path-names-line", []string{"related", "server/handler.go:3"}, false},
	{"related-dir", []string{"related", "server"}, false},
	{"related-scope-missing", []string{"related", "web/app.js", ".", "nope/"}, false},
	{"refs", []string{"refs", "Handler"}, false},
	{"grep-count", []string{"grep", "-c", "handler"}, false},
	{"grep-files", []string{"grep", "-l", "handler"}, false},
	{"grep-mode-map", []string{"grep", "--mode", "map", "handler"}, false},
	{"grep-mode-count", []string{"grep", "--mode", "count", "--budget", "300", "--max-files", "2", "e"}, true},
	{"grep-pages", []string{"grep", "--budget", "300", "--per-file", "1", "--max-files", "2", "handler"}, true},
	{"grep-pages-json", []string{"grep", "--json", "--budget", "300", "--max-files", "1", "NewHandler"}, true},
	{"grep-long-line", []string{"grep", "needle"}, false},
	{"grep-elsewhere", []string{"grep", "--no-hidden", "zebra"}, false},
	{"grep-no-match", []string{"grep", "zzz_not_here"}, false},
	{"grep-no-ignore", []string{"grep", "--no-ignore", "-F", "Handler()"}, false},
	{"grep-text-binary", []string{"grep", "--text", "zebra", "data.bin"}, false},
	{"grep-bad-cursor", []string{"grep", "--cursor", "c2.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "handler"}, false},
	{"grep-cursor-other-search", []string{"grep", "--cursor", "c2.NBIAAAAAAAABAAAAAAAAAICkp9oGAgEDDAUDyAEHAAAABAD7oPHCsTQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACwlXQ5LdGa8", "handler"}, false},
	{"grep-bad-mode", []string{"grep", "--mode", "lines", "x"}, false},
	{"grep-budget-too-small", []string{"grep", "--budget", "100", "x"}, false},
	{"grep-stats-paged", []string{"grep", "--stats", "x"}, false},
	{"grep-l-and-mode", []string{"grep", "-l", "--mode", "map", "x"}, false},
	// Every result, in ripgrep's format.
	{"grep-all", []string{"grep", "--all", "handler"}, false},
	{"grep-all-json", []string{"grep", "--all", "--json", "-w", "Handler"}, false},
	{"grep-all-count", []string{"grep", "--all", "-c", "handler"}, false},
	{"grep-all-files", []string{"grep", "--all", "-l", "handler"}, false},
	{"grep-all-with-budget", []string{"grep", "--all", "--budget", "500", "x"}, false},
	{"grep-stats", []string{"grep", "--all", "--stats", "-t", "go", "Serve"}, false},
	{"grep-color", []string{"grep", "--all", "--color", "always", "NewHandler", "server"}, false},
	{"grep-all-no-ignore", []string{"grep", "--all", "--no-ignore", "--stats", "-F", "Handler()"}, false},
	{"grep-no-hidden", []string{"grep", "--all", "--no-hidden", "--stats", "secret"}, false},
	{"grep-all-no-match", []string{"grep", "--all", "--stats", "zzz_not_here"}, false},
	// scout find.
	{"find-text", []string{"find", "handler"}, false},
	{"find-path", []string{"find", "./server/handler.go"}, false},
	{"find-all-files", []string{"find"}, false},
	{"find-glob", []string{"find", "*.go"}, false},
	{"find-path-glob", []string{"find", "server/**"}, false},
	{"find-words", []string{"find", "server test"}, false},
	{"find-dirs", []string{"find", "--type-of", "d"}, false},
	{"find-explain", []string{"find", "--explain", "handler"}, false},
	{"find-json", []string{"find", "--json", "handler"}, false},
	{"find-pages", []string{"find", "--budget", "300", "--max-files", "3"}, true},
	{"find-elsewhere-ignored", []string{"find", "index"}, false},
	{"find-elsewhere-hidden", []string{"find", "--no-hidden", "notes"}, false},
	{"find-none", []string{"find", "zzz_nothing"}, false},
	{"find-all", []string{"find", "--all"}, false},
	{"find-all-json", []string{"find", "--all", "--json", "*.md"}, false},
	{"find-bad-type-of", []string{"find", "--type-of", "x"}, false},
	{"find-help", []string{"find", "--help"}, false},
	// Errors and the rest.
	{"grep-bad-sort", []string{"grep", "--sort", "score", "x"}, false},
	{"grep-missing-path", []string{"grep", "package", "server", "nope"}, false},
	{"grep-path-names-lines", []string{"grep", "package", "server/handler.go:3-5"}, false},
	{"grep-binary-named", []string{"grep", "handler", "logo.png"}, false},
	{"grep-bad-regex", []string{"grep", "NewHandler("}, false},
	{"grep-bad-regex-utf8", []string{"grep", "é+*"}, false},
	{"grep-lookahead", []string{"grep", "Handler(?=\\()"}, false},
	{"grep-lookbehind", []string{"grep", "(?<=x)y"}, false},
	{"grep-bad-glob", []string{"grep", "-g", "*.[ch", "x"}, false},
	{"find-bad-glob", []string{"find", "["}, false},
	{"version-flag", []string{"--version"}, false},
	{"complete-grep-flags", []string{"__complete", "grep", "--no"}, false},
	{"grep-newline", []string{"grep", `main\nfunc`}, false},
	{"grep-unknown-flag", []string{"grep", "--fixed", "x"}, false},
	{"grep-unknown-type", []string{"grep", "-t", "golng", "x"}, false},
	{"grep-bad-size", []string{"grep", "--max-filesize", "10X", "x"}, false},
	{"grep-no-pattern", []string{"grep"}, false},
	{"grep-quiet", []string{"grep", "-q", "Serve"}, false},
	{"grep-dash-pattern", []string{"grep", "-e", "-- ignored", "."}, false},
	{"grep-help", []string{"grep", "--help"}, false},
	{"type-list", []string{"grep", "--type-list"}, false},
	{"help", []string{"--help"}, false},
	{"touch-missing", []string{"touch", "server/handler.go", "nope.go"}, false},
	{"touch-none", []string{"touch"}, false},
	{"unknown-command", []string{"serch", "x"}, false},
	// scout read (not recorded: a record would change later cases' ranks).
	{"read", []string{"read", "--no-record", "server/handler.go"}, false},
	{"read-range", []string{"read", "--no-record", "--offset", "3", "--limit", "4", "server/handler.go"}, false},
	{"read-path-range", []string{"read", "--no-record", "server/handler.go:3-6"}, false},
	{"read-path-line-github", []string{"read", "--no-record", "--limit", "2", "server/handler.go#L5"}, false},
	{"read-path-line-offset", []string{"read", "--no-record", "--offset", "2", "server/handler.go:3"}, false},
	{"read-path-line-zero", []string{"read", "--no-record", "server/handler.go:0"}, false},
	{"read-json", []string{"read", "--no-record", "--json", "--limit", "2", "README.md"}, false},
	{"read-binary", []string{"read", "--no-record", "logo.png"}, false},
	{"read-past-end", []string{"read", "--no-record", "--offset", "99", "README.md"}, false},
	{"read-two-files", []string{"read", "README.md", "go.mod"}, false},
}

// cursorText matches a cursor in output. Cursors hold the search's
// absolute paths and clock, which differ on every run, so golden files
// show them as c2.<cursor>; the cursor's own bytes are tested in
// internal/page.
var cursorText = regexp.MustCompile(`c2\.[A-Za-z0-9_-]+`)

// copiesCases run in the testdata/cli/copies fixture: a library and its
// two builds, whose copies of one function a concept page folds.
var copiesCases = []cliCase{
	{"concept-copies", []string{"concept", "retry the request after a timeout"}, false},
	{"concept-copies-json", []string{"concept", "--json", "retry the request after a timeout"}, false},
	{"concept-copies-symbol", []string{"concept", "fetch.retryFetch"}, false},                     // its copies' definitions are under its lead, not listed apart
	{"concept-copies-exact", []string{"concept", "sends the request again when it fails"}, false}, // an exact hit's copies under it
	{"concept-copies-exact-json", []string{"concept", "--json", "sends the request again when it fails"}, false},
	{"concept-copies-formats", []string{"concept", "how the library retries a request after a timeout failure"}, false}, // a doc's man and HTML pages under it
}

// windowsCases run in the testdata/cli/windows fixture: a function long
// enough to be cut into windows, listed as one lead; a constant.
var windowsCases = []cliCase{
	{"concept-windows", []string{"concept", "retry the request after a timeout"}, false},
	{"concept-windows-json", []string{"concept", "--json", "retry the request after a timeout"}, false},
	{"concept-declared", []string{"concept", "fetch.DefaultTries"}, false}, // a constant: declared, not a parser's definition
}

// tablesCases run in the testdata/cli/tables fixture: top-level
// constants and variables, outlined, and a table's lines, in its variable;
// a file with no definition.
var tablesCases = []cliCase{
	{"outline-tables", []string{"outline", "."}, false},
	{"outline-tables-json", []string{"outline", "--json", "codes.go"}, false},
	{"outline-no-definitions", []string{"outline", "run.js"}, false}, // parsed, and none found
	{"grep-in-table", []string{"grep", "retry-after"}, false},
}

// methodCases run in the testdata/cli/methodof fixture: the calls of a
// type's method, Type.Method, those known to be on one marked.
var methodCases = []cliCase{
	{"callers-type", []string{"callers", "Session.Close"}, false},
	{"callers-type-json", []string{"callers", "--json", "Queue.join"}, false},
	{"callees-type", []string{"callees", "Thread.join"}, false},
	{"callers-type-none", []string{"callers", "Pipe.join"}, false},
	{"callees-typed", []string{"callees", "Server.Serve"}, false},
	{"callees-typed-json", []string{"callees", "--json", "Server.Serve"}, false},
}

// TestGoldenMethods is TestGolden in the methodof fixture.
func TestGoldenMethods(t *testing.T) {
	goldenFixture(t, "methodof.txtar", methodCases)
}

// framesCases run in the testdata/cli/frames fixture: a type's method
// named with its package, as a Go stack trace prints it or as docs
// write it.
var framesCases = []cliCase{
	{"callers-frame", []string{"callers", "example.com/m/a.(*T).Run.func1(0xc000012345, {0x1, 0x2})"}, false},
	{"callers-frame-json", []string{"callers", "--json", "a.T.Run"}, false},
	{"callers-frame-none", []string{"callers", "example.com/m/c.(*T).Run"}, false},
	{"callers-colon", []string{"callers", "myapp::client::Server::run"}, false},
	{"callees-cpp", []string{"callees", "db::detail::Pool::join(int) const"}, false},
	{"callers-cpp", []string{"callers", "net2::Pool::join"}, false},
	// C++ and Rust name what holds a hit with their "::", in a class as
	// out of it.
	{"grep-in-colons", []string{"grep", "-w", "drain|wait|flush|run", "cc", "rs"}, false},
}

// TestGoldenFrames is TestGolden in the frames fixture.
func TestGoldenFrames(t *testing.T) {
	goldenFixture(t, "frames.txtar", framesCases)
}

// TestGoldenTables is TestGolden in the tables fixture.
func TestGoldenTables(t *testing.T) {
	goldenFixture(t, "tables.txtar", tablesCases)
}

// TestGoldenWindows is TestGolden in the windows fixture.
func TestGoldenWindows(t *testing.T) {
	goldenFixture(t, "windows.txtar", windowsCases)
}

func TestGolden(t *testing.T) {
	goldenFixture(t, "repo.txtar", goldenCases)
}

// TestGoldenCopies is TestGolden in the copies fixture.
func TestGoldenCopies(t *testing.T) {
	goldenFixture(t, "copies.txtar", copiesCases)
}

// goldenFixture enters a fixture of testdata/cli and runs cases in it.
func goldenFixture(t *testing.T, file string, cases []cliCase) {
	repo, err := filepath.Abs(filepath.Join("../../testdata/cli", file))
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs("../../testdata/golden/cli")
	if err != nil {
		t.Fatal(err)
	}
	f := load(t, repo)
	if err := fixture.Date(f.Root, fixture.Old); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { goldenCase(t, dir, c.name, c.args, c.next) })
	}
}

// goldenCase runs one command line in the fixture entered, and compares
// its exit status, stdout and stderr with the golden file name.
func goldenCase(t *testing.T, dir, name string, args []string, next bool) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // each case builds its concept index afresh
	for _, v := range []string{"SCOUT_EMBED", "SCOUT_EMBED_URL", "SCOUT_EMBED_MODEL", "SCOUT_EMBED_KEY"} {
		t.Setenv(v, "") // the user's provider is not the goldens'
	}
	stdout, stderr, code := run(args...)
	files := []txtar.File{
		{Name: "exit", Data: []byte(strconv.Itoa(code) + "\n")},
		{Name: "stdout", Data: []byte(cursorText.ReplaceAllString(stdout, "c2.<cursor>"))},
		{Name: "stderr", Data: []byte(stderr)},
	}
	if next {
		cur := cursorText.FindString(stdout)
		if cur == "" {
			t.Fatalf("scout %s: no cursor in\n%s", strings.Join(args, " "), stdout)
		}
		stdout, stderr, code := run(append(args, "--cursor", cur)...)
		files = append(files,
			txtar.File{Name: "next exit", Data: []byte(strconv.Itoa(code) + "\n")},
			txtar.File{Name: "next stdout", Data: []byte(cursorText.ReplaceAllString(stdout, "c2.<cursor>"))},
			txtar.File{Name: "next stderr", Data: []byte(stderr)},
		)
	}
	got := txtar.Format(&txtar.Archive{Comment: []byte("scout " + strings.Join(args, " ") + "\n"), Files: files})
	// A build without cgo outlines with the line classifier, and its
	// grep pages do not say which definition a hit is in.
	fixture.GoldenOfBuild(t, filepath.Join(dir, name+".txtar"), got, *update, scout.OutlineBy != "tree-sitter", "go test ./internal/cli -run TestGolden -update")
}
