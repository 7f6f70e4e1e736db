package match

import (
	"bytes"
	"regexp/syntax"
	"unicode/utf8"
)

// plan is how a Pattern finds candidate lines.
type plan struct {
	lits  []lit // every match contains one of these; nil: scan with the DFA
	exact bool  // a literal found is a match: no confirmation needed
}

// Single bytes are worth a prefilter only when rare: past this many per
// million bytes, verifying the candidates costs more than the DFA's scan.
const maxByteFreq = 8000

func planFor(tree *syntax.Regexp, prog *syntax.Prog) plan {
	set := analyze(tree).best()
	if set == nil || len(set) > maxSet {
		return plan{}
	}
	set = minimize(set)
	total := uint32(0)
	for _, l := range set {
		if len(l.s) == 0 {
			return plan{}
		}
		if _, f := rarest(l); len(l.s) == 1 || (l.fold && len(l.s) <= 2) {
			total += f
		}
	}
	if total > maxByteFreq {
		return plan{}
	}
	_, lit := pureLiteral(tree)
	return plan{lits: set, exact: lit || (len(set) == 1 && pureFold(tree))}
}

// Literals returns the literals the prefilter looks for, for tests and
// explanations; nil when the pattern is scanned with the DFA alone.
func (p *Pattern) Literals() []string {
	var out []string
	for _, l := range p.plan.lits {
		if l.fold {
			out = append(out, "(?i)"+l.s)
		} else {
			out = append(out, l.s)
		}
	}
	return out
}

// Span is a match inside a line: byte offsets, half-open.
type Span struct {
	Start, End int
}

// Matcher searches buffers with a Pattern. It keeps caches and is not safe
// for concurrent use; make one per goroutine.
type Matcher struct {
	p       *Pattern
	dfa     *dfa
	pf      *prefilter // nil: scan with the DFA
	fold    *item      // the pattern is exactly this case-folded literal
	epoch   uint64
	last    *byte // the buffer of the previous call, to detect a new search
	lastAt  int
	checkAt int  // NextLine looks at the stop channel again past this offset
	setSafe bool // the literal set answers for the buffer (see litTrie.safe)
	// special is where the buffer next holds a letter the literal set
	// folds otherwise than the regexp, at or after the last line asked
	// for (-1: nowhere; -2: not looked for); only when not setSafe.
	special int
}

// built gives the matcher of a pattern with a trie its DFA, on the first
// buffer or line the trie does not answer for.
func (m *Matcher) built() {
	if m.dfa.prog == nil && m.p.reference() {
		d := newDFA(m.p.prog)
		d.stop, d.stopped, d.epoch = m.dfa.stop, m.dfa.stopped, m.dfa.epoch
		m.dfa = d
	}
}

// SetStop makes the matcher's searches stop when done is closed: NextLine,
// Contains and Matches then report no (more) matches, and Stopped reports
// true. Nil never stops.
func (m *Matcher) SetStop(done <-chan struct{}) {
	m.dfa.stop = done
	m.dfa.stopped = false
}

// Stopped reports whether a search stopped early because the stop channel
// was closed: its "no match" means "not known".
func (m *Matcher) Stopped() bool { return m.dfa.stopped }

// refBudget bounds the work handed to the reference regexp in one call,
// as the length of its input times the size of the program: it cannot be
// stopped, and its cost grows with both (about 2.8 s for [a-z]{1000} on a
// 200 kB line). Past it, lines are matched with the DFA, which can be
// stopped, and match positions are found in a window around the first
// match (see Matches).
const refBudget = 1 << 24

// refOK reports whether the reference regexp may run on n bytes.
func (m *Matcher) refOK(n int) bool {
	m.p.reference()
	return n <= refBudget/max(len(m.p.prog.Inst), 1)
}

// Matcher returns a new matcher for p.
func (p *Pattern) Matcher() *Matcher {
	m := &Matcher{p: p, dfa: &dfa{}}
	if p.trie == nil {
		m.dfa = newDFA(p.prog)
	}
	if p.plan.lits != nil {
		m.pf = newPrefilter(p.plan.lits)
	}
	if p.plan.exact && !p.word && len(p.plan.lits) == 1 && p.plan.lits[0].fold {
		m.fold = &newPrefilter(p.plan.lits).items[0]
	}
	return m
}

// NextLine returns the bounds of the first matching line of buf that starts
// at or after at, which must be the start of a line: start is the offset of
// the line's first byte, end the offset of its '\n' (or len(buf)).
//
// Calls on one buffer must move forward; a call on another buffer, or at an
// offset not past the previous call's, starts afresh.
func (m *Matcher) NextLine(buf []byte, at int) (start, end int, ok bool) {
	if at >= len(buf) {
		return 0, 0, false
	}
	if m.last != &buf[0] || at <= m.lastAt {
		m.epoch++
		m.dfa.epoch = m.epoch
		m.checkAt = at
		m.setSafe = m.p.trieFor(buf) // once a buffer
		m.special = -2               // not looked for
	}
	m.last, m.lastAt = &buf[0], at
	if at >= m.checkAt {
		// Lines found one at a time (every line of a huge file matches, or
		// its candidates are dense) give the scan no long run to look in.
		if m.dfa.halted() {
			return 0, 0, false
		}
		m.checkAt = at + checkEvery
	}
	if m.dfa.everyOK {
		return at, lineEnd(buf, at), true
	}
	if set := m.p.trie; set != nil {
		// A large set of literals: a literal found is a match, unless
		// it must stand as a word. A line holding a letter the set folds
		// otherwise than the regexp is the regexp's (a few lines of a
		// few files: the DFA of a thousand literals read either case
		// would take a whole file at a crawl).
		pos := -2 // not looked for; -1: no literal from at on
		for at < len(buf) {
			if pos == -2 || pos >= 0 && pos < at {
				pos = set.find(buf, at) // kept past a line of the regexp's before it
			}
			if !m.setSafe {
				if sp := m.nextSpecial(buf, at); sp >= 0 && (pos < 0 || sp <= lineEnd(buf, pos)) {
					start, end = lineStart(buf, at, sp), lineEnd(buf, sp)
					if m.confirm(buf[start:end]) {
						return start, end, true
					}
					if m.dfa.stopped {
						return 0, 0, false
					}
					at = end + 1
					continue
				}
			}
			if pos < 0 {
				return 0, 0, false
			}
			start, end = lineStart(buf, at, pos), lineEnd(buf, pos)
			if !m.p.word || len(set.wordSpans(buf[start:end], nil, true)) > 0 {
				return start, end, true
			}
			at = end + 1
		}
		return 0, 0, false
	}
	for at < len(buf) {
		if m.pf == nil {
			return m.scan(buf, at)
		}
		pos := m.pf.find(buf, at, m.epoch)
		if pos < 0 {
			return 0, 0, false
		}
		start, end = lineStart(buf, at, pos), lineEnd(buf, pos)
		if m.p.plan.exact || m.confirm(buf[start:end]) {
			return start, end, true
		}
		at = end + 1
	}
	return 0, 0, false
}

// nextSpecial returns where buf next holds the Kelvin sign or the long s
// at or after at, or -1.
func (m *Matcher) nextSpecial(buf []byte, at int) int {
	if m.special == -1 || m.special >= at {
		return m.special
	}
	k, s := bytes.Index(buf[at:], kelvin), bytes.Index(buf[at:], longS)
	switch {
	case k < 0 && s < 0:
		m.special = -1
	case k < 0 || s >= 0 && s < k:
		m.special = at + s
	default:
		m.special = at + k
	}
	return m.special
}

// scan finds the next matching line with the DFA, or with the reference
// regexp once the DFA has given up.
func (m *Matcher) scan(buf []byte, at int) (start, end int, ok bool) {
	m.built()
	if m.dfa.failed {
		for check := at + checkEvery; at < len(buf); {
			end = lineEnd(buf, at)
			if m.confirm(buf[at:end]) {
				return at, end, true
			}
			if m.dfa.stopped || end >= check && m.dfa.halted() {
				return 0, 0, false
			}
			if end >= check {
				check = end + checkEvery
			}
			at = end + 1
		}
		return 0, 0, false
	}
	pos := m.dfa.scan(buf, at)
	if pos < -1 {
		// The DFA gave up inside the line at -2-pos: from that line on,
		// line by line.
		return m.scan(buf, lineStart(buf, at, -2-pos))
	}
	if pos < 0 {
		return 0, 0, false
	}
	return lineStart(buf, at, pos), lineEnd(buf, pos), true
}

// confirm reports whether a candidate line really matches.
func (m *Matcher) confirm(line []byte) bool {
	m.built()
	if m.dfa.failed && m.refOK(len(line)) {
		return m.p.re.Match(line)
	}
	return m.dfa.matchLine(line)
}

// Matches appends to dst the matches inside line (a line without its '\n')
// and returns the extended slice. Empty matches are left out, unless the
// line has only empty matches: then the first stands for them.
//
// On a line too long for the reference regexp (see refBudget) the matches
// are those inside a window around where the line finder saw the first
// match end: enough to show and score the line, not every match of it.
func (m *Matcher) Matches(line []byte, dst []Span) []Span {
	if m.p.trieFor(line) {
		if m.p.word {
			return m.p.trie.wordSpans(line, dst, false)
		}
		return m.p.trie.spans(line, dst, false)
	}
	if m.fold != nil {
		// One literal read either case: found as the line finder finds
		// it, not with the regexp (half the CPU of a broad smart-case
		// grep went there).
		n := len(m.fold.lit.s)
		for i := 0; ; {
			j := m.fold.findFold(line, i, false)
			if j < 0 {
				return dst
			}
			dst = append(dst, Span{j, j + n})
			i = j + n
		}
	}
	if m.p.literal == nil && !m.refOK(len(line)) {
		lo, hi, ok := m.window(line)
		if !ok {
			return dst
		}
		n := len(dst)
		dst = m.Matches(line[lo:hi], dst)
		for i := n; i < len(dst); i++ {
			dst[i].Start += lo
			dst[i].End += lo
		}
		return dst
	}
	if m.p.literal != nil {
		lit := m.p.literal
		for i := 0; i <= len(line)-len(lit); {
			j := bytes.Index(line[i:], lit)
			if j < 0 {
				break
			}
			dst = append(dst, Span{i + j, i + j + len(lit)})
			i += j + len(lit)
		}
		return dst
	}
	n := len(dst)
	var empty []Span
	add := func(s, e int) {
		if s == e {
			if empty == nil {
				empty = []Span{{s, e}}
			}
			return
		}
		dst = append(dst, Span{s, e})
	}
	if m.p.word {
		m.wordMatches(line, func(s, e int) bool { add(s, e); return true })
	} else {
		for _, loc := range m.p.re.FindAllIndex(line, -1) {
			add(loc[0], loc[1])
		}
	}
	if len(dst) == n && empty != nil {
		dst = append(dst, empty[0])
	}
	return dst
}

// Contains reports whether b, a line or part of one (no '\n'), holds a
// match, at the speed of the line finder (no positions are computed).
func (m *Matcher) Contains(b []byte) bool {
	if t := m.p.trie; m.p.trieFor(b) {
		if m.p.word {
			return len(t.wordSpans(b, nil, true)) > 0
		}
		return t.find(b, 0) >= 0
	}
	return m.confirm(b)
}

// Whole reports whether the first match in b covers all of b.
func (m *Matcher) Whole(b []byte) bool {
	sp, ok := m.First(b)
	return ok && sp.Start == 0 && sp.End == len(b)
}

// CheapSpans reports whether finding a line's matches costs about as much
// as a memory scan: the pattern is one literal, plain or case-folded. For
// other patterns a span costs a run of the reference regexp.
func (m *Matcher) CheapSpans() bool {
	return m.p.literal != nil || m.fold != nil || m.p.trie != nil
}

// First returns the first match in line, which is cheaper than Matches
// when one is enough (ranking a line). An empty first match defers to
// Matches, which prefers a non-empty one.
func (m *Matcher) First(line []byte) (Span, bool) {
	switch {
	case m.fold != nil:
		if j := m.fold.findFold(line, 0, false); j >= 0 {
			return Span{j, j + len(m.fold.lit.s)}, true
		}
		return Span{}, false
	case m.p.literal != nil:
		if j := bytes.Index(line, m.p.literal); j >= 0 {
			return Span{j, j + len(m.p.literal)}, true
		}
		return Span{}, false
	case m.p.trieFor(line):
		var sp []Span
		if m.p.word {
			sp = m.p.trie.wordSpans(line, nil, true)
		} else {
			sp = m.p.trie.spans(line, nil, true)
		}
		if len(sp) > 0 {
			return sp[0], true
		}
		return Span{}, false
	case !m.refOK(len(line)):
		// Matches looks in a window.
	case m.p.word:
		var first Span
		found := false
		m.wordMatches(line, func(s, e int) bool {
			first, found = Span{s, e}, true
			return s == e // go on past an empty match only
		})
		if found && first.Start != first.End {
			return first, true
		}
	default:
		if loc := m.p.re.FindIndex(line); loc != nil && loc[0] != loc[1] {
			return Span{loc[0], loc[1]}, true
		}
	}
	spans := m.Matches(line, nil)
	if len(spans) == 0 {
		return Span{}, false
	}
	return spans[0], true
}

// window returns the bounds of the part of a long line the reference
// regexp may search: as much as refBudget allows, ending a little past
// where the DFA saw the first match end (a match starts before it ends). It
// reports false when the line has no match (or the scan was stopped).
func (m *Matcher) window(line []byte) (lo, hi int, ok bool) {
	m.built()
	end, ok := m.dfa.matchEnd(line)
	if !ok {
		return 0, 0, false
	}
	w := max(refBudget/max(len(m.p.prog.Inst), 1), 64)
	hi = min(len(line), end+w/4)
	lo = max(0, hi-w)
	for lo > 0 && !utf8.RuneStart(line[lo]) {
		lo++
	}
	return lo, hi, true
}

// wordMatches finds the matches of a word-mode pattern: submatch 1 of
// `(?:^|\W)(…)(?:$|\W)`. Searching line[from:] lets "^" match at from,
// which is right only when the byte before from is not a word character;
// such a false start is skipped by searching again one byte further.
func (m *Matcher) wordMatches(line []byte, add func(int, int) bool) {
	for from := 0; from <= len(line); {
		loc := m.p.re.FindSubmatchIndex(line[from:])
		if loc == nil {
			return
		}
		s, e := from+loc[2], from+loc[3]
		if s == from && from > 0 && syntax.IsWordChar(rune(line[from-1])) {
			from++
			continue
		}
		if !add(s, e) {
			return
		}
		if e > s {
			from = e
		} else {
			from = e + 1
		}
	}
}

func lineStart(buf []byte, lo, pos int) int {
	return lo + bytes.LastIndexByte(buf[lo:pos], '\n') + 1
}

func lineEnd(buf []byte, pos int) int {
	if i := bytes.IndexByte(buf[pos:], '\n'); i >= 0 {
		return pos + i
	}
	return len(buf)
}
