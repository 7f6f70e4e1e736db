package cli

import (
	"bytes"
	"context"
	"fmt"
	"net"
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
	{name: "grep-fifo-ignore-files", setup: func(t *testing.T, dir string) []string {
		for _, f := range []string{".gitignore", ".ignore", ".rgignore"} {
			mkfifo(t, filepath.Join(dir, f))
		}
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "x"}
	}, code: 2, out: `(?s)1 match in 1 file.*warning: \S*\.gitignore: not a regular file \(a named pipe\)`},
	{name: "grep-dir-named-gitignore", setup: func(t *testing.T, dir string) []string {
		os.MkdirAll(filepath.Join(dir, ".gitignore"), 0o755) // passed over, as before: no warning
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "x"}
	}, code: 0, out: `(?s)1 match in 1 file, all shown\nsearched 1 file\nnext:`},
	{name: "grep-fifo-git-files", setup: func(t *testing.T, dir string) []string {
		for _, d := range []string{".git/objects", ".git/refs/heads", ".git/info"} {
			os.MkdirAll(filepath.Join(dir, d), 0o755)
		}
		for _, f := range []string{".git/HEAD", ".git/index", ".git/config", ".git/packed-refs", ".git/info/exclude"} {
			mkfifo(t, filepath.Join(dir, f))
		}
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "x"}
	}, code: 2, out: `(?s)1 match in 1 file.*warning: \S*exclude: not a regular file \(a named pipe\)`},
	{name: "grep-dev-zero", args: []string{"grep", "x", "/dev/zero"}, code: 1, out: `not searched: 1 special file`},
	{name: "read-proc-file", args: []string{"read", "/proc/self/status"}, code: 0, out: `1:Name:`},
	{name: "grep-proc-file", args: []string{"grep", "^Name:", "/proc/self/status"}, code: 0, out: `1 match in 1 file`},
	{name: "grep-socket-in-tree", setup: func(t *testing.T, dir string) []string {
		l, err := net.Listen("unix", filepath.Join(dir, "sock"))
		if err != nil {
			t.Skipf("no unix sockets here: %v", err)
		}
		t.Cleanup(func() { l.Close() })
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "x"}
	}, code: 0, out: `not searched: 1 special file`},
	{name: "read-socket", setup: func(t *testing.T, dir string) []string {
		l, err := net.Listen("unix", filepath.Join(dir, "sock"))
		if err != nil {
			t.Skipf("no unix sockets here: %v", err)
		}
		t.Cleanup(func() { l.Close() })
		return []string{"read", "sock"}
	}, code: 2, err: `sock: .*(socket|no such device)`},

	// Patterns.
	{name: "grep-pattern-empty-matches-every-line", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "one\n\nthree\n")
		return []string{"grep", "", "a.txt"}
	}, code: 0, out: `3 matches in 1 file, all shown`},
	{name: "grep-pattern-whitespace", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "one two\nthree\n")
		return []string{"grep", " ", "a.txt"}
	}, code: 0, out: `1:one two\n`},
	{name: "grep-pattern-missing", args: []string{"grep"}, code: 2, err: `no pattern`},
	{name: "grep-regex-invalid", args: []string{"grep", "a(b"}, code: 2, err: `invalid regex "a\(b" at byte 1: missing closing \)(?s).*hint: .*-F`},
	{name: "grep-regex-lookbehind", args: []string{"grep", "(?<=x)y"}, code: 2, err: `look-behind \(\?<=…\) is not supported`},
	{name: "grep-regex-backreference", args: []string{"grep", `(a)\1`}, code: 2, err: `invalid escape sequence: .\\1.`},
	{name: "grep-regex-repeat-too-big", args: []string{"grep", "a{1001}"}, code: 2, err: `invalid repeat count`},
	{name: "grep-regex-too-large", args: []string{"grep", hugeAlternation()}, code: 2, err: `invalid regex \(\d+ bytes\) at byte \d+: it compiles to more than 200000 instructions(?s).*\n    …`},
	{name: "grep-regex-newline", args: []string{"grep", `a\nb`}, code: 2, err: `a newline .* cannot match`},
	{name: "grep-fixed-with-newline-splits", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "alpha\nbeta\n")
		return []string{"grep", "-F", "alpha\nbeta", "a.txt"}
	}, code: 0, out: `2 matches in 1 file`},
	{name: "grep-regex-nul", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "a\x00b"}
	}, code: 1, out: `0 matches`},

	// Arguments.
	{name: "unknown-command", args: []string{"serach", "x"}, code: 2, err: `unknown command "serach"`},
	{name: "unknown-flag", args: []string{"grep", "--budgte", "300", "x"}, code: 2, err: `unknown flag --budgte; did you mean --budget\?`},
	{name: "flag-twice-last-wins", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "--mode", "map", "--mode", "files", "x"}
	}, code: 0, out: `^a\.txt\n`},
	{name: "mode-unknown", args: []string{"grep", "--mode", "lines", "x"}, code: 2, err: `unknown output mode "lines"`},
	{name: "path-missing", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), "x\n")
		return []string{"grep", "x", "a.txt", "nope.txt"}
	}, code: 2, out: `1 match in 1 file(?s).*warning: nope\.txt: no such file or directory`},
	{name: "read-missing", args: []string{"read", "nope.txt"}, code: 2, err: `nope\.txt: no such file; find lists the files there are`},
	{name: "read-directory", setup: func(t *testing.T, dir string) []string {
		os.Mkdir(filepath.Join(dir, "d"), 0o755)
		return []string{"read", "d"}
	}, code: 2, err: `d: is a directory; read takes a file`},
	{name: "read-binary", setup: func(t *testing.T, dir string) []string {
		return []string{"read", write(t, filepath.Join(dir, "b.bin"), "ab\x00cd\n")}
	}, code: 2, err: `binary file`},
	{name: "near-zero", args: []string{"grep", "x", "--and", "y", "--near", "0"}, code: 2, err: `^scout grep: --near 0: give a number of lines, 1 or more \(--scope line for the terms on one line\)\n$`},
	{name: "touch-missing", args: []string{"touch", "nope.txt"}, code: 2, err: `nope\.txt: no such file; not recorded`},

	// Cursors.
	{name: "cursor-garbage", args: []string{"grep", "--cursor", "hello", "x"}, code: 2, err: `does not start with "c2\."`},
	{name: "cursor-other-version", args: []string{"grep", "--cursor", "c9.AAAA", "x"}, code: 2, err: `version "c9" is not one this scout reads`},
	{name: "cursor-tampered", setup: cursorCase(func(c string) string { return c[:10] + flip(c[10]) + c[11:] }), code: 2, err: `checksum does not match`},
	{name: "cursor-cut", setup: cursorCase(func(c string) string { return c[:len(c)-5] }), code: 2, err: `damaged or cut|checksum does not match`},
	{name: "cursor-with-newline", setup: cursorCase(func(c string) string { return c[:12] + "\n" + c[12:] }), code: 2, err: `damaged or cut`},
	{name: "cursor-foreign", setup: cursorCase(nil, "--", "y"), code: 2, err: `belongs to another search`},
	{name: "cursor-stale", setup: func(t *testing.T, dir string) []string {
		args := cursorCase(nil)(t, dir)
		write(t, filepath.Join(dir, "f00.txt"), "x changed\nx\nx\nx\n")
		return args
	}, code: 2, err: `files changed since the cursor was issued: changed since: f00\.txt`},
	{name: "read-cursor-other-file", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a.txt"), strings.Repeat("line\n", 3000))
		write(t, filepath.Join(dir, "b.txt"), "x\n")
		out, _, _ := run("read", "--budget", "300", filepath.Join(dir, "a.txt"))
		return []string{"read", "--cursor", cursorIn(t, out), filepath.Join(dir, "b.txt")}
	}, code: 2, err: `reads another file`},

	// Names.
	{name: "name-not-utf8", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "bad\xffname.txt"), "needle\n")
		return []string{"grep", "needle"}
	}, code: 0, out: `"bad\\xffname\.txt" \(1\)\n1:needle`},
	{name: "name-with-newline", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "two\nlines.txt"), "needle\n")
		return []string{"grep", "needle"}
	}, code: 0, out: `"two\\nlines\.txt" \(1\)\n1:needle`},
	{name: "name-quoted-read-back", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "bad\xffname.txt"), "needle\n")
		return []string{"read", `"bad\xffname.txt"`}
	}, code: 0, out: `^"bad\\xffname\.txt": lines 1-1 of 1`},
	{name: "name-quoted-grep-path", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "tab\tname.txt"), "needle\n")
		return []string{"grep", "needle", `"tab\tname.txt"`}
	}, code: 0, out: `1 match in 1 file`},
	{name: "name-find-all", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "esc\x1b[31mname.txt"), "x\n")
		return []string{"find", "--all", "name"}
	}, code: 0, out: `^"esc\\x1b\[31mname\.txt"\n$`},
	{name: "name-in-json", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "bad\xffname.txt"), "needle\n")
		return []string{"grep", "--json", "needle"}
	}, code: 0, out: `"path":"\\"bad\\\\xffname.txt\\""`},

	// Binary and special content.
	{name: "binary-skipped-and-counted", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "b.bin"), "x\x00x\n")
		return []string{"grep", "x"}
	}, code: 1, out: `not searched: 1 binary file(?s).*but 1 match in 1 file in b\.bin, binary \(add --text\)`},
	{name: "binary-nul-past-first-chunk", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "late.dat"), "needle\n"+strings.Repeat("a", 70<<10)+"\x00\n")
		return []string{"grep", "needle"}
	}, code: 1, out: `not searched: 1 binary file`},
	{name: "invalid-utf8-content", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "latin1.txt"), "caf\xe9 needle\n")
		return []string{"grep", "--json", "needle"}
	}, code: 0, out: `"text":"caf\\ufffd needle"`},
	{name: "long-line-window", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "min.js"), strings.Repeat("a", 5<<20)+"needle"+strings.Repeat("b", 1000)+"\n")
		return []string{"grep", "needle"}
	}, code: 0, out: `1:5242881:…a+needleb+…\n`},

	// The tree.
	{name: "symlink-loop-followed", setup: func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "a", "f.txt"), "needle\n")
		os.Symlink("..", filepath.Join(dir, "a", "up"))
		return []string{"grep", "-L", "needle"}
	}, code: 2, out: `1 match in 1 file(?s).*warning: a/up: filesystem loop`},
	{name: "symlink-dangling", setup: func(t *testing.T, dir string) []string {
		os.Symlink("nowhere", filepath.Join(dir, "dead"))
		write(t, filepath.Join(dir, "f.txt"), "needle\n")
		return []string{"grep", "-L", "needle"}
	}, code: 2, out: `1 match in 1 file(?s).*warning: dead: .*no such file`},
	{name: "path-longer-than-path-max", setup: func(t *testing.T, dir string) []string {
		deepFile(t, dir, 30, 200, "deep.txt", "needle\n")
		return []string{"grep", "needle"}
	}, code: 0, out: `deep\.txt \(1\)\n1:needle(?s).*over its budget`},
	{name: "grep-ignore-file-longer-than-path-max", setup: func(t *testing.T, dir string) []string {
		// The ignore file is opened by the same long-path opener as the
		// files it rules: its rule holds, and nothing is warned of.
		deepFiles(t, dir, 30, 200, ".ignore", "secret.txt\n", "secret.txt", "needle\n", "kept.txt", "needle\n")
		return []string{"grep", "-l", "needle"}
	}, code: 0, out: `\A[a-z/]+/kept\.txt\n\n1 file`},
	{name: "read-path-longer-than-path-max", setup: func(t *testing.T, dir string) []string {
		return []string{"read", deepFile(t, dir, 30, 200, "deep.txt", "needle\n")}
	}, code: 0, out: `1:needle\n`},
	{name: "timeout-expired-is-partial", setup: func(t *testing.T, dir string) []string {
		for i := range 50 {
			write(t, filepath.Join(dir, fmt.Sprintf("f%02d.txt", i)), "x\n")
		}
		return []string{"grep", "--timeout", "1ns", "x"}
	}, code: 1, out: `stopped early: the time limit \(1ns\) ran out(?s).*no cursor is given`},
}

// deepFile writes a file under levels directories of width-character
// names, made one at a time (the whole path is past PATH_MAX), and returns
// its path relative to dir, the working directory.
func deepFile(t *testing.T, dir string, levels, width int, name, content string) string {
	t.Helper()
	return deepFiles(t, dir, levels, width, name, content)[0]
}

// deepFiles is deepFile for several files in the same deep directory,
// given as name, content, name, content…
func deepFiles(t *testing.T, dir string, levels, width int, namesAndContents ...string) []string {
	t.Helper()
	var parts []string
	for i := range levels {
		part := strings.Repeat(string(rune('a'+i%26)), width)
		if err := os.Mkdir(part, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chdir(part); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, part)
	}
	var paths []string
	for i := 0; i+1 < len(namesAndContents); i += 2 {
		if err := os.WriteFile(namesAndContents[i], []byte(namesAndContents[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, strings.Join(append(parts, namesAndContents[i]), "/"))
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	return paths
}

// hugeAlternation is a pattern past the size limit: 300 words repeated
// 1000 times.
func hugeAlternation() string {
	var words []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("%c%cw%d", 'a'+i%26, 'a'+i/26, i))
	}
	return "(" + strings.Join(words, "|") + "){1000}"
}

// cursorCase writes files with many hits, runs a first page and returns
// the command line of its next page, with the cursor changed by edit (nil:
// unchanged) and extra arguments in place of the pattern.
func cursorCase(edit func(string) string, extra ...string) func(t *testing.T, dir string) []string {
	return func(t *testing.T, dir string) []string {
		for i := range 30 {
			write(t, filepath.Join(dir, fmt.Sprintf("f%02d.txt", i)), "x\nx\nx\nx\n")
		}
		old := time.Now().Add(-time.Hour)
		filepath.WalkDir(dir, func(p string, _ os.DirEntry, _ error) error { return os.Chtimes(p, old, old) })
		out, _, _ := run("grep", "--budget", "300", "x")
		c := cursorIn(t, out)
		if edit != nil {
			c = edit(c)
		}
		if len(extra) == 0 {
			extra = []string{"x"}
		}
		return append([]string{"grep", "--budget", "300", "--cursor", c}, extra...)
	}
}

var cursorRE = regexp.MustCompile(`--cursor ((?:c2|r1)\.[A-Za-z0-9_-]+)`)

func cursorIn(t *testing.T, out string) string {
	t.Helper()
	m := cursorRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no cursor in:\n%s", out)
	}
	return m[1]
}

func flip(c byte) string {
	if c == 'A' {
		return "B"
	}
	return "A"
}

// TestInterrupted: a search whose process was interrupted (Ctrl-C cancels
// Main's context) says so and exits 130, as a shell's command ended by
// SIGINT does; it said "context canceled" and exited 2, as a failure.
func TestInterrupted(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, ".state"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, ".cache"))
	for i := range 50 {
		write(t, filepath.Join(dir, fmt.Sprintf("d%d/f%d.go", i%7, i)), fmt.Sprintf("package d\n\n// Close ends it.\nfunc Close%d() { Close() }\n", i))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"grep", "Close", dir},
		{"grep", "Close", "--and", "ends", dir},
		{"find", "f1", dir},
		{"outline", dir},
		{"callers", "Close", dir},
		{"refs", "Close", dir},
		{"concept", "where it ends", dir},
	} {
		var out, errb bytes.Buffer
		code := Main(ctx, args, strings.NewReader(""), &out, &errb)
		want := "scout " + args[0] + ": interrupted\n"
		if code != ExitInterrupted || errb.String() != want {
			t.Errorf("scout %s, interrupted: exit %d, stderr %q; want exit %d, stderr %q", strings.Join(args, " "), code, errb.String(), ExitInterrupted, want)
		}
	}
}
