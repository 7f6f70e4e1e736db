package walk

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGitIgnored asks GitIgnored of every file of a repository and
// compares its answers with git's own (git status --ignored, which lists
// each ignored file): ignored directories at the top and deeper, an
// anchored pattern, a negation, a negation that cannot re-include a file
// under an ignored directory, a nested .gitignore, info/exclude and the
// global excludes file.
func TestGitIgnored(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: it is the oracle")
	}
	dir := t.TempDir()
	global := filepath.Join(t.TempDir(), "global-ignore")
	files := map[string]string{
		".gitignore":              "/build\nnode_modules/\n*.log\n!keep.log\ndist/\n!dist/main.js\n",
		"a.go":                    "",
		"x.log":                   "",
		"keep.log":                "",
		"build/b.go":              "",
		"build/deep/c.go":         "",
		"src/build/d.go":          "", // /build is anchored: not this one
		"src/node_modules/p/e.js": "",
		"src/.gitignore":          "gen/\n*.tmp\n",
		"src/gen/f.go":            "",
		"src/g.tmp":               "",
		"src/h.go":                "",
		"dist/main.js":            "", // dist/ is ignored, so the negation cannot bring it back
		"secret.txt":              "",
		"notes.bak":               "",
		"docs/notes.bak":          "",
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(global, []byte("*.bak\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-c", "core.excludesFile=" + global}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return string(out)
	}
	git("init", "-q", ".")
	if err := os.WriteFile(filepath.Join(dir, ".git", "info", "exclude"), []byte("secret.txt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, rec := range strings.Split(git("status", "--porcelain=v2", "-z", "--ignored", "--untracked-files=all"), "\x00") {
		if p, ok := strings.CutPrefix(rec, "! "); ok {
			want = append(want, p)
		}
	}
	if len(want) < 8 {
		t.Fatalf("git ignores only %q: the tree does not test what it means to", want)
	}
	g := NewGitIgnored(dir, global)
	var got []string
	for name := range files {
		if g.Ignored(name) {
			got = append(got, name)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("GitIgnored ignores\n  %q\ngit ignores\n  %q", got, want)
	}
	if g.Ignored("") || (*GitIgnored)(nil).Ignored("build/b.go") {
		t.Error("the top, or a nil GitIgnored, ignores")
	}
}
