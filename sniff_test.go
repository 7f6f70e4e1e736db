package scout_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/syntax"
)

// TestFilesWithoutExtension: a script whose "#!" line runs Python, and a
// C++ header whose Emacs mode line says so (libstdc++'s "optional"), are
// outlined, and grep ranks and places their definitions, as if they had
// an extension (the corpus's bin/deploy and cpp/optional).
func TestFilesWithoutExtension(t *testing.T) {
	outlineCorpus(t)
	p, err := scout.Outline(context.Background(), scout.OutlineOptions{Scope: scout.Scope{Paths: []string{"bin/deploy", "cpp/optional"}}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range p.Files {
		for _, l := range f.Lines {
			got = append(got, f.Path+" "+l.Name)
		}
	}
	for _, w := range []string{"bin/deploy main", "bin/deploy run", "cpp/optional has_value"} {
		if !slices.Contains(got, w) {
			t.Errorf("outline: %q, want %s among them", got, w)
		}
	}
	g, err := scout.Grep(context.Background(), scout.GrepOptions{Options: scout.Options{
		Patterns: []string{`\b(run|has_value)\b`}, Scope: scout.Scope{Paths: []string{"bin", "cpp/optional"}},
		RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defs, in := map[string]bool{}, map[string]string{}
	for _, f := range g.Files {
		for _, l := range f.Lines {
			if l.Definition {
				defs[f.Path+" "+l.Text] = true
			}
			if l.In != nil {
				in[f.Path+" "+l.Text] = l.In.Name
			}
		}
	}
	for _, w := range []string{"bin/deploy def run(args):", "cpp/optional       has_value() const noexcept"} {
		if !defs[w] {
			t.Errorf("grep: %q not marked a definition (definitions: %v)", w, defs)
		}
	}
	if syntax.By == syntax.ByParser {
		if n := in["bin/deploy     return run(argv[1:])"]; n != "main" {
			t.Errorf("grep: the call of run is in %q, want main", n)
		}
	}
	// What main calls, and what value calls, are found defined in their
	// files, by the line classifier over a search for the names called,
	// read in the file's language (a Python method is no function).
	for _, c := range []struct{ name, callee, at string }{
		{"main", "run", "bin/deploy:11"},
		{"main", "flush", "bin/deploy:20"}, // a call with nothing before it is of no method: not Site.flush at 16
		{"value", "has_value", "cpp/optional:10"},
	} {
		p, err := scout.Callees(context.Background(), scout.CalleesOptions{Name: c.name, Scope: scout.Scope{Paths: []string{"bin", "cpp"}}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range p.Files {
			for _, l := range f.Lines {
				if l.Callee != nil && l.Callee.Name == c.callee {
					for _, at := range l.Callee.At {
						got = append(got, fmt.Sprintf("%s:%d", at.Path, at.Line))
					}
				}
			}
		}
		if !slices.Equal(got, []string{c.at}) {
			t.Errorf("callees %s: %s defined at %q, want %s", c.name, c.callee, got, c.at)
		}
	}
}
