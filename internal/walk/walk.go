// Package walk lists the files under one or more roots, in a fixed order,
// applying ripgrep's ignore policy.
//
// Order: roots in the order given; inside a root, a depth-first walk with
// each directory's entries sorted by name (bytewise). That is the order of
// ComparePaths, so a consumer can merge parallel work back into it.
//
// Policy, decided per entry in this order (the first that applies wins):
//
//  1. ".git" (directory or file) is never listed or descended.
//  2. Globs (-g): a glob that matches whitelists the entry and ends the
//     decision; a matching "!glob" excludes it; when any positive glob
//     exists, a file (not a directory) that no glob matches is excluded.
//     Globs are gitignore patterns matched against the path relative to the
//     root; the last matching glob decides.
//  3. Ignore files, unless NoIgnore: .rgignore beats .ignore beats .gitignore
//     beats .git/info/exclude beats the global excludes file; within one kind
//     a deeper directory beats a shallower one; within one file the last
//     matching line wins. .gitignore, info/exclude and the global file apply
//     only inside a git repository (a directory holding ".git", directory or
//     file), and only up to the nearest repository root: a nested repository
//     does not see its parent's .gitignore, while .ignore and .rgignore carry
//     on across it. Ignore files in directories above the root count too.
//     An ignored directory is not descended, so nothing under it can be
//     re-included. A matching "!pattern" whitelists.
//  4. File types (-t, -T): the last selection whose globs match the base name
//     decides; with any -t, an unmatched file is excluded.
//  5. Hidden entries (name starting with ".") are skipped when NoHidden is
//     set, unless an ignore file or type whitelisted them.
//
// Symlinks are not followed unless Follow is set; then a symlinked directory
// that leads back to one of its own ancestors is reported as a loop and not
// descended. Files that are neither regular files nor directories (sockets,
// fifos, devices) are skipped. Paths named as roots are always used, whatever
// the rules say about them.
package walk

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/scoutcode/scout/internal/glob"
	"github.com/scoutcode/scout/internal/regular"
	"github.com/scoutcode/scout/internal/safe"

	"github.com/scoutcode/scout/internal/filetype"
	"github.com/scoutcode/scout/internal/ignore"
)

// Options controls a walk. The zero value applies the full ignore policy,
// lists hidden files, does not follow symlinks and has no depth limit.
type Options struct {
	NoIgnore bool                 // do not read ignore files of any kind
	NoHidden bool                 // skip hidden entries
	Follow   bool                 // follow symbolic links
	MaxDepth int                  // 0: no limit; 1: the root's children only
	Globs    []string             // -g patterns, gitignore syntax, "!" excludes
	Types    []filetype.Selection // -t / -T, in command-line order
	// Unnamed, with types selected, also visits the files whose names
	// give no type and have no extension: their type is in their source
	// (filetype.BySource), which the caller reads.
	Unnamed bool
	Dirs    bool // also visit directories (not the roots)
	// DirHandles keeps each directory open while its files are visited, so
	// that Entry.OpenFD opens them relative to it (unix only).
	DirHandles bool
	// GlobalExcludes is git's global excludes file. Empty means discover it
	// from git's configuration (see GlobalExcludesFile).
	GlobalExcludes string
}

// Entry is a file or directory the walk keeps.
type Entry struct {
	Path     string // display path: the root as given (cleaned) joined with Rel; slash-separated
	Rel      string // path relative to the root; "" for a root that is a file
	Root     int    // index of the root in the roots given to Walk
	Depth    int    // 0 for a root, 1 for its children, …
	IsDir    bool
	Explicit bool // named as a root
	Symlink  bool // a symbolic link, followed

	dir *dirHandle // the open directory holding the file, with Options.DirHandles
}

// Reason says why an entry was left out.
type Reason uint8

const (
	Ignored Reason = iota // an ignore file matched
	Hidden                // hidden, and NoHidden is set
	Glob                  // excluded by -g
	Type                  // excluded by -t / -T
	Symlink               // a symbolic link, and Follow is not set
	Special               // not a regular file or a directory
	Depth                 // a directory at MaxDepth, not descended
	NumReasons
)

var reasonNames = [...]string{"ignored", "hidden", "glob", "type", "symlink", "special", "depth"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// Skip describes an entry the walk left out.
type Skip struct {
	Path   string // display path
	IsDir  bool
	Reason Reason
	Rule   string // for Ignored and Glob: the deciding rule as "file:line:pattern"; for Type: the type
}

// Visitor receives what a walk finds. Visit may return an error to stop the
// walk; Walk then returns that error.
type Visitor interface {
	Visit(Entry) error
	Skip(Skip)
	Warn(path string, err error) // a path that could not be read; the walk goes on
}

// ErrLoop is reported (wrapped) for a symlinked directory that leads back to
// one of its ancestors.
var ErrLoop = errors.New("filesystem loop: the symlink leads back to one of its parent directories")

// Parallel walks roots with n goroutines. newVisitor is called once per
// goroutine (with its index) and that visitor is used by that goroutine
// only, so visitors need no locking; entries arrive in no fixed order across
// them. With n == 1 the order is Walk's.
func Parallel(ctx context.Context, roots []string, opts Options, n int, newVisitor func(int) Visitor) error {
	visitors := newVisitors(n, newVisitor)
	w, err := newWalker(ctx, opts, visitors[0])
	if err != nil {
		return err
	}
	st := &stack{active: len(visitors)}
	st.cond.L = &st.mu
	var tasks []task
	for i, root := range roots {
		if t, ok := w.root(visitors[0], i, root); ok {
			tasks = append(tasks, t)
		}
	}
	st.give(tasks)
	return each(visitors, func(v Visitor) error { return w.work(ctx, st, v) })
}

// newVisitors makes max(n, 1) visitors, calling newVisitor with each index.
func newVisitors(n int, newVisitor func(int) Visitor) []Visitor {
	visitors := make([]Visitor, max(n, 1))
	for i := range visitors {
		visitors[i] = newVisitor(i)
	}
	return visitors
}

// each runs work for every visitor, each in its own goroutine (the
// caller's, for one), and returns the first error any returned. A panic
// in work is raised again on the caller's goroutine once every goroutine
// has stopped (see package safe).
func each(visitors []Visitor, work func(Visitor) error) error {
	if len(visitors) == 1 {
		return work(visitors[0])
	}
	errs := make(chan error, len(visitors))
	var first safe.First
	for _, v := range visitors {
		go func() {
			var err error
			first.Keep(safe.Catch(func() { err = work(v) }))
			errs <- err
		}()
	}
	var err error
	for range visitors {
		if e := <-errs; e != nil && err == nil {
			err = e
		}
	}
	first.Raise()
	return err
}

// task is an entry waiting to be visited (a file) or read (a directory).
type task struct {
	e      Entry
	abs    string // absolute, slash-separated
	relOff int    // abs[relOff:] is the path below the root (e.Rel)
	parent *frame // the frame of the directory holding it; for a root, of its parent
	root   bool
	info   os.FileInfo // for a followed directory: its identity, for loop detection
}

// stack is where walking goroutines find work. Each goroutine keeps its own
// last-in first-out stack of tasks, and a directory's children are pushed
// in reverse, so one goroutine visits the tree depth-first in name order.
// A goroutine that runs out waits here; a busy one that sees it waiting
// gives away the older half of its own stack (the larger subtrees), so the
// shared lock is taken rarely.
type stack struct {
	mu      sync.Mutex
	cond    sync.Cond
	shared  []task
	active  int          // goroutines not waiting in take
	waiting atomic.Int32 // goroutines waiting in take
	stopped atomic.Bool  // an error ended the walk
	err     error
}

// give adds tasks, in order, for waiting goroutines to take.
func (st *stack) give(tasks []task) {
	if len(tasks) == 0 {
		return
	}
	st.mu.Lock()
	st.shared = slices.Grow(st.shared, len(tasks))
	for i := len(tasks) - 1; i >= 0; i-- {
		st.shared = append(st.shared, tasks[i])
	}
	st.cond.Broadcast()
	st.mu.Unlock()
}

// giveStack adds the bottom of a goroutine's own stack (its last task
// is to be taken first) for waiting goroutines to take.
func (st *stack) giveStack(tasks []task) {
	st.mu.Lock()
	st.shared = append(slices.Grow(st.shared, len(tasks)), tasks...)
	st.cond.Broadcast()
	st.mu.Unlock()
}

// take waits for a task. It returns false when the walk is over: no tasks
// are left and every goroutine is waiting, or the walk was stopped.
func (st *stack) take(ctx context.Context) (task, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.active--
	for len(st.shared) == 0 && st.active > 0 && st.err == nil {
		st.waiting.Add(1)
		st.cond.Wait()
		st.waiting.Add(-1)
	}
	if st.err == nil {
		st.err = ctx.Err()
	}
	if len(st.shared) == 0 || st.err != nil {
		st.cond.Broadcast()
		return task{}, false
	}
	t := st.shared[len(st.shared)-1]
	st.shared = st.shared[:len(st.shared)-1]
	st.active++
	return t, true
}

// stop ends the walk with err.
func (st *stack) stop(err error) {
	st.mu.Lock()
	if st.err == nil {
		st.err = err
	}
	st.stopped.Store(true)
	st.cond.Broadcast()
	st.mu.Unlock()
}

// work runs tasks until the walk is over, and returns the walk's error.
func (w *walker) work(ctx context.Context, st *stack, v Visitor) error {
	var local, children []task
	defer func() {
		if r := recover(); r != nil {
			// The others must not wait for this one's tasks: the walk
			// stops, and the panic goes on to each.
			p := safe.Recovered(r)
			for _, t := range local {
				t.e.dir.release()
			}
			st.stop(p)
			panic(p)
		}
	}()
	done := ctx.Done()
	for {
		if len(local) == 0 {
			t, ok := st.take(ctx)
			if !ok {
				break
			}
			local = append(local, t)
		}
		t := local[len(local)-1]
		local = local[:len(local)-1]
		var err error
		if t.e.IsDir {
			children, err = w.dir(v, t, children[:0])
			local = slices.Grow(local, len(children))
			for i := len(children) - 1; i >= 0; i-- {
				local = append(local, children[i])
			}
		} else {
			select {
			case <-done: // cancelled: the files listed are not visited
				err = ctx.Err()
			default:
				err = v.Visit(t.e)
			}
			t.e.dir.release()
		}
		if err != nil {
			st.stop(err)
		}
		if st.stopped.Load() {
			break
		}
		if st.waiting.Load() > 0 && len(local) > 1 {
			// The older half, as it is: the shared stack is a stack
			// too. local keeps the rest where it is (moving it, and
			// reversing a copy for give, took a fifth of a walk of a
			// directory of 100,000 files).
			half := len(local) / 2
			st.giveStack(local[:half])
			clear(local[:half])
			local = local[half:]
		}
	}
	for _, t := range local { // left by an error or a cancelled context
		t.e.dir.release()
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.err != nil {
		for _, t := range st.shared {
			t.e.dir.release()
		}
		st.shared = nil
	}
	return st.err
}

type walker struct {
	ctx       context.Context
	opts      Options
	overrides *ignore.Rules
	positive  int // number of non-negated globs
	types     *filetype.Matcher
	global    *ignore.Rules
}

func newWalker(ctx context.Context, opts Options, v Visitor) (*walker, error) {
	w := &walker{ctx: ctx, opts: opts}
	if len(opts.Globs) > 0 {
		var globs []string
		for _, g := range opts.Globs {
			globs = append(globs, glob.Expand(g)...) // "*.{ts,tsx}", as rg
		}
		w.overrides = ignore.FromPatterns("-g", globs)
		w.positive = w.overrides.Len() - w.overrides.Negations()
	}
	types, err := filetype.NewMatcher(opts.Types)
	if err != nil {
		return nil, err
	}
	w.types = types
	if !opts.NoIgnore {
		w.global = globalRules(opts.GlobalExcludes, v)
	}
	return w, nil
}

// globalRules reads git's global excludes file: path, or where git's
// configuration says when path is empty; nil when there is none.
func globalRules(path string, v Visitor) *ignore.Rules {
	if path == "" {
		path = GlobalExcludesFile(os.Getenv)
	}
	if path == "" {
		return nil
	}
	data, err := regular.ReadFile(path)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			v.Warn(path, err)
		}
		return nil
	}
	return ignore.Parse(path, data)
}

// root turns a path named as a root into its first task.
func (w *walker) root(v Visitor, index int, root string) (task, bool) {
	display := filepath.ToSlash(filepath.Clean(root))
	info, err := os.Stat(root)
	if err != nil {
		v.Warn(display, NotThere(root, pathError(err)))
		return task{}, false
	}
	e := Entry{Path: display, Root: index, Explicit: true}
	if !info.IsDir() {
		if !info.Mode().IsRegular() {
			v.Skip(Skip{Path: display, Reason: Special})
			return task{}, false
		}
		return task{e: e}, true
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		v.Warn(display, err)
		return task{}, false
	}
	if display == "." {
		e.Path = ""
	}
	e.IsDir = true
	t := task{e: e, abs: strings.TrimSuffix(filepath.ToSlash(abs), "/"), root: true}
	t.relOff = len(t.abs) + 1
	if !w.opts.NoIgnore {
		t.parent = w.parents(filepath.Dir(abs), v)
	}
	if w.opts.Follow {
		t.info = info
	}
	return t, true
}

// dir reads the directory of task t and returns its children's tasks.
func (w *walker) dir(v Visitor, t task, out []task) ([]task, error) {
	if err := w.ctx.Err(); err != nil {
		return out, err
	}
	if !t.root && w.opts.Dirs {
		if err := v.Visit(t.e); err != nil {
			return out, err
		}
	}
	if !t.root && w.opts.MaxDepth > 0 && t.e.Depth >= w.opts.MaxDepth {
		v.Skip(Skip{Path: t.e.Path, IsDir: true, Reason: Depth})
		return out, nil
	}
	if t.info != nil {
		for a := t.parent; a != nil; a = a.parent {
			if a.info != nil && os.SameFile(a.info, t.info) {
				v.Warn(t.e.Path, fmt.Errorf("%w (%s)", ErrLoop, a.abs))
				return out, nil
			}
		}
	}
	path := t.e.Path // shorter than t.abs: less for the kernel to resolve
	if path == "" {
		path = "."
	}
	children, handle, err := readDir(filepath.FromSlash(path), w.opts.DirHandles)
	if err != nil {
		v.Warn(path, pathError(err))
		if len(children) == 0 {
			return out, nil
		}
	}
	f := w.frame(v, t.abs, t.parent, children)
	f.info = t.info
	// Room for every child at once: a directory of 100,000 files grew
	// its tasks by doubling, copying 20 MB of fresh pages each time.
	out = slices.Grow(out, len(children))
	files := 0
	for _, de := range children {
		if c, ok := w.child(v, f, t.e, t.relOff, de); ok {
			if !c.e.IsDir {
				c.e.dir = handle
				files++
			}
			out = append(out, c)
		}
	}
	handle.adopt(files)
	return out, nil
}

// child decides one directory entry, returning its task when it is kept.
func (w *walker) child(v Visitor, f *frame, dir Entry, relOff int, de os.DirEntry) (task, bool) {
	name := de.Name()
	if name == ".git" {
		return task{}, false
	}
	// One string for the three forms of the path: the path below the
	// root is the end of the absolute one, and so is the display path when
	// the root is "." (one allocation per entry instead of three).
	abs := f.abs + "/" + name
	rel := abs[relOff:]
	e := Entry{Path: rel, Rel: rel, Root: dir.Root, Depth: dir.Depth + 1}
	if dir.Path != dir.Rel {
		e.Path = join(dir.Path, name)
	}
	typ := de.Type()
	e.IsDir = typ.IsDir()
	var info os.FileInfo
	if typ&fs.ModeSymlink != 0 {
		if !w.opts.Follow {
			v.Skip(Skip{Path: e.Path, Reason: Symlink})
			return task{}, false
		}
		var err error
		if info, err = os.Stat(filepath.FromSlash(abs)); err != nil {
			v.Warn(e.Path, pathError(err))
			return task{}, false
		}
		e.Symlink, e.IsDir, typ = true, info.IsDir(), info.Mode().Type()
	}
	if !e.IsDir && !typ.IsRegular() {
		v.Skip(Skip{Path: e.Path, Reason: Special})
		return task{}, false
	}
	if reason, rule, skip := w.decide(f, abs, e.Rel, name, e.IsDir); skip {
		v.Skip(Skip{Path: e.Path, IsDir: e.IsDir, Reason: reason, Rule: rule})
		return task{}, false
	}
	t := task{e: e, abs: abs, relOff: relOff, parent: f}
	if e.IsDir && w.opts.Follow {
		if info == nil {
			var err error
			if info, err = os.Stat(filepath.FromSlash(abs)); err != nil {
				v.Warn(e.Path, pathError(err))
				return task{}, false
			}
		}
		t.info = info
	}
	return t, true
}

// decide applies the policy to one entry; abs is its absolute slash path,
// rel its path relative to the root.
func (w *walker) decide(f *frame, abs, rel, name string, isDir bool) (Reason, string, bool) {
	if w.overrides != nil {
		switch d, rule := w.overrides.Match(rel, isDir); {
		case d == ignore.Ignore: // a positive glob: whitelisted, no further checks
			return 0, "", false
		case d == ignore.Whitelist: // a "!glob"
			return Glob, rule.String(), true
		case w.positive > 0 && !isDir:
			return Glob, "no -g glob matches", true
		}
	}
	whitelisted := false
	if !w.opts.NoIgnore {
		switch d, rule := matchIgnore(f, abs, isDir, w.global); d {
		case ignore.Ignore:
			return Ignored, rule.String(), true
		case ignore.Whitelist:
			whitelisted = true
		}
	}
	switch d, sel := w.types.Match(name, isDir); d {
	case ignore.Ignore:
		if sel.Name == "" && w.opts.Unnamed && filetype.BySource(name) {
			break
		}
		if sel.Name == "" {
			return Type, "no -t type matches", true
		}
		return Type, "-T " + sel.Name, true
	case ignore.Whitelist:
		whitelisted = true
	}
	if w.opts.NoHidden && !whitelisted && strings.HasPrefix(name, ".") {
		return Hidden, "", true
	}
	return 0, "", false
}

func join(dir, name string) string {
	if dir == "" {
		return name
	}
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// pathError drops the operation and path from an *fs.PathError, since the
// caller reports the path itself.
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
