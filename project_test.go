package scout_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// A project checked out below a directory named vendor (or tests, docs…)
// is not all vendored: files are classed by their path in the project,
// whether the root is spelled absolute or relative, and the project's own
// vendor/ and tests/ still are.
func TestClassedInProject(t *testing.T) {
	top := filepath.Join(t.TempDir(), "vendor", "tests")
	app := filepath.Join(top, "app")
	src := "package p\n\n// Expire removes the sessions past their deadline.\nfunc Expire() {}\n"
	for _, f := range []string{"session.go", "vendor/lib/session.go", "tests/session.go", "src/session.go"} {
		p := filepath.Join(app, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string][]string{ // the path below app: its class signals
		"session.go":            nil,
		"src/session.go":        nil,
		"vendor/lib/session.go": {"vendored"},
		"tests/session.go":      {"test"},
	}
	classes := func(signals []scout.Signal) []string {
		var out []string
		for _, s := range signals {
			if s.Name == "vendored" || s.Name == "test" {
				out = append(out, s.Name)
			}
		}
		return out
	}
	check := func(how, path string, signals []scout.Signal) {
		t.Helper()
		below := filepath.ToSlash(path)
		if i := strings.LastIndex(below, "app/"); i >= 0 {
			below = below[i+len("app/"):]
		}
		if got := classes(signals); !slices.Equal(got, want[below]) {
			t.Errorf("%s: %s classed %v, want %v", how, path, got, want[below])
		}
	}
	t.Chdir(top)
	for _, roots := range [][]string{{app}, {"app"}, {"app/src", "app/tests"}} {
		how := "roots " + strings.Join(roots, " ")
		res, err := scout.Search(context.Background(), scout.Options{Patterns: []string{"Expire"}, Scope: scout.Scope{Paths: roots}, RankOptions: scout.RankOptions{NoGit: true, NoFrecency: true}})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range res.Files {
			check("grep, "+how, f.Path, f.Signals)
		}
		p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: "where sessions expire", Scope: scout.Scope{Paths: roots},
			PageOptions: scout.PageOptions{Budget: scout.MaxBudget}, CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()}, RankOptions: scout.RankOptions{NoGit: true, NoFrecency: true}})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range p.Leads {
			check("concept, "+how, l.Path, l.Signals)
		}
		if len(res.Files) == 0 || len(p.Leads) == 0 {
			t.Errorf("%s: %d files, %d leads", how, len(res.Files), len(p.Leads))
		}
	}
}
