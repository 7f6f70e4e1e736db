package scout

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/scoutcode/scout/internal/page"
)

// Defaults of GrepOptions.
const (
	DefaultBudget     = 1500 // tokens
	MinBudget         = 300  // tokens: room for a hit, its path and the footer
	DefaultMaxFiles   = 20   // files a content page shows
	DefaultMaxListed  = 50   // files a files or count page lists
	DefaultPerFile    = 3    // hits of one file the order deals at a time (the first page shows each file's first deal)
	DefaultPerFileOne = 100  // … when the search is one file
	// MaxPerPage: with no PerFile asked for, a page that has room after
	// the files' current deal takes their next ones, up to this many hits
	// of a file; a PerFile asked for caps every page.
	MaxPerPage = page.MaxPerPage
	// DefaultProbeTimeout bounds the look into left-out files that a search
	// with no match makes.
	DefaultProbeTimeout = 2 * time.Second
)

// Mode is what a page shows: Auto (the default) picks Content, unless the
// hits are too broad to show lines within the budget; then Files, else
// Map.
type Mode = page.Mode

// The modes, in the order auto mode considers them.
const Auto, Content, Files, Count, Map = page.Auto, page.Content, page.Files, page.Count, page.Map

// ParseMode reads a mode's name: auto, content, files, count or map.
func ParseMode(s string) (Mode, error) { return page.ParseMode(s) }

// Page is a page of a grep's results; see Grep. Its Text is the compact
// text format documented in internal/page.
type (
	Page      = page.Page
	PageFile  = page.File
	PageLine  = page.Line
	Totals    = page.Totals
	Shown     = page.Shown
	Reason    = page.Reason
	Dir       = page.Dir
	Elsewhere = page.Elsewhere
	// PageDef is the definition a hit or call sits in (PageLine.In).
	PageDef = page.Def
	// Target is what a call on a callees page calls, and where that is
	// defined (PageLine.Callee); Place is one of those places.
	Target = page.Target
	Place  = page.Place
	// Package is the package (a Python module) a call or use names by
	// an import, or its own (PageLine.Package, Target.Package).
	Package = page.Package
	// Face says how a page's text spells the options it points to.
	Face = page.Face
)

// CLIFace spells options as scout's command line does.
var CLIFace = page.CLI

// Cursor errors, wrapped with details.
var (
	// ErrBadCursor: the cursor does not decode (damaged, cut, or not a
	// cursor).
	ErrBadCursor = page.ErrBadCursor
	// ErrCursorMismatch: the cursor came from another search.
	ErrCursorMismatch = errors.New("the cursor belongs to another search")
	// ErrStaleCursor: the files changed since the cursor's first page; a
	// *StaleCursorError says how.
	ErrStaleCursor = errors.New("the files changed since the cursor was issued")
)

// GrepOptions describes a search whose results come as pages planned for
// an agent.
type GrepOptions struct {
	Options
	PageOptions
	Mode    Mode // Auto by default
	PerFile int  // hits of one file a page shows at most; 0: deal DefaultPerFile at a time (DefaultPerFileOne when the search is one file), up to MaxPerPage on a page with room
	// NoCollapse shows every copy of a line under its own path. By
	// default, a file whose every line on a content page repeats a line
	// shown above it (trimmed), in another file, is listed under that line
	// (PageLine.Copies) instead; without context lines or Explain only.
	NoCollapse bool
}

// Grep runs a content search and returns one page of its results: the
// best hits within the budget, at most MaxFiles files and PerFile hits per
// file (dealt out across files: see internal/page), the exact totals, what
// was not searched, a map of the rest by directory, and a cursor to the
// next page. The page is planned to fit the budget; it is never cut.
//
// A cursor continues exactly: the search runs again, scored with the first
// page's clock and frecency, and the page shows the hits that follow. If
// the files changed since the first page, Grep returns an error wrapping
// ErrStaleCursor instead of mixing two states of the tree.
func Grep(ctx context.Context, o GrepOptions) (*Page, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	p, err := grep(ctx, o)
	if errors.Is(err, ErrChanged) {
		// A file the page shows changed between the search and the reading
		// of its lines: once more, on the files as they are now.
		p, err = grep(ctx, o)
	}
	return p, err
}

func grep(ctx context.Context, o GrepOptions) (*Page, error) {
	fp := fingerprint(o)
	at, err := startPage(o.Cursor, fp, o.Now, func(m Mode) error {
		if o.Mode != Auto && o.Mode != m {
			return fmt.Errorf("%w: its pages are in %s mode, not %s; ask for %s mode, or run the search again without a cursor", ErrCursorMismatch, m, o.Mode, m)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	cur := at.cur
	opts := request{Options: o.Options, bonus: at.bonus}
	opts.Now = at.now
	opts.NoSpans, opts.CountOnly, opts.summary, opts.probe = true, false, true, true
	if cur == nil && !testNoKeep {
		opts.keep = o.limits().PerFile // what a first page shows of a file at most
	}
	start := time.Now()
	res, partial, err := run(ctx, opts, o.Timeout)
	if err != nil {
		return nil, err
	}
	in, err := summaryInput(res, opts.Options, partial, o.Timeout)
	if err != nil {
		return nil, err
	}
	rev := summaryRevision(res.found)
	l := o.limits()
	if cur != nil {
		if rev != cur.Revision {
			return nil, staleError(cur, in.Total, foundStamps(res))
		}
		l.Mode, l.PerFile, l.Start, l.Number = cur.Mode, cur.PerFile, cur.Ordinal, cur.Page
		if l.Mode == Files || l.Mode == Count {
			l.MaxFiles = l.MaxListed
		}
		if o.MaxFiles == 0 {
			// The first page shows 20 files, to give the spread of a broad
			// query; the later ones fill their budget with as many as fit.
			l.MaxFiles, l.MaxListed = MaxPageFiles, MaxPageFiles
		}
	}
	if err := loadPage(ctx, res, opts, in, &l, start, o.Timeout); err != nil {
		return nil, err
	}
	if cur != nil {
		if err := checkCursor(in, cur, rev, foundStamps(res)); err != nil {
			return nil, err
		}
	}
	l.Cursor = at.cursors(fp, func() uint64 { return rev }, l.Number, in.Total, res.ranker.bonuses(res.found), foundStamps(res))
	if in.Total.Matches == 0 && !partial {
		in.Elsewhere = probe(ctx, opts.Options, res.left, l.Face)
	}
	return planEnclosed(ctx, res, in, l, opts.ShowSecrets), nil
}

// Upper bounds of the numeric options: a larger value is taken as the
// bound (it means "as much as you have"), so that no arithmetic on it can
// overflow.
const (
	MaxBudget      = 1_000_000 // tokens: a page of 4 MB
	MaxPageFiles   = 100_000   // files a page may show
	MaxPerFile     = 100_000   // hits of a file a page may show
	MaxContext     = 10_000    // context lines on either side of a match
	MaxWorkers     = 256       // files searched at once
	MaxTimeout     = 24 * time.Hour
	MaxLineNumbers = 1 << 40 // line numbers (read's offset and limit)
)

// check validates the page options and fills in the defaults that do not
// depend on the mode.
func (o *GrepOptions) check() error {
	if err := o.Options.check(); err != nil {
		return err
	}
	if o.PerFile < 0 {
		return errors.New("per-file must be 1 or more (0 for the default)")
	}
	o.PerFile = min(o.PerFile, MaxPerFile)
	if o.Mode > Map {
		return fmt.Errorf("unknown output mode %d", o.Mode)
	}
	return o.PageOptions.check()
}

// check validates the options every page has, fills in the budget's
// and the face's defaults, and brings values over their bounds down to
// them.
func (o *PageOptions) check() error {
	switch {
	case o.Budget == 0:
		o.Budget = DefaultBudget
	case o.Budget < MinBudget:
		return fmt.Errorf("budget %d tokens is too small for a page: use at least %d", o.Budget, MinBudget)
	}
	o.Budget = min(o.Budget, MaxBudget)
	if o.MaxFiles < 0 {
		return errors.New("max files must be 1 or more (0 for the default)")
	}
	o.MaxFiles = min(o.MaxFiles, MaxPageFiles)
	if o.Timeout < 0 {
		return errors.New("timeout must be positive (0 for none)")
	}
	o.Timeout = min(o.Timeout, MaxTimeout)
	if o.Face == (Face{}) {
		o.Face = CLIFace
	}
	return nil
}

// limits returns the page limits for a first page.
func (o *GrepOptions) limits() page.Limits {
	l := page.Limits{
		Mode: o.Mode, MaxFiles: o.MaxFiles, MaxListed: o.MaxFiles, PerFile: o.PerFile,
		Budget: o.Budget * 4, Number: 1, Explain: o.Explain, Face: o.Face,
		Lines: o.Before > 0 || o.After > 0, NoCollapse: o.NoCollapse,
	}
	if l.MaxFiles == 0 {
		l.MaxFiles, l.MaxListed = DefaultMaxFiles, DefaultMaxListed
	}
	if l.Mode == Files || l.Mode == Count {
		l.MaxFiles = l.MaxListed
	}
	if l.PerFile == 0 {
		l.PerFile = DefaultPerFile
		if oneFile(o.Paths) {
			l.PerFile = DefaultPerFileOne
		}
	} else {
		l.PerPage = l.PerFile // asked for: a cap on every page
	}
	return l
}

// oneFile reports whether a search's scope is a single file.
func oneFile(paths []string) bool {
	if len(paths) != 1 {
		return false
	}
	info, err := os.Stat(paths[0])
	return err == nil && info.Mode().IsRegular()
}

// fingerprint hashes the search and every option that changes which hits
// there are or their order.
func fingerprint(o GrepOptions) uint64 {
	maxSize := o.MaxFileSize
	if maxSize == 0 {
		maxSize = DefaultMaxFileSize
	}
	q := o.Options
	return fingerprintOf("scout grep 2", q.Scope, q.RankOptions,
		q.Patterns, q.Fixed, q.Case, q.Word, q.Before, q.After, maxSize, q.Text, o.PerFile)
}

// rootsOf returns the search roots as given ("." for none) and absolute:
// a cursor is for the same roots, whichever directory it is used from.
func rootsOf(paths []string) (given, abs []string) {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	abs = make([]string, len(paths))
	for i, p := range paths {
		a, err := filepath.Abs(p)
		if err != nil {
			a = p
		}
		abs[i] = a
	}
	return paths, abs
}

// StaleCursorError says how the files changed since a cursor's first page.
type StaleCursorError struct {
	Changed  []string // files whose content changed since the first page (up to 10, by path)
	Touched  []string // files modified since, with the same content (up to 10, by path)
	More     int      // files not listed
	Was, Now Totals
}

func (e *StaleCursorError) Error() string {
	var b strings.Builder
	b.WriteString(ErrStaleCursor.Error())
	switch {
	case len(e.Changed) > 0:
		fmt.Fprintf(&b, ": changed since: %s", strings.Join(e.Changed, ", "))
		if len(e.Touched) > 0 {
			fmt.Fprintf(&b, "; modified, content the same: %s", strings.Join(e.Touched, ", "))
		}
	case len(e.Touched) > 0:
		fmt.Fprintf(&b, ": modified since, content the same (their modification time moves their rank): %s", strings.Join(e.Touched, ", "))
	default:
		b.WriteString(": files were deleted, or changed without a new modification time")
	}
	if e.More > 0 {
		fmt.Fprintf(&b, " and %d more", e.More)
	}
	fmt.Fprintf(&b, "; the first page counted %d matches in %d files, now there are %d in %d", e.Was.Matches, e.Was.Files, e.Now.Matches, e.Now.Files)
	b.WriteString("; the pages cannot go on without mixing the two; run the search again without the cursor to start over on the files as they are now")
	return b.String()
}

func (e *StaleCursorError) Unwrap() error { return ErrStaleCursor }

// foundStamps yields the files of a page's search with when they last
// changed and their content's checksum.
func foundStamps(res *Result) iter.Seq[stamp] {
	return func(yield func(stamp) bool) {
		for _, f := range res.found {
			if !yield(stamp{f.path, time.Unix(0, f.mtime), f.sum}) {
				return
			}
		}
	}
}

// inputShell returns what a page is planned from, but its files: the
// totals, what was not searched, warnings and how to find spans.
func inputShell(res *Result, opts Options, partial bool, timeout time.Duration) (*page.Input, error) {
	s := res.Stats
	in := &page.Input{
		Before: opts.Before, After: opts.After,
		Total:    page.Totals{Matches: s.MatchedLines, Files: s.FilesMatched},
		Searched: s.FilesSearched, NotSearched: s.Skipped.Reasons(),
		Ranking: res.Ranking.String(),
	}
	if partial {
		in.Partial = fmt.Sprintf("the time limit (%s) ran out", timeout)
	}
	for _, w := range res.Warnings {
		in.Warnings = append(in.Warnings, w.Error())
	}
	in.Failed = res.Failed()
	pat, _, err := compile(opts)
	if err != nil {
		return nil, err
	}
	m := pat.Matcher()
	in.Spans = func(text string) []page.Span {
		var out []page.Span
		for _, sp := range m.Matches([]byte(text), nil) {
			out = append(out, page.Span{Start: sp.Start, End: sp.End})
		}
		return out
	}
	return in, nil
}
