package page

import (
	"cmp"
	"slices"
	"strings"
)

// The map rolls the hits after a page up by directory, so that every one
// of them is accounted for in a few lines.
//
// It starts from each file's own directory, and while the lines do not fit
// the room left, it folds the deepest directories into their parents, the
// parents with the most children at that level first.
// It never folds a search root's top directories into the root (one line
// for everything says nothing). If the lines still do not fit, the map
// keeps the directories with the most hits and ends with one
// "+N more directories" line for the others. Lines are
// ordered by hits (descending), then files (descending), then path.

// DirTotal is what a directory holds directly: its files with hits and
// their hits (List mode: files, and 0 hits).
type DirTotal struct {
	Root    string // the directory it may not be folded above (see DirKey)
	Files   int
	Matches int
}

// DirKey returns the directory a file counts under in the map, and the
// directory the map may not fold it above, for a file at path under the
// search root root (as InFile.Path and InFile.Root).
func DirKey(path, root string) (dir, top string) {
	dir = dirOf(path)
	switch {
	case root == path:
		return dir, dir
	case root == "":
		return dir, "."
	}
	return dir, root
}

// dirEntry is a directory of the map while it is rolled up.
type dirEntry struct {
	root    string // the directory it may not be folded above
	depth   int    // directories below root
	matches int
	files   int
}

// rollup returns the map of the units from end on (every file in Map
// mode) within avail bytes, header included; nil when there is nothing
// after the page or not even the header fits.
func rollup(in *Input, o *order, end int, m Mode, avail int) []Dir {
	if m == Map && in.files() == 0 || m != Map && end >= o.n {
		return nil
	}
	avail -= len(mapHeader(m))
	var dirs map[string]*dirEntry
	switch {
	case in.DirTotals != nil && m != Map && !o.content:
		dirs = restFromTotals(in, end)
	default:
		// rest[file] is 1 + the file's hits after the page; 0: none of it is.
		rest := make([]int32, in.files())
		switch {
		case m == Map:
			for i := range rest {
				rest[i] = 1 + int32(in.matchesOf(i))
			}
		case o.content:
			for f, n := range o.consumed(end) {
				if left := o.counts[f] - n; left > 0 {
					rest[f] = 1 + left
				}
			}
		default:
			for f := end; f < len(rest); f++ {
				rest[f] = 1 + int32(in.matchesOf(f))
			}
		}
		dirs = restByFile(in, rest)
	}
	one, many := "file", "files"
	if in.Dirs {
		one, many = "directory", "directories"
	}
	var scratch []byte // lines are measured by writing them, over and over
	line := func(d Dir) int {
		scratch = appendDir(scratch[:0], d, m, one, many)
		return len(scratch)
	}
	n := 0
	for p, d := range dirs {
		n += line(Dir{Path: p, Matches: d.matches, Files: d.files})
	}
	levels := byDepth(dirs)
	for n > avail && foldLevel(dirs, &levels, &n, avail, line) {
	}
	out := sorted(dirs)
	mapSize := func(ds []Dir) int {
		n := 0
		for _, d := range ds {
			n += line(d)
		}
		return n
	}
	if mapSize(out) <= avail {
		return out
	}
	// Keep the biggest directories that fit with the line for the rest.
	for k := len(out) - 1; k >= 0; k-- {
		more := Dir{More: len(out) - k}
		for _, d := range out[k:] {
			more.Matches += d.Matches
			more.Files += d.Files
		}
		kept := append(slices.Clip(out[:k]), more)
		if mapSize(kept) <= avail {
			return kept
		}
	}
	return nil
}

// restByFile sums each directory's files and hits after the page, a file
// at a time (rest[file] is 1 + its hits after the page, 0 for none).
func restByFile(in *Input, rest []int32) map[string]*dirEntry {
	dirs := map[string]*dirEntry{}
	var d *dirEntry
	last := "\x00"
	for f, n := range rest {
		if n == 0 {
			continue
		}
		n--
		dir, root := DirKey(in.place(f))
		if dir != last { // files of a directory tend to come together
			d = dirs[dir]
			if d == nil {
				d = &dirEntry{root: root, depth: depth(root, dir)}
				dirs[dir] = d
			}
			last = dir
		}
		d.matches += int(n)
		d.files++
	}
	return dirs
}

// restFromTotals is restByFile for an input that counted its directories
// already (Input.DirTotals): the totals less the files [0, shown) (files,
// count and list modes, where a unit is a file).
func restFromTotals(in *Input, shown int) map[string]*dirEntry {
	dirs := make(map[string]*dirEntry, len(in.DirTotals))
	for dir, t := range in.DirTotals {
		dirs[dir] = &dirEntry{root: t.Root, depth: depth(t.Root, dir), matches: t.Matches, files: t.Files}
	}
	for f := range shown {
		file := in.file(f)
		dir, _ := DirKey(file.Path, file.Root)
		if d := dirs[dir]; d != nil {
			d.files--
			d.matches -= file.matches()
			if d.files == 0 {
				delete(dirs, dir)
			}
		}
	}
	return dirs
}

// depth counts the directories of dir below root.
func depth(root, dir string) int {
	if dir == root {
		return 0
	}
	rel := dir
	if root != "." {
		rel = strings.TrimPrefix(dir, root+"/")
		if root == "/" {
			rel = strings.TrimPrefix(dir, "/")
		}
	}
	return strings.Count(rel, "/") + 1
}

// byDepth lists the directories at each depth, so that a fold looks only
// at the deepest ones (Go's tree has ~1,400 directories, eight deep).
func byDepth(dirs map[string]*dirEntry) [][]string {
	var levels [][]string
	for p, d := range dirs {
		for len(levels) <= d.depth {
			levels = append(levels, nil)
		}
		levels[d.depth] = append(levels[d.depth], p)
	}
	return levels
}

// foldLevel folds directories at the deepest level into their parents,
// the parents with the most such children first, until the lines fit in
// avail or the level is gone; n is kept the size of the lines. It reports
// whether there was a level to fold. levels lists the directories by depth
// (see byDepth) and is kept so.
func foldLevel(dirs map[string]*dirEntry, levels *[][]string, n *int, avail int, line func(Dir) int) bool {
	ls := *levels
	for len(ls) > 0 && len(ls[len(ls)-1]) == 0 {
		ls = ls[:len(ls)-1]
	}
	*levels = ls
	deepest := len(ls) - 1
	if deepest <= 1 {
		// Folding the top directories into the root would leave one
		// line that says nothing; the biggest of them are kept instead.
		return false
	}
	children := map[string][]string{}
	for _, p := range ls[deepest] {
		children[dirOf(p)] = append(children[dirOf(p)], p)
	}
	parents := make([]string, 0, len(children))
	for p := range children {
		parents = append(parents, p)
	}
	slices.SortFunc(parents, func(a, b string) int {
		if c := len(children[b]) - len(children[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for _, parent := range parents {
		if *n <= avail {
			break
		}
		up := dirs[parent]
		if up == nil {
			first := dirs[children[parent][0]]
			up = &dirEntry{root: first.root, depth: deepest - 1}
			dirs[parent] = up
			ls[deepest-1] = append(ls[deepest-1], parent)
		} else {
			*n -= line(Dir{Path: parent, Matches: up.matches, Files: up.files})
		}
		for _, p := range children[parent] {
			d := dirs[p]
			*n -= line(Dir{Path: p, Matches: d.matches, Files: d.files})
			up.matches += d.matches
			up.files += d.files
			delete(dirs, p)
		}
		*n += line(Dir{Path: parent, Matches: up.matches, Files: up.files})
	}
	// Those not folded stay at the deepest level.
	left := ls[deepest][:0]
	for _, p := range ls[deepest] {
		if _, ok := dirs[p]; ok {
			left = append(left, p)
		}
	}
	ls[deepest] = left
	return true
}

// dirOf is path.Dir for the clean paths a search lists, without
// cleaning.
func dirOf(p string) string {
	i := strings.LastIndexByte(p, '/')
	switch {
	case i < 0:
		return "."
	case i == 0:
		return "/"
	}
	return p[:i]
}

func sorted(dirs map[string]*dirEntry) []Dir {
	out := make([]Dir, 0, len(dirs))
	for p, d := range dirs {
		out = append(out, Dir{Path: Quote(p), Matches: d.matches, Files: d.files})
	}
	slices.SortFunc(out, func(a, b Dir) int {
		if a.Matches != b.Matches {
			return b.Matches - a.Matches
		}
		if a.Files != b.Files {
			return b.Files - a.Files
		}
		return cmp.Compare(a.Path, b.Path)
	})
	return out
}
