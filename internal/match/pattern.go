// Package match finds the lines of a buffer that match a set of patterns.
//
// Patterns are RE2 regular expressions (Go's regexp/syntax) or, with Fixed,
// literal strings. A line matches when any pattern matches inside it; lines
// end at '\n', which is never part of a match (a '\r' before it is an
// ordinary byte, as in ripgrep without --crlf).
//
// Finding lines is planned per pattern set (see Plan):
//
//  1. Every match must contain one of a few required literals (extracted
//     from the parsed regexp): candidates are found with bytes.Index or
//     bytes.IndexByte, which run at memory speed, and only candidate lines
//     are confirmed.
//  2. Confirmation, and the search itself when no literal is required, uses
//     a lazy DFA built from the compiled program: one table lookup per byte,
//     no backtracking, linear in the input.
//  3. Match positions inside a matching line (for columns and highlighting)
//     come from the standard library's regexp, which defines the semantics
//     the other two must agree with; fuzz tests hold them to it.
package match

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Case says how letter case is matched.
type Case uint8

const (
	Smart       Case = iota // insensitive unless the pattern holds an upper-case letter
	Sensitive               // always case-sensitive
	Insensitive             // always case-insensitive
)

// Options controls how patterns are read.
type Options struct {
	Fixed bool // patterns are literal strings, not regular expressions
	Case  Case // applied to each pattern on its own
	Word  bool // a match must not have a word character just before or after it
}

// Pattern is a compiled, immutable set of patterns, safe for concurrent use.
// Use Matcher to search with it.
type Pattern struct {
	source []string
	expr   string // the combined regular expression
	// The reference semantics (finds positions) and its program, for
	// the DFA: built by compile, or for a pattern with a trie on first
	// need (see reference).
	refOnce sync.Once
	re      *regexp.Regexp
	prog    *syntax.Prog
	word    bool
	plan    plan
	literal []byte // non-nil when every match is exactly this literal
	// trie holds a large set of literals (more than the prefilter
	// takes), each matched with case or, if ASCII, either case; found in
	// one pass for all of them; nil otherwise.
	trie *litTrie
}

// minSet is the fewest literals searched for with a trie (fewer go to the
// prefilter, or to the DFA).
const minSet = maxSet + 1

// literalSet reports whether a set of literals can be searched for with
// a trie, and which are matched either case: none may be empty, and one
// matched either case must be ASCII (its letters then fold as bytes).
func literalSet(patterns []string, opts Options) ([]bool, bool) {
	fold := make([]bool, len(patterns))
	for i, p := range patterns {
		if p == "" {
			return nil, false
		}
		if insensitive(p, opts) && strings.ToLower(p) != strings.ToUpper(p) {
			for j := 0; j < len(p); j++ {
				if p[j] >= utf8.RuneSelf {
					return nil, false // a letter outside ASCII, matched either case
				}
			}
			fold[i] = true
		}
	}
	return fold, true
}

// validUTF8 reports whether every pattern is UTF-8, as the regexp needs
// (it refuses the others, and so does Compile).
func validUTF8(patterns []string) bool {
	for _, p := range patterns {
		if !utf8.ValidString(p) {
			return false
		}
	}
	return true
}

// plainLiterals reports whether every pattern is a regular expression
// without a metacharacter (an identifier, a word): each then matches as
// the literal it is, and a large set of them can go to a trie as -F's do.
func plainLiterals(patterns []string) bool {
	for _, p := range patterns {
		if regexp.QuoteMeta(p) != p || strings.Contains(p, "\n") {
			return false
		}
	}
	return true
}

// ErrSyntax is wrapped by every pattern syntax error.
var ErrSyntax = errors.New("invalid pattern")

// SyntaxError describes a pattern that does not parse.
type SyntaxError struct {
	Pattern string // the pattern as given
	Offset  int    // byte offset of the problem in Pattern
	Problem string // what is wrong, e.g. "missing closing )"
	Hint    string // how to fix it, e.g. to search for the text literally
}

func (e *SyntaxError) Error() string {
	name := fmt.Sprintf("%q", e.Pattern)
	if len(e.Pattern) > 100 {
		name = fmt.Sprintf("(%d bytes, from %q)", len(e.Pattern), e.Pattern[max(0, e.Offset-40):min(len(e.Pattern), e.Offset+40)])
	}
	msg := fmt.Sprintf("invalid regex %s at byte %d: %s", name, e.Offset, e.Problem)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// Compile compiles patterns; a line matches when any of them matches.
// A big set is kept (see kept): a search compiles the same set for its
// walk, its page and its ranking.
func Compile(patterns []string, opts Options) (*Pattern, error) {
	if !bigSet(patterns) {
		return compile(patterns, opts)
	}
	var key strings.Builder
	fmt.Fprintf(&key, "%t %d %t", opts.Fixed, opts.Case, opts.Word)
	for _, p := range patterns {
		fmt.Fprintf(&key, " %d:%s", len(p), p)
	}
	if p := kept.get(key.String()); p != nil {
		return p, nil
	}
	p, err := compile(patterns, opts)
	if err == nil {
		kept.put(key.String(), p)
	}
	return p, err
}

// bigSet reports whether patterns are many or long enough to keep compiled.
func bigSet(patterns []string) bool {
	if len(patterns) >= minSet {
		return true
	}
	n := 0
	for _, p := range patterns {
		n += len(p)
	}
	return n >= 1024
}

// kept holds the big sets compiled last, most recent first.
var kept keptPatterns

// keptMax is how many big sets kept holds.
const keptMax = 8

type keptPatterns struct {
	mu   sync.Mutex
	keys []string
	pats []*Pattern
}

func (k *keptPatterns) get(key string) *Pattern {
	k.mu.Lock()
	defer k.mu.Unlock()
	for i, kk := range k.keys {
		if kk == key {
			p := k.pats[i]
			copy(k.keys[1:i+1], k.keys[:i])
			copy(k.pats[1:i+1], k.pats[:i])
			k.keys[0], k.pats[0] = key, p
			return p
		}
	}
	return nil
}

func (k *keptPatterns) put(key string, p *Pattern) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.keys = append([]string{key}, k.keys[:min(len(k.keys), keptMax-1)]...)
	k.pats = append([]*Pattern{p}, k.pats[:min(len(k.pats), keptMax-1)]...)
}

// compile is Compile without keeping.
func compile(patterns []string, opts Options) (*Pattern, error) {
	if len(patterns) == 0 {
		return nil, errors.New("no pattern given")
	}
	parts := make([]string, len(patterns))
	for i, p := range patterns {
		expr := p
		if opts.Fixed && strings.Contains(p, "\n") {
			return nil, &SyntaxError{Pattern: p, Offset: strings.Index(p, "\n"), Problem: "a literal holds a newline, and a match stays within one line",
				Hint: "search for one line of the text (or give each line as its own pattern)"}
		}
		if opts.Fixed {
			expr = regexp.QuoteMeta(p)
		} else if err := checkSyntax(p); err != nil {
			return nil, err
		}
		if insensitive(p, opts) {
			expr = "(?i:" + expr + ")"
		}
		parts[i] = "(?:" + expr + ")"
	}
	expr := strings.Join(parts, "|")
	if opts.Word {
		expr = `(?:^|[^0-9A-Za-z_])(` + expr + `)(?:$|[^0-9A-Za-z_])`
	}
	if (opts.Fixed || plainLiterals(patterns)) && len(patterns) >= minSet && validUTF8(patterns) {
		if fold, ok := literalSet(patterns, opts); ok {
			// The trie finds the lines and their spans: the regexp waits
			// for a buffer it does not answer for (see litTrie.safe).
			// Compiling it for a thousand literals is 15–30 ms, twice a
			// grep (its pattern, and the ranker's of file names).
			return &Pattern{source: patterns, expr: expr, word: opts.Word, trie: newLitTrie(patterns, fold)}, nil
		}
	}
	if len(patterns) > 1 && !opts.Fixed {
		if tree, err := syntax.Parse(expr, syntax.Perl); err == nil {
			if n := progSize(tree, MaxProgram); n > MaxProgram {
				return nil, &SyntaxError{Pattern: strings.Join(patterns, " | "), Problem: fmt.Sprintf("the %d patterns together compile to more than %d instructions", len(patterns), MaxProgram),
					Hint: "search with fewer patterns at once, or with fixed strings if they are plain text"}
			}
		}
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSyntax, err) // checked above; only size limits remain
	}
	tree, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSyntax, err)
	}
	tree = tree.Simplify()
	prog, err := syntax.Compile(tree)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSyntax, err)
	}
	p := &Pattern{source: patterns, expr: expr, re: re, prog: prog, word: opts.Word}
	p.plan = planFor(tree, prog)
	if lit, ok := pureLiteral(tree); ok && !opts.Word {
		p.literal = []byte(lit)
	}
	return p, nil
}

// String returns the combined regular expression.
func (p *Pattern) String() string { return p.expr }

// Regexp returns the standard-library form of the pattern set. In word mode
// the match proper is submatch 1. It is nil for a set of literals too big
// for the standard library (see reference).
func (p *Pattern) Regexp() *regexp.Regexp {
	p.reference()
	return p.re
}

// reference builds the regexp and the program of a pattern with a trie,
// once, and reports whether they are there. They are not when the
// standard library refuses the set as too large: the trie then answers for
// every buffer (it differs only on the Kelvin sign and the long s, which
// fold with k and s).
func (p *Pattern) reference() bool {
	if p.trie == nil {
		return true // compile built them
	}
	p.refOnce.Do(func() {
		re, err := regexp.Compile(p.expr)
		if err != nil {
			return
		}
		tree, err := syntax.Parse(p.expr, syntax.Perl)
		if err != nil {
			return
		}
		prog, err := syntax.Compile(tree.Simplify())
		if err != nil {
			return
		}
		p.re, p.prog = re, prog
	})
	return p.prog != nil
}

// trieFor reports whether the trie answers for b: the pattern has one, and
// b holds no letter it folds otherwise than the regexp (or there is no
// regexp).
func (p *Pattern) trieFor(b []byte) bool {
	return p.trie != nil && (p.trie.safe(b) || !p.reference())
}

// FoldsCase reports whether pattern p is matched ignoring case under opts:
// always with Insensitive, never with Sensitive, and with Smart when it has
// no upper-case letter.
func FoldsCase(p string, opts Options) bool { return insensitive(p, opts) }

// insensitive applies the case option to one pattern.
func insensitive(p string, opts Options) bool {
	switch opts.Case {
	case Sensitive:
		return false
	case Insensitive:
		return true
	}
	if opts.Fixed {
		return !strings.ContainsFunc(p, unicode.IsUpper)
	}
	return !hasUpperLiteral(p)
}

// hasUpperLiteral reports whether a regular expression holds an upper-case
// letter that stands for itself, as ripgrep's smart case decides: a letter
// in a class such as [A-Z] counts; escapes such as \S, \W, \D, \pL or \p{Lu}
// and group names do not.
func hasUpperLiteral(p string) bool {
	for i := 0; i < len(p); {
		switch {
		case p[i] == '\\' && i+1 < len(p):
			i += escapeLen(p[i:])
			continue
		case strings.HasPrefix(p[i:], "(?P<"), strings.HasPrefix(p[i:], "(?<"):
			if end := strings.IndexByte(p[i:], '>'); end > 0 {
				i += end + 1
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(p[i:])
		if unicode.IsUpper(r) {
			return true
		}
		i += size
	}
	return false
}

// escapeLen returns the length of the escape sequence at the start of s.
func escapeLen(s string) int {
	switch s[1] {
	case 'p', 'P':
		if len(s) > 2 && s[2] == '{' {
			if end := strings.IndexByte(s, '}'); end > 0 {
				return end + 1
			}
		}
		return min(3, len(s))
	case 'x':
		if len(s) > 2 && s[2] == '{' {
			if end := strings.IndexByte(s, '}'); end > 0 {
				return end + 1
			}
		}
		return min(4, len(s))
	}
	_, size := utf8.DecodeRuneInString(s[1:])
	return 1 + size
}

// checkSyntax parses one pattern on its own, so that an error points into
// the pattern the user wrote, and refuses patterns that need a newline.
func checkSyntax(p string) error {
	tree, err := syntax.Parse(p, syntax.Perl)
	if err != nil {
		var se *syntax.Error
		if !errors.As(err, &se) {
			return fmt.Errorf("%w: %v", ErrSyntax, err)
		}
		if off, what := lookAround(p); off >= 0 {
			return &SyntaxError{Pattern: p, Offset: off, Problem: what + " is not supported: Go's RE2 syntax has no look-around",
				Hint: "match the surrounding text too, then read the part you need; or search for the text literally with fixed strings"}
		}
		return &SyntaxError{Pattern: p, Offset: errorOffset(p, se), Problem: problem(se), Hint: hintFor(se)}
	}
	if n := progSize(tree, MaxProgram); n > MaxProgram {
		return &SyntaxError{Pattern: p, Offset: bigRepeat(p), Problem: fmt.Sprintf("it compiles to more than %d instructions (the size limit)", MaxProgram),
			Hint: "use smaller repeat counts ({n,m}), fewer or shorter alternatives, or search for plain text with fixed strings"}
	}
	if off := newlineOffset(p, tree); off >= 0 {
		return &SyntaxError{Pattern: p, Offset: off, Problem: `a newline ("\n") cannot match: lines are searched one at a time`,
			Hint: "search for each line's text separately, or anchor with ^ and $"}
	}
	return nil
}

// lookAround returns the offset and name of the first look-ahead or
// look-behind group in p, or -1.
func lookAround(p string) (int, string) {
	first, what := -1, ""
	for _, g := range []struct{ s, name string }{
		{"(?<=", "look-behind (?<=…)"}, {"(?<!", "negative look-behind (?<!…)"},
		{"(?=", "look-ahead (?=…)"}, {"(?!", "negative look-ahead (?!…)"},
	} {
		if i := strings.Index(p, g.s); i >= 0 && (first < 0 || i < first) && (i == 0 || p[i-1] != '\\') {
			first, what = i, g.name
		}
	}
	return first, what
}

func problem(se *syntax.Error) string {
	msg := se.Code.String()
	if se.Expr != "" && se.Code != syntax.ErrMissingParen && se.Code != syntax.ErrUnexpectedParen {
		msg += ": `" + se.Expr + "`"
	}
	return msg
}

func hintFor(se *syntax.Error) string {
	switch se.Code {
	case syntax.ErrInvalidEscape:
		if h := pcreEscape(se.Expr); h != "" {
			return h
		}
	case syntax.ErrInvalidRepeatOp:
		if e := se.Expr; len(e) == 2 && e[1] == '+' || strings.HasSuffix(e, "}+") {
			return "a possessive repeat (" + e + ") is PCRE's: RE2 never backtracks, so the repeat without its + (" + strings.TrimSuffix(e, "+") + ") matches the same"
		}
	case syntax.ErrInvalidCharRange:
		if strings.HasPrefix(se.Expr, `\p`) || strings.HasPrefix(se.Expr, `\P`) {
			return `not a Unicode class Go knows: a category (\pL, \p{Lu}, \pN) or a script (\p{Greek}, \p{Han}); for word characters use \w`
		}
	case syntax.ErrInvalidPerlOp:
		return "Go's RE2 syntax has no look-around or backreferences: use a simpler regex, or search for the text literally with fixed strings"
	case syntax.ErrInvalidRepeatSize:
		return "a repeat count, or the product of repeats nested inside one another, may be at most 1000"
	}
	return "to search for the text literally, use fixed strings"
}

// pcreEscape names the RE2 spelling of an escape PCRE knows and RE2 does
// not, or "".
func pcreEscape(e string) string {
	switch {
	case len(e) == 2 && e[1] >= '1' && e[1] <= '9':
		return "a backreference (" + e + ") is not supported: Go's RE2 syntax matches without them: write out again the text the group matches"
	}
	switch e {
	case `\h`:
		return `\h (horizontal space) is PCRE's: use [ \t]`
	case `\H`:
		return `\H is PCRE's: use [^ \t]`
	case `\R`, `\Z`:
		return e + ` is PCRE's: lines are searched one at a time, so the end of the line is $ (or \z)`
	case `\K`:
		return `\K is not supported: match the text before it too`
	case `\e`:
		return `\e is PCRE's: use \x1b`
	case `\G`:
		return `\G is not supported: anchor at the start of the line with ^`
	}
	return ""
}

// errorOffset finds where in p the parser's complaint points.
func errorOffset(p string, se *syntax.Error) int {
	switch se.Code {
	case syntax.ErrMissingParen:
		return unclosedParen(p)
	case syntax.ErrUnexpectedParen:
		return unexpectedParen(p)
	}
	if se.Expr != "" {
		if i := strings.LastIndex(p, se.Expr); i >= 0 && se.Code == syntax.ErrMissingBracket {
			return i
		}
		if i := strings.Index(p, se.Expr); i >= 0 {
			return i
		}
	}
	return len(p)
}

// unclosedParen returns the offset of the last '(' left open.
func unclosedParen(p string) int {
	var open []int
	scanParens(p, func(i int, c byte) {
		if c == '(' {
			open = append(open, i)
		} else if len(open) > 0 {
			open = open[:len(open)-1]
		}
	})
	if len(open) == 0 {
		return len(p)
	}
	return open[len(open)-1]
}

// unexpectedParen returns the offset of the first ')' with no '('.
func unexpectedParen(p string) int {
	depth, at := 0, -1
	scanParens(p, func(i int, c byte) {
		if c == '(' {
			depth++
		} else if depth == 0 && at < 0 {
			at = i
		} else {
			depth--
		}
	})
	if at < 0 {
		return len(p)
	}
	return at
}

// scanParens calls fn for each unescaped parenthesis outside a class.
func scanParens(p string, fn func(int, byte)) {
	inClass := false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
			if i+1 < len(p) && p[i+1] == ']' {
				i++
			}
		case c == '(' || c == ')':
			fn(i, c)
		}
	}
}

// newlineOffset returns the offset of an explicit newline in the pattern
// (a literal "\n" or a class made only of it), or -1.
func newlineOffset(p string, tree *syntax.Regexp) int {
	if !needsNewline(tree) {
		return -1
	}
	for _, lit := range []string{`\n`, "\n", `\x0a`, `\x0A`, `\x{a}`, `\x{0a}`, `\x{A}`, `\x{0A}`, `\012`} {
		if i := strings.Index(p, lit); i >= 0 {
			return i
		}
	}
	return 0
}

// needsNewline reports whether the tree has a literal newline.
func needsNewline(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		return strings.ContainsRune(string(re.Rune), '\n')
	case syntax.OpCharClass:
		return len(re.Rune) == 2 && re.Rune[0] == '\n' && re.Rune[1] == '\n'
	}
	for _, sub := range re.Sub {
		if needsNewline(sub) {
			return true
		}
	}
	return false
}

// MaxProgram bounds the size of a compiled pattern, in instructions of
// Go's regexp program. A pattern past it is refused before it is compiled:
// compiling, and matching with, a program of millions of instructions takes
// seconds and gigabytes (a 300-word alternation repeated {1000} is 2 million).
// Ordinary patterns use tens; [a-z]{1000} uses a thousand.
const MaxProgram = 200_000

// progSize estimates the instructions syntax.Compile makes of re after
// Simplify, from the tree as parsed (Simplify would expand the repeats
// first). It stops counting past limit.
func progSize(re *syntax.Regexp, limit int) int {
	sat := func(n int) int { return min(n, limit+1) }
	switch re.Op {
	case syntax.OpLiteral:
		return sat(len(re.Rune))
	case syntax.OpConcat, syntax.OpAlternate:
		n := 0
		if re.Op == syntax.OpAlternate {
			n = len(re.Sub)
		}
		for _, sub := range re.Sub {
			n = sat(n + progSize(sub, limit))
		}
		return n
	case syntax.OpCapture:
		return sat(progSize(re.Sub[0], limit) + 2)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		return sat(progSize(re.Sub[0], limit) + 1)
	case syntax.OpRepeat:
		copies := re.Max
		if copies < 0 {
			copies = re.Min + 1
		}
		sub := progSize(re.Sub[0], limit)
		if copies > 0 && sub > limit/copies {
			return limit + 1
		}
		return sat(copies*(sub+1) + 1)
	}
	return 1
}

// bigRepeat returns the offset of the first repeat count in p ("{"), where
// a pattern too large most often grew, or 0.
func bigRepeat(p string) int {
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '\\':
			i++
		case p[i] == '{' && i+1 < len(p) && p[i+1] >= '0' && p[i+1] <= '9':
			return i
		}
	}
	return 0
}
