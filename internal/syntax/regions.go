//go:build cgo

package syntax

import (
	"bytes"
	"slices"
	"unicode/utf8"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/scoutcode/scout/internal/rank"
)

// regions returns the parts of src to parse for a question about the
// occurrences occ: around each, from the top-level line at or before it to
// the next top-level line after it (a top-level line starts at column 0
// with a letter, "_", "$" or "@": a declaration, a statement, a
// decorator; and the code above it ends an item: see ends), merged where
// they touch. In Python, JavaScript, Rust or C
// (Go has its own, finer cut: goRegions) each region is a run of whole
// top-level declarations, which parse
// alone as the file would; where the cut is wrong (such a line inside a
// string), the parse has errors and the caller parses the whole file.
//
// The top-level lines are those outside brackets (see nested), so "f()"
// at column 0 in a JavaScript function's body, which cut alone would parse
// without errors as a call at the top level, starts no region. In Ruby and
// Bash, whose blocks close with words ("end", "fi"), no line can be
// trusted so, and it returns nil, the whole file (unless loose: then every
// top-level line starts a region, a cut that is right for code laid out
// as usual, which DefinedOn takes as a hint); the same where the brackets
// do not balance.
func regions(src []byte, occ []uint32, g string, loose bool) []sitter.Range {
	words := g == "ruby" || g == "bash"
	if words && !loose {
		return nil
	}
	hid := hiddenBy(src, marksOf(g))
	var tops []int
	var blocks []wrapper
	starts := func(i int) bool { return ends(src, i, g, hid, tops) }
	switch {
	case words:
		for i := 0; i < len(src); i = lineEnd(src, i) {
			if topLevel(src, i, hid) {
				tops = append(tops, i)
			}
		}
		starts = func(int) bool { return true }
	default:
		var bad bool
		if bad, tops, blocks = nested(src, g, hid); bad {
			return nil
		}
	}
	// The top-level line that starts the item holding the line at ls,
	// and the index in tops of the first top after it.
	itemStart := func(ls int) (start, k int) {
		k, _ = slices.BinarySearch(tops, ls+1)
		for j := k - 1; j >= 0; j-- {
			if starts(tops[j]) {
				return tops[j], k
			}
		}
		return 0, k
	}
	for b := range blocks { // "template <typename T>\nnamespace n {": the head from its item's start
		blocks[b].head[0], _ = itemStart(blocks[b].head[0])
	}
	var cuts [][2]int
	last := -1 // where the last region ends
	for _, o := range occ {
		if int(o) < last {
			continue // inside the last region
		}
		// Back from the occurrence's line to a top-level line that
		// starts an item (what is above it ends one), and forward to the
		// next.
		start, k := itemStart(bytes.LastIndexByte(src[:o], '\n') + 1)
		end := len(src)
		for j := k; j < len(tops); j++ {
			if tops[j] > int(o) && starts(tops[j]) {
				end = tops[j]
				break
			}
		}
		cuts, last = append(cuts, [2]int{start, end}), end
		// The head and the closing line of each namespace around it.
		for _, b := range blocks {
			if start < b.close[0] && end > b.head[1] {
				cuts = append(cuts, b.head, b.close)
			}
		}
	}
	return withPoints(src, joined(cuts))
}

// joined sorts byte ranges by their start and joins those that overlap
// or touch: the ranges of a cut, in order, apart.
func joined(cuts [][2]int) [][2]int {
	slices.SortFunc(cuts, func(a, b [2]int) int { return a[0] - b[0] })
	var out [][2]int
	for _, c := range cuts {
		if n := len(out); n > 0 && c[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], c[1])
			continue
		}
		out = append(out, c)
	}
	return out
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

// nested reads src as the scanners of grammar g do, roughly (past
// strings, characters and comments), and returns the lines that topLevel
// takes for the start of a top-level declaration or statement and that
// are outside any brackets, in order: a line at column 0 inside a
// function's body or a call's arguments (as X11's headers write
// parameters) starts nothing. bad is true when the brackets do not
// balance: then no line can be trusted. It passes over JavaScript's
// regular expressions where an expression starts ("= /[(]/"). Where it
// misreads (a C++ raw string, a regular expression after ")"), the
// brackets most likely do not balance, and the whole file is parsed:
// slower, never wrong.
//
// In C, C++ and C# a namespace or an extern "C" block at the top level
// (its line ends with "{") holds top-level declarations, often at column
// 0: their lines count as outside brackets, and each such block is
// returned, for regions to keep its head and closing line around a cut
// inside it.
func nested(src []byte, g string, hid []int) (bad bool, tops []int, blocks []wrapper) {
	hash := g == "python" || g == "php"                                            // "#" opens a line comment
	slashes := g != "python"                                                       // "//" and "/* */" comments
	chars := g == "c" || g == "cpp" || g == "java" || g == "csharp" || g == "rust" // '' holds one character
	wraps := g == "c" || g == "cpp" || g == "csharp"
	js := g == "javascript" || g == "typescript" || g == "tsx"
	if len(src) > 0 && topLevel(src, 0, hid) {
		tops = append(tops, 0)
	}
	depth := 0
	var open []int // the blocks open, innermost last
	for i := 0; i < len(src); i++ {
		for i < len(src) && !lexed[src[i]] {
			i++ // most bytes: names, spaces, operators
		}
		if i == len(src) {
			break
		}
		switch c := src[i]; c {
		case '\n':
			if depth == 0 && i+1 < len(src) && topLevel(src, i+1, hid) {
				tops = append(tops, i+1)
			}
		case '{':
			if depth == 0 && wraps {
				if head, ok := wraps0(src, i); ok {
					open = append(open, len(blocks))
					blocks = append(blocks, wrapper{head: [2]int{head, lineEnd(src, i)}})
					continue
				}
			}
			depth++
		case '(', '[':
			depth++
		case '}':
			if depth == 0 && len(open) > 0 {
				blocks[open[len(open)-1]].close = lineSpan(src, i)
				open = open[:len(open)-1]
				continue
			}
			if depth--; depth < 0 {
				return true, nil, nil
			}
		case ')', ']':
			if depth--; depth < 0 {
				return true, nil, nil
			}
		case '"', '\'', '`':
			if g == "python" && bytes.HasPrefix(src[i:], []byte{c, c, c}) {
				j := bytes.Index(src[i+3:], []byte{c, c, c})
				if j < 0 {
					return true, nil, nil
				}
				i += 3 + j + 2
				continue
			}
			if c == '\'' && chars {
				if g == "rust" && !rustChar(src, i) {
					continue // a lifetime: 'a
				}
				if g == "cpp" && i > 0 && isIdent(src[i-1]) {
					continue // a digit separator: 1'000
				}
			}
			if c == '`' && g != "javascript" && g != "typescript" && g != "tsx" && g != "php" {
				continue
			}
			j := closing(src, i, c == '`' || g == "php" || g == "python")
			if j < 0 {
				return true, nil, nil
			}
			i = j
		case '#', '/':
			switch {
			case c == '#' && !hash, c == '/' && (!slashes || i+1 == len(src)):
			case c == '#' || src[i+1] == '/': // a line comment
				if i = lineEnd(src, i) - 1; src[i] != '\n' {
					return depth != 0 || len(open) > 0, tops, blocks // the last line
				}
				i-- // the newline is read next
			case src[i+1] == '*':
				j := bytes.Index(src[i+2:], []byte("*/"))
				if j < 0 {
					return true, nil, nil
				}
				i += 2 + j + 1
			case js && regexStarts(src, i):
				i = regexEnd(src, i) - 1
			}
		}
	}
	return depth != 0 || len(open) > 0, tops, blocks
}

// regexStarts reports whether the "/" at i in JavaScript opens a regular
// expression rather than divides: the code before it on its line ends
// with an operator or an opening bracket, or is a keyword that an
// expression follows ("return /x/"), or there is none.
func regexStarts(src []byte, i int) bool {
	j := i
	for j > 0 && (src[j-1] == ' ' || src[j-1] == '\t') {
		j--
	}
	if j == 0 || src[j-1] == '\n' {
		return true
	}
	if bytes.IndexByte([]byte("(,=:[!&|?{};+-*%<>~^"), src[j-1]) >= 0 {
		return true
	}
	w := j
	for w > 0 && isIdent(src[w-1]) {
		w--
	}
	switch string(src[w:j]) {
	case "return", "typeof", "case", "in", "of", "new", "delete", "void", "throw", "yield", "await":
		return true
	}
	return false
}

// regexEnd returns the offset past the JavaScript regular expression whose
// "/" is at i: past its closing "/" (not one escaped or in a class
// "[...]"), or at the end of its line when it does not close there.
func regexEnd(src []byte, i int) int {
	class := false
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				return i + 1
			}
		case '\n':
			return i
		}
	}
	return i
}

// wrapper is a namespace or extern "C" block: the lines [start, end) of
// its head and of its closing brace.
type wrapper struct{ head, close [2]int }

// wraps0 reports whether the "{" at i ends a line that opens a namespace
// or an extern "C" block, or is alone on a line after such a head
// ("namespace std _GLIBCXX_VISIBILITY(default)"); and where that head's
// first line starts.
func wraps0(src []byte, i int) (int, bool) {
	l := lineSpan(src, i)
	if len(bytes.TrimSpace(src[i+1:l[1]])) > 0 {
		return 0, false
	}
	line := bytes.TrimSpace(src[l[0]:i])
	if len(line) == 0 && l[0] > 0 { // "{" alone: the head is the line above
		l[0] = bytes.LastIndexByte(src[:l[0]-1], '\n') + 1
		line = bytes.TrimSpace(src[l[0]:lineEnd(src, l[0])])
	}
	for _, p := range [...]string{"namespace", "inline namespace", "export namespace", `extern "C"`} {
		if rest, ok := bytes.CutPrefix(line, []byte(p)); ok && (len(rest) == 0 || !isIdent(rest[0])) {
			return l[0], true
		}
	}
	return 0, false
}

// lineSpan returns where the line holding offset i starts and ends.
func lineSpan(src []byte, i int) [2]int {
	return [2]int{bytes.LastIndexByte(src[:i], '\n') + 1, lineEnd(src, i)}
}

// lexed holds the bytes nested stops at.
var lexed = func() (t [256]bool) {
	for _, c := range "\n()[]{}\"'`#/" {
		t[c] = true
	}
	return t
}()

// closing returns the offset of the quote that closes the string opening
// at i (a backslash escapes the byte after it), or -1. Unless lines is
// true, a string ends with its line: the newline's offset minus one is
// returned, so that the newline is read as code.
func closing(src []byte, i int, lines bool) int {
	q := src[i]
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case q:
			return i
		case '\n':
			if !lines {
				return i - 1
			}
		}
	}
	return -1
}

// rustChar reports whether the quote at i opens a Rust character
// literal ('a', '\n', '\u{1F600}'), not a lifetime ('a).
func rustChar(src []byte, i int) bool {
	if i+2 < len(src) && src[i+1] == '\\' {
		return true
	}
	_, n := utf8.DecodeRune(src[i+1:])
	return i+1+n < len(src) && src[i+1+n] == '\''
}

// ends reports whether the last line of code before the line at i ends
// an item of grammar g, so that a top-level line at i starts the next: in
// Python, unless it ends with "\\", ":" or "," or is a decorator ("@x");
// elsewhere, if it ends with ";" or "}", or is a C preprocessor line,
// or (in JavaScript) ends an expression before a declaration. A
// line that goes on ("f(),", "static int h(void)" before its K&R
// parameters, "@Override", "#[test]") makes the line at i a part of its
// item. Blank lines and comments are passed over; a line inside a string
// or comment that spans lines tells nothing, so it goes on. A comment
// that ends a line ("}  // namespace n", "int x;  /* why */") is not read
// as its code.
func ends(src []byte, i int, g string, hid, tops []int) bool {
	at := i
	for i > 0 {
		i = bytes.LastIndexByte(src[:i-1], '\n') + 1
		if isHidden(hid, i) {
			return false
		}
		line := lineCode(bytes.TrimSpace(src[i:lineEnd(src, i)]), g)
		switch {
		case len(line) == 0: // blank, or a comment (lineCode)
			continue
		case line[0] == '#' && g == "php":
			continue // an attribute, "#[Route]": what it is on goes on
		case g == "python":
			last := line[len(line)-1]
			return last != '\\' && last != ':' && last != ',' && line[0] != '@'
		case line[0] == '#' && (g == "c" || g == "cpp" || g == "csharp"):
			return line[len(line)-1] != '\\' // a directive, unless it goes on
		}
		last := line[len(line)-1]
		if last == '}' && (g == "c" || g == "cpp") {
			return !cDeclarators(src, i, tops) // "struct s {\n}\nf();" declares f
		}
		if last == ';' || last == '}' {
			return true
		}
		// JavaScript without semicolons: a statement that ends as an
		// expression can (x = a), is not continued by a declaration.
		return (g == "javascript" || g == "typescript" || g == "tsx") && (isIdent(last) || bytes.IndexByte([]byte(")]'\"`"), last) >= 0) && jsDeclaration(src[at:])
	}
	return true // the first line
}

// jsDeclaration reports whether src starts with a JavaScript declaration
// or import, which no expression on the line before goes on into.
func jsDeclaration(src []byte) bool {
	for _, kw := range [...]string{"function", "class", "const", "let", "var", "export", "import", "async", "interface", "type", "enum"} {
		if rest, ok := bytes.CutPrefix(src, []byte(kw)); ok && len(rest) > 0 && (rest[0] == ' ' || rest[0] == '*' && kw == "function") {
			return true
		}
	}
	return false
}

// cDeclarators reports whether the C or C++ block that closes on the line
// at i may be followed by declarators: its item's first line (the last of
// tops, the top-level lines outside brackets, at or above i) defines a
// struct, union, enum or class, or holds "=" (an initializer). A line at
// column 0 inside the block ("class C {\nnamespace n {") is not its first.
func cDeclarators(src []byte, i int, tops []int) bool {
	k, _ := slices.BinarySearch(tops, i+1)
	i = 0
	if k > 0 {
		i = tops[k-1]
	}
	line := src[i:lineEnd(src, i)]
	if bytes.IndexByte(line, '=') >= 0 {
		return true
	}
	for _, w := range bytes.FieldsFunc(line, func(r rune) bool { return r > 127 || !isIdent(byte(r)) }) {
		switch string(w) {
		case "struct", "union", "enum", "class", "typedef":
			return true
		}
	}
	return false
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
// that defines a name, or, in JavaScript and TypeScript, by "=" (an arrow
// function or a function expression given a name); or after ")" and a
// space (a Go method: func (s *T) Name). In Ruby and Bash, where calls need no parentheses, all of them.
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
		if len(after) > 1 && after[0] == '=' && after[1] != '=' && after[1] != '>' && (g == "javascript" || g == "typescript" || g == "tsx") {
			kept = append(kept, o) // const name = (…) => …, name = function (…): a definition
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

// lineCode returns a line, trimmed, without the comment that ends it
// ("x;  // why", "x; /* why */", in Python "x  # why"), found outside
// strings as grep's classifier finds it.
func lineCode(line []byte, g string) []byte {
	if c := rank.CommentStart(rankLangs[g], line); c <= len(line) {
		line = bytes.TrimSpace(line[:c])
	}
	if k := bytes.LastIndex(line, []byte("/*")); k > 0 && bytes.HasSuffix(line, []byte("*/")) && !bytes.ContainsAny(line[k:], "\"'`") {
		line = bytes.TrimSpace(line[:k])
	}
	return line
}

// rankLangs are the classifier's language families of the grammars that
// regions cuts.
var rankLangs = map[string]rank.Lang{"c": rank.C, "cpp": rank.C, "csharp": rank.CSharp, "java": rank.Java, "rust": rank.Rust,
	"javascript": rank.JS, "typescript": rank.JS, "tsx": rank.JS, "python": rank.Python, "php": rank.PHP, "go": rank.Go}
