package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/scoutcode/scout/internal/fixture"
)

var record = flag.Bool("record", false, "rewrite the >grep expectations of the fixtures from ripgrep's output")

// fixtureDirs hold the corpora run through "scout grep": the ignore-rule
// fixtures (every file holds a line "x") and the grep fixtures.
var fixtureDirs = []string{"../../testdata/ignore", "../../testdata/grep"}

func fixtureFiles(t *testing.T) []string {
	t.Helper()
	var all []string
	for _, d := range fixtureDirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			t.Fatal(err)
		}
		files, err := fixture.Glob(abs)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, files...)
	}
	if len(all) == 0 {
		t.Fatal("no fixtures found")
	}
	return all
}

// load materialises a fixture and makes the test run inside it, with its
// home directory as HOME.
func load(t *testing.T, file string) *fixture.Fixture {
	t.Helper()
	return fixture.Enter(t, file)
}

// grepArgs is the scout command line for a fixture: its args, then its
// pattern (default "x").
func grepArgs(f *fixture.Fixture) []string {
	args := append([]string{}, f.Args...)
	hasE := false
	for _, a := range args {
		if a == "-e" {
			hasE = true
		}
	}
	if !hasE {
		p := f.Pattern
		if p == "" {
			p = "x"
		}
		args = append(args, "-e", p)
	}
	return args
}

// run runs scout in the current directory and returns stdout, stderr and
// the exit status.
func run(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := Main(context.Background(), args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// scoutLines runs scout grep --all --json and returns "path:line" for matches
// and "path-line" for context lines, in output order.
func scoutLines(t *testing.T, args []string) []string {
	t.Helper()
	out, stderr, code := run(append([]string{"grep", "--all", "--json", "--sort", "path"}, args...)...)
	if code == ExitError && !strings.HasSuffix(strings.TrimSpace(out), "}") {
		t.Fatalf("scout grep %s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var v struct {
			Type, Path string
			Line       int
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("bad JSON line %q: %v", l, err)
		}
		switch v.Type {
		case "match":
			lines = append(lines, fmt.Sprintf("%s:%d", v.Path, v.Line))
		case "context":
			lines = append(lines, fmt.Sprintf("%s-%d", v.Path, v.Line))
		}
	}
	return lines
}

// rgLines runs ripgrep with the same meaning as scout's defaults (hidden
// files searched, .git left out, smart case) and returns its lines in
// scout's order: by path, then line.
func rgLines(t *testing.T, dir string, env []string, args []string) []string {
	t.Helper()
	lines, err := fixture.Rg(dir, env, append([]string{"-S"}, fixture.RgArgs(args)...)...)
	if err != nil {
		t.Fatal(err)
	}
	fixture.SortRg(lines)
	keys := make([]string, len(lines))
	for i, l := range lines {
		keys[i] = l.Key()
	}
	return keys
}

// TestGrepFixtures runs every fixture through scout grep and compares the
// (path, line) list with the one recorded from ripgrep.
func TestGrepFixtures(t *testing.T) {
	for _, file := range fixtureFiles(t) {
		t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
			f := load(t, file)
			args := grepArgs(f)
			got := scoutLines(t, args)
			want, ok := f.Want(t, "grep", *record, func() []string { return rgLines(t, f.Root, f.Env(), args) },
				"go test ./internal/cli -run TestGrepFixtures -record")
			if !ok {
				return
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("scout grep %s differs from the recorded ripgrep result (-want +got):\n%s", strings.Join(args, " "), diff)
			}
		})
	}
}

// TestGrepFixturesAgainstRipgrep checks the recorded expectations against
// ripgrep itself, when it is installed.
func TestGrepFixturesAgainstRipgrep(t *testing.T) {
	fixture.NeedRg(t, "TestGrepFixtures still checks the recorded results")
	for _, file := range fixtureFiles(t) {
		t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
			f := load(t, file)
			args := grepArgs(f)
			want := rgLines(t, f.Root, f.Env(), args)
			got := scoutLines(t, args)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("scout grep %s differs from rg (-rg +scout):\n%s", strings.Join(args, " "), diff)
			}
		})
	}
}

// TestFindFixtures lists every ignore fixture with scout find --all and
// compares it with ripgrep's listing recorded in the fixture (>files, from
// rg --files --hidden with the same options): one walk for grep and find.
func TestFindFixtures(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/ignore")
	if err != nil {
		t.Fatal(err)
	}
	fixture.Each(t, dir, func(t *testing.T, f *fixture.Fixture) {
		f.Enter(t)
		args := append([]string{"find", "--all", "--sort", "path"}, f.Args...)
		out, stderr, code := run(args...)
		if code == ExitError && !strings.Contains(stderr, "filesystem loop") {
			t.Fatalf("scout %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		want, _ := f.Want(t, "files", false, nil, "go test ./internal/walk -run TestFixtures -record")
		got := strings.Fields(out)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("scout %s differs from ripgrep's listing (-want +got):\n%s", strings.Join(args, " "), diff)
		}
	})
}
