package syntax

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// TestTokens: the estimate counts a word as one token and each mark as
// one, spaces as none, and how deep brackets nest, a close with none open
// counting for nothing.
func TestTokens(t *testing.T) {
	for _, c := range []struct {
		src             string
		tokens, nesting int
	}{
		{"", 0, 0},
		{"foo bar", 2, 0},
		{"a.b(c)", 6, 1},
		{"x=[[1]]", 7, 2},
		{"héllo_wörld$1 \t\r\n", 1, 0},
		{"))((", 4, 2},
		{"f(a)(b)", 7, 1},
		{"1+1", 3, 0},
		{"\"a, b\" // c", 8, 0},
	} {
		if tokens, nesting := Tokens([]byte(c.src)); tokens != c.tokens || nesting != c.nesting {
			t.Errorf("Tokens(%q) = %d, %d; want %d, %d", c.src, tokens, nesting, c.tokens, c.nesting)
		}
	}
}

// TestTooDense: a file of MaxTokens tokens, or brackets MaxNesting deep,
// is parsed; one more is ErrTooDense, which names the figure and the
// most, and Parse and Outline refuse it at once, in every language, as
// they refuse a file over MaxSize with ErrTooBig. (A tree of two million
// nested brackets took 1.82 GB to build.)
func TestTooDense(t *testing.T) {
	marks := func(n int) []byte { return bytes.Repeat([]byte{'+'}, n) }
	nested := func(n int) []byte {
		return []byte("x = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n")
	}
	for _, c := range []struct {
		what string
		src  []byte
		want error
		says string
	}{
		{"MaxTokens", marks(MaxTokens), nil, ""},
		{"MaxTokens+1", marks(MaxTokens + 1), ErrTooDense, "about 2500001 tokens of code; the most is 2500000"},
		{"MaxNesting", nested(MaxNesting), nil, ""},
		{"MaxNesting+1", nested(MaxNesting + 1), ErrTooDense, "brackets nested 100001 deep; the most is 100000"},
		{"MaxSize+1", append(bytes.Repeat([]byte("// a comment\n"), MaxSize/13), marks(14)...), ErrTooBig, "the most is 4194304"},
	} {
		err := parsable("a.py", c.src)
		if !errors.Is(err, c.want) || err != nil && !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v; want %v saying %q", c.what, err, c.want, c.says)
		}
		if c.want == nil {
			continue
		}
		for _, name := range []string{"a.py", "a.go", "a.js", "a.rs", "a.c"} {
			if _, err := Parse(context.Background(), name, c.src); !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), name+": ") {
				t.Errorf("%s: Parse(%s): %v; want %v", c.what, name, err, c.want)
			}
			if _, err := Outline(context.Background(), name, c.src); !errors.Is(err, c.want) {
				t.Errorf("%s: Outline(%s): %v; want %v", c.what, name, err, c.want)
			}
		}
	}
}
