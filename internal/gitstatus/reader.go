package gitstatus

import (
	"bytes"
	"crypto/sha1"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/scoutcode/scout/internal/regular"
)

// Reader tells which files are being worked on from the repository's own
// files, without running git: a search asks only about the files it found,
// so it need not pay for git status's walk of the whole tree.
//
// A file (a path relative to the worktree's root) is changed, as git status
// would report it, when:
//
//   - it is not in the index: untracked (the caller has applied the ignore
//     rules; a file under a submodule or a sparse directory is not git
//     status's business);
//   - it has an entry at a stage above 0: unmerged;
//   - its entry differs from the HEAD commit's tree: staged. The index's
//     cache tree says which directories are unchanged since they were last
//     written as trees, so only the others are compared, tree by tree; with
//     no commit yet, every entry is staged;
//   - it was added with intent to add (git add -N);
//   - or, unless it is assume-unchanged or skip-worktree, its stat data
//     differs from the entry's, or the file changed in the second the index
//     was written ("racily clean"), and its content does not hash to the
//     entry's blob id (or its executable bit changed).
//
// What the Reader does not understand (SHA-256 repositories, an index
// version or required extension it does not know, objects it cannot find)
// makes Open fail, and the caller falls back to git status. Where the
// worktree's content may differ from the blob without a change (core.autocrlf,
// .gitattributes filters), a content mismatch is not trusted: Uncertain
// says so, and the caller asks git status about those files alone.
type Reader struct {
	root    string // the worktree
	gitdir  string
	ix      *index
	st      *store
	head    oid // zero before the first commit
	hasHead bool
	filters bool // content conversions may apply (autocrlf, attributes)
	trust   bool // core.fileMode: the executable bit counts

	once      sync.Once
	closeOnce sync.Once
	staged    map[string]bool // stage-0 paths that differ from HEAD
	sdirs     []string        // sparse directories that differ from HEAD, with "/"
	err       error
}

// ErrUnsupported is wrapped by Open's error for a repository the Reader
// cannot read; git status can.
var ErrUnsupported = errors.New("not readable without git")

// ErrNotRepo is wrapped by Open's error for a .git that git itself would
// not take for a repository (no HEAD, objects or refs).
var ErrNotRepo = errors.New("not a git repository")

// Open opens the repository whose worktree is root (it holds .git, a
// directory or a file naming one).
func Open(root string) (*Reader, error) {
	gitdir, common, err := gitDirs(root)
	if err != nil {
		return nil, err
	}
	r := &Reader{root: root, gitdir: gitdir, trust: true}
	if err := r.config(filepath.Join(common, "config")); err != nil {
		return nil, err
	}
	for _, f := range []string{filepath.Join(root, ".gitattributes"), filepath.Join(common, "info", "attributes")} {
		if b, err := regular.ReadFile(f); err == nil && (bytes.Contains(b, []byte("filter")) || bytes.Contains(b, []byte("text")) || bytes.Contains(b, []byte("eol")) || bytes.Contains(b, []byte("crlf"))) {
			r.filters = true
		}
	}
	ix, err := readIndex(filepath.Join(gitdir, "index"), gitdir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		ix = &index{version: 2} // a new repository: nothing added yet
	case errors.Is(err, errIndex):
		return nil, fmt.Errorf("%w: %v", ErrUnsupported, err)
	case err != nil:
		return nil, err
	}
	r.ix = ix
	r.st = newStore(filepath.Join(common, "objects"))
	runtime.AddCleanup(r, func(c func()) { c() }, func() { ix.release() })
	head, ok, err := resolveHead(gitdir, common)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnsupported, err)
	}
	r.head, r.hasHead = head, ok
	return r, nil
}

// Close releases the index's mapping and the object store's files; the
// Reader may not be used after. A Reader not closed is released when it is
// no longer reachable.
func (r *Reader) Close() {
	r.closeOnce.Do(func() {
		r.ix.release()
		r.st.close()
	})
}

// Head returns the commit checked out ("" before the first).
func (r *Reader) Head() string {
	if !r.hasHead {
		return ""
	}
	return r.head.String()
}

// IndexStamp identifies the index file's state: its size and when it was
// written.
func (r *Reader) IndexStamp() string {
	return fmt.Sprintf("%d.%d.%d", r.ix.len(), r.ix.mtime.sec, r.ix.mtime.nsec)
}

// gitDirs returns the repository's git directory and its common directory
// (they differ in a linked worktree), if git would take it for a
// repository (is_git_directory: a HEAD, and objects and refs).
func gitDirs(root string) (gitdir, common string, err error) {
	gitdir, err = findGitDir(root)
	if err != nil {
		return "", "", err
	}
	common = gitdir
	if b, err := regular.ReadFile(filepath.Join(gitdir, "commondir")); err == nil {
		c := strings.TrimSpace(string(b))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitdir, c)
		}
		common = c
	}
	for _, p := range []string{filepath.Join(gitdir, "HEAD"), filepath.Join(common, "objects"), filepath.Join(common, "refs")} {
		if _, err := os.Stat(p); err != nil {
			return "", "", fmt.Errorf("%w: %s has no %s", ErrNotRepo, gitdir, filepath.Base(p))
		}
	}
	return gitdir, common, nil
}

func findGitDir(root string) (string, error) {
	dot := filepath.Join(root, ".git")
	fi, err := os.Stat(dot)
	if err != nil {
		return "", err
	}
	if fi.IsDir() {
		return dot, nil
	}
	b, err := regular.ReadFile(dot)
	if err != nil {
		return "", err
	}
	p, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return "", fmt.Errorf("%w: %s is not a gitdir link", ErrUnsupported, dot)
	}
	p = strings.TrimSpace(p)
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	return p, nil
}

// config reads what the Reader needs of git's config: the object format,
// core.autocrlf and core.fileMode (last value wins, as in git).
func (r *Reader) config(path string) error {
	b, err := regular.ReadFile(path)
	if err != nil {
		return nil // defaults
	}
	section := ""
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if i := strings.IndexAny(line, "#;"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if strings.HasPrefix(line, "[") {
			section = strings.ToLower(strings.Trim(strings.Fields(strings.Trim(line, "[]"))[0], `"`))
			continue
		}
		key, val, _ := strings.Cut(line, "=")
		key, val = strings.ToLower(strings.TrimSpace(key)), strings.ToLower(strings.TrimSpace(val))
		switch section + "." + key {
		case "extensions.objectformat":
			if val != "sha1" {
				return fmt.Errorf("%w: object format %s", ErrUnsupported, val)
			}
		case "core.autocrlf":
			r.filters = val == "true" || val == "input"
		case "core.filemode":
			r.trust = val != "false"
		}
	}
	return nil
}

// resolveHead returns the commit HEAD names, and false before the first.
func resolveHead(gitdir, common string) (oid, bool, error) {
	ref := "HEAD"
	for range 10 {
		dir := common
		if ref == "HEAD" || !strings.HasPrefix(ref, "refs/") || strings.HasPrefix(ref, "refs/worktree/") || strings.HasPrefix(ref, "refs/bisect/") {
			dir = gitdir
		}
		b, err := regular.ReadFile(filepath.Join(dir, filepath.FromSlash(ref)))
		if errors.Is(err, fs.ErrNotExist) && dir != common {
			b, err = regular.ReadFile(filepath.Join(common, filepath.FromSlash(ref)))
		}
		if errors.Is(err, fs.ErrNotExist) {
			id, ok := packedRef(common, ref)
			return id, ok, nil
		}
		if err != nil {
			return oid{}, false, err
		}
		s := strings.TrimSpace(string(b))
		if next, ok := strings.CutPrefix(s, "ref:"); ok {
			ref = strings.TrimSpace(next)
			continue
		}
		id, ok := parseOID(s)
		if !ok {
			return oid{}, false, fmt.Errorf("%s: not a commit id", ref)
		}
		return id, true, nil
	}
	return oid{}, false, errors.New("HEAD: symbolic refs nested too deep")
}

// packedRef looks ref up in packed-refs.
func packedRef(common, ref string) (oid, bool) {
	b, err := regular.ReadFile(filepath.Join(common, "packed-refs"))
	if err != nil {
		return oid{}, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if id, name, ok := strings.Cut(line, " "); ok && name == ref {
			o, good := parseOID(id)
			return o, good
		}
	}
	return oid{}, false
}

// FileStat is what Changed compares with an entry's stat data: the file's
// lstat, as the search saw it.
type FileStat struct {
	CtimeSec, CtimeNsec, MtimeSec, MtimeNsec int64
	Dev, Ino, UID, GID                       uint64
	Size                                     int64
	Exec                                     bool // any executable bit set
}

// Change says whether a file is changed and how that was decided.
type Change uint8

const (
	Clean     Change = iota
	Changed          // unmerged, staged or modified
	Uncertain        // the content differs from the blob, but a filter may explain it: ask git
	// Untracked: not in the index. git counts it as worked on unless its
	// ignore files exclude it, which the index cannot tell: a search
	// rooted inside an ignored directory (build/, node_modules/pkg) finds
	// files no ignore rule below the root excludes.
	Untracked
)

// Changed reports whether the file at rel (slash-separated, relative to
// the worktree) is being worked on. st is its stat data; content returns
// its content, asked for only when the stat data does not settle it.
func (r *Reader) Changed(rel string, st *FileStat, content func() ([]byte, error)) (Change, error) {
	i, found := r.ix.find(rel)
	if !found {
		if r.underGitlinkOrSparse(rel) {
			return Clean, nil
		}
		return Untracked, nil
	}
	ix := r.ix
	for k := i; k < ix.len() && ix.path(k) == rel; k++ {
		if e := ix.entry(k); e.stage() > 0 {
			return Changed, nil // unmerged
		}
	}
	ent := ix.entry(i)
	e := &ent
	staged, err := r.isStaged(rel)
	if err != nil {
		return Clean, err
	}
	switch {
	case staged, e.xflag&xIntentToAdd != 0:
		return Changed, nil
	case e.flags&flagValid != 0, e.xflag&xSkipWT != 0, e.mode == modeGitlink, e.mode == modeSymlink:
		return Clean, nil
	}
	if r.trust && st != nil && (e.mode&0o111 != 0) != st.Exec {
		return Changed, nil
	}
	if st != nil && sameStat(&e.stat, st) && !r.racy(st) {
		return Clean, nil
	}
	data, err := content()
	if err != nil {
		return Clean, err
	}
	if blobID(data) == e.id {
		return Clean, nil
	}
	if r.filters {
		return Uncertain, nil
	}
	return Changed, nil
}

// ChangedInIndex is Changed for a file whose stat data is not known: it
// tells untracked, unmerged, staged and intent-to-add files, and calls the
// others clean (a change in the worktree alone needs the stat data).
func (r *Reader) ChangedInIndex(rel string) (Change, error) {
	i, found := r.ix.find(rel)
	if !found {
		if r.underGitlinkOrSparse(rel) {
			return Clean, nil
		}
		return Untracked, nil
	}
	for k := i; k < r.ix.len() && r.ix.path(k) == rel; k++ {
		if e := r.ix.entry(k); e.stage() > 0 {
			return Changed, nil
		}
	}
	staged, err := r.isStaged(rel)
	if e := r.ix.entry(i); err != nil || staged || e.xflag&xIntentToAdd != 0 {
		return Changed, err
	}
	return Clean, nil
}

// sameStat compares stat data as git does by default (core.checkStat):
// the times to the nanosecond, the inode, the owner and the size (the
// device is not compared; git leaves it out unless built to).
func sameStat(s *statData, st *FileStat) bool {
	return int64(s.mtimeSec) == st.MtimeSec&0xffffffff && int64(s.mtimeNsec) == st.MtimeNsec &&
		int64(s.ctimeSec) == st.CtimeSec&0xffffffff && int64(s.ctimeNsec) == st.CtimeNsec &&
		uint64(s.ino) == st.Ino&0xffffffff && uint64(s.uid) == st.UID&0xffffffff && uint64(s.gid) == st.GID&0xffffffff &&
		int64(s.size) == st.Size&0xffffffff
}

// racy reports whether a file changed in or after the time the index was
// written: its entry's stat data cannot tell a later change in the same
// instant, so git compares the content.
func (r *Reader) racy(st *FileStat) bool {
	m := r.ix.mtime
	return st.MtimeSec > m.sec || st.MtimeSec == m.sec && st.MtimeNsec >= m.nsec
}

// underGitlinkOrSparse reports whether a directory above rel is a
// submodule or a sparse directory in the index.
func (r *Reader) underGitlinkOrSparse(rel string) bool {
	for p := rel; ; {
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return false
		}
		p = p[:i]
		if j, found := r.ix.find(p); found && r.ix.entry(j).mode == modeGitlink {
			return true
		}
		if _, found := r.ix.find(p + "/"); found && r.ix.sparse {
			return true
		}
	}
}

func blobID(data []byte) oid {
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	var o oid
	h.Sum(o[:0])
	return o
}

// isStaged reports whether rel's stage-0 entry differs from HEAD's tree.
func (r *Reader) isStaged(rel string) (bool, error) {
	r.once.Do(func() { r.staged, r.sdirs, r.err = r.stagedPaths() })
	if r.err != nil {
		return false, r.err
	}
	if r.staged[rel] {
		return true, nil
	}
	for _, d := range r.sdirs {
		if strings.HasPrefix(rel, d) {
			return true, nil
		}
	}
	return false, nil
}

// Staged returns the paths whose index entries differ from HEAD (added,
// modified or deleted), sorted.
func (r *Reader) Staged() ([]string, error) {
	r.once.Do(func() { r.staged, r.sdirs, r.err = r.stagedPaths() })
	out := slices.Sorted(func(yield func(string) bool) {
		for p := range r.staged {
			if !yield(p) {
				return
			}
		}
	})
	return append(out, r.sdirs...), r.err
}

// stagedPaths compares the index with HEAD's tree.
func (r *Reader) stagedPaths() (map[string]bool, []string, error) {
	staged := map[string]bool{}
	var sdirs []string
	ix := r.ix
	if !r.hasHead {
		for i := range ix.len() {
			if e := ix.entry(i); e.stage() == 0 {
				staged[strings.Clone(e.path)] = true
			}
		}
		return staged, nil, nil
	}
	root, err := r.st.commitTree(r.head)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrUnsupported, err)
	}
	var walk func(prefix string, tree oid, ct *cacheTree, lo, hi int) error
	walk = func(prefix string, tree oid, ct *cacheTree, lo, hi int) error {
		if ct != nil && ct.entries >= 0 && ct.id == tree {
			return nil // the cache tree says this directory is HEAD's
		}
		var items []treeEntry
		if tree != (oid{}) {
			t, err := r.st.readTree(tree)
			if err != nil {
				return fmt.Errorf("%w: %v", ErrUnsupported, err)
			}
			items = t
		}
		inTree := make(map[string]treeEntry, len(items))
		for _, t := range items {
			inTree[t.name] = t
		}
		seen := map[string]bool{}
		for i := lo; i < hi; {
			e := ix.entry(i)
			name := e.path[len(prefix):]
			if slash := strings.IndexByte(name, '/'); slash >= 0 && !(e.mode == modeDir && slash == len(name)-1) {
				dir := name[:slash]
				sub := prefix + dir + "/"
				j := i + 1
				for j < hi && strings.HasPrefix(ix.path(j), sub) {
					j++
				}
				seen[dir] = true
				t, ok := inTree[dir]
				child := oid{}
				if ok && t.mode == modeDir {
					child = t.id
				}
				if err := walk(sub, child, ct.sub(dir), i, j); err != nil {
					return err
				}
				i = j
				continue
			}
			i++
			if e.stage() > 0 {
				continue
			}
			if e.mode == modeDir { // a sparse directory
				dir := strings.TrimSuffix(name, "/")
				seen[strings.Clone(dir)] = true
				if t, ok := inTree[dir]; !ok || t.id != e.id {
					sdirs = append(sdirs, strings.Clone(e.path))
				}
				continue
			}
			seen[strings.Clone(name)] = true
			if t, ok := inTree[name]; !ok || t.id != e.id || t.mode != e.mode {
				staged[strings.Clone(e.path)] = true
			}
		}
		for _, t := range items {
			if !seen[t.name] {
				staged[prefix+t.name] = true // deleted from the index
			}
		}
		return nil
	}
	return staged, sdirs, walk("", root, ix.tree, 0, ix.len())
}

// sub returns the subdirectory name of a cache tree (nil when it has none).
func (ct *cacheTree) sub(name string) *cacheTree {
	if ct == nil {
		return nil
	}
	for _, s := range ct.subs {
		if s.name == name {
			return s
		}
	}
	return nil
}

// Revision identifies the state of the repository whose worktree is root,
// cheaply: the commit checked out and the index file's identity (size,
// modification time, inode). It changes with a commit, a checkout, a merge,
// a reset or a staging; an edit in the worktree alone does not change it.
func Revision(root string) (string, error) {
	gitdir, common, err := gitDirs(root)
	if err != nil {
		return "", err
	}
	head, _, err := resolveHead(gitdir, common)
	if err != nil {
		return "", err
	}
	h := sha1.New()
	h.Write(head[:])
	if fi, err := os.Stat(filepath.Join(gitdir, "index")); err == nil {
		fmt.Fprintf(h, "%d %d", fi.Size(), fi.ModTime().UnixNano())
		if st := StatOf(fi); st != nil {
			fmt.Fprintf(h, " %d", st.Ino)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:8]), nil
}
