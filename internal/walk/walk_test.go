package walk

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/scoutcode/scout/internal/filetype"
	"github.com/scoutcode/scout/internal/fixture"
)

var record = flag.Bool("record", false, "rewrite the >files expectations of testdata/ignore from ripgrep's output")

const fixtures = "../../testdata/ignore"

// collector is a Visitor that keeps everything.
type collector struct {
	files []string
	skips []Skip
	warns []string
}

func (c *collector) Visit(e Entry) error {
	p := e.Path
	if e.IsDir {
		p += "/"
	}
	c.files = append(c.files, p)
	return nil
}
func (c *collector) Skip(s Skip)                 { c.skips = append(c.skips, s) }
func (c *collector) Warn(path string, err error) { c.warns = append(c.warns, path+": "+err.Error()) }

// options translates a fixture's args into walk options.
func options(t *testing.T, f *fixture.Fixture) Options {
	t.Helper()
	opts := Options{GlobalExcludes: GlobalExcludesFile(f.Getenv)}
	for i := 0; i < len(f.Args); i++ {
		switch a := f.Args[i]; a {
		case "--no-hidden":
			opts.NoHidden = true
		case "--no-ignore":
			opts.NoIgnore = true
		case "-L":
			opts.Follow = true
		case "-g":
			i++
			opts.Globs = append(opts.Globs, f.Args[i])
		case "-t", "-T":
			i++
			opts.Types = append(opts.Types, filetype.Selection{Name: f.Args[i], Negated: a == "-T"})
		case "--max-depth":
			i++
			n, err := strconv.Atoi(f.Args[i])
			if err != nil {
				t.Fatal(err)
			}
			opts.MaxDepth = n
		default:
			t.Fatalf("%s: unknown arg %q", f.Name, a)
		}
	}
	return opts
}

func walkFixture(t *testing.T, f *fixture.Fixture) *collector {
	t.Helper()
	c := &collector{}
	wd, _ := os.Getwd()
	if err := os.Chdir(f.Root); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	if err := Walk(context.Background(), []string{"."}, options(t, f), c); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFixtures checks the walk of every ignore fixture against the file list
// recorded from ripgrep (rg --files --hidden -g '!.git', same options).
func TestFixtures(t *testing.T) {
	fixture.Each(t, fixtures, func(t *testing.T, f *fixture.Fixture) {
		got := walkFixture(t, f).files
		if !sort.SliceIsSorted(got, func(i, j int) bool { return ComparePaths(got[i], got[j]) < 0 }) {
			t.Errorf("walk order is not path order: %q", got)
		}
		want, ok := f.Want(t, "files", *record, func() []string { return rgFiles(t, f) },
			"go test ./internal/walk -run TestFixtures -record")
		if !ok {
			return
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("walk differs from the recorded ripgrep listing (-want +got):\n%s", diff)
		}
	})
}

// TestFixturesAgainstRipgrep runs ripgrep itself on every fixture, when it
// is installed, so that the recorded expectations cannot drift from it.
func TestFixturesAgainstRipgrep(t *testing.T) {
	fixture.NeedRg(t, "the recorded expectations are still checked by TestFixtures")
	fixture.Each(t, fixtures, func(t *testing.T, f *fixture.Fixture) {
		want := rgFiles(t, f)
		got := walkFixture(t, f).files
		sortPaths(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("walk differs from rg --files (-rg +scout):\n%s", diff)
		}
	})
}

// rgFiles lists the fixture with ripgrep under the fixture's options, sorted.
func rgFiles(t *testing.T, f *fixture.Fixture) []string {
	t.Helper()
	args := append([]string{"--files", "--sort", "path"}, fixture.RgArgs(f.Args)...)
	cmd := exec.Command("rg", args...)
	cmd.Dir, cmd.Env = f.Root, f.Env()
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("rg %s: %v", strings.Join(args, " "), err)
	}
	lines := fixture.Lines(string(out))
	sortPaths(lines)
	return lines
}

func sortPaths(p []string) {
	sort.Slice(p, func(i, j int) bool { return ComparePaths(p[i], p[j]) < 0 })
}

// comparePathsByComponent is ComparePaths as its comment defines it.
func comparePathsByComponent(a, b string) int {
	for {
		ca, ra, moreA := strings.Cut(a, "/")
		cb, rb, moreB := strings.Cut(b, "/")
		if c := strings.Compare(ca, cb); c != 0 {
			return c
		}
		switch {
		case !moreA && !moreB:
			return 0
		case !moreA:
			return -1
		case !moreB:
			return 1
		}
		a, b = ra, rb
	}
}

func FuzzComparePaths(f *testing.F) {
	for _, s := range [][2]string{{"a/b", "a.txt"}, {"a", "a/b"}, {"ab/c", "abc"}, {"x/a-b", "x/a/b"}, {"", "/"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := ComparePaths(a, b), comparePathsByComponent(a, b); got != want {
			t.Fatalf("ComparePaths(%q, %q) = %d, want %d", a, b, got, want)
		}
	})
}

// Walk walks roots in order, calling v from this goroutine in path order.
func Walk(ctx context.Context, roots []string, opts Options, v Visitor) error {
	return Parallel(ctx, roots, opts, 1, func(int) Visitor { return v })
}
