package match

import (
	"cmp"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

var (
	corpusOnce sync.Once
	corpus     []byte
)

// goCorpus returns up to 32 MB of Go source from GOROOT, concatenated.
func goCorpus(b *testing.B) []byte {
	corpusOnce.Do(func() {
		root := filepath.Join(fixture.GoRoot(), "src")
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || len(corpus) > 32<<20 {
				return nil
			}
			data, _ := os.ReadFile(p)
			corpus = append(corpus, data...)
			return nil
		})
	})
	if len(corpus) == 0 {
		b.Skip("no Go source tree found")
	}
	return corpus
}

// BenchmarkNextLine measures finding every matching line in 32 MB of Go
// source, one goroutine. Compare runs with benchstat.
func BenchmarkNextLine(b *testing.B) {
	cases := []struct {
		name, pattern string
		opts          Options
	}{
		{"literal", "Unmarshal", Options{}},
		{"literal-nomatch", "zqxjkvbw_nomatch", Options{}},
		{"literal-smartcase", "unmarshal", Options{}},
		{"literal-smartcase-s", "serialize", Options{}},
		{"regex-literal", `func \w+Marshal\w*\(`, Options{}},
		{"regex-noliteral", `[A-Z][a-z]+[0-9]{2,}`, Options{}},
		{"word", "err", Options{Word: true}},
		{"alternation", `ERROR|WARNING|FATAL`, Options{}},
		{"many-literals", "", Options{Fixed: true}},
	}
	data := goCorpus(b)
	for _, c := range cases {
		pats := []string{c.pattern}
		if c.name == "many-literals" {
			pats = strings.Fields("Marshal Unmarshal Encoder Decoder Reader Writer Buffer Scanner Parser Lexer Token Context")
		}
		p, err := Compile(pats, c.opts)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) { benchLines(b, p, data) })
	}
}

// corpusWords returns 1,000 words of the corpus (identifiers of four
// bytes or more), by how often they occur: from rank `from` on.
func corpusWords(data []byte, from int) []string {
	count := map[string]int{}
	for _, w := range wordRE.FindAll(data, -1) {
		count[string(w)]++
	}
	words := slices.Collect(maps.Keys(count))
	slices.SortFunc(words, func(a, b string) int { return cmp.Or(cmp.Compare(count[b], count[a]), strings.Compare(a, b)) })
	return words[min(from, len(words)-1000):][:1000]
}

var wordRE = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]{3,}\b`)

// BenchmarkLiteralSet measures finding every line that holds one of
// 1,000 words of the corpus, case-sensitive as grep -s -F -f: the 1,000
// commonest, those ranked 5,000 to 6,000, and rarer ones; and with smart
// case, as grep -F -f.
func BenchmarkLiteralSet(b *testing.B) {
	data := goCorpus(b)
	for _, c := range []struct {
		from  int
		smart bool
	}{{0, false}, {5000, false}, {20000, false}, {5000, true}} {
		opts, name := Options{Fixed: true, Case: Sensitive}, fmt.Sprintf("from-%d", c.from)
		if c.smart {
			opts.Case, name = Smart, name+"-smart-case"
		}
		p, err := Compile(corpusWords(data, c.from), opts)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) { benchLines(b, p, data) })
	}
}

// benchLines measures finding every line of text that p matches, one
// goroutine, and reports how many there are.
func benchLines(b *testing.B, p *Pattern, text []byte) {
	m := p.Matcher()
	b.SetBytes(int64(len(text)))
	n := 0
	for b.Loop() {
		n = 0
		for at := 0; ; {
			_, e, ok := m.NextLine(text, at)
			if !ok {
				break
			}
			n++
			at = e + 1
		}
	}
	b.ReportMetric(float64(n), "lines")
}
