package page

import "fmt"

// The layout the parsed pages share (outline, callers, refs): units (a
// definition, a call, a use) file by file in order, from the start-th,
// each file under its header, within the room the page has.

// unitFile is a file of units to lay out.
type unitFile struct {
	path  string
	units []Line
	// gone units were let go (units is nil; see OutlineWindow), last the
	// largest line number among them.
	gone, last int
}

func (f *unitFile) size() int { return len(f.units) + f.gone }

// fill lays out the units after the first start of them within room
// bytes. header writes a file's header (skip: its units shown on earlier
// pages); unit writes unit i of file f, knowing the one written before it
// in the file on this page (prev, -1 for none). A file's header goes only
// with at least its first unit; the page's first unit always goes, even
// over the room. It returns the text and the files shown, each with its
// units on the page.
func fill(files []unitFile, start, room int, header func(f, skip int, first bool) []byte, unit func(f, i, prev int) []byte) ([]byte, []File) {
	var b []byte
	var shown []File
	n, skip := 0, start
	for fi, f := range files {
		if skip >= f.size() {
			skip -= f.size()
			continue
		}
		if f.gone > 0 {
			break // let go as past the page's room: the page ends before it
		}
		head := header(fi, skip, len(shown) == 0)
		nb := append(b[:len(b):len(b)], head...)
		pf := File{Path: Quote(f.path), Matches: len(f.units)}
		for i := skip; i < len(f.units); i++ {
			prev := i - 1
			if i == skip {
				prev = -1
			}
			line := unit(fi, i, prev)
			if len(nb)+len(line) > room && n+len(pf.Lines) > 0 {
				break
			}
			nb = append(nb, line...)
			pf.Lines = append(pf.Lines, f.units[i])
		}
		if len(pf.Lines) == 0 {
			break
		}
		b = nb
		pf.Shown = len(pf.Lines)
		shown = append(shown, pf)
		n += len(pf.Lines)
		if skip+len(pf.Lines) < len(f.units) {
			break // the room ran out inside this file
		}
		skip = 0
	}
	return b, shown
}

// finish sets what a parsed page shows, its cursor and its next step,
// once fill has laid it out: units [start, start+shown) of total, the
// cursor after the last. unit names the units ("definition", "call").
func finish(p *Page, start, total int, unit string, face Face, cursor func(int, Key) string) {
	shown := 0
	for _, f := range p.Files {
		shown += len(f.Lines)
	}
	if shown > 0 {
		p.Shown = Shown{From: start + 1, To: start + shown, Matches: shown, Files: len(p.Files)}
	}
	if next := start + shown; next < total {
		lf := p.Files[len(p.Files)-1]
		last := lf.Lines[len(lf.Lines)-1]
		p.Cursor = cursor(next, Key{Path: PathHash(lf.Path), Line: last.Number})
		p.Next = fmt.Sprintf("page %d with "+face.Cursor+" (%ss %d-%d remain)", p.Number+1, p.Cursor, unit, next+1, total)
	} else {
		p.Next = "none; this is everything"
	}
}

// longestKey is a key that makes a cursor at least as long as any real
// one of units: the largest path hash and the largest line number.
func longestKey(files []unitFile) Key {
	k := Key{Path: ^uint32(0)}
	for _, f := range files {
		k.Line = max(k.Line, f.last)
		for _, u := range f.units {
			k.Line = max(k.Line, u.Number)
		}
	}
	return k
}
