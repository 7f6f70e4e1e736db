package concept

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// larger is an index of several pages: 50 files of a few chunks, each
// with words of its own and words shared.
func larger() []byte {
	files := map[string][][2]string{}
	for f := range 50 {
		var cs [][2]string
		for c := range 3 {
			name := fmt.Sprintf("handle%dStep%d", f, c)
			cs = append(cs, [2]string{name, fmt.Sprintf("// %s retries the request %d after a timeout of %d seconds\nfunc %s(conn net.Conn) error { return dial%d(conn, %q) }", name, c, f, name, f%7, name)})
		}
		files[fmt.Sprintf("pkg%d/file%d.go", f%9, f)] = cs
	}
	return build(files).Encode()
}

// TestChecksumsFindEveryFlip: whichever byte of an index is damaged, it
// is refused as it is read back, or Verify finds it.
func TestChecksumsFindEveryFlip(t *testing.T) {
	for name, data := range map[string][]byte{"small": build(sample()).Encode(), "larger": larger()} {
		if name == "larger" && len(data) < 4*pageSize {
			t.Fatalf("the larger index is %d bytes, want several pages", len(data))
		}
		atDecode, atVerify := 0, 0
		for i := range data {
			d := bytes.Clone(data)
			d[i] ^= 0x10
			ix, err := Decode(d)
			if err != nil {
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("%s, byte %d flipped: %v, want ErrCorrupt", name, i, err)
				}
				atDecode++
				continue
			}
			if err := ix.Verify(); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("%s, byte %d of %d flipped: read back and verified (%v)", name, i, len(data), err)
			}
			if i%7 != 0 {
				atVerify++
				continue
			}
			if b, err := ix.Update(nil, nil); b != nil || !errors.Is(err, ErrCorrupt) {
				t.Fatalf("%s, byte %d flipped: updated into %d bytes (%v)", name, i, len(b), err)
			}
			atVerify++
		}
		if name == "larger" && (atDecode == 0 || atVerify == 0) {
			t.Errorf("%s: %d flips found as read back, %d by Verify; want both ways used", name, atDecode, atVerify)
		}
	}
}

// TestDamagedListFound: a flipped byte in the lists is found as the
// damaged list is read, without Verify.
func TestDamagedListFound(t *testing.T) {
	data := larger()
	clean, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	r := clean.raw
	from := cap(r.pg.content) - cap(r.lists)
	found := 0
	for i := from; i < from+len(r.lists); i += 61 {
		d := bytes.Clone(data)
		d[i] ^= 0x01
		ix, err := Decode(d)
		if err != nil {
			continue // on a page read back whole
		}
		if err := ix.Damage(); err != nil {
			t.Fatalf("byte %d flipped: damage %v before any list is read", i, err)
		}
		for id := range ix.raw.nterms {
			ix.postList(uint32(id))
			ix.filePostList(uint32(id))
			ix.pathList(uint32(id))
		}
		if err := ix.Damage(); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("byte %d of the lists flipped: every list read, damage %v", i-from, err)
		}
		found++
	}
	if found == 0 {
		t.Fatal("no flip of the lists read back: nothing tested")
	}
	// The clean index read whole is not damaged.
	for id := range r.nterms {
		clean.postList(uint32(id))
	}
	for c := range clean.NumChunks() {
		clean.Strings(c)
	}
	if err := clean.Damage(); err != nil {
		t.Fatal(err)
	}
}

// TestSummer: the sums of pages written in pieces of any size are those
// of the pages whole.
func TestSummer(t *testing.T) {
	content := bytes.Repeat([]byte("scout sums pages "), 1000) // 17,000 bytes: 5 pages, the last short
	for _, piece := range []int{1, 7, pageSize, pageSize + 1, len(content)} {
		var out bytes.Buffer
		s := &summer{w: &out}
		for b := content; len(b) > 0; {
			n := min(piece, len(b))
			s.Write(b[:n])
			b = b[n:]
		}
		if err := s.finish(); err != nil {
			t.Fatal(err)
		}
		pg, ok := splitSums(out.Bytes())
		if !ok || !bytes.Equal(pg.content, content) {
			t.Fatalf("pieces of %d: the content does not come back", piece)
		}
		if !pg.ok(0, len(content)) {
			t.Errorf("pieces of %d: %v", piece, pg.damage())
		}
	}
}
