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
	file, from, to, why := linesOf(path)
	if file == "" || why != "" {
		return "", 0, 0, false
	}
	return file, from, to, true
}

// BadLines returns, for a path that names lines of a file that is there
// when no line has them ("print.go:0", "print.go:20-10"), the file and
// what is wrong with the lines; "" and "" for any other path.
func BadLines(path string) (file, why string) {
	file, _, _, why = linesOf(path)
	if why == "" {
		return "", ""
	}
	return file, why
}

// linesOf splits a path that names lines of a file that is there, when
// the path itself is not, and says what is wrong with the numbers, if
// anything; file is "" for any other path.
func linesOf(path string) (file string, from, to int, why string) {
	m := lineSuffix.FindStringSubmatch(path)
	if m == nil {
		return "", 0, 0, ""
	}
	first, last := m[2], m[3]
	if first == "" {
		first, last = m[4], m[5]
	}
	from, err := strconv.Atoi(first)
	switch {
	case err != nil:
		why = "line " + first + " is past any file's end"
	case from < 1:
		why = "lines are counted from 1"
	}
	if last != "" && why == "" {
		switch to, err = strconv.Atoi(last); {
		case err != nil:
			why = "line " + last + " is past any file's end"
		case to < from:
			why = fmt.Sprintf("the lines %d-%d end before they start", from, to)
		}
	}
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return "", 0, 0, ""
	}
	if fi, err := os.Stat(m[1]); err != nil || fi.IsDir() {
		return "", 0, 0, ""
	}
	return m[1], from, to, why
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
		if file, _ := BadLines(root); file != "" {
			return &notThere{err, fmt.Sprintf(" (a path here takes no line: name %s)", file)}
		}
		return err
	}
	lines := fmt.Sprintf("%s:%d shows its lines from %d", file, from, from)
	if to > 0 {
		lines = fmt.Sprintf("%s:%d-%d shows lines %d-%d", file, from, to, from, to)
	}
	return &notThere{err, fmt.Sprintf(" (a path here takes no line: name %s; read %s)", file, lines)}
}
