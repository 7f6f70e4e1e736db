package page

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// fold collapses copies: a file whose every line on the page is the same,
// once trimmed, as a line shown above it in another file (versioned
// documents, vendored forks, generated clients, fixtures) is not shown
// under its own path; its lines are listed as Copies of those lines. Its
// hits still count as shown, so the cursor and the totals are unchanged.
// A file is folded only when its lines' first showings come in the same
// order as its own lines, so that its hits stay in their order.
func fold(files []File) []File {
	first := map[string]pageLine{}
	out := files[:0]
	for _, f := range files {
		if origins := copies(f, first); origins != nil {
			for i, ln := range f.Lines {
				o := origins[i]
				orig := &out[o.file].Lines[o.line]
				if n := len(orig.Copies); n > 0 && orig.Copies[n-1].Path == f.Path {
					orig.Copies[n-1].Lines = append(orig.Copies[n-1].Lines, ln.Number)
				} else {
					orig.Copies = append(orig.Copies, Copy{Path: f.Path, Lines: []int{ln.Number}})
				}
			}
			continue
		}
		for j, ln := range f.Lines {
			if k := strings.TrimSpace(ln.Text); !ln.Context && k != "" {
				if _, seen := first[k]; !seen {
					first[k] = pageLine{len(out), j}
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// FoldCopies is fold for a list of files that is not a planned page (a
// concept search's exact hits): each file whose every line repeats lines
// of a file before it is listed under those lines. files is not changed.
// Their paths are as found, and the copies' as a page shows them (Quote),
// as on a planned page.
func FoldCopies(files []File) []File {
	out := make([]File, len(files))
	for i, f := range files {
		f.Lines = slices.Clone(f.Lines)
		out[i] = f
	}
	out = fold(out)
	for _, f := range out {
		for j := range f.Lines {
			cs := slices.Clone(f.Lines[j].Copies)
			for k := range cs {
				cs[k].Path = Quote(cs[k].Path)
			}
			f.Lines[j].Copies = cs
		}
	}
	return out
}

// pageLine is a line of a page: an index into its files, and into that
// file's lines.
type pageLine struct{ file, line int }

// copies returns, when every line of f repeats a line already shown, in
// the order those were shown, where each was shown; else nil.
func copies(f File, first map[string]pageLine) []pageLine {
	var origins []pageLine
	prev := pageLine{-1, -1}
	for _, ln := range f.Lines {
		o, ok := first[strings.TrimSpace(ln.Text)]
		if !ok || ln.Context || o.file < prev.file || o.file == prev.file && o.line < prev.line {
			return nil
		}
		origins = append(origins, o)
		prev = o
	}
	return origins
}

// foldPlaces writes copies compactly: a file once, with its lines
// ("a.go:10,20"); by directory; and where the names in a directory differ
// by a number and share one line, as a pattern
// ("api/docs/v1.{24..30,32}.yaml:331").
func foldPlaces(copies []Copy) string {
	type group struct {
		dir    string
		copies []Copy
	}
	var groups []*group
	dirs := map[string]*group{}
	for _, c := range copies {
		dir := path.Dir(Unquote(c.Path))
		g := dirs[dir]
		if g == nil {
			g = &group{dir: dir}
			dirs[dir] = g
			groups = append(groups, g)
		}
		g.copies = append(g.copies, c)
	}
	var parts []string
	for _, g := range groups {
		if s, ok := numbered(g.dir, g.copies); ok {
			parts = append(parts, s)
			continue
		}
		for _, c := range g.copies {
			lines := make([]string, len(c.Lines))
			for i, n := range c.Lines {
				lines[i] = strconv.Itoa(n)
			}
			parts = append(parts, c.Path+":"+strings.Join(lines, ","))
		}
	}
	return strings.Join(parts, ", ")
}

// numbered folds the copies of one directory into a pattern when there
// are at least three files, each with one line, the same, named alike but
// for a number.
func numbered(dir string, items []Copy) (string, bool) {
	if len(items) < 3 {
		return "", false
	}
	names := make([]string, len(items))
	for i, c := range items {
		if len(c.Lines) != 1 || c.Lines[0] != items[0].Lines[0] {
			return "", false
		}
		names[i] = path.Base(Unquote(c.Path))
	}
	pre, suf := names[0], names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, pre) {
			pre = pre[:len(pre)-1]
		}
		for !strings.HasSuffix(n, suf) {
			suf = suf[1:]
		}
	}
	pre = strings.TrimRight(pre, "0123456789")
	suf = strings.TrimLeft(suf, "0123456789")
	// The numbers as written: a name's zeros are part of it (f000123.txt).
	nums := make([]string, len(names))
	vals := make([]int, len(names))
	for i, n := range names {
		if len(pre)+len(suf) >= len(n) {
			return "", false
		}
		nums[i] = n[len(pre) : len(n)-len(suf)]
		v, err := strconv.Atoi(nums[i])
		if err != nil || strings.Trim(nums[i], "0123456789") != "" {
			return "", false
		}
		vals[i] = v
	}
	// b follows a in a range as a shell expands {a..z}: the next number,
	// as wide as a when either is padded with zeros (08, 09, 10).
	follows := func(i int) bool {
		a, b := nums[i], nums[i+1]
		return vals[i+1] == vals[i]+1 && (len(a) == len(b) || a[0] != '0' && b[0] != '0')
	}
	var b strings.Builder
	if dir != "." {
		b.WriteString(dir + "/")
	}
	b.WriteString(pre + "{")
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && follows(j) {
			j++
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(nums[i])
		if j > i {
			b.WriteString(".." + nums[j])
		}
		i = j + 1
	}
	b.WriteString("}" + suf + ":" + strconv.Itoa(items[0].Lines[0]))
	return Quote(b.String()), true
}
