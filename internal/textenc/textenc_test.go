package textenc

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/scoutcode/scout/internal/fixture"
)

// TestDecode: UTF-16 in either order, astral letters (surrogate pairs)
// included, reads as the text in UTF-8, without its mark.
func TestDecode(t *testing.T) {
	for _, s := range []string{"", "hello Needle\nsecond line\r\n", "café ✓ 𝔘𝔫𝔦 😀 end", "\x00nul"} {
		for _, big := range []bool{false, true} {
			data := fixture.UTF16(s, big)
			e, n := Of(data)
			want := UTF16LE
			if big {
				want = UTF16BE
			}
			if e != want || n != 2 {
				t.Fatalf("Of(%q, big %v) = %v, %d", s, big, e, n)
			}
			if got := Decode(nil, data, e); string(got) != s {
				t.Errorf("Decode(%q, big %v) = %q", s, big, got)
			}
		}
	}
	if e, n := Of([]byte("\xef\xbb\xbfx")); e != UTF8 || n != 3 {
		t.Errorf("Of(UTF-8 mark) = %v, %d", e, n)
	}
	if e, _ := Of([]byte("plain")); e != None {
		t.Errorf("Of(plain) = %v", e)
	}
}

// TestDecodeDamaged: a lone surrogate (high or low) and an odd last byte
// each become U+FFFD; what follows is read on.
func TestDecodeDamaged(t *testing.T) {
	le := func(us ...uint16) []byte {
		b := []byte{0xFF, 0xFE}
		for _, u := range us {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	for _, c := range []struct {
		in   []byte
		want string
	}{
		{le('a', 0xD800, 'b'), "a\uFFFDb"},
		{le('a', 0xDC00, 'b'), "a\uFFFDb"},
		{le('a', 0xD800), "a\uFFFD"},
		{le(0xD83D, 0xDE00), "😀"},
		{append(le('a'), 'x'), "a\uFFFD"},
	} {
		got := Decode(nil, c.in, UTF16LE)
		if string(got) != c.want || !utf8.Valid(got) {
			t.Errorf("Decode(% x) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzDecode: any bytes decode, without a panic, to valid UTF-8, and
// UTF-16 written from valid text decodes back to it.
func FuzzDecode(f *testing.F) {
	f.Add([]byte("\xff\xfea\x00"), "text")
	f.Add([]byte("\xfe\xff\xd8\x00"), "😀 ✓")
	f.Fuzz(func(t *testing.T, raw []byte, s string) {
		for _, e := range []Encoding{UTF16LE, UTF16BE} {
			if got := Decode(nil, raw, e); !utf8.Valid(got) {
				t.Fatalf("Decode(% x, %v) = %q: not valid UTF-8", raw, e, got)
			}
		}
		if !utf8.ValidString(s) {
			return
		}
		for _, big := range []bool{false, true} {
			data := fixture.UTF16(s, big)
			e, _ := Of(data)
			if got := Decode(nil, data, e); !bytes.Equal(got, []byte(s)) {
				t.Fatalf("Decode(UTF-16 of %q, big %v) = %q", s, big, got)
			}
		}
	})
}
