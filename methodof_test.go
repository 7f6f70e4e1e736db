package scout_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// methodCalls reads testdata/cli/methodof.txtar's comments: each
// call's place (path:line), by what a search of the type's method should
// make of it: "known", "dropped" or "unknown".
func methodCalls(t *testing.T, ext string) map[string][]string {
	t.Helper()
	want := map[string][]string{}
	word := regexp.MustCompile(`(?:#|//) (known|dropped|unknown)\b`)
	filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ext {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(data), "\n") {
			if m := word.FindStringSubmatch(l); m != nil {
				want[m[1]] = append(want[m[1]], fmt.Sprintf("%s:%d", filepath.ToSlash(p), i+1))
			}
		}
		return nil
	})
	if len(want["known"]) == 0 || len(want["dropped"]) == 0 || len(want["unknown"]) == 0 {
		t.Fatalf("the corpus's %s files say too little: %v", ext, want)
	}
	return want
}

// TestCallersOfTypeMethod: callers and refs of Type.Method keep Type's
// definitions alone, mark the calls whose receiver is known to be a Type
// (the method's own receiver, a parameter, a variable made of one), leave
// out those known not to be (a function's call, a literal's, a receiver
// of another type that has the method), keep the rest unmarked, and list
// the files with a known call first among those of their kind.
func TestCallersOfTypeMethod(t *testing.T) {
	fixture.Enter(t, "testdata/cli/methodof.txtar")
	for _, c := range []struct{ name, ext, def string }{
		{"Session.Close", ".go", "session/session.go:14"},
		{"(*Session).Close", ".go", "session/session.go:14"},
		{"(*Session).Close()", ".go", "session/session.go:14"},
		{"Queue.join", ".py", "queue.py:5"},
		{"Pool.join", ".java", "Pool.java:2"},
	} {
		if c.ext != ".go" && noParser(t, c.name) {
			continue
		}
		want := methodCalls(t, c.ext)
		for _, mode := range []string{"callers", "refs"} {
			p := usesPage(t, mode, c.name)
			if defs := places(p.Definitions); !slices.Equal(defs, []string{c.def}) {
				t.Errorf("%s %s: definitions %v, want only %s", mode, c.name, defs, c.def)
			}
			got := map[string][]string{}
			var order []int // each file: a test's 2, the project's own 0; 1 more with no known call
			for _, f := range p.Files {
				known := false
				for _, l := range f.Lines {
					if l.Kind != "" && l.Kind != "call" {
						continue // refs: the imports and types of the name
					}
					k := "unknown"
					if l.Receiver != "" {
						k, known = "known", true
					}
					got[k] = append(got[k], fmt.Sprintf("%s:%d", f.Path, l.Number))
				}
				k := 0
				if strings.HasSuffix(f.Path, "_test.go") {
					k = 2
				}
				if !known {
					k++
				}
				order = append(order, k)
			}
			for _, k := range []string{"known", "unknown"} {
				if !slices.Equal(sorted(got[k]), sorted(want[k])) {
					t.Errorf("%s %s: %s calls %v, want %v\n%s", mode, c.name, k, got[k], want[k], p.Text)
				}
			}
			if !slices.IsSorted(order) {
				t.Errorf("%s %s: the files are not the project's own first, those with a known call first among each kind: %v\n%s", mode, c.name, order, p.Text)
			}
			// What is left out is counted: the page's and the count are
			// every use of the name alone (the line classifier, in a build
			// without cgo, also takes an interface's "Close() error" for a
			// function's call, and leaves it out too).
			all := usesPage(t, mode, bare(c.name))
			left := all.Total.Matches - p.Total.Matches
			if left < len(want["dropped"]) || !strings.Contains(p.Text, fmt.Sprintf("not shown: %d ", left)) {
				t.Errorf("%s %s: %d of %s's %d uses left out, want at least %d, and counted on the page:\n%s", mode, c.name, left, bare(c.name), all.Total.Matches, len(want["dropped"]), p.Text)
			}
			if len(want["known"]) > 0 && !strings.Contains(p.Text, "→ on a ") {
				t.Errorf("%s %s: no call marked on the page:\n%s", mode, c.name, p.Text)
			}
		}
	}
}

// noParser reports, in a build without cgo, that a search of name, a
// method outside Go, is refused: the line classifier does not nest
// definitions, so it cannot tell whose method one is.
func noParser(t *testing.T, name string) bool {
	t.Helper()
	if syntax.By != syntax.ByClassifier {
		return false
	}
	_, err := scout.Callers(context.Background(), scout.CallersOptions{Name: name})
	if !errors.Is(err, scout.ErrPattern) || !strings.Contains(err.Error(), "without a parser") {
		t.Errorf("callers %s without a parser: %v, want ErrPattern saying so", name, err)
	}
	return true
}

// usesPage returns the page of a callers, refs or callees search of name
// that shows every call or use.
func usesPage(t *testing.T, mode, name string) *scout.Page {
	t.Helper()
	po := scout.PageOptions{Budget: scout.MaxBudget}
	var p *scout.Page
	var err error
	switch mode {
	case "callers":
		p, err = scout.Callers(context.Background(), scout.CallersOptions{Name: name, PageOptions: po})
	case "refs":
		p, err = scout.Refs(context.Background(), scout.RefsOptions{Name: name, PageOptions: po})
	default:
		p, err = scout.Callees(context.Background(), scout.CalleesOptions{Name: name, PageOptions: po})
	}
	if err != nil {
		t.Fatalf("%s %s: %v", mode, name, err)
	}
	return p
}

// places returns path:line of each line of files.
func places(files []page.File) []string {
	var out []string
	for _, f := range files {
		for _, l := range f.Lines {
			out = append(out, fmt.Sprintf("%s:%d", f.Path, l.Number))
		}
	}
	return out
}

// bare returns a name without its qualifier.
func bare(name string) string { return name[strings.LastIndexByte(name, '.')+1:] }

func sorted(s []string) []string { return slices.Sorted(slices.Values(s)) }

// TestCalleesOfTypeMethod: callees of Type.Method lists the calls in
// Type's method alone; a type with no such method is refused, with the
// name alone to give.
func TestCalleesOfTypeMethod(t *testing.T) {
	fixture.Enter(t, "testdata/cli/methodof.txtar")
	for _, c := range []struct{ name, def, call string }{
		{"Session.Close", "session/session.go:14", "session/session.go:15"},
		{"Queue.join", "queue.py:5", "queue.py:7"},
		{"Thread.join", "queue.py:14", "queue.py:15"},
	} {
		if !strings.HasSuffix(c.def, ".go:14") && noParser(t, c.name) {
			continue
		}
		p := usesPage(t, "callees", c.name)
		defs, calls := places(p.Definitions), places(p.Files)
		if !slices.Equal(defs, []string{c.def}) || !slices.Equal(calls, []string{c.call}) {
			t.Errorf("callees %s: definitions %v and calls %v, want %s and %s\n%s", c.name, defs, calls, c.def, c.call, p.Text)
		}
	}
	if _, err := scout.Callers(context.Background(), scout.CallersOptions{Name: "Pipe.join"}); syntax.By != syntax.ByClassifier && (err == nil || !strings.Contains(err.Error(), "(join is a method of Base, Crowd, Pool, Queue and Thread)")) {
		t.Errorf("callers Pipe.join: %v, want the types that have a join named", err)
	}
	for _, name := range []string{"Pipe.join", "Nowhere.Close", "(*Queue).Close", "(*Session).join"} {
		for mode, search := range map[string]func() error{
			"callers": func() error {
				_, err := scout.Callers(context.Background(), scout.CallersOptions{Name: name})
				return err
			},
			"callees": func() error {
				_, err := scout.Callees(context.Background(), scout.CalleesOptions{Name: name})
				return err
			},
		} {
			err := search()
			if !errors.Is(err, scout.ErrPattern) || !strings.Contains(err.Error(), fmt.Sprintf("has a method %s", bare(name))) || !strings.Contains(err.Error(), fmt.Sprintf("give %q", bare(name))) {
				t.Errorf("%s %s: %v, want ErrPattern saying no such method and to give %s", mode, name, err, bare(name))
			}
		}
	}
}

// TestCalleesTypedByReceiver: a Go call whose receiver the code around it
// types (its method's own, a parameter, a variable a call in the tree
// made) goes to that type's method alone, and the page names it
// Type.Name; one it does not type keeps every definition of the name.
func TestCalleesTypedByReceiver(t *testing.T) {
	fixture.Enter(t, "testdata/cli/methodof.txtar")
	for name, want := range map[string][]string{
		"Server.Serve": {
			"51 Server.Connect session/made.go:16",
			"52 Session.Close session/session.go:14",
			"53 Server.Listen session/made.go:18",
			"54 Pipe.Close session/session.go:20",
			"55 Pair session/made.go:10",
			"56 Pipe.Close session/session.go:20",
		},
		"Promoted": {
			"17 Session.Close session/session.go:14",
			"18 Session.Close session/session.go:14",
			"19 Session.Close session/session.go:14",
		},
		"Made": {
			"23 Dial session/made.go:8", "24 Session.Close session/session.go:14",
			"25 Pair session/made.go:10", "26 Session.Close session/session.go:14",
			"27 Pair session/made.go:10", "28 Pipe.Close session/session.go:20",
			"29 NewServer session/made.go:14", "30 Server.Connect session/made.go:16", "31 Session.Close session/session.go:14",
			"32 NewServer session/made.go:14", "32 Connect session/made.go:16", "33 Session.Close session/session.go:14",
			"34 Server.Listen session/made.go:18", "35 Pipe.Close session/session.go:20",
			"36 Any session/made.go:20", "37 Close: 5 definitions",
			"39 Pipe.Close session/session.go:20",
			"40 Open: 0 definitions", "41 Close: 5 definitions",
			"42 NewServer session/made.go:14", "42 Listen session/made.go:18", "42 Close: 5 definitions",
			"45 Session.Close session/session.go:14",
			"47 Connect session/made.go:16", "47 Close: 5 definitions", // j := srv: a copy, not followed
		},
	} {
		p := usesPage(t, "callees", name)
		var got []string
		for _, f := range p.Files {
			for _, l := range f.Lines {
				c := l.Callee
				n := c.Name
				if n == "new" {
					continue // a builtin, which the line classifier does not list
				}
				if c.Type != "" {
					n = c.Type + "." + n
				}
				if c.Count == 1 {
					got = append(got, fmt.Sprintf("%d %s %s:%d", l.Number, n, c.At[0].Path, c.At[0].Line))
				} else {
					got = append(got, fmt.Sprintf("%d %s: %d definitions", l.Number, n, c.Count))
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("callees %s:\n got %q\nwant %q\n%s", name, got, want, p.Text)
		}
		if !strings.Contains(p.Text, "a callee shown as Type.Name is a Go method of the type its receiver is known to be") {
			t.Errorf("callees %s: the footer does not say what Type.Name means:\n%s", name, p.Text)
		}
	}
}
