package page

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func sampleCursor() Cursor {
	return Cursor{
		Fingerprint: 0x0123456789abcdef, Revision: 0xfedcba9876543210, Now: 1764000000,
		Page: 3, Mode: Content, PerFile: 3, Total: Totals{Matches: 1893, Files: 476},
		Ordinal: 120, Last: Key{Score: -340, Path: PathHash("vendor/x/y.go"), Line: 12},
		Frecency: map[uint32]int{PathHash("a.go"): 60, PathHash("b/c.go"): 7},
	}
}

func TestCursorRoundTrip(t *testing.T) {
	for _, c := range []Cursor{sampleCursor(), {Page: 2, Mode: Files, PerFile: 1, Ordinal: 1}} {
		s := c.Encode()
		if !strings.HasPrefix(s, "c2.") {
			t.Fatalf("cursor %q does not start with c2.", s)
		}
		got, err := Decode(s)
		if err != nil {
			t.Fatalf("Decode(%q): %v", s, err)
		}
		if len(c.Frecency) == 0 {
			c.Frecency = nil
		}
		if !reflect.DeepEqual(got, c) {
			t.Errorf("round trip: got %+v, want %+v", got, c)
		}
		if again := got.Encode(); again != s {
			t.Errorf("encoding is not stable: %q, then %q", s, again)
		}
	}
}

// TestCursorTamper: changing any byte of a cursor's body, or cutting it,
// is caught.
func TestCursorTamper(t *testing.T) {
	s := sampleCursor().Encode()
	for i := len(prefix); i < len(s); i++ {
		for _, c := range []byte("AQg_-z9") {
			if c == s[i] {
				continue
			}
			b := []byte(s)
			b[i] = c
			if _, err := Decode(string(b)); !errors.Is(err, ErrBadCursor) {
				t.Fatalf("byte %d set to %q: err = %v, want ErrBadCursor", i, c, err)
			}
		}
	}
	for n := len(prefix); n < len(s); n++ {
		if _, err := Decode(s[:n]); !errors.Is(err, ErrBadCursor) {
			t.Fatalf("cut to %d bytes: err = %v", n, err)
		}
	}
}

// FuzzDecode: Decode never panics, and what it accepts encodes back to the
// same text.
func FuzzDecode(f *testing.F) {
	f.Add(sampleCursor().Encode())
	f.Add("c2.")
	f.Add("c2.AAAA")
	f.Add("c2.x")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Decode(s)
		if err != nil {
			if !errors.Is(err, ErrBadCursor) {
				t.Fatalf("error %v does not wrap ErrBadCursor", err)
			}
			return
		}
		if got := c.Encode(); got != strings.TrimSpace(s) {
			t.Fatalf("Decode(%q) then Encode = %q", s, got)
		}
	})
}

// input builds an Input of files with n hits each, spread over dirs.
func testInput(r *rand.Rand, files int) *Input {
	in := &Input{}
	dirs := []string{"", "a", "a/b", "a/b/c", "d", "d/e", "vendor/x"}
	for i := range files {
		dir := dirs[r.IntN(len(dirs))]
		p := fmt.Sprintf("f%d.go", i)
		if dir != "" {
			p = dir + "/" + p
		}
		f := InFile{Path: p, Score: r.IntN(100), FileLines: &FileLines{}}
		for j := range 1 + r.IntN(12) {
			text := strings.Repeat("x", r.IntN(80))
			if r.IntN(10) == 0 {
				text = strings.Repeat("é", 400) + "needle"
			}
			f.Lines = append(f.Lines, Line{Number: 2*j + 1, Text: text, Score: r.IntN(50)})
			f.Hits = append(f.Hits, int32(j))
		}
		in.Files = append(in.Files, f)
		in.Total.Matches += len(f.Hits)
	}
	in.Total.Files = files
	in.Searched = files * 2
	in.Spans = func(text string) []Span {
		if i := strings.Index(text, "needle"); i >= 0 {
			return []Span{{i, i + 6}}
		}
		return nil
	}
	return in
}

// TestMapAccountsForEveryHit: whatever the room, the map of the rest holds
// every hit and file after the page, fits the room, and lists each
// directory once.
func TestMapAccountsForEveryHit(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		in := testInput(r, 1+r.IntN(60))
		perFile := 1 + r.IntN(4)
		units := Units(in, Content, perFile)
		end := r.IntN(len(units))
		avail := 140 + r.IntN(1500) // the planner always leaves room for the header and one line
		rest := rollup(in, newOrder(in, Content, perFile), end, Content, avail)
		var want Totals
		files := map[int32]bool{}
		for _, u := range units[end:] {
			want.Matches++
			files[u.File] = true
		}
		want.Files = len(files)
		var got Totals
		seen := map[string]bool{}
		for _, d := range rest {
			got.Matches += d.Matches
			got.Files += d.Files
			if d.More == 0 && seen[d.Path] {
				t.Fatalf("directory %q listed twice", d.Path)
			}
			seen[d.Path] = true
		}
		if got != want {
			t.Fatalf("the map holds %+v, want %+v: %+v", got, want, rest)
		}
		n := len(mapHeader(Content))
		for _, d := range rest {
			n += len(appendDir(nil, d, Content, "file", "files"))
		}
		if n > avail {
			t.Fatalf("the map takes %d bytes of %d", n, avail)
		}
	}
}

func TestWindow(t *testing.T) {
	in := &Input{Spans: func(text string) []Span {
		i := strings.Index(text, "needle")
		return []Span{{i, i + 6}}
	}}
	long := strings.Repeat("日本", 200) + "needle" + strings.Repeat("語", 200)
	l := in.show(Line{Number: 7, Text: long}, false)
	if l.Column != strings.Index(long, "needle")+1 {
		t.Errorf("column %d, want %d", l.Column, strings.Index(long, "needle")+1)
	}
	if !utf8.ValidString(l.Text) || len(l.Text) > Window+2*len("…")+3 {
		t.Errorf("window %q: %d bytes", l.Text, len(l.Text))
	}
	if len(l.Spans) != 1 || l.Text[l.Spans[0].Start:l.Spans[0].End] != "needle" {
		t.Errorf("spans %v do not point at the match in %q", l.Spans, l.Text)
	}
	c := in.show(Line{Number: 8, Text: long, Context: true}, false)
	if !strings.HasSuffix(c.Text, "…") || !utf8.ValidString(c.Text) || c.Column != 0 {
		t.Errorf("context line %q, column %d", c.Text, c.Column)
	}
}

// TestPlanPagesAreContiguous: following pages over random inputs shows
// the order exactly once, each page within its limits.
func TestPlanPagesAreContiguous(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		in := testInput(r, 1+r.IntN(40))
		m := Mode(1 + r.IntN(3))
		l := Limits{Mode: m, MaxFiles: 1 + r.IntN(20), MaxListed: 1 + r.IntN(30), PerFile: 1 + r.IntN(5), Budget: 1200 + r.IntN(8000), Number: 1, Face: CLI}
		if m != Content {
			l.MaxFiles = l.MaxListed
		}
		l.Cursor = func(next int, last Key, mode Mode, perFile int) string {
			return Cursor{Page: l.Number + 1, Mode: mode, PerFile: perFile, Ordinal: next, Last: last}.Encode()
		}
		units := Units(in, m, l.PerFile)
		for l.Start < len(units) {
			p := Plan(in, l)
			if len(p.Text) > l.Budget {
				t.Fatalf("page %d: %d bytes over %d", l.Number, len(p.Text), l.Budget)
			}
			if p.Shown.From != l.Start+1 || p.Shown.To <= l.Start {
				t.Fatalf("page %d shows %d-%d after %d", l.Number, p.Shown.From, p.Shown.To, l.Start)
			}
			if len(p.Files) > l.MaxFiles {
				t.Fatalf("page %d: %d files, over %d", l.Number, len(p.Files), l.MaxFiles)
			}
			if (p.Cursor == "") != (p.Shown.To == len(units)) {
				t.Fatalf("page %d ends at %d of %d with cursor %q", l.Number, p.Shown.To, len(units), p.Cursor)
			}
			l.Start, l.Number = p.Shown.To, l.Number+1
		}
	}
}

// FuzzDecodeRead: DecodeRead never panics, and what it accepts encodes
// back to the same text.
func FuzzDecodeRead(f *testing.F) {
	f.Add(ReadCursor{Path: 7, Hash: 9, Offset: 3, Limit: 40, Next: 20, Page: 2}.Encode())
	f.Add("r1.")
	f.Add("c2.AAAA")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := DecodeRead(s)
		if err != nil {
			if !errors.Is(err, ErrBadCursor) {
				t.Fatalf("error %v does not wrap ErrBadCursor", err)
			}
			return
		}
		if got := c.Encode(); got != strings.TrimSpace(s) {
			t.Fatalf("DecodeRead(%q) then Encode = %q", s, got)
		}
	})
}

// TestMapFromTotals: a map made from precomputed directory totals is the
// map made by going over the files, in files, count and list modes.
func TestMapFromTotals(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	nonEmpty := 0
	defer func() {
		if nonEmpty < 100 {
			t.Errorf("only %d of 300 maps had lines", nonEmpty)
		}
	}()
	for range 300 {
		in := testInput(r, 1+r.IntN(80))
		m := []Mode{Files, Count, List}[r.IntN(3)]
		if m == List {
			for i := range in.Files {
				in.Files[i].FileLines = nil
			}
		}
		totals := map[string]DirTotal{}
		for _, f := range in.Files {
			dir, top := DirKey(f.Path, f.Root)
			tot := totals[dir]
			tot.Root = top
			tot.Files++
			tot.Matches += f.matches()
			totals[dir] = tot
		}
		units := Units(in, m, 1)
		end := r.IntN(len(units) + 1)
		avail := 140 + r.IntN(1500)
		want := rollup(in, newOrder(in, m, 1), end, m, avail)
		with := *in
		with.DirTotals = totals
		got := rollup(&with, newOrder(&with, m, 1), end, m, avail)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s mode, page ends at %d of %d: from totals %v, by file %v", m, end, len(units), got, want)
		}
		if len(got) > 0 {
			nonEmpty++
		}
	}
}

// TestOrderEqualsUnits: the computed order is the listed one, unit by
// unit, and so are the units each file has left after any point.
func TestOrderEqualsUnits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		in := testInput(r, 1+r.IntN(50))
		for i := range in.Files {
			if r.IntN(4) == 0 { // some files with many hits
				f := &in.Files[i]
				for j := range 10 + r.IntN(40) {
					f.Lines = append(f.Lines, Line{Number: 1000 + j, Score: r.IntN(50)})
					f.Hits = append(f.Hits, int32(len(f.Lines)-1))
					in.Total.Matches++
				}
			}
		}
		m := []Mode{Content, Files, Count, List}[r.IntN(4)]
		perFile := 1 + r.IntN(6)
		want := Units(in, m, perFile)
		o := newOrder(in, m, perFile)
		if o.n != len(want) {
			t.Fatalf("%s mode, quota %d: %d units, want %d", m, perFile, o.n, len(want))
		}
		for p := range want {
			if got := o.at(p); got != want[p] {
				t.Fatalf("%s mode, quota %d: unit %d is %v, want %v", m, perFile, p, got, want[p])
			}
		}
		from := r.IntN(len(want) + 1)
		if got := o.units(from, len(want)+5); !slices.Equal(got, want[from:]) && !(len(got) == 0 && from == len(want)) {
			t.Fatalf("units from %d: %v, want %v", from, got, want[from:])
		}
		if m != Content {
			continue
		}
		p := r.IntN(len(want) + 1)
		gotUsed := o.consumed(p)
		wantUsed := make([]int32, len(in.Files))
		for _, u := range want[:p] {
			wantUsed[u.File]++
		}
		if !slices.Equal(gotUsed, wantUsed) {
			t.Fatalf("consumed before %d: %v, want %v", p, gotUsed, wantUsed)
		}
	}
}

// TestPlanWithNeededLinesOnly: a page planned from files that hold only
// the hits Needs names is the page planned from files that hold them all.
func TestPlanWithNeededLinesOnly(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		in := testInput(r, 1+r.IntN(40))
		l := Limits{Mode: []Mode{Auto, Content}[r.IntN(2)], MaxFiles: 1 + r.IntN(20), MaxListed: 50, PerFile: 1 + r.IntN(5), Budget: 1200 + r.IntN(8000), Number: 1, Face: CLI}
		l.Cursor = func(next int, last Key, mode Mode, perFile int) string {
			return Cursor{Page: l.Number + 1, Mode: mode, PerFile: perFile, Ordinal: next, Last: last}.Encode()
		}
		if l.Mode == Content {
			l.Start = r.IntN(in.Total.Matches)
		}
		want := Plan(in, l)
		part := *in
		part.Files = make([]InFile, len(in.Files))
		for i, f := range in.Files {
			part.Files[i] = InFile{Path: f.Path, Root: f.Root, Score: f.Score, Signals: f.Signals, Matched: len(f.Hits)}
		}
		for _, n := range Needs(&part, l) {
			f := in.Files[n.File]
			part.Files[n.File].FileLines = &FileLines{Lines: f.Lines, Hits: f.Hits[n.From:n.To], From: n.From}
		}
		if got := Plan(&part, l); got.Text != want.Text {
			t.Fatalf("from the needed lines:\n%s\nfrom all:\n%s", got.Text, want.Text)
		}
	}
}

// Units returns the order of a search's units for a mode and a per-file
// quota (see the package comment), as a list: the reference the computed
// order (order.go) is tested against.
func Units(in *Input, m Mode, perFile int) []Unit {
	var out []Unit
	if m == Files || m == Count || m == List {
		out = make([]Unit, in.files())
		for i := range out {
			out[i] = Unit{int32(i), -1}
		}
		return out
	}
	if m == Map {
		return nil
	}
	out = make([]Unit, 0, in.Total.Matches)
	active := make([]int32, in.files()) // files with hits in this tier, in rank order
	for i := range active {
		active[i] = int32(i)
	}
	for lo := 0; len(active) > 0; lo += perFile {
		next := active[:0]
		for _, f := range active {
			hits := in.matchesOf(int(f))
			for h := lo; h < min(hits, lo+perFile); h++ {
				out = append(out, Unit{f, int32(h)})
			}
			if hits > lo+perFile {
				next = append(next, f)
			}
		}
		active = next
	}
	return out
}

// TestQuoteRoundTrip: every name quotes to printable UTF-8 on one line,
// and unquotes to its bytes; a plain name is left alone.
func TestQuoteRoundTrip(t *testing.T) {
	for _, p := range []string{"a/b.go", "dir/bad\xffname.txt", "two\nlines", "tab\there", `"quoted"`, "日本/語.txt", "esc\x1b[31m", "del\x7f", "zero\u200bwidth", ""} {
		q := Quote(p)
		if !utf8.ValidString(q) || strings.ContainsAny(q, "\n\r\t\x1b") {
			t.Errorf("Quote(%q) = %q: not printable", p, q)
		}
		if got := Unquote(q); got != p {
			t.Errorf("Unquote(Quote(%q)) = %q", p, got)
		}
	}
	for _, p := range []string{"a/b.go", "日本/語.txt", "with space.txt"} {
		if Quote(p) != p {
			t.Errorf("Quote(%q) = %q, want it unchanged", p, Quote(p))
		}
	}
}

func FuzzQuote(f *testing.F) {
	f.Add("a\xffb")
	f.Add("x\ny")
	f.Fuzz(func(t *testing.T, p string) {
		if got := Unquote(Quote(p)); got != p {
			t.Fatalf("Unquote(Quote(%q)) = %q", p, got)
		}
	})
}

// TestBriefLeadSignals: a concept page's structured leads carry what its
// text shows, their signals only with explain, and Brief leaves the page
// itself as it was.
func TestBriefLeadSignals(t *testing.T) {
	for _, explain := range []bool{false, true} {
		in := ConceptInput{
			Description: "serve requests",
			Leads: []Lead{{Path: "a.go", Start: 1, End: 3, Kind: "function", Name: "Serve", Score: 900,
				Signals: []Signal{{Name: "chunk-rank", Value: 500}, {Name: "file-rank", Value: 400}}, Terms: []string{"serve"}}},
			Explain: explain, Number: 1, Budget: 4000, Cursor: func(int, Key) string { return "c" },
		}
		p := PlanConcept(in)
		if len(p.Leads) != 1 {
			t.Fatalf("explain %v: %d leads on the page, want 1", explain, len(p.Leads))
		}
		b := p.Brief()
		if got := len(b.Leads[0].Signals); explain && got != 2 || !explain && got != 0 {
			t.Errorf("explain %v: Brief's lead has %d signals", explain, got)
		}
		if b.Leads[0].Score != 900 || len(p.Leads[0].Signals) != 2 {
			t.Errorf("explain %v: score %d (want 900, the text shows it); the page's own lead has %d signals (want 2)", explain, b.Leads[0].Score, len(p.Leads[0].Signals))
		}
		if strings.Contains(p.Text, "chunk-rank") != explain {
			t.Errorf("explain %v: text %q", explain, p.Text)
		}
	}
}
