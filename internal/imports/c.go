package imports

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
)

var cInclude = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*#\s*include\s*([<"])([^>"]+)[>"]`) })

// cLookup is where the includes of one file are looked for: found once,
// at its first include that needs them, for all the rest (the walk up to
// the project's top, the project's compilation database).
type cLookup struct {
	file   string
	looked bool
	dirs   []string // the file's directory and those above it to the top, named as file is
	dbDirs []string // the include directories the database gives the file (absolute)
}

// resolve returns the file an include names, looked for as the project's
// build looks: a quoted one first beside the including file; then in the
// include directories the project's compilation database gives the file
// (see ccdbFor); then, as a build most often has its compiler look, in
// each directory from the file's up to the project's top, and in the
// include/ and src/ beside each (-I., -Iinclude, -Isrc). An include found
// nowhere there is not resolved; in angle brackets, it is a system header.
func (l *cLookup) resolve(spec string, quoted bool) string {
	spec = filepath.FromSlash(spec)
	if quoted {
		if c := filepath.Join(filepath.Dir(l.file), spec); isFile(c) {
			return filepath.ToSlash(c)
		}
	}
	if !l.looked {
		l.looked = true
		var top string
		l.dirs, top = cSearchDirs(filepath.Dir(l.file))
		if db := ccdbFor(top); db != nil {
			if abs, err := filepath.Abs(l.file); err == nil {
				l.dbDirs = db.dirsFor(abs)
			}
		}
	}
	for _, d := range l.dbDirs {
		if c := filepath.Join(d, spec); isFile(c) {
			return filepath.ToSlash(namedAs(c, l.file))
		}
	}
	for _, d := range l.dirs {
		for _, sub := range [...]string{"", "include", "src"} {
			if c := filepath.Join(d, sub, spec); isFile(c) {
				return filepath.ToSlash(c)
			}
		}
	}
	return ""
}

// namedAs returns abs, an absolute path, named as like is: relative to the
// working directory when like is relative.
func namedAs(abs, like string) string {
	if filepath.IsAbs(like) {
		return abs
	}
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, abs); err == nil {
			return r
		}
	}
	return abs
}

// cSearchDirs returns dir and the directories above it up to the top of
// its project: the nearest that holds .git; without one, the working
// directory when it holds dir, else dir alone. Never above: a tree under
// /usr/src must not find /usr/include's headers its own. They are named as
// dir is; top, the last, is absolute.
func cSearchDirs(dir string) (dirs []string, top string) {
	abs, err := filepath.Abs(dir)
	wd, werr := os.Getwd()
	if err != nil || werr != nil {
		return []string{dir}, dir
	}
	for d := abs; ; {
		dirs = append(dirs, d)
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			break
		}
		up := filepath.Dir(d)
		if up == d || len(dirs) == 32 {
			// No .git above: as far as the working directory, when the
			// file is below it.
			if i := slices.Index(dirs, wd); i >= 0 {
				dirs = dirs[:i+1]
			} else {
				dirs = dirs[:1]
			}
			break
		}
		d = up
	}
	top = dirs[len(dirs)-1]
	if !filepath.IsAbs(dir) {
		for i, d := range dirs {
			if r, err := filepath.Rel(wd, d); err == nil {
				dirs[i] = r
			}
		}
	}
	return dirs, top
}

// cImports reads a C or C++ file's includes; when only is not "", only
// the includes of a file of that name are resolved (the importers of a
// header need no others).
func cImports(p string, data []byte, only ...string) []Import {
	var out []Import
	look := cLookup{file: p}
	for n, line := range bytes.Split(data, []byte{'\n'}) {
		if m := cInclude().FindSubmatch(line); m != nil {
			spec := string(m[2])
			i := Import{Line: n + 1, Spec: spec}
			if len(only) == 0 || path.Base(spec) == only[0] {
				i.To = look.resolve(spec, m[1][0] == '"')
			}
			if i.To == "" && m[1][0] == '<' {
				i.Outside = "system header"
			}
			out = append(out, i)
		}
	}
	return out
}
