package scout

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/mapped"
	"github.com/scoutcode/scout/internal/syntax"
)

// The concept index is kept between searches in the user's cache
// directory, one file per search scope: built on first use, then only the
// files whose size or time changed are read again, and only those whose
// content changed are chunked again. Files are written whole to a
// temporary name and renamed, so that several scout processes may build
// and read at once: each reads a whole index, the last to write wins. A
// search that must build or update one takes a lock beside it first
// (lockKept), so that searches of one scope build it once.

// cacheKey names the index of a scope: the roots as given, cleaned (the
// index holds paths as the walk gives them, and it cleans a root: "./"
// and "." are one scope), and made absolute, what selects files, whether
// secrets are masked, and what makes the chunks (the chunker's stamp, and
// the parsers' revision: what a parse of a file gives).
func cacheKey(o ConceptOptions) string {
	given, abs := rootsOf(o.Paths)
	given = slices.Clone(given)
	for i, g := range given {
		given[i] = filepath.ToSlash(filepath.Clean(g))
	}
	sc := o.Scope
	sc.Paths = nil
	b, err := json.Marshal([]any{given, abs, sc, o.ShowSecrets, chunkerStamp, syntax.By, syntax.Revision(), concept.Revision})
	if err != nil {
		panic(err) // plain values only
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:12]) + ".idx"
}

// mappings are the kept files a search mapped: the index and the vectors
// it reads from them lazily. They are given back when the search is done.
type mappings struct{ all [][]byte }

func (m *mappings) add(b []byte) { m.all = append(m.all, b) }

// release unmaps them all; nothing read from them may be used after.
func (m *mappings) release() {
	for _, b := range m.all {
		mapped.Unmap(b)
	}
	m.all = nil
}

// cacheReport is what the cache did, for the page.
type cacheReport struct {
	line     string   // "index: 10744 files, kept from an earlier search; 12 read again"
	warnings []string // failures: the index could not be read, written or evicted
}

// keptIndex is the index kept by an earlier search of the same scope,
// mapped and read back, or why there is none.
type keptIndex struct {
	dir, file string // where it is kept; "" with no cache directory
	dirErr    error  // why there is no cache directory
	old       *concept.Index
	warnings  []string // it could not be read: it is rebuilt
}

// ConceptKept reports whether an earlier search of o's scope kept an
// index in the cache, so that a search of it reads that one back (and
// reads again only the files changed since) instead of building one. It
// looks at the cache only.
func ConceptKept(o ConceptOptions) bool {
	if o.NoCache {
		return false
	}
	dir, err := conceptCacheDir(o.CacheDir)
	if err != nil {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, cacheKey(o)))
	return err == nil
}

// readKept maps and reads back the index kept for o's scope. It touches
// no file of the scope, so a search runs it while it walks them.
func readKept(o ConceptOptions, maps *mappings) keptIndex {
	var k keptIndex
	if o.NoCache {
		return k
	}
	if k.dir, k.dirErr = conceptCacheDir(o.CacheDir); k.dirErr != nil {
		return k
	}
	k.file = filepath.Join(k.dir, cacheKey(o))
	// Mapped, not read: a search touches only its terms' lists.
	if data, _, err := mapped.File(k.file, false); err == nil {
		maps.add(data)
		if k.old, err = concept.Decode(data); err != nil {
			k.warnings = append(k.warnings, fmt.Sprintf("%s: %v; rebuilt", k.file, err))
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		k.warnings = append(k.warnings, fmt.Sprintf("%s: %v; rebuilt", k.file, pathErr(err)))
	}
	return k
}

// conceptIndex returns the index of the files of scope (in path order),
// from the kept one where it can.
func conceptIndex(ctx context.Context, scope []scopeFile, o ConceptOptions, kept keptIndex, maps *mappings) (*concept.Index, []chunked, cacheReport, error) {
	var rep cacheReport
	if o.NoCache {
		ix, files := buildConcept(ctx, scope, o.ShowSecrets, o.Progress)
		rep.line = "index: built for this search, not kept (no cache)"
		return ix, files, rep, unkept(ctx, ix, scope)
	}
	if kept.dirErr != nil {
		ix, files := buildConcept(ctx, scope, o.ShowSecrets, o.Progress)
		rep.warnings = append(rep.warnings, fmt.Sprintf("the concept index is not kept: no cache directory (%v); it is built again on each search", kept.dirErr))
		return ix, files, rep, unkept(ctx, ix, scope)
	}
	dir, file, old := kept.dir, kept.file, kept.old
	rep.warnings = append(rep.warnings, kept.warnings...)

	ch := staleFiles(old, scope)
	if old == nil || ch.any() {
		unlock, waited, err := lockKept(ctx, dir, file)
		if err != nil {
			return nil, nil, rep, &indexCut{of: len(scope), busy: true, err: err}
		}
		defer unlock() // held until the index is written
		if waited {
			// Another search built or updated it meanwhile: read what it
			// kept, and redo only what is still stale.
			kept = readKept(o, maps)
			old = kept.old
			rep.warnings = append(rep.warnings, kept.warnings...)
			ch = staleFiles(old, scope)
		}
		// An update copies every page of the kept index: all are
		// checked first, and a damaged one is built again.
		if err := old.Verify(); err != nil {
			rep.warnings = append(rep.warnings, fmt.Sprintf("%s: %v; rebuilt", file, err))
			old = nil
		}
	}
	var ix *concept.Index
	var up *pendingUpdate
	var files []chunked
	changed := 0
	if old == nil {
		ix, files = buildConcept(ctx, scope, o.ShowSecrets, o.Progress)
		ix.Scope = scopeLabel(o)
		changed = len(scope)
	} else {
		ix, up, files, changed = updateConcept(ctx, old, scope, ch, o.ShowSecrets, o.Progress)
		if up != nil {
			up.add.Scope = scopeLabel(o)
		}
	}
	// Cut short (the time allowed ran out, or the caller gave up): what
	// was read whole is kept all the same, so that searches cut again and
	// again still reach a whole index (a host that gives up on a call
	// after a minute, over a tree whose index takes more).
	var cut *indexCut
	if err := ctx.Err(); err != nil {
		cut = &indexCut{of: len(scope), err: err}
		if up == nil && (ix == nil || len(ix.Files) == 0) {
			return nil, nil, rep, cut // nothing read whole
		}
		changed = -1 // written, whatever was read
		// The list of kept indexes (scout cache) says it is partial.
		if up != nil {
			up.add.Scope += partial(len(up.old.Files)-len(up.drop)+len(up.add.Files), len(scope))
		} else {
			ix.Scope += partial(len(ix.Files), len(scope))
		}
	}
	switch {
	case changed == 0:
		rep.line = fmt.Sprintf("index: %s, kept from an earlier search; none changed", plural(ix.Indexed(), "file"))
		now := time.Now()
		os.Chtimes(file, now, now) // recently used, for eviction
	default:
		write := ix.EncodeTo
		if up != nil {
			write = func(w concept.IndexWriter) error { return up.old.UpdateTo(w, up.drop, up.add) }
		}
		written, err := writeIndexWith(dir, file, write, up != nil)
		if up != nil {
			ix = up.readBack(written, maps)
		}
		if err != nil {
			rep.warnings = append(rep.warnings, fmt.Sprintf("the concept index could not be kept: %v; it is built again on each search", err))
			rep.line = fmt.Sprintf("index: %s, built for this search", plural(ix.Indexed(), "file"))
			if cut != nil {
				cut.read = len(ix.Files)
				rep.line = fmt.Sprintf("index: %d of %s read when the search was cut short, not kept", cut.read, plural(len(scope), "file"))
			}
			break
		}
		switch {
		case cut != nil:
			cut.read, cut.kept = len(ix.Files), true
			rep.line = fmt.Sprintf("index: %d of %s read when the search was cut short, and kept for the next search, which goes on from there", cut.read, plural(len(scope), "file"))
		case old == nil:
			rep.line = fmt.Sprintf("index: %s, built and kept for the next search", plural(ix.Indexed(), "file"))
		default:
			rep.line = fmt.Sprintf("index: %s, kept from an earlier search; %d read again", plural(ix.Indexed(), "file"), changed)
		}
		max := o.CacheMax
		if max <= 0 {
			max = DefaultConceptCacheMax
		}
		evicted, freed, err := evictIndexes(dir, file, max)
		if err != nil {
			rep.warnings = append(rep.warnings, fmt.Sprintf("the concept index cache %s could not be kept under %s: %v", dir, mib(max), err))
		}
		if evicted > 0 {
			rep.line += fmt.Sprintf("; %s (%s) evicted to stay under %s", plural(evicted, "older cache file"), mib(freed), mib(max))
		}
	}
	if cut != nil {
		return nil, nil, rep, cut
	}
	return ix, files, rep, nil
}

// indexCut is the error of an index build or update cut short: by the
// time allowed (err is context.DeadlineExceeded) or by the caller (err is
// context.Canceled).
type indexCut struct {
	read, of int   // the files read whole, of those in scope
	kept     bool  // the files read whole were kept, for the next search to go on from
	busy     bool  // it waited for another search's build the whole time
	err      error // the context's
}

func (c *indexCut) Error() string {
	switch {
	case c.busy:
		return fmt.Sprintf("%v while waiting for another search to build the concept index of these paths", c.err)
	case c.kept:
		return fmt.Sprintf("%v with %d of %s of the concept index read; those are kept, and the next search goes on from there", c.err, c.read, plural(c.of, "file"))
	}
	return fmt.Sprintf("%v with %d of %s of the concept index read", c.err, c.read, plural(c.of, "file"))
}

func (c *indexCut) Unwrap() error { return c.err }

// ConceptIndexKept reports whether err is that of a concept search whose
// index build was cut short (its context cancelled or out of time) and
// kept the read files read whole, of those of its paths, so that the next
// search goes on from there.
func ConceptIndexKept(err error) (read, of int, ok bool) {
	var c *indexCut
	if errors.As(err, &c) && c.kept {
		return c.read, c.of, true
	}
	return 0, 0, false
}

// partial is what a kept index's scope label adds when a build cut short
// kept read of the scope's of files: the next search of the scope reads
// the rest, and its write says what the index is of again.
func partial(read, of int) string {
	return fmt.Sprintf("; partial: %d of %s read before a search was cut short, the next search reads the rest", read, plural(of, "file"))
}

// unkept is the error of a build of scope that is not kept: an indexCut
// when ctx ended before it was done, else nil.
func unkept(ctx context.Context, ix *concept.Index, scope []scopeFile) error {
	if err := ctx.Err(); err != nil {
		return &indexCut{read: len(ix.Files), of: len(scope), err: err}
	}
	return nil
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	if strings.HasSuffix(what, "x") {
		return fmt.Sprintf("%d %ses", n, what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// stampsOf gives the indexed files' stamps, for cursors (made one by one:
// most pages need them only for the digest of the next page's cursor).
func stampsOf(ix *concept.Index) iter.Seq[stamp] {
	return func(yield func(stamp) bool) {
		for _, f := range ix.Files {
			if !yield(stamp{path: f.Path, mtime: time.Unix(0, f.Stamp.MTime), digest: f.Stamp.Sum}) {
				return
			}
		}
	}
}

// pendingUpdate is a kept index and what changed in it, to be written
// (concept.Index.UpdateTo) and read back.
type pendingUpdate struct {
	old  *concept.Index
	drop map[int]bool   // its files gone or changed, by index
	add  *concept.Index // the files changed and new
}

// readBack returns the updated index from written, the file it was
// written to, mapped; from memory when there is none (it could not be
// written or mapped).
func (up *pendingUpdate) readBack(written []byte, maps *mappings) *concept.Index {
	data := written
	if data == nil {
		var err error
		if data, err = up.old.Update(up.drop, up.add); err != nil {
			panic(fmt.Sprintf("a verified concept index does not update: %v", err)) // a bug, not input
		}
	} else {
		maps.add(data)
	}
	ix, err := concept.Decode(data)
	if err != nil {
		panic(fmt.Sprintf("an updated concept index does not read back: %v", err)) // a bug, not input
	}
	return ix
}

// updateConcept brings a kept index up to the files of scope, by the
// changes staleFiles found (from the size and time the walk gave): those
// gone are dropped; those whose size or time changed are read, and
// chunked again unless their content's digest is the same. It returns the kept index when
// nothing changed, else the update to write, and how many files it read
// again.
func updateConcept(ctx context.Context, old *concept.Index, scope []scopeFile, ch changes, showSecrets bool, progress func(int, int)) (*concept.Index, *pendingUpdate, []chunked, int) {
	at, again, drop := ch.at, ch.again, ch.drop
	files := make([]chunked, len(again))
	if progress != nil && len(again) > 0 {
		progress(0, len(again))
	}
	var mu sync.Mutex
	done := 0
	parallel(ctx, len(again), func(k int) {
		if progress != nil {
			defer func() {
				mu.Lock()
				done++
				if done%256 == 0 || done == len(again) {
					progress(done, len(again))
				}
				mu.Unlock()
			}()
		}
		i := again[k]
		p := scope[i].path
		data, st, why := readParsable(p)
		if j := at[i]; j >= 0 && why == "" && st.digest == old.Files[j].Stamp.Sum {
			// Touched, not changed: the content's digest decides.
			files[k] = chunked{path: slash(p), st: st, why: "same"}
			return
		}
		files[k] = chunkRead(ctx, scope[i], data, st, why, showSecrets)
	})
	for k, i := range again {
		j := int(at[i])
		if j < 0 {
			continue
		}
		if files[k].why == "same" {
			old.Files[j].Stamp.MTime = scope[i].mtime // the content is the same: keep its chunks
			continue
		}
		drop[j] = true
	}
	if len(again) == 0 && len(drop) == 0 {
		return old, nil, nil, 0
	}
	// The changed files, as a Builder would add them.
	nb := concept.NewBuilder()
	for k := range files {
		f := &files[k]
		if f.why == "same" {
			f.why = ""
			continue
		}
		addChunked(nb, f)
	}
	return nil, &pendingUpdate{old: old, drop: drop, add: nb.Index()}, files, max(len(again), len(drop))
}

// changes are what a search of scope must redo in a kept index old: at
// is each file of scope's index in old (-1 when new), again the indexes
// in scope of the files to read again (new, or their size or time
// changed), drop the files of old that scope no longer has.
type changes struct {
	at    []int32
	again []int
	drop  map[int]bool
}

func (ch changes) any() bool { return len(ch.again) > 0 || len(ch.drop) > 0 }

// staleFiles compares a kept index with the files of scope (old nil:
// none is kept, and nothing is compared).
func staleFiles(old *concept.Index, scope []scopeFile) changes {
	if old == nil {
		return changes{}
	}
	ch := changes{at: oldFiles(old.Files, scope), drop: map[int]bool{}}
	seen := make([]bool, len(old.Files))
	for i, j := range ch.at {
		if j >= 0 {
			seen[j] = true
			if s := old.Files[j].Stamp; s.Size == scope[i].size && s.MTime == scope[i].mtime {
				continue // unchanged: same size and time
			}
		}
		ch.again = append(ch.again, i)
	}
	for i := range old.Files {
		if !seen[i] {
			ch.drop[i] = true
		}
	}
	return ch
}

// oldFiles returns, for each file of scope, the index of its file in old;
// -1 for a path old does not hold. Both are walked in path order (old's order
// sorted when it is not: an update appends the files it adds), so no map
// of ten thousand paths is made for every search.
func oldFiles(old []concept.File, scope []scopeFile) []int32 {
	at := make([]int32, len(scope))
	if !slices.IsSortedFunc(scope, func(a, b scopeFile) int { return strings.Compare(slash(a.path), slash(b.path)) }) {
		// A path whose slashes sort differently (Windows): by a map.
		where := make(map[string]int32, len(old))
		for i, f := range old {
			where[f.Path] = int32(i)
		}
		for i, f := range scope {
			if j, ok := where[slash(f.path)]; ok {
				at[i] = j
			} else {
				at[i] = -1
			}
		}
		return at
	}
	order := make([]int32, len(old))
	for i := range order {
		order[i] = int32(i)
	}
	if !slices.IsSortedFunc(old, func(a, b concept.File) int { return strings.Compare(a.Path, b.Path) }) {
		slices.SortFunc(order, func(a, b int32) int { return strings.Compare(old[a].Path, old[b].Path) })
	}
	k := 0
	for i, f := range scope {
		p := slash(f.path)
		for k < len(order) && old[order[k]].Path < p {
			k++
		}
		if k < len(order) && old[order[k]].Path == p {
			at[i] = order[k]
			k++
		} else {
			at[i] = -1
		}
	}
	return at
}
