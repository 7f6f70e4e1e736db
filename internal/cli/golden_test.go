package cli

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden/cli")

// goldenCases are command lines run in the testdata/cli/repo fixture; each
// one's exit status, stdout and stderr must equal its golden file, byte for
// byte: these are the bytes people and agents read.
var goldenCases = []struct {
	name string
	args []string
}{
	{"grep-text", []string{"grep", "handler"}},
	{"grep-sort-path", []string{"grep", "--sort", "path", "handler"}},
	{"grep-explain", []string{"grep", "--explain", "Handler"}},
	{"grep-explain-context", []string{"grep", "--explain", "-C", "1", "-w", "NewHandler"}},
	{"grep-explain-path", []string{"grep", "--explain", "--sort", "path", "x"}},
	{"grep-bad-sort", []string{"grep", "--sort", "score", "x"}},
	{"grep-case-sensitive", []string{"grep", "-s", "Handler", "server"}},
	{"grep-context", []string{"grep", "-C", "1", "NewHandler"}},
	{"grep-json", []string{"grep", "--json", "-w", "Handler"}},
	{"grep-count", []string{"grep", "-c", "handler"}},
	{"grep-files", []string{"grep", "-l", "handler"}},
	{"grep-stats", []string{"grep", "--stats", "-t", "go", "Serve"}},
	{"grep-color", []string{"grep", "--color", "always", "NewHandler", "server"}},
	{"grep-no-ignore", []string{"grep", "--no-ignore", "--stats", "-F", "Handler()"}},
	{"grep-no-hidden", []string{"grep", "--no-hidden", "--stats", "secret"}},
	{"grep-no-match", []string{"grep", "--stats", "zzz_not_here"}},
	{"grep-missing-path", []string{"grep", "package", "server", "nope"}},
	{"grep-binary-named", []string{"grep", "handler", "logo.png"}},
	{"grep-bad-regex", []string{"grep", "NewHandler("}},
	{"grep-bad-regex-utf8", []string{"grep", "é+*"}},
	{"grep-lookahead", []string{"grep", "Handler(?=\\()"}},
	{"grep-newline", []string{"grep", `main\nfunc`}},
	{"grep-unknown-flag", []string{"grep", "--fixed", "x"}},
	{"grep-unknown-type", []string{"grep", "-t", "golng", "x"}},
	{"grep-bad-size", []string{"grep", "--max-filesize", "10X", "x"}},
	{"grep-no-pattern", []string{"grep"}},
	{"grep-quiet", []string{"grep", "-q", "Serve"}},
	{"grep-dash-pattern", []string{"grep", "-e", "-- ignored", "."}},
	{"grep-help", []string{"grep", "--help"}},
	{"type-list", []string{"grep", "--type-list"}},
	{"help", []string{"--help"}},
	{"touch-missing", []string{"touch", "server/handler.go", "nope.go"}},
	{"touch-none", []string{"touch"}},
	{"unknown-command", []string{"serch", "x"}},
}

func TestGolden(t *testing.T) {
	repo, err := filepath.Abs("../../testdata/cli/repo.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs("../../testdata/golden/cli")
	if err != nil {
		t.Fatal(err)
	}
	load(t, repo)
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code := run(c.args...)
			got := txtar.Format(&txtar.Archive{
				Comment: []byte("scout " + strings.Join(c.args, " ") + "\n"),
				Files: []txtar.File{
					{Name: "exit", Data: []byte(strconv.Itoa(code) + "\n")},
					{Name: "stdout", Data: []byte(stdout)},
					{Name: "stderr", Data: []byte(stderr)},
				},
			})
			path := filepath.Join(dir, c.name+".txtar")
			if *update {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/cli -run TestGolden -update)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("scout %s (-want +got):\n%s", strings.Join(c.args, " "), diff)
			}
		})
	}
}
