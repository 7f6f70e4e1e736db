package walk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strconv"
)

// lineSuffix matches the ways tools and people name lines of a file after
// its path: "f.go:120" (grep -n, compilers), "f.go:120:7" (a column, as
// rg --vimgrep and compilers print it), "f.go:120-140" and GitHub's
// "f.go#L120" and "f.go#L120-L140".
var lineSuffix = regexp.MustCompile(`^(.+?)(?::([0-9]+)(?:-([0-9]+)|:[0-9]+)?|#L([0-9]+)(?:-L?([0-9]+))?):?$`)

// LineInPath splits a path that names lines of a file ("fmt/print.go:120",
// "fmt/print.go:120-140", "fmt/print.go:120:7", "fmt/print.go#L120-L140")
// into the file and its first and last lines (to is 0 when one line is
// named). It does so only when path itself is not there and the file is:
// a file named "notes:12" is that file.
func LineInPath(path string) (file string, from, to int, ok bool) {
	m := lineSuffix.FindStringSubmatch(path)
	if m == nil {
		return "", 0, 0, false
	}
	first, last := m[2], m[3]
	if first == "" {
		first, last = m[4], m[5]
	}
	from, err := strconv.Atoi(first)
	if err != nil || from < 1 {
		return "", 0, 0, false
	}
	if last != "" {
		if to, err = strconv.Atoi(last); err != nil || to < from {
			return "", 0, 0, false
		}
	}
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return "", 0, 0, false
	}
	if fi, err := os.Stat(m[1]); err != nil || fi.IsDir() {
		return "", 0, 0, false
	}
	return m[1], from, to, true
}

// notThere is the error for a root that is not there, saying so when it
// names lines of a file that is: a path names a file or a directory, and
// read takes lines.
type notThere struct {
	err  error // wraps fs.ErrNotExist
	hint string
}

func (e *notThere) Error() string { return e.err.Error() + e.hint }
func (e *notThere) Unwrap() error { return e.err }

// NotThere adds to the error of a root that is not there the fix when
// the root names lines of a file; other errors it returns as they are.
func NotThere(root string, err error) error {
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	file, from, to, ok := LineInPath(root)
	if !ok {
		return err
	}
	lines := fmt.Sprintf("%s:%d shows its lines from %d", file, from, from)
	if to > 0 {
		lines = fmt.Sprintf("%s:%d-%d shows lines %d-%d", file, from, to, from, to)
	}
	return &notThere{err, fmt.Sprintf(" (a path here takes no line: name %s; read %s)", file, lines)}
}
