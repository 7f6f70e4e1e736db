package walk

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/scoutcode/scout/internal/ignore"
	"github.com/scoutcode/scout/internal/regular"
)

// frame is the ignore state of one directory: the rules its own files hold,
// linked to its parent's frame.
type frame struct {
	abs     string // absolute, slash-separated
	parent  *frame
	rg      *ignore.Rules // .rgignore
	ig      *ignore.Rules // .ignore
	gi      *ignore.Rules // .gitignore
	exclude *ignore.Rules // .git/info/exclude, when this directory holds .git
	hasGit  bool          // this directory holds ".git" (directory or file)
	anyGit  bool          // this directory or an ancestor holds ".git"
	info    os.FileInfo   // set when following symlinks, for loop detection
}

// frame reads the ignore files of directory abs from its listing.
func (w *walker) frame(v Visitor, abs string, parent *frame, children []os.DirEntry) *frame {
	f := &frame{abs: abs, parent: parent}
	if parent != nil {
		f.anyGit = parent.anyGit
	}
	if w.opts.NoIgnore {
		return f
	}
	for _, de := range children {
		switch de.Name() {
		case ".rgignore":
			f.rg = readRules(v, abs+"/.rgignore")
		case ".ignore":
			f.ig = readRules(v, abs+"/.ignore")
		case ".gitignore":
			f.gi = readRules(v, abs+"/.gitignore")
		case ".git":
			f.hasGit = true
		}
	}
	finishGit(v, f)
	return f
}

// parents builds the frames of dir and every directory above it, outermost
// first, by probing for ignore files (there is no listing to read them from).
func (w *walker) parents(dir string, v Visitor) *frame {
	var dirs []string
	for d := dir; ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	var f *frame
	for i := len(dirs) - 1; i >= 0; i-- {
		abs := strings.TrimSuffix(filepath.ToSlash(dirs[i]), "/")
		p := &frame{abs: abs, parent: f}
		if f != nil {
			p.anyGit = f.anyGit
		}
		p.rg = probeRules(v, abs+"/.rgignore")
		p.ig = probeRules(v, abs+"/.ignore")
		p.gi = probeRules(v, abs+"/.gitignore")
		if _, err := os.Stat(filepath.FromSlash(abs + "/.git")); err == nil {
			p.hasGit = true
		}
		finishGit(v, p)
		f = p
	}
	return f
}

// finishGit records f's repository state and reads info/exclude.
func finishGit(v Visitor, f *frame) {
	if !f.hasGit {
		return
	}
	f.anyGit = true
	if gitDir := resolveGitDir(f.abs + "/.git"); gitDir != "" {
		f.exclude = probeRules(v, gitDir+"/info/exclude")
	}
}

// resolveGitDir returns the directory holding a repository's info/: ".git"
// itself, or for a worktree or submodule (".git" is a file saying
// "gitdir: …"), the common directory it points to.
func resolveGitDir(dotGit string) string {
	info, err := os.Stat(filepath.FromSlash(dotGit))
	if err != nil {
		return ""
	}
	if info.IsDir() {
		return dotGit
	}
	data, err := regular.ReadFile(filepath.FromSlash(dotGit))
	if err != nil {
		return ""
	}
	line, _, _ := strings.Cut(string(data), "\n")
	gitDir, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
	if !ok {
		return ""
	}
	gitDir = filepath.ToSlash(strings.TrimSpace(gitDir))
	if !filepath.IsAbs(filepath.FromSlash(gitDir)) {
		gitDir = filepath.ToSlash(filepath.Join(filepath.Dir(filepath.FromSlash(dotGit)), gitDir))
	}
	if common, err := regular.ReadFile(filepath.FromSlash(gitDir + "/commondir")); err == nil {
		c := strings.TrimSpace(string(common))
		if !filepath.IsAbs(c) {
			c = filepath.Join(filepath.FromSlash(gitDir), c)
		}
		return filepath.ToSlash(filepath.Clean(c))
	}
	return gitDir
}

// readRules reads an ignore file that the directory listing showed.
func readRules(v Visitor, path string) *ignore.Rules {
	data, err := regular.ReadFile(filepath.FromSlash(path))
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) && !isDirErr(err) {
			v.Warn(path, pathError(err))
		}
		return nil
	}
	return ignore.Parse(path, data)
}

// probeRules reads an ignore file that may not exist.
func probeRules(v Visitor, path string) *ignore.Rules {
	if _, err := os.Stat(filepath.FromSlash(path)); err != nil {
		return nil
	}
	return readRules(v, path)
}

func isDirErr(err error) bool {
	return errors.Is(err, syscall.EISDIR)
}

// matchIgnore decides an entry by the ignore files of f and its ancestors,
// and git's global excludes file (global, may be nil). abs is the entry's
// absolute slash path.
func matchIgnore(f *frame, abs string, isDir bool, global *ignore.Rules) (ignore.Decision, *ignore.Rule) {
	type hit struct {
		d ignore.Decision
		r *ignore.Rule
	}
	var rg, ig, gi, ex hit
	sawGit := false
	for fr := f; fr != nil; fr = fr.parent {
		rel := relTo(fr.abs, abs)
		if rg.d == ignore.None && fr.rg != nil {
			rg.d, rg.r = fr.rg.Match(rel, isDir)
		}
		if ig.d == ignore.None && fr.ig != nil {
			ig.d, ig.r = fr.ig.Match(rel, isDir)
		}
		if f.anyGit && !sawGit {
			if gi.d == ignore.None && fr.gi != nil {
				gi.d, gi.r = fr.gi.Match(rel, isDir)
			}
			if ex.d == ignore.None && fr.exclude != nil {
				ex.d, ex.r = fr.exclude.Match(rel, isDir)
			}
		}
		sawGit = sawGit || fr.hasGit
	}
	for _, h := range []hit{rg, ig, gi, ex} {
		if h.d != ignore.None {
			return h.d, h.r
		}
	}
	if f.anyGit && global != nil {
		for fr := f; fr != nil; fr = fr.parent {
			if fr.hasGit {
				return global.Match(relTo(fr.abs, abs), isDir)
			}
		}
	}
	return ignore.None, nil
}

// relTo returns abs relative to the directory base (both slash paths).
func relTo(base, abs string) string {
	if base == "" || base == "/" {
		return strings.TrimPrefix(abs, "/")
	}
	return abs[len(base)+1:]
}

// GlobalExcludesFile returns the path of git's global excludes file, as git
// finds it: core.excludesFile from ~/.gitconfig or
// $XDG_CONFIG_HOME/git/config (the former wins), else
// $XDG_CONFIG_HOME/git/ignore, with XDG_CONFIG_HOME defaulting to
// ~/.config. It returns "" when no home directory is known.
func GlobalExcludesFile(getenv func(string) string) string {
	home := getenv("HOME")
	xdg := getenv("XDG_CONFIG_HOME")
	if xdg == "" {
		if home == "" {
			return ""
		}
		xdg = filepath.Join(home, ".config")
	}
	configs := []string{filepath.Join(xdg, "git", "config")}
	if home != "" {
		configs = append(configs, filepath.Join(home, ".gitconfig"))
	}
	path := ""
	for _, cfg := range configs {
		if p := excludesFileSetting(cfg, home); p != "" {
			path = p
		}
	}
	if path == "" {
		path = filepath.Join(xdg, "git", "ignore")
	}
	return path
}

// excludesFileSetting reads core.excludesFile from a git config file.
func excludesFileSetting(cfg, home string) string {
	data, err := regular.ReadFile(cfg)
	if err != nil {
		return ""
	}
	section, value := "", ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			section = strings.ToLower(strings.TrimSpace(line[1:end]))
			line = strings.TrimSpace(line[end+1:])
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok || section != "core" || !strings.EqualFold(strings.TrimSpace(key), "excludesfile") {
			continue
		}
		val = strings.TrimSpace(val)
		if i := strings.IndexAny(val, "#;"); i >= 0 && !strings.HasPrefix(val, `"`) {
			val = strings.TrimSpace(val[:i])
		}
		val = strings.Trim(val, `"`)
		if rest, ok := strings.CutPrefix(val, "~/"); ok && home != "" {
			val = filepath.Join(home, rest)
		}
		value = val
	}
	return value
}
