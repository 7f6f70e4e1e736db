package syntax

import (
	"fmt"
	"strings"
	"testing"
)

func TestMarkdownSections(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"the worked example", "# A\ntext\n## B\nmore\n# C\n", "A 1-4 in -; B 3-4 in A; C 5-5 in -"},
		{"preamble, then levels that skip", "intro\n\n### Deep\nx\n# Top\n## Sub ##\ny\n", "Deep 3-4 in -; Top 5-7 in -; Sub 6-7 in Top"},
		{"setext", "Title\n=====\n\ntext\n\nPart\n----\nmore\n", "Title 1-8 in -; Part 6-8 in Title"},
		{"fenced code holds no heading", "# Run\n```sh\n# a shell comment\nmake\n```\n~~~\n# no\n~~~\n## After\n", "Run 1-9 in -; After 9-9 in Run"},
		{"a longer fence closes only on its own kind", "# A\n````\n```\n# no\n```\n````\n# B\n", "A 1-6 in -; B 7-7 in -"},
		{"not headings", "#hashtag\n    # indented code\n####### seven\n- item\n---\n| a |\n---\n", ""},
		{"front matter is no setext heading", "---\ntitle: x\n---\n# Doc\n", "Doc 4-4 in -"},
		{"closing hashes and empty heading", "# A #\n#\n## `code` heading\n", "A 1-1 in -;  2-3 in -; `code` heading 3-3 in "},
		{"CRLF", "# A\r\ntext\r\n# B\r\n", "A 1-2 in -; B 3-3 in -"},
	} {
		var got []string
		defs := MarkdownSections([]byte(c.in))
		for _, d := range defs {
			parent := "-"
			if d.Parent >= 0 {
				parent = defs[d.Parent].Name
			}
			got = append(got, fmt.Sprintf("%s %d-%d in %s", d.Name, d.Start, d.End, parent))
		}
		if s := strings.Join(got, "; "); s != c.want {
			t.Errorf("%s: got %q, want %q", c.name, s, c.want)
		}
	}
}

// FuzzMarkdownSections: any bytes give sections in order, each within the
// document and within its parent, nested one level below it.
func FuzzMarkdownSections(f *testing.F) {
	for _, s := range []string{"# A\ntext\n## B\n", "T\n===\n", "```\n# x\n```\n# y", "---\n---\n", "#\n##\n###", "a\n---\n- b\n---"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defs := MarkdownSections(data)
		n := len(strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"))
		for i, d := range defs {
			if d.Start < 1 || d.End < d.Start || d.End > n {
				t.Fatalf("section %d %q: lines %d-%d of %d", i, d.Name, d.Start, d.End, n)
			}
			if i > 0 && d.Start <= defs[i-1].Start {
				t.Fatalf("section %d starts at %d, not after %d", i, d.Start, defs[i-1].Start)
			}
			if d.Parent >= 0 {
				p := defs[d.Parent]
				if d.Parent >= i || d.Start < p.Start || d.End > p.End || d.Depth != p.Depth+1 {
					t.Fatalf("section %d (%d-%d, depth %d) is not inside its parent %d (%d-%d, depth %d)", i, d.Start, d.End, d.Depth, d.Parent, p.Start, p.End, p.Depth)
				}
			} else if d.Depth != 0 {
				t.Fatalf("section %d has no parent but depth %d", i, d.Depth)
			}
		}
	})
}
