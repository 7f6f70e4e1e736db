package scout

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/scoutcode/scout/internal/gitstatus"
	"github.com/scoutcode/scout/internal/glob"
	"github.com/scoutcode/scout/internal/match"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/safe"
	"github.com/scoutcode/scout/internal/walk"
)

// FindOptions describes a search for files by name. The walk and its
// rules are grep's: the same ignore policy, hidden files, globs, types,
// depth and symlinks.
type FindOptions struct {
	// Pattern is a glob when it holds *, ? or [ (matched against the path
	// below the search root when it holds a '/', else against the base
	// name; ** as in git), else one or more words that must each occur in
	// the path (see internal/rank/name.go for how they rank). Empty lists
	// everything.
	Pattern string
	Case    Case // SmartCase by default: per word, insensitive unless it has an upper-case letter
	Dirs    bool // list directories instead of files

	Scope       // the same walk as grep's
	RankOptions // the same signals as grep's
	PageOptions // a page (Find only); MaxFiles: paths a page lists, 0: DefaultMaxListed
	Workers     int

	// NoSignals leaves Found.Signals empty: the scores are the same, and a
	// long listing is faster (FindAll only).
	NoSignals bool
}

// findRequest is a find with the settings only the package sets.
type findRequest struct {
	FindOptions
	bonus       map[uint32]int // the frecency bonuses a cursor carries; nil: read the store
	probe       bool           // look for paths left out that may match
	dirTotals   bool           // count the paths found in each directory, for a page's map
	signalsFrom int            // ≥ 0: list signals only for the paths ranked [signalsFrom, signalsFrom+signalsFor)
	signalsFor  int
	stat        bool // read each file's size and time as the walk finds it (Found.Size, MTime)
}

// Found is a file or directory a find lists.
type Found struct {
	Path    string // slash-separated: the search root as given, joined with the path below it
	Dir     bool
	Size    int64
	MTime   time.Time
	Score   int
	Signals []Signal

	walkRel string // the walk's Rel: the path below the root, "" for a root that is a file
	rootIdx int
	gitStat *gitstatus.FileStat // its stat data, when read (see statFound)
	git     uint8               // the git signal once known: 1 unchanged, 2 changed
}

// rel returns the path below the search root; for a root that is a file,
// its base name.
func (f *Found) rel() string {
	if f.walkRel == "" {
		return path.Base(f.Path)
	}
	return f.walkRel
}

// root returns the display path of the search root the path is under.
func (f *Found) root() string {
	switch {
	case f.walkRel == "":
		return path.Dir(f.Path)
	case f.Path == f.walkRel:
		return ""
	}
	return strings.TrimSuffix(strings.TrimSuffix(f.Path, f.walkRel), "/")
}

// FindResult is every path a find matched, ranked, and the accounting:
// Stats.FilesSearched counts the entries the walk listed, FilesMatched
// those that matched the pattern.
type FindResult struct {
	Files    []*Found // best first
	Stats    Stats
	Warnings []Warning
	Ranking  Ranking

	left      []leftOut
	bonus     map[uint32]int           // frecency bonuses by path hash, when any
	dirTotals map[string]page.DirTotal // with FindOptions.dirTotals: the paths found in each directory
}

// FindAll lists every file (or directory) that matches, ranked: see
// FindOptions for the pattern and internal/rank/name.go for the order.
func FindAll(ctx context.Context, o FindOptions) (*FindResult, error) {
	res, _, err := findRun(ctx, findRequest{FindOptions: o, signalsFrom: -1}, 0)
	return res, err
}

// findRun walks and ranks. With a timeout, a walk that runs out of time
// returns what it found so far, and partial is true.
func findRun(ctx context.Context, o findRequest, timeout time.Duration) (*FindResult, bool, error) {
	if rank.IsGlob(o.Pattern) {
		if err := glob.Check(strings.TrimPrefix(o.Pattern, "/")); err != nil {
			return nil, false, fmt.Errorf("%w: the glob %q: %v; or give words instead of a glob", ErrPattern, o.Pattern, err)
		}
	}
	paths := o.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	wopts, err := walkOptions(o.Scope)
	if err != nil {
		return nil, false, err
	}
	wopts.Dirs = o.Dirs
	workers := workerCount(o.Workers)
	var rk *ranker
	if o.Sort == ByRank {
		rk = newFileRanker(ctx, o.RankOptions, o.Scope, o.bonus, paths)
		defer rk.gitRelease() // the paths are ranked, explained and counted below, then it is done
	}
	visitors, partial, err := findWalk(ctx, o, wopts, paths, workers, timeout)
	if err != nil {
		if rk != nil {
			rk.gitDone(ctx)
		}
		return nil, false, err
	}
	res, all := mergeFound(visitors, o.dirTotals && len(paths) == 1)
	var git *gitstatus.State
	if rk != nil {
		git = rk.rankAll(ctx, res, all, o, workers)
	}
	sorted := sortFound(all, workers, len(paths) > 1)
	res.Stats.FilesMatched = len(sorted)
	if rk != nil {
		if o.signalsFrom >= 0 && !o.NoSignals {
			for i := o.signalsFrom; i < min(len(sorted), o.signalsFrom+o.signalsFor); i++ {
				rk.explain(sorted[i], git)
			}
		}
		res.bonus = rk.foundBonuses(sorted, git)
	}
	// The paths stay where the walk put them: copying 11k of them into one
	// slice cost more in page faults than anything else a find does.
	res.Files = sorted
	slices.SortStableFunc(res.Warnings, func(a, b Warning) int { return walk.ComparePaths(a.Path, b.Path) })
	return res, partial, nil
}

// findWalk walks the roots, each walker matching names as it goes.
func findWalk(ctx context.Context, o findRequest, wopts walk.Options, paths []string, workers int, timeout time.Duration) ([]*findVisitor, bool, error) {
	q := rank.NewNameQuery(o.Pattern, func(s string) bool {
		return match.FoldsCase(s, match.Options{Fixed: true, Case: o.Case})
	})
	wctx, cancel, ranOut := deadline(ctx, timeout)
	defer cancel()
	visitors := make([]*findVisitor, workers)
	err := walk.Parallel(wctx, paths, wopts, workers, func(i int) walk.Visitor {
		visitors[i] = &findVisitor{q: &q, dirs: o.Dirs, stat: o.stat, visitor: visitor{probe: o.probe}}
		if o.dirTotals && len(paths) == 1 { // with several roots a path may be found twice
			visitors[i].totals = map[string]*page.DirTotal{}
		}
		return visitors[i]
	})
	if ranOut(err) {
		return visitors, true, nil
	}
	return visitors, false, err
}

// mergeFound gathers what the walkers found: the counts, warnings, paths
// left out, directory totals (with dirTotals) and every path that matched.
func mergeFound(visitors []*findVisitor, dirTotals bool) (*FindResult, []*Found) {
	res := &FindResult{Ranking: Ranking{Sort: ByPath}}
	var all []*Found
	if dirTotals {
		res.dirTotals = map[string]page.DirTotal{}
	}
	for _, v := range visitors {
		for dir, t := range v.totals {
			sum := res.dirTotals[dir]
			sum.Root = t.Root
			sum.Files += t.Files
			res.dirTotals[dir] = sum
		}
		res.Stats.merge(v.stats)
		res.Warnings = append(res.Warnings, v.warnings...)
		res.left = append(res.left, v.left...)
		for _, chunk := range v.found {
			for i := range chunk {
				all = append(all, &chunk[i])
			}
		}
	}
	return res, all
}

// rankAll scores every path found: it reads their times (when there are
// few enough), waits for git's state and ranks them in parallel. It
// returns git's state for the explanations.
func (rk *ranker) rankAll(ctx context.Context, res *FindResult, all []*Found, o findRequest, workers int) *gitstatus.State {
	// The times are read once the walk knows how many paths matched: a
	// stat each, wasted on a find too large to use them.
	if len(all) <= MaxRecencyFiles {
		rk.info.Recency = fmt.Sprintf("on: %d paths", len(all))
		res.Warnings = append(res.Warnings, statFound(all, o.Follow, workers)...)
	} else {
		rk.info.Recency = fmt.Sprintf("off: %d paths, over the %d a find reads the times of", len(all), MaxRecencyFiles)
	}
	git := rk.gitDone(ctx)
	inParallel(len(all), workers, func(lo, hi int) { rk.rankFound(all[lo:hi], git, !o.NoSignals && o.signalsFrom < 0) })
	if g := rk.gitSig; g != nil && g.reader != nil {
		// A find asks the index of each path as it ranks it, after
		// gitDone: count them here.
		changed := int64(0)
		for _, f := range all {
			if f.git == 2 {
				changed++
			}
		}
		rk.info.Git = g.indexLine(changed)
		if len(all) > MaxRecencyFiles {
			rk.info.Git += fmt.Sprintf("; %d paths are more than the %d a find reads the stat data of, so a change in the worktree alone is not seen, only what the index shows (untracked, staged, unmerged)", len(all), MaxRecencyFiles)
		}
	}
	res.Ranking = rk.info
	res.Warnings = append(res.Warnings, rk.warnings...)
	return git
}

// sortFound orders the paths best first, then by path; a path under two
// of the roots given (dedupe) is listed once.
func sortFound(all []*Found, workers int, dedupe bool) []*Found {
	all = sortParallel(all, workers, func(a, b *Found) int {
		if a.Score != b.Score {
			return b.Score - a.Score
		}
		return walk.ComparePaths(a.Path, b.Path)
	})
	if !dedupe {
		return all
	}
	sorted := all[:0]
	seen := make(map[string]bool, len(all))
	for _, f := range all {
		if !seen[f.Path] {
			seen[f.Path] = true
			sorted = append(sorted, f)
		}
	}
	return sorted
}

// foundBonuses returns the frecency bonus of every path that has one, for
// a cursor; nil when none can.
func (rk *ranker) foundBonuses(sorted []*Found, git *gitstatus.State) map[uint32]int {
	if rk.frec.Len() == 0 && len(rk.bonus) == 0 {
		return nil
	}
	bonus := map[uint32]int{}
	for _, f := range sorted {
		facts := rk.foundFacts(f, git, true)
		b := rank.Frecency(facts.Frecency)
		if facts.FixedBonus {
			b = facts.FrecencyBonus
		}
		if b != 0 {
			bonus[page.PathHash(f.Path)] = b
		}
	}
	return bonus
}

// MaxRecencyFiles bounds the paths a ranked find reads the modification
// time of, for the recency signal: one system call each. Past it, recency
// is off for that find (the ranking says so) and the order comes from the
// name, frecency, git, depth and the penalties, which cost nothing to
// read.
const MaxRecencyFiles = 2000

// foundChunk is how many paths a chunk of findVisitor.found holds.
const foundChunk = 256

// findVisitor is one walking goroutine's share of a find.
type findVisitor struct {
	visitor
	q     *rank.NameQuery
	dirs  bool
	stat  bool      // read each file's size and time (findRequest.stat)
	found [][]Found // in chunks, so that growing never copies
	// With FindOptions.dirTotals: the paths found in each directory.
	totals map[string]*page.DirTotal
	last   string
	lastT  *page.DirTotal
}

// statFound reads the size and modification time of every found path, in
// parallel, and returns a warning for each it could not, sorted later with
// the others.
func statFound(all []*Found, follow bool, workers int) []Warning {
	stat := os.Lstat
	if follow {
		stat = os.Stat
	}
	var mu sync.Mutex
	var out []Warning
	inParallel(len(all), workers, func(lo, hi int) {
		for _, f := range all[lo:hi] {
			info, err := stat(filepath.FromSlash(f.Path))
			if errors.Is(err, syscall.ENAMETOOLONG) {
				info, err = walk.StatLong(f.Path, follow)
			}
			if err != nil {
				mu.Lock()
				out = append(out, Warning{Path: f.Path, Err: pathErr(err)})
				mu.Unlock()
				continue
			}
			f.MTime = info.ModTime()
			f.gitStat = gitstatus.StatOf(info)
			if !f.Dir {
				f.Size = info.Size()
			}
		}
	})
	return out
}

func (v *findVisitor) Visit(e walk.Entry) error {
	if e.IsDir != v.dirs {
		return nil
	}
	v.stats.FilesSearched++
	rel := e.Rel
	if rel == "" {
		rel = path.Base(e.Path)
	}
	signals, ok := v.q.Match(rel)
	if !ok {
		return nil
	}
	f := Found{Path: e.Path, Dir: e.IsDir, Signals: signals, walkRel: e.Rel, rootIdx: e.Root}
	if v.stat && !e.IsDir {
		// While the walk holds the directory open: relative to it.
		var err error
		if f.Size, f.MTime, err = e.SizeTime(); err != nil {
			v.warnings = append(v.warnings, Warning{Path: e.Path, Err: pathErr(err)})
		}
	}
	if n := len(v.found); n == 0 || len(v.found[n-1]) == cap(v.found[n-1]) {
		v.found = append(v.found, make([]Found, 0, foundChunk))
	}
	last := &v.found[len(v.found)-1]
	*last = append(*last, f)
	if v.totals != nil {
		// Counted here, where the path is at hand: the map of a page
		// needs them all, and going back over thousands of found paths
		// in rank order costs a cache miss each.
		dir, top := page.DirKey(f.Path, f.root())
		if dir != v.last || v.lastT == nil {
			t := v.totals[dir]
			if t == nil {
				t = &page.DirTotal{Root: top}
				v.totals[dir] = t
			}
			v.last, v.lastT = dir, t
		}
		v.lastT.Files++
	}
	return nil
}

// rankFound scores found paths: their name's signals, their depth, and
// the file signals grep uses (frecency, git, recency, penalties). With
// signals, it also lists each path's signals (else see explain).
func (r *ranker) rankFound(files []*Found, git *gitstatus.State, signals bool) {
	lookup := r.frec.Len() > 0 || r.gitSig != nil // else no path needs its project-relative form
	for _, f := range files {
		facts := r.foundFacts(f, git, lookup)
		if signals {
			fs, _ := rank.FileSignals(facts)
			f.Signals = append(f.Signals, fs...)
			if d := rank.Depth(f.rel()); d != 0 {
				f.Signals = append(f.Signals, Signal{Name: rank.SigDepth, Value: d})
			}
			f.Score = rank.Sum(f.Signals)
			continue
		}
		f.Score = rank.Sum(f.Signals) + rank.FileScore(facts) + rank.Depth(f.rel())
	}
}

// explain lists the signals of a path ranked without them.
func (r *ranker) explain(f *Found, git *gitstatus.State) {
	fs, _ := rank.FileSignals(r.foundFacts(f, git, true))
	f.Signals = append(slices.Clip(f.Signals), fs...)
	if d := rank.Depth(f.rel()); d != 0 {
		f.Signals = append(f.Signals, Signal{Name: rank.SigDepth, Value: d})
	}
}

// foundFacts returns what the file signals of a path are computed from.
func (r *ranker) foundFacts(f *Found, git *gitstatus.State, lookup bool) rank.FileFacts {
	facts := rank.FileFacts{Path: r.classPath(f.rootIdx, f.walkRel, f.Path), MTime: f.MTime, Now: r.now, Generated: rank.Generated(f.Path, nil), FixedBonus: r.bonus != nil}
	if lookup {
		rel := r.rel(f.rootIdx, f.walkRel)
		facts.Frecency = r.frec.Score(rel)
		if f.git == 0 && !f.Dir {
			f.git = 1
			if r.pathChanged(rel, f.gitStat, filepath.FromSlash(f.Path), git) {
				f.git = 2
			}
		}
		facts.Git = f.git == 2
	}
	facts.FrecencyBonus = r.bonusOf(f.Path)
	return facts
}

// Find lists the paths that match as a page: the best first, at most
// MaxFiles within the budget, with the exact totals, a map of the rest by
// directory and a cursor to the next page, with the same guarantees as
// Grep's.
func Find(ctx context.Context, fo FindOptions) (*Page, error) {
	if err := fo.PageOptions.check(); err != nil {
		return nil, err
	}
	fp := findFingerprint(fo)
	at, err := startPage(fo.Cursor, fp, fo.Now, onlyMode(page.List))
	if err != nil {
		return nil, err
	}
	cur := at.cur
	o := findRequest{FindOptions: fo, bonus: at.bonus}
	o.Now = at.now
	o.probe, o.dirTotals = true, true
	// Only the paths this page can show need their signals listed.
	o.signalsFrom, o.signalsFor = 0, o.MaxFiles
	if o.signalsFor == 0 {
		o.signalsFor = DefaultMaxListed
	}
	if cur != nil {
		o.signalsFrom = cur.Ordinal
	}
	res, partial, err := findRun(ctx, o, o.Timeout)
	if err != nil {
		return nil, err
	}
	in := findInput(res, o.FindOptions, partial)
	// The revision is only needed for the cursor: hash while the page is
	// planned.
	var revision safe.Group
	var rev uint64
	revision.Go(func() { rev = findRevision(res) })
	revOnce := sync.OnceFunc(revision.Wait)
	l := page.Limits{Mode: page.List, MaxFiles: o.MaxFiles, MaxListed: o.MaxFiles, PerFile: 1, Budget: o.Budget * 4, Number: 1, Explain: o.Explain, Face: o.Face}
	if l.MaxFiles == 0 {
		l.MaxFiles, l.MaxListed = DefaultMaxListed, DefaultMaxListed
	}
	stamps := func(yield func(stamp) bool) {
		for _, f := range res.Files {
			if !yield(stamp{f.Path, f.MTime, uint32(f.Size)}) {
				return
			}
		}
	}
	if cur != nil {
		revOnce()
		if err := checkCursor(in, cur, rev, stamps); err != nil {
			return nil, err
		}
		l.Start, l.Number = cur.Ordinal, cur.Page
	}
	l.Cursor = at.cursors(fp, func() uint64 { revOnce(); return rev }, l.Number, in.Total, res.bonus, stamps)
	if len(res.Files) == 0 && !partial {
		in.Elsewhere = findProbe(ctx, o.FindOptions, res.left)
	}
	p := page.Plan(in, l)
	revOnce() // the hashing goroutine ends before Find returns
	return p, nil
}

// findInput turns a find's result into what a page is planned from.
func findInput(res *FindResult, o FindOptions, partial bool) *page.Input {
	in := &page.Input{
		Dirs:     o.Dirs,
		Total:    page.Totals{Files: len(res.Files)},
		Searched: res.Stats.FilesSearched, NotSearched: res.Stats.Skipped.Reasons(),
		Ranking: res.Ranking.String(),
	}
	if partial {
		in.Partial = fmt.Sprintf("the time limit (%s) ran out", o.Timeout)
	}
	for _, w := range res.Warnings {
		in.Warnings = append(in.Warnings, w.Error())
	}
	in.Failed = len(res.Warnings) > 0
	in.Describe = func(i int) (bool, int64, time.Time) {
		f := res.Files[i]
		return f.Dir, f.Size, f.MTime
	}
	// The page asks for the paths it needs (all of them, for the map), one
	// at a time: a copy of every path would be fresh memory.
	in.Count = len(res.Files)
	in.DirTotals = res.dirTotals
	in.At = func(i int) page.InFile {
		f := res.Files[i]
		return page.InFile{Path: f.Path, Root: f.root(), Score: f.Score, Signals: f.Signals}
	}
	return in
}

// findFingerprint hashes a find and every option that changes what it
// lists or the order.
func findFingerprint(o FindOptions) uint64 {
	return fingerprintOf("scout find 2", o.Scope, o.RankOptions, o.Pattern, o.Case, o.Dirs)
}

// findRevision hashes what a find's pages are made of: every path in
// order, with its size and score.
func findRevision(res *FindResult) uint64 {
	h := fnv.New64a()
	var b []byte
	for _, f := range res.Files {
		b = append(b[:0], f.Path...)
		b = append(b, 0)
		b = binary.AppendVarint(b, f.Size)
		b = binary.AppendVarint(b, int64(f.Score))
		h.Write(b)
	}
	return h.Sum64()
}

// findProbe looks, when a find matched nothing, at the paths the walk left
// out (ignored, hidden) for paths that match, and says where they are and
// how to include them.
func findProbe(ctx context.Context, o FindOptions, left []leftOut) []page.Elsewhere {
	if len(left) == 0 {
		return nil
	}
	roots := o.Paths
	if len(roots) == 0 {
		roots = []string{"."}
	}
	q := rank.NewNameQuery(o.Pattern, func(s string) bool {
		return match.FoldsCase(s, match.Options{Fixed: true, Case: o.Case})
	})
	p := FindOptions{Case: o.Case, Dirs: o.Dirs, Workers: o.Workers}
	p.Paths = make([]string, len(left))
	p.Globs, p.Types, p.NotTypes, p.NoIgnore, p.Follow, p.Sort = o.Globs, o.Types, o.NotTypes, true, o.Follow, ByPath
	for i, l := range left {
		p.Paths[i] = l.path
	}
	res, partial, err := findRun(ctx, findRequest{FindOptions: p}, DefaultProbeTimeout)
	if err != nil {
		return nil
	}
	var matched []string
	for _, f := range res.Files {
		// Match as the search would have: relative to its own root.
		if _, ok := q.Match(relToRoots(f.Path, roots)); ok {
			matched = append(matched, f.Path)
		}
	}
	return elsewhere(left, matched, nil, partial, o.Face)
}

// relToRoots returns a display path relative to the first of the search
// roots it is under.
func relToRoots(p string, roots []string) string {
	for _, r := range roots {
		r = filepath.ToSlash(filepath.Clean(r))
		if r == "." {
			return p
		}
		if rel, ok := strings.CutPrefix(p, r+"/"); ok {
			return rel
		}
	}
	return p
}

// inParallel calls f on n consecutive shares of [0, total), at once.
func inParallel(total, n int, f func(lo, hi int)) {
	if n <= 1 || total < 1024 {
		f(0, total)
		return
	}
	var g safe.Group // a panic raised here, not on a goroutine of its own
	for i := range n {
		lo, hi := total*i/n, total*(i+1)/n
		g.Go(func() { f(lo, hi) })
	}
	g.Wait()
}

// sortParallel sorts s by cmp, its shares at once, then merges them; cmp
// must be a total order, so the result is the one a plain sort gives.
func sortParallel[T any](s []T, n int, cmp func(a, b T) int) []T {
	if n <= 1 || len(s) < 4096 {
		slices.SortFunc(s, cmp)
		return s
	}
	bounds := make([]int, n+1)
	for i := range bounds {
		bounds[i] = len(s) * i / n
	}
	inParallel(len(s), n, func(lo, hi int) { slices.SortFunc(s[lo:hi], cmp) })
	for len(bounds) > 2 {
		var next []int
		out := make([]T, 0, len(s))
		for i := 0; i+1 < len(bounds); i += 2 {
			next = append(next, len(out))
			if i+2 < len(bounds) {
				out = merge(out, s[bounds[i]:bounds[i+1]], s[bounds[i+1]:bounds[i+2]], cmp)
			} else {
				out = append(out, s[bounds[i]:bounds[i+1]]...)
			}
		}
		s, bounds = out, append(next, len(out))
	}
	return s
}

// merge appends the merge of sorted a and b to out.
func merge[T any](out, a, b []T, cmp func(a, b T) int) []T {
	for len(a) > 0 && len(b) > 0 {
		if cmp(b[0], a[0]) < 0 {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}
