package scout

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/safe"
	"github.com/scoutcode/scout/internal/syntax"
	"github.com/scoutcode/scout/internal/textenc"
)

// ConceptOptions describes a concept search: a description in words
// ("the code that retries after a timeout").
type ConceptOptions struct {
	Description string
	// Tests keeps tests, examples, vendored and generated code level with
	// the rest; else they rank lower.
	Tests bool
	// ShowSecrets shows lines as they are; by default values that look
	// like secrets are masked, and they are masked before indexing too
	// (see Options.ShowSecrets).
	ShowSecrets bool
	// CacheOptions says where the index is kept between searches.
	CacheOptions
	// MaxIndexBytes bounds what an index may read: a scope whose files
	// (those under the parsers' size limit) hold more bytes gets no index
	// and no leads, only its exact hits, and the page says why, so that a
	// search started in / or a home directory by accident does not read
	// the disk for minutes and grow by gigabytes. 0: DefaultMaxIndexBytes;
	// negative: no limit.
	MaxIndexBytes int64
	// Progress, when not nil, is called as files are indexed (done of
	// total), from one goroutine at a time, first with done 0 as the
	// indexing starts; the CLI draws a bar with it on a terminal. A search
	// whose kept index needs no file read again never calls it.
	Progress func(done, total int)
	// EmbedProgress is Progress for the chunks sent to the embedding
	// provider (Embed).
	EmbedProgress func(done, total int)
	// Embed, when it names a provider, adds a ranking by the similarity
	// of embeddings to the word rankings; when the provider fails, the
	// leads are by words only and the page says why.
	Embed EmbedOptions
	Scope
	// RankOptions switch the file signals leads get from scout's ranking
	// (git, recency, frecency) and set their clock. Sort is not used:
	// leads come by score.
	RankOptions
	PageOptions // MaxFiles is not used
}

// MaxConceptLeads is how many leads a concept search ranks at most.
const MaxConceptLeads = 200

// DefaultMaxIndexBytes is the most bytes of files one concept index
// reads by default: 512 MiB, four times Go's own source tree and more
// than Python's standard library with its site-packages (481 MiB, built in
// ~50 s with a peak of ~610 MB).
const DefaultMaxIndexBytes = 512 << 20

// MaxExactHits is how many exact hits a concept page lists at most.
const MaxExactHits = 200

// ErrNoDescription is the error for an empty description.
var ErrNoDescription = errors.New("the description is empty")

// Concept returns a page of the places that answer a description: first
// the exact hits, the lines that hold the description as written (case
// folded), then the concept leads, the chunks of code (definitions, and
// windows of the lines between them) that share the most words with it,
// ranked offline by BM25 over code-aware terms (identifiers whole and
// split at camelCase and snake_case, stemmed, with the usual
// abbreviations) fused with the rank of their file as a whole. A lead
// that holds an exact hit is left out: the hit says it already. Each
// lead carries its score and the terms that brought it.
//
// A kept index found damaged as the search reads it (its pages carry
// checksums) is removed, and the search runs again, once, on one built
// afresh, with its own Timeout; the page says so.
func Concept(ctx context.Context, o ConceptOptions) (*Page, error) {
	p, err := concept1(ctx, o, "")
	var d *damagedKept
	if errors.As(err, &d) {
		warning := fmt.Sprintf("%s: %v, found as the search read it; rebuilt", d.file, d.err)
		if rerr := os.Remove(d.file); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w, and it could not be removed: %v", err, pathErr(rerr))
		}
		p, err = concept1(ctx, o, warning)
	}
	return p, err
}

// damagedKept is the error of a search that found damage in the kept
// index it read (file).
type damagedKept struct {
	file string
	err  error
}

func (d *damagedKept) Error() string {
	return fmt.Sprintf("%s: %v; remove it (scout cache --clear) and search again", d.file, d.err)
}

func (d *damagedKept) Unwrap() error { return d.err }

// concept1 is Concept with the kept index as it is; warning, when not
// "", goes on the page.
func concept1(ctx context.Context, o ConceptOptions, warning string) (*Page, error) {
	desc := strings.Join(strings.Fields(o.Description), " ")
	if desc == "" {
		return nil, fmt.Errorf("%w: describe what you look for in words, e.g. \"the code that retries after a timeout\"", ErrNoDescription)
	}
	if err := o.PageOptions.check(); err != nil {
		return nil, err
	}
	if err := knownProvider(o.Embed); err != nil {
		return nil, err
	}
	ro := o.RankOptions
	ro.Sort = ByRank // not used: not part of the search
	fp := fingerprintOf("concept", o.Scope, ro, desc, o.Tests, o.Embed.Provider, o.Embed.URL, o.Embed.Model)
	at, err := startPage(o.Cursor, fp, o.Now, onlyMode(page.Concept))
	if err != nil {
		return nil, err
	}
	ctx, cancel, ranOut := deadline(ctx, o.Timeout)
	defer cancel()
	tooLong := func(err error) error {
		if ranOut(err) {
			var cut *indexCut
			if errors.As(err, &cut) && cut.kept {
				return fmt.Errorf("the concept search took longer than the %v allowed: narrow the paths, or raise the timeout; the %d of %s of its index read so far are kept, and the next search goes on from there", o.Timeout, cut.read, plural(cut.of, "file"))
			}
			return fmt.Errorf("the concept search took longer than the %v allowed: narrow the paths, or raise the timeout", o.Timeout)
		}
		return err
	}

	// While the walk stats the files, git's index is read, and the kept
	// index is read back and searched: when no file changed (the usual
	// case), those leads are the answer.
	r := conceptRanker(ctx, o, at)
	defer r.gitRelease()
	var maps mappings
	defer maps.release()
	q := concept.Query{Text: desc, Tests: o.Tests, Read: phraseText}
	kept := make(chan keptIndex, 1)
	var early struct { // what the kept index gives
		leads    []concept.Lead
		found    int // the chunks the leads are the best of
		exact    exactList
		exactErr error
	}
	searched := make(chan struct{})
	earlyCtx, stopEarly := context.WithCancel(ctx) // stopped when the paths turn out too large for an index
	defer stopEarly()
	var earlyPanic *safe.Panic // raised on this goroutine (see package safe)
	go func() {
		sent := false
		earlyPanic = safe.Catch(func() {
			k := readKept(o, &maps)
			kept <- k
			sent = true
			if k.old != nil {
				early.exact, early.exactErr = exactHits(earlyCtx, desc, o, k.old)
				if o.Embed.Provider == "" && earlyCtx.Err() == nil {
					early.leads, early.found = k.old.SearchFound(q, MaxConceptLeads)
				}
			}
		})
		close(searched)
		if !sent { // searched is closed first, so the panic is seen at once
			kept <- keptIndex{}
		}
	}()
	defer func() { <-searched }() // before the kept index is unmapped
	scope, walked, err := scopeFiles(ctx, o.Scope, true, &r.projectPaths)
	if err == nil {
		err = ctx.Err()
	}
	k := <-kept
	select {
	case <-searched:
		safe.Raise(earlyPanic)
	default:
	}
	if err != nil {
		return nil, tooLong(err)
	}
	var (
		ix    *concept.Index
		files []chunked
		rep   cacheReport
		cut   *indexCut // the index was not done in time: no leads, the exact hits only
	)
	tooBig := overIndexLimit(scope, o.MaxIndexBytes, o.Face)
	if tooBig != "" {
		// What a kept index (built under a larger limit) would give is not used.
		stopEarly()
		ix = concept.NewBuilder().Index() // none: no leads, the exact hits only
		rep.line = "index: none; the paths hold too much for one (see leads)"
	} else {
		buildCtx, stopBuild := buildTime(ctx)
		if testHookBuild != nil {
			buildCtx, stopBuild = context.WithCancel(buildCtx)
			testHookBuild(stopBuild)
		}
		ix, files, rep, err = conceptIndex(buildCtx, scope, o, k, &maps)
		stopBuild()
		if err != nil {
			if !errors.As(err, &cut) || ctx.Err() != nil {
				return nil, tooLong(err)
			}
			stopEarly() // what a kept index gives is not all of the paths'
			ix, files = concept.NewBuilder().Index(), nil
			if cut.busy {
				rep.line = "index: being built by another search"
			}
		}
	}
	<-searched
	safe.Raise(earlyPanic)
	exact, err := early.exact, early.exactErr
	switch {
	case tooBig != "", cut != nil:
		if cut != nil && testHookCutExact != nil {
			testHookCutExact()
		}
		exact, err = exactHits(ctx, desc, o, nil)
	case ix != k.old:
		exact, err = exactHits(ctx, desc, o, ix)
	}
	if err != nil {
		if cut != nil && cut.kept && ctx.Err() != nil {
			// The time (or the caller) ran out after the cut build was
			// kept, before the exact hits were all found: the error
			// still says what was kept.
			err = &indexCut{read: cut.read, of: cut.of, kept: true, err: err}
		}
		return nil, tooLong(err)
	}
	in := page.ConceptInput{
		Description: desc, Exact: page.FoldCopies(exact.files), ExactFound: exact.found, Explain: o.Explain, Budget: o.Budget * 4, Face: o.Face,
	}
	ranked := "ranked by the words they share with the description (BM25 over code-aware terms, fused with their file's rank; the best files' lines that hold its words side by side count too); matched by words, not by meaning"
	in.NotIndexed, in.Warnings = notIndexed(ix, files)
	in.Warnings = append(warningLines(walked), in.Warnings...) // a path not there, a directory the walk could not read; then files
	in.Failed = (&Result{Warnings: walked}).Failed()
	if warning != "" {
		in.Warnings = append(in.Warnings, warning)
	}
	in.Warnings = append(in.Warnings, rep.warnings...)
	in.Index = rep.line
	in.Searched = ix.Indexed()
	if o.Embed.Provider != "" && cut == nil {
		sim := similar(ctx, ix, desc, o, &maps)
		if err := ctx.Err(); err != nil {
			return nil, tooLong(err)
		}
		q.Similar = sim.ranked
		in.Warnings = append(in.Warnings, sim.warnings...)
		if sim.line != "" {
			in.Index += "\n" + sim.line
		}
		if sim.skipped != "" {
			in.NoEmbed = sim.skipped
			ranked += "\nembeddings skipped, so leads are by words only: " + sim.skipped
		} else {
			in.Embedded = true
			ranked = "ranked by the words they share with the description (BM25 over code-aware terms, fused with their file's rank; the best files' lines that hold its words side by side count too) and by the similarity of their embeddings (" + sim.id + ") to the description's"
		}
	}
	if tooBig == "" && cut == nil {
		in.How = "leads: chunks cut at definitions found by " + chunker() + ", " + ranked
	}
	leads, found := early.leads, early.found
	if ix != k.old || o.Embed.Provider != "" {
		leads, found = ix.SearchFound(q, MaxConceptLeads) // the index changed, or embeddings rank too
	}
	if found > len(leads) {
		in.LeadsFound, in.LeadsRanked = found, len(leads)
	}
	bonus, signals := boostLeads(ctx, r, ix, leads, at.bonus)
	if signals != "" && o.Explain {
		in.How += "\n" + signals
	}
	in.Leads, in.LinesOf, in.LeadsInExact = leadsOf(ix, leads, exact.files, o.ShowSecrets)
	if tooBig != "" {
		in.Skipped = tooBig
	} else if cut != nil {
		in.Skipped = cut.skipped(o.Face)
	} else if len(in.Leads) == 0 && !hasTerms(desc) {
		in.Skipped = "the description has no word to rank chunks by (common words such as \"the\", \"where\" and \"code\" are left out): say what the code does, e.g. \"retries after a timeout\""
	}
	in.Symbol = symbolOn(desc, ix, leads, in.Leads)
	if err := ix.Damage(); err != nil {
		// What the search read of the kept index was not as written.
		return nil, &damagedKept{file: k.file, err: err}
	}

	stamps := stampsOf(ix)
	if tooBig != "" || cut != nil {
		stamps = scopeStamps(scope) // the exact hits' files are among them
	}
	in.Start, in.Number, in.Cursor, err = at.resumeParsed(fp, page.Concept, len(in.Leads)+countLines(in.Exact), len(in.Exact), bonus, stamps)
	if err != nil {
		return nil, err
	}
	// The files are as they were (resumeParsed checked their digests), but
	// git's say on them may not be, nor an embedding provider's: the unit
	// before the page must be the one the cursor was made after.
	if c := at.cur; c != nil && in.Start >= 1 && conceptKeyAt(in.Exact, in.Leads, in.Start-1) != c.Last {
		return nil, fmt.Errorf("%w: the leads' order changed since the first page though no file did (a file staged, committed or restored in git, or an embedding provider that answered then and not now); run the search again without the cursor", ErrStaleCursor)
	}
	return page.PlanConcept(in), nil
}

// buildTime bounds an index build so that when it runs out, there is
// time left to keep what it read and find the exact hits (and the page
// says why there are no leads): half the time ctx has left, at most
// buildReserve; ctx itself when it has no deadline. A build of GOROOT/src
// cut at 3 s of 4 wrote its 8,000 files in 0.9 s, and then had no time
// for the exact hits.
func buildTime(ctx context.Context) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok {
		return ctx, func() {}
	}
	return context.WithDeadline(ctx, dl.Add(-min(time.Until(dl)/2, buildReserve)))
}

// buildReserve is the most time buildTime keeps from an index build.
const buildReserve = 5 * time.Second

// testHookBuild, when set, is called as a search starts to build or
// update its index, with what ends the time that build has, for the test.
var testHookBuild func(end func())

// testHookCutExact, when set, is called as a search whose build was cut
// starts to find the exact hits over every file, for the test.
var testHookCutExact func()

// skipped says why a page whose index was cut has no leads, and what to
// do, as face spells it.
func (c *indexCut) skipped(face Face) string {
	switch {
	case c.busy:
		return "another search was building the concept index of these paths for all of the time allowed: search again once it is done, or " + face.Timeout
	case c.kept:
		return fmt.Sprintf("the concept index was not done in the time allowed: %d of %s read, and kept, so the next search goes on from there: search again, or %s", c.read, plural(c.of, "file"), face.Timeout)
	}
	return fmt.Sprintf("the concept index was not done in the time allowed (%d of %s read, not kept): %s, or %s", c.read, plural(c.of, "file"), face.Narrow, face.Timeout)
}

// hasTerms reports whether desc has a term concept search ranks by.
func hasTerms(desc string) bool {
	has := false
	concept.Terms(desc, func(string) { has = true })
	return has
}

// symbolOn says, for a description that is one symbol (nil for any
// other), where the leads that define it best are (the namesakes its
// qualifiers match, else all): the lead each is among those shown, or
// none when its lines are exact hits and it was left out of them.
func symbolOn(desc string, ix *concept.Index, leads []concept.Lead, shown []page.Lead) *page.Symbol {
	quals, name, ok := concept.Symbol(desc)
	if !ok {
		return nil
	}
	defines := func(l concept.Lead) int {
		for _, s := range l.Signals {
			if s.Name == "defines" {
				return s.Value
			}
		}
		return 0
	}
	best := 0
	for _, l := range leads {
		best = max(best, defines(l))
	}
	sym := &page.Symbol{Name: name, Qualifiers: quals, DefinedAt: []page.Definition{}}
	if best == 0 {
		return sym
	}
	// A long definition is cut into windows, each a chunk that defines
	// it: one place, from its first line to its last (a lead is its best
	// window, spanOf gives its lines), where it first is.
	for _, l := range leads {
		if defines(l) != best {
			continue
		}
		c := spanOf(ix, l.Chunk)
		p := ix.Files[c.File].Path
		touches := func(d page.Definition, start, end int) bool {
			return d.Path == p && d.Start <= end+1 && start <= d.End+1
		}
		if slices.ContainsFunc(shown, func(s page.Lead) bool {
			return slices.ContainsFunc(s.Copies, func(x page.LeadCopy) bool { return x.Path == p && x.Start == c.Start })
		}) {
			continue // a copy of a lead, listed under it: the lead is the place
		}
		lead := slices.IndexFunc(shown, func(s page.Lead) bool { return s.Path == p && s.Start == c.Start }) + 1
		start, end := c.Start, c.End
		if l.Declared > 0 { // a line that declares it: the place is that line
			start, end = l.Declared, l.Declared
		}
		if i := slices.IndexFunc(sym.DefinedAt, func(d page.Definition) bool { return touches(d, start, end) }); i >= 0 {
			d := &sym.DefinedAt[i]
			d.Start, d.End, d.Lead = min(d.Start, start), max(d.End, end), firstLead(d.Lead, lead)
			// The window may join places listed apart until now.
			for j := len(sym.DefinedAt) - 1; j > i; j-- {
				if o := sym.DefinedAt[j]; touches(o, d.Start, d.End) {
					d.Start, d.End, d.Lead = min(d.Start, o.Start), max(d.End, o.End), firstLead(d.Lead, o.Lead)
					sym.DefinedAt = slices.Delete(sym.DefinedAt, j, j+1)
				}
			}
			continue
		}
		sym.DefinedAt = append(sym.DefinedAt, page.Definition{Path: p, Start: start, End: end, Lead: lead})
	}
	if n := len(sym.DefinedAt); n > page.MaxDefinedAt {
		sym.More, sym.DefinedAt = n-page.MaxDefinedAt, sym.DefinedAt[:page.MaxDefinedAt]
	}
	return sym
}

// firstLead returns the first of two leads (numbered from 1; 0 is none):
// a definition some of whose windows are exact hits is shown where its
// first shown window is.
func firstLead(a, b int) int {
	if a == 0 || (b != 0 && b < a) {
		return b
	}
	return a
}

// exactHits returns the lines that hold desc as written (case folded),
// by file, best file first, at most MaxExactHits of them, and how many
// lines and files hold it in all. When more hold it, the lines kept are
// spread over the files: the first line of each file in turn, best file
// first, then the second of each, and so on; a file's best lines first.
//
// Only the files whose words hold every word of desc can hold it, and
// the index knows which: only those are searched (all of them when desc
// has no words, "->").
func exactHits(ctx context.Context, desc string, o ConceptOptions, ix *concept.Index) (exactList, error) {
	sc := o.Scope
	var buffer int64
	if ix == nil {
		// No index: the scope is searched as grep does.
	} else if paths, largest, ok := ix.Holding(desc); ok {
		if len(paths) == 0 {
			return exactList{}, nil
		}
		sc.Paths = paths // named, so only they are read, not the tree walked again
		// Their sizes are known: a worker's buffer of 16 MiB would be
		// cleared, page by page, for files of a few KiB.
		buffer = largest + 1
	}
	res, _, err := run(ctx, request{Options: Options{
		Patterns: []string{desc}, Fixed: true, Case: CaseInsensitive, Scope: sc, NoSpans: true, ShowSecrets: o.ShowSecrets,
		RankOptions: RankOptions{NoFrecency: true, NoGit: true},
	}, buffer: buffer}, 0)
	if err != nil {
		return exactList{}, err
	}
	fs := slices.Clone(res.Files)
	slices.SortStableFunc(fs, func(a, b File) int { return b.Score - a.Score })
	hits := make([]int, len(fs)) // by file, its matching lines
	found := page.Totals{}
	for i, f := range fs {
		for _, l := range f.Lines {
			if !l.Context {
				hits[i]++
			}
		}
		if hits[i] > 0 {
			found.Matches += hits[i]
			found.Files++
		}
	}
	// How many lines each file keeps: one more each round, best file
	// first, until MaxExactHits are kept.
	keep := make([]int, len(fs))
	for n, more := 0, true; more && n < MaxExactHits; {
		more = false
		for i := range fs {
			if keep[i] < hits[i] && n < MaxExactHits {
				keep[i]++
				n++
				more = true
			}
		}
	}
	var out exactList
	for i, f := range fs {
		if keep[i] == 0 {
			continue
		}
		pf := page.File{Path: f.Path, Lines: make([]page.Line, 0, keep[i])}
		for _, l := range f.Lines {
			if !l.Context && len(pf.Lines) < keep[i] {
				pf.Lines = append(pf.Lines, page.Line{Number: l.Number, Text: l.Text})
			}
		}
		out.files = append(out.files, pf)
	}
	if countLines(out.files) < found.Matches {
		out.found = found
	}
	return out, nil
}

// exactList is a concept search's exact hits: the lines kept, and when
// they are not all, how many lines and files hold the description.
type exactList struct {
	files []page.File
	found page.Totals // zero when files holds every line
}

// conceptKeyAt returns the key of unit i of a concept page's order (its
// exact hits' lines, then its leads), as page.PlanConcept makes it.
func conceptKeyAt(exact []page.File, leads []page.Lead, i int) page.Key {
	for _, f := range exact {
		if i < len(f.Lines) {
			return page.Key{Path: page.PathHash(f.Path), Line: f.Lines[i].Number}
		}
		i -= len(f.Lines)
	}
	if i < len(leads) {
		return page.Key{Path: page.PathHash(leads[i].Path), Line: leads[i].Start}
	}
	return page.Key{}
}

func countLines(fs []page.File) int {
	n := 0
	for _, f := range fs {
		n += len(f.Lines)
	}
	return n
}

// notIndexed counts the files left out of the index by reason, and
// returns those that could not be read as warnings.
func notIndexed(ix *concept.Index, files []chunked) ([]page.Reason, []string) {
	count := map[string]int{}
	for _, f := range ix.Files {
		if f.Skip != "" {
			count[f.Skip]++
		}
	}
	var warnings []string
	for _, f := range files {
		if f.why != "" && f.why != reasonTooBig && f.why != reasonBinary {
			warnings = append(warnings, page.Quote(f.path)+": "+f.why)
		}
	}
	var reasons []page.Reason
	for _, r := range []string{reasonTooBig, reasonBinary} {
		if count[r] > 0 {
			reasons = append(reasons, page.Reason{Reason: r, Count: count[r]})
		}
	}
	return reasons, warnings
}

// leadsOf turns the index's leads into the page's: without those that
// hold an exact hit, and with each copy of an earlier lead listed under it
// (foldCopies). Their lines (the definition's line and the best two, those
// with the most of the description's terms) are read by the function it
// returns, for the leads a page shows.
func leadsOf(ix *concept.Index, leads []concept.Lead, exact []page.File, showSecrets bool) (shown []page.Lead, linesOf func(i int) []page.Line, inExact int) {
	hits := map[string][]int{}
	for _, f := range exact {
		for _, l := range f.Lines {
			hits[f.Path] = append(hits[f.Path], l.Number)
		}
	}
	var rest []concept.Lead
	for _, l := range leads {
		c := spanOf(ix, l.Chunk)
		p := ix.Files[c.File].Path
		if !slices.ContainsFunc(hits[p], func(n int) bool { return n >= c.Start && n <= c.End }) {
			rest = append(rest, l)
		} else {
			inExact++
		}
	}
	type leadFile struct {
		data  []byte
		lines []string
		shown bool    // lines, mask and legal are set: a page shows its lines
		mask  *masker // for the lines shown
		legal int     // the last line of its licence notice (not shown: not indexed)
	}
	files := map[string]*leadFile{} // the files read, by path
	read := func(p string) *leadFile {
		f, ok := files[p]
		if !ok {
			if data, err := readRegular(p, 0); err == nil {
				f = &leadFile{data: textenc.Text(data)} // as it was indexed (see readParsable)
			}
			files[p] = f
		}
		return f
	}
	text := func(p string, start, end int) (string, bool) {
		if f := read(p); f != nil {
			return linesIn(f.data, start, end)
		}
		return "", false
	}
	from, copies := foldCopies(ix, rest, text)
	from, copies = foldNearCopies(ix, from, copies, text)
	out := make([]page.Lead, len(from))
	for i, l := range from {
		c := spanOf(ix, l.Chunk)
		kind, name, _ := ix.Strings(l.Chunk)
		pl := page.Lead{Path: ix.Files[c.File].Path, Start: c.Start, End: c.End, Kind: kind, Name: name, Score: l.Score, Terms: l.Terms, Similarity: l.Similarity}
		for _, s := range l.Signals {
			pl.Signals = append(pl.Signals, page.Signal{Name: s.Name, Value: s.Value})
		}
		for _, cp := range copies[i] {
			cc := spanOf(ix, cp.lead.Chunk)
			pl.Copies = append(pl.Copies, page.LeadCopy{Path: ix.Files[cc.File].Path, Start: cc.Start, End: cc.End, Near: cp.near})
		}
		out[i] = pl
	}
	linesOf = func(i int) []page.Line {
		l := from[i]
		c := spanOf(ix, l.Chunk)
		p := ix.Files[c.File].Path
		f := read(p)
		if f == nil {
			return nil
		}
		if !f.shown { // read for copies until now
			// Its lines share data, which is not written again: a large
			// file is not copied for the few lines shown.
			f.lines = splitLines(unsafe.String(unsafe.SliceData(f.data), len(f.data)))
			f.shown, f.mask, f.legal = true, newMasker(showSecrets, p, f.data, 1), noticeOf(p, f.lines)
		}
		lines := bestLines(f.lines, f.legal, c, l.Declared, l.Stems)
		for i := range lines {
			lines[i].Text, _ = f.mask.line(lines[i].Number, lines[i].Text)
		}
		return lines
	}
	return out, linesOf, inExact
}

// spanOf returns chunk c with the lines of the definition it is a window
// of (concept.Index.Span): a lead is the whole definition, its best lines
// from any of its windows.
func spanOf(ix *concept.Index, c int) concept.Chunk {
	ch := ix.Chunk(c)
	ch.Start, ch.End = ix.Span(c)
	return ch
}

// bestLines returns the chunk's definition line (when it is in the
// chunk), the line declaring the symbol the description is (declared; 0
// for none) and the two other lines holding the most of terms, in order,
// none of them a line of the file's licence notice (lines 1 to legal).
func bestLines(lines []string, legal int, c concept.Chunk, declared int, terms []string) []page.Line {
	if c.End > len(lines) || c.Start < 1 {
		return nil
	}
	type scored struct{ n, score int }
	var best []scored
	want := map[string]bool{}
	for _, t := range terms {
		want[t] = true
	}
	for n := max(c.Start, legal+1); n <= c.End; n++ {
		if n == c.At || n == declared {
			continue
		}
		seen := map[string]bool{}
		concept.Terms(lines[n-1], func(t string) {
			if want[t] {
				seen[t] = true
			}
		})
		if len(seen) > 0 {
			best = append(best, scored{n, len(seen)})
		}
	}
	slices.SortStableFunc(best, func(a, b scored) int { return b.score - a.score })
	best = best[:min(2, len(best))]
	var ns []int
	for _, n := range []int{c.At, declared} {
		if n > legal && n >= c.Start && n <= c.End && n <= len(lines) {
			ns = append(ns, n)
		}
	}
	for _, s := range best {
		ns = append(ns, s.n)
	}
	slices.Sort(ns)
	ns = slices.Compact(ns)
	out := make([]page.Line, len(ns))
	for i, n := range ns {
		out[i] = page.Line{Number: n, Text: lines[n-1]}
	}
	return out
}

// chunker says what found the definitions chunks are cut at.
func chunker() string {
	if OutlineBy == syntax.ByParser {
		return "tree-sitter (go/parser for Go)"
	}
	return "the line classifier (a build without cgo)"
}
