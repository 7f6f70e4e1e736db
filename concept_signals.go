package scout

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/gitstatus"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
)

// conceptSignalScale turns the file signals of grep's ranking (recency up
// to 40, frecency up to 120, git 100) into the units of a lead's score,
// millionths of reciprocal rank fusion: a lead first in both rankings
// scores ~95,000, and the leads near the top lie ~1,500-2,500 apart, so
// git's 5,000 lifts a lead a few places, a fresh use of its file (frecency
// 40: 2,000) about one, and recency (at most 2,000) breaks near ties. The
// words decide; these order what they found.
const conceptSignalScale = 50

// conceptRanker starts what the leads' file signals need: git's view of
// the project (its index read in the background) and the frecency store.
// A search starts it before its walk, so that git's index is read while
// the files are stat-ed; the caller releases it (gitRelease).
func conceptRanker(ctx context.Context, o ConceptOptions, at resume) *ranker {
	roots, _ := rootsOf(o.Paths)
	ro := o.RankOptions
	ro.Now = at.now
	return newFileRanker(ctx, ro, o.Scope, at.bonus, roots)
}

// boostLeads gives each lead its file's signals from scout's ranking, as
// grep gives them to a file with hits: git (changed in the working tree),
// recency and frecency (see RankOptions), and orders the leads again. It
// returns the frecency bonuses it used, by path hash, for the cursor (a
// later page scores with the first page's), and a line saying what the
// signals were, for an explained page.
func boostLeads(ctx context.Context, r *ranker, ix *concept.Index, leads []concept.Lead, firstPage map[uint32]int) (bonus map[uint32]int, line string) {
	if len(leads) == 0 {
		return firstPage, ""
	}
	git := r.gitDone(ctx)
	bonus = r.bonus
	if bonus == nil {
		bonus = map[uint32]int{}
	}
	byFile := map[int][]concept.Signal{}
	changed := 0
	ix.Boost(leads, func(file int) []concept.Signal {
		if s, ok := byFile[file]; ok {
			return s
		}
		path := ix.Files[file].Path
		var s []concept.Signal
		rel := r.prefix(path) // relative to the project, as grep's ranker places its roots
		if rel == "!" {
			rel = "" // outside it: no git, no frecency
		}
		if rel != "" && r.gitSig != nil {
			var st *gitstatus.FileStat
			if fi, err := os.Lstat(filepath.FromSlash(path)); err == nil {
				st = gitstatus.StatOf(fi)
			}
			if r.pathChanged(rel, st, filepath.FromSlash(path), git) {
				s = append(s, concept.Signal{Name: rank.SigGit, Value: rank.WeightGit * conceptSignalScale})
				changed++
			}
		}
		mtime := time.Unix(0, ix.Files[file].Stamp.MTime)
		s = append(s, concept.Signal{Name: rank.SigRecency, Value: rank.Recency(mtime, r.now) * conceptSignalScale})
		f := 0
		if r.bonus != nil {
			f = r.bonusOf(path)
		} else if rel != "" {
			if f = rank.Frecency(r.frec.Score(rel)); f > 0 {
				bonus[page.PathHash(path)] = f
			}
		}
		s = append(s, concept.Signal{Name: rank.SigFrecency, Value: f * conceptSignalScale})
		byFile[file] = s
		return s
	})
	gitLine := r.info.Git
	if g := r.gitSig; g != nil && g.reader != nil { // the index was the source: count the leads' files
		gitLine = fmt.Sprintf("on: read from the index, %d of the leads' files changed", changed)
	}
	return bonus, fmt.Sprintf("file signals: frecency %s; git %s; recency on", r.info.Frecency, gitLine)
}
