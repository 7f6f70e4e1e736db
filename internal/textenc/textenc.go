// Package textenc reads text files that begin with a byte order mark as
// ripgrep does: a UTF-8 file's mark is not part of its text, and a UTF-16
// file (little- or big-endian) is its text in UTF-8. Without a mark, a
// file is searched as the bytes it holds.
package textenc

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// Encoding is what a file's byte order mark says it is.
type Encoding uint8

const (
	None    Encoding = iota // no mark: the bytes as they are
	UTF8                    // EF BB BF
	UTF16LE                 // FF FE
	UTF16BE                 // FE FF
)

var names = [...]string{"", "UTF-8 with a byte order mark", "UTF-16LE", "UTF-16BE"}

func (e Encoding) String() string { return names[e] }

// Of returns the encoding the first bytes of a file mark, and the mark's
// length.
func Of(head []byte) (Encoding, int) {
	switch {
	case bytes.HasPrefix(head, []byte{0xEF, 0xBB, 0xBF}):
		return UTF8, 3
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return UTF16LE, 2
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return UTF16BE, 2
	}
	return None, 0
}

// Decode returns the text of a UTF-16 file, mark and all, in UTF-8,
// appended to dst: a lone surrogate, and a last odd byte, become U+FFFD,
// as ripgrep's decoder makes them.
func Decode(dst, data []byte, e Encoding) []byte {
	_, skip := Of(data)
	data = data[skip:]
	at := func(i int) uint16 {
		if e == UTF16BE {
			return uint16(data[i])<<8 | uint16(data[i+1])
		}
		return uint16(data[i]) | uint16(data[i+1])<<8
	}
	dst = slicesGrow(dst, len(data)+len(data)/2)
	for i := 0; i+1 < len(data); i += 2 {
		u := at(i)
		r := rune(u)
		switch {
		case utf16.IsSurrogate(r) && u < 0xDC00 && i+3 < len(data):
			if pair := utf16.DecodeRune(r, rune(at(i+2))); pair != utf8.RuneError {
				r = pair
				i += 2
			} else {
				r = utf8.RuneError
			}
		case utf16.IsSurrogate(r):
			r = utf8.RuneError
		}
		dst = utf8.AppendRune(dst, r)
	}
	if len(data)%2 == 1 {
		dst = utf8.AppendRune(dst, utf8.RuneError)
	}
	return dst
}

func slicesGrow(b []byte, n int) []byte {
	if cap(b)-len(b) < n {
		nb := make([]byte, len(b), len(b)+n)
		copy(nb, b)
		return nb
	}
	return b
}

// Text returns a file's text: a UTF-8 file's without its mark, a UTF-16
// file's in UTF-8 (a new slice), and any other file's bytes as they are.
func Text(data []byte) []byte {
	switch e, n := Of(data); e {
	case UTF8:
		return data[n:]
	case UTF16LE, UTF16BE:
		return Decode(nil, data, e)
	}
	return data
}
