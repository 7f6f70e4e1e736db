package scout

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/scoutcode/scout/internal/page"
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
	bonus map[uint32]int // the first page's frecency bonuses; nil on a first page (read the store)
}

// errOtherSearch is the complaint about a cursor from another search.
var errOtherSearch = fmt.Errorf("%w: its pattern, paths or options differ from this one's; pass it with the search that printed it, or run this search without a cursor", ErrCursorMismatch)

// startPage decodes cursor for a search whose fingerprint is fp. mode,
// when not nil, checks the cursor's mode against the one asked for. now is
// the clock asked for, used on a first page (zero: the current second).
func startPage(cursor string, fp uint64, now time.Time, mode func(page.Mode) error) (resume, error) {
	if cursor == "" {
		if now.IsZero() {
			now = time.Now().Truncate(time.Second)
		}
		return resume{now: now}, nil
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
	return resume{cur: &c, now: time.Unix(c.Now, 0), bonus: bonus}, nil
}

// cursors returns the page's cursor maker: each cursor carries the
// search's fingerprint, the revision of what it ranked (asked for only
// when a cursor is made), the first page's clock and frecency, and the
// totals, so that the next page can tell whether anything changed.
func (r resume) cursors(fp uint64, rev func() uint64, number int, total page.Totals, bonus map[uint32]int) func(int, page.Key, Mode, int) string {
	now := r.now.Unix()
	return func(next int, last page.Key, m Mode, perFile int) string {
		return page.Cursor{
			Fingerprint: fp, Revision: rev(), Now: now, Page: number + 1, Mode: m, PerFile: perFile,
			Total: total, Ordinal: next, Last: last, Frecency: bonus,
		}.Encode()
	}
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

// deadline returns ctx with the search's time limit, when it has one.
func deadline(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, timeout)
}

// timedOut reports whether err is the search's own time limit running out
// (see deadline), not the caller's context ending: the page is then
// partial, not an error.
func timedOut(ctx context.Context, err error, timeout time.Duration) bool {
	return err != nil && timeout > 0 && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded)
}
