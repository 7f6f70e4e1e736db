//go:build cgo

package syntax

import (
	"bytes"
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// regions returns the parts of src to parse for a question about the
// occurrences occ: around each, from the top-level line at or before it to
// the next top-level line after it (a top-level line starts at column 0
// with a letter, "_", "$" or "@": a declaration, a statement, a
// decorator), merged where they touch. In Python, JavaScript, Rust or C
// (Go has its own, finer cut: goRegions) each region is a run of whole
// top-level declarations, which parse
// alone as the file would; where the cut is wrong (such a line inside a
// string), the parse has errors and the caller parses the whole file.
func regions(src []byte, occ []uint32, g string) []sitter.Range {
	var cuts [][2]int
	hid := hiddenBy(src, marksOf(g))
	for _, o := range occ {
		if n := len(cuts); n > 0 && int(o) < cuts[n-1][1] {
			continue // inside the last region
		}
		// Back from the occurrence's line to a top-level line.
		start := bytes.LastIndexByte(src[:o], '\n') + 1
		for start > 0 && !topLevel(src, start, hid) {
			start = bytes.LastIndexByte(src[:start-1], '\n') + 1
		}
		// Forward to the next top-level line.
		end := len(src)
		for i := int(o); i < len(src); {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			if i < len(src) && topLevel(src, i, hid) {
				end = i
				break
			}
		}
		if n := len(cuts); n > 0 && start <= cuts[n-1][1] {
			cuts[n-1][1] = end
			continue
		}
		cuts = append(cuts, [2]int{start, end})
	}
	return withPoints(src, cuts)
}

// topLevel reports whether the line starting at i starts a top-level
// declaration or statement: it starts at column 0 with a letter, "_", "$"
// or "@", and is not inside a comment or string that spans lines (see
// hiddenBy).
func topLevel(src []byte, i int, hid []int) bool {
	c := src[i]
	if !(c == '_' || c == '$' || c == '@' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return false
	}
	k, _ := slices.BinarySearch(hid, i+1) // the marks before i: inside when odd
	return k%2 == 0
}

// The marks of the strings and comments that span lines, by grammar (see
// marksOf): /* */ comments and """ strings; in Python both triple quotes;
// in JavaScript block comments and template literals.
var (
	blockMarks  = [][2]string{{"/*", "*/"}, {`"""`, `"""`}}
	pythonMarks = [][2]string{{`"""`, `"""`}, {"'''", "'''"}}
	jsMarks     = [][2]string{{"/*", "*/"}, {"`", "`"}}
)

// marksOf returns the marks of grammar g (not Go: see goHidden).
func marksOf(g string) [][2]string {
	switch g {
	case "python":
		return pythonMarks
	case "javascript", "typescript", "tsx":
		return jsMarks
	}
	return blockMarks
}

// hiddenBy returns the offsets where the spans of src between the given
// marks (open, close: /* */ comments, """ strings) open and close, in
// order: a line start between an odd and the next even one is inside one.
// Strings holding the marks can fool it; the parse then has errors, and
// the caller parses the whole file.
//
// Each mark's next opening is found once and kept until the scan passes
// it: a file of many comments and one string at its end is read once, not
// once a comment.
func hiddenBy(src []byte, marks [][2]string) []int {
	var out []int
	next := make([]int, len(marks)) // where marks[k] next opens at or after i; -1: never
	for k := range next {
		next[k] = -2 // not looked for yet
	}
	for i := 0; i < len(src); {
		at, m := -1, 0
		for k, mk := range marks {
			if next[k] == -2 || next[k] >= 0 && next[k] < i {
				next[k] = -1
				if a := bytes.Index(src[i:], []byte(mk[0])); a >= 0 {
					next[k] = i + a
				}
			}
			if next[k] >= 0 && (at < 0 || next[k] < at) {
				at, m = next[k], k
			}
		}
		if at < 0 {
			return out
		}
		i = at
		out = append(out, i)
		open, closeMark := marks[m][0], marks[m][1]
		e := bytes.Index(src[i+len(open):], []byte(closeMark))
		if e < 0 {
			return append(out, len(src))
		}
		i += len(open) + e + len(closeMark)
		out = append(out, i)
	}
	return out
}

// defKeywords are the words that come before a name a definition
// declares, in the languages with a parser.
var defKeywords = map[string]bool{
	"func": true, "def": true, "class": true, "type": true, "fn": true, "struct": true, "interface": true,
	"trait": true, "enum": true, "union": true, "function": true, "module": true, "namespace": true,
	"record": true, "macro_rules": true, "impl": true, "for": true, "mod": true,
}

// callish keeps the occurrences (of a name n bytes long) that may be a
// call or a definition: followed by "(" (or by "!", "[", "<" or ":" on the
// way to one: a macro, type arguments, a turbofish), or after a keyword
// that defines a name; or after ")" and a space (a Go method: func (s *T)
// Name). In Ruby and Bash, where calls need no parentheses, all of them.
// The parser decides what each kept one is; the others (in strings,
// comments, mere mentions) need not be parsed.
func callish(src []byte, occ []uint32, n int, g string) []uint32 {
	if g == "ruby" || g == "bash" {
		return occ
	}
	kept := occ[:0:0]
	for _, o := range occ {
		after := bytes.TrimLeft(src[int(o)+n:], " \t")
		for bytes.HasPrefix(after, []byte("/*")) { // close /* a comment */ (c)
			e := bytes.Index(after, []byte("*/"))
			if e < 0 {
				break
			}
			after = bytes.TrimLeft(after[e+2:], " \t")
		}
		if len(after) > 0 && bytes.IndexByte([]byte("(![<:"), after[0]) >= 0 {
			kept = append(kept, o)
			continue
		}
		before := bytes.TrimRight(src[:o], " \t*&")
		w := len(before)
		for w > 0 && isIdent(before[w-1]) {
			w--
		}
		if defKeywords[string(before[w:])] {
			kept = append(kept, o)
		}
	}
	return kept
}
