//go:build unix

// Command bars times the speed bars of scout's structure and
// several-conditions work against ripgrep on the same tree, side by side:
//
//	go run ./bench/bars                        # GOROOT/src, 11 runs per case
//	go run ./bench/bars -root /tmp/scout-corpus-git/src -runs 21 -case callers
//	go run ./bench/bars -case "-F -f"           # only grep -f
//
// The cases, each with its bar (scout's median over rg's):
//
//   - callers NAME, the parses kept from an earlier search (warm) and with
//     none kept (cold), against rg -w NAME: bar 2.0;
//   - outline net/http/server.go (GOROOT only): bar 30 ms; the outline of
//     the whole tree beside rg -c func, for its time and memory, reported;
//   - grep -F A --and B (all of two literals in a file) against rg -F on
//     the rarer of the two alone: bar 1.2;
//   - grep -F -f with 1,000 identifiers of the tree (the CamelCase names
//     of 7 letters or more ranked 2,001st to 3,000th by how often they
//     occur) against rg -F -f: bar 1.0; with 1,000 words drawn at random
//     (seeded) from its vocabulary (identifiers of 4 bytes or more), both
//     case-sensitive (-s): bar 1.0; and with its 1,000 commonest words,
//     which scout matches either case (smart case), reported;
//   - concept, a description search (issue 13): warm ≤ 100 ms, after 10
//     files change ≤ 1 s (on a copy of a tree only), cold ≤ 20 s; rg
//     --files beside it for scale (concept.go).
//
// scout is built as the README builds it (cgo, static, with the parsers).
// Each case runs once of each tool to warm the page cache, then alternates
// them run after run; medians of wall time, CPU time (user+system), and
// the peak memory (with GNU time). Output goes to /dev/null.
package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/scoutcode/scout/bench/internal/kit"
	"github.com/scoutcode/scout/internal/fixture"
)

func main() {
	root := flag.String("root", filepath.Join(fixture.GoRoot(), "src"), "the tree to search")
	runs := flag.Int("runs", 11, "timed runs of each tool per case (at least 5)")
	only := flag.String("case", "", "run only the cases whose name contains this")
	flag.Parse()
	if *runs < 5 {
		kit.Fail("-runs: at least 5")
	}
	tmp, err := os.MkdirTemp("", "scout-bars")
	if err != nil {
		kit.Fail(err.Error())
	}
	defer os.RemoveAll(tmp)
	bin := kit.Build(tmp)
	rg, _ := exec.Command("rg", "--version").Output()
	line, _, _ := strings.Cut(string(rg), "\n")
	fmt.Printf("tree: %s\nrg: %s\nruns: %d per tool per case, alternating; medians\n\n", *root, line, *runs)
	fmt.Printf("%-46s %9s %9s %6s %5s %9s %9s %9s %9s\n", "case", "scout", "rg", "ratio", "bar", "scout cpu", "rg cpu", "scout RSS", "rg RSS")
	b := bench{root: *root, bin: bin, tmp: tmp, runs: *runs, only: *only}
	b.callers()
	b.outline()
	b.and()
	b.wordFile()
	b.concept()
	if b.failed {
		fmt.Println("\nsome bars are not met (marked !)")
		os.RemoveAll(tmp) // os.Exit runs no deferred calls
		os.Exit(1)
	}
}

type bench struct {
	root, bin, tmp string
	runs           int
	only           string
	failed         bool
}

// cmd is one command of a case: its program, arguments and environment,
// and what to do before and after each run (not timed).
type cmd struct {
	bin           string
	args          []string
	env           []string
	before, after func()
}

func (c cmd) run(dir string) kit.Sample {
	if c.before != nil {
		c.before()
	}
	s := kit.Run(dir, c.bin, c.args, c.env...)
	if c.after != nil {
		c.after()
	}
	return s
}

// compare times scout against rg, alternating, and prints a row; bar is
// the most scout/rg may be (0: none).
func (b *bench) compare(name string, scout, rg cmd, bar float64) time.Duration {
	return b.compareN(name, scout, rg, bar, b.runs)
}

// compareN is compare with its own number of runs.
func (b *bench) compareN(name string, scout, rg cmd, bar float64, runs int) time.Duration {
	if b.only != "" && !strings.Contains(name, b.only) {
		return 0
	}
	scout.run(b.root)
	rg.run(b.root)
	var s, r []kit.Sample
	for range runs {
		s = append(s, scout.run(b.root))
		r = append(r, rg.run(b.root))
	}
	ms, mr := kit.Median(s), kit.Median(r)
	ratio := float64(ms.Wall) / float64(mr.Wall)
	barText, mark := "-", ""
	if bar > 0 {
		barText = fmt.Sprintf("%.1f", bar)
		if ratio > bar {
			mark, b.failed = " !", true
		}
	}
	ms2 := func(d time.Duration) string { return d.Round(100 * time.Microsecond).String() }
	fmt.Printf("%-46s %9s %9s %6.2f %5s %9s %9s %9s %9s%s\n", name, ms2(ms.Wall), ms2(mr.Wall), ratio, barText,
		ms2(ms.CPU), ms2(mr.CPU), kit.KiB(ms.RSS), kit.KiB(mr.RSS), mark)
	return ms.Wall
}

// callers: warm (the parses of an earlier search kept) and cold (none).
func (b *bench) callers() {
	for _, name := range []string{"Serve", "NewReader", "Close"} {
		warm := filepath.Join(b.tmp, "warm")
		b.compare("callers "+name+" (warm)", cmd{bin: b.bin, args: []string{"callers", name}, env: []string{"XDG_CACHE_HOME=" + warm}},
			cmd{bin: "rg", args: []string{"-w", name}}, 2)
		cold := filepath.Join(b.tmp, "cold")
		b.compare("callers "+name+" (cold)", cmd{bin: b.bin, args: []string{"callers", name}, env: []string{"XDG_CACHE_HOME=" + cold}, before: func() { os.RemoveAll(cold) }},
			cmd{bin: "rg", args: []string{"-w", name}}, 2)
	}
}

// outline: net/http/server.go, against its own bar of 30 ms (rg -c on
// the file is shown beside it for scale).
func (b *bench) outline() {
	file := filepath.Join("net", "http", "server.go")
	if _, err := os.Stat(filepath.Join(b.root, file)); err != nil {
		return
	}
	b.absolute("outline net/http/server.go", cmd{bin: b.bin, args: []string{"outline", file}}, cmd{bin: "rg", args: []string{"-c", "func", file}}, b.runs, 30*time.Millisecond)
	// The whole tree: every file parsed for the totals, only the first
	// page's definitions held (see page.OutlineWindow); its memory above
	// all, beside rg counting "func" in every file for scale. No bar.
	b.compareN("outline of the whole tree", cmd{bin: b.bin, args: []string{"outline", "."}}, cmd{bin: "rg", args: []string{"-c", "func"}}, 0, 5)
}

// and: all of two literals in a file, against rg on the rarer alone.
func (b *bench) and() {
	for _, pair := range [][2]string{{"json.Marshal", "http.Status"}, {"sync.WaitGroup", "atomic.AddInt64"}, {"os.Getenv", "strconv.Atoi"}, {"net.Listen", "Close()"}} {
		rarer := pair[0]
		if b.files(pair[1]) < b.files(pair[0]) {
			rarer = pair[1]
		}
		b.compare(fmt.Sprintf("grep -F %s --and %s", pair[0], pair[1]), cmd{bin: b.bin, args: []string{"grep", "-F", pair[0], "--and", pair[1]}},
			cmd{bin: "rg", args: []string{"-F", rarer}}, 1.2)
	}
}

// files counts the files rg finds a literal in.
func (b *bench) files(lit string) int {
	c := exec.Command("rg", "-F", "-l", lit)
	c.Dir = b.root
	out, _ := c.Output()
	return strings.Count(string(out), "\n")
}

// wordFile: -f with 1,000 identifiers of the tree, and its 1,000
// commonest words.
func (b *bench) wordFile() {
	if b.only != "" && !strings.Contains("grep -F -f: 1,000 identifiers, grep -s -F -f: 1,000 random words, the 1,000 commonest words", b.only) {
		return // not asked for: skip reading the tree
	}
	counts := map[string]map[string]int{"camel": {}, "common": {}}
	camel, common := regexp.MustCompile(`\b[A-Z][A-Za-z0-9]{6,}\b`), regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]{3,}\b`)
	filepath.WalkDir(b.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".go" {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return nil
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			for _, w := range camel.FindAllString(sc.Text(), -1) {
				counts["camel"][w]++
			}
			for _, w := range common.FindAllString(sc.Text(), -1) {
				counts["common"][w]++
			}
		}
		return nil
	})
	ranked := func(m map[string]int) []string {
		ws := slices.Collect(maps.Keys(m))
		slices.SortFunc(ws, func(a, b string) int { return cmp.Or(cmp.Compare(m[b], m[a]), strings.Compare(a, b)) })
		return ws
	}
	vocab := slices.Sorted(maps.Keys(counts["common"]))
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(vocab), func(i, j int) { vocab[i], vocab[j] = vocab[j], vocab[i] })
	for _, c := range []struct {
		name, file string
		words      []string
		bar        float64
		flags      []string
	}{
		{"grep -F -f: 1,000 identifiers", "identifiers.txt", ranked(counts["camel"]), 1, nil},
		{"grep -s -F -f: 1,000 random words", "random.txt", vocab, 1, []string{"-s"}},
		{"grep -F -f: the 1,000 commonest words", "words.txt", ranked(counts["common"]), 0, nil},
	} {
		words := c.words
		if c.flags != nil {
			words = words[:min(len(words), 1000)]
		} else if c.bar > 0 {
			if len(words) < 3000 {
				fmt.Printf("%-46s the tree has %d such identifiers, fewer than 3,000\n", c.name, len(words))
				continue
			}
			words = words[2000:3000]
		} else {
			words = words[:min(len(words), 1000)]
		}
		file := filepath.Join(b.tmp, c.file)
		if err := os.WriteFile(file, []byte(strings.Join(words, "\n")+"\n"), 0o644); err != nil {
			kit.Fail(err.Error())
		}
		b.compare(c.name, cmd{bin: b.bin, args: append([]string{"grep", "-F", "-f", file}, c.flags...)}, cmd{bin: "rg", args: append([]string{"-F", "-f", file}, c.flags...)}, c.bar)
	}
}
