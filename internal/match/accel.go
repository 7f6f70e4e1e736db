package match

import (
	"bytes"
	"regexp/syntax"
	"unicode/utf8"
)

// accel lets the DFA skip through input while it sits in its idle state
// (nothing matched yet, no context to remember): only a few bytes can move
// it out, so it jumps to the next of them with bytes.IndexByte, which runs
// at memory speed, instead of stepping byte by byte. For `(?i)unmarshal`
// the bytes are 'u' and 'U'.
//
// The next position of each byte is cached for the current epoch (one
// buffer, searched forward), so a run of skips over one buffer scans it once
// per byte value.
type accel struct {
	bytes []byte
	epoch uint64
	pos   [maxAccel]int
}

const maxAccel = 3

// accelFor returns the skip set of an idle state, or nil when too many
// bytes (or any byte, via the previous-word-character flag) can leave it.
func (d *dfa) accelFor(s *dstate) *accel {
	if d.useWord {
		return nil
	}
	var leave [256]bool
	add := func(r rune) bool {
		switch {
		case r < utf8.RuneSelf:
			leave[r] = true
		case r == utf8.RuneError:
			return false // every invalid byte decodes to it
		default:
			var b [utf8.UTFMax]byte
			utf8.EncodeRune(b[:], r)
			leave[b[0]] = true
		}
		return true
	}
	for _, pc := range s.insts {
		inst := &d.prog.Inst[pc]
		switch inst.Op {
		case syntax.InstEmptyWidth:
			leave['\n'] = true // a pending end-of-line assertion
		case syntax.InstRune1:
			if !add(inst.Rune[0]) {
				return nil
			}
		case syntax.InstRune:
			if !addRunes(inst, add) {
				return nil
			}
		default:
			return nil // any character, or a match
		}
	}
	a := &accel{}
	for c, ok := range leave {
		if ok {
			if len(a.bytes) == maxAccel {
				return nil
			}
			a.bytes = append(a.bytes, byte(c))
		}
	}
	if len(a.bytes) == 0 {
		return nil
	}
	return a
}

// addRunes adds every rune inst can match, refusing large sets.
func addRunes(inst *syntax.Inst, add func(rune) bool) bool {
	if len(inst.Rune) == 1 && syntax.Flags(inst.Arg)&syntax.FoldCase != 0 {
		for _, r := range foldSet(inst.Rune[0]) {
			if !add(r) {
				return false
			}
		}
		return true
	}
	if len(inst.Rune) == 1 {
		return add(inst.Rune[0])
	}
	n := 0
	for i := 0; i+1 < len(inst.Rune); i += 2 {
		lo, hi := inst.Rune[i], inst.Rune[i+1]
		n += int(hi-lo) + 1
		if n > 16 {
			return false
		}
		for r := lo; r <= hi; r++ {
			if !add(r) {
				return false
			}
		}
	}
	return true
}

// skip returns the offset of the first byte at or after i that can leave
// the state, or len(buf).
func (a *accel) skip(buf []byte, i int, epoch uint64) int {
	if i >= len(buf) {
		return i
	}
	if len(a.bytes) == 1 {
		if j := bytes.IndexByte(buf[i:], a.bytes[0]); j >= 0 {
			return i + j
		}
		return len(buf)
	}
	if a.epoch != epoch {
		a.epoch = epoch
		for k := range a.bytes {
			a.pos[k] = -1
		}
	}
	best := len(buf)
	for k, c := range a.bytes {
		p := a.pos[k]
		if p < i && p != len(buf) {
			p = len(buf)
			if j := bytes.IndexByte(buf[i:], c); j >= 0 {
				p = i + j
			}
			a.pos[k] = p
		}
		best = min(best, p)
	}
	return best
}
