package gitstatus

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	data := strings.Join([]string{
		"# branch.oid 0123456789abcdef0123456789abcdef01234567",
		"# branch.head main",
		"1 .M N... 100644 100644 100644 abc def src/a.go",
		"1 A. N... 000000 100644 100644 000 def docs/new file.md",
		"2 R. N... 100644 100644 100644 abc def R100 src/renamed.go", "src/old.go",
		"u UU N... 100644 100644 100644 100644 a b c conflict.txt",
		"? untracked.txt",
		"? build/",
		"",
	}, "\x00")
	s := Parse([]byte(data))
	for _, p := range []string{"src/a.go", "docs/new file.md", "src/renamed.go", "conflict.txt", "untracked.txt", "build/x/y.o"} {
		if !s.Dirty(p) {
			t.Errorf("%s not dirty", p)
		}
	}
	for _, p := range []string{"src/old.go", "src/b.go", "buildx"} {
		if s.Dirty(p) {
			t.Errorf("%s dirty", p)
		}
	}
	if s.Len() != 6 {
		t.Errorf("Len = %d", s.Len())
	}
	if s.Head != "0123456789abcdef0123456789abcdef01234567" {
		t.Errorf("Head = %q", s.Head)
	}
	want := "build/ conflict.txt docs/new file.md src/a.go src/renamed.go untracked.txt"
	if got := strings.Join(s.Paths(), " "); got != want {
		t.Errorf("Paths = %q, want %q", got, want)
	}
	if Parse([]byte("# branch.oid (initial)\x00")).Head != "" {
		t.Error("Head before the first commit")
	}
	var none *State
	if none.Dirty("x") || none.Len() != 0 {
		t.Error("nil state")
	}
}

func TestRead(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	git("init", "-q")
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte("b"), 0o644)
	git("add", ".")
	git("commit", "-q", "-m", "x")
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("changed"), 0o644)
	os.MkdirAll(filepath.Join(dir, "new"), 0o755)
	os.WriteFile(filepath.Join(dir, "new", "c.txt"), []byte("c"), 0o644)
	s, err := Read(context.Background(), dir, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Dirty("a.txt") || s.Dirty("b.txt") || !s.Dirty("new/c.txt") {
		t.Errorf("state: a %v b %v new/c %v", s.Dirty("a.txt"), s.Dirty("b.txt"), s.Dirty("new/c.txt"))
	}
	if _, err := Read(context.Background(), t.TempDir(), 10*time.Second); err == nil {
		t.Error("no error outside a repository")
	}
	if _, err := Read(context.Background(), dir, time.Nanosecond); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("timeout: %v", err)
	}
}
