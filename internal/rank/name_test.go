package rank

import (
	"strings"
	"testing"
)

// TestNameQueryGlobs: a find pattern with *, ? or [ is a glob, matched
// against the base name (the whole path when it holds a '/'); braces
// alternate, as in rg's globs, with or without another wildcard.
func TestNameQueryGlobs(t *testing.T) {
	paths := []string{"src/app.ts", "src/lib/util.ts", "src/lib/util.test.ts", "src/lib/util.js", "README.md", "a.go"}
	for _, c := range []struct {
		pattern string
		want    string
	}{
		{"*.ts", "src/app.ts src/lib/util.ts src/lib/util.test.ts"},
		{"*.{ts,js}", "src/app.ts src/lib/util.ts src/lib/util.test.ts src/lib/util.js"},
		{"{util.test.*,util.spec.*}", "src/lib/util.test.ts"},
		{"{a,app}.{go,ts}", "src/app.ts a.go"},
		{"src/**/*.{js,md}", "src/lib/util.js"},
		{"util", "src/lib/util.ts src/lib/util.test.ts src/lib/util.js"}, // words, not a glob
		{"{README", ""}, // an unclosed brace: words
	} {
		q := NewNameQuery(c.pattern, func(string) bool { return false })
		var got []string
		for _, p := range paths {
			if _, ok := q.Match(p); ok {
				got = append(got, p)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q matches %q; want %q", c.pattern, got, c.want)
		}
	}
}

// TestNameQueryPathFragments: a word that holds a '/' is a fragment of a
// path, as agents copy them: the path that ends with it is that file;
// else it must occur in the path, across the last slash or within the
// directories.
func TestNameQueryPathFragments(t *testing.T) {
	paths := []string{"internal/poll/fd_unix.go", "net/fd_unix.go", "internal/poll/fd_unixjs.go", "internal/pollx/a.go", "internal/poll"}
	for _, c := range []struct {
		pattern string
		want    string // each matching path, with its signal
	}{
		{"internal/poll/fd_unix.go", "internal/poll/fd_unix.go:name-exact"},
		{"./internal/poll/fd_unix.go", "internal/poll/fd_unix.go:name-exact"},
		{"poll/fd_unix.go", "internal/poll/fd_unix.go:name-exact"},
		{"oll/fd_unix", "internal/poll/fd_unix.go:name-part internal/poll/fd_unixjs.go:name-part"},
		{"internal/poll/", "internal/poll/fd_unix.go:dir-name internal/poll/fd_unixjs.go:dir-name internal/poll:name-exact"},
		{"Poll/FD_unix.go", ""}, // case as written (smart case folds only a word without upper case)
		{"poll/fd_unix.go fd", "internal/poll/fd_unix.go:name-exact,name-prefix,case"},
		{"/internal/poll/fd_unix.go", "internal/poll/fd_unix.go:name-exact"},
		{"net/poll", ""},
	} {
		q := NewNameQuery(c.pattern, func(w string) bool { return strings.ToLower(w) == w })
		var got []string
		for _, p := range paths {
			if sigs, ok := q.Match(p); ok {
				var names []string
				for _, s := range sigs {
					names = append(names, s.Name)
				}
				got = append(got, p+":"+strings.Join(names, ","))
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q matches %q; want %q", c.pattern, got, c.want)
		}
	}
}

// FuzzNameQuery: no pattern and path make Match fail, and a path whose
// name is the pattern matches it exactly (smart case: as written, or a
// pattern without upper case matching any case).
func FuzzNameQuery(f *testing.F) {
	for _, s := range [][2]string{
		{"py", "bad\xffname.py"}, {"name", "dir/bad\xffName.py"}, {"k", "\u212aelvin.go"}, {"i", "\u0130stanbul.go"},
		{"poll/fd_unix.go", "internal/poll/fd_unix.go"}, {"*.go", "a.go"}, {"{a,b}.go", "x/b.go"}, {"./a/", "a/b"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, rel string) {
		fold := func(w string) bool { return strings.ToLower(w) == w }
		q := NewNameQuery(pattern, fold)
		q.Match(rel)
		if pattern == "" || IsGlob(pattern) || strings.ContainsAny(pattern, " \t\n\v\f\r\u0085\u00a0/") || strings.ContainsAny(rel, "/") {
			return
		}
		if _, ok := q.Match(pattern); !ok && rel != "" {
			t.Errorf("%q does not match a path of its own name", pattern)
		}
	})
}
