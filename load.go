package scout

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"time"

	"github.com/scoutcode/scout/internal/gitstatus"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/walk"
)

// Loading the lines a page shows (see summary.go): the file is read again,
// up to three times, each a stream of pieces, so that a file of any size
// costs the page only the lines it shows.
//
//  1. Count its hits by score, and check that its content is what the
//     search read (its checksum).
//  2. With the counts, the hits ranked [from, to) are, for each score, a
//     run of that score's hits in line order: note their line numbers.
//  3. Copy the lines those hits need: each hit and its context.

// ErrChanged is wrapped by the error of a page whose files changed while
// the search ran: the page cannot show what the search counted.
var ErrChanged = errors.New("a file changed while it was searched")

// loader reads files again for a page, with its own worker.
type loader struct {
	w      *worker
	ctx    context.Context
	before int
	after  int
}

// load returns the lines of f for its hits ranked [from, to), each with
// its score (fileScore added) and signals.
func (ld *loader) load(f *hitFile, from, to, fileScore int) (*page.FileLines, error) {
	to = min(to, int(f.hits))
	if from >= to {
		return &page.FileLines{From: from}, nil
	}
	// 1. Hits by score bucket, and the checksum.
	counts := make([]int, buckets)
	crc, total := uint32(0), 0
	err := ld.each(f, func(chunk []byte, first int) {
		crc = crc32.Update(crc, castagnoli(), chunk)
		ld.w.eachHit(ld.entry(f), chunk, first, func(_, _, _ int, k uint8) {
			counts[ld.bucket(k)]++
			total++
		})
	})
	if err != nil {
		return nil, err
	}
	cut := f.facts&factCut != 0
	if cut {
		// The search stopped inside the file: rank among all its hits.
		to = min(to, total)
	}
	if !cut && (crc != f.sum || total != int(f.hits)) {
		return nil, fmt.Errorf("%w: %s (it had %d matching lines, now %d)", ErrChanged, f.path, f.hits, total)
	}
	// 2. The line numbers of the hits ranked [from, to): within score
	// bucket b, those numbered [lo[b], hi[b]) in line order.
	lo, hi := make([]int, buckets), make([]int, buckets)
	start := 0
	for b, n := range counts {
		lo[b], hi[b] = max(from-start, 0), max(min(to-start, n), 0)
		start += n
	}
	seen := make([]int, buckets)
	type hit struct {
		line int
		key  uint8
	}
	var hits []hit
	err = ld.each(f, func(chunk []byte, first int) {
		ld.w.eachHit(ld.entry(f), chunk, first, func(_, _, n int, k uint8) {
			b := ld.bucket(k)
			if i := seen[b]; i >= lo[b] && i < hi[b] {
				hits = append(hits, hit{n, k})
			}
			seen[b]++
		})
	})
	if err != nil {
		return nil, err
	}
	// 3. The lines: every hit's, and its context.
	want := make(map[int]uint8, len(hits)) // line → key, for the hits
	for _, h := range hits {
		want[h.line] = h.key
	}
	var spans [][2]int // line ranges to copy, inclusive, sorted
	slices.SortFunc(hits, func(a, b hit) int { return a.line - b.line })
	for _, h := range hits {
		a, b := max(1, h.line-ld.before), h.line+ld.after
		if k := len(spans) - 1; k >= 0 && a <= spans[k][1]+1 {
			spans[k][1] = max(spans[k][1], b)
			continue
		}
		spans = append(spans, [2]int{a, b})
	}
	out := &page.FileLines{From: from}
	next := 0 // the first span not passed
	err = ld.each(f, func(chunk []byte, first int) {
		mk := newMasker(ld.w.opts.ShowSecrets, f.path, chunk, first)
		n := first
		for at := 0; at < len(chunk) && next < len(spans); n++ {
			end := bytes.IndexByte(chunk[at:], '\n')
			if end < 0 {
				end = len(chunk)
			} else {
				end += at
			}
			for next < len(spans) && spans[next][1] < n {
				next++
			}
			if next < len(spans) && n >= spans[next][0] {
				text := chunk[at:end]
				if k := len(text); k > 0 && text[k-1] == '\r' {
					text = text[:k-1]
				}
				shown, _ := mk.line(n, string(text))
				l := page.Line{Number: n, Text: shown, Context: true}
				if k, ok := want[n]; ok {
					l.Context = false
					if ld.w.rank != nil {
						l.Signals, l.Score = rank.Hit(k)
						l.Score += fileScore
					}
				}
				out.Lines = append(out.Lines, l)
			}
			at = end + 1
		}
	})
	if err != nil {
		return nil, err
	}
	for i, l := range out.Lines {
		if !l.Context {
			out.Hits = append(out.Hits, int32(i))
		}
	}
	// Best first: by score, then line (the lines are in line order).
	slices.SortStableFunc(out.Hits, func(a, b int32) int { return out.Lines[b].Score - out.Lines[a].Score })
	return out, nil
}

// bucket returns the score bucket of a hit key (one bucket when the search
// is not ranked).
func (ld *loader) bucket(k uint8) int {
	if ld.w.rank == nil {
		return 0
	}
	return keyBucket[k]
}

func (ld *loader) entry(f *hitFile) *walk.Entry {
	return &walk.Entry{Path: f.path, Rel: f.rel(), Root: int(f.root)}
}

// each reads f and calls fn with its content in pieces that end at a
// line's end, and the number of each piece's first line.
func (ld *loader) each(f *hitFile, fn func(chunk []byte, first int)) error {
	if err := ld.ctx.Err(); err != nil {
		return err
	}
	w := ld.w
	data, _, nul, file, more, err := readFile(ld.entry(f), w.buf, w.max, false)
	defer file.close()
	w.buf = data[:0]
	switch {
	case errors.Is(err, errTooLarge):
		return fmt.Errorf("%w: %s is now over the size limit", ErrChanged, f.path)
	case err != nil:
		return fmt.Errorf("%s: %w", f.path, pathErr(err))
	case nul >= 0 && !w.opts.Text:
		return fmt.Errorf("%w: %s is now binary", ErrChanged, f.path)
	}
	line := 1
	scan := func(chunk []byte) error {
		fn(chunk, line)
		line += bytes.Count(chunk, []byte{'\n'})
		return ld.ctx.Err()
	}
	if !more {
		return scan(data)
	}
	buf, _, err := readChunks(file, data, len(data), scan)
	w.buf = buf[:0]
	if errors.Is(err, errLongLine) {
		return nil // the search stopped there too
	}
	return err
}

// loadMargin is how long a page with a time limit may take past it to read
// its lines again: the search was cut at the limit, reading a page's files
// should take milliseconds, and a pattern slow enough to take longer is
// slow on those files too.
const loadMargin = 500 * time.Millisecond

// loadPage reads the lines the page planned by l may show (page.Needs)
// into the files of in, from the files of res. When the time limit runs
// out first, the page lists the files instead of their lines.
func loadPage(ctx context.Context, res *Result, opts request, in *page.Input, l *page.Limits, start time.Time, timeout time.Duration) error {
	needs := page.Needs(in, *l)
	if len(needs) == 0 {
		return nil
	}
	if testHookLoad != nil {
		testHookLoad()
	}
	lctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		lctx, cancel = context.WithDeadline(ctx, start.Add(timeout+min(loadMargin, timeout/4)))
		defer cancel()
	}
	pat, _, err := compile(opts.Options)
	if err != nil {
		return err
	}
	w := newWorker(pat, opts, res.ranker)
	defer w.release()
	w.m.SetStop(lctx.Done())
	w.ctx = lctx
	ld := &loader{w: w, ctx: lctx, before: opts.Before, after: opts.After}
	var git *gitstatus.State
	if res.ranker != nil {
		git = res.ranker.gitDone(ctx)
	}
	for _, n := range needs {
		f := res.found[n.File]
		fileScore := 0
		if res.ranker != nil {
			fileScore = rank.FileScore(res.ranker.fileFacts(f, git))
		}
		if lines := f.kept.fileLines(n.From, n.To, fileScore, opts.ShowSecrets); lines != nil {
			res.lines[n.File] = lines
			continue
		}
		lines, err := ld.load(f, n.From, n.To, fileScore)
		if err != nil && (lctx.Err() != nil || w.m.Stopped()) && ctx.Err() == nil {
			// Out of time: a list of files needs no lines.
			clear(res.lines)
			l.Mode, l.MaxFiles = Files, l.MaxListed
			l.Note = "the time limit ran out before the lines could be read, so the files are listed"
			return nil
		}
		if err != nil {
			return err
		}
		res.lines[n.File] = lines
	}
	return nil
}
