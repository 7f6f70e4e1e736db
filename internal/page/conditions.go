package page

import (
	"fmt"
	"strconv"
	"strings"
)

// ConditionsInput is what a page of a search of several conditions (see
// internal/query) is planned from.
type ConditionsInput struct {
	Query string // the query's canonical form
	Scope string // line, near, def or file
	// Files are those that hold something that qualified, best first; a
	// file's Lines are its units (the evidence: a line; a region's lines,
	// the first with In of kind "region" and its lines, and Gap before
	// each region but the first; a definition's lines with In on the
	// first), its Matches what qualified in it (1 for a file).
	Files     []File
	Qualified int // files, regions or lines that qualified, in all
	Searched  int // files searched
	// NotSearched are the files the walk left out, by reason, as grep
	// counts them (binary, over the size limit, ignored…).
	NotSearched []Reason
	Warnings    []string // paths not there, files that could not be read
	Failed      bool     // a warning is a failure, not a notice
	Start       int      // units shown on earlier pages
	Number      int
	Budget      int // bytes
	Face        Face
	Cursor      func(next int, last Key) string
}

// PlanConditions fills a page with the units after in.Start that fit the
// budget, file by file, each line as grep prints it ("N:text"); at file
// scope each line is followed by the terms it holds.
func PlanConditions(in ConditionsInput) *Page {
	p := &Page{Mode: Content, Number: in.Number, Searched: in.Searched, NotSearched: in.NotSearched, Warnings: in.Warnings, Failed: in.Failed}
	total := 0
	units := make([]unitFile, len(in.Files))
	for i, f := range in.Files {
		total += len(f.Lines)
		units[i] = unitFile{path: f.Path, units: f.Lines}
	}
	p.Total = Totals{Matches: in.Qualified, Files: len(in.Files)}
	room := in.Budget - len(conditionsFooter(p, in, total, total-in.Start, in.Cursor(total, longestKey(units))))
	what := map[string]string{"line": "line", "near": "region", "def": "definition", "file": ""}[in.Scope]
	header := func(f, skip int, first bool) []byte {
		h := "\n"
		if first {
			h = ""
		}
		h += Quote(in.Files[f].Path)
		if what != "" {
			h += " (" + plural(in.Files[f].Matches, what) + ")"
		}
		if skip > 0 {
			h += " continued"
		}
		return []byte(h + "\n")
	}
	b, files := fill(units, in.Start, room, header, func(f, i, prev int) []byte {
		l := in.Files[f].Lines[i]
		var out []byte
		switch {
		case l.In != nil && l.In.Kind != "region": // def scope: the definition's name heads its lines
			out = appendIn(out, l.In)
		case l.Gap && prev >= 0: // near scope: "--" between regions (In says where each starts)
			out = append(out, "--\n"...)
		}
		out = strconv.AppendInt(out, int64(l.Number), 10)
		out = append(out, ':')
		out = append(out, l.Text...)
		if in.Scope == "file" {
			out = append(out, "  ← "...)
			out = append(out, l.Kind...)
		}
		return append(out, '\n')
	})
	p.Files = files
	finish(p, in.Start, total, "line", in.Face, in.Cursor)
	p.Total = Totals{Matches: in.Qualified, Files: len(in.Files)}
	shown := p.Shown.Matches
	p.Text = string(b) + conditionsFooter(p, in, in.Start+shown, shown, p.Cursor)
	return p
}

func conditionsFooter(p *Page, in ConditionsInput, shownTo, shown int, cursor string) string {
	var b strings.Builder
	units := 0
	for _, f := range in.Files {
		units += len(f.Lines)
	}
	verb := " qualify"
	if in.Qualified == 1 {
		verb = " qualifies"
	}
	switch in.Scope {
	case "file":
		fmt.Fprintf(&b, "\n%s%s", plural(in.Qualified, "file"), verb)
	default:
		fmt.Fprintf(&b, "\n%s in %s%s", plural(in.Qualified, map[string]string{"line": "line", "near": "region", "def": "definition"}[in.Scope]), plural(len(in.Files), "file"), verb)
	}
	if shown > 0 {
		fmt.Fprintf(&b, "; page %d: lines %d-%d of %d", in.Number, shownTo-shown+1, shownTo, units)
	}
	fmt.Fprintf(&b, "\nquery: %s; searched %s", in.Query, plural(in.Searched, "file"))
	b.Write(appendNotSearched(nil, in.NotSearched))
	b.WriteString("\n")
	b.Write(appendWarnings(nil, in.Warnings, MaxWarnings))
	b.WriteString("next: ")
	switch {
	case cursor != "":
		fmt.Fprintf(&b, "page %d with "+in.Face.Cursor+" (lines %d-%d remain)", in.Number+1, cursor, shownTo+1, units)
	case in.Qualified == 0:
		b.WriteString("nothing qualified; drop a term, or widen the scope")
	default:
		b.WriteString("none; this is everything")
	}
	b.WriteString("\n")
	return b.String()
}
