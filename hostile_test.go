package scout_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/cli"
)

// The library's share of the catalogue of hostile and broken inputs
// (docs/hostile-inputs.md): a tree that changes under the search, a search
// cancelled from outside, and files the user may not read.

func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return dir
}

func quiet(o scout.Options) scout.Options {
	o.NoGit, o.NoFrecency = true, true
	return o
}

// TestHostileDeletedMidSearch: a file deleted after the walk listed it and
// before it is read is reported, and the search goes on.
func TestHostileDeletedMidSearch(t *testing.T) {
	tree(t, map[string]string{"a.txt": "needle\n", "b.txt": "needle\n", "c.txt": "needle\n"})
	scout.SetHooks(t, func(p string) {
		if p == "b.txt" {
			os.Remove("b.txt")
		}
	}, nil)
	p, err := scout.Grep(context.Background(), scout.GrepOptions{Options: quiet(scout.Options{Patterns: []string{"needle"}})})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total.Files != 2 || !strings.Contains(p.Text, "warning: b.txt: no such file or directory") || !p.Failed {
		t.Errorf("got:\n%s", p.Text)
	}
}

// TestHostileTruncatedBeforeItsLinesAreRead: a file the page shows,
// truncated between the search and the reading of its lines, is searched
// again, and the page shows the file as it is now.
func TestHostileTruncatedBeforeItsLinesAreRead(t *testing.T) {
	tree(t, map[string]string{"a.txt": "needle 1\nneedle 2\nneedle 3\n"})
	scout.NoKeep(t)
	var loads atomic.Int32
	scout.SetHooks(t, nil, func() {
		if loads.Add(1) == 1 {
			os.WriteFile("a.txt", []byte("needle 1\n"), 0o644)
		}
	})
	p, err := scout.Grep(context.Background(), scout.GrepOptions{Options: quiet(scout.Options{Patterns: []string{"needle"}})})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total.Matches != 1 || !strings.Contains(p.Text, "1:needle 1") || strings.Contains(p.Text, "needle 2") {
		t.Errorf("got:\n%s", p.Text)
	}
}

// TestHostileChangingEveryTime: a file that changes every time it is read
// cannot be shown: the error says so, it does not show a mix of states.
func TestHostileChangingEveryTime(t *testing.T) {
	tree(t, map[string]string{"a.txt": "needle\n"})
	scout.NoKeep(t)
	var n atomic.Int32
	scout.SetHooks(t, nil, func() {
		os.WriteFile("a.txt", []byte(strings.Repeat("needle\n", int(n.Add(1))+1)), 0o644)
	})
	_, err := scout.Grep(context.Background(), scout.GrepOptions{Options: quiet(scout.Options{Patterns: []string{"needle"}})})
	if !errors.Is(err, scout.ErrChanged) || !strings.Contains(err.Error(), "a.txt (it had") {
		t.Errorf("error %v, want ErrChanged naming a.txt", err)
	}
}

// TestHostileCancelled: a search whose context is cancelled while it runs
// returns the context's error, at once.
func TestHostileCancelled(t *testing.T) {
	files := map[string]string{}
	for i := range 200 {
		files[fmt.Sprintf("f%03d.txt", i)] = "needle\n"
	}
	tree(t, files)
	ctx, cancel := context.WithCancel(context.Background())
	var seen atomic.Int32
	scout.SetHooks(t, func(string) {
		if seen.Add(1) == 20 {
			cancel()
		}
	}, nil)
	_, err := scout.Grep(ctx, scout.GrepOptions{Options: quiet(scout.Options{Patterns: []string{"needle"}, Workers: 1})})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	if n := seen.Load(); n > 40 {
		t.Errorf("%d files were read after the search was cancelled at the 20th", n-20)
	}
}

// TestHostileStoppedInsideAFile: the time limit stops a search inside one
// file (a 64 MB file of one line, searched with a pattern the DFA cannot
// settle on): the page is partial and says so.
func TestHostileStoppedInsideAFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 64 MB file")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	f, _ := os.Create("one.txt")
	chunk := []byte(strings.Repeat("abcdefghij", 1<<16))
	for range 100 {
		f.Write(chunk)
	}
	f.Write([]byte("\n"))
	f.Close()
	start := time.Now()
	p, err := scout.Grep(context.Background(), scout.GrepOptions{
		Options:     quiet(scout.Options{Patterns: []string{`(a|b|c|d|e|f|g|h|i|j){100}k`}, MaxFileSize: -1}),
		PageOptions: scout.PageOptions{Timeout: 50 * time.Millisecond},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p.Partial == "" {
		t.Skipf("the search finished in %s, inside the limit: nothing to stop on this machine", time.Since(start))
	}
	if !strings.Contains(p.Text, "stopped early") || p.Cursor != "" {
		t.Errorf("got:\n%s", p.Text)
	}
}

// TestHostilePermissionDenied runs scout as an unprivileged user over a
// tree with a file and a directory it may not read: each is reported, the
// rest is searched, and the exit status says something failed.
func TestHostilePermissionDenied(t *testing.T) {
	if os.Getenv("SCOUT_AS_USER") == "1" {
		args := strings.Fields(os.Getenv("SCOUT_ARGS"))
		os.Exit(cli.Main(context.Background(), args, os.Stdin, os.Stdout, os.Stderr))
	}
	dir, err := os.MkdirTemp("", "scout-perm")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	for p, c := range map[string]string{"ok.txt": "needle\n", "secret.txt": "needle\n", "closed/in.txt": "needle\n"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644)
	}
	os.Chmod(filepath.Join(dir, "secret.txt"), 0o000)
	os.Chmod(filepath.Join(dir, "closed"), 0o000)
	bin := os.Args[0]
	if os.Geteuid() == 0 {
		// Root reads everything: run as nobody, from a copy of this test
		// binary that nobody may execute.
		bin = filepath.Join(dir, "scout.test")
		copyFile(t, os.Args[0], bin)
	}
	// Each search says what it could not read, and goes on. (concept and
	// outline left the unreadable directory out without a word.)
	for _, c := range []struct {
		args   string
		status int // -1: not checked
		want   []string
	}{
		{"grep needle", 2, []string{"1 match in 1 file", "warning: closed: permission denied", "warning: secret.txt: permission denied", "1 unreadable file"}},
		{"concept needle", 2, []string{"ok.txt", "warning: closed: permission denied", "warning: secret.txt: permission denied"}},
		{"outline .", 2, []string{"warning: closed: permission denied"}},
	} {
		cmd := exec.Command(bin, "-test.run=^TestHostilePermissionDenied$")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "SCOUT_AS_USER=1", "SCOUT_ARGS="+c.args, "HOME="+dir, "XDG_STATE_HOME="+filepath.Join(dir, ".state"), "XDG_CACHE_HOME="+filepath.Join(dir, ".cache"))
		if os.Geteuid() == 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		out, err := cmd.Output()
		var ee *exec.ExitError
		if c.status >= 0 && (!errors.As(err, &ee) || ee.ExitCode() != c.status) {
			t.Errorf("%s: exit %v, want status %d:\n%s", c.args, err, c.status, out)
		}
		for _, want := range c.want {
			if !strings.Contains(string(out), want) {
				t.Errorf("%s: no %q in:\n%s", c.args, want, out)
			}
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	out.Close()
}

// TestHostileFileLargerThanBuffer: a file bigger than the read buffer
// (with the size limit off) is read in pieces; its hits are counted exactly
// and the page shows the right lines, with context across the pieces'
// edges; a line longer than maxLine stops the file there, with a warning.
func TestHostileFileLargerThanBuffer(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 110 MB")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	var b strings.Builder
	want := 0
	for i := range 1_200_000 {
		if i%997 == 0 {
			fmt.Fprintf(&b, "needle %d here\n", i+1)
			want++
		} else {
			fmt.Fprintf(&b, "line %d of filler text\n", i+1)
		}
	}
	os.WriteFile("big.txt", []byte(b.String()), 0o644) // ~30 MB
	ctx := context.Background()
	o := scout.GrepOptions{Options: quiet(scout.Options{Patterns: []string{"needle"}, MaxFileSize: -1, Before: 1, After: 1}), PerFile: 2000, PageOptions: scout.PageOptions{Budget: 1_000_000}}
	p, err := scout.Grep(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if p.Total.Matches != want || len(p.Files) != 1 || p.Files[0].Shown != want {
		t.Fatalf("%d matches, shown %d; want %d", p.Total.Matches, p.Files[0].Shown, want)
	}
	for _, l := range p.Files[0].Lines {
		wantText := fmt.Sprintf("line %d of filler text", l.Number)
		if !l.Context {
			wantText = fmt.Sprintf("needle %d here", l.Number)
		}
		if l.Text != wantText {
			t.Fatalf("line %d is %q, want %q", l.Number, l.Text, wantText)
		}
	}
	// A line past maxLine (64 MiB) stops the file, with a warning; what
	// came before it counts.
	f, _ := os.Create("long.txt")
	f.WriteString("needle first\n")
	long := []byte(strings.Repeat("y", 1<<20))
	for range 70 {
		f.Write(long)
	}
	f.WriteString("\nneedle after\n")
	f.Close()
	p, err = scout.Grep(ctx, scout.GrepOptions{Options: quiet(scout.Options{Patterns: []string{"needle"}, MaxFileSize: -1, Scope: scout.Scope{Paths: []string{"long.txt"}}})})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total.Matches != 1 || !strings.Contains(p.Text, "a line is longer than 64 MiB") {
		t.Errorf("got:\n%s", p.Text)
	}
}

// TestKeptEqualsLoaded: a first page made from the lines the search kept is
// the page made by reading them again, over GOROOT's net/http, in every
// mode and with context.
func TestKeptEqualsLoaded(t *testing.T) {
	root := filepath.Join(goroot(t), "net", "http")
	ctx := context.Background()
	for _, q := range []string{"Handler", "func", `err != nil`, "ServeHTTP", `\bctx\b`, "TODO", "x"} {
		for _, o := range []scout.GrepOptions{
			{},
			{Options: scout.Options{Before: 2, After: 1}},
			{PerFile: 7, PageOptions: scout.PageOptions{MaxFiles: 5}},
			{Mode: scout.Content, PageOptions: scout.PageOptions{Budget: 5000, Explain: true}},
		} {
			o.Patterns, o.Paths, o.NoGit, o.NoFrecency = []string{q}, []string{root}, true, true
			o.Now = time.Unix(1_800_000_000, 0)
			kept, err := scout.Grep(ctx, o)
			if err != nil {
				t.Fatal(err)
			}
			loaded := func() *scout.Page {
				scout.NoKeep(t)
				defer scout.Keep()
				p, err := scout.Grep(ctx, o)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}()
			// The cursors hold when each search ran; the rest is the same.
			kt, lt := strings.ReplaceAll(kept.Text, kept.Cursor, "<cursor>"), strings.ReplaceAll(loaded.Text, loaded.Cursor, "<cursor>")
			if kt != lt || (kept.Cursor == "") != (loaded.Cursor == "") {
				t.Fatalf("%q %+v: kept:\n%s\nloaded:\n%s", q, o, kt, lt)
			}
		}
	}
}
