package scout

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gofrs/flock"

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

// DefaultConceptCacheMax is how large the concept index cache may grow
// before the least recently used indexes are evicted.
const DefaultConceptCacheMax = 512 << 20

// conceptCacheDir returns where concept indexes are kept: dir when set,
// else scout/concept under the user's cache directory (XDG_CACHE_HOME,
// else ~/.cache).
func conceptCacheDir(dir string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "scout", "concept"), nil
}

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

// lockKept takes the lock on the index kept in file (a sidecar,
// file+".lock"), for a search that must build or update it: of the
// searches of one scope that find it missing or stale at once, in one
// process (an MCP server's parallel calls) or in several, one builds it
// and the others wait, then read back what it kept. Three cold concept
// calls to one server over GOROOT/src built three indexes at once, 67 s
// and 1.1 GB, where one takes 13 s and 554 MB. waited says whether
// another search held the lock. Where no lock can be taken (a file system
// without locks, a cache directory that cannot be written) the search
// goes on without: it builds its own index, as it would have.
func lockKept(ctx context.Context, dir, file string) (unlock func(), waited bool, err error) {
	none := func() {}
	if os.MkdirAll(dir, 0o700) != nil {
		return none, false, nil
	}
	l := flock.New(file + ".lock")
	ok, lerr := l.TryLock()
	if lerr != nil {
		return none, false, nil
	}
	if !ok {
		waited = true
		if testHookWaiting != nil {
			testHookWaiting()
		}
		// Polled: a wait that blocked could not be cancelled.
		if ok, _ = l.TryLockContext(ctx, 20*time.Millisecond); !ok {
			l.Close()
			if err := ctx.Err(); err != nil {
				return nil, true, err
			}
			return none, true, nil // the lock failed meanwhile: go on without
		}
	}
	return func() { l.Close() }, waited, nil
}

// testHookWaiting, when set, is called as a search starts to wait for
// another's build (lockKept), for the test.
var testHookWaiting func()

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

// writeIndex writes an index whole to a temporary file beside file, then
// renames it over file.
func writeIndex(dir, file string, data []byte) error {
	_, err := writeIndexWith(dir, file, func(w concept.IndexWriter) error {
		_, err := w.Write(data)
		return err
	}, false)
	return err
}

// testHookWrite, when set, wraps the writer of a kept index (a test makes
// it fail part way).
var testHookWrite func(concept.IndexWriter) concept.IndexWriter

// writeIndexWith is writeIndex with write writing the temporary file.
// With mapIt, it returns what it wrote, mapped from the temporary file
// before the rename (so another process's index renamed over file next
// is not read instead); nil when that could not be mapped.
func writeIndexWith(dir, file string, write func(concept.IndexWriter) error, mapIt bool) ([]byte, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, pathErr(err)
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return nil, pathErr(err)
	}
	var w concept.IndexWriter = tmp
	if testHookWrite != nil {
		w = testHookWrite(w)
	}
	err = write(w)
	var data []byte
	if err == nil && mapIt {
		data, _, _ = mapped.File(tmp.Name(), false)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
		if data != nil {
			mapped.Unmap(data)
		}
		return nil, pathErr(err)
	}
	return data, nil
}

// evictIndexes removes the least recently used indexes in dir (by their
// modification time; a search that uses one touches it), but never keep,
// until what is left is within max bytes. It returns how many it removed
// and how many bytes they held.
func evictIndexes(dir, keep string, max int64) (int, int64, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, 0, pathErr(err)
	}
	type idx struct {
		path string
		size int64
		used time.Time
	}
	var all []idx
	var total int64
	for _, e := range ents {
		if !cacheFile(e.Name()) {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		all = append(all, idx{filepath.Join(dir, e.Name()), fi.Size(), fi.ModTime()})
		total += fi.Size()
	}
	slices.SortFunc(all, func(a, b idx) int {
		if c := a.used.Compare(b.used); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	n := 0
	var freed int64
	var errs []error
	for _, x := range all {
		if total <= max {
			break
		}
		if x.path == keep {
			continue
		}
		if err := removeKept(x.path); err != nil {
			errs = append(errs, err)
			continue
		}
		total -= x.size
		freed += x.size
		n++
	}
	return n, freed, errors.Join(errs...)
}

// removeKept removes a file of the cache and the lock beside it, if any
// (see lockKept; a search that holds it goes on, and may build once more
// than it had to).
func removeKept(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return pathErr(err)
	}
	os.Remove(path + ".lock")
	return nil
}

// cacheFile says whether a name in the cache directory is one of
// scout's: an index (.idx), the vectors of its chunks (.vec), or the
// parses behind a structural question (.calls, see callscache.go).
func cacheFile(name string) bool {
	switch filepath.Ext(name) {
	case ".idx", ".vec", ".calls":
		return !strings.HasPrefix(name, ".")
	}
	return false
}

// ConceptIndexInfo is one kept concept index, the vectors of one, or
// the parses behind callers, callees and refs.
type ConceptIndexInfo struct {
	Path string
	Size int64
	Used time.Time // when a search last used it
	// Of says what it is of, for people: an index's roots and what
	// selected its files ("/src/app (types go)"); vectors', their index's;
	// "" when it is not known (a parse, or a file an earlier scout wrote).
	Of string
}

// scopeLabel is what a concept index is of, as the cache's list shows it:
// its roots, absolute, and what selects its files when that is not the
// default.
func scopeLabel(o ConceptOptions) string {
	_, abs := rootsOf(o.Paths)
	var sel []string
	add := func(on bool, what string, list ...string) {
		if on {
			sel = append(sel, strings.TrimSpace(what+" "+strings.Join(list, ", ")))
		}
	}
	add(len(o.Globs) > 0, "globs", o.Globs...)
	add(len(o.Types) > 0, "types", o.Types...)
	add(len(o.NotTypes) > 0, "not types", o.NotTypes...)
	add(o.NoIgnore, "ignore files not read")
	add(o.NoHidden, "hidden files left out")
	add(o.Follow, "links followed")
	add(o.MaxDepth > 0, fmt.Sprintf("depth %d", o.MaxDepth))
	add(o.GlobalExcludes != "", "global excludes", o.GlobalExcludes)
	add(o.ShowSecrets, "secrets shown")
	label := strings.Join(abs, ", ")
	if len(sel) > 0 {
		label += " (" + strings.Join(sel, "; ") + ")"
	}
	return label
}

// keptScope returns what a kept file is of (see ConceptIndexInfo.Of).
func keptScope(dir, name string) string {
	switch filepath.Ext(name) {
	case ".vec":
		key, _, ok := strings.Cut(name, "-")
		if !ok {
			return ""
		}
		if of := keptScope(dir, key+".idx"); of != "" {
			return "vectors of " + of
		}
		return ""
	case ".idx":
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return ""
		}
		defer f.Close()
		b := make([]byte, 8<<10)
		n, _ := io.ReadFull(f, b)
		of, err := concept.ReadScope(b[:n])
		if err != nil {
			return ""
		}
		return strings.ToValidUTF8(of, "?")
	}
	return ""
}

// ConceptCache lists the files kept in dir ("": the user's cache
// directory, see CacheOptions.CacheDir): concept indexes, their vectors,
// and the parses behind callers, callees and refs; least recently used
// first. It returns the directory too.
func ConceptCache(dir string) (string, []ConceptIndexInfo, error) {
	dir, err := conceptCacheDir(dir)
	if err != nil {
		return "", nil, err
	}
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return dir, nil, nil
	}
	if err != nil {
		return dir, nil, pathErr(err)
	}
	var out []ConceptIndexInfo
	for _, e := range ents {
		if !cacheFile(e.Name()) {
			continue
		}
		if fi, err := e.Info(); err == nil {
			out = append(out, ConceptIndexInfo{Path: filepath.Join(dir, e.Name()), Size: fi.Size(), Used: fi.ModTime(), Of: keptScope(dir, e.Name())})
		}
	}
	slices.SortFunc(out, func(a, b ConceptIndexInfo) int {
		if c := a.Used.Compare(b.Used); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
	return dir, out, nil
}

// ClearConceptCache removes every file ConceptCache lists in dir ("": the
// user's cache directory) and returns how many it removed; a file it
// could not remove is an error.
func ClearConceptCache(dir string) (int, error) {
	_, all, err := ConceptCache(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, x := range all {
		if err := removeKept(x.Path); err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}
