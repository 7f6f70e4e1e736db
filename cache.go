package scout

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gofrs/flock"

	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/mapped"
)

// CacheOptions says where scout keeps what it works out between searches:
// concept indexes, and the parses behind callers, callees and refs. All
// of them share one directory and one cap.
type CacheOptions struct {
	// CacheDir is the directory; "": scout/concept under the user's cache
	// directory (XDG_CACHE_HOME, else ~/.cache).
	CacheDir string
	// CacheMax is how large that directory may grow before the least
	// recently used files in it go; 0: DefaultConceptCacheMax.
	CacheMax int64
	// NoCache keeps nothing: the search works everything out for itself
	// alone.
	NoCache bool
}

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
	// An index a build cut short kept says it is partial ("/src/app;
	// partial: 4158 of 11478 files read before a search was cut short,
	// the next search reads the rest").
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
