package scout_test

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/walk"
)

var updateRank = flag.Bool("update-rank", false, "rewrite testdata/rank/go_stats.txt and go_misses.txt")

// evalSymbols is how many symbols the Go ranking evaluation samples.
const evalSymbols = 240

// TestRankEvalGoRoot measures how often the declaration of a Go symbol is
// the first hit when the symbol's name is searched as a literal, with
// default options, over $GOROOT/src.
//
// Ground truth comes from go/parser: every top-level func, method, type,
// const and var in the tree. A symbol is sampled when its name is declared
// exactly once (as a func, method, type or const) and appears as a word on
// at least 4 lines in at least 2 files. Its rank is the position of the
// declaring line among all matching lines, in scout's order and, beside
// it, in path order. The figures are recorded in testdata/rank/go_stats.txt
// (for this Go version; -update-rank rewrites them) and must reach
// hit@1 ≥ 0.90 and MRR ≥ 0.93.
func TestRankEvalGoRoot(t *testing.T) {
	if testing.Short() {
		t.Skip("parses and searches Go's whole source tree hundreds of times; not in -short mode")
	}
	t.Parallel() // a long evaluation: see TestMain
	root := filepath.Join(fixture.GoRoot(), "src")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no Go source tree at %s", root)
	}
	syms := sampleSymbols(t, root)
	if len(syms) < 200 {
		t.Fatalf("only %d symbols qualify", len(syms))
	}
	ranked := rankEval(t, syms, scout.Scope{Paths: []string{root}}, root,
		fmt.Sprintf("# %s, %d symbols from $GOROOT/src (go/parser ground truth)\n", runtime.Version(), len(syms)),
		"# "+runtime.Version()+",", "testdata/rank/go_stats.txt", "testdata/rank/go_misses.txt")
	if ranked.hit(1) < 0.90 || ranked.mrr() < 0.93 {
		t.Errorf("ranking below the bar: hit@1 %.3f (want ≥ 0.90), MRR %.3f (want ≥ 0.93)", ranked.hit(1), ranked.mrr())
	}
}

// rankEval searches each symbol's name as a literal with default options
// over scope, ranks its definition among the hits (and in path order,
// for comparison), and records the figures in statsFile and the misses
// in missFile with -update-rank; else compares them with the figures
// recorded for the same toolchain (statsFile starting with version).
func rankEval(t *testing.T, syms []symbol, scope scout.Scope, root, header, version, statsFile, missFile string) *stats {
	t.Helper()
	var ranked, byPath stats
	var misses []string
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	for _, s := range syms {
		res, err := scout.Search(context.Background(), scout.Options{
			Patterns: []string{s.name}, Fixed: true, Scope: scope,
			RankOptions: scout.RankOptions{Now: now, NoFrecency: true, NoGit: true},
		})
		if err != nil {
			t.Fatal(err)
		}
		r, top := rankOf(res.Files, s.path, s.line)
		ranked.add(r)
		pr, _ := rankOf(pathOrder(res.Files), s.path, s.line)
		byPath.add(pr)
		if r != 1 {
			misses = append(misses, fmt.Sprintf("%s %s %s:%d rank %d, first: %s", s.kind, s.name, s.path, s.line, r, strings.TrimPrefix(top, root+"/")))
		}
	}
	got := fmt.Sprintf("%s%-7s %s\n%-7s %s\n", header, "scout", ranked.String(), "path", byPath.String())
	t.Logf("\n%s", got)
	if *updateRank {
		os.MkdirAll(filepath.Dir(statsFile), 0o755)
		os.WriteFile(statsFile, []byte(got), 0o644)
		os.WriteFile(missFile, []byte(strings.Join(misses, "\n")+"\n"), 0o644)
	} else if want, err := os.ReadFile(statsFile); err != nil {
		t.Errorf("%v (rerun with -update-rank)", err)
	} else if strings.HasPrefix(string(want), version) {
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("ranking figures changed; if intended, rerun with -update-rank and review the diff (-want +got):\n%s", diff)
		}
	} else {
		t.Logf("%s was recorded with another version; figures not compared", statsFile)
	}
	return &ranked
}

type symbol struct {
	name, kind, path string // path relative to GOROOT/src, slash-separated
	line             int
}

// sampleSymbols finds the qualifying symbols and samples evalSymbols of
// them, the same ones on every run.
func sampleSymbols(t *testing.T, root string) []symbol {
	t.Helper()
	decls := map[string][]symbol{}
	fset := token.NewFileSet()
	var files []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		files = append(files, p)
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		add := func(id *ast.Ident, kind string) {
			if id.Name == "_" || id.Name == "init" || id.Name == "main" {
				return
			}
			decls[id.Name] = append(decls[id.Name], symbol{id.Name, kind, rel, fset.Position(id.Pos()).Line})
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				kind := "func"
				if d.Recv != nil {
					kind = "method"
				}
				add(d.Name, kind)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						add(s.Name, "type")
					case *ast.ValueSpec:
						for _, n := range s.Names {
							add(n, strings.ToLower(d.Tok.String()))
						}
					}
				}
			}
		}
		return nil
	})
	var candidates []symbol
	for _, ds := range decls {
		if len(ds) == 1 && ds[0].kind != "var" && len(ds[0].name) >= 3 {
			candidates = append(candidates, ds[0])
		}
	}
	return sample(files, candidates, 1)
}

// sample keeps the candidates that appear as a word on at least 4 lines in
// at least 2 of files, and picks evalSymbols of them with a generator
// seeded with seed: the same ones on every run.
func sample(files []string, candidates []symbol, seed uint64) []symbol {
	lines, fileCounts := wordCounts(files, candidates)
	var ok []symbol
	for _, c := range candidates {
		if lines[c.name] >= 4 && fileCounts[c.name] >= 2 {
			ok = append(ok, c)
		}
	}
	slices.SortFunc(ok, func(a, b symbol) int { return strings.Compare(a.name, b.name) })
	rng := rand.New(rand.NewPCG(seed, seed+1))
	rng.Shuffle(len(ok), func(i, j int) { ok[i], ok[j] = ok[j], ok[i] })
	ok = ok[:min(len(ok), evalSymbols)]
	slices.SortFunc(ok, func(a, b symbol) int { return strings.Compare(a.name, b.name) })
	return ok
}

// wordCounts counts, for each candidate name, the lines and the files of
// the tree where it appears as a whole word.
func wordCounts(files []string, candidates []symbol) (lines, fileCounts map[string]int) {
	want := map[string]bool{}
	for _, c := range candidates {
		want[c.name] = true
	}
	lines, fileCounts = map[string]int{}, map[string]int{}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil || bytes.IndexByte(data, 0) >= 0 {
			continue
		}
		seenFile := map[string]bool{}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			seenLine := map[string]bool{}
			for _, w := range words(sc.Bytes()) {
				if want[w] && !seenLine[w] {
					seenLine[w] = true
					lines[w]++
					if !seenFile[w] {
						seenFile[w] = true
						fileCounts[w]++
					}
				}
			}
		}
	}
	return lines, fileCounts
}

func words(line []byte) []string {
	var out []string
	for i := 0; i < len(line); {
		for i < len(line) && !isWord(line[i]) {
			i++
		}
		j := i
		for j < len(line) && isWord(line[j]) {
			j++
		}
		if j > i {
			out = append(out, string(line[i:j]))
		}
		i = j
	}
	return out
}

func isWord(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// rankOf returns the 1-based position of path:line among the matching
// lines in order (0 when absent) and the first hit.
func rankOf(files []scout.File, path string, line int) (int, string) {
	n, top := 0, ""
	for _, f := range files {
		for _, l := range f.Lines {
			if l.Context {
				continue
			}
			n++
			if top == "" {
				top = fmt.Sprintf("%s:%d", f.Path, l.Number)
			}
			if strings.HasSuffix(f.Path, "/"+path) && l.Number == line {
				return n, top
			}
		}
	}
	return 0, top
}

// pathOrder returns the files and lines in plain path order.
func pathOrder(files []scout.File) []scout.File {
	out := slices.Clone(files)
	slices.SortFunc(out, func(a, b scout.File) int { return walk.ComparePaths(a.Path, b.Path) })
	for i := range out {
		out[i].Lines = slices.Clone(out[i].Lines)
		slices.SortFunc(out[i].Lines, func(a, b scout.Line) int { return a.Number - b.Number })
	}
	return out
}

type stats struct {
	ranks []int
}

func (s *stats) add(r int) { s.ranks = append(s.ranks, r) }

func (s *stats) hit(k int) float64 {
	n := 0
	for _, r := range s.ranks {
		if r >= 1 && r <= k {
			n++
		}
	}
	return float64(n) / float64(len(s.ranks))
}

func (s *stats) mrr() float64 {
	sum := 0.0
	for _, r := range s.ranks {
		if r > 0 {
			sum += 1 / float64(r)
		}
	}
	return sum / float64(len(s.ranks))
}

func (s *stats) String() string {
	return fmt.Sprintf("hit@1 %.3f  hit@3 %.3f  MRR %.3f", s.hit(1), s.hit(3), s.mrr())
}
