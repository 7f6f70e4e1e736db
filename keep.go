package scout

import (
	"bytes"
	"slices"
	"sync/atomic"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/secret"
	"github.com/scoutcode/scout/internal/walk"
)

// A page's search keeps the lines of each file's best few hits when it can
// do so cheaply: the file was read in one piece, and all the files' kept
// lines stay under keepBudget bytes. A first page (and a file that changes
// each time it is read, such as /proc/self/status) then needs no second
// reading; anything else is read again (load.go), and the page is the same
// either way.

// maxKeep bounds the hits kept per file (Options.keep); keepBudget bounds
// the bytes kept in all.
const (
	maxKeep    = 100
	keepBudget = 8 << 20
)

// The memory a kept file takes, for the budget: the kept struct and the
// slice headers, and per line a page.Line and its text.
const (
	keptFileCost = 128
	keptLineCost = 112
)

// kept is what is kept of a file: its best hits, with their context, as
// they are in the file (secrets are masked when they are shown).
type kept struct {
	path   string
	lines  []page.Line  // hits (Score: their own score; Signals) and context, in line order
	hits   []int32      // indices into lines, best first: ranks 0, 1, …
	blocks map[int]bool // lines inside private key blocks (see secret.Blocks)
}

// fileLines returns the kept lines as a page's, each hit's score with the
// file's added and secrets masked unless show, if they hold the hits
// ranked [from, to); else nil.
func (k *kept) fileLines(from, to, fileScore int, show bool) *page.FileLines {
	if k == nil || from < 0 || to > len(k.hits) {
		return nil
	}
	out := &page.FileLines{Lines: slices.Clone(k.lines), Hits: k.hits}
	mk := newMaskerBlocks(show, k.path, k.blocks)
	for i := range out.Lines {
		l := &out.Lines[i]
		if !l.Context {
			l.Score += fileScore
		}
		l.Text, _ = mk.line(l.Number, l.Text)
	}
	return out
}

// top collects a file's best hits while it is searched.
type top struct {
	n      int // hits to keep
	ranked bool
	hits   []topHit // best first
	budget *atomic.Int64
}

type topHit struct {
	start, end, line, score int
	key                     uint8
}

func (w *worker) topHits() *top {
	if w.opts.keep <= 0 || w.keepBytes == nil {
		return nil
	}
	return &top{n: min(w.opts.keep, maxKeep), ranked: w.rank != nil, budget: w.keepBytes}
}

// add offers a hit.
func (t *top) add(start, end, line int, k uint8) {
	if t == nil {
		return
	}
	h := topHit{start: start, end: end, line: line, key: k}
	if t.ranked {
		_, h.score = rank.Hit(k)
	}
	if len(t.hits) == t.n && !better(h, t.hits[len(t.hits)-1]) {
		return
	}
	i, _ := slices.BinarySearchFunc(t.hits, h, func(a, b topHit) int {
		if better(a, b) {
			return -1
		}
		return 1
	})
	t.hits = slices.Insert(t.hits, i, h)
	if len(t.hits) > t.n {
		t.hits = t.hits[:t.n]
	}
}

// better reports whether a ranks before b in a file: by score, then line.
func better(a, b topHit) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.line < b.line
}

// lines returns what is kept of the file of e, whose content is data: the
// hits with their context (secrets masked); nil when there is no room.
func (t *top) lines(w *worker, e *walk.Entry, data []byte) *kept {
	if t == nil || len(t.hits) == 0 {
		return nil
	}
	type span struct{ start, end, line int }
	var spans []span
	for _, h := range t.hits {
		spans = append(spans, span{h.start, h.end, h.line})
		s, n := h.start, h.line
		for range w.opts.Before {
			if s == 0 {
				break
			}
			p := bytes.LastIndexByte(data[:s-1], '\n') + 1
			s, n = p, n-1
			spans = append(spans, span{s, p + bytes.IndexByte(data[p:], '\n'), n})
		}
		end, n := h.end, h.line
		for range w.opts.After {
			if end >= len(data)-1 {
				break
			}
			p := end + 1
			e := bytes.IndexByte(data[p:], '\n')
			if e < 0 {
				e = len(data) - p
			}
			end, n = p+e, n+1
			spans = append(spans, span{p, end, n})
		}
	}
	slices.SortFunc(spans, func(a, b span) int { return a.line - b.line })
	spans = slices.CompactFunc(spans, func(a, b span) bool { return a.line == b.line })
	size := keptFileCost
	for _, s := range spans {
		size += keptLineCost + s.end - s.start
	}
	if t.budget.Add(int64(size)) > keepBudget {
		return nil
	}
	k := &kept{path: e.Path, lines: make([]page.Line, len(spans))}
	if !w.opts.ShowSecrets {
		k.blocks = secret.Blocks(data, 1)
	}
	for i, s := range spans {
		text := data[s.start:s.end]
		if n := len(text); n > 0 && text[n-1] == '\r' {
			text = text[:n-1]
		}
		k.lines[i] = page.Line{Number: s.line, Text: string(text), Context: true}
	}
	for _, h := range t.hits {
		i, _ := slices.BinarySearchFunc(k.lines, h.line, func(l page.Line, n int) int { return l.Number - n })
		l := &k.lines[i]
		l.Context = false
		if t.ranked {
			l.Signals, l.Score = rank.Hit(h.key)
		}
		k.hits = append(k.hits, int32(i))
	}
	return k
}
