// Package search finds the matching lines of one file's content, with their
// line numbers, match positions and context lines.
//
// A file is searched whole, from one buffer: lines are the runs of bytes
// between '\n's (a final line without '\n' counts; the empty run after a
// final '\n' does not). Context lines are those within Before lines above or
// After lines below a matching line that are not matching lines themselves;
// where the context of two matches meets or overlaps, each line is reported
// once.
package search

import (
	"bytes"

	"github.com/scoutcode/scout/internal/match"
)

// Options controls what is collected for each matching line.
type Options struct {
	Before, After int  // context lines
	Positions     bool // find the match spans inside each matching line
	CountOnly     bool // count matching lines (and spans, with Positions), collect nothing
}

// Line is a matching or context line.
type Line struct {
	Number  int          // 1-based
	Offset  int          // byte offset of the line's start in the file
	Text    []byte       // the line without its '\n'
	Context bool         // a context line, not a match
	Spans   []match.Span // matches inside Text, when Positions is set
}

// Result is what one file holds.
type Result struct {
	Lines        []Line // in file order
	MatchedLines int
	Matches      int // spans found; 0 unless Positions
}

// Search searches buf with m. Text in the result is copied out of buf, so
// buf may be reused afterwards.
func Search(m *match.Matcher, buf []byte, opts Options) Result {
	s := searcher{m: m, buf: buf, opts: opts, counted: 0, line: 1}
	return s.run()
}

type searcher struct {
	m       *match.Matcher
	buf     []byte
	opts    Options
	res     Result
	counted int // offset up to which newlines were counted
	line    int // line number at offset counted
	printed int // offset after the last line reported
	arena   []byte
	spans   []match.Span // scratch for counting
}

func (s *searcher) run() Result {
	start, end, ok := s.m.NextLine(s.buf, 0)
	for ok {
		s.res.MatchedLines++
		if s.opts.CountOnly {
			if s.opts.Positions {
				s.spans = s.m.Matches(s.buf[start:end], s.spans[:0])
				s.res.Matches += len(s.spans)
			}
			start, end, ok = s.m.NextLine(s.buf, end+1)
			continue
		}
		n := s.lineNumber(start)
		s.before(start, n)
		s.add(start, end, n, false)
		nextStart, nextEnd, nextOK := s.m.NextLine(s.buf, end+1)
		limit := len(s.buf)
		if nextOK {
			limit = nextStart
		}
		s.after(end, n, limit)
		start, end, ok = nextStart, nextEnd, nextOK
	}
	s.finish()
	return s.res
}

// lineNumber returns the number of the line starting at off, counting
// newlines from the last counted offset.
func (s *searcher) lineNumber(off int) int {
	s.line += bytes.Count(s.buf[s.counted:off], []byte{'\n'})
	s.counted = off
	return s.line
}

// before reports up to Before lines above the line starting at start
// (number n), not reaching back into lines already reported.
func (s *searcher) before(start, n int) {
	if s.opts.Before == 0 || start == 0 {
		return
	}
	first := start
	k := 0
	for k < s.opts.Before && first > s.printed {
		first = bytes.LastIndexByte(s.buf[:first-1], '\n') + 1
		k++
	}
	if first < s.printed {
		first = s.printed
	}
	for num := n - k; first < start; num++ {
		e := first + bytes.IndexByte(s.buf[first:start], '\n')
		s.add(first, e, num, true)
		first = e + 1
	}
}

// after reports up to After lines below the line ending at end (number n),
// stopping before limit, the start of the next matching line.
func (s *searcher) after(end, n, limit int) {
	for k := 1; k <= s.opts.After && end+1 < limit; k++ {
		start := end + 1
		end = start + bytes.IndexByte(s.buf[start:], '\n')
		if end < start {
			end = len(s.buf)
		}
		s.add(start, end, n+k, true)
	}
}

// add records a line; text is copied into the file's arena in finish.
func (s *searcher) add(start, end, n int, context bool) {
	l := Line{Number: n, Offset: start, Context: context}
	if !context && s.opts.Positions {
		l.Spans = s.m.Matches(s.buf[start:end], nil)
		s.res.Matches += len(l.Spans)
	}
	// Text is set in finish from the arena; keep the bounds for now.
	l.Text = s.buf[start:end:end]
	s.arena = append(s.arena, s.buf[start:end]...)
	s.res.Lines = append(s.res.Lines, l)
	s.printed = end + 1
}

// finish points every line's text into one copy of the reported bytes.
func (s *searcher) finish() {
	off := 0
	for i := range s.res.Lines {
		n := len(s.res.Lines[i].Text)
		s.res.Lines[i].Text = s.arena[off : off+n : off+n]
		off += n
	}
}
