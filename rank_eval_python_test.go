package scout_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/scoutcode/scout"
)

// TestRankEvalPython measures, as TestRankEvalGoRoot does for Go, how
// often the definition of a Python class, function or method is the first
// hit when its name is searched as a literal with default options, over the
// Python standard library on this machine (sysconfig's stdlib: its tests
// and docstrings included, site-packages left out).
//
// Ground truth comes from Python's own ast module (testdata/rank/pydefs.py):
// top-level classes and functions and the methods of top-level classes. A
// name is sampled when it is defined exactly once (nested definitions
// count), has at least 3
// characters, and appears as a word on at least 4 lines in at least 2
// files. The figures are recorded in testdata/rank/python_stats.txt (for
// this Python; -update-rank rewrites them) and must reach hit@1 ≥ 0.95.
func TestRankEvalPython(t *testing.T) {
	if testing.Short() {
		t.Skip("parses and searches the Python standard library hundreds of times; not in -short mode")
	}
	out, err := exec.Command("python3", "-c", "import sys, sysconfig; print(sysconfig.get_path('stdlib')); print(sys.version.split()[0])").Output()
	if err != nil {
		t.Skipf("no python3: %v", err)
	}
	root, version, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	defsJSON, err := exec.Command("python3", "testdata/rank/pydefs.py", root).Output()
	if err != nil {
		t.Fatalf("pydefs.py: %v", err)
	}
	var defs [][]any
	if err := json.Unmarshal(defsJSON, &defs); err != nil {
		t.Fatal(err)
	}
	syms := samplePython(t, root, defs)
	if len(syms) < 200 {
		t.Fatalf("only %d symbols qualify", len(syms))
	}
	var ranked, byPath stats
	var misses []string
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	for _, s := range syms {
		res, err := scout.Search(context.Background(), scout.Options{
			Patterns:    []string{s.name},
			Fixed:       true,
			Scope:       scout.Scope{Paths: []string{root}, Globs: []string{"!site-packages/**"}},
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
	got := fmt.Sprintf("# Python %s, %d symbols from its standard library (ast ground truth)\n%-7s %s\n%-7s %s\n",
		version, len(syms), "scout", ranked.String(), "path", byPath.String())
	t.Logf("\n%s", got)
	statsFile, missFile := "testdata/rank/python_stats.txt", "testdata/rank/python_misses.txt"
	if *updateRank {
		os.WriteFile(statsFile, []byte(got), 0o644)
		os.WriteFile(missFile, []byte(strings.Join(misses, "\n")+"\n"), 0o644)
	} else if want, err := os.ReadFile(statsFile); err != nil {
		t.Errorf("%v (run go test -run TestRankEvalPython -update-rank .)", err)
	} else if strings.HasPrefix(string(want), "# Python "+version+",") {
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("ranking figures changed; if intended, rerun with -update-rank and review the diff (-want +got):\n%s", diff)
		}
	} else {
		t.Logf("%s was recorded with another Python; figures not compared", statsFile)
	}
	if ranked.hit(1) < 0.95 {
		t.Errorf("ranking below the bar: hit@1 %.3f (want ≥ 0.95)", ranked.hit(1))
	}
}

// samplePython picks the qualifying definitions and samples evalSymbols of
// them, the same ones on every run.
func samplePython(t *testing.T, root string, defs [][]any) []symbol {
	t.Helper()
	byName := map[string][]symbol{}
	top := map[symbol]bool{}
	for _, d := range defs {
		name, kind, path := d[0].(string), d[1].(string), d[2].(string)
		s := symbol{name, strings.TrimSuffix(kind, "Def"), path, int(d[3].(float64))}
		byName[name] = append(byName[name], s)
		top[s] = d[4].(bool)
	}
	var candidates []symbol
	for name, ds := range byName {
		if len(ds) == 1 && top[ds[0]] && len(name) >= 3 && !strings.HasPrefix(name, "__") {
			candidates = append(candidates, ds[0])
		}
	}
	var files []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
		case d.IsDir() && (d.Name() == "site-packages"):
			return filepath.SkipDir
		case !d.IsDir():
			files = append(files, p)
		}
		return nil
	})
	lines, fileCounts := wordCounts(files, candidates)
	var ok []symbol
	for _, c := range candidates {
		if lines[c.name] >= 4 && fileCounts[c.name] >= 2 {
			ok = append(ok, c)
		}
	}
	slices.SortFunc(ok, func(a, b symbol) int { return strings.Compare(a.name, b.name) })
	rng := rand.New(rand.NewPCG(3, 4))
	rng.Shuffle(len(ok), func(i, j int) { ok[i], ok[j] = ok[j], ok[i] })
	ok = ok[:min(len(ok), evalSymbols)]
	slices.SortFunc(ok, func(a, b symbol) int { return strings.Compare(a.name, b.name) })
	return ok
}
