// Package confine keeps a server's searches and reads inside its roots.
//
// A path an agent sends is relative to the first root, or absolute inside
// one of the roots. Paths that climb out with "..", absolute paths
// elsewhere, and paths that lead outside through a symbolic link are
// refused, and so are globs with a ".." component. The root itself may not
// be "/", the home directory or a directory above it, unless the server is
// told to allow a broad root: an agent could then read every key and
// credential on the machine.
//
// The check is made on the path as it is when the request arrives; the
// search itself does not follow symbolic links, so the walk cannot leave a
// root either.
package confine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrOutside is wrapped by every refusal of a path or glob.
var ErrOutside = errors.New("outside the root")

// ErrBroadRoot is wrapped by the refusal of a root that is "/", the home
// directory or above it.
var ErrBroadRoot = errors.New("root too broad")

// Roots is the set of directories a server may search and read.
type Roots struct {
	dirs []dir
}

type dir struct {
	abs  string // absolute and clean, as given
	real string // with symbolic links resolved
}

// New checks the roots: each must be an existing directory, and none may
// be broad (see the package comment) unless allowBroad is set. home is the
// user's home directory ("" when there is none).
func New(roots []string, allowBroad bool, home string) (*Roots, error) {
	if len(roots) == 0 {
		return nil, errors.New("no root given")
	}
	r := &Roots{}
	for _, given := range roots {
		abs, err := filepath.Abs(given)
		if err != nil {
			return nil, fmt.Errorf("root %s: %v", given, err)
		}
		info, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("root %s: %w; pass --root with an existing directory", given, unwrapPath(err))
		}
		if !info.IsDir() {
			return nil, fmt.Errorf("root %s is not a directory; pass --root with the project's directory", given)
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, fmt.Errorf("root %s: %v", given, err)
		}
		if !allowBroad {
			if err := checkBroad(given, real, home); err != nil {
				return nil, err
			}
		}
		r.dirs = append(r.dirs, dir{abs: abs, real: real})
	}
	return r, nil
}

// checkBroad refuses "/", the home directory and the directories above it.
func checkBroad(given, real, home string) error {
	why := ""
	switch {
	case real == filepath.Dir(real):
		why = "it is the file system's root"
	case home != "":
		h, err := filepath.EvalSymlinks(home)
		if err != nil {
			h = filepath.Clean(home)
		}
		switch {
		case h == real:
			why = "it is your home directory"
		case within(real, h):
			why = "it holds your home directory"
		}
	}
	if why == "" {
		return nil
	}
	return fmt.Errorf("%w: refusing to serve %s: %s, so an agent could read every key, token and credential in it; pass --root with the project's directory, or add --allow-broad-root if that is what you mean", ErrBroadRoot, given, why)
}

// Dir returns the first root, the one relative paths are resolved in.
func (r *Roots) Dir() string { return r.dirs[0].abs }

// All returns every root, absolute.
func (r *Roots) All() []string {
	out := make([]string, len(r.dirs))
	for i, d := range r.dirs {
		out[i] = d.abs
	}
	return out
}

// Path checks a path an agent sent and returns it as the search should be
// given it: relative to the first root when it is inside it ("." for the
// root itself), else absolute. An empty path is the first root.
func (r *Roots) Path(p string) (string, error) {
	if p == "" || p == "." {
		return ".", nil
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", fmt.Errorf("%w: path %q holds a NUL byte", ErrOutside, p)
	}
	var abs string
	if filepath.IsAbs(p) {
		abs = filepath.Clean(p)
	} else {
		clean := filepath.Clean(filepath.FromSlash(p))
		if clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
			return "", fmt.Errorf("%w: path %q climbs out of the root %s with \"..\"; send a path inside it, relative to it", ErrOutside, p, r.dirs[0].abs)
		}
		abs = filepath.Join(r.dirs[0].abs, clean)
	}
	inside := false
	for _, d := range r.dirs {
		if within(d.abs, abs) || within(d.real, abs) {
			inside = true
			break
		}
	}
	if !inside {
		return "", fmt.Errorf("%w: path %s is outside the root%s %s; send a path relative to the root, or an absolute path inside it", ErrOutside, p, plural(len(r.dirs)), strings.Join(r.All(), ", "))
	}
	real, err := resolve(abs)
	if err != nil {
		return "", fmt.Errorf("path %s: %v", p, err)
	}
	inside = false
	for _, d := range r.dirs {
		if within(d.real, real) {
			inside = true
			break
		}
	}
	if !inside {
		return "", fmt.Errorf("%w: path %s leads outside the root through a symbolic link; send a path whose target is inside the root", ErrOutside, p)
	}
	if within(r.dirs[0].abs, abs) {
		rel, err := filepath.Rel(r.dirs[0].abs, abs)
		if err == nil {
			return filepath.ToSlash(rel), nil
		}
	}
	return abs, nil
}

// Glob refuses a glob with a ".." component: globs match paths below the
// search root (a leading "/" anchors one there, as in .gitignore), and one
// that climbs out could only mislead.
func Glob(g string) error {
	body := strings.TrimPrefix(g, "!")
	for _, part := range strings.Split(strings.ReplaceAll(body, "\\", "/"), "/") {
		if part == ".." {
			return fmt.Errorf("%w: glob %q has a \"..\" component; globs match paths below the search root: send a glob without \"..\", or pass the directory as path", ErrOutside, g)
		}
	}
	return nil
}

// resolve evaluates the symbolic links of the longest part of p that
// exists, and joins the rest to it.
func resolve(p string) (string, error) {
	rest := ""
	for {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", unwrapPath(err)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(p, rest), nil
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// within reports whether p is root or below it; both are clean and
// absolute.
func within(root, p string) bool {
	if p == root {
		return true
	}
	if !strings.HasSuffix(root, string(filepath.Separator)) {
		root += string(filepath.Separator)
	}
	return strings.HasPrefix(p, root)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
