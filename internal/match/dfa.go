package match

import (
	"encoding/binary"
	"regexp/syntax"
	"slices"
	"unicode/utf8"
)

// The lazy DFA.
//
// A state is a set of instructions of the compiled program (the NFA threads
// alive at one position) plus the context bits the program can observe: are
// we at the start of the line, and was the previous character a word
// character. States are built on first use and cached with their transitions,
// so after warm-up each input byte costs one table lookup.
//
// The search is unanchored: every state also holds the program's start, so a
// match may begin anywhere. A line matches as soon as the program reaches
// Match, and the scan stops there: which match, and where, is the reference
// regexp's job, on that one line.
//
// Empty-width assertions (^ $ \b \B) depend on the characters on both sides
// of a position. A state knows the left side (its flags); an assertion that
// also needs the right side stays in the set, pending, and is resolved when
// the next character (or the end of the line) is seen — RE2's method. The
// transition on '\n' resolves the end of line and goes back to the start
// state; a line's own '\n' is never fed to the program, so no match spans
// lines.
//
// Bytes below 0x80 index the transition table directly. A byte at or above
// 0x80 starts a rune, decoded as the regexp package decodes it (an invalid
// byte is U+FFFD, one byte wide), and its transition is cached per rune.
//
// The cache is bounded: past maxStates states, or maxCached instructions
// in all their sets (a state of a large program can hold thousands), it is
// dropped and rebuilt as the scan goes on (the states in use stay valid). A
// pattern that keeps overflowing it gives up the DFA for the reference
// regexp, line by line, except on lines too long for the reference regexp
// to finish in reasonable time (see Matcher.refOK).
//
// A scan can be stopped (see Matcher.SetStop): it looks every checkEvery
// bytes, and every few states it has to build, since with a large program
// one byte can cost a state of thousands of instructions.

const (
	maxStates  = 2048
	maxCached  = 1 << 20 // instructions in all cached states' sets: 4 MB
	maxFlushes = 16
	checkEvery = 64 << 10

	flagStart    = 1 << 0 // at the start of a line
	flagPrevWord = 1 << 1 // the previous character is a word character

	eol rune = -1 // the end of a line, as a "character" to step on
)

type dstate struct {
	special bool // d.unknown, d.matched, or a state with accel: the scan loop must look
	insts   []uint32
	flags   uint8
	next    [256]*dstate // d.unknown until computed; always for bytes >= 0x80
	runes   map[rune]*dstate
	accel   *accel // set on idle states that only a few bytes can leave
}

type dfa struct {
	prog     *syntax.Prog
	useBegin bool // the program has ^ or \A
	useWord  bool // the program has \b or \B
	states   map[string]*dstate
	start    *dstate
	matched  *dstate // sentinel: a match was found
	unknown  *dstate // sentinel: the transition is not computed yet
	idleKey  string  // key of the unanchored start set without flags
	everyOK  bool    // the empty string matches at the start of a line: every line matches
	flushes  int
	failed   bool   // too many flushes: use the reference regexp instead
	epoch    uint64 // advanced by the caller for each new buffer (see accel)
	cached   int    // instructions in the cached states' sets

	stop    <-chan struct{} // closed to stop scanning; nil: never
	stopped bool            // a scan stopped early: its "no match" means "not known"
	built   uint32          // states built, to look at stop every few

	seen     []uint32 // generation stamps per instruction, for set building
	gen      uint32
	stack    []uint32
	cur, nxt []uint32
	key      []byte
}

func newDFA(prog *syntax.Prog) *dfa {
	d := &dfa{prog: prog, matched: &dstate{special: true}, unknown: &dstate{special: true}, seen: make([]uint32, len(prog.Inst))}
	for _, inst := range prog.Inst {
		if inst.Op != syntax.InstEmptyWidth {
			continue
		}
		op := syntax.EmptyOp(inst.Arg)
		if op&(syntax.EmptyBeginLine|syntax.EmptyBeginText) != 0 {
			d.useBegin = true
		}
		if op&(syntax.EmptyWordBoundary|syntax.EmptyNoWordBoundary) != 0 {
			d.useWord = true
		}
	}
	d.reset()
	return d
}

// reset empties the cache and builds the start state.
func (d *dfa) reset() {
	d.states = make(map[string]*dstate)
	d.cached = 0
	var flags uint8
	known := syntax.EmptyBeginLine | syntax.EmptyBeginText
	if d.useBegin {
		flags = flagStart
	}
	idle, _ := d.closure(nil, 0, 0)
	d.idleKey = string(d.makeKey(idle, 0))
	set, match := d.closure(nil, known, flags)
	if match {
		d.everyOK = true
	}
	d.start = d.lookup(set, flags)
}

// closure returns the set reached from the program start and from the
// outputs of instructions in from, following every instruction that consumes
// no input. Assertions about the left side are decided by known; those that
// need the right side stay in the set. It reports whether Match is reached.
func (d *dfa) closure(from []uint32, known syntax.EmptyOp, flags uint8) ([]uint32, bool) {
	d.gen++
	set := d.nxt[:0]
	match := false
	d.stack = append(d.stack[:0], uint32(d.prog.Start))
	d.stack = append(d.stack, from...)
	for pc, inst := d.pop(); inst != nil; pc, inst = d.pop() {
		switch inst.Op {
		case syntax.InstEmptyWidth:
			op := syntax.EmptyOp(inst.Arg)
			left := op & (syntax.EmptyBeginLine | syntax.EmptyBeginText)
			if left&^known != 0 {
				continue // needs a line start we are not at
			}
			if op&^left == 0 {
				d.stack = append(d.stack, inst.Out)
				continue
			}
			set = append(set, pc) // pending: needs the next character
		case syntax.InstMatch:
			match = true
			set = append(set, pc)
		case syntax.InstFail:
		default:
			set = append(set, pc)
		}
	}
	d.nxt = set
	return set, match
}

// pop pops the instructions on d.stack until one not seen in this
// generation, and returns it; instructions that only lead elsewhere (Alt,
// Nop, Capture) push where they lead and are not returned. It returns nil
// when the stack is empty.
func (d *dfa) pop() (uint32, *syntax.Inst) {
	for len(d.stack) > 0 {
		pc := d.stack[len(d.stack)-1]
		d.stack = d.stack[:len(d.stack)-1]
		if d.seen[pc] == d.gen {
			continue
		}
		d.seen[pc] = d.gen
		inst := &d.prog.Inst[pc]
		switch inst.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			d.stack = append(d.stack, inst.Arg, inst.Out)
		case syntax.InstNop, syntax.InstCapture:
			d.stack = append(d.stack, inst.Out)
		default:
			return pc, inst
		}
	}
	return 0, nil
}

// resolve expands the pending assertions of s now that the full context is
// known, collecting the rune instructions alive at this position into d.cur.
// It reports whether Match is reached.
func (d *dfa) resolve(s *dstate, ctx syntax.EmptyOp) bool {
	d.gen++
	d.cur = d.cur[:0]
	d.stack = append(d.stack[:0], s.insts...)
	for pc, inst := d.pop(); inst != nil; pc, inst = d.pop() {
		switch inst.Op {
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(inst.Arg)&^ctx == 0 {
				d.stack = append(d.stack, inst.Out)
			}
		case syntax.InstMatch:
			return true
		case syntax.InstFail:
		default:
			d.cur = append(d.cur, pc)
		}
	}
	return false
}

// step returns the state after s on r (a rune, or eol). It returns
// d.matched when a match ends before r or with r, and d.start after eol.
func (d *dfa) step(s *dstate, r rune) *dstate {
	var ctx syntax.EmptyOp
	if s.flags&flagStart != 0 {
		ctx |= syntax.EmptyBeginLine | syntax.EmptyBeginText
	}
	if r == eol {
		ctx |= syntax.EmptyEndLine | syntax.EmptyEndText
	}
	nextWord := r >= 0 && r < utf8.RuneSelf && syntax.IsWordChar(r)
	if (s.flags&flagPrevWord != 0) != nextWord {
		ctx |= syntax.EmptyWordBoundary
	} else {
		ctx |= syntax.EmptyNoWordBoundary
	}
	if d.resolve(s, ctx) {
		return d.matched
	}
	if r == eol {
		return d.start
	}
	outs := d.stack[:0]
	for _, pc := range d.cur {
		inst := &d.prog.Inst[pc]
		if matchRune(inst, r) {
			outs = append(outs, inst.Out)
		}
	}
	var flags uint8
	if d.useWord && nextWord {
		flags = flagPrevWord
	}
	set, match := d.closure(slices.Clone(outs), 0, flags)
	if match {
		return d.matched
	}
	return d.lookup(set, flags)
}

func matchRune(inst *syntax.Inst, r rune) bool {
	switch inst.Op {
	case syntax.InstRune1:
		return r == inst.Rune[0]
	case syntax.InstRuneAny:
		return true
	case syntax.InstRuneAnyNotNL:
		return r != '\n'
	case syntax.InstRune:
		return inst.MatchRune(r)
	}
	return false
}

func (d *dfa) makeKey(set []uint32, flags uint8) []byte {
	slices.Sort(set)
	d.key = append(d.key[:0], flags)
	for _, pc := range set {
		d.key = binary.LittleEndian.AppendUint32(d.key, pc)
	}
	return d.key
}

// lookup returns the cached state for set and flags, creating it.
func (d *dfa) lookup(set []uint32, flags uint8) *dstate {
	key := d.makeKey(set, flags)
	if s, ok := d.states[string(key)]; ok {
		return s
	}
	if len(d.states) >= maxStates || d.cached+len(set) > maxCached {
		d.flushes++
		if d.flushes > maxFlushes {
			d.failed = true
		}
		start := d.start
		d.states = make(map[string]*dstate)
		d.cached = 0
		if start != nil {
			d.states[string(d.makeKey(start.insts, start.flags))] = start
			d.cached = len(start.insts)
			key = d.makeKey(set, flags)
		}
	}
	s := &dstate{insts: slices.Clone(set), flags: flags}
	d.cached += len(set)
	for i := range s.next {
		s.next[i] = d.unknown
	}
	d.states[string(key)] = s
	if string(key) == d.idleKey {
		s.accel = d.accelFor(s)
		s.special = s.accel != nil
	}
	return s
}

// next returns the transition of s on the character at buf[i] and its width.
func (d *dfa) next(s *dstate, buf []byte, i int) (*dstate, int) {
	c := buf[i]
	if c < utf8.RuneSelf {
		r := rune(c)
		if c == '\n' {
			r = eol
		}
		ns := d.step(s, r)
		s.next[c] = ns
		return ns, 1
	}
	// Bytes >= 0x80 keep d.unknown in the table: the rune decides.
	r, w := utf8.DecodeRune(buf[i:])
	if ns, ok := s.runes[r]; ok {
		return ns, w
	}
	ns := d.step(s, r)
	if s.runes == nil {
		s.runes = make(map[rune]*dstate)
	}
	s.runes[r] = ns
	return ns, w
}

// scan looks for a match in buf from i, which must be the start of a line.
// It returns the offset at which the match was seen (inside the matching
// line, or at its '\n', or len(buf) for a last line without one), or -1;
// or -2-j when the DFA gave up (see failed) at offset j.
func (d *dfa) scan(buf []byte, i int) int {
	s := d.start
	if s.accel != nil {
		i = s.accel.skip(buf, i, d.epoch)
	}
	for i < len(buf) {
		if d.halted() {
			return -1
		}
		for end := min(len(buf), i+checkEvery); i < end; {
			ns := s.next[buf[i]]
			if !ns.special {
				s = ns
				i++
				continue
			}
			w := 1
			if ns == d.unknown {
				if d.built++; d.built%64 == 0 && d.halted() {
					return -1
				}
				ns, w = d.next(s, buf, i)
				if d.failed {
					// The cache keeps overflowing: building a state a byte
					// would go on to the end of the buffer. The caller
					// goes on from this line with the reference regexp.
					return -2 - i
				}
			}
			if ns == d.matched {
				return i
			}
			s = ns
			i += w
			if s.accel != nil {
				i = s.accel.skip(buf, i, d.epoch)
			}
		}
	}
	if len(buf) > 0 && buf[len(buf)-1] != '\n' && d.step(s, eol) == d.matched {
		return len(buf)
	}
	return -1
}

// matchLine reports whether line (without its '\n') has a match.
func (d *dfa) matchLine(line []byte) bool {
	_, ok := d.matchEnd(line)
	return ok
}

// matchEnd reports whether line (without its '\n') has a match, and where
// the scan saw the first one end (len(line) when at the end of the line).
// A stopped scan reports no match.
func (d *dfa) matchEnd(line []byte) (int, bool) {
	if d.everyOK {
		return 0, true
	}
	s := d.start
	for i, check := 0, checkEvery; i < len(line); {
		ns := s.next[line[i]]
		w := 1
		if ns == d.unknown {
			if d.built++; d.built%64 == 0 && d.halted() {
				return 0, false
			}
			ns, w = d.next(s, line, i)
		}
		if ns == d.matched {
			return i, true
		}
		s = ns
		i += w
		if i >= check {
			if d.halted() {
				return 0, false
			}
			check = i + checkEvery
		}
	}
	return len(line), d.step(s, eol) == d.matched
}

// halted reports whether the scan was told to stop.
func (d *dfa) halted() bool {
	if d.stop == nil {
		return false
	}
	select {
	case <-d.stop:
		d.stopped = true
		return true
	default:
		return false
	}
}
