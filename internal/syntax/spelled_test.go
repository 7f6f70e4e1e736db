package syntax

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestSpelled: a name is kept on one line, as written, with no space
// beside "::" and one between words.
func TestSpelled(t *testing.T) {
	for in, want := range map[string]string{
		"join":          "join",
		"Pool<T>::join": "Pool<T>::join",
		"vector<_Tp, _Alloc>::\n      emplace_back": "vector<_Tp, _Alloc>::emplace_back",
		"a ::\r\n\tb":              "a::b",
		"operator  new":            "operator new",
		"std::vector<int>\n::size": "std::vector<int>::size",
		"":                         "",
	} {
		if got := spelled([]byte(in)); got != want {
			t.Errorf("spelled(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNamesOutsideTheClass: a C++ method defined outside its class, its
// name broken across lines as libstdc++ writes them, is named on one
// line and answers to its own name; nothing else does.
func TestNamesOutsideTheClass(t *testing.T) {
	src := "template<typename T>\nvoid Foo<T>::\nbar(int x) { baz(); }\n\n" +
		"template<typename T>\ntypename Foo<T>::iterator\nFoo<T>::\n  qux(int x) { bar(1); }\n"
	f, err := Parse(context.Background(), "a.cpp", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Defs {
		if strings.ContainsAny(d.Name, "\n\t") || strings.Contains(d.Name, ":: ") {
			t.Errorf("definition at line %d is named %q, over more than a line", d.Start, d.Name)
		}
		names = append(names, d.Name)
	}
	if By == ByParser && !slices.Equal(names, []string{"Foo<T>::bar", "Foo<T>::qux"}) {
		t.Errorf("names %q, want Foo<T>::bar and Foo<T>::qux", names)
	}
	if By == ByParser && len(f.Defs) > 0 && f.Defs[0].Signature != "void Foo<T>::bar(int x)" {
		t.Errorf("signature %q, want void Foo<T>::bar(int x)", f.Defs[0].Signature)
	}
	for def, name := range map[string]string{"Foo<T>::bar": "bar", "net::Pool::join": "join", "join": "join"} {
		if !Names(def, name) {
			t.Errorf("Names(%q, %q) is false", def, name)
		}
	}
	for def, name := range map[string]string{"Foo<T>::bar": "Foo", "rebar": "bar", "Foo::xbar": "bar"} {
		if Names(def, name) {
			t.Errorf("Names(%q, %q) is true", def, name)
		}
	}
}

// TestSignatureOfTheNamesLine: a head too long for one signature, whose
// name ends on a later line than its first (a C++ return type and
// template on lines of their own, a Java annotation), is shown by the
// line where the name ends; one whose name is on its first line, by
// that line.
func TestSignatureOfTheNamesLine(t *testing.T) {
	pad := strings.Repeat("_Param, ", 20)
	head := "auto\n    _Hashtable<" + pad + "_Traits>::\n    _M_erase(size_type __bkt, __node_ptr __n)\n    -> iterator"
	nameEnd := strings.Index(head, "_M_erase") + len("_M_erase")
	if got, want := signature("cpp", "function", []byte(head), nameEnd), "_M_erase(size_type __bkt, __node_ptr __n)"; got != want {
		t.Errorf("C++ head: %q, want %q", got, want)
	}
	head = "def f(\n    " + pad + "\n    x):"
	if got, want := signature("python", "function", []byte(head), len("def f")), "def f("; got != want {
		t.Errorf("Python head: %q, want %q", got, want)
	}
	head = "@SuppressWarnings(\"unchecked\")\npublic <T> T convert(" + pad + "Object o)"
	nameEnd = strings.Index(head, "convert") + len("convert")
	if got := signature("java", "method", []byte(head), nameEnd); !strings.HasPrefix(got, "public <T> T convert(_Param, ") {
		t.Errorf("Java head: %q, want the line of convert", got)
	}
}
