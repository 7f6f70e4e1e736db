package rank

import (
	"bytes"
	"unsafe"
)

// Declarations in the other languages: keyword rules, plus the shapes that
// declare without a keyword (methods, assignments at column 0, keys).

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
		// def and class begin a statement; elsewhere they are words in a
		// string ("no class suite")
		t := bytes.TrimPrefix(trimmed(line), []byte("async "))
		if bytes.HasPrefix(t, []byte("def ")) || bytes.HasPrefix(t, []byte("class ")) {
			return k
		}
		return Plain
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
		if pythonKeywordArgument(line, b) {
			return Plain
		}
		return Member
	}
	return Plain
}

// pythonKeywordArgument reports whether the indented "NAME=…" whose name
// ends at b is a keyword argument of a call spread over lines: "=" right
// after the name, or a line that ends in a comma. An attribute or a
// variable is written "name = value" and ends without one.
func pythonKeywordArgument(line []byte, b int) bool {
	t := bytes.TrimRight(line, " \t\r")
	if len(t) > 0 && t[len(t)-1] == ',' {
		return true
	}
	return b < len(line) && line[b] == '=' && (b+1 >= len(line) || line[b+1] != '=')
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
	if after != '(' {
		return Plain
	}
	// at column 0, a name followed by "(": a function definition or
	// prototype ("int f(void)", "static char *f(", "void A::f(", or the
	// name alone at the start, its type on the line above)
	for tok == "::" || tok == "~" {
		_, at2 := prev(line, at)
		tok, at = prev(line, at2)
	}
	if indent(line) > 0 {
		if indentedHead(line, tok, at, a, b) {
			return Definition
		}
		return Plain
	}
	if tok == "" || isIdent(tok[0]) || tok == "*" || tok == "&" || tok == ">" {
		if isControl(tok) || tok == "return" || tok == "else" || tok == "sizeof" {
			return Plain
		}
		return Definition
	}
	return Plain
}

// indentedHead reports whether an indented C or C++ line whose name at
// line[a:b] is followed by "(" is a function's definition: a method in
// its class's body, or a function in a namespace its file indents, as
// libstdc++ does ("      push_back(const value_type& __x)", its type on
// the line above; "  void run(int x) {"). Calls are indented too, so it
// asks more than at column 0: before the name, a type or nothing (tok, the
// token before it and its class's "::"), not a keyword nor a macro in
// capitals; the parameters closed on the line; and after them nothing
// but the function's qualifiers, its body or its initializers. A line
// that ends with ";" is a statement or a declaration, not a definition.
func indentedHead(line []byte, tok string, at, a, b int) bool {
	if a >= b || b > len(line) {
		return false
	}
	if name := unsafe.String(&line[a], b-a); isControl(name) || notType[name] || qualifiers[name] || notName[name] {
		return false // if (x) {, a qualifier's parentheses: throw()
	}
	switch {
	case tok == "":
		if Capitals(line[a:b]) {
			return false // a macro's call: ONNX_CATCH(e) {
		}
	case tok == ">" && at > 0 && line[at-1] == '-':
		return false // p->f(
	case tok == "*" || tok == "&" || tok == ">":
	case isIdent(tok[0]):
		if isControl(tok) || notType[tok] {
			return false
		}
	default:
		return false
	}
	if cs := commentStart(C, line); cs <= a {
		return false // in a comment
	} else if cs <= len(line) {
		line = line[:cs:cs]
	}
	if t := trimmed(line); len(t) > 0 && (t[len(t)-1] == ';' || t[len(t)-1] == ',' || t[len(t)-1] == '\\') {
		return false
	}
	depth, i := 0, b
	for ; i < len(line); i++ {
		if line[i] == '(' {
			depth++
		} else if line[i] == ')' {
			if depth--; depth == 0 {
				break
			}
		}
	}
	if i >= len(line) {
		return false // the parameters go on past the line, as a call's arguments may
	}
	rest := trimmed(line[i+1:])
	switch {
	case len(rest) == 0:
		// Its type on the line above. With nothing before the name and
		// nothing in the parentheses it is as often the start of a chain
		// of calls ("OpSchema()", then ".SetDoc(…)" below).
		return tok != "" || bytes.IndexFunc(line[b:i], func(r rune) bool { return r != '(' && r != ' ' && r != '\t' }) >= 0
	case rest[0] == ':' && !bytes.HasPrefix(rest, []byte("::")):
		return true // a constructor's initializers
	case rest[0] == '{':
		// A body, after a type: "void run(int x) {". With nothing before
		// the name it is as often a constructor's last initializer.
		return tok != ""
	case bytes.HasPrefix(rest, []byte("->")):
		return bytes.IndexByte(rest, '(') < 0 || bytes.HasPrefix(rest, []byte("-> decltype(")) // a return type, not p->f()
	}
	w := rest
	for j, c := range rest {
		if !isIdent(c) {
			w = rest[:j]
			break
		}
	}
	return qualifiers[string(w)]
}

// notType holds the words that may come before a called name in a
// statement, where a definition has its type.
var notType = map[string]bool{"case": true, "delete": true, "throw": true, "goto": true, "sizeof": true, "typeid": true, "decltype": true,
	"alignof": true, "noexcept": true, "static_assert": true, "co_return": true, "co_yield": true, "co_await": true, "using": true, "operator": true}

// notName holds the other words that come before "(" on a line of code
// and name no function.
var notName = map[string]bool{"defined": true, "__attribute__": true, "__declspec": true, "alignas": true, "asm": true, "__asm__": true, "static_cast": true,
	"dynamic_cast": true, "const_cast": true, "reinterpret_cast": true, "sizeof": true}

// qualifiers are the words that may follow a C++ function's parameters.
var qualifiers = map[string]bool{"const": true, "noexcept": true, "override": true, "final": true, "throw": true, "volatile": true, "requires": true, "mutable": true, "try": true}

// Capitals reports whether a word's letters, two or more, are all
// capitals, as macros are named: "__REDIRECT_NTH", "ONNX_CATCH", "OF",
// not "__asprintf".
func Capitals(w []byte) bool {
	letters := 0
	for _, c := range w {
		switch {
		case c >= 'a' && c <= 'z':
			return false
		case c >= 'A' && c <= 'Z':
			letters++
		}
	}
	return letters >= 2
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
