package glob

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// cases were checked against git itself: a .gitignore holding only the
// pattern (anchored with a leading "/" where it has no slash of its own, so
// that git matches the whole path) and `git check-ignore --no-index`.
var cases = []struct {
	pattern, path string
	want          bool
}{
	{"foo", "foo", true},
	{"foo", "foobar", false},
	{"*.go", "main.go", true},
	{"*.go", "dir/main.go", false},
	{"*.go", ".go", true},
	{"main*", "main.go", true},
	{"main*", "main/x.go", false},
	{"*", "a", true},
	{"*", "a/b", false},
	{"?", "a", true},
	{"?", "/", false},
	{"a?c", "abc", true},
	{"a?c", "a/c", false},
	{"a*c", "abbbc", true},
	{"a*c", "ab/c", false},
	{"**", "a/b/c", true},
	{"**/foo", "foo", true},
	{"**/foo", "a/b/foo", true},
	{"**/foo", "xfoo", false},
	{"a/**/b", "a/b", true},
	{"a/**/b", "a/x/b", true},
	{"a/**/b", "a/x/y/b", true},
	{"a/**/b", "a/xb", false},
	{"a/**", "a", false},
	{"a/**", "a/b", true},
	{"a/**", "a/b/c", true},
	{"**/gen/**", "gen", false},
	{"**/gen/**", "gen/x", true},
	{"**/gen/**", "x/gen/y/z", true},
	{"a**b", "axxb", true},
	{"a**b", "ax/xb", false},
	{"a*/b", "ax/b", true},
	{"a*/b", "a/b", true},
	{"a*/b", "ax/y/b", false},
	{"[abc]", "b", true},
	{"[abc]", "d", false},
	{"[!abc]", "d", true},
	{"[^abc]", "a", false},
	{"[a-c]x", "bx", true},
	{"[!0-9].dat", "a.dat", true},
	{"[!0-9].dat", "5.dat", false},
	{"[]]", "]", true},
	{"[!]]", "]", false},
	{"[!]]", "a", true},
	{"[a-]", "-", true},
	{"[-a]", "-", true},
	{"[[:digit:]]x", "7x", true},
	{"[[:alpha:]]", "7", false},
	{"[[:bogus:]]", "a", false},
	{"a[[:]", "a:", true},
	{"a[[:]b", "a[b", true},
	{"[a", "a", false},
	{"[/]", "/", false},
	{`\*`, "*", true},
	{`\*`, "a", false},
	{`\#hash.txt`, "#hash.txt", true},
	{`trail\ `, "trail ", true},
	{`a\`, "a", false},
	{"a/*/c", "a/b/c", true},
	{"a/*/c", "a/b/b/c", false},
	{"*/", "a/", true},
	{"***/x", "a/b/x", true},
}

func TestMatch(t *testing.T) {
	for _, c := range cases {
		if got := Compile(c.pattern).Match(c.path); got != c.want {
			t.Errorf("Compile(%q).Match(%q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
		if got := reference(c.pattern).MatchString(c.path); got != c.want {
			t.Errorf("reference(%q).MatchString(%q) = %v, want %v (the reference is wrong)", c.pattern, c.path, got, c.want)
		}
	}
}

func TestKinds(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    kind
	}{
		{"foo.go", kindLiteral},
		{"*.go", kindSuffix},
		{"Make*", kindPrefix},
		{"*", kindAny},
		{"*/x.go", kindGeneral},
		{"a/*", kindGeneral},
		{"*.[ch]", kindGeneral},
		{`\*`, kindGeneral},
	} {
		if got := Compile(c.pattern).kind; got != c.want {
			t.Errorf("Compile(%q).kind = %v, want %v", c.pattern, got, c.want)
		}
	}
}

// reference translates a pattern into a Go regular expression, independently
// of wildmatch's star logic (bracket expressions share matchClass, which has
// table tests of its own). It assumes ASCII patterns and texts.
func reference(p string) *regexp.Regexp {
	never := regexp.MustCompile(`[^\x00-\x{10FFFF}]`)
	var b strings.Builder
	b.WriteString(`^`)
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '\\':
			if i+1 >= len(p) {
				return never
			}
			i++
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		case '?':
			b.WriteString(`[^/]`)
		case '[':
			n, _, malformed := matchClass(p[i:], 0)
			if malformed {
				return never
			}
			b.WriteString(`[`)
			empty := true
			for x := 0; x < 128; x++ {
				if _, ok, _ := matchClass(p[i:], byte(x)); ok && x != '/' {
					fmt.Fprintf(&b, `\x{%x}`, x)
					empty = false
				}
			}
			b.WriteString(`]`)
			if empty {
				return never
			}
			i += n - 1
		case '*':
			j := i
			for j+1 < len(p) && p[j+1] == '*' {
				j++
			}
			rest := p[j+1:]
			boundary := j > i && (i == 0 || p[i-1] == '/') && (rest == "" || rest[0] == '/' || strings.HasPrefix(rest, `\/`))
			switch {
			case boundary && rest == "":
				b.WriteString(`.*`)
			case boundary && rest[0] == '/':
				b.WriteString(`(?:.*/)?`)
				j++ // the slash is part of the group
			case boundary:
				b.WriteString(`.*`)
			default:
				b.WriteString(`[^/]*`)
			}
			i = j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(`$`)
	return regexp.MustCompile(b.String())
}

func FuzzMatchEqualsReference(f *testing.F) {
	for _, c := range cases {
		f.Add(c.pattern, c.path)
	}
	f.Fuzz(func(t *testing.T, pattern, path string) {
		pattern, path = ascii(pattern), ascii(path)
		if len(pattern) > 40 || len(path) > 60 {
			return
		}
		got := Compile(pattern).Match(path)
		want := reference(pattern).MatchString(path)
		if got != want {
			t.Fatalf("Compile(%q).Match(%q) = %v, reference says %v", pattern, path, got, want)
		}
	})
}

// ascii maps s onto a small alphabet rich in glob syntax, so the fuzzer
// spends its time on interesting patterns.
func ascii(s string) string {
	const alphabet = "ab/*?[]!^-\\:c.x"
	b := []byte(s)
	for i, c := range b {
		b[i] = alphabet[int(c)%len(alphabet)]
	}
	return string(b)
}

func TestCheck(t *testing.T) {
	for p, bad := range map[string]bool{
		"[": true, "a[b": true, "*.[ch": true, "[[:nope:]]": true, `a\`: true, "[]": true,
		"*.go": false, "[ch]": false, "[]]": false, "[!a]x": false, `\[`: false, "[[:alpha:]]": false, "**/a": false, "[a-z]*": false,
	} {
		if err := Check(p); (err != nil) != bad {
			t.Errorf("Check(%q) = %v, want malformed %v", p, err, bad)
		}
	}
}
