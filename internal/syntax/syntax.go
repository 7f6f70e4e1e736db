// Package syntax finds the definitions in a source file: their kind, name,
// one-line signature, line range and nesting (a class and its methods).
//
// With cgo (the default build) it parses with tree-sitter and the official
// grammars of Go, TypeScript, TSX, JavaScript/JSX, Python, Rust, Java, C,
// C++, C#, Ruby, PHP and Bash, read by the rules in rules.go. A
// build without cgo has no parser: Parse falls back to the line classifier
// of internal/rank, which knows where a definition starts but not where it
// ends, and File.By says so. Callers must show File.By with the answer.
//
// The answers are syntactic: names, not resolved symbols.
package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/scoutcode/scout/internal/filetype"
)

// Ways a file's definitions were found (File.By).
const (
	ByParser     = "tree-sitter"     // a real parse
	ByClassifier = "line classifier" // the fallback: definition lines only, no ends
)

// MaxSize is the largest file Parse takes, in bytes; larger files are
// ErrTooBig (a generated table, a bundle: parsing them is slow and their
// outline is of no use).
const MaxSize = 4 << 20

// MaxTokens is the most tokens of code (see Tokens) in a file Parse
// takes, and MaxNesting the deepest its brackets may nest; a denser or
// deeper file is ErrTooDense.
//
// Why: a parse tree's memory follows a file's tokens, not its bytes, and
// the room (room.go) and MaxSize count bytes. Files of MaxSize took, to
// outline: a bundle of short calls (1.7 bytes a token) 406 MB; 380,000
// lines of "let x = 1;" (2.2 bytes a token) 331 MB; "1+1+…" (one byte a
// token) 788 MB in Go and 974 MB in JavaScript; brackets nested two
// million deep 1.82 GB, in 12 s. Real code is far sparser: GOROOT/src
// averages 3.7 bytes a token, its densest file (zzipdata.go) 2.1, its
// most tokens are 757,000 (opGen.go), minified JavaScript runs about 2
// bytes a token (2.1 M tokens at MaxSize), and the deepest brackets in
// GOROOT/src and Python's standard library nest 436 deep.
const (
	MaxTokens  = 2_500_000
	MaxNesting = 100_000
)

// ErrUnsupported is wrapped by Parse's error for a file in no language it
// knows; ErrTooBig for a file over MaxSize; ErrTooDense for one over
// MaxTokens or MaxNesting.
var (
	ErrUnsupported = errors.New("no parser for this language")
	ErrTooBig      = errors.New("too big to parse")
	ErrTooDense    = errors.New("too dense to parse")
)

// Tokens estimates the tokens of code in src, and how deep its brackets
// nest, in one pass: a run of letters, digits, '_', '$' and non-ASCII
// bytes is one token, as is each other byte but space; a '(', '[' or
// '{' opens a level and ')', ']' or '}' closes one. The estimate errs
// high (a string's punctuation counts), and the nesting counts brackets
// in strings and comments too.
func Tokens(src []byte) (tokens, nesting int) {
	word, level := false, 0
	for _, c := range src {
		switch k := tokenClass[c]; k {
		case classWord:
			if !word {
				tokens++
			}
			word = true
			continue
		case classMark:
			tokens++
		case classOpen:
			tokens++
			level++
			nesting = max(nesting, level)
		case classClose:
			tokens++
			level = max(level-1, 0)
		}
		word = false
	}
	return tokens, nesting
}

// The classes of bytes for Tokens.
const (
	classSpace = iota
	classWord
	classMark
	classOpen
	classClose
)

// tokenClass is each byte's class for Tokens.
var tokenClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c >= 0x80:
			t[c] = classWord
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			t[c] = classSpace
		case c == '(' || c == '[' || c == '{':
			t[c] = classOpen
		case c == ')' || c == ']' || c == '}':
			t[c] = classClose
		default:
			t[c] = classMark
		}
	}
	return t
}()

// parsable is nil for a file Parse takes, else ErrTooBig or ErrTooDense
// with the figure and the most. A file of MaxTokens bytes or fewer holds
// no more tokens than that, and nests no deeper, so it is not read.
func parsable(name string, src []byte) error {
	if len(src) > MaxSize {
		return fmt.Errorf("%s: %w (%d bytes; the most is %d)", name, ErrTooBig, len(src), MaxSize)
	}
	if len(src) <= min(MaxTokens, MaxNesting) {
		return nil
	}
	switch tokens, nesting := Tokens(src); {
	case tokens > MaxTokens:
		return fmt.Errorf("%s: %w (about %d tokens of code; the most is %d)", name, ErrTooDense, tokens, MaxTokens)
	case nesting > MaxNesting:
		return fmt.Errorf("%s: %w (brackets nested %d deep; the most is %d)", name, ErrTooDense, nesting, MaxNesting)
	}
	return nil
}

// The kinds of Outline's declarations (see Outline).
const (
	kindConstant = "constant"
	kindVariable = "variable"
	kindMacro    = "macro"
)

// Def is a definition in a file.
type Def struct {
	Kind      string // function, method, constructor, class, struct, interface, enum, union, record, trait, impl, type, module, namespace, macro, property; Outline's constant, variable, prototype
	Name      string
	Signature string // the definition's head on one line: up to its body, whitespace folded
	Start     int    // first line, 1-based
	End       int    // last line; 0 when unknown (ByClassifier)
	StartByte int
	EndByte   int // 0 when unknown
	Parent    int // index in File.Defs of the definition holding this one; -1 for none
	Depth     int // number of definitions holding this one
	// Where Name is in the source, and where the head Signature is made
	// from ends ([StartByte, HeadEnd)): with them Restore gives Name and
	// Signature back from the source alone, so a kept answer need hold
	// no text.
	NameStart, NameEnd, HeadEnd int
}

// Restore sets the Name and Signature of d from the source it was found
// in, as the parse of that source set them (see Def.NameStart), and
// reports whether d's offsets fit in src.
func Restore(g string, src []byte, d *Def) bool {
	if d.NameStart < 0 || d.NameStart > d.NameEnd || d.NameEnd > len(src) || d.StartByte < 0 || d.StartByte > d.HeadEnd || d.HeadEnd > len(src) {
		return false
	}
	d.Name = spelled(src[d.NameStart:d.NameEnd])
	d.Signature = signature(g, d.Kind, src[d.StartByte:d.HeadEnd], d.NameEnd-d.StartByte)
	return true
}

// File is what Parse found in a file.
type File struct {
	Grammar string // the grammar it was read with: "go", "python", "tsx"…
	By      string // ByParser or ByClassifier
	Defs    []Def  // in the order they start
	// Errors says the parser met syntax errors and recovered: the
	// definitions around them may be missing or cut short.
	Errors bool
}

// grammars maps file name extensions to grammar names.
var grammars = map[string]string{
	".go": "go",
	".py": "python", ".pyi": "python", ".pyw": "python",
	".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
	".ts": "typescript", ".mts": "typescript", ".cts": "typescript",
	".tsx":  "tsx",
	".rs":   "rust",
	".java": "java",
	".c":    "c", ".h": "c",
	".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".c++": "cpp", ".hh": "cpp", ".hpp": "cpp", ".hxx": "cpp", ".h++": "cpp", ".ipp": "cpp", ".inl": "cpp", ".tcc": "cpp", ".tpp": "cpp", ".txx": "cpp",
	".cs": "csharp",
	".rb": "ruby", ".rake": "ruby", ".gemspec": "ruby",
	".php": "php", ".phtml": "php",
	".sh": "bash", ".bash": "bash",
}

// byName maps whole file names to grammar names.
var byName = map[string]string{
	"Rakefile": "ruby", "Gemfile": "ruby", ".bashrc": "bash", ".bash_profile": "bash", ".profile": "bash",
}

// Grammar returns the grammar for a file, by its name, or "" when there is
// none, by the name alone: a ".h" file is C here, and a parse reads it as
// C++ when its source does (see headerGrammar).
func Grammar(p string) string {
	base := path.Base(strings.ReplaceAll(p, "\\", "/"))
	if g, ok := byName[base]; ok {
		return g
	}
	return grammars[strings.ToLower(path.Ext(base))]
}

// GrammarOf is Grammar, and for a file whose name has no extension and no
// language (a script in bin/, libstdc++'s "vector"), the grammar of the
// type its first lines name, src being its source or its start: a "#!"
// line's interpreter or an Emacs mode (see filetype.Sniff).
func GrammarOf(name string, src []byte) string {
	if g := Grammar(name); g != "" || !filetype.BySource(name) {
		return g
	}
	return sniffed[filetype.Sniff(src)]
}

// MayParse reports whether a file may have a grammar, by its name alone:
// it has one (Grammar), or its source says (GrammarOf).
func MayParse(name string) bool {
	return Grammar(name) != "" || filetype.BySource(name)
}

// sniffed maps the types filetype.Sniff gives to grammar names.
var sniffed = map[string]string{
	"c": "c", "cpp": "cpp", "go": "go", "java": "java", "js": "javascript", "php": "php",
	"py": "python", "ruby": "ruby", "rust": "rust", "sh": "bash",
}

// Grammars returns the names of the grammars Parse knows, sorted.
func Grammars() []string {
	return []string{"bash", "c", "cpp", "csharp", "go", "java", "javascript", "php", "python", "ruby", "rust", "tsx", "typescript"}
}

// Call is a call of a name.
type Call struct {
	Name      string // the name called, as written
	Line      int    // the line of the name, 1-based
	StartByte int    // where the name starts
	In        int    // index in File.Defs of the innermost definition holding the call; -1 for none
}

// Occurrences returns the byte offsets where name occurs in src as a
// whole word (not inside a longer identifier), in order.
func Occurrences(src []byte, name string) []uint32 {
	var occ []uint32
	if name == "" {
		return nil
	}
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte(name))
		if j < 0 {
			return occ
		}
		s := i + j
		e := s + len(name)
		if (s == 0 || !isIdent(src[s-1])) && (e == len(src) || !isIdent(src[e])) {
			occ = append(occ, uint32(s))
		}
		i = s + 1
	}
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// within sets each call's In: the innermost definition holding it.
func within(f *File, cs []Call) {
	for i := range cs {
		cs[i].In = -1
		for j, d := range f.Defs {
			if d.StartByte > cs[i].StartByte {
				break
			}
			if cs[i].StartByte < d.EndByte || d.EndByte == 0 {
				cs[i].In = j // later definitions that hold it are inner ones
			}
		}
	}
}

// Base is a place where a name is written as a base of a definition: a
// class that extends or implements it, an interface or trait that
// extends it, a Rust impl of it, a Go struct or interface that embeds it.
type Base struct {
	Name      string // the name, as written
	Line      int
	StartByte int
	In        int // index in File.Defs of the definition whose bases hold it (the class, the impl); -1 for none
}

// Ref is an occurrence of a name, labelled by what it is.
type Ref struct {
	Line      int
	StartByte int
	Kind      string // one of the Ref* labels
	In        int    // index in File.Defs of the innermost definition holding it; -1 for none
}

// The labels of a Ref.
const (
	RefDefinition = "definition" // the name a definition declares
	RefCall       = "call"       // what a call calls
	RefImport     = "import"     // in an import, include or use
	RefType       = "type"       // a type's name where a type is written
	RefOther      = "other"      // any other use: a value, an argument, a field…
	RefComment    = "comment"    // in a comment: a mention, not a use
	RefString     = "string"     // in a string: a mention, not a use
)

// withinRefs sets each reference's In: the innermost definition holding it.
func withinRefs(f *File, rs []Ref) {
	cs := make([]Call, len(rs))
	for i, r := range rs {
		cs[i].StartByte = r.StartByte
	}
	within(f, cs)
	for i := range rs {
		rs[i].In = cs[i].In
	}
}

// Holder reports whether a definition of this kind holds methods: a
// class, a struct, an impl, a trait, an interface… (Callees keeps those
// that hold the function, to say whose method it is).
func Holder(kind string) bool {
	switch kind {
	case "class", "struct", "interface", "impl", "trait", "enum", "record", "union", "protocol", "object":
		return true
	}
	return false
}

// Names reports whether a definition's name (Def.Name) is name: as
// written, or a C++ method's defined outside its class (Pool::join,
// net::Pool::join and Pool<T>::join are join's).
func Names(def, name string) bool {
	if def == name {
		return true
	}
	i := strings.LastIndex(def, "::")
	return i >= 0 && def[i+len("::"):] == name
}

// spelled returns a definition's name as the source spells it, on one
// line: a C++ method's name broken across lines ("vector<_Tp>::\n
// _M_insert", as libstdc++ writes them) loses the break and the spaces
// beside "::", and any other run of white space is one space (operator
// new). Pages print a name where a line is expected ("in …" lines).
func spelled(b []byte) string {
	if !bytes.ContainsAny(b, " \t\r\n\v\f") {
		return string(b)
	}
	var sb strings.Builder
	prev := ""
	for i, f := range strings.Fields(string(b)) {
		if i > 0 && !strings.HasSuffix(prev, "::") && !strings.HasPrefix(f, "::") {
			sb.WriteByte(' ')
		}
		sb.WriteString(f)
		prev = f
	}
	return sb.String()
}

// Callable reports whether a definition of this kind has a body that
// calls: a function, a method, a constructor.
func Callable(kind string) bool {
	return kind == "function" || kind == "method" || kind == "constructor"
}
