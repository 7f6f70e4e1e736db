package page

import (
	"cmp"
	"path"
	"slices"
	"strings"
)

// The map rolls the hits after a page up by directory, so that every one
// of them is accounted for in a few lines.
//
// It starts from each file's own directory, and while the lines do not fit
// the room left, it folds the deepest directories into their parents: at
// each step, the parent whose children at the deepest level are the most.
// It never folds a search root's top directories into the root (one line
// for everything says nothing). If the lines still do not fit, the map
// keeps the directories with the most hits and ends with one
// "+N more directories" line for the others. Lines are
// ordered by hits (descending), then path.

// dirEntry is a directory of the map while it is rolled up.
type dirEntry struct {
	root    string // the directory it may not be folded above
	depth   int    // directories below root
	matches int
	files   int
}

// rollup returns the map of units[end:] (every file in Map mode) within
// avail bytes, header included; nil when there is nothing after the page or
// not even the header fits.
func rollup(in *Input, units []Unit, end int, m Mode, avail int) []Dir {
	rest := map[int32]int{} // file → hits after the page
	if m == Map {
		for i := range in.Files {
			rest[int32(i)] = len(in.Files[i].Hits)
		}
	} else {
		for _, u := range units[end:] {
			if u.Hit < 0 {
				rest[u.File] += len(in.Files[u.File].Hits)
			} else {
				rest[u.File]++
			}
		}
	}
	if len(rest) == 0 {
		return nil
	}
	avail -= len(mapHeader(m))
	dirs := map[string]*dirEntry{}
	for f, n := range rest {
		file := &in.Files[f]
		root, dir := file.Root, path.Dir(file.Path)
		switch {
		case root == file.Path:
			root = dir
		case root == "":
			root = "."
		}
		d := dirs[dir]
		if d == nil {
			d = &dirEntry{root: root, depth: depth(root, dir)}
			dirs[dir] = d
		}
		d.matches += n
		d.files++
	}
	n := size(dirs)
	for n > avail && fold(dirs, &n) {
	}
	out := sorted(dirs)
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

// fold folds the deepest directories of one parent into it, keeping n
// the size of the map's lines, and reports whether there was any to fold.
func fold(dirs map[string]*dirEntry, n *int) bool {
	deepest := 0
	for _, d := range dirs {
		deepest = max(deepest, d.depth)
	}
	if deepest <= 1 {
		// Folding the top directories into the root would leave one
		// line that says nothing; the biggest of them are kept instead.
		return false
	}
	children := map[string]int{}
	for p, d := range dirs {
		if d.depth == deepest {
			children[path.Dir(p)]++
		}
	}
	var parent string
	most := 0
	for p, n := range children {
		if n > most || n == most && p < parent {
			parent, most = p, n
		}
	}
	for p, d := range dirs {
		if d.depth != deepest || path.Dir(p) != parent {
			continue
		}
		delete(dirs, p)
		*n -= lineSize(p, d)
		up := dirs[parent]
		if up == nil {
			up = &dirEntry{root: d.root, depth: d.depth - 1}
			dirs[parent] = up
		} else {
			*n -= lineSize(parent, up)
		}
		up.matches += d.matches
		up.files += d.files
		*n += lineSize(parent, up)
	}
	return true
}

func sorted(dirs map[string]*dirEntry) []Dir {
	out := make([]Dir, 0, len(dirs))
	for p, d := range dirs {
		out = append(out, Dir{Path: p, Matches: d.matches, Files: d.files})
	}
	slices.SortFunc(out, func(a, b Dir) int {
		if a.Matches != b.Matches {
			return b.Matches - a.Matches
		}
		return cmp.Compare(a.Path, b.Path)
	})
	return out
}

func size(dirs map[string]*dirEntry) int {
	n := 0
	for p, d := range dirs {
		n += lineSize(p, d)
	}
	return n
}

func lineSize(p string, d *dirEntry) int {
	return len(appendDir(nil, Dir{Path: p, Matches: d.matches, Files: d.files}))
}

func mapSize(ds []Dir) int {
	n := 0
	for _, d := range ds {
		n += len(appendDir(nil, d))
	}
	return n
}
