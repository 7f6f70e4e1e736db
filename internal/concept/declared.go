package concept

import (
	"bytes"
	"path"
	"strings"
)

// A symbol is not always a definition a parser names: a constant or a
// variable (Go's const and var, Python's module-level names, JavaScript's
// top-level const, C's #define) is a line among the lines between
// definitions, and a member (a class's attribute, a struct's field) a line
// of its container. Those lines have no name of their own, so a
// description that is such a symbol ("http.DefaultMaxHeaderBytes") would
// find no chunk defining it; the best of those chunks by the words are
// read for a line that declares it.

// containers are the kinds of definition whose own lines (without those
// of the definitions they hold) declare members: a class's attributes
// (Python's enums: re.IGNORECASE), a struct's fields. A function's lines
// are not read: a name assigned there is a local one.
var containers = map[string]bool{"class": true, "struct": true, "interface": true, "enum": true, "union": true, "record": true, "trait": true, "impl": true, "module": true, "namespace": true, "object": true}

// maxDeclaredChunks and maxDeclaredFiles bound the reading: how many of
// the chunks between definitions and of containers the words rank best
// are read for a declaration of the symbol, and from how many files at
// most.
const (
	maxDeclaredChunks = 64
	maxDeclaredFiles  = 16
)

// declared adds to defines the chunks between definitions and of
// containers, among touched (best first by the words) and holding the
// symbol's name (holds), with a line that declares it, as defines does
// for a definition of that name (the line its head). read reads a file
// by its path in the index. It returns the line of each chunk it adds
// that declares the symbol.
func (ix *Index) declared(s symbolQuery, touched []uint32, read func(string) ([]byte, error), defines map[uint32]int, holds func(uint32) bool) (at map[uint32]int) {
	// The chunks that may declare it, best first by the words; those in
	// files the qualifiers name (whose declarations lead) before the rest.
	var named, rest []uint32
	for _, c := range touched {
		if !holds(c) {
			continue
		}
		if ix.Chunk(int(c)).At != 0 {
			if kind, _, _ := ix.Strings(int(c)); !containers[kind] {
				continue
			}
		}
		if len(s.quals) > 0 && s.inPath(ix.Files[ix.fileOf[c]].Path) {
			named = append(named, c)
		} else {
			rest = append(rest, c)
		}
	}
	files := map[int32][]byte{}
	for i, c := range append(named, rest...) {
		if i == maxDeclaredChunks {
			break
		}
		f := ix.fileOf[c]
		data, ok := files[f]
		if !ok {
			if len(files) == maxDeclaredFiles {
				continue
			}
			data, _ = read(ix.Files[f].Path) // unreadable now: nothing declared
			files[f] = data
		}
		ch := ix.Chunk(int(c))
		if line, n, ok := declaration(data, ch.Start, ch.End, s.name, colonDeclares(ix.Files[f].Path)); ok {
			if v := s.defines(s.name, line, ix.Files[f].Path, func() []string { return ix.names(f) }); v > defines[c] {
				defines[c] = v
				if at == nil {
					at = map[uint32]int{}
				}
				at[c] = n
			}
		}
	}
	return at
}

// inPath reports whether every qualifier is a directory of path p or its
// file's name without the extension ("subprocess" of subprocess.py,
// "http" of net/http/server.go): a cheap look, before reading, at where
// the qualified declarations may be.
func (s symbolQuery) inPath(p string) bool {
	dirs, stem := pathParts(p)
	for _, q := range s.quals {
		if !strings.EqualFold(q, stem) && !hasFold(dirs, q) {
			return false
		}
	}
	return true
}

// holds returns whether a chunk holds the symbol's name as one term (the
// identifier whole; see word), by the description's terms qs that cs
// found in it; every chunk when the name is no term of its own.
func (s symbolQuery) holds(qs []qterm, cs *chunkScores) func(uint32) bool {
	whole := ""
	word(s.name, func(t string) { whole = t }) // the identifier whole comes last
	for i, t := range qs {
		if i < 64 && whole != "" && t.term == whole && !t.expanded {
			return func(c uint32) bool { return cs.matchedOf(c)&(1<<i) != 0 }
		}
	}
	return func(uint32) bool { return true }
}

// declaration returns the first of lines start to end (1-based) of data
// that declares name (see declares; colon as colonDeclares says), trimmed,
// and its number.
func declaration(data []byte, start, end int, name string, colon bool) (string, int, bool) {
	n := 1
	for len(data) > 0 && n <= end {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if n >= start && bytes.Contains(line, []byte(name)) && declares(string(line), name, colon) {
			return strings.TrimSpace(string(line)), n, true
		}
		n++
	}
	return "", 0, false
}

// declares reports whether a line of code declares name: past its indent
// and any of export, pub, public, static, final or readonly, it is
// "const name", "var name", "let name", "val name" or "#define name"; or
// it starts with name followed by "=", ":=" or, when colon, ":" and code
// (an assignment, an annotation, a key; see codeAfterColon); or, indented, as a line of a block of declarations
// is (Go's const and var blocks), name alone or name and a type.
func declares(line, name string, colon bool) bool {
	t := strings.TrimLeft(line, " \t")
	indented := len(t) < len(line)
	if d, ok := strings.CutPrefix(t, "#"); ok {
		d, ok = strings.CutPrefix(strings.TrimLeft(d, " \t"), "define")
		if !ok || d == "" || d[0] != ' ' && d[0] != '\t' {
			return false
		}
		return startsWithName(strings.TrimLeft(d, " \t"), name)
	}
	for again := true; again; {
		again = false
		for _, w := range []string{"export ", "pub ", "public ", "static ", "final ", "readonly "} {
			if r, ok := strings.CutPrefix(t, w); ok {
				t, again = strings.TrimLeft(r, " \t"), true
			}
		}
	}
	for _, w := range []string{"const ", "var ", "let ", "val "} {
		if r, ok := strings.CutPrefix(t, w); ok {
			return startsWithName(strings.TrimLeft(r, " \t"), name)
		}
	}
	if !startsWithName(t, name) {
		return false
	}
	rest := t[len(name):]
	r := strings.TrimLeft(rest, " \t")
	switch {
	case strings.HasPrefix(r, ":="):
		return true
	case strings.HasPrefix(r, ":") && !strings.HasPrefix(r, "::"):
		return colon && codeAfterColon(strings.TrimSpace(r[1:]))
	case strings.HasPrefix(r, "=") && !strings.HasPrefix(r, "=="):
		return true
	case r == "" || strings.HasPrefix(r, "//"):
		return indented // a name alone in a block: Go's iota
	case r != rest && indented && (isIdentByte(r[0]) || r[0] == '*' || r[0] == '['):
		return true // a name and its type, in a block
	}
	return false
}

// colonDeclares says whether "Name: …" declares a name in the file at p:
// in Python (an annotation), JavaScript, TypeScript (a key, a field) and
// Rust (a field), not in Go nor C, where it is a literal's field or a
// label.
func colonDeclares(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".go", ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh":
		return false
	}
	return true
}

// codeAfterColon reports whether what follows "Name:" is code (a type,
// a value: "int = 30", "constants.X,", "{", "string;") rather than prose,
// as a docstring's list of names and what they mean is ("PIPE:    Special
// value that indicates a pipe should be created"): nothing, one word, an
// "=", brackets, or an end as a value in a literal has.
func codeAfterColon(r string) bool {
	return r == "" || !strings.ContainsAny(r, " \t") || strings.ContainsAny(r, "=[(") ||
		strings.HasSuffix(r, ",") || strings.HasSuffix(r, "{") || strings.HasSuffix(r, ";")
}

// startsWithName reports whether s starts with name as a whole word.
func startsWithName(s, name string) bool {
	return strings.HasPrefix(s, name) && (len(s) == len(name) || !isIdentByte(s[len(name)]))
}

// isIdentByte reports whether b can be part of an identifier.
func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}
