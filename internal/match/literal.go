package match

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Literal planning: which strings must every match contain?
//
// Each node of the parsed regexp gets an info: exact, the finite set of
// strings the node can match (nil when unknown or larger than maxExact), and
// req, a set of strings at least one of which every match of the node
// contains (nil when none is known). The rules, by node:
//
//	literal "abc"        exact {abc}; with (?i), all case variants if few
//	class [ab]           exact {a, b} when it holds at most maxClass runes
//	^ $ \b and ""        exact {""}
//	x y (concatenation)  exact is the cross product while it stays small;
//	                     req is the best of: each run of exact children
//	                     (cross product), each child's own req
//	x|y                  exact is the union; req is the union of each
//	                     side's best set (unknown if either side has none)
//	x+ x{n,} (n ≥ 1)     req is x's best set
//	x* x? x{0,n}         nothing required
//
// For example `func \w+Marshal\w*\(` is a concatenation whose runs give
// {"func "}, {"Marshal"} and {"("}; the planner keeps {"Marshal"}, whose
// rarest byte 'M' is the least frequent in source code (see byteFreq).
//
// A case-insensitive literal contributes its longest stretch of letters whose
// only case variants are ASCII (all but k and s, which also fold to the
// Kelvin sign and the long s) as one folded literal: "unmarshal" gives
// "unmar" and "hal", and the prefilter finds either by scanning for its
// rarest byte in both cases and comparing the stretch in place.

const (
	maxExact  = 16 // largest exact set kept
	maxClass  = 4  // largest character class expanded into an exact set
	maxSet    = 3  // largest required set the prefilter searches for
	maxLitLen = 256
)

type info struct {
	exact []string
	req   []lit
}

// lit is a required literal. A folded one stands for all its ASCII case
// variants, which are exactly the strings the case-insensitive pattern
// accepts there (s is kept in lower case).
type lit struct {
	s    string
	fold bool
}

func plain(set []string) []lit {
	if set == nil {
		return nil
	}
	out := make([]lit, len(set))
	for i, s := range set {
		out[i] = lit{s: s}
	}
	return out
}

// best returns the most selective set the info guarantees, or nil.
func (in info) best() []lit {
	var cands [][]lit
	if in.exact != nil && !slices.Contains(in.exact, "") {
		cands = append(cands, plain(in.exact))
	}
	if in.req != nil {
		cands = append(cands, in.req)
	}
	return pick(cands...)
}

// pick returns the candidate set with the lowest estimated cost.
func pick(cands ...[]lit) []lit {
	var best []lit
	bestCost := -1.0
	for _, c := range cands {
		if c == nil {
			continue
		}
		if cost := setCost(c); bestCost < 0 || cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}

// setCost estimates how often a candidate from set s turns up, per byte of
// input: the sum over its strings of the frequency of the string's rarest
// byte, shrunk for longer strings. A set too large for the prefilter costs
// more than any usable one.
func setCost(s []lit) float64 {
	if len(s) > maxSet {
		return 1e12 + float64(len(s))
	}
	total := 0.0
	for _, l := range s {
		_, freq := rarest(l)
		total += float64(freq+1) / float64(min(len(l.s), 8))
	}
	return total
}

// rarest returns the offset of l's least frequent byte and its frequency
// (both cases together for a folded literal).
func rarest(l lit) (int, uint32) {
	at, best := 0, uint32(1<<31)
	for i := 0; i < len(l.s); i++ {
		f := byteFreq[l.s[i]]
		if l.fold {
			if u := upper(l.s[i]); u != l.s[i] {
				f += byteFreq[u]
			}
		}
		if f < best {
			at, best = i, f
		}
	}
	return at, best
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}

func analyze(re *syntax.Regexp) info {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return info{exact: []string{""}}
	case syntax.OpLiteral:
		return literalInfo(re)
	case syntax.OpCharClass:
		return classInfo(re)
	case syntax.OpCapture:
		return analyze(re.Sub[0])
	case syntax.OpQuest:
		sub := analyze(re.Sub[0])
		if sub.exact != nil && len(sub.exact) < maxExact {
			return info{exact: union(sub.exact, []string{""})}
		}
		return info{}
	case syntax.OpPlus:
		return info{req: analyze(re.Sub[0]).best()}
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return info{req: analyze(re.Sub[0]).best()}
		}
		return info{}
	case syntax.OpConcat:
		return concatInfo(re.Sub)
	case syntax.OpAlternate:
		return alternateInfo(re.Sub)
	}
	return info{} // any char, star, no match
}

func literalInfo(re *syntax.Regexp) info {
	if re.Flags&syntax.FoldCase == 0 {
		return info{exact: []string{string(re.Rune)}}
	}
	req := foldRequirement(re.Rune)
	variants := []string{""}
	for _, r := range re.Rune {
		folds := foldSet(r)
		if len(variants)*len(folds) > maxExact {
			return info{req: req}
		}
		var next []string
		for _, v := range variants {
			for _, f := range folds {
				next = append(next, v+string(f))
			}
		}
		variants = next
	}
	return info{exact: variants, req: req}
}

// foldRequirement returns, from a case-folded literal, its most selective
// stretch of runes whose case variants are all ASCII, as a folded literal;
// nil when there is none.
func foldRequirement(runes []rune) []lit {
	var best []lit
	var run []byte
	flush := func() {
		if len(run) > 0 {
			best = pick(best, []lit{{s: string(run), fold: true}})
		}
		run = run[:0]
	}
	for _, r := range runes {
		if !asciiFold(r) {
			flush()
			continue
		}
		run = append(run, lower(byte(r)))
	}
	flush()
	return best
}

// asciiFold reports whether every case variant of r is a single ASCII byte.
func asciiFold(r rune) bool {
	for _, f := range foldSet(r) {
		if f >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foldSet returns r and every rune that case-folds to it, sorted.
func foldSet(r rune) []rune {
	out := []rune{r}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

func classInfo(re *syntax.Regexp) info {
	n := 0
	for i := 0; i < len(re.Rune); i += 2 {
		n += int(re.Rune[i+1]-re.Rune[i]) + 1
		if n > maxClass {
			return info{}
		}
	}
	var out []string
	for i := 0; i < len(re.Rune); i += 2 {
		for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
			out = append(out, string(r))
		}
	}
	return info{exact: out}
}

func concatInfo(subs []*syntax.Regexp) info {
	run := []string{""} // the cross product of the current run of exact children
	all := true         // every child so far was exact and the product stayed small
	var cands [][]lit
	flush := func() {
		if !slices.Contains(run, "") {
			cands = append(cands, plain(run))
		}
		run = []string{""}
	}
	for _, sub := range subs {
		in := analyze(sub)
		if in.req != nil {
			cands = append(cands, in.req)
		}
		if in.exact == nil {
			all = false
			flush()
			continue
		}
		if len(run)*len(in.exact) > maxExact || longest(run)+longest(in.exact) > maxLitLen {
			all = false
			flush()
		}
		run = cross(run, in.exact)
	}
	out := info{}
	if all {
		out.exact = run
	}
	flush()
	out.req = pick(cands...)
	return out
}

func alternateInfo(subs []*syntax.Regexp) info {
	var exact []string
	var req []lit
	exactOK, reqOK := true, true
	for _, sub := range subs {
		in := analyze(sub)
		if in.exact == nil {
			exactOK = false
		} else {
			exact = union(exact, in.exact)
		}
		b := in.best()
		if b == nil {
			reqOK = false
		} else {
			req = unionLits(req, b)
		}
	}
	out := info{}
	if exactOK && len(exact) <= maxExact {
		out.exact = exact
	}
	if reqOK {
		out.req = req
	}
	return out
}

func cross(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return dedupe(out)
}

func union(a, b []string) []string {
	return dedupe(append(slices.Clone(a), b...))
}

func dedupe(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

func unionLits(a, b []lit) []lit {
	out := append(slices.Clone(a), b...)
	slices.SortFunc(out, func(x, y lit) int {
		if c := strings.Compare(x.s, y.s); c != 0 {
			return c
		}
		if x.fold == y.fold {
			return 0
		}
		if x.fold {
			return 1
		}
		return -1
	})
	return slices.Compact(out)
}

func longest(s []string) int {
	n := 0
	for _, x := range s {
		n = max(n, len(x))
	}
	return n
}

// minimize drops every plain string that contains another plain string of
// the set: finding the shorter one already finds every line the longer one
// would.
func minimize(set []lit) []lit {
	var out []lit
	for _, s := range set {
		redundant := false
		for _, t := range set {
			if !s.fold && !t.fold && t.s != s.s && strings.Contains(s.s, t.s) {
				redundant = true
				break
			}
		}
		if !redundant {
			out = append(out, s)
		}
	}
	return out
}

// pureFold reports whether every match of re is one case-folded literal
// made only of runes with ASCII case variants, so that the folded prefilter
// alone decides a match.
func pureFold(re *syntax.Regexp) bool {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	if re.Op != syntax.OpLiteral || re.Flags&syntax.FoldCase == 0 || len(re.Rune) == 0 {
		return false
	}
	for _, r := range re.Rune {
		if !asciiFold(r) {
			return false
		}
	}
	return true
}

// pureLiteral reports whether every match of re is exactly one fixed,
// case-sensitive string with no assertions, and returns it.
func pureLiteral(re *syntax.Regexp) (string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase == 0 {
			return string(re.Rune), len(re.Rune) > 0
		}
	case syntax.OpCapture:
		return pureLiteral(re.Sub[0])
	case syntax.OpConcat:
		var b strings.Builder
		for _, sub := range re.Sub {
			s, ok := pureLiteral(sub)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		}
		return b.String(), b.Len() > 0
	}
	return "", false
}
