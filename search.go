package scout

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scoutcode/scout/internal/filetype"
	"github.com/scoutcode/scout/internal/glob"
	"github.com/scoutcode/scout/internal/match"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/safe"
	"github.com/scoutcode/scout/internal/search"
	"github.com/scoutcode/scout/internal/walk"
)

// Search runs a content search. It returns an error only when the search
// cannot run at all (a bad pattern, an unknown type, a cancelled context);
// paths that cannot be read are reported in Result.Warnings and the search
// goes on.
func Search(ctx context.Context, opts Options) (*Result, error) {
	res, _, err := run(ctx, request{Options: opts}, 0)
	return res, err
}

// run runs a search. With a timeout, a search that runs out of time
// returns what it found so far, and partial is true.
func run(ctx context.Context, opts request, timeout time.Duration) (res *Result, partial bool, err error) {
	wopts, err := walkOptions(opts.Scope)
	if err != nil {
		return nil, false, err
	}
	wopts.Unnamed = opts.unnamed
	if err := opts.check(); err != nil {
		return nil, false, err
	}
	paths := opts.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	workers := workerCount(opts.Workers)
	// The ranker's match of file names (the patterns, either case) is
	// compiled while the search's patterns are: for a thousand of them,
	// milliseconds each, before the walk can start.
	var names *match.Pattern
	var named safe.Group
	pats := splitPatterns(opts.Patterns)
	if opts.Sort == ByRank && len(pats) > 0 {
		named.Go(func() { names, _ = match.Compile(pats, namesOptions(opts.Options)) })
	}
	pat, _, err := compile(opts.Options)
	named.Wait()
	if err != nil {
		return nil, false, err
	}
	var rk *ranker
	if opts.Sort == ByRank {
		rk = newRanker(ctx, opts, pats, paths, names)
	}
	wctx, cancel, ranOut := deadline(ctx, timeout)
	defer cancel()
	visitors := make([]*visitor, workers)
	keepBytes := new(atomic.Int64)
	newVisitor := func(i int) walk.Visitor {
		visitors[i] = &visitor{w: newWorker(pat, opts, rk), keepAll: len(paths) > 1, probe: opts.probe}
		visitors[i].w.keepBytes = keepBytes
		visitors[i].w.ctx = wctx
		visitors[i].w.m.SetStop(wctx.Done())
		return visitors[i]
	}
	if opts.entries != nil {
		err = walk.Revisit(wctx, opts.entries, workers, newVisitor)
	} else {
		err = walk.Parallel(wctx, paths, wopts, workers, newVisitor)
	}
	if err == nil && ctx.Err() != nil {
		err = ctx.Err() // a file's search stopped, not the walk
	}
	for _, v := range visitors {
		if err == nil && v != nil && v.cut {
			err = wctx.Err() // the time ran out inside the last files
		}
	}
	if ranOut(err) {
		err, partial = nil, true
	}
	for _, v := range visitors {
		if v != nil {
			v.w.release()
		}
	}
	if rk != nil {
		defer rk.gitRelease() // assemble ranks with it, then it is done
	}
	if err != nil {
		if rk != nil {
			rk.gitDone(ctx)
		}
		return nil, false, err
	}
	return assemble(visitors, rk), partial, nil
}

// compile turns the pattern options into a matcher; it also returns the
// patterns, split at newlines.
func compile(opts Options) (*match.Pattern, []string, error) {
	pats := splitPatterns(opts.Patterns)
	if len(pats) == 0 {
		return nil, nil, fmt.Errorf("%w: no pattern given", ErrPattern)
	}
	p, err := match.Compile(pats, match.Options{Fixed: opts.Fixed, Case: opts.Case, Word: opts.Word})
	return p, pats, err
}

// splitPatterns returns the patterns, split at newlines.
func splitPatterns(patterns []string) []string {
	var pats []string
	for _, p := range patterns {
		pats = append(pats, strings.Split(p, "\n")...)
	}
	return pats
}

// check validates the options the walk does not, and brings values over
// their bounds down to them.
func (o *Options) check() error {
	if o.Before < 0 || o.After < 0 {
		return errors.New("context must be 0 or more lines")
	}
	o.Before, o.After = min(o.Before, MaxContext), min(o.After, MaxContext)
	return nil
}

// workerCount returns how many files are searched at once for a
// requested number n: GOMAXPROCS for 0 or less, at most MaxWorkers.
func workerCount(n int) int {
	if n <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return min(n, MaxWorkers)
}

func walkOptions(opts Scope) (walk.Options, error) {
	if opts.MaxDepth < 0 {
		return walk.Options{}, errors.New("max depth must be 1 or more (0 for no limit)")
	}
	for _, g := range opts.Globs {
		if err := glob.Check(strings.TrimPrefix(g, "!")); err != nil {
			return walk.Options{}, fmt.Errorf("%w: glob %q: %v", ErrPattern, g, err)
		}
	}
	w := walk.Options{
		NoIgnore: opts.NoIgnore, NoHidden: opts.NoHidden, Follow: opts.Follow, MaxDepth: opts.MaxDepth,
		Globs: opts.Globs, GlobalExcludes: opts.GlobalExcludes, DirHandles: true,
	}
	for _, t := range opts.Types {
		w.Types = append(w.Types, filetype.Selection{Name: t})
	}
	for _, t := range opts.NotTypes {
		w.Types = append(w.Types, filetype.Selection{Name: t, Negated: true})
	}
	if _, err := filetype.NewMatcher(w.Types); err != nil {
		return w, err
	}
	return w, nil
}

// castagnoli is made on first use: making it at start-up cost every
// command, even those that never sum a file.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// leftOut is a path the walk left out that could hold matches: a file or
// directory ignored by a rule, hidden, or a binary file.
type leftOut struct {
	path   string
	reason leftReason
	rule   string // the ignore rule, "file:line:pattern"
	dir    bool
}

type leftReason uint8

const (
	leftIgnored leftReason = iota
	leftHidden
	leftBinary
)

// maxLeft bounds the paths each visitor keeps of those left out.
const maxLeft = 256

func (v *visitor) leave(l leftOut) {
	if len(v.left) < maxLeft {
		v.left = append(v.left, l)
	}
}

// firstChunk is how much of a file is read before the rest, so that a
// binary file is recognised (by a NUL byte) without reading all of it.
const firstChunk = 64 << 10

// grow returns the capacity of a read buffer that must hold need bytes:
// at least 256 KiB and at least double the old one, so that a worker's
// buffer reaches the size of the largest file in a few steps.
func grow(old, need int) int {
	return max(need, 2*old, 256<<10)
}

// pathErr drops the operation and path from an *os.PathError: the caller
// reports the path itself.
func pathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// outcome is what a worker found in one file.
type outcome struct {
	path     string
	root     int    // index of the search root
	rel      string // path below the root
	res      search.Result
	size     int64
	skipped  skipReason
	warn     error
	explicit bool
	hits     []uint8   // per line of res, when ranking: rank.HitKey
	file     File      // res in the public form, when it has matches
	facts    fileFacts // when ranking
	hf       hitFile   // with Options.summary, when it has matches
	cut      bool      // the search of the file stopped early (time ran out)
}

type skipReason uint8

const (
	notSkipped skipReason = iota
	skipBinary
	skipTooLarge
	skipUnreadable
)

// visitor is one walking goroutine's share of the search: it searches the
// files it is given and keeps what the walk skipped.
//
// With several roots, a file may be reached twice (a directory and a file
// inside it, both named); then every outcome is kept, and counted once in
// assemble, after duplicates are dropped.
type visitor struct {
	w        *worker
	keepAll  bool
	outs     []outcome // files with matches or warnings; all files with keepAll
	stats    Stats
	warnings []Warning
	probe    bool      // keep left
	found    hitFiles  // with Options.summary: the files with hits
	cut      bool      // a file's search stopped early
	left     []leftOut // paths left out that could hold matches
	visited  []string  // with Options.visited
}

func (v *visitor) Visit(e walk.Entry) error {
	o := v.w.search(e)
	v.cut = v.cut || o.cut
	if v.w.opts.visited {
		v.visited = append(v.visited, o.path)
	}
	if v.probe && o.skipped == skipBinary {
		v.leave(leftOut{path: o.path, reason: leftBinary})
	}
	if v.keepAll {
		v.outs = append(v.outs, o)
		return nil
	}
	v.stats.tally(&o)
	switch {
	case v.w.opts.summary:
		if o.res.MatchedLines > 0 {
			v.found.add(o.hf)
		}
		if o.warn != nil {
			v.outs = append(v.outs, o)
		}
	case o.res.MatchedLines > 0 || o.warn != nil:
		v.outs = append(v.outs, o)
	}
	return nil
}

// tally counts one file's outcome.
func (s *Stats) tally(o *outcome) {
	switch o.skipped {
	case skipBinary:
		s.Skipped.Binary++
	case skipTooLarge:
		s.Skipped.TooLarge++
	case skipUnreadable:
		s.Skipped.Unreadable++
	default:
		s.FilesSearched++
		s.BytesSearched += o.size
	}
	if o.res.MatchedLines > 0 {
		s.FilesMatched++
		s.MatchedLines += o.res.MatchedLines
		s.Matches += o.res.Matches
	}
}

// merge adds the counts of t to s.
func (s *Stats) merge(t Stats) {
	s.FilesSearched += t.FilesSearched
	s.FilesMatched += t.FilesMatched
	s.MatchedLines += t.MatchedLines
	s.Matches += t.Matches
	s.BytesSearched += t.BytesSearched
	s.Skipped.add(t.Skipped)
}

func (v *visitor) Skip(s walk.Skip) {
	c := &v.stats.Skipped
	if v.probe {
		switch s.Reason {
		case walk.Ignored:
			v.leave(leftOut{path: s.Path, reason: leftIgnored, rule: s.Rule, dir: s.IsDir})
		case walk.Hidden:
			v.leave(leftOut{path: s.Path, reason: leftHidden, dir: s.IsDir})
		}
	}
	switch s.Reason {
	case walk.Ignored:
		count(s.IsDir, &c.IgnoredDirs, &c.Ignored)
	case walk.Hidden:
		count(s.IsDir, &c.HiddenDirs, &c.Hidden)
	case walk.Glob, walk.Type:
		count(s.IsDir, &c.ExcludedDirs, &c.Excluded)
	case walk.Depth:
		c.TooDeep++
	case walk.Symlink:
		c.Symlinks++
	case walk.Special:
		c.Special++
	}
}

func count(dir bool, dirs, files *int) {
	if dir {
		*dirs++
	} else {
		*files++
	}
}

func (v *visitor) Warn(path string, err error) {
	v.warnings = append(v.warnings, Warning{Path: path, Err: err})
}

// assemble merges the visitors' shares: files in path order, stats,
// warnings.
func assemble(visitors []*visitor, rk *ranker) *Result {
	var extra hitFiles // with keepAll
	r := &Result{Ranking: Ranking{Sort: ByPath}}
	var outs []*outcome
	for _, v := range visitors {
		r.Stats.merge(v.stats)
		r.Warnings = append(r.Warnings, v.warnings...)
		for i := range v.outs {
			outs = append(outs, &v.outs[i])
		}
	}
	slices.SortStableFunc(outs, func(a, b *outcome) int { return walk.ComparePaths(a.path, b.path) })
	for _, v := range visitors {
		r.left = append(r.left, v.left...)
		r.visited = append(r.visited, v.visited...)
	}
	var matched []*outcome // parallel to r.Files
	for i, o := range outs {
		if i > 0 && o.path == outs[i-1].path {
			continue
		}
		if visitors[0].keepAll {
			r.Stats.tally(o)
		}
		if o.warn != nil {
			r.Warnings = append(r.Warnings, Warning{Path: o.path, Err: o.warn})
		}
		if o.res.MatchedLines > 0 && o.hf.hits > 0 {
			extra.add(o.hf)
		} else if o.res.MatchedLines > 0 {
			r.Files = append(r.Files, o.file)
			matched = append(matched, o)
		}
	}
	r.found = extra.all()
	for _, v := range visitors {
		r.found = append(r.found, v.found.all()...)
	}
	r.ranker = rk
	if rk != nil && len(r.found) > 0 {
		rk.rankSummary(r.found)
	} else if len(r.found) > 0 {
		slices.SortFunc(r.found, func(a, b *hitFile) int { return walk.ComparePaths(a.path, b.path) })
	}
	if rk != nil {
		rk.rankFiles(r.Files, matched)
		r.Ranking = rk.info
		r.Warnings = append(r.Warnings, rk.warnings...)
	}
	slices.SortStableFunc(r.Warnings, func(a, b Warning) int { return walk.ComparePaths(a.Path, b.Path) })
	return r
}

// convert turns a searcher result into the public form, its lines in the
// given order (nil: file order) and, when ranked, with their own scores.
// It runs in the workers, in parallel.
func convert(o *outcome, order []int32) File {
	f := File{Path: o.path, MatchedLines: o.res.MatchedLines, Matches: o.res.Matches, mtime: o.facts.mtime}
	f.entry = walk.Entry{Path: o.path, Rel: o.rel, Root: o.root, Explicit: o.explicit}
	if len(o.res.Lines) > 0 {
		f.Lines = make([]Line, len(o.res.Lines))
	}
	for k := range o.res.Lines {
		i := k
		if order != nil {
			i = int(order[k])
		}
		l := &o.res.Lines[i]
		text := l.Text
		if n := len(text); n > 0 && text[n-1] == '\r' {
			text = text[:n-1]
		}
		line := Line{Number: l.Number, Offset: int64(l.Offset), Text: text, Context: l.Context, raw: strings.TrimSuffix(l.Raw, "\r")}
		for _, s := range l.Spans {
			line.Spans = append(line.Spans, Span{Start: min(s.Start, len(text)), End: min(s.End, len(text))})
		}
		if o.hits != nil && !l.Context {
			line.Signals, line.Score = rank.Hit(o.hits[i])
		}
		f.Lines[k] = line
	}
	return f
}

// definitionsOnly keeps, in place, the lines (and their hit keys) that
// are hits the ranker marks as definitions.
func definitionsOnly(lines []search.Line, hits []uint8) ([]search.Line, []uint8) {
	n := 0
	for i := range lines {
		if !lines[i].Context && rank.KeyDefines(hits[i]) {
			lines[n], hits[n] = lines[i], hits[i]
			n++
		}
	}
	clear(lines[n:])
	return lines[:n], hits[:n]
}

// worker searches files one at a time with its own matcher and buffer.
type worker struct {
	ctx       context.Context // the search's: it stops a parse (see defCheck); nil: no parses
	rank      *ranker         // nil unless ranking
	scratch   search.Scratch
	order     []int32 // scratch for the order of a file's lines
	scorer    rank.LineScorer
	wholeM    *match.Matcher // the ranker's anchored pattern, made on first use
	names     *match.Matcher // the ranker's file-name patterns, made on first use
	nameWhole *match.Matcher
	m         *match.Matcher
	opts      request
	sopt      search.Options
	max       int64
	buf       []byte
	keepBytes *atomic.Int64 // bytes of lines kept by all workers (see keep.go)
	sniffed   sniffedLang   // the language of the file whose chunks it reads (see langOf)
}

func newWorker(p *match.Pattern, opts request, rk *ranker) *worker {
	max := opts.MaxFileSize
	if max == 0 {
		max = DefaultMaxFileSize
	}
	buf := max
	if opts.buffer > 0 {
		buf = min(buf, opts.buffer)
	}
	return &worker{
		m: p.Matcher(), opts: opts, max: max, buf: newBuffer(buf), rank: rk,
		scorer: rank.LineScorer{AllWords: opts.Word, Markers: rk != nil && rk.markers}, // in word mode every match is a whole word
		sopt:   search.Options{Before: opts.Before, After: opts.After, Spans: spanMode(opts.Options), CountOnly: opts.CountOnly},
	}
}

// spanMode picks the spans to find: all when they are asked for, none
// otherwise (ranking finds the ones it needs itself).
func spanMode(opts Options) search.SpanMode {
	if !opts.NoSpans {
		return search.AllSpans
	}
	return search.NoSpans
}

// maxBuffer bounds the read buffer a worker sets aside up front.
const maxBuffer = 1 << 20

// newBuffer returns a worker's read buffer: large enough for almost every
// source file (up to maxBuffer, or the size limit when smaller), so that
// it seldom grows; a larger file grows it once, to that file's size
// (readOpen asks the size first), and the worker keeps it.
//
// Buffers are pooled across searches: a program that searches again and
// again (a server) then does not allocate, and clear, them each time. A
// buffer the pool gives back has been written whole, so it costs its full
// size: at 16 MiB each, 8 concurrent greps on 2 CPUs held 256 MiB of them
// and an MCP server under load peaked at 390 MB instead of 180 MB
// (go run ./bench/mcpload); greps of Go's source tree were no faster.
func newBuffer(limit int64) []byte {
	n := int64(maxBuffer)
	if limit > 0 && limit+1 < n {
		n = limit + 1
	}
	n = max(n, firstChunk)
	if b, ok := buffers.Get().(*[]byte); ok && int64(cap(*b)) >= n {
		return (*b)[:0]
	}
	return make([]byte, 0, n)
}

var buffers sync.Pool

// release returns the worker's buffer to the pool.
func (w *worker) release() {
	if cap(w.buf) > 0 {
		b := w.buf[:0]
		buffers.Put(&b)
		w.buf = nil
	}
}

func (w *worker) search(e walk.Entry) outcome {
	if testHookRead != nil {
		testHookRead(e.Path)
	}
	if w.opts.summary {
		return w.summarize(e)
	}
	o, data, size, file, _ := w.open(&e, true)
	defer file.close()
	if o.skipped != notSkipped {
		return o
	}
	o.size = size
	o.res = w.scratch.Search(w.m, data, w.sopt)
	if o.res.MatchedLines > 0 && len(data) > firstChunk && !w.opts.Text {
		// A NUL past the first chunk makes the file binary too; that only
		// changes the outcome when there is something to show.
		if i := bytes.IndexByte(data[firstChunk:], 0); i >= 0 {
			o.res = search.Result{}
			o.skipped = skipBinary
			if e.Explicit {
				o.warn = fmt.Errorf("%w (NUL byte at offset %d)", ErrBinary, firstChunk+i)
			}
		}
	}
	o.cut = w.m.Stopped()
	if o.res.MatchedLines > 0 && o.skipped == notSkipped && w.opts.matched != nil {
		if mtime, _, ok := file.info(); ok {
			w.opts.matched(e.Path, mtime, data)
		}
	}
	if o.res.MatchedLines > 0 {
		if w.rank != nil && !w.opts.CountOnly {
			o.hits, o.facts = w.scoreHits(&e, data, &o.res, file)
			if w.opts.defsOnly {
				o.res.Lines, o.hits = definitionsOnly(o.res.Lines, o.hits)
			}
		}
		w.mask(&e, data, &o.res)
		var order []int32
		if w.rank != nil {
			w.order = w.rank.order(o.res.Lines, o.hits, w.order)
			order = w.order
		}
		o.file = convert(&o, order)
	}
	return o
}

// open reads the file of e (see readFile) into the worker's buffer and
// returns its outcome so far: skipped, with its warning, when it could not
// be searched. Close the file.
func (w *worker) open(e *walk.Entry, whole bool) (o outcome, data []byte, size int64, file openFile, more bool) {
	o = outcome{path: e.Path, root: e.Root, rel: e.Rel, explicit: e.Explicit}
	data, size, nul, file, more, err := readFile(e, w.buf, w.max, whole)
	w.buf = data[:0]
	o.skipped, o.warn = w.readOutcome(e, size, nul, err)
	return o, data, size, file, more
}

// readOutcome says what reading the file of e gave: a skip and its
// warning, or notSkipped.
func (w *worker) readOutcome(e *walk.Entry, size int64, nul int, err error) (skipReason, error) {
	switch {
	case errors.Is(err, errTooLarge):
		if e.Explicit {
			return skipTooLarge, fmt.Errorf("%w (%d bytes; the limit is %d)", ErrTooLarge, size, w.max)
		}
		return skipTooLarge, nil
	case err != nil:
		return skipUnreadable, pathErr(err)
	case nul >= 0 && !w.opts.Text:
		if e.Explicit {
			return skipBinary, fmt.Errorf("%w (NUL byte at offset %d)", ErrBinary, nul)
		}
		return skipBinary, nil
	}
	return notSkipped, nil
}
