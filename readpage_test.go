package scout

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/scoutcode/scout/internal/rank"
)

// readAll follows the cursor from the first page to the last and returns
// the lines in order, checking each page's budget.
func readAll(t *testing.T, o ReadOptions) ([]ReadLine, int) {
	t.Helper()
	var lines []ReadLine
	pages := 0
	for {
		p, err := Read(context.Background(), o)
		if err != nil {
			t.Fatalf("page %d: %v", pages+1, err)
		}
		pages++
		budget := o.Budget
		if budget == 0 {
			budget = DefaultReadBudget
		}
		if len(p.Text) > budget*4 {
			t.Fatalf("page %d: %d bytes over a budget of %d tokens", pages, len(p.Text), budget)
		}
		if p.Page != pages {
			t.Fatalf("page %d says it is page %d", pages, p.Page)
		}
		lines = append(lines, p.Content...)
		if p.Cursor == "" {
			return lines, pages
		}
		o.Cursor = p.Cursor
	}
}

func TestReadPages(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	var want []string
	for i := range 900 {
		line := strings.Repeat("x", r.IntN(120))
		switch i % 97 {
		case 5:
			line = strings.Repeat("é", 1500) // 3000 bytes: cut at a rune boundary
		case 6:
			line = ""
		}
		want = append(want, line)
		b.WriteString(line)
		if i%50 == 0 {
			b.WriteString("\r")
		}
		b.WriteString("\n")
	}
	path := filepath.Join(dir, "long.txt")
	os.WriteFile(path, []byte(b.String()), 0o644)
	for _, c := range []struct{ offset, limit, budget int }{{0, 0, 0}, {0, 0, 300}, {10, 0, 500}, {100, 250, 300}, {900, 0, 0}, {1, 1, 300}} {
		t.Run(fmt.Sprintf("offset%d-limit%d-budget%d", c.offset, c.limit, c.budget), func(t *testing.T) {
			o := ReadOptions{Path: path, Offset: c.offset, Limit: c.limit, Budget: c.budget, NoRecord: true, NoGit: true}
			got, pages := readAll(t, o)
			from := max(c.offset, 1)
			end := len(want)
			if c.limit > 0 {
				end = from + c.limit - 1
			}
			if len(got) != end-from+1 {
				t.Fatalf("%d lines in %d pages, want %d", len(got), pages, end-from+1)
			}
			for i, l := range got {
				n := from + i
				if l.Number != n {
					t.Fatalf("line %d numbered %d", n, l.Number)
				}
				full := want[n-1]
				if !strings.HasPrefix(full, l.Text) || len(l.Text)+l.Cut != len(full) {
					t.Fatalf("line %d: %q (cut %d), want a prefix of %q", n, l.Text, l.Cut, full)
				}
				if !utf8.ValidString(l.Text) {
					t.Fatalf("line %d split a rune", n)
				}
				if len(full) <= 400 && l.Cut > 0 {
					t.Fatalf("line %d of %d bytes was cut", n, len(full))
				}
			}
			t.Logf("%d pages", pages)
		})
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "a.txt")
	os.WriteFile(text, []byte(strings.Repeat("line\n", 2000)), 0o644)
	os.WriteFile(filepath.Join(dir, "bin"), []byte("ab\x00cd"), 0o644)
	os.WriteFile(filepath.Join(dir, "other.txt"), []byte(strings.Repeat("line\n", 2000)), 0o644)
	ctx := context.Background()
	first, err := Read(ctx, ReadOptions{Path: text, NoRecord: true, Budget: 300})
	if err != nil || first.Cursor == "" {
		t.Fatalf("first page: %v, cursor %q", err, first.Cursor)
	}
	cases := []struct {
		name string
		o    ReadOptions
		want error
		text string
	}{
		{"directory", ReadOptions{Path: dir}, ErrIsDir, "read takes a file"},
		{"binary", ReadOptions{Path: filepath.Join(dir, "bin")}, ErrBinary, "text files only"},
		{"missing", ReadOptions{Path: filepath.Join(dir, "nope")}, nil, "no such file"},
		{"past the end", ReadOptions{Path: text, Offset: 2001}, nil, "has 2000 lines"},
		{"negative", ReadOptions{Path: text, Limit: -1}, nil, "positive"},
		{"too large", ReadOptions{Path: text, MaxFileSize: 100}, ErrTooLarge, "grep it"},
		{"other file", ReadOptions{Path: filepath.Join(dir, "other.txt"), Cursor: first.Cursor}, ErrCursorMismatch, "another file"},
		{"other range", ReadOptions{Path: text, Offset: 5, Cursor: first.Cursor}, ErrCursorMismatch, "same offset"},
		{"tampered", ReadOptions{Path: text, Cursor: first.Cursor[:len(first.Cursor)-2] + "AA"}, ErrBadCursor, "checksum"},
		{"search cursor", ReadOptions{Path: text, Cursor: "c2.AAAA"}, ErrBadCursor, "search's cursor"},
		{"no path", ReadOptions{}, nil, "no path"},
	}
	for _, c := range cases {
		c.o.NoRecord = true
		_, err := Read(ctx, c.o)
		if err == nil || (c.want != nil && !errors.Is(err, c.want)) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: %v; want %v mentioning %q", c.name, err, c.want, c.text)
		}
	}
	os.WriteFile(text, []byte(strings.Repeat("line\n", 1999)+"changed\n"), 0o644)
	_, err = Read(ctx, ReadOptions{Path: text, Cursor: first.Cursor, NoRecord: true})
	if !errors.Is(err, ErrStaleRead) || !strings.Contains(err.Error(), "without the cursor") {
		t.Errorf("changed file: %v", err)
	}
}

func TestReadRecordsAndRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the tree revision needs it")
	}
	dir := t.TempDir()
	state := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	git("init", "-q")
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.go"), []byte("package b\n"), 0o644)
	git("add", ".")
	git("commit", "-q", "-m", "x")
	ctx := context.Background()
	read := func() *ReadPage {
		p, err := Read(ctx, ReadOptions{Path: filepath.Join(dir, "a.go"), StateDir: state})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p1 := read()
	if p1.Tree == "" || !strings.Contains(p1.Text, "tree "+p1.Tree) {
		t.Fatalf("no tree revision: %q", p1.Text)
	}
	if p2 := read(); p2.Tree != p1.Tree || p2.Hash != p1.Hash {
		t.Errorf("the same tree read twice: %s %s, then %s %s", p1.Tree, p1.Hash, p2.Tree, p2.Hash)
	}
	// An edit in the worktree alone leaves the revision (it would take a
	// look at every file); staging it, or committing, changes it.
	os.WriteFile(filepath.Join(dir, "b.go"), []byte("package b // edited\n"), 0o644)
	p3 := read()
	if p3.Tree != p1.Tree || p3.Hash != p1.Hash {
		t.Errorf("an unstaged edit of b.go changed the read of a.go: %s %s, then %s %s", p1.Tree, p1.Hash, p3.Tree, p3.Hash)
	}
	git("add", "b.go")
	p4 := read()
	if p4.Tree == p3.Tree {
		t.Error("the tree revision did not change when a file was staged")
	}
	git("commit", "-q", "-m", "y")
	if p5 := read(); p5.Tree == p4.Tree {
		t.Error("the tree revision did not change with a commit")
	}
	// The reads were recorded: a.go has a frecency signal, b.go none.
	res, err := Search(ctx, Options{Patterns: []string{"package"}, Scope: Scope{Paths: []string{dir}}, RankOptions: RankOptions{StateDir: state}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		has := false
		for _, s := range f.Signals {
			has = has || s.Name == rank.SigFrecency
		}
		if has != strings.HasSuffix(f.Path, "a.go") {
			t.Errorf("%s: frecency signal %v, signals %v", f.Path, has, f.Signals)
		}
	}
}
