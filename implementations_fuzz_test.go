package scout_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	scout "github.com/scoutcode/scout"
)

// FuzzGoMethods: the line scan for Go methods takes any bytes, and each
// method it reads is on a line of the input that starts with "func (",
// with a receiver type and a name that are identifiers on that line.
func FuzzGoMethods(f *testing.F) {
	for _, s := range []string{
		"func (s *T) M() {}\n",
		"func (s *T[K, V]) M(x int) (int, error) {\n}\n",
		"func (T /* c */) m()\nfunc (*p /* ERROR */ ) _() {}\n",
		"func ( /* */ ) _() {}\nfunc (a, b T3) _() {}\n",
		"func (",
		"func (x T) \n",
		"func (x T /* ) M() {}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := bytes.Split(src, []byte("\n"))
		for _, m := range scout.GoMethods(src) {
			typ, rest, _ := strings.Cut(m, ".")
			name, n, _ := strings.Cut(rest, ":")
			line, err := strconv.Atoi(n)
			if err != nil || line < 1 || line > len(lines) {
				t.Fatalf("%q: line %q outside 1-%d", m, n, len(lines))
			}
			l := lines[line-1]
			if !bytes.HasPrefix(l, []byte("func (")) || !bytes.Contains(l, []byte(typ)) || !bytes.Contains(l, []byte(name)) || typ == "" || name == "" {
				t.Fatalf("%q is not on its line %q", m, l)
			}
		}
	})
}

// FuzzEmbeddedNames: the line scan for embedded types and interface
// methods takes any bytes, and each name it gives is a Go identifier
// written in the input.
func FuzzEmbeddedNames(f *testing.F) {
	for _, s := range []string{
		"type T struct {\n\t*bytes.Buffer // out\n\tio.Reader `json:\"-\"`\n}\n",
		"type T struct{ *memStore; n int }\n",
		"type I interface {\n\tio.Reader\n\tRead(p []byte) (int, error)\n}\nvar _ interface{ M(); N() }\n",
		"\tCache[K, errValue[V]]\n\t*bufio /* c */ .Writer\n",
		"\t/* */ x /*",
		"struct { [",
		"\tÿ\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		embeds, methods := scout.EmbeddedNames(src)
		for _, n := range append(embeds, methods...) {
			if !scout.IsIdentifier(n) || !bytes.Contains(src, []byte(n)) {
				t.Fatalf("%q: not an identifier written in the input", n)
			}
		}
	})
}
