package rank

import (
	"bytes"
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
	Marker                 // in a comment, when the search is for comment markers (TODO, FIXME, …): the comment is the target

	lastKind = Marker
)

var kindNames = [...]string{"use", "comment", "import", "member", "definition", "marker"}

func (k Kind) String() string { return kindNames[k] }

// Class is the classification of one match.
type Class struct {
	Kind  Kind
	Exact bool // the match is whole words: the whole name it touches, not part of it
	// Private: a definition or member not visible outside its crate,
	// module, class or file (Rust without pub or with pub(crate), private
	// and internal modifiers, Python and JavaScript's leading underscore).
	Private bool
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
	blockKnown   bool          // block is set for the current line
	pm           [8]parentMemo // by width: see parent
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
	cl := Class{Exact: whole(line, s, e)}
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
	// A match over several words ("func Serve", `def \w+_cb`) touches
	// each name in it: the one a declaration declares makes it a
	// definition.
	for x := b; cl.Kind != Definition && x < e; {
		a2, b2 := name(line, x, e)
		if a2 == b2 {
			break
		}
		if k := c.declares(line, a2, b2, lineStart); k == Definition || k == Member && cl.Kind == Plain {
			cl.Kind, a, b = k, a2, b2
		}
		x = b2
	}
	if cl.Kind == Definition || cl.Kind == Member {
		cl.Private = private(c.lang, line, a, b)
	}
	return cl
}

// private reports whether the name [a, b) the line declares is private
// (see Class.Private).
func private(l Lang, line []byte, a, b int) bool {
	name := line[a:b]
	// Go says it with the case of the name's first letter, which the case
	// signal already weighs against the query's spelling: a search for
	// "parse" that finds func parse and func Parse cannot tell which is
	// meant, and a search spelt "Parse" prefers the exported one.
	switch l {
	case Python, JS:
		return name[0] == '_' && !(len(name) > 4 && bytes.HasPrefix(name, []byte("__")) && bytes.HasSuffix(name, []byte("__")))
	case Rust:
		before := line[:a]
		if bytes.Contains(before, []byte("pub(")) {
			return true // pub(crate), pub(super), pub(in …)
		}
		// A top-level item without pub; inside impl and trait blocks the
		// trait decides, which a line cannot tell.
		return indent(line) == 0 && !bytes.Contains(before, []byte("pub ")) && !bytes.HasPrefix(line, []byte("macro_rules!"))
	case Java, Kotlin, CSharp, Swift, Scala, PHP:
		for _, m := range []string{"private ", "internal ", "fileprivate "} {
			if bytes.Contains(line[:a], []byte(m)) {
				return true
			}
		}
	}
	return false
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
				// a group member, or a struct field or interface method
				return c.goBlock() != importBlock
			}
			if fieldCandidate(line) {
				return true // a field of a struct nested deeper (in a type group, or a field's type)
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
	case C:
		// a method in its class's body, or a function in an indented
		// namespace: parameters, and no ";" or "," that ends a statement
		// or an argument (see indentedHead); a nested typedef's name
		// ("} buf_t;"); a declaring keyword after others ("static struct")
		if last := t[len(t)-1]; bytes.IndexByte(t, '(') >= 0 && last != ';' && last != ',' || t[0] == '}' {
			return true
		}
		for _, k := range declKeywords[C] {
			if bytes.Contains(t, []byte(k)) {
				return true
			}
		}
		return false
	case JS:
		// a method (as below), or a property holding a function
		// ("onClick: (e) => go(e),", "name = function")
		return t[len(t)-1] == '{' && bytes.IndexByte(t, '(') >= 0 || bytes.Contains(t, []byte("=>")) || bytes.Contains(t, []byte("function"))
	case Java, CSharp:
		// a method: a name, its parameters, and a body on the same line
		return t[len(t)-1] == '{' && bytes.IndexByte(t, '(') >= 0
	}
	return false
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

// whole reports whether the match [s, e) of line starts and ends at
// boundaries of identifiers: "Foo" in "Foo(x", and "Foo(" too, whose end
// is a boundary whatever follows. wholeWord is the same for words (see
// IsWord).
func whole(line []byte, s, e int) bool {
	return (s == 0 || !isIdent(line[s-1]) || s < e && !isIdent(line[s])) &&
		(e >= len(line) || !isIdent(line[e]) || s < e && !isIdent(line[e-1]))
}

func wholeWord(line []byte, s, e int) bool {
	return (s == 0 || !IsWord(line[s-1]) || s < e && !IsWord(line[s])) &&
		(e >= len(line) || !IsWord(line[e]) || s < e && !IsWord(line[e-1]))
}

// IsWord reports whether c can be part of a word: an ASCII letter, digit
// or '_', or any byte of a multi-byte UTF-8 character. A match with no
// word byte on either side stands as a whole word.
func IsWord(c byte) bool {
	return c == '_' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// isIdent reports whether c can be part of an identifier: a word byte, or
// '$' (JavaScript names, PHP and shell variables).
func isIdent(c byte) bool { return c == '$' || IsWord(c) }

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

// CommentStart returns where a line comment starts in line, for the
// regions of internal/syntax; see commentStart, below.
func CommentStart(l Lang, line []byte) int { return commentStart(l, line) }

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
	// No string opens before that byte: a marker there starts the comment.
	if !bytes.ContainsAny(line[:first], "\"'`") {
		for _, m := range markers {
			if bytes.HasPrefix(line[first:], []byte(m)) && !(m == "#" && l == PHP && first+1 < len(line) && line[first+1] == '[') {
				return first
			}
		}
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
	case Java, CSharp:
		return declaresJava(c.lang, line, a, b)
	}
	if d := declarers[c.lang]; d != nil {
		return d(line, a, b)
	}
	return declaresByKeyword(c.lang, line, a, b)
}

// declarers are the languages with rules of their own (Go, Java and C#
// need more than the line: see declares); the others are told by their
// keywords (declaresByKeyword).
var declarers = [len(langNames)]func(line []byte, a, b int) Kind{
	JS: declaresJS, Python: declaresPython, C: declaresC, Ruby: declaresRuby, Shell: declaresShell,
	Markdown: declaresMarkdown, YAML: declaresYAML, JSON: declaresJSON, TOML: declaresTOML,
}

// declaresMarkdown: a heading defines what it names, the name it begins
// with ("## Refund deadline", "### `fs.readFile(path)`", "## 2. Install");
// a word later in it is a lesser declaration, as a member is: the section
// mentions it ("### Using createConnection with async/await" is no
// definition of async, nor should it outrank code that uses it).
func declaresMarkdown(line []byte, a, b int) Kind {
	t := trimmed(line)
	if !bytes.HasPrefix(t, []byte("#")) {
		return Plain
	}
	start, end := headingName(line)
	if a >= start && b <= end {
		return Definition
	}
	return Member
}

// headingName returns where the name a Markdown heading line begins with
// is: after the '#'s, a code span's or emphasis' opening and a section
// number, a run of identifier bytes and the marks that join the parts of
// a name ("fs.readFile", "npm-install", "Foo::bar", "a/b", "#L10").
func headingName(line []byte) (start, end int) {
	i := indent(line)
	for i < len(line) && line[i] == '#' {
		i++
	}
	skip := func(f func(c byte) bool) {
		for i < len(line) && f(line[i]) {
			i++
		}
	}
	skip(func(c byte) bool { return c == ' ' || c == '\t' || c == '`' || c == '*' || c == '[' })
	if j := i; j < len(line) && line[j] >= '0' && line[j] <= '9' { // a section number: "2.", "1.3", "4)"
		for j < len(line) && (line[j] >= '0' && line[j] <= '9' || line[j] == '.' || line[j] == ')') {
			j++
		}
		if j < len(line) && (line[j] == ' ' || line[j] == '\t') && bytes.ContainsAny(line[i:j], ".)") { // not "# 404 pages"
			i = j
			skip(func(c byte) bool { return c == ' ' || c == '\t' || c == '`' || c == '*' })
		}
	}
	start = i
	skip(func(c byte) bool {
		return isIdent(c) || c == '.' || c == ':' || c == '-' || c == '/' || c == '#' || c == '@' || c == '$'
	})
	return start, i
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

// String renders a class for explanations, e.g. "definition (exact)".
func (c Class) String() string {
	var b strings.Builder
	b.WriteString(c.Kind.String())
	if c.Exact {
		b.WriteString(" (whole name)")
	}
	if c.Private {
		b.WriteString(" (private)")
	}
	return b.String()
}
