//go:build cgo

package syntax

import (
	"bytes"
	"path"
	"strings"

	"github.com/scoutcode/scout/internal/rank"
)

// C and C++ headers wrap their declarations in macros that a parser
// without the preprocessor cannot expand: export and calling-convention
// macros around the type (zlib's "ZEXTERN int ZEXPORT deflate", Windows'
// "BOOL WINAPI"), the old prototype wrappers ("OF((z_streamp strm, int
// flush))", "__P((…))"), and annotations after the parameters (glibc's
// "__THROW __nonnull ((1)) __wur"). tree-sitter reads them as types or
// names, and the declaration, sometimes the rest of the file, parses with
// errors: zlib.h's outline listed none of its 88 functions.
//
// maskMacros finds such macros by the shape of a declaration alone, and
// returns a copy of the source with them blanked (each byte a space, so
// that every offset and line stays where it was; a macro that starts the
// declaration becomes "const" and spaces, so that the declaration still
// starts where its line does, for outline); open parses the copy
// when the source parses with errors, keeps that parse when less of it is
// in error (see parseMasked), and reads names and signatures from the
// source itself. headerGrammar, below, picks C++ for a ".h" file that is.

// headerGrammar is GrammarOf(name, src), but "cpp" for a ".h" file whose source
// reads as C++: a line that starts a class ("class Name"), a namespace, a
// template, an access label, or "using namespace". C++'s grammar reads C
// as well, but C's cannot read a class: a C++ header read as C lost most
// of its definitions (LLVM's, ICU's, V8's; over /usr/include, of the
// 2,053 ".h" files these lines mark, 1,985 had less in error read as C++,
// 18 more).
func headerGrammar(name string, src []byte) string {
	g := GrammarOf(name, src)
	if g != "c" || !strings.EqualFold(path.Ext(name), ".h") {
		return g
	}
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		if cppLine(bytes.TrimLeft(line, " \t")) {
			return "cpp"
		}
	}
	return g
}

// cppLine reports whether a line, its indent cut, begins as only C++'s
// lines do (see headerGrammar), and not as prose in a comment does
// ("namespace processing as described above"): a class's head is
// "class", a name (after a macro, maybe), then "{", ":", ";" or the
// line's end; a namespace's is "namespace", a name, then "{" or the end;
// an access label ends its line.
func cppLine(l []byte) bool {
	l = bytes.TrimRight(l, " \t\r")
	if i := bytes.Index(l, []byte("//")); i >= 0 {
		l = bytes.TrimRight(l[:i], " \t")
	}
	if bytes.HasPrefix(l, []byte("template<")) || bytes.HasPrefix(l, []byte("template <")) {
		return true
	}
	switch string(l) {
	case "public:", "private:", "protected:":
		return true
	}
	if rest, ok := bytes.CutPrefix(l, []byte("using namespace ")); ok {
		return bytes.HasSuffix(rest, []byte(";"))
	}
	for _, w := range []string{"class ", "namespace "} {
		rest, ok := bytes.CutPrefix(l, []byte(w))
		if !ok {
			continue
		}
		words := 0
		for {
			rest = bytes.TrimLeft(rest, " \t")
			n := 0
			for n < len(rest) {
				if isIdent(rest[n]) {
					n++
				} else if bytes.HasPrefix(rest[n:], []byte("::")) {
					n += 2
				} else {
					break
				}
			}
			if n == 0 {
				break
			}
			words++
			rest = rest[n:]
		}
		switch {
		case words == 0 || words > 2 || w == "namespace " && words > 1:
		case len(rest) == 0, rest[0] == '{', w == "class " && (rest[0] == ':' || rest[0] == ';'):
			return true
		}
	}
	return false
}

// ctok is a token of C or C++ source: an identifier or keyword ('i'), one
// byte of punctuation ('p'), a preprocessor line ('#'), or anything else
// ('o': a number, a string, a character).
type ctok struct {
	s, e int
	k    byte
}

// ctokens reads src as C's scanner does, roughly: it passes over
// comments, strings and characters, and takes a line starting with '#'
// (with its continuations) as one token.
func ctokens(src []byte) []ctok {
	var out []ctok
	bol := true // only spaces since the line began
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			bol = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '#' && bol:
			j := i
			for j < len(src) && src[j] != '\n' {
				if src[j] == '\\' && j+1 < len(src) && src[j+1] == '\n' {
					j++
				}
				j++
			}
			out = append(out, ctok{i, j, '#'})
			i = j
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := i + 2
			for j < len(src) && !(src[j] == '*' && j+1 < len(src) && src[j+1] == '/') {
				j++
			}
			i = min(j+2, len(src))
			continue
		}
		bol = false
		j := i + 1
		switch {
		case c == '"' || c == '\'':
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			out = append(out, ctok{i, j, 'o'})
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			out = append(out, ctok{i, j, 'i'})
		case c >= '0' && c <= '9' || c >= 0x80:
			for j < len(src) && (isIdent(src[j]) || src[j] == '.' || src[j] >= 0x80) {
				j++
			}
			out = append(out, ctok{i, j, 'o'})
		default:
			out = append(out, ctok{i, j, 'p'})
		}
		i = j
	}
	return out
}

// ctoks is a source and its tokens (see ctokens).
type ctoks struct {
	src  []byte
	toks []ctok
}

// punct reports whether toks[j] is the punctuation c.
func (lx ctoks) punct(j int, c byte) bool {
	return j >= 0 && j < len(lx.toks) && lx.toks[j].k == 'p' && lx.src[lx.toks[j].s] == c
}

// word returns the text of toks[j].
func (lx ctoks) word(j int) string { return string(lx.src[lx.toks[j].s:lx.toks[j].e]) }

// closing returns the index of the token that closes the bracket at j,
// "(" or C++'s "<", or -1 when a ";" or a brace comes first.
func (lx ctoks) closing(j int) int {
	open, shut := byte('('), byte(')')
	if lx.punct(j, '<') {
		open, shut = '<', '>'
	}
	depth := 0
	for ; j < len(lx.toks); j++ {
		switch {
		case lx.punct(j, open):
			depth++
		case lx.punct(j, shut):
			if depth--; depth == 0 {
				return j
			}
		case lx.punct(j, ';'), lx.punct(j, '{'), lx.punct(j, '}'):
			return -1
		}
	}
	return -1
}

// cKeywords are the words of C and C++ a declaration's head may hold
// besides its type's name and its own: they are neither, nor macros.
// cPrimitives name a type themselves, as does the word after cTags.
var (
	cKeywords = wordSet(`auto const extern inline register restrict static volatile typedef
		_Noreturn _Atomic _Thread_local thread_local virtual explicit friend constexpr consteval
		constinit mutable typename __inline __inline__ __forceinline __extension__ __restrict
		__restrict__ __const __volatile__ __thread __cdecl __stdcall __fastcall __thiscall
		__vectorcall`)
	cPrimitives = wordSet(`char short int long float double signed unsigned void bool _Bool
		_Complex wchar_t char8_t char16_t char32_t`)
	cTags = wordSet(`struct union enum class`)
	// cNotNames are words that look like a declaration's name before "("
	// but are statements or operators.
	cNotNames = wordSet(`if while for switch return sizeof alignof _Alignof decltype typeof
		__typeof__ case do else goto operator new delete throw catch static_assert _Static_assert
		__attribute__ __declspec __asm__ asm __asm noexcept requires template`)
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// macroLike reports whether an identifier reads as a macro: in capitals
// (two or more characters, digits and "_" besides), or reserved to the
// implementation ("__THROW", "__wur"; but "__uint16_t" is a type).
func macroLike(w []byte) bool {
	if len(w) >= 2 && w[0] == '_' && w[1] == '_' {
		return !bytes.HasSuffix(w, []byte("_t")) // a type: __uint16_t
	}
	if len(w) >= 3 && w[0] == '_' && w[1] >= 'A' && w[1] <= 'Z' {
		// Reserved for the implementation, and in capitals: its macros
		// ("_GLIBCXX_BEGIN_NAMESPACE_VERSION", "_GLIBCXX_NOEXCEPT"), not
		// a template's parameter ("_Tp", "_Alloc", "_T1") nor a member
		// ("_M_impl").
		w = w[1:]
		if !rank.Capitals(w) {
			return false
		}
	}
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for _, c := range w {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// maskMacros returns a copy of src, in C or C++, with the macros around
// its function declarations blanked, or nil when it finds none. A
// declaration is read where one may start (the start of the file, or
// after ";", "{", "}", an access label or a template's parameters,
// preprocessor lines between): words and
// "*" up to "(", the last word its name. There,
//
//   - a macro-like word between "(" and "*name)(" is blanked, anywhere: a
//     calling convention in a pointer to a function ("(XMLCALL *h)(");
//   - so are words in capitals between "class" or "struct" and the name
//     (see classMacro);
//   - a macro and its arguments between "namespace", its name and "{"
//     are blanked (see namespaceMacro);
//   - a macro-like word alone on its line is blanked ("__BEGIN_DECLS",
//     "Q_OBJECT"; see alone);
//   - a macro-like word (see macroLike) after the name, followed by "((",
//     is a prototype wrapper: the word and its parentheses are blanked,
//     the inner ones kept;
//   - the head holds one type name at most (none beside a word such as
//     int, or a tag after struct): the macro-like words past that number
//     are blanked ("ZEXTERN", "ZEXPORT", "WINAPI"); when all the head's
//     names are macro-like, the first is taken for the type;
//   - after the parameters, macro-like words up to ";", "{", ",", "=" or
//     ":" are blanked with their arguments ("__THROW __nonnull ((1))").
//
// A declaration of any other shape is left as it is.
func maskMacros(src []byte) []byte {
	lx := ctoks{src, ctokens(src)}
	toks, punct := lx.toks, lx.punct
	var masked []byte
	blank := func(t ctok) {
		if masked == nil {
			masked = append([]byte(nil), src...)
		}
		for i := t.s; i < t.e; i++ {
			if masked[i] != '\n' {
				masked[i] = ' '
			}
		}
	}
	start := true
	for i := 0; i < len(toks); {
		t := toks[i]
		switch {
		case t.k == '#': // leaves start as it was: "#define A A" may follow an enumerator
			i++
			continue
		case t.k == 'i' && punct(i+1, ':') && !punct(i+2, ':') && (lx.word(i) == "public" || lx.word(i) == "private" || lx.word(i) == "protected"):
			start = true
			i += 2
			continue
		case t.k == 'i' && (lx.word(i) == "class" || lx.word(i) == "struct") && lx.classMacro(i+1) > i+1:
			end := lx.classMacro(i + 1)
			for _, m := range toks[i+1 : end] {
				blank(m) // an export macro: "class U_I18N_API Calendar : public UObject {"
			}
			start = false
			i = end
			continue
		case t.k == 'i' && lx.word(i) == "namespace" && lx.namespaceMacro(i+2) > 0:
			end := lx.namespaceMacro(i + 2)
			for _, m := range toks[i+2 : end] {
				blank(m) // an attribute's macro: "namespace std _GLIBCXX_VISIBILITY(default) {"
			}
			start = false
			i = end
			continue
		case t.k == 'i' && punct(i-1, '(') && punct(i+1, '*') && i+4 < len(toks) && toks[i+2].k == 'i' && punct(i+3, ')') && punct(i+4, '(') && macroLike(src[t.s:t.e]):
			blank(t) // a calling convention: "(XMLCALL *handler)(…)"
			start = false
			i++
			continue
		case start && t.k == 'i' && lx.word(i) == "template" && punct(i+1, '<') && lx.closing(i+1) > 0:
			i = lx.closing(i+1) + 1 // template<typename _Tp>: a declaration starts after it
			continue
		case start && t.k == 'i' && macroLike(src[t.s:t.e]) && lx.alone(i):
			blank(t) // a line of its own: __BEGIN_DECLS, Q_OBJECT
			i++
			continue
		case start:
			if marks, next, ok := lx.declMacros(i); ok {
				for _, m := range marks {
					blank(m)
					if m == t && m.e-m.s >= len("const") {
						copy(masked[m.s:], "const")
					}
				}
				start = false
				i = next
				continue
			}
		}
		start = t.k == 'p' && (src[t.s] == ';' || src[t.s] == '{' || src[t.s] == '}')
		i++
	}
	return masked
}

// namespaceMacro returns the index past a macro and its arguments at
// toks[i], after "namespace" and a name, before "{"
// ("namespace std _GLIBCXX_VISIBILITY(default) {", every header of
// libstdc++); 0 when there is none.
func (lx ctoks) namespaceMacro(i int) int {
	toks, punct := lx.toks, lx.punct
	if i+1 >= len(toks) || toks[i-1].k != 'i' || toks[i].k != 'i' || !macroLike(lx.src[toks[i].s:toks[i].e]) || !punct(i+1, '(') {
		return 0
	}
	end := lx.closing(i + 1)
	if end < 0 || !punct(end+1, '{') {
		return 0
	}
	return end + 1
}

// classMacro returns the index past the macros that follow "class" or
// "struct" at toks[i-1] and come before its name and ":", "{" or
// "final" ("class U_I18N_API Calendar :", "struct ALIGNAS(8) B {"), or i
// when there are none.
func (lx ctoks) classMacro(i int) int {
	toks, punct := lx.toks, lx.punct
	j := i
	for j < len(toks) && toks[j].k == 'i' && rank.Capitals(lx.src[toks[j].s:toks[j].e]) {
		j++
		if punct(j, '(') { // the macro's arguments
			if j = lx.closing(j); j < 0 {
				return i
			}
			j++
		}
	}
	if j == i || j+1 >= len(toks) || toks[j].k != 'i' {
		return i
	}
	if punct(j+1, ':') || punct(j+1, '{') || toks[j+1].k == 'i' && lx.word(j+1) == "final" {
		return j
	}
	return i
}

// alone reports whether toks[i] ends its line and comes before a word, a
// preprocessor line, the end, or a "}" that closes no block it alone is
// in ("enum { ONLY\n}" keeps its one name).
func (lx ctoks) alone(i int) bool {
	src, toks := lx.src, lx.toks
	if i+1 == len(toks) {
		return true
	}
	next := toks[i+1]
	if bytes.IndexByte(src[toks[i].e:next.s], '\n') < 0 {
		return false
	}
	switch next.k {
	case 'i', '#':
		return true
	case 'p':
		return src[next.s] == '}' && i > 0 && !(toks[i-1].k == 'p' && src[toks[i-1].s] == '{')
	}
	return false
}

// declMacros reads a function's declaration at toks[i] (see maskMacros)
// and returns the tokens to blank and the index of the token that ends
// it, or false when what starts there is not one.
func (lx ctoks) declMacros(i int) (marks []ctok, next int, ok bool) {
	src, toks, word, punct, close := lx.src, lx.toks, lx.word, lx.punct, lx.closing
	j := i
	if j+1 < len(toks) && word(j) == "extern" && toks[j+1].k == 'o' && src[toks[j+1].s] == '"' {
		j += 2 // extern "C++" before one declaration
	}
	// The head: words, "*", "&", and C++'s "::" and template arguments.
head:
	for j < len(toks) {
		switch {
		case toks[j].k == 'i', punct(j, '*'), punct(j, '&'):
			j++
		case punct(j, ':') && punct(j+1, ':'):
			j += 2
		case punct(j, '<') && j > i && toks[j-1].k == 'i':
			e := close(j)
			if e < 0 {
				return nil, 0, false
			}
			j = e + 1
		default:
			break head
		}
	}
	if j == i || !punct(j, '(') || toks[j-1].k != 'i' {
		return nil, 0, false
	}
	name, open, wrapper := j-1, j, -1
	if macroLike(src[toks[name].s:toks[name].e]) && !cNotNames[word(name)] && punct(j+1, '(') && name > i && toks[name-1].k == 'i' {
		if wrapper = close(j); wrapper < 0 {
			return nil, 0, false
		}
		marks = append(marks, toks[name], toks[j], toks[wrapper]) // OF( … )
		name, open = name-1, j+1
	}
	if cNotNames[word(name)] || cKeywords[word(name)] || cPrimitives[word(name)] || cTags[word(name)] {
		return nil, 0, false
	}
	// A name in capitals is a macro's call ("XMLPARSEAPI(void *)",
	// "__REDIRECT (…)"): what follows it is the declaration's name, not
	// annotations ("NCURSES_EXPORT_VAR(char *) UP;").
	call := rank.Capitals(src[toks[name].s:toks[name].e])
	// The head's names: all but keywords, primitive types and tags (a
	// qualified name, "std::string", is one, its template arguments none).
	var names, macros []int
	allowed := 1
	for k := i; k < name; k++ {
		if punct(k, '<') {
			k = close(k)
			continue
		}
		if toks[k].k != 'i' || punct(k+1, ':') && punct(k+2, ':') {
			continue
		}
		switch w := word(k); {
		case cTags[w]:
			allowed = 0
			k++ // the tag
		case cPrimitives[w]:
			allowed = 0
		case cKeywords[w]:
		case cNotNames[w]:
			return nil, 0, false
		default:
			names = append(names, k)
			if macroLike(src[toks[k].s:toks[k].e]) {
				macros = append(macros, k)
			}
		}
	}
	switch extra := len(names) - allowed; {
	case extra <= 0:
	case len(names)-len(macros) == allowed: // the non-macro name is the type, if any
		for _, k := range macros {
			marks = append(marks, toks[k])
		}
	case allowed == 1 && len(macros) == len(names): // all macro-like: the first is the type
		for _, k := range macros[1:] {
			marks = append(marks, toks[k])
		}
	default:
		return nil, 0, false
	}
	end := close(open)
	if end < 0 || wrapper >= 0 && end+1 != wrapper {
		return nil, 0, false
	}
	end = max(end, wrapper)
	// After the parameters: annotations, C++'s qualifiers, up to the end;
	// after a macro's call, the macro-like words before a name
	// ("XMLPARSEAPI(void *) XML_ATTR_MALLOC XML_MemMalloc(…)").
	k, kept := end+1, len(marks)
	for k < len(toks) && toks[k].k == 'i' {
		macro := macroLike(src[toks[k].s:toks[k].e])
		if !macro && call {
			kept = len(marks)
		}
		if macro {
			marks = append(marks, toks[k])
		}
		k++
		if punct(k, '(') {
			e := close(k)
			if e < 0 {
				return nil, 0, false
			}
			if macro {
				marks = append(marks, toks[k:e+1]...)
			}
			k = e + 1
		}
	}
	if !call {
		kept = len(marks)
	}
	marks = marks[:kept]
	if k < len(toks) && !(punct(k, ';') || punct(k, '{') || punct(k, ',') || punct(k, '=') || punct(k, ':')) {
		return nil, 0, false
	}
	return marks, k, true
}
