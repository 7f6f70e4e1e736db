package scout_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
)

// TestCallsNamePackages: a Go call that names a package by its import
// (a.Sum, an alias's hb.Sum, a call split after the "."), or that is not
// qualified in a package defining the name, is marked with that package
// on callers pages; one through a value (t.Sum) is not. An import the
// tree's go.mod does not resolve is matched by the directories its path
// ends with. On a callees page, each callee counts only the definitions
// in the package it names, and a package of the standard library says
// so.
func TestCallsNamePackages(t *testing.T) {
	f := fixture.Enter(t, "testdata/packages/packages.txtar")
	ctx := context.Background()
	marks := func(name string) string {
		t.Helper()
		p, err := scout.Callers(ctx, scout.CallersOptions{Name: name, PageOptions: scout.PageOptions{Budget: 20000}})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, f := range p.Files {
			for _, l := range f.Lines {
				pkg := "-"
				if l.Package != nil {
					pkg = l.Package.Dir
				}
				fmt.Fprintf(&b, "%s:%d %s\n", f.Path, l.Number, pkg)
			}
		}
		if !strings.Contains(p.Text, "a call marked → is of the package it names") {
			t.Errorf("callers %s: the header does not say what → means:\n%s", name, p.Text)
		}
		return b.String()
	}
	for _, name := range []string{"Sum", "New"} {
		if got, want := marks(name), f.Expect[strings.ToLower(name)]; got != want {
			t.Errorf("callers %s, each call's package:\n%s\nwant\n%s", name, got, want)
		}
	}

	p, err := scout.Callees(ctx, scout.CalleesOptions{Name: "Total", PageOptions: scout.PageOptions{Budget: 20000}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, f := range p.Files {
		for _, l := range f.Lines {
			c := l.Callee
			switch {
			case c.Count == 0 && c.Package != nil:
				fmt.Fprintf(&b, "%s: in %s\n", c.Name, c.Package)
			case c.Count == 1:
				fmt.Fprintf(&b, "%s: %s:%d\n", c.Name, c.At[0].Path, c.At[0].Line)
			default:
				fmt.Fprintf(&b, "%s: %d definitions\n", c.Name, c.Count)
			}
		}
	}
	if got, want := b.String(), f.Expect["callees"]; got != want {
		t.Errorf("callees Total, each callee:\n%s\nwant\n%s\npage:\n%s", got, want, p.Text)
	}
}
