//go:build unix

// Command limits checks that scout's time limits and memory bounds hold
// on pathological inputs, over the CLI and over MCP, with ripgrep's
// figures beside scout's where ripgrep can run the same search.
//
//	go run ./bench/limits                  # time limits and memory, GOROOT/src
//	go run ./bench/limits -million DIR     # also the 1,000,000-file tree (made in DIR once)
//
// Time: each pathological case runs with a 2 s limit (--timeout 2s, and
// timeout_ms 2000 over MCP); the bar is an answer within 3 s. Memory: peak
// resident set of the whole process, by GNU time (apt-get install -y time).
// The figures are printed, not judged by a test: these machines are shared.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/scoutcode/scout/bench/internal/kit"
	"github.com/scoutcode/scout/internal/fixture"
)

type timeCase struct {
	name    string
	pattern string
	file    string   // under the work directory
	args    []string // more scout arguments
}

func main() {
	million := flag.String("million", "", "a directory for the 1,000,000-file tree (made once; about 4 GB of inodes)")
	work := flag.String("work", "", "a directory for the generated inputs (default: a temporary one)")
	flag.Parse()
	if _, err := exec.LookPath("/usr/bin/time"); err != nil {
		kit.Fail("GNU time is not installed: apt-get install -y time")
	}
	dir := *work
	if dir == "" {
		d, err := os.MkdirTemp("", "scout-limits")
		if err != nil {
			kit.Fail(err.Error())
		}
		defer os.RemoveAll(d)
		dir = d
	}
	bin := kit.Build(dir)
	fmt.Printf("scout: %s\nwork: %s\n\n", bin, dir)
	words := inputs(dir)
	cases := []timeCase{
		{"300-word alternation {1000} (refused: too large)", "(" + words + "){1000}", "words.txt", nil},
		{"300-word alternation {50}, a 1.4 MB line", "(" + words + "){50}", "words.txt", nil},
		{"[a-z]{1000}, a 200 kB line", "[a-z]{1000}", "line200k.txt", nil},
		{"[a-z]{1000}, a 5 MB line", "[a-z]{1000}", "line5m.txt", nil},
		{"(a|…|j){100}k, a 64 MB line", "(a|b|c|d|e|f|g|h|i|j){100}k", "line64m.txt", []string{"--max-filesize", "0"}},
		{"a.*b.*c.*d.*e.*f.*g, a 200 MB file", "a.*b.*c.*d.*e.*f.*g", "big200m.txt", []string{"--max-filesize", "0"}},
		{"(a|b)*a(a|b){20}c (2^21 DFA states), 20 MB", "(a|b)*a(a|b){20}c", "ab20m.txt", []string{"--max-filesize", "0"}},
		{"grep ., GOROOT/src", ".", filepath.Join(fixture.GoRoot(), "src"), nil},
	}
	fmt.Println("time limit 2 s; bar: an answer within 3 s")
	fmt.Printf("%-52s %10s %10s %10s\n", "case", "CLI s", "MCP s", "CLI MB")
	for _, c := range cases {
		target := c.file
		if !filepath.IsAbs(target) {
			target = filepath.Join(dir, target)
		}
		args := append([]string{"grep", "--timeout", "2s"}, c.args...)
		args = append(args, "-e", c.pattern, target)
		wall, rss, _ := timed(bin, args...)
		mcpWall := viaMCP(bin, dir, c, target)
		fmt.Printf("%-52s %10.2f %10.2f %10.1f\n", c.name, wall.Seconds(), mcpWall.Seconds(), float64(rss)/1024)
	}
	fmt.Println()
	fmt.Println("memory: peak RSS of the whole process; bars: 64 MB, 256 MB (1M files), 64 MB (1 GB file)")
	fmt.Printf("%-40s %10s %10s %10s %10s\n", "case", "scout MB", "scout s", "rg MB", "rg s")
	goroot := filepath.Join(fixture.GoRoot(), "src")
	compare("grep . over GOROOT/src", bin, []string{"grep", ".", goroot}, []string{"--hidden", ".", goroot})
	gig := filepath.Join(dir, "big1g.txt")
	writeBig(gig, 1<<30)
	compare("1 GB file, --max-filesize 0", bin, []string{"grep", "--max-filesize", "0", "needle", gig}, []string{"needle", gig})
	// Six bundles of 3.6 MB, whose parse trees take ~400 MB each in C
	// (reported, no bar: the trees alive at once are bounded, see
	// internal/syntax/room.go).
	bundles := filepath.Join(dir, "bundles")
	writeBundles(bundles, 6)
	compare("outline of six 3.6 MB bundles (no bar)", bin, []string{"outline", bundles}, []string{"-c", "x1", bundles})
	if *million != "" {
		makeMillion(*million)
		compare("grep -F e, 1,000,000 files", bin, []string{"grep", "-F", "e", *million}, []string{"--hidden", "-F", "e", *million})
		wall, _, _ := timed(bin, "grep", "--timeout", "2s", "-F", "e", *million)
		fmt.Printf("%-40s %10s %10.2f   (limit 2 s)\n", "the same with --timeout 2s", "", wall.Seconds())
	}
}

// inputs writes the pathological inputs and returns the 300-word
// alternation.
func inputs(dir string) string {
	r := rand.New(rand.NewPCG(1, 2))
	letters := func(n int, space bool) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('a' + r.IntN(26))
			if space && r.IntN(27) == 0 {
				b[i] = ' '
			}
		}
		return string(b)
	}
	var words []string
	for range 300 {
		words = append(words, letters(6, false))
	}
	var line strings.Builder
	for i := range 200_000 {
		if i > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(words[r.IntN(len(words))])
	}
	write(filepath.Join(dir, "words.txt"), line.String()+"\n")
	write(filepath.Join(dir, "line200k.txt"), letters(200_000, true)+"\n")
	write(filepath.Join(dir, "line5m.txt"), letters(5_000_000, false)+"\n")
	write(filepath.Join(dir, "line64m.txt"), strings.Repeat("abcdefghij", 64<<17)+"\n")
	var ab strings.Builder
	for range 200_000 {
		for range 99 {
			ab.WriteByte("ab"[r.IntN(2)])
		}
		ab.WriteByte('\n')
	}
	write(filepath.Join(dir, "ab20m.txt"), ab.String())
	var big strings.Builder
	for i := 0; big.Len() < 200<<20; i++ {
		fmt.Fprintf(&big, "line %d %s\n", i, letters(60, false))
	}
	write(filepath.Join(dir, "big200m.txt"), big.String())
	return strings.Join(words, "|")
}

// viaMCP runs a case as an MCP grep call with timeout_ms 2000 against a
// scout mcp serving the case's directory, and returns the call's time.
func viaMCP(bin, dir string, c timeCase, target string) time.Duration {
	root := filepath.Dir(target)
	if fi, err := os.Stat(target); err == nil && fi.IsDir() {
		root = target
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "limits", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.Command(bin, "mcp", "--root", root, "--allow-broad-root")
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+filepath.Join(dir, ".state"))
	s, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		kit.Fail(err.Error())
	}
	defer s.Close()
	args := map[string]any{"pattern": c.pattern, "timeout_ms": 2000}
	if len(c.args) > 0 && c.args[0] == "--max-filesize" {
		args["max_filesize"] = 0
	}
	if root != target {
		args["path"] = filepath.Base(target)
	}
	raw, _ := json.Marshal(args)
	start := time.Now()
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "grep", Arguments: json.RawMessage(raw)})
	d := time.Since(start)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s over MCP: %v\n", c.name, err)
	} else if res.IsError && !strings.Contains(c.name, "refused") {
		fmt.Fprintf(os.Stderr, "%s over MCP: tool error\n", c.name)
	}
	return d
}

// compare runs scout and rg with their arguments and prints both peak
// memories and times.
func compare(name, bin string, scoutArgs, rgArgs []string) {
	timed(bin, scoutArgs...) // warm the page cache for both
	sw, srss, _ := timed(bin, scoutArgs...)
	rw, rrss, _ := timed("rg", rgArgs...)
	fmt.Printf("%-40s %10.1f %10.2f %10.1f %10.2f\n", name, float64(srss)/1024, sw.Seconds(), float64(rrss)/1024, rw.Seconds())
}

// timed runs a command under GNU time, its output discarded, and returns
// its wall time and peak RSS in KiB.
func timed(name string, args ...string) (time.Duration, int64, error) {
	cmd := exec.Command("/usr/bin/time", append([]string{"-f", "%e %M", name}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	f := strings.Fields(lines[len(lines)-1])
	var rss int64
	if len(f) == 2 {
		rss, _ = strconv.ParseInt(f[1], 10, 64)
	}
	return wall, rss, err
}

// writeBig writes a text file of size bytes (once).
func writeBig(path string, size int64) {
	if fi, err := os.Stat(path); err == nil && fi.Size() >= size {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		kit.Fail(err.Error())
	}
	line := []byte("the quick brown fox jumps over the lazy dog 0123456789 lorem ipsum dolor\n")
	var chunk []byte
	for len(chunk) < 1<<20 {
		chunk = append(chunk, line...)
	}
	for n := int64(0); n < size; n += int64(len(chunk)) {
		f.Write(chunk)
	}
	f.WriteString("one needle here\n")
	f.Close()
}

// writeBundles writes n files of JavaScript calls, 3.6 MB each, under
// dir: the shape of a bundled build that a tree may hold.
func writeBundles(dir string, n int) {
	os.MkdirAll(dir, 0o755)
	var b strings.Builder
	for i := range 130_000 {
		fmt.Fprintf(&b, "x%d(a%d,[b,c,{d:e}]);\n", i, i)
	}
	for i := range n {
		write(filepath.Join(dir, fmt.Sprintf("bundle%d.js", i)), b.String())
	}
}

// makeMillion writes 1,000,000 small files under dir (once): 1,000
// directories of 1,000.
func makeMillion(dir string) {
	if _, err := os.Stat(filepath.Join(dir, "d999", "f999.go")); err == nil {
		return
	}
	fmt.Fprintf(os.Stderr, "writing 1,000,000 files under %s…\n", dir)
	for d := range 1000 {
		sub := filepath.Join(dir, fmt.Sprintf("d%03d", d))
		os.MkdirAll(sub, 0o755)
		for f := range 1000 {
			write(filepath.Join(sub, fmt.Sprintf("f%03d.go", f)), fmt.Sprintf("package d%d\n\nfunc F%d() int { return %d }\n", d, f, d*f))
		}
	}
}

func write(path, s string) {
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		kit.Fail(err.Error())
	}
}
