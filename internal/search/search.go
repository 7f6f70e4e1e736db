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
	Before, After int      // context lines
	Spans         SpanMode // which match spans to find inside each matching line
	CountOnly     bool     // count matching lines (and spans, with AllSpans), collect nothing
}

// SpanMode says which match spans a search finds.
type SpanMode uint8

const (
	NoSpans  SpanMode = iota
	AllSpans          // every match, counted in Result.Matches
)

// Line is a matching or context line.
type Line struct {
	Number  int          // 1-based
	Offset  int          // byte offset of the line's start in the file
	Text    string       // the line without its '\n'
	Context bool         // a context line, not a match
	Spans   []match.Span // matches inside Text, as Options.Spans says
	// Raw is the text before its secrets were masked, when they were and
	// the caller kept it (see the root package's conditions); else "".
	Raw string
}

// Result is what one file holds.
type Result struct {
	Lines        []Line // in file order
	MatchedLines int
	Matches      int // spans found; 0 unless AllSpans
}

// Scratch holds buffers one goroutine reuses from file to file, so that a
// file with many matches does not grow (and copy, and clear) its slices
// step by step. The zero value is ready.
type Scratch struct {
	lines []Line
	arena []byte
	lens  []int
	spans []match.Span
}

// Search is the package's Search, with s's buffers.
func (sc *Scratch) Search(m *match.Matcher, buf []byte, opts Options) Result {
	s := searcher{m: m, buf: buf, opts: opts, counted: 0, line: 1,
		arena: sc.arena[:0], lens: sc.lens[:0], spans: sc.spans[:0]}
	s.res.Lines = sc.lines[:0]
	res := s.run()
	sc.lines, sc.arena, sc.lens, sc.spans = s.res.Lines[:0], s.arena[:0], s.lens[:0], s.spans[:0]
	if len(res.Lines) > 0 {
		res.Lines = append([]Line(nil), res.Lines...) // the result's own, exact size
	} else {
		res.Lines = nil
	}
	return res
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
	lens    []int        // length of each line's text in arena
	spans   []match.Span // scratch for counting
}

func (s *searcher) run() Result {
	start, end, ok := s.m.NextLine(s.buf, 0)
	for ok {
		s.res.MatchedLines++
		if s.opts.CountOnly {
			if s.opts.Spans == AllSpans {
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
	if !context {
		if s.opts.Spans == AllSpans {
			l.Spans = s.m.Matches(s.buf[start:end], nil)
			s.res.Matches += len(l.Spans)
		}
	}
	// Text is set in finish from the arena; keep the length for now.
	s.lens = append(s.lens, end-start)
	s.arena = append(s.arena, s.buf[start:end]...)
	s.res.Lines = append(s.res.Lines, l)
	s.printed = end + 1
}

// finish points every line's text into one copy of the reported bytes
// (one string per file, so the lines cost no allocation of their own).
func (s *searcher) finish() {
	all := string(s.arena)
	off := 0
	for i, n := range s.lens {
		s.res.Lines[i].Text = all[off : off+n]
		off += n
	}
}

// Each calls fn with the start and end offsets (end at the '\n', or
// len(buf)) and the number of each matching line of buf, the first line of
// buf being number first, until fn returns false. It keeps nothing: a file
// with millions of matching lines costs no memory for them.
func Each(m *match.Matcher, buf []byte, first int, fn func(start, end, number int) bool) {
	line, counted := first, 0
	for start, end, ok := m.NextLine(buf, 0); ok; start, end, ok = m.NextLine(buf, end+1) {
		line += bytes.Count(buf[counted:start], []byte{'\n'})
		counted = start
		if !fn(start, end, line) {
			return
		}
	}
}
