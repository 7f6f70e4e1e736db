package rank

import (
	"bytes"
	"sort"
	"strings"
	"unsafe"
)

// Kind is what a match is, by the code around it.
type Kind uint8

const (
	Plain      Kind = iota // a use or a mention in code
	Comment                // inside a comment
	Import                 // on an import, include, use or require line
	Member                 // a field, a local binding, a key in an indented block
	Definition             // the name a declaration declares (func, type, class, def, fn, const, …)
)

var kindNames = [...]string{"use", "comment", "import", "member", "definition"}

func (k Kind) String() string { return kindNames[k] }

// Class is the classification of one match.
type Class struct {
	Kind  Kind
	Exact bool // the match is whole words: the whole name it touches, not part of it
}

// Classifier classifies the matches of one file. It finds the file's
// declaration groups (Go's const, var, type and import groups) once, and
// keeps the facts of the last line it saw for that line's other matches.
type Classifier struct {
	lang   Lang
	buf    []byte
	groups []goGroup // Go declaration groups, found on first use
	block  block     // the Go group the current line is in

	// facts about the last line classified, shared by its matches
	lineStart    int
	comment      int // offset in the line where a comment starts, or len(line)+1
	importLine   bool
	haveLineInfo bool
	blockKnown   bool // block is set for the current line
}

type block uint8

const (
	noBlock block = iota
	constBlock
	varBlock
	typeBlock
	importBlock
)

// NewClassifier returns a classifier for a file's content in language l.
func NewClassifier(l Lang, buf []byte) *Classifier {
	return &Classifier{lang: l, buf: buf}
}

// Classify returns the class of the match [s, e) (offsets in the line) in
// the line that starts at offset lineStart of the file and ends at lineEnd
// (its '\n' or the end).
func (c *Classifier) Classify(lineStart, lineEnd, s, e int) Class {
	line := c.buf[lineStart:lineEnd]
	c.lineInfo(lineStart, line)
	a, b := name(line, s, e)
	// Exact: the match starts and ends at word boundaries (a whole
	// identifier, or whole words of a longer match such as a phrase).
	cl := Class{Exact: (s == 0 || !isIdent(line[s-1])) && (e >= len(line) || !isIdent(line[e]))}
	if s >= c.comment {
		cl.Kind = Comment
		return cl
	}
	if c.importLine {
		cl.Kind = Import
		return cl
	}
	if a == b {
		return cl
	}
	cl.Kind = c.declares(line, a, b, lineStart)
	return cl
}

// lineInfo computes, once per line, the facts its matches share.
func (c *Classifier) lineInfo(lineStart int, line []byte) {
	if c.haveLineInfo && c.lineStart == lineStart {
		return
	}
	c.lineStart, c.haveLineInfo, c.blockKnown = lineStart, true, false
	c.comment = commentStart(c.lang, line)
	c.importLine = c.isImport(line)
}

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
	j := 1
	for j < len(line) && isIdent(line[j]) {
		j++
	}
	if j == 1 || goKeyword(unsafe.String(&line[1], j-1)) {
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

// Line classifies a line before its matches are known, for searches where
// finding a match's span is costly. It returns the class every match of the
// line has whatever its span (an import line), whether a span could change
// it (the line could declare a name), and where a comment starts in the
// line (-1 for none): a match only after it is a comment.
func (c *Classifier) Line(lineStart, lineEnd int) (cl Class, needSpan bool, comment int) {
	line := c.buf[lineStart:lineEnd]
	c.lineInfo(lineStart, line)
	comment = -1
	if c.comment <= len(line) {
		comment = c.comment
	}
	if c.importLine {
		return Class{Kind: Import}, false, comment
	}
	return Class{}, c.mayDeclare(line), comment
}

func isModifier(w string) bool {
	switch w {
	case "public", "private", "protected", "internal", "static", "final", "abstract", "override", "export",
		"default", "async", "pub", "open", "sealed", "data", "inline", "extern", "virtual", "readonly",
		"declare", "unsafe", "const":
		return true
	}
	return false
}

// mayDeclare reports cheaply whether some name on the line could be
// declared there: a declaring keyword or modifier first, a name at column
// 0 where that declares (C functions, assignments, keys), a Go group, or a
// line that opens a body.
func (c *Classifier) mayDeclare(line []byte) bool {
	if c.lang == Go {
		// Go's declarations start at column 0, or are group members.
		if len(line) == 0 {
			return false
		}
		if line[0] == '\t' {
			if groupCandidate(line) {
				b := c.goBlock()
				return b != noBlock && b != importBlock
			}
			return hasGoKeyword(line[indent(line):]) // a local func literal name, var or const
		}
		return hasGoKeyword(line)
	}
	t := trimmed(line)
	if len(t) == 0 {
		return false
	}
	switch c.lang {
	case Markdown:
		return t[0] == '#'
	case YAML, JSON, TOML:
		return true
	case C, Python, Ruby, Shell:
		if indent(line) == 0 {
			return true
		}
	}
	j := 0
	for j < len(t) && (isIdent(t[j]) || t[j] == '@' || t[j] == '#') {
		j++
	}
	first := unsafe.String(unsafe.SliceData(t), j)
	if isDeclKeyword(c.lang, strings.TrimLeft(first, "@#")) || isModifier(first) {
		return true
	}
	switch c.lang {
	case JS, Java, CSharp, C:
		// a method: a name, its parameters, and a body on the same line
		return t[len(t)-1] == '{' && bytes.IndexByte(t, '(') >= 0
	}
	return false
}

// hasGoKeyword reports whether t starts with a Go declaring keyword.
func hasGoKeyword(t []byte) bool {
	return bytes.HasPrefix(t, []byte("func ")) || bytes.HasPrefix(t, []byte("type ")) ||
		bytes.HasPrefix(t, []byte("const ")) || bytes.HasPrefix(t, []byte("var "))
}

// name returns the identifier the match [s, e) touches: the one around s,
// or the first inside the match; a == b when there is none.
func name(line []byte, s, e int) (a, b int) {
	i := s
	for i < e && i < len(line) && !isIdent(line[i]) {
		i++
	}
	if i >= e || i >= len(line) {
		return s, s
	}
	a, b = i, i
	for a > 0 && isIdent(line[a-1]) {
		a--
	}
	for b < len(line) && isIdent(line[b]) {
		b++
	}
	return a, b
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// prev returns the token ending just before offset i (spaces skipped): an
// identifier, or one punctuation byte ("::" counts as one token); and the
// offset where it starts. At the start of the line it returns "". The
// token is a string over the line's bytes, made without copying: it is
// only compared, never kept.
func prev(line []byte, i int) (string, int) {
	for i > 0 && (line[i-1] == ' ' || line[i-1] == '\t') {
		i--
	}
	if i == 0 {
		return "", 0
	}
	if !isIdent(line[i-1]) {
		if i >= 2 && line[i-1] == ':' && line[i-2] == ':' {
			return "::", i - 2
		}
		return unsafe.String(&line[i-1], 1), i - 1
	}
	j := i
	for j > 0 && isIdent(line[j-1]) {
		j--
	}
	return unsafe.String(&line[j], i-j), j
}

// next returns the first non-space byte at or after i, or 0.
func next(line []byte, i int) byte {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i < len(line) {
		return line[i]
	}
	return 0
}

// indent returns the number of leading spaces and tabs.
func indent(line []byte) int {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i
}

// trimmed returns the line without leading and trailing space (and '\r').
func trimmed(line []byte) []byte {
	return bytes.TrimSpace(line)
}

// commentStart returns the offset in the line where a comment starts: 0
// for a line that continues or holds a block comment ("/*", or "*" at its
// start), the offset of a line-comment marker outside a string, or
// len(line)+1 when there is none.
func commentStart(l Lang, line []byte) int {
	none := len(line) + 1
	t := line[indent(line):]
	if blockComments(l) && (bytes.HasPrefix(t, []byte("/*")) || (bytes.HasPrefix(t, []byte("*")) && !bytes.HasPrefix(t, []byte("*/")) && (len(t) == 1 || t[1] == ' ' || t[1] == '/'))) {
		return 0
	}
	markers := lineComment(l)
	// Most lines hold no marker at all: look for its first byte before
	// walking the line for strings.
	first := -1
	for _, m := range markers {
		if i := bytes.IndexByte(line, m[0]); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	if first < 0 {
		return none
	}
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			if c == '\'' && (l == Rust || l == Go || l == C || l == Java) && i+2 < len(line) && line[i+2] != '\'' && (i+3 >= len(line) || line[i+3] != '\'') {
				continue // a Rust lifetime or a stray quote, not a string
			}
			quote = c
		case i < first:
		default:
			for _, m := range markers {
				if bytes.HasPrefix(line[i:], []byte(m)) {
					if m == "#" && l == PHP && i+1 < len(line) && line[i+1] == '[' {
						continue // a PHP attribute
					}
					return i
				}
			}
			if blockComments(l) && bytes.HasPrefix(line[i:], []byte("/*")) {
				end := bytes.Index(line[i+2:], []byte("*/"))
				if end < 0 {
					return i
				}
				i += 2 + end + 1 // a closed "/* … */": the code goes on after it
			}
		}
	}
	return none
}

// isImport reports whether the line imports, includes or requires.
func (c *Classifier) isImport(line []byte) bool {
	t := trimmed(line)
	switch c.lang {
	case Go:
		return bytes.HasPrefix(t, []byte("import ")) || bytes.HasPrefix(t, []byte("import(")) ||
			(groupCandidate(line) && c.goBlock() == importBlock)
	case JS:
		return bytes.HasPrefix(t, []byte("import ")) || bytes.HasPrefix(t, []byte("import{")) || bytes.Contains(t, []byte("require(")) ||
			(bytes.HasPrefix(t, []byte("export ")) && bytes.Contains(t, []byte(" from ")))
	case Python:
		return bytes.HasPrefix(t, []byte("import ")) || (bytes.HasPrefix(t, []byte("from ")) && bytes.Contains(t, []byte(" import ")))
	case Rust:
		return hasWordPrefix(t, "use") || hasWordPrefix(t, "pub use") || bytes.HasPrefix(t, []byte("extern crate "))
	case Java, Kotlin, Scala:
		return bytes.HasPrefix(t, []byte("import ")) || bytes.HasPrefix(t, []byte("package "))
	case CSharp:
		return bytes.HasPrefix(t, []byte("using ")) && !bytes.Contains(t, []byte("("))
	case C:
		return bytes.HasPrefix(t, []byte("#include")) || bytes.HasPrefix(t, []byte("# include")) || bytes.HasPrefix(t, []byte("#import")) || bytes.HasPrefix(t, []byte("import "))
	case Ruby:
		return hasWordPrefix(t, "require") || hasWordPrefix(t, "require_relative") || hasWordPrefix(t, "load")
	case PHP:
		return hasWordPrefix(t, "use") || hasWordPrefix(t, "require") || hasWordPrefix(t, "require_once") || hasWordPrefix(t, "include") || hasWordPrefix(t, "include_once")
	case Swift:
		return hasWordPrefix(t, "import")
	case Shell:
		return hasWordPrefix(t, "source") || bytes.HasPrefix(t, []byte(". "))
	case Lua:
		return bytes.Contains(t, []byte("require(")) || bytes.Contains(t, []byte("require \"")) || bytes.Contains(t, []byte("require '"))
	}
	return false
}

func hasWordPrefix(t []byte, w string) bool {
	return bytes.HasPrefix(t, []byte(w)) && len(t) > len(w) && (t[len(w)] == ' ' || t[len(w)] == '\t' || t[len(w)] == '(' || t[len(w)] == '"' || t[len(w)] == '\'')
}

// keywords that, right before a name, declare it, per language.
var declKeywords = map[Lang][]string{
	Go:     {"func", "type", "const", "var"},
	JS:     {"function", "class", "interface", "type", "enum", "namespace", "module", "const", "let", "var", "declare"},
	Python: {"def", "class"},
	Rust:   {"fn", "struct", "enum", "trait", "type", "union", "mod", "const", "static", "macro_rules"},
	Java:   {"class", "interface", "enum", "record", "@interface"},
	Kotlin: {"fun", "class", "interface", "object", "typealias", "val", "var"},
	CSharp: {"class", "interface", "enum", "record", "struct", "namespace", "delegate", "event"},
	C:      {"struct", "union", "enum", "class", "namespace", "define", "typedef", "concept"},
	Ruby:   {"def", "class", "module"},
	PHP:    {"function", "class", "interface", "trait", "enum", "const"},
	Swift:  {"func", "class", "struct", "enum", "protocol", "actor", "typealias", "let", "var", "case", "init"},
	Shell:  {"function"},
	Scala:  {"def", "class", "object", "trait", "type", "val", "var"},
	Lua:    {"function", "local"},
	SQL:    {"TABLE", "table", "VIEW", "view", "FUNCTION", "function", "PROCEDURE", "procedure", "INDEX", "index", "TYPE", "type"},
	Unknown: {"func", "function", "def", "fn", "class", "struct", "interface", "type", "enum", "trait", "module",
		"const", "let", "var", "val", "fun", "sub", "proc", "macro"},
}

func isDeclKeyword(l Lang, tok string) bool {
	for _, k := range declKeywords[l] {
		if tok == k {
			return true
		}
	}
	return false
}

// declares decides whether the name [a, b) of the line is declared there.
func (c *Classifier) declares(line []byte, a, b, lineStart int) Kind {
	switch c.lang {
	case Go:
		return c.declaresGo(line, a, b, lineStart)
	case JS:
		return declaresJS(line, a, b)
	case Python:
		return declaresPython(line, a, b)
	case Java, CSharp:
		return declaresJava(c.lang, line, a, b)
	case C:
		return declaresC(line, a, b)
	case Ruby:
		return declaresRuby(line, a, b)
	case Shell:
		return declaresShell(line, a, b)
	case Markdown:
		if bytes.HasPrefix(trimmed(line), []byte("#")) {
			return Definition
		}
		return Plain
	case YAML:
		return declaresYAML(line, a, b)
	case JSON:
		return declaresJSON(line, a, b)
	case TOML:
		return declaresTOML(line, a, b)
	}
	return declaresByKeyword(c.lang, line, a, b)
}

// declaresByKeyword is the common rule: a declaring keyword right before the
// name (through "name," lists, "Type." receivers and "*" pointers).
func declaresByKeyword(l Lang, line []byte, a, b int) Kind {
	tok, at := prev(line, a)
	for (tok == "," || tok == "." || tok == "*" || tok == "&" || tok == "mut" || tok == "!" || tok == "async" || tok == "static" || tok == "self") && at > 0 {
		if tok == "," || tok == "." {
			// skip the name or type before it
			t2, at2 := prev(line, at)
			if t2 == "" || !isIdent(t2[0]) {
				break
			}
			tok, at = prev(line, at2)
			continue
		}
		tok, at = prev(line, at)
	}
	if isDeclKeyword(l, tok) {
		if local(l, tok, line) {
			return Member
		}
		return Definition
	}
	if l == Rust && tok == "let" {
		return Member
	}
	return Plain
}

// local reports whether a binding keyword declares a local name: an
// indented const/let/var/val (inside a function) rather than a top-level one.
func local(l Lang, tok string, line []byte) bool {
	switch tok {
	case "let", "var", "val", "const", "local":
		if l == Swift || l == Kotlin || l == Scala {
			return indent(line) > 4
		}
		return indent(line) > 0
	}
	return false
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
	tok, at := prev(line, a)
	switch tok {
	case "func", "type", "const", "var":
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
		if tok == "const" || tok == "var" {
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
		if w := indent(line); w > 0 {
			p := bytes.TrimRight(c.parent(lineStart, w), " \t\r")
			if bytes.HasSuffix(p, []byte("struct {")) || bytes.HasSuffix(p, []byte("interface {")) {
				return Member
			}
		}
	}
	return Plain
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
func (c *Classifier) parent(lineStart int, width int) []byte {
	end := lineStart - 1
	for n := 0; end > 0 && n < maxParent; n++ {
		start := bytes.LastIndexByte(c.buf[:end], '\n') + 1
		line := c.buf[start:end]
		if len(trimmed(line)) > 0 && indent(line) < width {
			return line
		}
		end = start - 1
	}
	return nil
}

const maxParent = 500

func declaresJS(line []byte, a, b int) Kind {
	if k := declaresByKeyword(JS, line, a, b); k != Plain {
		return k
	}
	tok, _ := prev(line, a)
	t := trimmed(line)
	after := next(line, b)
	// a method or accessor: the first name on its line (after modifiers),
	// then "(" or "<", on a line that opens a body
	if firstAfterModifiers(line) == a && (after == '(' || after == '<') && bytes.HasSuffix(t, []byte("{")) && !isControl(string(line[a:b])) {
		return Definition
	}
	// an object or class property holding a function: "name: (…) =>",
	// "name = function", "name = async (…) =>"
	if (after == ':' || after == '=') && firstAfterModifiers(line) == a {
		rest := line[b:]
		if bytes.Contains(rest, []byte("=>")) || bytes.Contains(rest, []byte("function")) {
			return Definition
		}
		if after == ':' || (after == '=' && (len(rest) < 2 || rest[1] != '=')) {
			return Member
		}
	}
	_ = tok
	return Plain
}

var jsModifiers = []string{"export", "default", "public", "private", "protected", "static", "async", "readonly", "abstract", "override", "get", "set", "declare", "*"}

// firstAfterModifiers returns the offset of the first token of the line
// that is not a modifier keyword.
func firstAfterModifiers(line []byte) int {
	i := indent(line)
	for {
		j := i
		for j < len(line) && isIdent(line[j]) {
			j++
		}
		if j == i && i < len(line) && line[i] == '*' {
			j = i + 1
		}
		w := string(line[i:j])
		isMod := false
		for _, m := range jsModifiers {
			if w == m {
				isMod = true
			}
		}
		if !isMod || j == i {
			return i
		}
		i = j
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
	}
}

func isControl(w string) bool {
	switch w {
	case "if", "for", "while", "switch", "catch", "return", "function", "with", "else", "do", "try", "new", "await", "typeof", "super", "this":
		return true
	}
	return false
}

func declaresPython(line []byte, a, b int) Kind {
	if k := declaresByKeyword(Python, line, a, b); k != Plain {
		return k
	}
	// "NAME = …" or "NAME: type = …"
	after := next(line, b)
	if prevTok, _ := prev(line, a); prevTok == "" && (after == '=' || after == ':') {
		rest := trimmed(line[b:])
		if len(rest) >= 2 && rest[0] == '=' && rest[1] == '=' {
			return Plain
		}
		if indent(line) == 0 {
			return Definition
		}
		return Member
	}
	return Plain
}

func declaresJava(l Lang, line []byte, a, b int) Kind {
	if k := declaresByKeyword(l, line, a, b); k != Plain {
		return k
	}
	tok, _ := prev(line, a)
	t := trimmed(line)
	after := next(line, b)
	if tok == "" || isControl(tok) || tok == "." || tok == "=" || tok == "(" || tok == "," || tok == "!" || tok == "throw" || tok == "else" || tok == "case" {
		return Plain
	}
	// a type (identifier, generic or array) right before the name
	typed := isIdent(tok[0]) || tok == ">" || tok == "]" || tok == "?"
	if !typed {
		return Plain
	}
	switch {
	case after == '(' && !bytes.HasSuffix(t, []byte(";")):
		return Definition // a method
	case after == '(' && bytes.HasSuffix(t, []byte(");")) && (bytes.Contains(t, []byte("abstract ")) || indent(line) <= 4):
		return Definition // an abstract or interface method
	case after == ';' || after == '=' || after == '{':
		return Member // a field or a property
	}
	return Plain
}

func declaresC(line []byte, a, b int) Kind {
	if k := declaresByKeyword(C, line, a, b); k != Plain {
		if k == Member {
			return Definition
		}
		return k
	}
	tok, at := prev(line, a)
	after := next(line, b)
	t := trimmed(line)
	// "} Name;" closes a typedef'd struct; "typedef … Name;" names a type
	if (bytes.HasPrefix(t, []byte("}")) || bytes.HasPrefix(t, []byte("typedef "))) && after == ';' {
		return Definition
	}
	if after != '(' || indent(line) > 0 {
		return Plain
	}
	// at column 0, a name followed by "(": a function definition or
	// prototype ("int f(void)", "static char *f(", "void A::f(", or the
	// name alone at the start, its type on the line above)
	for tok == "::" || tok == "~" {
		_, at2 := prev(line, at)
		tok, at = prev(line, at2)
	}
	if tok == "" || isIdent(tok[0]) || tok == "*" || tok == "&" || tok == ">" {
		if isControl(tok) || tok == "return" || tok == "else" || tok == "sizeof" {
			return Plain
		}
		return Definition
	}
	return Plain
}

func declaresRuby(line []byte, a, b int) Kind {
	if k := declaresByKeyword(Ruby, line, a, b); k != Plain {
		return k
	}
	if tok, _ := prev(line, a); tok == "" && next(line, b) == '=' && line[a] >= 'A' && line[a] <= 'Z' {
		return Definition // a constant
	}
	if tok, _ := prev(line, a); tok == ":" {
		if t2, _ := prev(line, a-1); t2 == "attr_accessor" || t2 == "attr_reader" || t2 == "attr_writer" || t2 == "," {
			return Member
		}
	}
	return Plain
}

func declaresShell(line []byte, a, b int) Kind {
	if k := declaresByKeyword(Shell, line, a, b); k != Plain {
		return k
	}
	tok, _ := prev(line, a)
	rest := line[b:]
	if tok == "" && bytes.HasPrefix(bytes.TrimLeft(rest, " \t"), []byte("()")) {
		return Definition // name() { … }
	}
	if (tok == "" || tok == "export" || tok == "readonly" || tok == "local" || tok == "declare") && len(rest) > 0 && rest[0] == '=' {
		if tok == "local" {
			return Member
		}
		return Definition
	}
	return Plain
}

func declaresYAML(line []byte, a, b int) Kind {
	i := indent(line)
	if bytes.HasPrefix(line[i:], []byte("- ")) {
		i += 2
		for i < len(line) && line[i] == ' ' {
			i++
		}
	}
	if (i == a || (i == a-1 && (line[i] == '"' || line[i] == '\''))) && keyFollows(line, b, ':') {
		if indent(line) == 0 {
			return Definition
		}
		return Member
	}
	return Plain
}

func declaresJSON(line []byte, a, b int) Kind {
	if a > 0 && line[a-1] == '"' && b < len(line) && line[b] == '"' && next(line, b+1) == ':' {
		if indent(line) <= 2 {
			return Definition
		}
		return Member
	}
	return Plain
}

func declaresTOML(line []byte, a, b int) Kind {
	t := trimmed(line)
	if bytes.HasPrefix(t, []byte("[")) {
		return Definition // a table header
	}
	if indent(line) == a && keyFollows(line, b, '=') {
		return Member
	}
	return Plain
}

// keyFollows reports whether, after the name ending at b (and a closing
// quote), the next byte is sep.
func keyFollows(line []byte, b int, sep byte) bool {
	if b < len(line) && (line[b] == '"' || line[b] == '\'') {
		b++
	}
	return next(line, b) == sep
}

// String renders a class for explanations, e.g. "definition (exact)".
func (c Class) String() string {
	var b strings.Builder
	b.WriteString(c.Kind.String())
	if c.Exact {
		b.WriteString(" (whole name)")
	}
	return b.String()
}
