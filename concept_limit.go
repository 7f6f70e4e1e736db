package scout

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/scoutcode/scout/internal/syntax"
)

// How much one concept index may read (ConceptOptions.MaxIndexBytes):
// paths that hold more get their exact hits only, and the page says why
// and where to narrow.

// overIndexLimit says why scope holds too much for a concept index ("" if
// it does not): the bytes of its files under the parsers' size limit, the
// ones an index reads, against max (ConceptOptions.MaxIndexBytes); face
// says how to narrow the search or raise max.
func overIndexLimit(scope []scopeFile, max int64, face Face) string {
	if max == 0 {
		max = DefaultMaxIndexBytes
	}
	if max < 0 {
		return ""
	}
	var bytes int64
	files := 0
	for _, f := range scope {
		if f.size <= syntax.MaxSize {
			bytes += f.size
			files++
		}
	}
	if bytes <= max {
		return ""
	}
	where := "to a project, not / or a home directory"
	if dirs := largestDirs(scope, 3); dirs != "" {
		where += "; the largest directories here: " + dirs
	}
	return fmt.Sprintf("the paths hold %s in %s, more than the %s one concept index may read: %s (%s), or %s", sizeOf(bytes), plural(files, "file"), sizeOf(max), face.Narrow, where, face.MaxIndex)
}

// largestDirs names the n directories just below the one that holds all
// of scope's files that hold the most bytes an index would read, largest
// first, each with its bytes ("" when the files are all in one directory).
func largestDirs(scope []scopeFile, n int) string {
	base := ""
	for i, f := range scope {
		p := filepath.ToSlash(f.path)
		if i == 0 {
			base = p[:strings.LastIndexByte(p, '/')+1]
		}
		for !strings.HasPrefix(p, base) {
			base = base[:strings.LastIndexByte(strings.TrimSuffix(base, "/"), '/')+1]
		}
	}
	bytes := map[string]int64{}
	for _, f := range scope {
		if dir, _, ok := strings.Cut(strings.TrimPrefix(filepath.ToSlash(f.path), base), "/"); ok && f.size <= syntax.MaxSize {
			bytes[base+dir+"/"] += f.size
		}
	}
	dirs := slices.Collect(maps.Keys(bytes))
	slices.SortFunc(dirs, func(a, b string) int {
		if c := cmp.Compare(bytes[b], bytes[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var out []string
	for _, d := range dirs[:min(n, len(dirs))] {
		out = append(out, d+" "+sizeOf(bytes[d]))
	}
	return strings.Join(out, ", ")
}

// sizeOf says n bytes in the largest unit of which it holds one or more.
func sizeOf(n int64) string {
	switch {
	case n < 1<<10:
		return plural(int(n), "byte")
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	case n < 1<<30:
		return mib(n)
	}
	return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
}

// scopeStamps gives the stamps of the files of a scope, for the cursors
// of a page without an index: their contents were not all read, so a
// digest is of size and time (a file touched counts as changed).
func scopeStamps(scope []scopeFile) iter.Seq[stamp] {
	return func(yield func(stamp) bool) {
		for _, f := range scope {
			d := uint32(f.size) ^ uint32(f.mtime) ^ uint32(f.mtime>>32)
			if !yield(stamp{path: f.path, mtime: time.Unix(0, f.mtime), digest: d}) {
				return
			}
		}
	}
}
