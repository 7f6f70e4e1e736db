package scout_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
	t.Parallel() // a long evaluation: see TestMain
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
	ranked := rankEval(t, syms, scout.Scope{Paths: []string{root}, Globs: []string{"!site-packages/**"}}, root,
		fmt.Sprintf("# Python %s, %d symbols from its standard library (ast ground truth)\n", version, len(syms)),
		"# Python "+version+",", "testdata/rank/python_stats.txt", "testdata/rank/python_misses.txt")
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
	return sample(files, candidates, 3)
}
