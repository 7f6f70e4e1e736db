package scout

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/scoutcode/scout/internal/match"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/query"
	"github.com/scoutcode/scout/internal/walk"
)

// A search of several conditions (see internal/query): terms that must all
// occur, one of which must, or none may, on a line, within N lines of each
// other, or in a file.
type (
	Query      = query.Query
	Term       = query.Term
	QueryScope = query.Scope
)

// The scopes of a Query.
const (
	ScopeLine = query.Line
	ScopeNear = query.Near
	ScopeDef  = query.Def
	ScopeFile = query.File
)

// ParseQueryScope reads a scope's name: line, near, def or file.
func ParseQueryScope(s string) (QueryScope, error) { return query.ParseScope(s) }

// ErrQuery is wrapped by the error of a query whose shape is wrong (--near
// without a second term, --not alone, contradictory scopes).
var ErrQuery = query.ErrQuery

// ConditionsOptions describes a search of several conditions.
type ConditionsOptions struct {
	Query Query
	Scope
	RankOptions // frecency is not used: the order must hold from page to page
	PageOptions // MaxFiles and Explain are not used
	ShowSecrets bool
	// Text searches binary files as if they were text, and MaxFileSize
	// skips larger files (0: DefaultMaxFileSize; negative: no limit), as
	// in Options.
	Text        bool
	MaxFileSize int64
}

// Conditions returns a page of what qualifies for a query of several
// conditions, with the evidence: at file scope, each qualifying file with
// its best line for every term it must hold; at def scope, each
// definition (by tree-sitter; blocks by indentation where it cannot parse)
// whose lines hold every term, under its name; at near scope, each region
// whose lines hold every term within Near lines of each other; at line
// scope, the lines that hold them all. Totals count what qualified: files,
// regions or lines. One search finds the lines that match any term; each
// such line is then tested against each term.
func Conditions(ctx context.Context, o ConditionsOptions) (*Page, error) {
	q := o.Query
	q.Normalize()
	if err := q.Check(); err != nil {
		return nil, err
	}
	if err := o.PageOptions.check(); err != nil {
		return nil, err
	}
	terms := q.Terms()
	res := make([]*regexp.Regexp, len(terms))
	for i, t := range terms {
		p, err := t.Compile()
		if err != nil {
			return nil, fmt.Errorf("%w: term %s: %w", ErrPattern, t, err)
		}
		res[i] = p.Regexp()
	}
	ro := o.RankOptions
	ro.NoFrecency = true
	fp := fingerprintOf("conditions", o.Scope, ro, q.String(), o.ShowSecrets)
	at, err := startPage(o.Cursor, fp, ro.Now, onlyMode(page.Content))
	if err != nil {
		return nil, err
	}
	ro.Now = at.now
	ctx, cancel, ranOut := deadline(ctx, o.Timeout)
	defer cancel()
	// Each file must hold every All term: one pass for the first, over
	// the tree, counting only; one for the next over the files that hold
	// it, and so on; then the pass that keeps lines, ranked, over the
	// files left. Passes past the first do not walk: they search the
	// files as the first pass's walk gave them, roots and all, so that
	// they rank as a walk would.
	var left []walk.Entry // nil: no All term, walk
	searched := -1
	var notSearched []page.Reason // the walk's, as grep counts them
	var warnings []string         // the walk's (a path not there), then any pass's unreadable files
	failed := false
	warn := func(r *Result) {
		failed = failed || r.Failed()
		for _, w := range r.Warnings {
			if m := w.Error(); !slices.Contains(warnings, m) {
				warnings = append(warnings, m)
			}
		}
	}
	for _, t := range q.All {
		so := searchOf([]Term{t}, o.Scope, RankOptions{Sort: ByPath, NoFrecency: true, NoGit: true}, true)
		so.Text, so.MaxFileSize = o.Text, o.MaxFileSize
		r, _, err := run(ctx, request{Options: so, entries: left}, 0)
		if err != nil {
			return nil, conditionsErr(ranOut, err, o.Timeout)
		}
		warn(r)
		if searched < 0 {
			searched, notSearched = r.Stats.FilesSearched, r.Stats.Skipped.Reasons()
		}
		left = make([]walk.Entry, len(r.Files))
		for i, f := range r.Files {
			left[i] = f.entry
		}
		if len(left) == 0 {
			break
		}
	}
	res0 := &Result{}
	if left == nil || len(left) > 0 {
		so := searchOf(terms, o.Scope, ro, false)
		so.ShowSecrets, so.keepRaw = o.ShowSecrets, true
		so.Text, so.MaxFileSize = o.Text, o.MaxFileSize
		r, _, err := run(ctx, request{Options: so, entries: left}, 0)
		if err != nil {
			return nil, conditionsErr(ranOut, err, o.Timeout)
		}
		warn(r)
		res0 = r
	}
	if searched < 0 {
		searched, notSearched = res0.Stats.FilesSearched, res0.Stats.Skipped.Reasons()
	}
	var files []page.File
	var stamps []stamp
	qualified := 0
	for _, f := range res0.Files {
		var blocks []*block
		if q.Scope == query.Def {
			blocks, _ = blocksOf(ctx, f.Path, f.Lines)
		}
		units, n := qualify(&q, res, f.Lines, blocks)
		if n == 0 {
			continue
		}
		qualified += n
		files = append(files, page.File{Path: f.Path, Lines: units, Matches: n})
		h := fnv.New32a()
		for _, l := range units {
			fmt.Fprintf(h, "%d %s\n", l.Number, l.Text)
		}
		stamps = append(stamps, stamp{path: f.Path, mtime: f.mtime, digest: h.Sum32()})
	}
	// Files by their best unit, then path.
	best := func(f page.File) int {
		m := f.Lines[0].Score
		for _, l := range f.Lines {
			m = max(m, l.Score)
		}
		return m
	}
	slices.SortStableFunc(files, func(a, b page.File) int { return cmp.Or(best(b)-best(a), strings.Compare(a.Path, b.Path)) })
	in := page.ConditionsInput{
		Query: q.String(), Scope: q.Scope.String(), Files: files, Qualified: qualified,
		Searched: searched, NotSearched: notSearched, Warnings: warnings, Failed: failed, Number: 1, Budget: o.Budget * 4, Face: o.Face,
	}
	total := 0
	for _, f := range files {
		total += len(f.Lines)
	}
	in.Start, in.Number, in.Cursor, err = at.resumeParsed(fp, page.Content, total, len(files), nil, slices.Values(stamps))
	if err != nil {
		return nil, err
	}
	return page.PlanConditions(in), nil
}

// conditionsErr words a search's error for a query of conditions.
func conditionsErr(ranOut func(error) bool, err error, timeout time.Duration) error {
	if ranOut(err) {
		return fmt.Errorf("the search took longer than the %v allowed: narrow it with paths, globs or types, or raise the timeout", timeout)
	}
	return err
}

// searchOf is the one search for the lines that match any term: with the
// terms' own settings when they share them, else each as the regular
// expression it compiles to.
func searchOf(terms []Term, sc Scope, ro RankOptions, countOnly bool) Options {
	o := Options{Scope: sc, RankOptions: ro, NoSpans: true, CountOnly: countOnly}
	same := true
	for _, t := range terms[1:] {
		same = same && t.Fixed == terms[0].Fixed && t.Word == terms[0].Word && t.Case == terms[0].Case
	}
	for _, t := range terms {
		if same {
			o.Patterns = append(o.Patterns, t.Pattern)
			continue
		}
		p, _ := t.Compile()
		o.Patterns = append(o.Patterns, p.String())
	}
	if same {
		o.Fixed, o.Word, o.Case = terms[0].Fixed, terms[0].Word, terms[0].Case
	} else {
		o.Case = match.Sensitive // each expression says its own
	}
	return o
}

// qualify returns what of a file's matching lines qualifies for the query,
// as the page's units, and the count of what qualified (the file: 1;
// definitions; regions; lines). blocks: each line's definition, for the
// def scope. Each unit's Kind names the terms it holds.
func qualify(q *Query, res []*regexp.Regexp, lines []Line, blocks []*block) ([]page.Line, int) {
	nAll, nAny := len(q.All), len(q.Any)
	masks := make([]uint64, len(lines))
	for i, l := range lines {
		text := l.Text
		if l.raw != "" { // masked: its terms are matched as the search matched them
			text = l.raw
		}
		for k, re := range res {
			if k < 64 && re.MatchString(text) {
				masks[i] |= 1 << k
			}
		}
	}
	allBits := uint64(1)<<nAll - 1
	anyBits := (uint64(1)<<nAny - 1) << nAll
	noneBits := ^uint64(0) &^ (allBits | anyBits)
	holds := func(m uint64) bool { return m&allBits == allBits && (nAny == 0 || m&anyBits != 0) }
	unit := func(i int) page.Line {
		l := lines[i]
		return page.Line{Number: l.Number, Text: l.Text, Score: l.Score, Kind: termsIn(q, masks[i])}
	}
	switch q.Scope {
	case query.Line:
		var out []page.Line
		for i, m := range masks {
			if holds(m) && m&noneBits == 0 {
				out = append(out, unit(i))
			}
		}
		sortUnits(out)
		return out, len(out)
	case query.Def:
		return defUnits(blocks, lines, masks, holds, noneBits, unit)
	case query.File:
		var union uint64
		for _, m := range masks {
			union |= m
		}
		if !holds(union) || union&noneBits != 0 {
			return nil, 0
		}
		// The evidence: the best line for each All term, and for the Any
		// terms together.
		var out []page.Line
		seen := map[int]bool{}
		pick := func(bits uint64) {
			b := -1
			for i, m := range masks {
				if m&bits != 0 && (b < 0 || lines[i].Score > lines[b].Score) {
					b = i
				}
			}
			if b >= 0 && !seen[b] {
				seen[b] = true
				out = append(out, unit(b))
			}
		}
		for k := range nAll {
			pick(1 << k)
		}
		if nAny > 0 {
			pick(anyBits)
		}
		sortUnits(out)
		return out, 1
	}
	return near(q, lines, masks, holds, noneBits, unit)
}

// near finds the regions where every term occurs within q.Near lines of
// each other and no None term does: a matching line qualifies when some
// window of Near+1 lines that holds it holds every All term (and an Any
// term, if any) and no None term; qualifying lines at most Near lines
// apart make one region. A region's lines come together, in line order;
// regions are ranked by their best line, less one point per line they
// span (terms closer together first).
func near(q *Query, lines []Line, masks []uint64, holds func(uint64) bool, noneBits uint64, unit func(int) page.Line) ([]page.Line, int) {
	n := q.Near
	// The lines in line order (one per line number).
	ord := make([]int, len(lines))
	for i := range ord {
		ord[i] = i
	}
	slices.SortFunc(ord, func(a, b int) int { return lines[a].Number - lines[b].Number })
	num := func(k int) int { return lines[ord[k]].Number }
	// window returns the mask of the lines in [s, s+n].
	window := func(s int) uint64 {
		k, _ := slices.BinarySearchFunc(ord, s, func(i, t int) int { return lines[i].Number - t })
		var m uint64
		for ; k < len(ord) && num(k) <= s+n; k++ {
			m |= masks[ord[k]]
		}
		return m
	}
	ok := make([]bool, len(ord)) // by position in ord
	for k := range ord {
		for s := num(k) - n; s <= num(k) && !ok[k]; s++ {
			if m := window(s); holds(m) && m&noneBits == 0 {
				ok[k] = true
			}
		}
	}
	type region struct{ from, to, score int } // positions in ord, inclusive
	var regions []region
	for k := range ord {
		if !ok[k] {
			continue
		}
		if r := len(regions) - 1; r >= 0 && num(k)-num(regions[r].to) <= n {
			regions[r].to = k
			continue
		}
		regions = append(regions, region{from: k, to: k})
	}
	for r := range regions {
		g := &regions[r]
		b := lines[ord[g.from]].Score
		for k := g.from; k <= g.to; k++ {
			b = max(b, lines[ord[k]].Score)
		}
		g.score = b - (num(g.to) - num(g.from))
	}
	slices.SortStableFunc(regions, func(a, b region) int { return b.score - a.score })
	var out []page.Line
	for r, g := range regions {
		for k := g.from; k <= g.to; k++ {
			if ok[k] {
				u := unit(ord[k])
				u.Score = g.score
				if k == g.from { // JSON has no gaps: the region is said on its first line
					u.Gap = r > 0
					u.In = &page.Def{Number: num(g.from), End: num(g.to), Kind: "region"}
				}
				out = append(out, u)
			}
		}
	}
	return out, len(regions)
}

// sortUnits orders units best first, then by line.
func sortUnits(us []page.Line) {
	slices.SortStableFunc(us, func(a, b page.Line) int { return cmp.Or(b.Score-a.Score, a.Number-b.Number) })
}

// termsIn names the terms a line's mask holds: "a, b".
func termsIn(q *Query, m uint64) string {
	var names []string
	for k, t := range q.Terms() {
		if k < 64 && m&(1<<k) != 0 {
			names = append(names, t.Pattern)
		}
	}
	return strings.Join(names, ", ")
}
