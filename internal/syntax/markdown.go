package syntax

import (
	"path"
	"strings"
)

// Markdown reports whether a file is Markdown, by its extension.
func Markdown(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}

// MarkdownSections returns the sections of a Markdown document as
// definitions of kind "section", in order: each heading (ATX, "## Title",
// or setext, a line underlined with "===" or "---") named by its text,
// its Signature the heading as written on one line, from its line to the
// line before the next heading of its level or above (the end of the
// document for the last), nested by level. Lines in fenced code blocks
// ("```", "~~~") are no headings: a shell comment in an example starts
// nothing. Byte offsets are not set.
//
// Worked example: "# A\ntext\n## B\nmore\n# C\n" gives A (1-4), B (3-4,
// inside A) and C (5-5).
func MarkdownSections(data []byte) []Def {
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var defs []Def
	var levels []int // of defs
	var open []int   // the sections still open, outermost first
	fence := ""
	closeTo := func(level, end int) {
		for len(open) > 0 && levels[open[len(open)-1]] >= level {
			defs[open[len(open)-1]].End = end
			open = open[:len(open)-1]
		}
	}
	add := func(level, start int, name, sig string) {
		closeTo(level, start-1)
		d := Def{Kind: "section", Name: name, Signature: sig, Start: start, Parent: -1, Depth: len(open)}
		if len(open) > 0 {
			d.Parent = open[len(open)-1]
		}
		defs = append(defs, d)
		levels = append(levels, level)
		open = append(open, len(defs)-1)
	}
	for i, raw := range lines {
		l := strings.TrimSuffix(raw, "\r")
		t := strings.TrimLeft(l, " ")
		indent := len(l) - len(t)
		if f := fenceOf(t); f != "" && indent < 4 {
			switch {
			case fence == "":
				fence = f
			case strings.HasPrefix(f, fence[:1]) && len(f) >= len(fence) && strings.TrimSpace(t[len(f):]) == "":
				fence = ""
			}
			continue
		}
		if fence != "" || indent >= 4 {
			continue
		}
		if level, name, ok := atxHeading(t); ok {
			add(level, i+1, name, strings.TrimSpace(l))
			continue
		}
		if level := setextUnderline(t); level > 0 && i > 0 {
			prev := strings.TrimSpace(strings.TrimSuffix(lines[i-1], "\r"))
			before := ""
			if i > 1 {
				before = strings.TrimSpace(strings.TrimSuffix(lines[i-2], "\r"))
			}
			// A line of text alone above: not a list item, a table
			// row or a heading, nor the last line of a paragraph
			// (which makes "---" a rule in most renderers' eyes when
			// ambiguous: taken as a heading only after a blank line).
			if prev != "" && before == "" && !strings.ContainsAny(prev[:1], "-*+>|#") && (len(defs) == 0 || defs[len(defs)-1].Start != i) {
				add(level, i, prev, prev)
			}
		}
	}
	closeTo(0, len(lines))
	return defs
}

// atxHeading reads "## Title ##" (at most three spaces before, trimmed
// already): its level and its text without the closing hashes.
func atxHeading(t string) (level int, name string, ok bool) {
	for level < len(t) && t[level] == '#' {
		level++
	}
	if level == 0 || level > 6 || level < len(t) && t[level] != ' ' && t[level] != '\t' {
		return 0, "", false
	}
	name = strings.TrimSpace(t[level:])
	if s := strings.TrimRight(name, "#"); s != name && (s == "" || strings.HasSuffix(s, " ")) {
		name = strings.TrimSpace(s)
	}
	return level, name, true
}

// setextUnderline returns 1 for a line of "=", 2 for a line of "-" (at
// least three, spaces around allowed), else 0.
func setextUnderline(t string) int {
	t = strings.TrimSpace(t)
	if len(t) < 3 {
		return 0
	}
	switch {
	case strings.Trim(t, "=") == "":
		return 1
	case strings.Trim(t, "-") == "":
		return 2
	}
	return 0
}

// fenceOf returns the fence a line opens or closes ("```", "~~~~"), or
// "" for a line that is none.
func fenceOf(t string) string {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if n >= 3 && (c == '~' || !strings.Contains(t[n:], "`")) {
			return t[:n]
		}
	}
	return ""
}
