package scout

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/safe"
)

// The skeleton every paged search (grep, find; next: structure, several
// conditions, concepts) shares: the fingerprint that ties a cursor to its
// search, where a page starts (the first page, or where a cursor left off
// with the first page's clock and frecency), the cursor that continues
// it, and the time limit that makes a page partial.

// resume is where a page starts.
type resume struct {
	cur   *page.Cursor   // nil on a first page
	now   time.Time      // the clock the pages are scored with
	taken time.Time      // when the first page's search ran (to the millisecond)
	bonus map[uint32]int // the first page's frecency bonuses; nil on a first page (read the store)
}

// errOtherSearch is the complaint about a cursor from another search.
var errOtherSearch = fmt.Errorf("%w: its pattern, paths or options differ from this one's; pass it with the search that printed it, or run this search without a cursor", ErrCursorMismatch)

// startPage decodes cursor for a search whose fingerprint is fp. mode,
// when not nil, checks the cursor's mode against the one asked for. now is
// the clock asked for, used on a first page (zero: the current second).
func startPage(cursor string, fp uint64, now time.Time, mode func(page.Mode) error) (resume, error) {
	if cursor == "" {
		taken := time.Now()
		if now.IsZero() {
			now = taken.Truncate(time.Second)
		}
		return resume{now: now, taken: taken}, nil
	}
	c, err := page.Decode(cursor)
	if err != nil {
		return resume{}, err
	}
	if c.Fingerprint != fp {
		return resume{}, errOtherSearch
	}
	if mode != nil {
		if err := mode(c.Mode); err != nil {
			return resume{}, err
		}
	}
	bonus := c.Frecency
	if bonus == nil {
		bonus = map[uint32]int{} // the first page had none: the store must not count now
	}
	return resume{cur: &c, now: time.Unix(c.Now, 0), taken: time.UnixMilli(c.Taken), bonus: bonus}, nil
}

// onlyMode is startPage's mode check for a search whose pages all have one
// mode: a cursor of another mode is another search's.
func onlyMode(mode Mode) func(Mode) error {
	return func(m Mode) error {
		if m != mode {
			return errOtherSearch
		}
		return nil
	}
}

// cursors returns the page's cursor maker: each cursor carries the
// search's fingerprint, the revision of what it ranked (asked for only
// when a cursor is made), the first page's clock and frecency, the totals
// and a digest of the files (stamps), so that the next page can tell
// whether anything changed, and what.
func (r resume) cursors(fp uint64, rev func() uint64, number int, total page.Totals, bonus map[uint32]int, stamps iter.Seq[stamp]) func(int, page.Key, Mode, int) string {
	// The first page's time, rounded up to the millisecond: a file written
	// in the same millisecond before the search must not look modified
	// after it (TestStaleCursorNamesOnlyChangedFiles failed once so).
	now, taken := r.now.Unix(), r.taken.Add(time.Millisecond-time.Nanosecond).UnixMilli()
	var buckets *page.Buckets
	return func(next int, last page.Key, m Mode, perFile int) string {
		if buckets == nil {
			b := bucketsOf(stamps)
			buckets = &b
		}
		return page.Cursor{
			Fingerprint: fp, Revision: rev(), Now: now, Page: number + 1, Mode: m, PerFile: perFile,
			Total: total, Ordinal: next, Last: last, Frecency: bonus, Taken: taken, Buckets: *buckets,
		}.Encode()
	}
}

// stamp is a file a page's search ranked: when it last changed, and a
// digest of what it holds (grep: its content's CRC-32C; find: its size).
type stamp struct {
	path   string
	mtime  time.Time
	digest uint32
}

func bucketsOf(stamps iter.Seq[stamp]) page.Buckets {
	var b page.Buckets
	for s := range stamps {
		b.Add(s.path, s.digest)
	}
	return b
}

// checkCursor checks that a cursor continues this search's order: the
// revision is the same, and the unit before its ordinal is its last. Else
// it is stale: see staleError.
func checkCursor(in *page.Input, c *page.Cursor, rev uint64, stamps iter.Seq[stamp]) error {
	if rev == c.Revision && c.Ordinal >= 1 {
		if last, ok := page.KeyAt(in, c.Mode, c.PerFile, c.Ordinal-1); ok && last == c.Last && c.Ordinal < page.UnitCount(in, c.Mode, c.PerFile) {
			return nil
		}
	}
	return staleError(c, in.Total, stamps)
}

// staleError returns the error for a cursor whose search no longer gives
// the order it was issued in. It names the files modified since the first
// page's search whose content changed (their bucket's digest differs from
// the cursor's), and apart from them those only touched.
func staleError(c *page.Cursor, now Totals, stamps iter.Seq[stamp]) error {
	e := &StaleCursorError{Was: c.Total, Now: now}
	// A file's modification time comes from the kernel's coarse clock,
	// which may lag the one the search read by a tick: a file changed
	// right after the first page can carry a time a little before it.
	// Its content decides, so a second's margin costs nothing.
	taken := time.UnixMilli(c.Taken)
	since := taken.Add(-time.Second)
	b := bucketsOf(stamps)
	for s := range stamps {
		same := b.Same(&c.Buckets, s.path)
		if !s.mtime.After(since) || same && !s.mtime.After(taken) {
			continue
		}
		list := &e.Changed
		if same {
			list = &e.Touched
		}
		if len(*list) < 10 {
			*list = append(*list, page.Quote(s.path))
		} else {
			e.More++
		}
	}
	slices.Sort(e.Changed)
	slices.Sort(e.Touched)
	return e
}

// fingerprintOf hashes a search: its kind, its scope (the roots as given
// and made absolute, so that a cursor works from another directory), the
// ranking options that change the order, and what else the kind says
// changes which results there are or their order. The clock and the state
// directory are left out: a cursor carries the clock and the frecency it
// was scored with.
func fingerprintOf(kind string, sc Scope, ro RankOptions, more ...any) uint64 {
	paths, abs := rootsOf(sc.Paths)
	sc.Paths = nil
	key, err := json.Marshal([]any{kind, paths, abs, sc, ro.Sort, ro.NoFrecency, ro.NoGit, more})
	if err != nil {
		panic(err) // only plain values are hashed
	}
	sum := sha256.Sum256(key)
	return binary.LittleEndian.Uint64(sum[:8])
}

// deadline returns ctx bounded by timeout (none: 0), its cancel, and
// ranOut, which reports whether a search's error is that limit running out
// (the page is then partial, or the error says so), not the caller's
// context ending: it asks the caller's context, which a search that goes
// on with the bounded one cannot confuse with it.
func deadline(ctx context.Context, timeout time.Duration) (bounded context.Context, cancel context.CancelFunc, ranOut func(error) bool) {
	ranOut = func(err error) bool {
		return err != nil && timeout > 0 && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded)
	}
	if timeout <= 0 {
		return ctx, func() {}, ranOut
	}
	bounded, cancel = context.WithTimeout(ctx, timeout)
	return bounded, cancel, ranOut
}

// parallel calls f(i) for i in [0, n) on GOMAXPROCS goroutines, and
// stops handing out work once ctx is done.
func parallel(ctx context.Context, n int, f func(i int)) {
	parallelGated(ctx, n, nil, f)
}

// parallelGated is parallel that, when gate is not nil, hands out each i
// only once gate(i) returns true, in order; false stops the handing out.
//
// A panic in f stops the handing out and is raised on the caller's
// goroutine once every worker has stopped (see package safe): on a
// worker's own, it would end the process, the MCP server with it.
func parallelGated(ctx context.Context, n int, gate func(i int) bool, f func(i int)) {
	var wg sync.WaitGroup
	var first safe.First
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := range next { // after a panic, drained, so the handing out never waits
				if !first.Failed() {
					first.Keep(safe.Catch(func() { f(i) }))
				}
			}
		})
	}
	for i := range n {
		if ctx.Err() != nil || first.Failed() || gate != nil && !gate(i) {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	first.Raise()
}

// inOrderLead is how many items parallelInOrder may have made, or be
// making, that are not folded yet.
const inOrderLead = 256

// parallelInOrder is parallel, with then(i) called for each i in order,
// on one goroutine of its own, as soon as f(i) and every then before it
// have returned: what f made can be folded, or let go, while the rest is
// still being made. Once ctx is done, the thens not yet called are not.
//
// The work stays at most inOrderLead items ahead of the fold: one slow
// item (a large file to parse) would otherwise leave every result made
// after it waiting in memory until it is done. An outline of GOROOT/src
// behind a 3.6 MB JavaScript file (4.4 s to parse) grew Go's heap to
// 150-156 MB; with the lead, 82-99 MB.
func parallelInOrder(ctx context.Context, n int, f, then func(i int)) {
	parallelInOrderLead(ctx, n, inOrderLead, f, then)
}

// parallelInOrderLead is parallelInOrder with its lead (at least 1).
func parallelInOrderLead(ctx context.Context, n, lead int, f, then func(i int)) {
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	// A slot for each item handed out and not yet folded; taken in order
	// as items are handed out, so the first item not folded always holds
	// one, and the fold that waits for it always gets it.
	slots := make(chan struct{}, max(1, lead))
	folded := make(chan struct{})
	// A panic in then ends the fold and the handing out (stop); one in f
	// is raised by parallelGated, after the fold has stopped too.
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	var thenPanic *safe.Panic
	go func() {
		defer close(folded)
		thenPanic = safe.Catch(func() {
			for i := range n {
				select {
				case <-done[i]:
				case <-ctx.Done():
					return
				}
				if ctx.Err() != nil { // f(i) panicked, or the caller gave up
					return
				}
				then(i)
				<-slots
			}
		})
		if thenPanic != nil {
			stop()
		}
	}()
	defer func() { <-folded }() // on a panic in f too: the fold must not outlive the call
	parallelGated(ctx, n, func(int) bool {
		select {
		case slots <- struct{}{}:
			return true
		case <-ctx.Done():
			return false
		}
	}, func(i int) {
		defer close(done[i])
		if p := safe.Catch(func() { f(i) }); p != nil {
			stop()
			panic(p)
		}
	})
	<-folded
	safe.Raise(thenPanic)
}

// resumeParsed is where a page of a parsed answer (outline, callers,
// refs) starts, and its cursor maker. Its order is the files' in path
// order, so a cursor holds while no file's content changed: any change of
// a digest (stamps) or of the total makes it stale. It returns the units
// shown before the page and the page's number. bonus, when not nil, is
// the frecency the order was made with, for the cursor to carry.
func (r resume) resumeParsed(fp uint64, mode Mode, total, files int, bonus map[uint32]int, seq iter.Seq[stamp]) (start, number int, cursor func(int, page.Key) string, err error) {
	number = 1
	if c := r.cur; c != nil {
		if bucketsOf(seq) != c.Buckets || c.Total.Matches != total {
			return 0, 0, nil, staleError(c, Totals{Matches: total, Files: files}, seq)
		}
		start, number = c.Ordinal, c.Page
	}
	mk := r.cursors(fp, func() uint64 { return 0 }, number, page.Totals{Matches: total}, bonus, seq)
	return start, number, func(next int, last page.Key) string { return mk(next, last, mode, 1) }, nil
}
