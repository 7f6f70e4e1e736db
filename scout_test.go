package scout_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/render"
)

// repo materialises testdata/cli/repo.txtar and runs the test inside it.
func repo(t *testing.T) *fixture.Fixture {
	t.Helper()
	return fixture.Enter(t, "testdata/cli/repo.txtar")
}

func search(t *testing.T, opts scout.Options) *scout.Result {
	t.Helper()
	res, err := scout.Search(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestStats(t *testing.T) {
	repo(t)
	res := search(t, scout.Options{Patterns: []string{"handler"}})
	s := res.Stats
	if s.FilesSearched != 8 || s.FilesMatched != 5 || s.MatchedLines != 12 || s.Matches != 15 {
		t.Errorf("stats = %+v", s)
	}
	want := scout.Skipped{Binary: 2, Ignored: 1, IgnoredDirs: 2}
	if s.Skipped != want {
		t.Errorf("skipped = %+v, want %+v", s.Skipped, want)
	}
	if len(res.Warnings) != 0 || res.Failed() {
		t.Errorf("warnings = %v", res.Warnings)
	}
}

func TestSpansAndOffsets(t *testing.T) {
	repo(t)
	res := search(t, scout.Options{Patterns: []string{"NewHandler"}, Scope: scout.Scope{Paths: []string{"server/handler.go"}}})
	if len(res.Files) != 1 {
		t.Fatalf("files = %v", res.Files)
	}
	data, err := os.ReadFile("server/handler.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range res.Files[0].Lines {
		end := int(l.Offset) + len(l.Text)
		if string(data[l.Offset:end]) != l.Text {
			t.Errorf("line %d: offset %d does not hold %q", l.Number, l.Offset, l.Text)
		}
		for _, s := range l.Spans {
			if got := l.Text[s.Start:s.End]; got != "NewHandler" {
				t.Errorf("line %d: span %v is %q", l.Number, s, got)
			}
		}
	}
}

// TestDeterministic runs one ranked search 20 times with parallel workers
// and renders it as JSON (every field, scores and signals included): the
// bytes must be identical.
func TestDeterministic(t *testing.T) {
	root := filepath.Join(fixture.GoRoot(), "src", "net")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no Go source tree at %s", root)
	}
	var first []byte
	for i := range 20 {
		res := search(t, scout.Options{Patterns: []string{`err != nil`, "Conn"}, Scope: scout.Scope{Paths: []string{root}}, Workers: 4, RankOptions: scout.RankOptions{NoFrecency: true}, Before: 1})
		var out bytes.Buffer
		if err := render.JSON(&out, res, render.Options{}); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = out.Bytes()
			if res.Stats.FilesMatched < 100 {
				t.Fatalf("too few files matched to test anything: %d", res.Stats.FilesMatched)
			}
			continue
		}
		if !bytes.Equal(out.Bytes(), first) {
			t.Fatalf("run %d differs from run 0", i)
		}
	}
}

func TestMissingPathKeepsSearching(t *testing.T) {
	repo(t)
	res := search(t, scout.Options{Patterns: []string{"package"}, Scope: scout.Scope{Paths: []string{"nope", "server"}}})
	if res.Stats.FilesMatched != 2 {
		t.Errorf("files matched = %d, want 2", res.Stats.FilesMatched)
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Path != "nope" || !errors.Is(res.Warnings[0].Err, os.ErrNotExist) || !res.Failed() {
		t.Errorf("warnings = %v", res.Warnings)
	}
}

func TestNamedBinaryAndLargeFilesAreNotices(t *testing.T) {
	repo(t)
	res := search(t, scout.Options{Patterns: []string{"handler"}, Scope: scout.Scope{Paths: []string{"logo.png", "README.md"}}, MaxFileSize: 20})
	if len(res.Warnings) != 2 {
		t.Fatalf("warnings = %v", res.Warnings)
	}
	if !errors.Is(res.Warnings[0].Err, scout.ErrTooLarge) || !errors.Is(res.Warnings[1].Err, scout.ErrBinary) {
		t.Errorf("warnings = %v", res.Warnings)
	}
	if res.Failed() {
		t.Errorf("notices count as failures")
	}
	if res.Stats.Skipped.TooLarge != 1 || res.Stats.Skipped.Binary != 1 {
		t.Errorf("skipped = %+v", res.Stats.Skipped)
	}
}

func TestOverlappingRootsCountOnce(t *testing.T) {
	repo(t)
	res := search(t, scout.Options{Patterns: []string{"package"}, Scope: scout.Scope{Paths: []string{".", "server", "server/handler.go"}}})
	if res.Stats.FilesMatched != 3 || len(res.Files) != 3 {
		t.Errorf("files matched = %d, files = %d", res.Stats.FilesMatched, len(res.Files))
	}
	if res.Stats.FilesSearched != 8 {
		t.Errorf("files searched = %d, want 8", res.Stats.FilesSearched)
	}
}

func TestLateNULMakesMatchingFileBinary(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	big := strings.Repeat("filler line\n", 10000) // past the first 64 KiB
	os.WriteFile("late.txt", []byte("needle\n"+big+"\x00\n"), 0o644)
	os.WriteFile("clean.txt", []byte("needle\n"+big), 0o644)
	res := search(t, scout.Options{Patterns: []string{"needle"}})
	if len(res.Files) != 1 || res.Files[0].Path != "clean.txt" || res.Stats.Skipped.Binary != 1 {
		t.Errorf("files = %v, skipped = %+v", res.Files, res.Stats.Skipped)
	}
}

func TestLargeFilesAreReadWhole(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var b strings.Builder
	for i := range 200000 {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	os.WriteFile("big.txt", []byte(b.String()+"last needle"), 0o644)
	res := search(t, scout.Options{Patterns: []string{"needle"}})
	if len(res.Files) != 1 || res.Files[0].Lines[0].Number != 200001 {
		t.Fatalf("files = %+v", res.Files)
	}
	res = search(t, scout.Options{Patterns: []string{"needle"}, MaxFileSize: 100000})
	if len(res.Files) != 0 || res.Stats.Skipped.TooLarge != 1 {
		t.Errorf("over the limit: files = %v, skipped = %+v", res.Files, res.Stats.Skipped)
	}
}

// TestUnreadableFile follows a symlink to /proc/self/mem, which opens but
// fails to read: the failure is a warning and the search goes on.
func TestUnreadableFile(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs Linux's /proc/self/mem for a file that cannot be read")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("ok.txt", []byte("needle\n"), 0o644)
	if err := os.Symlink("/proc/self/mem", "mem"); err != nil {
		t.Fatal(err)
	}
	res := search(t, scout.Options{Patterns: []string{"needle"}, Scope: scout.Scope{Follow: true}})
	if len(res.Files) != 1 || res.Stats.Skipped.Unreadable != 1 {
		t.Errorf("files = %v, skipped = %+v", res.Files, res.Stats.Skipped)
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Path != "mem" || !errors.Is(res.Warnings[0].Err, syscall.EIO) || !res.Failed() {
		t.Errorf("warnings = %v", res.Warnings)
	}
}

func TestSymlinkLoopAndBrokenLink(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.MkdirAll("a/b", 0o755)
	os.WriteFile("a/b/f.txt", []byte("needle\n"), 0o644)
	os.Symlink("../..", "a/b/up")
	os.Symlink("nowhere", "broken")
	res := search(t, scout.Options{Patterns: []string{"needle"}, Scope: scout.Scope{Follow: true}})
	if len(res.Files) != 1 || res.Files[0].Path != "a/b/f.txt" {
		t.Errorf("files = %v", res.Files)
	}
	var got []string
	for _, w := range res.Warnings {
		got = append(got, w.Error())
	}
	want := []string{"a/b/up: filesystem loop: the symlink leads back to one of its parent directories (" + filepath.ToSlash(mustAbs(t, ".")) + ")", "broken: no such file or directory"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	res = search(t, scout.Options{Patterns: []string{"needle"}})
	if res.Stats.Skipped.Symlinks != 2 || len(res.Warnings) != 0 {
		t.Errorf("without -L: skipped = %+v, warnings = %v", res.Stats.Skipped, res.Warnings)
	}
}

func mustAbs(t *testing.T, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func TestUnreadableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory whatever its mode; TestUnreadableFile covers the reporting path")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	os.MkdirAll("locked", 0o755)
	os.WriteFile("ok.txt", []byte("needle\n"), 0o644)
	os.Chmod("locked", 0)
	defer os.Chmod("locked", 0o755)
	res := search(t, scout.Options{Patterns: []string{"needle"}})
	if len(res.Files) != 1 || len(res.Warnings) != 1 || !errors.Is(res.Warnings[0].Err, os.ErrPermission) {
		t.Errorf("files = %v, warnings = %v", res.Files, res.Warnings)
	}
}

func TestBadOptions(t *testing.T) {
	for _, c := range []struct {
		opts scout.Options
		want string
	}{
		{scout.Options{}, "invalid pattern: no pattern given"},
		{scout.Options{Patterns: []string{"("}}, `invalid regex "(" at byte 0: missing closing ); to search for the text literally, use fixed strings`},
		{scout.Options{Patterns: []string{"x"}, Scope: scout.Scope{Types: []string{"pyhton"}}}, `unknown file type "pyhton"; did you mean python? (--type-list prints all 79 types)`},
	} {
		_, err := scout.Search(context.Background(), c.opts)
		if err == nil || err.Error() != c.want {
			t.Errorf("Search(%+v) = %v, want %s", c.opts, err, c.want)
		}
	}
	var pe *scout.PatternError
	if _, err := scout.Search(context.Background(), scout.Options{Patterns: []string{"a)"}}); !errors.As(err, &pe) || pe.Offset != 1 || !errors.Is(err, scout.ErrPattern) {
		t.Errorf("pattern error = %#v", err)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := scout.Search(ctx, scout.Options{Patterns: []string{"x"}, Scope: scout.Scope{Paths: []string{filepath.Join(fixture.GoRoot(), "src")}}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// TestFrecencyRaisesTouchedFiles: of two files with the same kind of hit,
// the one the agent used ranks first, once touched.
func TestFrecencyRaisesTouchedFiles(t *testing.T) {
	opts := needles(t, "a.txt", "b.txt")
	state := opts.StateDir
	first := func() string {
		res := search(t, opts)
		return res.Files[0].Path
	}
	if got := first(); got != "a.txt" {
		t.Fatalf("before any touch: %s first, want a.txt (path order breaks the tie)", got)
	}
	if err := scout.Touch([]string{"b.txt"}, scout.TouchOptions{StateDir: state}); err != nil {
		t.Fatal(err)
	}
	res := search(t, opts)
	if res.Files[0].Path != "b.txt" || !strings.HasPrefix(res.Ranking.Frecency, "on: 1 files") {
		t.Errorf("after touching b.txt: %s first; frecency %q", res.Files[0].Path, res.Ranking.Frecency)
	}
	opts.NoFrecency = true
	if got := first(); got != "a.txt" {
		t.Errorf("with NoFrecency: %s first", got)
	}
	var te *scout.TouchError
	if err := scout.Touch([]string{"nope.txt", "a.txt"}, scout.TouchOptions{StateDir: state}); !errors.As(err, &te) || len(te.Missing) != 1 {
		t.Errorf("touching a missing file: %v", err)
	}
}

// needles runs the test in a new directory holding files that each say
// "needle", and returns a search for it with its own state directory and
// no git signal.
func needles(t *testing.T, files ...string) scout.Options {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, f := range files {
		if err := os.WriteFile(f, []byte("needle\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return scout.Options{Patterns: []string{"needle"}, RankOptions: scout.RankOptions{StateDir: filepath.Join(dir, "state"), NoGit: true}}
}

func TestCorruptFrecencyStoreIsANotice(t *testing.T) {
	opts := needles(t, "a.txt")
	state := opts.StateDir
	scout.Touch([]string{"a.txt"}, scout.TouchOptions{StateDir: state})
	journals, _ := filepath.Glob(filepath.Join(state, "scout", "frecency", "*.json.journal"))
	if len(journals) != 1 {
		t.Fatalf("journals: %v", journals)
	}
	os.WriteFile(strings.TrimSuffix(journals[0], ".journal"), []byte("garbage"), 0o644)
	res := search(t, opts)
	if len(res.Files) != 1 || len(res.Warnings) != 1 || !errors.Is(res.Warnings[0].Err, scout.ErrStateCorrupt) || res.Failed() {
		t.Errorf("files %v, warnings %v", res.Files, res.Warnings)
	}
	if err := scout.Touch([]string{"a.txt"}, scout.TouchOptions{StateDir: state}); err != nil {
		t.Errorf("touch over a corrupt store: %v", err)
	}
	res = search(t, opts)
	if len(res.Warnings) != 0 || !strings.HasPrefix(res.Ranking.Frecency, "on: 1 files") {
		t.Errorf("after replacement: warnings %v, frecency %q", res.Warnings, res.Ranking.Frecency)
	}
}

// TestGitSignal: in a real repository, a changed file outranks an
// unchanged one with the same hit.
func TestGitSignal(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	opts := needles(t, "a.txt", "b.txt")
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	git("init", "-q", ".")
	git("add", "a.txt", "b.txt")
	git("commit", "-q", "-m", "x")
	os.WriteFile("b.txt", []byte("needle\nchanged\n"), 0o644)
	opts.NoGit, opts.NoFrecency = false, true
	res := search(t, opts)
	if res.Files[0].Path != "b.txt" || res.Ranking.Git != "on: read from the index, 1 of the files found changed" {
		t.Errorf("first %s, git %q", res.Files[0].Path, res.Ranking.Git)
	}
	opts.NoGit = true
	res = search(t, opts)
	if res.Files[0].Path != "a.txt" || res.Ranking.Git != "off: turned off" {
		t.Errorf("with NoGit: first %s, git %q", res.Files[0].Path, res.Ranking.Git)
	}
}

// TestGitSignalIgnoredRoots: a search named into directories git ignores
// (build/, node_modules/pkg), or run inside one, finds files the index
// does not hold. They are ignored, not untracked: none gets the git
// signal, and the count says so. Each was "changed" (+100), so a vendored
// package's files outranked the project's own, and find's count of
// changed files was always 0.
func TestGitSignalIgnoredRoots(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	opts := needles(t, "a.txt", "new.txt", ".gitignore")
	os.WriteFile(".gitignore", []byte("/build\nnode_modules/\n"), 0o644)
	for _, f := range []string{"build/b.txt", "node_modules/pkg/c.txt"} {
		os.MkdirAll(filepath.Dir(f), 0o755)
		os.WriteFile(f, []byte("needle\n"), 0o644)
	}
	for _, args := range [][]string{{"init", "-q", "."}, {"add", "a.txt", ".gitignore"}, {"commit", "-q", "-m", "x"}} {
		cmd := exec.Command("git", append([]string{"-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	opts.NoGit, opts.NoFrecency = false, true
	opts.Paths = []string{".", "build", "node_modules/pkg"}
	res := search(t, opts)
	var changed []string
	for _, f := range res.Files {
		for _, s := range f.Signals {
			if s.Name == "git" {
				changed = append(changed, f.Path)
			}
		}
	}
	if len(res.Files) != 4 || !slices.Equal(changed, []string{"new.txt"}) || res.Ranking.Git != "on: read from the index, 1 of the files found changed" {
		t.Errorf("grep: %d files, the git signal on %q, git %q; want 4 files, on new.txt (untracked) alone", len(res.Files), changed, res.Ranking.Git)
	}
	found, err := scout.FindAll(context.Background(), scout.FindOptions{Scope: opts.Scope, RankOptions: opts.RankOptions})
	if err != nil {
		t.Fatal(err)
	}
	if found.Ranking.Git != "on: read from the index, 1 of the files found changed" {
		t.Errorf("find: git %q", found.Ranking.Git)
	}
	t.Chdir("build")
	opts.Paths = nil
	if res := search(t, opts); len(res.Files) != 1 || res.Ranking.Git != "on: read from the index, 0 of the files found changed" {
		t.Errorf("inside build/: %d files, git %q", len(res.Files), res.Ranking.Git)
	}
}

// TestTouchTakesLines: a host's hook may pass the path it read with its
// lines ("b.txt:3", "b.txt#L2-L4"), as grep and compilers print it: the
// file is recorded, and ranks first as if named alone. It was refused as
// "no such file".
func TestTouchTakesLines(t *testing.T) {
	for _, p := range []string{"b.txt:3", "b.txt:2-4", "b.txt#L2-L4"} {
		opts := needles(t, "a.txt", "b.txt")
		if err := scout.Touch([]string{p}, scout.TouchOptions{StateDir: opts.StateDir}); err != nil {
			t.Fatalf("touch %s: %v", p, err)
		}
		if res := search(t, opts); res.Files[0].Path != "b.txt" {
			t.Errorf("after touching %s: %s first, want b.txt", p, res.Files[0].Path)
		}
	}
	opts := needles(t, "a.txt")
	var te *scout.TouchError
	if err := scout.Touch([]string{"c.txt:3"}, scout.TouchOptions{StateDir: opts.StateDir}); !errors.As(err, &te) || len(te.Missing) != 1 || te.Missing[0] != "c.txt:3" {
		t.Errorf("touching lines of a missing file: %v, want it named as missing", err)
	}
}
