package gitstatus

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The Reader must give git status's answers. Each test builds a repository
// in one of the states the issue lists (#10), then compares, for every file
// git would search (tracked, and untracked but not ignored: what scout's
// walk lists), the files the Reader calls changed with the files
// `git status --porcelain=v2 -z --untracked-files=all` reports.

type repo struct {
	t   *testing.T
	dir string
}

func newRepo(t *testing.T) *repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	r := &repo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *repo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.email=t@t", "-c", "user.name=t", "-c", "protocol.file.allow=always"}, args...)...)
	cmd.Dir = r.dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (r *repo) write(path, content string) {
	r.t.Helper()
	p := filepath.Join(r.dir, filepath.FromSlash(path))
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

// base commits a few files in a few directories.
func (r *repo) base() {
	r.write("README.md", "readme\n")
	r.write("src/main.go", "package main\n")
	r.write("src/util/util.go", "package util\n")
	r.write("docs/guide.md", "guide\n")
	r.write(".gitignore", "*.log\nbuild/\n")
	r.git("add", ".")
	r.git("commit", "-q", "-m", "base")
}

// age moves every file's times an hour back, and refreshes the index, so
// that nothing is racily clean unless a test makes it so.
func (r *repo) age() {
	old := time.Now().Add(-time.Hour)
	filepath.WalkDir(r.dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !strings.Contains(p, string(filepath.Separator)+".git") {
			os.Chtimes(p, old, old)
		}
		return nil
	})
	r.git("update-index", "-q", "--refresh")
}

// files lists what scout's walk would search: tracked files and untracked
// ones that are not ignored.
func (r *repo) files() []string {
	out := r.git("ls-files", "-z", "-co", "--exclude-standard")
	var list []string
	for _, p := range strings.Split(out, "\x00") {
		if fi, err := os.Lstat(filepath.Join(r.dir, p)); p != "" && err == nil && fi.Mode().IsRegular() {
			list = append(list, p)
		}
	}
	slices.Sort(list)
	return slices.Compact(list)
}

// check compares the Reader with git status over r.files().
func (r *repo) check(want ...string) {
	r.t.Helper()
	st := func() *State {
		cmd := exec.Command("git", "status", "--porcelain=v2", "-z", "--untracked-files=all")
		cmd.Dir = r.dir
		out, err := cmd.Output()
		if err != nil {
			r.t.Fatal(err)
		}
		return Parse(out)
	}()
	rd, err := Open(r.dir)
	if err != nil {
		r.t.Fatalf("Open: %v", err)
	}
	defer rd.Close()
	var got, git []string
	for _, p := range r.files() {
		fi, err := os.Lstat(filepath.Join(r.dir, p))
		if err != nil {
			r.t.Fatal(err)
		}
		c, err := rd.Changed(p, StatOf(fi), func() ([]byte, error) { return os.ReadFile(filepath.Join(r.dir, p)) })
		if err != nil {
			r.t.Fatalf("Changed(%s): %v", p, err)
		}
		if c != Clean {
			got = append(got, p)
		}
		if st.Dirty(p) {
			git = append(git, p)
		}
	}
	if !slices.Equal(got, git) {
		r.t.Errorf("the Reader says %q, git status says %q", got, git)
	}
	if want != nil && !slices.Equal(git, want) {
		r.t.Errorf("git status says %q; the test meant %q", git, want)
	}
}

func TestReaderClean(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.age()
	r.check([]string{}...)
}

func TestReaderModified(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.age()
	r.write("src/main.go", "package main\n\nfunc main() {}\n")
	r.check("src/main.go")
}

func TestReaderTouchedNotChanged(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.age()
	now := time.Now()
	os.Chtimes(filepath.Join(r.dir, "README.md"), now, now)
	r.check([]string{}...)
}

func TestReaderRacilyClean(t *testing.T) {
	r := newRepo(t)
	r.base()
	// Same size, changed right after the index was written: the stat data
	// may match to the nanosecond on a coarse clock.
	r.write("docs/guide.md", "GUIDE\n")
	r.check("docs/guide.md")
}

func TestReaderStaged(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.write("src/util/util.go", "package util // staged\n")
	r.git("add", "src/util/util.go")
	r.write("README.md", "readme, staged then put back\n")
	r.git("add", "README.md")
	r.write("README.md", "readme\n")
	r.age()
	r.check("README.md", "src/util/util.go")
}

func TestReaderUntracked(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.write("new.txt", "new\n")
	r.write("newdir/a.txt", "a\n")
	r.write("newdir/deep/b.txt", "b\n")
	r.write("debug.log", "ignored\n")
	r.write("build/out.txt", "ignored\n")
	r.age()
	r.check("new.txt", "newdir/a.txt", "newdir/deep/b.txt")
}

func TestReaderRenamed(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.git("mv", "docs/guide.md", "docs/manual.md")
	r.age()
	r.check("docs/manual.md")
}

func TestReaderUnmerged(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.git("checkout", "-q", "-b", "other")
	r.write("src/main.go", "package main // other\n")
	r.git("commit", "-q", "-am", "other")
	r.git("checkout", "-q", "main")
	r.write("src/main.go", "package main // main\n")
	r.git("commit", "-q", "-am", "main")
	cmd := exec.Command("git", "merge", "-q", "other")
	cmd.Dir = r.dir
	cmd.Run() // a conflict: exit status 1
	r.check("src/main.go")
}

func TestReaderAssumeUnchanged(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.git("update-index", "--assume-unchanged", "src/main.go")
	r.write("src/main.go", "package main // changed, but git is told not to look\n")
	r.write("README.md", "changed\n")
	r.check("README.md")
}

func TestReaderExecutableBit(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.age()
	os.Chmod(filepath.Join(r.dir, "README.md"), 0o755)
	r.check("README.md")
}

func TestReaderIntentToAdd(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.write("planned.go", "package main\n")
	r.git("add", "-N", "planned.go")
	r.age()
	r.check("planned.go")
}

func TestReaderNoCommits(t *testing.T) {
	r := newRepo(t)
	r.write("a.txt", "a\n")
	r.write("b/c.txt", "c\n")
	r.git("add", "a.txt")
	r.age()
	r.check("a.txt", "b/c.txt")
}

func TestReaderIndexVersions(t *testing.T) {
	for _, v := range []string{"2", "3", "4"} {
		t.Run("v"+v, func(t *testing.T) {
			r := newRepo(t)
			r.base()
			r.git("update-index", "--index-version", v)
			r.write("src/util/util.go", "package util // staged\n")
			r.git("add", "src/util/util.go")
			r.write("docs/guide.md", "changed\n")
			r.write("new/file.txt", "x\n")
			want := []string{"docs/guide.md", "new/file.txt", "src/util/util.go"}
			if v != "2" {
				// An extended flag, which version 2 cannot hold.
				r.write("ita.txt", "intent to add\n")
				r.git("add", "-N", "ita.txt")
				want = []string{"docs/guide.md", "ita.txt", "new/file.txt", "src/util/util.go"}
			}
			r.age()
			r.check(want...)
			if got := indexVersion(t, r.dir); got != v {
				t.Errorf("the index is version %s, want %s", got, v)
			}
		})
	}
}

func indexVersion(t *testing.T, dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	if err != nil || len(b) < 8 {
		t.Fatal(err)
	}
	return fmt.Sprint(b[7])
}

func TestReaderSplitIndex(t *testing.T) {
	r := newRepo(t)
	r.base()
	r.git("update-index", "--split-index")
	r.write("src/util/util.go", "package util // staged\n")
	r.git("add", "src/util/util.go")
	r.git("rm", "-q", "--cached", "docs/guide.md")
	r.write("added.txt", "added\n")
	r.git("add", "added.txt")
	r.write("README.md", "changed\n")
	r.age()
	if m, _ := filepath.Glob(filepath.Join(r.dir, ".git", "sharedindex.*")); len(m) == 0 {
		t.Fatal("no shared index: the repository is not split")
	}
	r.check("README.md", "added.txt", "docs/guide.md", "src/util/util.go")
}

func TestReaderSparseCheckout(t *testing.T) {
	for _, sparseIndex := range []bool{false, true} {
		t.Run(fmt.Sprint("sparse-index=", sparseIndex), func(t *testing.T) {
			r := newRepo(t)
			r.base()
			args := []string{"sparse-checkout", "init", "--cone"}
			if sparseIndex {
				args = append(args, "--sparse-index")
			}
			r.git(args...)
			r.git("sparse-checkout", "set", "src")
			r.write("src/main.go", "package main // changed\n")
			r.age()
			r.check("src/main.go")
		})
	}
}

func TestReaderWorktree(t *testing.T) {
	r := newRepo(t)
	r.base()
	wt := filepath.Join(t.TempDir(), "wt")
	r.git("worktree", "add", "-q", "-b", "feature", wt)
	w := &repo{t: t, dir: wt}
	w.write("src/main.go", "package main // in the worktree\n")
	w.write("wt-only.txt", "x\n")
	w.age()
	w.check("src/main.go", "wt-only.txt")
}

func TestReaderSubmodule(t *testing.T) {
	sub := newRepo(t)
	sub.write("lib.go", "package lib\n")
	sub.git("add", ".")
	sub.git("commit", "-q", "-m", "lib")
	r := newRepo(t)
	r.base()
	r.git("submodule", "add", "-q", sub.dir, "vendor/lib")
	r.git("commit", "-q", "-m", "submodule")
	inner := &repo{t: t, dir: filepath.Join(r.dir, "vendor", "lib")}
	inner.write("lib.go", "package lib // changed inside\n")
	r.write("README.md", "changed\n")
	r.age()
	r.check("README.md")
	// Inside the submodule, its own .git is a file naming its gitdir.
	inner.check("lib.go")
}

func TestReaderPacked(t *testing.T) {
	r := newRepo(t)
	r.base()
	for i := range 5 { // history, so that trees are stored as deltas
		r.write("src/main.go", fmt.Sprintf("package main // %d\n", i))
		r.write(fmt.Sprintf("docs/page%d.md", i), "page\n")
		r.git("add", ".")
		r.git("commit", "-q", "-m", fmt.Sprint(i))
	}
	r.git("gc", "-q", "--aggressive")
	if m, _ := filepath.Glob(filepath.Join(r.dir, ".git", "objects", "pack", "*.pack")); len(m) == 0 {
		t.Fatal("nothing was packed")
	}
	r.write("src/util/util.go", "package util // staged\n")
	r.git("add", "src/util/util.go")
	r.write("docs/page3.md", "changed\n")
	r.age()
	r.check("docs/page3.md", "src/util/util.go")
}

// TestReaderFilters: with core.autocrlf, a file whose content does not hash
// to its blob may still be unchanged; the Reader says it cannot tell.
func TestReaderFilters(t *testing.T) {
	r := newRepo(t)
	r.git("config", "core.autocrlf", "true")
	r.write("a.txt", "one\ntwo\n")
	r.git("add", ".")
	r.git("commit", "-q", "-m", "a")
	r.age()
	now := time.Now()
	os.Chtimes(filepath.Join(r.dir, "a.txt"), now, now)
	rd, err := Open(r.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	fi, _ := os.Lstat(filepath.Join(r.dir, "a.txt"))
	data := []byte("one\r\ntwo\r\n") // as a CRLF checkout would have it
	c, err := rd.Changed("a.txt", StatOf(fi), func() ([]byte, error) { return data, nil })
	if err != nil || c != Uncertain {
		t.Errorf("Changed = %v, %v; want Uncertain", c, err)
	}
}
