//go:build cgo

package syntax

import (
	"bytes"
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// goRegions returns the parts of a Go source to parse for a question about
// the occurrences occ. It relies on gofmt's layout: a top-level
// declaration starts at column 0 with its keyword; a function's body
// statements start one tab in, and its closing brace is alone at column 0.
// Around an occurrence in a function's body it keeps the function's head,
// the body statement that holds the occurrence (and, inside a block
// statement, only the block's own lines and, the same way, the statement
// in it that holds the occurrence: see goStatement), and the closing
// brace. The parse sees a function with fewer statements, at the same
// positions, which is all a question about the occurrence needs: the
// function's name, head and line range; the call, use or definition at
// the occurrence and the nodes above it. Anywhere else it keeps the whole
// top-level declaration; and for an occurrence in a function's head (its
// name, where it is defined), the head and the closing brace, or with
// bodies the whole function. With stmts false it keeps whole declarations
// only. Where the layout is not gofmt's, the cut is wrong and the parse has
// errors: the caller then parses more (see open).
func goRegions(src []byte, occ []uint32, stmts, bodies bool) []sitter.Range {
	if goNested(src) {
		return nil // the whole file
	}
	hid := goHidden(src)
	var cuts [][2]int // byte ranges, joined at the end
	// The cuts of one declaration at a time: its head, the statements
	// asked about, its closing line; or all of it.
	var d goDecl
	d.end = -1
	var body, after [][2]int // after: comment lines past the declaration's end
	whole := false
	flush := func() {
		switch {
		case d.end < 0:
		case whole:
			cuts = append(cuts, [2]int{d.start, d.end})
		default:
			if d.headEnd >= 0 {
				cuts = append(cuts, [2]int{d.start, d.headEnd}, [2]int{d.close, lineEnd(src, d.close)})
			}
			cuts = append(append(cuts, body...), after...)
		}
		body, after, whole = body[:0], after[:0], false
	}
	for _, u := range occ {
		o := int(u)
		if o >= d.end {
			flush()
			d = goDeclAt(src, o, hid)
		}
		// A comment line outside any declaration (after one's end, or
		// before the first, where only the package clause and comments
		// are) is a part of its own: a comment may sit between any two
		// lines. (In a declaration it needs the definitions around it:
		// goStatement keeps them.)
		if ls, le, ok := goCommentLine(src, o, hid); ok && (d.headEnd >= 0 && ls > d.close || d.start == 0 && goPreamble(src, ls, hid)) {
			after = append(after, [2]int{ls, le})
			continue
		}
		switch {
		case !stmts || d.headEnd < 0 || bodies && o < d.headEnd:
			whole = true
		case o < d.headEnd: // in the head: it and the closing brace
		case o >= d.close: // on the closing line or after it
			if o >= lineEnd(src, d.close) {
				whole = true
			}
		default:
			if !goStatement(src, o, d, hid, &body) {
				whole = true
			}
		}
	}
	flush()
	return withPoints(src, joined(cuts))
}

// goNested reports whether a line that goTop takes for a top-level
// declaration is inside brackets, as "type T int" at column 0 in a
// function's body is (Go allows it; gofmt would indent it), or whether
// the brackets do not balance: then no line tells where a declaration
// starts, and goRegions cuts nothing. It reads src as Go's scanner does,
// past strings, runes and comments. (nested, which regions uses, reads
// the other languages so; built on it, this took 134 µs on
// net/http/server.go instead of 57, on the path of every callers search.)
func goNested(src []byte) bool {
	depth := 0
	for i := 0; i < len(src); i++ {
		for i < len(src) && !goLexed[src[i]] {
			i++ // most bytes: names, spaces, operators
		}
		if i == len(src) {
			break
		}
		switch src[i] {
		case '\n':
			if depth != 0 && i+1 < len(src) && goTop(src, i+1, nil) {
				return true
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth < 0 {
				return true
			}
		case '"', '\'':
			i = quoted(src, i) - 1 // the closing quote, or before the newline
		case '`':
			j := bytes.IndexByte(src[i+1:], '`')
			if j < 0 {
				return true
			}
			i += j + 1
		case '/':
			switch {
			case i+1 == len(src):
			case src[i+1] == '/':
				if e := lineEnd(src, i); src[e-1] == '\n' {
					i = e - 2 // before the newline
				} else {
					i = e
				}
			case src[i+1] == '*':
				j := bytes.Index(src[i+2:], []byte("*/"))
				if j < 0 {
					return true
				}
				i += 2 + j + 1
			}
		}
	}
	return depth != 0
}

// goLexed holds the bytes goNested stops at.
var goLexed = func() (t [256]bool) {
	for _, c := range "\n()[]{}\"'`/" {
		t[c] = true
	}
	return t
}()

// goPreamble reports whether the lines before offset ls (a line's start)
// are all a package clause, comments and blank lines: nothing that a line
// after them could be a part of. (tree-sitter's Go grammar also takes
// statements at the top level, as in "\tgo func() {", which gofmt's
// layout says nothing about.)
func goPreamble(src []byte, ls int, hid []int) bool {
	for i := 0; i < ls; i = lineEnd(src, i) {
		if isHidden(hid, i) {
			continue // inside a /* */ comment that opened on a line checked here
		}
		t := bytes.TrimLeft(src[i:lineEnd(src, i)], " \t\r\n")
		if len(t) > 0 && !bytes.HasPrefix(t, []byte("//")) && !goPackageLine(src, i) {
			return false
		}
	}
	return true
}

// goPackageLine reports whether the line at i is a package clause alone:
// "package name", then at most a line comment.
func goPackageLine(src []byte, i int) bool {
	rest, ok := bytes.CutPrefix(src[i:lineEnd(src, i)], []byte("package "))
	if !ok {
		return false
	}
	rest = bytes.TrimLeft(rest, " \t")
	j := 0
	for j < len(rest) && isIdent(rest[j]) {
		j++
	}
	t := bytes.TrimLeft(rest[j:], " \t\r\n")
	return j > 0 && (len(t) == 0 || bytes.HasPrefix(t, []byte("//")))
}

// goCommentLine returns the line that holds offset o when it is a line
// comment alone.
func goCommentLine(src []byte, o int, hid []int) (start, end int, ok bool) {
	start = bytes.LastIndexByte(src[:o], '\n') + 1
	text := bytes.TrimLeft(src[start:o], " \t")
	if !bytes.HasPrefix(text, []byte("//")) || isHidden(hid, start) {
		return 0, 0, false
	}
	return start, lineEnd(src, o), true
}

// goDecl is where a top-level Go declaration is: [start, end); for a
// function with a body, its head ends at headEnd (the line holding "{"),
// and its closing line starts at close; the same for a type, var or const
// whose first line opens a block ("{" or "("). headEnd is -1 for any other
// declaration, or where the layout is not as gofmt writes it.
type goDecl struct{ start, headEnd, close, end int }

// goDeclAt returns the top-level declaration around offset o: from the
// top-level line at or before it to the next one after it.
func goDeclAt(src []byte, o int, hid []int) goDecl {
	d := goDecl{headEnd: -1, end: len(src)}
	d.start = bytes.LastIndexByte(src[:o], '\n') + 1
	for d.start > 0 && !goTop(src, d.start, hid) {
		d.start = bytes.LastIndexByte(src[:d.start-1], '\n') + 1
	}
	for i := o; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		if i < len(src) && goTop(src, i, hid) {
			d.end = i
			break
		}
	}
	closer := []byte("}")
	if !bytes.HasPrefix(src[d.start:], []byte("func")) {
		// A type, var or const whose first line opens a block: a struct,
		// an interface, a composite literal, a group of specs.
		e := lineEnd(src, d.start)
		line := bytes.TrimRight(src[d.start:e], " \t\r\n")
		switch {
		case bytes.HasSuffix(line, []byte("(")):
			closer = []byte(")")
		case !bytes.HasSuffix(line, []byte("{")):
			return d
		}
		if !isHidden(hid, e-1) && bytes.IndexByte(line, '/') < 0 { // no comment after the opener
			d.headEnd = e
		}
	}
	// A function's head ends with the first line that ends in "{" and is
	// the func line or starts at column 0 with ")" (a head over several
	// lines).
	for i := d.start; i < d.end && d.headEnd < 0; {
		e := lineEnd(src, i)
		line := bytes.TrimRight(src[i:e], " \t\r\n")
		if (i == d.start || src[i] == ')') && bytes.HasSuffix(line, []byte("{")) && !isHidden(hid, e-1) {
			d.headEnd = e
			break
		}
		if i != d.start && src[i] != '\t' && src[i] != ')' {
			break // not a head as gofmt writes one
		}
		i = e
	}
	if d.headEnd < 0 {
		return d
	}
	// The body closes with the last line that is "}" (or ")") at column 0.
	d.close = -1
	for i := d.end; i > d.headEnd; {
		s := bytes.LastIndexByte(src[:i-1], '\n') + 1
		if s >= d.headEnd && bytes.Equal(bytes.TrimRight(src[s:i], " \t\r\n"), closer) && !isHidden(hid, s) {
			d.close = s
			break
		}
		i = s
	}
	if d.close < 0 {
		d.headEnd = -1
		return d
	}
	// Lines at column 0 inside: a block that closes and another that
	// opens ("}{" after a struct type), or a brace of a block in a body,
	// not one block as gofmt lays it out (but for a function's labels);
	// and past the closing line, only comments and blank lines. One tab
	// in, every line that starts with a closing bracket must close one
	// that a line one tab in opened, and all must be closed at the end:
	// else the body may end before the closing line ("\t}" closing the
	// function, then a statement at the top level, which tree-sitter
	// takes).
	fn := bytes.HasPrefix(src[d.start:], []byte("func"))
	open := 0 // brackets opened one tab in and not yet closed
	for i := d.headEnd; i < d.end; i = lineEnd(src, i) {
		if i == d.close || isHidden(hid, i) {
			continue
		}
		if i > d.close {
			if t := bytes.TrimLeft(src[i:lineEnd(src, i)], " \t\r\n"); len(t) > 0 && !bytes.HasPrefix(t, []byte("//")) {
				d.headEnd = -1 // code past the closing line
				break
			}
			continue
		}
		if c := src[i]; c != '\t' && c != '\n' && c != '\r' && !bytes.HasPrefix(src[i:], []byte("//")) && !(fn && goLabel(src, i)) {
			d.headEnd = -1
			break
		}
		if src[i] != '\t' || i+1 >= len(src) || src[i+1] == '\t' || src[i+1] == '/' {
			continue
		}
		line := bytes.TrimRight(src[i+1:lineEnd(src, i)], " \t\r\n")
		if len(line) == 0 {
			continue
		}
		if c := line[0]; c == '}' || c == ')' || c == ']' {
			if open == 0 {
				d.headEnd = -1 // closes what the head opened
				break
			}
			open--
		}
		if c := line[len(line)-1]; c == '{' || c == '(' || c == '[' {
			open++
		}
	}
	if open != 0 {
		d.headEnd = -1
	}
	return d
}

// goStatement adds to cuts the parts of d's body to parse for offset o:
// the body statement (one tab in) that holds it, from its line to the next
// statement's. Where that statement is a block laid out as gofmt does (its
// first line ends with "{", its last is "}" alone, and between them are
// only lines indented deeper and the lines of its clauses: "} else {",
// "case x:"), it keeps only those lines of the block's own and, the same
// way, the statement inside it that holds o. It reports false when o is in
// no statement it can tell.
func goStatement(src []byte, o int, d goDecl, hid []int, cuts *[][2]int) bool {
	lo, hi := d.headEnd, d.close // the lines of the block's statements
	for depth := 1; ; depth++ {
		start := bytes.LastIndexByte(src[:o], '\n') + 1
		for !goStmtLine(src, start, depth, hid) {
			if start <= lo {
				return false
			}
			start = bytes.LastIndexByte(src[:start-1], '\n') + 1
		}
		if start < lo {
			return false
		}
		end := hi
		for i := lineEnd(src, o); i < hi; i = lineEnd(src, i) {
			if goStmtLine(src, i, depth, hid) || goLabelAt(src, i, depth-1) {
				end = i
				break
			}
		}
		first := lineEnd(src, start)
		own := goBlockLines(src, first, end, depth, hid)
		if len(own) == 0 || !bytes.HasSuffix(bytes.TrimRight(src[start:first], " \t\r\n"), []byte("{")) || isHidden(hid, first-2) {
			*cuts = append(*cuts, [2]int{start, end})
			return true
		}
		*cuts = append(*cuts, [2]int{start, first})
		lo, hi = first, -1
		if o < first {
			hi = 0 // on the first line: nothing inside is needed
		}
		for k, l := range own {
			e := lineEnd(src, l)
			if k == len(own)-1 {
				e = end // the closing line, and what follows it up to the next statement
			}
			*cuts = append(*cuts, [2]int{l, e})
			switch {
			case hi >= 0: // found, or not needed
			case o < l:
				hi = l
			case o < e:
				hi = 0 // on a line of the block's own: nothing inside is needed
			default:
				lo = e
			}
		}
		if hi <= lo {
			return true
		}
	}
}

// goBlockLines returns where the lines of a block at depth tabs start,
// after its first line: the lines of its clauses ("} else {", "case x:",
// "default:"), then the line "}" that closes it, which is the last line
// before end that is not blank. Every other line from first to there
// must be blank or indented deeper. For any other layout it returns nil.
func goBlockLines(src []byte, first, end, depth int, hid []int) []int {
	var own []int
	closed := false
	for i := first; i < end; i = lineEnd(src, i) {
		t := 0
		for i+t < end && src[i+t] == '\t' {
			t++
		}
		if i+t == end || src[i+t] == '\n' || src[i+t] == '\r' || isHidden(hid, i) || t > depth && !closed {
			continue // blank, inside a raw string or a comment, or deeper
		}
		line := bytes.TrimRight(src[i+t:lineEnd(src, i)], " \t\r\n")
		switch {
		case bytes.HasPrefix(line, []byte("//")):
			continue // a comment among the clauses, or after the block
		case t != depth || closed:
			return nil
		case bytes.HasPrefix(line, []byte("}")) && !bytes.HasSuffix(line, []byte("{")):
			closed = true // "}", or "})", "}()", "}," closing what the first line opened
		case bytes.HasPrefix(line, []byte("}")),
			(bytes.HasPrefix(line, []byte("case ")) || bytes.HasPrefix(line, []byte("default:"))) && bytes.HasSuffix(line, []byte(":")):
		default:
			return nil
		}
		own = append(own, i)
	}
	if !closed {
		return nil
	}
	return own
}

// goStmtLine reports whether the line at i starts a statement of a block
// at depth tabs as gofmt lays it out: depth tabs, then not a closing
// bracket, a comment, a case of a switch, or a label.
func goStmtLine(src []byte, i, depth int, hid []int) bool {
	if i+depth >= len(src) || isHidden(hid, i) {
		return false
	}
	for k := 0; k < depth; k++ {
		if src[i+k] != '\t' {
			return false
		}
	}
	i += depth
	switch c := src[i]; {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '}' || c == ')' || c == ']' || c == '/':
		return false
	case bytes.HasPrefix(src[i:], []byte("case ")) || bytes.HasPrefix(src[i:], []byte("default:")):
		return false
	}
	return !goLabel(src, i)
}

// goLabelAt reports whether the line at i is a label alone after tabs
// tabs.
func goLabelAt(src []byte, i, tabs int) bool {
	if i+tabs > len(src) || bytes.Count(src[i:i+tabs], []byte{'\t'}) != tabs {
		return false
	}
	return goLabel(src, i+tabs)
}

// goLabel reports whether the line at i is a label alone ("retry:").
// gofmt puts a label a level out from the statement it labels: at column
// 0 for a statement of a function's body, one tab in for one a level
// deeper.
func goLabel(src []byte, i int) bool {
	j := i
	for j < len(src) && isIdent(src[j]) {
		j++
	}
	return j > i && j < len(src) && src[j] == ':' && string(src[i:j]) != "default" && (j+1 == len(src) || src[j+1] == '\n' || src[j+1] == '\r')
}

// goTop reports whether the line at i starts a top-level Go declaration:
// a declaration keyword at column 0, outside a raw string or a comment.
func goTop(src []byte, i int, hid []int) bool {
	if c := src[i]; c < 'c' || c > 'v' {
		return false // most lines: a tab, a brace, a blank line, a comment
	}
	line := src[i:min(len(src), i+8)]
	for _, kw := range [...]string{"func", "type", "var", "const", "import"} {
		if bytes.HasPrefix(line, []byte(kw)) && len(line) > len(kw) && (line[len(kw)] == ' ' || line[len(kw)] == '(') {
			return !isHidden(hid, i)
		}
	}
	return false
}

// goHidden returns where the Go raw strings and /* */ comments that span
// lines open and close, as hiddenBy does for other languages: a line start
// between an odd mark and the next even one is inside one. It finds each
// backquote and "/*" with a fast search and reads its line as Go's scanner
// does up to there, so quotes in comments and strings do not fool it.
func goHidden(src []byte) []int {
	var marks []int
	mark := func(s, e int) int {
		if bytes.IndexByte(src[s:e], '\n') >= 0 {
			marks = append(marks, s, e)
		}
		return e
	}
	nb, nc := -1, -1 // the next backquote and "/*" at or after from; -1: not looked for
	for from := 0; from < len(src); {
		if nb < from {
			nb = indexFrom(src, from, "`")
		}
		if nc < from {
			nc = indexFrom(src, from, "/*")
		}
		p := min(nb, nc)
		if p == len(src) {
			break
		}
		// No mark opens between from and p, so the lexer is in code at
		// from and at the start of p's line.
		if r := resume(src, max(from, bytes.LastIndexByte(src[:p], '\n')+1), p); r > p {
			from = r // p is in a string or a line comment
			continue
		}
		if src[p] == '`' {
			e := bytes.IndexByte(src[p+1:], '`')
			if e < 0 {
				return append(marks, p, len(src))
			}
			from = mark(p, p+1+e+1)
			continue
		}
		e := bytes.Index(src[p+2:], []byte("*/"))
		if e < 0 {
			return append(marks, p, len(src))
		}
		from = mark(p, p+2+e+2)
	}
	return marks
}

// indexFrom returns where sep next occurs in src at or after i, or len(src).
func indexFrom(src []byte, i int, sep string) int {
	if j := bytes.Index(src[i:], []byte(sep)); j >= 0 {
		return i + j
	}
	return len(src)
}

// resume reads Go source from i, in code, to p, and returns p when p is in
// code too; else where code resumes after it: past the string or rune
// literal that holds p, or the end of the line comment.
func resume(src []byte, i, p int) int {
	for i < p {
		switch src[i] {
		case '"', '\'':
			if i = quoted(src, i); i > p {
				return i
			}
		case '/':
			if src[i+1] == '/' {
				return lineEnd(src, i)
			}
			i++
		default:
			i++
		}
	}
	return p
}

// quoted returns the offset past the interpreted string or rune literal
// opening at i (or past its line, when it does not close on it).
func quoted(src []byte, i int) int {
	q := src[i]
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if i+1 < len(src) && src[i+1] == '\n' {
				return i + 1 // a literal ends with its line, escaped or not
			}
			i++
		case q:
			return i + 1
		case '\n':
			return i
		}
	}
	return i
}

// isHidden reports whether offset i is inside a span of marks (see
// hiddenBy).
func isHidden(marks []int, i int) bool {
	k, _ := slices.BinarySearch(marks, i+1) // the marks at or before i
	return k%2 == 1
}

// lineEnd returns the offset past the newline ending the line that holds
// offset i (or len(src)).
func lineEnd(src []byte, i int) int {
	j := bytes.IndexByte(src[i:], '\n')
	if j < 0 {
		return len(src)
	}
	return i + j + 1
}

// withPoints makes tree-sitter ranges of byte ranges in order, with the
// row and column of each end.
func withPoints(src []byte, cuts [][2]int) []sitter.Range {
	rs := make([]sitter.Range, 0, len(cuts))
	row, at := 0, 0 // the row of byte at
	point := func(b int) sitter.Point {
		row += bytes.Count(src[at:b], []byte{'\n'})
		at = b
		return sitter.Point{Row: uint(row), Column: uint(b - (bytes.LastIndexByte(src[:b], '\n') + 1))}
	}
	for _, c := range cuts {
		s := point(c[0])
		rs = append(rs, sitter.Range{StartByte: uint(c[0]), StartPoint: s, EndByte: uint(c[1]), EndPoint: point(c[1])})
	}
	return rs
}
