package page

import (
	"fmt"
	"strconv"
	"strings"
)

// OutlineFile is a parsed file for an outline page.
type OutlineFile struct {
	Path    string
	Grammar string // the grammar it was read with
	Errors  bool   // the parser met syntax errors: definitions may be missing
	Defs    []Line // Number, End, Kind, Name, Depth and Text (the signature)
	// Gone and Last stand for Defs when an OutlineWindow let them go (Defs
	// nil): how many there were, and the largest line number among them.
	Gone, Last int
}

// Count is how many definitions f has, held or let go.
func (f *OutlineFile) Count() int { return len(f.Defs) + f.Gone }

// OutlineWindow lets go of the definitions an outline page cannot show,
// as the files come in order: those before the page's first (Start), and
// those after the definitions that fill Budget bytes on their own (the
// page's headers and footer only take more room). An outline of a large
// tree then holds its page's definitions and a count of the others: of
// / (2.2 million), 1.3 GB were held before it.
type OutlineWindow struct {
	Start, Budget int
	seen, used    int // definitions before the next file; bytes those kept from Start take
}

// Keep keeps f's definitions when the page may show some of them, and
// else lets them go (see OutlineFile.Gone).
func (w *OutlineWindow) Keep(f *OutlineFile) {
	n := len(f.Defs)
	if w.seen+n <= w.Start || w.used > w.Budget {
		f.Gone = n
		for _, d := range f.Defs {
			f.Last = max(f.Last, d.Number)
		}
		f.Defs = nil
	} else {
		from := max(0, w.Start-w.seen)
		for i := from; i < n && w.used <= w.Budget; i++ {
			if i == from || !sameLine(f.Defs[i-1], f.Defs[i]) {
				w.used += len(appendDef(nil, f.Defs[i]))
			}
		}
	}
	w.seen += n
}

// OutlineInput is what an outline page is planned from.
type OutlineInput struct {
	Files []OutlineFile // in the order they are shown
	// By says how the definitions were found: "tree-sitter", or "line
	// classifier" in a build without a parser.
	By        string
	Markdown  bool     // some files are Markdown, whose sections are found by their headings
	Searched  int      // files parsed
	NotParsed []Reason // files left out, by reason (unsupported language, too big, unreadable)
	Warnings  []string
	Failed    bool // a warning is a failure (a path not there, a directory unreadable), not a notice
	Start     int  // definitions shown on earlier pages (0 on the first)
	Number    int  // the page's number, 1 for the first
	Budget    int  // bytes
	Face      Face
	// Cursor returns the cursor that opens the next page after next
	// definitions, the last of them last.
	Cursor func(next int, last Key) string
}

// Labels of how definitions were found (OutlineInput.By, and whether
// Markdown's sections are among them).
func byLabel(by string, markdown bool) string {
	md := ""
	if markdown {
		md = "; Markdown's sections by their headings"
	}
	if by == "tree-sitter" {
		return "found by tree-sitter (Go by go/parser): syntactic and by name, not type-checked" + md
	}
	return "found by the " + by + " (this scout was built without cgo, so without a parser): the lines that declare a name, without their ends or kinds" + md
}

// PlanOutline fills a page with the definitions after in.Start that fit
// the budget, file by file in order, each under its file's header.
func PlanOutline(in OutlineInput) *Page {
	p := &Page{Mode: Outline, Number: in.Number, Searched: in.Searched, NotSearched: in.NotParsed, Warnings: in.Warnings, Failed: in.Failed}
	total := 0
	for _, f := range in.Files {
		total += f.Count()
		if f.Count() > 0 {
			p.Total.Files++
		}
	}
	p.Total.Matches = total
	units := make([]unitFile, len(in.Files))
	for i, f := range in.Files {
		units[i] = unitFile{path: f.Path, units: f.Defs, gone: f.Gone, last: f.Last}
	}
	// The footer is measured at its longest: with the longest cursor, and
	// the page's range ending at the total.
	room := in.Budget - len(outlineFooter(p, in, total, total-in.Start, in.Cursor(total, longestKey(units))))
	header := func(f, skip int, first bool) []byte {
		h := outlineHeader(&in.Files[f], skip)
		if !first {
			h = "\n" + h
		}
		return []byte(h)
	}
	b, files := fill(units, in.Start, room, header, func(f, i, prev int) []byte {
		d := in.Files[f].Defs[i]
		if prev >= 0 && sameLine(in.Files[f].Defs[prev], d) {
			return nil // another name of the line above (const A, B = 1, 2), which shows it
		}
		return appendDef(nil, d)
	})
	p.Files = files
	finish(p, in.Start, total, "definition", in.Face, in.Cursor)
	shown := p.Shown.Matches
	p.Text = string(b) + outlineFooter(p, in, in.Start+shown, shown, p.Cursor)
	return p
}

func outlineHeader(f *OutlineFile, skip int) string {
	var b strings.Builder
	b.WriteString(Quote(f.Path))
	b.WriteString(": ")
	b.WriteString(strconv.Itoa(f.Count()))
	if f.Count() == 1 {
		b.WriteString(" definition (")
	} else {
		b.WriteString(" definitions (")
	}
	b.WriteString(f.Grammar)
	if f.Errors {
		b.WriteString(", parsed with errors: some may be missing")
	}
	b.WriteString(")")
	if skip > 0 {
		fmt.Fprintf(&b, ", continued from the %s", ordinal(skip+1))
	}
	b.WriteString("\n")
	return b.String()
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// appendDef writes a definition: indented by its depth, its line range,
// its signature.
// sameLine reports whether two definitions print the same line.
func sameLine(a, b Line) bool {
	return a.Number == b.Number && a.End == b.End && a.Depth == b.Depth && a.Text == b.Text
}

func appendDef(b []byte, d Line) []byte {
	for range d.Depth {
		b = append(b, "  "...)
	}
	b = strconv.AppendInt(b, int64(d.Number), 10)
	if d.End > d.Number {
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(d.End), 10)
	}
	b = append(b, ' ')
	b = append(b, d.Text...)
	return append(b, '\n')
}

// outlineFooter writes the totals, how the definitions were found, what
// was not parsed, the warnings and the next step. shownTo is the ordinal
// of the page's last definition.
func outlineFooter(p *Page, in OutlineInput, shownTo, shown int, cursor string) string {
	var b strings.Builder
	switch {
	case shown > 0:
		fmt.Fprintf(&b, "\n%s in %d of %s parsed; page %d: definitions %d-%d", plural(p.Total.Matches, "definition"), p.Total.Files, plural(in.Searched, "file"), in.Number, shownTo-shown+1, shownTo)
	case p.Total.Matches == 0:
		// No page above to set apart, and no file to count "0 of".
		fmt.Fprintf(&b, "0 definitions in %s parsed", plural(in.Searched, "file"))
	default:
		fmt.Fprintf(&b, "%s in %d of %s parsed", plural(p.Total.Matches, "definition"), p.Total.Files, plural(in.Searched, "file"))
	}
	b.WriteString("\n")
	b.WriteString(byLabel(in.By, in.Markdown))
	b.WriteString("\n")
	b.WriteString(notParsed(in.NotParsed))
	b.Write(appendWarnings(nil, in.Warnings, MaxWarnings))
	b.WriteString("next: ")
	if cursor != "" {
		fmt.Fprintf(&b, "page %d with "+in.Face.Cursor+" (definitions %d-%d remain)", in.Number+1, cursor, shownTo+1, p.Total.Matches)
	} else {
		b.WriteString("none; this is everything")
	}
	b.WriteString("\n")
	return b.String()
}

// notParsed is the line counting the files a structural page did not
// parse, by reason; "" when there are none.
func notParsed(rs []Reason) string {
	if len(rs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("not parsed:")
	for i, r := range rs {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %d %s", r.Count, r.Reason)
	}
	b.WriteString("\n")
	return b.String()
}
