package walk

import (
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/scoutcode/scout/internal/ignore"
)

// GitIgnored tells which paths of a git worktree git itself ignores, by
// git's ignore files alone (.gitignore, info/exclude and the global
// excludes file; not .ignore or .rgignore), from the worktree's top down.
//
// A walk cannot tell: a path named as a root is walked whatever the rules
// say of it, and the rules of the directories above a root are matched
// only against the paths below it. So a search of node_modules/pkg, or one
// run inside a build directory, finds files git ignores, and git's index,
// which does not hold them, would call them untracked.
//
// It is safe for concurrent use. Each directory's .gitignore is read once,
// when a path under it is first asked about.
type GitIgnored struct {
	mu         sync.Mutex
	top        string // absolute, slash-separated
	globalPath string
	global     *ignore.Rules
	dirs       map[string]*ignoredDir // by path relative to top; "" is top; nil until first asked
}

// ignoredDir is a directory GitIgnored has looked at.
type ignoredDir struct {
	f       *frame // its rules and its parents'; nil when ignored
	ignored bool   // git ignores it, or a directory above it
}

// NewGitIgnored returns what tells the paths git ignores in the worktree at
// top (an absolute path); globalExcludes is git's global excludes file, or
// "" for where git's configuration says. Nothing is read until a path is
// asked about: most searches find no file the index does not hold.
func NewGitIgnored(top, globalExcludes string) *GitIgnored {
	return &GitIgnored{top: strings.TrimSuffix(filepath.ToSlash(top), "/"), globalPath: globalExcludes}
}

// Ignored reports whether git ignores the file at rel (slash-separated,
// relative to the worktree's top): the file matches an ignore rule, or a
// directory above it does (nothing under an ignored directory can be
// re-included).
func (g *GitIgnored) Ignored(rel string) bool {
	if g == nil || rel == "" {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.dirs == nil {
		g.global = globalRules(g.globalPath, quiet{})
		f := &frame{abs: g.top, hasGit: true}
		f.gi = probeRules(quiet{}, g.top+"/.gitignore")
		finishGit(quiet{}, f)
		g.dirs = map[string]*ignoredDir{"": {f: f}}
	}
	d := g.dir(parentOf(rel))
	if d.ignored {
		return true
	}
	dec, _ := matchIgnore(d.f, g.top+"/"+rel, false, g.global)
	return dec == ignore.Ignore
}

// dir returns what GitIgnored knows of the directory at rel, reading the
// rules of it and the directories above it as needed (g.mu held).
func (g *GitIgnored) dir(rel string) *ignoredDir {
	if d, ok := g.dirs[rel]; ok {
		return d
	}
	parent := g.dir(parentOf(rel))
	d := &ignoredDir{ignored: parent.ignored}
	if !d.ignored {
		abs := g.top + "/" + rel
		if dec, _ := matchIgnore(parent.f, abs, true, g.global); dec == ignore.Ignore {
			d.ignored = true
		} else {
			d.f = &frame{abs: abs, parent: parent.f, anyGit: true, gi: probeRules(quiet{}, abs+"/.gitignore")}
		}
	}
	g.dirs[rel] = d
	return d
}

// parentOf returns the directory holding rel, "" for the top.
func parentOf(rel string) string {
	if d := path.Dir(rel); d != "." {
		return d
	}
	return ""
}

// quiet is a Visitor that drops what it is told: GitIgnored reads ignore
// files a walk has read and reported on already.
type quiet struct{}

func (quiet) Visit(Entry) error  { return nil }
func (quiet) Skip(Skip)          {}
func (quiet) Warn(string, error) {}
