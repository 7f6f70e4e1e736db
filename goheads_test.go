package scout

import (
	"slices"
	"strings"
	"testing"
)

// TestGoResults: the result types a Go head declares, as written (a
// named group gives each name its type; what is no named type is "").
func TestGoResults(t *testing.T) {
	for _, c := range []struct {
		head    string // from just after the name
		results []string
		tparams string
	}{
		{"(ctx context.Context) (cs *ClientSession, err error) {", []string{"ClientSession", "error"}, ""},
		{"(a, b int) (x, y *T, err error) {", []string{"T", "T", "error"}, ""},
		{"[K comparable, V any](m map[K]V) (K, bool) {", []string{"K", "bool"}, "K comparable, V any"},
		{"() *pkg.Type[int] {", []string{"pkg.Type"}, ""},
		{"() []string {", []string{""}, ""},
		{"() func(a, b int) error {", []string{""}, ""},
		{"(f func(int) (int, error)) io.Writer {", []string{"io.Writer"}, ""},
		{"(x int,\n\ty int) (*Session, error) {", []string{"Session", "error"}, ""},
		{"() {\n\treturn\n}", nil, ""},
		{"(s string)\nfunc Next() *T", nil, ""},
		{"(broken", nil, ""},
	} {
		got, tp := goResults([]byte(c.head))
		if !slices.Equal(got, c.results) || tp != c.tparams {
			t.Errorf("goResults(%q) = %q, %q; want %q, %q", c.head, got, tp, c.results, c.tparams)
		}
	}
}

// TestGoHeadsIn: every function's and method's head of a file, its
// receiver's type, a type parameter's result as no type; and the fields
// of its structs laid out a field to a line, with their types as written.
func TestGoHeadsIn(t *testing.T) {
	src := "package p\n\nfunc New() *Server { return nil }\n\nfunc (s *Server) Connect() (*Session, error) {}\n\n" +
		"func (s *Set[T]) Pop() T {}\n\nfunc Keep[Pipe any](v Pipe) (Pipe, error) {}\n\n// func Not() *Server\nvar f = func() {}\nfunc\tTabbed() Pipe {}\n" +
		"type Server struct {\n\tmu sync.Mutex // guards\n\tconn, peer *jsonrpc2.Conn\n\t*Embedded\n\tio.Writer\n\tname string `json:\"name\"`\n\tfn func() error\n\n\t// a comment\n}\n" +
		"type One struct{ a int }\ntype Gen[T any] struct {\n\tv *T\n\tnext *Gen[T]\n}\n"
	src += "var one = New()\nvar two *pkg.T // a comment\nvar (\n\tthree = &Server{}\n\tfour  = pkg.Make(1)\n\tfive, six = 1, 2\n\tseven = new(bytes.Buffer)\n\teight = make([]int, 1)\n)\n"
	heads, fields, vars := goHeadsIn("a/b.go", []byte(src))
	var got []string
	for _, h := range heads {
		got = append(got, h.path+" "+h.recv+"."+h.name+" "+strings.Join(h.results, ","))
	}
	want := []string{"a/b.go .New Server", "a/b.go Server.Connect Session,error", "a/b.go Set.Pop ", "a/b.go .Keep ,error", "a/b.go .Tabbed Pipe"}
	if !slices.Equal(got, want) {
		t.Errorf("goHeadsIn's heads:\n got %q\nwant %q", got, want)
	}
	got = nil
	for _, f := range fields {
		got = append(got, f.typ+"."+f.name+" "+f.raw)
	}
	want = []string{"Server.mu sync.Mutex", "Server.conn jsonrpc2.Conn", "Server.peer jsonrpc2.Conn", "Server. Embedded", "Server. io.Writer", "Server.name string", "Gen.v T", "Gen.next Gen"}
	if !slices.Equal(got, want) {
		t.Errorf("goHeadsIn's fields:\n got %q\nwant %q", got, want)
	}
	got = nil
	for _, v := range vars {
		got = append(got, v.name+" "+v.raw+" "+v.call)
	}
	want = []string{"one  New", "two pkg.T ", "three Server ", "four  pkg.Make", "seven bytes.Buffer "}
	if !slices.Equal(got, want) {
		t.Errorf("goHeadsIn's variables:\n got %q\nwant %q", got, want)
	}
}

// FuzzGoHeads: the head reader never panics, and each head and field it
// reads is named by an identifier, with types that are names or "".
func FuzzGoHeads(f *testing.F) {
	for _, s := range []string{"type S struct {\n\ta, b *pkg.T\n\tc\n}", "var (\n\ta = F()\n", "var x T", "type S struct {", "type S struct {\n", "func (s *S) M(a, b int) (x, y T, err error)", "func F[K any](", "func (", "\nfunc F() (", "func F() (a, b", "func F() [", "func F()\x00(*T)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		heads, fields, vars := goHeadsIn("d/f.go", []byte(src))
		for _, v := range vars {
			if !isIdentifier(v.name) || v.raw == "" && v.call == "" {
				t.Fatalf("a variable %+v", v)
			}
		}
		for _, f := range fields {
			if !isIdentifier(f.typ) || f.name != "" && !isIdentifier(f.name) || !isIdentifier(strings.Replace(f.raw, ".", "", 1)) {
				t.Fatalf("a field %+v", f)
			}
		}
		for _, h := range heads {
			if !isIdentifier(h.name) {
				t.Fatalf("a head named %q", h.name)
			}
			for _, r := range h.results {
				if r != "" && !isIdentifier(strings.Replace(r, ".", "", 1)) {
					t.Fatalf("%s: a result %q", h.name, r)
				}
			}
		}
		goResults([]byte(src))
	})
}
