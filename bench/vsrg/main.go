//go:build unix

// Command vsrg times scout against ripgrep on the same tree, side by side.
//
//	go run ./bench/vsrg                      # the git corpus, 7 runs per case
//	go run ./bench/vsrg -corpus goroot       # GOROOT/src itself (not a git repository)
//	go run ./bench/vsrg -corpus git-small    # a git copy of runtime/ and crypto/ (2.4k files)
//	go run ./bench/vsrg -corpus git-200k -git-cost   # 200,000 files: the git signal's cost
//	go run ./bench/vsrg -root ~/code/x -runs 11 -case literal
//
// The git corpora are where agents work: a copy of GOROOT/src (or part of
// it) made a git repository (init, add, commit), then a few files
// modified, one of them staged, and a few untracked files added. They are
// made once under $TMPDIR/scout-corpus-NAME and reused.
//
// Each case runs once of each tool to warm the page cache, then alternates
// the two tools run after run (so drift on a shared machine hits both), and
// reports the median wall time of each, the ratio scout/rg, the median CPU
// time (user+system) and the peak resident memory over all runs (measured
// by GNU time, package "time", when installed: the rusage of a child forked
// from a Go program also counts the parent's pages). Output goes to
// /dev/null.
// Before timing, each case checks that both tools find the same number of
// matching lines, so a fast wrong answer cannot pass.
//
// Both tools are asked for the same semantics: smart case, hidden files
// searched but not .git (rg --hidden searches .git unless told not to), the
// same ignore rules, line numbers, a heading per file.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/scoutcode/scout/bench/internal/kit"
	"github.com/scoutcode/scout/internal/fixture"
)

type benchCase struct {
	name    string
	pattern string
	target  float64 // the bar for scout/rg; 0: measured, no bar
}

var cases = []benchCase{
	{"literal", "Unmarshal", 1.0},
	{"literal-smartcase", "unmarshal", 1.0}, // case-insensitive: the smart-case default for a lower-case query
	{"regex-literal", `func \w+Marshal\w*\(`, 1.0},
	{"regex-noliteral", `[A-Z][a-z]+[0-9]{2,}`, 1.5},
	{"nomatch", "zqxjkvbw_nomatch", 1.0},
	{"broad-smartcase", "err", 0}, // 300,000 hit lines read either case: ranking's cost per hit, measured
}

func main() {
	root := flag.String("root", "", "the tree to search (default: the corpus)")
	corpus := flag.String("corpus", "git", "git (a git copy of GOROOT/src with changes), git-small (runtime/ and crypto/), git-200k (200,000 small files), or goroot")
	gitCostOnly := flag.Bool("git-cost", false, "time only the git signal's cost (scout vs scout --no-git)")
	runs := flag.Int("runs", 7, "timed runs of each tool per case (at least 5)")
	only := flag.String("case", "", "run only the cases whose name contains this")
	costOnly := flag.Bool("ranking-only", false, "time only ranking's cost (scout vs scout --sort path)")
	scoutBin := flag.String("scout", "", "scout binary to time (default: build ./cmd/scout)")
	flag.Parse()
	if *runs < 5 {
		kit.Fail("-runs must be at least 5")
	}
	if _, err := exec.LookPath("rg"); err != nil {
		kit.Fail("ripgrep (rg) is not installed: apt-get install -y ripgrep")
	}
	bin := *scoutBin
	if bin == "" {
		bin = kit.Build("")
	}
	if *root == "" {
		*root = makeCorpus(*corpus)
	}
	if *gitCostOnly {
		if gitCost(*root, bin, *runs) {
			os.Exit(1)
		}
		return
	}
	fmt.Printf("tree: %s\nscout: %s\n%s\nruns: %d per tool per case, alternating; medians\n", *root, bin, rgVersion(), *runs)
	if kit.GNUTime == "" {
		fmt.Println("peak RSS: n/a (install GNU time: apt-get install -y time)")
	}
	fmt.Println()
	failed := false
	if *corpus == "git-small" && *root == makeCorpus("git-small") {
		// On 2,000-3,000 files start-up and the fixed costs weigh more: the
		// bar is 1.2 for a literal there, and the others are measured.
		for i := range cases {
			cases[i].target = map[string]float64{"literal": 1.2}[cases[i].name]
		}
	}
	if !*costOnly {
		failed = compareRipgrep(*root, bin, *runs, *only)
	}
	if rankingCost(*root, bin, *runs, *only) {
		failed = true
	}
	if !*costOnly {
		pageCost(*root, bin, *runs, *only)
		if findCost(*root, bin, *runs, *only) {
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// compareRipgrep times scout (ranked, its default) against rg on each case.
func compareRipgrep(root, bin string, runs int, only string) bool {
	fmt.Printf("%-18s %10s %10s %7s %6s %10s %10s %9s %9s %8s\n", "case", "scout", "rg", "ratio", "bar", "scout cpu", "rg cpu", "scout RSS", "rg RSS", "lines")
	failed := false
	for _, c := range cases {
		if only != "" && !strings.Contains(c.name, only) {
			continue
		}
		scoutArgs := []string{"grep", "--all", "--color", "never", "-e", c.pattern, "."}
		rgArgs := []string{"--hidden", "--glob", "!.git", "--smart-case", "--line-number", "--heading", "--color", "never", "-e", c.pattern, "."}
		ns, nr := count(root, bin, scoutArgs), count(root, "rg", rgArgs)
		if ns != nr {
			fmt.Printf("%-18s scout finds %d lines, rg %d: not timed\n", c.name, ns, nr)
			failed = true
			continue
		}
		kit.Run(root, bin, scoutArgs)
		kit.Run(root, "rg", rgArgs)
		var s, r []kit.Sample
		for range runs {
			s = append(s, kit.Run(root, bin, scoutArgs))
			r = append(r, kit.Run(root, "rg", rgArgs))
		}
		ms, mr := kit.Median(s), kit.Median(r)
		ratio := float64(ms.Wall) / float64(mr.Wall)
		mark, bar := "", "-"
		if c.target > 0 {
			bar = fmt.Sprintf("%.1f", c.target)
			if ratio > c.target {
				mark = " over"
				failed = true
			}
		}
		fmt.Printf("%-18s %10s %10s %7.2f %6s %10s %10s %9s %9s %8d%s\n", c.name, ms.Wall.Round(time.Millisecond/10), mr.Wall.Round(time.Millisecond/10),
			ratio, bar, ms.CPU.Round(time.Millisecond), mr.CPU.Round(time.Millisecond), kit.KiB(ms.RSS), kit.KiB(mr.RSS), ns, mark)
	}
	return failed
}

// maxRankingCost is the bar for ranking: a ranked search may take at most
// this much longer than the same search in path order.
const maxRankingCost = 1.10

// rankingCost times scout's default (ranked) search against the same
// search with --sort path, which skips ranking.
func rankingCost(root, bin string, runs int, only string) bool {
	fmt.Printf("\nranking cost: scout (ranked) vs scout --sort path, bar %.2f\n", maxRankingCost)
	fmt.Printf("%-18s %10s %10s %7s %10s %10s %9s %9s\n", "case", "ranked", "path", "ratio", "rank cpu", "path cpu", "rank RSS", "path RSS")
	failed := false
	for _, c := range cases {
		if only != "" && !strings.Contains(c.name, only) {
			continue
		}
		ranked := []string{"grep", "--all", "--color", "never", "-e", c.pattern, "."}
		byPath := []string{"grep", "--all", "--color", "never", "--sort", "path", "-e", c.pattern, "."}
		kit.Run(root, bin, ranked)
		kit.Run(root, bin, byPath)
		var a, b []kit.Sample
		for range runs {
			a = append(a, kit.Run(root, bin, ranked))
			b = append(b, kit.Run(root, bin, byPath))
		}
		ma, mb := kit.Median(a), kit.Median(b)
		ratio := float64(ma.Wall) / float64(mb.Wall)
		mark := ""
		if ratio > maxRankingCost {
			mark = " over"
			failed = true
		}
		fmt.Printf("%-18s %10s %10s %7.2f %10s %10s %9s %9s%s\n", c.name, ma.Wall.Round(time.Millisecond/10), mb.Wall.Round(time.Millisecond/10),
			ratio, ma.CPU.Round(time.Millisecond), mb.CPU.Round(time.Millisecond), kit.KiB(ma.RSS), kit.KiB(mb.RSS), mark)
	}
	return failed
}

// pageCost times what a user gets by default, one planned page, against
// the same search printing every result (--all) and against rg. No bar: a
// page does more (content checksums for the cursor, the map) and prints far
// less.
func pageCost(root, bin string, runs int, only string) {
	fmt.Printf("\npages: scout's default page vs scout --all and rg (no bar)\n")
	fmt.Printf("%-18s %10s %10s %10s %9s %9s %10s %10s\n", "case", "page", "--all", "rg", "page/all", "page/rg", "page bytes", "all bytes")
	for _, c := range cases {
		if only != "" && !strings.Contains(c.name, only) {
			continue
		}
		paged := []string{"grep", "-e", c.pattern, "."}
		all := []string{"grep", "--all", "--color", "never", "-e", c.pattern, "."}
		rgArgs := []string{"--hidden", "--glob", "!.git", "--smart-case", "--line-number", "--heading", "--color", "never", "-e", c.pattern, "."}
		kit.Run(root, bin, paged)
		var p, a, r []kit.Sample
		for range runs {
			p = append(p, kit.Run(root, bin, paged))
			a = append(a, kit.Run(root, bin, all))
			r = append(r, kit.Run(root, "rg", rgArgs))
		}
		mp, ma, mr := kit.Median(p), kit.Median(a), kit.Median(r)
		fmt.Printf("%-18s %10s %10s %10s %9.2f %9.2f %10d %10d\n", c.name, mp.Wall.Round(time.Millisecond/10), ma.Wall.Round(time.Millisecond/10),
			mr.Wall.Round(time.Millisecond/10), float64(mp.Wall)/float64(ma.Wall), float64(mp.Wall)/float64(mr.Wall), size(root, bin, paged), size(root, bin, all))
	}
}

// findCost times scout find's listing against rg --files, bar 1.0: the
// default page (every file walked, ranked, the best listed with the map)
// and --all (every path printed, ranked). Both list the same files (the
// test suite checks the sets); the script checks the counts.
func findCost(root, bin string, runs int, only string) bool {
	if only != "" && !strings.Contains("find", only) {
		return false
	}
	fmt.Printf("\nfind: scout find vs rg --files --hidden, bar 1.0\n")
	fmt.Printf("%-18s %10s %10s %7s %10s %10s %9s %9s %8s\n", "case", "scout", "rg", "ratio", "scout cpu", "rg cpu", "scout RSS", "rg RSS", "files")
	rgArgs := []string{"--files", "--hidden", "--glob", "!.git"}
	nr := lines(root, "rg", rgArgs)
	failed := false
	for _, c := range []struct {
		name string
		args []string
	}{
		{"find (page)", []string{"find"}},
		{"find --all", []string{"find", "--all"}},
	} {
		n := lines(root, bin, []string{"find", "--all"})
		if n != nr {
			fmt.Printf("%-18s scout lists %d files, rg %d: not timed\n", c.name, n, nr)
			failed = true
			continue
		}
		kit.Run(root, bin, c.args)
		kit.Run(root, "rg", rgArgs)
		var s, r []kit.Sample
		for range runs {
			s = append(s, kit.Run(root, bin, c.args))
			r = append(r, kit.Run(root, "rg", rgArgs))
		}
		ms, mr := kit.Median(s), kit.Median(r)
		ratio := float64(ms.Wall) / float64(mr.Wall)
		mark := ""
		if ratio > 1.0 {
			mark, failed = " over", true
		}
		fmt.Printf("%-18s %10s %10s %7.2f %10s %10s %9s %9s %8d%s\n", c.name, ms.Wall.Round(time.Millisecond/10), mr.Wall.Round(time.Millisecond/10),
			ratio, ms.CPU.Round(time.Millisecond), mr.CPU.Round(time.Millisecond), kit.KiB(ms.RSS), kit.KiB(mr.RSS), n, mark)
	}
	return failed
}

// lines returns the number of lines a command prints.
func lines(dir, bin string, args []string) int {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	out, _ := cmd.Output()
	return bytes.Count(out, []byte("\n"))
}

// size returns the bytes a command prints.
func size(dir, bin string, args []string) int {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	out, _ := cmd.Output()
	return len(out)
}

func rgVersion() string {
	out, _ := exec.Command("rg", "--version").Output()
	line, _, _ := strings.Cut(string(out), "\n")
	return "rg: " + line
}

// count returns the number of matching lines a tool prints.
func count(dir, bin string, args []string) int {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	out, _ := cmd.Output()
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if i := bytes.IndexByte(line, ':'); i > 0 && allDigits(line[:i]) {
			n++
		}
	}
	return n
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// maxGitCost is the bar for the git signal: a search with it may take at
// most this much longer than the same search with --no-git.
const maxGitCost = 1.10

// gitCost times scout's default search against the same search with
// --no-git.
func gitCost(root, bin string, runs int) bool {
	fmt.Printf("git signal cost: scout vs scout --no-git, bar %.2f\n", maxGitCost)
	fmt.Printf("%-18s %10s %10s %7s\n", "case", "git", "no-git", "ratio")
	failed := false
	for _, c := range []struct {
		name string
		args []string
	}{
		{"literal (all)", []string{"grep", "--all", "--color", "never", "-e", "Unmarshal", "."}},
		{"literal (page)", []string{"grep", "-e", "Unmarshal", "."}},
		{"find (page)", []string{"find", "handler"}},
	} {
		noGit := append([]string{c.args[0], "--no-git"}, c.args[1:]...)
		kit.Run(root, bin, c.args)
		kit.Run(root, bin, noGit)
		var a, b []kit.Sample
		for range runs {
			a = append(a, kit.Run(root, bin, c.args))
			b = append(b, kit.Run(root, bin, noGit))
		}
		ma, mb := kit.Median(a), kit.Median(b)
		ratio := float64(ma.Wall) / float64(mb.Wall)
		mark := ""
		if ratio > maxGitCost {
			mark, failed = " over", true
		}
		fmt.Printf("%-18s %10s %10s %7.2f%s\n", c.name, ma.Wall.Round(time.Millisecond/10), mb.Wall.Round(time.Millisecond/10), ratio, mark)
	}
	return failed
}

// makeCorpus returns the root of a corpus, making it the first time.
func makeCorpus(name string) string {
	goroot := filepath.Join(fixture.GoRoot(), "src")
	if name == "goroot" {
		return goroot
	}
	base := filepath.Join(os.TempDir(), "scout-corpus-"+name)
	root := filepath.Join(base, "src")
	done := base + ".ok"
	if _, err := os.Stat(done); err == nil {
		return root
	}
	os.RemoveAll(base)
	os.MkdirAll(root, 0o755)
	fmt.Fprintf(os.Stderr, "making the %s corpus in %s…\n", name, root)
	var changed []string
	switch name {
	case "git":
		sh("cp", "-a", goroot+"/.", root)
		changed = []string{"net/http/server.go", "encoding/json/decode.go", "fmt/print.go", "os/file.go", "strings/strings.go"}
	case "git-small":
		for _, d := range []string{"runtime", "crypto"} {
			sh("cp", "-a", filepath.Join(goroot, d), root)
		}
		changed = []string{"runtime/proc.go", "runtime/malloc.go", "crypto/tls/conn.go", "crypto/sha256/sha256.go", "runtime/map.go"}
	case "git-200k":
		for d := range 200 {
			dir := filepath.Join(root, fmt.Sprintf("pkg%03d", d))
			os.MkdirAll(dir, 0o755)
			for f := range 1000 {
				body := fmt.Sprintf("package pkg%d\n\n// F%d decodes the input.\nfunc F%d(b []byte) error {\n\treturn json.Unmarshal(b, nil) // %d\n}\n", d, f, f, d*f)
				if f%7 != 0 {
					body = strings.ReplaceAll(body, "Unmarshal", "Valid")
				}
				os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%04d.go", f)), []byte(body), 0o644)
			}
		}
		for i := range 50 {
			changed = append(changed, fmt.Sprintf("pkg%03d/f%04d.go", i*4, i*13))
		}
	default:
		kit.Fail("unknown corpus " + name)
	}
	git := func(args ...string) {
		sh("git", append([]string{"-C", root, "-c", "user.email=b@b", "-c", "user.name=bench", "-c", "gc.auto=0"}, args...)...)
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "corpus")
	// As an agent's working tree looks: some files changed, one staged,
	// some new.
	for i, p := range changed {
		f, err := os.OpenFile(filepath.Join(root, p), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			kit.Fail(err.Error())
		}
		fmt.Fprintf(f, "\n// edited by the agent (%d)\n", i)
		f.Close()
	}
	git("add", changed[0])
	untracked := 5
	if name == "git-200k" {
		untracked = 50
	}
	for i := range untracked {
		os.WriteFile(filepath.Join(root, fmt.Sprintf("new_%02d.go", i)), []byte(fmt.Sprintf("package x\n\n// Unmarshal in a new file %d\n", i)), 0o644)
	}
	os.WriteFile(done, nil, 0o644)
	return root
}

func sh(name string, args ...string) {
	cmd := exec.Command(name, args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		kit.Fail(fmt.Sprintf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out))
	}
}
