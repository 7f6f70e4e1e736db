//go:build cgo

package syntax

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"golang.org/x/tools/txtar"
)

// FuzzParse parses any bytes in every grammar: no crash, and the
// definitions are sound (in order, inside the source, lines in range,
// parents before children); so are the answers DefinedOn gives grep; and
// every parse gave its room back.
func FuzzParse(f *testing.F) {
	a, err := txtar.ParseFile("testdata/outline.txtar")
	if err != nil {
		f.Fatal(err)
	}
	for i, file := range a.Files {
		f.Add(uint8(i), file.Data)
	}
	f.Add(uint8(0), []byte("func (((((((((("))
	f.Add(uint8(1), []byte("class A:\n\tdef f(:\n"))
	f.Add(uint8(4), []byte("package p\n/*\nfunc g() {\n*/\nfunc h() { f(1) }\nvar s = `\nfunc f() {}\n`\n"))
	names := map[string]string{}
	for _, file := range a.Files {
		names[Grammar(file.Name)] = file.Name
	}
	gs := Grammars()
	f.Fuzz(func(t *testing.T, which uint8, src []byte) {
		g := gs[int(which)%len(gs)]
		pf, err := Outline(context.Background(), names[g], src) // Parse's definitions, and the declarations
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		// Calls of a name the source holds, read from regions of it.
		if f, cs, err := Calls(context.Background(), names[g], src, "f"); err != nil {
			t.Fatalf("%s: calls: %v", g, err)
		} else {
			for _, c := range cs {
				if c.StartByte < 0 || c.StartByte+1 > len(src) || string(src[c.StartByte:c.StartByte+1]) != "f" || c.In >= len(f.Defs) {
					t.Fatalf("%s: %+v: not a call of f in the source", g, c)
				}
			}
		}
		// The bases named f or A: each where the name is, in a
		// definition of the file.
		if f, bs, err := Bases(context.Background(), names[g], src, []string{"f", "A"}); err != nil {
			t.Fatalf("%s: bases: %v", g, err)
		} else {
			for _, b := range bs {
				if b.StartByte < 0 || b.StartByte+len(b.Name) > len(src) || string(src[b.StartByte:b.StartByte+len(b.Name)]) != b.Name || b.In >= len(f.Defs) || b.In < -1 {
					t.Fatalf("%s: %+v: not a base in the source", g, b)
				}
			}
		}
		lines := 1
		for _, c := range src {
			if c == '\n' {
				lines++
			}
		}
		for i, d := range pf.Defs {
			switch {
			case d.StartByte < 0 || d.EndByte > len(src) || d.StartByte > d.EndByte:
				t.Fatalf("%s: %+v: bytes outside the source (%d)", g, d, len(src))
			case d.Start < 1 || d.End < d.Start || d.End > lines:
				t.Fatalf("%s: %+v: lines outside 1-%d", g, d, lines)
			case i > 0 && pf.Defs[i-1].StartByte > d.StartByte:
				t.Fatalf("%s: definitions out of order", g)
			case d.Parent >= i:
				t.Fatalf("%s: %+v: parent after its child", g, d)
			case d.Name == "" && d.Kind != "impl":
				t.Fatalf("%s: %+v: no name", g, d)
			case d.NameStart < d.StartByte || d.NameEnd > len(src) || d.NameStart > d.NameEnd || string(src[d.NameStart:d.NameEnd]) != d.Name:
				t.Fatalf("%s: %+v: the name is not where it says", g, d)
			}
		}
		// What grep's definition signal asks of a line (see DefinedOn):
		// names on the line, and Hidden's marks in order, in the source.
		marks := Hidden(names[g], src)
		if !slices.IsSorted(marks) || len(marks) > 0 && (marks[0] < 0 || marks[len(marks)-1] > len(src)) {
			t.Fatalf("%s: hidden marks %v out of order or outside %d bytes", g, marks, len(src))
		}
		for s, n := 0, 0; s < len(src) && n < 20; n++ {
			e := bytes.IndexByte(src[s:], '\n')
			if e < 0 {
				e = len(src)
			} else {
				e += s
			}
			if s < e {
				ns, _, _ := DefinedOn(context.Background(), names[g], src, s, e, s+(e-s)/2)
				for _, r := range ns {
					if r[0] < s || r[0] >= e || r[1] <= r[0] || r[1] > len(src) {
						t.Fatalf("%s: line %d-%d: a name at %v", g, s, e, r)
					}
				}
			}
			s = e + 1
		}
		// Every tree closed, every parse's room given back (the fuzzer
		// calls this function one input at a time in a process).
		if free := room.available(); free != room.size {
			t.Fatalf("%s: %d of %d bytes of room free after the parses", g, free, room.size)
		}
	})
}
