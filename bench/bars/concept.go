//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/scoutcode/scout/bench/internal/kit"
	"github.com/scoutcode/scout/internal/fixture"
)

// concept times issue 13's speed bars of a description search, each
// against rg --files (the tree listed, for scale; not judged):
//
//   - with the index kept from an earlier search and no file changed
//     (warm): bar 100 ms;
//   - after 10 files change (every other run finds a line added to
//     them): bar 1 s; only on a copy of a tree (-root), since it writes
//     to the files (between runs they are as they were);
//   - with no index kept (cold): bar 20 s, 3 runs.
func (b *bench) concept() {
	const name = "concept"
	if b.only != "" && !strings.Contains("concept (warm), concept (10 files changed), concept (cold)", b.only) {
		return
	}
	list := cmd{bin: "rg", args: []string{"--files"}}
	warm := filepath.Join(b.tmp, "concept-warm")
	for _, desc := range []string{"where sessions expire", "the code that retries after a timeout"} {
		run := cmd{bin: b.bin, args: []string{name, desc}, env: []string{"XDG_CACHE_HOME=" + warm}}
		b.absolute(fmt.Sprintf("concept %q (warm)", desc), run, list, b.runs, 100*time.Millisecond)
	}
	if b.only == "" || strings.Contains("concept (10 files changed)", b.only) {
		b.conceptChanged(warm, list)
	}
	cold := filepath.Join(b.tmp, "concept-cold")
	run := cmd{bin: b.bin, args: []string{name, "where sessions expire"}, env: []string{"XDG_CACHE_HOME=" + cold}, before: func() { os.RemoveAll(cold) }}
	b.absolute("concept (cold)", run, list, 3, 20*time.Second)
}

// conceptChanged is the case of 10 files changed between searches.
func (b *bench) conceptChanged(cache string, list cmd) {
	if abs, _ := filepath.Abs(b.root); strings.HasPrefix(abs, filepath.Clean(fixture.GoRoot())+string(filepath.Separator)) {
		fmt.Printf("%-46s skipped: it writes to files; give a copy of the tree (-root)\n", "concept (10 files changed)")
		return
	}
	files := b.someGoFiles(10)
	saved := make([][]byte, len(files))
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			kit.Fail(err.Error())
		}
		saved[i] = data
	}
	write := func(extra string) {
		for i, f := range files {
			if err := os.WriteFile(f, append(slices.Clip(saved[i]), extra...), 0o644); err != nil {
				kit.Fail(err.Error())
			}
		}
	}
	// Every other run finds a line added to the 10 files, and takes it
	// away after: so each run finds them other than the last saw them,
	// and between runs the files are as they were.
	changed := false
	run := cmd{bin: b.bin, args: []string{"concept", "where sessions expire"}, env: []string{"XDG_CACHE_HOME=" + cache},
		before: func() {
			if changed = !changed; changed {
				write("// changed for bench/bars\n")
			}
		},
		after: func() {
			if changed {
				write("")
			}
		}}
	b.absolute("concept (10 files changed)", run, list, b.runs, time.Second)
}

// someGoFiles returns n Go files of the tree that are not tests, net/http's
// first when it has them, in path order.
func (b *bench) someGoFiles(n int) []string {
	var out []string
	for _, dir := range []string{filepath.Join(b.root, "net", "http"), b.root} {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || len(out) == n {
				return filepath.SkipAll
			}
			if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") && !slices.Contains(out, p) {
				out = append(out, p)
			}
			return nil
		})
	}
	if len(out) < n {
		kit.Fail(fmt.Sprintf("%s holds %d Go files; the changed-files case needs %d", b.root, len(out), n))
	}
	return out
}

// absolute times a case whose bar is a time, not a ratio: the row as
// compare prints it, then a mark when scout's median is over the bar.
func (b *bench) absolute(name string, scout, peer cmd, runs int, bar time.Duration) {
	if w := b.compareN(name+" (bar: "+bar.String()+")", scout, peer, 0, runs); w > bar {
		fmt.Printf("%-46s over its bar of %v !\n", name, bar)
		b.failed = true
	}
}
