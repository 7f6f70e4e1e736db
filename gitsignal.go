package scout

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/scoutcode/scout/internal/gitstatus"
	"github.com/scoutcode/scout/internal/safe"
	"github.com/scoutcode/scout/internal/walk"
)

// The git signal: a file being worked on (modified, staged, untracked or
// unmerged) ranks higher.
//
// It is read from the repository's own files (gitstatus.Reader): the index,
// and HEAD's trees where the index's cache tree does not vouch for them. A
// search asks only about the files it found, as it reads them, so it never
// pays for git status's walk of the whole tree. What the Reader cannot
// settle alone (a file whose content differs from its blob where a filter
// or core.autocrlf may explain it) is asked of git status about those files
// only, once the search is over. A repository the Reader cannot read
// (SHA-256 objects, an unknown index version), or a search that does not
// apply the ignore rules (--no-ignore: every file not in the index would
// look untracked), runs git status as before.

// gitSignal is where the git signal comes from. It is decided in the
// background while the walk starts (opening the index takes milliseconds);
// workers wait for the decision when they first need it.
type gitSignal struct {
	decided chan struct{}     // closed once reader, notRepo and why are set
	reader  *gitstatus.Reader // the index, read directly
	ignored *walk.GitIgnored  // with reader: which files not in the index git ignores
	notRepo bool              // .git is not a repository git would use
	why     string            // why git status is used instead

	done chan struct{} // closed once res is set (git status is the source)
	res  gitResult
	once sync.Once

	changed atomic.Int64 // files the reader found changed
	mu      sync.Mutex
	unsure  []string        // files the reader could not settle
	settled map[string]bool // git status's answer about them
}

type gitResult struct {
	state *gitstatus.State
	err   error
}

// startGit decides, in the background, where the git signal comes from:
// the Reader, or git status.
func (r *ranker) startGit(ctx context.Context, noGit bool, sc Scope) {
	switch {
	case noGit:
		r.info.Git = "off: turned off"
		return
	case !exists(filepath.Join(r.project, ".git")):
		r.info.Git = "off: not in a git repository"
		return
	}
	g := &gitSignal{decided: make(chan struct{}), done: make(chan struct{})}
	r.gitSig = g
	project := r.project
	// A bug in reading git's files (a repository is input like any
	// other) costs the signal, not the search, nor the process: it is
	// caught here, on the goroutine it would end the process from, and
	// the page says the signal is off and why.
	go func() {
		defer close(g.done)
		var rd *gitstatus.Reader
		var err error
		if sc.NoIgnore {
			g.why = "--no-ignore: the index alone cannot tell untracked files from ignored ones"
		} else if p := safe.Catch(func() { rd, err = gitstatus.Open(project) }); p != nil {
			g.why = fmt.Sprintf("the index could not be read (a bug in scout: %v)", p.Value)
		} else if err == nil {
			g.reader = rd
			g.ignored = walk.NewGitIgnored(project, sc.GlobalExcludes)
		} else if errors.Is(err, gitstatus.ErrNotRepo) {
			g.notRepo = true
		} else {
			g.why = fmt.Sprintf("the index could not be read (%v)", err)
		}
		close(g.decided)
		if g.reader == nil && !g.notRepo {
			var st *gitstatus.State
			if p := safe.Catch(func() { st, err = gitstatus.Read(ctx, project, GitTimeout) }); p != nil {
				st, err = nil, fmt.Errorf("git status could not be read (a bug in scout: %v)", p.Value)
			}
			g.res = gitResult{st, err}
		}
	}()
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// fileChanged says, in a worker, whether the file at rel (relative to the
// project), open as file with content data (its first piece when more),
// is being worked on. With git status as the source it says nothing: the
// ranking asks git's state later.
func (r *ranker) fileChanged(rel string, st *gitstatus.FileStat, data []byte, more bool, path string) (changed, unsure bool) {
	g := r.gitSig
	if g == nil || rel == "" {
		return false, false
	}
	if <-g.decided; g.reader == nil {
		return false, false
	}
	content := func() ([]byte, error) {
		if more {
			return readRegular(filepath.FromSlash(path), 0)
		}
		return data, nil
	}
	c, err := g.reader.Changed(rel, st, content)
	switch {
	case err != nil:
		return false, false
	case c == gitstatus.Uncertain:
		g.mu.Lock()
		g.unsure = append(g.unsure, rel)
		g.mu.Unlock()
		return false, true
	case c == gitstatus.Changed, c == gitstatus.Untracked && !g.ignored.Ignored(rel):
		g.changed.Add(1)
		return true, false
	}
	return false, false
}

// gitDone waits for the git signal's source to finish and records how it
// went in the ranking's description; it returns git status's state when
// that is the source (nil otherwise).
func (r *ranker) gitDone(ctx context.Context) *gitstatus.State {
	g := r.gitSig
	if g == nil {
		return nil
	}
	g.once.Do(func() {
		<-g.decided
		if g.notRepo {
			r.info.Git = "off: .git is not a repository git could use (no HEAD, objects or refs)"
			return
		}
		if g.reader == nil {
			<-g.done
			switch {
			case errors.Is(g.res.err, gitstatus.ErrNoGit):
				r.info.Git = "off: git is not installed"
			case errors.Is(g.res.err, gitstatus.ErrTimeout):
				r.info.Git = "off: " + g.res.err.Error()
			case g.res.err != nil:
				r.info.Git = "off: git status failed"
			default:
				r.info.Git = fmt.Sprintf("on: git status, %d changed files (%s)", g.res.state.Len(), g.why)
			}
			return
		}
		if len(g.unsure) > 0 {
			slices.Sort(g.unsure)
			st, err := gitstatus.ReadPaths(ctx, r.project, g.unsure, GitTimeout)
			g.settled = map[string]bool{}
			for _, p := range g.unsure {
				if err == nil && st.Dirty(p) {
					g.settled[p] = true
					g.changed.Add(1)
				}
			}
		}
		r.info.Git = g.indexLine(g.changed.Load())
	})
	return g.res.state
}

// indexLine says how the git signal went with the index as its source,
// and changed of the files found changed.
func (g *gitSignal) indexLine(changed int64) string {
	line := fmt.Sprintf("on: read from the index, %d of the files found changed", changed)
	if len(g.unsure) > 0 {
		line += fmt.Sprintf(" (%d asked of git status: content filters may apply)", len(g.unsure))
	}
	return line
}

// changedAt returns the git signal of a file at rel: the reader's flag
// (changed, or unsure and settled by git), or git status's state.
func (r *ranker) changedAt(rel string, changed, unsure bool, st *gitstatus.State) bool {
	g := r.gitSig
	switch {
	case rel == "" || g == nil || g.notRepo:
		return false
	case g.reader == nil:
		return st.Dirty(rel)
	case unsure:
		return g.settled[rel]
	}
	return changed
}

// pathChanged is the git signal of a path found by name (scout find),
// whose stat data may be known (st) but whose content was not read.
func (r *ranker) pathChanged(rel string, st *gitstatus.FileStat, abs string, state *gitstatus.State) bool {
	g := r.gitSig
	switch {
	case rel == "" || g == nil || g.notRepo:
		return false
	case g.reader == nil:
		return state.Dirty(rel)
	}
	var c gitstatus.Change
	var err error
	if st == nil {
		c, err = g.reader.ChangedInIndex(rel)
	} else {
		c, err = g.reader.Changed(rel, st, func() ([]byte, error) { return readRegular(abs, 0) })
	}
	switch {
	case err != nil:
		return false
	case c == gitstatus.Untracked:
		return !g.ignored.Ignored(rel)
	}
	return c == gitstatus.Changed || c == gitstatus.Uncertain && st != nil
}

// gitRelease closes the Reader once the search is ranked: a server runs
// search after search, and each Reader holds the index mapped and pack
// files open (one not closed is released when the collector finds it
// unreachable). A Reader still being opened is left to that.
func (r *ranker) gitRelease() {
	g := r.gitSig
	if g == nil {
		return
	}
	select {
	case <-g.decided:
		if g.reader != nil {
			go g.reader.Close() // unmapping a large index takes a moment: not on the way to the answer
		}
	default:
	}
}
