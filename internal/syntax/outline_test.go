//go:build cgo

package syntax

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite testdata/outline.golden")

// TestOutlineGolden outlines a small source in each grammar and compares
// the outline (Outline's: definitions and declarations) with
// testdata/outline.golden.
func TestOutlineGolden(t *testing.T) {
	a, err := txtar.ParseFile("testdata/outline.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	seen := map[string]bool{}
	for _, f := range a.Files {
		pf, err := Outline(context.Background(), f.Name, f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		seen[pf.Grammar] = true
		if pf.Errors {
			t.Errorf("%s: parsed with errors", f.Name)
		}
		fmt.Fprintf(&b, "-- %s (%s) --\n", f.Name, pf.Grammar)
		for _, d := range pf.Defs {
			fmt.Fprintf(&b, "%s%d-%d %s %s: %s\n", strings.Repeat("  ", d.Depth), d.Start, d.End, d.Kind, d.Name, d.Signature)
		}
	}
	for _, g := range Grammars() {
		if !seen[g] {
			t.Errorf("no source in testdata/outline.txtar for the %s grammar", g)
		}
	}
	got := b.String()
	if *update {
		if err := os.WriteFile("testdata/outline.golden", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("testdata/outline.golden")
	if err != nil {
		t.Fatalf("%v (go test ./internal/syntax -run TestOutlineGolden -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("outline differs from testdata/outline.golden (go test ./internal/syntax -run TestOutlineGolden -update, then read the diff):\n%s", got)
	}
}

// TestParseLeavesOutDeclarations: Parse gives definitions only (concept's
// chunks and the "in …" lines are made of them), and Outline gives the
// same definitions with the declarations among them.
func TestParseLeavesOutDeclarations(t *testing.T) {
	a, err := txtar.ParseFile("testdata/outline.txtar")
	if err != nil {
		t.Fatal(err)
	}
	decls := 0
	for _, f := range a.Files {
		pf, err := Parse(context.Background(), f.Name, f.Data)
		if err != nil {
			t.Fatal(err)
		}
		of, err := Outline(context.Background(), f.Name, f.Data)
		if err != nil {
			t.Fatal(err)
		}
		var defs []string
		for _, d := range pf.Defs {
			if d.Kind == kindConstant || d.Kind == kindVariable || d.Kind == kindPrototype {
				t.Errorf("%s: Parse gives %s %s", f.Name, d.Kind, d.Name)
			}
			defs = append(defs, fmt.Sprint(d.Kind, d.Name, d.Start, d.End))
		}
		var outlined []string
		for _, d := range of.Defs {
			if of.Grammar == "go" && d.Kind == kindMethod && d.Parent >= 0 && of.Defs[d.Parent].Kind == "interface" {
				decls++ // a Go interface's method
				continue
			}
			switch d.Kind {
			case kindConstant, kindVariable, kindPrototype:
				decls++
			case kindMacro:
				if of.Grammar != "rust" {
					decls++
					continue
				}
				fallthrough
			default:
				outlined = append(outlined, fmt.Sprint(d.Kind, d.Name, d.Start, d.End))
			}
		}
		if strings.Join(defs, "\n") != strings.Join(outlined, "\n") {
			t.Errorf("%s: Outline's definitions are not Parse's:\n%s\nParse:\n%s", f.Name, outlined, defs)
		}
	}
	if decls < 20 {
		t.Errorf("%d declarations in testdata/outline.txtar's outlines; it has more", decls)
	}
}
