package scout_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCatalogue: every test docs/hostile-inputs.md names exists, so the
// catalogue cannot promise what no test pins; and it has at least 60 rows.
func TestCatalogue(t *testing.T) {
	doc, err := os.ReadFile("docs/hostile-inputs.md")
	if err != nil {
		t.Fatal(err)
	}
	var sources strings.Builder
	filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, "_test.go") {
			b, _ := os.ReadFile(p)
			sources.Write(b)
		}
		return nil
	})
	src := sources.String()
	rows := 0
	names := regexp.MustCompile("`((?:Test|Fuzz)[A-Za-z0-9]+)(?:/([^`]+))?`")
	for _, line := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| input") || strings.HasPrefix(line, "| ---") {
			continue
		}
		rows++
		cells := strings.Split(line, " | ")
		for _, m := range names.FindAllStringSubmatch(cells[len(cells)-1], -1) {
			if !strings.Contains(src, "func "+m[1]+"(") {
				t.Errorf("%s: no such test", m[1])
				continue
			}
			// Go writes a subtest's spaces as underscores.
			if sub := m[2]; sub != "" && !regexp.MustCompile(`"`+strings.ReplaceAll(regexp.QuoteMeta(sub), "_", "[_ ]")+`"`).MatchString(src) {
				t.Errorf("%s/%s: no such case", m[1], sub)
			}
		}
	}
	if rows < 60 {
		t.Errorf("the catalogue has %d rows; the bar is 60", rows)
	}
}
