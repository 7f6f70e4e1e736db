//go:build cgo

package syntax

import (
	"context"
	"strings"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// TestMaskMacros pins each rule of maskMacros, and the shapes it must
// leave alone: "·" in want stands for a blanked byte.
func TestMaskMacros(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"export macros and a prototype wrapper",
			"ZEXTERN int ZEXPORT deflate OF((z_streamp strm, int flush));",
			"const·· int ······· deflate ···(z_streamp strm, int flush)·;"},
		{"a type named between the macros",
			"ZEXTERN gzFile ZEXPORT gzopen OF((const char *, const char *));",
			"const·· gzFile ······· gzopen ···(const char *, const char *)·;"},
		{"annotations after the parameters",
			"extern char *strdup (const char *__s)\n     __THROW __attribute_malloc__ __nonnull ((1));",
			"extern char *strdup (const char *__s)\n     ······· ···················· ········· ·····;"},
		{"extern \"C++\" before one declaration",
			"extern \"C++\" void *memrchr (void *__s, int __c) __THROW __asm (\"memrchr\");",
			"extern \"C++\" void *memrchr (void *__s, int __c) ······· ····· ·········· ;"},
		{"a calling convention between the type and the name",
			"BOOL WINAPI CloseHandle(HANDLE h);",
			"BOOL ······ CloseHandle(HANDLE h);"},
		{"a calling convention in a pointer to a function",
			"typedef void (XMLCALL *XML_Handler)(void *data);",
			"typedef void (······· *XML_Handler)(void *data);"},
		{"a line of its own",
			"#include <features.h>\n__BEGIN_DECLS\nextern int f (void);\n__END_DECLS\n",
			"#include <features.h>\n·············\nextern int f (void);\n···········\n"},
		{"annotations between a macro's call and the name",
			"XMLPARSEAPI(void *)\nXML_ATTR_MALLOC\nXML_MemMalloc(XML_Parser parser, size_t size);",
			"XMLPARSEAPI(void *)\n···············\nXML_MemMalloc(XML_Parser parser, size_t size);"},
		{"C++: an export macro in a class's head, a template type after a macro",
			"class U_I18N_API Calendar : public UObject {\n  LIB_NODISCARD static std::vector<int> zones(const std::string &r);\n};",
			"class ·········· Calendar : public UObject {\n  const········ static std::vector<int> zones(const std::string &r);\n};"},
		{"C++: a class's macro line and an override macro",
			"class D : public B {\n    Q_OBJECT\npublic:\n    void accept() Q_DECL_OVERRIDE;\n};",
			"class D : public B {\n    ········\npublic:\n    void accept() ···············;\n};"},
		{"C++: libstdc++'s namespace attribute, and its reserved macros on lines of their own",
			"namespace std _GLIBCXX_VISIBILITY(default)\n{\n_GLIBCXX_BEGIN_NAMESPACE_VERSION\n  template<typename _Tp> class list;\n_GLIBCXX_END_NAMESPACE_VERSION\n}",
			"namespace std ····························\n{\n································\n  template<typename _Tp> class list;\n······························\n}"},
		{"C++: libstdc++'s constexpr macro on a line of its own after a template's parameters",
			"  template<typename _Tp, typename _Alloc>\n    _GLIBCXX20_CONSTEXPR\n    void\n    vector<_Tp, _Alloc>::\n    reserve(size_type __n)\n    { }",
			"  template<typename _Tp, typename _Alloc>\n    ····················\n    void\n    vector<_Tp, _Alloc>::\n    reserve(size_type __n)\n    { }"},

		// Left as they are.
		{"reserved names not in capitals: templates' parameters, a member", "template<typename _Tp, typename _T1>\nstruct B {\n  _Tp\n  _M_value;\n  _T1\n  first;\n};", ""},
		{"a namespace's name", "namespace STD_NS\n{\nint f();\n}", ""},
		{"a name after a macro's call is no annotation", "extern NCURSES_EXPORT_VAR(char *) UP;", ""},
		{"a macro's call in capitals", "extern int __REDIRECT_NTH (lseek, (int __fd), lseek64) __THROW;", ""},
		{"a type in capitals", "HANDLE CreateMutex(void *attrs);\nFILE *fopen(const char *p, const char *m);", ""},
		{"a reserved type", "static __inline __uint16_t\n__uint16_identity (__uint16_t __x)\n{\n  return __x;\n}", ""},
		{"an attribute of a type", "typedef long long __kernel_clock_t __attribute__((aligned(4)));", ""},
		{"the last name of an enum", "enum s {\n  SHUT_RD = 0,\n#define SHUT_RD SHUT_RD\n  SHUT_RDWR\n#define SHUT_RDWR SHUT_RDWR\n};", ""},
		{"an enum's one name", "enum e {\n  ONLY\n};", ""},
		{"a statement", "void f(int x) {\n  if (x) RETRY;\n  while (x) FOO(x);\n  return BAR(x);\n}", ""},
		{"C++ qualifiers", "struct W {\n  virtual void draw() const = 0;\n  int size() const noexcept override;\n};", ""},
		{"comments and strings", "/* ZEXTERN int ZEXPORT f OF((void)); */\nconst char *s = \"BOOL WINAPI g(void);\";\n// __THROW\n", ""},
	} {
		got := maskMacros([]byte(c.src))
		want := strings.ReplaceAll(c.want, "·", " ")
		switch {
		case c.want == "" && got != nil:
			t.Errorf("%s: masked %q, want it left alone", c.name, got)
		case c.want != "" && string(got) != want:
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, want)
		}
	}
}

// TestHeaderGrammar: a ".h" file is C unless a line of it begins as only
// C++'s do; prose in a comment does not make it C++.
func TestHeaderGrammar(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"int f(void);\n", "c"},
		{"class Widget {\n};\n", "cpp"},
		{"class U_I18N_API Calendar : public UObject {\n", "cpp"},
		{"class Forward;\n", "cpp"},
		{"namespace llvm {\n", "cpp"},
		{"namespace detail\n{\n", "cpp"},
		{"  template <typename T>\n", "cpp"},
		{" public:\n", "cpp"},
		{"using namespace std;\n", "cpp"},
		{"/*\n   namespace processing as described above. The character\n   class members are declared\n */\nint f(void);\n", "c"},
		{"struct s { int class_id; };\n  public: the field\n", "c"},
	} {
		if got := headerGrammar("x.h", []byte(c.src)); got != c.want {
			t.Errorf("%q: %s, want %s", c.src, got, c.want)
		}
	}
	if got := headerGrammar("x.c", []byte("class Widget {\n};\n")); got != "c" {
		t.Errorf("a .c file: %s, want c", got)
	}
	// Template definitions kept apart from their header (libstdc++'s
	// bits/vector.tcc) are C++.
	for _, p := range []string{"bits/vector.tcc", "x.tpp", "x.txx", "x.ipp", "x.inl"} {
		if got := Grammar(p); got != "cpp" {
			t.Errorf("%s: %q, want cpp", p, got)
		}
	}
}

// TestParseMaskedKeepsTheBetter: parseMasked returns the parse of the
// masked copy where it has less in error, and the source's own where it
// has more (a C++ header read as C, whose macros are not what breaks it).
func TestParseMaskedKeepsTheBetter(t *testing.T) {
	for _, c := range []struct {
		src        string
		maskedWins bool
	}{
		{"ZEXTERN int ZEXPORT deflate OF((z_streamp strm, int flush));\nextern int fclose (FILE *f) __nonnull ((1));\n", true},
		{"class H {\n public:\n  static INLINE H* From(void* p) { return p; }\n};\n", false},
	} {
		src := []byte(c.src)
		masked := maskMacros(src)
		if masked == nil {
			t.Fatalf("%q: nothing masked", c.src)
		}
		_, p, err := parserFor("c")
		if err != nil {
			t.Fatal(err)
		}
		own, copied := errorBytesOf(t, p, src), errorBytesOf(t, p, masked)
		if own == 0 || (copied < own) != c.maskedWins {
			t.Fatalf("%q: %d bytes in error as it is, %d masked: not the case this test is of", c.src, own, copied)
		}
		tr, err := parseMasked(context.Background(), p, "c", src, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := errorBytes(tr.RootNode())
		tr.Close()
		putParser(p)
		if got != min(own, copied) {
			t.Errorf("%q: the parse kept has %d bytes in error; as it is %d, masked %d", c.src, got, own, copied)
		}
	}
}

// FuzzMaskMacros: a masked copy is as long as the source, keeps its lines,
// and differs only where a byte became a space or a word became "const".
// TestParseMaskedTie: where the masked copy has as much in error as the
// source, parseMasked keeps the masked copy's parse (see parseMasked):
// there, no node is read at the macro's blanked bytes.
func TestParseMaskedTie(t *testing.T) {
	src := "#if A\nclass list {\n#else\nclass list : B {\n#endif\npublic:\n  const_iterator\n  begin() const _GLIBCXX_NOEXCEPT\n  { return it; }\n};\n"
	_, p, err := parserFor("cpp")
	if err != nil {
		t.Fatal(err)
	}
	defer putParser(p)
	masked := maskMacros([]byte(src))
	if own, copied := errorBytesOf(t, p, []byte(src)), errorBytesOf(t, p, masked); masked == nil || own == 0 || own != copied {
		t.Fatalf("%d bytes in error as it is, %d masked: not the case this test is of", own, copied)
	}
	tr, err := parseMasked(context.Background(), p, "cpp", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	at := uint(strings.Index(src, "_GLIBCXX_NOEXCEPT"))
	if n := tr.RootNode().DescendantForByteRange(at, at+uint(len("_GLIBCXX_NOEXCEPT"))); n.StartByte() == at {
		t.Errorf("the parse kept reads a %s at the macro: the source's, not the masked copy's", n.Kind())
	}
}

// errorBytesOf returns how much of src's parse by p is in error (see
// errorBytes).
func errorBytesOf(t *testing.T, p *sitter.Parser, src []byte) int {
	t.Helper()
	tr, err := parseIn(context.Background(), p, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	return errorBytes(tr.RootNode())
}

func FuzzMaskMacros(f *testing.F) {
	f.Add([]byte("ZEXTERN int ZEXPORT deflate OF((z_streamp strm, int flush));"))
	f.Add([]byte("extern char *strdup (const char *__s) __THROW __nonnull ((1));\n__END_DECLS\n"))
	f.Add([]byte("typedef void (XMLCALL *H)(void *);\nXMLPARSEAPI(void *)\nXML_ATTR_MALLOC\nXML_MemMalloc(int);"))
	f.Add([]byte("#define A(x) \\\n  x\n\"unterminated\n'c' /* open"))
	f.Fuzz(func(t *testing.T, src []byte) {
		m := maskMacros(src)
		if m == nil {
			return
		}
		if len(m) != len(src) {
			t.Fatalf("masked %d bytes of %d", len(m), len(src))
		}
		for i := 0; i < len(m); i++ {
			switch {
			case m[i] == src[i]:
			case src[i] == '\n' || m[i] == '\n':
				t.Fatalf("byte %d: a line changed", i)
			case m[i] == ' ':
			case strings.HasPrefix(string(m[i:]), "const") && isIdent(src[i]) && (i == 0 || !isIdent(src[i-1])):
				i += len("const") - 1
			default:
				t.Fatalf("byte %d: %q became %q", i, src[i], m[i])
			}
		}
	})
}
