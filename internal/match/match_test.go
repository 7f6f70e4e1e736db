package match

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// lines returns the matching lines of buf found by NextLine, as "n:text".
func lines(m *Matcher, buf []byte) []string {
	var out []string
	for at := 0; ; {
		s, e, ok := m.NextLine(buf, at)
		if !ok {
			return out
		}
		n := bytes.Count(buf[:s], []byte("\n")) + 1
		out = append(out, fmt.Sprintf("%d:%s", n, buf[s:e]))
		at = e + 1
	}
}

// reference returns the matching lines of buf by running the standard
// regexp on every line.
func reference(p *Pattern, buf []byte) []string {
	var out []string
	if len(buf) == 0 {
		return nil
	}
	text := strings.TrimSuffix(string(buf), "\n")
	for i, line := range strings.Split(text, "\n") {
		if p.Regexp().MatchString(line) {
			out = append(out, fmt.Sprintf("%d:%s", i+1, line))
		}
	}
	return out
}

const sample = "package main\n\nimport \"encoding/json\"\n\n// Unmarshal decodes.\nfunc Unmarshal(data []byte) error {\n\treturn json.Unmarshal(data, &v)\n}\nfunc jsonMarshalIndent(x int) {}\nvar Hello12 = \"colour\"\r\nconst KELVIN = \"\u212a\" // Kelvin sign\n\xff\xfe invalid utf8 foo_bar foo-bar\nlast line without newline foo"

func TestNextLineEqualsReference(t *testing.T) {
	patterns := []string{
		"Unmarshal", "unmarshal", `func \w+Marshal\w*\(`, `[A-Z][a-z]+[0-9]{2,}`,
		"json", `^func`, `\)$`, `\bfoo\b`, `foo\b`, `\Bar`, `colou?r`, `(?i)kelvin`, `k`, `\x{212a}`,
		`.`, `^$`, ``, `x*`, `\r$`, `e$`, `[^a-z]`, `\xff`, `(?i)INVALID`, `data|byte`, `(a|b)*c`,
		`foo`, `newline foo$`, `\pL+\d`, `(?s).`, `\S+_\S+`,
	}
	for _, pat := range patterns {
		for _, opts := range []Options{{}, {Case: Sensitive}, {Case: Insensitive}, {Word: true}, {Fixed: true}} {
			p, err := Compile([]string{pat}, opts)
			if err != nil {
				t.Fatalf("Compile(%q, %+v): %v", pat, opts, err)
			}
			got := lines(p.Matcher(), []byte(sample))
			want := reference(p, []byte(sample))
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("pattern %q %+v (lits %q):\n got %q\nwant %q", pat, opts, p.Literals(), got, want)
			}
		}
	}
}

func TestMultiplePatterns(t *testing.T) {
	p, err := Compile([]string{"Unmarshal", "colour", "KELVIN"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(lines(p.Matcher(), []byte(sample)), "|")
	want := strings.Join(reference(p, []byte(sample)), "|")
	if got != want || !strings.Contains(got, "colour") || !strings.Contains(got, "KELVIN") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSmartCase(t *testing.T) {
	for _, c := range []struct {
		pattern string
		fixed   bool
		want    bool // insensitive
	}{
		{"foo", false, true},
		{"Foo", false, false},
		{`[A-Z]oo`, false, false},
		{`\Soo`, false, true},
		{`\W\D\B\pL\p{Lu}\PL`, false, true},
		{`(?P<Name>x)`, false, true},
		{`(?<Name>x)`, false, true},
		{`\x41`, false, true},
		{`ÉTÉ`, false, false},
		{`\S`, true, false},
		{`s`, true, true},
	} {
		if got := insensitive(c.pattern, Options{Fixed: c.fixed}); got != c.want {
			t.Errorf("insensitive(%q, fixed=%v) = %v, want %v", c.pattern, c.fixed, got, c.want)
		}
	}
}

func TestSmartCasePerPattern(t *testing.T) {
	p, err := Compile([]string{"Abc", "xyz"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := lines(p.Matcher(), []byte("abc\nAbc\nXYZ\n"))
	if want := []string{"2:Abc", "3:XYZ"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    string
	}{
		{"func (", `invalid regex "func (" at byte 5: missing closing ); to search for the text literally, use fixed strings`},
		{"a)b", `invalid regex "a)b" at byte 1: unexpected ); to search for the text literally, use fixed strings`},
		{"x[a-", "invalid regex \"x[a-\" at byte 1: missing closing ]: `[a-`; to search for the text literally, use fixed strings"},
		{"*x", "invalid regex \"*x\" at byte 0: missing argument to repetition operator: `*`; to search for the text literally, use fixed strings"},
		{`a\qb`, "invalid regex \"a\\\\qb\" at byte 1: invalid escape sequence: `\\q`; to search for the text literally, use fixed strings"},
		{`(?=x)`, "invalid regex \"(?=x)\" at byte 0: look-ahead (?=…) is not supported: Go's RE2 syntax has no look-around; match the surrounding text too, then read the part you need; or search for the text literally with fixed strings"},
		{`a(?<=x)y`, "invalid regex \"a(?<=x)y\" at byte 1: look-behind (?<=…) is not supported: Go's RE2 syntax has no look-around; match the surrounding text too, then read the part you need; or search for the text literally with fixed strings"},
		{`a\nb`, `invalid regex "a\\nb" at byte 1: a newline ("\n") cannot match: lines are searched one at a time; search for each line's text separately, or anchor with ^ and $`},
		{`x{1001}`, "invalid regex \"x{1001}\" at byte 1: invalid repeat count: `{1001}`; a repeat count, or the product of repeats nested inside one another, may be at most 1000"},
		// PCRE's spellings get RE2's.
		{`(a)\1`, "invalid regex \"(a)\\\\1\" at byte 3: invalid escape sequence: `\\1`; a backreference (\\1) is not supported: Go's RE2 syntax matches without them: write out again the text the group matches"},
		{`a++`, "invalid regex \"a++\" at byte 1: invalid nested repetition operator: `++`; a possessive repeat (++) is PCRE's: RE2 never backtracks, so the repeat without its + (+) matches the same"},
		{`a{2}+`, "invalid regex \"a{2}+\" at byte 1: invalid nested repetition operator: `{2}+`; a possessive repeat ({2}+) is PCRE's: RE2 never backtracks, so the repeat without its + ({2}) matches the same"},
		{`a**`, "invalid regex \"a**\" at byte 1: invalid nested repetition operator: `**`; to search for the text literally, use fixed strings"},
		{`\h+`, "invalid regex \"\\\\h+\" at byte 0: invalid escape sequence: `\\h`; \\h (horizontal space) is PCRE's: use [ \\t]"},
		{`x\Z`, "invalid regex \"x\\\\Z\" at byte 1: invalid escape sequence: `\\Z`; \\Z is PCRE's: lines are searched one at a time, so the end of the line is $ (or \\z)"},
		{`\p{Foo}`, "invalid regex \"\\\\p{Foo}\" at byte 0: invalid character class range: `\\p{Foo}`; not a Unicode class Go knows: a category (\\pL, \\p{Lu}, \\pN) or a script (\\p{Greek}, \\p{Han}); for word characters use \\w"},
	} {
		_, err := Compile([]string{c.pattern}, Options{})
		if err == nil {
			t.Errorf("Compile(%q): no error", c.pattern)
			continue
		}
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("Compile(%q): %v does not wrap ErrSyntax", c.pattern, err)
		}
		if err.Error() != c.want {
			t.Errorf("Compile(%q):\n got %s\nwant %s", c.pattern, err, c.want)
		}
	}
	if _, err := Compile([]string{"func ("}, Options{Fixed: true}); err != nil {
		t.Errorf("fixed strings need no syntax: %v", err)
	}
}

func TestPlan(t *testing.T) {
	for _, c := range []struct {
		pattern string
		opts    Options
		want    string
	}{
		{"Unmarshal", Options{}, `["Unmarshal"]`},
		{`func \w+Marshal\w*\(`, Options{}, `["Marshal"]`},
		{`[A-Z][a-z]+[0-9]{2,}`, Options{}, `[]`},
		{`Colou?r`, Options{}, `["Color" "Colour"]`},
		{`(Foo|Bar)Baz`, Options{}, `["BarBaz" "FooBaz"]`},
		{`(Foo|Bar)+x`, Options{}, `["Bar" "Foo"]`},
		{`Foo.*`, Options{}, `["Foo"]`},
		{`Foo|`, Options{}, `[]`},
		{`(?i)ab`, Options{}, `[]`},
		{`Handle`, Options{Word: true}, `["Handle"]`},
		{`[Kk]ind`, Options{}, `["Kind" "kind"]`},
		{`qzx`, Options{}, `["(?i)qzx"]`}, // smart case: a folded literal
		{`(?i)handler`, Options{}, `["(?i)handler"]`},
		{`unmarshal`, Options{}, `["(?i)unmar"]`},  // 's' also folds to U+017F: the stretches are "unmar" and "hal"
		{`(?i)kelvin`, Options{}, `["(?i)elvin"]`}, // 'k' also folds to U+212A
		{`(?i)ss`, Options{}, `[]`},                // no stretch without s or k: the DFA scans
		{`(?i)a.*Bc`, Options{}, `[]`},             // "bc" in either case is too common to prefilter on
		{`(?i)a.*Bq`, Options{}, `["(?i)bq"]`},
		{`(?:(?i:foo)|Bar)x`, Options{}, `["Bar" "(?i)foo"]`},
	} {
		p, err := Compile([]string{c.pattern}, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%q", p.Literals()); got != c.want {
			t.Errorf("Compile(%q).Literals() = %s, want %s", c.pattern, got, c.want)
		}
	}
}

func TestPlanExact(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    bool
	}{
		{"Unmarshal", true}, {"handler", true}, {"unmarshal", false}, {`Foo\b`, false}, {"Foo.*", false},
	} {
		p, err := Compile([]string{c.pattern}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if p.plan.exact != c.want {
			t.Errorf("Compile(%q): exact = %v, want %v", c.pattern, p.plan.exact, c.want)
		}
	}
}

// TestMatches checks every match in a line, and that First finds the
// first of them (or says there is none).
func TestMatches(t *testing.T) {
	for _, c := range []struct {
		pattern string
		opts    Options
		line    string
		want    string
	}{
		{"foo", Options{}, "foo foofoo", "[{0 3} {4 7} {7 10}]"},
		{"foo", Options{Word: true}, "foo foofoo foo", "[{0 3} {11 14}]"},
		{"foo", Options{Word: true}, "foo foo", "[{0 3} {4 7}]"},
		{"a", Options{Word: true}, "aa a a.a", "[{3 4} {5 6} {7 8}]"},
		{"foo|foobar", Options{Word: true}, "foobar", "[{0 6}]"},
		{"x*", Options{}, "abc", "[{0 0}]"},
		{"x*", Options{}, "axxb", "[{1 3}]"},
		{"x*", Options{}, "aaxx", "[{2 4}]"},
		{"Ab", Options{Fixed: true}, "xAbAb", "[{1 3} {3 5}]"},
		{"-", Options{Word: true}, "a-b - c", "[{4 5}]"},
		{"foo", Options{Case: Sensitive}, "a foo foo", "[{2 5} {6 9}]"},
		{"handler", Options{}, "NewHANDLER x handler", "[{3 10} {13 20}]"},
		{"handler", Options{}, "nothing", "[]"},
		{`f\w+o`, Options{}, "x fooo foo", "[{2 6} {7 10}]"},
		{"foo", Options{Word: true}, "foobar foo", "[{7 10}]"},
	} {
		p, err := Compile([]string{c.pattern}, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		all := p.Matcher().Matches([]byte(c.line), nil)
		if got := fmt.Sprint(all); got != c.want {
			t.Errorf("%q %+v in %q: got %s, want %s", c.pattern, c.opts, c.line, got, c.want)
		}
		first, ok := p.Matcher().First([]byte(c.line))
		if ok != (len(all) > 0) || ok && first != all[0] {
			t.Errorf("%q %+v in %q: First = %v %v, the matches are %v", c.pattern, c.opts, c.line, first, ok, all)
		}
	}
}

func TestDFACacheOverflow(t *testing.T) {
	// (a|b)*a(a|b){12} needs 2^13 states, far past the cache bound.
	p, err := Compile([]string{`(a|b)*a(a|b){12}c`}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "%013b", i*7919%8192)
		if i%50 == 0 {
			b.WriteString("c")
		}
		b.WriteString("\n")
	}
	text := strings.NewReplacer("0", "a", "1", "b").Replace(b.String())
	m := p.Matcher()
	got, want := lines(m, []byte(text)), reference(p, []byte(text))
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %d lines, want %d", len(got), len(want))
	}
	if m.dfa.flushes == 0 {
		t.Errorf("the test did not overflow the cache")
	}
}

func FuzzNextLineEqualsReference(f *testing.F) {
	f.Add("Unmarshal", sample, uint8(0))
	f.Add(`func \w+Marshal\w*\(`, sample, uint8(1))
	f.Add(`\bfoo$`, "foo\nfoo bar\nbarfoo\n", uint8(2))
	f.Add(`(?i)k`, "\u212a\nK\n", uint8(0))
	f.Add(`a|b|c`, "xxa\n\nb", uint8(3))
	f.Add("net.Listen", "n\nnet.Lis\nnet.Listen(\nnet.listen\n.Listen\n", uint8(0))       // found by its rarest byte, "L"
	f.Add("Read\x00ReadAll\x00All\x00Bar\x00X(", "ReadAlle Bar\nfooX(\nnone\n", uint8(9)) // a literal set (trie)
	f.Add("Read\x00ReadAll\x00All\x00Bar\x00X(", "ReadAlle Bar\nfooX(\nAll\n", uint8(13)) // … as words
	f.Add("err", "Err := errs; ERR eRr\nnone\nerrerr\n", uint8(0))                        // one literal either case (Matcher.fold)
	// Literal sets of 4 bytes or more, for the gram test four positions a load: with case, either case, both.
	f.Add("Read\x00ReadAll\x00Alpha\x00Barrel", "xxReadAlp\nyyyAlpha\nBarre Barrel\nnone\n", uint8(10))
	f.Add("read\x00readall\x00alpha", "xREADALp\nzzzALPHA\nnone\nrea\n", uint8(9))
	f.Add("Read\x00alpha\x00Barrel\x00gamma", "xREAD Read\nxxGAMMA\nBARREL\n", uint8(9))
	f.Fuzz(func(t *testing.T, pattern, text string, mode uint8) {
		opts := Options{Case: Case(mode % 3), Word: mode&4 != 0, Fixed: mode&8 != 0}
		pats := strings.Split(pattern, "\x00")
		p, err := Compile(pats, opts)
		if err != nil {
			return
		}
		got := lines(p.Matcher(), []byte(text))
		want := reference(p, []byte(text))
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("pattern %q %+v (lits %q) on %q:\n got %q\nwant %q", pats, opts, p.Literals(), text, got, want)
		}
		m := p.Matcher()
		for _, l := range got {
			_, line, _ := strings.Cut(l, ":")
			spans := m.Matches([]byte(line), nil)
			if len(spans) == 0 {
				t.Fatalf("pattern %q: line %q matches but Matches found nothing", pats, line)
			}
			if opts.Word {
				continue
			}
			// Outside word mode, the regexp's matches: the non-empty ones,
			// or the first empty one when there are no others.
			var want []Span
			for _, loc := range p.Regexp().FindAllIndex([]byte(line), -1) {
				if loc[0] != loc[1] {
					want = append(want, Span{loc[0], loc[1]})
				}
			}
			if loc := p.Regexp().FindIndex([]byte(line)); len(want) == 0 && loc != nil {
				want = []Span{{loc[0], loc[1]}}
			}
			if fmt.Sprint(spans) != fmt.Sprint(want) {
				t.Fatalf("pattern %q %+v in %q: Matches %v, the regexp %v", pats, opts, line, spans, want)
			}
		}
	})
}

// TestCompileKeepsBigSets: a big set compiled again with the same options
// is the one compiled before; with other options, or other patterns, it
// is not, and a set of fewer patterns is never kept.
func TestCompileKeepsBigSets(t *testing.T) {
	var big []string
	for i := range 100 {
		big = append(big, fmt.Sprintf("Name%03d", i))
	}
	p1, err := Compile(big, Options{Fixed: true})
	if err != nil {
		t.Fatal(err)
	}
	p2, _ := Compile(slices.Clone(big), Options{Fixed: true})
	p3, _ := Compile(big, Options{Fixed: true, Word: true})
	p4, _ := Compile(append(slices.Clone(big[:99]), "Name099\x00"), Options{Fixed: true})
	small1, _ := Compile([]string{"a", "b"}, Options{Fixed: true})
	small2, _ := Compile([]string{"a", "b"}, Options{Fixed: true})
	switch {
	case p1 != p2:
		t.Error("the same big set compiled twice")
	case p1 == p3:
		t.Error("a big set kept across options")
	case p1 == p4:
		t.Error("a big set kept for other patterns")
	case small1 == small2:
		t.Error("a small set kept")
	}
	// Keys are not fooled by patterns that join to the same text.
	a, _ := Compile(append(slices.Clone(big), "x\x00y"), Options{Fixed: true})
	b, _ := Compile(append(slices.Clone(big), "x", "y"), Options{Fixed: true})
	if a == b {
		t.Error("two sets whose patterns join alike share a compiled pattern")
	}
	m := p2.Matcher()
	if _, _, ok := m.NextLine([]byte("x Name042 y\n"), 0); !ok {
		t.Error("the kept set does not match")
	}
}
