package search

import (
	"fmt"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/match"
)

// render writes a result canonically: "N:text" for matches, "N-text" for
// context, one per line, "|" between lines.
func render(r Result) string {
	var parts []string
	for _, l := range r.Lines {
		sep := ":"
		if l.Context {
			sep = "-"
		}
		parts = append(parts, fmt.Sprintf("%d%s%s", l.Number, sep, l.Text))
	}
	return strings.Join(parts, "|")
}

func TestSearch(t *testing.T) {
	const text = "a\nx1\nb\nc\nx2\nx3\nd\ne\nf\ng\nx4"
	for _, c := range []struct {
		pattern       string
		before, after int
		text          string
		want          string
	}{
		{"x", 0, 0, text, "2:x1|5:x2|6:x3|11:x4"},
		{"x", 1, 0, text, "1-a|2:x1|4-c|5:x2|6:x3|10-g|11:x4"},
		{"x", 0, 1, text, "2:x1|3-b|5:x2|6:x3|7-d|11:x4"},
		{"x", 2, 2, text, "1-a|2:x1|3-b|4-c|5:x2|6:x3|7-d|8-e|9-f|10-g|11:x4"},
		{"a", 5, 5, "a\n", "1:a"},
		{"b", 1, 1, "a\nb\n", "1-a|2:b"},
		{"^$", 0, 0, "\n\nx\n", "1:|2:"},
		{"z", 1, 1, text, ""},
		{"x", 0, 0, "", ""},
	} {
		p, err := match.Compile([]string{c.pattern}, match.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := Search(p.Matcher(), []byte(c.text), Options{Before: c.before, After: c.after, Spans: AllSpans})
		if got := render(r); got != c.want {
			t.Errorf("%q -B%d -A%d in %q:\n got %s\nwant %s", c.pattern, c.before, c.after, c.text, got, c.want)
		}
	}
}

func TestCountOnly(t *testing.T) {
	p, _ := match.Compile([]string{"o"}, match.Options{})
	r := Search(p.Matcher(), []byte("foo\nbar\nboo\n"), Options{CountOnly: true, Spans: AllSpans})
	if r.MatchedLines != 2 || r.Matches != 4 || len(r.Lines) != 0 {
		t.Errorf("count only: %+v", r)
	}
}

// TestTextIsCopied checks that results survive the reuse of the buffer.
func TestTextIsCopied(t *testing.T) {
	p, _ := match.Compile([]string{"x"}, match.Options{})
	buf := []byte("x1\ny\nx2\n")
	r := Search(p.Matcher(), buf, Options{})
	for i := range buf {
		buf[i] = '#'
	}
	if got := render(r); got != "1:x1|3:x2" {
		t.Errorf("got %s after the buffer changed", got)
	}
}

// TestEachEqualsSearch: Each reports the matching lines Search finds.
func TestEachEqualsSearch(t *testing.T) {
	const text = "a\nx1\nb\nc\nx2\nx3\nd\ne\nf\ng\nx4"
	for _, pat := range []string{"x", "^$", "[a-c]", "zz", "."} {
		p, err := match.Compile([]string{pat}, match.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := Search(p.Matcher(), []byte(text), Options{})
		var got []string
		Each(p.Matcher(), []byte(text), 10, func(start, end, n int) bool {
			got = append(got, fmt.Sprintf("%d:%s", n-9, text[start:end]))
			return true
		})
		if w := render(want); strings.Join(got, "|") != w {
			t.Errorf("%s: Each %q, Search %q", pat, got, w)
		}
	}
}

// Search searches buf with m (a Scratch of its own).
func Search(m *match.Matcher, buf []byte, opts Options) Result {
	return new(Scratch).Search(m, buf, opts)
}
