package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hangLimit is how long a hostile case may run before the test calls it a
// hang. It is not a speed target: the cases that test time limits pass
// their own --timeout and check what the page says, and a loaded machine
// may be many times slower than an idle one.
const hangLimit = 60 * time.Second

// hostileCase is one entry of the catalogue of hostile and broken inputs
// (docs/hostile-inputs.md): a tree, a command line, and the outcome it must
// have — a clear error, or a reported skip, never a crash, hang or silent
// omission.
type hostileCase struct {
	name string
	// setup writes what the case needs under dir and returns the command
	// line; nil setup runs args in an empty dir.
	setup func(t *testing.T, dir string) []string
	args  []string
	code  int
	out   string // a regexp stdout must match ("" for no check)
	err   string // a regexp stderr must match ("" for empty stderr)
}

// TestHostile runs the CLI's share of the catalogue in process.
func TestHostile(t *testing.T) {
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("XDG_STATE_HOME", filepath.Join(dir, ".state"))
			t.Chdir(dir)
			args := c.args
			if c.setup != nil {
				args = c.setup(t, dir)
			}
			out, stderr, code := runBounded(t, args)
			if code != c.code {
				t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", code, c.code, out, stderr)
			}
			if c.out != "" && !regexp.MustCompile(c.out).MatchString(out) {
				t.Errorf("stdout does not match %q:\n%s", c.out, out)
			}
			switch {
			case c.err == "" && stderr != "":
				t.Errorf("stderr is not empty:\n%s", stderr)
			case c.err != "" && !regexp.MustCompile(c.err).MatchString(stderr):
				t.Errorf("stderr does not match %q:\n%s", c.err, stderr)
			}
		})
	}
}

// runBounded runs scout and fails the test if it does not return within
// hangLimit.
func runBounded(t *testing.T, args []string) (string, string, int) {
	t.Helper()
	type result struct {
		out, err string
		code     int
	}
	done := make(chan result, 1)
	go func() {
		out, stderr, code := run(args...)
		done <- result{out, stderr, code}
	}()
	select {
	case r := <-done:
		return r.out, r.err, r.code
	case <-time.After(hangLimit):
		t.Fatalf("scout %s did not return within %s: it hangs", strings.Join(args, " "), hangLimit)
		return "", "", 0
	}
}

func write(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func mkfifo(t *testing.T, path string) string {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	return path
}

// deepDir makes a directory levels deep with names of width characters
// and returns it, relative to dir.
func deepDir(t *testing.T, dir string, levels, width int) string {
	t.Helper()
	var parts []string
	for i := range levels {
		parts = append(parts, strings.Repeat(string(rune('a'+i%26)), width))
	}
	rel := filepath.Join(parts...)
	if err := os.MkdirAll(filepath.Join(dir, rel), 0o755); err != nil {
		t.Fatal(err)
	}
	return rel
}

var hostileCases = []hostileCase{
	// Numbers: zero, negative, overflow, for every numeric option.
	{name: "find-path-longer-than-budget", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, deepDir(t, dir, 22, 60), "f.txt"), "x\n")
		return []string{"find", "--budget", "300", "f.txt"}
	}, code: 0, out: `(?s)f\.txt\n.*note: this page is over its budget`},
	{name: "grep-budget-overflow", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "--budget", "9223372036854775807", "x"}
	}, code: 0, out: `1 match in 1 file, all shown`},
	{name: "grep-budget-negative", args: []string{"grep", "--budget", "-5", "x"}, code: 2, err: `budget -5 tokens is too small for a page: use at least 300`},
	{name: "grep-budget-zero-is-default", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "--budget", "0", "x"}
	}, code: 0, out: `all shown`},
	{name: "grep-budget-not-a-number", args: []string{"grep", "--budget", "lots", "x"}, code: 2, err: `invalid argument "lots" for "--budget"`},
	{name: "grep-max-files-overflow", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "--max-files", "9223372036854775807", "--per-file", "9223372036854775807", "x"}
	}, code: 0, out: `all shown`},
	{name: "grep-max-files-negative", args: []string{"grep", "--max-files", "-1", "x"}, code: 2, err: `--max-files and --per-file must be 1 or more`},
	{name: "grep-per-file-negative", args: []string{"grep", "--per-file", "-1", "x"}, code: 2, err: `--max-files and --per-file must be 1 or more`},
	{name: "grep-context-overflow", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "a\nx\nb\n")
		return []string{"grep", "-C", "9223372036854775807", "x"}
	}, code: 0, out: `1-a\n2:x\n3-b\n`},
	{name: "grep-context-negative", args: []string{"grep", "-A", "-1", "x"}, code: 2, err: `context line counts must be 0 or more`},
	{name: "grep-max-depth-negative", args: []string{"grep", "--max-depth", "-1", "x"}, code: 2, err: `max depth must be 1 or more`},
	{name: "grep-threads-huge", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "-j", "2147483647", "x"}
	}, code: 0, out: `all shown`},
	{name: "read-offset-overflow", setup: func(t *testing.T, dir string) []string {
		return []string{"read", "--offset", "9223372036854775807", write(t, filepath.Join(dir, "a.txt"), "x\n")}
	}, code: 2, err: `offset 1099511627776 is past the end of .*a\.txt: it has 1 lines`},
	{name: "read-limit-overflow", setup: func(t *testing.T, dir string) []string {
		return []string{"read", "--limit", "9223372036854775807", write(t, filepath.Join(dir, "a.txt"), "x\n")}
	}, code: 0, out: `1:x\n`},
	{name: "read-offset-negative", setup: func(t *testing.T, dir string) []string {
		return []string{"read", "--offset", "-3", write(t, filepath.Join(dir, "a.txt"), "x\n")}
	}, code: 2, err: `offset and limit must be positive`},

	// Special files.
	{name: "read-fifo", setup: func(t *testing.T, dir string) []string {
		return []string{"read", mkfifo(t, filepath.Join(dir, "pipe"))}
	}, code: 2, err: `pipe: not a regular file \(a named pipe\); read takes regular files only`},
	{name: "read-char-device", args: []string{"read", "/dev/zero"}, code: 2, err: `/dev/zero: not a regular file \(a character device\)`},
	{name: "grep-fifo-named", setup: func(t *testing.T, dir string) []string {
		return []string{"grep", "x", mkfifo(t, filepath.Join(dir, "pipe"))}
	}, code: 1, out: `not searched: 1 special file`},
	{name: "grep-fifo-in-tree", setup: func(t *testing.T, dir string) []string {
		mkfifo(t, filepath.Join(dir, "pipe"))
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "x"}
	}, code: 0, out: `not searched: 1 special file`},
	{name: "grep-dev-zero", args: []string{"grep", "x", "/dev/zero"}, code: 1, out: `not searched: 1 special file`},
	{name: "read-proc-file", args: []string{"read", "/proc/self/status"}, code: 0, out: `1:Name:`},
}
