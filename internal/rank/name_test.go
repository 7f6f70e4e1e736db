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
