package scout_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// TestCallersMatchPythonAST compares scout callers with Python's ast on
// 100 functions sampled from this machine's standard library
// (testdata/pycalls.py): every ast.Call of the name or of an attribute of
// it, under the innermost function around it (else class), in every file
// ast parses. scout must find at least 0.98 of those call sites, each with
// the same line and caller.
func TestCallersMatchPythonAST(t *testing.T) {
	if testing.Short() {
		t.Skip("parses the Python standard library and runs 100 callers searches over it; run without -short")
	}
	t.Parallel() // a long evaluation: see TestMain
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo has no parser: its callers come from the line classifier, which this bar is not for")
	}
	stdlib, oracle, parsed := runPyOracle(t, "testdata/pycalls.py")
	want := map[string]map[site]bool{}
	for _, s := range oracle.Sites {
		n := s[0].(string)
		if want[n] == nil {
			want[n] = map[site]bool{}
		}
		want[n][site{filepath.ToSlash(s[1].(string)), int(s[2].(float64)), s[3].(string)}] = true
	}
	total, recall := compareCallers(t, "ast", oracle.Names, want, parsed, scout.Scope{Paths: []string{stdlib}, Globs: []string{"!site-packages/"}})
	if total < 200 {
		t.Errorf("only %d call sites: the sample is too thin to judge", total)
	}
	if recall < 0.98 {
		t.Errorf("scout found %.4f of ast's call sites with their callers; at least 0.98", recall)
	}
}

// pyOracle is what an oracle script prints (Python's, and the TypeScript
// one): the names it sampled, the files its parser read, and its sites,
// each [name, file, line, what].
type pyOracle struct {
	Names  []string `json:"names"`
	Parsed []string `json:"parsed"`
	Sites  [][4]any `json:"sites"`
}

// runPyOracle runs a Python oracle script over this machine's standard
// library and returns the library's path, what the script printed, and
// the files ast parsed (slash-separated).
func runPyOracle(t *testing.T, script string) (stdlib string, oracle pyOracle, parsed map[string]bool) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is needed as the oracle: %v", err)
	}
	out, err := exec.Command(python, "-c", `import sysconfig; print(sysconfig.get_path("stdlib"))`).Output()
	if err != nil {
		t.Fatalf("python3 has no stdlib path: %v", err)
	}
	stdlib = strings.TrimSpace(string(out))
	abs, _ := filepath.Abs(script)
	oracle, parsed = runOracle(t, exec.Command(python, abs, stdlib))
	return stdlib, oracle, parsed
}

// runOracle runs an oracle's command and returns what it printed, and the
// files its parser read (slash-separated).
func runOracle(t *testing.T, cmd *exec.Cmd) (oracle pyOracle, parsed map[string]bool) {
	t.Helper()
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", strings.Join(cmd.Args, " "), err)
	}
	if err := json.Unmarshal(out, &oracle); err != nil {
		t.Fatal(err)
	}
	parsed = map[string]bool{}
	for _, p := range oracle.Parsed {
		parsed[filepath.ToSlash(p)] = true
	}
	return oracle, parsed
}
