package match

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

// TestProgSizeTracksCompile: the estimate that refuses a pattern before it
// is compiled stays within a factor of two of the program Go compiles.
func TestProgSizeTracksCompile(t *testing.T) {
	var words []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("w%dq", i))
	}
	for _, p := range []string{
		`a`, `hello`, `[a-z]{1000}`, `(?i)\w{1000}`, `(a|b|c)*d`, `(foo|bar){2,5}`, `x{0,100}`, `(ab){3,}`,
		`func \w+Marshal\w*\(`, `(` + strings.Join(words, "|") + `){20}`, `((a|b){10}c){10}`, `^\s*$`, `\bword\b`,
	} {
		tree, err := syntax.Parse(p, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := syntax.Compile(tree.Simplify())
		if err != nil {
			t.Fatal(err)
		}
		got, want := progSize(tree, 1<<30), len(prog.Inst)
		if got < want/2 || got > 2*want+10 {
			t.Errorf("%.40s: estimate %d, compiled %d", p, got, want)
		}
	}
}

// TestPatternTooLarge: a pattern past MaxProgram is refused with its size
// and a way out, before anything big is built. See: #14.
func TestPatternTooLarge(t *testing.T) {
	var words []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("%c%cword%d", 'a'+i%26, 'a'+i/26, i))
	}
	var classes string
	for i := range 250 {
		classes += fmt.Sprintf(`x%d\w{1000}|`, i)
	}
	classes += "y"
	for _, p := range []string{`(` + strings.Join(words, "|") + `){1000}`, classes} {
		_, err := Compile([]string{p}, Options{})
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(se.Problem, "more than 200000 instructions") {
			t.Errorf("%.30s…: %v", p, err)
		}
	}
	many := make([]string, 2000)
	for i := range many {
		many[i] = fmt.Sprintf(`x%d\w{100}`, i)
	}
	if _, err := Compile(many, Options{}); err == nil || !strings.Contains(err.Error(), "the 2000 patterns together") {
		t.Errorf("2000 patterns of 100 repeats: %v", err)
	}
}

// TestStop: a matcher told to stop reports no more lines, and that it
// stopped, whether it scans with the DFA, a prefilter, or matches every
// line; and the reference regexp is never given a line too long for it.
func TestStop(t *testing.T) {
	buf := []byte(strings.Repeat(strings.Repeat("abcdefghij", 20)+"\n", 20000) + "needle\n")
	for _, pat := range []string{`needle`, `n[e]+dle`, `(a|b|c|d|e|f|g|h|i|j){30}z`, `^`} {
		p, err := Compile([]string{pat}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		m := p.Matcher()
		done := make(chan struct{})
		close(done)
		m.SetStop(done)
		n := 0
		for _, end, ok := m.NextLine(buf, 0); ok; _, end, ok = m.NextLine(buf, end+1) {
			n++
		}
		if !m.Stopped() || n > 2000 {
			t.Errorf("%s: stopped %v after %d lines", pat, m.Stopped(), n)
		}
	}
	// A 2 MB line and a program of a few thousand instructions: positions
	// come from a window, quickly.
	line := []byte(strings.Repeat("x", 2<<20) + strings.Repeat("a", 1000) + "end")
	p, _ := Compile([]string{`a{1000}end`}, Options{})
	m := p.Matcher()
	if m.refOK(len(line)) {
		t.Fatal("the test line is not too long for the reference regexp")
	}
	spans := m.Matches(line, nil)
	if len(spans) != 1 || spans[0].Start != 2<<20 || spans[0].End != len(line) {
		t.Errorf("spans %v, want [{%d %d}]", spans, 2<<20, len(line))
	}
}

// TestDFAGivesUpMidScan: a pattern whose DFA has exponentially many states
// makes the DFA give up inside a scan; the scan goes on from that line with
// the reference regexp and finds the same lines.
func TestDFAGivesUpMidScan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for i := range 20000 {
		line := make([]byte, 60)
		for k := range line {
			line[k] = "ab"[r.IntN(2)]
		}
		if i == 15000 || i == 19990 {
			copy(line[40:], "c") // a match: an 'a' 13 before a 'c', with a and b between
			line[26] = 'a'
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	buf := []byte(b.String())
	p, err := Compile([]string{`(a|b)*a(a|b){13}c`}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := p.Matcher()
	var got []int
	for start, end, ok := m.NextLine(buf, 0); ok; start, end, ok = m.NextLine(buf, end+1) {
		got = append(got, bytes.Count(buf[:start], []byte("\n"))+1)
	}
	var want []int
	for i, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if p.Regexp().MatchString(line) {
			want = append(want, i+1)
		}
	}
	if !m.dfa.failed {
		t.Fatal("the DFA did not give up: the test tests nothing")
	}
	if !slices.Equal(got, want) {
		t.Errorf("lines %v, want %v", got, want)
	}
}
