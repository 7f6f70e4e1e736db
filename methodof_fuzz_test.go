package scout

import (
	"testing"

	"github.com/scoutcode/scout/internal/syntax"
)

// FuzzReceivers reads what the code before each word of any source says
// of its receiver, as a search of Type.Method does, in each grammar the
// rules tell apart: it must not panic, and a call it finds no method's
// names no type.
func FuzzReceivers(f *testing.F) {
	for _, s := range []string{
		"func (s *S) M() { s.Close(); x := &T{}; x.Close(); func(x *U) { x.Close() }() }",
		"class Q:\n    def join(self, t: T):\n        self.join(); t.join(); sep = ', '; sep.join(); ', '.join(x); join()",
		"class P { void f(P p, Q q) { join(); p.join(); q.join(); P::join(); Self::join(); } }",
		"v := ", "v", ".v", "::v", "\"x\".v", "a\n.v", "T v", "return v.x", "v in w",
		"self.a = Q()\nself.a.m()\nthis.b: T = new U(1)\nthis.b.m()\nself.c.m()",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		data := []byte(src)
		defs := []syntax.Def{
			{Kind: "class", Name: "Q", StartByte: 0, EndByte: len(data), HeadEnd: min(len(data), 8), Parent: -1},
			{Kind: "method", Name: "m", Signature: "def m(self, t: Q)", StartByte: min(len(data), 2), EndByte: len(data), HeadEnd: min(len(data), 12), Parent: 0, Depth: 1},
			{Kind: "method", Name: "Close", Signature: "func (s *Q) Close()", StartByte: 0, EndByte: len(data), HeadEnd: min(len(data), 20), Parent: -1},
			{Kind: "method", Name: "m", Signature: "void m()", StartByte: 0, EndByte: len(data), Parent: 7}, // a parent out of range
		}
		for _, g := range []string{"go", "python", "java", "rust", ""} {
			r := newReceivers("d/f", parsedFile{grammar: g, defs: defs}, data, noQualifier{})
			for start := range len(data) + 1 {
				for in := -1; in < len(defs); in++ {
					none, typ, made := r.of(start, in)
					if none && typ != "" {
						t.Fatalf("%s at %d in %d: no method's, yet of %q", g, start, in, typ)
					}
					if made != nil && (g != "go" || none || made.Func == "" && made.Type == "" && made.Var == "") {
						t.Fatalf("%s at %d in %d: made by %+v, none %v, type %q", g, start, in, *made, none, typ)
					}
				}
			}
			for i := range defs {
				ownerOf(defs, i)
			}
		}
	})
}
