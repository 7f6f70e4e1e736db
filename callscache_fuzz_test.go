package scout

import (
	"testing"

	"github.com/scoutcode/scout/internal/syntax"
)

// FuzzDecodeCalls: a damaged kept calls file is refused or read, never a
// panic, and a record read back fits the file it is read against.
func FuzzDecodeCalls(f *testing.F) {
	src := []byte("package p\n\nfunc f() { g() }\n\nfunc g() {}\n")
	good := append([]byte(nil), callsMagic...)
	rec := encodeRecord("/a.go", src, crc32Of(src), parsedFile{
		grammar: "go",
		defs:    []syntax.Def{{Kind: "function", Start: 3, End: 3, StartByte: 11, EndByte: 28, NameStart: 16, NameEnd: 17, HeadEnd: 20, Parent: -1}},
		uses:    []use{{line: 3, start: 22, in: 0}},
	})
	good = append(good, byte(len(rec)))
	good = append(good, rec...)
	f.Add(good, src)
	f.Add(good[:len(good)-3], src)
	f.Add([]byte("scout-calls\x00\xff\xff\xff\xff\x0f"), src)
	f.Fuzz(func(t *testing.T, file, data []byte) {
		recs, err := decodeCalls(file)
		if err != nil {
			return
		}
		for _, rec := range recs {
			p, ok := decodeRecord(rec, data, crc32Of(data))
			if !ok {
				continue
			}
			for _, u := range p.uses {
				if u.start+u.size > len(data) || u.in >= len(p.defs) {
					t.Fatalf("a use outside the file or the definitions: %+v", u)
				}
			}
		}
	})
}

// TestDecodeCallsRoundTrip: a record reads back as written.
func TestDecodeCallsRoundTrip(t *testing.T) {
	src := []byte("package p\n\nfunc f() { g() }\n\nfunc g() {}\n")
	d := syntax.Def{Kind: "function", Start: 3, End: 3, StartByte: 11, EndByte: 28, NameStart: 16, NameEnd: 17, HeadEnd: 20, Parent: -1}
	rec := encodeRecord("/a.go", src, crc32Of(src), parsedFile{grammar: "go", defs: []syntax.Def{d}, uses: []use{{line: 3, start: 22, in: 0, kind: "call", size: 1}}})
	p, ok := decodeRecord(rec, src, crc32Of(src))
	if !ok || len(p.defs) != 1 || p.defs[0].Name != "f" || p.defs[0].Signature != "func f()" || len(p.uses) != 1 || p.uses[0] != (use{line: 3, start: 22, in: 0, kind: "call", size: 1}) {
		t.Fatalf("read back %+v, %v", p, ok)
	}
	other := append([]byte("x"), src...)
	if _, ok := decodeRecord(rec, other, crc32Of(other)); ok {
		t.Error("a record was read against other content")
	}
}
