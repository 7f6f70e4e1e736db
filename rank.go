package scout

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/scoutcode/scout/internal/frecency"
	"github.com/scoutcode/scout/internal/gitstatus"
	"github.com/scoutcode/scout/internal/match"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/search"
	"github.com/scoutcode/scout/internal/walk"
)

// GitTimeout bounds the one git status call a ranked search makes; past it
// the git signal is off for that search.
const GitTimeout = 2 * time.Second

// ranker holds what a ranked search scores with: the clock, the project,
// the frecency snapshot and (arriving while the search runs) git's state.
type ranker struct {
	now time.Time
	projectPaths
	frec      frecency.Snapshot
	bonus     map[uint32]int  // frecency bonuses by path hash that replace frec (from a cursor)
	literals  map[string]bool // patterns that are plain strings searched ignoring case: a match spelled exactly like one earns the case signal
	markers   bool            // the search is for comment markers (rank.MarkerQuery)
	names     *match.Pattern  // the patterns, ignoring case, for the file-name signal
	nameWhole *match.Pattern  // … anchored at both ends: is the file named after the match?
	whole     *match.Pattern  // the patterns anchored at both ends: does a match cover a whole name?
	wholeSet  *wholeSet       // instead of nameWhole and whole, for many plain strings
	info      Ranking
	context   bool            // context lines were asked for
	gitSig    *gitSignal      // where the git signal comes from (nil: off)
	ctx       context.Context // the search's, for git status
	warnings  []Warning
}

// namesOptions is how the ranker matches the patterns in file names.
func namesOptions(opts Options) match.Options {
	return match.Options{Fixed: opts.Fixed, Case: match.Insensitive}
}

// newRanker prepares ranking for a search over paths, starting git status
// in the background; names is the patterns compiled with namesOptions
// (nil: it compiles them).
func newRanker(ctx context.Context, opts request, pats []string, paths []string, names *match.Pattern) *ranker {
	r := newFileRanker(ctx, opts.RankOptions, opts.Scope, opts.bonus, paths)
	r.context = opts.Before > 0 || opts.After > 0
	r.markers = rank.MarkerQuery(pats)
	// The patterns compiled before, so these compile too; a nil pattern
	// only turns its signal off.
	if r.names = names; names == nil {
		r.names, _ = match.Compile(pats, namesOptions(opts.Options))
	}
	if r.wholeSet = newWholeSet(pats, opts.Fixed, opts.Case); r.wholeSet == nil {
		anchored := make([]string, len(pats))
		for i, p := range pats {
			if opts.Fixed {
				p = regexp.QuoteMeta(p)
			}
			anchored[i] = `^(?:` + p + `)$`
		}
		r.nameWhole, _ = match.Compile(anchored, match.Options{Case: match.Insensitive})
		r.whole, _ = match.Compile(anchored, match.Options{Case: opts.Case})
	}
	for _, p := range pats {
		if (opts.Fixed || regexp.QuoteMeta(p) == p) && match.FoldsCase(p, match.Options{Fixed: opts.Fixed, Case: opts.Case}) {
			if r.literals == nil {
				r.literals = map[string]bool{}
			}
			r.literals[p] = true
		}
	}
	return r
}

// minWholeSet is the fewest patterns whose whole-name checks go to a
// wholeSet: below it the anchored patterns compile in microseconds; at
// 1,000 (grep -f) two of them took 50 ms before the search could start.
const minWholeSet = 16

// wholeSet answers "is this name one of the patterns, whole?" for many
// plain-string patterns: by looking the name up, as it is and folded,
// instead of running the patterns anchored.
type wholeSet struct {
	exact  map[string]bool // the patterns matched as written
	folded map[string]bool // the patterns matched either case, lowered
	fold   []string        // the same, as given (for names outside ASCII)
	all    []string
}

// newWholeSet returns the set for the patterns, or nil when they are too
// few or not all plain strings.
func newWholeSet(pats []string, fixed bool, c match.Case) *wholeSet {
	if len(pats) < minWholeSet {
		return nil
	}
	s := &wholeSet{exact: map[string]bool{}, folded: map[string]bool{}, all: pats}
	for _, p := range pats {
		if !fixed && regexp.QuoteMeta(p) != p {
			return nil
		}
		if match.FoldsCase(p, match.Options{Fixed: fixed, Case: c}) {
			if !isASCII(p) {
				return nil // folded as Unicode folds it, which a lowered key does not hold
			}
			s.folded[strings.ToLower(p)] = true
			s.fold = append(s.fold, p)
		} else {
			s.exact[p] = true
		}
	}
	return s
}

// whole reports whether name is one of the patterns: as written, or either
// case for a folded one (with ignoreCase, either case for all).
func (s *wholeSet) whole(name []byte, ignoreCase bool) bool {
	n := string(name)
	ascii := isASCII(n)
	if s.exact[n] || ascii && s.folded[strings.ToLower(n)] {
		return true
	}
	if ascii && !ignoreCase {
		return false
	}
	// Either case for every pattern, or a name outside ASCII, which
	// Unicode folds further than ToLower does (the Kelvin sign with k):
	// compare as the regexp would.
	list := s.fold
	if ignoreCase {
		list = s.all
	}
	for _, p := range list {
		if strings.EqualFold(n, p) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// newFileRanker prepares what ranks files, whatever the query: the clock,
// the project, frecency and (started in the background) git's state.
// bonus, when not nil, replaces the frecency store (a cursor's snapshot);
// sc is the search's scope: with NoIgnore, git's index alone cannot tell
// which files are ignored.
func newFileRanker(ctx context.Context, opts RankOptions, sc Scope, bonus map[uint32]int, paths []string) *ranker {
	r := &ranker{now: opts.Now, info: Ranking{Sort: ByRank}}
	if r.now.IsZero() {
		r.now = time.Now()
	}
	r.info.Now = r.now
	r.projectPaths = newProjectPaths(paths)
	r.loadFrecency(opts, bonus)
	r.startGit(ctx, opts.NoGit, sc)
	r.ctx = ctx
	return r
}

func (r *ranker) loadFrecency(opts RankOptions, bonus map[uint32]int) {
	switch {
	case opts.NoFrecency:
		r.info.Frecency = "off: turned off"
		return
	case bonus != nil:
		r.bonus = bonus
		r.info.Frecency = fmt.Sprintf("on: as the first page had it (%d matched files)", len(r.bonus))
		return
	}
	dir := opts.StateDir
	if dir == "" {
		dir = frecency.DefaultStateDir(os.Getenv)
	}
	if dir == "" {
		r.info.Frecency = "off: no state directory ($XDG_STATE_HOME and $HOME are unset)"
		return
	}
	store := frecency.Open(dir, r.project)
	snap, err := store.Load(r.now)
	if err != nil {
		r.info.Frecency = "off: the store does not parse; scout touch will replace it"
		r.warnings = append(r.warnings, Warning{Path: store.Path(), Err: fmt.Errorf("%w: %w", ErrStateCorrupt, err)})
		return
	}
	r.frec = snap
	r.info.Frecency = fmt.Sprintf("on: %d files in the store", snap.Len())
}

// fileFacts are the facts a worker finds about a file for ranking.
type fileFacts struct {
	mtime     time.Time
	git       bool // the git signal, from the index (see gitsignal.go)
	gitUnsure bool // … which git status is to settle
	gitStat   *gitstatus.FileStat
	generated bool
	minified  bool
	nameMatch bool
	nameExact bool
}

// scoreHits scores every matching line of one file, in the worker, while
// the file's content is at hand. A line's score is kept as its hit key (see
// rank.HitKey): one byte per hit.
func (w *worker) scoreHits(e *walk.Entry, data []byte, res *search.Result, file openFile) ([]uint8, fileFacts) {
	facts := w.facts(e, data, file)
	facts.git, facts.gitUnsure = w.rank.fileChanged(w.rank.rel(e.Root, e.Rel), facts.gitStat, data, false, e.Path)
	cl := rank.NewClassifier(rank.LangOfText(e.Path, data), data)
	hits := make([]uint8, len(res.Lines))
	defs := w.defCheck(e.Path)
	for i, l := range res.Lines {
		if !l.Context {
			start, end := l.Offset, l.Offset+len(l.Text)
			hits[i] = defs.key(w, cl, data, start, end, w.scorer.Score(cl, lineHits{w}, data, start, end))
		}
	}
	return hits, facts
}

// facts finds what ranks a file as a whole, from its start (data) and the
// open file.
func (w *worker) facts(e *walk.Entry, data []byte, file openFile) fileFacts {
	facts := fileFacts{
		generated: rank.Generated(e.Path, data),
		minified:  rank.Minified(data),
	}
	base := path.Base(e.Path)
	stem := strings.TrimSuffix(base, path.Ext(base))
	if w.names == nil && w.rank.names != nil && (w.rank.nameWhole != nil || w.rank.wholeSet != nil) {
		w.names = w.rank.names.Matcher()
		if w.rank.nameWhole != nil {
			w.nameWhole = w.rank.nameWhole.Matcher()
		}
	}
	if w.names != nil {
		facts.nameMatch = w.names.Contains([]byte(base))
		if facts.nameMatch && w.rank.wholeSet != nil {
			facts.nameExact = w.rank.wholeSet.whole([]byte(stem), true)
		} else {
			facts.nameExact = facts.nameMatch && w.nameWhole.Contains([]byte(stem))
		}
	}
	t, st, ok := file.info()
	if ok {
		facts.mtime = t
	}
	facts.gitStat = st
	return facts
}

// hits is a worker's matcher with the ranker's answers, as line scoring
// asks for them (rank.Hits).
type lineHits struct{ w *worker }

func (h lineHits) CheapSpans() bool                     { return h.w.m.CheapSpans() }
func (h lineHits) Contains(text []byte) bool            { return h.w.m.Contains(text) }
func (h lineHits) First(text []byte) (match.Span, bool) { return h.w.m.First(text) }
func (h lineHits) Matches(text []byte, dst []match.Span) []match.Span {
	return h.w.m.Matches(text, dst)
}

// Whole reports whether a match covers all of name, with the anchored
// pattern's line finder (a DFA, no positions).
func (h lineHits) Whole(name []byte) bool {
	w := h.w
	if w.rank.wholeSet != nil {
		return w.rank.wholeSet.whole(name, false)
	}
	if w.wholeM == nil {
		if w.rank.whole == nil {
			return w.m.Whole(name)
		}
		w.wholeM = w.rank.whole.Matcher()
	}
	return w.wholeM.Contains(name)
}

// SameCase reports whether text is spelled like a literal searched
// ignoring case.
func (h lineHits) SameCase(text []byte) bool {
	return h.w.rank.literals[string(text)]
}

// order returns the order in which a file's lines are shown, as indices
// into lines, by groups: by the group's best own score (file signals are
// the same for all its lines), then by line. Without context a group is
// one matching line; with context it is a run of consecutive lines (matches
// with their context, overlapping contexts merged), kept whole. It runs in
// the workers; out is reused.
func (r *ranker) order(lines []search.Line, hits []uint8, out []int32) []int32 {
	out = out[:0]
	if !r.context && hits != nil {
		return orderByKey(hits, out)
	}
	score := func(i int) int {
		if lines[i].Context || hits == nil {
			return -1 << 30
		}
		_, s := rank.Hit(hits[i])
		return s
	}
	type group struct{ start, end, score int }
	var groups []group
	for i := 0; i < len(lines); {
		j := i + 1
		for r.context && j < len(lines) && lines[j].Number == lines[j-1].Number+1 {
			j++
		}
		g := group{i, j, -1 << 30}
		for k := i; k < j; k++ {
			g.score = max(g.score, score(k))
		}
		groups = append(groups, g)
		i = j
	}
	slices.SortStableFunc(groups, func(a, b group) int { return b.score - a.score })
	for _, g := range groups {
		for k := g.start; k < g.end; k++ {
			out = append(out, int32(k))
		}
	}
	return out
}

// keyBucket maps each hit key to the rank of its score among the distinct
// scores, highest first: keys with equal scores share a bucket, so that
// lines of equal score keep their line order.
var keyBucket, buckets = func() (m [rank.HitKeys]int, n int) {
	var scores []int
	for k := range rank.HitKeys {
		_, s := rank.Hit(uint8(k))
		scores = append(scores, s)
	}
	slices.Sort(scores)
	slices.Reverse(scores)
	scores = slices.Compact(scores)
	for k := range rank.HitKeys {
		_, s := rank.Hit(uint8(k))
		m[k] = slices.Index(scores, s)
	}
	return m, len(scores)
}()

// orderByKey orders matching lines (no context) by their hits' scores,
// highest first, then by line: a counting sort over the few distinct
// scores.
func orderByKey(hits []uint8, out []int32) []int32 {
	start := make([]int32, buckets)
	for _, k := range hits {
		start[keyBucket[k]]++
	}
	at := int32(0)
	for b, n := range start {
		start[b] = at
		at += n
	}
	out = slices.Grow(out, len(hits))[:len(hits)]
	for i, k := range hits {
		b := keyBucket[k]
		out[start[b]] = int32(i)
		start[b]++
	}
	return out
}

// rankFiles adds each file's signals to its lines' scores and orders the
// files (see ByRank).
func (r *ranker) rankFiles(files []File, outs []*outcome) {
	git := r.gitDone(r.ctx)
	for i := range files {
		f, o := &files[i], outs[i]
		rel := r.rel(o.root, o.rel)
		f.Signals, _ = rank.FileSignals(rank.FileFacts{
			Path: r.classPath(o.root, o.rel, f.Path), MTime: o.facts.mtime, Now: r.now,
			Frecency: r.frec.Score(rel), Git: r.changedAt(rel, o.facts.git, o.facts.gitUnsure, git),
			FixedBonus: r.bonus != nil, FrecencyBonus: r.bonusOf(f.Path),
			NameMatch: o.facts.nameMatch, NameExact: o.facts.nameExact, Generated: o.facts.generated, Minified: o.facts.minified,
			Content: true,
		})
		fileScore := rank.Sum(f.Signals)
		f.Score = -1 << 30
		for j := range f.Lines {
			if l := &f.Lines[j]; !l.Context {
				l.Score += fileScore
				f.Score = max(f.Score, l.Score)
			}
		}
	}
	slices.SortStableFunc(files, func(a, b File) int {
		if a.Score != b.Score {
			return b.Score - a.Score
		}
		return walk.ComparePaths(a.Path, b.Path)
	})
}

// bonusOf returns a path's frecency bonus from a cursor (0 without one):
// the path is hashed only when there are bonuses to look up.
func (r *ranker) bonusOf(path string) int {
	if len(r.bonus) == 0 {
		return 0
	}
	return r.bonus[page.PathHash(path)]
}

// ErrStateCorrupt is wrapped by the warning about a frecency store that
// does not parse. It is a notice: the search ran without frecency.
var ErrStateCorrupt = errors.New("scout's state is unreadable")
