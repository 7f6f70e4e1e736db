package match

import (
	"github.com/scoutcode/scout/internal/fixture"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
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
		b.Run(c.name, func(b *testing.B) {
			m := p.Matcher()
			b.SetBytes(int64(len(data)))
			n := 0
			for b.Loop() {
				n = 0
				for at := 0; ; {
					_, e, ok := m.NextLine(data, at)
					if !ok {
						break
					}
					n++
					at = e + 1
				}
			}
			b.ReportMetric(float64(n), "lines")
		})
	}
}
