package ignore

import (
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	rules := Parse("t/.gitignore", []byte("\xef\xbb\xbf# comment\r\n\n*.log\r\n!keep.log\nbuild/\n/root.txt\ndoc/*.md\n\\#lit\n\\!bang\ntrail\\ \nspaces   \n"))
	for _, c := range []struct {
		path string
		dir  bool
		want Decision
		rule string
	}{
		{"a.log", false, Ignore, "t/.gitignore:3:*.log"},
		{"x/y/a.log", false, Ignore, "t/.gitignore:3:*.log"},
		{"keep.log", false, Whitelist, "t/.gitignore:4:!keep.log"},
		{"build", true, Ignore, "t/.gitignore:5:build/"},
		{"build", false, None, ""},
		{"sub/build", true, Ignore, "t/.gitignore:5:build/"},
		{"root.txt", false, Ignore, "t/.gitignore:6:/root.txt"},
		{"sub/root.txt", false, None, ""},
		{"doc/a.md", false, Ignore, "t/.gitignore:7:doc/*.md"},
		{"x/doc/a.md", false, None, ""},
		{"#lit", false, Ignore, `t/.gitignore:8:\#lit`},
		{"!bang", false, Ignore, `t/.gitignore:9:\!bang`},
		{"trail ", false, Ignore, `t/.gitignore:10:trail\ `},
		{"trail", false, None, ""},
		{"spaces", false, Ignore, "t/.gitignore:11:spaces"},
		{"comment", false, None, ""},
	} {
		d, r := rules.Match(c.path, c.dir)
		got := ""
		if r != nil {
			got = r.String()
		}
		if d != c.want || got != c.rule {
			t.Errorf("Match(%q, dir=%v) = %v %q, want %v %q", c.path, c.dir, d, got, c.want, c.rule)
		}
	}
	if n := rules.Len(); n != 9 {
		t.Errorf("Len() = %d, want 9", n)
	}
	if n := rules.Negations(); n != 1 {
		t.Errorf("Negations() = %d, want 1", n)
	}
}

func TestNilRules(t *testing.T) {
	var r *Rules
	if d, rule := r.Match("x", false); d != None || rule != nil {
		t.Errorf("nil rules matched: %v %v", d, rule)
	}
}

// FuzzParse feeds arbitrary ignore files and paths: parsing never fails,
// and a file of one pattern and the file of its negation decide every path
// oppositely.
func FuzzParse(f *testing.F) {
	f.Add("*.log\n!keep.log\nbuild/\n", "a/keep.log", true)
	f.Add("a/**/b", "a/x/b", false)
	f.Add("[!0-9].dat\n\\#x", "5.dat", false)
	f.Fuzz(func(t *testing.T, content, path string, dir bool) {
		if len(content) > 200 || len(path) > 100 {
			return
		}
		Parse("fuzz", []byte(content)).Match(path, dir)
		line, _, _ := strings.Cut(content, "\n")
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "!") || strings.HasSuffix(line, "\\") {
			return
		}
		pos, _ := Parse("p", []byte(line)).Match(path, dir)
		neg, _ := Parse("n", []byte("!"+line)).Match(path, dir)
		switch {
		case pos == None && neg != None, pos == Ignore && neg != Whitelist, pos == Whitelist:
			t.Fatalf("pattern %q on %q: %v, negated: %v", line, path, pos, neg)
		}
	})
}
