//go:build cgo

package syntax

import (
	"context"
	"testing"

	"golang.org/x/tools/txtar"
)

// FuzzParse parses any bytes in every grammar: no crash, and the
// definitions are sound (in order, inside the source, lines in range,
// parents before children).
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
	names := map[string]string{}
	for _, file := range a.Files {
		names[Grammar(file.Name)] = file.Name
	}
	gs := Grammars()
	f.Fuzz(func(t *testing.T, which uint8, src []byte) {
		g := gs[int(which)%len(gs)]
		pf, err := Parse(context.Background(), names[g], src)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
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
			}
		}
	})
}
