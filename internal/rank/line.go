package rank

import (
	"slices"
	"strings"

	"github.com/scoutcode/scout/internal/match"
)

// LineClassifier tells what the matches in one file's lines are. The line
// classifier (Classifier, a few rules per language) is one; a classifier
// made from a real parser is meant to be another. Offsets are into the
// buffer the classifier was made over.
type LineClassifier interface {
	// Line classifies the line data[lineStart:lineEnd] without a match's
	// position. needSpan says the class may depend on where the match is
	// (the line may declare a name); comment is the offset in the line
	// where a comment starts, or -1.
	Line(lineStart, lineEnd int) (c Class, needSpan bool, comment int)
	// DeclaredName returns the name the line declares, as offsets into the
	// line, when the classifier can tell it without a match's position.
	DeclaredName(lineStart, lineEnd int) (a, b int, ok bool)
	// Classify classifies the match data[s:e] in the line.
	Classify(lineStart, lineEnd, s, e int) Class
}

// Hits is what scoring a line asks of the search's matcher: *match.Matcher
// with two questions only the ranker can answer.
type Hits interface {
	CheapSpans() bool
	Contains(text []byte) bool
	First(text []byte) (match.Span, bool)
	Matches(text []byte, dst []match.Span) []match.Span
	// Whole reports whether a match covers all of name.
	Whole(name []byte) bool
	// SameCase reports whether text is spelled like a pattern searched
	// ignoring case.
	SameCase(text []byte) bool
}

// LineScorer scores matching lines. It keeps scratch space between lines:
// one per goroutine.
type LineScorer struct {
	// AllWords says every match stands as a whole word (a -w search).
	AllWords bool
	// Markers says the search is for comment markers (see MarkerQuery):
	// a match in a comment is a Marker, not a Comment.
	Markers bool
	spans   []match.Span
	one     [1]match.Span
}

// Score returns the hit key (see HitKey) of the matching line
// data[start:end], classified with cl (made over data).
//
// The spans the search found are not used: a hit's score must not depend
// on whether positions were asked for (JSON and colour ask, a page does
// not), so every line is scored from what this finds. It finds the first
// span where that is cheap, or where it can change the score (the line may
// declare a name); else the line is an import whatever the span, or a plain
// use, or a comment when the code before the comment holds no match (which
// the line finder tells fast).
func (s *LineScorer) Score(cl LineClassifier, m Hits, data []byte, start, end int) uint8 {
	text := data[start:end]
	cheap := m.CheapSpans()
	var c Class
	var need bool
	var comment int
	if !cheap {
		// Every span is classified when spans are cheap: the line's class
		// alone is of no use then.
		c, need, comment = cl.Line(start, end)
	}
	word, same := s.AllWords, false
	if !cheap && need {
		// A declaration whose name the classifier knows: test that name
		// alone, with the line finder, instead of finding a span.
		if a, b, ok := cl.DeclaredName(start, end); ok {
			need = false
			if m.Contains(text[a:b]) {
				c = Class{Kind: Definition, Exact: m.Whole(text[a:b])}
				word = word || c.Exact
				same = c.Exact && m.SameCase(text[a:b])
			} else if sp, ok := m.First(text); ok && sp.Start < b && sp.End > a {
				// the match runs over the name ("func \w+Marshal")
				c = Class{Kind: Definition, Exact: whole(text, sp.Start, sp.End)}
				word = word || c.Exact
				same = m.SameCase(text[sp.Start:sp.End])
			}
		}
	}
	if !cheap && !need {
		switch {
		case c.Kind != Plain || comment < 0:
		case s.Markers && m.Contains(text[comment:]):
			c.Kind = Marker // a marker in the comment, whatever the code before it holds
		case !m.Contains(text[:comment]):
			c.Kind = Comment
		}
		return HitKey(c, word, same)
	}
	var spans []match.Span
	if cheap {
		// Every match, so that the best one scores ("Serve" in
		// "func (s *Server) Serve()").
		s.spans = m.Matches(text, s.spans[:0])
		spans = s.spans
	} else if sp, ok := m.First(text); ok {
		s.one[0] = sp
		spans = s.one[:]
	}
	best, bestScore := HitKey(Class{}, false, false), -1<<30
	for _, sp := range spans {
		c := s.marker(cl.Classify(start, end, sp.Start, sp.End))
		word := s.AllWords || wholeWord(text, sp.Start, sp.End)
		k := HitKey(c, word, m.SameCase(text[sp.Start:sp.End]))
		if _, score := Hit(k); score > bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// NoDefinition is a classifier that finds no definition where the one it
// wraps does: for a line a parser says declares nothing there (the
// "definition" sits in a string or a comment).
type NoDefinition struct{ LineClassifier }

func (n NoDefinition) DeclaredName(lineStart, lineEnd int) (a, b int, ok bool) { return 0, 0, false }

func (n NoDefinition) Classify(lineStart, lineEnd, s, e int) Class {
	c := n.LineClassifier.Classify(lineStart, lineEnd, s, e)
	if c.Kind == Definition {
		c.Kind, c.Private = Plain, false
	}
	return c
}

func (s *LineScorer) marker(c Class) Class {
	if s.Markers && c.Kind == Comment {
		c.Kind = Marker
	}
	return c
}

// markers are the words that mark a comment for later work.
var markers = []string{"todo", "fixme", "xxx", "hack", "note"}

// MarkerQuery reports whether every alternative of every pattern is a
// comment marker ("TODO", "TODO|FIXME", `\bXXX\b`, "(?i)hack:"): then
// the comments that hold them are what the search is for.
func MarkerQuery(patterns []string) bool {
	if len(patterns) == 0 {
		return false
	}
	for _, p := range patterns {
		p = strings.ToLower(strings.TrimPrefix(p, "(?i)"))
		for _, strip := range []string{`\b`, "^", "$", "(", ")", "?:", ":"} {
			p = strings.ReplaceAll(p, strip, "")
		}
		for _, alt := range strings.Split(p, "|") {
			if !slices.Contains(markers, strings.TrimSpace(alt)) {
				return false
			}
		}
	}
	return true
}
