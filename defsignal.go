package scout

import (
	"context"
	"slices"

	"github.com/scoutcode/scout/internal/match"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/syntax"
)

// A hit's definition signal comes from the line classifier (internal/rank)
// where it can see, and from the parser (internal/syntax, in the cgo
// build) where it cannot: in a string or comment that spans lines (a Go
// program in a raw string, a doctest's "def f():" in a docstring) a line
// reads like code. A fast scan finds those spans in a file with a
// definition hit (syntax.Hidden); a definition hit on such a line asks a
// parse of the region around it, which says whether the line declares the
// name, or holds it in a string or a comment (then it is no definition).
// Elsewhere the classifier's word stands: on code it and the parser agree
// (TestDefinitionSignalAgrees measures how often over GOROOT).
//
// A file asks the parser at most maxDefParses times: a file of embedded
// programs would otherwise parse its strings once per hit.
const maxDefParses = 8

// defCheck checks the definitions among one file's hits, in line order.
type defCheck struct {
	ctx    context.Context
	path   string
	on     bool  // the file has a parser
	marks  []int // syntax.Hidden, found at the first definition hit
	marked bool
	parses int
	spans  []match.Span
}

func (w *worker) defCheck(path string) defCheck {
	return defCheck{ctx: w.ctx, path: path, on: syntax.By == syntax.ByParser && w.ctx != nil && syntax.MayParse(path)}
}

// key returns the key of the hit on the line data[start:end], whose key
// by the classifier cl is k.
func (d *defCheck) key(w *worker, cl rank.LineClassifier, data []byte, start, end int, k uint8) uint8 {
	if !d.on || rank.KeyKind(k) != rank.Definition || d.parses >= maxDefParses {
		return k
	}
	if !d.marked {
		d.marks, d.marked = syntax.Hidden(d.path, data), true
	}
	// marks up to the line's start: odd, the line starts inside; a mark
	// before its end, the line opens or closes one
	i, _ := slices.BinarySearch(d.marks, start+1)
	if i%2 == 0 && (i == len(d.marks) || d.marks[i] >= end) {
		return k
	}
	d.parses++
	text := data[start:end]
	at := start // where the classifier saw the definition: its match
	for at < end && (data[at] == ' ' || data[at] == '\t') {
		at++
	}
	d.spans = w.m.Matches(text, d.spans[:0])
	for _, sp := range d.spans {
		if cl.Classify(start, end, sp.Start, sp.End).Kind == rank.Definition {
			at = start + sp.Start
			break
		}
	}
	if at == end {
		return k
	}
	names, inText, ok := syntax.DefinedOn(d.ctx, d.path, data, start, end, at)
	if !ok {
		return k // no answer: the classifier's stands
	}
	for _, n := range names {
		if w.m.Contains(data[n[0]:n[1]]) {
			return k
		}
	}
	if inText {
		return w.scorer.Score(rank.NoDefinition{LineClassifier: cl}, lineHits{w}, data, start, end)
	}
	return k
}
