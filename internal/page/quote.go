package page

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Paths on a page are shown as they are, unless that would lose or break
// something: a name that is not valid UTF-8 (JSON would replace its bad
// bytes with U+FFFD, and a read of the printed name would fail), or that
// holds a newline, a tab or another character that is not printable (it
// would break the line format), or that starts with a double quote. Such a
// name is shown quoted, in Go's syntax, which every face accepts back (see
// Unquote):
//
//	"dir/bad\xffname.txt"
//	"notes/two\nlines.md"
//
// A quoted name is exact: unquoting it gives the name's bytes.

// Quote returns p as a page shows it.
func Quote(p string) string {
	if !needsQuote(p) {
		return p
	}
	return strconv.Quote(p)
}

func needsQuote(p string) bool {
	if len(p) > 0 && p[0] == '"' {
		return true
	}
	for i := 0; i < len(p); {
		c := p[i]
		if c < utf8.RuneSelf {
			if c < ' ' || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(p[i:])
		if r == utf8.RuneError && n == 1 || !unicode.IsPrint(r) {
			return true
		}
		i += n
	}
	return false
}

// Unquote returns the name a path argument stands for: a quoted name (see
// Quote) unquoted, anything else as it is.
func Unquote(p string) string {
	if len(p) >= 2 && p[0] == '"' && p[len(p)-1] == '"' {
		if s, err := strconv.Unquote(p); err == nil {
			return s
		}
	}
	return p
}

// withSlash returns a directory's shown path (see Quote) with a '/' at its
// end, inside the quotes when it is quoted.
func withSlash(shown string) string {
	switch {
	case len(shown) > 1 && shown[0] == '"':
		return Quote(Unquote(shown) + "/")
	case len(shown) > 0 && shown[len(shown)-1] == '/':
		return shown
	}
	return shown + "/"
}
