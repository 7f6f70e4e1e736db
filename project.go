package scout

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/scoutcode/scout/internal/frecency"
)

// projectPaths places a search's roots in the project of the first: the
// nearest directory above it holding .git, else the first root itself
// (a file's directory). Frecency and git speak of files by their path in
// the project, and files are classed (test, vendored, docs…) by it: the
// directories above the project say nothing of its files, so a checkout
// at ~/src/vendor/app or /tmp/tests/app is not all vendored or tests.
type projectPaths struct {
	project  string   // absolute
	prefixes []string // per root: its path relative to the project, or "!" when outside it
	wd       string   // the working directory, once: "" when unknown
}

func newProjectPaths(paths []string) projectPaths {
	wd, _ := os.Getwd()
	pp := projectPaths{wd: wd}
	first, ok := pp.abs(paths[0])
	if !ok {
		first = paths[0]
	}
	dir := first
	if info, err := os.Stat(first); err == nil && !info.IsDir() {
		dir = filepath.Dir(first)
	}
	pp.project = frecency.ProjectRoot(dir)
	for _, p := range paths {
		pp.prefixes = append(pp.prefixes, pp.prefix(p))
	}
	return pp
}

// abs returns p made absolute against the working directory found once:
// filepath.Abs asks the system for it each time (two stats), and a
// concept search places each of up to 200 leads' files.
func (pp *projectPaths) abs(p string) (string, bool) {
	switch {
	case filepath.IsAbs(p):
		return filepath.Clean(p), true
	case pp.wd != "":
		return filepath.Join(pp.wd, p), true
	}
	abs, err := filepath.Abs(p)
	return abs, err == nil
}

// prefix returns a search root's path relative to the project, "" for the
// project itself, "!" for a root outside it.
func (pp *projectPaths) prefix(p string) string {
	abs, ok := pp.abs(p)
	if !ok {
		return "!"
	}
	rel, err := filepath.Rel(pp.project, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "!"
	}
	if rel == "." {
		return ""
	}
	return filepath.ToSlash(rel)
}

// rel returns a file's path relative to the project, or "" when outside
// it; rel is its path below its root.
func (pp *projectPaths) rel(root int, rel string) string {
	p := pp.prefixes[root]
	switch {
	case p == "!":
		return ""
	case p == "":
		return rel
	case rel == "":
		return p
	}
	return p + "/" + rel
}

// classPath is the path a file is classed by: its path in the project;
// for a root outside the project, the path as given (slash separated)
// when that is relative and does not climb ("tests/a.py" of
// `scout grep x src tests` outside git), else its path below its root
// (its name, for a root that is the file).
func (pp *projectPaths) classPath(root int, rel, given string) string {
	if p := pp.rel(root, rel); p != "" {
		return p
	}
	if !filepath.IsAbs(filepath.FromSlash(given)) && given != ".." && !strings.HasPrefix(given, "../") {
		return given
	}
	if rel == "" {
		return filepath.Base(filepath.FromSlash(given))
	}
	return rel
}

// slash is a path as pages show it: slash-separated, clean. A path a walk
// gives is both already; it is returned as it is, unchecked by Clean (a
// search of a large tree asks for thousands).
func slash(p string) string {
	if filepath.Separator == '/' && p != "" && p[0] != '.' && p[len(p)-1] != '/' && !strings.Contains(p, "/.") && !strings.Contains(p, "//") {
		return p
	}
	return filepath.ToSlash(filepath.Clean(p))
}
