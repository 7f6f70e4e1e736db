package rank

import (
	"bytes"
	"sort"
	"unsafe"
)

// Go: declaration groups, receivers, struct and interface members.

// goBlock returns the Go group the current line is in, finding the file's
// groups on first use: most lines never need to know.
func (c *Classifier) goBlock() block {
	if !c.blockKnown {
		c.track(c.lineStart)
		c.blockKnown = true
	}
	return c.block
}

// groupCandidate reports whether a Go line could be a group member or an
// import spec: indented by one tab, then a quoted path, or a name that is
// not a keyword, followed by the end of the line, a comma, or a space and
// then anything but ":=" (which makes it a statement).
func groupCandidate(line []byte) bool {
	if len(line) < 2 || line[0] != '\t' {
		return false
	}
	if line[1] == '"' || line[1] == '`' {
		return true
	}
	j, ok := leadingName(line, 1)
	if !ok {
		return false
	}
	switch {
	case j == len(line), line[j] == ',', line[j] == '\r':
		return true
	case line[j] == ' ':
		return !bytes.HasPrefix(line[j+1:], []byte(":="))
	}
	return false
}

// fieldCandidate reports whether a Go line indented by two tabs or more
// could be a struct field or interface method: a name that is not a
// keyword, spaces, then the start of a type (a letter, '*' or '['), which
// statements at that depth rarely are ("x = 1", "f(x)", "x, y := …" are
// not).
func fieldCandidate(line []byte) bool {
	w := indent(line)
	if w < 2 || w >= len(line) || line[w-1] != '\t' {
		return false
	}
	j, ok := leadingName(line, w)
	if !ok || j >= len(line) || line[j] != ' ' {
		return false
	}
	for j < len(line) && line[j] == ' ' {
		j++
	}
	return j < len(line) && (line[j] == '*' || line[j] == '[' || line[j] >= 'a' && line[j] <= 'z' || line[j] >= 'A' && line[j] <= 'Z')
}

// leadingName returns the end of the name that starts line at i, and
// whether there is one that is not a Go keyword.
func leadingName(line []byte, i int) (int, bool) {
	j := i
	for j < len(line) && isIdent(line[j]) {
		j++
	}
	return j, j > i && !goKeyword(unsafe.String(&line[i], j-i))
}

func goKeyword(w string) bool {
	switch w {
	case "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
		"func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
		"struct", "switch", "type", "var":
		return true
	}
	return false
}

// DeclaredName returns, for a Go line that begins a top-level declaration
// (func, method, type, const, var) or is a member of a declaration group,
// the offsets in the line of the first name it declares. It lets a caller
// that has no match span yet test that name alone. ok is false for other
// lines and languages.
func (c *Classifier) DeclaredName(lineStart, lineEnd int) (a, b int, ok bool) {
	if c.lang != Go {
		return 0, 0, false
	}
	line := c.buf[lineStart:lineEnd]
	c.lineInfo(lineStart, line)
	i := 0
	switch {
	case bytes.HasPrefix(line, []byte("func (")):
		i = closingParen(line) + 1
	case bytes.HasPrefix(line, []byte("func ")), bytes.HasPrefix(line, []byte("type ")):
		i = 5
	case bytes.HasPrefix(line, []byte("const ")):
		i = 6
	case bytes.HasPrefix(line, []byte("var ")):
		i = 4
	case groupCandidate(line) && c.goBlock() != noBlock && c.goBlock() != importBlock:
		i = 1
	default:
		return 0, 0, false
	}
	for i > 0 && i < len(line) && line[i] == ' ' {
		i++
	}
	j := i
	for j < len(line) && isIdent(line[j]) {
		j++
	}
	return i, j, i > 0 && j > i
}

// goGroup is a Go declaration group: "const (" … ")" at column 0.
type goGroup struct {
	start, end int // offsets of the opening line and of the closing ")"
	kind       block
}

// track sets the Go block state for the line starting at lineStart. The
// groups of the file are found once (see findGroups), rather than by
// walking every line.
func (c *Classifier) track(lineStart int) {
	if c.groups == nil {
		c.groups = findGroups(c.buf)
	}
	c.block = noBlock
	// Groups are in file order and do not overlap: the one that could
	// hold the line is the last that starts before it.
	i := sort.Search(len(c.groups), func(i int) bool { return c.groups[i].start >= lineStart }) - 1
	if i >= 0 && lineStart < c.groups[i].end {
		c.block = c.groups[i].kind
	}
}

// findGroups finds the declaration groups of a Go file with one scan for
// "(\n" (its first byte is rare enough for bytes.Index to run at memory
// speed), checking the keyword before it.
func findGroups(buf []byte) []goGroup {
	groups := []goGroup{} // non-nil: found
	for at := 0; at < len(buf); {
		i := bytes.Index(buf[at:], []byte("(\n"))
		if i < 0 {
			break
		}
		at += i + 2
		open := at - 3 // the space before "("
		if open < 0 || buf[open] != ' ' {
			continue
		}
		start := bytes.LastIndexByte(buf[:open], '\n') + 1
		var kind block
		switch string(buf[start:open]) {
		case "const":
			kind = constBlock
		case "var":
			kind = varBlock
		case "type":
			kind = typeBlock
		case "import":
			kind = importBlock
		default:
			continue
		}
		end := bytes.Index(buf[at-1:], []byte("\n)"))
		if end < 0 {
			end = len(buf) - (at - 1)
		}
		groups = append(groups, goGroup{start: start, end: at - 1 + end + 1, kind: kind})
		at += end
	}
	return groups
}

func (c *Classifier) declaresGo(line []byte, a, b, lineStart int) Kind {
	if goKeyword(unsafe.String(&line[a], b-a)) {
		return Plain // "return", "if": a keyword declares nothing (and asks no parent)
	}
	tok, at := prev(line, a)
	switch tok {
	case "func", "type", "const", "var":
		if at != indent(line) {
			return Plain // not a declaration's keyword: "type name" in a string
		}
		if indent(line) > 0 && tok != "type" {
			return Member // a local var, const or closure name
		}
		return Definition
	case ")":
		// a method: "func (r *T) Name(" with the receiver right before
		if bytes.HasPrefix(line, []byte("func (")) && at == closingParen(line) {
			return Definition
		}
	case ",":
		// "var a, b int", "const x, y = …", or a group line "\ta, b = …"
		for tok == "," {
			_, at2 := prev(line, at)
			tok, at = prev(line, at2)
		}
		if (tok == "const" || tok == "var") && at == indent(line) {
			if indent(line) > 0 {
				return Member
			}
			return Definition
		}
		if tok == "" && groupCandidate(line) {
			if b := c.goBlock(); b != noBlock && b != importBlock {
				return Definition
			}
		}
	case "":
		// first on its line: a name in a const, var or type group, or a
		// struct field or interface method
		if groupCandidate(line) {
			if b := c.goBlock(); b != noBlock && b != importBlock {
				return Definition
			}
		}
		if w := indent(line); w > 0 && !goStatement(line, b) {
			p := bytes.TrimRight(c.parent(lineStart, w), " \t\r")
			if bytes.HasSuffix(p, []byte("struct {")) || bytes.HasSuffix(p, []byte("interface {")) {
				return Member
			}
		}
	}
	return Plain
}

// goStatement reports whether the line whose first name ends at b is a
// statement no struct or interface could hold: an assignment, a
// declaration with :=, an increment ("x := 1", "n += 2", "i++"). A field
// is a name and a type, and no type starts with these bytes.
func goStatement(line []byte, b int) bool {
	for b < len(line) && line[b] == ' ' {
		b++
	}
	if b == len(line) {
		return false
	}
	switch line[b] {
	case ':', '=', '+', '-', '/', '%', '&', '|', '^', '!', '>':
		return true
	}
	return false
}

// closingParen returns the offset of the ')' that closes the first '('.
func closingParen(line []byte) int {
	depth := 0
	for i, ch := range line {
		switch ch {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// parent returns the nearest line before the one at lineStart that is
// indented less than it (blank lines skipped), looking back at most
// maxParent lines; nil when there is none.
//
// Hits come in line order, many in one long function: the last answer for
// each width is remembered, and a later line of that width scans back only
// to the last line of the width asked about (without it, "return" over
// GOROOT scanned each function body once per hit, and a search whose hits
// are most lines, at every depth, once per line). A line asked about again
// (two matches in its first name) has its answer at once.
func (c *Classifier) parent(lineStart int, width int) []byte {
	var m *parentMemo
	if width < len(c.pm) {
		m = &c.pm[width]
	}
	memo := m != nil && m.ok && m.at < lineStart
	end, p := lineStart-1, -1
	if m != nil && m.ok && m.at == lineStart {
		// asked again, for another match in the line's first name
		end, p = 0, m.parent
	}
	for n := 0; end > 0 && n < maxParent; n++ {
		start := bytes.LastIndexByte(c.buf[:end], '\n') + 1
		line := c.buf[start:end]
		if len(trimmed(line)) > 0 && indent(line) < width {
			p = start
			break
		}
		if memo && start == m.at {
			// Above is what the last question of this width scanned: its
			// answer, if still within reach.
			if m.parent >= 0 && bytes.Count(c.buf[m.parent:lineStart], []byte{'\n'}) <= maxParent {
				p = m.parent
			}
			break
		}
		end = start - 1
	}
	if m != nil {
		*m = parentMemo{at: lineStart, parent: p, ok: true}
	}
	if p < 0 {
		return nil
	}
	return c.buf[p : p+bytes.IndexByte(c.buf[p:], '\n')]
}

// parentMemo is parent's last question and answer for one width.
type parentMemo struct {
	at     int
	parent int // the start of the answer's line; -1: none
	ok     bool
}

const maxParent = 500

// hasGoKeyword reports whether t starts with a Go declaring keyword.
func hasGoKeyword(t []byte) bool {
	return bytes.HasPrefix(t, []byte("func ")) || bytes.HasPrefix(t, []byte("type ")) ||
		bytes.HasPrefix(t, []byte("const ")) || bytes.HasPrefix(t, []byte("var "))
}
