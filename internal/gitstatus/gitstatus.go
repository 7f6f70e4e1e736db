// Package gitstatus reads which files of a git repository are being worked
// on: modified, staged, untracked or unmerged.
//
// It runs one `git status --porcelain=v2 -z` (with GIT_OPTIONAL_LOCKS=0, so
// it never takes the index lock from under the user), bounded in time and
// in output. Entries of the v2 format (git-status(1)):
//
//	1 XY sub mH mI mW hH hI path          changed tracked file
//	2 XY sub mH mI mW hH hI Xscore path   renamed or copied, then NUL origPath
//	u XY sub m1 m2 m3 mW h1 h2 h3 path    unmerged
//	? path                                untracked (a directory ends in "/")
package gitstatus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// MaxOutput bounds what is read from git; a larger status is cut there.
const MaxOutput = 8 << 20

// State is the set of files git reports, as paths relative to the
// repository root.
type State struct {
	// Head is the commit checked out ("" before the first commit).
	Head  string
	files map[string]bool
	dirs  []string // untracked directories, with a trailing "/"
}

// Dirty reports whether the path (relative to the repository root) is
// modified, staged, untracked or unmerged.
func (s *State) Dirty(rel string) bool {
	if s == nil {
		return false
	}
	if s.files[rel] {
		return true
	}
	for _, d := range s.dirs {
		if strings.HasPrefix(rel, d) {
			return true
		}
	}
	return false
}

// Len returns the number of entries git reported.
func (s *State) Len() int {
	if s == nil {
		return 0
	}
	return len(s.files) + len(s.dirs)
}

// Paths returns every path git reported, sorted; untracked directories
// end in "/".
func (s *State) Paths() []string {
	if s == nil {
		return nil
	}
	out := make([]string, 0, s.Len())
	for p := range s.files {
		out = append(out, p)
	}
	out = append(out, s.dirs...)
	slices.Sort(out)
	return out
}

// ErrNoGit is returned when the git command is not installed.
var ErrNoGit = errors.New("git is not installed")

// ErrTimeout is wrapped by the error of a git status that ran out of time.
var ErrTimeout = errors.New("git status took too long")

// Read runs git status in repo, giving up after timeout.
func Read(ctx context.Context, repo string, timeout time.Duration) (*State, error) {
	return run(ctx, repo, timeout, nil)
}

// ReadPaths runs git status in repo about the given paths only (relative
// to repo, slash-separated, taken literally), giving up after timeout.
func ReadPaths(ctx context.Context, repo string, paths []string, timeout time.Duration) (*State, error) {
	return run(ctx, repo, timeout, paths)
}

func run(ctx context.Context, repo string, timeout time.Duration, paths []string) (*State, error) {
	git, err := exec.LookPath("git")
	if err != nil {
		return nil, ErrNoGit
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	args := []string{"-C", repo, "status", "--porcelain=v2", "--branch", "-z"}
	if paths != nil {
		args = append(append(args, "--untracked-files=all", "--"), paths...)
	}
	cmd := exec.CommandContext(ctx, git, args...)
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "GIT_LITERAL_PATHSPECS=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return nil, fmt.Errorf("%w: longer than %v", ErrTimeout, timeout)
		}
		return nil, err
	}
	data, _ := io.ReadAll(io.LimitReader(out, MaxOutput))
	io.Copy(io.Discard, out)
	err = cmd.Wait()
	if ctx.Err() == context.DeadlineExceeded {
		return nil, fmt.Errorf("%w: longer than %v", ErrTimeout, timeout)
	}
	if err != nil {
		return nil, fmt.Errorf("git status: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return Parse(data), nil
}

// Parse reads the -z porcelain v2 format.
func Parse(data []byte) *State {
	s := &State{files: map[string]bool{}}
	fields := bytes.Split(data, []byte{0})
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case '#':
			if oid, ok := bytes.CutPrefix(f, []byte("# branch.oid ")); ok && string(oid) != "(initial)" {
				s.Head = string(oid)
			}
		case '1':
			s.add(field(f, 8))
		case '2':
			s.add(field(f, 9))
			i++ // the original path of a rename or copy
		case 'u':
			s.add(field(f, 10))
		case '?':
			s.add(string(f[2:]))
		}
	}
	return s
}

func (s *State) add(p string) {
	if p == "" {
		return
	}
	if strings.HasSuffix(p, "/") {
		s.dirs = append(s.dirs, p)
		return
	}
	s.files[p] = true
}

// field returns the part of an entry after n space-separated fields: the
// path, which may itself hold spaces.
func field(f []byte, n int) string {
	for k := 0; k < n; k++ {
		i := bytes.IndexByte(f, ' ')
		if i < 0 {
			return ""
		}
		f = f[i+1:]
	}
	return string(f)
}
