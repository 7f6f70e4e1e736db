package page

import (
	"fmt"
	"strconv"
	"strings"
)

// RelatedSection is a section of a related page: the file's imports, the
// files that import it, or its tests. Each Line is a unit: an import
// (Number: its line in the file, Name: what it names, Text: the file or
// directory it resolves to, "" when not in the tree), an importer (Text:
// its path, Number: the line of its import) or a test (Text: its path).
type RelatedSection struct {
	Title string // "imports", "imported by", "tests"
	Lines []Line
	// Note stands in for the section when it could not be built: the
	// language has no import syntax scout reads, no test convention…
	Note string
}

// RelatedInput is what a related page is planned from.
type RelatedInput struct {
	Path     string // the file
	About    string // what it is: "Go, package net/http"
	Sections []RelatedSection
	How      string // how each section was found, for the footer
	Warnings []string
	Failed   bool // a warning is a failure (a path not there), not a notice
	Start    int
	Number   int
	Budget   int // bytes
	Face     Face
	Cursor   func(next int, last Key) string
}

// PlanRelated fills a page with the units after in.Start that fit the
// budget, section by section, each under its header.
func PlanRelated(in RelatedInput) *Page {
	p := &Page{Mode: Related, Number: in.Number, Warnings: in.Warnings, Failed: in.Failed}
	total := 0
	units := make([]unitFile, len(in.Sections))
	for i, s := range in.Sections {
		total += len(s.Lines)
		units[i] = unitFile{path: s.Title, units: s.Lines}
		if len(s.Lines) > 0 {
			p.Total.Files++
		}
	}
	p.Total.Matches = total
	head := Quote(in.Path) + ": " + in.About + "\n"
	for _, s := range in.Sections {
		if s.Note != "" && in.Start == 0 {
			head += s.Title + ": " + s.Note + "\n"
		}
	}
	room := in.Budget - len(head) - len(relatedFooter(p, in, total, total-in.Start, in.Cursor(total, longestKey(units))))
	header := func(f, skip int, _ bool) []byte {
		s := in.Sections[f]
		h := "\n" + s.Title + ": " + sectionCount(s)
		if skip > 0 {
			h += " (continued)"
		}
		return []byte(h + "\n")
	}
	b, files := fill(units, in.Start, room, header, func(f, i, _ int) []byte { return appendRelated(nil, in.Sections[f].Lines[i]) })
	p.Files = files
	finish(p, in.Start, total, "file", in.Face, in.Cursor)
	shown := p.Shown.Matches
	p.Text = head + string(b) + relatedFooter(p, in, in.Start+shown, shown, p.Cursor)
	return p
}

// sectionCount says how many units a section has: "26, 22 in the tree"
// for imports, "45 files" for the others.
func sectionCount(s RelatedSection) string {
	if s.Title != "imports" {
		return plural(len(s.Lines), "file")
	}
	in := 0
	for _, l := range s.Lines {
		if l.Text != "" {
			in++
		}
	}
	return fmt.Sprintf("%d, %d in the tree", len(s.Lines), in)
}

// appendRelated writes a unit: "  12: net/url → net/url", "  12:
// github.com/x/y (not in the tree)", "  3: fmt (standard library, not in
// the tree)", "  net/http/client.go:9" or
// "  net/http/serve_test.go".
func appendRelated(b []byte, l Line) []byte {
	b = append(b, "  "...)
	switch {
	case l.Kind == "import":
		b = strconv.AppendInt(b, int64(l.Number), 10)
		b = append(b, ": "...)
		b = append(b, l.Name...)
		switch {
		case l.Text == "" && l.Outside != "":
			b = append(b, " ("...)
			b = append(b, l.Outside...)
			b = append(b, ", not in the tree)"...)
		case l.Text == "":
			b = append(b, " (not in the tree)"...)
		default:
			b = append(b, " → "...)
			b = append(b, Quote(l.Text)...)
		}
	case l.Number > 0:
		b = append(b, Quote(l.Text)...)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(l.Number), 10)
	default:
		b = append(b, Quote(l.Text)...)
	}
	return append(b, '\n')
}

func relatedFooter(p *Page, in RelatedInput, shownTo, shown int, cursor string) string {
	var b strings.Builder
	counts := make([]string, 0, len(in.Sections))
	for _, s := range in.Sections {
		if s.Note == "" {
			counts = append(counts, plural(len(s.Lines), map[string]string{"imports": "import", "imported by": "importer", "tests": "test"}[s.Title]))
		}
	}
	fmt.Fprintf(&b, "\n%s", strings.Join(counts, ", "))
	if shown > 0 {
		fmt.Fprintf(&b, "; page %d: %d-%d of %d", in.Number, shownTo-shown+1, shownTo, p.Total.Matches)
	}
	b.WriteString("\n")
	if in.How != "" {
		b.WriteString(in.How + "\n")
	}
	b.Write(appendWarnings(nil, in.Warnings, MaxWarnings))
	b.WriteString("next: ")
	if cursor != "" {
		fmt.Fprintf(&b, "page %d with "+in.Face.Cursor+" (%d-%d remain)", in.Number+1, cursor, shownTo+1, p.Total.Matches)
	} else {
		b.WriteString("none; this is everything")
	}
	b.WriteString("\n")
	return b.String()
}
