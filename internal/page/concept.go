package page

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Lead is a concept lead: a chunk of a file (a definition, or a window of
// lines) that matched a description by its words. It is a place to look,
// not a proof, and says what brought it.
type Lead struct {
	Path    string   `json:"path"`
	Start   int      `json:"line"`
	End     int      `json:"end"`
	Kind    string   `json:"kind,omitempty"` // the definition's kind; "" for lines between definitions
	Name    string   `json:"name,omitempty"`
	Score   int      `json:"score"`
	Signals []Signal `json:"signals,omitempty"` // with explain
	Terms   []string `json:"terms"`             // the description's terms it holds
	// Similarity is its embedding's cosine similarity to the
	// description's, in thousandths, when embeddings ranked it.
	Similarity int    `json:"similarity,omitempty"`
	Lines      []Line `json:"lines,omitempty"` // its head and its best few lines
	// Copies are the chunks of the same text (each line the same once
	// trimmed) in other files or places, and the documents that say what
	// it says in another format (near), ranked below it: listed here, not
	// as leads of their own.
	Copies []LeadCopy `json:"copies,omitempty"`
}

// LeadCopy is where a lead's text is too: a file and its lines.
type LeadCopy struct {
	Path  string `json:"path"`
	Start int    `json:"line"`
	End   int    `json:"end"`
	// Near: the same words in another format (a man page or an HTML page
	// made from a Markdown one), not the same lines.
	Near bool `json:"near,omitempty"`
}

// ConceptInput is what a concept page is planned from.
type ConceptInput struct {
	Description string
	Terms       []string // the description's terms, as the index holds them
	Exact       []File   // the lines holding the description as written, by file, best first
	// ExactFound, when not zero, is how many lines and files hold the
	// description: more than Exact, which was cut.
	ExactFound Totals
	// LeadsFound, when not zero, is how many chunks share a word with the
	// description (or were near it by embeddings): more than were ranked
	// into Leads, whose weaker rest is not listed.
	LeadsFound int
	// LeadsRanked is how many were ranked: Leads and those left out of
	// it for holding an exact hit.
	LeadsRanked int
	Leads       []Lead // best first, none of them holding an exact hit
	// LeadsInExact is how many chunks were left out of Leads for holding
	// an exact hit.
	LeadsInExact int
	// LinesOf, when not nil, gives lead i's lines when the lead has none:
	// asked only for the leads this page may show, so a page reads only
	// their files.
	LinesOf    func(i int) []Line
	Skipped    string  // why there are no leads, when they were skipped
	NoEmbed    string  // why the leads are by words only though embeddings were asked for
	How        string  // how the leads were found, for the footer
	Symbol     *Symbol // when the description is one symbol
	Embedded   bool    // the leads were ranked by embeddings too
	Index      string  // what the index cache did, for the footer
	Searched   int
	NotIndexed []Reason // files left out of the index, by reason
	Warnings   []string
	Failed     bool // a warning is a failure (a path not there, a directory unreadable), not a notice
	Explain    bool
	Start      int
	Number     int
	Budget     int // bytes
	Face       Face
	Cursor     func(next int, last Key) string
}

// PlanConcept fills a page with the units after in.Start that fit the
// budget: the exact hits first (each line a unit), then the leads (each
// lead a unit), each part under its header.
func PlanConcept(in ConceptInput) *Page {
	p := &Page{Mode: Concept, Number: in.Number, Symbol: shownSymbol(in.Symbol), Warnings: in.Warnings, Failed: in.Failed, Searched: in.Searched, NotSearched: in.NotIndexed, explained: in.Explain}
	exact, kept := exactUnits(in.Exact) // lines, and lines with their copies
	if in.ExactFound.Matches > kept {
		found := in.ExactFound
		p.ExactFound = &found
	}
	p.LeadsFound, p.LeadsInExact, p.LeadsSkipped, p.EmbeddingsSkipped = in.LeadsFound, in.LeadsInExact, in.Skipped, in.NoEmbed
	total := exact + len(in.Leads)
	p.Total = Totals{Matches: total, Files: len(in.Exact)}
	// A long description is cut in the middle: the page is the budget's,
	// and the caller knows what it sent.
	head := fmt.Sprintf("concept: %q\n", cutMiddle(in.Description, maxConceptLine))
	foot := func(shownTo, shown int, cursor string) string {
		return conceptFooter(in, exact, shownTo, shown, cursor)
	}
	// The lines that say a part is empty are the page's whatever units
	// it shows: their room is kept first.
	var noExact, noLeads string
	if exact == 0 && in.Start == 0 {
		noExact = "exact: none; the description does not occur as written\n"
	}
	if len(in.Leads) == 0 && in.Start <= exact {
		if in.Skipped != "" {
			noLeads = "leads: skipped: " + in.Skipped + "\n"
		} else if in.LeadsInExact > 0 {
			noLeads = "leads: none besides the exact hits: the chunk that shares its words holds one\n"
			if in.LeadsInExact > 1 {
				noLeads = fmt.Sprintf("leads: none besides the exact hits: the %d chunks that share its words hold them\n", in.LeadsInExact)
			}
		} else {
			noLeads = "leads: none; no chunk shares a word with the description\n"
		}
	}
	room := in.Budget - len(head) - len(noExact) - len(noLeads) - len(foot(total, total, in.Cursor(total, Key{Path: ^uint32(0), Line: 1 << 30})))
	var b []byte
	n := 0 // units written
	var last Key
	add := func(text []byte, k Key) bool {
		if len(b)+len(text) > room && n > 0 {
			return false
		}
		b = append(b, text...)
		n++
		last = k
		return true
	}
	full := false
	unit := 0
	exactAt := termsAt(in.Description)
	for _, f := range in.Exact {
		var shown File
		for _, l := range f.Lines {
			if unit++; unit <= in.Start || full {
				continue
			}
			var t []byte
			if len(shown.Lines) == 0 {
				if len(p.Files) == 0 {
					if f := p.ExactFound; f != nil {
						t = fmt.Appendf(t, "exact: %s in %s, as written; the %d here are the best files' best lines (all of them: %s)",
							plural(f.Matches, "line"), plural(f.Files, "file"), kept, in.Face.Exact)
					} else {
						t = fmt.Appendf(t, "exact: %s in %s, as written", plural(exact, "line"), plural(len(in.Exact), "file"))
					}
					if n := kept - exact; n > 0 && p.ExactFound != nil {
						t = fmt.Appendf(t, "; %d of those are copies, each listed under the line it repeats", n)
					} else {
						t = append(t, copiesNote(n, "line")...)
					}
					t = append(t, '\n')
				}
				t = append(t, "  "+Quote(f.Path)+"\n"...)
			}
			l = windowed(l, exactAt)
			t = appendExact(t, l)
			if !add(t, Key{Path: PathHash(f.Path), Line: l.Number}) {
				full = true
				continue
			}
			shown.Lines = append(shown.Lines, l)
		}
		if len(shown.Lines) > 0 {
			shown.Path, shown.Matches, shown.Shown = Quote(f.Path), len(f.Lines), len(shown.Lines)
			p.Files = append(p.Files, shown)
		}
	}
	b = append(b, noExact...)
	for i, l := range in.Leads {
		if unit++; unit <= in.Start || full {
			continue
		}
		var t []byte
		if len(p.Leads) == 0 {
			by := "by the words they share with the description"
			if in.Embedded {
				by += " and by their embeddings' similarity to it"
			}
			copies := copiesNote(copiesOf(in.Leads), "lead")
			if in.LeadsFound > 0 {
				t = fmt.Appendf(t, "leads: %d, the best of %s%s, %s; each a place to look, not a proof", len(in.Leads), plural(in.LeadsFound, "chunk"), copies, by)
			} else {
				t = fmt.Appendf(t, "leads: %d%s, %s; each a place to look, not a proof", len(in.Leads), copies, by)
			}
			t = append(t, '\n')
		}
		if l.Lines == nil && in.LinesOf != nil {
			l.Lines = in.LinesOf(i)
		}
		l.Lines = windowedLead(l)
		t = appendLead(t, l, in.Explain)
		if !add(t, Key{Path: PathHash(l.Path), Line: l.Start}) {
			full = true
			continue
		}
		p.Leads = append(p.Leads, shownLead(l))
	}
	b = append(b, noLeads...)
	if n > 0 {
		p.Shown = Shown{From: in.Start + 1, To: in.Start + n, Matches: n, Files: len(p.Files)}
	}
	if next := in.Start + n; next < total {
		p.Cursor = in.Cursor(next, last)
		p.Next = fmt.Sprintf("page %d with "+in.Face.Cursor+" (%d-%d remain)", p.Number+1, p.Cursor, next+1, total)
	} else {
		p.Next = lastNext(in, exact)
	}
	p.Text = head + string(b) + foot(in.Start+n, n, p.Cursor)
	return p
}

// shownLead is l as a page's JSON shows it: its paths and its copies'
// quoted where they need it (Quote), as every path a page shows.
func shownLead(l Lead) Lead {
	l.Path = Quote(l.Path)
	l.Copies = slices.Clone(l.Copies)
	for i := range l.Copies {
		l.Copies[i].Path = Quote(l.Copies[i].Path)
	}
	return l
}

// appendExact writes an exact hit: "    123: the line", and the places
// it is copied to ("    = also b/x.go:12").
func appendExact(b []byte, l Line) []byte {
	b = append(b, "    "...)
	b = strconv.AppendInt(b, int64(l.Number), 10)
	b = append(b, ": "...)
	b = append(b, conceptText(l)...)
	b = append(b, '\n')
	return appendAlso(b, "    ", l.Copies)
}

// exactUnits counts a concept page's exact hits: the lines, each a unit
// of its pages, and those with the copies listed under them.
func exactUnits(files []File) (lines, kept int) {
	for _, f := range files {
		lines += len(f.Lines)
		for _, l := range f.Lines {
			for _, c := range l.Copies {
				kept += len(c.Lines)
			}
		}
	}
	return lines, lines + kept
}

// maxConceptLine is the longest line a concept page shows, in bytes.
const maxConceptLine = 160

// termsAt returns what finds the first of words in a line, in any case
// (the description's words as written, or a lead's terms); nil for none.
func termsAt(words ...string) func(string) int {
	var alt []string
	for _, w := range words {
		if w != "" {
			alt = append(alt, regexp.QuoteMeta(w))
		}
	}
	if len(alt) == 0 {
		return nil
	}
	var re *regexp.Regexp // compiled for the first long line, if there is one
	return func(s string) int {
		if re == nil {
			re = regexp.MustCompile("(?i)" + strings.Join(alt, "|"))
		}
		if loc := re.FindStringIndex(s); loc != nil {
			return loc[0]
		}
		return -1
	}
}

// windowed returns l, and when its text (trimmed) is longer than
// maxConceptLine, a window of it that long around where at finds what
// brought it (its start when at finds nothing), with Column the 1-based
// byte column of that place in the line. Cut in its middle instead, an
// exact hit in a minified file or a long literal was shown without the
// words it holds; and whole, in JSON, a lead of a minified file was 369 KB.
func windowed(l Line, at func(string) int) Line {
	s := strings.TrimRight(l.Text, " \t\r")
	indent := len(s) - len(strings.TrimLeft(s, " \t"))
	s = s[indent:]
	if len(s) <= maxConceptLine {
		return l
	}
	from := -1
	if at != nil {
		from = at(s)
	}
	from = max(from, 0)
	start := max(0, from-maxConceptLine/3)
	end := min(len(s), start+maxConceptLine)
	start = max(0, min(start, end-maxConceptLine))
	for start > 0 && !utf8.RuneStart(s[start]) {
		start--
	}
	l.Text, l.Column = cut(s, start, end), indent+from+1
	return l
}

// windowedLead returns l's lines windowed around its terms (see windowed).
func windowedLead(l Lead) []Line {
	var words []string
	for _, t := range l.Terms {
		w, _, _ := strings.Cut(t, "~") // "res~results": res is what the chunk holds
		words = append(words, w)
		// A term is matched by its stem: "returns" brought a line that
		// holds "return", "retries" one that holds "retry".
		for _, suffix := range []string{"ies", "es", "ed", "ing", "s"} {
			if stem, ok := strings.CutSuffix(w, suffix); ok && len(stem) >= 3 {
				words = append(words, stem)
				break
			}
		}
	}
	at := termsAt(words...)
	var out []Line
	for i, x := range l.Lines {
		if w := windowed(x, at); w.Column != x.Column || w.Text != x.Text {
			if out == nil {
				out = slices.Clone(l.Lines) // the caller's are left as they are
			}
			out[i] = w
		}
	}
	if out == nil {
		return l.Lines
	}
	return out
}

// conceptText is a line as a concept page writes it: trimmed, and cut in
// its middle when longer than maxConceptLine and not windowed already.
func conceptText(l Line) string {
	if l.Column > 0 {
		return strings.TrimSpace(l.Text)
	}
	return cutMiddle(strings.TrimSpace(l.Text), maxConceptLine)
}

// appendLead writes a lead: its place, what it is, its score and terms,
// then its lines.
//
//	net/http/transport.go:640-702 method roundTrip  score 812  terms: retry, timeout
//	  640: func (t *Transport) roundTrip(req *Request) (*Response, error) {
//	  688: if !pc.shouldRetryRequest(req, err) {
func appendLead(b []byte, l Lead, explain bool) []byte {
	b = append(b, "  "...)
	b = append(b, Quote(l.Path)...)
	b = fmt.Appendf(b, ":%d-%d", l.Start, l.End)
	if l.Name != "" {
		b = append(b, ' ')
		b = append(b, l.Kind...)
		b = append(b, ' ')
		b = append(b, l.Name...)
	}
	b = fmt.Appendf(b, "  score %d", l.Score)
	if len(l.Terms) > 0 || l.Similarity == 0 {
		b = fmt.Appendf(b, "  terms: %s", strings.Join(l.Terms, ", "))
	}
	if l.Similarity != 0 {
		b = fmt.Appendf(b, "  similarity %.3f", float64(l.Similarity)/1000)
	}
	if explain {
		b = append(b, "  ["...)
		for i, s := range l.Signals {
			if i > 0 {
				b = append(b, ' ')
			}
			b = fmt.Appendf(b, "%s %+d", s.Name, s.Value)
		}
		b = append(b, ']')
	}
	b = append(b, '\n')
	for _, x := range l.Lines {
		b = append(b, "    "...)
		b = strconv.AppendInt(b, int64(x.Number), 10)
		b = append(b, ": "...)
		b = append(b, conceptText(x)...)
		b = append(b, '\n')
	}
	var same, near []LeadCopy
	for _, c := range l.Copies {
		if c.Near {
			near = append(near, c)
		} else {
			same = append(same, c)
		}
	}
	if len(same) > 0 { // each by its first line, as a line's copies are
		shown := make([]Copy, 0, min(len(same), maxCopiesShown))
		for _, c := range same[:min(len(same), maxCopiesShown)] {
			shown = append(shown, Copy{Path: Quote(c.Path), Lines: []int{c.Start}})
		}
		b = appendAlso(b, "    ", shown)
		b = append(b[:len(b)-1], andMore(len(same)-len(shown))+"\n"...)
	}
	if len(near) > 0 {
		b = append(b, "    = in another format: "...)
		b = append(b, nearCopiesText(near)...)
		b = append(b, '\n')
	}
	return b
}

// nearCopiesText writes a lead's near copies, each with its lines (they
// are cut where their format is, not where the lead is).
func nearCopiesText(copies []LeadCopy) string {
	parts := make([]string, 0, min(len(copies), maxCopiesShown))
	for _, c := range copies[:min(len(copies), maxCopiesShown)] {
		parts = append(parts, fmt.Sprintf("%s:%d-%d", Quote(c.Path), c.Start, c.End))
	}
	return strings.Join(parts, ", ") + andMore(len(copies)-len(parts))
}

// andMore counts the copies not named: " and 3 more"; "" for none.
func andMore(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf(" and %d more", n)
}

// copiesNote says how many copies are listed under the units (lines or
// leads) of a part of the page: " (2 more are copies, each listed under
// the lead it repeats)"; "" for none.
func copiesNote(n int, unit string) string {
	switch {
	case n <= 0:
		return ""
	case n == 1:
		return " (1 more is a copy, listed under the " + unit + " it repeats)"
	}
	return fmt.Sprintf(" (%d more are copies, each listed under the %s it repeats)", n, unit)
}

// maxCopiesShown is how many places of a lead's copies its page names;
// the rest are counted.
const maxCopiesShown = 5

// copiesOf counts the copies listed under leads.
func copiesOf(leads []Lead) int {
	n := 0
	for _, l := range leads {
		n += len(l.Copies)
	}
	return n
}

func conceptFooter(in ConceptInput, exact, shownTo, shown int, cursor string) string {
	var b strings.Builder
	if _, kept := exactUnits(in.Exact); in.ExactFound.Matches > kept {
		fmt.Fprintf(&b, "\n%d of %s, ", kept, plural(in.ExactFound.Matches, "exact hit"))
	} else {
		fmt.Fprintf(&b, "\n%s, ", plural(exact, "exact hit"))
	}
	b.WriteString(plural(len(in.Leads), "lead"))
	if in.LeadsFound > 0 {
		fmt.Fprintf(&b, " of %s", plural(in.LeadsFound, "chunk"))
	}
	if shown > 0 {
		fmt.Fprintf(&b, "; page %d: %d-%d of %d", in.Number, shownTo-shown+1, shownTo, exact+len(in.Leads))
	}
	fmt.Fprintf(&b, "; %s indexed", plural(in.Searched, "file"))
	for _, r := range in.NotIndexed {
		fmt.Fprintf(&b, ", %d not (%s)", r.Count, r.Reason)
	}
	b.WriteString("\n")
	if in.How != "" {
		b.WriteString(in.How + "\n")
	}
	if in.Symbol != nil {
		b.WriteString(symbolLine(in.Symbol, len(in.Leads), exact) + "\n")
	}
	if in.Index != "" {
		b.WriteString(in.Index + "\n")
	}
	b.Write(appendWarnings(nil, in.Warnings, MaxWarnings))
	b.WriteString("next: ")
	if cursor != "" {
		fmt.Fprintf(&b, "page %d with "+in.Face.Cursor+" (%d-%d remain)", in.Number+1, cursor, shownTo+1, exact+len(in.Leads))
	} else {
		b.WriteString(lastNext(in, exact))
	}
	b.WriteString("\n")
	return b.String()
}

// lastNext is the next step after a concept search's last page: none,
// but the exact hits cut (of exact kept) are there for a grep, and the
// chunks ranked below the leads for a narrower search.
func lastNext(in ConceptInput, exact int) string {
	var but []string
	if _, kept := exactUnits(in.Exact); in.ExactFound.Matches > kept {
		but = append(but, fmt.Sprintf("%d more exact hits (all of them: %s)", in.ExactFound.Matches-kept, in.Face.Exact))
	}
	if in.LeadsFound > 0 {
		but = append(but, fmt.Sprintf("%s ranked below the leads, not listed (%s)", plural(in.LeadsFound-in.LeadsRanked, "chunk"), in.Face.Narrow))
	}
	if len(but) == 0 {
		return "none; this is everything"
	}
	return "none; this is everything but " + strings.Join(but, " and ")
}
