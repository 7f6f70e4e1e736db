package rank

import (
	"bytes"
	"testing"
)

// FuzzClassifyC classifies every word of every line of C or C++ source:
// no input panics, and grep's fast check (Line) lets through every line on
// which Classify finds a definition, or grep would miss it.
func FuzzClassifyC(f *testing.F) {
	for _, s := range []string{
		"int f(void) {\n  return g(1);\n}\n",
		"namespace std {\n  template<typename T>\n    void\n    vector<T>::\n    push_back(const T& x)\n    {\n      _M_insert(x);\n    }\n}\n",
		"class C {\n public:\n  void run(int x) {\n    helper(x);\n  }\n  int size() const;\n  C() : x_(0) {}\n};\n",
		"typedef struct {\n  int a;\n} buf_t;\n/* void f(int x) { */\n#define F(x) f(x)\n",
		"  auto size() const -> size_type\n    owningGraph()->forEachNode(f) {\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		cl := NewClassifier(C, src)
		start := 0
		for start <= len(src) {
			end := bytes.IndexByte(src[start:], '\n')
			if end < 0 {
				end = len(src)
			} else {
				end += start
			}
			_, need, _ := cl.Line(start, end)
			line := src[start:end]
			for a := 0; a < len(line); {
				if !isIdent(line[a]) {
					a++
					continue
				}
				b := a
				for b < len(line) && isIdent(line[b]) {
					b++
				}
				if c := cl.Classify(start, end, a, b); c.Kind == Definition && !need {
					t.Fatalf("%q: Classify calls %q a definition, and Line says no name is declared on the line", line, line[a:b])
				}
				a = b
			}
			start = end + 1
		}
	})
}
