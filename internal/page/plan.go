package page

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"time"
	"unicode/utf8"

	"github.com/scoutcode/scout/internal/rank"
)

// Input is what a page is planned from: a search's ranked files and its
// accounting.
type Input struct {
	Files         []InFile // in rank order (see At)
	Dirs          bool     // List mode: the files are directories
	Before, After int      // context lines around each match
	Total         Totals
	Searched      int
	NotSearched   []Reason
	Partial       string // why the search stopped early; "" when it finished
	Warnings      []string
	Failed        bool // a warning is a failure, not a notice
	Ranking       string
	Elsewhere     []Elsewhere
	// Spans finds the matches in a line's text; nil finds none.
	Spans func(text string) []Span
	// At, when set, returns file i in rank order, and Files is left empty
	// (Count files in all): a find makes each file as the page needs it
	// instead of copying thousands of paths into Files.
	At    func(i int) InFile
	Count int
	// DirTotals, when set, holds every directory's files and hits (see
	// DirKey), so that the map need not go over thousands of files one at
	// a time. Files and count modes use it; content mode does not.
	DirTotals map[string]DirTotal
	// Describe returns what List mode shows of a path besides its name:
	// whether it is a directory, its size and when it last changed; nil
	// shows none of them.
	Describe func(file int) (dir bool, size int64, mtime time.Time)
	// Matched, when set, returns the number of file i's matching lines,
	// and Place its Path and Root, cheaper than At.
	Matched func(i int) int
	Place   func(i int) (path, root string)
}

// InFile is a file with matches. It is kept small: a find hands in one for
// every path it found, and on these machines fresh memory costs more than
// the work done with it.
type InFile struct {
	Path    string
	Root    string // the display path of the search root it is under ("" for "."); Path itself for a file named as a root
	Score   int
	Signals []Signal
	// Matched is the number of its matching lines, when FileLines does
	// not hold them all (or is nil); 0: len(Hits).
	Matched    int
	*FileLines // its lines; nil in List mode
}

// FileLines are what a content page shows of a file: its hits ranked From
// to From+len(Hits)-1, with the lines around them.
type FileLines struct {
	Lines []Line  // matching and context lines around those hits, in line order, whole
	Hits  []int32 // indices into Lines of the hits, best first
	From  int     // the rank in the file of Hits[0]
}

// file returns file i in rank order.
func (in *Input) file(i int) InFile {
	if in.At != nil {
		return in.At(i)
	}
	return in.Files[i]
}

// files returns the number of files.
func (in *Input) files() int {
	if in.At != nil {
		return in.Count
	}
	return len(in.Files)
}

// matches returns the number of the file's matching lines.
func (f *InFile) matches() int {
	switch {
	case f.Matched > 0:
		return f.Matched
	case f.FileLines == nil:
		return 0
	}
	return len(f.Hits)
}

// matchesOf returns the number of file i's matching lines.
func (in *Input) matchesOf(i int) int {
	if in.Matched != nil {
		return in.Matched(i)
	}
	f := in.file(i)
	return f.matches()
}

// place returns file i's Path and Root.
func (in *Input) place(i int) (string, string) {
	if in.Place != nil {
		return in.Place(i)
	}
	f := in.file(i)
	return f.Path, f.Root
}

// hit returns the line of the hit ranked h in f; false when f's lines do
// not hold it.
func (f *InFile) hit(h int) (*Line, bool) {
	if f.FileLines == nil || h < f.From || h-f.From >= len(f.Hits) {
		return nil, false
	}
	return &f.Lines[f.Hits[h-f.From]], true
}

// Limits bound a page.
type Limits struct {
	Mode      Mode
	MaxFiles  int // in content mode
	MaxListed int // in files and count modes
	PerFile   int // the quota: the order deals out this many hits of each file at a time; a cursor's own quota wins on later pages
	// PerPage caps the hits of one file a content page shows: the quota
	// when it was asked for, else 0, and a page takes the next deal of a
	// file's hits too when the budget and the files allow (when few files
	// are left, a page fills instead of running dry).
	PerPage int
	Budget  int // bytes of text
	Start   int // units shown by earlier pages
	Number  int // the page's number, from 1
	Explain bool
	Face    Face
	// NoCollapse shows every copy of a line under its own path (see fold).
	NoCollapse bool
	// Lines says lines were asked for (context, -A/-B/-C): Auto stays in
	// content mode, one hit per file at the least, and never lists files
	// or only the map.
	Lines bool
	// Cursor returns the cursor to the page after one that ends before
	// unit next, whose last unit's key is last. The planner measures it.
	Cursor func(next int, last Key, mode Mode, perFile int) string
	// Note is said on the page (with why auto chose its mode).
	Note string

	note     string // why auto chose the mode
	warnings int    // warnings the text lists (see plan)
}

// Lines longer than MaxLine bytes are shown as a window of about Window
// bytes: around the first match for a matching line, from the start for a
// context line.
const (
	MaxLine = 400
	Window  = 200
)

// Unit is a unit of the order: a hit (Hit ≥ 0, an index into the file's
// Hits) or, in files and count modes, a whole file (Hit −1).
type Unit struct {
	File, Hit int32
}

// Key returns the key of a unit: its score, the hash of its path and its
// line (0 for a file). The file's lines must hold the hit.
func (in *Input) Key(u Unit) Key {
	f := in.file(int(u.File))
	if u.Hit < 0 {
		return Key{Score: f.Score, Path: PathHash(f.Path)}
	}
	l, ok := f.hit(int(u.Hit))
	if !ok {
		panic(fmt.Sprintf("page: the lines of %s do not hold its hit ranked %d", f.Path, u.Hit))
	}
	return Key{Score: l.Score, Path: PathHash(f.Path), Line: l.Number}
}

// KeyAt returns the key of unit p of the order for a mode and quota, and
// false when there is no unit p.
func KeyAt(in *Input, m Mode, perFile, p int) (Key, bool) {
	o := newOrder(in, m, perFile)
	if p < 0 || p >= o.n {
		return Key{}, false
	}
	return in.Key(o.at(p)), true
}

// UnitCount returns the number of units of the order for a mode and
// quota.
func UnitCount(in *Input, m Mode, perFile int) int { return newOrder(in, m, perFile).n }

// Need is what a page may show of a file: its hits ranked [From, To).
type Need struct {
	File     int
	From, To int
}

// Needs returns the hits each file must hold in its lines for the page
// that l plans (in Auto mode, for every mode Auto may choose): the units
// the files and the quota allow from l.Start on, and, with a cursor, the
// unit before l.Start. An input whose files hold only some of their lines
// (InFile.Matched) must hold these before Plan.
func Needs(in *Input, l Limits) []Need {
	var out []Need
	add := func(m Mode, perFile int) {
		if m != Content {
			return
		}
		o := newOrder(in, m, perFile)
		from := max(l.Start-1, 0)
		pl := l
		pl.Mode, pl.PerFile = m, perFile
		reach := l.Start + pl.most()
		q := o.seek(from)
		for i := from; i < reach && q.file >= 0; i, q = i+1, o.next(q) {
			u := o.unit(q)
			out = append(out, Need{File: int(u.File), From: int(u.Hit), To: int(u.Hit) + 1})
		}
	}
	if l.Mode == Auto {
		add(Content, l.PerFile)
		add(Content, 1)
	} else {
		add(l.Mode, l.PerFile)
	}
	// One range per file.
	slices.SortFunc(out, func(a, b Need) int { return cmp.Or(a.File-b.File, a.From-b.From) })
	merged := out[:0]
	for _, n := range out {
		if k := len(merged) - 1; k >= 0 && merged[k].File == n.File {
			merged[k].From, merged[k].To = min(merged[k].From, n.From), max(merged[k].To, n.To)
			continue
		}
		merged = append(merged, n)
	}
	return merged
}

// Plan plans the page that starts after l.Start units. On the first page,
// Auto resolves to a mode (see resolve); on later pages l.Mode must be the
// mode the first page chose.
func Plan(in *Input, l Limits) *Page {
	if l.Mode == Auto {
		return resolve(in, l)
	}
	return plan(in, l, newOrder(in, l.Mode, l.PerFile))
}

// resolve picks the mode for Auto: content with the per-file quota when
// it shows as many files as the page may (or as there are); else content
// with one hit per file; else the list of files; else the map alone. When
// lines were asked for (l.Lines), it stops at content: with the quota, or
// one hit per file if that shows more files.
func resolve(in *Input, l Limits) *Page {
	want := min(l.MaxFiles, in.files())
	l.Mode = Content
	p := plan(in, l, newOrder(in, Content, l.PerFile))
	if p.Shown.Files >= want || l.PerFile == 1 && p.Shown.Files > 0 {
		return p
	}
	one := l
	one.PerFile = 1
	one.note = "1 match per file, to show more files (for more per file: " + fmt.Sprintf(l.Face.PerFile, l.PerFile) + ")"
	p1 := plan(in, one, newOrder(in, Content, 1))
	if p1.Shown.Files >= want || l.Lines && p1.Shown.Files > p.Shown.Files {
		return p1
	}
	if l.Lines {
		return p
	}
	fl := l
	fl.Mode, fl.MaxFiles = Files, max(l.MaxListed, l.MaxFiles)
	fl.note = "too broad to show lines within the budget, so the files are listed (for lines anyway: " + fmt.Sprintf(l.Face.Mode, "content") + ")"
	if pf := plan(in, fl, newOrder(in, Files, l.PerFile)); pf.Shown.Files >= want {
		return pf
	}
	ml := l
	ml.Mode = Map
	ml.note = "too broad to list within the budget, so only the map is shown; " + l.Face.Narrow
	return plan(in, ml, newOrder(in, Map, 1))
}

// plan fills a page with units from l.Start on, a file's group of units
// at a time, while the files, the quota and the budget allow.
//
// The files and the quota give the furthest the page may reach; the
// budget is then searched for by halving over the group boundaries before
// it, since a page's text only grows as it shows more units. Each test
// builds and writes the whole page, so a page of 50 paths is written 6
// times, not 50.
func plan(in *Input, l Limits, o *order) *Page {
	v := newView(o, l)
	// The footer must fit with no unit shown: list fewer warnings if not.
	for l.warnings = min(len(in.Warnings), MaxWarnings); l.warnings > 0 && !fits(in, l, v, l.Start); l.warnings-- {
	}
	var ends []int           // the ends of the groups the files and the quota allow
	files := map[int32]int{} // units of each file on the page
	perPage := l.PerPage
	if perPage <= 0 {
		perPage = MaxPerPage
	}
	for end := l.Start; end < v.reach && l.Mode != Map; {
		f := v.at(end).File
		g := end + 1
		for g < v.reach && v.at(g).File == f && (l.Mode != Content || g-end < l.PerFile) {
			g++
		}
		if _, ok := files[f]; !ok && len(files) == l.MaxFiles {
			break
		}
		if l.Mode == Content && files[f]+g-end > perPage {
			break
		}
		files[f] += g - end
		ends = append(ends, g)
		end = g
	}
	end := l.Start
	if len(ends) > 0 {
		// The most groups that fit: ends[:k] fit, ends[k:] do not.
		k := sort.Search(len(ends), func(i int) bool { return !fits(in, l, v, ends[i]) })
		switch {
		case k > 0:
			end = ends[k-1]
		default:
			// Not even the first group fits: show as much of it as does,
			// and at least one unit, so that paging always moves on; if
			// one does not fit, with less context.
			g := max(ends[0]-1, l.Start+1)
			for g > l.Start+1 && !fits(in, l, v, g) {
				g--
			}
			end = g
			if !fits(in, l, v, end) {
				in = lessContext(in, l, v, end)
			}
		}
	}
	p := build(in, l, v, end, false)
	text := len(p.text(l))
	avail := l.Budget - text - 1
	if l.Mode != Map {
		// The map of the rest is a guide to the next pages, not their
		// content: when the files could not fill the page (--max-files),
		// it takes no more than the page's own text, nor a share of the
		// budget.
		avail = min(avail, max(min(l.Budget/MapShare, text), minMap))
	}
	p.Rest = rollup(in, o, end, l.Mode, avail)
	p.Text = p.text(l)
	if len(p.Text) > l.Budget {
		// A page shows at least one unit, so that paging moves on; that
		// one (a path longer than the budget, say) can be too big.
		p.Note = joinNote(p.Note, fmt.Sprintf("this page is over its budget (%d of %d bytes): what it shows could not be made smaller", len(p.Text), l.Budget))
		p.Text = p.text(l)
	}
	return p
}

// view holds the units a page may show, from l.Start to reach: what the
// files, the quota and the budget allow at most.
type view struct {
	o      *order
	start  int
	units  []Unit // units [start, reach)
	reach  int
	before Unit // unit start-1, when start > 0
}

// A page's map of the rest takes at most 1/MapShare of its budget and no
// more than the rest of the page (but minMap bytes at least), unless the
// page is the map alone.
const (
	MapShare = 4
	minMap   = 300
)

// MaxPerPage is the most hits of one file a content page shows when no
// quota was asked for: a page fills from the next deals of its files'
// hits up to its budget, but a file past this many lines is one to read
// rather than page through.
const MaxPerPage = 100

// most returns the most units a page may show: what the files and the
// per-page cap allow, and the budget (every unit takes at least two bytes
// of text).
func (l Limits) most() int {
	most := l.MaxFiles
	if l.Mode == Content {
		perPage := l.PerPage
		if perPage <= 0 {
			perPage = MaxPerPage
		}
		most = l.MaxFiles * max(l.PerFile, perPage)
	}
	return min(most, l.Budget/2+1)
}

func newView(o *order, l Limits) *view {
	v := &view{o: o, start: l.Start, reach: min(o.n, l.Start+l.most())}
	if l.Mode != Map && l.Start < v.reach {
		v.units = o.units(max(l.Start-1, 0), v.reach)
		if l.Start > 0 {
			v.before, v.units = v.units[0], v.units[1:]
		}
	}
	return v
}

// at returns unit i, which must be in [start-1, reach).
func (v *view) at(i int) Unit {
	if i == v.start-1 {
		return v.before
	}
	return v.units[i-v.start]
}

func joinNote(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// lessContext returns the input with as much context as lets the page
// that ends before unit end fit.
func lessContext(in *Input, l Limits, v *view, end int) *Input {
	c := *in
	for c.Before > 0 || c.After > 0 {
		c.Before, c.After = c.Before/2, c.After/2
		if fits(&c, l, v, end) {
			break
		}
	}
	return &c
}

// fits reports whether the page that ends before unit end fits the budget,
// with room for the smallest map of the rest.
func fits(in *Input, l Limits, v *view, end int) bool {
	p := build(in, l, v, end, true)
	return len(p.text(l)) <= l.Budget
}

func (p *Page) text(l Limits) string {
	return Text(p, TextOptions{Explain: l.Explain, Face: l.Face, Warnings: l.warnings})
}

// build makes the page that shows units [l.Start, end). With reserve, its
// map is one line as long as the longest the rest could need.
func build(in *Input, l Limits, v *view, end int, reserve bool) *Page {
	p := &Page{
		Mode: l.Mode, Number: l.Number, Total: in.Total, Searched: in.Searched,
		NotSearched: in.NotSearched, Partial: in.Partial, Warnings: in.Warnings, Failed: in.Failed,
		Ranking: in.Ranking, Elsewhere: in.Elsewhere, Note: joinNote(l.Note, l.note), Dirs: in.Dirs,
		explained: l.Explain,
	}
	index := map[int32]int{}
	var hits [][]int32
	for i := l.Start; i < end; i++ {
		u := v.at(i)
		i, ok := index[u.File]
		if !ok {
			i = len(p.Files)
			index[u.File] = i
			f := in.file(int(u.File))
			pf := File{Path: Quote(f.Path), Matches: f.matches(), Score: f.Score, Signals: f.Signals}
			if in.Describe != nil {
				var mtime time.Time
				pf.Dir, pf.Size, mtime = in.Describe(int(u.File))
				if !mtime.IsZero() {
					pf.MTime = mtime.UTC().Format(time.RFC3339)
				}
			}
			p.Files = append(p.Files, pf)
			hits = append(hits, nil)
		}
		if u.Hit >= 0 {
			hits[i] = append(hits[i], u.Hit)
		}
		p.Shown.Matches++
		if u.Hit < 0 {
			f := in.file(int(u.File))
			p.Shown.Matches += f.matches() - 1
		}
	}
	for f, i := range index {
		pf := &p.Files[i]
		pf.Shown = len(hits[i])
		if l.Mode == Content {
			file := in.file(int(f))
			pf.Lines = in.lines(&file, hits[i])
		} else {
			pf.Shown = pf.Matches
		}
	}
	p.Shown.Files = len(p.Files)
	if l.Mode == Content && !l.Explain && !l.NoCollapse && in.Before == 0 && in.After == 0 {
		p.Files = fold(p.Files)
	}
	if end > l.Start {
		p.Shown.From, p.Shown.To = l.Start+1, end
	}
	if end > l.Start && end < v.o.n && in.Partial == "" && l.Cursor != nil {
		p.Cursor = l.Cursor(end, in.Key(v.at(end-1)), l.Mode, l.PerFile)
	}
	if reserve && (end < v.o.n || l.Mode == Map) && in.Total.Files > 0 {
		p.Rest = []Dir{{More: in.files(), Matches: in.Total.Matches, Files: in.files()}}
	}
	p.Next = next(in, l, p)
	return p
}

// next says what to do after this page.
func next(in *Input, l Limits, p *Page) string {
	switch {
	case p.Cursor != "":
		return fmt.Sprintf("page %d with "+l.Face.Cursor, l.Number+1, p.Cursor)
	case in.Partial != "":
		return "the search stopped early, so no cursor is given; " + l.Face.Timeout + ", or " + l.Face.Narrow
	case in.Total.Matches == 0 && in.Total.Files == 0 && len(in.Elsewhere) > 0:
		return "nothing matched where the search looked; to search the files above, do as each line says"
	case in.Total.Matches == 0 && in.Total.Files == 0:
		return "nothing matched; check the pattern and the paths"
	case l.Mode == Map:
		return l.Face.Narrow + " to see the lines"
	case l.Number > 1:
		return "none; this was the last page"
	}
	return "none; this is everything"
}

// lines returns the lines a page shows of a file for some of its hits:
// each hit with its context, in runs ordered by their best hit, context
// shared by neighbours printed once.
func (in *Input) lines(f *InFile, hits []int32) []Line {
	type run struct{ lo, hi, best int } // indices into f.Lines, inclusive; best: rank of its best hit
	var runs []run
	for rk, h := range hits {
		i := int(f.Hits[int(h)-f.From])
		n := f.Lines[i].Number
		lo, hi := i, i
		for lo > 0 && f.Lines[lo-1].Number >= n-in.Before && f.Lines[lo-1].Number == f.Lines[lo].Number-1 {
			lo--
		}
		for hi+1 < len(f.Lines) && f.Lines[hi+1].Number <= n+in.After && f.Lines[hi+1].Number == f.Lines[hi].Number+1 {
			hi++
		}
		runs = append(runs, run{lo, hi, rk})
	}
	// Merge runs that overlap or touch, keeping the best rank.
	for changed := true; changed; {
		changed = false
		for a := 0; a < len(runs) && !changed; a++ {
			for b := a + 1; b < len(runs); b++ {
				x, y := runs[a], runs[b]
				if x.lo <= y.hi+1 && y.lo <= x.hi+1 && (in.Before > 0 || in.After > 0) {
					runs[a] = run{min(x.lo, y.lo), max(x.hi, y.hi), min(x.best, y.best)}
					runs = append(runs[:b], runs[b+1:]...)
					changed = true
					break
				}
			}
		}
	}
	shown := map[int]bool{}
	for _, h := range hits {
		shown[int(f.Hits[int(h)-f.From])] = true
	}
	var out []Line
	for k, r := range runs {
		for i := r.lo; i <= r.hi; i++ {
			l := in.show(f.Lines[i], !shown[i])
			l.Gap = k > 0 && i == r.lo && (in.Before > 0 || in.After > 0)
			out = append(out, l)
		}
	}
	return out
}

// show prepares a line for a page: a match not shown on this page becomes
// context; a long line becomes a window.
func (in *Input) show(l Line, asContext bool) Line {
	if asContext {
		l = Line{Number: l.Number, Text: l.Text, Context: true}
	}
	if !l.Context {
		l.Definition = isDefinition(l.Signals)
		if in.Spans != nil {
			l.Spans = in.Spans(l.Text)
		}
	}
	if len(l.Text) <= MaxLine {
		return l
	}
	if l.Context || len(l.Spans) == 0 {
		l.Text = cut(l.Text, 0, Window)
		l.Spans = nil
		if !l.Context {
			l.Column = 1
		}
		return l
	}
	first := l.Spans[0]
	start := max(0, first.Start-Window/3)
	end := min(len(l.Text), start+Window)
	start = max(0, min(start, end-Window))
	for start > 0 && !utf8.RuneStart(l.Text[start]) {
		start--
	}
	text := cut(l.Text, start, end)
	shift := start
	if start > 0 {
		shift -= len("…")
	}
	var spans []Span
	for _, s := range l.Spans {
		a, b := s.Start-shift, s.End-shift
		if s.Start >= start && b <= len(text) {
			spans = append(spans, Span{a, b})
		}
	}
	l.Column, l.Text, l.Spans = first.Start+1, text, spans
	return l
}

// cut returns s[start:end], end moved back to a rune boundary, with "…"
// for what was left out on either side.
func cut(s string, start, end int) string {
	end = min(end, len(s))
	for end < len(s) && end > start && !utf8.RuneStart(s[end]) {
		end--
	}
	t := s[start:end]
	if start > 0 {
		t = "…" + t
	}
	if end < len(s) {
		t += "…"
	}
	return t
}

func isDefinition(s []Signal) bool {
	for _, x := range s {
		if x.Name == rank.SigDefinition {
			return true
		}
	}
	return false
}
