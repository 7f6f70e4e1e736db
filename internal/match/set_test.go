package match

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

// TestLiteralSetAgreesWithRegexp: a set of many literals, found with
// Aho-Corasick, matches the lines the reference regexp matches, with and
// without word mode, on random text made of the literals' pieces.
func TestLiteralSetAgreesWithRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vocab := []string{"Foo", "Bar", "foo_bar", "Baz9", "X", "Read", "ReadAll", "All", "(", ")", ".", "-", "é", "Qux"}
	for round := range 300 {
		pats := randomLiterals(r, vocab, nil)
		n := len(pats)
		text := randomText(r, vocab, 6, nil)
		for _, word := range []bool{false, true} {
			p, err := Compile(pats, Options{Fixed: true, Word: word, Case: Sensitive})
			if err != nil {
				t.Fatal(err)
			}
			if p.trie == nil {
				t.Fatalf("%d case-sensitive literals: no literal set", n)
			}
			m := p.Matcher()
			got := linesAgree(t, p, m, text, fmt.Sprintf("round %d word %v, %d patterns %q", round, word, n, pats))
			// The spans of each line: the regexp's, first and all.
			for _, line := range got {
				var ref []Span
				for _, loc := range p.Regexp().FindAllSubmatchIndex([]byte(line), -1) {
					if word {
						ref = append(ref, Span{loc[2], loc[3]})
					} else {
						ref = append(ref, Span{loc[0], loc[1]})
					}
				}
				spans := m.Matches([]byte(line), nil)
				first, ok := m.First([]byte(line))
				if !word && (fmt.Sprint(spans) != fmt.Sprint(ref) || !ok || first != ref[0]) {
					t.Fatalf("round %d, %q in %q: spans %v first %v, the regexp's %v", round, pats, line, spans, first, ref)
				}
				if word && (!ok || first != ref[0]) {
					t.Fatalf("round %d word, %q in %q: first %v, the regexp's %v", round, pats, line, first, ref)
				}
				if word {
					if want := refWordMatches(p, []byte(line)); fmt.Sprint(spans) != fmt.Sprint(want) {
						t.Fatalf("round %d word, %q in %q: spans %v, the regexp's %v", round, pats, line, spans, want)
					}
				}
			}
		}
	}
}

// TestLiteralSetCase: smart case makes a literal without capitals match
// either case; an ASCII one goes in the set's folded trie, one with a
// letter outside ASCII leaves the set to the other paths.
func TestLiteralSetCase(t *testing.T) {
	p, _ := Compile([]string{"Alpha", "Beta", "Gamma", "delta"}, Options{Fixed: true})
	if p.trie == nil || p.trie.folded.root['d'] == 0 || p.trie.exact.root['A'] == 0 {
		t.Error("smart case, one ASCII literal in lower case: not folded in the set")
	}
	p, _ = Compile([]string{"Alpha", "Beta", "Gamma", "Delta", "123"}, Options{Fixed: true})
	if p.trie == nil {
		t.Error("smart case, every literal with a capital or no letter: no set")
	}
	p, _ = Compile([]string{"Alpha", "Beta", "Gamma", "δelta"}, Options{Fixed: true})
	if p.trie != nil {
		t.Error("smart case, a literal in lower case outside ASCII: a set was built")
	}
	// Regular expressions without a metacharacter are literals too.
	p, _ = Compile([]string{"Alpha", "beta", "gamma_2", "Delta"}, Options{})
	if p.trie == nil {
		t.Error("plain words as regular expressions: no set")
	}
	p, _ = Compile([]string{"Alpha", "beta", "gamma.2", "Delta"}, Options{})
	if p.trie != nil {
		t.Error("a regular expression with a metacharacter: a set was built")
	}
}

// TestLiteralSetFoldsAsTheRegexp: with smart case, a set of literals
// some matched either case agrees with the regexp, on text that holds
// the letters Unicode folds with ASCII ones (the Kelvin sign, the long
// s), which the set leaves to the regexp.
func TestLiteralSetFoldsAsTheRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vocab := []string{"foo", "Foo", "FOO", "bar", "Bar", "ask", "ASK", "ss", "k", "Read", "read", "x", "_", "9", "(", "-", "\u212a", "\u017f", "é"}
	for round := range 300 {
		pats := randomLiterals(r, vocab, func(w string) string {
			if w >= "\u0080" {
				return "q" // literals stay ASCII: the set takes them
			}
			return w
		})
		n := len(pats)
		text := randomText(r, vocab, 8, func(w string) string {
			if round%2 == 0 && w >= "\u0080" {
				return "z" // half the rounds without the special letters: the set answers
			}
			return w
		})
		// Every other round as regular expressions: the literals are
		// plain, unless "(" or "-" made one not; every third in word mode.
		word := round%3 == 0
		p, err := Compile(pats, Options{Fixed: round%4 < 2, Word: word})
		if err != nil {
			continue // "(" alone is not a regular expression
		}
		if p.trie == nil && (round%4 < 2 || plainLiterals(pats)) {
			t.Fatalf("%d ASCII literals, smart case: no set", n)
		}
		m := p.Matcher()
		got := linesAgree(t, p, m, text, fmt.Sprintf("round %d, %q", round, pats))
		for _, line := range got {
			var ref []Span
			if word {
				ref = refWordMatches(p, []byte(line))
			} else {
				for _, loc := range p.Regexp().FindAllIndex([]byte(line), -1) {
					ref = append(ref, Span{loc[0], loc[1]})
				}
			}
			spans := m.Matches([]byte(line), nil)
			first, ok := m.First([]byte(line))
			if fmt.Sprint(spans) != fmt.Sprint(ref) || !ok || first != ref[0] {
				t.Fatalf("round %d, %q in %q: spans %v first %v, the regexp's %v", round, pats, line, spans, first, ref)
			}
		}
	}
}

// linesAgree checks that the lines m finds in buf are those p's regexp
// matches, and returns them.
func linesAgree(t *testing.T, p *Pattern, m *Matcher, buf []byte, what string) []string {
	t.Helper()
	var got []string
	for at := 0; at < len(buf); {
		s, e, ok := m.NextLine(buf, at)
		if !ok {
			break
		}
		got = append(got, string(buf[s:e]))
		at = e + 1
	}
	var want []string
	for _, line := range strings.Split(string(buf), "\n") {
		if p.Regexp().MatchString(line) {
			want = append(want, line)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s:\n got %q\nwant %q", what, got, want)
	}
	return got
}

// randomLiterals returns minSet to minSet+29 literals of one to three
// words of vocab each, every word through keep (nil: as it is).
func randomLiterals(r *rand.Rand, vocab []string, keep func(string) string) []string {
	var pats []string
	for range minSet + r.IntN(30) {
		var b strings.Builder
		for range 1 + r.IntN(3) {
			w := vocab[r.IntN(len(vocab))]
			if keep != nil {
				w = keep(w)
			}
			b.WriteString(w)
		}
		pats = append(pats, b.String())
	}
	return pats
}

// randomText returns 200 pieces: one in every newline a line break, one
// a space, the rest words of vocab through keep (nil: as they are).
func randomText(r *rand.Rand, vocab []string, every int, keep func(string) string) []byte {
	var text bytes.Buffer
	for range 200 {
		switch r.IntN(every) {
		case 0:
			text.WriteByte('\n')
		case 1:
			text.WriteByte(' ')
		default:
			w := vocab[r.IntN(len(vocab))]
			if keep != nil {
				w = keep(w)
			}
			text.WriteString(w)
		}
	}
	return text.Bytes()
}

// refWordMatches is Matcher.wordMatches on the reference regexp alone:
// what the literal set's word spans must equal.
func refWordMatches(p *Pattern, line []byte) []Span {
	var out []Span
	for from := 0; from <= len(line); {
		loc := p.Regexp().FindSubmatchIndex(line[from:])
		if loc == nil {
			break
		}
		s, e := from+loc[2], from+loc[3]
		if s == from && from > 0 && syntax.IsWordChar(rune(line[from-1])) {
			from++
			continue
		}
		out = append(out, Span{s, e})
		if e > s {
			from = e
		} else {
			from = e + 1
		}
	}
	return out
}

// TestLiteralSetFindsEveryStart: the set's scan (by the first two bytes,
// or the first 4 to 8) stops at the first place a literal starts, as
// trying every place does, for literals of every length, matched with
// case, either case, or some each way (one trie or two).
func TestLiteralSetFindsEveryStart(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alpha := "abAB_x"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alpha[r.IntN(len(alpha))]
		}
		return string(b)
	}
	for round := range 300 {
		minLen := 1 + round%5
		var lits []string
		var fold []bool
		for range 2 + r.IntN(12) {
			l := word(minLen + r.IntN(3))
			f := []bool{r.IntN(2) == 0, false, true}[round/5%3]
			if f {
				l = strings.ToLower(l)
			}
			lits, fold = append(lits, l), append(fold, f)
		}
		tr := newLitTrie(lits, fold)
		buf := []byte(word(r.IntN(120)))
		for at := 0; at <= len(buf); at++ {
			want := -1
			for i := at; i < len(buf); i++ {
				if _, ok := tr.at(buf, i); ok {
					want = i
					break
				}
			}
			if got := tr.find(buf, at); got != want {
				t.Fatalf("%q (fold %v) in %q from %d: found %d, want %d", lits, fold, buf, at, got, want)
			}
		}
	}
}

// TestLiteralSetBigAnswersAsSmall: a set big enough for the table of
// first two bytes (trie.two) and the vector test of start bytes
// (litTrie.sets), and with literals long enough the gram test, finds the
// same literal at every place as it does without them, and its scan stops
// where trying every place does.
func TestLiteralSetBigAnswersAsSmall(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	upper, alpha := "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"
	for round := range 20 {
		var lits []string
		var fold []bool
		for range 600 {
			b := []byte{upper[r.IntN(len(upper))]}
			for range 2 + 3*(round%4/2) + r.IntN(8) { // rounds 2, 3, 6, 7…: 6 bytes or more, for the gram test
				b = append(b, alpha[r.IntN(len(alpha))])
			}
			f := round%2 == 1 && r.IntN(3) == 0
			l := string(b)
			if f {
				l = strings.ToLower(l)
			}
			lits, fold = append(lits, l), append(fold, f)
		}
		big := newLitTrie(lits, fold)
		// Capitals start every literal matched with case: rare enough in
		// source code for the vector test; lower case letters are not.
		if big.exact.two == nil || round%2 == 0 && setScanFast && big.sets == nil || round%2 == 1 && big.sets != nil {
			t.Fatalf("round %d: %d and %d nodes, no table of two bytes or no vector test", round, len(big.exact.term), len(big.folded.term))
		}
		if round%4 >= 2 && big.gramLen == 0 || round%4 < 2 && big.gramLen != 0 {
			t.Fatalf("round %d: gram test of %d bytes", round, big.gramLen)
		}
		small := *big
		small.exact.two, small.folded.two, small.sets = nil, nil, nil
		small.gramLen = 0
		small.exact.dense, small.folded.dense = nil, nil
		small.exact.nodes, small.folded.nodes = unwide(big.exact.nodes), unwide(big.folded.nodes)
		// Text: pieces of the literals among words and punctuation.
		var text []byte
		for len(text) < 4000 {
			switch r.IntN(4) {
			case 0:
				l := lits[r.IntN(len(lits))]
				if r.IntN(2) == 0 {
					l = l[:1+r.IntN(len(l))] // a prefix
				}
				text = append(text, l...)
			case 1:
				text = append(text, " \n(.){}"[r.IntN(7)])
			default:
				text = append(text, alpha[r.IntN(len(alpha))])
			}
		}
		found := 0
		for i := range text {
			e1, ok1 := big.at(text, i)
			e2, ok2 := small.at(text, i)
			if e1 != e2 || ok1 != ok2 {
				t.Fatalf("round %d, at %d: %d %v with the table, %d %v without", round, i, e1, ok1, e2, ok2)
			}
			if ok1 {
				found++
			}
		}
		for from := 0; from < len(text); from += 1 + r.IntN(50) {
			if got, want := big.find(text, from), small.find(text, from); got != want {
				t.Fatalf("round %d: find from %d = %d, without the table and the vector test %d", round, from, got, want)
			}
		}
		for _, line := range bytes.Split(text, []byte("\n")) {
			if got, want := big.spans(line, nil, false), small.spans(line, nil, false); !slices.Equal(got, want) {
				t.Fatalf("round %d: spans of %q: %v, without the tables %v", round, line, got, want)
			}
			if got, want := big.wordSpans(line, nil, false), small.wordSpans(line, nil, false); !slices.Equal(got, want) {
				t.Fatalf("round %d: word spans of %q: %v, without the tables %v", round, line, got, want)
			}
		}
		if found < 50 {
			t.Fatalf("round %d: only %d literals found in the text", round, found)
		}
	}
}

// unwide returns a copy of nodes without their tables of children.
func unwide(nodes []tnode) []tnode {
	out := slices.Clone(nodes)
	for i := range out {
		out[i].wide = 0
	}
	return out
}

// TestLiteralSetBuildsTheRegexpOnNeed: a set the trie finds compiles no
// regexp (15–30 ms for a thousand literals) until a buffer holds a letter
// the trie does not fold as the regexp does; the matcher then finds that
// buffer's lines with the DFA, as the regexp does.
func TestLiteralSetBuildsTheRegexpOnNeed(t *testing.T) {
	var pats []string
	for i := range 100 {
		pats = append(pats, fmt.Sprintf("kw%d_", i))
	}
	p, err := Compile(pats, Options{Fixed: true}) // smart case: every literal either case
	if err != nil || p.trie == nil {
		t.Fatalf("no literal set: %v", err)
	}
	m := p.Matcher()
	if got := lines(m, []byte("a kw7_ b\nnone\nKW42_\n")); fmt.Sprint(got) != "[1:a kw7_ b 3:KW42_]" || p.prog != nil {
		t.Fatalf("plain text: lines %q, regexp built %v", got, p.prog != nil)
	}
	text := []byte("none\n\u212aw9_ (the Kelvin sign)\nkw99_\n")
	if got := lines(m, text); fmt.Sprint(got) != "[2:\u212aw9_ (the Kelvin sign) 3:kw99_]" || p.prog == nil {
		t.Fatalf("with the Kelvin sign: lines %q, regexp built %v", got, p.prog != nil)
	}
	if got, want := lines(p.Matcher(), text), reference(p, text); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("a new matcher: %q, the regexp %q", got, want)
	}
}

// TestLiteralSetLeavesOnlySpecialLinesToTheDFA: in a buffer holding the
// Kelvin sign, the lines that hold it are the regexp's and the others the
// trie's: the DFA of the set (slow to build, a state at a time, for a
// thousand literals read either case) sees the one line, not the buffer.
func TestLiteralSetLeavesOnlySpecialLinesToTheDFA(t *testing.T) {
	var pats []string
	for i := range 300 {
		pats = append(pats, fmt.Sprintf("key%dword", i))
	}
	p, err := Compile(pats, Options{Fixed: true})
	if err != nil || p.trie == nil {
		t.Fatalf("no literal set: %v", err)
	}
	var text bytes.Buffer
	text.WriteString("\u212aey7word (the Kelvin sign)\n")
	for i := range 3000 {
		fmt.Fprintf(&text, "line %d: KEY%dWORD and other words, key%dwor\n", i, i%400, i)
	}
	m := p.Matcher()
	got, want := lines(m, text.Bytes()), reference(p, text.Bytes())
	if fmt.Sprint(got) != fmt.Sprint(want) || len(got) < 2000 {
		t.Fatalf("%d lines, the regexp %d", len(got), len(want))
	}
	if n := len(m.dfa.states); n == 0 || n > 100 {
		t.Fatalf("the DFA built %d states: it read more than the line with the Kelvin sign", n)
	}
}
