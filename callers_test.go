package scout_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// callersCorpus writes Go and Python files that call target from many
// functions, methods, closures and the top level, and returns the calls
// as "path:line in caller", in the order a page lists them: the
// project's own files in path order, then the tests (two packages under
// tests/), then the vendored ones (two under a_vendor/vendor/, first by
// path), each file's in line order.
func callersCorpus(t *testing.T) []string {
	t.Helper()
	t.Chdir(t.TempDir())
	var own, tests, vendored []string
	for i := range 12 {
		dir, want := fmt.Sprintf("pkg%02d", i), &own
		switch i {
		case 5, 7:
			dir, want = "tests/"+dir, &tests
		case 6, 10:
			dir, want = "a_vendor/vendor/"+dir, &vendored
		}
		os.MkdirAll(dir, 0o755)
		var b strings.Builder
		b.WriteString("package p\n\nfunc target(int) int { return 0 }\n\nvar top = target(0)\n")
		line := 6
		*want = append(*want, fmt.Sprintf("%s/a.go:5 in ", dir))
		for j := range i + 2 {
			fmt.Fprintf(&b, "\nfunc f%d() {\n\ttarget(%d)\n\tgo func() { x.target(%d) }()\n\ttargetNot(1)\n}\n", j, j, j)
			*want = append(*want, fmt.Sprintf("%s/a.go:%d in f%d", dir, line+2, j), fmt.Sprintf("%s/a.go:%d in f%d", dir, line+3, j))
			line += 6
		}
		write(t, dir+"/a.go", b.String())
		write(t, dir+"/b.py", "class K:\n    def m(self):\n        return target(1)\n")
		*want = append(*want, fmt.Sprintf("%s/b.py:3 in m", dir))
	}
	write(t, "notes.md", "target() is called everywhere\n")
	return slices.Concat(own, tests, vendored)
}

// TestCallersPagesShowEveryCallOnce follows the cursor to the end at
// several budgets: every call shows once, the project's own files first,
// each kind in path order, each file's in line order, under
// the function it sits in, and each page is within its budget.
func TestCallersPagesShowEveryCallOnce(t *testing.T) {
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo finds calls with the line classifier, which does not know closures or ends (TestCallersWithoutParser covers it)")
	}
	want := callersCorpus(t)
	for _, budget := range []int{scout.MinBudget, 700, scout.DefaultBudget, 20000} {
		o := scout.CallersOptions{Name: "target", PageOptions: scout.PageOptions{Budget: budget}}
		var got []string
		pages := everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Callers(context.Background(), o)
		})
		for i, p := range pages {
			if len(p.Text) > budget*4 {
				t.Errorf("budget %d page %d: %d bytes of text, over %d", budget, i+1, len(p.Text), budget*4)
			}
			if len(p.Definitions) != 5 || !strings.Contains(p.Text, "target: 12 definitions") {
				t.Errorf("budget %d page %d: definitions %v; want 12 counted, 5 listed:\n%s", budget, i+1, p.Definitions, p.Text)
			}
			for _, f := range p.Files {
				for _, l := range f.Lines {
					in := ""
					if l.In != nil {
						in = l.In.Name
					}
					got = append(got, fmt.Sprintf("%s:%d in %s", f.Path, l.Number, in))
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("budget %d: %d pages showed %d calls, want %d in order\ngot  %v\nwant %v", budget, len(pages), len(got), len(want), got, want)
		}
		t.Logf("budget %d: %d calls in %d pages", budget, len(got), len(pages))
	}
}

// TestCallersWithoutParser: the line classifier's callers (a build
// without cgo) find the calls written as name( and say how.
func TestCallersWithoutParser(t *testing.T) {
	callersCorpus(t)
	p, err := scout.Callers(context.Background(), scout.CallersOptions{Name: "target", Scope: scout.Scope{Paths: []string{"pkg00"}}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total.Matches != 6 {
		t.Errorf("%d calls in pkg00, want 6:\n%s", p.Total.Matches, p.Text)
	}
	saysHowFound(t, p)
}

// TestCallersBadInput: what is not a name, and a stale cursor.
func TestCallersBadInput(t *testing.T) {
	callersCorpus(t)
	for _, n := range []string{"", "a.b", "f(", "two words"} {
		if _, err := scout.Callers(context.Background(), scout.CallersOptions{Name: n}); !errors.Is(err, scout.ErrPattern) {
			t.Errorf("name %q: %v, want ErrPattern", n, err)
		}
	}
	o := scout.CallersOptions{Name: "target", PageOptions: scout.PageOptions{Budget: scout.MinBudget}}
	p, err := scout.Callers(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if p.Cursor == "" {
		t.Fatal("page 1 has no cursor")
	}
	write(t, filepath.Join("pkg03", "a.go"), "package p\n\nfunc g() { target(1) }\n")
	o.Cursor = p.Cursor
	var stale *scout.StaleCursorError
	if _, err := scout.Callers(context.Background(), o); !errors.As(err, &stale) || !slices.Contains(stale.Changed, "pkg03/a.go") {
		t.Errorf("after an edit: %v, want a stale cursor naming pkg03/a.go", err)
	}
}

// TestRefsLabelsCallsLikeCallers: on the same tree, refs labels as calls
// exactly the sites callers finds, and lists the definitions apart.
func TestRefsLabelsCallsLikeCallers(t *testing.T) {
	callersCorpus(t)
	o := scout.RefsOptions{Name: "target", PageOptions: scout.PageOptions{Budget: scout.MaxBudget}}
	refs, err := scout.Refs(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	calls, err := scout.Callers(context.Background(), scout.CallersOptions{Name: o.Name, PageOptions: o.PageOptions})
	if err != nil {
		t.Fatal(err)
	}
	var fromRefs, fromCallers []string
	for _, f := range refs.Files {
		for _, l := range f.Lines {
			if l.Kind == "call" {
				fromRefs = append(fromRefs, fmt.Sprintf("%s:%d", f.Path, l.Number))
			}
		}
	}
	for _, f := range calls.Files {
		for _, l := range f.Lines {
			fromCallers = append(fromCallers, fmt.Sprintf("%s:%d", f.Path, l.Number))
		}
	}
	if len(fromRefs) == 0 || !slices.Equal(fromRefs, fromCallers) {
		t.Errorf("refs labels %d lines as calls, callers finds %d:\nrefs    %v\ncallers %v", len(fromRefs), len(fromCallers), fromRefs, fromCallers)
	}
	if !strings.Contains(refs.Text, "target: 12 definitions") || !strings.Contains(refs.Text, " uses of target in ") {
		t.Errorf("refs page:\n%s", refs.Text)
	}
}

// TestNamesAsAgentsWriteThem: a call as an agent copies it ("target()",
// "target(1)") names the function, for callers, refs and callees alike;
// "x()" crashed callers and refs (a qualifier looked for where there was
// none). A Go method expression, as stacks print it, names a type's
// method (see TestCallersOfTypeMethod): K has no f0, so it is refused
// with f0 to give.
func TestNamesAsAgentsWriteThem(t *testing.T) {
	callersCorpus(t)
	sc := scout.Scope{Paths: []string{"pkg01"}}
	for _, mode := range []string{"callers", "refs", "callees"} {
		search := func(name string) (*scout.Page, error) {
			switch mode {
			case "callers":
				return scout.Callers(context.Background(), scout.CallersOptions{Name: name, Scope: sc})
			case "refs":
				return scout.Refs(context.Background(), scout.RefsOptions{Name: name, Scope: sc})
			}
			return scout.Callees(context.Background(), scout.CalleesOptions{Name: name, Scope: sc})
		}
		bare, err := search("f0")
		if err != nil {
			t.Fatalf("%s f0: %v", mode, err)
		}
		for _, n := range []string{"f0()", "f0(1, x)", " f0() "} {
			p, err := search(n)
			if err != nil || p.Text != bare.Text {
				t.Errorf("%s %q: %v; the page differs from f0's:\n%s\n---\n%s", mode, n, err, textOf(p), bare.Text)
			}
		}
		for _, n := range []string{"x()", "$x()", "nowhere()"} {
			if _, err := search(n); err != nil {
				t.Errorf("%s %q: %v, want a page (of nothing found)", mode, n, err)
			}
		}
		for _, n := range []string{"(*K).f0", "(K).f0"} {
			if _, err := search(n); !errors.Is(err, scout.ErrPattern) || !strings.Contains(err.Error(), `give "f0"`) {
				t.Errorf("%s %q: %v, want ErrPattern naming f0", mode, n, err)
			}
		}
	}
}

func textOf(p *scout.Page) string {
	if p == nil {
		return "(no page)"
	}
	return p.Text
}
