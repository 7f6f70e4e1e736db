package page

import (
	"fmt"
	"testing"
)

func TestFoldPlaces(t *testing.T) {
	var versions []Copy
	for v := 24; v <= 44; v++ {
		if v != 31 {
			versions = append(versions, Copy{fmt.Sprintf("api/docs/v1.%d.yaml", v), []int{331}})
		}
	}
	one := func(p string, n int) Copy { return Copy{p, []int{n}} }
	for _, c := range []struct {
		places []Copy
		want   string
	}{
		{versions, "api/docs/v1.{24..30,32..44}.yaml:331"},
		{[]Copy{{"a/x.go", []int{3, 9}}, one("b/y.go", 4)}, "a/x.go:3,9, b/y.go:4"},
		{[]Copy{{"a/f1.go", []int{2, 4}}, one("a/f2.go", 2), one("a/f3.go", 2)}, "a/f1.go:2,4, a/f2.go:2, a/f3.go:2"},  // two lines: no pattern
		{[]Copy{one("a/f1.go", 2), one("a/f2.go", 2)}, "a/f1.go:2, a/f2.go:2"},                                         // two: no pattern
		{[]Copy{one("a/f1.go", 2), one("a/f2.go", 2), one("a/f3.go", 5)}, "a/f1.go:2, a/f2.go:2, a/f3.go:5"},           // lines differ
		{[]Copy{one("a/f1.go", 2), one("a/g2.go", 2), one("a/f3.go", 2)}, "a/f1.go:2, a/g2.go:2, a/f3.go:2"},           // names differ
		{[]Copy{one("x1.go", 1), one("x2.go", 1), one("x10.go", 1)}, "x{1..2,10}.go:1"},                                // the root
		{[]Copy{one("f001000.txt", 1), one("f002000.txt", 1), one("f003000.txt", 1)}, "f{001000,002000,003000}.txt:1"}, // zeros kept
		{[]Copy{one("p08.md", 1), one("p09.md", 1), one("p10.md", 1), one("p011.md", 1)}, "p{08..10,011}.md:1"},        // as a shell expands {08..10}
		{[]Copy{one("v9.md", 1), one("v10.md", 1), one("v11.md", 1)}, "v{9..11}.md:1"},
	} {
		if got := foldPlaces(c.places); got != c.want {
			t.Errorf("foldPlaces(%v) = %q, want %q", c.places, got, c.want)
		}
	}
}

// A file is folded when every line of it repeats, trimmed, a line shown
// above it in another file, in the same order; else it stays.
func TestFold(t *testing.T) {
	line := func(n int, text string) Line { return Line{Number: n, Text: text} }
	files := []File{
		{Path: "a.go", Lines: []Line{line(1, "\tfoo()"), line(5, "bar()")}},
		{Path: "b.go", Lines: []Line{line(2, "foo()  ")}},                 // a copy (trimmed)
		{Path: "c.go", Lines: []Line{line(3, "foo()"), line(4, "baz()")}}, // one line new: stays
		{Path: "d.go", Lines: []Line{line(6, "bar()"), line(7, "foo()")}}, // copies, but out of order: stays
		{Path: "e.go", Lines: []Line{line(8, "baz()")}},                   // a copy of c.go's line
	}
	got := fold(files)
	var paths []string
	for _, f := range got {
		paths = append(paths, f.Path)
	}
	if fmt.Sprint(paths) != "[a.go c.go d.go]" {
		t.Fatalf("files left: %v, want [a.go c.go d.go]", paths)
	}
	if c := got[0].Lines[0].Copies; fmt.Sprint(c) != "[{b.go [2]}]" {
		t.Errorf("a.go:1 copies %v, want b.go:2", c)
	}
	if c := got[1].Lines[1].Copies; fmt.Sprint(c) != "[{e.go [8]}]" {
		t.Errorf("c.go:4 copies %v, want e.go:8", c)
	}
}

// FoldCopies folds as fold does, and leaves the files it is given as they
// were: a concept search still reads them whole, to leave out the leads
// that hold an exact hit of a copy too.
func TestFoldCopiesLeavesItsInput(t *testing.T) {
	files := []File{
		{Path: "a.go", Lines: []Line{{Number: 1, Text: "foo()"}}},
		{Path: "b.go", Lines: []Line{{Number: 2, Text: " foo()"}}},
	}
	got := FoldCopies(files)
	if len(got) != 1 || fmt.Sprint(got[0].Lines[0].Copies) != "[{b.go [2]}]" {
		t.Errorf("folded: %+v, want a.go with b.go:2 under its line", got)
	}
	if len(files) != 2 || files[1].Path != "b.go" || files[0].Lines[0].Copies != nil {
		t.Errorf("the input changed: %+v", files)
	}
}
