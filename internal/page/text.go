package page

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scoutcode/scout/internal/rank"
)

// Face says how the face that prints a page (the CLI, the MCP server)
// spells the options the footer points to.
type Face struct {
	Cursor   string // how to pass a cursor, with %s for it
	NoIgnore string // how to search ignored files too
	Hidden   string // how to search hidden files too
	Binary   string // how to search binary files as text
	Timeout  string // how to allow more time
	Narrow   string // how to narrow a search
	Mode     string // how to choose a mode, with %s for it
	PerFile  string // how to set the per-file quota, with %d for it
	Exact    string // how to list every line that holds a text as written
	MaxIndex string // how to let one concept index read more
}

// CLI is how scout's command line spells them.
var CLI = Face{
	Cursor:   "--cursor %s",
	NoIgnore: "add --no-ignore",
	Hidden:   "drop --no-hidden",
	Binary:   "add --text",
	Timeout:  "raise --timeout",
	Narrow:   "narrow it with a PATH, -g GLOB or -t TYPE",
	Mode:     "--mode %s",
	PerFile:  "--per-file %d",
	Exact:    "scout grep -F -i with the description",
	MaxIndex: "raise --max-index",
}

// TextOptions says how to write a page.
type TextOptions struct {
	Explain  bool // scores and their signals
	Face     Face
	Warnings int // warnings listed (each cut to MaxWarningLen); the rest are counted
}

// Text writes the page in the text format.
func Text(p *Page, o TextOptions) string {
	var b []byte
	for i := range p.Files {
		b = appendFile(b, p.Mode, &p.Files[i], i == 0, o.Explain)
	}
	return string(appendFooter(b, p, len(p.Files) > 0, o))
}

// appendFile writes one file of a page.
func appendFile(b []byte, m Mode, f *File, first, explain bool) []byte {
	switch m {
	case Files, Count, List:
		if f.Dir {
			b = append(b, withSlash(f.Path)...)
		} else {
			b = append(b, f.Path...)
		}
		if m == Count {
			b = append(b, ": "...)
			b = strconv.AppendInt(b, int64(f.Matches), 10)
		}
		switch {
		case explain && m == List:
			b = fmt.Appendf(b, "  [%d = %s]", f.Score, SignalsText(f.Signals))
		case explain:
			b = appendFileSignals(b, f)
		}
		return append(b, '\n')
	}
	if !first {
		b = append(b, '\n')
	}
	b = append(b, f.Path...)
	b = append(b, " ("...)
	b = strconv.AppendInt(b, int64(f.Shown), 10)
	if f.Shown != f.Matches {
		b = append(b, " of "...)
		b = strconv.AppendInt(b, int64(f.Matches), 10)
	}
	b = append(b, ')')
	if explain {
		b = appendFileSignals(b, f)
	}
	b = append(b, '\n')
	fileScore := rank.Sum(f.Signals)
	var in *Def // the definition the hits above sit in
	for i := range f.Lines {
		switch l := &f.Lines[i]; {
		case l.Context || sameDef(in, l.In):
		case l.In == nil && l.Definition:
			in = nil // a definition at the top level: its star says where it is
		default:
			b = appendIn(b, l.In) // "in 24-30 method Server.Serve"
			in = l.In
		}
		b = appendLine(b, &f.Lines[i])
		if l := &f.Lines[i]; explain && !l.Context {
			b = fmt.Appendf(b, "    [%d =", l.Score)
			if len(l.Signals) > 0 {
				b = append(b, ' ')
				b = append(b, SignalsText(l.Signals)...)
				b = append(b, ',')
			}
			b = fmt.Appendf(b, " file %+d]\n", fileScore)
		}
	}
	return b
}

func appendFileSignals(b []byte, f *File) []byte {
	b = fmt.Appendf(b, "  [file %+d", rank.Sum(f.Signals))
	if len(f.Signals) > 0 {
		b = append(b, ": "...)
		b = append(b, SignalsText(f.Signals)...)
	}
	return append(b, ']')
}

// appendLine writes a line of content: "N:text", "*N:text", "N:C:text" or
// "N-text", after "--" when it starts a new run.
func appendLine(b []byte, l *Line) []byte {
	if l.Gap {
		b = append(b, "--\n"...)
	}
	if l.Definition {
		b = append(b, '*')
	}
	b = strconv.AppendInt(b, int64(l.Number), 10)
	if l.Context {
		b = append(b, '-')
	} else {
		b = append(b, ':')
		if l.Column > 0 {
			b = strconv.AppendInt(b, int64(l.Column), 10)
			b = append(b, ':')
		}
	}
	b = append(b, l.Text...)
	b = append(b, '\n')
	return appendAlso(b, "  ", l.Copies)
}

// appendAlso writes where a line's copies are, under it at indent
// ("  = also b/x.go:12"); nothing when it has none.
func appendAlso(b []byte, indent string, copies []Copy) []byte {
	if len(copies) == 0 {
		return b
	}
	b = append(b, indent...)
	b = append(b, "= also "...)
	b = append(b, foldPlaces(copies)...)
	return append(b, '\n')
}

// SignalsText renders signals as "definition +1000, word +60".
func SignalsText(s []Signal) string {
	parts := make([]string, len(s))
	for i, x := range s {
		parts[i] = fmt.Sprintf("%s %+d", x.Name, x.Value)
	}
	return strings.Join(parts, ", ")
}

// appendFooter writes the footer: totals, what was not searched, warnings,
// the map, where else the pattern occurs, the note, and the next step.
func appendFooter(b []byte, p *Page, blank bool, o TextOptions) []byte {
	if blank {
		b = append(b, '\n')
	}
	b = appendSummary(b, p)
	b = appendSearched(b, p)
	b = appendWarnings(b, p.Warnings, o.Warnings)
	b = appendMap(b, p, p.Rest)
	for _, e := range p.Elsewhere {
		b = appendElsewhere(b, e)
	}
	if p.Note != "" {
		b = append(b, "note: "...)
		b = append(b, p.Note...)
		b = append(b, '\n')
	}
	if o.Explain && p.Ranking != "" {
		b = append(b, p.Ranking...)
		b = append(b, '\n')
	}
	b = append(b, "next: "...)
	b = append(b, p.Next...)
	return append(b, '\n')
}

func appendSummary(b []byte, p *Page) []byte {
	if p.Partial != "" {
		b = append(b, "at least "...)
	}
	t, s := p.Total, p.Shown
	switch p.Mode {
	case List:
		one, many := p.nouns()
		b = appendCount(b, t.Files, one, many)
		if s.Files > 0 {
			b = appendPageRange(b, p, many)
		}
	case Files, Count:
		b = appendCount(b, t.Files, "file with ", "files with ")
		b = appendCount(b, t.Matches, "match", "matches")
		if s.Files > 0 {
			b = appendPageRange(b, p, "files")
		}
	case Content, Auto:
		if t.Matches == 0 {
			b = append(b, "0 matches"...)
			break
		}
		b = appendCount(b, t.Matches, "match in ", "matches in ")
		b = appendCount(b, t.Files, "file", "files")
		if s.Matches > 0 && !allShown(p) {
			b = appendPageRange(b, p, "matches")
			b = append(b, " in "...)
			b = appendCount(b, s.Files, "file", "files")
		} else if s.Matches > 0 {
			b = append(b, ", all shown"...)
		}
	default:
		b = appendCount(b, t.Matches, "match in ", "matches in ")
		b = appendCount(b, t.Files, "file", "files")
	}
	return append(b, '\n')
}

// allShown reports whether the page is the first and shows everything.
func allShown(p *Page) bool {
	return p.Number == 1 && p.Cursor == "" && p.Partial == ""
}

func appendPageRange(b []byte, p *Page, unit string) []byte {
	if allShown(p) {
		return append(b, ", all shown"...)
	}
	return fmt.Appendf(b, "; page %d: %s %d-%d", p.Number, unit, p.Shown.From, p.Shown.To)
}

func appendCount(b []byte, n int, one, many string) []byte {
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, ' ')
	if n == 1 {
		return append(b, one...)
	}
	return append(b, many...)
}

func appendSearched(b []byte, p *Page) []byte {
	b = append(b, "searched "...)
	if p.Mode == List {
		one, many := p.nouns()
		b = appendCount(b, p.Searched, one, many)
	} else {
		b = appendCount(b, p.Searched, "file", "files")
	}
	b = appendNotSearched(b, p.NotSearched)
	if p.Partial != "" {
		b = append(b, "; stopped early: "...)
		b = append(b, p.Partial...)
	}
	return append(b, '\n')
}

// appendNotSearched writes what was not searched, by reason, after the
// count of what was ("; not searched: 739 binary files, 2 symlinks not
// followed"); nothing for none.
func appendNotSearched(b []byte, reasons []Reason) []byte {
	for i, r := range reasons {
		if i == 0 {
			b = append(b, "; not searched: "...)
		} else {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(r.Count), 10)
		b = append(b, ' ')
		b = append(b, r.Reason...)
	}
	return b
}

// MaxWarnings is how many warnings a page lists at most; the rest are
// counted. A warning longer than MaxWarningLen bytes is cut in the middle
// (the page's JSON keeps it whole).
const (
	MaxWarnings   = 5
	MaxWarningLen = 240
)

func appendWarnings(b []byte, ws []string, n int) []byte {
	for i, w := range ws {
		if i == n {
			return fmt.Appendf(b, "warning: %d more not shown\n", len(ws)-i)
		}
		b = append(b, "warning: "...)
		b = append(b, cutMiddle(w, MaxWarningLen)...)
		b = append(b, '\n')
	}
	return b
}

// cutMiddle returns s, or when it is longer than n bytes its start and end
// around a "…", cut at rune boundaries.
func cutMiddle(s string, n int) string {
	if len(s) <= n {
		return s
	}
	head, tail := n/2, len(s)-n/2
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return s[:head] + "…" + s[tail:]
}

// mapHeader opens the map.
func mapHeader(m Mode) string {
	if m == Map {
		return "by directory (each file under its deepest listed directory):\n"
	}
	return "rest by directory (each file under its deepest listed directory):\n"
}

func appendMap(b []byte, p *Page, rest []Dir) []byte {
	if len(rest) == 0 {
		return b
	}
	b = append(b, mapHeader(p.Mode)...)
	one, many := p.nouns()
	for _, d := range rest {
		b = appendDir(b, d, p.Mode, one, many)
	}
	return b
}

// nouns names the units of a List page: files or directories.
func (p *Page) nouns() (string, string) {
	if p.Dirs {
		return "directory", "directories"
	}
	return "file", "files"
}

// appendDir writes a line of the map: its hits and files, or in List mode
// its files (or directories).
func appendDir(b []byte, d Dir, m Mode, one, many string) []byte {
	b = append(b, "  "...)
	if d.More > 0 {
		b = append(b, '+')
		b = appendCount(b, d.More, "more directory: ", "more directories: ")
	} else {
		b = append(b, withSlash(d.Path)...)
		b = append(b, ' ')
	}
	if m == List {
		b = appendCount(b, d.Files, one, many)
		return append(b, '\n')
	}
	b = appendCount(b, d.Matches, "match in ", "matches in ")
	b = appendCount(b, d.Files, "file", "files")
	return append(b, '\n')
}

func appendElsewhere(b []byte, e Elsewhere) []byte {
	b = append(b, "but "...)
	if e.Matches > 0 {
		b = appendCount(b, e.Matches, "match in ", "matches in ")
	}
	b = appendCount(b, e.Files, "file in ", "files in ")
	b = append(b, strings.Join(e.Paths, ", ")...)
	b = append(b, ", "...)
	b = append(b, e.Reason...)
	if e.Rule != "" {
		b = append(b, " by "...)
		b = append(b, e.Rule...)
	}
	b = append(b, " ("...)
	b = append(b, e.Include...)
	return append(b, ")\n"...)
}
