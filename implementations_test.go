package scout_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	scout "github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/syntax"
)

// implementationLines runs implementations of name and returns each
// implementation as "path:line kind name", and the page.
func implementationLines(t *testing.T, name string, depth int) (string, *scout.Page) {
	t.Helper()
	p, err := scout.Implementations(context.Background(), scout.ImplementationsOptions{Name: name, Depth: depth, PageOptions: scout.PageOptions{Budget: 20000}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, f := range p.Files {
		for _, l := range f.Lines {
			fmt.Fprintf(&b, "%s:%d %s %s\n", f.Path, l.Number, l.Kind, l.Name)
		}
	}
	return b.String(), p
}

// TestImplementations: the definitions that name a type as a base, in
// each language (not a type argument, a type parameter's constraint, a
// metaclass= or a struct literal in a function), and the Go types that
// declare each method of an interface, its embedded interfaces
// included, wherever in the package the methods and the type are; for
// pkg.Name, those of a base written pkg.Name, or Name in pkg's files.
func TestImplementations(t *testing.T) {
	f := fixture.Enter(t, "testdata/implementations/implementations.txtar")
	for _, q := range []struct {
		name, exp string
		depth     int
	}{{"Store", "store", 1}, {"store.Store", "store", 1}, {"CachedStore", "cachedstore", 1}, {"Number", "number", 1}, {"Animal", "animal", 1}, {"animals.Animal", "animal", 1}, {"Animal", "depth-2", 2}, {"Shape", "shape", 1}, {"rb.Shape", "rb.shape", 1}, {"Widget", "widget", 1}} {
		got, p := implementationLines(t, q.name, q.depth)
		want := f.Expect[q.exp]
		if syntax.By == syntax.ByClassifier {
			// Without a parser: a definition's first line alone, so
			// fewer (no Go embedding, no base on a later line), and
			// none that is not one.
			for _, l := range fixture.Lines(got) {
				if !slices.Contains(fixture.Lines(want), l) {
					t.Errorf("implementations %s (depth %d), by the line classifier: %s is not one; want some of\n%s\npage:\n%s", q.name, q.depth, l, want, p.Text)
				}
			}
			continue
		}
		if got != want {
			t.Errorf("implementations %s (depth %d):\n%s\nwant\n%s\npage:\n%s", q.name, q.depth, got, want, p.Text)
		}
	}
	// Pages of the smallest budget, cursor after cursor, list the same
	// implementations as one page, each once.
	whole, _ := implementationLines(t, "Shape", 1)
	var paged strings.Builder
	cursor, pages := "", 0
	for {
		p, err := scout.Implementations(context.Background(), scout.ImplementationsOptions{Name: "Shape", PageOptions: scout.PageOptions{Budget: scout.MinBudget, Cursor: cursor}})
		if err != nil {
			t.Fatal(err)
		}
		pages++
		for _, f := range p.Files {
			for _, l := range f.Lines {
				fmt.Fprintf(&paged, "%s:%d %s %s\n", f.Path, l.Number, l.Kind, l.Name)
			}
		}
		if cursor = p.Cursor; cursor == "" || pages > 20 {
			break
		}
	}
	if paged.String() != whole || pages < 2 {
		t.Errorf("implementations Shape in %d pages of %d tokens:\n%s\nwant, as one page:\n%s", pages, scout.MinBudget, paged.String(), whole)
	}
	if _, err := scout.Implementations(context.Background(), scout.ImplementationsOptions{Name: "Store", PageOptions: scout.PageOptions{Cursor: cursor + "x"}}); err == nil {
		t.Errorf("implementations took a tampered cursor")
	}

	// A qualifier no package or module of the tree is named.
	if _, err := scout.Implementations(context.Background(), scout.ImplementationsOptions{Name: "zoo.Animal"}); !errors.Is(err, scout.ErrPattern) {
		t.Errorf("implementations zoo.Animal (zoo.py defines no Animal): %v, want ErrPattern", err)
	}

	_, p := implementationLines(t, "Number", 1)
	if !strings.Contains(p.Text, "is a constraint") {
		t.Errorf("implementations Number does not say it is a constraint:\n%s", p.Text)
	}
}

// TestImplementationsTypeAsWritten: a type as an agent copies it from a
// signature, behind a pointer or with its type arguments, is the type:
// the same page as its bare name. They were refused as not a name.
func TestImplementationsTypeAsWritten(t *testing.T) {
	fixture.Enter(t, "testdata/implementations/implementations.txtar")
	for bare, written := range map[string][]string{
		"Store":       {"*Store", " Store ", "Store[T]", "Store<T>", "&Store"},
		"store.Store": {"*store.Store", "store.Store[K, V]"},
	} {
		_, want := implementationLines(t, bare, 1)
		for _, w := range written {
			if _, got := implementationLines(t, w, 1); got.Text != want.Text {
				t.Errorf("implementations %q: the page differs from %s's:\n%s\n---\n%s", w, bare, got.Text, want.Text)
			}
		}
	}
	for _, n := range []string{"*", "[]Store", "<T>", "Store]"} {
		if _, err := scout.Implementations(context.Background(), scout.ImplementationsOptions{Name: n}); !errors.Is(err, scout.ErrPattern) {
			t.Errorf("implementations %q: %v, want ErrPattern", n, err)
		}
	}
}

var updateImplementations = flag.Bool("update-implementations", false, "rewrite the golden files in testdata/golden/implementations")

// TestImplementationsGolden pins the bytes of implementations pages on
// the fixture: a Go interface (types by their methods, an embedding
// interface and struct), a name defined in eight languages, and classes
// followed two levels, on a small budget so that the page has a cursor.
func TestImplementationsGolden(t *testing.T) {
	root, err := filepath.Abs("testdata/golden/implementations")
	if err != nil {
		t.Fatal(err)
	}
	f := fixture.Enter(t, "testdata/implementations/implementations.txtar")
	if err := fixture.Date(f.Root, fixture.Old); err != nil {
		t.Fatal(err)
	}
	for _, q := range []struct {
		file, name string
		depth      int
		budget     int
	}{{"store.txtar", "Store", 1, 1500}, {"shape.txtar", "Shape", 1, 1500}, {"animal-depth-2.txtar", "Animal", 2, 300}} {
		p, err := scout.Implementations(context.Background(), scout.ImplementationsOptions{Name: q.name, Depth: q.depth, PageOptions: scout.PageOptions{Budget: q.budget, Face: scout.CLIFace}})
		if err != nil {
			t.Fatal(err)
		}
		// A cursor holds the search's time; it shows as c2.<cursor>, as
		// on the CLI's goldens (its bytes are tested with the cursor's
		// codec).
		text := regexp.MustCompile(`c2\.[A-Za-z0-9_-]+`).ReplaceAllString(p.Text, "c2.<cursor>")
		fixture.GoldenOfBuild(t, filepath.Join(root, q.file), []byte(text), *updateImplementations, syntax.By == syntax.ByClassifier, "go test -run TestImplementationsGolden -update-implementations .")
	}
}
