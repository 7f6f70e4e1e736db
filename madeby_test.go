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
// receiver's type, and a type parameter's result as no type.
func TestGoHeadsIn(t *testing.T) {
	src := "package p\n\nfunc New() *Server { return nil }\n\nfunc (s *Server) Connect() (*Session, error) {}\n\n" +
		"func (s *Set[T]) Pop() T {}\n\nfunc Keep[Pipe any](v Pipe) (Pipe, error) {}\n\n// func Not() *Server\nvar f = func() {}\nfunc\tTabbed() Pipe {}"
	var got []string
	for _, h := range goHeadsIn("a/b.go", []byte(src)) {
		got = append(got, h.dir+" "+h.recv+"."+h.name+" "+strings.Join(h.results, ","))
	}
	want := []string{"a .New Server", "a Server.Connect Session,error", "a Set.Pop ", "a .Keep ,error", "a .Tabbed Pipe"}
	if !slices.Equal(got, want) {
		t.Errorf("goHeadsIn:\n got %q\nwant %q", got, want)
	}
}

// FuzzGoHeads: the head reader never panics, and each head it reads is
// named by an identifier, with results that are names or "".
func FuzzGoHeads(f *testing.F) {
	for _, s := range []string{"func New() *T {}", "func (s *S) M(a, b int) (x, y T, err error)", "func F[K any](", "func (", "\nfunc F() (", "func F() (a, b", "func F() [", "func F()\x00(*T)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, h := range goHeadsIn("d/f.go", []byte(src)) {
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
